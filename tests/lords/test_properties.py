"""Conservation laws over random play (hypothesis), and the terminal and simulation fronts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.board import MAX_HOPLITES, priests_owned


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 4))
def test_hoplites_priests_and_cards_are_conserved(seed: int, players: int) -> None:
    """15 Hoplites and at most 4 Priests per player; every Combat Card somewhere, always."""
    s = GAME.new({"players": players, "turn_limit": 30}, seed)
    rng = Rng(seed)
    while GAME.to_act(s) is not None:
        GAME.check_invariants(s)
        for q in range(players):
            on_map = sum(s.hoplites(r, q) for r in range(19))
            assert on_map + s.supply[q] == MAX_HOPLITES
            assert priests_owned(s, q) <= 4
            assert max(s.attrs[q * 3 : q * 3 + 3]) <= 5
        cs = GAME.choices(s)
        GAME.apply(s, cs[rng.below(len(cs))])


def test_play_lords_in_the_terminal_with_bots() -> None:
    result = CliRunner().invoke(
        app, ["play", "lords", "--seats", "heuristic,random", "--turn-limit", "30", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_a_human_can_take_a_lords_turn() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "lords", "--players", "2", "--seed", "1", "--turn-limit", "6"],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "Your Combat Cards" in result.output and "Game over" in result.output


def test_simulate_lords() -> None:
    import tempfile  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "lords.csv"
        result = CliRunner().invoke(
            app,
            [
                "simulate",
                "lords",
                "--players",
                "2-3",
                "--bots",
                "heuristic",
                "--bots",
                "random",
                "--games",
                "2",
                "--turn-limit",
                "40",
                "--out",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        result = CliRunner().invoke(app, ["report", str(out), "--out", str(Path(tmp) / "r")])
        assert result.exit_code == 0 and "win % by bot" in result.output


def test_random_games_over_two_to_four_players_end_without_error() -> None:
    """A small sample of the 10,000-game sweep (scripts/lords_numbers.py random): random games
    of 2-4 players, with and without the additional cards, reach a victory with every
    invariant holding."""
    ends = set()
    for seed in range(18):
        players = 2 + seed % 3
        s = GAME.new({"players": players, "additional_combat_cards": bool(seed // 3 % 2)}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
        GAME.check_invariants(s)
        assert s.result is not None and s.result["winner"] >= 0
        ends.add(s.result["condition"])
    assert "slayer" in ends and len(ends) >= 2


def test_heuristic_games_end_well_before_a_generous_turn_bound() -> None:
    """Liveness: heuristic games end by themselves (typical: 35-70 turns; bound 600)."""
    from hellas.games.lords.bots import choose  # noqa: PLC0415

    for players in (2, 3, 4):
        s = GAME.new({"players": players}, players)
        rng = Rng(players)
        while GAME.to_act(s) is not None:
            GAME.apply(s, choose(s, rng))
            assert s.turn < 600
        assert s.result is not None and s.result["winner"] >= 0


def test_a_copy_sets_every_field_and_shares_no_list() -> None:
    """``LordsState.copy`` spells its fields out: a field added later must be copied too."""
    from hellas.games.lords.state import LordsState  # noqa: PLC0415

    s = GAME.new({"players": 4, "modules": "poseidon"}, 3)
    rng = Rng(3)
    for _ in range(200):
        cs = GAME.choices(s)
        GAME.step(s, cs[rng.below(len(cs))])
    t = s.copy()
    for name in LordsState.__slots__:
        mine, theirs = getattr(s, name), getattr(t, name)  # raises if the copy left it unset
        assert mine == theirs, name
        if isinstance(mine, list) and name != "cache":
            assert mine is not theirs, name
    assert t.to_json() == s.to_json()

"""Hints: the honest search's top choices for a seat, from that seat's view only."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from hellas.ai.hint import HINT_LEAST, SURE_VISITS, describe, hint, uncertain
from hellas.ai.ismcts import ISMCTSBot
from hellas.cli.main import app
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.realms import GAME as REALMS

from .test_bots import POSITIONS, REALMS_POSITIONS


def test_hint_ranks_legal_choices_with_win_chances() -> None:
    for i, s in enumerate(POSITIONS[:12]):
        seat = GAME.to_act(s)
        found = hint(GAME, s, seat, Rng(i), seconds=None, iterations=120)
        legal = {c.key for c in GAME.choices(s)}
        keys = [a.choice.key for a in found.choices]
        assert set(keys) <= legal and len(keys) == min(3, len(legal)) == len(set(keys))
        chances = [a.win_chance for a in found.choices]
        assert chances == sorted(chances, reverse=True)  # best estimated chance first
        assert all(0.0 <= a.win_chance <= 1.0 for a in found.choices)
        visits = [a.visits for a in found.choices]
        if len(legal) > 1:
            assert found.iterations == 120 and sum(visits) <= 120
            assert all(line.count("% to win") == 1 for line in describe(found, GAME, s))


def test_hint_is_honest_it_ignores_redealt_hidden_cards() -> None:
    """The hint for a seat is the same whatever the cards that seat cannot see."""
    for i, s in enumerate(POSITIONS[:10]):
        seat = GAME.to_act(s)
        first = hint(GAME, s, seat, Rng(i), seconds=None, iterations=60)
        other = GAME.determinize(s, seat, Rng(77 + i))
        again = hint(GAME, other, seat, Rng(i), seconds=None, iterations=60)
        assert again == first


def test_hint_works_for_realms_and_refuses_the_wrong_seat() -> None:
    s = REALMS_POSITIONS[0]
    seat = REALMS.to_act(s)
    found = hint(REALMS, s, seat, Rng(1), seconds=None, iterations=30)
    assert found.choices and all(a.choice in REALMS.choices(s) for a in found.choices)
    with pytest.raises(ValueError, match="not the one to act"):
        hint(REALMS, s, (seat + 1) % s.n, Rng(1))


def test_hint_at_the_terminal_prompt_and_off_with_several_humans() -> None:
    runner = CliRunner()
    base = ["play", "legends", "--players", "2", "--seed", "3"]
    solo = runner.invoke(app, [*base, "--seats", "human,heuristic"], input="hint\nquit\n")
    assert solo.exit_code == 0, solo.output
    assert "1. " in solo.output and "% to win" in solo.output
    two = runner.invoke(app, [*base, "--seats", "human,human", "--no-pause"], input="hint\nquit\n")
    assert "Hints are off" in two.output and "% to win" not in two.output
    allowed = runner.invoke(
        app, [*base, "--seats", "human,human", "--no-pause", "--hints"], input="hint\nquit\n"
    )
    assert "% to win" in allowed.output


def test_hints_are_the_most_simulated_moves_listed_by_chance_and_numbered_like_the_list() -> None:
    """The search's most simulated choices, sorted by estimated win chance (not by simulations),
    each numbered as in the choice list the person types from; thin estimates say so."""
    from hellas.ai.ismcts import ISMCTSBot  # noqa: PLC0415
    from hellas.core.game import Decision  # noqa: PLC0415

    checked = 0
    for i, s in enumerate(POSITIONS[:12]):
        seat = GAME.to_act(s)
        if len(GAME.choices(s)) < 4:
            continue
        found = hint(GAME, s, seat, Rng(i), seconds=None, iterations=400)
        search = ISMCTSBot(iterations=400, seconds=None, samples=64)
        by_visits = search.assess(Decision(GAME, s, seat), Rng(i))
        assert {a.choice.key for a in found.choices} == {a.choice.key for a in by_visits[:3]}
        assert [a.win_chance for a in found.choices] == sorted(
            (a.win_chance for a in found.choices), reverse=True
        )
        numbers = {c.key: n for n, c in enumerate(GAME.choices(s), 1)}
        for line, a in zip(describe(found, GAME, s), found.choices, strict=True):
            assert line.startswith(f"{numbers[a.choice.key]}. {GAME.describe(a.choice, s)} — ")
            assert f"{a.visits:,} of 400 simulations" in line
            assert ("uncertain" in line) == (a.visits < SURE_VISITS) == uncertain(a)
        checked += 1
    assert checked >= 3


def test_the_web_table_marks_uncertain_hints_by_the_same_number() -> None:
    from pathlib import Path  # noqa: PLC0415

    js = Path(__file__).resolve().parents[2] / "src" / "hellas" / "web" / "js" / "hints.js"
    assert f"export const SURE_VISITS = {SURE_VISITS};" in js.read_text(encoding="utf-8")


def test_a_hint_out_of_time_still_runs_its_least_simulations() -> None:
    """A machine so loaded that the time is gone at once still gets a hint comparing choices."""
    for i, s in enumerate(POSITIONS[:6]):
        seat = GAME.to_act(s)
        legal = GAME.choices(s)
        if len(legal) < 3:
            continue
        found = hint(GAME, s, seat, Rng(i), seconds=1e-9, iterations=1000)
        assert found.iterations == HINT_LEAST
        assert len(found.choices) == 3
    bot = ISMCTSBot(iterations=10, seconds=1e-9, least=50)
    s = next(p for p in POSITIONS if len(GAME.choices(p)) > 1)
    bot.search(Decision(GAME, s, GAME.to_act(s)), Rng(3))
    assert bot.last_iterations == 10  # never past the iteration cap

"""Bots: every bot plays legal choices; honest bots ignore everything their seat cannot know."""

from __future__ import annotations

from typing import Any

import pytest

from hellas.ai import make_bot
from hellas.ai.ismcts import ISMCTSBot
from hellas.ai.lookahead import LookaheadBot
from hellas.core.errors import HellasError
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.lords import GAME as LORDS
from hellas.games.realms import GAME as REALMS

HONEST = ["random", "heuristic", "ismcts:6", "lookahead:3"]
REALMS_HONEST = ["random", "greedy", "ismcts:4"]


def positions(count: int, game: Any = GAME) -> list[Any]:
    """Mid-game states from random play across options."""
    out = []
    rng = Rng(99)
    seed = 0
    while len(out) < count:
        seed += 1
        if game is GAME:
            options = {
                "mission": seed % 12 + 1,
                "players": seed % 4 + 2,
                "difficulty": ["human", "heroic", "godlike"][seed % 3],
            }
        else:
            options = {"players": seed % 5 + 2, "endgame": ["auto", "manual"][seed % 2]}
        s = game.new(options, seed)
        stop = rng.below(120)
        for _ in range(stop):
            if game.to_act(s) is None:
                break
            cs = game.choices(s)
            game.step(s, cs[rng.below(len(cs))])
        if game.to_act(s) is not None and len(game.choices(s)) > 1:
            out.append(s)
    return out


POSITIONS = positions(60)
REALMS_POSITIONS = positions(30, REALMS)


def lords_positions(count: int) -> list[Any]:
    out = []
    rng = Rng(7)
    seed = 0
    while len(out) < count:
        seed += 1
        s = LORDS.new({"players": seed % 3 + 2, "turn_limit": 40}, seed)
        for _ in range(rng.below(250)):
            if LORDS.to_act(s) is None:
                break
            cs = LORDS.choices(s)
            LORDS.step(s, cs[rng.below(len(cs))])
        if LORDS.to_act(s) is not None and len(LORDS.choices(s)) > 1:
            out.append(s)
    return out


LORDS_POSITIONS = lords_positions(40)


@pytest.mark.parametrize("name", ["random", "heuristic", "lookahead:2"])
def test_lords_bots_are_legal_and_honest(name: str) -> None:
    for i, s in enumerate(LORDS_POSITIONS):
        seat = LORDS.to_act(s)
        first = make_bot(LORDS, name).choose(Decision(LORDS, s, seat), Rng(i))
        assert first in LORDS.choices(s)
        other = LORDS.determinize(s, seat, Rng(500 + i))
        again = make_bot(LORDS, name).choose(Decision(LORDS, other, seat), Rng(i))
        assert again.key == first.key


@pytest.mark.parametrize("name", [*REALMS_HONEST, "clairvoyant:4"])
def test_realms_bots_choose_legal_choices(name: str) -> None:
    bot = make_bot(REALMS, name)
    for i, s in enumerate(REALMS_POSITIONS):
        decision = Decision(REALMS, s, REALMS.to_act(s))
        assert bot.choose(decision, Rng(i)) in decision.choices


@pytest.mark.parametrize("name", REALMS_HONEST)
def test_realms_honest_bots_ignore_redealt_hidden_cards(name: str) -> None:
    for i, s in enumerate(REALMS_POSITIONS):
        seat = REALMS.to_act(s)
        first = make_bot(REALMS, name).choose(Decision(REALMS, s, seat), Rng(i))
        for r in range(2):
            other = REALMS.determinize(s, seat, Rng(1000 * i + r))
            again = make_bot(REALMS, name).choose(Decision(REALMS, other, seat), Rng(i))
            assert again.key == first.key, (name, i, r)


@pytest.mark.parametrize(
    "name", [*HONEST, "clairvoyant:6", "clairvoyant-hands:6", "clairvoyant-lookahead:3"]
)
def test_bots_choose_legal_choices(name: str) -> None:
    bot = make_bot(GAME, name)
    for i, s in enumerate(POSITIONS):
        seat = GAME.to_act(s)
        decision = Decision(GAME, s, seat)
        choice = bot.choose(decision, Rng(i))
        assert choice in decision.choices


@pytest.mark.parametrize("name", HONEST)
def test_honest_bots_do_not_change_when_hidden_cards_are_redealt(name: str) -> None:
    """Re-dealing everything hidden from the bot's seat never changes its choice."""
    for i, s in enumerate(POSITIONS):
        seat = GAME.to_act(s)
        first = make_bot(GAME, name).choose(Decision(GAME, s, seat), Rng(i))
        for r in range(3):
            other = GAME.determinize(s, seat, Rng(1000 * i + r))
            again = make_bot(GAME, name).choose(Decision(GAME, other, seat), Rng(i))
            assert again.key == first.key, (name, i, r)


class PeekingBot:
    """A dishonest bot for testing the test: it looks at the deck order."""

    name = "peeking"

    def choose(self, decision: Decision[Any], rng: Rng) -> Any:
        deck = decision.true_state().deck
        return decision.choices[sum(deck[-3:]) % len(decision.choices)]


def test_the_honesty_check_catches_a_peeking_bot() -> None:
    """The same check fails for a bot that reads hidden cards."""
    changed = 0
    for i, s in enumerate(POSITIONS):
        seat = GAME.to_act(s)
        first = PeekingBot().choose(Decision(GAME, s, seat), Rng(i))
        other = GAME.determinize(s, seat, Rng(i + 7))
        changed += PeekingBot().choose(Decision(GAME, other, seat), Rng(i)).key != first.key
    assert changed > 10


def test_bot_names_and_knobs() -> None:
    assert isinstance(make_bot(GAME, "ismcts:25"), ISMCTSBot)
    assert make_bot(GAME, "ismcts:25").iterations == 25  # type: ignore[attr-defined]
    assert make_bot(GAME, "clairvoyant").clairvoyant  # type: ignore[attr-defined]
    with pytest.raises(HellasError, match="did you mean 'heuristic'"):
        make_bot(GAME, "heuristc")
    with pytest.raises(HellasError, match="no strength setting"):
        make_bot(GAME, "heuristic:3")
    with pytest.raises(HellasError, match="iterations per decision"):
        make_bot(GAME, "ismcts:lots")


def test_search_bots_can_sit_at_the_terminal_table() -> None:
    from typer.testing import CliRunner  # noqa: PLC0415

    from hellas.cli.main import app  # noqa: PLC0415

    result = CliRunner().invoke(
        app, ["play", "legends", "--seats", "ismcts:4,heuristic,random", "--seed", "2"]
    )
    assert result.exit_code == 0 and "Game over" in result.output


def test_reference_bots_are_labelled_and_read_hidden_cards() -> None:
    """The hand reader keeps every true hand and re-deals the deck; the clairvoyant lookahead's
    choice changes with re-dealt cards (it peeks)."""
    from hellas.ai.ismcts import HandReaderBot  # noqa: PLC0415 - the class itself, for _pool

    reader = HandReaderBot(iterations=8, samples=8)
    assert reader.clairvoyant
    redealt = 0
    for i, s in enumerate(POSITIONS[:20]):
        decision = Decision(GAME, s, GAME.to_act(s))
        pool = reader._pool(decision, Rng(i))
        assert all(p.hands == s.hands for p in pool)
        redealt += any(p.deck != s.deck for p in pool)
    assert redealt > 10
    changed = 0
    for i, s in enumerate(POSITIONS[:40]):
        seat = GAME.to_act(s)
        bot = "clairvoyant-lookahead:4"
        first = make_bot(GAME, bot).choose(Decision(GAME, s, seat), Rng(i))
        other = GAME.determinize(s, seat, Rng(3000 + i))
        changed += make_bot(GAME, bot).choose(Decision(GAME, other, seat), Rng(i)) != first
    assert changed > 0
    with pytest.raises(HellasError, match="re-deal all but the hands"):
        make_bot(REALMS, "clairvoyant-hands")


def test_lookahead_compares_every_move_on_the_same_samples() -> None:
    bot = LookaheadBot(samples=5)
    searched = 0
    for i, s in enumerate(POSITIONS[:30]):
        decision = Decision(GAME, s, GAME.to_act(s))
        if not GAME.worth_searching(s) or len(decision.choices) < 2:
            continue
        values = bot.values(decision, Rng(i))
        assert set(values) == {c.key for c in decision.choices}
        assert bot.last_iterations == 5 * len(decision.choices)
        assert all(0.0 <= v <= 1.0 for v in values.values())
        again = bot.values(decision, Rng(i))
        assert again == values  # repeatable for the same generator
        favourite = decision.follow(GAME.rollout_policy(), Rng(i)).key
        cautious = LookaheadBot(samples=5, margin=2.0)  # no gain can clear a 2.0 margin
        assert cautious.choose(decision, Rng(i)).key == favourite
        assert bot.choose(decision, Rng(i)) in decision.choices
        searched += 1
    assert searched > 5

"""The Realms improver bot: greedy's move unless rollouts clearly disagree; honest, legal, named."""

from __future__ import annotations

import pytest

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.core.stats import clear_gain
from hellas.games.realms import GAME
from hellas.games.realms.bots import GreedyBot, card_index, hand_score
from hellas.games.realms.improver import ImproverBot, shortlist
from hellas.games.realms.planner import Planner, PlannerBot
from hellas.games.realms.rules import legal
from hellas.games.realms.state import P_DISCARD, P_DRAW, P_OVER
from tests.realms.helpers import greedy_positions

POSITIONS = greedy_positions(14)  # 2-player draw and discard positions, early and late
FEW = POSITIONS[::2]


def test_the_improver_is_a_named_realms_bot() -> None:
    """``improver`` makes the bot with its defaults; greedy stays the default ``bot``."""
    bot = make_bot(GAME, "improver")
    assert isinstance(bot, ImproverBot) and bot.samples == 16 and bot.z == 1.5
    assert isinstance(make_bot(GAME, "bot"), GreedyBot)


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"samples": 1}, "2 samples"),
        ({"top": 0}, "shortlist"),
        ({"base": "ismcts"}, "base"),
        ({"samples": 8, "batch": 1}, "batch"),
        ({"samples": 8, "batch": 9}, "batch"),
    ],
)
def test_bad_improver_settings_are_refused(settings: dict[str, object], words: str) -> None:
    """A setting the bot cannot honour is a clear error, not a quiet default."""
    with pytest.raises(ValueError, match=words):
        ImproverBot(**settings)  # type: ignore[arg-type]


def test_it_keeps_its_base_move_without_a_clear_gain() -> None:
    """With an unreachable z it plays exactly its base bot's move (the same generator)."""
    for base, reference in (("greedy", GreedyBot()), ("planner", PlannerBot())):
        bot = ImproverBot(samples=2, z=1e9, base=base)
        for i, s in enumerate(FEW):
            decision = Decision(GAME, s, s.actor)
            assert bot.choose(decision, Rng(i)).key == reference.choose(decision, Rng(i)).key


def test_it_leaves_greedy_where_the_rollouts_say_so() -> None:
    """With z = 0 some positions get a move other than greedy's: the rollouts decide."""
    bot = ImproverBot(samples=3, z=0.0)
    differ = 0
    for i, s in enumerate(POSITIONS):
        decision = Decision(GAME, s, s.actor)
        mine = bot.choose(decision, Rng(i))
        assert mine in decision.choices
        assert bot.last_iterations == 0 or bot.last_iterations % 3 == 0
        differ += mine.key != GreedyBot().choose(decision, Rng(i)).key
    assert differ >= 1


def test_one_batch_of_all_the_samples_is_the_fixed_search() -> None:
    """``batch`` = ``samples`` (or 0) samples once: the same choice and rollouts as the default."""
    for i, s in enumerate(FEW):
        decision = Decision(GAME, s, s.actor)
        runs = []
        for bot in (ImproverBot(samples=3), ImproverBot(samples=3, batch=3)):
            runs.append((bot.choose(decision, Rng(i)).key, bot.last_iterations))
        assert runs[0] == runs[1]


def test_sequential_rounds_stop_early_or_run_to_the_cap() -> None:
    """In rounds, z = 0 settles every decision after the first batch; a vast z never does."""
    searched = 0
    for i, s in enumerate(FEW):
        decision = Decision(GAME, s, s.actor)
        keys = shortlist(s, [c.key for c in decision.choices], 3)
        quick = ImproverBot(samples=8, batch=2, z=0.0)
        quick.choose(decision, Rng(i))
        patient = ImproverBot(samples=6, batch=2, z=1e9)
        assert patient.choose(decision, Rng(i)).key == GreedyBot().choose(decision, Rng(i)).key
        if quick.last_iterations:
            searched += 1
            width = len({GreedyBot().choose(decision, Rng(i)).key, *keys})
            assert quick.last_iterations == 2 * width  # one round of 2 samples, every move
            assert patient.last_iterations == 6 * width  # every round, nothing dropped
    assert searched >= 3


def test_a_challenger_stays_in_the_running_until_clearly_short() -> None:
    """A move is dropped once its paired gain is ``z`` standard errors below zero."""
    bot = ImproverBot(samples=8, batch=2, z=2.0)
    base = [0.0, 0.0, 0.0, 0.0]
    assert bot.in_running([0.1, -0.1, 0.2, -0.2], base)  # level: could still be better
    assert not bot.in_running([-0.5, -0.6, -0.5, -0.6], base)  # steadily worse
    assert bot.in_running([-1.0, 1.0, -1.0, 0.5], base)  # worse on average, but noisy


def test_it_is_honest() -> None:
    """Re-dealing what its seat cannot know never changes the improver's choice."""
    redealt = 0
    for i, s in enumerate(FEW):
        for bot in (ImproverBot(samples=2, z=0.0), ImproverBot(samples=4, batch=2, z=0.5)):
            first = bot.choose(Decision(GAME, s, s.actor), Rng(i))
            other = GAME.determinize(s, s.actor, Rng(77 + i))
            again = bot.choose(Decision(GAME, other, s.actor), Rng(i))
            assert again.key == first.key, i
        redealt += other.deck != s.deck
    assert redealt >= len(FEW) - 1  # the hidden cards really were different


def test_the_shortlist_holds_the_best_kept_hands() -> None:
    """Discards: the ``top`` whose kept hands score best; draws: the draw and the best takes."""
    for s in POSITIONS:
        keys = [c.key for c in legal(s)]
        short = shortlist(s, keys, 3)
        hand, after = s.hands[s.actor], tuple(s.afterlife[s.actor])
        if s.phase == P_DISCARD:
            value = {
                k: hand_score(tuple(sorted(c for c in hand if c != card_index(k))), after)
                for k in keys
                if k.startswith("discard:")
            }
            assert len(short) == min(3, len(keys))
        else:
            assert s.phase == P_DRAW
            takes = [k for k in keys if k.startswith("take:")]
            assert ("draw" in short) == ("draw" in keys)
            assert len(short) == int("draw" in keys) + min(2, len(takes))
            best_after = Planner(s, s.actor, Rng(0), 1).best_after
            value = {k: best_after(hand, card_index(k)) for k in takes}
        left_out = [v for k, v in value.items() if k not in short]
        assert all(value[k] >= max(left_out, default=-999) for k in short if k in value)


def test_a_rollout_values_the_end_by_win_share_and_margin() -> None:
    """One rollout plays greedy to the end and scores share + weight x margin for the seat."""
    s = POSITIONS[-1]
    bot = ImproverBot(samples=2, margin_weight=0.5)
    move = legal(s)[0]
    value = bot.rolled(s, move, 11, s.actor)
    t = s.copy()
    GAME.apply(t, move)
    rng = Rng(11)
    while t.phase != P_OVER:
        GAME.apply(t, GreedyBot.policy(t, rng))
    assert t.result is not None
    scores, winners = t.result["scores"], t.result["winners"]
    share = 1 / len(winners) if s.actor in winners else 0.0
    other = max(x for q, x in enumerate(scores) if q != s.actor)
    assert value == pytest.approx(share + 0.5 * (scores[s.actor] - other))


def test_clear_gain_needs_the_margin_and_the_standard_errors() -> None:
    """The shared test of the lookahead bots: a gain must be positive, large and clear of noise."""
    steady = {"base": [0.0, 0.0, 0.0, 0.0], "better": [0.2, 0.3, 0.2, 0.3]}
    assert clear_gain(steady, "base", 0.0, 2.0) == "better"
    assert clear_gain(steady, "base", 0.5, 2.0) is None  # below the margin
    noisy = {"base": [0.0, 0.0, 0.0, 0.0], "lucky": [1.0, -1.0, 1.0, -0.6]}
    assert clear_gain(noisy, "base", 0.0, 1.0) is None  # 0.1 mean, 0.5 standard error
    assert clear_gain(noisy, "base", 0.0, 0.1) == "lucky"
    two = {"base": [0.0, 0.0], "a": [0.1, 0.2], "b": [0.4, 0.5], "c": [0.2, 0.3]}
    assert clear_gain(two, "base", 0.0, 1.0) == "b"  # the largest clear gain

"""The Realms planner bot: legal, deterministic, honest, and stronger than random play."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from hellas.ai.bots import RandomBot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.realms import GAME, planner
from hellas.games.realms.bots import GreedyBot, card_index, hand_score
from hellas.games.realms.planner import Planner, PlannerBot, own_turns_left, planner_choice
from hellas.games.realms.rules import END_DISCARDS, legal
from hellas.games.realms.state import P_DRAW, RealmsState
from tests.realms.helpers import greedy_positions

POSITIONS = greedy_positions(14) + greedy_positions(6, players=4)


def test_planner_chooses_legal_choices_deterministically() -> None:
    for i, s in enumerate(POSITIONS):
        seat = GAME.to_act(s)
        assert seat is not None
        decision = Decision(GAME, s, seat)
        first = PlannerBot().choose(decision, Rng(i))
        assert first in decision.choices
        assert PlannerBot().choose(Decision(GAME, s, seat), Rng(i)).key == first.key


def test_planner_ignores_redealt_hidden_cards() -> None:
    """Re-dealing everything its seat cannot see never changes the planner's choice."""
    for i, s in enumerate(POSITIONS):
        seat = GAME.to_act(s)
        assert seat is not None
        first = PlannerBot().choose(Decision(GAME, s, seat), Rng(i))
        for r in range(2):
            other = GAME.determinize(s, seat, Rng(1000 * i + r))
            assert other.deck != s.deck or other.hands != s.hands
            again = PlannerBot().choose(Decision(GAME, other, seat), Rng(i))
            assert again.key == first.key, (i, r)


def test_planner_policy_reads_only_its_seat() -> None:
    """The policy itself, given the true state or a re-dealt one, makes the same choice."""
    for i, s in enumerate(POSITIONS):
        seat = GAME.to_act(s)
        assert seat is not None
        first = planner_choice(s.copy(), Rng(i))
        for r in range(2):
            other = GAME.determinize(s, seat, Rng(2000 * i + r))
            assert planner_choice(other, Rng(i)).key == first.key, (i, r)


def test_turns_left_follow_the_discard_count() -> None:
    s = GAME.new({"players": 2}, 1)
    assert own_turns_left(s, END_DISCARDS) == 0
    assert own_turns_left(s, END_DISCARDS - 1) == 0
    assert own_turns_left(s, END_DISCARDS - 2) == 1
    assert own_turns_left(s, 0) == END_DISCARDS // 2


def test_planner_beats_random_play() -> None:
    """Four games in both seats against uniformly random choices: the planner wins all."""
    wins = 0
    games = 4
    for seed in range(games):
        s = GAME.new({"players": 2}, 40 + seed)
        rng = Rng(seed)
        seat = seed % 2
        while (to_act := GAME.to_act(s)) is not None:
            d = Decision(GAME, s, to_act)
            bot = PlannerBot() if to_act == seat else RandomBot()
            GAME.apply(s, bot.choose(d, rng))
        out = GAME.outcome(s)
        assert out is not None
        wins += seat in out.winners
    assert wins == games


def test_the_read_hands_experiment_starts_the_others_from_their_real_hands() -> None:
    """``read_hands`` (an upper-bound experiment) values the others' real hands, else samples."""
    s = POSITIONS[3]
    p = s.actor
    plan = Planner(s, p, Rng(1), 10)
    no_turns = [0] * s.n
    real = max(
        hand_score(tuple(sorted(s.hands[q])), tuple(s.afterlife[q])) for q in range(s.n) if q != p
    )
    sampled = planner._opponent_finals(s, plan, Rng(2), s.discard, no_turns)
    assert len(set(sampled)) > 1  # honest: the other hand is re-sampled each time
    bound = Planner(s, p, Rng(1), 10, planner.Bounds(read_hands=True))
    read = planner._opponent_finals(s, bound, Rng(2), s.discard, no_turns)
    assert read == [real] * planner.OPPONENT_SAMPLES


def test_the_rollouts_experiment_values_a_hand_by_greedy_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ROLLOUTS`` values a kept hand by the mean score after drawing its sequences in turn."""
    s = next(p for p in POSITIONS if p.phase == P_DRAW and p.n == 2)
    hand = tuple(sorted(s.hands[s.actor]))
    assert not Planner(s, s.actor, Rng(4), 10).rollouts  # off by default
    monkeypatch.setattr(planner, "ROLLOUTS", 6)
    plan = Planner(s, s.actor, Rng(4), 10)
    assert len(plan.rollouts) == 6
    assert all(len(o) == planner.ROLLOUT_DRAWS and not set(o) & set(hand) for o in plan.rollouts)
    now = plan.score(hand)
    one = sum(plan.best_after(hand, o[0]) for o in plan.rollouts) / 6
    assert plan.value(hand, 1, s.discard) == pytest.approx(one)
    two = []
    for order in plan.rollouts:
        kept = plan.ranked([*hand, order[0]])[0][1]
        two.append(plan.ranked([*kept, order[1]])[0][0])
    assert plan.value(hand, 2, s.discard) == pytest.approx(sum(two) / 6)
    assert plan.value(hand, 0, s.discard) == now


def _eval_script() -> Any:
    path = Path(__file__).resolve().parents[2] / "scripts" / "realms_bot_eval.py"
    spec = importlib.util.spec_from_file_location("realms_bot_eval", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_evaluation_script_runs_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    """``scripts/realms_bot_eval.py`` plays a deal in both seats, plain and reading hands."""
    script = _eval_script()
    assert script.main(["--deals", "1", "--first", "5"]) == 0
    assert script.main(["--deals", "1", "--first", "5", "--read-hands"]) == 0
    assert planner.Bounds() == planner.HONEST  # bounds are parameters: nothing to leak
    lines = capsys.readouterr().out.splitlines()
    assert "[defaults] seeds 5+1" in lines[0] and "/2 = " in lines[0]
    split = re.search(r"last discard in (\d+) games.*greedy did in (\d+)", lines[1])
    assert split is not None and int(split[1]) + int(split[2]) == 2
    assert "[--read-hands] seeds 5+1" in lines[2]


def test_the_evaluation_script_can_switch_the_rollouts_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--set ROLLOUTS=2`` plays with the rollout valuation and leaves the module as it was."""
    assert _eval_script().main(["--deals", "1", "--first", "5", "--set", "ROLLOUTS=2"]) == 0
    assert planner.ROLLOUTS == 0
    assert "[ROLLOUTS=2] seeds 5+1" in capsys.readouterr().out


@pytest.mark.parametrize("seat", [0, 1])
def test_the_script_credits_the_last_discard_to_the_move_that_fills_the_area(seat: int) -> None:
    """The split's "last discard" is the seat whose move brought the area to ten cards."""
    _, _, planner_ended = _eval_script().play(2, 5, seat, {})
    s = GAME.new({"players": 2}, 5)  # the same deal, bots and generator as the script's
    rng = Rng(5 * 7 + seat)
    bots: list[Any] = [GreedyBot(), GreedyBot()]
    bots[seat] = PlannerBot()
    filler = -1
    while (to_act := GAME.to_act(s)) is not None:
        before = len(s.discard)
        GAME.step(s, bots[to_act].choose(Decision(GAME, s, to_act), rng))
        if before < END_DISCARDS <= len(s.discard):
            filler = to_act
    assert filler in (0, 1)
    assert planner_ended == (filler == seat)


def test_peeking_at_the_deck_values_the_draw_by_the_top_card() -> None:
    """``peek_deck`` (a bound, never a player): the best unseen card on top is drawn, the worst not.

    On every draw position with a take in reach, the bound draws when the top card is the one that
    makes the best hand, and takes a card when the top is the one that helps least and some take
    beats it.
    """
    peek = planner.Bounds(peek_deck=True)
    checked = 0
    for i, s in enumerate(POSITIONS):
        if s.phase != P_DRAW or not any(c.key.startswith("take:") for c in legal(s)):
            continue
        p = s.actor
        plan = Planner(s, p, Rng(i), planner.POTENTIAL_SAMPLES)
        turns = own_turns_left(s, len(s.discard) + 1)
        cards_by_value = sorted(
            plan.unknown, key=lambda c: plan.best_keep([*s.hands[p], c], turns, s.discard)
        )
        deck_cards = [c for c in cards_by_value if c in s.deck]
        for top, want_draw in ((deck_cards[-1], True), (deck_cards[0], False)):
            t = s.copy()
            t.deck.remove(top)
            t.deck.append(top)
            choice = planner_choice(t, Rng(i), peek)
            worth = plan.best_keep([*t.hands[p], top], turns, t.discard)
            takes = [
                plan.best_keep(
                    [*t.hands[p], card_index(c.key)],
                    own_turns_left(t, len(t.discard)),
                    [x for x in t.discard if x != card_index(c.key)],
                )
                - planner.REVEAL_COST
                for c in legal(t)
                if c.key.startswith("take:")
            ]
            if want_draw and worth >= max(takes):
                assert choice.key == "draw"
                checked += 1
            if not want_draw and max(takes) > worth:
                assert choice.key.startswith("take:")
                checked += 1
    assert checked >= 4


def test_the_evaluation_script_can_peek_at_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    """``--peek-deck`` plays the bound and leaves the module as it was."""
    assert _eval_script().main(["--deals", "1", "--first", "5", "--peek-deck"]) == 0
    assert "[--peek-deck] seeds 5+1" in capsys.readouterr().out


def test_the_evaluation_script_seats_the_improver(capsys: pytest.CaptureFixture[str]) -> None:
    """``--improver`` seats the improver with the settings given; a bad setting is refused."""
    script = _eval_script()
    argv = ["--deals", "1", "--first", "5", "--progress", "--improver", "samples=4,top=2,batch=2"]
    assert script.main(argv) == 0
    out = capsys.readouterr().out
    assert "2p improver vs greedy [--improver samples=4,top=2,batch=2] seeds 5+1" in out
    assert [line.split(" share")[0] for line in out.splitlines() if "  game " in line] == [
        "  game 1: seed 5 seat 0",
        "  game 2: seed 5 seat 1",
    ]  # --progress: every game as it ends
    for bad in ("depth=3", "base=ismcts", "samples=1", "samples=4,batch=8"):
        with pytest.raises(SystemExit) as stop:
            script.main(["--deals", "1", "--improver", bad])
        assert stop.value.code == 2
        assert "--improver" in capsys.readouterr().err


def _bound_position() -> tuple[RealmsState, int]:
    """Return the mid-game position the bound tests sample, with its seat to act."""
    s = POSITIONS[3]
    seat = GAME.to_act(s)
    assert seat is not None
    return s, seat


def _run_bound(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, script: Any, flag: str
) -> str:
    """Run ``script`` with ``flag`` and a 2-sample improver; only its seat uses the bound."""
    kind = script._TrueDecision if flag == "--read-hands" else script._HandsDecision
    calls: list[int] = []
    original = kind.sample

    def counted(self: Any, rng: Rng) -> Any:
        calls.append(self.seat)
        return original(self, rng)

    monkeypatch.setattr(kind, "sample", counted)
    argv = ["--deals", "1", "--first", "5", flag, "--improver", "samples=2"]
    assert script.main(argv) == 0
    out = capsys.readouterr().out
    assert f"[{flag} --improver samples=2] seeds 5+1" in out
    assert calls and set(calls) == {0, 1}  # the improver's seat in each game, never greedy's
    return out


def test_the_clairvoyant_improver_bound_rolls_out_the_true_state(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--improver --read-hands`` (a bound): the improver's samples are the real state."""
    script = _eval_script()
    s, seat = _bound_position()
    sample = script._TrueDecision(GAME, s, seat).sample(Rng(1))
    assert sample is not s
    assert (sample.deck, sample.hands) == (s.deck, s.hands)
    honest = Decision(GAME, s, seat).sample(Rng(1))
    assert (honest.deck, honest.hands) != (s.deck, s.hands)  # a plain sample re-deals
    _run_bound(capsys, monkeypatch, script, "--read-hands")


def test_the_known_hands_bound_keeps_the_hands_and_reshuffles_the_unseen_deck(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--improver --known-hands`` (a bound): real hands, the unseen deck cards re-shuffled."""
    script = _eval_script()
    s, seat = _bound_position()
    samples = [script._HandsDecision(GAME, s, seat).sample(Rng(i)) for i in range(4)]
    bit = 1 << seat
    seen = [i for i, m in enumerate(s.deck_seen) if m & bit]
    for sample in samples:
        assert sample.hands == s.hands and sample is not s
        assert sorted(sample.deck) == sorted(s.deck)
        assert [sample.deck[i] for i in seen] == [s.deck[i] for i in seen]
    assert any(sample.deck != s.deck for sample in samples)  # the deck order is not known
    _run_bound(capsys, monkeypatch, script, "--known-hands")
    for bad in (["--known-hands"], ["--known-hands", "--read-hands", "--improver"]):
        with pytest.raises(SystemExit):
            script.main(["--deals", "1", *bad])
        assert "--known-hands needs --improver" in capsys.readouterr().err


def test_a_bounded_planner_is_marked_as_reading_hidden_cards() -> None:
    """A bound is an explicit parameter of one bot, never a process-wide switch."""
    assert not planner.PlannerBot().cost().reads_hidden
    assert planner.PlannerBot(planner.Bounds(read_hands=True)).cost().reads_hidden
    assert not hasattr(planner, "READ_HANDS") and not hasattr(planner, "PEEK_DECK")

"""Fantasy Realms improver bot: greedy's move, unless greedy rollouts show a clearly better one.

A policy-improvement step over the greedy bot (or the planner), specialised to Realms.  At a
draw or a discard it shortlists a few moves - the draw and the best takes, or the discards
that keep the best-scoring hands - plus its base bot's own move, plays each on the same
determinizations of its seat's information, lets greedy play every seat to the end, and values
an end by the win share plus a small weight times the score margin.  It leaves the base move
only when another's mean paired gain is above ``z`` standard errors
(``hellas.core.stats.clear_gain``, shared with the lookahead bot).  With a ``batch`` smaller
than ``samples`` it samples in rounds (sequential testing): after each round it drops the moves
already ``z`` standard errors short of a gain and stops once one is clear by ``2 z``, so easy
decisions stop early and close ones get up to ``samples``.  Other decisions follow the base
bot.  Unlike the generic ``lookahead`` (which tries every move and rolls out with the fast
rollout policy) its rollouts model the other seats as greedy players.  It reads only its own
seat's information.  Told a time budget (``seconds``, as a server's worker does) it also stops
sampling when the time is up (a sample it would not finish in time is not begun, and one the
time runs out in - a rollout watches the clock step by step - is dropped for every move), and
decides on the samples every move in the running was played on; with only one, on its base move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from hellas.core import clock
from hellas.core.game import BotCost, Choice, Decision
from hellas.core.rng import Rng
from hellas.core.stats import clear_gain, paired_gain
from hellas.games.realms.bots import best_after, card_index, greedy_choice, hand_score
from hellas.games.realms.planner import HONEST, Bounds, planner_choice
from hellas.games.realms.rules import play
from hellas.games.realms.state import P_DISCARD, P_DRAW, P_OVER, RealmsState

SAMPLES = 16  # determinizations per searched decision (every shortlisted move on each)
TOP = 3  # shortlisted moves besides the base move: the draw and TOP-1 takes, or TOP discards
MARGIN_WEIGHT = 0.04  # an end's value: win share + this times (own score - best other score)
Z = 1.5  # standard errors a paired gain must clear to leave the base move
BASES: dict[str, Callable[[RealmsState, Rng], Choice]] = {
    "greedy": greedy_choice,
    "planner": planner_choice,
}


class ImproverBot:
    """Greedy-rollout improvement over a base Realms bot (sees only its own seat's information)."""

    name = "improver"

    def __init__(
        self,
        samples: int = SAMPLES,
        top: int = TOP,
        margin_weight: float = MARGIN_WEIGHT,
        z: float = Z,
        base: str = "greedy",
        batch: int = 0,
        bounds: Bounds = HONEST,
        seconds: float | None = None,
    ) -> None:
        if samples < 2:
            raise ValueError("the improver needs at least 2 samples (paired gains need a spread)")
        if batch and not 2 <= batch <= samples:
            raise ValueError("the improver's batch is 0 (all samples at once) or 2 to samples")
        if top < 1:
            raise ValueError("the improver needs a shortlist of at least 1 move")
        if base not in BASES:
            raise ValueError(f"the improver's base is one of {', '.join(BASES)}, not {base!r}")
        self.samples = samples
        self.top = top
        self.margin_weight = margin_weight
        self.z = z
        self.base = BASES[base]
        if base == "planner" and bounds != HONEST:  # an experiment's bound on the base planner
            self.base = partial(planner_choice, bounds=bounds)
        self.batch = batch or samples
        self.seconds = seconds  # optional time budget per decision (stops early)
        self.last_iterations = 0  # rollouts played by the latest ``choose`` (0: no search)

    def cost(self) -> BotCost:
        """Return the declared work of one decision: greedy rollouts of a shortlist on samples."""
        return BotCost(samples=self.samples, search=True)

    def choose(self, decision: Decision[RealmsState], rng: Rng) -> Choice:
        """Return the base bot's move unless a rollout-tested alternative is clearly better."""
        self.last_iterations = 0
        deadline = None if self.seconds is None else clock.now() + self.seconds
        legal = {c.key: c for c in decision.choices}
        if len(legal) == 1:
            return decision.choices[0]
        s = decision.sample(rng)
        base = self.base(s.copy(), rng).key
        if s.phase not in (P_DRAW, P_DISCARD):
            return legal[base]
        keys = [base, *(k for k in shortlist(s, list(legal), self.top) if k != base)]
        if len(keys) == 1:
            return legal[base]
        outcomes: dict[str, list[float]] = {k: [] for k in keys}
        alive = keys[1:]  # the challengers still in the running
        late = False
        began = clock.now()
        while alive:
            for _ in range(min(self.batch, self.samples - len(outcomes[base]))):
                state, seed = decision.sample(rng), rng.below(1 << 30)
                running = (base, *alive)
                values: list[float] = []
                for k in running:
                    value = self.rolled(state, legal[k], seed, decision.seat, deadline)
                    if value is None:
                        break
                    values.append(value)
                self.last_iterations += len(values)
                if len(values) < len(running):
                    late = True  # the time ran out inside this sample: dropped for every move
                    break
                for k, value in zip(running, values, strict=True):
                    outcomes[k].append(value)
                if deadline is not None:  # would the next sample end past the budget?
                    now = clock.now()
                    late = now + (now - began) / len(outcomes[base]) > deadline
                    if late:
                        break  # judge on the samples every move in the running was played on
            if late and len(outcomes[base]) < 2:
                return legal[base]  # one sample: no spread to tell a gain from noise
            if len(outcomes[base]) >= self.samples:
                break
            alive = [k for k in alive if self.in_running(outcomes[k], outcomes[base])]
            if alive and clear_gain(_on(outcomes, base, alive), base, 0.0, 2 * self.z):
                break  # a challenger is already clear by twice the margin of proof
            if late:
                break  # out of time: judge on what every move in the running was played on
        best = clear_gain(_on(outcomes, base, alive), base, 0.0, self.z) if alive else None
        return legal[base if best is None else best]

    def in_running(self, values: Sequence[float], base: Sequence[float]) -> bool:
        """Return whether a challenger could still be better: its gain is not ``z`` SEs below 0."""
        gain, error = paired_gain(values, base)
        return gain + self.z * error >= 0.0

    def rolled(
        self, state: RealmsState, first: Choice, seed: int, seat: int, cut: float | None = None
    ) -> float | None:
        """Return the value to ``seat`` of ``first`` then greedy for every seat to the end.

        ``None`` once the bots' clock passes ``cut`` (a clock time) before the end: one rollout
        can take a second on a busy machine, so the budget is watched step by step.
        """
        t = state.copy()
        play(t, first, None)
        r = Rng(seed)
        while t.phase != P_OVER:
            if cut is not None and clock.now() > cut:
                return None
            play(t, greedy_choice(t, r), None)
        assert t.result is not None
        scores, winners = t.result["scores"], t.result["winners"]
        share = (1.0 / len(winners)) if seat in winners else 0.0
        margin = scores[seat] - max(x for q, x in enumerate(scores) if q != seat)
        return share + self.margin_weight * float(margin)


def _on(outcomes: dict[str, list[float]], base: str, keys: Sequence[str]) -> dict[str, list[float]]:
    """Return the outcomes of the base move and ``keys`` only."""
    return {k: outcomes[k] for k in (base, *keys)}


def shortlist(s: RealmsState, keys: Sequence[str], top: int) -> list[str]:
    """Return the draw and the best ``top``-1 takes, or the ``top`` best discards, by kept score.

    A take is ranked by the best seven it makes; a discard (or a card laid in the Afterlife)
    by the score of the hand kept, with that Afterlife.  Reads only the actor's own cards.
    """
    hand, after = s.hands[s.actor], tuple(s.afterlife[s.actor])
    if s.phase == P_DRAW:
        takes = [k for k in keys if k.startswith("take:")]
        takes.sort(key=lambda k: -best_after(hand, card_index(k), after))
        return [k for k in keys if k == "draw"] + takes[: top - 1]
    ranked = []
    for k in keys:
        card = card_index(k)
        afterlife = after if k.startswith("discard:") else (*after, card)
        kept = list(hand)
        kept.remove(card)
        ranked.append((-hand_score(tuple(sorted(kept)), afterlife), k))
    return [k for _, k in sorted(ranked)[:top]]


__all__ = ["ImproverBot", "shortlist"]

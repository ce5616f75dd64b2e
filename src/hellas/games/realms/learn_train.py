"""Training and measuring the Realms learned bot (``learned.py``) by self-play, NumPy only.

Rounds of fitted value iteration: round 0 starts from greedy's valuation (a kept hand is worth
its score now); each round plays seeded 2-player games in which one seat plays the current
weights (exploring: now and then a random one of its shortlisted moves) against either greedy
or itself, records the features of every position right after a discard (each seat's own view)
with that seat's final score margin, and refits the weights by ridge regression on every round's
positions so far.  Everything comes from the seeds (``hellas.core.rng``) and the fit is one
linear solve, so the same command writes the same weights file (``scripts/train_realms.py``).

``duel`` plays the learned bot against another bot on the same deals in both seats, in-process
(the CLI ladder, ``hellas bots ladder realms --levels greedy,learned``, is the resumable run).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from hellas.core.game import Choice, Decision
from hellas.core.rng import Rng
from hellas.games.realms.bots import greedy_choice
from hellas.games.realms.choices import TABLE
from hellas.games.realms.game import GAME
from hellas.games.realms.learned import (
    CORE,
    SCALARS,
    feature_count,
    features,
    greedy_weights,
    keeps,
    learned_choice,
    seat_of,
)
from hellas.games.realms.planner import own_turns_left
from hellas.games.realms.rules import cards, legal, play
from hellas.games.realms.state import P_DISCARD, P_DRAW, RealmsState

Policy = Callable[[RealmsState, Rng], Choice]
OPTIONS = {"players": 2}
SCALE = 100.0


@dataclass(frozen=True)
class Settings:
    """One training run: seed, rounds, games a round, exploration and the ridge penalty."""

    seed: int = 49
    rounds: int = 2
    games: int = 150
    explore: float = 0.1
    ridge: float = 1.0  # on the core features' departure from greedy's weights
    # on each card's own weight (in hand, in the area) and the discarded cards' strengths: fitted
    # freely they learned who was winning rather than what to keep (a bot that fed the other
    # seat good cards: 41% against greedy), so by default they are held at zero
    card_ridge: float = 1e6
    self_share: float = 0.5  # the share of games against itself (the rest against greedy)


def explorer(weights: np.ndarray, explore: float) -> Policy:
    """Return the learned policy that, with chance ``explore``, plays a random shortlisted move."""

    def policy(s: RealmsState, rng: Rng) -> Choice:
        if explore > 0 and rng.random() < explore:
            options = legal(s)
            if s.phase == P_DRAW:
                return options[rng.below(len(options))]
            if s.phase == P_DISCARD and legal(s)[0].key.startswith("discard:"):
                turns = own_turns_left(s, len(s.discard) + 1)
                me = seat_of(s, s.actor, rng)
                shortlist = keeps(me, s.hands[s.actor], s.discard, turns, len(s.deck))
                card = shortlist[rng.below(len(shortlist))][0]
                return TABLE[f"discard:{cards()[card].id}"]
        return learned_choice(s, rng, weights)

    return policy


def self_play(
    policies: list[Policy], seed: int, rng: Rng, record: bool = True
) -> tuple[list[np.ndarray], list[float], list[int]]:
    """Play one seeded game; return the recorded positions, their targets and the winners.

    Each seat's policy is applied to a determinization of its own information (as a bot is).
    """
    s = GAME.new(OPTIONS, seed)
    rows: list[tuple[int, np.ndarray]] = []
    while (seat := GAME.to_act(s)) is not None:
        decision = Decision(GAME, s, seat)
        if len(decision.choices) == 1:
            choice = decision.choices[0]
        else:
            choice = decision.follow(policies[seat], rng)
        discarding = s.phase == P_DISCARD and choice.key.startswith("discard:")
        play(s, choice, None)
        if record and discarding:
            me = seat_of(s, seat, rng)
            turns = own_turns_left(s, len(s.discard))
            rows.append((seat, features(me, s.hands[seat], s.discard, turns, len(s.deck))))
    assert s.result is not None
    scores = [float(x) for x in s.result["scores"]]
    margins = [
        (scores[q] - max(scores[o] for o in range(len(scores)) if o != q)) / SCALE
        for q in range(len(scores))
    ]
    return [x for _, x in rows], [margins[q] for q, _ in rows], list(s.result["winners"])


def fit(x: np.ndarray, y: np.ndarray, ridge: float, card_ridge: float) -> np.ndarray:
    """Return ridge-regression weights for rows ``x`` and targets ``y``, shrunk toward greedy's.

    The penalty is on the departure from greedy's weights (a hand worth its score now):
    ``ridge`` on the core features (``learned.CORE``), ``card_ridge`` on the rest.
    """
    prior = greedy_weights()
    penalty = np.full(x.shape[1], card_ridge)
    penalty[: len(SCALARS)] = [ridge if name in CORE else card_ridge for name in SCALARS]
    a = x.T @ x + np.diag(penalty)
    return prior + np.linalg.solve(a, x.T @ (y - x @ prior))


def train(settings: Settings, progress: Callable[[str], None] | None = None) -> np.ndarray:
    """Return the weights the training ``settings`` reach (the same every time)."""
    weights = greedy_weights()
    xs: list[np.ndarray] = []
    ys: list[float] = []
    rng = Rng(settings.seed)
    for r in range(settings.rounds):
        me = explorer(weights, settings.explore)
        for g in range(settings.games):
            seed = settings.seed * 1_000_003 + r * 100_000 + g
            other = me if rng.random() < settings.self_share else greedy_choice
            seats: list[Policy] = [me, other] if g % 2 == 0 else [other, me]
            x, y, _ = self_play(seats, seed, rng)
            xs.extend(x)
            ys.extend(y)
        weights = fit(np.array(xs), np.array(ys), settings.ridge, settings.card_ridge)
        weights = np.round(weights, 9)
        if progress is not None:
            progress(f"round {r + 1}/{settings.rounds}: {len(ys)} positions")
    assert weights.shape == (feature_count(),)
    return weights


def duel(
    weights: np.ndarray, opponent: Policy, deals: int, first: int
) -> Iterator[tuple[int, int, float]]:
    """Yield (deal, learned seat, learned share: 1, 1/2 or 0) for deals in both seat orders."""
    me: Policy = lambda s, rng: learned_choice(s, rng, weights)  # noqa: E731
    for deal in range(first, first + deals):
        for seat in (0, 1):
            seats = [me, opponent] if seat == 0 else [opponent, me]
            _, _, winners = self_play(seats, deal, Rng(deal * 7 + seat), record=False)
            yield deal, seat, (1.0 / len(winners) if seat in winners else 0.0)


__all__ = ["Settings", "duel", "fit", "self_play", "train"]

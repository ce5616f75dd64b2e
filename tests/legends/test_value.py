"""The position-value model that scores truncated search rollouts."""

from __future__ import annotations

import math

from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.legends.policy import choose
from hellas.games.legends.value import COEFFICIENTS, FEATURES, estimate, features


def heuristic_positions(games: int) -> list[tuple[object, int]]:
    """(position, won) pairs from heuristic games across missions and table sizes."""
    out = []
    for seed in range(games):
        opts = {"mission": seed % 12 + 1, "players": seed % 3 + 2, "difficulty": "human"}
        s = GAME.new(opts, 500 + seed)
        rng = Rng(seed)
        seen = []
        step = 0
        while GAME.to_act(s) is not None:
            if step % 5 == 0:
                seen.append(s.copy())
            GAME.step(s, choose(s, rng))
            step += 1
        out.extend((p, 1 if s.result == 1 else 0) for p in seen)
    return out


def test_features_match_the_coefficients() -> None:
    s = GAME.new({"players": 3}, 1)
    assert len(features(s)) == len(FEATURES) == len(COEFFICIENTS)


def test_finished_games_score_their_result() -> None:
    s = GAME.new({"players": 2}, 2)
    rng = Rng(2)
    while GAME.to_act(s) is not None:
        GAME.step(s, choose(s, rng))
    assert estimate(s) == (1.0 if s.result == 1 else 0.0)
    assert GAME.evaluate(s, 0) >= estimate(s)


def test_fewer_cards_left_means_a_lower_estimate() -> None:
    s = GAME.new({"players": 3, "mission": 4}, 3)
    poorer = s.copy()
    poorer.discard.extend(poorer.deck[:20])
    poorer.dmask.extend([0] * 20)
    del poorer.deck[:20]
    assert 0.0 < estimate(poorer) < estimate(s) < 1.0


def test_the_model_predicts_outcomes_better_than_the_base_rate() -> None:
    """Log loss on fresh heuristic games beats always answering the average win rate."""
    data = heuristic_positions(72)
    base = sum(w for _, w in data) / len(data)
    assert 0.0 < base < 1.0

    def loss(p: float, won: int) -> float:
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -math.log(p if won else 1 - p)

    model = sum(loss(estimate(s), w) for s, w in data) / len(data)  # type: ignore[arg-type]
    prior = sum(loss(base, w) for _, w in data) / len(data)
    assert model < 0.8 * prior

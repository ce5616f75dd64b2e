"""The position-value model that scores truncated search rollouts."""

from __future__ import annotations

import math
from typing import Any

from hellas.core.capabilities import SearchHints, capability
from hellas.core.rng import Rng
from hellas.games.legends import GAME
from hellas.games.legends.policy import choose
from hellas.games.legends.value import COEFFICIENTS, FEATURES, estimate, features, needed_defeats


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


def _dot_estimate(s: Any) -> float:
    """The estimate as the model's definition reads: ``features`` dotted with the weights."""
    if s.result:
        return 1.0 if s.result == 1 else 0.0
    z = 0.0
    for w, x in zip(COEFFICIENTS, features(s), strict=True):
        z += w * x
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def test_the_fast_estimate_is_the_dot_product_float_for_float() -> None:
    """``estimate`` skips the feature list but must give the very same float, and so must the
    search's value (``evaluate``) and the rule functions ISMCTS calls instead of the methods."""
    kernel = capability(GAME, SearchHints).kernel()
    assert kernel is not None
    play, quiet, to_act, legal, evaluate = kernel
    checked = 0
    for seed in range(120):
        options = {
            "mission": seed % 12 + 1,
            "players": seed % 5 + 1,
            "difficulty": ("human", "heroic", "godlike")[seed % 3],
        }
        s = GAME.new(options, 70 + seed)
        rng = Rng(seed)
        while True:
            assert estimate(s) == _dot_estimate(s)
            p = _dot_estimate(s)
            shaped = p + (1.0 - p) * (0.3 * min(1.0, s.defeats / needed_defeats(s.mission)))
            assert GAME.evaluate(s, 0) == evaluate(s, 0) == shaped
            assert to_act(s) == GAME.to_act(s)
            checked += 1
            if to_act(s) is None:
                break
            cs = legal(s)
            assert list(cs) == list(GAME.choices(s))
            move = cs[rng.below(len(cs))] if seed % 2 else choose(s, rng)
            twin = s.copy()
            play(s, move, quiet)
            GAME.step(twin, move)
            assert s == twin
    assert checked > 10_000

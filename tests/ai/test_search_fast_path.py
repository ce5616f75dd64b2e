"""Issue 52: the walk's fast path and the fused Legends value leave the bench's searches unchanged.

The fast ISMCTS loop takes a shortcut at every node whose moves all have children for the pool
sample walking it (most steps of a Legends walk), and the Legends value model is worked out in
one call.  With the bench's own settings (``hellas bench``: 200 iterations, a pool of 16), on
Legends positions of several missions and table sizes, the trees must be those of the reference
loop (``reference_ismcts``, the loop before any speed-up): every node's visits, summed value and
availability float for float, the same move picked and the same numbers drawn.
"""

from __future__ import annotations

from typing import Any

import pytest

from hellas.ai.ismcts import ISMCTSBot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.sim.bench import SEARCH_ITERATIONS

from .reference_ismcts import ReferenceBot
from .test_search_reference import _positions, _tree

CASES = [
    ({"players": 3, "mission": 1}, 4),  # the bench's table
    ({"players": 4, "mission": 5}, 2),  # forced Recover after a divine card
    ({"players": 2, "mission": 7}, 2),  # shuffles: walks that draw randomness leave the path
]


def _visits(root: Any) -> dict[str, int]:
    return {key: child.visits for key, child in root.children.items()}


@pytest.mark.parametrize(("options", "count"), CASES, ids=[str(c[0]) for c in CASES])
def test_bench_searches_match_the_reference_loop(options: dict[str, Any], count: int) -> None:
    game = REGISTRY.get("legends")
    for n, s in enumerate(_positions(game, options, count, 52)):
        seat = game.to_act(s)
        assert seat is not None
        rngs = [Rng(52 + n), Rng(52 + n)]
        fast = ISMCTSBot(iterations=SEARCH_ITERATIONS)
        slow = ReferenceBot(iterations=SEARCH_ITERATIONS)
        trees = [
            bot.search(Decision(game, s.copy(), seat), r, n == 0)
            for bot, r in zip((fast, slow), rngs, strict=True)
        ]
        assert _visits(trees[0]) == _visits(trees[1])
        assert _tree(trees[0]) == _tree(trees[1])
        assert rngs[0].state == rngs[1].state
        assert sum(_visits(trees[0]).values()) == SEARCH_ITERATIONS


def test_bench_choices_match_the_reference_loop() -> None:
    """A game's searched decisions at the bench's settings: the same moves, one after another."""
    game = REGISTRY.get("legends")
    state = game.new(game.validate_options({"players": 3, "mission": 1}), 11)
    bots = [ISMCTSBot(iterations=SEARCH_ITERATIONS), ReferenceBot(iterations=SEARCH_ITERATIONS)]
    rngs = [Rng(3), Rng(3)]
    searched = 0
    while searched < 6:
        seat = game.to_act(state)
        assert seat is not None
        picked = [b.choose(Decision(game, state, seat), r) for b, r in zip(bots, rngs, strict=True)]
        assert picked[0] == picked[1]
        assert bots[0].last_iterations == bots[1].last_iterations
        searched += bots[0].last_iterations > 0
        game.step(state, picked[0])
    assert searched == 6

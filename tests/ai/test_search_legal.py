"""ISMCTS reuses a node's legal list per pool sample only where the state is the same one.

A walk that has drawn no randomness from the state's generator reaches, from the same pool
sample, the very state it reached before, so the list found then is reused; after a draw it
asks again.  Trees must be identical, visit for visit and value for value, with and without
the reuse, in games whose moves draw randomness (Legends missions 6 and 7 shuffle, Lords
battles and Realms draws) and in games that do not.
"""

from __future__ import annotations

from typing import Any

import pytest

from hellas.ai.ismcts import ISMCTSBot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY


class _AskEveryTime(ISMCTSBot):
    keep_legal = False


def _tree(node: Any) -> list[Any]:
    return sorted(
        (key, c.visits, round(c.wins, 9), c.avail, _tree(c)) for key, c in node.children.items()
    )


CASES = [
    ("legends", {"players": 3, "mission": 1}),
    ("legends", {"players": 2, "mission": 6}),
    ("legends", {"players": 3, "mission": 7}),
    ("realms", {"players": 3}),
    ("lords", {"players": 3}),
]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_trees_are_identical_with_and_without_reusing_legal_lists(
    game_id: str, options: dict[str, Any]
) -> None:
    game = REGISTRY.get(game_id)
    searched = 0
    for seed in range(4):
        s = game.new(options, seed)
        rng = Rng(seed)
        for _ in range(5 + 9 * seed):
            if game.to_act(s) is None:
                break
            cs = game.choices(s)
            game.step(s, cs[rng.below(len(cs))])
        seat = game.to_act(s)
        if seat is None or len(game.choices(s)) < 2:
            continue
        roots = [
            cls(iterations=120).search(Decision(game, s, seat), Rng(seed + 50))
            for cls in (ISMCTSBot, _AskEveryTime)
        ]
        trees = [_tree(root) for root in roots]
        assert trees[0] == trees[1]
        searched += 1
    assert searched >= 2

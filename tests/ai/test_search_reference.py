"""The fast ISMCTS loop builds the very trees the loop before its speed-ups built.

``reference_ismcts.ReferenceBot`` keeps the search loop as it was before issue 36's speed-ups
(one pass scoring the moves, square roots from a table, legal lists kept at the root, the
game's own methods called without the adapter). On positions of every game - Legends missions
whose moves shuffle (6, 7) and whose rules block arrivals (10), Realms, Lords with and without
Dark Ages modules - both loops must give identical trees (every node's move, visits, summed
value and availability, float for float, and the win chances summed at the root), pick the
same move and draw the same numbers from the generator.
"""

from __future__ import annotations

from typing import Any

import pytest

from hellas.ai.ismcts import ClairvoyantBot, HandReaderBot, ISMCTSBot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY

from .reference_ismcts import ReferenceBot


class _RefClairvoyant(ReferenceBot, ClairvoyantBot):
    pass


class _RefHandReader(ReferenceBot, HandReaderBot):
    pass


def _tree(node: Any) -> list[Any]:
    """Return the whole tree below ``node``, exactly (floats compared as they are)."""
    return sorted(
        (key, c.seat, c.visits, c.wins, c.avail, c.chance, _tree(c))
        for key, c in node.children.items()
    )


def _positions(game: Any, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """Return ``count`` searched positions (several legal moves) met in seeded random play."""
    rng = Rng(seed)
    found: list[Any] = []
    game_seed = seed * 100
    while len(found) < count:
        s = game.new(game.validate_options(options), game_seed)
        game_seed += 1
        for _ in range(400):
            if game.to_act(s) is None or len(found) == count:
                break
            legal = game.choices(s)
            if len(legal) > 1 and game.worth_searching(s) and rng.below(6) == 0:
                found.append(s.copy())
            game.step(s, legal[rng.below(len(legal))])
    return found


CASES = [
    ("legends", {"players": 3, "mission": 1}, 10),
    ("legends", {"players": 2, "mission": 6}, 6),
    ("legends", {"players": 3, "mission": 7}, 6),
    ("legends", {"players": 4, "mission": 10, "difficulty": "heroic"}, 5),
    ("legends", {"players": 5, "mission": 12}, 4),
    ("legends", {"players": 1, "mission": 3}, 4),
    ("realms", {"players": 3}, 4),
    ("lords", {"players": 3}, 4),
    ("lords", {"players": 4, "modules": "poseidon,cleito"}, 3),
]


@pytest.mark.parametrize(("game_id", "options", "count"), CASES, ids=[str(c[:2]) for c in CASES])
def test_search_trees_match_the_reference_loop(
    game_id: str, options: dict[str, Any], count: int
) -> None:
    game = REGISTRY.get(game_id)
    for n, s in enumerate(_positions(game, options, count, 7)):
        seat = game.to_act(s)
        settings: dict[str, Any] = {"iterations": 90 + 20 * (n % 3)}
        if n % 2:
            settings.update(exploration=1.3, bias=0.25, samples=5)
        track = n % 3 == 0
        rngs = [Rng(1000 + n), Rng(1000 + n)]
        fast = ISMCTSBot(**settings).search(Decision(game, s.copy(), seat), rngs[0], track)
        slow = ReferenceBot(**settings).search(Decision(game, s.copy(), seat), rngs[1], track)
        assert _tree(fast) == _tree(slow)
        assert rngs[0].state == rngs[1].state  # the same numbers drawn
        assert fast.visits == slow.visits == 0


def test_chosen_moves_match_the_reference_loop() -> None:
    """``choose`` (and its routine shortcut) picks what the reference picks, game after game."""
    game = REGISTRY.get("legends")
    for seed in range(3):
        state = game.new({"players": 3, "mission": 1 + 5 * seed}, seed)
        bots = [ISMCTSBot(iterations=60), ReferenceBot(iterations=60)]
        rngs = [Rng(seed), Rng(seed)]
        for _ in range(120):
            seat = game.to_act(state)
            if seat is None:
                break
            picked = [
                b.choose(Decision(game, state, seat), r) for b, r in zip(bots, rngs, strict=True)
            ]
            assert picked[0] == picked[1]
            assert bots[0].last_iterations == bots[1].last_iterations
            game.step(state, picked[0])


@pytest.mark.parametrize(
    ("fast", "slow"), [(ClairvoyantBot, _RefClairvoyant), (HandReaderBot, _RefHandReader)]
)
def test_reference_bots_match_too(fast: type[ISMCTSBot], slow: type[ISMCTSBot]) -> None:
    game = REGISTRY.get("legends")
    for n, s in enumerate(_positions(game, {"players": 3, "mission": 7}, 3, 11)):
        seat = game.to_act(s)
        trees = [
            _tree(cls(iterations=80).search(Decision(game, s.copy(), seat), Rng(n), True))
            for cls in (fast, slow)
        ]
        assert trees[0] == trees[1]

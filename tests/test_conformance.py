"""The conformance suite (DESIGN.md section 6) over every registered game."""

from __future__ import annotations

from typing import Any

import pytest

from hellas.core.conformance import check_capabilities, random_game
from hellas.games import REGISTRY

# Games and how many random games each option set gets: shallow (every step: legality, replay,
# invariants) and deep (plus JSON round trip, copy independence, views and determinization).
COVERED = {
    "legends": {"shallow_per_options": 12, "deep_every": 9},
    "realms": {"shallow_per_options": 40, "deep_every": 1},
    "lords": {"shallow_per_options": 25, "deep_every": 1},
}


def test_every_registered_game_is_covered() -> None:
    assert set(REGISTRY.ids()) == set(COVERED)


def _cases() -> list[Any]:
    cases = []
    for game in REGISTRY:
        plan = COVERED[game.meta.id]
        for i, options in enumerate(game.conformance_options()):
            cases.append(pytest.param(game.meta.id, options, i, plan, id=f"{game.meta.id}-{i}"))
    return cases


@pytest.mark.parametrize(("game_id", "options", "index", "plan"), _cases())
def test_random_games_never_break_the_contract(
    game_id: str, options: dict[str, Any], index: int, plan: dict[str, int]
) -> None:
    game = REGISTRY.get(game_id)
    for k in range(plan["shallow_per_options"]):
        seed = index * 1000 + k
        random_game(game, options, seed, deep=(k == 0 and index % plan["deep_every"] == 0))


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_the_lean_contract_and_capabilities_hold(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    for seed, options in enumerate(game.conformance_options()[:2]):
        assert check_capabilities(game, options, seed) > 0

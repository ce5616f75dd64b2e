"""The conformance suite over every registered game: the contract, then each capability.

Every game in the registry is covered without a line here: how many random games each option
set gets comes from the game's ``Coverage`` capability (shallow: every step checks legality,
replay and invariants; deep: plus the JSON round trip, copy independence, views and
determinization).
"""

from __future__ import annotations

from typing import Any

import pytest

from hellas.core.capabilities import Coverage, capability
from hellas.core.conformance import check_capabilities, random_game
from hellas.core.registry import Registry
from hellas.games import REGISTRY
from tests.nim import NimGame


def _cases(registry: Registry = REGISTRY) -> list[Any]:
    cases = []
    for game in registry:
        cover = capability(game, Coverage)
        plan = {"shallow_per_options": cover.shallow_per_options, "deep_every": cover.deep_every}
        for i, options in enumerate(game.conformance_options()):
            cases.append(pytest.param(game.meta.id, options, i, plan, id=f"{game.meta.id}-{i}"))
    return cases


def test_every_registered_game_is_covered() -> None:
    assert {case.values[0] for case in _cases()} == set(REGISTRY.ids())


def test_a_game_added_to_the_registry_is_covered_with_no_line_here() -> None:
    """Nim declares no coverage: the default plan and golden game apply to it."""
    registry = Registry([*REGISTRY, NimGame()])
    nim = [case.values for case in _cases(registry) if case.values[0] == NimGame.meta.id]
    assert nim and nim[0][3] == {"shallow_per_options": 10, "deep_every": 1}
    random_game(registry.get(NimGame.meta.id), nim[0][1], 1, deep=True)


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

"""Capabilities are found through the registry; a game's own objects replace the adapters."""

from __future__ import annotations

from typing import Any

import pytest

from hellas.core.capabilities import (
    BenchFigures,
    Presentation,
    Rules,
    SearchHints,
    capability,
)
from hellas.games import REGISTRY
from hellas.games.realms.present import RealmsPresentation


def test_every_game_meets_the_lean_contract() -> None:
    for game in REGISTRY:
        assert isinstance(game, Rules)
    assert not isinstance(object(), Rules)


def test_a_games_own_capability_wins_and_others_adapt_its_methods() -> None:
    realms, lords = REGISTRY.get("realms"), REGISTRY.get("lords")
    assert isinstance(REGISTRY.capability("realms", Presentation), RealmsPresentation)
    plain = REGISTRY.capability("lords", Presentation)
    assert type(plain) is Presentation and plain.game is lords
    hints = capability(lords, SearchHints)
    assert hints.lookahead_settings() == lords.lookahead_settings()
    assert hints.policy_reads_samples is False
    assert capability(realms, BenchFigures).game is realms


def test_a_capability_of_the_wrong_kind_is_refused() -> None:
    class Odd(type(REGISTRY.get("legends"))):  # type: ignore[misc]
        def capabilities(self) -> dict[type, Any]:
            return {Presentation: object()}

    with pytest.raises(TypeError, match="its Presentation is a object"):
        capability(Odd(), Presentation)

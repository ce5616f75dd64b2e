"""What Fantasy Realms offers beyond its rules: search hints, narration and test coverage.

Returned by ``RealmsGame.capabilities`` beside its presentation (``present.py``): states carry
their generator (search re-seeds it), the terminal shows card texts and tells the ending, and
the shared test harness plays the conformance plan and golden games named here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hellas.core.capabilities import Coverage, GoldenCase, Narration, SearchHints
from hellas.core.game import View


class RealmsSearch(SearchHints):
    """The generic hints over the game's methods; its states carry their generator."""

    seeded_states = True


class RealmsNarration(Narration):
    """Card texts by name (``card``) and the final hands told in words."""

    def card_text(self) -> Callable[[str], str]:
        """Return a card's text by name."""
        from hellas.games.realms.render import explain  # noqa: PLC0415 - rich loads lazily

        return explain

    def story(self) -> Callable[[View, dict[str, Any]], list[str]]:
        """Return the ending in words."""
        from hellas.games.realms.render import story  # noqa: PLC0415

        return story


class RealmsCoverage(Coverage):
    """Conformance: 40 random games per option set, all deep; goldens greedy and manual."""

    shallow_per_options = 40
    deep_every = 1

    def golden_cases(self) -> Sequence[GoldenCase]:
        """Return a greedy three-player game and a manual-endgame four-player game with Dionysus."""
        return (
            GoldenCase("realms-3p-greedy", {"players": 3}, 5, ("greedy", "greedy", "random")),
            GoldenCase(
                "realms-4p-manual-promo",
                {"players": 4, "endgame": "manual", "promo": True},
                9,
                ("random", "greedy", "random", "greedy"),
            ),
        )

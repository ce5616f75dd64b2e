"""What Fantasy Realms offers the shared test harness: its conformance plan and golden games.

Returned by ``RealmsGame.capabilities`` beside its presentation (``present.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.core.capabilities import Coverage, GoldenCase


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

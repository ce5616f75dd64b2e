"""What Legends of Hellas offers beyond its rules: the campaign and its test coverage.

The game returns these from ``LegendsGame.capabilities``; front ends ask the registry for them
(``hellas.core.capabilities``): the accounts keep each player's missions won and lost at each
difficulty, and the shared test harness plays the golden games named here.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.core.capabilities import Campaign, CampaignResult, Coverage, GoldenCase
from hellas.core.game import Outcome, View
from hellas.games.legends.content import DIFFICULTIES, content


class LegendsCampaign(Campaign):
    """The 12 missions at each of the three difficulties, each won or lost by the team."""

    title = "Legends campaign"
    step_noun = "Mission"

    def levels(self) -> Sequence[tuple[str, str]]:
        """Return the difficulties, easiest first, with their names."""
        return tuple((d, d.capitalize()) for d in DIFFICULTIES)

    def steps(self) -> Sequence[str]:
        """Return the missions' names in order (``1. The Hills of Ithaka``)."""
        return tuple(f"{m.number}. {m.name}" for m in content().missions)

    def result(self, public: View, outcome: Outcome) -> CampaignResult | None:
        """Return the mission, difficulty and result from the finished game's public view."""
        return CampaignResult(
            str(public["difficulty"]), int(public["mission"]["number"]), public["result"] == "won"
        )


class LegendsCoverage(Coverage):
    """Conformance: every option set (900), 12 random games each; goldens at three missions."""

    shallow_per_options = 12
    deep_every = 9

    def golden_cases(self) -> Sequence[GoldenCase]:
        """Return missions 1, 7 and 12 at each difficulty once, with heuristic and random bots."""
        return (
            GoldenCase(
                "legends-m1-3p-heroic",
                {"mission": 1, "players": 3, "difficulty": "heroic"},
                42,
                ("heuristic", "heuristic", "heuristic"),
            ),
            GoldenCase(
                "legends-m7-4p-human",
                {"mission": 7, "players": 4, "difficulty": "human"},
                7,
                ("heuristic", "random", "heuristic", "heuristic"),
            ),
            GoldenCase(
                "legends-m12-2p-godlike",
                {"mission": 12, "players": 2, "difficulty": "godlike"},
                12,
                ("random", "random"),
            ),
        )

"""What Legends of Hellas offers beyond its rules: search hints, narration, campaign, coverage.

The game returns these from ``LegendsGame.capabilities``; front ends ask the registry for them
(``hellas.core.capabilities``): ISMCTS calls the rule functions directly and reads the team's
win chance for hints, the terminal tells the mission's rules and the ending, the accounts keep
each player's missions won and lost at each difficulty, and the shared test harness plays the
golden games named here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hellas.core.capabilities import (
    Campaign,
    CampaignResult,
    Coverage,
    GoldenCase,
    Narration,
    SearchHints,
    SearchKernel,
)
from hellas.core.game import Outcome, View
from hellas.games.legends import rules
from hellas.games.legends.content import DIFFICULTIES, content
from hellas.games.legends.value import estimate
from hellas.games.legends.value import evaluate as search_value


class LegendsSearch(SearchHints):
    """The generic hints over the game's methods, plus its rule kernel and the team's chance."""

    seeded_states = True

    def kernel(self) -> SearchKernel:
        """Return the very functions ``_apply``, ``to_act``, ``choices`` and ``evaluate`` run.

        Called without the method calls around them (compiled, they are C calls).
        """
        return SearchKernel(rules.play, None, rules.to_act, rules.legal, search_value)

    def chance(self) -> Callable[[Any, int], float]:
        """Return the estimated chance that the team wins from a state (for hints)."""
        return _team_chance


def _team_chance(s: Any, seat: int) -> float:
    """Return the value model's estimate that the team wins from ``s`` (any seat: one team)."""
    return estimate(s)


class LegendsNarration(Narration):
    """The mission's special rules at the start and the ending told as the team's story."""

    def rules_text(self) -> Callable[[View], list[str]]:
        """Return the mission and its special rule in words."""
        from hellas.games.legends.render import rules as told  # noqa: PLC0415 - rich loads lazily

        return told

    def story(self) -> Callable[[View, dict[str, Any]], list[str]]:
        """Return the ending in words."""
        from hellas.games.legends.render import story  # noqa: PLC0415

        return story


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

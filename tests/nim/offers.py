"""What Nim offers beyond its rules, as a real game does: an explanation and a campaign.

Returned by ``NimGame.capabilities`` (the only place front ends learn of them):

- :class:`NimPresentation` explains a position: with two players, a heap that is a multiple of
  four is lost for the player to move against perfect play, any other is won by taking the
  remainder (``hellas explain nim --record ...`` or ``--set heap=7``);
- :class:`NimCampaign` keeps an account's progress over heaps of three sizes, at two or three
  players: a step is won when the player who opened took the last stone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hellas.core.capabilities import Campaign, CampaignResult, Explanation, Presentation
from hellas.core.errors import OptionError, quoted
from hellas.core.game import Outcome, View

# the campaign's steps: heaps up to each size, by name (step 1 first)
SIZES = (
    (7, "A small heap (1-7 stones)"),
    (15, "A middling heap (8-15)"),
    (50, "A big heap (16-50)"),
)


def advice(heap: int, players: int) -> tuple[str, int | None]:
    """Return the position's reading in words and the take that wins (``None``: none does)."""
    if players != 2:
        return f"{heap} stones among {players} players: no simple rule decides it.", None
    if heap % 4 == 0:
        return f"{heap} stones, a multiple of 4: the player to move loses against best play.", None
    take = heap % 4
    return f"{heap} stones: taking {take} leaves a multiple of 4 and wins with best play.", take


class NimPresentation(Presentation):
    """Nim's explanations: the multiple-of-four rule, from a view or a heap given in words."""

    position_fields: Mapping[str, str] = {"heap": "stones left", "players": "2 or 3 (default 2)"}

    def explain(self, outcome: Outcome | None, view: View, seat: int | None) -> Explanation:
        """Explain a finished game as the default does, a running one by the four rule."""
        if outcome is not None:
            return super().explain(outcome, view, seat)
        line, take = advice(int(view["heap"]), int(view["players"]))
        data = {"over": False, "heap": view["heap"], "players": view["players"], "take": take}
        return Explanation(line, data)

    def explain_position(self, fields: Mapping[str, str], choose: Sequence[str]) -> Explanation:
        """Explain ``--set heap=N [--set players=2|3]``; anything else is refused in one line."""
        unknown = sorted(set(fields) - set(self.position_fields))
        if unknown or "heap" not in fields:
            raise OptionError(f"Nim reads --set heap=N (and players=2 or 3), not {quoted(unknown)}")
        given = quoted(dict(fields))
        try:
            heap, players = int(fields["heap"]), int(fields.get("players", "2"))
        except ValueError:
            raise OptionError(f"heap and players are whole numbers, got {given}") from None
        if not 1 <= heap <= 50 or players not in (2, 3):
            raise OptionError(f"Nim takes a heap of 1-50 and 2 or 3 players, got {given}")
        line, take = advice(heap, players)
        return Explanation(line, {"over": False, "heap": heap, "players": players, "take": take})


class NimCampaign(Campaign):
    """Heaps of three sizes at two levels (two or three players); the opener wins a step."""

    title = "Nim heaps"
    step_noun = "Heap"

    def levels(self) -> Sequence[tuple[str, str]]:
        """Return the two levels: two and three players."""
        return (("two", "Two players"), ("three", "Three players"))

    def steps(self) -> Sequence[str]:
        """Return the three heap sizes."""
        return tuple(name for _most, name in SIZES)

    def result(self, public: View, outcome: Outcome) -> CampaignResult | None:
        """Return the step of the starting heap, won when the opener (seat 1) took the last."""
        start, players = int(public["start"]), int(public["players"])
        step = next(i for i, (most, _name) in enumerate(SIZES, 1) if start <= most)
        level = "two" if players == 2 else "three"
        return CampaignResult(level, step, 0 in outcome.winners)


def offers(game: Any) -> dict[type, Any]:
    """Return the capability objects of ``game`` (Nim) by kind."""
    return {Presentation: NimPresentation(game), Campaign: NimCampaign(game)}

"""Realms' presentation capability: scores explained card by card, for ``hellas explain``.

A saved position is explained from a seat's view only (its own hand and Afterlife; every hand
once the game is over); a position in words is a hand and an Afterlife, scored exactly by the
solver with the endgame decisions the player fixes and the best ones for the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hellas.core.capabilities import Explanation, Presentation
from hellas.core.errors import HellasError
from hellas.core.game import Outcome, View


class RealmsPresentation(Presentation):
    """Realms on screen: the generic presentation plus exact score explanations."""

    position_fields: Mapping[str, str] = {
        "hand": "comma-separated card names in the hand",
        "afterlife": "comma-separated card names in the Afterlife",
    }

    def explain(self, outcome: Outcome | None, view: View, seat: int | None) -> Explanation:
        """Explain the seat's hand (every hand once over) card by card."""
        from hellas.games.realms.render import score_table  # noqa: PLC0415

        base = super().explain(outcome, view, seat)
        reports: list[tuple[int, dict[str, Any]]] = []
        if view.get("scores"):
            reports = list(enumerate(view["scores"]))
        elif seat is not None and view.get("score"):
            reports = [(seat, view["score"])]
        if not reports:
            return base
        tables = [
            score_table(r, f"{self.seat_name(view, q)}: {r['score']} points") for q, r in reports
        ]
        data = {**base.data, "hands": {str(q): r for q, r in reports}}
        return Explanation(base.headline, data, _stack(tables))

    def explain_position(self, fields: Mapping[str, str], choose: Sequence[str]) -> Explanation:
        """Score a hand and Afterlife exactly, with the endgame decisions in ``choose``."""
        from hellas.games.realms.content import deck  # noqa: PLC0415
        from hellas.games.realms.lookup import parse_cards  # noqa: PLC0415
        from hellas.games.realms.render import score_table  # noqa: PLC0415
        from hellas.games.realms.scoring import Table  # noqa: PLC0415
        from hellas.games.realms.solver import solve  # noqa: PLC0415
        from hellas.games.realms.view import score_report  # noqa: PLC0415

        unknown = sorted(set(fields) - set(self.position_fields))
        if unknown:
            raise HellasError(
                f"Realms positions take {', '.join(self.position_fields)}, not {', '.join(unknown)}"
            )
        cards = deck()
        mine = parse_cards(cards, fields.get("hand", ""))
        after = parse_cards(cards, fields.get("afterlife", ""))
        both = {c.id for c in mine} & {c.id for c in after}
        if both:
            raise HellasError(
                f"{', '.join(sorted(both))} cannot be in the hand and the Afterlife at once"
            )
        table = Table(mine, after)
        try:
            solution = solve(table, list(choose))
        except ValueError as exc:
            raise HellasError(str(exc)) from exc
        report = score_report(table, solution.outcome, solution.score, solution.choices)
        headline = f"Best score: {solution.score}"
        return Explanation(headline, report, score_table(report, headline))


def _stack(tables: list[Any]) -> Any:
    from rich.console import Group  # noqa: PLC0415 - the terminal's library, loaded on demand

    return Group(*tables)

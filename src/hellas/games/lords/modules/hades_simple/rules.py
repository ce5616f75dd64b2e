"""Hades, simple mode: Hades' Monument in Thessaly instead of Zeus', the Helmet, the Blessings.

"All other rules of the base game apply normally": no Warriors of Hades, Raise, Gates or
Underworld, so killed Hoplites go back to the supply.  The shared rules (Monument Power,
Helmet, Blessings) live in ``modules/hades/common.py``.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.fx import removed
from hellas.games.lords.modules.hades import common
from hellas.games.lords.state import LordsState

MODULE_ID = "hades-simple"


def prepare(s: LordsState) -> None:
    """Keep the module's (empty) state: killed Hoplites go back to the supply as usual."""
    s.mod[MODULE_ID] = {}


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Hades replaces Zeus; Hoplites removed from the game, if any (all public)."""
    lines = ["Hades' Monument stands in Thessaly instead of Zeus'"]
    gone = common.removed_line(s)
    if gone:
        lines.append(gone)
    return {
        "title": "Hades (simple mode)",
        "lines": lines,
        "players": [[] for _ in range(s.n)],
        "regions": {},
        "cards": [common.help_card(s, "hades-simple")],
        "private": [],
        "removed": removed(s),
    }


def invariants(s: LordsState) -> None:
    """Check that no count of removed Hoplites is negative."""
    if min(removed(s)) < 0:
        raise AssertionError("a negative count of removed Hoplites")

"""Hades, simple mode: Hades' Monument in Thessaly instead of Zeus', the Helmet, the Blessings.

"All other rules of the base game apply normally": no Warriors of Hades, Raise, Gates or
Underworld, so killed Hoplites go back to the supply.  The shared rules (Monument Power,
Helmet, Blessings) live in ``modules/hades/common.py``.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.modules.hades import common
from hellas.games.lords.state import LordsState

MODULE_ID = "hades-simple"


def prepare(s: LordsState) -> None:
    """Keep the count of Hoplites removed from the game (Price of Victory)."""
    s.mod[MODULE_ID] = common.prepare_common(s)


def hoplites_killed(s: LordsState, region: int, seat: int, count: int) -> None:
    """Count the dead of a Battle (Price of Victory); they return to the supply as usual."""
    common.count_battle_deaths(s, region, seat, count)


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
        "cards": [],
        "private": [],
        "removed": list(common.store(s)["removed"]),
    }


def invariants(s: LordsState) -> None:
    """Check that no count of removed Hoplites is negative."""
    if min(common.store(s)["removed"]) < 0:
        raise AssertionError("a negative count of removed Hoplites")

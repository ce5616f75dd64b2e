"""Cleito's rules: her starting Priest and her heal instead of the Hero Movement.

"Special Ability: Instead of performing a Hero Movement Regular Action, you can heal 1 Injury on
Cleito.  Starting Bonus: Cleito starts with 1 Priest in her Priest Pool."  The rules read the
Hero record's named bonus (``priest``) and ability (``heal-instead-of-move``), so a content pack
Hero with the same names plays the same way.  The choice keys keep the ``atl-heal:`` spelling
they had when Cleito came only with the Atlantis module (saved records replay).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.board import gain_priest
from hellas.games.lords.bots_hunt import hero_goal
from hellas.games.lords.frames import TurnFrame
from hellas.games.lords.state import RA_HERO, LordsState


def entries(c: Any) -> list[tuple[str, str]]:
    """Return Cleito's choice keys for the configured Attributes."""
    return [
        (f"atl-heal:{a}", f"Cleito: heal your {a.capitalize()} Injury instead of Hero Movement")
        for a in c.attributes
    ]


def placed(s: LordsState) -> None:
    """Her starting bonus: 1 Priest in her Priest Pool."""
    for q in range(s.n):
        if s.content.heroes[s.heroes[q]].bonus == "priest":
            gain_priest(s, q)


def turn_options(s: LordsState, seat: int, f: TurnFrame) -> list[str]:
    """Offer the heal of each Injury while the Hero Movement is not taken."""
    c = s.content
    if (
        c.heroes[s.heroes[seat]].ability != "heal-instead-of-move"
        or s.regular & RA_HERO
        or not s.injured[seat]
    ):
        return []
    return [f"atl-heal:{a}" for i, a in enumerate(c.attributes) if s.injured[seat] >> i & 1]


def turn_choose(s: LordsState, f: TurnFrame, seat: int, key: str) -> None:
    """Heal the Injury; the Hero Movement Regular Action is spent."""
    s.regular |= RA_HERO  # instead of the Hero Movement Regular Action
    s.injured[seat] &= ~(1 << s.content.attributes.index(key.partition(":")[2]))


def panel(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the module's panel: Cleito's ability, and a badge on her player (public)."""
    heroes = s.content.heroes
    badges = [
        ["Heals an Injury instead of moving"]
        if s.heroes[q] >= 0 and heroes[s.heroes[q]].ability == "heal-instead-of-move"
        else []
        for q in range(s.n)
    ]
    return {
        "title": "Cleito",
        "lines": ["Cleito may heal 1 Injury instead of moving; she starts with a Priest"],
        "players": badges,
        "regions": {},
        "cards": [],
        "private": [],
    }


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Heal with two Injuries or more, or when the Hero has nowhere to go."""
    if s.stack[-1]["k"] != "turn":
        return None
    heals = [c for c in options if c.key.startswith("atl-heal:")]
    if heals and (bin(s.injured[seat]).count("1") >= 2 or hero_goal(s, seat) < 0):
        return heals[0]
    return None

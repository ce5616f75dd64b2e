"""The heuristic bot's Opportunity knowledge: when a face-up card is worth its price."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.bots_hunt import wants_hunt
from hellas.games.lords.modules.opportunity.rules import cards
from hellas.games.lords.state import SPECIALS, LordsState

SPECIAL_BITS = (1 << len(SPECIALS)) - 1  # Used Action Tokens on Special Actions


def worth_using(s: LordsState, seat: int, key: str) -> bool:
    """Return whether the heuristic uses this face-up card now (its conditions hold)."""
    card = next(c for c in cards(s.content) if key == f"opp-use:{c.id}")
    does = dict(card.effects[0].effects)
    if "injure-self" in does:
        # Injuries for a gain: only with a healthy Hero that is not about to Hunt
        return not s.injured[seat] and wants_hunt(s, seat) is None
    if "untoken" in does:
        used = bin(s.used[seat] & SPECIAL_BITS).count("1")
        return used >= 2 or (used >= 1 and s.priests[seat] >= 2)
    return True  # another card: its clause's conditions already hold


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the heuristic's choice for the face-up card at a turn's start, else ``None``."""
    if s.stack[-1]["k"] == "turn":
        for c in options:
            if c.key.startswith("opp-use:") and worth_using(s, seat, c.key):
                return c
    return None


__all__ = ["bot_choose"]

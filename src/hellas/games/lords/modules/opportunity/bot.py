"""The heuristic bot's Opportunity knowledge: when a face-up card is worth its price."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.bots import BATTLE_ARTIFACTS, GOOD_ARTIFACTS
from hellas.games.lords.bots_hunt import wants_hunt
from hellas.games.lords.modules.opportunity.rules import CARDS, SPECIAL_BITS
from hellas.games.lords.state import LordsState

# the Used Action Tokens worth taking back first
UNTOKEN_ORDER = ("march", "recruit", "temple", "hunt", "usurp", "prepare")


def worth_using(s: LordsState, seat: int, key: str) -> bool:
    """Return whether the heuristic uses this face-up card now."""
    card = next(c for c in CARDS if key == f"opp-use:{c.id}")
    if card.effect == "blood":
        # 2 Injuries for an Artifact: only with a healthy Hero that is not about to Hunt
        return not s.injured[seat] and wants_hunt(s, seat) is None
    used = bin(s.used[seat] & SPECIAL_BITS).count("1")
    return used >= 2 or (used >= 1 and s.priests[seat] >= 2)


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the heuristic's choice for Opportunity offers and frames, else ``None``."""
    f = s.stack[-1]
    kind = f["k"]
    if kind == "turn":
        for c in options:
            if c.key.startswith("opp-use:") and worth_using(s, seat, c.key):
                return c
        return None
    if kind == "opp-charge":
        for prefix in (*GOOD_ARTIFACTS, *BATTLE_ARTIFACTS):
            for c in options:
                if f"artifact:{c.key[11:]}".startswith(prefix):
                    return c
        return options[0]
    if kind == "untoken" and f.get("opp"):  # Reinvigoration's (Pheme's Trumpet: the base)
        for name in UNTOKEN_ORDER:
            for c in options:
                if c.key == f"untoken:{name}":
                    return c
    return None


__all__ = ["bot_choose"]

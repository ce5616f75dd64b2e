"""Combat Cards and Blessings: drawing, the hand limit, and gaining Blessings.

The Combat deck reshuffles its discard pile when it runs out.  A player above the hand limit
(4, or what a held card's ``hand-limit`` says, e.g. Armory's 6) must discard at once: a
``discard`` frame is pushed for them (once: a pending one discards down to the limit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hellas.games.lords import hooks
from hellas.games.lords.content import LEADERSHIP, CombatCard, Content
from hellas.games.lords.fx_index import passive
from hellas.games.lords.state import LordsState

HAND_LIMIT = 4
MAX_ATTRIBUTE = 5


def deck_cards(c: Content, options: Mapping[str, Any]) -> list[CombatCard]:
    """Return the Combat Card records of the Combat deck (each comes ``count`` times).

    The core box's cards, plus the 6 additional ones when the ``combat-cards`` module is in
    play (``validate_options`` sets its alias ``additional_combat_cards`` with it); never a
    reusable card (Relics, Training cards), which stays in front of its owner.
    """
    additional = bool(options.get("additional_combat_cards"))
    return [
        card for card in c.combat if (additional or not card.additional) and card.kind == "deck"
    ]


def hand_limit(s: LordsState, seat: int) -> int:
    """Return ``seat``'s Combat Card limit (a held card's ``hand-limit`` may raise it)."""
    more = passive(s, seat, "hand-limit")
    return max(HAND_LIMIT, *more) if more else HAND_LIMIT


def draw_combat(s: LordsState, seat: int, count: int = 1) -> int:
    """Draw Combat Cards (reshuffling the discard pile if needed); return how many."""
    drawn = 0
    for _ in range(count):
        if not s.combat_deck:
            if not s.combat_discard:
                break
            s.combat_deck = s.combat_discard
            s.combat_discard = []
            s.rng.shuffle(s.combat_deck)
        s.hands[seat].append(s.combat_deck.pop())
        drawn += 1
    s.hands[seat].sort()
    return drawn


def enforce_limit(s: LordsState, seat: int) -> None:
    """Push a discard decision if ``seat`` holds more Combat Cards than allowed.

    Once only: a hand-limit discard already pending for the seat discards down to the limit.
    """
    if len(s.hands[seat]) > hand_limit(s, seat) and not any(
        f["k"] == "discard" and f.get("seat") == seat and "limit" not in f for f in s.stack
    ):
        s.stack.append({"k": "discard", "seat": seat})


def discard_combat(s: LordsState, seat: int, card: int) -> None:
    """Move one Combat Card from a hand to the discard pile."""
    s.hands[seat].remove(card)
    s.combat_discard.append(card)


def raise_attribute(s: LordsState, seat: int, a: int, by: int = 1) -> None:
    """Raise an Attribute permanently (at most 5)."""
    i = seat * s.na + a
    s.attrs[i] = min(MAX_ATTRIBUTE, s.attrs[i] + by)


def receive_blessing(s: LordsState, seat: int, blessing: int) -> None:
    """Give ``seat`` a Blessing and apply what it does at once (its ``received`` clauses)."""
    s.blessings[seat].append(blessing)
    if s.options.get("modules"):
        bid = s.content.blessings[blessing].id
        hooks.run(s, "blessing_received", seat, bid)  # a module's rule on receiving a Blessing
    if s.content.blessings[blessing].effects:
        from hellas.games.lords import fx  # noqa: PLC0415 - fx applies effects with these helpers

        fx.fire_blessing(s, seat, blessing, "received")
    enforce_limit(s, seat)


__all__ = ["LEADERSHIP", "draw_combat", "enforce_limit", "hand_limit", "receive_blessing"]

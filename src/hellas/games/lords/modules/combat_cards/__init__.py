"""The Additional Combat Cards module of Lords of Hellas: Dark Ages.

The 6 cards are records of the base data (``data/combat.toml``, marked ``additional``) so that
the core box's card indices never move.  This module owns them: ``validate_options`` sets the
old option ``additional_combat_cards`` exactly when this module is chosen (either spelling turns
on both), and ``cards.deck_cards`` shuffles the marked cards into the Combat deck only then.
Their Battle effects (Tactical Withdrawal, Offerings for the Gods, Final Charge, Sudden Strike)
are base effect names in ``battle.py``; their Hunt uses follow their symbols (``hunt.py``).
The panel lists the 6 cards for the front ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.hooks import Module, register
from hellas.games.lords.state import LordsState

# what each effect does in a Battle, in short (the Hunt use comes from the symbol)
EFFECTS = {
    "tactical-withdrawal": "you may withdraw at once; no Casualties for you",
    "offerings": "a Battle won by a Shrine or Temple: +1 Priest",
    "final-charge": "attacking: the card-playing ends at once",
    "sudden-strike": "attacking: the card-playing ends at once; the first card: Strength 7",
}


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the panel: the 6 additional cards and what they do (public)."""
    cards = [
        {
            "id": c.id,
            "name": c.name,
            "text": f"{c.symbol}, Strength {c.strength}: {EFFECTS.get(c.effect, '')}",
            "state": "in the Combat deck",
        }
        for c in s.content.combat
        if c.additional
    ]
    return {
        "title": "Additional Combat Cards",
        "lines": [f"{len(cards)} additional Combat Cards are shuffled into the Combat deck"],
        "players": [[] for _ in range(s.n)],
        "regions": {},
        "cards": cards,
        "private": [],
    }


MODULE = register(
    Module(
        id="combat-cards",
        title="Additional Combat Cards",
        summary="the 6 additional Combat Cards",
        expansion_icon=False,
        requires=(),
        excludes=(),
        players=(),
        hooks={"view": view},
    )
)

__all__: Sequence[str] = ("MODULE",)

"""Card names as people type them: case, punctuation and a leading "The" do not matter."""

from __future__ import annotations

import re

from hellas.core.errors import HellasError, suggest
from hellas.games.realms.content import Card, Deck


def _norm(text: str) -> str:
    text = text.strip().lower()
    text = re.sub(r"^the\s+", "", text)
    return re.sub(r"[^a-z0-9]+", "", text)


def find_card(deck: Deck, text: str) -> Card:
    """Return the card named ``text`` (name or id), or raise with suggestions."""
    wanted = _norm(text)
    for c in deck.cards:
        if wanted in (_norm(c.name), _norm(c.id)):
            return c
    names = [c.name for c in deck.cards]
    hint = suggest(text.strip(), names)
    did = f"; did you mean {' or '.join(repr(h) for h in hint)}?" if hint else ""
    raise HellasError(f"unknown card {text.strip()!r}{did}")


def parse_cards(deck: Deck, text: str) -> list[Card]:
    """Parse a comma-separated list of card names; every card may appear only once."""
    out: list[Card] = []
    for part in text.split(","):
        if part.strip():
            card = find_card(deck, part)
            if card in out:
                raise HellasError(f"{card.name} is listed twice (every card is unique)")
            out.append(card)
    return out

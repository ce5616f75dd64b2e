"""Legends of Hellas hands and decks: card movements with their knowledge bookkeeping, and names.

Every card that moves between the deck, a hand and the discard pile goes through here, so the
record of who knows which card a hand holds (``LegendsState.known``, read by ``view`` and by
``determinize``) never falls out of step with the cards themselves.  The small naming helpers
for log lines live here too, shared by the rules and the view.
"""

from __future__ import annotations

from hellas.core.game import everyone
from hellas.games.legends import notes as N
from hellas.games.legends.content import content
from hellas.games.legends.notes import NoteLog, Notes
from hellas.games.legends.state import CHIMERA, HADES, LegendsState, MonsterSlot

# -- knowledge bookkeeping -------------------------------------------------------------------


def learn(s: LegendsState, observers: int, owner: int, card: int) -> None:
    """Record that every observer in the bitmask now knows ``owner`` holds ``card``."""
    n = s.n
    known = s.known
    for obs in range(n + 1):
        if obs != owner and (observers >> obs) & 1:
            known[(obs * n + owner) * 6 + card] += 1
            s.known_sum[owner] += 1


def forget(s: LegendsState, owner: int, card: int, seen_by: int) -> None:
    """``owner`` lost one card: observers in ``seen_by`` saw it was ``card``, others did not."""
    if not s.known_sum[owner]:
        return
    n = s.n
    known = s.known
    total = 0
    for obs in range(n + 1):
        if obs == owner:
            continue
        base = (obs * n + owner) * 6
        if (seen_by >> obs) & 1:
            if known[base + card]:
                known[base + card] -= 1
        else:
            for t in range(6):
                if known[base + t]:
                    known[base + t] -= 1
        total += sum(known[base : base + 6])
    s.known_sum[owner] = total


def reset_knowledge(s: LegendsState, owner: int) -> None:
    """Nobody knows anything about ``owner``'s hand any more (it was replaced)."""
    if not s.known_sum[owner]:
        return
    n = s.n
    for obs in range(n + 1):
        base = (obs * n + owner) * 6
        s.known[base : base + 6] = [0] * 6
    s.known_sum[owner] = 0


# -- card movements ----------------------------------------------------------------------------


def take(s: LegendsState, seat: int, card: int, seen_by: int) -> None:
    """Take ``card`` out of ``seat``'s hand; the observers in ``seen_by`` saw which it was."""
    s.hands[seat * 6 + card] -= 1
    s.hsize[seat] -= 1
    forget(s, seat, card, seen_by)


def put(s: LegendsState, seat: int, card: int, known_by: int = 0) -> None:
    """Put ``card`` into ``seat``'s hand; the observers in ``known_by`` know it is there."""
    s.hands[seat * 6 + card] += 1
    s.hsize[seat] += 1
    if known_by:
        learn(s, known_by, seat, card)


def empty_hand(s: LegendsState, seat: int) -> list[int]:
    """Take every card out of ``seat``'s hand (nobody knows anything about it any more)."""
    cards = [t for t in range(6) for _ in range(s.hands[seat * 6 + t])]
    s.hands[seat * 6 : seat * 6 + 6] = [0] * 6
    s.hsize[seat] = 0
    reset_knowledge(s, seat)
    return cards


def draw(s: LegendsState, seat: int) -> int:
    """Draw the top card of the draw deck into ``seat``'s hand and return it."""
    card = s.deck.pop()
    known = 0
    if s.deck_known:
        # The Oracle showed this card to everybody: they all know who holds it now.
        s.deck_known -= 1
        known = everyone(s.n)
    put(s, seat, card, known)
    return card


def log_draw(s: LegendsState, seat: int, card: int, ev: Notes) -> None:
    """Note a draw: the public line, and the card itself for the drawer only."""
    ev.append((N.DRAW, seat, s.heroes[seat], s.hsize[seat], len(s.deck)))
    ev.append((N.DRAW_OWN, seat, card))


def discard(s: LegendsState, seat: int, card: int, mask: int, ev: NoteLog) -> None:
    """Discard ``card`` face-down from ``seat``'s hand; ``mask`` = who knows what it was."""
    take(s, seat, card, mask)
    s.discard.append(card)
    s.dmask.append(mask)
    if ev is not None:
        ev.append((N.DISCARD, seat, s.heroes[seat]))
        ev.append((N.DISCARD_OWN, seat, card))


# -- words ---------------------------------------------------------------------------------------


def hero_name(s: LegendsState, seat: int) -> str:
    """Return the name of the hero ``seat`` plays."""
    return content().heroes[s.heroes[seat]].name


def cap(text: str) -> str:
    """Return ``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def title(s: LegendsState, idx: int) -> str:
    """Return the title of monster slot ``idx``."""
    return slot_title(s.monsters[idx])


def slot_title(slot: MonsterSlot) -> str:
    """Return a slot's title in words: ``the Hydra``, ``the Chimera (A + B)``, ``Hades``."""
    if slot.kind == HADES:
        return "Hades"
    monsters = content().monsters
    if slot.kind == CHIMERA:
        a, b = sorted(slot.ids)
        return f"the Chimera ({monsters[a].name} + {monsters[b].name})"
    return f"the {monsters[slot.ids[0]].name}"

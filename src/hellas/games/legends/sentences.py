"""The Legends log in words: each note the rules wrote (``notes.py``) turned into its ``Event``.

Only read when someone reads the events ``apply`` returned (``hellas.core.events``); the rules
themselves never format a sentence.  Every note gives exactly one event.
"""

from __future__ import annotations

from collections.abc import Callable

from hellas.core.events import LazyEvents, Note
from hellas.core.game import Event
from hellas.games.legends import notes as N
from hellas.games.legends.content import CARD_TITLES, DIVINE, a_card, content
from hellas.games.legends.hands import cap, slot_title
from hellas.games.legends.state import FACE_DOWN, FACE_UP


def _name(hero: int) -> str:
    return content().heroes[hero].name


def _draw(n: Note) -> Event:
    _, seat, hero, hsize, left = n
    text = f"{_name(hero)} draws a card ({hsize} in hand, {left} left in the draw deck)."
    return Event("draw", text, None, {"seat": seat})


def _draw_own(n: Note) -> Event:
    _, seat, card = n
    return Event(
        "draw-own",
        f"You drew {a_card(card)} card.",
        frozenset((seat,)),
        {"seat": seat, "card": card},
    )


def _discard(n: Note) -> Event:
    _, seat, hero = n
    return Event("discard", f"{_name(hero)} discards a card face-down.", None, {"seat": seat})


def _discard_own(n: Note) -> Event:
    _, seat, card = n
    return Event(
        "discard-own",
        f"You discarded {a_card(card)} card.",
        frozenset((seat,)),
        {"seat": seat, "card": card},
    )


def _move(n: Note) -> Event:
    _, p, hero, slot = n
    text = f"{_name(hero)} moves to {slot_title(slot)} and must discard a card."
    return Event("move", text, None, {"seat": p})


def _wait(n: Note) -> Event:
    _, p, hero = n
    text = f"{_name(hero)} waits for another hero to place first."
    return Event("wait", text, None, {"seat": p})


def _support(n: Note) -> Event:
    _, p, hero, q, other = n
    text = f"{_name(hero)} supports {_name(other)}."
    return Event("support", text, None, {"seat": p, "to": q})


def _oracle_discard(n: Note) -> Event:
    _, p, hero, card = n
    text = f"{_name(hero)} discards the revealed {CARD_TITLES[card]} card."
    return Event("oracle-discard", text, None, {"seat": p, "card": card})


def _place(n: Note) -> Event:
    _, p, hero, slot = n
    text = f"{_name(hero)} places their disc on {slot_title(slot)}."
    return Event("place", text, None, {"seat": p, "monster": slot.name})


def _first_turn(n: Note) -> Event:
    _, seat, hero = n
    return Event("turn", f"Turn 1: {_name(hero)} takes the first turn.", None, {"seat": seat})


def _fight(n: Note) -> Event:
    _, p, hero, slot, card, as_attr, mode = n
    if mode == FACE_UP and card == DIVINE:
        what = f"a divine intervention as {CARD_TITLES[as_attr]}"
    elif mode == FACE_UP:
        what = f"{a_card(card)} card"
    elif mode == FACE_DOWN:
        what = (
            f"a card face-down with their special ability (it counts as "
            f"{CARD_TITLES[as_attr]}; their disc is now broken)"
        )
    else:
        what = "a divine intervention sideways to slay it"
    return Event(
        "fight",
        f"{_name(hero)} plays {what} on {slot_title(slot)}.",
        None,
        {
            "seat": p,
            "monster": slot.name,
            "as": as_attr,
            "mode": mode,
            "card": card if mode != FACE_DOWN else None,
        },
    )


def _fight_own(n: Note) -> Event:
    _, p, card = n
    text = f"Your face-down card was {a_card(card)}."
    return Event("fight-own", text, frozenset((p,)), {"card": card})


def _recover(n: Note) -> Event:
    _, p, hero, forced = n
    why = " (mission 5: after a divine intervention)" if forced else ""
    return Event("recover", f"{_name(hero)} recovers{why}.", None, {"seat": p})


def _give(n: Note) -> Event:
    _, p, hero, q, other = n
    text = f"{_name(hero)} gives a card to {_name(other)}."
    return Event("give", text, None, {"seat": p, "to": q})


def _give_own(n: Note) -> Event:
    _, p, hero, q, other, card = n
    return Event(
        "give-own",
        f"{_name(hero)} gave {_name(other)} {a_card(card)} card.",
        frozenset((p, q)),
        {"seat": p, "to": q, "card": card},
    )


def _support_discard(n: Note) -> Event:
    _, q, hero, count = n
    text = f"{_name(hero)} must discard {count} card(s)."
    return Event("support-discard", text, None, {"seat": q, "count": count})


def _oracle(n: Note) -> Event:
    _, p, hero, cards = n
    shown = ", ".join(CARD_TITLES[t] for t in cards)
    text = f"{_name(hero)} consults the Oracle: {shown}."
    return Event("oracle", text, None, {"seat": p, "cards": list(cards)})


def _oracle_return(n: Note) -> Event:
    _, p, hero, cards = n
    shown = ", ".join(CARD_TITLES[t] for t in cards)
    text = f"{_name(hero)} puts back, from the top: {shown}."
    return Event("oracle-return", text, None, {"seat": p, "cards": list(cards)})


def _cycle_deck(n: Note) -> Event:
    _, p, hero, k = n
    text = f"{_name(hero)} puts {k} card(s) under the draw deck and draws {k} (mission 6)."
    return Event("cycle", text, None, {"seat": p})


def _cycle_discard(n: Note) -> Event:
    _, p, hero, k = n
    text = (
        f"{_name(hero)} puts {k} card(s) under the discard pile and draws {k} from its top"
        " (mission 7)."
    )
    return Event("cycle", text, None, {"seat": p})


def _arrive(n: Note) -> Event:
    slot = n[1]
    return Event(
        "arrive", f"{cap(slot_title(slot))} enters the game.", None, {"monster": slot.name}
    )


def _defeat(n: Note) -> Event:
    _, slot, defeats, by_divine = n
    how = " by a divine intervention" if by_divine else ""
    return Event(
        "defeat",
        f"{cap(slot_title(slot))} is defeated{how}! ({defeats} defeated)",
        None,
        {"monster": slot.name, "by_divine": by_divine},
    )


def _won(n: Note) -> Event:
    return Event("won", n[1], None, {})


def _blocked(n: Note) -> Event:
    return Event("blocked", "No new monster replaces it (mission 10).", None, {})


def _turn(n: Note) -> Event:
    _, p, hero, turn = n
    return Event("turn", f"Turn {turn}: {_name(hero)}.", None, {"seat": p})


def _lost(n: Note) -> Event:
    return Event("lost", n[1], None, {})


_WORDS: dict[int, Callable[[Note], Event]] = {
    N.DRAW: _draw,
    N.DRAW_OWN: _draw_own,
    N.DISCARD: _discard,
    N.DISCARD_OWN: _discard_own,
    N.MOVE: _move,
    N.WAIT: _wait,
    N.SUPPORT: _support,
    N.ORACLE_DISCARD: _oracle_discard,
    N.PLACE: _place,
    N.FIRST_TURN: _first_turn,
    N.FIGHT: _fight,
    N.FIGHT_OWN: _fight_own,
    N.RECOVER: _recover,
    N.GIVE: _give,
    N.GIVE_OWN: _give_own,
    N.SUPPORT_DISCARD: _support_discard,
    N.ORACLE: _oracle,
    N.ORACLE_RETURN: _oracle_return,
    N.CYCLE_DECK: _cycle_deck,
    N.CYCLE_DISCARD: _cycle_discard,
    N.ARRIVE: _arrive,
    N.DEFEAT: _defeat,
    N.WON: _won,
    N.BLOCKED: _blocked,
    N.TURN: _turn,
    N.LOST: _lost,
}


def render(note: Note) -> Event:
    """Return the event a note of the rules stands for."""
    return _WORDS[note[0]](note)


class LegendsEvents(LazyEvents):
    """The events of one Legends ``apply``, rendered from the rules' notes when read."""

    __slots__ = ()
    render = staticmethod(render)

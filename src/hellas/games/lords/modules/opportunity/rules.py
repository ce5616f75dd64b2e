"""Opportunity Cards: shuffled into the Events Deck, turned face up when drawn, used on a turn.

Rulebook (Dark Ages, Opportunity Cards):

- "shuffle the Opportunity Cards into the Event Deck" (Game Preparation step 3): the module's
  cards are numbered after the base game's Events Deck cards (``hooks.event_total``).
- "When an Opportunity Card is drawn from the Event deck (during the Game Setup or any Event
  Phase), it is placed face up on the top of the Event deck."  Hellas holds it in
  ``s.mod["opportunity"]["up"]`` (public; the ``event_count`` hook counts it).  Drawn in an Event
  Phase it is that phase's Event; drawn during Game Preparation it counts toward the 7 cards
  drawn, and a second one drawn then sends the first to the discard pile.
- "It stays there until any player decides to use it or, if unused, is discarded at the start
  of the next Event Phase" (the ``event_phase`` hook).
- "At the beginning of their Turn (before performing any Action), a player may choose to use the
  face up Opportunity Card. The player applies the text written on the card and then draws a
  new Event Card from the deck." and "Opportunity Cards are discarded after use."  The new card
  is resolved as an Event (a lone ``event`` frame, without the Event Phase's hooks).

Cards: *Power from Blood* ("Deal 2 Injuries to your Hero. Charge chosen Artifact.") and
*Reinvigoration* ("Sacrifice a Priest. Remove up to 2 Used Action Tokens from any of your
Special Actions."), each one ``action`` clause of the effect vocabulary (``lords/effects.py``);
a content pack adds cards in ``<pack>/modules/opportunity.toml`` (``[[module.card]]``, ``new =
true``) and stand-ins are marked ``stand_in = true`` (left out with ``printed_only``).  The
Events Deck holds as many Opportunity cards as the game's content has (``event_count``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hellas.core.content import Fields
from hellas.games.lords import effects, fx, hooks
from hellas.games.lords.content import Content, configured, module_raw
from hellas.games.lords.effects import Clause
from hellas.games.lords.frames import TurnFrame
from hellas.games.lords.packs_modules import merge_pack_module
from hellas.games.lords.state import LordsState

ID = "opportunity"


@dataclass(frozen=True)
class Card:
    """One Opportunity card: its words and its ``action`` clause."""

    index: int
    id: str
    name: str
    text: str
    provenance: str
    effects: tuple[Clause, ...]
    stand_in: bool = False


def read_cards(
    records: Sequence[Mapping[str, Any]], source: str, printed_only: bool = False
) -> tuple[Card, ...]:
    """Check ``[[module.card]]`` records; every error names the file, record and field."""
    out: list[Card] = []
    kept = [r for r in records if not (printed_only and r.get("stand_in"))]
    for i, r in enumerate(kept):
        f = Fields(source, str(r.get("id", f"card {i + 1}")), r)
        card = Card(
            i,
            f.text("id"),
            f.text("name"),
            f.text("text"),
            f.provenance(),
            effects.parse(f, "effects", "opportunity"),
            f.flag("stand_in"),
        )
        f.finish()
        if len(card.effects) != 1:
            raise f.error("effects", 'an Opportunity card has one clause: {when = "action", ...}')
        if any(c.id == card.id for c in out):
            raise f.error("id", "two Opportunity cards have this id")
        out.append(card)
    return tuple(out)


def cards(c: Content) -> tuple[Card, ...]:
    """Return a game's Opportunity cards: the module's, a pack's, stand-ins unless printed only."""
    found: tuple[Card, ...] | None = c.derived.get(ID)
    if found is None:
        records = [dict(r) for r in module_raw(ID).get("module", {}).get("card", [])]
        source = "opportunity data.toml"
        pack_file = c.pack_modules.get(ID)
        if pack_file is not None:
            source = str(pack_file["path"])
            records = merge_pack_module(records, pack_file["data"], source, "card")
        found = c.derived[ID] = read_cards(records, source, c.printed_only)
    return found


def event_count(c: Content) -> int:
    """Return how many Opportunity cards a game's Events Deck holds."""
    return len(cards(c))


CARDS = cards(configured())  # the built-in cards (stand-ins included)


def mod(s: LordsState) -> dict[str, Any]:
    """Return this module's part of the state."""
    data: dict[str, Any] = s.mod[ID]
    return data


def first_card(s: LordsState) -> int:
    """Return the Events Deck number of this module's first card."""
    number = len(s.content.events)
    for m in hooks.active(s):
        if m.id == ID:
            break
        number += hooks.events_of(m, s)
    return number


def card_of(s: LordsState, event: int) -> Card:
    """Return the Opportunity card of an Events Deck number."""
    return cards(s.content)[event - first_card(s)]


# -- setup, drawing, the Event Phase --------------------------------------------------------------


def prepare(s: LordsState) -> None:
    """No card face up yet (the deck itself was shuffled with the base game's)."""
    s.mod[ID] = {"up": -1, "last": ""}


def event(s: LordsState, number: int, setup: bool) -> str:
    """Place a drawn Opportunity card face up on the Events Deck."""
    m = mod(s)
    if m["up"] >= 0:  # only during Game Preparation: the newer card covers the older one
        s.event_discard.append(m["up"])
    m["up"] = first_card(s) + number
    name = cards(s.content)[number].name
    return f"the Opportunity card {name} is placed face up on the Events Deck"


def event_phase(s: LordsState) -> None:
    """Discard an unused face-up card at the start of the Event Phase."""
    m = mod(s)
    if m["up"] >= 0:
        s.event_discard.append(m["up"])
        m["up"] = -1


def face_up_count(s: LordsState) -> int:
    """Count the face-up card (out of the deck and the discard pile)."""
    return 1 if mod(s)["up"] >= 0 else 0


# -- using the card at the beginning of a turn ------------------------------------------------


def opening(s: LordsState, f: TurnFrame) -> bool:
    """Return whether no Regular or Special Action has been taken yet this turn."""
    return s.regular == 0 and f["specials"] == 0 and not f["must"]


def usable(s: LordsState, seat: int, card: Card) -> bool:
    """Return whether ``seat`` can pay for the card: its clause's conditions hold."""
    return fx.holds(s, seat, card.effects[0], {})


def chargeable(s: LordsState, seat: int) -> list[str]:
    """Return ``seat``'s Artifacts that are not charged."""
    arts = s.content.artifacts
    return [
        arts[a].id
        for a in range(len(arts))
        if s.artifact_owner[a] == seat and not s.artifact_charged[a]
    ]


def turn_options(s: LordsState, seat: int, f: TurnFrame) -> list[str]:
    """Offer the face-up card at the beginning of the turn."""
    up = mod(s)["up"]
    if up < 0 or not opening(s, f):
        return []
    card = card_of(s, up)
    return [f"opp-use:{card.id}"] if usable(s, seat, card) else []


def turn_choose(s: LordsState, f: TurnFrame, seat: int, key: str) -> None:
    """Use the card: discard it, apply its text, then a new Event card is drawn."""
    m = mod(s)
    card = card_of(s, m["up"])
    s.event_discard.append(m["up"])
    m["up"] = -1
    m["last"] = f"{card.name} used by seat {seat + 1}"
    s.stack.append({"k": "event", "draw": True})  # resolved after the card's text
    fx.run(s, seat, card.effects[0].effects, {})  # e.g. Injuries one at a time, then a charge


# -- views, invariants, choice table -----------------------------------------------------------


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the public panel: the face-up card (the deck's order stays hidden)."""
    m = mod(s)
    up = card_of(s, m["up"]) if m["up"] >= 0 else None
    lines = [f"Face up on the Events Deck: {up.name if up else 'no Opportunity card'}"]
    last_id, last_seat = "", None  # the last card used and by whom, as ids
    if m["last"]:
        lines.append(f"Last used: {m['last']}")
        name, _, number = m["last"].rpartition(" used by seat ")
        last_id = next((k.id for k in cards(s.content) if k.name == name), "")
        last_seat = int(number) - 1
    return {
        "title": "Opportunity Cards",
        "lines": lines,
        "players": [[] for _ in range(s.n)],
        "regions": {},
        "cards": [
            {
                "id": up.id,
                "name": up.name,
                "text": up.text,
                "state": "face up",
                "provisional": up.stand_in,
            }
        ]
        if up
        else [],
        "private": [],
        "face_up": up.id if up else "",
        "last_used": last_id,
        "last_seat": last_seat,
    }


def invariants(s: LordsState) -> None:
    """Check that the face-up card is one of this module's and nowhere else."""
    up = mod(s)["up"]
    if up >= 0:
        if not 0 <= up - first_card(s) < len(cards(s.content)):
            raise AssertionError(f"face-up Opportunity card {up} is not one")
        if up in s.event_deck or up in s.event_discard:
            raise AssertionError(f"Opportunity card {up} is face up and in a pile")


def entries(c: Content) -> list[tuple[str, str]]:
    """Return this module's choice-table entries."""
    return [(f"opp-use:{k.id}", f"Use the Opportunity card {k.name}: {k.text}") for k in cards(c)]

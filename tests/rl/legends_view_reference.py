"""The Legends view as written before its speed-ups (slot facts kept per slot): the reference.

``tests/rl/test_views.py`` checks that ``hellas.games.legends.view.view`` gives exactly this on
every view of random games.
"""

from __future__ import annotations

from typing import Any

from hellas.games.legends.content import ATTRIBUTES, CARD_TYPES, NUM_ATTRS, content
from hellas.games.legends.hands import slot_title
from hellas.games.legends.state import (
    FACE_DOWN,
    KIND_NAMES,
    MODE_NAMES,
    P_OVER,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    PHASE_NAMES,
    LegendsState,
    MonsterSlot,
)


def _counts(values: list[int]) -> dict[str, int]:
    return {CARD_TYPES[t]: values[t] for t in range(6) if values[t]}


def view(s: LegendsState, seat: int | None) -> dict[str, Any]:
    """Return what ``seat`` may know, as the view was first written."""
    c = content()
    n = s.n
    over = s.phase == P_OVER
    heroes = []
    for q in range(n):
        hero = c.heroes[s.heroes[q]]
        entry: dict[str, Any] = {
            "seat": q,
            "hero": hero.id,
            "name": hero.name,
            "colour": ATTRIBUTES[s.colours[q]],
            "disc": s.monsters[s.discs[q]].name if s.discs[q] >= 0 else None,
            "broken": bool((s.broken >> q) & 1),
            "hand_size": s.hsize[q],
        }
        if seat is not None and q != seat:
            base = s.known_index(seat, q)
            entry["known_cards"] = _counts(s.known[base : base + 6])
        heroes.append(entry)
    monsters = []
    for slot in s.monsters:
        monsters.append(_slot_view(s, slot, seat))
    discard_known = []
    if seat is not None:
        bit = 1 << seat
        top = len(s.discard) - 1
        for i, mask in enumerate(s.dmask):
            if mask & bit:
                discard_known.append({"from_top": top - i, "card": CARD_TYPES[s.discard[i]]})
        discard_known.reverse()
    gifts = []
    for giver, receiver, card, turn in s.gifts:
        sees = seat is not None and seat in (giver, receiver)
        gifts.append(
            {
                "from": giver,
                "to": receiver,
                "turn": turn,
                "card": CARD_TYPES[card] if sees and card >= 0 else None,
            }
        )
    support = None
    if s.phase in (P_SUPPORT_GIVE, P_SUPPORT_DISCARD):
        support = {
            "giver": s.current,
            "receiver": s.support_to,
            "must_discard": s.support_left if s.phase == P_SUPPORT_DISCARD else None,
        }
    deck_top = [CARD_TYPES[t] for t in reversed(s.deck[len(s.deck) - s.deck_known :])]
    return {
        "game": "legends",
        "seat": seat,
        "mission": {
            "number": s.mission.number,
            "name": s.mission.name,
            "special": s.mission.special,
            "finals": s.mission.finals,
        },
        "difficulty": s.difficulty,
        "players": n,
        "turn": s.turn,
        "current": s.current,
        "to_act": None if over else s.actor,
        "phase": PHASE_NAMES[s.phase],
        "forced_recover": s.forced,
        "heroes": heroes,
        "hand": _counts(s.hand(seat)) if seat is not None else None,
        "monsters": monsters,
        "monster_deck": len(s.mdeck),
        "deck": len(s.deck),
        "deck_top": deck_top,
        "discard": len(s.discard),
        "discard_known": discard_known,
        "divine_in_deck": s.divine_in_deck,
        "divine_out_of_game": content().divine_total - s.divine_in_deck,
        "defeats": s.defeats,
        "finals_defeated": s.finals_done,
        "oracle": [CARD_TYPES[t] for t in s.oracle],
        "oracle_order": [CARD_TYPES[t] for t in s.order],
        "support": support,
        "gifts": gifts,
        "result": {1: "won", -1: "lost"}.get(s.result),
        "reason": s.reason or None,
    }


def _slot_view(s: LegendsState, slot: MonsterSlot, seat: int | None) -> dict[str, Any]:
    monsters = content().monsters
    cards = []
    for who, card, as_attr, mode in slot.cards:
        hidden = mode == FACE_DOWN and who != seat
        cards.append(
            {
                "seat": who,
                "card": None if hidden else CARD_TYPES[card],
                "as": ATTRIBUTES[as_attr] if as_attr >= 0 else None,
                "mode": MODE_NAMES[mode],
            }
        )
    here = [q for q in range(s.n) if s.discs[q] >= 0 and s.monsters[s.discs[q]] is slot]
    return {
        "name": slot.name,
        "title": slot_title(slot),
        "kind": KIND_NAMES[slot.kind],
        "cards_of": [monsters[i].name for i in slot.ids],
        "need": {ATTRIBUTES[a]: slot.need[a] for a in range(NUM_ATTRS) if slot.need[a]},
        "size": slot.size,
        "played": slot.played,
        "counts": {ATTRIBUTES[a]: slot.counts[a] for a in range(NUM_ATTRS) if slot.counts[a]},
        "missing": {ATTRIBUTES[a]: m for a, m in slot.missing().items()},
        "slayable": slot.slayable and slot.alive,
        "cards": cards,
        "alive": slot.alive,
        "by_divine": slot.by_divine,
        "heroes_here": here if slot.alive else [],
    }

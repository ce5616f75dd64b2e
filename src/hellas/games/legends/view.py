"""What each seat may know: the per-seat view, and determinization for honest search bots.

``view`` returns plain JSON data: the seat's own hand, the public table, and what that seat saw
(cards it gave or received, the Oracle's cards and their order on the deck, its own face-down
cards and discards).  ``determinize`` re-deals everything the seat cannot know, keeping every
fact in its view fixed; the conformance suite checks ``view(determinize(s, seat)) == view(s)``.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from hellas.core.game import View, everyone
from hellas.core.rng import Rng
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


class MissionView(TypedDict):
    """The mission being played: its number, name, special rule id and final monsters."""

    number: int
    name: str
    special: str
    finals: int


class LegendsView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) is sent: the view's top level, typed.

    The entries of ``heroes``, ``monsters``, ``discard_known``, ``gifts`` and ``support`` are
    plain JSON objects (``dict[str, Any]``); ``hand`` maps an attribute to how many cards.
    """

    game: Literal["legends"]
    seat: int | None
    mission: MissionView
    difficulty: str
    players: int
    turn: int
    current: int
    to_act: int | None
    phase: str
    forced_recover: bool
    heroes: list[dict[str, Any]]
    hand: dict[str, int] | None
    monsters: list[dict[str, Any]]
    monster_deck: int
    deck: int
    deck_top: list[str]
    discard: int
    discard_known: list[dict[str, Any]]
    divine_in_deck: int
    divine_out_of_game: int
    defeats: int
    finals_defeated: int
    oracle: list[str]
    oracle_order: list[str]
    support: dict[str, Any] | None
    gifts: list[dict[str, Any]]
    result: str | None
    reason: str | None


def _counts(values: list[int]) -> dict[str, int]:
    return {CARD_TYPES[t]: values[t] for t in range(6) if values[t]}


def view(s: LegendsState, seat: int | None) -> View:
    """Return what ``seat`` may know (``None``: a spectator, who sees only the public table).

    Built as a :class:`LegendsView` (mypy checks every key and value), sent as plain JSON data.
    """
    c = content()
    n = s.n
    over = s.phase == P_OVER
    heroes = []
    slots = s.monsters
    known = s.known
    for q in range(n):
        hero = c.heroes[s.heroes[q]]
        disc = s.discs[q]
        entry: dict[str, Any] = {
            "seat": q,
            "hero": hero.id,
            "name": hero.name,
            "colour": ATTRIBUTES[s.colours[q]],
            "disc": slots[disc].name if disc >= 0 else None,
            "broken": bool((s.broken >> q) & 1),
            "hand_size": s.hsize[q],
        }
        if seat is not None and q != seat:
            base = s.known_index(seat, q)
            entry["known_cards"] = _counts(known[base : base + 6])
        heroes.append(entry)
    here: dict[int, list[int]] = {}  # the seats whose disc is on each slot (by identity)
    for q in range(n):
        if s.discs[q] >= 0:
            here.setdefault(id(slots[s.discs[q]]), []).append(q)
    monsters = [_slot_view(slot, seat, here) for slot in slots]
    discard_known: list[dict[str, Any]] = []
    if seat is not None:
        bit = 1 << seat
        top = len(s.discard) - 1
        discard, dmask = s.discard, s.dmask
        discard_known = [
            {"from_top": top - i, "card": CARD_TYPES[discard[i]]}
            for i in range(len(dmask) - 1, -1, -1)
            if dmask[i] & bit
        ]
    gifts = [
        {
            "from": giver,
            "to": receiver,
            "turn": turn,
            "card": CARD_TYPES[card]
            if card >= 0 and seat is not None and seat in (giver, receiver)
            else None,
        }
        for giver, receiver, card, turn in s.gifts
    ]
    support: dict[str, Any] | None = None
    if s.phase in (P_SUPPORT_GIVE, P_SUPPORT_DISCARD):
        support = {
            "giver": s.current,
            "receiver": s.support_to,
            "must_discard": s.support_left if s.phase == P_SUPPORT_DISCARD else None,
        }
    deck_top = [CARD_TYPES[t] for t in reversed(s.deck[len(s.deck) - s.deck_known :])]
    typed: LegendsView = {
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
        "divine_out_of_game": c.divine_total - s.divine_in_deck,
        "defeats": s.defeats,
        "finals_defeated": s.finals_done,
        "oracle": [CARD_TYPES[t] for t in s.oracle],
        "oracle_order": [CARD_TYPES[t] for t in s.order],
        "support": support,
        "gifts": gifts,
        "result": {1: "won", -1: "lost"}.get(s.result),
        "reason": s.reason or None,
    }
    return cast(View, typed)  # a TypedDict is a dict at run time: no copy


class _SlotFacts:
    """What a slot shows everyone (slots are immutable: worked out once per slot object)."""

    __slots__ = ("cards", "cards_of", "counts", "hidden", "missing", "need", "slot", "title")

    def __init__(self, slot: MonsterSlot) -> None:
        monsters = content().monsters
        self.slot = slot
        self.title = slot_title(slot)
        self.cards_of = [monsters[i].name for i in slot.ids]
        self.need = {ATTRIBUTES[a]: slot.need[a] for a in range(NUM_ATTRS) if slot.need[a]}
        self.counts = {ATTRIBUTES[a]: slot.counts[a] for a in range(NUM_ATTRS) if slot.counts[a]}
        self.missing = {ATTRIBUTES[a]: m for a, m in slot.missing().items()}
        # the played cards with every face shown, and whether any is face down
        self.cards = [
            (
                who,
                card,
                mode == FACE_DOWN,
                {
                    "seat": who,
                    "card": CARD_TYPES[card],
                    "as": ATTRIBUTES[as_attr] if as_attr >= 0 else None,
                    "mode": MODE_NAMES[mode],
                },
            )
            for who, card, as_attr, mode in slot.cards
        ]
        self.hidden = any(down for _who, _card, down, _entry in self.cards)


# slot id -> its facts (each entry holds its slot, so an id is not reused while it is here)
_SLOTS: dict[int, _SlotFacts] = {}
SLOTS_KEPT = 1 << 12


def _slot_view(slot: MonsterSlot, seat: int | None, here: dict[int, list[int]]) -> dict[str, Any]:
    facts = _SLOTS.get(id(slot))
    if facts is None or facts.slot is not slot:
        if len(_SLOTS) >= SLOTS_KEPT:
            _SLOTS.clear()
        facts = _SLOTS[id(slot)] = _SlotFacts(slot)
    if facts.hidden:
        cards = [
            {**entry, "card": None} if down and who != seat else dict(entry)
            for who, _card, down, entry in facts.cards
        ]
    else:
        cards = [dict(entry) for _who, _card, _down, entry in facts.cards]
    return {
        "name": slot.name,
        "title": facts.title,
        "kind": KIND_NAMES[slot.kind],
        "cards_of": list(facts.cards_of),
        "need": dict(facts.need),
        "size": slot.size,
        "played": slot.played,
        "counts": dict(facts.counts),
        "missing": dict(facts.missing),
        "slayable": slot.slayable and slot.alive,
        "cards": cards,
        "alive": slot.alive,
        "by_divine": slot.by_divine,
        "heroes_here": list(here.get(id(slot), ())) if slot.alive else [],
    }


def determinize(s: LegendsState, seat: int, rng: Rng, reveal_hands: bool = False) -> LegendsState:
    """Return a copy of ``s`` with everything ``seat`` cannot know re-dealt from ``rng``.

    Fixed: the public table, ``seat``'s hand and face-down cards, the Oracle's cards still on
    top of the deck, the discards ``seat`` saw, and what ``seat`` knows other hands hold.
    Re-dealt uniformly: the rest of other hands, the rest of the draw deck and discard pile,
    others' face-down cards, the monster deck order and the game's future random numbers.
    ``reveal_hands`` keeps other hands as they are (for a labelled reference bot that reads
    hands but not the deck: it measures what knowing partners' cards is worth).
    """
    t = s.copy()
    n = s.n
    bit = 1 << seat
    pool = [0] * 6
    free = [0] * n
    pinned: list[list[int]] = [[0] * 6 for _ in range(n)]
    for r in range(n):
        if r == seat:
            continue
        base = s.known_index(seat, r)
        pin = s.hand(r) if reveal_hands else s.known[base : base + 6]
        pinned[r] = pin
        hb = r * 6
        for k in range(6):
            pool[k] += s.hands[hb + k] - pin[k]
        free[r] = s.hsize[r] - sum(pin)
    hidden_deck = len(s.deck) - s.deck_known
    unseen = s.deck[:hidden_deck]
    for k in range(6):
        pool[k] += unseen.count(k)
    hidden_discards = [i for i, m in enumerate(s.dmask) if not m & bit]
    for i in hidden_discards:
        pool[s.discard[i]] += 1
    hidden_facedown: list[tuple[int, int]] = []  # (slot index, card index)
    for si, slot in enumerate(s.monsters):
        for ci, (who, card, _as, mode) in enumerate(slot.cards):
            if mode == FACE_DOWN and who != seat:
                hidden_facedown.append((si, ci))
                pool[card] += 1
    cards: list[int] = []
    for k in range(6):
        cards += [k] * pool[k]
    rng.shuffle(cards)
    pos = 0
    for r in range(n):
        if r == seat:
            continue
        hb = r * 6
        hand = pinned[r][:]
        for card in cards[pos : pos + free[r]]:
            hand[card] += 1
        pos += free[r]
        t.hands[hb : hb + 6] = hand
    t.deck[0:hidden_deck] = cards[pos : pos + hidden_deck]
    pos += hidden_deck
    for i in hidden_discards:
        t.discard[i] = cards[pos]
        pos += 1
    slots = list(t.monsters)
    for si, ci in hidden_facedown:
        old = slots[si]
        listed = list(old.cards)
        who, _card, as_attr, mode = listed[ci]
        listed[ci] = (who, cards[pos], as_attr, mode)
        pos += 1
        slots[si] = MonsterSlot(
            old.ids, old.kind, old.counts, old.played, tuple(listed), old.alive, old.by_divine
        )
    t.monsters = slots
    # Knowledge the seat does not share: other seats keep only what is public.
    public = s.known_index(n, 0)
    for obs in range(n):
        if obs != seat:
            start = s.known_index(obs, 0)
            t.known[start : start + n * 6] = s.known[public : public + n * 6]
    # Each seat's known-card total over every other observer: the seat's own bounds once,
    # the public ones for each remaining observer (the public layer included).
    mine = s.known_index(seat, 0)
    sums = []
    for r in range(n):
        shared = sum(s.known[public + 6 * r : public + 6 * r + 6])
        if r == seat:
            sums.append(shared * n)
        else:
            sums.append(shared * (n - 1) + sum(s.known[mine + 6 * r : mine + 6 * r + 6]))
    t.known_sum = sums
    every = everyone(s.n)
    t.dmask = [m if m == every else m & bit for m in s.dmask]
    t.gifts = tuple(g if seat in (g[0], g[1]) else (g[0], g[1], -1, g[3]) for g in s.gifts)
    t.mdeck = sorted(s.mdeck)
    rng.shuffle(t.mdeck)
    t.rng = Rng(rng.next64())
    t.cache = None
    return t

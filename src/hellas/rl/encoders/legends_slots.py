"""A Legends seat's kept observation row, and the monster-slot blocks written into it.

``legends_state.StateWriter`` keeps one :class:`SeatRow` per seat and rewrites only the fields
whose state values changed; this module holds that row, the tables of fields shared by every
writer of one table size, and :class:`SlotWriter`, the part of the writer that keeps the
monster slots' blocks and the heroes' disc fields (the largest and most often changed part of
the vector).  A slot the rules replaced by one with more cards next to it, or whose heroes
moved, is rewritten from the slot it replaced; a new line-up of monsters is written anew.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hellas.games.legends.content import content
from hellas.games.legends.state import FACE_DOWN, HADES, SIDEWAYS, LegendsState, MonsterSlot
from hellas.rl.encoders.legends import DECK_CAP, FIFTHS, HAND_CAP, write_tally

BLOCKS_KEPT = 1 << 15  # entries of each shared table (about 20 MB at most for the blocks)


def capped(value: int, cap: float) -> float:
    """Return ``value / cap`` clipped to [0, 1] (the encoder's ``scale`` of a count)."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= cap else value / cap


HAND_STEPS = tuple(capped(v, HAND_CAP) for v in range(HAND_CAP))  # a count 0..7 / 8
CARDS_STEPS = tuple(capped(v, DECK_CAP) for v in range(DECK_CAP))  # a pile size / 61


class SeatRow:
    """One seat's last observation and the state values each of its fields was written from.

    A value that can never come from a state (``-2``, ``None``, an empty marker) makes the
    first update write every field.
    """

    def __init__(self, size: int, seat: int) -> None:
        self.row = np.zeros(size, dtype=np.float32)
        self.w: Any = self.row.data
        self.seat = seat
        self.hand_at = 0  # where the seat's hand and what it knows start in the state's lists
        self.known_at = 0
        self.known_end = 0
        self.phase = -2
        self.mission: Any = None
        self.difficulty = ""
        self.constant_at: list[int] = []  # where mission, difficulty and special were written
        self.turn = -2
        self.current = -2
        self.to_act = -2
        self.forced = -2
        self.hand: list[int] | None = None
        self.slots: list[MonsterSlot] | None = None
        self.discs: list[int] | None = None
        self.slot_keys: list[tuple[MonsterSlot, tuple[int, ...]]] = []
        self.slot_cards: list[list[int]] = []
        self.slot_tallies: list[list[int] | None] = []  # cards by how the seat sees them, or None
        self.clash = False  # two slots write the same monster card: always rewrite them all
        self.where: dict[str, list[int]] = {}  # slot name -> the monster cards it is written under
        self.layout = 0  # bumped whenever ``where`` may have changed
        self.heroes: Any = None
        self.colours: Any = None
        self.hero_at: list[int] = []
        self.disc_layout = -1
        self.hero_discs: list[int] = []
        self.disc_at: list[list[int]] = []
        self.broken = -2
        self.hsize: list[int] | None = None
        self.known: list[int] | None = None
        self.table: tuple[int, ...] = ()
        self.deck_top: list[int] = []
        self.dmask: list[int] | None = None
        self.discard: list[int] = []
        self.tally = [0] * 6
        self.discard_top = -1
        self.deck_size = -1
        self.discard_size = -1
        self.cold: tuple[Any, ...] | None = None  # ``row``'s seldom-changing values
        self.oracle: list[int] | None = None
        self.order: list[int] | None = None
        self.support: tuple[int, int, int] | None = (-2, -2, -2)
        self.gifts: tuple[tuple[int, int, int, int], ...] | None = None
        self.gift_tally: dict[int, int] = {}
        self.result = -2


class Tables:
    """Fields kept by the values they are written from, shared by the writers of one size.

    Every entry is written in full before it is kept and never changed after, so writers (a
    batch of 1,024 games has as many) can share them; each table empties itself when full.
    """

    def __init__(self) -> None:
        self.hands: dict[tuple[int, ...], Any] = {}
        self.sequences: dict[tuple[int, ...], Any] = {}
        self.oracles: dict[tuple[int, ...], Any] = {}  # by the revealed cards, sorted
        self.supports: dict[tuple[int, int, int] | None, Any] = {}
        self.slot_heads: dict[tuple[Any, ...], Any] = {}
        # monster slot blocks by the slot's identity (each entry holds its slot, so that no
        # identity is reused while it is here), then by (heroes there, seat or -1 for every seat)
        self.blocks: dict[
            int, tuple[MonsterSlot, bool, dict[tuple[tuple[int, ...], int], Any]]
        ] = {}


class SlotWriter:
    """The monster-slot blocks and disc fields of a writer's rows (``StateWriter`` extends it)."""

    n: int
    o_heroes: int
    hero_block: int
    monster_slots: int
    monster_names: dict[str, int]
    o_monsters: int
    slot_block: int
    slot_heads: dict[tuple[Any, ...], Any]
    blocks: dict[int, tuple[MonsterSlot, bool, dict[tuple[tuple[int, ...], int], Any]]]
    zero: Any

    def _monsters(self, r: SeatRow, s: LegendsState, seat: int) -> None:
        """Rewrite the blocks of the slots that changed (all of them when the line-up did)."""
        slots = s.monsters
        old = r.slots
        if old is None or r.clash or len(old) != len(slots):
            self._all_monsters(r, s, seat)
            return
        # The slots to look at: those replaced, and those a disc left or came to.  Seats are
        # found by position: the view finds them by the slot's identity, and without a clash
        # no two slots with blocks are one object (they would write the same monster cards).
        changed = []
        for i in range(len(slots)):
            a, was = slots[i], old[i]
            if a is not was:
                if a.kind != was.kind or a.ids != was.ids:
                    self._all_monsters(r, s, seat)
                    return
                changed.append(i)
        discs, were = s.discs, r.discs
        here: list[tuple[int, ...]] = [()] * len(slots)
        for q in range(self.n):
            d = discs[q]
            if d >= 0:
                here[d] = (*here[d], q)
            if were is not None and d != were[q]:
                if d >= 0:
                    changed.append(d)
                if 0 <= were[q] < len(slots):
                    changed.append(were[q])
        w, block, o = r.w, self.slot_block, self.o_monsters
        keys = r.slot_keys
        tallies = r.slot_tallies
        for i in changed:
            slot = slots[i]
            seats = here[i]
            key = keys[i]
            was = key[0]
            if slot is was and seats == key[1]:
                continue
            keys[i] = (slot, seats)
            cards = r.slot_cards[i]
            if not cards:
                continue
            before = was.cards
            if slot.alive == was.alive and (
                slot is was
                or (len(slot.cards) >= len(before) and slot.cards[: len(before)] == before)
            ):
                tallies[i] = self._grow(r, slot, was, key[1], seats, cards, tallies[i], seat)
                continue
            data = self._block(slot, seat, seats, len(cards) > 1)
            for c in cards:
                w[o + c * block : o + (c + 1) * block] = data
            tallies[i] = None
        r.slots = slots[:]
        r.discs = s.discs[:]

    def _all_monsters(self, r: SeatRow, s: LegendsState, seat: int) -> None:
        """Write every slot's block, as a new line-up of monsters needs."""
        w, block, o = r.w, self.slot_block, self.o_monsters
        w[o : o + self.monster_slots * block] = self.zero[o : o + self.monster_slots * block]
        slots = s.monsters
        here = _here(s)
        where: dict[str, list[int]] = {}
        keys: list[tuple[MonsterSlot, tuple[int, ...]]] = []
        cards_of: list[list[int]] = []
        written: set[int] = set()
        clash = False
        for slot in slots:
            cards = self._slot_cards(slot)
            where[slot.name] = cards
            seats = here.get(id(slot), ())
            keys.append((slot, seats))
            cards_of.append(cards)
            if not cards:
                continue
            data = self._block(slot, seat, seats, len(cards) > 1)
            for c in cards:
                if c in written:
                    clash = True
                written.add(c)
                w[o + c * block : o + (c + 1) * block] = data
        r.slot_keys = keys
        r.slot_cards = cards_of
        r.slot_tallies = [None] * len(slots)
        r.where = where
        r.clash = clash
        r.layout += 1
        r.slots = slots[:]
        r.discs = s.discs[:]

    def _slot_cards(self, slot: MonsterSlot) -> list[int]:
        """Return the monster-card blocks a slot is written under (``_cards_of`` of a state)."""
        if slot.kind == HADES:
            return [self.monster_slots - 1]
        monsters = content().monsters
        names = self.monster_names
        return [names[monsters[i].name] for i in slot.ids if monsters[i].name in names]

    def _grow(
        self,
        r: SeatRow,
        slot: MonsterSlot,
        was: MonsterSlot,
        seats_were: tuple[int, ...],
        seats: tuple[int, ...],
        cards: list[int],
        tally: list[int] | None,
        seat: int,
    ) -> list[int]:
        """Rewrite a slot's blocks from ``was``, the slot it replaces; return the seat's tally.

        The same monster, alive as before, with ``was``'s cards and maybe more next to it: only
        the head (counts, cards played, what is missing), the heroes there and the counts of
        the new cards can change.
        """
        old = was.cards
        if tally is None:
            tally = _seen_tally(old, seat)
        w, block, o = r.w, self.slot_block, self.o_monsters
        if slot is not was:
            head = self._head(slot, len(cards) > 1)
            for c in cards:
                w[o + c * block : o + c * block + 25] = head
        if seats != seats_were and slot.alive:
            for c in cards:
                base = o + c * block + 25
                for q in seats_were:
                    w[base + q] = 0.0
                for q in seats:
                    w[base + q] = 1.0
        at = 25 + self.n
        last = len(FIFTHS)
        new = slot.cards
        for k in range(len(old), len(new)):
            who, card, _as, mode = new[k]
            i = _seen_at(who, card, mode, seat)
            v = tally[i] = tally[i] + 1
            value = FIFTHS[v] if v < last else 1.0
            for c in cards:
                w[o + c * block + at + i] = value
        return tally

    def _block(self, slot: MonsterSlot, seat: int, here: tuple[int, ...], half: bool) -> Any:
        """Return one slot's block as ``seat`` sees it (kept per slot, heroes there and seat).

        Only a slot with face-down cards shows seats different blocks (each sees its own face
        down cards); any other block is kept once for every seat.
        """
        blocks = self.blocks
        entry = blocks.get(id(slot))
        if entry is None or entry[0] is not slot:
            if len(blocks) >= BLOCKS_KEPT:
                blocks.clear()
            hidden = False
            for card in slot.cards:
                if card[3] == FACE_DOWN:
                    hidden = True
            entry = blocks[id(slot)] = (slot, hidden, {})
        key = (here, seat if entry[1] else -1)
        data = entry[2].get(key)
        if data is None:
            row = np.zeros(self.slot_block, dtype=np.float32)
            self._slot_state(row.data, slot, half, seat, here)
            data = entry[2][key] = row.data
        return data

    def _slot_state(
        self, w: Any, slot: MonsterSlot, half: bool, seat: int, here: tuple[int, ...]
    ) -> None:
        """Write one slot's block as ``_slot`` writes it from the slot's view.

        Its first 25 entries (kind, size, cards played, need, counts, missing, slayable, alive,
        by divine, Chimera half) are copied from a head kept by those values.
        """
        alive = slot.alive
        w[0:25] = self._head(slot, half)
        pos = 25
        if alive:
            for q in here:
                w[pos + q] = 1.0
        pos += self.n
        if slot.cards:
            write_tally(w, pos, _seen_tally(slot.cards, seat), FIFTHS)

    def _head(self, slot: MonsterSlot, half: bool) -> Any:
        """Return the first 25 entries of a slot's block (kept by the values they come from)."""
        key = _head_key(slot, half)
        head = self.slot_heads.get(key)
        if head is None:
            head = self._field(25)
            self._slot_head(head, slot, half)
            self._keep(self.slot_heads, key, head)
        return head

    def _slot_head(self, w: Any, slot: MonsterSlot, half: bool) -> None:
        """Write the first 25 entries of a slot's block (what every seat sees of the slot)."""
        w[0] = 1.0
        w[1 + slot.kind] = 1.0
        pos = 4
        if slot.size > 0:
            w[pos] = capped(slot.size, 10)
        if slot.played > 0:
            w[pos + 1] = capped(slot.played, 10)
        pos += 2
        need, counts = slot.need, slot.counts
        for a in range(5):
            if need[a]:
                w[pos + a] = 1.0
                if counts[a] < need[a]:
                    w[pos + 10 + a] = 1.0
            v = counts[a]
            if v > 0:
                w[pos + 5 + a] = 1.0 if v >= 5 else v / 5
        pos += 15
        if slot.slayable and slot.alive:
            w[pos] = 1.0
        if slot.alive:
            w[pos + 1] = 1.0
        if slot.by_divine:
            w[pos + 2] = 1.0
        if half:
            w[pos + 3] = 1.0

    def _discs(self, r: SeatRow, s: LegendsState) -> None:
        """Rewrite each hero's disc field: the monster cards of the slot its disc is on."""
        w, block = r.w, self.hero_block
        where = r.where
        slots = s.monsters
        discs = s.discs
        if len(r.disc_at) != self.n:
            r.disc_at = [[] for _ in range(self.n)]
        base = self.o_heroes + 10
        for q in range(self.n):
            disc = discs[q]
            cards = where.get(slots[disc].name, []) if disc >= 0 else []
            old = r.disc_at[q]
            if cards != old:
                for k in old:
                    w[base + k] = 0.0
                for k in cards:
                    w[base + k] = 1.0
                r.disc_at[q] = cards
            base += block
        r.hero_discs = discs[:]
        r.disc_layout = r.layout

    def _field(self, size: int) -> Any:
        """Return a new zeroed field of ``size`` entries (a float32 memoryview)."""
        return np.zeros(size, dtype=np.float32).data

    def _keep(self, kept: dict[Any, Any], key: Any, data: Any) -> None:
        """Keep a field once it is written (every writer of this table size reads it)."""
        if len(kept) >= BLOCKS_KEPT:
            kept.clear()
        kept[key] = data


def _here(s: LegendsState) -> dict[int, tuple[int, ...]]:
    """Return the seats whose disc is on each slot, by the slot's identity (as the view)."""
    slots, discs = s.monsters, s.discs
    found: dict[int, tuple[int, ...]] = {}
    for q in range(s.n):
        d = discs[q]
        if d >= 0:
            k = id(slots[d])
            found[k] = (*found.get(k, ()), q)
    return found


def _head_key(slot: MonsterSlot, half: bool) -> tuple[Any, ...]:
    """Return the values the first 25 entries of a slot's block are written from."""
    return (
        slot.kind,
        slot.size,
        slot.played,
        slot.need,
        slot.counts,
        slot.slayable,
        slot.alive,
        slot.by_divine,
        half,
    )


def _seen_tally(cards: tuple[tuple[int, int, int, int], ...], seat: int) -> list[int]:
    """Return the 14 counts of the cards next to a slot as ``seat`` sees them.

    Face-up cards and the seat's own face-down cards by type, others' face-down cards, and
    sideways cards.
    """
    tally = [0] * 14
    for who, card, _as, mode in cards:
        tally[_seen_at(who, card, mode, seat)] += 1
    return tally


def _seen_at(who: int, card: int, mode: int, seat: int) -> int:
    """Return which of a slot's 14 counts a card played there adds to, as ``seat`` sees it."""
    if mode == SIDEWAYS:
        return 13
    if mode == FACE_DOWN and who != seat:
        return 12
    return (0 if mode != FACE_DOWN else 6) + card

"""The Legends observation written straight from the state, rewriting only what changed.

``LegendsEncoder.fill`` encodes a seat's JSON view; :class:`StateWriter` writes the same vector
from the state, reading for the seat exactly what ``games.legends.view`` shows it.  Between two
decisions most of a Legends table stays as it was, so each seat keeps its last vector (a
:class:`SeatRow`) together with the state values every field of it was written from: the next
observation of that seat compares those values with the state's - small ints, short lists
compared in C, and the identities of the parts the rules replace instead of changing (monster
slots, the gifts tuple) - and rewrites only the fields that differ.

What makes that exact: every field is keyed by *all* the state values it is written from, lists
are kept as copies (the rules change ``hands``, ``hsize``, ``discs``, ``deck``, ``discard`` and
``dmask`` in place), and identities are only trusted for objects the state never changes
(``MonsterSlot`` is immutable: playing a card builds a new slot; ``gifts`` is a tuple), each kept
alive by the row that compares against it so that no identity is reused.  Any state may be
observed in any order (another seat, a copy, a new game): a field whose values differ is
rewritten, so the row never depends on what was observed before.
``tests/rl/test_legends_rows.py`` checks every field against the view encoder in many orders.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hellas.games.legends.content import content
from hellas.games.legends.state import (
    P_OVER,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    LegendsState,
)
from hellas.rl.encoders.legends import (
    DECK_CAP,
    DIFFICULTY_INDEX,
    HAND_CAP,
    MISSIONS,
    SIXTHS,
    SPECIAL_INDEX,
    TABLE_FIELDS,
    TENTHS,
    TURN_CAP,
    write_tally,
)
from hellas.rl.encoders.legends_slots import (
    CARDS_STEPS,
    HAND_STEPS,
    SeatRow,
    SlotWriter,
    Tables,
    capped,
)

ROWS_KEPT = 64  # kept seat rows per encoder (seats are 0..n-1; more only from odd callers)


TABLES: dict[int, Tables] = {}  # by the number of seats (the Support field's size)


class StateWriter(SlotWriter):
    """Writes one encoder's Legends observations from states, keeping one row per seat."""

    def __init__(self, enc: Any) -> None:
        self.n: int = enc.n
        self.size: int = enc.layout.size
        self.o_me: int = enc.o_me
        self.o_phase: int = enc.o_phase
        self.o_mission: int = enc.o_mission
        self.o_diff: int = enc.o_diff
        self.o_special: int = enc.o_special
        self.o_turn: int = enc.o_turn
        self.o_current: int = enc.o_current
        self.o_to_act: int = enc.o_to_act
        self.o_forced: int = enc.o_forced
        self.o_hand: int = enc.o_hand
        self.o_heroes: int = enc.o_heroes
        self.hero_block: int = enc.hero_block
        self.hero_count = len(enc.heroes)
        self.heroes: dict[str, int] = enc.heroes
        self.monster_slots: int = enc.monster_slots
        self.monster_names: dict[str, int] = enc.monster_names
        self.o_monsters: int = enc.o_monsters
        self.slot_block: int = enc.slot_block
        self.o_tables: int = enc.o_tables
        self.o_deck_top: int = enc.o_deck_top
        self.o_discard_known: int = enc.o_discard_known
        self.o_oracle: int = enc.o_oracle
        self.o_order: int = enc.o_order
        self.o_support: int = enc.o_support
        self.o_gifts: int = enc.o_gifts
        self.o_result: int = enc.o_result
        self.difficulties = DIFFICULTY_INDEX
        self.specials = SPECIAL_INDEX
        self.hand_cap = HAND_CAP
        self.turn_cap = TURN_CAP
        self.missions = MISSIONS
        self.table_caps = [cap for _key, cap in TABLE_FIELDS]
        self.divine_total = content().divine_total
        # small fields by the values they are written from (each written by one copy) and
        # slot blocks, shared by every writer of this table size (``Tables``)
        tables = TABLES.get(self.n)
        if tables is None:
            tables = TABLES[self.n] = Tables()
        self.hands = tables.hands
        self.sequences = tables.sequences
        self.oracles = tables.oracles
        self.supports = tables.supports
        self.slot_heads = tables.slot_heads
        self.blocks = tables.blocks
        zero = np.zeros(self.size, dtype=np.float32)
        self.zero: Any = zero.data
        self.rows: dict[int, SeatRow] = {}

    def row(self, s: LegendsState, seat: int) -> np.ndarray:
        """Return ``seat``'s kept row brought up to date with ``s`` (read it, do not keep it).

        The values that change at most decisions (phase, actor, the seat's hand, hand sizes,
        discs, deck and discard sizes) are compared one by one; the rest are compared as one
        tuple (``cold``) and looked at one by one only when something in it changed.
        """
        r = self.rows.get(seat)
        if r is None:
            n = self.n
            if not 0 <= seat < n:
                raise ValueError(f"seat must be 0-{n - 1}, got {seat!r}")
            if len(self.rows) >= ROWS_KEPT:
                self.rows.clear()
            r = self.rows[seat] = SeatRow(self.size, seat)
            r.w[self.o_me + seat] = 1.0
            r.hand_at = seat * 6
            r.known_at = seat * n * 6  # what this seat knows of every hand
            r.known_end = r.known_at + n * 6
        w = r.w
        # -- the decision --
        phase = s.phase
        if phase != r.phase:
            if r.phase >= 0:
                w[self.o_phase + r.phase] = 0.0
            w[self.o_phase + phase] = 1.0
            r.phase = phase
        v = s.actor if phase != P_OVER else -1
        if v != r.to_act:
            n = self.n
            if 0 <= r.to_act < n:
                w[self.o_to_act + r.to_act] = 0.0
            if 0 <= v < n:
                w[self.o_to_act + v] = 1.0
            r.to_act = v
        v = s.turn
        if v != r.turn:
            w[self.o_turn] = capped(v, self.turn_cap)
            r.turn = v
        v = s.current
        if v != r.current:
            n = self.n
            if 0 <= r.current < n:
                w[self.o_current + r.current] = 0.0
            if 0 <= v < n:
                w[self.o_current + v] = 1.0
            r.current = v
        # -- the seat's hand --
        hand = s.hands[r.hand_at : r.hand_at + 6]
        if hand != r.hand:
            self._hand(r, hand)
        # -- monsters, then heroes (whose disc field reads where each slot is written: only
        # ``_monsters`` changes that, and only it keeps ``r.discs``, so the discs are looked at
        # when it runs) --
        if s.monsters != r.slots or s.discs != r.discs:
            self._monsters(r, s, seat)
            if s.discs != r.hero_discs or r.layout != r.disc_layout:
                self._discs(r, s)
        if s.hsize != r.hsize:
            self._hsize(r, s.hsize)
        known = s.known[r.known_at : r.known_end]
        if known != r.known:
            self._known(r, known, seat)
        # -- the table --
        v = len(s.deck)
        if v != r.deck_size:
            w[self.o_tables + 1] = CARDS_STEPS[v] if v < DECK_CAP else 1.0
            r.deck_size = v
        v = len(s.discard)
        if v != r.discard_size:
            w[self.o_tables + 2] = CARDS_STEPS[v] if v < DECK_CAP else 1.0
            r.discard_size = v
        cold = (
            s.forced,
            s.broken,
            s.result,
            s.gifts,
            s.heroes,
            s.colours,
            s.mission,
            s.difficulty,
            len(s.mdeck),
            s.divine_in_deck,
            s.defeats,
            s.finals_done,
        )
        if cold != r.cold:
            self._cold(r, s, seat, cold)
        if s.deck_known or r.deck_top:
            deck = s.deck
            top = deck[len(deck) - min(s.deck_known, 6) :]  # bottom to top
            if top != r.deck_top:
                self._deck_top(r, top)
        if s.dmask != r.dmask or s.discard != r.discard:
            self._discards(r, s, seat)
        if s.oracle != r.oracle:
            self._oracle(r, s.oracle)
        if s.order != r.order:
            self._order(r, s.order)
        if phase in (P_SUPPORT_GIVE, P_SUPPORT_DISCARD) or r.support is not None:
            self._support_of(r, s, phase)
        return r.row

    def _hand(self, r: SeatRow, hand: list[int]) -> None:
        """Rewrite the seat's own hand (six counts)."""
        key = tuple(hand)
        data = self.hands.get(key)
        if data is None:
            data = self._field(6)
            for i in range(6):
                data[i] = capped(hand[i], self.hand_cap)
            self._keep(self.hands, key, data)
        r.w[self.o_hand : self.o_hand + 6] = data
        r.hand = hand

    def _hsize(self, r: SeatRow, hsize: list[int]) -> None:
        """Rewrite the hand sizes that changed."""
        old, w = r.hsize, r.w
        at, block = self.o_heroes + 11 + self.monster_slots, self.hero_block
        for q in range(self.n):
            v = hsize[q]
            if old is None or v != old[q]:
                w[at + q * block] = HAND_STEPS[v] if 0 <= v < HAND_CAP else capped(v, HAND_CAP)
        r.hsize = hsize[:]

    def _cold(self, r: SeatRow, s: LegendsState, seat: int, cold: tuple[Any, ...]) -> None:
        """Rewrite the fields of the values that seldom change (``cold`` in ``row``)."""
        w = r.w
        if s.mission is not r.mission or s.difficulty != r.difficulty:
            self._constants(r, s)
        v = 1 if s.forced else 0
        if v != r.forced:
            w[self.o_forced] = float(v)
            r.forced = v
        if s.heroes is not r.heroes or s.colours is not r.colours or s.broken != r.broken:
            self._heroes(r, s)
        table = (len(s.mdeck), s.divine_in_deck, s.defeats, s.finals_done)
        if table != r.table:
            at, caps = self.o_tables, self.table_caps
            w[at] = capped(table[0], caps[0])
            w[at + 3] = capped(table[1], caps[3])
            w[at + 4] = capped(self.divine_total - table[1], caps[4])
            w[at + 5] = capped(table[2], caps[5])
            w[at + 6] = capped(table[3], caps[6])
            r.table = table
        if s.gifts is not r.gifts:
            self._gifts(r, s, seat)
        if s.result != r.result:
            w[self.o_result] = 1.0 if s.result == 1 else 0.0
            w[self.o_result + 1] = 1.0 if s.result == -1 else 0.0
            r.result = s.result
        r.cold = cold

    def _deck_top(self, r: SeatRow, top: list[int]) -> None:
        """Rewrite the known top cards of the deck (``top`` as the deck lists them)."""
        key = tuple(top[::-1])  # the top card first
        data = self.sequences.get(key)
        if data is None:
            data = self._sequence(key)
        r.w[self.o_deck_top : self.o_deck_top + 36] = data
        r.deck_top = top

    def _order(self, r: SeatRow, order: list[int]) -> None:
        """Rewrite the cards put back so far, in order."""
        key = tuple(order[:6])
        data = self.sequences.get(key)
        if data is None:
            data = self._sequence(key)
        r.w[self.o_order : self.o_order + 36] = data
        r.order = order[:]

    def _oracle(self, r: SeatRow, oracle: list[int]) -> None:
        """Rewrite the cards the Oracle revealed (count by type; kept by the sorted cards)."""
        key = tuple(sorted(oracle))
        data = self.oracles.get(key)
        if data is None:
            data = self._field(6)
            tally = [0] * 6
            for card in key:
                tally[card] += 1
            write_tally(data, 0, tally, SIXTHS)
            self._keep(self.oracles, key, data)
        r.w[self.o_oracle : self.o_oracle + 6] = data
        r.oracle = oracle[:]

    def _support_of(self, r: SeatRow, s: LegendsState, phase: int) -> None:
        """Rewrite the Support field when the Support in progress (or none) changed."""
        if phase in (P_SUPPORT_GIVE, P_SUPPORT_DISCARD):
            support: tuple[int, int, int] | None = (
                s.current,
                s.support_to,
                s.support_left if phase == P_SUPPORT_DISCARD else 0,
            )
        else:
            support = None
        if support != r.support:
            data = self.supports.get(support)
            if data is None:
                data = self._support(support)
            at = self.o_support
            r.w[at : at + 2 * self.n + 2] = data
            r.support = support

    def _constants(self, r: SeatRow, s: LegendsState) -> None:
        """Write the mission number, difficulty and special rule (once per game)."""
        w = r.w
        for at in r.constant_at:
            w[at] = 0.0
        at_list = []
        number = s.mission.number - 1
        if 0 <= number < self.missions:
            at_list.append(self.o_mission + number)
        found = self.difficulties.get(s.difficulty)
        if found is not None:
            at_list.append(self.o_diff + found)
        found = self.specials.get(s.mission.special)
        if found is not None:
            at_list.append(self.o_special + found)
        for at in at_list:
            w[at] = 1.0
        r.constant_at = at_list
        r.mission = s.mission
        r.difficulty = s.difficulty

    def _heroes(self, r: SeatRow, s: LegendsState) -> None:
        """Rewrite the heroes' fields that changed (hero, colour, special used; discs apart)."""
        w, n, block = r.w, self.n, self.hero_block
        if s.heroes is not r.heroes or s.colours is not r.colours:
            for at in r.hero_at:
                w[at] = 0.0
            c = content()
            at_list = []
            base = self.o_heroes
            for q in range(n):
                found = self.heroes.get(c.heroes[s.heroes[q]].id)
                if found is not None and found < self.hero_count:
                    at_list.append(base + found)
                at_list.append(base + 5 + s.colours[q])
                base += block
            for at in at_list:
                w[at] = 1.0
            r.hero_at = at_list
            r.heroes = s.heroes
            r.colours = s.colours
        if s.broken != r.broken:
            at = self.o_heroes + 10 + self.monster_slots
            for q in range(n):
                w[at + q * block] = 1.0 if (s.broken >> q) & 1 else 0.0
            r.broken = s.broken

    def _known(self, r: SeatRow, known: list[int], seat: int) -> None:
        """Rewrite what ``seat`` knows each other hand holds (by card type), where it changed."""
        w, old = r.w, r.known
        at = self.o_heroes + 12 + self.monster_slots
        for q in range(self.n):
            if q != seat:
                b = q * 6
                for i in range(6):
                    v = known[b + i]
                    if old is None or v != old[b + i]:
                        w[at + i] = HAND_STEPS[v] if 0 <= v < HAND_CAP else capped(v, HAND_CAP)
            at += self.hero_block
        r.known = known

    def _sequence(self, cards: tuple[int, ...]) -> Any:
        """Return a field of six one-hot card types written from the first six ``cards``."""
        data = self._field(36)
        start = 0
        for card in cards[:6]:
            data[start + card] = 1.0
            start += 6
        self._keep(self.sequences, cards, data)
        return data

    def _discards(self, r: SeatRow, s: LegendsState, seat: int) -> None:
        """Rewrite the discards ``seat`` saw: counted anew, or only the new ones on top.

        Only the counts that changed are written, and the top card's one-hot moves.
        """
        dmask, discard = s.dmask, s.discard
        bit = 1 << seat
        w, at = r.w, self.o_discard_known
        kept = len(r.discard) if r.dmask is not None else 0
        tally = r.tally
        if (
            r.dmask is None
            or len(dmask) < kept
            or dmask[:kept] != r.dmask
            or discard[:kept] != r.discard
        ):
            w[at : at + 6] = self.zero[at : at + 6]
            tally = [0] * 6
            kept = 0
        last = len(TENTHS)
        for i in range(kept, len(dmask)):
            if dmask[i] & bit:
                card = discard[i]
                k = tally[card] = tally[card] + 1
                w[at + card] = TENTHS[k] if k < last else 1.0
        end = len(discard) - 1
        top = discard[end] if 0 <= end < len(dmask) and dmask[end] & bit else -1
        if top != r.discard_top:
            if r.discard_top >= 0:
                w[at + 6 + r.discard_top] = 0.0
            if top >= 0:
                w[at + 6 + top] = 1.0
            r.discard_top = top
        r.tally = tally
        r.dmask = dmask[:]
        r.discard = discard[:]

    def _support(self, support: tuple[int, int, int] | None) -> Any:
        """Return the Support field of (giver, receiver, cards still to discard), or of none."""
        n = self.n
        data = self._field(2 * n + 2)
        if support is not None:
            giver, receiver, left = support
            data[0] = 1.0
            if 0 <= giver < n:
                data[1 + giver] = 1.0
            if 0 <= receiver < n:
                data[1 + n + receiver] = 1.0
            if left > 0:
                data[1 + 2 * n] = capped(left, 5)
        self._keep(self.supports, support, data)
        return data

    def _gifts(self, r: SeatRow, s: LegendsState, seat: int) -> None:
        """Rewrite the gifts field: count the new gifts on top, or all of them anew.

        The rules replace the tuple with a longer one at each gift, so the kept counts usually
        only grow by the gifts at the end.
        """
        n, w = self.n, r.w
        at = self.o_gifts
        gifts, old = s.gifts, r.gifts
        if old is not None and len(gifts) >= len(old) and gifts[: len(old)] == old:
            start, tally = len(old), r.gift_tally
        else:
            start, tally = 0, {}
            w[at : at + n * n + 12] = self.zero[at : at + n * n + 12]
        changed = []
        for k in range(start, len(gifts)):
            giver, receiver, card, _turn = gifts[k]
            if not (0 <= giver < n and 0 <= receiver < n):
                continue
            pos = at + giver * n + receiver
            tally[pos] = tally.get(pos, 0) + 1
            changed.append(pos)
            if card >= 0 and seat in (giver, receiver):
                pos = at + n * n + (0 if giver == seat else 6) + card
                tally[pos] = tally.get(pos, 0) + 1
                changed.append(pos)
        last = len(TENTHS)
        for pos in changed:
            k = tally[pos]
            w[pos] = TENTHS[k] if k < last else 1.0
        r.gift_tally = tally
        r.gifts = gifts

"""The Legends of Hellas observation: one seat's view as a fixed vector.

Monsters are encoded per monster *card* (the ten cards, then Hades), so a field keeps its
meaning whichever slot order the table has; a Chimera's slot is written under both of its
cards.  Seats are absolute (``players`` blocks of hero fields); ``me`` marks the observing seat.
Counts are divided by a cap and clipped to [0, 1]; the caps are in each field's meaning.

``fill`` writes the vector from the seat's view; ``fill_state`` writes the same vector straight
from the state, reading exactly what ``legends.view.view`` shows the seat, and is what the
environments use (``tests/rl/test_state_encoders.py`` proves the two equal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.legends.content import ATTRIBUTES, CARD_TYPES, DIFFICULTIES, SPECIALS, content
from hellas.games.legends.state import (
    FACE_DOWN,
    KIND_NAMES,
    P_OVER,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    PHASE_NAMES,
    SIDEWAYS,
    LegendsState,
    MonsterSlot,
)
from hellas.rl.encoders.base import (
    Encoder,
    Layout,
    View,
    mypyc_attr,
    scale,
    vocabulary,
)

TYPES = vocabulary(CARD_TYPES)
ATTRS = vocabulary(ATTRIBUTES)
HAND_CAP = 8  # a receiver of Support may briefly hold more than 5
TURN_CAP = 100
DECK_CAP = 61  # 5 x 11 attribute cards + 6 divine interventions
MISSIONS = 12
BLOCKS_KEPT = 1 << 12

IGNORED = frozenset({"game", "players", "reason"})  # constant or prose: nothing to learn


@mypyc_attr(allow_interpreted_subclasses=True)
class LegendsEncoder(Encoder):
    """Observation layout for Legends of Hellas (depends on the number of players only)."""

    reads_state = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        c = content()
        n = self.n = int(options["players"])
        self.monster_names = vocabulary(m.name for m in c.monsters)
        self.heroes = vocabulary(h.id for h in c.heroes)
        self.phases = vocabulary(PHASE_NAMES)
        self._seats: dict[Any, int] = {q: q for q in range(n)}  # a seat number -> itself
        m = self.monster_slots = len(c.monsters) + 1  # every monster card, then Hades
        lay = self.layout = Layout("legends")
        a = lay.add
        self.o_me = a("me", n, "one-hot: the observing seat")
        self.o_phase = a("phase", len(PHASE_NAMES), f"one-hot phase: {', '.join(PHASE_NAMES)}")
        self.o_mission = a("mission", MISSIONS, "one-hot mission number 1-12")
        self.o_diff = a("difficulty", len(DIFFICULTIES), "one-hot: " + ", ".join(DIFFICULTIES))
        self.o_special = a("special", len(SPECIALS), "one-hot mission special rule")
        self.o_turn = a("turn", 1, f"turn number / {TURN_CAP} (clipped)")
        self.o_current = a("current", n, "one-hot: the seat whose turn it is")
        self.o_to_act = a("to_act", n, "one-hot: the seat to decide now (all zero at the end)")
        self.o_forced = a("forced_recover", 1, "1: the current hero must Recover")
        self.o_hand = a("hand", 6, f"own hand: count of each card type / {HAND_CAP}")
        self.o_heroes = a(
            "heroes",
            n * (len(self.heroes) + 5 + m + 2 + 6),
            "per seat: hero one-hot (5), colour one-hot (5 attributes), disc on monster card "
            f"(multi-hot over {m}: the 10 cards then Hades), special used, hand size / "
            f"{HAND_CAP}, cards this seat is known to hold (6 types / {HAND_CAP}; zero for me)",
        )
        self.hero_block = len(self.heroes) + 5 + m + 2 + 6
        self.slot_block = 1 + len(KIND_NAMES) + 2 + 5 + 5 + 5 + 4 + n + 6 + 6 + 2
        self.o_monsters = a(
            "monsters",
            m * self.slot_block,
            "per monster card (10 cards then Hades): in play, kind one-hot (monster, chimera, "
            "hades), size / 10, played / 10, need (5 attributes, 0/1), counts played (5 / 5), "
            "missing (5, 0/1), slayable, alive, defeated by divine, is a Chimera half, heroes "
            "here (multi-hot seats), face-up cards by type (6 / 5), face-down cards seen by "
            "me by type (6 / 5), face-down unseen / 5, sideways / 5",
        )
        self.o_tables = a(
            "table",
            7,
            f"monster deck / 10, draw deck / {DECK_CAP}, discard pile / {DECK_CAP}, divine in "
            "deck / 6, divine out of game / 6, monsters defeated / 10, finals defeated / 3",
        )
        self.o_deck_top = a(
            "deck_top", 6 * 6, "known top cards of the draw deck, top first: 6 x one-hot type"
        )
        self.o_discard_known = a(
            "discard_known", 6 + 6, "discards I saw: count by type / 10; top discard one-hot type"
        )
        self.o_oracle = a("oracle", 6, "cards revealed by the Oracle: count by type / 6")
        self.o_order = a("oracle_order", 6 * 6, "cards put back so far, in order: 6 x one-hot")
        self.o_support = a(
            "support",
            1 + 2 * n + 1,
            "Support in progress, giver one-hot, receiver one-hot, cards to discard / 5",
        )
        self.o_gifts = a(
            "gifts",
            n * n + 12,
            "gifts from seat i to seat j (n x n, count / 10); cards I gave by type / 10; "
            "cards I received by type / 10",
        )
        self.o_result = a("result", 2, "won, lost")
        # fill_state's kept blocks: a monster slot's (by slot, seat and heroes there), and
        # the gifts' (by gifts tuple and seat); each entry holds its key object
        self._blocks: dict[tuple[Any, ...], tuple[MonsterSlot, Any]] = {}
        self._gift_writes: dict[tuple[int, int], tuple[Any, Any]] = {}

    def fill(self, out: np.ndarray, view: View) -> None:
        """Write the view's entries (zero entries are left as they are in the zeroed ``out``).

        Written for speed: constant lookups are precomputed dicts, zero writes are skipped,
        repeated ``+step`` counts are tallied in Python and written once from the table of what
        the step-by-step float32 sums give, a Chimera's block is written once and copied, and
        entries go through a ``memoryview`` (a third cheaper per write than numpy indexing;
        float32 rounding is the same).  ``tests/rl/test_encoders.py`` checks it against the
        plain reference encoder.
        """
        self._write(out.data, view)

    def _write(self, out: Any, view: View) -> None:
        n = self.n
        seats = self._seats
        me = seats.get(view.get("seat"))
        if me is not None:
            out[self.o_me + me] = 1.0
        i = self.phases.get(view["phase"])
        if i is not None:
            out[self.o_phase + i] = 1.0
        mission = view["mission"]
        i = int(mission["number"]) - 1
        if 0 <= i < MISSIONS:
            out[self.o_mission + i] = 1.0
        i = _DIFFICULTY.get(view["difficulty"])
        if i is not None:
            out[self.o_diff + i] = 1.0
        i = _SPECIAL.get(mission["special"])
        if i is not None:
            out[self.o_special + i] = 1.0
        v = view["turn"]
        if v > 0:
            out[self.o_turn] = scale(v, TURN_CAP)
        i = seats.get(view["current"])
        if i is not None:
            out[self.o_current + i] = 1.0
        i = seats.get(view["to_act"])
        if i is not None:
            out[self.o_to_act + i] = 1.0
        if view["forced_recover"]:
            out[self.o_forced] = 1.0
        hand = view.get("hand")
        if hand:
            _write_counts(out, self.o_hand, hand, HAND_CAP)
        block = self.slot_block
        where: dict[str, list[int]] = {}
        for slot in view["monsters"]:
            cards = self._cards_of(slot)
            where[slot["name"]] = cards
            if not cards:
                continue
            first = self.o_monsters + cards[0] * block
            self._slot(out, first, slot, len(cards) > 1)
            for c in cards[1:]:
                base = self.o_monsters + c * block
                out[base : base + block] = out[first : first + block]
        hero_base = self.o_heroes
        hero_count = len(self.heroes)
        disc_at = hero_base + 10
        for hero in view["heroes"][:n]:
            i = self.heroes.get(hero["hero"])
            if i is not None and i < hero_count:
                out[hero_base + i] = 1.0
            i = ATTRS.get(hero["colour"])
            if i is not None:
                out[hero_base + 5 + i] = 1.0
            disc = hero["disc"]
            if disc and disc in where:
                for c in where[disc]:
                    out[disc_at + c] = 1.0
            pos = disc_at + self.monster_slots
            if hero["broken"]:
                out[pos] = 1.0
            v = hero["hand_size"]
            if v > 0:
                out[pos + 1] = scale(v, HAND_CAP)
            known = hero.get("known_cards")
            if known:
                _write_counts(out, pos + 2, known, HAND_CAP)
            hero_base += self.hero_block
            disc_at += self.hero_block
        t = self.o_tables
        for k, (key, cap) in enumerate(_TABLE_FIELDS):
            v = view[key]
            if v > 0:
                out[t + k] = 1.0 if v >= cap else v / cap
        _write_sequence(out, self.o_deck_top, view["deck_top"])
        known_discards = view["discard_known"]
        if known_discards:
            tally = [0] * 6
            for entry in known_discards:
                i = TYPES[entry["card"]]
                tally[i] += 1
                if entry["from_top"] == 0:
                    out[self.o_discard_known + 6 + i] = 1.0
            _write_tally(out, self.o_discard_known, tally, _TENTHS)
        oracle = view["oracle"]
        if oracle:
            tally = [0] * 6
            for card in oracle:
                tally[TYPES[card]] += 1
            _write_tally(out, self.o_oracle, tally, _SIXTHS)
        _write_sequence(out, self.o_order, view["oracle_order"])
        support = view["support"]
        if support:
            base = self.o_support
            out[base] = 1.0
            i = seats.get(support["giver"])
            if i is not None:
                out[base + 1 + i] = 1.0
            i = seats.get(support["receiver"])
            if i is not None:
                out[base + 1 + n + i] = 1.0
            v = support["must_discard"] or 0
            if v > 0:
                out[base + 1 + 2 * n] = scale(v, 5)
        gifts = view["gifts"]
        if gifts:
            self._gifts(out, gifts, me)
        result = view["result"]
        if result == "won":
            out[self.o_result] = 1.0
        elif result == "lost":
            out[self.o_result + 1] = 1.0

    def fill_state(self, out: np.ndarray, s: LegendsState, seat: int) -> None:
        """Write what ``fill`` writes from ``seat``'s view, straight from the state."""
        w: Any = out.data
        n = self.n
        c = content()
        if 0 <= seat < n:
            w[self.o_me + seat] = 1.0
        w[self.o_phase + s.phase] = 1.0
        number = s.mission.number - 1
        if 0 <= number < MISSIONS:
            w[self.o_mission + number] = 1.0
        found = _DIFFICULTY.get(s.difficulty)
        if found is not None:
            w[self.o_diff + found] = 1.0
        found = _SPECIAL.get(s.mission.special)
        if found is not None:
            w[self.o_special + found] = 1.0
        if s.turn > 0:
            w[self.o_turn] = scale(s.turn, TURN_CAP)
        if 0 <= s.current < n:
            w[self.o_current + s.current] = 1.0
        if s.phase != P_OVER and 0 <= s.actor < n:
            w[self.o_to_act + s.actor] = 1.0
        if s.forced:
            w[self.o_forced] = 1.0
        b = seat * 6
        _write_type_counts(w, self.o_hand, s.hands[b : b + 6], HAND_CAP)
        block = self.slot_block
        slots = s.monsters
        here: dict[int, list[int]] = {}  # the seats whose disc is on each slot (by identity)
        for q in range(n):
            if s.discs[q] >= 0:
                here.setdefault(id(slots[s.discs[q]]), []).append(q)
        where: dict[str, list[int]] = {}
        blocks = self._blocks
        for slot in slots:
            cards = self._slot_cards(slot)
            where[slot.name] = cards
            if not cards:
                continue
            # a slot never changes (playing a card makes a new one): its block is kept
            slot_key = (id(slot), seat, tuple(here.get(id(slot), ())))
            kept = blocks.get(slot_key)
            if kept is None or kept[0] is not slot:
                row = np.zeros(block, dtype=np.float32)
                self._slot_state(row.data, 0, slot, len(cards) > 1, seat, here)
                if len(blocks) >= BLOCKS_KEPT:
                    blocks.clear()
                kept = blocks[slot_key] = (slot, row.data)
            for k in cards:
                base = self.o_monsters + k * block
                w[base : base + block] = kept[1]
        hero_base = self.o_heroes
        hero_count = len(self.heroes)
        disc_at = hero_base + 10
        for q in range(n):
            found = self.heroes.get(c.heroes[s.heroes[q]].id)
            if found is not None and found < hero_count:
                w[hero_base + found] = 1.0
            w[hero_base + 5 + s.colours[q]] = 1.0
            disc = s.discs[q]
            if disc >= 0:
                for k in where.get(slots[disc].name, ()):
                    w[disc_at + k] = 1.0
            pos = disc_at + self.monster_slots
            if (s.broken >> q) & 1:
                w[pos] = 1.0
            if s.hsize[q] > 0:
                w[pos + 1] = scale(s.hsize[q], HAND_CAP)
            if q != seat:
                base = s.known_index(seat, q)
                _write_type_counts(w, pos + 2, s.known[base : base + 6], HAND_CAP)
            hero_base += self.hero_block
            disc_at += self.hero_block
        t = self.o_tables
        table = (
            len(s.mdeck),
            len(s.deck),
            len(s.discard),
            s.divine_in_deck,
            c.divine_total - s.divine_in_deck,
            s.defeats,
            s.finals_done,
        )
        for k, (_key, cap) in enumerate(_TABLE_FIELDS):
            v = table[k]
            if v > 0:
                w[t + k] = 1.0 if v >= cap else v / cap
        deck = s.deck
        top = [deck[i] for i in range(len(deck) - 1, len(deck) - 1 - min(s.deck_known, 6), -1)]
        _write_type_sequence(w, self.o_deck_top, top)
        bit = 1 << seat
        dmask = s.dmask
        tally = [0] * 6
        last = len(s.discard) - 1
        seen = False
        for i in range(len(dmask) - 1, -1, -1):
            if dmask[i] & bit:
                seen = True
                card = s.discard[i]
                tally[card] += 1
                if i == last:
                    w[self.o_discard_known + 6 + card] = 1.0
        if seen:
            _write_tally(w, self.o_discard_known, tally, _TENTHS)
        if s.oracle:
            tally = [0] * 6
            for card in s.oracle:
                tally[card] += 1
            _write_tally(w, self.o_oracle, tally, _SIXTHS)
        _write_type_sequence(w, self.o_order, s.order[:6])
        if s.phase in (P_SUPPORT_GIVE, P_SUPPORT_DISCARD):
            base = self.o_support
            w[base] = 1.0
            if 0 <= s.current < n:
                w[base + 1 + s.current] = 1.0
            if 0 <= s.support_to < n:
                w[base + 1 + n + s.support_to] = 1.0
            v = s.support_left if s.phase == P_SUPPORT_DISCARD else 0
            if v > 0:
                w[base + 1 + 2 * n] = scale(v, 5)
        if s.gifts:
            # the gifts tuple is replaced, never changed: its entries are kept per seat
            gift_key = (id(s.gifts), seat)
            writes = self._gift_writes.get(gift_key)
            if writes is None or writes[0] is not s.gifts:
                gifts = [
                    {
                        "from": giver,
                        "to": receiver,
                        "card": CARD_TYPES[card]
                        if card >= 0 and seat in (giver, receiver)
                        else None,
                    }
                    for giver, receiver, card, _turn in s.gifts
                ]
                row = np.zeros(self.layout.size, dtype=np.float32)
                self._gifts(row.data, gifts, seat if 0 <= seat < n else None)
                at = self.o_gifts
                part = row[at : at + n * n + 12]
                if len(self._gift_writes) >= BLOCKS_KEPT:
                    self._gift_writes.clear()
                writes = self._gift_writes[gift_key] = (s.gifts, part.data)
            w[self.o_gifts : self.o_gifts + n * n + 12] = writes[1]
        if s.result == 1:
            w[self.o_result] = 1.0
        elif s.result == -1:
            w[self.o_result + 1] = 1.0

    def _slot_cards(self, slot: MonsterSlot) -> list[int]:
        """Return the monster-card blocks a slot is written under (``_cards_of`` of a state)."""
        if slot.kind == len(KIND_NAMES) - 1:  # Hades
            return [self.monster_slots - 1]
        monsters = content().monsters
        names = self.monster_names
        return [names[monsters[i].name] for i in slot.ids if monsters[i].name in names]

    def _slot_state(
        self,
        w: Any,
        base: int,
        slot: MonsterSlot,
        half: bool,
        seat: int,
        here: dict[int, list[int]],
    ) -> None:
        """Write one slot's block as ``_slot`` writes it from the slot's view."""
        w[base] = 1.0
        w[base + 1 + slot.kind] = 1.0
        pos = base + 1 + len(KIND_NAMES)
        if slot.size > 0:
            w[pos] = scale(slot.size, 10)
        if slot.played > 0:
            w[pos + 1] = scale(slot.played, 10)
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
        pos += 4
        if slot.alive:
            for q in here.get(id(slot), ()):
                w[pos + q] = 1.0
        pos += self.n
        if slot.cards:
            tally = [0] * 14
            for who, card, _as, mode in slot.cards:
                if mode == SIDEWAYS:
                    tally[13] += 1
                elif mode == FACE_DOWN and who != seat:
                    tally[12] += 1
                else:
                    tally[(0 if mode != FACE_DOWN else 6) + card] += 1
            _write_tally(w, pos, tally, _FIFTHS)

    def _gifts(self, out: Any, gifts: list[Any], me: int | None) -> None:
        n, seats = self.n, self._seats
        tally: dict[int, int] = {}
        # Equal gifts are counted together first (the list grows all game long).
        same: dict[tuple[Any, Any, Any], int] = {}
        for gift in gifts:
            key = (gift["from"], gift["to"], gift["card"])
            same[key] = same.get(key, 0) + 1
        for (giver_value, receiver_value, card), k in same.items():
            giver, receiver = seats.get(giver_value), seats.get(receiver_value)
            if giver is None or receiver is None:
                continue
            pos = self.o_gifts + giver * n + receiver
            tally[pos] = tally.get(pos, 0) + k
            if card is not None and me is not None and me in (giver, receiver):
                pos = self.o_gifts + n * n + (0 if giver == me else 6) + TYPES[card]
                tally[pos] = tally.get(pos, 0) + k
        for pos, k in tally.items():
            out[pos] = _TENTHS[k] if k < len(_TENTHS) else 1.0

    def _cards_of(self, slot: Mapping[str, Any]) -> list[int]:
        if slot["kind"] == "hades":
            return [self.monster_slots - 1]
        names = self.monster_names
        return [names[name] for name in slot["cards_of"] if name in names]

    def _slot(self, out: Any, base: int, slot: Mapping[str, Any], half: bool) -> None:
        out[base] = 1.0
        i = _KIND.get(slot["kind"])
        if i is not None:
            out[base + 1 + i] = 1.0
        pos = base + 1 + len(KIND_NAMES)
        v = slot["size"]
        if v > 0:
            out[pos] = scale(v, 10)
        v = slot["played"]
        if v > 0:
            out[pos + 1] = scale(v, 10)
        pos += 2
        for attr in slot["need"]:
            out[pos + ATTRS[attr]] = 1.0
        slot_counts = slot["counts"]
        if slot_counts:
            _write_counts(out, pos + 5, slot_counts, 5)
        for attr in slot["missing"]:
            out[pos + 10 + ATTRS[attr]] = 1.0
        pos += 15
        if slot["slayable"]:
            out[pos] = 1.0
        if slot["alive"]:
            out[pos + 1] = 1.0
        if slot["by_divine"]:
            out[pos + 2] = 1.0
        if half:
            out[pos + 3] = 1.0
        pos += 4
        seats = self._seats
        for q in slot["heroes_here"]:
            i = seats.get(q)
            if i is not None:
                out[pos + i] = 1.0
        pos += self.n
        cards = slot["cards"]
        if cards:
            tally = [0] * 14
            for card in cards:
                mode, kind = card["mode"], card["card"]
                if mode == "sideways":
                    tally[13] += 1
                elif kind is None:
                    tally[12] += 1
                else:
                    tally[(0 if mode == "face-up" else 6) + TYPES[kind]] += 1
            _write_tally(out, pos, tally, _FIFTHS)


def _steps(step: float) -> tuple[float, ...]:
    """Return what ``k`` repeated ``out[i] = min(1, out[i] + step)`` give, for k = 0, 1, ...

    Computed on a float32 array exactly as the per-card loop would, up to the first 1.0.
    """
    cell = np.zeros(1, dtype=np.float32)
    values = [0.0]
    while values[-1] < 1.0:
        cell[0] = min(1.0, cell[0] + step)
        values.append(float(cell[0]))
    return tuple(values)


_FIFTHS = _steps(0.2)
_SIXTHS = _steps(1 / 6)
_TENTHS = _steps(0.1)
_DIFFICULTY = {name: i for i, name in enumerate(DIFFICULTIES)}
_SPECIAL = {name: i for i, name in enumerate(SPECIALS)}
_KIND = {name: i for i, name in enumerate(KIND_NAMES)}
_TABLE_FIELDS = (
    ("monster_deck", 10),
    ("deck", DECK_CAP),
    ("discard", DECK_CAP),
    ("divine_in_deck", 6),
    ("divine_out_of_game", 6),
    ("defeats", 10),
    ("finals_defeated", 3),
)


def _write_sequence(out: Any, start: int, cards: list[str]) -> None:
    """Write up to six cards in order, each as a one-hot over the six card types."""
    for card in cards[:6]:
        i = TYPES.get(card)
        if i is not None:
            out[start + i] = 1.0
        start += 6


def _write_tally(out: Any, start: int, tally: list[int], steps: tuple[float, ...]) -> None:
    """Write per-position occurrence counts as the capped step sums of ``steps``."""
    last = len(steps)
    for i, k in enumerate(tally):
        if k:
            out[start + i] = steps[k] if k < last else 1.0


def _write_counts(out: Any, start: int, values: Mapping[str, float], cap: float) -> None:
    """Write ``{card type: count}`` scaled by ``cap`` (``count_map`` over the six types)."""
    for name, value in values.items():
        i = TYPES.get(name)
        if i is not None and value > 0:
            out[start + i] = 1.0 if value >= cap else value / cap


def _index(names: tuple[str, ...], value: Any) -> int | None:
    try:
        return names.index(value)
    except ValueError:
        return None


def _write_type_counts(out: Any, start: int, counts: list[int], cap: float) -> None:
    """Write six card-type counts scaled by ``cap`` (``_write_counts`` of a count list)."""
    for i, value in enumerate(counts):
        if value > 0:
            out[start + i] = 1.0 if value >= cap else value / cap


def _write_type_sequence(out: Any, start: int, cards: list[int]) -> None:
    """Write up to six card types in order, each one-hot (``_write_sequence`` of types)."""
    for card in cards[:6]:
        out[start + card] = 1.0
        start += 6

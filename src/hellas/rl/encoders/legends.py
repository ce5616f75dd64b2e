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
from hellas.games.legends.state import KIND_NAMES, PHASE_NAMES, LegendsState
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

IGNORED = frozenset({"game", "players", "reason"})  # constant or prose: nothing to learn


@mypyc_attr(allow_interpreted_subclasses=True)
class LegendsEncoder(Encoder):
    """Observation layout for Legends of Hellas (depends on the number of players only)."""

    reads_state = True
    keeps = True

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
        self._writer: Any = None  # fill_state's rows, kept per seat (``legends_state``)
        self._row: Any = None  # the writer's ``row`` (bound once)

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
        i = DIFFICULTY_INDEX.get(view["difficulty"])
        if i is not None:
            out[self.o_diff + i] = 1.0
        i = SPECIAL_INDEX.get(mission["special"])
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
        for k, (key, cap) in enumerate(TABLE_FIELDS):
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
            write_tally(out, self.o_discard_known, tally, TENTHS)
        oracle = view["oracle"]
        if oracle:
            tally = [0] * 6
            for card in oracle:
                tally[TYPES[card]] += 1
            write_tally(out, self.o_oracle, tally, SIXTHS)
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
        out[:] = self.writer().row(s, seat)

    def observe(self, state: Any, seat: int) -> np.ndarray:
        """Return ``seat``'s vector of ``state`` as a new array (only changed fields rewritten)."""
        row = self._row
        if row is None:
            row = self._row = self.writer().row
        kept: np.ndarray = row(state, seat)
        return kept.copy()

    def kept_row(self, state: Any, seat: int) -> np.ndarray:
        """Return ``seat``'s kept row of ``state``, brought up to date (read it, do not keep it)."""
        row = self._row
        if row is None:
            row = self._row = self.writer().row
        kept: np.ndarray = row(state, seat)
        return kept

    def writer(self) -> Any:
        """Return the encoder's ``legends_state.StateWriter`` (made on first use)."""
        found = self._writer
        if found is None:
            from hellas.rl.encoders.legends_state import StateWriter  # noqa: PLC0415 - imports this

            found = self._writer = StateWriter(self)
        return found

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
            out[pos] = TENTHS[k] if k < len(TENTHS) else 1.0

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
            write_tally(out, pos, tally, FIFTHS)


def steps(step: float) -> tuple[float, ...]:
    """Return what ``k`` repeated ``out[i] = min(1, out[i] + step)`` give, for k = 0, 1, ...

    Computed on a float32 array exactly as the per-card loop would, up to the first 1.0.
    """
    cell = np.zeros(1, dtype=np.float32)
    values = [0.0]
    while values[-1] < 1.0:
        cell[0] = min(1.0, cell[0] + step)
        values.append(float(cell[0]))
    return tuple(values)


FIFTHS = steps(0.2)
SIXTHS = steps(1 / 6)
TENTHS = steps(0.1)
DIFFICULTY_INDEX = {name: i for i, name in enumerate(DIFFICULTIES)}
SPECIAL_INDEX = {name: i for i, name in enumerate(SPECIALS)}
_KIND = {name: i for i, name in enumerate(KIND_NAMES)}
TABLE_FIELDS = (
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


def write_tally(out: Any, start: int, tally: list[int], table: tuple[float, ...]) -> None:
    """Write per-position occurrence counts as the capped step sums of ``table`` (``steps``)."""
    last = len(table)
    for i, k in enumerate(tally):
        if k:
            out[start + i] = table[k] if k < last else 1.0


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

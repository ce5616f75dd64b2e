"""The Legends encoder as first written (plain, unoptimised): the reference for the fast one.

``LegendsEncoder.fill`` was rewritten for speed; this subclass keeps the original per-entry
code so that ``test_encoders`` can check both give identical vectors on many views.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.legends.content import DIFFICULTIES, SPECIALS
from hellas.games.legends.state import KIND_NAMES
from hellas.rl.encoders.base import View, count_map, one_hot, scale, seat_index
from hellas.rl.encoders.legends import (
    ATTRS,
    DECK_CAP,
    HAND_CAP,
    MISSIONS,
    TURN_CAP,
    TYPES,
    LegendsEncoder,
    _index,
)


class ReferenceLegendsEncoder(LegendsEncoder):
    """The original Legends ``fill``: one helper call per entry, float32 read-modify-write."""

    def fill(self, out: np.ndarray, view: View) -> None:
        """Write the view's entries."""
        n = self.n
        me = seat_index(view.get("seat"), n)
        one_hot(out, self.o_me, me, n)
        one_hot(out, self.o_phase, self.phases.get(view["phase"]), len(self.phases))
        mission = view["mission"]
        one_hot(out, self.o_mission, int(mission["number"]) - 1, MISSIONS)
        one_hot(out, self.o_diff, _index(DIFFICULTIES, view["difficulty"]), len(DIFFICULTIES))
        one_hot(out, self.o_special, _index(SPECIALS, mission["special"]), len(SPECIALS))
        out[self.o_turn] = scale(view["turn"], TURN_CAP)
        one_hot(out, self.o_current, seat_index(view["current"], n), n)
        one_hot(out, self.o_to_act, seat_index(view["to_act"], n), n)
        out[self.o_forced] = 1.0 if view["forced_recover"] else 0.0
        if view.get("hand"):
            count_map(out, self.o_hand, view["hand"], TYPES, HAND_CAP)
        slots = {slot["name"]: slot for slot in view["monsters"]}
        card_of = self._cards_of
        for q, hero in enumerate(view["heroes"][:n]):
            base = self.o_heroes + q * self.hero_block
            one_hot(out, base, self.heroes.get(hero["hero"]), len(self.heroes))
            one_hot(out, base + 5, ATTRS.get(hero["colour"]), 5)
            disc = slots.get(hero["disc"]) if hero["disc"] else None
            if disc is not None:
                for i in card_of(disc):
                    out[base + 10 + i] = 1.0
            pos = base + 10 + self.monster_slots
            out[pos] = 1.0 if hero["broken"] else 0.0
            out[pos + 1] = scale(hero["hand_size"], HAND_CAP)
            count_map(out, pos + 2, hero.get("known_cards") or {}, TYPES, HAND_CAP)
        for slot in view["monsters"]:
            cards = card_of(slot)
            for i in cards:
                self._ref_slot(out, self.o_monsters + i * self.slot_block, slot, me, len(cards) > 1)
        t = self.o_tables
        out[t] = scale(view["monster_deck"], 10)
        out[t + 1] = scale(view["deck"], DECK_CAP)
        out[t + 2] = scale(view["discard"], DECK_CAP)
        out[t + 3] = scale(view["divine_in_deck"], 6)
        out[t + 4] = scale(view["divine_out_of_game"], 6)
        out[t + 5] = scale(view["defeats"], 10)
        out[t + 6] = scale(view["finals_defeated"], 3)
        for k, card in enumerate(view["deck_top"][:6]):
            one_hot(out, self.o_deck_top + 6 * k, TYPES.get(card), 6)
        known = view["discard_known"]
        for entry in known:
            i = TYPES[entry["card"]]
            out[self.o_discard_known + i] = min(1.0, out[self.o_discard_known + i] + 0.1)
            if entry["from_top"] == 0:
                out[self.o_discard_known + 6 + i] = 1.0
        for card in view["oracle"]:
            i = self.o_oracle + TYPES[card]
            out[i] = min(1.0, out[i] + 1 / 6)
        for k, card in enumerate(view["oracle_order"][:6]):
            one_hot(out, self.o_order + 6 * k, TYPES.get(card), 6)
        support = view["support"]
        if support:
            out[self.o_support] = 1.0
            one_hot(out, self.o_support + 1, seat_index(support["giver"], n), n)
            one_hot(out, self.o_support + 1 + n, seat_index(support["receiver"], n), n)
            out[self.o_support + 1 + 2 * n] = scale(support["must_discard"] or 0, 5)
        g = self.o_gifts
        for gift in view["gifts"]:
            giver, receiver = seat_index(gift["from"], n), seat_index(gift["to"], n)
            if giver is None or receiver is None:
                continue
            out[g + giver * n + receiver] = min(1.0, out[g + giver * n + receiver] + 0.1)
            card = gift["card"]
            if card is not None and me is not None:
                pos = g + n * n + (0 if giver == me else 6) + TYPES[card]
                if me in (giver, receiver):
                    out[pos] = min(1.0, out[pos] + 0.1)
        result = view["result"]
        if result == "won":
            out[self.o_result] = 1.0
        elif result == "lost":
            out[self.o_result + 1] = 1.0

    def _ref_slot(
        self, out: np.ndarray, base: int, slot: Mapping[str, Any], me: int | None, half: bool
    ) -> None:
        out[base] = 1.0
        one_hot(out, base + 1, _index(KIND_NAMES, slot["kind"]), len(KIND_NAMES))
        pos = base + 1 + len(KIND_NAMES)
        out[pos] = scale(slot["size"], 10)
        out[pos + 1] = scale(slot["played"], 10)
        pos += 2
        for attr in slot["need"]:
            out[pos + ATTRS[attr]] = 1.0
        count_map(out, pos + 5, slot["counts"], ATTRS, 5)
        for attr in slot["missing"]:
            out[pos + 10 + ATTRS[attr]] = 1.0
        pos += 15
        out[pos] = 1.0 if slot["slayable"] else 0.0
        out[pos + 1] = 1.0 if slot["alive"] else 0.0
        out[pos + 2] = 1.0 if slot["by_divine"] else 0.0
        out[pos + 3] = 1.0 if half else 0.0
        pos += 4
        for q in slot["heroes_here"]:
            one_hot(out, pos, seat_index(q, self.n), self.n)
        pos += self.n
        for card in slot["cards"]:
            mode, kind = card["mode"], card["card"]
            if mode == "sideways":
                i = pos + 13
            elif kind is None:
                i = pos + 12
            else:
                i = pos + (0 if mode == "face-up" else 6) + TYPES[kind]
            out[i] = min(1.0, out[i] + 0.2)

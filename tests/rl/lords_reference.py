"""The Lords encoder as first written (every write through NumPy): the reference.

``LordsEncoder`` now skips zero writes, looks seats up in a dict and writes through a
``memoryview``; this subclass keeps the original ``fill`` and blocks so that ``test_encoders``
can check both give identical vectors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.lords.content import ATTRIBUTES, EVOLUTIONS
from hellas.games.lords.state import SPECIALS
from hellas.rl.encoders.base import View, counts, multi_hot, one_hot, scale, seat_index
from hellas.rl.encoders.lords import (
    ATTR_CAP,
    CONDITIONS,
    HAND_CAP,
    HOPLITE_CAP,
    PROCEDURES,
    TURN_CAP,
    LordsEncoder,
)


class ReferenceLordsEncoder(LordsEncoder):
    """The original ``fill``, ``_player``, ``_regions`` and ``_monsters``: NumPy writes."""

    def fill(self, out: np.ndarray, view: View) -> None:
        n = self.n
        one_hot(out, self.o_me, seat_index(view.get("seat"), n), n)
        out[self.o_turn] = scale(view.get("turn", 0), TURN_CAP)
        one_hot(out, self.o_current, seat_index(view.get("current"), n), n)
        one_hot(out, self.o_to_act, seat_index(view.get("to_act"), n), n)
        proc = view.get("procedure")
        if proc is not None:
            out[self.o_proc + self.procedures.get(proc, len(PROCEDURES))] = 1.0
        for q, p in enumerate(view.get("players_info", ())[:n]):
            self._player(out, self.o_players + q * self.player_block, p)
        self._regions(out, view.get("regions", ()))
        for god, info in view.get("monuments", {}).items():
            i = self.gods.get(god)
            if i is None:
                continue
            base = self.o_gods + i * self.god_block
            out[base] = scale(info.get("level", 0), 5)
            for q in info.get("priests", ()):
                if seat_index(q, n) is not None:
                    out[base + 1 + q] = min(1.0, out[base + 1 + q] + 0.25)
            one_hot(out, base + 1 + n, seat_index(info.get("artifact_owner"), n), n)
            out[base + 1 + 2 * n] = 1.0 if info.get("artifact_charged") else 0.0
        act = view.get("activation") or []
        if len(act) >= 3:
            one_hot(out, self.o_activation, seat_index(act[0], n), n)
            out[self.o_activation + n] = scale(act[1], 5)
            one_hot(out, self.o_activation + n + 1, act[2], len(self.gods))
        one_hot(
            out, self.o_temple, self.temples.get(str(view.get("temple_card"))), len(self.temples)
        )
        out[self.o_temple + len(self.temples)] = scale(view.get("temples_built", 0), 5)
        out[self.o_temple + len(self.temples) + 1] = 1.0 if view.get("oracle") else 0.0
        multi_hot(out, self.o_quests, view.get("quests", ()), self.quests)
        self._monsters(out, view.get("monsters", {}))
        decks = view.get("decks", {})
        out[self.o_decks] = scale(decks.get("combat", 0), 40)
        out[self.o_decks + 1] = scale(decks.get("combat_discard", 0), 40)
        out[self.o_decks + 2] = scale(decks.get("blessings", 0), 40)
        out[self.o_decks + 3] = scale(decks.get("events", 0), 20)
        if view.get("hand"):
            counts(out, self.o_hand, view["hand"], self.combat, 3)
        battle = view.get("battle")
        if battle:
            self._battle(out, battle)
        draft = view.get("draft")
        if draft:
            base = self.o_draft
            out[base] = 1.0
            out[base + 1] = scale(draft.get("count", 0), 8)
            order, turn = draft.get("order", []), draft.get("turn", -1)
            if 0 <= turn < len(order):
                one_hot(out, base + 2, seat_index(order[turn], n), n)
            multi_hot(out, base + 2 + n, draft.get("cards") or (), self.blessings)
        if view.get("owl"):
            counts(out, self.o_owl, view["owl"], self.combat, 3)
        hunt = view.get("hunt")
        if hunt:
            self._hunt(out, hunt)
        for aid, info in (view.get("artifacts") or {}).items():
            i = self.artifacts.get(aid)
            if i is not None and isinstance(info, Mapping):
                base = self.o_artifacts + i * (n + 1)
                one_hot(out, base, seat_index(info.get("owner"), n), n)
                out[base + n] = 1.0 if info.get("charged") else 0.0
        result = view.get("result")
        if result:
            one_hot(out, self.o_result, seat_index(result.get("winner"), n), n)
            cond = result.get("condition")
            if cond in CONDITIONS:
                out[self.o_result + n + CONDITIONS.index(cond)] = 1.0
        if self.modules is not None:
            self.modules.fill(out, view)

    def _player(self, out: np.ndarray, base: int, p: Mapping[str, Any]) -> None:
        h, r = len(self.heroes), len(self.regions)
        one_hot(out, base, self.heroes.get(str(p.get("hero"))), h)
        one_hot(out, base + h, self.regions.get(str(p.get("at"))), r)
        pos = base + h + r
        attrs = p.get("attributes", {})
        for i, attr in enumerate(ATTRIBUTES):
            out[pos + i] = scale(attrs.get(attr, 0), ATTR_CAP)
            if attr in p.get("injured", ()):
                out[pos + 3 + i] = 1.0
        pos += 6
        out[pos] = scale(p.get("supply", 0), HOPLITE_CAP)
        out[pos + 1] = scale(p.get("priests", 0), 4)
        out[pos + 2] = scale(p.get("cards", 0), HAND_CAP)
        pos += 3
        multi_hot(out, pos, p.get("blessings", ()), self.blessings)
        pos += len(self.blessings)
        multi_hot(out, pos, p.get("used", ()), self.specials)
        pos += len(SPECIALS)
        nl = len(self.lands)
        multi_hot(out, pos, p.get("glory", ()), self.lands)
        multi_hot(out, pos + nl, p.get("lands", ()), self.lands)
        out[pos + 2 * nl] = scale(p.get("temples", 0), 5)
        out[pos + 2 * nl + 1] = scale(p.get("slain", 0), 7)

    def _regions(self, out: np.ndarray, regions: Any) -> None:
        n = self.n
        for region in regions:
            i = self.regions.get(region.get("id"))
            if i is None:
                continue
            base = self.o_regions + i * self.region_block
            one_hot(out, base, seat_index(region.get("control"), n), n)
            for q, count in enumerate(region.get("hoplites", ())[:n]):
                out[base + n + q] = scale(count, HOPLITE_CAP)
            one_hot(out, base + 2 * n, seat_index(region.get("fortified"), n), n)
            out[base + 3 * n] = 1.0 if region.get("temple") else 0.0
            multi_hot(out, base + 3 * n + 1, region.get("monsters", ()), self.monsters)
            out[base + 3 * n + 1 + len(self.monsters)] = 1.0 if region.get("quest") else 0.0

    def _monsters(self, out: np.ndarray, monsters: Mapping[str, Any]) -> None:
        n, r = self.n, len(self.regions)
        for mid, info in monsters.items():
            i = self.monsters.get(mid)
            if i is None:
                continue
            base = self.o_monsters + i * self.monster_block
            one_hot(out, base, self.regions.get(info.get("at")), r)
            multi_hot(out, base + r, info.get("evolutions", ()), self.evolutions)
            slain = seat_index(info.get("slain_by"), n)
            one_hot(out, base + r + len(EVOLUTIONS), slain, n)
            out[base + r + len(EVOLUTIONS) + n] = 1.0 if slain is not None else 0.0
            tray = info.get("tray") or ()
            out[base + r + len(EVOLUTIONS) + n + 1] = scale(len(tray), 6)
            wounded = sum(1 for w in tray if isinstance(w, Mapping) and w.get("wounded"))
            out[base + r + len(EVOLUTIONS) + n + 2] = scale(wounded, 6)

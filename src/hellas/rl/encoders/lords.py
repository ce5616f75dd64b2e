"""The Lords of Hellas observation: one seat's view as a fixed vector.

Every vocabulary (Regions, Heroes, Combat Cards, Blessings, Gods, Monsters, Quests, Temple
cards) comes from the content in use when the environment is built, so a content pack changes
the sizes, and the layout printed by ``hellas.rl.describe`` follows it.  The encoder reads the
view keys listed in the layout; keys it does not know (new procedures, a module's additions)
are ignored, and an unknown procedure name lands in the ``other`` position of ``procedure``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.lords.content import ATTRIBUTES, EVOLUTIONS, LANDS, content
from hellas.games.lords.state import SPECIALS
from hellas.rl.encoders.base import (
    Encoder,
    Layout,
    View,
    counts,
    multi_hot,
    one_hot,
    scale,
    seat_index,
    vocabulary,
)

# Procedure frames the rules push (``view["procedure"]``); anything else counts as "other".
PROCEDURES = (
    "setup",
    "hero",
    "turn",
    "march",
    "recruit",
    "prepare",
    "usurp",
    "hunt",
    "quest",
    "battles",
    "battle",
    "withdraw",
    "discard",
    "draft",
    "event",
    "monsters",
    "mmode",
    "mmove",
    "attrs",
    "injure",
    "heal",
    "exile",
    "fly",
    "boots",
    "owl",
    "shoot",
    "sphinx",
    "thunder",
    "wrath",
    "perseus",
    "hoplites",
)
STAGES = ("response", "response-count", "cards")
HUNT_STAGES = ("attack", "pick", "defend", "slot", "combo", "reward", "done")
TURN_CAP = 200
ATTR_CAP = 6
HOPLITE_CAP = 15
HAND_CAP = 10
CONDITIONS = ("king", "warlord", "favored", "limit")

IGNORED = frozenset({"game", "players"})  # constant for a table


class LordsEncoder(Encoder):
    """Observation layout for Lords of Hellas (depends on players and the content in use)."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        c = content()
        n = self.n = int(options["players"])
        self._seats: dict[Any, int] = {q: q for q in range(n)}  # a seat number -> itself
        self.regions = vocabulary(r.id for r in c.regions)
        self.heroes = vocabulary(h.id for h in c.heroes)
        self.combat = vocabulary(x.id for x in c.combat)
        self.blessings = vocabulary(b.id for b in c.blessings)
        self.gods = vocabulary(g.id for g in c.gods)
        self.monsters = vocabulary(m.id for m in c.monsters)
        self.quests = vocabulary(q.id for q in c.quests)
        self.temples = vocabulary(t.id for t in c.temples)
        self.lands = vocabulary(LANDS)
        self.specials = vocabulary(SPECIALS)
        self.evolutions = vocabulary(EVOLUTIONS)
        self.procedures = vocabulary(PROCEDURES)
        self.artifacts = vocabulary(a.id for a in c.artifacts)
        # Monster Attack cards arrive with the Hunt rules; older content has none
        self.attacks = vocabulary(a.id for a in getattr(c, "attack_cards", ()))
        r, h, b = len(self.regions), len(self.heroes), len(self.blessings)
        cc, mo, q = len(self.combat), len(self.monsters), len(self.quests)
        lay = self.layout = Layout("lords")
        a = lay.add
        self.o_me = a("me", n, "one-hot: the observing seat")
        self.o_turn = a("turn", 1, f"turn / {TURN_CAP} (clipped)")
        self.o_current = a("current", n, "one-hot: the seat whose turn it is")
        self.o_to_act = a("to_act", n, "one-hot: the seat to decide now (all zero at the end)")
        self.o_proc = a(
            "procedure",
            len(PROCEDURES) + 1,
            "one-hot procedure on top of the stack: " + ", ".join(PROCEDURES) + ", other",
        )
        self.player_block = h + r + 3 + 3 + 3 + b + len(SPECIALS) + 5 + 5 + 2
        self.o_players = a(
            "players",
            n * self.player_block,
            f"per seat: hero one-hot ({h}), Hero's Region one-hot ({r}), attributes "
            f"(leadership, strength, speed / {ATTR_CAP}), injured (3, 0/1), supply / "
            f"{HOPLITE_CAP}, Priests / 4, Combat Cards in hand / {HAND_CAP}, Blessings "
            f"(multi-hot {b}), Special Actions used ({len(SPECIALS)}), Glory tokens by Land "
            "(5), Lands controlled (5), Temples / 5, Monsters slain / 7",
        )
        self.region_block = n + n + n + 1 + mo + 1
        self.o_regions = a(
            "regions",
            r * self.region_block,
            f"per Region ({r}): controller one-hot (n), Hoplites per seat / {HOPLITE_CAP}, "
            f"fortified by one-hot (n), Temple, Monsters here (multi-hot {mo}), a Quest here",
        )
        self.god_block = 1 + n + n + 1
        self.o_gods = a(
            "monuments",
            len(self.gods) * self.god_block,
            "per God: Monument level / 5, Priests on it per seat / 4, Artifact owner one-hot "
            "(n), Artifact charged",
        )
        self.o_activation = a(
            "activation",
            n + 1 + len(self.gods),
            "King of Kings countdown: seat one-hot, tokens left / 5, God one-hot",
        )
        self.o_temple = a(
            "temples",
            len(self.temples) + 2,
            "Temple card in play one-hot; Temples built / 5; the Oracle's bonus is available",
        )
        self.o_quests = a("quests", q, "Quests on the board (multi-hot)")
        self.monster_block = r + len(EVOLUTIONS) + n + 1 + 2
        self.o_monsters = a(
            "monsters",
            mo * self.monster_block,
            f"per Monster ({mo}): Region one-hot ({r}), Evolutions (multi-hot "
            f"{len(EVOLUTIONS)}), slain by one-hot (n), slain, wound tray size / 6, wounds "
            "taken / 6",
        )
        self.o_decks = a(
            "decks",
            4,
            "Combat deck / 40, Combat discard / 40, Blessing deck / 40, Event deck / 20",
        )
        self.o_hand = a("hand", cc, f"own Combat Cards: count of each card id / 3 ({cc} ids)")
        self.o_battle = a(
            "battle",
            1 + r + 2 * n + 2 * cc + 2 + len(STAGES),
            "Battle in progress, its Region one-hot, attacker one-hot, defender one-hot, cards "
            "played by attacker and defender (count per id / 3), passed (2), stage one-hot",
        )
        self.o_draft = a(
            "draft",
            2 + n + b,
            "Blessing draft in progress, cards left / 8, seat drafting now one-hot, the cards "
            "I am shown (multi-hot)",
        )
        self.o_owl = a("owl", cc, "cards drawn by the Owl that I see (count per id / 3)")
        na = max(1, len(self.attacks))
        self.o_hunt = a(
            "hunt",
            1 + 2 * n + mo + len(HUNT_STAGES) + 1 + 2 * na + 1 + cc + 2,
            f"Hunt in progress, hunter one-hot, picker one-hot, Monster one-hot ({mo}), stage "
            f"one-hot ({', '.join(HUNT_STAGES)}, other), Monster Attack card chosen one-hot "
            f"({na}), Attack cards I am shown (multi-hot), attack strength / 10, Combat Cards "
            "committed (count per id / 3), ended, Attack cards drawn / 3",
        )
        self.o_artifacts = a(
            "artifacts",
            len(self.artifacts) * (n + 1) if self.artifacts else 1,
            "per Artifact: owner one-hot (n), charged",
        )
        self.o_result = a(
            "result", n + len(CONDITIONS), "winner one-hot, how: " + ", ".join(CONDITIONS)
        )

    def fill(self, out: np.ndarray, view: View) -> None:
        """Write the view's entries (unknown keys and names are skipped)."""
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

    def _regions(self, out: np.ndarray, regions: Any) -> None:
        """Write the Region blocks (zero entries need no write: the vector starts zeroed)."""
        n, seats = self.n, self._seats
        for region in regions:
            i = self.regions.get(region.get("id"))
            if i is None:
                continue
            base = self.o_regions + i * self.region_block
            q = seats.get(region.get("control"))
            if q is not None:
                out[base + q] = 1.0
            for q, count in enumerate(region.get("hoplites", ())[:n]):
                if count > 0:
                    out[base + n + q] = 1.0 if count >= HOPLITE_CAP else count / HOPLITE_CAP
            q = seats.get(region.get("fortified"))
            if q is not None:
                out[base + 2 * n + q] = 1.0
            if region.get("temple"):
                out[base + 3 * n] = 1.0
            here = region.get("monsters")
            if here:
                multi_hot(out, base + 3 * n + 1, here, self.monsters)
            if region.get("quest"):
                out[base + 3 * n + 1 + len(self.monsters)] = 1.0

    def _monsters(self, out: np.ndarray, monsters: Mapping[str, Any]) -> None:
        """Write the Monster blocks."""
        n, r, seats, regions = self.n, len(self.regions), self._seats, self.regions
        for mid, info in monsters.items():
            i = self.monsters.get(mid)
            if i is None:
                continue
            base = self.o_monsters + i * self.monster_block
            k = regions.get(info.get("at"))
            if k is not None:
                out[base + k] = 1.0
            evolutions = info.get("evolutions")
            if evolutions:
                multi_hot(out, base + r, evolutions, self.evolutions)
            pos = base + r + len(EVOLUTIONS)
            slain = seats.get(info.get("slain_by"))
            if slain is not None:
                out[pos + slain] = 1.0
                out[pos + n] = 1.0
            tray = info.get("tray")
            if tray:
                out[pos + n + 1] = scale(len(tray), 6)
                wounded = sum(
                    1
                    for w in tray
                    if (type(w) is dict or isinstance(w, Mapping)) and w.get("wounded")
                )
                if wounded:
                    out[pos + n + 2] = scale(wounded, 6)

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
        multi_hot(out, pos, p.get("glory", ()), self.lands)
        multi_hot(out, pos + 5, p.get("lands", ()), self.lands)
        out[pos + 10] = scale(p.get("temples", 0), 5)
        out[pos + 11] = scale(p.get("slain", 0), 7)

    def _hunt(self, out: np.ndarray, hunt: Mapping[str, Any]) -> None:
        n, mo, cc = self.n, len(self.monsters), len(self.combat)
        na = max(1, len(self.attacks))
        base = self.o_hunt
        out[base] = 1.0
        one_hot(out, base + 1, seat_index(hunt.get("hunter"), n), n)
        one_hot(out, base + 1 + n, seat_index(hunt.get("picker"), n), n)
        pos = base + 1 + 2 * n
        one_hot(out, pos, self.monsters.get(hunt.get("monster") or ""), mo)
        pos += mo
        stage = hunt.get("stage")
        if stage is not None:
            k = HUNT_STAGES.index(stage) if stage in HUNT_STAGES else len(HUNT_STAGES)
            out[pos + k] = 1.0
        pos += len(HUNT_STAGES) + 1
        one_hot(out, pos, self.attacks.get(hunt.get("attack") or ""), na)
        multi_hot(out, pos + na, hunt.get("drawn_cards") or (), self.attacks)
        pos += 2 * na
        out[pos] = scale(hunt.get("strength") or 0, 10)
        counts(out, pos + 1, hunt.get("committed") or (), self.combat, 3)
        pos += 1 + cc
        out[pos] = 1.0 if hunt.get("ended") else 0.0
        out[pos + 1] = scale(hunt.get("drawn") or 0, 3)

    def _battle(self, out: np.ndarray, battle: Mapping[str, Any]) -> None:
        n, r, cc = self.n, len(self.regions), len(self.combat)
        base = self.o_battle
        out[base] = 1.0
        one_hot(out, base + 1, self.regions.get(str(battle.get("region"))), r)
        one_hot(out, base + 1 + r, seat_index(battle.get("attacker"), n), n)
        one_hot(out, base + 1 + r + n, seat_index(battle.get("defender"), n), n)
        pos = base + 1 + r + 2 * n
        for side, played in enumerate(battle.get("played", ())[:2]):
            counts(out, pos + side * cc, played, self.combat, 3)
        pos += 2 * cc
        for side, passed in enumerate(battle.get("passed", ())[:2]):
            out[pos + side] = 1.0 if passed else 0.0
        stage = battle.get("stage")
        if stage in STAGES:
            out[pos + 2 + STAGES.index(stage)] = 1.0

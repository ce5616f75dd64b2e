"""The Lords of Hellas observation: one seat's view as a fixed vector.

Every vocabulary (Regions, Heroes, Combat Cards, Blessings, Gods, Monsters, Quests, Temple
cards) comes from the content in use when the environment is built, so a content pack changes
the sizes, and the layout printed by ``hellas.rl.describe`` follows it.  The encoder reads the
view keys listed in the layout; keys it does not know are ignored, and an unknown procedure name
lands in the ``other`` position of ``procedure``.  The Dark Ages modules in play add their own
fields after the base game's (``lords_modules``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.lords.content import ATTRIBUTES, EVOLUTIONS, configured
from hellas.games.lords.hooks import modules_of
from hellas.games.lords.state import SPECIALS
from hellas.rl.encoders.base import (
    Encoder,
    Layout,
    View,
    counts,
    multi_hot,
    mypyc_attr,
    one_hot,
    scale,
    seat_index,
    vocabulary,
)
from hellas.rl.encoders.lords_modules import ModuleFields

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
DECKS = (("combat", 40), ("combat_discard", 40), ("blessings", 40), ("events", 20))
PLAYER_COUNTS = (("supply", HOPLITE_CAP), ("priests", 4), ("cards", HAND_CAP))


@mypyc_attr(allow_interpreted_subclasses=True)
class LordsEncoder(Encoder):
    """Observation layout for Lords of Hellas (depends on players and the content in use)."""

    reads_state = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        modules = str(options.get("modules") or "")
        c = self.content = configured(modules)  # the content of this option set
        n = self.n = int(options["players"])
        self._seats: dict[Any, int] = {q: q for q in range(n)}  # a seat number -> itself
        self.state_maps: dict[int, Any] = {}  # per content: its records as positions here
        # per state object: its last observation's seat-independent blocks (``lords_state``)
        self.boards: dict[int, Any] = {}
        self.regions = vocabulary(r.id for r in c.regions)
        self.heroes = vocabulary(h.id for h in c.heroes)
        self.combat = vocabulary(x.id for x in c.combat)
        self.blessings = vocabulary(b.id for b in c.blessings)
        self.gods = vocabulary(g.id for g in c.gods)
        self.monsters = vocabulary(m.id for m in c.monsters)
        self.quests = vocabulary(q.id for q in c.quests)
        self.temples = vocabulary(t.id for t in c.temples)
        self.lands = vocabulary(c.land_ids)  # a module may add a Land (Atlantis)
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
        nl, ns = len(self.lands), len(SPECIALS)
        self.player_block = h + r + 3 + 3 + 3 + b + ns + 2 * nl + 2
        # where each part of a seat's block starts
        self._p_at, self._p_attributes = h, h + r
        sets = h + r + 9
        self._p_sets = (
            ("blessings", self.blessings, sets),
            ("used", self.specials, sets + b),
            ("glory", self.lands, sets + b + ns),
            ("lands", self.lands, sets + b + ns + nl),
        )
        self._p_tail = sets + b + ns + 2 * nl
        self.o_players = a(
            "players",
            n * self.player_block,
            f"per seat: hero one-hot ({h}), Hero's Region one-hot ({r}), attributes "
            f"(leadership, strength, speed / {ATTR_CAP}), injured (3, 0/1), supply / "
            f"{HOPLITE_CAP}, Priests / 4, Combat Cards in hand / {HAND_CAP}, Blessings "
            f"(multi-hot {b}), Special Actions used ({len(SPECIALS)}), Glory tokens by Land "
            f"({nl}), Lands controlled ({nl}), Temples / 5, Monsters slain / 7",
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
        # the Dark Ages modules in play add their fields after the base game's
        self.modules = ModuleFields(self, lay, modules_of(modules)) if modules else None

    def fill(self, out: np.ndarray, view: View) -> None:
        """Write the view's entries (unknown keys and names are skipped).

        Scalar writes go through a ``memoryview`` (a float32 store, as NumPy's) and zero
        entries are not written: the vector starts zeroed.
        """
        n, seats = self.n, self._seats
        m: Any = out.data  # a memoryview of the float32 vector
        get = view.get
        q = seat_index(get("seat"), n)
        if q is not None:
            m[self.o_me + q] = 1.0
        value = scale(get("turn", 0), TURN_CAP)
        if value:
            m[self.o_turn] = value
        q = seat_index(get("current"), n)
        if q is not None:
            m[self.o_current + q] = 1.0
        q = seat_index(get("to_act"), n)
        if q is not None:
            m[self.o_to_act + q] = 1.0
        proc = get("procedure")
        if proc is not None:
            m[self.o_proc + self.procedures.get(proc, len(PROCEDURES))] = 1.0
        base, block = self.o_players, self.player_block
        for p in get("players_info", ())[:n]:
            self._player(m, base, p)
            base += block
        self._regions(m, get("regions", ()))
        gods, o_gods, god_block = self.gods, self.o_gods, self.god_block
        for god, info in get("monuments", {}).items():
            i = gods.get(god)
            if i is None:
                continue
            base = o_gods + i * god_block
            value = scale(info.get("level", 0), 5)
            if value:
                m[base] = value
            for q in info.get("priests", ()):
                if seat_index(q, n) is not None:
                    m[base + 1 + q] = min(1.0, m[base + 1 + q] + 0.25)
            q = seat_index(info.get("artifact_owner"), n)
            if q is not None:
                m[base + 1 + n + q] = 1.0
            if info.get("artifact_charged"):
                m[base + 1 + 2 * n] = 1.0
        act = get("activation") or []
        if len(act) >= 3:
            one_hot(out, self.o_activation, seat_index(act[0], n), n)
            out[self.o_activation + n] = scale(act[1], 5)
            one_hot(out, self.o_activation + n + 1, act[2], len(self.gods))
        nt = len(self.temples)
        i = self.temples.get(str(get("temple_card")))
        if i is not None:
            m[self.o_temple + i] = 1.0
        value = scale(get("temples_built", 0), 5)
        if value:
            m[self.o_temple + nt] = value
        if get("oracle"):
            m[self.o_temple + nt + 1] = 1.0
        vocab = self.quests
        for name in get("quests", ()):
            i = vocab.get(name)
            if i is not None:
                m[self.o_quests + i] = 1.0
        self._monsters(m, get("monsters", {}))
        decks = get("decks", {})
        o = self.o_decks
        for k, (key, cap) in enumerate(DECKS):
            value = scale(decks.get(key, 0), cap)
            if value:
                m[o + k] = value
        if get("hand"):
            counts(out, self.o_hand, view["hand"], self.combat, 3)
        battle = get("battle")
        if battle:
            self._battle(out, battle)
        draft = get("draft")
        if draft:
            base = self.o_draft
            out[base] = 1.0
            out[base + 1] = scale(draft.get("count", 0), 8)
            order, turn = draft.get("order", []), draft.get("turn", -1)
            if 0 <= turn < len(order):
                one_hot(out, base + 2, seat_index(order[turn], n), n)
            multi_hot(out, base + 2 + n, draft.get("cards") or (), self.blessings)
        if get("owl"):
            counts(out, self.o_owl, view["owl"], self.combat, 3)
        hunt = get("hunt")
        if hunt:
            self._hunt(out, hunt)
        artifacts, o = self.artifacts, self.o_artifacts
        for aid, info in (get("artifacts") or {}).items():
            i = artifacts.get(aid)
            if i is not None and isinstance(info, Mapping):
                base = o + i * (n + 1)
                q = seats.get(info.get("owner"))
                if q is not None:
                    m[base + q] = 1.0
                if info.get("charged"):
                    m[base + n] = 1.0
        result = get("result")
        if result:
            one_hot(out, self.o_result, seat_index(result.get("winner"), n), n)
            cond = result.get("condition")
            if cond in CONDITIONS:
                out[self.o_result + n + CONDITIONS.index(cond)] = 1.0
        if self.modules is not None:
            self.modules.fill(out, view)

    def fill_state(self, out: np.ndarray, state: Any, seat: int) -> None:
        """Write ``seat``'s vector straight from the state (``lords_state.fill_state``)."""
        from hellas.rl.encoders.lords_state import fill_state  # noqa: PLC0415 - imports this

        fill_state(self, out, state, seat)

    def _regions(self, m: Any, regions: Any) -> None:
        """Write the Region blocks (zero entries need no write: the vector starts zeroed).

        Keys are read with ``get``, so a Region missing one is written without it.
        """
        n, seats, vocab, monsters = self.n, self._seats, self.regions, self.monsters
        o, block = self.o_regions, self.region_block
        temple, quest = 3 * n, 3 * n + 1 + len(monsters)
        for region in regions:
            get = region.get
            i = vocab.get(get("id"))
            if i is None:
                continue
            base = o + i * block
            q = seats.get(get("control"))
            if q is not None:
                m[base + q] = 1.0
            pos = base + n
            for count in get("hoplites", ())[:n]:
                if count > 0:
                    m[pos] = 1.0 if count >= HOPLITE_CAP else count / HOPLITE_CAP
                pos += 1
            q = seats.get(get("fortified"))
            if q is not None:
                m[base + 2 * n + q] = 1.0
            if get("temple"):
                m[base + temple] = 1.0
            here = get("monsters")
            if here:
                for name in here:
                    k = monsters.get(name)
                    if k is not None:
                        m[base + temple + 1 + k] = 1.0
            if get("quest"):
                m[base + quest] = 1.0

    def _monsters(self, m: Any, monsters: Mapping[str, Any]) -> None:
        """Write the Monster blocks."""
        n, r, seats, regions = self.n, len(self.regions), self._seats, self.regions
        evolution_vocab, vocab = self.evolutions, self.monsters
        o, block, ne = self.o_monsters, self.monster_block, len(EVOLUTIONS)
        for mid, info in monsters.items():
            i = vocab.get(mid)
            if i is None:
                continue
            get = info.get
            base = o + i * block
            k = regions.get(get("at"))
            if k is not None:
                m[base + k] = 1.0
            evolutions = get("evolutions")
            if evolutions:
                for name in evolutions:
                    k = evolution_vocab.get(name)
                    if k is not None:
                        m[base + r + k] = 1.0
            pos = base + r + ne
            slain = seats.get(get("slain_by"))
            if slain is not None:
                m[pos + slain] = 1.0
                m[pos + n] = 1.0
            tray = get("tray")
            if tray:
                m[pos + n + 1] = scale(len(tray), 6)
                try:  # the view's trays hold dicts; anything else counts as unwounded
                    wounded = len([1 for w in tray if w["wounded"]])
                except (KeyError, TypeError, IndexError):
                    wounded = sum(1 for w in tray if isinstance(w, Mapping) and w.get("wounded"))
                if wounded:
                    m[pos + n + 2] = scale(wounded, 6)

    def _player(self, m: Any, base: int, p: Mapping[str, Any]) -> None:
        """Write one seat's block."""
        get = p.get
        i = self.heroes.get(str(get("hero")))
        if i is not None:
            m[base + i] = 1.0
        i = self.regions.get(str(get("at")))
        if i is not None:
            m[base + self._p_at + i] = 1.0
        pos = base + self._p_attributes
        attrs = get("attributes", {})
        injured = get("injured", ())
        for i, attr in enumerate(ATTRIBUTES):
            value = attrs.get(attr, 0)
            if value > 0:
                m[pos + i] = 1.0 if value >= ATTR_CAP else value / ATTR_CAP
            if attr in injured:
                m[pos + 3 + i] = 1.0
        pos += 6
        for k, (key, cap) in enumerate(PLAYER_COUNTS):
            value = get(key, 0)
            if value > 0:
                m[pos + k] = 1.0 if value >= cap else value / cap
        pos += 3
        for names, vocab, start in self._p_sets:
            for name in get(names, ()):
                i = vocab.get(name)
                if i is not None:
                    m[base + start + i] = 1.0
        pos = base + self._p_tail
        value = get("temples", 0)
        if value > 0:
            m[pos] = scale(value, 5)
        value = get("slain", 0)
        if value > 0:
            m[pos + 1] = scale(value, 7)

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

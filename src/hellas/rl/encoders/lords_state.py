"""The Lords of Hellas observation written straight from the state (no JSON view built).

``LordsEncoder.fill`` encodes a seat's view; :func:`fill_state` writes the same vector from the
state, reading for the seat exactly what ``games.lords.view`` shows it: the public board, its own
hand, and the few private parts of a decision in progress (the Blessings of a draft, the Owl's
cards, a Hunt's two Monster Attack cards), which it takes from the same small summaries the view
uses.  The content's records are matched to the encoder's vocabularies by id once per content
(:class:`StateMaps`), so a content pack reads as its view would.  The seat-independent blocks
(players, Regions, Monsters, Monuments, Artifacts) of each state object's last observation are
kept (:class:`Board`) with copies of the values they came from, and copied back, or patched
where a few small values changed, while those values are equal: most decisions change little.
``tests/rl/test_state_encoders`` proves both ways equal on every position of random games with
and without modules, and after every kind of change made in place, undone and redone.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from hellas.games.lords import hooks
from hellas.games.lords.board import temples_and_slain
from hellas.games.lords.content import ATTRIBUTES, Content
from hellas.games.lords.frames import BattleFrame, HuntFrame, downward
from hellas.games.lords.hunt import picker
from hellas.games.lords.quests import quest_region
from hellas.games.lords.rules import actor
from hellas.games.lords.state import LordsState
from hellas.rl.encoders.base import one_hot, scale
from hellas.rl.encoders.lords import (
    ATTR_CAP,
    CONDITIONS,
    HAND_CAP,
    HOPLITE_CAP,
    HUNT_STAGES,
    STAGES,
    TURN_CAP,
    LordsEncoder,
)


def _index(vocab: dict[str, int], ids: list[str]) -> list[int]:
    """Return each id's position in ``vocab`` (-1: unknown to the encoder)."""
    return [vocab.get(i, -1) for i in ids]


class StateMaps:
    """A content's records as the encoder's positions (-1: a record the encoder lacks)."""

    def __init__(self, enc: LordsEncoder, c: Content) -> None:
        self.content = c  # kept: the maps are found by the content's identity
        self.heroes = _index(enc.heroes, [h.id for h in c.heroes])
        self.regions = _index(enc.regions, [r.id for r in c.regions])
        self.blessings = _index(enc.blessings, [b.id for b in c.blessings])
        self.monsters = _index(enc.monsters, [m.id for m in c.monsters])
        self.quests = _index(enc.quests, [q.id for q in c.quests])
        self.temples = _index(enc.temples, [t.id for t in c.temples])
        self.combat = _index(enc.combat, [x.id for x in c.combat])
        self.lands = _index(enc.lands, list(c.land_ids))
        self.gods = [
            (enc.gods.get(g.id, -1), g.index, c.artifact(g.artifact).index) for g in c.gods
        ]
        self.artifacts = _index(enc.artifacts, [a.id for a in c.artifacts])
        self.attacks = _index(enc.attacks, [a.id for a in c.attack_cards])
        self.evolve = [
            _index(enc.evolutions, [card.evolve for card in m.cards]) for m in c.monsters
        ]
        # a content attribute -> its position among the encoder's ATTRIBUTES
        self.attributes = [ATTRIBUTES.index(a) if a in ATTRIBUTES else -1 for a in c.attributes]
        self.lands_regions = [list(regions) for regions in c.lands]
        # a Monster's wound tray: its own symbols, and those each Evolve card adds (``tray``)
        self.tray = [len(mo.wounds) for mo in c.monsters]
        self.tray_added = [[len(card.wounds) for card in mo.cards] for mo in c.monsters]


def maps_of(enc: LordsEncoder, c: Content) -> StateMaps:
    """Return the encoder's maps for content ``c`` (built once per content value)."""
    found = enc.state_maps.get(id(c))
    if found is None or found.content is not c:
        found = enc.state_maps[id(c)] = StateMaps(enc, c)
    return found


BOARDS_LIMIT = 2048  # states whose last blocks an encoder keeps (a batch of 1,024 games fits)


class Block:
    """One seat-independent block of a state's last observation, and the values it came from.

    ``key`` holds *copies* of the state's lists the block was computed from (lists of lists
    copied inside too), so a list changed in place no longer equals its copy; ``kept`` holds
    the block's float32 entries.  Both are updated in place after the first time: a block
    computed again allocates nothing.
    """

    __slots__ = ("kept", "key")

    def __init__(self) -> None:
        self.key: list[Any] | None = None
        self.kept: Any = None  # a float32 memoryview of the block's entries

    def restore(self, m: Any, lo: int, hi: int, live: list[Any]) -> bool:
        """Write the kept entries to ``m[lo:hi]`` and return True if ``live`` equals the key."""
        if self.key == live:  # list equality: element by element, by value
            m[lo:hi] = self.kept
            return True
        return False

    def keep(self, m: Any, lo: int, hi: int, live: list[Any]) -> None:
        """Keep the entries ``m[lo:hi]`` just computed from ``live`` (copied)."""
        kept = self.kept
        if kept is None or len(kept) != hi - lo:
            self.kept = memoryview(bytearray(m[lo:hi])).cast("f")
        else:
            kept[:] = m[lo:hi]
        key = self.key
        if key is None or len(key) != len(live):
            self.key = [_copy(x) for x in live]
            return
        for i, x in enumerate(live):
            y = key[i]
            if x and type(x[0]) is list:  # a list of lists: copy each inner list in place
                if len(y) == len(x) and y and type(y[0]) is list:
                    for j, inner in enumerate(x):
                        y[j][:] = inner
                else:
                    key[i] = [z[:] for z in x]
            else:
                y[:] = x


def _copy(x: list[Any]) -> list[Any]:
    """Return a copy of a list (of a list of lists, the inner lists copied too)."""
    if x and type(x[0]) is list:
        return [z[:] for z in x]
    return x[:]


class Board:
    """The seat-independent blocks of a state object's last observation (``Block``).

    The next observation of the same state object copies a block back when the values it was
    computed from are equal to the state's now, and computes it again otherwise; the blocks are
    found by the state's identity but trusted only by value.  The content's maps are part of
    every key (a board kept for other maps is replaced).
    """

    __slots__ = (
        "artifacts",
        "gods",
        "hop",
        "maps",
        "monster_at",
        "monsters",
        "players",
        "region_monsters",
        "regions",
        "seats",
    )

    def __init__(self, maps: StateMaps) -> None:
        self.maps = maps
        self.players = Block()
        self.regions = Block()
        self.monsters = Block()
        self.gods = Block()
        self.artifacts = Block()
        # the hand sizes, supply, Priests, Special Actions used and Heroes' Regions the kept
        # players' block was made with (``_players`` patches it where they change)
        self.seats: list[list[int]] = []
        # the Hoplite counts and Monsters' Regions the kept Region block was made with, and
        # the Monsters' Regions the kept Monster block was made with
        self.hop: list[int] = []
        self.region_monsters: list[int] = []
        self.monster_at: list[int] = []


def board_of(enc: LordsEncoder, s: LordsState, k: StateMaps) -> Board:
    """Return the blocks kept for the state object ``s`` (new ones for a state not seen)."""
    boards = enc.boards
    found: Board | None = boards.get(id(s))
    if found is None or found.maps is not k:
        if len(boards) >= BOARDS_LIMIT:
            boards.clear()
        found = boards[id(s)] = Board(k)
    return found


def fill_state(enc: LordsEncoder, out: np.ndarray, s: LordsState, seat: int) -> None:
    """Write ``seat``'s observation of ``s`` into the zeroed ``out`` (as ``fill`` of its view)."""
    c = s.content
    k = maps_of(enc, c)
    n = enc.n
    m: Any = out.data
    if 0 <= seat < n:
        m[enc.o_me + seat] = 1.0
    value = scale(s.turn, TURN_CAP)
    if value:
        m[enc.o_turn] = value
    if 0 <= s.current < n:
        m[enc.o_current + s.current] = 1.0
    stack = s.stack
    frame = stack[-1] if stack else None
    if s.result is None and stack:
        q = actor(s)
        if 0 <= q < n:
            m[enc.o_to_act + q] = 1.0
    proc = frame["k"] if frame else None
    if proc is not None:
        m[enc.o_proc + enc.procedures.get(proc, len(enc.procedures))] = 1.0
    b = board_of(enc, s, k)
    _players(enc, m, s, k, b)
    _regions(enc, m, s, k, b)
    _gods(enc, m, s, k, b)
    act = s.activation
    if len(act) >= 3:
        o = enc.o_activation
        a0, a2 = act[0], act[2]
        if 0 <= a0 < n:
            m[o + a0] = 1.0
        m[o + n] = scale(act[1], 5)
        if 0 <= a2 < len(enc.gods):
            m[o + n + 1 + a2] = 1.0
    nt = len(enc.temples)
    i = k.temples[s.temple_card]
    if i >= 0:
        m[enc.o_temple + i] = 1.0
    value = scale(s.temples_built, 5)
    if value:
        m[enc.o_temple + nt] = value
    if s.oracle:
        m[enc.o_temple + nt + 1] = 1.0
    for x in s.quest_slots:
        i = k.quests[x]
        if i >= 0:
            m[enc.o_quests + i] = 1.0
    _monsters(enc, m, s, k, b)
    o = enc.o_decks
    size = len(s.combat_deck)  # the Combat deck, its discard, the Blessings, the Events
    if size:
        m[o] = 1.0 if size >= 40 else size / 40
    size = len(s.combat_discard)
    if size:
        m[o + 1] = 1.0 if size >= 40 else size / 40
    size = len(s.blessing_deck)
    if size:
        m[o + 2] = 1.0 if size >= 40 else size / 40
    size = len(s.event_deck)
    if size:
        m[o + 3] = 1.0 if size >= 20 else size / 20
    if 0 <= seat < n and s.hands[seat]:
        _counts(m, enc.o_hand, s.hands[seat], k.combat)
    if frame is not None and frame["k"] == "battle":
        _battle(enc, m, k, frame)
    if frame is not None and frame["k"] == "draft":
        base = enc.o_draft
        out[base] = 1.0
        out[base + 1] = scale(len(frame["cards"]), 8)
        order, turn = list(frame["order"]), frame["i"]
        if 0 <= turn < len(order):
            q = order[turn]
            one_hot(out, base + 2, q if isinstance(q, int) and 0 <= q < n else None, n)
        if seat in order[: turn + 1]:
            for card in frame["cards"]:
                i = k.blessings[card]
                if i >= 0:
                    out[base + 2 + n + i] = 1.0
    if frame is not None and frame["k"] == "owl" and seat == s.current and frame["cards"]:
        _counts(m, enc.o_owl, frame["cards"], k.combat)
    for f in downward(stack):
        if f["k"] == "hunt":  # the Hunt in progress (the topmost)
            _hunt(enc, m, s, k, f, seat)
            break
    result = s.result
    if result:
        winner = result.get("winner")
        one_hot(out, enc.o_result, winner if isinstance(winner, int) else None, n)
        cond = result.get("condition")
        if cond in CONDITIONS:
            out[enc.o_result + n + CONDITIONS.index(cond)] = 1.0
    if enc.modules is not None:
        panels = hooks.panels(s, seat) if s.options.get("modules") else {}
        enc.modules.fill(out, {"module_panels": panels, "procedure": proc})


def _gods(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board) -> None:
    """Write the Monuments' and the Artifacts' fields: kept if their inputs match."""
    n = enc.n
    lo, hi = enc.o_gods, enc.o_gods + len(enc.gods) * enc.god_block
    live = [s.monument, s.monument_priests, s.artifact_owner, s.artifact_charged]
    if not b.gods.restore(m, lo, hi, live):
        god_block = enc.god_block
        for gi_enc, gi, ai in k.gods:
            if gi_enc < 0:
                continue
            base = lo + gi_enc * god_block
            value = scale(s.monument[gi], 5)
            if value:
                m[base] = value
            for q in s.monument_priests[gi]:
                if 0 <= q < n:
                    m[base + 1 + q] = min(1.0, m[base + 1 + q] + 0.25)
            owner = s.artifact_owner[ai]
            if 0 <= owner < n:
                m[base + 1 + n + owner] = 1.0
            if s.artifact_charged[ai]:
                m[base + 1 + 2 * n] = 1.0
        b.gods.keep(m, lo, hi, live)
    lo = enc.o_artifacts
    hi = lo + (len(enc.artifacts) * (n + 1) if enc.artifacts else 1)
    live = [s.artifact_owner, s.artifact_charged]
    if not b.artifacts.restore(m, lo, hi, live):
        for ai, owner in enumerate(s.artifact_owner):
            i = k.artifacts[ai]
            if owner >= 0 and i >= 0:
                base = lo + i * (n + 1)
                if owner < n:
                    m[base + owner] = 1.0
                if s.artifact_charged[ai]:
                    m[base + n] = 1.0
        b.artifacts.keep(m, lo, hi, live)


def _battle(enc: LordsEncoder, m: Any, k: StateMaps, f: BattleFrame) -> None:
    """Write the Battle in progress (as ``LordsEncoder._battle`` writes its summary)."""
    n, r, cc = enc.n, len(enc.regions), len(enc.combat)
    base = enc.o_battle
    m[base] = 1.0
    i = k.regions[f["region"]]
    if i >= 0:
        m[base + 1 + i] = 1.0
    att, defender = f["att"], f["def"]
    if 0 <= att < n:
        m[base + 1 + r + att] = 1.0
    if 0 <= defender < n:
        m[base + 1 + r + n + defender] = 1.0
    pos = base + 1 + r + 2 * n
    for side, played in enumerate(f["played"][:2]):
        _counts(m, pos + side * cc, played, k.combat)
    pos += 2 * cc
    for side, passed in enumerate(f["passed"][:2]):
        if passed:
            m[pos + side] = 1.0
    stage = f["stage"]
    if stage in STAGES:
        m[pos + 2 + STAGES.index(stage)] = 1.0


def _hunt(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, f: HuntFrame, seat: int) -> None:
    """Write the Hunt in progress (as ``LordsEncoder._hunt`` writes ``view.hunt_summary``).

    The two Monster Attack cards drawn are shown only to the seat that picks one.
    """
    n, mo, cc = enc.n, len(enc.monsters), len(enc.combat)
    na = max(1, len(enc.attacks))
    base = enc.o_hunt
    m[base] = 1.0
    hunter, chooser = f["seat"], picker(s, f)
    if 0 <= hunter < n:
        m[base + 1 + hunter] = 1.0
    if 0 <= chooser < n:
        m[base + 1 + n + chooser] = 1.0
    pos = base + 1 + 2 * n
    i = k.monsters[f["m"]]
    if i >= 0:
        m[pos + i] = 1.0
    pos += mo
    stage = f["stage"]
    m[pos + (HUNT_STAGES.index(stage) if stage in HUNT_STAGES else len(HUNT_STAGES))] = 1.0
    pos += len(HUNT_STAGES) + 1
    attack = f["attack"]
    if attack >= 0:
        i = k.attacks[attack]
        if i >= 0:
            m[pos + i] = 1.0
    if seat == chooser and f["drawn"]:
        for a in f["drawn"]:
            i = k.attacks[a]
            if i >= 0:
                m[pos + na + i] = 1.0
    pos += 2 * na
    if attack >= 0:
        value = scale(f["strength"] or 0, 10)
        if value:
            m[pos] = value
    _counts(m, pos + 1, f["committed"], k.combat)
    pos += 1 + cc
    if f["ended"]:
        m[pos] = 1.0
    value = scale(len(f["drawn"]), 3)
    if value:
        m[pos + 1] = value


def _counts(m: Any, start: int, cards: Any, positions: list[int]) -> None:
    """Add 1/3 per card at its position (clipped to 1), as ``counts`` does with ids.

    Through the float32 memoryview: the same float32 values as NumPy's float32 sums give
    (``tests/rl/test_state_encoders.py`` checks every count).
    """
    step = 1.0 / 3
    for x in cards:
        i = positions[x]
        if i >= 0:
            m[start + i] = min(1.0, m[start + i] + step)


def _players(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board) -> None:
    """Write every seat's block: kept from the last observation of ``s`` if its inputs match.

    The small per-seat values that change at many decisions (hand size, supply, Priests,
    Special Actions used, the Hero's Region) are not part of the key: the kept block is
    patched where they differ from the values it was made with (``Board.seats``).
    """
    n = enc.n
    lo = enc.o_players
    hi = lo + n * enc.player_block
    live = [s.heroes, s.attrs, s.injured, s.blessings, s.glory, s.control, s.temples, s.slain]
    sizes = [len(hand) for hand in s.hands]
    block = b.players
    if block.restore(m, lo, hi, live):
        seats = b.seats
        if (
            seats[0] != sizes
            or seats[1] != s.supply
            or seats[2] != s.priests
            or seats[3] != s.used
            or seats[4] != s.hero_at
        ):
            _patch_seats(enc, m, s, k, b, sizes)
        return
    _players_block(enc, m, s, k)
    block.keep(m, lo, hi, live)
    b.seats = [sizes, s.supply[:], s.priests[:], s.used[:], s.hero_at[:]]


def _patch_seats(
    enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board, sizes: list[int]
) -> None:
    """Rewrite the small values of the seats where they changed, in ``m`` and the kept block."""
    kept, seats, lo, block = b.players.kept, b.seats, enc.o_players, enc.player_block
    was_sizes, was_supply, was_priests, was_used, was_at = seats
    used_o = enc._p_sets[1][2]
    specials = len(enc.specials)
    for q in range(enc.n):
        base = lo + q * block
        pos = base + enc._p_attributes + 6
        for j, (value, cap, was) in enumerate(
            (
                (s.supply[q], HOPLITE_CAP, was_supply),
                (s.priests[q], 4, was_priests),
                (sizes[q], HAND_CAP, was_sizes),
            )
        ):
            if value != was[q]:
                entry = 0.0 if value <= 0 else 1.0 if value >= cap else value / cap
                m[pos + j] = entry
                kept[pos + j - lo] = entry
                was[q] = value
        used = s.used[q]
        if used != was_used[q]:
            for a in range(specials):
                entry = 1.0 if used >> a & 1 else 0.0
                m[base + used_o + a] = entry
                kept[base + used_o + a - lo] = entry
            was_used[q] = used
        at = s.hero_at[q]
        if at != was_at[q]:
            old = was_at[q]
            if old >= 0 and k.regions[old] >= 0:
                m[base + enc._p_at + k.regions[old]] = 0.0
                kept[base + enc._p_at + k.regions[old] - lo] = 0.0
            if at >= 0 and k.regions[at] >= 0:
                m[base + enc._p_at + k.regions[at]] = 1.0
                kept[base + enc._p_at + k.regions[at] - lo] = 1.0
            was_at[q] = at


def _players_block(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps) -> None:
    """Compute every seat's block into the zeroed entries."""
    temples, slain = temples_and_slain(s, True)
    n, na, attrs, injured = enc.n, s.na, s.attrs, s.injured
    control = s.control
    whole = [-1] * len(k.lands_regions)  # the seat owning each Land whole
    for land, regions in enumerate(k.lands_regions):
        owner = control[regions[0]]
        if owner >= 0 and all(control[r] == owner for r in regions):
            whole[land] = owner
    glory_o, used_o = enc._p_sets[2][2], enc._p_sets[1][2]
    bless_o, lands_o = enc._p_sets[0][2], enc._p_sets[3][2]
    base = enc.o_players
    block = enc.player_block
    for land, i in enumerate(k.lands):  # Glory tokens and Lands owned whole, by owner
        if i >= 0:
            owner = s.glory[land]
            if 0 <= owner < n:
                m[base + owner * block + glory_o + i] = 1.0
            owner = whole[land]
            if 0 <= owner < n:
                m[base + owner * block + lands_o + i] = 1.0
    for q in range(n):
        h = s.heroes[q]
        if h >= 0 and k.heroes[h] >= 0:
            m[base + k.heroes[h]] = 1.0
        at = s.hero_at[q]
        if at >= 0 and k.regions[at] >= 0:
            m[base + enc._p_at + k.regions[at]] = 1.0
        pos = base + enc._p_attributes
        hurt = injured[q]
        for ci, ai in enumerate(k.attributes):
            if ai < 0:
                continue
            value = attrs[q * na + ci]
            if value > 0:
                m[pos + ai] = 1.0 if value >= ATTR_CAP else value / ATTR_CAP
            if hurt >> ci & 1:
                m[pos + 3 + ai] = 1.0
        pos += 6
        for j, (value, cap) in enumerate(
            ((s.supply[q], HOPLITE_CAP), (s.priests[q], 4), (len(s.hands[q]), HAND_CAP))
        ):
            if value > 0:
                m[pos + j] = 1.0 if value >= cap else value / cap
        for b in s.blessings[q]:
            i = k.blessings[b]
            if i >= 0:
                m[base + bless_o + i] = 1.0
        used = s.used[q]
        a = 0
        while used:
            if used & 1 and a < len(enc.specials):
                m[base + used_o + a] = 1.0
            used >>= 1
            a += 1
        pos = base + enc._p_tail
        if temples[q] > 0:
            m[pos] = scale(temples[q], 5)
        if slain[q] > 0:
            m[pos + 1] = scale(slain[q], 7)
        base += enc.player_block


def _regions(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board) -> None:
    """Write the Region blocks: kept from the last observation of ``s`` if its inputs match.

    Hoplite counts and Monsters' Regions (which change at many decisions) are not part of
    the key: the kept block is patched where they differ from the values it was made with.
    """
    quest_at = [quest_region(s, x) for x in s.quest_slots]
    lo = enc.o_regions
    hi = lo + len(enc.regions) * enc.region_block
    live = [s.control, s.fort, s.temples, quest_at]
    block = b.regions
    if block.restore(m, lo, hi, live):
        if b.hop != s.hop:
            _patch_hoplites(enc, m, s, k, b)
        if b.region_monsters != s.monster_at:
            _patch_monsters_here(enc, m, s, k, b)
        return
    _regions_block(enc, m, s, k, quest_at)
    block.keep(m, lo, hi, live)
    b.hop = s.hop[:]
    b.region_monsters = s.monster_at[:]


def _patch_hoplites(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board) -> None:
    """Rewrite the Hoplite counts that changed, in ``m`` and the kept Region block."""
    n, hop, was, kept = enc.n, s.hop, b.hop, b.regions.kept
    o, block, lo = enc.o_regions + n, enc.region_block, enc.o_regions
    for j in compress(range(len(hop)), map(ne, hop, was)):
        count = hop[j]
        was[j] = count
        i = k.regions[j // n]
        if i >= 0:
            pos = o + i * block + j % n
            entry = 0.0 if count <= 0 else 1.0 if count >= HOPLITE_CAP else count / HOPLITE_CAP
            m[pos] = entry
            kept[pos - lo] = entry


def _patch_monsters_here(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board) -> None:
    """Move the Monsters whose Region changed, in ``m`` and the kept Region block."""
    n, was, kept, regions = enc.n, b.region_monsters, b.regions.kept, k.regions
    o, block, lo = enc.o_regions + 3 * n + 1, enc.region_block, enc.o_regions
    for mi, at in enumerate(s.monster_at):
        old = was[mi]
        if at == old:
            continue
        was[mi] = at
        mk = k.monsters[mi]
        if mk < 0:
            continue
        if old >= 0 and regions[old] >= 0:
            m[o + regions[old] * block + mk] = 0.0
            kept[o + regions[old] * block + mk - lo] = 0.0
        if at >= 0 and regions[at] >= 0:
            m[o + regions[at] * block + mk] = 1.0
            kept[o + regions[at] * block + mk - lo] = 1.0


def _regions_block(
    enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, quest_at: list[int]
) -> None:
    """Compute the Region blocks into the zeroed entries."""
    n = enc.n
    o, block = enc.o_regions, enc.region_block
    temple, quest = 3 * n, 3 * n + 1 + len(enc.monsters)
    control, hop, fort, temples = s.control, s.hop, s.fort, s.temples
    for ri, i in enumerate(k.regions):
        if i < 0:
            continue
        base = o + i * block
        q = control[ri]
        if 0 <= q < n:
            m[base + q] = 1.0
        pos = base + n
        for count in hop[ri * n : ri * n + n]:
            if count > 0:
                m[pos] = 1.0 if count >= HOPLITE_CAP else count / HOPLITE_CAP
            pos += 1
        q = fort[ri]
        if 0 <= q < n:
            m[base + 2 * n + q] = 1.0
        if temples[ri]:
            m[base + temple] = 1.0
        if ri in quest_at:
            m[base + quest] = 1.0
    monster_at = s.monster_at
    for mi, mk in enumerate(k.monsters):
        at = monster_at[mi]
        if at >= 0 and mk >= 0 and k.regions[at] >= 0:
            m[o + k.regions[at] * block + temple + 1 + mk] = 1.0


def _monsters(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps, b: Board) -> None:
    """Write the Monster blocks: kept from the last observation of ``s`` if its inputs match.

    A Monster's Region is patched where it changed, as in the Region blocks.
    """
    lo = enc.o_monsters
    hi = lo + len(enc.monsters) * enc.monster_block
    live = [s.evolutions, s.slain, s.wounds]
    if b.monsters.restore(m, lo, hi, live):
        was = b.monster_at
        if was == s.monster_at:
            return
        kept, block, regions = b.monsters.kept, enc.monster_block, k.regions
        for mi, at in enumerate(s.monster_at):
            old = was[mi]
            if at == old:
                continue
            was[mi] = at
            i = k.monsters[mi]
            if i < 0:
                continue
            if old >= 0 and regions[old] >= 0:
                m[lo + i * block + regions[old]] = 0.0
                kept[i * block + regions[old]] = 0.0
            if at >= 0 and regions[at] >= 0:
                m[lo + i * block + regions[at]] = 1.0
                kept[i * block + regions[at]] = 1.0
        return
    _monsters_block(enc, m, s, k)
    b.monsters.keep(m, lo, hi, live)
    b.monster_at = s.monster_at[:]


def _monsters_block(enc: LordsEncoder, m: Any, s: LordsState, k: StateMaps) -> None:
    """Compute the Monster blocks into the zeroed entries."""
    n, r = enc.n, len(enc.regions)
    o, block, ne = enc.o_monsters, enc.monster_block, len(enc.evolutions)
    for mi, i in enumerate(k.monsters):
        if i < 0:
            continue
        base = o + i * block
        at = s.monster_at[mi]
        if at >= 0 and k.regions[at] >= 0:
            m[base + k.regions[at]] = 1.0
        evolve = k.evolve[mi]
        for x in s.evolutions[mi]:
            e = evolve[x]
            if e >= 0:
                m[base + r + e] = 1.0
        pos = base + r + ne
        slayer = s.slain[mi]
        if 0 <= slayer < n:
            m[pos + slayer] = 1.0
            m[pos + n] = 1.0
        size = k.tray[mi]
        for x in s.evolutions[mi]:
            size += k.tray_added[mi][x]
        if size:
            m[pos + n + 1] = scale(size, 6)
            wounds = s.wounds[mi]
            wounded = sum(1 for w in range(size) if w in wounds) if wounds else 0
            if wounded:
                m[pos + n + 2] = scale(wounded, 6)

"""Poseidon's rules (Dark Ages): Ports, the Fleet, the Help card, the Trident, his Blessings.

Shared by the full module (``poseidon``) and its simple mode (``poseidon-simple``); each keeps
its Port Regions in ``s.mod[<module id>]["ports"]``.  The full mode adds the Fleet Attribute
(data) and its Battle bonus.

- Ports: "Regions with Ports are treated as connected with each other. However there are some
  limitations:" - and the limits printed are Monster moves and Hoplite Movement only.  So every
  other use of adjacency sees the Port links (one Region per hop), through the ``links`` hook:
  Hero Movement, March, Hermes' God Power (``board.links``) and withdrawals, Hoplites brought
  into a Battle, "neighbouring Region" effects (``board.adjacent``).  Hoplite Movement and
  Monster moves use the board's borders and Sea Trails only (``board.neighbours``).
- Fleet: "Add your Fleet value to your Army Strength in every Battle taking place in a Region
  with a Port", at most the Fleet value and at most your Hoplites in the Battle.
- Help card: praying at Poseidon's Monument raises its Attribute (the base rule) and, from
  level II, Recruits Hoplites in one Region you control with a Port.
- The effect vocabulary's Poseidon words (``effects.HOOKED``, registered here): the Trident's
  ``kill-half-in-port`` (pick a Region with a Port; half of its Hoplites, rounded up, die, the
  user choosing whose, one at a time), Sea Raiders' ``sea-raid`` (a Hoplite Movement with one
  more Hoplite, across a Sea Trail) and the condition ``hero-in-port``.  The cards themselves
  (the Trident, Sea Raiders, Tyrant, Hegemony) are records in ``data.toml``.
"""

from __future__ import annotations

from typing import Any

from hellas.core.content import Fields
from hellas.core.errors import ContentError
from hellas.games.lords import effects
from hellas.games.lords.board import armies, region_of, rid
from hellas.games.lords.content import Content
from hellas.games.lords.frames import (
    BattleFrame,
    FxFrame,
    PoseidonHoplitesFrame,
    PoseidonTridentFrame,
)
from hellas.games.lords.fx import POSSIBLE
from hellas.games.lords.hooks import proc
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.movement import can_enter
from hellas.games.lords.packs_modules import help_table
from hellas.games.lords.state import LordsState
from hellas.games.lords.turn import hoplite_choose, hoplite_frame, hoplite_options

IDS = ("poseidon", "poseidon-simple")  # the modules whose rules these are
TRIDENT = "poseidons-trident"
LEVELS = ("I", "II", "III", "IV", "V")
# "Monsters cannot move from one Port to another." / "The Hoplite Movement Regular Action cannot
# be used to move Hoplites from one Port to another." - the only uses that do not see Ports.
PORT_EXCLUDED = ("monster", "hoplite")


# -- settings and Ports -----------------------------------------------------------------------


_BUILT_IN: dict[str, Any] = {}  # the modules' own settings, checked once


def settings(module_id: str, c: Content | None = None) -> dict[str, Any]:
    """Return a module's validated ``[module]`` table (Ports, Help card, Fleet).

    A content pack's Help card (``c``'s ``modules/<id>.toml``) lies over the module's own;
    checked once per content.
    """
    derived = c.derived if c is not None else _BUILT_IN
    found: dict[str, Any] | None = derived.get(f"help:{module_id}")
    if found is None:
        found = derived[f"help:{module_id}"] = _read(module_id, c)
    return found


def _read(module_id: str, c: Content | None) -> dict[str, Any]:
    """Check a module's ``[module]`` table (errors name the pack's file when it gives the card)."""
    source, raw = help_table(c, module_id)
    f = Fields(source, "module", raw)
    pack = bool(f.raw("from_pack", False))
    ports = [str(p) for p in f.items("ports")]
    late = [str(p) for p in f.items("ports_5p")]
    help_card = f.items("help")
    if len(help_card) != 5 or not all(isinstance(n, bool) for n in help_card):
        raise f.error("help", "expected 5 true/false (the Recruit power at Monument level I-V)")
    counts = f.items("help_recruit")
    if len(counts) != 3 or not all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 5 for n in counts
    ):
        raise f.error("help_recruit", "expected 3 whole numbers 1-5 (no City, City, Sparta)")
    side = f.one_of("help_side", ("red", "grey"))
    fleet = f.flag("fleet")
    f.provenance()
    f.finish()
    return {
        "ports": ports,
        "ports_5p": late,
        "help": help_card,
        "recruit": counts,
        "side": side,
        "fleet": fleet,
        "from_pack": pack,
    }


def _mine(s: LordsState) -> str:
    """Return the id of the Poseidon module in play (full or simple)."""
    for module_id in IDS:
        if module_id in s.mod:
            return module_id
    found = [m for m in str(s.options.get("modules", "")).split(",") if m in IDS]
    return found[0] if found else IDS[0]


def port_regions(c: Content, module_id: str, players: int) -> list[int]:
    """Return the Port Regions for a game of ``players`` (North Atlantis at 5-6 if it exists)."""
    conf = settings(module_id, c)
    names = list(conf["ports"])
    known = {r.id for r in c.regions}
    if players >= 5:
        names += [p for p in conf["ports_5p"] if p in known]
    for name in names:
        if name not in known:
            raise ContentError(f"module {module_id}", "module", "ports", f"unknown region {name!r}")
    return [c.region(name).index for name in names]


def ports(s: LordsState) -> list[int]:
    """Return the Port Regions (indices) of this game."""
    mine = s.mod.get(_mine(s))
    if mine is not None:
        return list(mine["ports"])
    return port_regions(s.content, _mine(s), s.n)


def fleet_index(s: LordsState) -> int:
    """Return the Fleet Attribute's index (after the core box's three)."""
    return s.content.attributes.index("fleet")


# -- hook handlers ----------------------------------------------------------------------------


def prepare(s: LordsState) -> None:
    """Poseidon Setup: place the Port tokens (the Monument, Artifact, Blessings are data)."""
    module_id = next(m for m in IDS if m in str(s.options.get("modules", "")).split(","))
    s.mod[module_id] = {"ports": port_regions(s.content, module_id, s.n)}


def links(s: LordsState, region: int, purpose: str) -> list[int]:
    """From a Port, every other Port is one Region away (for all but Monsters and Hoplites)."""
    if purpose in PORT_EXCLUDED:
        return []
    here = s.mod[_mine(s)]["ports"]
    return [r for r in here if r != region] if region in here else []


def fleet_bonus(s: LordsState, f: BattleFrame, side: int) -> int:
    """Fleet: min(Fleet, own Hoplites in the Battle) in a Port Region, else 0."""
    region = f["region"]
    if region not in s.mod[_mine(s)]["ports"]:
        return 0
    seat = f["att"] if side == 0 else f["def"]
    return min(s.attr(seat, fleet_index(s)), s.hoplites(region, seat))


def prayer(s: LordsState, seat: int, god_id: str) -> None:
    """Poseidon's Monument Power (the Help card): Recruit in 1 Region you control with a Port.

    "Recruit Hoplites" counts as the Recruit Special Action would in that Region (2 with a City,
    4 in Sparta), 1 where it has no City (docs/rules/lords-dark-ages.md).
    """
    if god_id != "poseidon":
        return
    conf = settings(_mine(s), s.content)
    level = s.monument[s.content.god("poseidon").index]
    if conf["help"][level - 1] and s.supply[seat] and _own_ports(s, seat):
        ports = _own_ports(s, seat)  # the base Recruit power, limited to these Regions
        regions = s.content.regions
        counts = {regions[r].id: int(conf["recruit"][regions[r].city]) for r in ports}
        s.stack.append({"k": "power-recruit", "n": 1, "regions": ports, "counts": counts})


def _own_ports(s: LordsState, seat: int) -> list[int]:
    return [r for r in ports(s) if s.control[r] == seat]


def _movable(s: LordsState, seat: int) -> bool:
    return any(s.hop[r * s.n + seat] for r in range(len(s.control))) or seat in s.fort


def kill_half_in_port(s: LordsState, f: FxFrame, seat: int, _: bool) -> None:
    """Ask for a Region with a Port and Hoplites (the Trident's ``kill-half-in-port``)."""
    s.stack.append({"k": "poseidon-trident"})


def sea_raid(s: LordsState, f: FxFrame, seat: int, n: int) -> None:
    """Sea Raiders (``sea-raid``): the Leadership allowance plus N Hoplites across Sea Trails."""
    moves = hoplite_frame(s, s.attr(seat, 0))
    frame: PoseidonHoplitesFrame = {
        **moves,
        "k": "poseidon-hoplites",  # keeps its first place among the keys
        "land": moves["left"],
        "sea": n,
    }
    frame["left"] += n
    s.stack.append(frame)


def hero_in_port(s: LordsState, seat: int, value: Any, ctx: dict[str, Any]) -> bool:
    """Return whether the Hero stands in a Region with a Port (``hero-in-port``)."""
    here = s.hero_at[seat]
    return (here >= 0 and here in ports(s)) == bool(value)


effects.register("kill-half-in-port", kill_half_in_port)
effects.register("sea-raid", sea_raid)
effects.register("hero-in-port", hero_in_port)
POSSIBLE["kill-half-in-port"] = lambda s, seat, value, ctx: bool(trident_targets(s))
POSSIBLE["sea-raid"] = lambda s, seat, value, ctx: _movable(s, seat)


def trident_targets(s: LordsState) -> list[int]:
    """Return the Port Regions with Hoplites in them."""
    return [r for r in ports(s) if armies(s, r)]


def trident_options(s: LordsState, f: PoseidonTridentFrame) -> list[str]:
    """Poseidon's Trident: choose a Region with a Port (and Hoplites)."""
    return [f"trident:{rid(s, r)}" for r in trident_targets(s)]


def trident_choose(s: LordsState, f: PoseidonTridentFrame, key: str) -> None:
    """Kill half of the Hoplites there, rounding up; the user picks whose, one at a time."""
    s.stack.pop()
    region = region_of(s, key.partition(":")[2])
    present = sum(s.hoplites(region, q) for q in range(s.n))
    kill_chosen(s, region, (present + 1) // 2)


def sea_moves(s: LordsState, f: PoseidonHoplitesFrame, seat: int) -> list[str]:
    """Return the Sea Raiders moves: one free Hoplite across a Sea Trail."""
    out = []
    regions = s.content.regions
    for r in range(len(s.control)):
        if s.hop[r * s.n + seat] - f["arrived"][r] > 0:
            out += [
                f"searaid:{rid(s, r)}>{rid(s, t)}" for t in regions[r].sea if can_enter(s, seat, t)
            ]
    return out


def hoplites_options(s: LordsState, f: PoseidonHoplitesFrame) -> list[str]:
    """List a Sea Raiders Hoplite Movement's moves: the usual ones and the extra one by sea."""
    p = s.current
    out = hoplite_options(s, f) if f["land"] > 0 else ["done"]
    if f["sea"]:
        out += sea_moves(s, f, p)
    return out


def hoplites_choose(s: LordsState, f: PoseidonHoplitesFrame, key: str) -> None:
    """Apply a move: the Sea Raiders one spends an extra Hoplite, the others Leadership."""
    if key.startswith("searaid:"):
        f["sea"] -= 1
        hoplite_choose(s, f, "move:" + key.partition(":")[2])
        return
    if key != "done":
        f["land"] -= 1
    hoplite_choose(s, f, key)


def invariants(s: LordsState) -> None:
    """Check that the Port tokens stay where Setup put them."""
    module_id = _mine(s)
    if s.mod[module_id]["ports"] != port_regions(s.content, module_id, s.n):
        raise AssertionError("the Port tokens moved")


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Poseidon's panel: Ports on the map, each Fleet, the Help card, the Trident's holder."""
    c = s.content
    module_id = _mine(s)
    conf = settings(module_id, c)
    here = ports(s)
    god = c.god("poseidon")
    level = s.monument[god.index]
    trident = c.artifact(TRIDENT).index
    owner = s.artifact_owner[trident]
    holder = c.heroes[s.heroes[owner]].name if owner >= 0 and s.heroes[owner] >= 0 else "nobody"
    lines = [
        "Ports: " + ", ".join(c.regions[r].name for r in here),
        f"Poseidon's Monument in {c.regions[god.site].name}, level {level}",
        f"Poseidon's Trident: {holder}"
        + ("" if owner < 0 or s.artifact_charged[trident] else " (used)"),
    ]
    no_city, city, sparta = conf["recruit"]
    power = (
        f"recruit at a Port you control ({city} with a City, {sparta} in Sparta, {no_city} "
        "elsewhere)"
        if conf["help"][level - 1]
        else "no power"
    )
    panel: dict[str, Any] = {
        "title": "Poseidon" if conf["fleet"] else "Poseidon (simple mode)",
        "lines": lines,
        "players": [[] for _ in range(s.n)],
        "regions": {
            c.regions[r].id: [{"kind": "port", "seat": None, "label": "Port"}] for r in here
        },
        "cards": [
            {
                "id": "poseidon-help",
                "name": f"Poseidon Help card ({conf['side']} corner)"
                + (", the content pack's" if conf["from_pack"] else ""),
                "text": "Prayer: +1 "
                + ("Fleet" if conf["fleet"] else "to the Monument's Attribute")
                + "; at levels "
                + ", ".join(n for n, on in zip(LEVELS, conf["help"], strict=True) if on)
                + " Recruit Hoplites in 1 Region you control with a Port",
                "state": f"level {level}: {power}",
            }
        ],
        "private": [],
        "ports": [c.regions[r].id for r in here],
    }
    if conf["fleet"]:
        a = fleet_index(s)
        fleets = [s.attr(q, a) for q in range(s.n)]
        panel["players"] = [[f"Fleet {v}"] for v in fleets]
        panel["fleet"] = fleets
    return panel


def entries(c: Any) -> list[tuple[str, str]]:
    """Return the choice keys this module adds."""
    e = [("searaid", "Hoplite Movement with Sea Raiders (one more Hoplite across a Sea Trail)")]
    for r in c.regions:
        e += [
            (
                f"searaid:{r.id}>{c.regions[t].id}",
                f"Sea Raiders: move a Hoplite from {r.name} to {c.regions[t].name} by sea",
            )
            for t in r.sea
        ]
    e += [(f"trident:{r.id}", f"Poseidon's Trident strikes {r.name}") for r in c.regions]
    return e


PROCEDURES = {
    "poseidon-trident": proc(trident_options, trident_choose),
    "poseidon-hoplites": proc(hoplites_options, hoplites_choose),
}


def hook_table(fleet: bool) -> dict[str, Any]:
    """Return the hook handlers of the full module (``fleet``) or of its simple mode."""
    return {
        "prepare": prepare,
        "links": links,
        # the Fleet bonus ("Fleet components and rules are not used" in simple mode); Tyrant
        # and Hegemony are clauses of their Blessing records (``effects.py``)
        **({"army_strength": fleet_bonus} if fleet else {}),
        "prayer": prayer,
        "invariants": invariants,
        "view": view,
    }

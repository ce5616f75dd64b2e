"""Hades, full mode: Warriors of Hades, the Underworld, Raise, Gates of Hades, Resurrection.

- Warriors of Hades: each player places one in any Region right after choosing their Hero (a
  frame pushed on top of the setup).  They belong to nobody: a Warrior joins the Army of the
  player controlling its Region (if that player has Hoplites there), adds 1 to that Army's
  Strength, raises the Region's Population Strength by 1 against everyone else, may go along
  when its Army moves (March, Hermes' power, Hoplite Movement: a frame after the move), stays
  with an attacking Army until the Battle ends, kills 1 defending Hoplite before a Battle its
  Army attacks in, never dies and stays in the Battle's Region afterwards.
- The Underworld: every killed Hoplite goes there instead of its owner's supply.
- Raise: an added Attribute (1-5); Resurrection, a Regular Action once a turn, brings Raise
  Hoplites from the Underworld to a Region with a Gate of Hades (a Battle if enemies are there)
  or to the supply.
- Gates of Hades: one per player, in their Hero's starting Region once every Hero is placed.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.board import enemies_in, kill, region_of, rid
from hellas.games.lords.frames import BattleFrame, HadesEscortFrame, HadesWarriorFrame, TurnFrame
from hellas.games.lords.fx import removed
from hellas.games.lords.modules.hades import common
from hellas.games.lords.movement import after_moves, can_enter, chimera_bites
from hellas.games.lords.state import LordsState

MODULE_ID = "hades"


def raise_index(s: LordsState) -> int:
    """Return the index of the Raise Attribute in the configured content."""
    return s.content.attributes.index("raise")


def st(s: LordsState) -> dict[str, Any]:
    """Return this module's state."""
    mine: dict[str, Any] = s.mod[MODULE_ID]
    return mine


def prepare(s: LordsState) -> None:
    """Set up the Underworld, the Gates and the Warriors (placed during Picking Heroes)."""
    mod: dict[str, Any] = {}
    mod.update(
        {
            "under": [0] * s.n,  # Hoplites on the Underworld board, per seat
            "gates": [-1] * s.n,  # each player's Gate of Hades
            "warriors": [],  # [Region, escorted seat or -1] per Warrior placed
            "rose": 0,  # Resurrection used this turn
        }
    )
    s.mod[MODULE_ID] = mod


# -- Warriors of Hades ------------------------------------------------------------------------


def joined(s: LordsState, warrior: list[int]) -> int:
    """Return the seat whose Army a Warrior has joined, or -1.

    A Warrior moving with an attacking Army stays with it until the Battle ends; otherwise it
    joins the Army of the player controlling its Region, if that player has Hoplites there.
    """
    region, escort = warrior
    if escort >= 0:
        return escort
    q = s.control[region]
    return q if q >= 0 and s.hoplites(region, q) else -1


def warriors_with(s: LordsState, region: int, seat: int) -> int:
    """Return how many Warriors in ``region`` have joined ``seat``'s Army."""
    return sum(1 for w in st(s)["warriors"] if w[0] == region and joined(s, w) == seat)


def hero_chosen(s: LordsState, seat: int) -> None:
    """Push the placement of the player's Warrior of Hades (before their Hero and Hoplites)."""
    s.stack.append({"k": "hades-warrior", "seat": seat})


def warrior_options(s: LordsState, f: HadesWarriorFrame) -> list[str]:
    """Any Region of the board."""
    return [f"hades-warrior:{r.id}" for r in s.content.regions]


def warrior_choose(s: LordsState, f: HadesWarriorFrame, key: str) -> None:
    """Place the Warrior."""
    s.stack.pop()
    st(s)["warriors"].append([region_of(s, key.partition(":")[2]), -1])


def population(s: LordsState, region: int, seat: int) -> int:
    """Add 1 Population Strength per Warrior in the Region, for every player (the text's)."""
    return sum(1 for w in st(s)["warriors"] if w[0] == region)


def army_strength(s: LordsState, f: BattleFrame, side: int) -> int:
    """Each Warrior adds 1 to the Army Strength of the Army it has joined."""
    seat = f["att"] if side == 0 else f["def"]
    return warriors_with(s, f["region"], seat)


def before_battle(s: LordsState, f: BattleFrame) -> None:
    """Kill 1 defending Hoplite if the attacking Army has Warriors (before the Battle)."""
    if warriors_with(s, f["region"], f["att"]):
        kill(s, f["region"], f["def"], 1)


def after_battle(s: LordsState, f: BattleFrame, winner: int) -> None:
    """Leave the Warriors in the Battle's Region, no longer tied to the attacker."""
    for w in st(s)["warriors"]:
        if w[0] == f["region"]:
            w[1] = -1


def hoplites_moved(s: LordsState, seat: int, src: int, dst: int) -> None:
    """Offer the Warriors that joined the moving Army to go along with it."""
    if escortable(s, seat, src):
        s.stack.append({"k": "hades-escort", "seat": seat, "src": src, "dst": dst})


def escortable(s: LordsState, seat: int, src: int) -> list[list[int]]:
    """Return the Warriors in ``src`` that may go with ``seat``'s Hoplites leaving it.

    They joined the Army there (its player controls ``src``) and are not held by a Battle.
    """
    if s.control[src] != seat:
        return []
    return [w for w in st(s)["warriors"] if w[0] == src and w[1] < 0]


def escort_options(s: LordsState, f: HadesEscortFrame) -> list[str]:
    """How many Warriors go along (0 to all of them)."""
    most = len(escortable(s, f["seat"], f["src"]))
    return [f"hades-escort:{k}" for k in range(most + 1)] if most else []


def escort_choose(s: LordsState, f: HadesEscortFrame, key: str) -> None:
    """Move the Warriors; into enemies, they stay with the Army until the Battle ends."""
    s.stack.pop()
    seat, dst = f["seat"], f["dst"]
    held = seat if enemies_in(s, dst, seat) else -1
    for w in escortable(s, seat, f["src"])[: int(key.partition(":")[2])]:
        w[0] = dst
        w[1] = held


# -- the Underworld, Gates and Resurrection ---------------------------------------------------


def hoplites_killed(s: LordsState, region: int, seat: int, count: int) -> None:
    """Killed Hoplites go to the Underworld board, not back to the supply."""
    s.supply[seat] -= count
    st(s)["under"][seat] += count


def hoplites_held(s: LordsState, seat: int) -> int:
    """Hoplites on the Underworld board (those removed from the game: ``fx.removed``)."""
    return int(st(s)["under"][seat])


def placed(s: LordsState) -> None:
    """Each player puts a Gate of Hades in their Hero's starting Region."""
    st(s)["gates"] = list(s.hero_at)


def start_turn(s: LordsState, seat: int) -> None:
    """Resurrection is available again; no Warrior is held by a Battle between turns."""
    mod = st(s)
    mod["rose"] = 0
    for w in mod["warriors"]:
        w[1] = -1


def rise_targets(s: LordsState, seat: int) -> list[int]:
    """Return the Regions with a Gate of Hades that ``seat``'s Hoplites may enter."""
    gates = sorted({g for g in st(s)["gates"] if g >= 0})
    return [g for g in gates if can_enter(s, seat, g)]


def turn_options(s: LordsState, seat: int, f: TurnFrame) -> list[str]:
    """Resurrection (once a turn, with Hoplites in the Underworld): where they come back."""
    mod = st(s)
    if mod["rose"] or not mod["under"][seat]:
        return []
    return ["hades-rise:pool"] + [f"hades-rise:{rid(s, g)}" for g in rise_targets(s, seat)]


def resurrect(s: LordsState, seat: int, where: str) -> int:
    """Bring up to Raise Hoplites back to a Gate's Region or the supply; return how many."""
    mod = st(s)
    mod["rose"] = 1
    count = min(s.attr(seat, raise_index(s)), int(mod["under"][seat]))
    mod["under"][seat] -= count
    if where == "pool":
        s.supply[seat] += count
        return count
    r = region_of(s, where)
    s.hop[r * s.n + seat] += count
    chimera_bites(s, seat, r)
    # "You may start a Battle that way": they came from nowhere, so a lost Battle kills them
    after_moves(s, seat, [r], {str(r): []})
    return count


def turn_choose(s: LordsState, f: TurnFrame, seat: int, key: str) -> None:
    """Apply Resurrection (its key names where the Hoplites come back)."""
    resurrect(s, seat, key.partition(":")[2])


# -- views, invariants, choice keys -----------------------------------------------------------


def _name(s: LordsState, q: int) -> str:
    return s.content.heroes[s.heroes[q]].name if s.heroes[q] >= 0 else f"Player {q + 1}"


def view(s: LordsState, seat: int | None) -> dict[str, Any]:
    """Return the panel: the Underworld, Raise, Gates and Warriors (all public)."""
    mod = st(s)
    c = s.content
    a = raise_index(s)
    regions: dict[str, list[dict[str, Any]]] = {}
    for w in mod["warriors"]:
        q = joined(s, w)
        label = "Warrior of Hades" + (f" with {_name(s, q)}" if q >= 0 else "")
        regions.setdefault(rid(s, w[0]), []).append(
            {"kind": "warrior", "seat": None, "label": label}
        )
    for q, g in enumerate(mod["gates"]):
        if g >= 0:
            regions.setdefault(rid(s, g), []).append(
                {"kind": "gate", "seat": q, "label": "Gate of Hades"}
            )
    under = ", ".join(f"{_name(s, q)} {mod['under'][q]}" for q in range(s.n))
    lines = [f"Underworld: {under}"]
    if mod["warriors"]:
        lines.append(
            "Warriors of Hades in " + ", ".join(c.regions[w[0]].name for w in mod["warriors"])
        )
    gone = common.removed_line(s)
    if gone:
        lines.append(gone)
    return {
        "title": "Hades",
        "lines": lines,
        "players": [
            [f"Raise {s.attrs[q * s.na + a]}", f"Underworld {mod['under'][q]}"] for q in range(s.n)
        ],
        "regions": regions,
        "cards": [common.help_card(s, "hades")],
        "private": [],
        "underworld": list(mod["under"]),
        "raise": [s.attrs[q * s.na + a] for q in range(s.n)],
        "gates": [rid(s, g) if g >= 0 else None for g in mod["gates"]],
        "warriors": [{"region": rid(s, w[0]), "joined": joined(s, w)} for w in mod["warriors"]],
        "removed": removed(s),
        "resurrection_used": bool(mod["rose"]),
    }


def invariants(s: LordsState) -> None:
    """Warriors: at most one per player who chose a Hero, on the board; no negative counts."""
    mod = st(s)
    placed_heroes = sum(1 for h in s.heroes if h >= 0)
    if len(mod["warriors"]) > placed_heroes:
        raise AssertionError(f"{len(mod['warriors'])} Warriors of Hades for {placed_heroes} Heroes")
    regions = len(s.control)
    for w in mod["warriors"]:
        if not 0 <= w[0] < regions or not -1 <= w[1] < s.n:
            raise AssertionError(f"a Warrior of Hades out of place: {w}")
    if min(mod["under"]) < 0:
        raise AssertionError("a negative Hoplite count on the Underworld board")


def entries(c: Any) -> list[tuple[str, str]]:
    """Return every choice key of the full mode."""
    out = [(f"hades-warrior:{r.id}", f"Place a Warrior of Hades in {r.name}") for r in c.regions]
    out.append(("hades-escort:0", "Leave the Warriors of Hades behind"))
    out.append(("hades-escort:1", "1 Warrior of Hades goes along"))
    out += [(f"hades-escort:{k}", f"{k} Warriors of Hades go along") for k in range(2, 7)]
    out.append(("hades-rise:pool", "Resurrection: bring Hoplites back to your supply"))
    out += [
        (f"hades-rise:{r.id}", f"Resurrection: bring Hoplites back to the Gate in {r.name}")
        for r in c.regions
    ]
    return out + common.common_entries(c)

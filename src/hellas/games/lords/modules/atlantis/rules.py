"""Atlantis rules: Cleito, the Factory, Talos, and the Siren's and Cetus' trays and rewards.

The Atlantis board is data (``data.toml``: a Land of three Regions and its Sea Trails); the
Siren and Cetus come from the Events Deck like any Monster.  What needs rules is here:

- Cleito, the Atlantis box's Hero, is the ``cleito`` module's (Atlantis includes it).
- The Factory: a Build Temple Special Action in the Inner Circle by its controller; it counts
  as a Temple (Priests when built and at its controller's Build Monument, Favored of the Gods)
  and puts Talos in the Inner Circle.
- Talos: controlled by the Inner Circle's controller, who may not Hunt it, takes one Talos
  Regular Action a turn (move Talos 1 Region or use its Region Attack) and a Talos action
  instead of the Monster Die in every Monster Phase.
- The Siren's Special Attack (``capture``, an effect of the vocabulary this module writes) takes
  the Hero out of the game until the next Build Monument, when it comes back in Euboea; the
  Siren moves only between Regions with a Port.  Talos' Special Attack is ``talos``.
- Cetus kills a Hoplite in every Region with a Port, and closes the Sea Trails of its Region.
- Siren's Crown and Cetus' Tentacle are Artifact records of ``data.toml`` (their clauses).
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import effects, fx, hooks
from hellas.games.lords.board import armies, gain_priest, kill, neighbours, region_of, rid
from hellas.games.lords.content import module_raw
from hellas.games.lords.frames import AtlInjureFrame, AtlTalosFrame, FxFrame, TurnFrame
from hellas.games.lords.fx_fight import hunt, monster_value
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.monsters import has_passive, tray
from hellas.games.lords.state import TEMPLE, LordsState
from hellas.games.lords.turn import take_activation_token

ID = "atlantis"
SETTINGS: dict[str, Any] = module_raw(ID).get("module", {})


def mine(s: LordsState) -> dict[str, Any]:
    """Return the module's own state: the Factory, Talos' action this turn, the Siren's Heroes."""
    data: dict[str, Any] = s.mod[ID]
    return data


def factory_region(s: LordsState) -> int:
    """Return the Region where the Factory may be built (the Inner Circle)."""
    return region_of(s, str(SETTINGS.get("factory_region", "inner-circle")))


def talos(s: LordsState) -> int:
    """Return Talos' Monster index."""
    return s.content.monster("talos").index


def controller(s: LordsState) -> int:
    """Return the seat controlling Talos (the Inner Circle's controller), or -1."""
    if not mine(s)["factory"] or s.monster_at[talos(s)] < 0:
        return -1
    return s.control[factory_region(s)]


def ports(s: LordsState) -> list[int]:
    """Return the Regions with a Port (the Poseidon module's, or its simple mode's)."""
    from hellas.games.lords.modules.poseidon import rules as poseidon  # noqa: PLC0415

    return list(poseidon.ports(s))


# -- set-up and turns --------------------------------------------------------------------------


def prepare(s: LordsState) -> None:
    """Create the module state: no Factory yet, nobody held by the Siren."""
    s.mod[ID] = {"factory": 0, "talos_used": 0, "captives": []}


def start_turn(s: LordsState, seat: int) -> None:
    """Start a turn: the Talos Regular Action may be taken again."""
    mine(s)["talos_used"] = 0


def turn_options(s: LordsState, seat: int, f: TurnFrame) -> list[str]:
    """Offer the Factory and the Talos action (the Atlantis Artifacts are data: ``fx``)."""
    out: list[str] = []
    ic = factory_region(s)
    if not mine(s)["factory"] and not s.used[seat] >> TEMPLE & 1 and s.control[ic] == seat:
        out.append("atl-factory")
    if controller(s) == seat and not mine(s)["talos_used"]:
        out.append("atl-talos")
    return out


def turn_choose(s: LordsState, f: TurnFrame, seat: int, key: str) -> None:
    """Apply an Atlantis choice of the turn menu."""
    verb = key.partition(":")[0]
    if verb == "atl-factory":
        build_factory(s, f, seat)
    elif verb == "atl-talos":
        mine(s)["talos_used"] = 1
        s.stack.append({"k": "atl-talos", "seat": seat, "mode": "any"})


def build_factory(s: LordsState, f: TurnFrame, seat: int) -> None:
    """Build the Factory (Build Temple in the Inner Circle): a Priest, and Talos comes."""
    f["specials"] += 1
    take_activation_token(s, seat)
    if s.result:
        return
    s.used[seat] |= 1 << TEMPLE
    ic = factory_region(s)
    s.temples[ic] = 1  # it counts as a Temple everywhere a Temple counts
    mine(s)["factory"] = 1
    gain_priest(s, seat)
    s.monster_at[talos(s)] = ic
    hooks.run(s, "temple_built", seat, ic)
    fx.fire(s, seat, "temple-built")  # a Build Temple: e.g. Hermes' Temple, Forge-Temple


# -- Talos -------------------------------------------------------------------------------------


def monster_phase(s: LordsState, m: int) -> bool:
    """Talos' controller takes a Talos action instead of the Monster Die."""
    if m != talos(s) or controller(s) < 0:
        return False
    s.stack.append({"k": "atl-talos", "seat": controller(s), "mode": "any"})
    return True


def land_of(s: LordsState, region: int) -> tuple[int, ...]:
    """Return the Regions of the Land ``region`` is in."""
    c = s.content
    return c.lands[c.regions[region].land]


def talos_options(s: LordsState, f: AtlTalosFrame) -> list[str]:
    """List a Talos action: move Talos 1 Region, or kill 1 Hoplite in a Region of its Land."""
    here = s.monster_at[talos(s)]
    if here < 0:
        return []
    out = [] if f["mode"] == "attack" else ["atl-talos-stay"]
    heroes = s.content.heroes
    for r in land_of(s, here):
        out += [f"atl-talos-kill:{rid(s, r)}:{heroes[s.heroes[q]].id}" for q in armies(s, r)]
    if f["mode"] != "attack":
        out += [f"atl-talos-move:{rid(s, r)}" for r in neighbours(s, here)]
    return out


def talos_choose(s: LordsState, f: AtlTalosFrame, key: str) -> None:
    """Move Talos, or kill the chosen Hoplite."""
    s.stack.pop()
    verb, _, arg = key.partition(":")
    if verb == "atl-talos-move":
        s.monster_at[talos(s)] = region_of(s, arg)
    elif verb == "atl-talos-kill":
        region, _, hero = arg.partition(":")
        q = next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero)
        kill(s, region_of(s, region), q, s.content.monsters[talos(s)].attack[1])


def hunt_barred(s: LordsState, seat: int, m: int) -> bool:
    """Return whether ``seat`` controls Talos, and so cannot Hunt it."""
    return m == talos(s) and controller(s) == seat


# -- Monster trays: Region Attacks, Special Attacks, moves, passives -----------------------------


def region_attack(s: LordsState, m: int) -> None:
    """Cetus kills in every Region with a Port; an uncontrolled Talos strikes in its Land."""
    kind, n = s.content.monsters[m].attack
    if kind == "kill_ports":
        n += sum(monster_value(s, m, "region-attack-plus"))  # Evolved: "kills 2 instead of 1"
        for r in ports(s):
            if armies(s, r):
                kill_chosen(s, r, n)
    elif kind == "kill_in_land":
        # rolled by the Monster Die (nobody controls Talos): the active player picks the Region
        s.stack.append({"k": "atl-talos", "seat": s.current, "mode": "attack"})


def capture(s: LordsState, fx_frame: FxFrame, p: int, _: bool) -> None:
    """Take the Hero out of the game on the Siren's tray (its Special Attack, ``capture``)."""
    f = hunt(s)
    f["ended"] = "failure"  # "This Hunt ends immediately"
    s.hero_at[p] = -1  # on the Siren's tray, out of the game
    if p not in mine(s)["captives"]:
        mine(s)["captives"].append(p)


def talos_attack(s: LordsState, fx_frame: FxFrame, p: int, _: bool) -> None:
    """End the Hunt, injure, heal Talos' latest Wound (its Special Attack, ``talos``)."""
    f = hunt(s)
    m = f["m"]
    f["ended"] = "failure"
    chooser = controller(s)
    if not s.all_injured(p):
        s.stack.append({"k": "atl-injure", "seat": chooser if chooser >= 0 else p, "victim": p})
    symbols = tray(s, m)
    for slot in reversed(s.wounds[m]):  # the latest Wound that is not a Mace Wound
        if symbols[slot][0] != "mace":
            s.wounds[m].remove(slot)
            if slot in f["dealt"]:
                f["dealt"].remove(slot)
            break


effects.register("capture", capture)
effects.register("talos", talos_attack)


def injure_options(s: LordsState, f: AtlInjureFrame) -> list[str]:
    """Talos' controller chooses which of the hunter's Attributes is Injured."""
    names = s.content.attributes
    v = f["victim"]
    return [f"atl-injure:{names[a]}" for a in s.content.injurable if not s.injured[v] >> a & 1]


def injure_choose(s: LordsState, f: AtlInjureFrame, key: str) -> None:
    """Injure it."""
    s.stack.pop()
    s.injured[f["victim"]] |= 1 << s.content.attributes.index(key.partition(":")[2])


def monster_moves(s: LordsState, m: int, where: list[int]) -> None:
    """Keep the Siren to Regions with a Port (it moves from Port to any other Port)."""
    monster = s.content.monsters[m]
    if monster.passive != "moves-by-ports":
        return
    here = s.monster_at[m]
    harbours = ports(s)
    if here in harbours:
        where[:] = [r for r in harbours if r != here]
    else:  # moved off the Ports by other means: it heads back to a neighbouring Port
        where[:] = [r for r in where if r in harbours]


def crossing_closed(s: LordsState, a: int, b: int) -> bool:
    """Heroes and Hoplites cannot use a Sea Trail Cetus is on (a trail of Cetus' Region)."""
    if b not in s.content.regions[a].sea:
        return False
    return has_passive(s, a, "closes-sea-trails") or has_passive(s, b, "closes-sea-trails")


def hero_held(s: LordsState, seat: int) -> bool:
    """Return whether the Siren holds ``seat``'s Hero (no effect may place it meanwhile)."""
    return seat in mine(s)["captives"]


def monument_built(s: LordsState, seat: int, god_id: str) -> None:
    """After a Build Monument the Siren's Heroes come back into play in Euboea."""
    held = mine(s)["captives"]
    if held:
        back = region_of(s, str(SETTINGS.get("siren_return", "euboea")))
        for q in held:
            s.hero_at[q] = back
        mine(s)["captives"] = []


def invariants(s: LordsState) -> None:
    """Check the Factory, Talos and the Siren's Heroes are consistent."""
    data = mine(s)
    t = talos(s)
    if not data["factory"] and (s.monster_at[t] >= 0 or s.slain[t] >= 0):
        raise AssertionError("Talos is out without the Factory")
    if data["factory"] and not s.temples[factory_region(s)]:
        raise AssertionError("the Factory is not counted as a Temple")
    for q in data["captives"]:
        if s.hero_at[q] >= 0:
            raise AssertionError(f"seat {q} is held by the Siren but its Hero is in play")

"""Map queries and bookkeeping: Hoplites, control, Lands, Temples, and the victory conditions.

Everything here reads or updates the state directly and takes no decisions; the procedures in
``turn``, ``battle`` and ``phases`` call it.
"""

from __future__ import annotations

from hellas.games.lords import hooks
from hellas.games.lords.content import Content
from hellas.games.lords.frames import downward
from hellas.games.lords.fx_index import passive
from hellas.games.lords.state import LordsState

MAX_HOPLITES = 15  # "The maximum number of Hoplites available is 15 per player."
MAX_PRIESTS = 4  # "Each player can control a maximum of 4 Priests."


def neighbours(s: LordsState, region: int) -> tuple[int, ...]:
    """Return the Regions bordering ``region`` by land or sea trail."""
    return s.content.regions[region].neighbours


def adjacent(s: LordsState, region: int) -> tuple[int, ...]:
    """Return the Regions next to ``region`` for every use that is not a move of its own.

    Borders and Sea Trails, plus what a module connects (Dark Ages Ports: "Regions with Ports
    are treated as connected with each other", the printed limits being Monster moves and
    Hoplite Movement only): withdrawals, Hoplites brought into a Battle, "neighbouring Region"
    effects.  Hoplite Movement and Monster moves use ``neighbours``; Hero Movement, March and
    Hermes use ``links``.
    """
    out = s.content.regions[region].neighbours
    if not s.options.get("modules"):
        return out
    more = [r for r in hooks.collect(s, "links", region, "adjacent") if r not in out]
    return out + tuple(more) if more else out


def links(s: LordsState, region: int, purpose: str) -> list[int]:
    """Return where a move of kind ``purpose`` may go from ``region`` in one step.

    ``purpose`` is ``"hero"``, ``"march"`` or ``"hermes"`` (modules may connect more Regions,
    e.g. Ports; a closed crossing removes some); Hoplite Movement and Monsters use
    ``neighbours``, every other use ``adjacent``.
    """
    out = list(s.content.regions[region].neighbours)
    if s.options.get("modules"):
        out += [r for r in hooks.collect(s, "links", region, purpose) if r not in out]
        out = [r for r in out if not hooks.any_true(s, "crossing_closed", region, r)]
    return out


def land_regions(s: LordsState, land: int) -> tuple[int, ...]:
    """Return the Regions of a Land."""
    return s.content.lands[land]


def rid(s: LordsState, region: int) -> str:
    """Return a Region's id."""
    return s.content.regions[region].id


def region_of(s: LordsState, region_id: str) -> int:
    """Return the index of the Region with this id."""
    return s.content.region(region_id).index


def armies(s: LordsState, region: int) -> list[int]:
    """Return the seats with Hoplites in ``region``."""
    return [q for q in range(s.n) if s.hoplites(region, q)]


def population(s: LordsState, region: int, seat: int) -> int:
    """Return the Population Strength ``seat`` must reach (a held card may lower it, min 1)."""
    value = s.content.regions[region].population
    lower = passive(s, seat, "population")
    if lower:
        value = max(1, value - sum(lower))
    if s.options.get("modules"):
        value = max(1, value + hooks.total(s, "population", region, seat))
    return value


def add_hoplites(s: LordsState, region: int, seat: int, count: int, fortified: bool = False) -> int:
    """Put up to ``count`` Hoplites from ``seat``'s supply into ``region``; return how many."""
    placed = 0
    for _ in range(count):
        if s.supply[seat] <= 0:
            break
        s.supply[seat] -= 1
        if fortified and placed == 0 and can_fortify(s, region, seat):
            s.fort[region] = seat
        else:
            s.hop[region * s.n + seat] += 1
        placed += 1
    return placed


def can_fortify(s: LordsState, region: int, seat: int) -> bool:
    """Return whether ``seat`` may put a Hoplite into this Region's empty City."""
    return s.content.regions[region].city > 0 and s.fort[region] < 0 and s.control[region] == seat


def kill(s: LordsState, region: int, seat: int, count: int) -> int:
    """Kill up to ``count`` of ``seat``'s Hoplites in ``region``; the Fortified one dies last."""
    killed = 0
    i = region * s.n + seat
    while killed < count and s.hop[i] > 0:
        s.hop[i] -= 1
        s.supply[seat] += 1
        killed += 1
    if killed < count and s.fort[region] == seat:
        s.fort[region] = -1
        s.supply[seat] += 1
        killed += 1
    if killed:
        for f in downward(s.stack):  # the dead of a Battle in this Region, whatever killed them
            if f["k"] == "battle" and f["region"] == region:
                f["dead"] = f.get("dead", 0) + killed
                break
        if s.options.get("modules"):
            hooks.run(s, "hoplites_killed", region, seat, killed)
    return killed


def kill_largest(s: LordsState, region: int, count: int, spare: int = -1) -> None:
    """Kill ``count`` Hoplites one at a time from the largest army (ties: the lower seat).

    ``spare``'s army is never touched.
    """
    for _ in range(count):
        present = [q for q in armies(s, region) if q != spare]
        if not present:
            return
        kill(s, region, max(present, key=lambda q: (s.hoplites(region, q), -q)), 1)


def move_hoplites(s: LordsState, seat: int, src: int, dst: int, count: int) -> None:
    """Move ``count`` non-Fortified Hoplites of ``seat`` from ``src`` to ``dst``."""
    s.hop[src * s.n + seat] -= count
    s.hop[dst * s.n + seat] += count


def move_army(s: LordsState, seat: int, region: int, dest: int) -> None:
    """Move all of ``seat``'s Hoplites out of ``region`` (all die if ``dest`` is -1: nowhere).

    The Fortified Hoplite leaves its fortification, so it is taken off and placed again.
    """
    count = s.hoplites(region, seat)
    if dest < 0:
        kill(s, region, seat, count)
        return
    s.hop[region * s.n + seat] = 0
    if s.fort[region] == seat:
        s.fort[region] = -1
    s.hop[dest * s.n + seat] += count


def enemies_in(s: LordsState, region: int, seat: int) -> bool:
    """Return whether another player has Hoplites in ``region``."""
    return any(s.hoplites(region, q) for q in range(s.n) if q != seat)


def open_to(s: LordsState, region: int, seat: int) -> bool:
    """Return whether ``region`` is Neutral or ``seat``'s, with no enemy Hoplites in it."""
    return s.control[region] in (-1, seat) and not enemies_in(s, region, seat)


def withdraw_options(s: LordsState, seat: int, region: int) -> list[int]:
    """Return where a loser may withdraw: an adjacent Region (Ports too) no one else holds."""
    return [r for r in adjacent(s, region) if open_to(s, r, seat)]


def settle_control(s: LordsState, region: int) -> None:
    """Update control of a Region holding one player's Hoplites (after moves or Battles).

    An enemy-controlled Region with no enemy Hoplites falls to any Hoplites; a Neutral Region
    needs its Population Strength.  A Region keeps its controller when the controller's army
    leaves it empty.
    """
    present = armies(s, region)
    if len(present) != 1:
        return
    seat = present[0]
    owner = s.control[region]
    if owner == seat:
        return
    if owner >= 0 or s.hoplites(region, seat) >= population(s, region, seat):
        take_control(s, region, seat)


def take_control(s: LordsState, region: int, seat: int) -> None:
    """Give ``seat`` control of ``region`` (and the God's Artifact of its Monument)."""
    s.control[region] = seat
    if s.fort[region] >= 0 and s.fort[region] != seat:
        # an enemy's Fortified Hoplite cannot stay in a City it no longer controls
        loser = s.fort[region]
        s.fort[region] = -1
        s.hop[region * s.n + loser] += 1
    c = s.content
    for g in c.gods:
        a = c.artifact(g.artifact).index
        if g.site == region and s.artifact_owner[a] != seat:
            s.artifact_owner[a] = seat
            s.artifact_charged[a] = True  # "This Artifact is charged for the new controller"


def lands_controlled(s: LordsState, seat: int) -> list[int]:
    """Return the Lands all of whose Regions ``seat`` controls."""
    return [
        land
        for land, regions in enumerate(s.content.lands)
        if all(s.control[r] == seat for r in regions)
    ]


def temples_controlled(s: LordsState, seat: int) -> int:
    """Return how many Regions with a Temple (the Oracle counts) ``seat`` controls."""
    return sum(1 for r in range(len(s.temples)) if s.temples[r] and s.control[r] == seat)


def priests_owned(s: LordsState, seat: int) -> int:
    """Return ``seat``'s Priests in the pool and at Monuments."""
    return s.priests[seat] + sum(p.count(seat) for p in s.monument_priests)


def gain_priest(s: LordsState, seat: int, count: int = 1) -> int:
    """Add Priests to the pool, up to the limit of 4 owned; return how many were added."""
    added = 0
    while added < count and priests_owned(s, seat) < MAX_PRIESTS:
        s.priests[seat] += 1
        added += 1
    return added


def monsters_slain(s: LordsState, seat: int) -> int:
    """Return the Monsters ``seat`` has slain."""
    return s.slain.count(seat)


def _land_owners(s: LordsState, c: Content) -> list[int]:
    """Return, per Land, the seat holding all its Regions, or -1 (the blue Land: -1 at 3p)."""
    control = s.control
    skip = c.blue if s.n == 3 else -1  # 3 players: the blue Land does not count
    owners = []
    for land, regions in enumerate(c.lands):
        first = -1 if land == skip else control[regions[0]]
        if first >= 0:
            for r in regions:
                if control[r] != first:
                    first = -1
                    break
        owners.append(first)
    return owners


def temples_and_slain(s: LordsState, all_temples: bool) -> tuple[list[int], list[int]]:
    """Return per seat the Temple Regions controlled and the Monsters slain."""
    control = s.control
    temples = [0] * s.n
    if all_temples or sum(s.temples) >= 5:
        for r, built in enumerate(s.temples):
            if built and control[r] >= 0:
                temples[control[r]] += 1
    slain = [0] * s.n
    for seat in s.slain:
        if seat >= 0:
            slain[seat] += 1
    return temples, slain


def victory_counts(
    s: LordsState, all_temples: bool = True
) -> tuple[list[list[int]], list[int], list[int], int]:
    """Return per seat the Lands owned whole, Temple Regions and Monsters slain; and Lands needed.

    The blue Land does not count with 3 players; 3 Lands are needed with 2 players, else 2.
    ``all_temples=False`` skips counting Temples while fewer than 5 are built (nobody can win
    by them yet), as the victory check after every decision does.
    """
    lands: list[list[int]] = [[] for _ in range(s.n)]
    for land, owner in enumerate(_land_owners(s, s.content)):
        if owner >= 0:
            lands[owner].append(land)
    temples, slain = temples_and_slain(s, all_temples)
    return lands, temples, slain, 3 if s.n == 2 else 2


def check_victory(s: LordsState) -> dict[str, object] | None:
    """Return the winner and condition if someone has won now (active player checked first).

    Runs after every decision, so it first counts, once for all seats, the Lands owned whole,
    the Temples controlled (only once 5 are built) and the Monsters slain, and looks at seats
    only if one qualifies.
    """
    c = s.content
    n = s.n
    owners = _land_owners(s, c)
    temples, slain = temples_and_slain(s, False)
    lands_needed = 3 if n == 2 else 2
    for k in range(n):
        seat = (s.current + k) % n
        if owners.count(seat) >= lands_needed:
            names = ", ".join(c.land_ids[land] for land, q in enumerate(owners) if q == seat)
            return {
                "winner": seat,
                "condition": "warlord",
                "text": f"Warlord of Hellas: controls the {names} Lands",
            }
        if temples[seat] >= 5:
            return {
                "winner": seat,
                "condition": "favored",
                "text": "Favored of the Gods: controls 5 Regions with Temples",
            }
        if slain[seat] >= 3:
            return {"winner": seat, "condition": "slayer", "text": "Monster Slayer: 3 Monsters"}
    return None

"""Heroes and Monsters: Cassandra, Odysseus, Typhon and Python, on the base game's hook points.

Cassandra draws one more Blessing after any Blessing Draft (``hm-cassandra``: swap it for the
drafted one, or discard it) and starts with 1 Hoplite and control of her start Region.
Odysseus lowers by 1 the Population Strength of a City/Sparta Region he stands in (for his own
player) and may start apart from his Hoplites (``hm-odysseus``).  Typhon and Python are Monsters
of the data file: their Special Attacks, Evolutions and reward Artifacts (Aitne, Omphalos) are
clauses of the effect vocabulary there; their Region Attacks are the rules here.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.board import (
    armies,
    kill,
    population,
    region_of,
    rid,
    settle_control,
    take_control,
)
from hellas.games.lords.cards import receive_blessing
from hellas.games.lords.content import module_raw
from hellas.games.lords.frames import DraftFrame, HmCassandraFrame, HmOdysseusFrame, HmPythonFrame
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.state import LordsState

ID = "heroes-monsters"


def _hero(s: LordsState, seat: int) -> Any:
    return s.content.heroes[s.heroes[seat]]


# -- Cassandra --------------------------------------------------------------------------------


def start_placed(s: LordsState, seat: int, region: int) -> None:
    """Cassandra: 1 Hoplite and control of her start Region; Odysseus: where he stands."""
    bonus = _hero(s, seat).bonus
    if bonus == "one-hoplite-and-control":
        # "starts with 1 Hoplite. Place a Control Token ... regardless of its Population"
        if s.hop[region * s.n + seat] > 1:
            s.hop[region * s.n + seat] -= 1
            s.supply[seat] += 1
        take_control(s, region, seat)
    elif bonus == "start-apart":
        s.stack.append({"k": "hm-odysseus", "seat": seat, "region": region})


def draft_done(s: LordsState, f: DraftFrame) -> None:
    """After any Blessing Draft, Cassandra draws 1 more Blessing (if she took one)."""
    for i, seat in enumerate(f["order"]):
        if i >= f["i"] or _hero(s, seat).ability != "extra-blessing" or not s.blessing_deck:
            continue
        if not s.blessings[seat]:
            continue
        extra = s.blessing_deck.pop()
        got = s.blessings[seat][-1]  # the Blessing she took in this Draft
        s.stack.append({"k": "hm-cassandra", "seat": seat, "card": extra, "got": got})


def cassandra_options(s: LordsState, f: HmCassandraFrame) -> list[str]:
    """Swap the extra Blessing for the drafted one, or discard it."""
    out = ["hm-cassandra:discard"]
    if f["got"] in s.blessings[f["seat"]]:
        out.append("hm-cassandra:swap")
    return out


def cassandra_choose(s: LordsState, f: HmCassandraFrame, key: str) -> None:
    """Keep one of the two Blessings; the other is discarded (out of the game, as in a Draft)."""
    s.stack.remove(f)
    if key.endswith("swap"):
        s.blessings[f["seat"]].remove(f["got"])
        receive_blessing(s, f["seat"], f["card"])


# -- Odysseus ---------------------------------------------------------------------------------


def odysseus_options(s: LordsState, f: HmOdysseusFrame) -> list[str]:
    """Leave Odysseus with his Hoplites, or put him in another Region with no other Hero."""
    seat = f["seat"]
    others = {s.hero_at[q] for q in range(s.n) if q != seat and s.hero_at[q] >= 0}
    return ["place:stay"] + [
        f"place:{rid(s, r)}" for r in range(len(s.control)) if r != f["region"] and r not in others
    ]


def odysseus_choose(s: LordsState, f: HmOdysseusFrame, key: str) -> None:
    """Place him; his start Region is controlled if its Population (for him) is 2 or less."""
    s.stack.remove(f)
    seat, region = f["seat"], f["region"]
    arg = key.partition(":")[2]
    if arg != "stay":
        s.hero_at[seat] = region_of(s, arg)
    if s.control[region] < 0 and population(s, region, seat) <= 2:
        take_control(s, region, seat)  # the picking continues (or the game begins) after this


def population_change(s: LordsState, region: int, seat: int) -> int:
    """Odysseus in a City/Sparta Region: its Population Strength is 1 lower for his player."""
    if s.heroes[seat] < 0 or _hero(s, seat).ability != "city-population-minus-1":
        return 0
    return -1 if s.hero_at[seat] == region and s.content.regions[region].city else 0


def after_hero_move(s: LordsState, seat: int) -> None:
    """Odysseus arriving lowers the Population: a Neutral Region his army holds may fall now."""
    here = s.hero_at[seat]
    if here >= 0 and s.control[here] < 0 and population_change(s, here, seat):
        settle_control(s, here)


# -- Typhon and Python ------------------------------------------------------------------------


def monster_appears(s: LordsState, m: int, number: int) -> list[int]:
    """Return an Event card's spawn Region that exists only with another expansion, if there."""
    monster = s.content.monsters[m].id
    ids = {r.id: r.index for r in s.content.regions}
    for row in module_raw(ID).get("module", {}).get("spawn_instead", []):
        if row["monster"] == monster and row["card"] == number + 1 and row["region"] in ids:
            return [ids[row["region"]]]
    return []


def region_attack(s: LordsState, m: int) -> None:
    """Typhon kills half of each army (rounding up); Python kills 1 and moves to a Shrine."""
    kind, n = s.content.monsters[m].attack
    region = s.monster_at[m]
    if kind == "kill_half_up":
        for q in armies(s, region):
            kill(s, region, q, (s.hoplites(region, q) + 1) // 2)
    elif kind == "kill_move_to_shrine":
        where = shrine_regions(s, region)
        if len(where) > 1:
            s.stack.append({"k": "hm-python", "m": m, "where": where})
        elif where:
            s.monster_at[m] = where[0]
        kill_chosen(s, region, n)  # on top: the Hoplite dies before Python moves


def shrine_regions(s: LordsState, here: int) -> list[int]:
    """Return the Regions with a Shrine (the Oracle included) and no Temple, ``here`` excepted."""
    return [
        r.index
        for r in s.content.regions
        if r.shrine and not s.temples[r.index] and r.index != here
    ]


def python_options(s: LordsState, f: HmPythonFrame) -> list[str]:
    """Where Python goes after its Region Attack (the active player decides)."""
    return [f"mmove:{rid(s, r)}" for r in f["where"]]


def python_choose(s: LordsState, f: HmPythonFrame, key: str) -> None:
    """Move Python."""
    s.stack.remove(f)
    s.monster_at[f["m"]] = region_of(s, key.partition(":")[2])

"""Heroes and Monsters: Cassandra, Odysseus, Typhon and Python, on the base game's hook points.

Cassandra draws one more Blessing after any Blessing Draft (``hm-cassandra``: swap it for the
drafted one, or discard it) and starts with 1 Hoplite and control of her start Region.
Odysseus lowers by 1 the Population Strength of a City/Sparta Region he stands in (for his own
player) and may start apart from his Hoplites (``hm-odysseus``).  Typhon and Python are Monsters
of the data file; their Special Attacks, Region Attacks, Evolutions and reward Artifacts (Aitne,
Omphalos) are the named rules here.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.artifacts import ready, spend
from hellas.games.lords.board import (
    add_hoplites,
    armies,
    enemies_in,
    kill,
    population,
    region_of,
    rid,
    settle_control,
    take_control,
)
from hellas.games.lords.cards import receive_blessing
from hellas.games.lords.content import STRENGTH, module_raw
from hellas.games.lords.monster_phase import kill_chosen
from hellas.games.lords.monsters import evolved
from hellas.games.lords.state import RA_ARTIFACTS, Frame, LordsState

ID = "heroes-monsters"
PHOCIS = "phocis"  # Omphalos recruits there
OMPHALOS_MOST = 2


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


def draft_done(s: LordsState, f: Frame) -> None:
    """After any Blessing Draft, Cassandra draws 1 more Blessing (if she took one)."""
    for i, seat in enumerate(f["order"]):
        if i >= f["i"] or _hero(s, seat).ability != "extra-blessing" or not s.blessing_deck:
            continue
        if not s.blessings[seat]:
            continue
        extra = s.blessing_deck.pop()
        got = s.blessings[seat][-1]  # the Blessing she took in this Draft
        s.stack.append({"k": "hm-cassandra", "seat": seat, "card": extra, "got": got})


def cassandra_options(s: LordsState, f: Frame) -> list[str]:
    """Swap the extra Blessing for the drafted one, or discard it."""
    out = ["hm-cassandra:discard"]
    if f["got"] in s.blessings[f["seat"]]:
        out.append("hm-cassandra:swap")
    return out


def cassandra_choose(s: LordsState, f: Frame, key: str) -> None:
    """Keep one of the two Blessings; the other is discarded (out of the game, as in a Draft)."""
    s.stack.remove(f)
    if key.endswith("swap"):
        s.blessings[f["seat"]].remove(f["got"])
        receive_blessing(s, f["seat"], f["card"])


# -- Odysseus ---------------------------------------------------------------------------------


def odysseus_options(s: LordsState, f: Frame) -> list[str]:
    """Leave Odysseus with his Hoplites, or put him in another Region with no other Hero."""
    seat = f["seat"]
    others = {s.hero_at[q] for q in range(s.n) if q != seat and s.hero_at[q] >= 0}
    return ["place:stay"] + [
        f"place:{rid(s, r)}" for r in range(len(s.control)) if r != f["region"] and r not in others
    ]


def odysseus_choose(s: LordsState, f: Frame, key: str) -> None:
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


def attack_strength(s: LordsState, f: Frame, attack: int) -> int:
    """Typhon Evolved (Achaea): every Monster Attack card is 1 stronger while he is in play."""
    return sum(
        1
        for m in range(len(s.monster_at))
        if s.monster_at[m] >= 0 and evolved(s, m, "all-attacks-plus-1")
    )


def attack_draws(s: LordsState, f: Frame) -> int:
    """Python Evolved (Phocis): its controller draws 3 Monster Attack cards, not 2."""
    return 1 if evolved(s, f["m"], "attack-draws-3") else 0


def special_attack(s: LordsState, f: Frame, kind: str, n: int) -> None:
    """Typhon's and Python's Special Attack effects on a Hero who did not defend."""
    p = f["seat"]
    if kind == "discard-blessing" and s.blessings[p]:
        s.stack.append({"k": "hm-blessing", "seat": p})
    elif kind == "lower-any":
        base = s.attrs[p * s.na : (p + 1) * s.na]
        among = [a for a in range(s.na) if base[a] > 1]
        if len(among) == 1:
            s.attrs[p * s.na + among[0]] -= n
        elif among:  # "The Hero loses 1 in any 1 Attribute": the hunter picks which
            s.stack.append({"k": "lower", "seat": p, "among": among, "n": n})
    elif kind == "end-if-strength-below" and s.attr(p, STRENGTH) < n:
        f["ended"] = "failure"  # "If the Hero's Strength Attribute is lower than 4"


def blessing_options(s: LordsState, f: Frame) -> list[str]:
    """Typhon: the Blessing the hunter discards."""
    blessings = s.content.blessings
    return [f"hm-blessing:{blessings[b].id}" for b in sorted(s.blessings[f["seat"]])]


def blessing_choose(s: LordsState, f: Frame, key: str) -> None:
    """Discard it."""
    s.stack.remove(f)
    s.blessings[f["seat"]].remove(s.content.blessing(key.partition(":")[2]).index)


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


def python_options(s: LordsState, f: Frame) -> list[str]:
    """Where Python goes after its Region Attack (the active player decides)."""
    return [f"mmove:{rid(s, r)}" for r in f["where"]]


def python_choose(s: LordsState, f: Frame, key: str) -> None:
    """Move Python."""
    s.stack.remove(f)
    s.monster_at[f["m"]] = region_of(s, key.partition(":")[2])


# -- Aitne and Omphalos -----------------------------------------------------------------------


def turn_options(s: LordsState, seat: int, f: Frame) -> list[str]:
    """Offer Aitne and Omphalos in the Use Artifacts window."""
    if s.regular & RA_ARTIFACTS and not f["open"]:
        return []
    out = []
    if ready(s, seat, "aitne") and any(armies(s, r) for r in range(len(s.control))):
        out.append("artifact:aitne")
    if ready(s, seat, "omphalos") and _omphalos_ok(s, seat):
        out.append("artifact:omphalos")
    return out


def _omphalos_ok(s: LordsState, seat: int) -> bool:
    return bool(s.supply[seat]) and not enemies_in(s, region_of(s, PHOCIS), seat)


def turn_choose(s: LordsState, f: Frame, seat: int, key: str) -> None:
    """Use Aitne (1 Hoplite dies in every Region) or Omphalos (recruit in Phocis)."""
    s.regular |= RA_ARTIFACTS
    f["open"] = True
    artifact_id = key.partition(":")[2]
    spend(s, artifact_id)
    if artifact_id == "aitne":
        for r in range(len(s.control)):
            if armies(s, r):
                kill_chosen(s, r, 1)  # the user picks whose, where several armies stand
        return
    most = min(OMPHALOS_MOST, s.supply[seat])
    s.stack.append({"k": "hm-omphalos", "seat": seat, "most": most})


def omphalos_options(s: LordsState, f: Frame) -> list[str]:
    """Recruit 1 or 2 Hoplites in Phocis ("up to 2")."""
    return [f"count:{k}" for k in range(1, f["most"] + 1)]


def omphalos_choose(s: LordsState, f: Frame, key: str) -> None:
    """Recruit them; a Neutral Phocis is taken if they reach its Population Strength."""
    s.stack.remove(f)
    phocis = region_of(s, PHOCIS)
    add_hoplites(s, phocis, f["seat"], int(key.partition(":")[2]))
    settle_control(s, phocis)

"""Hades rules shared by the full and the simple mode: the Monument, the Helmet, the Blessings.

- Hades' Monument Power (the Help card, provisional reading): Wounds dealt to one chosen
  Monster, as many as the module's ``wounds`` table gives for the Monument's level.
- Hades' Helmet: "Use when your Hero suffers an Injury. Ignore that Injury."  Used at once, the
  first time its charged holder would be Injured.
- Price of Victory: a Combat Card after a Battle its holder fought in which 2 or more Hoplites
  died; on receipt, every other player removes 2 Hoplites from the game (supply first).
- Temple of Death: Build Temple also kills 1 Hoplite of another player, chosen by the builder.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords.artifacts import ready, spend
from hellas.games.lords.board import armies, has_blessing, kill, rid
from hellas.games.lords.cards import draw_combat, enforce_limit
from hellas.games.lords.content import module_raw
from hellas.games.lords.hunt import strike
from hellas.games.lords.state import Frame, LordsState

HELMET = "hades-helmet"
KEYS = ("hades", "hades-simple")  # the module whose state holds the shared counters


def store(s: LordsState) -> dict[str, Any]:
    """Return the Hades module's own state (full or simple mode)."""
    for key in KEYS:
        if key in s.mod:
            mine: dict[str, Any] = s.mod[key]
            return mine
    raise AssertionError("no Hades module in play")  # pragma: no cover


def prepare_common(s: LordsState) -> dict[str, Any]:
    """Return the state both modes keep: Hoplites removed from the game, per seat."""
    return {"removed": [0] * s.n}


def removed_held(s: LordsState, seat: int) -> int:
    """Hoplites out of the game for good (Price of Victory) count as held off the map."""
    return int(store(s)["removed"][seat])


# -- the Monument Power and the Helmet ----------------------------------------------------------


def wounds_for_level(module_id: str, level: int) -> int:
    """Return the Wounds Hades' Monument Power deals at a Monument level (1-5)."""
    table = module_raw(module_id)["module"]["wounds"]
    return int(table[level - 1])


def prayer(s: LordsState, seat: int, god_id: str, module_id: str) -> None:
    """Apply Hades' Monument Power after a Prayer: Wound a chosen Monster (provisional)."""
    if god_id != "hades":
        return
    level = s.monument[s.content.god("hades").index]
    n = wounds_for_level(module_id, level)
    if n and any(m >= 0 for m in s.monster_at):
        s.stack.append({"k": "hades-reap", "seat": seat, "left": n, "m": -1})


def reap_options(s: LordsState, f: Frame) -> list[str]:
    """List the Monsters to Wound (the first Wound picks one; the others follow on it)."""
    monsters = s.content.monsters
    if f["left"] <= 0:
        return []
    if f["m"] >= 0:
        return [f"hades-reap:{monsters[f['m']].id}"] if s.monster_at[f["m"]] >= 0 else []
    return [f"hades-reap:{m.id}" for m in monsters if s.monster_at[m.index] >= 0]


def reap_choose(s: LordsState, f: Frame, key: str) -> None:
    """Deal one Wound to the chosen Monster (its symbol chosen next when there is a choice)."""
    m = s.content.monster(key.partition(":")[2]).index
    f["m"] = m
    f["left"] -= 1
    if f["left"] <= 0:
        s.stack.pop()
    strike(s, m)


def helmet(s: LordsState, seat: int) -> bool:
    """Hades' Helmet: ignore this Injury if ``seat`` holds the charged Helmet (it is spent)."""
    if not ready(s, seat, HELMET):
        return False
    spend(s, HELMET)
    return True


# -- Hades Blessings --------------------------------------------------------------------------


def blessing_received(s: LordsState, seat: int, blessing_id: str) -> None:
    """Price of Victory: every other player removes 2 Hoplites from the game, their choice.

    "each other player must remove 2 Hoplites from their supply (or from the board if they are
    all in play)".  The supply's Hoplites are all alike, so they go at once; each player still
    owing some picks the Regions they come from (``hades-pov``), clockwise from the receiver.
    """
    if blessing_id != "price-of-victory":
        return
    owing: list[tuple[int, int]] = []
    for k in range(1, s.n):
        q = (seat + k) % s.n
        taken = min(2, s.supply[q])
        s.supply[q] -= taken
        store(s)["removed"][q] += taken
        if taken < 2 and any(s.hoplites(r, q) for r in range(len(s.control))):
            owing.append((q, 2 - taken))
    for q, left in reversed(owing):  # the first one clockwise answers first
        s.stack.append({"k": "hades-pov", "seat": q, "left": left})


def pov_options(s: LordsState, f: Frame) -> list[str]:
    """Price of Victory: the Region a Hoplite leaves the game from (its owner's choice)."""
    if f["left"] <= 0:
        return []
    q = f["seat"]
    return [f"hades-pov:{rid(s, r)}" for r in range(len(s.control)) if s.hoplites(r, q)]


def pov_choose(s: LordsState, f: Frame, key: str) -> None:
    """Remove one Hoplite there for good (a Fortified one only when it is the last)."""
    q = f["seat"]
    r = s.content.region(key.partition(":")[2]).index
    if s.hop[r * s.n + q]:
        s.hop[r * s.n + q] -= 1
    else:
        s.fort[r] = -1
    store(s)["removed"][q] += 1
    f["left"] -= 1
    if f["left"] <= 0:
        s.stack.pop()


def battle_frame(s: LordsState, region: int) -> Frame | None:
    """Return the Battle being fought in ``region``, if any."""
    for f in reversed(s.stack):
        if f["k"] == "battle" and f["region"] == region:
            return f
    return None


def count_battle_deaths(s: LordsState, region: int, seat: int, count: int) -> None:
    """Count the Hoplites dying in a Battle (Price of Victory)."""
    f = battle_frame(s, region)
    if f is not None:
        f["hades_dead"] = f.get("hades_dead", 0) + count


def before_battle(s: LordsState, f: Frame) -> None:
    """Start counting the Battle's dead from zero."""
    f.setdefault("hades_dead", 0)


def after_battle(s: LordsState, f: Frame, winner: int) -> None:
    """Price of Victory: its holders in the Battle draw a Combat Card if 2+ Hoplites died."""
    if f.get("hades_dead", 0) < 2:
        return
    for seat in (f["att"], f["def"]):
        if has_blessing(s, seat, "price-of-victory"):
            draw_combat(s, seat, 1)
            enforce_limit(s, seat)


def temple_built(s: LordsState, seat: int, region: int) -> None:
    """Temple of Death: kill 1 Hoplite of another player (the builder picks which)."""
    if has_blessing(s, seat, "temple-of-death") and tod_options(s, {"seat": seat}):
        s.stack.append({"k": "hades-tod", "seat": seat})


def tod_options(s: LordsState, f: Frame) -> list[str]:
    """Temple of Death: any other player's Hoplite, named by Region and Hero."""
    heroes = s.content.heroes
    out = []
    for r in range(len(s.control)):
        for q in armies(s, r):
            if q != f["seat"]:
                out.append(f"hades-tod:{rid(s, r)}>{heroes[s.heroes[q]].id}")
    return out


def tod_choose(s: LordsState, f: Frame, key: str) -> None:
    """Kill the chosen Hoplite."""
    s.stack.pop()
    region_id, _, hero_id = key.partition(":")[2].partition(">")
    q = next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero_id)
    kill(s, s.content.region(region_id).index, q, 1)


def common_entries(c: Any) -> list[tuple[str, str]]:
    """Return the choice keys both modes use."""
    out = [(f"hades-reap:{m.id}", f"Hades' Monument: Wound the {m.name}") for m in c.monsters]
    out += [
        (f"hades-pov:{r.id}", f"Price of Victory: remove one of your Hoplites in {r.name}")
        for r in c.regions
    ]
    for r in c.regions:
        out += [
            (f"hades-tod:{r.id}>{h.id}", f"Temple of Death: kill a Hoplite of {h.name} in {r.name}")
            for h in c.heroes
        ]
    return out


def removed_line(s: LordsState) -> str:
    """Return the panel line about Hoplites removed from the game (or "" if none)."""
    gone = store(s)["removed"]
    if not any(gone):
        return ""
    heroes = s.content.heroes
    parts = [
        f"{heroes[s.heroes[q]].name if s.heroes[q] >= 0 else f'P{q + 1}'} {gone[q]}"
        for q in range(s.n)
        if gone[q]
    ]
    return "Removed from the game (Price of Victory): " + ", ".join(parts)

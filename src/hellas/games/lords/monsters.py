"""Monster trays: the Wound symbols with Evolutions added, Wounds dealt, slaying a Monster.

A Monster's tray is its base Wound symbols followed by those of any "wounds" Evolve card lying
by it (Evolve cards stay there until the game ends, or until the Monster is slain).  Wounds are
kept as the indices of covered symbols, so they stay between Hunts ("All Wounds inflicted on
Monsters remain so the next hunting player will have an easier task").
"""

from __future__ import annotations

from hellas.games.lords import hooks
from hellas.games.lords.content import Wound
from hellas.games.lords.state import LordsState


def tray(s: LordsState, m: int) -> list[Wound]:
    """Return the Monster's Wound symbols now (base ones, then those its Evolutions add)."""
    monster = s.content.monsters[m]
    out = list(monster.wounds)
    for number in s.evolutions[m]:
        out.extend(monster.cards[number].wounds)
    return out


def evolve_names(s: LordsState, m: int) -> list[str]:
    """Return the Evolutions (their ids) of the Evolve cards lying by Monster ``m``."""
    cards = s.content.monsters[m].cards
    return [cards[number].evolve for number in s.evolutions[m]]


def uncovered(s: LordsState, m: int) -> list[int]:
    """Return the indices of the Wound symbols not yet covered."""
    covered = s.wounds[m]
    return [i for i in range(len(tray(s, m))) if i not in covered]


def monsters_at(s: LordsState, region: int) -> list[int]:
    """Return the Monsters standing in ``region``."""
    return [m for m in range(len(s.monster_at)) if s.monster_at[m] == region]


def has_passive(s: LordsState, region: int, passive: str) -> bool:
    """Return whether a Monster in ``region`` has this passive ability.

    Its tray's, or an Evolve card's (``monster-passive``).
    """
    monsters = s.content.monsters
    for m in monsters_at(s, region):
        if monsters[m].passive == passive:
            return True
        if s.evolutions[m]:
            from hellas.games.lords.fx_fight import has_passive as evolved  # noqa: PLC0415

            if evolved(s, m, passive):
                return True
    return False


def cover(s: LordsState, m: int, slot: int) -> bool:
    """Put a Wound marker on a symbol; return whether it was the Monster's last Wound."""
    s.wounds[m].append(slot)
    return not uncovered(s, m)


def slay(s: LordsState, m: int, seat: int) -> None:
    """Slay the Monster for ``seat``: to its Hero board, with the Land's Glory Token.

    "Receives a Glory Token in the color of the Region in which the Hunt took place. If the
    token belongs to another player, it is taken over." The Evolve cards go to the discard
    pile with the Monster.
    """
    region = s.monster_at[m]
    if region >= 0:
        s.glory[s.content.regions[region].land] = seat
    s.slain[m] = seat
    s.monster_at[m] = -1
    s.wounds[m] = []
    events = s.content.events
    for number in s.evolutions[m]:
        s.event_discard.append(events.index(("monster", m, number)))
    s.evolutions[m] = []
    if s.options.get("modules"):
        hooks.run(s, "monster_slain", m, seat, region)  # e.g. Chiron's Training ends


def appear(s: LordsState, m: int, number: int) -> int:
    """Put a Monster on the Map from its Event card ``number``; return its Region.

    A module may name another Region (e.g. a spawn Region that only exists with a module).
    """
    region = s.content.monsters[m].cards[number].spawn
    if s.options.get("modules"):
        elsewhere = hooks.collect(s, "monster_appears", m, number)
        region = elsewhere[0] if elsewhere else region
    s.monster_at[m] = region
    return region


def wound_outside_hunt(s: LordsState, m: int, slot: int, seat: int) -> None:
    """Deal a Wound with a Blessing or an Artifact: no reward, but the last one slays."""
    if cover(s, m, slot):
        slay(s, m, seat)

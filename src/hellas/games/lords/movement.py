"""Hoplites on the move: who may enter a Region, the Evolved Chimera's bite, and what follows.

"A player should first make all moves with Hoplites and then fight any following Battles";
"Moving Hoplites into a Region controlled by an enemy, but without Hoplites, results in taking
control over that Region."
"""

from __future__ import annotations

from hellas.games.lords.board import enemies_in, kill, settle_control
from hellas.games.lords.fx_index import hero_passive
from hellas.games.lords.monsters import has_passive
from hellas.games.lords.state import LordsState


def can_enter(s: LordsState, p: int, region: int) -> bool:
    """Return whether ``p``'s Hoplites may enter ``region`` (a Hero's ``bars-enemy-hoplites``).

    Helen (provisional): enemy Hoplites may not enter her Region unless their Hero is there.
    """
    for q in range(s.n):
        if (
            q != p
            and s.hero_at[q] == region
            and hero_passive(s, q, "bars-enemy-hoplites")
            and s.hero_at[p] != region
        ):
            return False
    return True


def chimera_bites(s: LordsState, p: int, region: int) -> None:
    """Kill one of the Hoplites that entered if an Evolved Chimera stands in the Region.

    "Any time Hoplites enter a Region with Chimera in it, kill one of them": one per
    movement (a Hoplite Movement, a March, a flight), not one per Hoplite moved.
    """
    if has_passive(s, region, "kills-entering-hoplite"):
        kill(s, region, p, 1)


def after_moves(s: LordsState, p: int, entered: list[int], origins: dict[str, list[int]]) -> None:
    """After moving: Battles where enemies are met, control where they are not."""
    battles = []
    for r in entered:
        if not s.hoplites(r, p):
            continue
        if enemies_in(s, r, p):
            battles.append(r)
        else:
            settle_control(s, r)
    if battles:
        s.stack.append(
            {
                "k": "battles",
                "att": p,
                "regions": battles,
                "origins": {str(r): origins.get(str(r), []) for r in battles},
            }
        )

"""The heuristic bot's Atlantis knowledge: the Factory, Talos, the Artifacts.

Called on the bot's own determinized sample (the Atlantis facts are public), it returns a
choice for the Atlantis actions when they are worth taking, and for the Talos and Injury
frames; ``None`` leaves the decision to the base bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.board import armies
from hellas.games.lords.modules.atlantis.rules import land_of, talos
from hellas.games.lords.state import LordsState


def _enemies(s: LordsState, seat: int, region: int) -> int:
    return sum(s.hoplites(region, q) for q in armies(s, region) if q != seat)


def _talos_useful(s: LordsState, seat: int) -> bool:
    """Return whether Talos can hurt an enemy now or get closer to one."""
    here = s.monster_at[talos(s)]
    if here < 0:
        return False
    near = set(land_of(s, here))
    for r in s.content.regions[here].neighbours:
        near |= set(land_of(s, r))
    return any(_enemies(s, seat, r) for r in near)


def _talos_choice(s: LordsState, seat: int, keys: list[str]) -> str:
    """Kill an enemy Hoplite where the enemy is strongest; else move toward enemies."""
    heroes = s.content.heroes
    best, best_score = "", -1.0
    for key in keys:
        if not key.startswith("atl-talos-kill:"):
            continue
        region, _, hero = key.partition(":")[2].partition(":")
        q = next(q for q in range(s.n) if heroes[s.heroes[q]].id == hero)
        if q == seat:
            continue
        r = s.content.region(region).index
        score = 10.0 + s.hoplites(r, q) + (5.0 if s.control[r] == q else 0.0)
        if score > best_score:
            best, best_score = key, score
    if best:
        return best
    for key in keys:
        if key.startswith("atl-talos-move:"):
            r = s.content.region(key.partition(":")[2]).index
            score = sum(_enemies(s, seat, x) for x in land_of(s, r)) - 2.0 * s.hoplites(r, seat)
            if score > best_score:
                best, best_score = key, score
    if best and best_score > 0:
        return best
    return "atl-talos-stay" if "atl-talos-stay" in keys else keys[0]


def _turn_choice(s: LordsState, seat: int, keys: list[str]) -> str | None:
    if "atl-factory" in keys:
        return "atl-factory"  # a Temple, a Priest and Talos
    if "atl-crown" in keys and s.supply[seat] >= 2:
        return "atl-crown"
    if "atl-tentacle:recruit" in keys:
        return "atl-tentacle:recruit"
    if "atl-talos" in keys and _talos_useful(s, seat):
        return "atl-talos"
    return None


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the bot's Atlantis choice, or ``None`` for the base bot to decide."""
    kind = s.stack[-1]["k"]
    keys = [c.key for c in options]
    pick: str | None = None
    if kind == "turn":
        pick = _turn_choice(s, seat, keys)
    elif kind == "atl-talos":
        pick = _talos_choice(s, seat, keys)
    elif kind == "atl-injure":
        top = s.stack[-1]
        assert top["k"] == "atl-injure"
        victim = top["victim"]
        names = s.content.attributes
        # the hunter's best Attribute suffers (when the chooser is the hunter: the weakest)
        sign = 1 if victim != seat else -1
        pick = max(keys, key=lambda k: sign * s.attrs[victim * s.na + names.index(k[11:])])
    if pick is None:
        return None
    return options[keys.index(pick)]

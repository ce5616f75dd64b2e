"""The heuristic bot's Hades knowledge: Warrior placement, escorts, Resurrection, the Blessings.

Called on the bot's own determinized sample (honest), first among the bot's rules; ``None``
leaves the decision to the base heuristic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.board import enemies_in
from hellas.games.lords.bots import _battle_value, value
from hellas.games.lords.monsters import uncovered
from hellas.games.lords.rules import play
from hellas.games.lords.state import LordsState

from . import rules


def _by_key(options: Sequence[Any]) -> dict[str, Any]:
    return {c.key: c for c in options}


def warrior_region(s: LordsState, seat: int) -> str:
    """Place the Warrior where a Hero could start and hold it at once: a small free Region.

    A Warrior joins the Army of whoever controls its Region, so the bot puts it in a Region
    of Population Strength 2 or less that no Hero occupies (controlled from the start), the
    one with most Shrine and City value.
    """
    taken = {s.hero_at[q] for q in range(s.n) if s.hero_at[q] >= 0}
    have = {w[0] for w in rules.st(s)["warriors"]}
    best = max(
        s.content.regions,
        key=lambda r: (
            r.index not in taken and r.population <= 2,
            r.index not in have,
            2 * (r.shrine > 0) + (r.city > 0),
            -r.index,
        ),
    )
    return best.id


def _value_after(s: LordsState, seat: int, choice: Any) -> float:
    """Return the base heuristic's value of the board after a choice (on a copy)."""
    t = s.copy()
    play(t, choice, None)
    return value(t, seat) + _battle_value(t, seat)


def choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the bot's choice for a Hades decision, or ``None``."""
    keys = _by_key(options)
    f = s.stack[-1]
    if f["k"] == "hades-warrior":
        return keys.get(f"hades-warrior:{warrior_region(s, seat)}", options[0])
    if f["k"] == "hades-escort":
        # into enemies they add Strength and a free kill; elsewhere they stay home unless
        # the Army leaves the Region empty (then they would serve nobody there)
        most = max(int(k.partition(":")[2]) for k in keys)
        left = s.hoplites(f["src"], seat)
        go = enemies_in(s, f["dst"], seat) or not left
        return keys[f"hades-escort:{most if go else 0}"]
    if f["k"] == "hades-reap":  # the Monster closest to dying
        return min(options, key=lambda c: len(uncovered(s, s.content.monster(c.key[11:]).index)))
    if f["k"] == "turn":
        rise = [c for c in options if c.key.startswith("hades-rise:")]
        if rise:
            # Resurrection is free: take it, to the Gate that values best (else the supply)
            return max(rise, key=lambda c: _value_after(s, seat, c))
        if "pray:hades" in keys and _prefers_hades(s, seat):
            return keys["pray:hades"]
    return None


def _prefers_hades(s: LordsState, seat: int) -> bool:
    """Return whether to pray to Hades before the first Monument listed (the base bot's habit).

    In simple mode Hades raises Strength, as Zeus (listed first in the base game) did; in full
    mode, when more Hoplites wait in the Underworld than one Resurrection brings back.
    """
    a = s.content.god("hades").attribute
    if s.content.attributes[a] == "strength":
        return True
    if "hades" not in s.mod:
        return False
    return bool(s.mod["hades"]["under"][seat] > s.attr(seat, a) and s.attrs[seat * s.na + a] < 5)

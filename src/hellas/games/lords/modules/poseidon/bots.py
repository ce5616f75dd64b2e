"""The heuristic bot's Poseidon knowledge: the Trident, Sea Raiders and the Help card's Recruit.

Called on the bot's own determinized sample (the board is public), before the base heuristic;
``None`` leaves a decision to the base bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.frames import PoseidonHoplitesFrame
from hellas.games.lords.modules.poseidon.rules import TRIDENT, ports, trident_targets
from hellas.games.lords.state import LordsState

BASE_FIRST = ("quest-step", "pray:")  # the base bot's favourites come before a movement


def _trident_gain(s: LordsState, p: int, region: int) -> int:
    """Return enemy Hoplites the Trident kills there, less own ones (enemies picked first)."""
    total = sum(s.hoplites(region, q) for q in range(s.n))
    enemies = total - s.hoplites(region, p)
    dead = (total + 1) // 2
    return min(dead, enemies) - max(0, dead - enemies)


def _sea_value(s: LordsState, p: int, key: str) -> float:
    """Return what one Hoplite crossing by sea gains (a Region it takes alone), else 0."""
    from hellas.games.lords.bots import need, worth  # noqa: PLC0415

    a, b = (s.content.region(x).index for x in key.partition(":")[2].split(">"))
    want = need(s, p, b) - s.hoplites(b, p)
    if need(s, p, b) <= 0 or want != 1:
        return 0.0
    if s.control[a] == p and s.hoplites(a, p) <= 1:
        return 0.0  # do not leave a Region of ours empty for it
    return worth(s, p, b)


def _wants_poseidon(s: LordsState, p: int) -> bool:
    """Pray at Poseidon when his Help card would Recruit at one of our Ports."""
    level = s.monument[s.content.god("poseidon").index]
    here = ports(s)
    return level >= 2 and s.supply[p] > 0 and any(s.control[r] == p for r in here)


def _hoplites(s: LordsState, p: int, options: Sequence[Any], keys: list[str]) -> Any:
    """Sea Raiders movement: the base bot's moves, then the best extra Hoplite by sea."""
    from hellas.games.lords import bots  # noqa: PLC0415

    f = s.stack[-1]
    assert f["k"] == "poseidon-hoplites"  # called for the Sea Raiders' movement only
    land = [c for c in options if not c.key.startswith("searaid:")]
    if f["land"] > 0 and len(land) > 1:
        view: PoseidonHoplitesFrame = {**f, "left": f["land"]}
        pick = bots._hoplites(s, view, p, land, [c.key for c in land])
        if pick.key != "done":
            return pick
    sea = [c for c in options if c.key.startswith("searaid:")]
    scored = [(_sea_value(s, p, c.key), i) for i, c in enumerate(sea)]
    if scored and max(scored)[0] > 0:
        return sea[max(scored)[1]]
    return options[keys.index("done")]


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the heuristic's choice for Poseidon's frames and offers, or ``None``."""
    f = s.stack[-1]
    keys = [c.key for c in options]
    if f["k"] == "poseidon-trident":
        return max(options, key=lambda c: _trident_gain(s, seat, s.content.region(c.key[8:]).index))
    if f["k"] == "power-recruit" and "regions" in f:  # the Help card's Recruit at a Port
        # the Port under most threat: enemy Hoplites next to it, then Fortified in a City
        def threat(c: Any) -> tuple[int, bool]:
            r = s.content.region(c.key.partition(":")[2])
            near = sum(s.hoplites(t, q) for t in r.neighbours for q in range(s.n) if q != seat)
            return near, c.key.startswith("power-fortified")

        return max(options, key=threat)
    if f["k"] == "poseidon-hoplites":
        return _hoplites(s, seat, options, keys)
    if f["k"] != "turn":
        return None
    if "pray:poseidon" in keys and "quest-step" not in keys and _wants_poseidon(s, seat):
        return options[keys.index("pray:poseidon")]
    trident = f"artifact:{TRIDENT}"
    if trident in keys and max(_trident_gain(s, seat, r) for r in trident_targets(s)) > 0:
        return options[keys.index(trident)]
    from hellas.games.lords import bots  # noqa: PLC0415

    if "searaid" in keys and not any(k.startswith(BASE_FIRST + bots.GOOD_ARTIFACTS) for k in keys):
        free = {r: s.hop[r * s.n + seat] for r in range(len(s.control)) if s.hop[r * s.n + seat]}
        regions = s.content.regions
        by_sea = any(
            _sea_value(s, seat, f"searaid:{regions[a].id}>{regions[b].id}") > 0
            for a in free
            for b in regions[a].sea
        )
        if by_sea or bots._targets(s, seat, free, s.attr(seat, 0)):
            return options[keys.index("searaid")]
    return None

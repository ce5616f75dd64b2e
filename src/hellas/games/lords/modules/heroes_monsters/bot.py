"""The heuristic bot's knowledge of Heroes and Monsters: Cassandra, Odysseus, Aitne, Omphalos."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords.board import armies, region_of
from hellas.games.lords.frames import HmOdysseusFrame
from hellas.games.lords.state import LordsState

# Blessings that pay at once when received (the bot keeps these over the others)
AT_ONCE = ("armory", "gods-strength", "advanced-dodge", "hermes-temple")


def _blessing_worth(s: LordsState, b: int) -> int:
    return 1 if s.content.blessings[b].id in AT_ONCE else 0


def _pick(options: Sequence[Any], key: str) -> Any:
    return next((c for c in options if c.key == key), None)


def _enemy_weight(s: LordsState, p: int, region: int) -> int:
    return sum(s.hoplites(region, q) for q in range(s.n) if q != p) - 2 * s.hoplites(region, p)


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the bot's choice for this module's frames and actions, or ``None``."""
    f = s.stack[-1]
    keys = [c.key for c in options]
    if f["k"] == "hm-cassandra":
        better = _blessing_worth(s, f["card"]) > _blessing_worth(s, f["got"])
        return (
            _pick(options, "hm-cassandra:swap" if better else "hm-cassandra:discard")
            or (options[0])
        )
    if f["k"] == "hm-odysseus":
        return _odysseus(s, f, options)
    if f["k"] == "hm-blessing":
        return min(options, key=lambda c: _blessing_worth(s, s.content.blessing(c.key[12:]).index))
    if f["k"] == "hm-python":
        return max(options, key=lambda c: _enemy_weight(s, seat, region_of(s, c.key[6:])))
    if f["k"] == "hm-omphalos":
        return options[-1]
    if f["k"] == "turn":
        if "artifact:omphalos" in keys:
            return _pick(options, "artifact:omphalos")
        if "artifact:aitne" in keys and _aitne_gain(s, seat) > 0:
            return _pick(options, "artifact:aitne")
    return None


def _aitne_gain(s: LordsState, p: int) -> int:
    """Return enemy Hoplites Aitne would kill minus own ones (the user picks enemies first)."""
    gain = 0
    for r in range(len(s.control)):
        present = armies(s, r)
        if any(q != p for q in present):
            gain += 1
        elif present:
            gain -= 1
    return gain


def _odysseus(s: LordsState, f: HmOdysseusFrame, options: Sequence[Any]) -> Any:
    """Stand in a neighbouring Neutral City Region (his ability lowers its Population)."""
    c = s.content
    best, best_score = _pick(options, "place:stay"), 0
    for option in options:
        if option.key == "place:stay":
            continue
        r = c.region(option.key[6:])
        if r.index not in c.regions[f["region"]].neighbours or not r.city:
            continue
        if s.control[r.index] >= 0:
            continue
        if r.population > best_score:
            best, best_score = option, r.population
    return best

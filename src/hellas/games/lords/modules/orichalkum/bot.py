"""The heuristic bot's Orichalkum knowledge: fetch tokens, spend them on Constructs and Artifacts.

It reads only public facts (the tokens, the face-up Constructs, the board) and its own seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hellas.games.lords import board
from hellas.games.lords.bots import GOOD_ARTIFACTS, need, worth
from hellas.games.lords.bots_hunt import hero_goal
from hellas.games.lords.modules.orichalkum.constructs import settings
from hellas.games.lords.modules.orichalkum.rules import (
    horse_sources,
    horse_targets,
    mod,
)
from hellas.games.lords.state import LordsState


def _pick(options: Sequence[Any], key: str) -> Any:
    return next((c for c in options if c.key == key), None)


def _gain(s: LordsState, p: int, src: int, dst: int, bonus: int) -> float:
    """Return what marching the Army in ``src`` into ``dst`` with the bonus is worth."""
    army = s.hop[src * s.n + p] + s.hoplites(dst, p)
    wanted = need(s, p, dst)
    if wanted <= 0 or army + bonus < wanted:
        return -1.0
    return worth(s, p, dst)


def best_horse(s: LordsState, p: int, bonus: int) -> tuple[float, int, int]:
    """Return (gain, source, target) of the best Trojan Horse March (gain < 0: none)."""
    best = (-1.0, -1, -1)
    for src in horse_sources(s, p):
        for dst in horse_targets(s, p, src):
            g = _gain(s, p, src, dst, bonus)
            if g > best[0]:
                best = (g, src, dst)
    return best


def _reserve(s: LordsState) -> int:
    """Return the tokens worth keeping for the cheapest face-up Construct."""
    m = mod(s)
    cards = settings(s.content).constructs
    costs = [cards[c].cost for c in m["up"]]
    if not costs or m["built"]:
        return 0
    cheapest = min(costs)
    reachable = len(m["map"]) + max(m["held"])
    return cheapest if cheapest <= reachable else 0


def _token_step(s: LordsState, p: int, keys: list[str], left: int) -> str | None:
    """Return the Hero step toward the nearest token within ``left`` steps (or ``stop``)."""
    here = s.hero_at[p]
    tokens = set(mod(s)["map"])
    if here in tokens:
        return "stop" if "stop" in keys else None
    first: dict[int, int] = {}
    frontier = [here]
    seen = {here}
    for _ in range(left):
        nxt = []
        for r in frontier:
            for t in board.links(s, r, "hero"):
                if t in seen:
                    continue
                seen.add(t)
                first[t] = t if r == here else first[r]
                if t in tokens:
                    step = f"go:{s.content.regions[first[t]].id}"
                    return step if step in keys else None
                nxt.append(t)
        frontier = nxt
    return None


def bot_choose(s: LordsState, seat: int, options: Sequence[Any]) -> Any:
    """Return the heuristic's choice in Orichalkum's frames and offers, else ``None``."""
    f = s.stack[-1]
    keys = [c.key for c in options]
    if f["k"] == "ori-take":
        return _pick(options, "ori-take")
    if f["k"] == "ori-horse":
        if f["stage"] == "count":
            return options[-1]  # the whole Army
        if f["stage"] == "from":
            src = best_horse(s, seat, f["bonus"])[1]
            return _pick(options, f"march:{s.content.regions[src].id}") if src >= 0 else None
        return max(
            options,
            key=lambda c: _gain(s, seat, f["src"], board.region_of(s, c.key[3:]), f["bonus"]),
        )
    if f["k"] == "hero" and hero_goal(s, seat) < 0:
        step = _token_step(s, seat, keys, f["left"])
        return _pick(options, step) if step else None
    if f["k"] != "turn":
        return None
    for c in options:  # a Construct with a good target first (any other effect: take it)
        if c.key.startswith("ori-build:"):
            card = settings(s.content).construct(c.key.partition(":")[2])
            march = dict(card.effects[0].effects).get("march-to-city")
            if march is None or best_horse(s, seat, int(march))[0] > 0:
                return c
    held = mod(s)["held"][seat]
    if held > _reserve(s):
        charges = [c for c in options if c.key.startswith("ori-charge:")]
        good = [c for c in charges if f"artifact:{c.key[11:]}".startswith(GOOD_ARTIFACTS)]
        if charges:
            return (good or charges)[0]
    if "hero-move" in keys and hero_goal(s, seat) < 0:
        anywhere = ["stop"] + [f"go:{r.id}" for r in s.content.regions]
        if _token_step(s, seat, anywhere, s.attr(seat, 2)) is not None:
            return _pick(options, "hero-move")
    return None

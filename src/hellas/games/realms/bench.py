"""How fast the exact endgame solver is: on random end-of-game hands, and on the worst found.

Random hands are what games end with: 7 cards, plus 0-3 cards with the Afterlife icon.  The
worst case is searched for: hill climbing from random hands (any 7 cards of the whole deck,
promo and stand-in cards included, and 0-3 cards of any kind in the Afterlife, which the
Sacrificial Altar allows), changing one card at a time and keeping a change whenever the
solver takes longer.  All times are CPU seconds of this process.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from hellas.core.rng import Rng
from hellas.games.realms.content import Card, deck
from hellas.games.realms.endgame import Endgame
from hellas.games.realms.scoring import Table
from hellas.games.realms.solver import Search, solve

AFTERLIFE_MOST = 3  # cards the climb puts in the Afterlife at most
STALE = 60  # climb steps without a slower hand before starting again from a random hand


def random_hands(count: int, seed: int = 1) -> list[tuple[list[int], list[int]]]:
    """Return end-of-game hands: 7 cards, plus 0-3 cards with the Afterlife icon."""
    rng = Rng(seed)
    cards = [c for c in deck().cards if not c.promo and not c.optional]
    out = []
    for _ in range(count):
        pool = list(range(len(cards)))
        rng.shuffle(pool)
        hand = pool[:7]
        icons = [i for i in pool[7:] if cards[i].afterlife_icon]
        out.append((hand, icons[: rng.below(4)]))
    return out


def solve_time(hand: Sequence[Card], afterlife: Sequence[Card], repeats: int = 1) -> float:
    """Return the least CPU seconds ``solve`` took on these cards over ``repeats`` runs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        solve(Table(hand, afterlife))
        best = min(best, time.process_time() - start)
    return best


def scorings(seconds: float) -> dict[str, float]:
    """Return optimal scorings per CPU second of random hands, with the times per hand."""
    cards = [c for c in deck().cards if not c.promo and not c.optional]
    tables = [
        ([cards[i] for i in hand], [cards[i] for i in after]) for hand, after in random_hands(2000)
    ]
    times: list[float] = []
    spent = 0.0
    while spent < seconds:
        for hand, after in tables:
            times.append(solve_time(hand, after))
        spent = sum(times)
    times.sort()
    return {
        "optimal_scorings_per_s": len(times) / spent,
        "median_ms": statistics.median(times) * 1000,
        "p99_ms": times[int(len(times) * 0.99)] * 1000,
        "max_ms": times[-1] * 1000,
    }


def climb(seconds: float, seed: int = 1) -> dict[str, Any]:
    """Hill-climb for the hand ``solve`` takes longest on; return it with its figures."""
    rng = Rng(seed)
    cards = deck().cards
    worst: tuple[float, list[int], list[int]] = (0.0, [], [])
    start = time.process_time()
    climbs = 0
    while time.process_time() - start < seconds:
        climbs += 1
        pool = list(range(len(cards)))
        rng.shuffle(pool)
        hand, after = pool[:7], pool[7 : 7 + rng.below(AFTERLIFE_MOST + 1)]
        now = solve_time([cards[i] for i in hand], [cards[i] for i in after])
        stale = 0
        while stale < STALE and time.process_time() - start < seconds:
            new_hand, new_after = _neighbour(rng, len(cards), hand, after)
            took = solve_time([cards[i] for i in new_hand], [cards[i] for i in new_after])
            if took > now:
                hand, after, now, stale = new_hand, new_after, took, 0
            else:
                stale += 1
        if now > worst[0]:
            worst = (now, hand, after)
    _, hand, after = worst
    table = Table([cards[i] for i in hand], [cards[i] for i in after])
    value_s = float("inf")
    for _ in range(3):
        search = Search(table)
        start = time.process_time()
        search.value(Endgame(table))
        value_s = min(value_s, time.process_time() - start)
    return {
        "cards": " ".join(cards[i].id for i in hand) + " | " + " ".join(cards[i].id for i in after),
        "solve_ms": solve_time(table.cards[:7], table.cards[7:], repeats=3) * 1000,
        "value_ms": value_s * 1000,
        "positions": search.nodes,
        "climbs": climbs,
    }


def _neighbour(
    rng: Rng, size: int, hand: list[int], after: list[int]
) -> tuple[list[int], list[int]]:
    """Return the hand with one card changed, added to or taken from the Afterlife."""
    used = set(hand) | set(after)
    new = rng.below(size)
    while new in used:
        new = rng.below(size)
    hand, after = hand[:], after[:]
    roll = rng.below(10)
    if roll == 7 and len(after) < AFTERLIFE_MOST:
        after.append(new)
    elif roll == 8 and after:
        after.pop(rng.below(len(after)))
    elif roll == 9 and after:
        after[rng.below(len(after))] = new
    else:
        hand[rng.below(len(hand))] = new
    return hand, after

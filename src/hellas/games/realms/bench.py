"""How fast the exact endgame solver scores random end-of-game hands."""

from __future__ import annotations

import time

from hellas.core.rng import Rng
from hellas.games.realms.content import deck
from hellas.games.realms.endgame import solve
from hellas.games.realms.scoring import Table


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


def scorings_per_second(seconds: float) -> float:
    """Return optimal scorings per second (table building included) over ``seconds``."""
    cards = [c for c in deck().cards if not c.promo and not c.optional]
    hands = random_hands(2000)
    done = 0
    start = time.perf_counter()
    while True:
        for hand, after in hands:
            solve(Table([cards[i] for i in hand], [cards[i] for i in after]))
        done += len(hands)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed

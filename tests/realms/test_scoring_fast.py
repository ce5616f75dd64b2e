"""``score`` (which walks only the cards with effects) agrees with ``explain`` card by card.

``explain`` reads every card, its bonus conditions and each term on its own; ``score`` sums
the base values once and evaluates only the cards with a bonus or a penalty.  On many random
tables and random outcomes (any cards in the Afterlife, any tags, any bonuses and penalties
cleared) the two must give the same total.
"""

from __future__ import annotations

import random

from hellas.games.realms.content import ALL_TAGS, deck
from hellas.games.realms.scoring import Outcome, Table, explain, score


def _random_outcome(table: Table, rng: random.Random) -> Outcome:
    """Return an outcome with random Afterlife, tags and clears (not necessarily reachable)."""
    full = (1 << table.k) - 1
    afterlife = table.afterlife | (rng.getrandbits(table.k) & full if rng.random() < 0.5 else 0)
    tags = [c.tags for c in table.cards]
    if rng.random() < 0.6:
        for i in range(table.k):
            if rng.random() < 0.3:
                tags[i] = rng.getrandbits(16) & ALL_TAGS
    bonus_off = rng.getrandbits(table.k) & full if rng.random() < 0.4 else 0
    penalty_off = rng.getrandbits(table.k) & full if rng.random() < 0.4 else 0
    return Outcome(afterlife, tags, bonus_off, penalty_off)


def test_score_equals_the_sum_of_the_explained_lines() -> None:
    rng = random.Random(36)
    cards = list(deck().cards)
    checked = 0
    for _ in range(1500):
        picked = rng.sample(cards, 7 + rng.randrange(5))
        split = 7 if rng.random() < 0.7 else rng.randrange(1, len(picked) + 1)
        table = Table(picked[:split], picked[split:])
        for _ in range(4):
            out = _random_outcome(table, rng)
            lines, cost = explain(table, out)
            assert score(table, out) == sum(line.total for line in lines) - cost
            checked += 1
    assert checked == 6000

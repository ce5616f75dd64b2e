"""The fast scoring paths agree with the plain ones on random tables and outcomes.

``explain`` reads every card, its bonus conditions and each term on its own; ``score`` sums
the base values once and evaluates only the cards with a bonus or a penalty.  On many random
tables and random outcomes (any cards in the Afterlife, any tags, any bonuses and penalties
cleared) the two must give the same total.  ``with_tag`` (one tag more, only the cards that
read it scored again) must equal a full ``score``, and ``copied`` (the cards walked highest
base first) must equal the highest base over every card allowed.
"""

from __future__ import annotations

import random

from hellas.games.realms.content import ALL_TAGS, HERO, TAGS, Card, deck
from hellas.games.realms.scoring import (
    Outcome,
    Table,
    by_base,
    copied,
    explain,
    positions,
    score,
    score_at,
    with_tag,
)


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


def _tables(count: int, rng: random.Random) -> list[Table]:
    """Return random tables, half of them holding a card that copies a base value."""
    cards = list(deck().cards)
    copiers = [c for c in cards if any(t.kind == "copy_base" for t in (*c.bonus, *c.penalty))]
    lethe = [c for c in cards if c.lethe]
    assert copiers and lethe
    tables = []
    for n in range(count):
        picked: list[Card] = []
        if n % 2:
            picked.append(rng.choice(copiers))
        if n % 5 == 0:
            picked.append(rng.choice(lethe))
        rest = [c for c in cards if c not in picked]
        picked += rng.sample(rest, 7 + rng.randrange(5) - len(picked))
        rng.shuffle(picked)
        split = 7 if rng.random() < 0.7 else rng.randrange(1, len(picked) + 1)
        tables.append(Table(picked[:split], picked[split:]))
    return tables


def test_one_tag_more_rescored_from_its_readers_equals_a_full_score() -> None:
    rng = random.Random(3636)
    checked = 0
    for table in _tables(600, rng):
        heroes = [i for i in range(table.k) if table.hero_mask >> i & 1]
        for _ in range(3):
            out = _random_outcome(table, rng)
            pos, blank = positions(table, out)
            total = score_at(table, out, pos, blank)
            options = [(-1, -1)] + [
                (rng.choice(heroes), rng.randrange(len(TAGS))) for _ in range(6) if heroes
            ]
            for (h, b), value in zip(
                options, with_tag(table, out, pos, blank, total, options), strict=True
            ):
                tags = out.tags[:]
                if h >= 0:
                    tags[h] |= 1 << b
                assert value == score(
                    table, Outcome(out.afterlife, tags, out.bonus_off, out.penalty_off)
                ), (h, b)
                checked += 1
    assert checked > 6000


def _copied_plainly(table: Table, i: int, what: str, out: Outcome, off: int) -> int:
    """Return the highest base card ``i`` may copy, every card read (the rule as printed)."""
    best = 0
    for j, c in enumerate(table.cards):
        if what == "afterlife":
            if j != i and out.afterlife >> j & 1:
                best = max(best, c.base)
        elif c.suit == HERO and not out.tags[j] and (off >> j & 1 or not c.bonus):
            best = max(best, c.base)
    return best


def test_a_copied_base_is_the_highest_base_allowed() -> None:
    rng = random.Random(1336)
    seen = set()
    for table in _tables(800, rng):
        for _ in range(3):
            out = _random_outcome(table, rng)
            for i in range(table.k):
                for what in ("afterlife", "hero"):
                    plainly = _copied_plainly(table, i, what, out, out.bonus_off)
                    for order in (None, by_base(table.cards)):  # as scored once; as searched
                        table.by_base = order
                        value = copied(table, i, what, out.afterlife, out.tags, out.bonus_off)
                        assert value == plainly, order
                    seen.add((what, value > 0))
    assert seen == {("afterlife", True), ("afterlife", False), ("hero", True), ("hero", False)}

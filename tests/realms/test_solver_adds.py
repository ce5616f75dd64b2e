"""The score-only solver equals a plain exhaustive search on hands rich in ADDs.

ADD hands (Athena, Winged Sandals, Chiron) cost the most to score, and their search has the
most shortcuts: tags grouped, the end settled first, what each ADD gains bounded by
``gains.Gains`` (its card plans kept across tables), the last ADD scored lazily in the order
of its bounds, the reach of an end answered at once without Omega cards.  Thousands of random
hands, most with an ADD and many with CLEARs, Omega penalties, the Helm and a full Afterlife,
are scored by ``best_score`` and by ``plain_solve`` (every option, every tag, nothing cut);
the two must agree on every one, in any order of the cards.
"""

from __future__ import annotations

import random

from hellas.games.realms.content import TAGS, Card, deck
from hellas.games.realms.endgame import Endgame
from hellas.games.realms.facts import _tag_uses, tag_groups
from hellas.games.realms.scoring import Table
from hellas.games.realms.solver import Search, best_score
from tests.realms.helpers import TooBig, decides, plain_solve

ALL = list(deck().cards)
ADDS = [c for c in ALL if c.add_tag]
RICH = [c for c in ALL if decides(c)]


def _hands(count: int, seed: int) -> list[tuple[list[Card], list[Card]]]:
    """Return random hands: one to three ADD cards, the rest mostly cards that decide."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        adds = rng.sample(ADDS, 1 + rng.randrange(len(ADDS)))
        pool = [c for c in (RICH if n % 3 else ALL) if c not in adds]
        rest = rng.sample(pool, 7 + rng.randrange(4) - len(adds))
        cards = adds + rest
        rng.shuffle(cards)
        size = 7 if len(cards) == 7 else 7 + rng.randrange(len(cards) - 6)
        out.append((cards[:size], cards[size:]))  # ADD cards may land in the Afterlife too
    return out


def test_best_score_equals_the_plain_search_on_add_hands() -> None:
    rng = random.Random(5)
    seen = {"omega": 0, "clear": 0, "two adds": 0, "afterlife": 0}
    checked = 0
    for hand, after in _hands(HANDS, seed=36):
        table = Table(hand, after)
        try:
            expected, _decisions = plain_solve(table, BUDGET)
        except TooBig:
            continue  # the search's own tests and the slow hands cover the largest trees
        checked += 1
        shuffled_hand, shuffled_after = hand[:], after[:]
        rng.shuffle(shuffled_hand)
        rng.shuffle(shuffled_after)
        assert best_score(shuffled_hand, shuffled_after) == expected, [c.id for c in hand + after]
        assert Search(table).value(Endgame(table)) == expected, [c.id for c in hand + after]
        cards = hand + after
        seen["omega"] += any(c.omega for c in cards)
        seen["clear"] += any(c.clear_bonus or c.clear_penalty for c in cards)
        seen["two adds"] += sum(1 for c in cards if c.add_tag) >= 2
        seen["afterlife"] += bool(after)
    assert checked >= HANDS * 3 // 4, checked
    assert min(seen.values()) >= HANDS // 6, seen


HANDS = 2000
BUDGET = 800  # positions the plain search may remember per hand


def test_tag_groups_group_the_tags_named_in_the_same_places() -> None:
    rng = random.Random(9)
    for _ in range(1500):
        picked = rng.sample(ALL, 7 + rng.randrange(4))
        table = Table(picked[:7], picked[7:])
        named: dict[int, set[object]] = {1 << b: set() for b in range(len(TAGS))}
        for c in table.cards:
            for use, bit in _tag_uses(c):
                named[bit].add(use)
        groups: dict[frozenset[object], int] = {}
        for bit, where in named.items():
            groups[frozenset(where)] = groups.get(frozenset(where), 0) | bit
        assert tag_groups(table) == tuple(groups.values())

"""The Omega phase listed on bit masks reaches exactly the ends the decisions reach.

``omegas.OmegaEnds`` lists every Afterlife the Omega penalties can end with, without playing
the decisions out: it must give the same set as walking every option of ``Endgame.options``
(with the same ``sacrifice``), on positions rich in Omega cards, Heroes with random tags, the
Helm of Hades and the Pomegranate.  The solver answers every "can this end be reached" from
those lists (and from their unions over the ADDs still to come): on hands rich in Omega cards
and ADDs it must still give the plain search's score and decisions.
"""

from __future__ import annotations

import random

from hellas.games.realms.content import GOD, HERO, TAGS, Card, deck
from hellas.games.realms.endgame import STEP_ADD, STEP_OMEGA, Endgame
from hellas.games.realms.omegas import OmegaEnds, bits
from hellas.games.realms.scoring import Table
from hellas.games.realms.solver import best_score, sacrifices, solve
from tests.realms.helpers import TooBig, plain_solve

ALL = list(deck().cards)
OMEGAS = [c for c in ALL if c.omega is not None]
HEROES = [c for c in ALL if c.suit == HERO]
GODS = [c for c in ALL if c.suit == GOD]
HELM = deck().by_id("helm-of-hades")
ADDS = [c for c in ALL if c.add_tag]


def _walk_ends(eg: Endgame, sacrifice: int) -> set[int]:
    """Return every Afterlife the decisions from ``eg`` end with (every option walked)."""
    options = eg.options(sacrifice=sacrifice)
    if not options:
        return {eg.afterlife}
    out: set[int] = set()
    for option in options:
        child = eg.copy()
        child.choose(option)
        out |= _walk_ends(child, sacrifice)
    return out


def _omega_table(rng: random.Random) -> Table:
    """Return a hand of 2-5 Omega cards, Heroes, maybe the Helm and Gods (some in the Afterlife)."""
    picked: list[Card] = rng.sample(OMEGAS, 2 + rng.randrange(4))
    if rng.randrange(2):
        picked.append(HELM)
    picked += rng.sample(GODS, rng.randrange(3))
    picked += rng.sample([c for c in HEROES if c not in picked], 10 - len(picked))
    rng.shuffle(picked)
    size = 7 + rng.randrange(4)
    return Table(picked[:7], picked[7:size])


def _omega_positions(table: Table, rng: random.Random) -> list[Endgame]:
    """Return the Omega positions along one random path, the Heroes given random tags first."""
    eg = Endgame(table)
    while eg.options() and eg.step < STEP_ADD:
        eg.choose(rng.choice(eg.options()))
    if not eg.options():
        return []
    heroes = table.hero_mask
    width = len(TAGS)
    tags = [
        t | rng.getrandbits(width) & rng.getrandbits(width) if heroes >> h & 1 else t
        for h, t in enumerate(eg.tags)
    ]
    eg = eg.skip_adds(tags)
    out = []
    while options := eg.options():
        if eg.step == STEP_OMEGA:
            out.append(eg.copy())
        eg.choose(rng.choice(options))
    return out


def test_omega_ends_equal_every_decision_path() -> None:
    rng = random.Random(36)
    seen = dict.fromkeys(("between", "many ends", "helm", "mid", "mid, helm", "mid, sacrifices"), 0)
    for _ in range(2500):
        table = _omega_table(rng)
        masks = (-1, 0, sacrifices(table), rng.getrandbits(table.k))
        for eg in _omega_positions(table, rng):
            for sacrifice in masks:
                expected = _walk_ends(eg, sacrifice)
                got = set(bits(OmegaEnds(table, sacrifice).ends(eg)))
                assert got == expected, ([c.id for c in table.cards], eg.key(), sacrifice)
                if eg.current < 0 and not eg.dying:
                    seen["between"] += 1
                    seen["many ends"] += len(expected) > 3
                    seen["helm"] += eg.helm and len(expected) > 1
                else:
                    seen["mid"] += 1
                    seen["mid, helm"] += eg.dying != 0
                    seen["mid, sacrifices"] += eg.last >= 0
    assert min(seen.values()) >= 200, seen


def test_omega_ends_share_answers_across_tags_only_where_the_penalties_do_not_look() -> None:
    rng = random.Random(7)
    for _ in range(150):
        table = _omega_table(rng)
        sacrifice = sacrifices(table)
        shared = OmegaEnds(table, sacrifice)  # one memo for every position of the table
        for _ in range(4):
            for eg in _omega_positions(table, rng):
                got = set(bits(shared.ends(eg)))
                assert got == _walk_ends(eg, sacrifice), [c.id for c in table.cards]


# Hands rich in Omega cards and ADDs, where the solver lists ends the most; the two slowest
# hands the search over hands had found before the ends were listed on bit masks lead.
OMEGA_SLOW = [
    "heracles atalanta helen sacrificial-altar sirens achilles homer"
    " | scylla-and-charybdis chiron calydonian-boar",
    "sirens tiresias andromeda scylla-and-charybdis arachne dionysus atalanta"
    " | winged-sandals chiron antaeus",
]


def _rich_hands(count: int, seed: int) -> list[Table]:
    """Return hands with 2-4 Omega cards, 1-2 ADD cards, Heroes, maybe the Helm or a God."""
    rng = random.Random(seed)
    d = deck()
    out = [
        Table([d.by_id(i) for i in h.split()], [d.by_id(i) for i in a.split()])
        for h, _, a in (text.partition("|") for text in OMEGA_SLOW)
    ]
    others = [c for c in ALL if c not in OMEGAS and c not in ADDS and c not in HEROES]
    while len(out) < count:
        picked: list[Card] = rng.sample(OMEGAS, 2 + rng.randrange(3))
        picked += rng.sample(ADDS, 1 + rng.randrange(2))
        if rng.randrange(3) == 0:
            picked.append(HELM if HELM not in picked else rng.choice(GODS))
        picked += rng.sample([c for c in HEROES if c not in picked], 3 + rng.randrange(3))
        size = 7 + rng.randrange(4)
        while len(picked) < size:
            c = rng.choice(others)
            if c not in picked:
                picked.append(c)
        picked = picked[:size]
        rng.shuffle(picked)
        out.append(Table(picked[:7], picked[7:]))
    return out


def test_the_solver_equals_the_plain_search_on_hands_rich_in_omegas() -> None:
    checked = 0
    for n, table in enumerate(_rich_hands(260, seed=36)):
        try:
            expected = plain_solve(table, 4000 if n < len(OMEGA_SLOW) else 1500)
        except TooBig:
            continue
        checked += 1
        solution = solve(table)
        assert (solution.score, solution.choices) == expected, [c.id for c in table.cards]
        assert best_score(table.cards[:7], table.cards[7:]) == expected[0]
    assert checked >= 200, checked


def test_omega_ends_after_the_adds_equal_every_decision_path() -> None:
    """``OmegaEnds.after_adds`` starts the Omega phase as ``Endgame`` does after the ADDs."""
    rng = random.Random(12)
    checked = 0
    for table in _rich_hands(600, seed=12):
        sacrifice = sacrifices(table)
        shared = OmegaEnds(table, sacrifice)
        eg = Endgame(table)
        while eg.options() and eg.step < STEP_ADD:
            eg.choose(rng.choice(eg.options()))
        if eg.step != STEP_ADD:
            continue
        for _ in range(3):
            heroes, width = table.hero_mask, len(TAGS)
            tags = [
                t | rng.getrandbits(width) & rng.getrandbits(width) if heroes >> h & 1 else t
                for h, t in enumerate(eg.tags)
            ]
            expected = _walk_ends(eg.skip_adds(tags), sacrifice)
            got = set(bits(shared.after_adds(tags, eg.afterlife, eg.penalty_off, eg.helm)))
            assert got == expected, [c.id for c in table.cards]
            checked += len(expected) > 1
    assert checked >= 300, checked


# Tiresias's hand: six Heroes, Heracles and three monsters in the Afterlife, where every Hero
# may be sacrificed; its ends were the slowest to list before alike Heroes shared them.
TIRESIAS = (
    "tiresias chiron helen heracles perseus sappho orpheus | minotaur scylla-and-charybdis medusa"
)


def _swapped(eg: Endgame, rng: random.Random) -> Endgame:
    """Return ``eg`` with the tags and lives of its Heroes without an Omega shuffled."""
    table = eg.table
    heroes = [
        h for h in range(table.k) if table.hero_mask >> h & 1 and table.cards[h].omega is None
    ]
    order = heroes[:]
    rng.shuffle(order)
    out = eg.copy()
    after = eg.afterlife
    for h in heroes:
        after &= ~(1 << h)
    for h, g in zip(heroes, order, strict=True):
        out.tags[g] = eg.tags[h]
        after |= (eg.afterlife >> h & 1) << g
    out.afterlife = after
    out.settled = False
    out.options()  # settled again, as a search sees it
    return out


def test_omega_ends_are_shared_by_positions_that_swap_alike_heroes() -> None:
    """Positions that only swap Heroes share answers (swapped back): still every path's ends."""
    rng = random.Random(5)
    d = deck()
    hand, _, after = TIRESIAS.partition("|")
    tiresias = Table([d.by_id(i) for i in hand.split()], [d.by_id(i) for i in after.split()])
    checked = 0
    for n in range(400):
        table = tiresias if n % 8 == 0 else _omega_table(rng)
        for sacrifice in (-1, 0, sacrifices(table), rng.getrandbits(table.k)):
            shared = OmegaEnds(table, sacrifice)  # one memo for the positions and their swaps
            for eg in _omega_positions(table, rng):
                if eg.current >= 0 or eg.dying:
                    continue
                for _ in range(3):
                    other = _swapped(eg, rng)
                    got = shared.ends(other)
                    if table is tiresias:  # too many paths to walk: a memo of its own, no swaps
                        plain = OmegaEnds(table, sacrifice)
                        plain.movable = 0
                        assert got == plain.ends(other), other.key()
                    else:
                        expected = _walk_ends(other, sacrifice)
                        assert set(bits(got)) == expected, ([c.id for c in table.cards], sacrifice)
                    checked += len(bits(got)) > 1 and other.key() != eg.key()
    assert checked >= 500, checked

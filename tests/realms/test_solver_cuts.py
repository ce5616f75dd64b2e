"""What the solver cuts and keeps is true: each mark it leaves holds on every endgame below it.

- ``Search.done`` keeps, for each position searched, a score nothing there beats (the scores
  found there and the bounds of what was cut); ``solve`` reuses those marks when it walks the
  options in their order for the first best endgame, so a mark below the truth would skip
  the option it should take.  Each mark is checked against a fresh search from its position,
  and for the ADD search's marks, against every ADD of every tag, on hands rich in ADDs and
  Omega cards and on hands of many Omega cards (where the end is settled before the Omegas).
- ``Search._fated`` lists the ends the decisions can reach, and the search settles the end
  only among them: the list must equal walking every decision.
- ``bound.upper_bound`` asks whether the ADDs to come can give every need of a bonus what it
  lacks (one tag per ADD, among the tags each may give): the bound must stay at or above the
  best score reachable, on positions of hands rich in ADDs and in bonuses with several needs;
  and it keeps each card's part across the narrower limits of one position, which must give
  the bound a fresh computation gives.
- the ends settled from a position (``_fates``) are marked too, by their Afterlife limits:
  each such mark is checked against the best score over the ends within those limits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hellas.games.realms.bound import limits, upper_bound
from hellas.games.realms.content import HERO, TAGS, Card, deck
from hellas.games.realms.endgame import STEP_ADD, Endgame, Option
from hellas.games.realms.gains import Gains
from hellas.games.realms.omegas import bits
from hellas.games.realms.scoring import Outcome, Table, score
from hellas.games.realms.solver import NONE, PROBE, Search, _many
from tests.realms.helpers import path_positions
from tests.realms.test_solver import SLOW, _table
from tests.realms.test_solver_omega import OMEGA_SLOW, _omega_table, _rich_hands, _walk_ends

ALL = list(deck().cards)
ADDS = [c for c in ALL if c.add_tag]
# cards with a bonus or penalty over several needs, or counting several selectors
NEEDY = [
    c for c in ALL if any(len(t.needs) >= 2 or len(t.sels) >= 2 for t in (*c.bonus, *c.penalty))
]


class _Recording(Search):
    """A search that remembers where each of its marks was left."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.where: dict[tuple[object, ...], Endgame] = {}
        self.adds_at: dict[tuple[object, ...], tuple[Endgame, tuple[int, ...]]] = {}

    def beats(self, eg: Endgame, options: list[Option]) -> bool:
        self.where.setdefault(eg.key(), eg.copy())
        return super().beats(eg, options)

    def _adds(self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...], end: int) -> bool:
        key = (eg.afterlife, eg.bonus_off, eg.penalty_off, eg.helm, tags, queue, end)
        self.adds_at.setdefault(key, (eg.copy(), queue))
        return super()._adds(eg, tags, queue, end)


def _best_adds(
    search: Search, eg: Endgame, tags: Sequence[int], queue: tuple[int, ...], end: int
) -> int:
    """Return the best score of ``end`` over every ADD of every tag (ends walked in full)."""
    table = search.table
    best = -(10**9)
    for final in _finals(table, eg, tags, queue):
        if end in _walk_ends(eg.skip_adds(final), search.sacrifice):
            out = Outcome(end, list(final), eg.bonus_off, eg.penalty_off)
            best = max(best, score(table, out))
    return best


def test_the_marks_of_searched_positions_hold() -> None:
    rng = random.Random(5)
    checked = {"positions": 0, "adds": 0, "fates": 0, "below best": 0}
    omega_rng = random.Random(3)
    tables = _rich_hands(150, seed=11) + [_omega_table(omega_rng) for _ in range(150)]
    for n, table in enumerate(tables):
        search = _Recording(table)
        best = search.value(Endgame(table))
        search.first(Endgame(table), best)
        marks = [(k, v) for k, v in search.done.items() if k in search.where]
        below = [(k, v) for k, v in marks if v < best]  # the marks ``first`` skips by
        picked = rng.sample(below, min(len(below), 8)) + rng.sample(marks, min(len(marks), 4))
        for key, mark in picked:
            eg = search.where[key]
            assert Search(table).value(eg) <= mark, ([c.id for c in table.cards], key)
            checked["positions"] += 1
            checked["below best"] += mark < best
        adds = [(k, v) for k, v in search.done.items() if k in search.adds_at]
        adds = [(k, v) for k, v in adds if len(search.adds_at[k][1]) == 1 or n < len(OMEGA_SLOW)]
        below = [(k, v) for k, v in adds if NONE < v < best]
        picked = rng.sample(below, min(len(below), 4)) + rng.sample(adds, min(len(adds), 2))
        for key, mark in picked:
            eg, queue = search.adds_at[key]
            tags, end = key[4], key[6]
            assert isinstance(tags, tuple) and isinstance(end, int)
            assert _best_adds(search, eg, tags, queue, end) <= mark, [c.id for c in table.cards]
            checked["adds"] += 1
            checked["below best"] += mark < best
        fates = []  # the marks of the ends settled from a position (one ADD to come at most)
        for key, mark in search.done.items():
            if len(key) == 3 and isinstance(key[0], tuple) and key[0] in search.where:
                eg = search.where[key[0]]
                if eg.step != STEP_ADD or len(eg.queue) == 1:
                    fates.append((key, mark))
        for key, mark in rng.sample(fates, min(len(fates), 3)):
            assert isinstance(key[0], tuple)
            eg = search.where[key[0]]
            low, high = key[1], key[2]
            assert isinstance(low, int) and isinstance(high, int)
            assert _best_within(search, eg, low, high) <= mark, [c.id for c in table.cards]
            checked["fates"] += 1
    assert min(checked.values()) >= 100, checked


def test_probes_cut_short_leave_no_trace() -> None:
    """``Search._probe`` searches each option a few positions before the full search; a probe
    cut short must leave no false mark behind: with probes of one position (nearly all cut
    short), of a few, and with none, ``value`` finds the same best score and ``first`` the
    same endgame, and the marks the probing search leaves hold."""
    rng = random.Random(41)
    cut = checked = 0
    for table in [_table(t) for t in SLOW] + _rich_hands(100, seed=41):
        found = set()
        for probe in (PROBE, 3, 0, 1):
            search = _Recording(table)
            search.probe = probe
            best = search.value(Endgame(table))
            found.add((best, tuple(search.first(Endgame(table), best).keys())))
            cut += search.probes_cut
        assert len(found) == 1, [c.id for c in table.cards]
        marks = [(k, v) for k, v in search.done.items() if k in search.where]
        below = [(k, v) for k, v in marks if v < best]  # the marks ``first`` skips by
        for key, mark in rng.sample(below, min(len(below), 6)) + rng.sample(marks, 1):
            assert Search(table).value(search.where[key]) <= mark, [c.id for c in table.cards]
            checked += 1
    assert cut >= 120 and checked >= 100, (cut, checked)


def _best_within(search: Search, eg: Endgame, low: int, high: int) -> int:
    """Return the best score from ``eg`` over the ends between ``low`` and ``high``."""
    best = -(10**9)
    queue = tuple(i for i in eg.queue) if eg.step == STEP_ADD else ()
    for end in _walk_ends(eg, search.sacrifice):
        if low & ~end or end & ~high:
            continue
        if queue:
            best = max(best, _best_adds(search, eg, tuple(eg.tags), queue, end))
        else:
            best = max(
                best, score(search.table, Outcome(end, eg.tags, eg.bonus_off, eg.penalty_off))
            )
    return best


def test_the_ends_listed_for_settling_are_every_end_reachable() -> None:
    rng = random.Random(9)
    listed = 0
    for table in _rich_hands(120, seed=13):
        search = Search(table)
        for eg in path_positions(table, rng):
            options = search.settle(eg)
            if not options or not _many(eg):
                continue
            lim = limits(eg, search.sacrifice)
            found = search._fated(eg, options, lim)
            if found is None:
                assert lim.after_lo == lim.after_hi
                continue
            assert set(found) == _walk_ends(eg, search.sacrifice), [c.id for c in table.cards]
            listed += 1
    assert listed >= 150, listed


def _finals(table: Table, eg: Endgame, tags: Sequence[int], queue: tuple[int, ...]) -> set:
    """Return every set of tags the ADDs of ``queue`` can end with from these (every tag)."""
    living = table.hero_mask & ~eg.afterlife
    finals = {tuple(tags)}
    for i in queue:
        grown = set()
        for now in finals:
            grown.add(now)
            for h in range(table.k):
                if living >> h & 1:
                    for b in range(len(TAGS)):
                        if table.cards[i].add_tag >> b & 1:
                            grown.add((*now[:h], now[h] | 1 << b, *now[h + 1 :]))
        finals = grown
    return finals


def test_each_add_option_lists_every_end_the_adds_after_it_reach() -> None:
    """``_options`` keeps an ADD's options with the ends reachable after them: the search
    bounds an end only over the options that can still reach it, and scores the last ADD's
    options without asking again."""
    rng = random.Random(31)
    checked = dict.fromkeys(("options", "last", "cut"), 0)
    for table in _rich_hands(40, seed=31):
        search = Search(table)
        for eg in path_positions(table, rng):
            search.settle(eg)
            if eg.step != STEP_ADD:
                continue
            tags = tuple(eg.tags)
            queue = search._queue(eg)
            for h, b, reach in search._options(eg, tags, queue):
                after = tags if h < 0 else (*tags[:h], tags[h] | 1 << b, *tags[h + 1 :])
                expected: set[int] = set()
                for final in _finals(table, eg, after, queue[1:]):
                    expected |= _walk_ends(eg.skip_adds(final), search.sacrifice)
                assert set(bits(reach)) == expected, [c.id for c in table.cards]
                checked["options"] += 1
                checked["last"] += len(queue) == 1
                checked["cut"] += len(expected) < len(_walk_ends(eg, search.sacrifice))
    assert min(checked.values()) >= 100, checked


def _needy_hands(count: int, seed: int) -> list[Table]:
    """Return hands with one or two ADD cards and cards whose bonus has several needs."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        picked: list[Card] = rng.sample(ADDS, 1 + rng.randrange(2))
        picked += [c for c in rng.sample(NEEDY, 3) if c not in picked]
        picked += rng.sample([c for c in ALL if c not in picked], 10 - len(picked))
        rng.shuffle(picked)
        size = 7 + rng.randrange(4)
        out.append(Table(picked[:7], picked[7:size]))
    return out


def test_the_bound_holds_with_adds_to_come_and_bonuses_with_several_needs() -> None:
    rng = random.Random(17)
    checked = 0
    for table in _needy_hands(300, seed=17):
        sacrifice = Search(table).sacrifice
        for eg in path_positions(table, rng):
            if eg.step > STEP_ADD:
                continue
            high = upper_bound(table, limits(eg, sacrifice))
            assert high >= Search(table).value(eg), [c.id for c in table.cards]
            checked += 1
    assert checked >= 500, checked


def test_the_bound_of_narrower_limits_does_not_depend_on_what_was_bounded_before() -> None:
    """Each card's part of the bound is kept by the Afterlife limits on what it reads."""
    rng = random.Random(23)
    checked = 0
    tables = _needy_hands(120, seed=23) + _rich_hands(120, seed=29)
    for table in tables:
        sacrifice = Search(table).sacrifice
        for eg in path_positions(table, rng):
            lim = limits(eg, sacrifice)  # one root: its narrower copies share the parts
            free = lim.after_hi & ~lim.after_lo
            if not free:
                continue
            for _ in range(6):
                low = lim.after_lo | rng.getrandbits(table.k) & free
                high = low | rng.getrandbits(table.k) & free
                narrow = lim.fated(low, high)
                fresh = limits(eg, sacrifice).fated(low, high)  # nothing kept yet
                assert upper_bound(table, narrow) == upper_bound(table, fresh), [
                    c.id for c in table.cards
                ]
                checked += 1
    assert checked >= 1000, checked


def _paired_hands(count: int, seed: int) -> list[Table]:
    """Return hands with Chiron and Athena (two ADDs), Pegasus (a Hero with two tags at once:
    not a coverage term), other Heroes and any cards, as the slowest hands found had."""
    rng = random.Random(seed)
    d = deck()
    heroes = [c for c in ALL if c.suit == HERO]
    out = []
    for _ in range(count):
        picked = [d.by_id(i) for i in ("chiron", "athena", "pegasus")]
        picked += rng.sample([c for c in heroes if c not in picked], 4)
        picked += rng.sample([c for c in ALL if c not in picked], 3)
        rng.shuffle(picked)
        out.append(Table(picked[:7], picked[7:]))
    return out


def test_each_add_option_bound_holds_for_every_end() -> None:
    """``Gains.at`` bounds what each first ADD can lead to, for one end: no ADDs starting
    with it may score more (reach aside), and it finds what a fresh ``Gains`` (no terms
    filed for other ends) finds.  A bonus "with" several needs lends its worth only
    to the tags of the needs it still lacks, and each term that is not a coverage term is
    charged to one ADD of a tag it names: hands rich in those are checked most."""
    rng = random.Random(43)
    checked = dict.fromkeys(("options", "lacking", "charged"), 0)
    for table in _needy_hands(150, seed=43) + _paired_hands(150, seed=47):
        search = Search(table)
        search.value(Endgame(table))  # terms filed for many ends, and clears, first
        for eg in path_positions(table, rng):
            search.settle(eg)
            if eg.step != STEP_ADD:
                continue
            tags = tuple(eg.tags)
            queue = search._queue(eg)
            living = table.hero_mask & ~eg.afterlife
            for end in _walk_ends(eg, search.sacrifice):
                now = search._gains(eg, end).at(tags, living, queue)
                fresh = Gains(table, end, eg.bonus_off, eg.penalty_off).at(tags, living, queue)
                assert (now.score, now.gains, now.best, now.limits) == (
                    fresh.score,
                    fresh.gains,
                    fresh.best,
                    fresh.limits,
                ), [c.id for c in table.cards]  # the terms filed once for ends alike
                lacking = any(full > 0 and named for named, full, _ in now.limits)
                for h, b, _ in search._options(eg, tags, queue):
                    after = tags if h < 0 else (*tags[:h], tags[h] | 1 << b, *tags[h + 1 :])
                    best = max(
                        score(table, Outcome(end, list(final), eg.bonus_off, eg.penalty_off))
                        for final in _finals(table, eg, after, queue[1:])
                    )
                    high = now.bound(h, b)
                    assert high >= best, [c.id for c in table.cards]
                    checked["options"] += 1
                    checked["lacking"] += lacking
                    if h >= 0:  # the bound with the other terms charged to the ADDs was lower
                        checked["charged"] += high < now.base + now.extra[b] + now.gains[h][b]
    assert min(checked.values()) >= 300, checked

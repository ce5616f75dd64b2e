"""An upper bound on the score of every endgame that can still follow, for branch and bound.

Mid-endgame, each fact the score reads lies between two limits: a card's tags between the tags
left after every CLEAR still possible and the tags after every ADD still possible; the
Afterlife between the cards already there and those plus every card an Omega penalty or the
Pomegranate could still send; bonuses and penalties between cleared and not.  Selectors are
ORs of ANDs of atoms with no negation, so a count is smallest with every atom at its low limit
and largest at its high one; each term then takes its best case (largest count for a bonus,
smallest for a penalty), and each bonus or penalty that may be on or off takes the better of
the two.  The sum can only be at least the true best score; once every fact is fixed it is
exactly :func:`scoring.score` (tested), so the solver may stop exploring a branch whose bound
is no better than a score it already has.

One refinement keeps the bound close where it matters most: ``adds`` ADDs put one tag on one
Hero each, so they can raise any count by at most ``adds`` over the tags before them.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.games.realms.content import (
    A_AFTERLIFE,
    A_ICON,
    A_LIVING,
    ATOMS,
    GOD,
    MONSTER,
    SUITS,
    TAGS,
    Card,
    Selector,
    Term,
    sel_tags,
)
from hellas.games.realms.endgame import (
    STEP_ADD,
    STEP_BONUS_CLEAR,
    STEP_OMEGA,
    STEP_PENALTY_CLEAR,
    Endgame,
)
from hellas.games.realms.scoring import AFTERLIFE_COST, TAG_ATOMS, Table, copied, count


class Limits:
    """The low and high limits of every fact the score reads (masks over card positions).

    Besides the Afterlife's limits, how many cards must still join it, from ``base`` (the
    Afterlife at the position): at least ``gods_more`` and at most ``gods_most`` Gods (one
    for each Pomegranate to come), and at least ``heroes_more`` Heroes.
    """

    __slots__ = (
        "able",
        "adds",
        "after_hi",
        "after_lo",
        "base",
        "boff_hi",
        "boff_lo",
        "gods",
        "gods_more",
        "gods_most",
        "heroes",
        "heroes_more",
        "masks",
        "parts",
        "poff_hi",
        "poff_lo",
        "table",
        "tags_hi",
        "tags_lo",
        "tags_now",
    )

    def __init__(
        self,
        table: Table,
        after: tuple[int, int],
        tags: tuple[Sequence[int], Sequence[int], Sequence[int]],
        adds: int,
        boff: tuple[int, int],
        poff: tuple[int, int],
    ) -> None:
        self.after_lo, self.after_hi = after
        self.base = self.after_lo
        self.tags_lo, self.tags_now, self.tags_hi = tags
        self.adds = adds
        self.boff_lo, self.boff_hi = boff
        self.poff_lo, self.poff_hi = poff
        self.table = table
        self.gods = table.suit_pos[GOD]
        self.heroes = table.hero_mask
        self.gods_more = self.gods_most = self.heroes_more = 0
        # the tags each ADD to come may give (``adds`` of them; unknown: any tag)
        self.able: tuple[int, ...] = ((1 << len(TAGS)) - 1,) * adds
        # the atom masks of the tags at each limit, by (limit, Heroes blanked): shared by
        # every narrower copy (``fated`` changes only the Afterlife)
        self.masks: dict[tuple[int, int], list[int]] = {}
        # each card's part of the bound, by its position and the limits of the Afterlife on
        # the positions it reads (``upper_bound``): shared by the narrower copies too
        self.parts: dict[tuple[int, int, int], int] = {}

    def fated(self, after_lo: int, after_hi: int) -> Limits:
        """Return a copy with narrower limits on the Afterlife."""
        out = Limits(
            self.table,
            (after_lo, after_hi),
            (self.tags_lo, self.tags_now, self.tags_hi),
            self.adds,
            (self.boff_lo, self.boff_hi),
            (self.poff_lo, self.poff_hi),
        )
        out.base = self.base
        out.masks = self.masks
        out.parts = self.parts
        out.able = self.able
        out.gods_more, out.gods_most, out.heroes_more = (
            self.gods_more,
            self.gods_most,
            self.heroes_more,
        )
        return out

    def forced(self) -> int:
        """Return how many cards outside ``after_lo`` must still join the Afterlife."""
        new = self.after_lo & ~self.base
        gods = self.gods_more - (new & self.gods).bit_count()
        heroes = self.heroes_more - (new & self.heroes).bit_count()
        return max(gods, 0) + max(heroes, 0)

    def possible(self) -> bool:
        """Return whether an Afterlife within the limits can meet the counts above."""
        new = self.after_lo & ~self.base
        room = self.after_hi & ~self.base
        return (
            (new & self.gods).bit_count() <= self.gods_most
            and (room & self.gods).bit_count() >= self.gods_more
            and (room & self.heroes).bit_count() >= self.heroes_more
        )


def _masks(
    lim: Limits, which: int, tags: Sequence[int], drop: int, living: int, after: int
) -> list[int]:
    """Return atom position masks for these tags (``drop``: positions whose tags are blanked).

    ``which`` names the limit the tags are (0 low, 1 now, 2 high): the masks of the tags
    are kept in ``lim.masks``, and only the living Heroes and the Afterlife are set here.
    """
    key = (which, drop)
    pos = lim.masks.get(key)
    if pos is None:
        table = lim.table
        pos = [0] * ATOMS
        pos[: len(SUITS)] = table.suit_pos
        for i, t in enumerate(tags):
            if t and not drop >> i & 1:
                bit = 1 << i
                for a in TAG_ATOMS[t]:
                    pos[a] |= bit
        pos[A_ICON] = table.icon_mask
        lim.masks[key] = pos
    pos = pos[:]
    pos[A_LIVING] = living
    pos[A_AFTERLIFE] = after
    return pos


class _Counts:
    """Smallest and largest number of positions a selector can match."""

    __slots__ = ("able", "adds", "hi", "idpos", "lo", "now")

    def __init__(self, table: Table, lim: Limits) -> None:
        hero = table.hero_mask
        blank_lo = blank_hi = 0
        if table.lethe_mask & ~lim.poff_lo:  # River Lethe's penalty may still count
            blank_hi = hero & lim.after_hi
            if table.lethe_mask & ~lim.poff_hi:
                blank_lo = hero & lim.after_lo
        self.idpos = table.idpos
        self.lo = _masks(lim, 0, lim.tags_lo, blank_hi, hero & ~lim.after_hi, lim.after_lo)
        self.hi = _masks(lim, 2, lim.tags_hi, blank_lo, hero & ~lim.after_lo, lim.after_hi)
        self.adds = lim.adds
        self.able = lim.able
        self.now = (
            _masks(lim, 1, lim.tags_now, blank_lo, hero & ~lim.after_lo, lim.after_hi)
            if lim.adds
            else self.hi
        )

    def low(self, sel: tuple[tuple[int, ...], ...], me: int) -> int:
        """Return the smallest count (positions in ``me`` only)."""
        return (count(sel, self.lo, self.idpos) & me).bit_count()

    def high(self, sel: tuple[tuple[int, ...], ...], me: int) -> int:
        """Return the largest count (positions in ``me`` only).

        Each ADD to come puts one tag on one card, so it raises the count by one at most,
        and only if it may give a tag the selector names.
        """
        n = (count(sel, self.hi, self.idpos) & me).bit_count()
        if self.adds:
            named = sel_tags(sel)
            if not named:
                return n
            more = 0
            for a in self.able:
                if a & named:
                    more += 1
            return min(n, (count(sel, self.now, self.idpos) & me).bit_count() + more)
        return n


def _each(term: Term, n: Sequence[int]) -> int:
    beyond = term.beyond
    return sum(k - beyond if k > beyond else 0 for k in n) if beyond else sum(n)


def _term_high(term: Term, i: int, table: Table, lim: Limits, cnt: _Counts, blank: int) -> int:
    """Return the most one term can be worth to card ``i``."""
    kind = term.kind
    v = term.value
    up = v > 0  # a bonus-like term wants large counts, a penalty-like one small counts
    pick = cnt.high if up else cnt.low
    if kind == "each":
        me = ~(1 << i) if term.other else -1
        counts = [pick(sel, me) for sel in term.sels]
        if up and cnt.adds and len(counts) > 1 and not term.beyond:
            return v * min(sum(counts), _most_after_adds(term.sels, cnt, me))
        return v * _each(term, counts)
    if kind == "with":
        me = ~(1 << i)
        if up:
            met = all(cnt.high(sel, me) >= k for sel, k in term.needs)
            if met and cnt.adds:
                met = _supplied(term, cnt, me)
        else:
            met = all(cnt.low(sel, me) >= k for sel, k in term.needs)
        return v if met else 0
    if kind == "unless":
        if term.self_in_afterlife:
            outside = not (lim.after_lo if up else lim.after_hi) >> i & 1
            return v if outside else 0
        me = ~(1 << i)
        if up:
            unmet = any(cnt.low(sel, me) < k for sel, k in term.needs)
        else:
            unmet = any(cnt.high(sel, me) < k for sel, k in term.needs)
            if not unmet and cnt.adds:
                unmet = not _supplied(term, cnt, me)
        return v if unmet else 0
    me = ~(1 << i) if term.other else -1
    if kind == "pairs":
        return v * min(pick(term.sels[0], me), pick(term.sels[1], me))
    if kind == "pairs_of":
        return v * (pick(term.sels[0], me) // 2)
    if kind == "product":
        return v * pick(term.sels[0], -1) * pick(term.sels[1], -1)
    if kind == "more":
        if up:
            return v if cnt.high(term.sels[0], -1) > cnt.low(term.sels[1], -1) else 0
        return v if cnt.low(term.sels[0], -1) > cnt.high(term.sels[1], -1) else 0
    if kind == "copy_base":  # any card that may die, or a Hero that may end with no tags/bonus
        return copied(table, i, term.what, lim.after_hi, lim.tags_lo, lim.boff_hi | blank)
    raise AssertionError(kind)  # pragma: no cover


def _most_after_adds(sels: Sequence[Selector], cnt: _Counts, me: int) -> int:
    """Return the most the counts of these selectors can add up to after the ADDs to come.

    Each ADD gives one card one tag, which adds one to the count of each selector naming it:
    the counts without the ADDs, plus, for each ADD, the most selectors one of its tags is
    named by.
    """
    total = 0
    named_by = [0] * len(TAGS)
    for sel in sels:
        total += (count(sel, cnt.now, cnt.idpos) & me).bit_count()
        named = sel_tags(sel)
        b = 0
        while named >> b:
            if named >> b & 1:
                named_by[b] += 1
            b += 1
    return total + _best_tag_each(cnt.able, named_by)


def _supplied(term: Term, cnt: _Counts, me: int) -> bool:
    """Return whether the ADDs to come can give every need of a term what it lacks.

    Without the ADDs each need counts ``now`` cards at most; one ADD gives one card one of
    the tags it may give, which adds one to the count of each need naming that tag: together
    the ADDs add at most the sum, over the ADDs, of the most needs one of their tags serves.
    """
    short = 0
    served = [0] * len(TAGS)
    for sel, k in term.needs:
        lack = k - (count(sel, cnt.now, cnt.idpos) & me).bit_count()
        if lack > 0:
            short += lack
            named = sel_tags(sel)
            b = 0
            while named:
                if named & 1:
                    served[b] += 1
                named >>= 1
                b += 1
    if not short:
        return True
    return short <= _best_tag_each(cnt.able, served)


def _best_tag_each(able: Sequence[int], by_tag: list[int]) -> int:
    """Return the sum, over the ADDs to come (the tags each may give), of its best tag's count."""
    total = 0
    for tags in able:
        most = 0
        b = 0
        while tags >> b:
            if tags >> b & 1 and by_tag[b] > most:
                most = by_tag[b]
            b += 1
        total += most
    return total


def upper_bound(table: Table, lim: Limits) -> int:
    """Return a score no endgame within these limits can beat (exact once they meet).

    Each card's part is kept in ``lim.parts`` (shared by the narrower copies ``fated``
    makes) by the limits of the Afterlife on the positions it reads (``_reads``): most
    cards read only whether they are in the Afterlife themselves.
    """
    hero = table.hero_mask
    blank_lo = blank_hi = 0
    if table.lethe_mask & ~lim.poff_lo:
        blank_hi = hero & lim.after_hi
        if table.lethe_mask & ~lim.poff_hi:
            blank_lo = hero & lim.after_lo
    off_lo = lim.boff_lo | blank_lo
    off_hi = lim.boff_hi | blank_hi
    total = table.base
    cards = table.cards
    parts = lim.parts
    lo, hi = lim.after_lo, lim.after_hi
    everything = table.lethe_mask != 0  # River Lethe blanks the Heroes in the Afterlife
    cnt: _Counts | None = None
    for i in table.effects:  # the cards with a bonus or a penalty
        c = cards[i]
        reads = -1 if everything else _reads(c) | 1 << i
        key = (i, lo & reads, hi & reads)
        part = parts.get(key)
        if part is None:
            if cnt is None:
                cnt = _Counts(table, lim)
            part = parts[key] = _card_high(i, c, table, lim, cnt, off_lo, off_hi, blank_hi)
        total += part
    return total - AFTERLIFE_COST * (lim.after_lo.bit_count() + lim.forced())


def _card_high(
    i: int,
    c: Card,
    table: Table,
    lim: Limits,
    cnt: _Counts,
    off_lo: int,
    off_hi: int,
    blank_hi: int,
) -> int:
    """Return the most card ``i``'s bonus and penalty can be worth together."""
    total = 0
    if c.bonus and not off_lo >> i & 1 and not (c.alive and lim.after_lo >> i & 1):
        me = ~(1 << i)
        if all(cnt.high(sel, me) for sel in c.requires):
            value = sum(_term_high(t, i, table, lim, cnt, blank_hi) for t in c.bonus)
            sure = (
                not off_hi >> i & 1
                and not (c.alive and lim.after_hi >> i & 1)
                and all(cnt.low(sel, me) for sel in c.requires)
            )
            total += value if sure or value > 0 else 0
    if c.penalty and not lim.poff_lo >> i & 1:
        value = sum(_term_high(t, i, table, lim, cnt, blank_hi) for t in c.penalty)
        total += value if not lim.poff_hi >> i & 1 or value > 0 else 0
    return total


def _reads(c: Card) -> int:
    """Return the positions whose place (hand or Afterlife) a card's bonus and penalty read.

    Every position if a selector asks for living cards or cards in the Afterlife, or the
    card copies a card in the Afterlife; else none (its own place aside).
    """
    found = _READS.get(c.index)
    if found is None or found[0] is not c:
        every = any(t.kind == "copy_base" and t.what == "afterlife" for t in (*c.bonus, *c.penalty))
        for t in (*c.bonus, *c.penalty):
            for sel in (*t.sels, *(s for s, _ in t.needs)):
                every = every or any(A_LIVING in conj or A_AFTERLIFE in conj for conj in sel)
        for sel in c.requires:
            every = every or any(A_LIVING in conj or A_AFTERLIFE in conj for conj in sel)
        found = _READS[c.index] = (c, -1 if every else 0)
    return found[1]


_READS: dict[int, tuple[Card, int]] = {}


def limits(eg: Endgame, sacrifice: int = -1) -> Limits:
    """Return the limits within which every endgame that can follow ``eg`` ends.

    ``eg`` must stand at a decision or at the end (as after ``options``), not mid-step;
    ``sacrifice`` is what the search passes to ``options``: the Heroes that may face a monster
    needlessly (0: none, and the Helm of Hades always saves one).
    """
    table = eg.table
    cards = table.cards
    step = eg.step
    after = eg.afterlife
    living = table.hero_mask & ~after
    boff_hi, poff_hi = eg.bonus_off, eg.penalty_off
    tags_lo = tags_now = eg.tags
    if step == STEP_BONUS_CLEAR:  # each CLEAR still to come may remove one penalty
        for i in eg.queue:
            monsters = cards[i].clear_bonus == "monster-penalty"
            for j, t in enumerate(cards):
                if j != i and t.has_penalty and (not monsters or t.suit == MONSTER):
                    poff_hi |= 1 << j
    if step <= STEP_PENALTY_CLEAR:
        pending = eg.queue if step == STEP_PENALTY_CLEAR else range(table.k)
        wiped = 0
        for i in pending:
            kind = cards[i].clear_penalty
            if kind and not eg.penalty_off >> i & 1:
                wiped |= table.hero_mask if kind == "dionysus" else living & ~(1 << i)
                if kind == "lotus":
                    poff_hi |= living
        if wiped:
            tags_lo = [0 if wiped >> h & 1 else t for h, t in enumerate(eg.tags)]
            boff_hi |= wiped
    able: tuple[int, ...] = ()
    if step < STEP_ADD:
        able = tuple(
            c.add_tag for i, c in enumerate(cards) if c.add_tag and not eg.bonus_off >> i & 1
        )
    elif step == STEP_ADD:
        able = tuple(cards[i].add_tag for i in eg.queue)
    adds = len(able)
    allowed = 0
    for a in able:
        allowed |= a
    tags_hi = tags_now
    if adds:
        tags_hi = [t | allowed if living >> h & 1 else t for h, t in enumerate(tags_now)]
    lim = Limits(
        table,
        (after, after),
        (tags_lo, tags_now, tags_hi),
        adds,
        (eg.bonus_off, boff_hi),
        (eg.penalty_off, poff_hi),
    )
    lim.able = able
    _fates(eg, lim, living, sacrifice)
    return lim


def _heroes(mask: int) -> list[int]:
    """Return the positions in a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fates(eg: Endgame, lim: Limits, living: int, sacrifice: int) -> None:
    """Set the limits on the Afterlife: who may still join it, and how many at least must.

    Omega penalties still to come may kill living Heroes: Heracles any other, a monster the
    Heroes that may be sent to face it (or every one, if none surely defeats it and lives),
    the Boar and the Hydra every one unless enough Heroes surely hold them off and live.
    Which Heroes may die grows until it settles.  The Pomegranate takes a God from the hand.
    """
    table = eg.table
    cards = table.cards
    step = eg.step
    tags_lo, tags_hi, poff_hi = lim.tags_lo, lim.tags_hi, lim.poff_hi
    gods_in_hand = table.suit_pos[GOD] & ~eg.afterlife
    helm = 1 if eg.helm else 0
    heroes = living.bit_count()
    may = eg.dying
    must_gods = most_gods = 0
    must_heroes = eg.dying.bit_count() - (helm or not sacrifice) if eg.dying else 0
    gods = False
    if eg.current >= 0:
        omega = cards[eg.current].omega
        assert omega is not None
        if omega.kind == "god_in_hand":
            gods, must_gods, most_gods = True, 1, 1
        elif omega.kind == "other_hero":
            may |= living & ~(1 << eg.current)
            if not helm:
                must_heroes = max(must_heroes, 1)
        elif sacrifice:  # a monster some Hero defeats: others may be sent to face it first
            may |= _lacking(living & sacrifice, tags_lo, omega.tags)
    pending = eg.queue if step == STEP_OMEGA else range(table.k) if step < STEP_OMEGA else ()
    killers = []
    for i in pending:
        omega = cards[i].omega
        if omega is None or eg.penalty_off >> i & 1:
            continue
        sure = not poff_hi >> i & 1
        if omega.kind == "god_in_hand":
            gods = True
            most_gods += 1
            if sure and gods_in_hand:
                must_gods += 1
            continue
        killers.append((i, omega))
        if not sure:
            continue
        if omega.kind == "other_hero":
            doomed = 1 if not helm and living >> i & 1 and heroes >= 2 else 0
        elif omega.kind == "defeat":
            doomed = not any(tags_hi[h] & omega.tags for h in _heroes(living))
        elif omega.kind == "living_heroes":
            doomed = heroes < omega.number
        else:  # each ADD still to come gives one Hero one tag at most
            doomed = not any(
                min(tags_hi[h].bit_count(), lim.tags_now[h].bit_count() + lim.adds) >= omega.number
                for h in _heroes(living)
            )
        if doomed:
            must_heroes = max(must_heroes, 1 if omega.kind == "other_hero" else heroes - helm)
    changed = True
    while changed:
        changed = False
        for i, omega in killers:
            safe = _heroes(living & ~may)
            kind = omega.kind
            if kind == "other_hero":
                hit = living & ~(1 << i) if living >> i & 1 else 0
            elif kind == "defeat":
                if any(tags_lo[h] & omega.tags for h in safe):
                    hit = _lacking(living & sacrifice, tags_lo, omega.tags)
                else:
                    hit = living
            elif kind == "living_heroes":
                hit = living if len(safe) < omega.number else 0
            else:
                hit = 0 if any(tags_lo[h].bit_count() >= omega.number for h in safe) else living
            if hit & ~may:
                may |= hit
                changed = True
    if gods:
        may |= gods_in_hand
    lim.after_hi |= may
    lim.gods_more = min(must_gods, gods_in_hand.bit_count())
    lim.gods_most = most_gods
    lim.heroes_more = max(must_heroes, 0)


def _lacking(living: int, tags: Sequence[int], wanted: int) -> int:
    """Return the living Heroes that may lack every one of these tags."""
    out = 0
    for h in _heroes(living):
        if not tags[h] & wanted:
            out |= 1 << h
    return out

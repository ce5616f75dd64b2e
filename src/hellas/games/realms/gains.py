"""How much the ADDs still to come can gain, once the end of the endgame is fixed.

With the Afterlife fixed, only tags still change, and only by ADDs: each gives one Hero one
tag.  The terms that read tags split in two:

- "coverage" terms: a bonus for each card matching selectors whose every AND names at most
  one tag, or a bonus (or an "unless" penalty) that needs one such card.  Whether a Hero
  matches is then an OR over single tags, so these terms gain less from an ADD the more tags
  there already are: the gain of several ADDs is at most the sum of what each would gain on
  its own, now.  ``Gains.bound`` works that out exactly for every Hero and tag.
- every other term that reads tags (several needs at once, pairs, products, an AND of two
  tags): a limit on what it can gain at all - a "with" of several needs only if the ADDs left
  can supply every missing need.

Terms that only lose when tags are added (penalties for each card, a Hero with no tags) are
left at their value now.  So the score now, plus each ADD's best gain on the coverage terms,
plus the limits of the others, is at least the score after all the ADDs.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.games.realms.content import (
    A_AFTERLIFE,
    A_LIVING,
    A_TAG,
    SUITS,
    TAGS,
    Card,
    Selector,
    Term,
    conj_tags,
    sel_tags,
)
from hellas.games.realms.scoring import Outcome, Table, count, positions, score_at

UNLIMITED = 10**6


# One planned term of a card: a coverage selector (its number in ``_FITS``, the selector, the
# value per new match, whether once only, whether of other cards only), or a limited term
# with the tags it names.
_Plan = tuple[int, Selector, int, bool, bool]
_Entry = tuple["_Plan | None", "Term | None", int]
_NEEDS_TAG = Term("with", UNLIMITED)  # a bonus that needs a tag to count at all
# by card index: the card, the tags its requirements name, its bonus and penalty plans
_PLANS: dict[int, tuple[Card, int, list[_Entry], list[_Entry]]] = {}
# by coverage selector (a ``_Plan``'s number): by Hero card index * 2 + (1 if in the
# Afterlife), the tags that make that Hero match the selector
_FITS: list[dict[int, int]] = []


def _plan(c: Card) -> tuple[int, list[_Entry], list[_Entry]]:
    """Return how ``Gains`` files a card's terms (the same at every table)."""
    named = 0
    for sel in c.requires:
        for conj in sel:
            named |= conj_tags(conj)
    bonus = [e for t in c.bonus for e in _sort(t)]
    return named, bonus, [e for t in c.penalty for e in _sort(t)]


def _cover(sel: Selector, value: int, need: bool, other: bool) -> _Entry:
    """Return a coverage entry, numbered for ``_FITS``."""
    _FITS.append({})
    return ((len(_FITS) - 1, sel, value, need, other), None, 0)


def _sort(term: Term) -> list[_Entry]:
    """File one term as coverage, limited, or one that ADDs cannot raise (no entry)."""
    sels = [*term.sels, *(s for s, _ in term.needs)]
    named = 0
    for sel in sels:
        for conj in sel:
            named |= conj_tags(conj)
    if not named:
        return []  # tags do not matter to it
    single = all(conj_tags(conj).bit_count() <= 1 for sel in sels for conj in sel)
    kind, value = term.kind, term.value
    if kind == "each" and value > 0 and not term.beyond and single:
        return [_cover(sel, value, False, term.other) for sel in term.sels]
    if kind in ("with", "unless") and single and len(term.needs) == 1:
        sel, k = term.needs[0]
        gain = value if kind == "with" else -value
        if k == 1 and gain > 0:
            return [_cover(sel, gain, True, True)]
        if gain > 0:
            return [(None, term, named)]
        return []
    if (kind == "each" and value < 0) or (kind == "with" and value < 0):
        return []  # more tags only cost
    if kind == "unless" and value > 0:
        return []
    return [(None, term, named)]


def _fitting(sel: Selector, hero: Card, dead: bool) -> int:
    """Return the tags of the ANDs of a selector whose other atoms this Hero meets."""
    tags = 0
    for conj in sel:
        ok = True
        for a in conj:
            if A_TAG <= a < A_TAG + len(TAGS):
                continue
            if a < 0:
                ok = hero.index == -a - 1
            elif a < len(SUITS):
                ok = hero.suit == a
            elif a == A_LIVING:
                ok = not dead
            elif a == A_AFTERLIFE:
                ok = dead
            else:  # the Afterlife icon
                ok = hero.afterlife_icon
            if not ok:
                break
        if ok:
            tags |= conj_tags(conj)
    return tags


class _Cover:
    """One coverage selector of one card's term: ``value`` per new match, or once if ``need``."""

    __slots__ = ("card", "index", "need", "other", "sel", "sid", "value")

    def __init__(
        self, index: int, card: int, sel: Selector, value: int, need: bool, other: bool
    ) -> None:
        self.index, self.card, self.sel, self.value = index, card, sel, value
        self.need, self.other = need, other
        self.sid = -1  # its number in ``_FITS``


class Now:
    """What ``Gains.at`` found: the score now, each (Hero, tag) ADD's gain, each ADD's best."""

    __slots__ = ("base", "best", "charged", "extra", "gains", "later", "limits", "score")

    def __init__(
        self,
        value: int,
        gains: list[list[int]],
        best: list[int],
        limits: list[tuple[int, int, int]],
        able: Sequence[int] = (),
        tagbest: Sequence[int] = (),
    ) -> None:
        self.score = value
        self.gains = gains  # by Hero position and tag bit, on the coverage terms
        self.best = best  # for each ADD still to come, in order: its best gain
        self.limits = limits  # other terms: (tags they name, most with the next ADD, without)
        self.later = value + sum(best[1:])
        # the bound with no tag, and what each tag adds to it through the other terms
        self.base = self.later + sum(rest for _, _, rest in limits)
        self.extra = [0] * len(TAGS)
        for named, full, rest in limits:
            if full != rest:
                for b in _bits(named):
                    self.extra[b] += full - rest
        # the same bound with the other terms charged to the ADDs (``_charged``), by tag,
        # with no tag last; empty where it cannot be lower.  ``tagbest``: each tag's best
        # gain on the coverage terms (else worked out from ``gains``)
        self.charged: list[int] = []
        if limits and len(able) > 1:
            if not tagbest:
                tagbest = [max(column) for column in zip(*gains, strict=True)]
            self.charged = _charged(value, tagbest, limits, able)

    def bound(self, hero: int, tag: int) -> int:
        """Return a score no endgame beats after the next ADD (``hero`` -1: no tag)."""
        charged = self.charged
        if hero < 0:
            return min(self.base, charged[-1]) if charged else self.base
        high = self.base + self.extra[tag]
        if charged and charged[tag] < high:
            high = charged[tag]
        return high + self.gains[hero][tag]


def _charged(
    value: int, tagbest: Sequence[int], limits: list[tuple[int, int, int]], able: Sequence[int]
) -> list[int]:
    """Return a bound for each tag of the next ADD (then for none), the other terms charged.

    A term gains only through an ADD of a tag it names, so its gain is charged to the next
    ADD if its tag is one (at most what it may gain with it), else to one later ADD of a tag
    it names (at most what it may gain without the next).  Each later ADD then adds at most
    its best tag's gain on the coverage terms plus the terms charged to it.  The coverage
    gain of the next ADD itself is left to ``Now.bound``.  Empty where it cannot be lower
    than ``Now``'s sum (no term can gain from the later ADDs alone).
    """
    if all(rest <= 0 for _, _, rest in limits) or len(limits) > CHARGED_TERMS:
        return []
    width = len(TAGS)
    if len(limits) == 1:  # the usual case, worked out directly
        named, full, rest = limits[0]
        alone = shared = 0  # the later ADDs: the term charged to the next ADD, or not
        for a in able[1:]:
            tags = _bits(a)
            alone += max([tagbest[b] for b in tags], default=0)
            shared += max([tagbest[b] + (rest if named >> b & 1 else 0) for b in tags], default=0)
        mine, other = value + full + alone, value + shared
        return [mine if named >> b & 1 else other for b in range(width)] + [other]
    terms_of = [0] * width  # the terms naming each tag, as bits over ``limits``
    for j, (named, _, _) in enumerate(limits):
        for b in _bits(named):
            terms_of[b] |= 1 << j
    sums = [0] * (1 << len(limits))  # by a set of terms: what they gain without the next ADD
    fulls = [0] * len(sums)  # and with it
    for mask in range(1, len(sums)):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + max(limits[low][2], 0)
        fulls[mask] = fulls[mask & (mask - 1)] + limits[low][1]
    later: dict[int, int] = {}
    for c in {*terms_of, 0}:  # the terms charged to the next ADD
        worth = [tagbest[b] + sums[terms_of[b] & ~c] for b in range(width)]
        total = value + fulls[c]
        for a in able[1:]:
            total += max([worth[b] for b in _bits(a)], default=0)
        later[c] = total
    return [*(later[c] for c in terms_of), later[0]]


CHARGED_TERMS = 6  # ``_charged`` is skipped with more terms than this (each set is summed)


def _bits(tags: int) -> list[int]:
    """Return the tag bits of a set of tags (kept by the set)."""
    found = _BITS.get(tags)
    if found is None:
        found = _BITS[tags] = [b for b in range(len(TAGS)) if tags >> b & 1]
    return found


_BITS: dict[int, list[int]] = {}


class Filed:
    """A table's terms that ADDs can raise, filed as coverage or limited terms (``_sort``).

    They depend on the end only through the cards whose bonus counts and the penalties
    cleared, so ends alike for those share one (``Gains``), with each Hero's row of tags
    (``row``) kept by the Hero and whether it ends in the Afterlife.
    """

    __slots__ = ("covers", "limited", "rows")

    def __init__(self, cards: Sequence[Card], dropped: int, penalty_off: int) -> None:
        self.covers: list[_Cover] = []
        self.limited: list[tuple[int, Term, int]] = []  # others: (card, term, tags it names)
        self.rows: dict[int, list[tuple[int, list[_Cover]]]] = {}
        for i, c in enumerate(cards):
            plan = _PLANS.get(c.index)
            if plan is None or plan[0] is not c:
                named, bonus, penalty = _plan(c)
                plan = _PLANS[c.index] = (c, named, bonus, penalty)
            _, named, bonus, penalty = plan
            if bonus and not dropped >> i & 1:
                if named:
                    self.limited.append((i, _NEEDS_TAG, named))
                self._file(i, bonus)
            if penalty and not penalty_off >> i & 1:
                self._file(i, penalty)

    def _file(self, i: int, entries: list[_Entry]) -> None:
        """File card ``i``'s planned terms: its coverage selectors, then its limited terms."""
        for cover, term, named in entries:
            if cover is not None:
                sid, sel, value, need, other = cover
                made = _Cover(len(self.covers), i, sel, value, need, other)
                made.sid = sid
                self.covers.append(made)
            elif term is not None:
                self.limited.append((i, term, named))

    def row(self, cards: Sequence[Card], h: int, dead: int) -> list[tuple[int, list[_Cover]]]:
        """Return the tags whose ADD may newly match some coverage selector for Hero ``h``."""
        place = cards[h].index * 2 + dead
        row: dict[int, list[_Cover]] = {}
        for cover in self.covers:
            if cover.other and cover.card == h:
                continue
            fits = _FITS[cover.sid]
            tags = fits.get(place, -1)
            if tags < 0:
                tags = fits[place] = _fitting(cover.sel, cards[h], dead == 1)
            bit = 0
            while tags:
                if tags & 1:
                    found = row.get(bit)
                    if found is None:
                        row[bit] = [cover]
                    else:
                        found.append(cover)
                tags >>= 1
                bit += 1
        return sorted(row.items())


class Gains:
    """The terms of one table that ADDs can raise, sorted for the bound, with the end fixed."""

    __slots__ = (
        "adders",
        "bonus_off",
        "covers",
        "end",
        "limited",
        "options",
        "penalty_off",
        "table",
    )

    def __init__(
        self,
        table: Table,
        end: int,
        bonus_off: int,
        penalty_off: int,
        kept: dict[tuple[int, int, int], Filed] | None = None,
    ) -> None:
        """Sort the terms for this end; ``kept`` shares what ends alike for them file alike."""
        self.table, self.end = table, end
        self.bonus_off, self.penalty_off = bonus_off, penalty_off
        hero = table.hero_mask
        blank = 0
        if table.lethe_mask & ~penalty_off:
            blank = hero & end
        cards = table.cards
        dropped = bonus_off | blank  # the cards whose bonus does not count
        for i, c in enumerate(cards):
            if c.alive and end >> i & 1:
                dropped |= 1 << i
        key = (dropped, penalty_off, blank)
        filed = None if kept is None else kept.get(key)
        if filed is None:
            filed = Filed(cards, dropped, penalty_off)
            if kept is not None:
                kept[key] = filed
        self.covers, self.limited = filed.covers, filed.limited
        # for each Hero, the tags whose ADD may newly match some coverage selector, with those
        # selectors (in the order of ``covers``), by tag
        self.options: list[list[tuple[int, list[_Cover]]]] = []
        for h in range(table.k):
            row: list[tuple[int, list[_Cover]]] = []
            if hero >> h & 1 and not blank >> h & 1:
                dead = end >> h & 1
                found = filed.rows.get(h * 2 + dead)
                if found is None:
                    found = filed.rows[h * 2 + dead] = filed.row(cards, h, dead)
                row = found
            self.options.append(row)
        self.adders = [c.add_tag for c in cards]

    def at(self, tags: Sequence[int], living: int, queue: Sequence[int]) -> Now:
        """Return the score now, what one ADD of each tag to each Hero gains, and the rest.

        ``living``: the Heroes in hand while the ADDs are made (the ones that may gain a tag,
        even if they die later); ``queue``: the cards whose ADDs are still to come.
        """
        table, end = self.table, self.end
        out = Outcome(end, list(tags), self.bonus_off, self.penalty_off)
        pos, blank = positions(table, out)
        idpos = table.idpos
        matched = [count(c.sel, pos, idpos) for c in self.covers]
        adders = self.adders
        wanted = 0
        for i in queue:
            wanted |= adders[i]
        gains = [[0] * len(TAGS) for _ in range(table.k)]
        best = [0] * len(queue)
        tagbest = [0] * len(TAGS)  # each tag's best gain, over the Heroes
        for h in range(table.k):
            if not living >> h & 1:
                continue
            row = gains[h]
            free = wanted & ~tags[h]
            for b, covers in self.options[h]:
                if not free >> b & 1:
                    continue
                gain = 0
                for cover in covers:
                    mask = matched[cover.index]
                    if mask >> h & 1:
                        continue  # the Hero matches already
                    if cover.need and mask & ~(1 << cover.card):
                        continue  # the need is met already
                    gain += cover.value
                row[b] = gain
                tagbest[b] = max(tagbest[b], gain)
                for n, i in enumerate(queue):
                    if gain > best[n] and adders[i] >> b & 1:
                        best[n] = gain
        # the other terms: what they may gain with the next ADD (if its tag is one they name
        # and can still use) and without it (from the ADDs after it only)
        able = [adders[i] for i in queue]
        later = able[1:]
        limits = [self._limits(i, term, named, pos, able, later) for i, term, named in self.limited]
        return Now(score_at(table, out, pos, blank), gains, best, limits, able, tagbest)

    def _limits(
        self, i: int, term: Term, named: int, pos: list[int], able: list[int], later: list[int]
    ) -> tuple[int, int, int]:
        """Return the tags a term can still use, and the most it can still gain.

        It gains with the ADDs that may give the tags of ``able``, and with those of
        ``later`` (the same but the next one); what it counts now is counted once for both.
        A bonus "with" needs uses only the tags of the needs it still lacks (``named``, the
        tags it names, otherwise).
        """
        value = term.value
        kind = term.kind
        if kind == "with" and 0 < value < UNLIMITED:
            # each missing need wants its shortfall in ADDs that can supply it, and one ADD
            # gives one tag, which supplies every need naming that tag
            shorts: list[tuple[int, int]] = []
            me = ~(1 << i)
            idpos = self.table.idpos
            for sel, k in term.needs:
                short = k - (count(sel, pos, idpos) & me).bit_count()
                if short > 0:
                    shorts.append((short, sel_tags(sel)))
            if not shorts:
                return 0, 0, 0  # met already: more tags cannot unmeet it
            lacking = 0
            for _, tags in shorts:
                lacking |= tags
            return lacking, _supplied(value, shorts, able), _supplied(value, shorts, later)
        if value >= UNLIMITED:
            return named, UNLIMITED, UNLIMITED  # a bonus that needs a tag to count at all
        if kind == "unless":  # a penalty that several matches, or two needs, take back
            return named, -value, -value
        if value < 0:
            return named, 0, 0  # a penalty over counts: more matches only cost
        me = ~(1 << i) if term.other else -1
        idpos = self.table.idpos
        nows = [((count(sel, pos, idpos) & me).bit_count(), sel_tags(sel)) for sel in term.sels]
        return named, _gain(term, nows, able), _gain(term, nows, later)


def _supplied(value: int, shorts: list[tuple[int, int]], able: list[int]) -> int:
    """Return ``value`` if ADDs that may give these tags can make up every shortfall, else 0.

    ``shorts``: each missing need's shortfall and the tags it names.  One ADD gives one tag,
    which supplies every need naming it: at most as many needs as its best tag serves.
    """
    for short, tags in shorts:
        n = 0
        for a in able:
            if a & tags:
                n += 1
        if n < short:
            return 0  # too few ADDs left can supply this need
    if len(shorts) == 1:
        return value  # the one need's count above is the supply
    supply = 0
    for a in able:
        most = 0
        for b in range(len(TAGS)):
            if a >> b & 1:
                served = 0
                for _, tags in shorts:
                    if tags >> b & 1:
                        served += 1
                most = max(most, served)
        supply += most
    return value if supply >= sum(short for short, _ in shorts) else 0


def _gain(term: Term, nows: list[tuple[int, int]], able: list[int]) -> int:
    """Return the most a count term can gain, from each selector's count now and tags."""
    value = term.value
    counts = [(now, now + sum(1 for a in able if a & tags)) for now, tags in nows]
    kind = term.kind
    if kind == "each":
        beyond = term.beyond
        return value * sum(max(hi - beyond, 0) - max(now - beyond, 0) for now, hi in counts)
    (a, a_hi), (b, b_hi) = counts[0], counts[-1]
    if kind == "pairs":
        return value * (min(a_hi, b_hi) - min(a, b))
    if kind == "pairs_of":
        return value * (a_hi // 2 - a // 2)
    if kind == "product":
        return value * (a_hi * b_hi - a * b)
    if kind == "more":
        return value if a <= b < a_hi else 0
    return UNLIMITED  # pragma: no cover - every kind that reads tags is handled above

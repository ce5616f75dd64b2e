"""The exact endgame solver: the best score a hand can reach, and the decisions that reach it.

The endgame (``endgame.Endgame``) is a short sequence of one player's decisions: CLEARs, then
ADDs of tags, then the Omega penalties (which send Heroes, and a God for the Pomegranate, to
the Afterlife); the score at its end is what counts.  ``Search`` finds the best score by branch
and bound: ``bound.upper_bound`` says how much any endgame within some limits can score at most,
and a branch whose bound cannot beat the best score found so far is cut.  Ideas that keep it
small, none of which can change the answer:

- tags no card tells apart are alike: an ADD offers one new tag of each group
  (``tag_groups``); only the Heroes that can gain from dying are ever sent to face a monster
  needlessly (``sacrifices``);
- a position searched before is not searched again: it keeps a score nothing under it beats
  (``ceiling``: the scores found there and the bounds of what was cut, never above the best
  score then), and the best score only grows;
- once the CLEARs are done (and for large Omega phases), the search settles the end first:
  which cards end in the Afterlife (one card at a time, dead or alive, among the ends the
  decisions can reach: ``_fated``; with few ends left, each end bounded on its own:
  ``_by_end``), then the tags the ADDs give under that end, in any order (the tags they end
  with do not depend on it), bounded by ``gains.Gains``, and only then whether the Omega
  decisions can reach that end (which the ends settled were chosen among): every end
  the Omega phase can reach is listed once on bit masks (``omegas.OmegaEnds``), kept by each
  Hero's tags reduced to what the penalties read, and for the ADDs still to come, the union
  of those lists over the tags that change what the penalties read (``facts.Reach``); each
  ADD option is kept with the ends reachable after it, so an end is bounded only over the
  options that can still reach it (``_options``, ``_firsts``);
- the most promising branch is searched first, after a short probe of each option of a
  decision (``_probe``): a good score found under an option of lower bound cuts sooner.

``best_score`` wants the number only, and keeps its answers keyed by the cards, whatever their
order in the hand.  ``solve`` also returns the decisions: among equally good endgames the one
a plain depth-first search in the order of ``Endgame.options`` meets first (the choice made
before this search had bounds).  It walks the options in their order with bounds for a few
dozen options (enough for most hands); past that it learns the best score first, then walks
down from the start taking at each step the first option from which it can still be reached
(skipping the positions whose kept score is below the best).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hellas.games.realms.bound import Limits, limits, upper_bound
from hellas.games.realms.content import Card
from hellas.games.realms.endgame import (
    STEP_ADD,
    STEP_OMEGA,
    Endgame,
    Option,
    narrate,
)
from hellas.games.realms.facts import Reach, facts, sacrifices, tag_groups, wants_dead
from hellas.games.realms.gains import Filed, Gains
from hellas.games.realms.omegas import bits
from hellas.games.realms.scoring import (
    Outcome,
    Table,
    by_base,
    positions,
    score,
    score_at,
    with_tag,
)

NONE = -(10**9)  # below every score
NEVER = 10**9  # above every score


@dataclass
class Solution:
    """The best score found and the decisions that reach it."""

    score: int
    choices: list[str]
    outcome: Outcome

    def story(self, table: Table) -> list[str]:
        """Return what happens in the endgame with these choices, in words."""
        return narrate(table, self.choices)


class Search:
    """Branch and bound over one table's endgame; ``nodes`` counts the positions searched."""

    __slots__ = (
        "alike",
        "best",
        "budget",
        "ceiling",
        "counted",
        "defeat",
        "done",
        "filed",
        "gains",
        "goal",
        "leaf",
        "limit",
        "natural",
        "nodes",
        "nows",
        "omega_tags",
        "options",
        "probe",
        "probes_cut",
        "reach",
        "sacrifice",
        "strong",
        "table",
    )

    def __init__(self, table: Table, natural: bool = False) -> None:
        self.table = table
        if table.by_base is None:  # scored many times: copies of a base read the cards in order
            table.by_base = by_base(table.cards)
        known = facts(table)
        self.alike, self.sacrifice, self.defeat, self.counted, self.omega_tags, self.strong = known
        self.reach = Reach(table, known)  # which ends the Omegas can still reach
        # natural: walk the options in their order (no end settled first), so that the first
        # best endgame found is the first in that order; it keeps where it was (``leaf``)
        self.natural = natural
        self.leaf: Endgame | None = None
        self.budget = NEVER  # a natural walk gives up past this many options tried
        self.limit = NEVER  # a probe (``_probe``) gives up past this many positions
        self.probe = PROBE  # positions each probe searches at most (0: no probes)
        self.probes_cut = 0  # probes cut short
        self.best = NONE  # the best score found so far: only better ones are looked for
        self.goal = NEVER  # stop as soon as a score reaches this
        # searched positions, each with a score nothing there beats (``ceiling``)
        self.done: dict[tuple[object, ...], int] = {}
        # the most the position being searched may score, as far as seen: the scores found
        # there, and the bounds of what was cut (all at most ``best``)
        self.ceiling = NONE
        self.gains: dict[tuple[int, int, int], Gains] = {}  # by end, bonus and penalty clears
        self.filed: dict[tuple[int, int, int], Filed] = {}  # what ends alike share (``Gains``)
        # the options of an ADD: bounded for one end (``_firsts``), with the ends each can
        # still reach (``_options``)
        self.nows: dict[tuple[object, ...], tuple[bool, list[tuple[int, int, int]]]] = {}
        self.options: dict[tuple[object, ...], list[tuple[int, int, int]]] = {}
        self.nodes = 0

    def settle(self, eg: Endgame) -> list[Option]:
        """Make every decision that has only one option; return the options of the next."""
        options = eg.options(self.alike, self.sacrifice)
        while len(options) == 1:
            eg.choose(options[0])
            options = eg.options(self.alike, self.sacrifice)
        return options

    def value(self, eg: Endgame) -> int:
        """Return the best score any endgame from ``eg`` reaches (``eg`` is not changed)."""
        eg = eg.copy()
        self.beats(eg, self.settle(eg))
        return self.best

    def beats(self, eg: Endgame, options: list[Option]) -> bool:
        """Raise ``best`` to the best score from ``eg``; return True once ``goal`` is reached."""
        if not options:
            return self._found(score(self.table, eg.outcome()), eg)
        key = eg.key()
        known = self.done.get(key, NEVER)
        if known <= self.best:
            self.ceiling = max(self.ceiling, known)
            return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise Probed
        outer, self.ceiling = self.ceiling, NONE
        if not self.natural and _many(eg):
            lim = limits(eg, self.sacrifice)
            hit = self._fates(eg, options, lim, self._fated(eg, options, lim), None, key)
        else:
            hit = self._walk(eg, options)
        if not hit:
            self.done[key] = self.ceiling
        self.ceiling = max(self.ceiling, outer)
        return hit

    def _found(self, value: int, eg: Endgame | None = None) -> bool:
        """Note a score that is reached (at ``eg``); return True once ``goal`` is."""
        if value > self.best:
            self.best, self.leaf = value, eg
        self.ceiling = max(self.ceiling, value)
        return self.best >= self.goal

    def _walk(self, eg: Endgame, options: list[Option]) -> bool:
        """Search the options of ``eg``, the most promising first unless ``natural``."""
        table = self.table
        kids = []
        for option in options:
            self.budget -= 1
            if self.budget < 0:
                raise OverBudget
            child = eg.copy()
            child.choose(option)
            more = self.settle(child)
            if not more:
                if self._found(score(table, child.outcome()), child):
                    return True
                continue
            if _near_end(child) or (self.natural and self.best == NONE == self.goal):
                if self.beats(child, more):  # nothing to cut against, or a bound costs more
                    return True
                continue
            high = upper_bound(table, limits(child, self.sacrifice))
            if high <= self.best:
                self.ceiling = max(self.ceiling, high)
                continue
            if self.natural:
                if self.beats(child, more):
                    return True
            else:
                kids.append((high, child, more))
        kids.sort(key=_first, reverse=True)
        if len(kids) > 1 and self.limit == NEVER and self.probe and self._probe(kids):
            return True
        for high, child, more in kids:
            if high <= self.best:
                self.ceiling = max(self.ceiling, high)  # the highest of the kids left
                break
            if self.beats(child, more):
                return True
        return False

    def _probe(self, kids: list[tuple[int, Endgame, list[Option]]]) -> bool:
        """Search each of these positions a little (``probe`` positions) to raise ``best``.

        The best endgame may lie under an option whose bound is not the highest; a score
        found there first lets the search cut the options of higher bounds sooner.  What a
        probe cut short leaves no mark; what it finished is marked as the full search would.
        """
        ceiling = self.ceiling  # the full search that follows marks what the probes found
        for high, child, more in kids:
            if high <= self.best:
                continue
            self.limit = self.nodes + self.probe
            try:
                if self.beats(child, more):
                    self.limit = NEVER
                    return True
            except Probed:
                self.probes_cut += 1
        self.limit = NEVER
        self.ceiling = ceiling
        return False

    def first(self, eg: Endgame, best: int) -> Endgame:
        """Return the end of the first endgame from ``eg`` in the options' order scoring ``best``.

        From the start, take at each step the first option from which ``best`` can still be
        reached.  Once the CLEARs are done, the ends that may score ``best`` are listed once,
        and each option is tried against them.  A position ``value`` marked with a score below
        ``best`` (``done``) is not searched again.
        """
        self.goal = best
        eg = eg.copy()
        options = self.settle(eg)
        ends: list[int] | None = None
        while options:
            if ends is None and eg.step >= STEP_ADD:
                self.best = best - 1
                ends = []
                lim = limits(eg, self.sacrifice)
                self._fates(eg, options, lim, self._fated(eg, options, lim), ends)
            nows = []
            if ends is not None and eg.step == STEP_ADD:  # what each option can gain, per end
                living = self.table.hero_mask & ~eg.afterlife
                for end in ends:
                    gains = self._gains(eg, end)
                    nows.append((end, gains.at(tuple(eg.tags), living, eg.queue)))
            for option in options:
                child = eg.copy()
                child.choose(option)
                more = self.settle(child)
                self.best = best - 1
                if ends is None:
                    if self.beats(child, more):
                        break
                    continue
                hopeful = [end for end, now in nows if now.bound(option.a, option.b) >= best]
                if any(self._tags(child, more, end) for end in (hopeful if nows else ends)):
                    break
            else:  # pragma: no cover
                raise AssertionError("the best endgame was not found again")
            eg, options = child, more
        return eg

    def _gains(self, eg: Endgame, end: int) -> Gains:
        """Return what ADDs can gain for the Afterlife ``end`` after the CLEARs of ``eg``."""
        key = (end, eg.bonus_off, eg.penalty_off)
        gains = self.gains.get(key)
        if gains is None:
            gains = Gains(self.table, end, eg.bonus_off, eg.penalty_off, self.filed)
            self.gains[key] = gains
        return gains

    def _fated(self, eg: Endgame, options: list[Option], lim: Limits) -> list[int] | None:
        """Return every end the decisions from ``eg`` can reach (None: no end left to settle)."""
        if lim.after_hi == lim.after_lo:
            return None
        if eg.step == STEP_ADD:
            return bits(self.reach.can_end(eg, tuple(eg.tags), eg.queue))
        return bits(self.reach.ends(eg, options))

    def _fates(
        self,
        eg: Endgame,
        options: list[Option],
        lim: Limits,
        reach: list[int] | None,
        ends: list[int] | None = None,
        where: tuple[object, ...] = (),
    ) -> bool:
        """Settle the end one card at a time: in the Afterlife or not (narrowing ``lim``).

        ``reach``: the ends the decisions can reach within ``lim`` (None: no card is left to
        settle); a card's fate that no such end has is not searched.  With ``ends``, list
        every end whose bound beats ``best`` instead of searching it.  With ``where`` (the
        key of ``eg``), each narrower search is marked in ``done`` like a position.
        """
        free = lim.after_hi & ~lim.after_lo
        if not free:
            if ends is not None:
                ends.append(lim.after_lo)
                return False
            return self._tags(eg, options, lim.after_lo)
        if not where:
            return self._fate(eg, options, lim, reach, free, ends, where)
        key = (where, lim.after_lo, lim.after_hi)
        known = self.done.get(key, NEVER)
        if known <= self.best:
            self.ceiling = max(self.ceiling, known)
            return False
        outer, self.ceiling = self.ceiling, NONE
        hit = self._fate(eg, options, lim, reach, free, ends, where)
        if not hit:
            self.done[key] = self.ceiling
        self.ceiling = max(self.ceiling, outer)
        return hit

    def _fate(
        self,
        eg: Endgame,
        options: list[Option],
        lim: Limits,
        reach: list[int] | None,
        free: int,
        ends: list[int] | None,
        where: tuple[object, ...],
    ) -> bool:
        """Settle the fate of the first card of ``free`` for ``_fates``.

        With few ends left to reach, each is bounded on its own instead (``_by_end``).
        """
        assert reach is not None
        if len(reach) <= BY_END and (eg.step != STEP_ADD or len(eg.queue) > 1):
            return self._by_end(eg, options, reach, ends)
        bit = free & -free
        dead = [end for end in reach if end & bit]
        alive = [end for end in reach if not end & bit]
        if self.best == NONE and ends is None:  # nothing to cut yet: the card alive first
            first = True
            for narrow, within in (
                (lim.fated(lim.after_lo, lim.after_hi & ~bit), alive),
                (lim.fated(lim.after_lo | bit, lim.after_hi), dead),
            ):
                if not within or not narrow.possible():
                    continue
                if not first:
                    high = upper_bound(self.table, narrow)
                    if high <= self.best:
                        self.ceiling = max(self.ceiling, high)
                        continue
                first = False
                if self._fates(eg, options, narrow, within, ends, where):
                    return True
            return False
        kids = []
        for narrow, within in (
            (lim.fated(lim.after_lo | bit, lim.after_hi), dead),
            (lim.fated(lim.after_lo, lim.after_hi & ~bit), alive),
        ):
            if within and narrow.possible():
                high = upper_bound(self.table, narrow)
                if high > self.best:
                    kids.append((high, narrow, within))
                elif high > self.ceiling:
                    self.ceiling = high
        kids.sort(key=_first, reverse=True)
        for high, narrow, within in kids:
            if high <= self.best:
                self.ceiling = max(self.ceiling, high)
                break
            if self._fates(eg, options, narrow, within, ends, where):
                return True
        return False

    def _by_end(
        self, eg: Endgame, options: list[Option], reach: list[int], ends: list[int] | None
    ) -> bool:
        """Search these ends (all reachable), the best bound first.

        Once the ADDs are made an end's score is known; before, its bound is the best bound
        of the first ADD's options (``_firsts``, kept for the ADD search).  With ``ends``,
        list the ends whose bound beats ``best`` instead of searching them.
        """
        table = self.table
        kids = []
        if eg.step == STEP_ADD:
            tags = tuple(eg.tags)
            queue = self._queue(eg)
            for end in reach:
                _, firsts = self._firsts(eg, tags, queue, end)
                high = firsts[0][0] if firsts else NONE
                if high > self.best:
                    kids.append((high, end))
                else:
                    self.ceiling = max(self.ceiling, high)
        else:
            for end in reach:
                high = score(table, Outcome(end, eg.tags, eg.bonus_off, eg.penalty_off))
                if high > self.best:
                    kids.append((high, end))
                else:
                    self.ceiling = max(self.ceiling, high)
        kids.sort(key=_high, reverse=True)
        for high, end in kids:
            if high <= self.best:
                self.ceiling = max(self.ceiling, high)
                break
            if ends is not None:
                ends.append(end)
            elif self._tags(eg, options, end):
                return True
        return False

    def _queue(self, eg: Endgame) -> tuple[int, ...]:
        """Return the ADDs still to come, in the order the search makes them."""
        cards = self.table.cards
        return tuple(sorted(eg.queue, key=lambda i: -cards[i].add_tag.bit_count()))

    def _firsts(
        self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...], end: int
    ) -> tuple[bool, list[tuple[int, int, int]]]:
        """Return the first ADD of ``queue``'s options that can still reach ``end``, bounded.

        Each option comes as (bound, Hero, tag), the highest bound first (kept).  An option
        after which no ADDs left let the Omegas reach ``end`` is left out (``_options``); when
        it is the last ADD and few options are left, each bound is the exact score (True
        comes first then).
        """
        key = (eg.afterlife, eg.bonus_off, eg.penalty_off, eg.helm, tags, queue, end)
        hit = self.nows.get(key)
        if hit is None:
            fit = [(h, b) for h, b, reach in self._options(eg, tags, queue) if reach >> end & 1]
            exact = len(queue) == 1 and len(fit) <= FEW_LEAVES
            kids = []
            if exact and fit:  # each a tag more than ``tags`` at most: its readers scored again
                table = self.table
                out = Outcome(end, list(tags), eg.bonus_off, eg.penalty_off)
                pos, blank = positions(table, out)
                values = with_tag(table, out, pos, blank, score_at(table, out, pos, blank), fit)
                kids = [(v, h, b) for v, (h, b) in zip(values, fit, strict=True)]
            else:
                living = self.table.hero_mask & ~eg.afterlife
                now = self._gains(eg, end).at(tags, living, queue)
                kids = [(now.bound(h, b), h, b) for h, b in fit]
            kids.sort(key=_first, reverse=True)
            hit = self.nows[key] = (exact, kids)
        return hit

    def _options(
        self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...]
    ) -> list[tuple[int, int, int]]:
        """Return the first ADD of ``queue``'s options, each with the ends still reachable.

        Each comes as (Hero, tag, ends as bits): no tag is (-1, -1); one tag of each group
        alike (``tag_groups``) is offered to each living Hero.  Kept for every end at once.
        """
        key = (eg.afterlife, eg.penalty_off, eg.helm, tags, queue)
        hit = self.options.get(key)
        if hit is None:
            table = self.table
            living = table.hero_mask & ~eg.afterlife
            allowed = table.cards[queue[0]].add_tag
            rest = queue[1:]
            same = self.reach.after(eg, tags, rest)
            hit = [(-1, -1, same)]
            omega_tags, counted = self.omega_tags, self.counted
            for h in range(table.k):
                if living >> h & 1:
                    t = tags[h]
                    # a tag no Omega reads, to a Hero whose count it cannot change to the
                    # Omegas, reaches what no tag reaches
                    plain = not counted or t.bit_count() >= counted
                    for group in self.alike:
                        new = group & allowed & ~t
                        if new:
                            bit = new & -new
                            if plain and not bit & omega_tags:
                                reach = same
                            else:
                                after = (*tags[:h], t | bit, *tags[h + 1 :])
                                reach = self.reach.after(eg, after, rest)
                            hit.append((h, bit.bit_length() - 1, reach))
            self.options[key] = hit
        return hit

    def _tags(self, eg: Endgame, options: list[Option], end: int) -> bool:
        """Search the ADD decisions for an endgame that ends with the Afterlife ``end``."""
        table = self.table
        if eg.step != STEP_ADD:  # the tags are final: score ``end``, if it can be reached
            value = score(table, Outcome(end, eg.tags, eg.bonus_off, eg.penalty_off))
            if value <= self.best:
                self.ceiling = max(self.ceiling, value)
                return False
            if not self.reach.reachable(eg, options, end):
                return False
            return self._found(value)
        if eg.afterlife & ~end:
            return False
        return self._adds(eg, tuple(eg.tags), self._queue(eg), end)

    def _adds(self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...], end: int) -> bool:
        """Search the ADDs of ``queue`` from these tags, for the Afterlife ``end``.

        The tags the ADDs end with do not depend on their order (an ADD of a tag the Hero
        has already gained is as good as none), so the search takes them in any order: the
        ones with most tags to offer first (``_queue``).  ``eg`` is where the ADDs began.
        """
        key = (eg.afterlife, eg.bonus_off, eg.penalty_off, eg.helm, tags, queue, end)
        known = self.done.get(key, NEVER)
        if known <= self.best:
            self.ceiling = max(self.ceiling, known)
            return False
        self.nodes += 1
        if self.nodes > self.limit:
            raise Probed
        if not self.reach.can_reach(eg, tags, queue, end):
            self.done[key] = NONE  # nothing there is reached at all
            return False
        outer, self.ceiling = self.ceiling, NONE
        hit = self._add(eg, tags, queue, end)
        if not hit:
            self.done[key] = self.ceiling
        self.ceiling = max(self.ceiling, outer)
        return hit

    def _add(self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...], end: int) -> bool:
        """Search the next ADD of ``queue`` for ``_adds``, best bound first."""
        table = self.table
        rest = queue[1:]
        exact, kids = self._firsts(eg, tags, queue, end)
        for high, h, b in kids:
            if high <= self.best:
                self.ceiling = max(self.ceiling, high)
                break
            after = tags if h < 0 else (*tags[:h], tags[h] | 1 << b, *tags[h + 1 :])
            if rest:
                if self._adds(eg, after, rest, end):
                    return True
                continue
            # the tags are final (and ``end`` reachable): score them, best bound first
            value = (
                high
                if exact
                else score(table, Outcome(end, list(after), eg.bonus_off, eg.penalty_off))
            )
            if value <= self.best:
                self.ceiling = max(self.ceiling, value)
            elif self._found(value):
                return True
        return False


def _many(eg: Endgame) -> bool:
    """Return whether to settle the end first: ADDs to make, or several Omega penalties."""
    return eg.step == STEP_ADD or (
        eg.step == STEP_OMEGA and len(eg.queue) + (eg.current >= 0) >= MANY_OMEGAS
    )


MANY_OMEGAS = 3

# ``_fates`` bounds each end on its own once this many ends or fewer are left to reach
BY_END = 32

# ``_firsts`` scores the options of the last ADD one by one when this many or fewer are left
FEW_LEAVES = 3


def _near_end(eg: Endgame) -> bool:
    """Return whether at most one Omega penalty is left to resolve (a bound costs more there)."""
    return eg.step == STEP_OMEGA and len(eg.queue) + (eg.current >= 0) + (eg.dying != 0) < 2


class OverBudget(Exception):
    """A natural walk met more positions than its budget."""


class Probed(Exception):
    """A probe met more positions than its limit."""


# ``_probe`` searches each option this many positions at most
PROBE = 32


def _first(kid: tuple[int, object, object]) -> int:
    return kid[0]


def _high(kid: tuple[int, int]) -> int:
    return kid[0]


def solve(table: Table, forced: Sequence[str] = ()) -> Solution:
    """Return the best endgame (after applying ``forced`` decision keys first, in order)."""
    eg = Endgame(table)
    for key in forced:
        options = eg.options()
        match = next((o for o in options if o.key(table) == key), None)
        if match is None:
            legal = ", ".join(o.key(table) for o in options) or "(no decision is left)"
            raise ValueError(f"endgame choice {key!r} is not possible now; possible: {legal}")
        eg.choose(match)
    plain = Search(table, natural=True)
    plain.budget = PLAIN_BUDGET
    try:  # most hands: a short walk in the options' order finds the answer at once
        plain.value(eg)
        assert plain.leaf is not None
        eg = plain.leaf
    except OverBudget:
        search = Search(table)
        best = search.value(eg)
        eg = search.first(eg, best)  # reuses the marks ``value`` left
    outcome = eg.outcome()
    outcome.tags = list(outcome.tags)
    outcome.notes = eg.keys()
    return Solution(score(table, outcome), outcome.notes, outcome)


# ``solve`` first walks the options in their order, trying this many options at most
PLAIN_BUDGET = 40


def best_score(hand: Sequence[Card], afterlife: Sequence[Card]) -> int:
    """Return the best score of these cards; no explanation is built and answers are kept."""
    ordered_hand = sorted(hand, key=_index)
    ordered_after = sorted(afterlife, key=_index)
    key = (*(id(c) for c in ordered_hand), -1, *(id(c) for c in ordered_after))
    hit = _SCORES.get(key)
    cards = ordered_hand + ordered_after
    if hit is not None and all(a is b for a, b in zip(hit[0], cards, strict=True)):
        return hit[1]
    table = Table(ordered_hand, ordered_after)
    value = best_of(table)
    if len(_SCORES) >= SCORES_KEPT:
        _SCORES.clear()
    _SCORES[key] = (tuple(cards), value)
    return value


def best_of(table: Table) -> int:
    """Return the best score of a table, searching only where the endgame branches.

    Most hands have no endgame decision, or a few endgames in all: scoring each costs less
    than what a search sets up.  Up to ``LEAVES`` endgames are scored one by one (nothing
    merged, nothing cut: the best of every path, by definition); anything more is searched.
    """
    eg = Endgame(table)
    if not table.decides:  # no CLEAR, ADD or Omega: no decision (the Helm saves only from one)
        return score(table, eg.outcome())
    if not _adds_many(table):
        value = _every_end(table, eg, LEAVES)
        if value is not None:
            return value
    search = Search(table)
    eg = Endgame(table)
    search.beats(eg, search.settle(eg))
    return search.best


def _every_end(table: Table, eg: Endgame, most: int) -> int | None:
    """Return the best score of every endgame from ``eg``, scored one by one (``eg`` moves on).

    None when there are more than ``most`` endgames, or an ADD with more than ``FEW`` options:
    every position still to walk ends at least one endgame, so the walk gives up as soon as
    those and the endgames scored pass ``most``, having spent at most that many scorings.
    """
    best = NONE
    stack = [eg]
    left = most
    while stack:
        at = stack.pop()
        options = [] if _many_adds(at) else at.options()
        if not options:
            if not at.done() or left == 0:
                return None
            left -= 1
            value = score(table, at.outcome())
            best = max(best, value)
            continue
        if len(options) > 1:
            if len(stack) + len(options) > left:
                return None
            for option in options[1:]:
                child = at.copy()
                child.choose(option)
                stack.append(child)
        at.choose(options[0])
        stack.append(at)
    return best


# ``best_of`` scores every endgame one by one when there are at most this many
LEAVES = 12
# an ADD with more options than this is searched (``_many_adds``)
FEW = 6


def _adds_many(table: Table) -> bool:
    """Return whether an ADD of the table, with the tags printed, has more than ``FEW`` options.

    Such a hand is searched at once: walking its endgames one by one would give up there
    (CLEARs only take tags away, which makes more options; a cleared ADD is a rare escape).
    """
    living = table.hero_mask & ~table.afterlife
    cards = table.cards
    for i in table.adds:
        allowed = cards[i].add_tag
        many = 1  # adding no tag
        for h in range(table.k):
            if living >> h & 1:
                many += (allowed & ~cards[h].tags).bit_count()
        if many > FEW:
            return True
    return False


def _many_adds(eg: Endgame) -> bool:
    """Return whether ``eg`` stands at an ADD with more than ``FEW`` options (none listed)."""
    eg.done()  # moves on to the next decision
    if eg.step != STEP_ADD:
        return False
    table = eg.table
    allowed = table.cards[eg.queue[0]].add_tag
    living = table.hero_mask & ~eg.afterlife
    many = 1  # adding no tag
    for h in range(table.k):
        if living >> h & 1:
            many += (allowed & ~eg.tags[h]).bit_count()
    return many > FEW


def _index(c: Card) -> int:
    return c.index


# Best scores by the cards' identities (the entry keeps the cards, so an id is not reused).
_SCORES: dict[tuple[int, ...], tuple[tuple[Card, ...], int]] = {}
SCORES_KEPT = 1 << 16


__all__ = ["Search", "Solution", "best_score", "sacrifices", "solve", "tag_groups", "wants_dead"]

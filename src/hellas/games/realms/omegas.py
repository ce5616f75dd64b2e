"""The Omega phase of an endgame listed on bit masks: every Afterlife it can end with.

``endgame.Endgame`` plays the Omega penalties one decision at a time; a search that only asks
which Afterlives they can end with (``facts.Reach``, for ``solver``) lists them here instead,
as one set of bits over Afterlives, with answers kept by what the penalties read.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.games.realms.content import GOD
from hellas.games.realms.endgame import Endgame
from hellas.games.realms.scoring import Table


class OmegaEnds:
    """Every Afterlife the Omega penalties can end with, from a position between two of them.

    The same endgames as ``Endgame.options`` with a search's ``sacrifice`` (any order of the
    penalties still to come, every set of Heroes sent to face a monster needlessly, every
    choice of Heracles, the Pomegranate and the Helm of Hades), walked on bit masks: the
    Omega penalties read only the Afterlife, the Helm, and which living Heroes defeat each
    monster or hold off the Hydra, none of which a choice but the Afterlife and the Helm
    changes.  Answers are kept by those, so positions whose tags differ only where the
    penalties do not look share them; and since no rule names a Hero but by those, Heroes
    alike in them are interchangeable: a position is worked out with them in canonical
    places and its ends swapped back (``_root``), so positions that differ only by which of
    two alike Heroes is which share their answers too.
    """

    __slots__ = (
        "by_marks",
        "fast",
        "gods",
        "heroes",
        "marks",
        "memo",
        "movable",
        "omegas",
        "sacrifice",
        "width",
    )

    def __init__(self, table: Table, sacrifice: int) -> None:
        self.sacrifice = sacrifice
        self.width = table.k  # a mask of positions fits in this many bits
        self.heroes = table.hero_mask
        self.gods = table.suit_pos[GOD]
        # the Omega cards: position, kind, the tags that defeat it, its number
        self.omegas: list[tuple[int, str, int, int]] = [
            (i, c.omega.kind, c.omega.tags, c.omega.number)
            for i, c in enumerate(table.cards)
            if c.omega is not None
        ]
        self.marks: list[int] = []  # by Omega card: the Heroes that defeat or hold it off
        # the Heroes whose places may be swapped (no Omega of their own, all or none of them
        # sacrificed): two alike in life and in the marks lead to the same ends, swapped
        movable = self.heroes
        for i, _, _, _ in self.omegas:
            movable &= ~(1 << i)
        self.movable = movable if sacrifice & movable in (0, movable) else 0
        self.memo: dict[tuple[object, ...], int] = {}
        # the same answers kept by (Afterlife, Omega cards to come, Helm) for each set of
        # marks: a look-up there needs no reading of what the penalties look at
        self.by_marks: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {}
        self.fast: dict[tuple[int, ...], int] = {}

    def after_adds(self, tags: Sequence[int], after: int, penalty_off: int, helm: bool) -> int:
        """Return every Afterlife reachable once the ADDs end with these tags (``ends``' set).

        The Omega phase then begins with this Afterlife and Helm, every Omega card whose
        penalty is not cleared still to come (as ``Endgame`` begins it).
        """
        self._mark(tags)
        queue = 0
        for i, _, _, _ in self.omegas:
            if not penalty_off >> i & 1:
                queue |= 1 << i
        return self._root(after, queue, helm)

    def ends(self, eg: Endgame) -> int:
        """Return every Afterlife reachable from ``eg`` (at an Omega decision, or the end).

        The Afterlives come as one set of bits: bit ``a`` is set when Afterlife ``a`` is
        reachable (``ends >> a & 1``; ``bits`` lists them).
        """
        self._mark(eg.tags)
        queue = 0
        for i in eg.queue:
            queue |= 1 << i
        after, helm = eg.afterlife, eg.helm
        if eg.dying:  # the Helm of Hades may save one of them
            now = self._kill(after, eg.dying, True)
        elif eg.current >= 0:  # in the middle of one penalty: its choices first
            n = next(n for n, o in enumerate(self.omegas) if o[0] == eg.current)
            living = self.heroes & ~after
            now = self._resolve(n, after, living, self.gods & ~after, helm, eg.last)
        else:
            return self._root(after, queue, helm)
        found = 0
        for end, still in now:
            found |= self._root(end, queue, still)
        return found

    def _mark(self, tags: Sequence[int]) -> None:
        """Note, for each Omega card, the Heroes whose tags defeat it or hold it off."""
        marks = []
        for _, kind, named, number in self.omegas:
            m = 0
            h = self.heroes
            while h:
                low = h & -h
                t = tags[low.bit_length() - 1]
                if (kind == "defeat" and t & named) or (
                    kind == "hero_with_tags" and t.bit_count() >= number
                ):
                    m |= low
                h ^= low
            marks.append(m)
        self.marks = marks
        known = tuple(marks)
        fast = self.by_marks.get(known)
        if fast is None:
            fast = self.by_marks[known] = {}
        self.fast = fast

    def _root(self, after: int, queue: int, helm: bool) -> int:
        """Return ``_ends``, worked out with the Heroes in canonical places, then put back.

        Each ``movable`` Hero is what the penalties read of it (dead or alive, then its marks);
        sorted by that, they are given the movable places in increasing order.  Swapping two
        of them changes no rule (none names a Hero but by its marks, its life and whether it
        may be sacrificed, alike for all of them), so the ends of the canonical position are
        those of this one with the same Heroes swapped back.
        """
        hit = self.fast.get((after, queue, helm))
        if hit is not None:
            return hit
        movable = self.movable
        if not movable:
            return self._ends(after, queue, helm)
        marks = self.marks
        parts = []
        h = movable
        while h:
            low = h & -h
            part = 1 if after & low else 0
            for m in marks:
                part = part << 1 | (1 if m & low else 0)
            parts.append((part, low))
            h ^= low
        parts.sort()
        moved = []  # (canonical place, the Hero there), where they differ
        canon = [m & ~movable for m in marks]
        dead = after & ~movable
        h = movable
        for part, hero in parts:
            place = h & -h
            h ^= place
            if place != hero:
                moved.append((place, hero))
            if part >> len(marks) & 1:
                dead |= place
            for n in range(len(marks)):
                if part >> (len(marks) - 1 - n) & 1:
                    canon[n] |= place
        if not moved:
            return self._ends(after, queue, helm)
        fast = self.fast
        places = 0
        for place, _ in moved:
            places |= place
        known = tuple(canon)
        into = self.by_marks.get(known)
        if into is None:
            into = self.by_marks[known] = {}
        self.marks, self.fast = canon, into
        try:
            found = self._ends(dead, queue, helm)
        finally:
            self.marks, self.fast = marks, fast
        out = 0  # each end with the Heroes in canonical places swapped back
        while found:
            low = found & -found
            found ^= low
            end = low.bit_length() - 1
            back = end & ~places
            for place, hero in moved:
                if end & place:
                    back |= hero
            out |= 1 << back
        fast[(after, queue, helm)] = out
        return out

    def _ends(self, after: int, queue: int, helm: bool) -> int:
        """Return the ends from this Afterlife with these Omega cards (a mask) still to come."""
        fast = self.fast
        exact = (after, queue, helm)
        hit = fast.get(exact)
        if hit is not None:
            return hit
        living = self.heroes & ~after
        gods = self.gods & ~after
        pending = []
        left = 0  # the pending Omega cards, as positions
        view = 0  # what each pending card reads of the living Heroes, one field each
        marks = self.marks
        for n, (i, kind, _, _) in enumerate(self.omegas):
            if queue >> i & 1:
                if kind == "other_hero":
                    if after >> i & 1 or not living & ~(1 << i):
                        continue
                elif kind == "god_in_hand" and not gods:
                    continue
                pending.append(n)
                left |= 1 << i
                view = view << self.width | (marks[n] & living)
        if not pending:
            hit = fast[exact] = 1 << after
            return hit
        key = (after, left, helm, view)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = self._choices(pending, after, left, living, gods, helm)
        fast[exact] = hit
        return hit

    def _choices(
        self, pending: list[int], after: int, left: int, living: int, gods: int, helm: bool
    ) -> int:
        """Return the ends of resolving one of the ``pending`` Omega cards next, then the rest."""
        fast = self.fast
        sacrifice = self.sacrifice
        # without sacrifices or the Helm, one at a time in the cards' order (``options``)
        order = pending if sacrifice or helm else pending[:1]
        found = 0
        for n in order:
            i, kind, _, _ = self.omegas[n]
            rest = left & ~(1 << i)
            defeaters = self.marks[n] & living
            if kind == "defeat" and defeaters and sacrifice:
                # any set of the others may face it first (the commonest fan-out, inlined)
                spare = living & sacrifice & ~defeaters
                sub = spare
                while True:
                    end = after | sub
                    hit = fast.get((end, rest, helm))
                    found |= self._ends(end, rest, helm) if hit is None else hit
                    if not sub:
                        break
                    sub = (sub - 1) & spare
                continue
            for end, still in self._resolve(n, after, living, gods, helm):
                hit = fast.get((end, rest, still))
                found |= self._ends(end, rest, still) if hit is None else hit
        return found

    def _resolve(
        self, n: int, after: int, living: int, gods: int, helm: bool, last: int = -1
    ) -> list[tuple[int, bool]]:
        """Return each (Afterlife, Helm still there) that resolving Omega card ``n`` can leave.

        ``last``: the last Hero sent to face it so far (only Heroes after it may follow).
        """
        i, kind, _, number = self.omegas[n]
        if kind == "defeat":
            defeaters = self.marks[n] & living
            if not defeaters:
                return self._kill(after, living, helm)
            if not self.sacrifice:
                return [(after, helm)]
            out = []
            # any of them may face it first
            spare = living & self.sacrifice & ~defeaters & -(1 << (last + 1))
            sub = spare
            while True:
                out.append((after | sub, helm))
                if not sub:
                    return out
                sub = (sub - 1) & spare
        if kind == "living_heroes":
            if living.bit_count() < number:
                return self._kill(after, living, helm)
            return [(after, helm)]
        if kind == "hero_with_tags":
            if not self.marks[n] & living:
                return self._kill(after, living, helm)
            return [(after, helm)]
        if kind == "other_hero":
            out = []
            others = living & ~(1 << i)
            while others:
                low = others & -others
                out.extend(self._kill(after, low, helm))
                others ^= low
            return out
        out = []  # the Pomegranate: any God in hand
        while gods:
            low = gods & -gods
            out.append((after | low, helm))
            gods ^= low
        return out

    def _kill(self, after: int, mask: int, helm: bool) -> list[tuple[int, bool]]:
        """Return what sending these Heroes to the Afterlife can leave (the Helm may save one)."""
        if not mask or not helm:
            return [(after | mask, helm)]
        out = [(after | mask, True)] if self.sacrifice else []
        saved = mask
        while saved:
            low = saved & -saved
            out.append((after | (mask & ~low), False))
            saved ^= low
        return out


def bits(ends: int) -> list[int]:
    """Return the Afterlives of a set of them as bits (``OmegaEnds``), in increasing order."""
    out = []
    while ends:
        low = ends & -ends
        out.append(low.bit_length() - 1)
        ends ^= low
    return out


__all__ = ["OmegaEnds", "bits"]

"""What the endgame solver needs to know of a table's cards, worked out once per set of cards.

Which tags no card tells apart (an ADD then offers one tag of each group: ``tag_groups``),
which Heroes may ever gain from dying (``sacrifices``, ``wants_dead``), and what the Omega
penalties read of the tags (``facts``).  Each depends on the cards only, so it is kept by the
cards' indices; ``solver.Search`` reads it when it starts.  ``Reach`` answers, for one search,
which ends (Afterlives) the Omega phase can still reach, and keeps its answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from hellas.games.realms.content import A_AFTERLIFE, A_LIVING, A_TAG, TAGS, Card
from hellas.games.realms.endgame import EACH_TAG, Endgame, Option
from hellas.games.realms.omegas import OmegaEnds
from hellas.games.realms.scoring import Table

Use = tuple[object, ...]  # one place where a card's effect names a tag (with what else it asks)


def _tag_uses(c: Card) -> list[tuple[Use, int]]:
    """Return each place a card's effects name a tag, with the tag's bit.

    Two tags named in the same places, each with the same other atoms beside it, are alike:
    a Hero gains exactly the same from either.  Counting a Hero's tags (the Hydra) and asking
    for a Hero with none (Dionysus) do not tell tags apart at all.
    """
    uses: list[tuple[Use, int]] = []
    sels = [s for term in (*c.bonus, *c.penalty) for s in (*term.sels, *(s for s, _ in term.needs))]
    sels += list(c.requires)
    for n, sel in enumerate(sels):
        for conj in sel:
            for a in conj:
                if A_TAG <= a < A_TAG + len(TAGS):
                    rest = tuple(sorted(x for x in conj if x != a))
                    uses.append(((c.index, n, rest), 1 << (a - A_TAG)))
    if c.omega is not None:
        for b in range(len(TAGS)):
            if c.omega.tags >> b & 1:
                uses.append(((c.index, "omega"), 1 << b))
    if c.clear_penalty == "circe":
        uses.append(((c.index, "circe"), 1 << TAGS.index("clever")))
    return uses


def _card_wants_dead(c: Card) -> bool:
    """Return whether a card can gain from Heroes going to the Afterlife."""
    if c.omega is not None and c.omega.kind == "other_hero":
        return True  # a Heracles who dies first sends nobody else to the Afterlife
    if any(t.kind == "copy_base" and t.what == "afterlife" for t in c.bonus):
        return True  # Orpheus copies the base value of a card in the Afterlife
    sels = [s for term in (*c.bonus, *c.penalty) for s in (*term.sels, *(s for s, _ in term.needs))]
    for sel in sels:
        for conj in sel:
            if A_AFTERLIFE in conj:
                return True
    for term in c.penalty:  # penalties that count living Heroes (Apple of Discord)
        for sel in term.sels:
            if any(A_LIVING in conj for conj in sel):
                return True
    return False


_WANTS: dict[int, bool] = {}


def sacrifices(table: Table) -> int:
    """Return the positions of the Heroes that may ever gain from facing a monster needlessly.

    Every Hero when a card gains from Heroes in the Afterlife or loses from living ones
    (``wants_dead``'s other reasons).  With only a Heracles ("another living Hero dies"), only
    Heracles himself: his dying first spares the Hero he would take, while another Hero sent
    to die is one Heracles could take anyway (or one more death), and a living Hero never
    makes a later Omega penalty worse.  None when no card gains from a death at all.
    """
    if not wants_dead(table):
        return 0
    mask = 0
    for i, c in enumerate(table.cards):
        if c.omega is not None and c.omega.kind == "other_hero":
            mask |= 1 << i
        elif _wants(c):
            return -1
    return mask


def tag_groups(table: Table) -> tuple[int, ...]:
    """Return the tags as groups (bit masks) that no card of this table tells apart.

    Each card's uses name the card, so two tags are named in the same places at the table
    exactly when every card names them in the same places: each card's uses of each tag are
    numbered once (``_tag_marks``), and the tags are grouped by those numbers (kept by the
    numbers of the cards, which many hands share).
    """
    marks = []
    for c in table.cards:
        found = _MARKS.get(c.index)
        if found is None or found[0] is not c:
            found = _MARKS[c.index] = (c, _tag_marks(c))
        if found[1]:
            marks.append(found[1])
    known = tuple(marks)
    hit = _GROUPS.get(known)
    if hit is None:
        groups: dict[tuple[int, ...], int] = {}
        for b in range(len(TAGS)):
            key = tuple(m[b] for m in marks)
            groups[key] = groups.get(key, 0) | 1 << b
        hit = tuple(groups.values())
        if len(_GROUPS) >= FACTS_KEPT:
            _GROUPS.clear()
        _GROUPS[known] = hit
    return hit


def _tag_marks(c: Card) -> tuple[int, ...]:
    """Return a number for each tag standing for the places the card names it (empty: none)."""
    named: list[set[Use]] = [set() for _ in TAGS]
    for use, bit in _tag_uses(c):
        named[bit.bit_length() - 1].add(use)
    if not any(named):
        return ()
    out = []
    for where in named:
        key = frozenset(where)
        number = _PLACES.get(key)
        if number is None:
            number = _PLACES[key] = len(_PLACES)
        out.append(number)
    return tuple(out)


_MARKS: dict[int, tuple[Card, tuple[int, ...]]] = {}  # by card index: the card, its marks
_PLACES: dict[frozenset[Use], int] = {}  # each set of places a tag is named in, numbered
_GROUPS: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}  # by the cards' marks


def wants_dead(table: Table) -> bool:
    """Return whether sending a Hero to the Afterlife could ever raise this table's score."""
    return any(_wants(c) for c in table.cards)


def _wants(c: Card) -> bool:
    """Return ``_card_wants_dead(c)``, kept by the card's index."""
    w = _WANTS.get(c.index)
    if w is None:
        w = _WANTS[c.index] = _card_wants_dead(c)
    return w


Facts = tuple[tuple[int, ...], int, list[int], int, int, tuple[int, ...]]


def facts(table: Table) -> Facts:
    """Return what a search needs to know of a table's cards (kept by the cards' indices).

    Tags alike for the ADDs, the Heroes that may gain from dying, the tag sets that defeat a
    monster, the Hydra's number (0: none), the tags that defeat any monster, and the tags
    grouped by the monsters they defeat (alike to the Omega penalties; the group that defeats
    none matters only to the Hydra, which counts tags).
    """
    key = tuple(c.index for c in table.cards)
    found = _FACTS.get(key)
    if found is not None and all(a is b for a, b in zip(found[0], table.cards, strict=True)):
        return found[1]
    adds = False
    named_sets: set[int] = set()
    counted = 0
    for c in table.cards:
        if c.add_tag:
            adds = True
        omega = c.omega
        if omega is not None:
            if omega.tags:
                named_sets.add(omega.tags)
            if omega.kind == "hero_with_tags" and omega.number > counted:
                counted = omega.number
    alike = tag_groups(table) if adds else EACH_TAG
    defeat = sorted(named_sets)
    omega_tags = 0
    for named in defeat:
        omega_tags |= named
    strong: dict[tuple[bool, ...], int] = {}
    if defeat or counted:  # else no tag defeats a monster or holds off the Hydra
        for b in range(len(TAGS)):
            pattern = tuple(named >> b & 1 == 1 for named in defeat)
            if any(pattern) or counted:
                strong[pattern] = strong.get(pattern, 0) | 1 << b
    facts = (alike, sacrifices(table), defeat, counted, omega_tags, tuple(strong.values()))
    if len(_FACTS) >= FACTS_KEPT:
        _FACTS.clear()
    _FACTS[key] = (tuple(table.cards), facts)
    return facts


_FACTS: dict[tuple[int, ...], tuple[tuple[Card, ...], Facts]] = {}
FACTS_KEPT = 1 << 16  # tables kept at most (then forgotten all at once)


class Reach:
    """Every end the Omegas can reach, as bits over Afterlives (``omegas.bits``), kept.

    Once the ADDs end with tags of given strengths (``ends_after``), after some ADDs still
    to come (``can_end``), from an Omega position (``ends``), and between two Omega penalties
    (``omegas.OmegaEnds``).
    """

    __slots__ = (
        "by_tags",
        "can_ends",
        "counted",
        "defeat",
        "every_end",
        "omega_ends",
        "omega_tags",
        "omegas",
        "roots",
        "strong",
        "table",
    )

    def __init__(self, table: Table, known: Facts) -> None:
        self.table = table
        _, sacrifice, self.defeat, self.counted, self.omega_tags, self.strong = known
        self.omegas = any(c.omega is not None for c in table.cards)  # else the ADDs end it
        self.roots: dict[tuple[object, ...], int] = {}  # by what the Omegas read of the tags
        self.can_ends: dict[tuple[object, ...], int] = {}  # the same, with ADDs to come
        self.every_end: dict[tuple[object, ...], int] = {}  # by Omega position
        # the answers of ``ends_after`` and ``can_end`` kept by the tags themselves too: a
        # look-up there costs less than reducing the tags to what the Omegas read
        self.by_tags: dict[tuple[object, ...], int] = {}
        self.omega_ends = OmegaEnds(table, sacrifice)

    def after(self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...]) -> int:
        """Return every end reachable after some ADDs of ``queue`` on these tags (from ``eg``)."""
        if not self.omegas:
            return 1 << eg.afterlife
        if not (self.defeat or self.counted):  # the ADDs change nothing the Omegas read
            return self.ends_after(eg, tags)
        return self.can_end(eg, tags, queue)

    def can_reach(
        self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...], end: int
    ) -> bool:
        """Return whether some ADDs of ``queue`` on these tags let the Omegas reach ``end``."""
        if not (self.defeat or self.counted):
            if not queue:
                return True
            if not self.omegas:
                return eg.afterlife == end
            return self.ends_after(eg, tags) >> end & 1 == 1
        return self.can_end(eg, tags, queue) >> end & 1 == 1

    def can_end(self, eg: Endgame, tags: tuple[int, ...], queue: tuple[int, ...]) -> int:
        """Return every end the Omegas can reach after some ADDs of ``queue`` on these tags.

        The Omega penalties read only which monsters a Hero defeats and how many tags it has
        (``_strengths``), so the ADDs are tried with one tag for each way of changing that
        (``strong``), and answers are kept by what of the tags can still matter.
        """
        if not queue:
            return self.ends_after(eg, tags)
        exact = (eg.afterlife, eg.penalty_off, eg.helm, tags, queue)
        hit = self.by_tags.get(exact)
        if hit is not None:
            return hit
        table = self.table
        living = table.hero_mask & ~eg.afterlife
        allowed = 0
        for i in queue:
            allowed |= table.cards[i].add_tag
        seen = self.omega_tags | allowed
        count = self.counted
        view = []  # of each living Hero (the ADDs give tags to them only)
        for h in range(table.k):
            if living >> h & 1:
                t = tags[h]
                n = t.bit_count()
                if count and n >= count:  # holds off the Hydra whatever it gains
                    view.append((t & self.omega_tags) << 8 | count)
                else:
                    view.append((t & seen) << 8 | min(n, count))
        key = (eg.afterlife, eg.penalty_off, eg.helm, tuple(view), queue)
        hit = self.can_ends.get(key)
        if hit is None:
            first = table.cards[queue[0]].add_tag
            found = self.can_end(eg, tags, queue[1:])
            for h in range(table.k):
                if living >> h & 1:
                    for group in self.strong:
                        new = group & first & ~tags[h]
                        if new:
                            after = (*tags[:h], tags[h] | new & -new, *tags[h + 1 :])
                            found |= self.can_end(eg, after, queue[1:])
            hit = self.can_ends[key] = found
        self.by_tags[exact] = hit
        return hit

    def reachable(self, eg: Endgame, options: list[Option], end: int) -> bool:
        """Return whether some Omega decisions from ``eg`` end with the Afterlife ``end``."""
        if eg.afterlife & ~end:
            return False  # the Afterlife only grows
        if not options:
            return eg.afterlife == end
        return self.ends(eg, options) >> end & 1 == 1

    def ends(self, eg: Endgame, options: list[Option]) -> int:
        """Return every Afterlife the Omega decisions from ``eg`` (past the ADDs) end with.

        ``omegas.OmegaEnds`` lists them on bit masks; they are kept by the position.
        """
        if not options:
            return 1 << eg.afterlife
        key = eg.key()
        ends = self.every_end.get(key)
        if ends is None:
            ends = self.every_end[key] = self.omega_ends.ends(eg)
        return ends

    def ends_after(self, eg: Endgame, tags: tuple[int, ...]) -> int:
        """Return every end the Omegas can reach once the ADDs from ``eg`` end with these tags.

        The Omega phase reads only the Afterlife, the penalties cleared, the Helm and the tags
        reduced to what the penalties read (``_strengths``): the answers are kept by those.
        """
        exact = (eg.afterlife, eg.penalty_off, eg.helm, tags, ())
        ends = self.by_tags.get(exact)
        if ends is None:
            living = self.table.hero_mask & ~eg.afterlife
            where = (eg.afterlife, eg.penalty_off, eg.helm, self._strengths(tags, living))
            ends = self.roots.get(where)
            if ends is None:
                ends = self.omega_ends.after_adds(tags, eg.afterlife, eg.penalty_off, eg.helm)
                self.roots[where] = ends
            self.by_tags[exact] = ends
        return ends

    def _strengths(self, tags: Sequence[int], living: int) -> tuple[int, ...]:
        """Return what the Omega penalties read of each living Hero's tags, as small numbers.

        One bit per monster that the Hero defeats, and one for holding off the Hydra.
        """
        counted = self.counted
        defeat = self.defeat
        out = []
        for h in range(self.table.k):
            if living >> h & 1:
                t = tags[h]
                bits = 1 if counted and t.bit_count() >= counted else 0
                for named in defeat:
                    bits = bits << 1 | (1 if t & named else 0)
                out.append(bits)
            else:
                out.append(-1)
        return tuple(out)


__all__ = ["FACTS_KEPT", "Facts", "Reach", "facts", "sacrifices", "tag_groups", "wants_dead"]

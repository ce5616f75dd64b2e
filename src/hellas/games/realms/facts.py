"""What the endgame solver needs to know of a table's cards, worked out once per set of cards.

Which tags no card tells apart (an ADD then offers one tag of each group: ``tag_groups``),
which Heroes may ever gain from dying (``sacrifices``, ``wants_dead``), and what the Omega
penalties read of the tags (``facts``).  Each depends on the cards only, so it is kept by the
cards' indices; ``solver.Search`` reads it when it starts.
"""

from __future__ import annotations

from hellas.games.realms.content import A_AFTERLIFE, A_LIVING, TAGS, Card
from hellas.games.realms.endgame import EACH_TAG
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
                if 6 <= a < 6 + len(TAGS):
                    rest = tuple(sorted(x for x in conj if x != a))
                    uses.append(((c.index, n, rest), 1 << (a - 6)))
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


__all__ = ["FACTS_KEPT", "Facts", "facts", "sacrifices", "tag_groups", "wants_dead"]

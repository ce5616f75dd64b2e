"""Scoring one player's cards (hand + Afterlife) for a fixed set of endgame outcomes.

A :class:`Table` is one player's cards compiled for fast scoring: positions 0..k-1, suit
position masks, which cards are Heroes, which carry the Afterlife icon.  An :class:`Outcome`
says where every card ended (hand or Afterlife), every card's tags after CLEAR and ADD, and
which bonuses and penalties are switched off.  ``score`` adds it all up with bit arithmetic;
``explain`` says the same card by card, the way the rulebook's scoring example does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hellas.games.realms.content import (
    A_AFTERLIFE,
    A_ICON,
    A_LIVING,
    A_TAG,
    ALL_TAGS,
    ATOMS,
    HERO,
    SUITS,
    TAGS,
    Card,
    Selector,
    Term,
    deck,
    sel_tags,
)
from hellas.games.realms.describe import need_words, selector

AFTERLIFE_COST = 10  # "every card in the Afterlife subtracts 10 points"

# The atoms of every possible tag set (tag b is atom A_TAG + b): scoring loops over set tags only.
TAG_ATOMS = [tuple(A_TAG + b for b in range(len(TAGS)) if t >> b & 1) for t in range(ALL_TAGS + 1)]


class Table:
    """One player's cards (hand first, then Afterlife), compiled for scoring."""

    __slots__ = (
        "adds",
        "afterlife",
        "base",
        "bonus_clears",
        "by_base",
        "cards",
        "decides",
        "effects",
        "helm",
        "hero_mask",
        "icon_mask",
        "idpos",
        "k",
        "lethe_mask",
        "omegas",
        "penalty_clears",
        "readers",
        "suit_pos",
    )

    def __init__(self, hand: Sequence[Card], afterlife: Sequence[Card]) -> None:
        cards = list(hand) + list(afterlife)
        self.cards = cards
        self.k = len(cards)
        self.afterlife = ((1 << len(afterlife)) - 1) << len(hand)
        suit_pos = [0] * len(SUITS)
        self.idpos: dict[int, int] = {}
        icon = lethe = base = 0
        effects = []
        bonus_clears: list[int] = []
        penalty_clears: list[int] = []
        adds: list[int] = []
        omegas: list[int] = []
        helm = False
        for i, c in enumerate(cards):
            base += c.base
            if c.bonus or c.penalty:
                effects.append(i)
            if c.clear_bonus or c.clear_penalty or c.add_tag or c.omega is not None:
                if c.clear_bonus:
                    bonus_clears.append(i)
                if c.clear_penalty:
                    penalty_clears.append(i)
                if c.add_tag:
                    adds.append(i)
                if c.omega is not None:
                    omegas.append(i)
            if c.saves_hero:
                helm = True
            suit_pos[c.suit] |= 1 << i
            self.idpos[c.index] = self.idpos.get(c.index, 0) | 1 << i
            if c.afterlife_icon:
                icon |= 1 << i
            if c.lethe:
                lethe |= 1 << i
        self.suit_pos = suit_pos
        self.hero_mask = suit_pos[HERO]
        self.icon_mask = icon
        self.lethe_mask = lethe
        self.base = base  # the base values' sum
        self.effects = tuple(effects)  # the positions of the cards with a bonus or a penalty
        # the positions of the cards that make endgame decisions, by kind (``endgame``)
        self.bonus_clears = tuple(bonus_clears)
        self.penalty_clears = tuple(penalty_clears)
        self.adds = tuple(adds)
        self.omegas = tuple(omegas)
        self.decides = bool(bonus_clears or penalty_clears or adds or omegas)
        self.helm = helm  # a card saves a Hero from the Afterlife (the Helm of Hades)
        self.readers: tuple[tuple[int, ...], ...] | None = None  # ``with_tag`` fills it in
        self.by_base: tuple[list[int], list[int]] | None = None  # a search fills it in


@dataclass
class Outcome:
    """Where each card ended and what was cleared or added (one endgame result)."""

    afterlife: int
    tags: list[int]
    bonus_off: int = 0
    penalty_off: int = 0
    notes: list[str] = field(default_factory=list)


def positions(table: Table, out: Outcome) -> tuple[list[int], int]:
    """Return the atom position masks and the Heroes blanked by River Lethe."""
    pos = [0] * ATOMS
    pos[: len(SUITS)] = table.suit_pos
    lethe_blank = 0
    if table.lethe_mask & ~out.penalty_off:
        lethe_blank = table.hero_mask & out.afterlife
    for i, tags in enumerate(out.tags):
        if tags and not lethe_blank >> i & 1:
            bit = 1 << i
            for a in TAG_ATOMS[tags]:
                pos[a] |= bit
    pos[A_LIVING] = table.hero_mask & ~out.afterlife
    pos[A_AFTERLIFE] = out.afterlife
    pos[A_ICON] = table.icon_mask
    return pos, lethe_blank


def count(sel: Selector, pos: list[int], idpos: dict[int, int]) -> int:
    """Return the position mask matching a selector."""
    found = 0
    for conj in sel:
        m = -1
        for a in conj:
            m &= pos[a] if a >= 0 else idpos.get(-a - 1, 0)
        found |= m
    return found


def _term_value(term: Term, i: int, table: Table, out: Outcome, pos: list[int], blank: int) -> int:
    """Return what one term is worth to card ``i``."""
    idpos = table.idpos
    kind = term.kind
    if kind == "each":
        me = ~(1 << i) if term.other else -1
        total = 0
        beyond = term.beyond
        for sel in term.sels:
            n = (count(sel, pos, idpos) & me).bit_count()
            if beyond:
                n = n - beyond if n > beyond else 0
            total += n
        return term.value * total
    if kind == "with":
        me = ~(1 << i)
        for sel, k in term.needs:
            if (count(sel, pos, idpos) & me).bit_count() < k:
                return 0
        return term.value
    if kind == "unless":
        if term.self_in_afterlife:
            return 0 if out.afterlife >> i & 1 else term.value
        me = ~(1 << i)
        for sel, k in term.needs:
            if (count(sel, pos, idpos) & me).bit_count() < k:
                return term.value
        return 0
    me = ~(1 << i) if term.other else -1
    if kind == "pairs":
        a = (count(term.sels[0], pos, idpos) & me).bit_count()
        b = (count(term.sels[1], pos, idpos) & me).bit_count()
        return term.value * min(a, b)
    if kind == "pairs_of":
        return term.value * ((count(term.sels[0], pos, idpos) & me).bit_count() // 2)
    if kind == "product":
        a = count(term.sels[0], pos, idpos).bit_count()
        b = count(term.sels[1], pos, idpos).bit_count()
        return term.value * a * b
    if kind == "more":
        a = count(term.sels[0], pos, idpos).bit_count()
        b = count(term.sels[1], pos, idpos).bit_count()
        return term.value if a > b else 0
    if kind == "copy_base":
        return copied(table, i, term.what, out.afterlife, out.tags, out.bonus_off | blank)
    raise AssertionError(kind)  # pragma: no cover


def copied(table: Table, i: int, what: str, afterlife: int, tags: Sequence[int], off: int) -> int:
    """Return the base value card ``i`` copies: the highest in the Afterlife, or of a Hero.

    The Hero must have no tags and no bonus (one in ``off`` counts as none) — the two
    kinds of copy_base term.  A table scored many times (a search) keeps its cards in
    order of base value (``by_base``): the first card that may be copied is the answer.
    """
    cards = table.cards
    order = table.by_base
    if order is not None:
        if what == "afterlife":
            others = afterlife & ~(1 << i)
            for j in order[0]:
                if others >> j & 1:
                    return cards[j].base
        else:
            for j in order[1]:
                if not tags[j] and (off >> j & 1 or not cards[j].bonus):
                    return cards[j].base
        return 0
    best = 0
    left = afterlife & ~(1 << i) if what == "afterlife" else table.hero_mask
    while left:
        low = left & -left
        left ^= low
        j = low.bit_length() - 1
        c = cards[j]
        if c.base > best and (what == "afterlife" or (not tags[j] and (off & low or not c.bonus))):
            best = c.base
    return best


def by_base(cards: Sequence[Card]) -> tuple[list[int], list[int]]:
    """Return the positions of the cards of positive base value, the highest first; Heroes only."""
    order = sorted((j for j, c in enumerate(cards) if c.base > 0), key=lambda j: -cards[j].base)
    return order, [j for j in order if cards[j].suit == HERO]


def _bonus_active(c: Card, i: int, table: Table, out: Outcome, pos: list[int], off: int) -> bool:
    if not c.bonus or off >> i & 1:
        return False
    if c.alive and out.afterlife >> i & 1:
        return False
    return all(count(sel, pos, table.idpos) & ~(1 << i) for sel in c.requires)


def score(table: Table, out: Outcome) -> int:
    """Return the total score of an endgame outcome."""
    pos, blank = positions(table, out)
    return score_at(table, out, pos, blank)


def score_at(
    table: Table, out: Outcome, pos: list[int], blank: int, which: Sequence[int] | None = None
) -> int:
    """Return the total score of an outcome whose ``positions`` are known already.

    With ``which``, only the bonuses and penalties of the cards at ``which`` are added to
    the base values (``with_tag``: the difference two outcomes make to those cards).
    """
    off = out.bonus_off | blank
    penalty_off = out.penalty_off
    afterlife = out.afterlife
    cards = table.cards
    idpos = table.idpos
    total = table.base - AFTERLIFE_COST * afterlife.bit_count()
    for i in table.effects if which is None else which:  # as ``explain`` reads the cards
        c = cards[i]
        bit = 1 << i
        if c.bonus and not off & bit and not (c.alive and afterlife & bit):
            for sel in c.requires:
                if not count(sel, pos, idpos) & ~bit:
                    break
            else:
                for term in c.bonus:
                    total += _term_value(term, i, table, out, pos, blank)
        if c.penalty and not penalty_off & bit:
            for term in c.penalty:
                total += _term_value(term, i, table, out, pos, blank)
    return total


def with_tag(
    table: Table,
    out: Outcome,
    pos: list[int],
    blank: int,
    total: int,
    options: Sequence[tuple[int, int]],
) -> list[int]:
    """Return the score of ``out`` (worth ``total``) with each (Hero, tag) of ``options`` added.

    Each option is one tag more for one Hero ((-1, -1) for none); only the cards whose
    bonus or penalty reads that tag (``Table.readers``) are scored again.
    """
    readers = table.readers
    if readers is None:
        readers = table.readers = _readers(table)
    before: dict[int, int] = {}
    values = []
    for h, b in options:
        if h < 0 or not readers[b]:
            values.append(total)
            continue
        which = readers[b]
        was = before.get(b)
        if was is None:
            was = before[b] = score_at(table, out, pos, blank, which)
        tags = out.tags[:]
        tags[h] |= 1 << b
        placed = pos
        if not blank >> h & 1:  # a Hero blanked by River Lethe counts no tags
            placed = pos[:]
            placed[A_TAG + b] |= 1 << h
        after = Outcome(out.afterlife, tags, out.bonus_off, out.penalty_off)
        values.append(total - was + score_at(table, after, placed, blank, which))
    return values


def _readers(table: Table) -> tuple[tuple[int, ...], ...]:
    """Return, for each tag, the cards whose bonus or penalty a Hero gaining it can change."""
    found: list[list[int]] = [[] for _ in TAGS]
    for i in table.effects:
        c = table.cards[i]
        reads = 0
        for sel in c.requires:
            reads |= sel_tags(sel)
        for term in (*c.bonus, *c.penalty):
            if term.kind == "copy_base" and term.what != "afterlife":
                reads = ALL_TAGS  # "a Hero with no tags": any tag counts
            for sel in (*term.sels, *(sel for sel, _ in term.needs)):
                reads |= sel_tags(sel)
        for b in range(len(TAGS)):
            if reads >> b & 1:
                found[b].append(i)
    return tuple(tuple(row) for row in found)


@dataclass
class Line:
    """One card's part of the score, with the reasons."""

    card: str
    place: str  # "hand" or "afterlife"
    base: int
    bonus: int
    penalty: int
    notes: list[str]

    @property
    def total(self) -> int:
        """Return base + bonus + penalty."""
        return self.base + self.bonus + self.penalty

    def to_json(self) -> dict[str, object]:
        """Return the line as JSON data."""
        return {
            "card": self.card,
            "place": self.place,
            "base": self.base,
            "bonus": self.bonus,
            "penalty": self.penalty,
            "total": self.total,
            "notes": list(self.notes),
        }


def _words(sel: Selector, n: int) -> str:
    """Return a selector in words, plural unless ``n`` is one."""
    return selector(sel, deck(), plural=n != 1)


def _missing(term: Term, i: int, table: Table, pos: list[int]) -> list[str]:
    """Return the needs of a with/unless term that the other cards do not meet, in words."""
    out = []
    for sel, k in term.needs:
        if (count(sel, pos, table.idpos) & ~(1 << i)).bit_count() < k:
            out.append(need_words(sel, k, deck()))
    return out


def _describe(
    term: Term, i: int, table: Table, out: Outcome, pos: list[int], blank: int, value: int
) -> str:
    """Return one term's result in words with the numbers behind it."""
    idpos = table.idpos
    me = ~(1 << i) if term.other else -1
    other = "other " if term.other else ""
    kind = term.kind
    if kind == "each":
        n = 0
        for sel in term.sels:
            k = (count(sel, pos, idpos) & me).bit_count()
            n += max(0, k - term.beyond) if term.beyond else k
        what = " or ".join(_words(sel, n) for sel in term.sels)
        extra = "extra " if term.beyond else ""
        if not n:
            return f"no {extra}{other}{_words(term.sels[0], 0)}" + (
                " or " + " or ".join(_words(s, 0) for s in term.sels[1:]) if term.sels[1:] else ""
            )
        return f"{value:+d} for {n} {extra}{other}{what}"
    if kind == "with":
        if value:
            return f"{value:+d} with " + " and ".join(
                need_words(s, k, deck()) for s, k in term.needs
            )
        return "no bonus: needs " + " and ".join(_missing(term, i, table, pos))
    if kind == "unless":
        if term.self_in_afterlife:
            return f"{value:+d}: not in the Afterlife" if value else "no penalty: in the Afterlife"
        if value:
            return f"{value:+d}: no " + " and no ".join(selector(s, deck()) for s, _ in term.needs)
        return "no penalty: has " + " and ".join(need_words(s, k, deck()) for s, k in term.needs)
    if kind in ("pairs", "pairs_of"):
        n = value // term.value if term.value else 0
        pairs = "pair" if n == 1 else "pairs"
        if kind == "pairs":
            halves = [
                "another " + selector(s, deck()) if term.other else need_words(s, 1, deck())
                for s in term.sels
            ]
            what = " and ".join(halves)
            return f"{value:+d} for {n} {pairs} of {what}" if n else f"no pair of {what}"
        what = other + _words(term.sels[0], 2)
        return f"{value:+d} for {n} {pairs} of {what}" if n else f"no two {what}"
    if kind == "product":
        a = count(term.sels[0], pos, idpos).bit_count()
        b = count(term.sels[1], pos, idpos).bit_count()
        return (
            f"{value:+d}: {term.value} × {a} {_words(term.sels[0], a)}"
            f" × {b} {_words(term.sels[1], b)}"
        )
    if kind == "more":
        a = count(term.sels[0], pos, idpos).bit_count()
        b = count(term.sels[1], pos, idpos).bit_count()
        versus = f"{a} {_words(term.sels[0], a)} against {b} {_words(term.sels[1], b)}"
        return f"{value:+d}: {versus}" if value else f"no bonus: {versus}"
    if kind == "copy_base":
        source = ""
        for j in range(table.k):
            c = table.cards[j]
            if (
                j != i
                and c.base == value
                and value
                and (out.afterlife >> j & 1 if term.what == "afterlife" else c.suit == HERO)
            ):
                source = c.name
                break
        return (
            f"{value:+d}: copies {source}'s base value" if source else "no bonus: nothing to copy"
        )
    return f"{value:+d}"  # pragma: no cover


def explain(table: Table, out: Outcome) -> tuple[list[Line], int]:
    """Return each card's line (base, bonus, penalty, notes) and the Afterlife cost."""
    pos, blank = positions(table, out)
    off = out.bonus_off | blank
    lines = []
    for i, c in enumerate(table.cards):
        notes: list[str] = []
        bonus = penalty = 0
        if c.bonus:
            if _bonus_active(c, i, table, out, pos, off):
                parts = []
                for term in c.bonus:
                    v = _term_value(term, i, table, out, pos, blank)
                    bonus += v
                    parts.append(_describe(term, i, table, out, pos, blank, v))
                notes.extend(parts)
            elif off >> i & 1:
                notes.append("bonus cleared")
            elif c.alive and out.afterlife >> i & 1:
                notes.append("no bonus: this Hero is not alive")
            else:
                needs = [
                    need_words(sel, 1, deck())
                    for sel in c.requires
                    if not count(sel, pos, table.idpos) & ~(1 << i)
                ]
                notes.append("no bonus: needs " + " and ".join(needs))
        if c.penalty:
            if out.penalty_off >> i & 1:
                notes.append("penalty cleared")
            else:
                parts = []
                for term in c.penalty:
                    v = _term_value(term, i, table, out, pos, blank)
                    penalty += v
                    parts.append(_describe(term, i, table, out, pos, blank, v))
                notes.extend(parts)
        elif c.has_penalty and out.penalty_off >> i & 1:
            notes.append("penalty cleared")
        if c.suit == HERO and out.tags[i] != c.tags:
            names = [t for b, t in enumerate(TAGS) if out.tags[i] >> b & 1]
            notes.append("tags now: " + (", ".join(names) if names else "none left"))
        if blank >> i & 1:
            notes.append("tags and bonus lost to River Lethe")
        place = "afterlife" if out.afterlife >> i & 1 else "hand"
        lines.append(Line(c.name, place, c.base, bonus, penalty, notes))
    return lines, AFTERLIFE_COST * out.afterlife.bit_count()

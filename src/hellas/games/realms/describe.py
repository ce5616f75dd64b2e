"""Every Fantasy Realms card's effect in plain sentences, built from its effect records.

``describe(card)`` reads the declarative effect vocabulary (bonus and penalty terms over
selectors, the endgame steps, instant Afterlife effects) and writes Hellas' own sentences; the
few effects that live in code (the penalty CLEARs, Omega penalties, instant effects) have a
hand-written line each.  A new effect kind without words here fails the test that every card
yields a readable sentence, so the vocabulary and its description cannot drift apart.
"""

from __future__ import annotations

from functools import cache

from hellas.games.realms.content import (
    A_AFTERLIFE,
    A_ICON,
    A_LIVING,
    A_TAG,
    ALL_TAGS,
    SUITS,
    TAGS,
    Card,
    Deck,
    Selector,
    Term,
    deck,
)

PLURAL = {"God": "Gods", "Hero": "Heroes", "Item": "Items", "Location": "Locations"}
PLURAL |= {"Monster": "Monsters", "Quest": "Quests", "card": "cards"}
NUMBERS = ("no", "one", "two", "three", "four", "five")

CLEAR_PENALTY = {
    "lotus": "At the end of the game every living Hero loses its tags, bonus and penalty.",
    "circe": (
        "At the end of the game, unless a living Hero is Clever, every other living Hero "
        "loses its tags and bonus."
    ),
    "dionysus": "At the end of the game one Hero of your choice loses its tags and bonus.",
}
CLEAR_BONUS = {
    "any-penalty": "At the end of the game you may cancel the penalty of one other card.",
    "monster-penalty": "At the end of the game you may cancel the penalty of one Monster.",
}
INSTANT = {
    "oracle": (
        "Sent to your Afterlife: look at the top five cards of the deck and move any of them "
        "to the bottom."
    ),
    "cornucopia": "Sent to your Afterlife: draw two cards, then discard two.",
    "fates": (
        "Sent to your Afterlife: discard another card, name a suit or tag, and take the first "
        "card of the deck that matches it; the deck is then shuffled."
    ),
    "altar": (
        "Sent to your Afterlife: you may also send a Hero from your hand there and draw a "
        "card to replace it."
    ),
}


def _join(words: list[str], last: str = "and") -> str:
    """Return ``a, b and c``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _conj(atoms: tuple[int, ...], cards: Deck, plural: bool) -> str:
    """Return one AND-group of selector atoms in words (``living Nimble Hero``)."""
    names = [cards.cards[-a - 1].name for a in atoms if a < 0]
    if names:
        return " ".join(names)
    suit = next((SUITS[a].capitalize() for a in atoms if 0 <= a < len(SUITS)), "")
    tags = [TAGS[a - A_TAG].capitalize() for a in atoms if A_TAG <= a < A_TAG + len(TAGS)]
    noun = suit or "card"
    if A_ICON in atoms:
        noun = "card with the Afterlife icon"
        if plural:
            noun = "cards with the Afterlife icon"
    elif plural:
        noun = PLURAL[noun]
    words = (["living"] if A_LIVING in atoms else []) + tags + [noun]
    text = " ".join(words)
    if A_AFTERLIFE in atoms:
        text += " in your Afterlife"
    return text


def selector(sel: Selector, cards: Deck, plural: bool = False) -> str:
    """Return a compiled selector in words; alternatives are joined with ``or``."""
    return _join([_conj(conj, cards, plural) for conj in sel], "or")


def need_words(sel: Selector, k: int, cards: Deck) -> str:
    """Return ``a God`` / ``two living Heroes`` / ``Athena``: what a condition asks for."""
    if k == 1:
        text = selector(sel, cards)
        return text if sel[0][0] < 0 else ("an " if text[0] in "AEIOU" else "a ") + text
    return f"{NUMBERS[k] if k < len(NUMBERS) else k} {selector(sel, cards, plural=True)}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def term(t: Term, cards: Deck) -> str:
    """Return one bonus or penalty term as a sentence fragment."""
    other = "other " if t.other else ""
    v = _signed(t.value)
    if t.kind == "each":
        each = [f"each {other}{selector(s, cards)}" for s in t.sels]
        tail = " beyond the first of each kind" if t.beyond else ""
        if t.beyond:
            kinds = [selector(s, cards) for s in t.sels]
            return f"{v} for each {_join(kinds)}{tail}"
        return f"{v} for {_join(each)}{tail}"
    if t.kind in ("with", "unless"):
        if t.self_in_afterlife:
            return f"{v} unless this card is in your Afterlife"
        needs = _join([need_words(s, k, cards) for s, k in t.needs])
        if t.kind == "with":
            return f"{v} if you also have {needs}"
        return f"{v} unless you have {needs}"
    if t.kind == "pairs":
        a, b = (selector(s, cards) for s in t.sels)
        return f"{v} for each pair of one {other}{a} and one {other}{b}"
    if t.kind == "pairs_of":
        return f"{v} for every two {other}{selector(t.sels[0], cards, plural=True)}"
    if t.kind == "product":
        a, b = (selector(s, cards, plural=True) for s in t.sels)
        return f"{v} times the number of {a} times the number of {b}"
    if t.kind == "more":
        a, b = (selector(s, cards, plural=True) for s in t.sels)
        return f"{v} if you have more {a} than {b}"
    if t.kind == "copy_base":
        if t.what == "afterlife":
            return "adds the base value of the strongest other card in your Afterlife"
        return "adds the base value of your strongest Hero that has no tags and no bonus"
    raise ValueError(f"no words for the term kind {t.kind!r}")


def _tags(mask: int, last: str) -> str:
    return _join([TAGS[i].capitalize() for i in range(len(TAGS)) if mask >> i & 1], last)


def _omega(c: Card) -> str:
    o = c.omega
    assert o is not None
    if o.kind == "defeat":
        return (
            f"At the end of the game a living {_tags(o.tags, 'or')} Hero must defeat it; "
            "if you have none, all your living Heroes go to the Afterlife."
        )
    if o.kind == "living_heroes":
        return (
            f"At the end of the game, with fewer than {NUMBERS[o.number]} living Heroes, all "
            "your living Heroes go to the Afterlife."
        )
    if o.kind == "hero_with_tags":
        return (
            f"At the end of the game, unless a living Hero has {NUMBERS[o.number]} or more "
            "tags, all your living Heroes go to the Afterlife."
        )
    if o.kind == "other_hero":
        return (
            "At the end of the game, while this Hero is alive, it sends one other living Hero "
            "to the Afterlife."
        )
    if o.kind == "god_in_hand":
        return "At the end of the game it sends one God from your hand to the Afterlife."
    raise ValueError(f"no words for the Omega kind {o.kind!r}")


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def describe(c: Card, cards: Deck | None = None) -> str:
    """Return what a card does, in sentences (``No special effect.`` for a plain card).

    The Afterlife icon is a fact shown with the card's name and tags, not part of the effect.
    """
    cards = cards or deck()
    out: list[str] = []
    if c.bonus:
        text = "; ".join(term(t, cards) for t in c.bonus)
        if c.requires:
            needs = _join([need_words(s, 1, cards) for s in c.requires])
            text = f"only if you have {needs}: {text}"
        if c.alive:
            text += " (only while this Hero is alive)"
        out.append(_sentence("Bonus: " + text if not c.requires else "Bonus " + text))
    if c.penalty:
        out.append(_sentence("Penalty: " + "; ".join(term(t, cards) for t in c.penalty)))
    if c.lethe:
        out.append("While its penalty counts, Heroes in your Afterlife have no tags and no bonus.")
    if c.clear_bonus:
        out.append(CLEAR_BONUS[c.clear_bonus])
    if c.clear_penalty:
        out.append(CLEAR_PENALTY[c.clear_penalty])
    if c.add_tag:
        what = "any one tag" if c.add_tag == ALL_TAGS else f"the {_tags(c.add_tag, 'or')} tag"
        out.append(f"At the end of the game you may give one living Hero {what}.")
    if c.omega:
        out.append(_omega(c))
    if c.saves_hero:
        out.append("Once, when an effect sends your Heroes to the Afterlife, one of them survives.")
    if c.instant:
        out.append(INSTANT[c.instant])
    if not out:
        out.append("No special effect.")
    return " ".join(out)


@cache
def texts() -> dict[str, str]:
    """Return every built-in card's description by id."""
    cards = deck()
    return {c.id: describe(c, cards) for c in cards.cards}


def summary(c: Card) -> str:
    """Return a card's facts and effect on one line: ``Hera (God, base 6): Bonus: ...``."""
    tags = ", ".join(t.capitalize() for t in c.tag_names())
    facts = f"{SUITS[c.suit].capitalize()}, base {c.base}" + (f", {tags}" if tags else "")
    if c.afterlife_icon:
        facts += "; may be discarded to the Afterlife"
    return f"{c.name} ({facts}): {texts().get(c.id) or describe(c)}"

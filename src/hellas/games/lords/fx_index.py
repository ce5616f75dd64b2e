"""What a game's cards carry, found once per content value: which cards have which clauses.

``index`` builds it on first use and keeps it in the content's ``derived`` values: every
Blessing's, Combat Card's and Artifact's clauses, the values of the ``passive`` clauses (a rule a
held card changes), the choices cards make (by key and by trigger, in content order), the
"Use when ..." Artifacts (offered at their moment), Evolutions by Monster card, Quest
rewards and each Hero's bonus and ability by trigger.  The board reads ``passive`` from here
without the rest of the interpreter (``fx``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hellas.games.lords.content import Content
from hellas.games.lords.effects import OFFERS, Clause
from hellas.games.lords.state import LordsState

# the turn menu's groups of card choices, in the order they are listed
TURN_GROUPS = (
    "use",
    "instead-hero-move",
    "instead-hoplite-move",
    "action",
    "instead-prayer",
    "special-action",
)
# an effect that offers its own choices (prefix, keys, use): e.g. a Goblet's Attribute > action
OWN_OFFERS: dict[str, tuple[str, Callable[..., list[str]], Callable[..., None]]] = {}


@dataclass(frozen=True)
class Offer:
    """A choice a card makes: whose card, which clause, under which key, at which trigger."""

    kind: str  # "blessing", "artifact" or "card"
    index: int
    clause: Clause
    key: str
    origin: str  # the module whose data brought the card ("": base game or pack)


@dataclass
class Index:
    """The clauses of a content's cards, by card and by trigger."""

    blessing: dict[int, tuple[Clause, ...]] = field(default_factory=dict)
    card: dict[int, tuple[Clause, ...]] = field(default_factory=dict)
    artifact: dict[int, tuple[Clause, ...]] = field(default_factory=dict)
    triggers: set[str] = field(default_factory=set)  # used by some Blessing
    passive: dict[str, dict[int, Any]] = field(default_factory=dict)  # effect -> Blessing: value
    card_passive: dict[str, dict[int, Any]] = field(default_factory=dict)
    offers: dict[str, list[Offer]] = field(default_factory=dict)  # key (or own prefix) -> offers
    by_trigger: dict[str, list[Offer]] = field(default_factory=dict)  # offers in content order
    auto: dict[str, list[tuple[int, Clause]]] = field(default_factory=dict)  # Artifacts by itself
    # Evolutions: (monster, card number) -> trigger -> clauses
    evolve: dict[tuple[int, int], dict[str, tuple[Clause, ...]]] = field(default_factory=dict)
    rewards: dict[int, dict[str, tuple[Clause, ...]]] = field(default_factory=dict)
    # a Hero's clauses (its bonus's and ability's) by Hero, then by trigger; its passive values
    hero: dict[int, dict[str, tuple[Clause, ...]]] = field(default_factory=dict)
    hero_passive: dict[str, dict[int, Any]] = field(default_factory=dict)  # effect -> Hero: value
    origins: frozenset[str] = frozenset()  # the modules whose cards make choices
    verbs: frozenset[str] = frozenset()  # the first part of every choice's key (``verb:...``)
    # the turn menu's choices by origin, then by Blessing and by Artifact: (rank, offer), the
    # rank its place in the menu (group, then content order, own-choice cards last)
    turn_blessing: dict[str, dict[int, tuple[tuple[int, Offer], ...]]] = field(default_factory=dict)
    turn_artifact: dict[str, dict[int, tuple[tuple[int, Offer], ...]]] = field(default_factory=dict)
    # a Blessing trigger's clauses, by Blessing
    fires: dict[str, dict[int, tuple[Clause, ...]]] = field(default_factory=dict)
    # the offers of (trigger, origin, kinds) in listing order, found once (``fx._group``)
    groups: dict[tuple[str, str | None, tuple[str, ...]], tuple[Offer, ...]] = field(
        default_factory=dict
    )


def _own(offer: Offer) -> bool:
    """Return whether an offer's effect offers its own choices (e.g. the Golden Goblet's)."""
    effects = offer.clause.effects
    return bool(effects) and effects[0][0] in OWN_OFFERS


def index(c: Content) -> Index:
    """Return the clauses of ``c``'s cards (built once per content value)."""
    found: Index | None = c.derived.get("fx")
    if found is None:
        found = c.derived["fx"] = _build(c)
    return found


def _build(c: Content) -> Index:
    idx = Index()
    idx.blessing = {b.index: b.effects for b in c.blessings if b.effects}
    idx.card = {x.index: x.effects for x in c.combat if x.effects}
    idx.artifact = {a.index: a.effects for a in c.artifacts if a.effects}
    sources: list[tuple[str, Any, tuple[Clause, ...], str]] = [
        ("blessing", b, b.effects, b.origin) for b in c.blessings
    ]
    sources += [("artifact", a, a.effects, a.origin) for a in c.artifacts]
    sources += [("card", x, x.effects, x.origin) for x in c.combat]
    for kind, record, clauses, origin in sources:
        for clause in clauses:
            if kind == "blessing":
                idx.triggers.add(clause.when)
            if clause.when == "passive":
                table = idx.passive if kind == "blessing" else idx.card_passive
                for name, value in clause.effects:
                    table.setdefault(name, {})[record.index] = value
            elif clause.when in ("battle-lost", "injured"):
                idx.auto.setdefault(clause.when, []).append((record.index, clause))
            elif clause.when in OFFERS or (kind == "card" and clause.key):
                prefix = "artifact" if kind == "artifact" else OFFERS.get(clause.when, "use")
                key = clause.key or f"{prefix}:{record.id}"
                own = OWN_OFFERS.get(clause.effects[0][0]) if clause.effects else None
                offer = Offer(kind, record.index, clause, key, origin)
                idx.offers.setdefault(own[0] if own else key, []).append(offer)
                idx.by_trigger.setdefault(clause.when, []).append(offer)
    idx.origins = frozenset(o.origin for offers in idx.by_trigger.values() for o in offers)
    idx.verbs = frozenset(key.partition(":")[0] for key in idx.offers)
    for origin in idx.origins:
        ranked: list[Offer] = []
        for group in TURN_GROUPS:
            offers = [o for o in idx.by_trigger.get(group, ()) if o.origin == origin]
            # a card whose effect offers its own choices comes after the others
            ranked += [o for o in offers if not _own(o)] + [o for o in offers if _own(o)]
        for table, kind in ((idx.turn_blessing, "blessing"), (idx.turn_artifact, "artifact")):
            cards: dict[int, list[tuple[int, Offer]]] = {}
            for rank, offer in enumerate(ranked):
                if offer.kind == kind:
                    cards.setdefault(offer.index, []).append((rank, offer))
            table[origin] = {card: tuple(offers) for card, offers in cards.items()}
    fires: dict[str, dict[int, list[Clause]]] = {}
    for b, clauses in idx.blessing.items():
        for clause in clauses:
            fires.setdefault(clause.when, {}).setdefault(b, []).append(clause)
    idx.fires = {t: {b: tuple(cs) for b, cs in held.items()} for t, held in fires.items()}
    for m in c.monsters:
        for number, card in enumerate(m.cards):
            evolution = c.evolution(card.evolve)
            by: dict[str, list[Clause]] = {}
            for clause in evolution.effects:
                by.setdefault(clause.when, []).append(clause)
            if by:
                idx.evolve[(m.index, number)] = {k: tuple(v) for k, v in by.items()}
    for h in c.heroes:
        by = {}
        for clause in h.effects:
            by.setdefault(clause.when, []).append(clause)
            idx.triggers.add(clause.when)
            if clause.when == "passive":
                for name, value in clause.effects:
                    idx.hero_passive.setdefault(name, {})[h.index] = value
        if by:
            idx.hero[h.index] = {k: tuple(v) for k, v in by.items()}
    for r in c.rewards:
        by = {}
        for clause in r.effects:
            by.setdefault(clause.when, []).append(clause)
        idx.rewards[r.index] = {k: tuple(v) for k, v in by.items()}
    return idx


def passive(s: LordsState, seat: int, name: str) -> list[Any]:
    """Return the values of effect ``name`` on ``seat``'s Blessings' and Hero's ``passive``s."""
    idx = index(s.content)
    holders = idx.passive.get(name)
    out = [holders[b] for b in s.blessings[seat] if b in holders] if holders else []
    if name in idx.hero_passive:  # e.g. a pack's Hero with a hand limit of its own
        hero = hero_passive(s, seat, name)
        if hero is not None:
            out.append(hero)
    return out


def hero_passive(s: LordsState, seat: int, name: str) -> Any:
    """Return the value of effect ``name`` on ``seat``'s Hero's ``passive`` clauses, or None."""
    holders = index(s.content).hero_passive.get(name)
    if not holders or s.heroes[seat] < 0:
        return None
    return holders.get(s.heroes[seat])


def hero_clauses(s: LordsState, seat: int, trigger: str) -> tuple[Clause, ...]:
    """Return the clauses of ``trigger`` of ``seat``'s Hero (its bonus's and ability's)."""
    if s.heroes[seat] < 0:
        return ()
    return index(s.content).hero.get(s.heroes[seat], {}).get(trigger, ())


def card_passive(c: Content, card: int, name: str) -> Any:
    """Return a Combat Card's ``passive`` value of effect ``name`` (``None`` without one)."""
    return index(c).card_passive.get(name, {}).get(card)

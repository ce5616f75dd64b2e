"""Relics: the Relic deck, its 3 face-up cards, the Lightning deck, Reforge, and Relics in play.

Dark Ages rulebook, "Relics", "Reforge", "Lightning".  Relics are Combat Card records of kind
``relic`` or ``lightning`` (data.toml; a content pack adds more with ``[[card]] new = true``).
A Relic gained lies by its owner's Hero board; it is played like a Combat Card in a Battle or
a Hunt (the base game's reusable-card points ``reusable`` / ``reuse``), then marked used until
the next Build Monument - a Lightning Relic goes back to the Lightning deck instead.  What a
Relic does (Eurytus' Bow, the Sword of Justice, the Mirror Shield ...) is its record's clauses.

State (``s.mod["hephaestus"]``): ``deck`` (face down, top last), ``offer`` (face up),
``lightning`` (the face-up Lightning deck, top last), ``held`` and ``spent`` per seat.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import describe
from hellas.games.lords.cards import discard_combat
from hellas.games.lords.content import CombatCard
from hellas.games.lords.frames import BattleFrame, HepReforgeFrame, HuntFrame
from hellas.games.lords.modules.hephaestus.common import (
    FULL,
    is_relic,
    lightning,
    relics_on,
    settings,
    state,
)
from hellas.games.lords.state import LordsState

# -- setup and the display ---------------------------------------------------------------------


def prepare(s: LordsState) -> None:
    """Create the Relic state (the cards are dealt once the Heroes are placed)."""
    s.mod[FULL] = {"deck": [], "offer": [], "lightning": [], "held": [], "spent": []}


def placed(s: LordsState) -> None:
    """Deal the Relics: Lightning ones apart in a face-up deck, the others shuffled, 3 face up."""
    m = state(s)
    relics = [c.index for c in s.content.combat if is_relic(s, c.index)]
    s.rng.shuffle(relics)
    m["lightning"] = [c for c in relics if lightning(s, c)]
    m["deck"] = [c for c in relics if not lightning(s, c)]
    m["held"] = [[] for _ in range(s.n)]
    m["spent"] = [[] for _ in range(s.n)]
    refill(s)


def refill(s: LordsState) -> None:
    """Draw Relics face up until 3 lie there (or the deck is out)."""
    m = state(s)
    while len(m["offer"]) < settings(FULL, s.content)["offer"] and m["deck"]:
        m["offer"].append(m["deck"].pop())


def event_phase(s: LordsState) -> None:
    """Event Phase: refill the face-up Relics."""
    if relics_on(s) and state(s)["held"]:
        refill(s)


def monument_built(s: LordsState, p: int, god_id: str) -> None:
    """Build Monument charges every Relic, like the Artifacts."""
    if relics_on(s):
        for spent in state(s)["spent"]:
            spent.clear()


# -- Reforge -----------------------------------------------------------------------------------


def matches(s: LordsState, p: int, relic: int) -> list[int]:
    """Return the Combat Card kinds in ``p``'s hand that Reforge into ``relic`` (its symbol)."""
    symbol = s.content.combat[relic].symbol
    return sorted({c for c in s.hands[p] if s.content.combat[c].symbol == symbol})


def has_lightning(s: LordsState, p: int) -> bool:
    """Return whether ``p`` holds a Lightning Relic (never more than 1)."""
    return any(lightning(s, c) for c in state(s)["held"][p])


def reforge_targets(s: LordsState, p: int) -> list[int]:
    """Return the Relics ``p`` may Reforge into now.

    The face-up ones with a matching card, and the top Lightning card (no discard) unless ``p``
    holds one already.
    """
    m = state(s)
    out = [r for r in m["offer"] if matches(s, p, r)]
    if m["lightning"] and not has_lightning(s, p):
        out.append(m["lightning"][-1])
    return out


def reforge_options(s: LordsState, f: HepReforgeFrame) -> list[str]:
    """Reforge: the Relic taken (or none), then the Combat Card discarded for it."""
    cards = s.content.combat
    if f["relic"] < 0:
        return ["reforge:none"] + [f"reforge:{cards[r].id}" for r in reforge_targets(s, f["seat"])]
    return [f"smelt:{cards[c].id}" for c in matches(s, f["seat"], f["relic"])]


def reforge_choose(s: LordsState, f: HepReforgeFrame, key: str) -> None:
    """Take the Relic (discarding a card of its symbol; a Lightning one costs nothing)."""
    verb, _, arg = key.partition(":")
    p = f["seat"]
    if verb == "smelt":
        discard_combat(s, p, s.content.card(arg).index)
        _take(s, f, p, f["relic"])
        return
    if arg == "none":
        _done(s, f)
        return
    relic = s.content.card(arg).index
    if lightning(s, relic):
        _take(s, f, p, relic)
        return
    found = matches(s, p, relic)
    if len(found) == 1:
        discard_combat(s, p, found[0])
        _take(s, f, p, relic)
        return
    f["relic"] = relic  # several kinds of card carry the symbol: the player picks


def _take(s: LordsState, f: HepReforgeFrame, p: int, relic: int) -> None:
    m = state(s)
    if lightning(s, relic):
        m["lightning"].remove(relic)
    else:
        m["offer"].remove(relic)
    m["held"][p].append(relic)
    _done(s, f)


def _done(s: LordsState, f: HepReforgeFrame) -> None:
    """Close the Reforge; the Help card's level effect follows."""
    from hellas.games.lords.modules.hephaestus.rules import level_effect  # noqa: PLC0415

    s.stack.remove(f)
    level_effect(s, f["seat"], f["level"])


# -- Relics in Battles and Hunts (the base game's reusable-card points) -------------------------


def reusable(s: LordsState, seat: int, frame: BattleFrame | HuntFrame) -> list[int]:
    """Return ``seat``'s charged Relics (played like Combat Cards)."""
    if not relics_on(s):
        return []
    m = state(s)
    return [c for c in m["held"][seat] if c not in m["spent"][seat]]


def reuse(s: LordsState, seat: int, card: int, frame: BattleFrame | HuntFrame) -> list[int]:
    """Mark a Relic played or spent as used (a Lightning one goes back to its deck)."""
    if not relics_on(s) or not is_relic(s, card):
        return []
    m = state(s)
    if lightning(s, card):
        m["held"][seat].remove(card)
        m["lightning"].insert(0, card)  # under the face-up Lightning deck
    else:
        m["spent"][seat].append(card)
    return [card]


# -- views and checks --------------------------------------------------------------------------


def relic_cards(s: LordsState) -> list[dict[str, Any]]:
    """Return the face-up Relics, the Lightning deck's top and every held Relic (public)."""
    if not relics_on(s) or not state(s)["held"]:
        return []
    m = state(s)
    cards = s.content.combat
    heroes = s.content.heroes
    out = []
    for c in m["offer"]:
        out.append(_card(cards[c], "face up: Reforge it"))
    if m["lightning"]:
        out.append(_card(cards[m["lightning"][-1]], f"Lightning deck ({len(m['lightning'])})"))
    for q in range(s.n):
        name = heroes[s.heroes[q]].name if s.heroes[q] >= 0 else f"seat {q + 1}"
        for c in m["held"][q]:
            used = ", used" if c in m["spent"][q] else ""
            out.append(_card(cards[c], f"held by {name}{used}"))
    return out


def _card(c: CombatCard, where: str) -> dict[str, Any]:
    card = {"id": c.id, "name": c.name, "text": describe.combat(c), "state": where}
    return {**card, "provisional": True} if c.stand_in else card


def public(s: LordsState) -> dict[str, Any] | None:
    """Return where the Relics are, by id (``None`` while no Relics are in play)."""
    if not relics_on(s) or not state(s)["held"]:
        return None
    m = state(s)
    cards = s.content.combat
    return {
        "deck": len(m["deck"]),
        "lightning_deck": len(m["lightning"]),
        "lightning_top": cards[m["lightning"][-1]].id if m["lightning"] else None,
        "offer": [cards[c].id for c in m["offer"]],
        "held": [[cards[c].id for c in m["held"][q]] for q in range(s.n)],
        "used": [[cards[c].id for c in m["spent"][q]] for q in range(s.n)],
    }


def badges(s: LordsState) -> list[list[str]]:
    """Return each seat's Relics as short badges."""
    if not relics_on(s) or not state(s)["held"]:
        return [[] for _ in range(s.n)]
    m = state(s)
    cards = s.content.combat
    return [
        [cards[c].name + (" (used)" if c in m["spent"][q] else "") for c in m["held"][q]]
        for q in range(s.n)
    ]


def invariants(s: LordsState) -> None:
    """Every Relic is in exactly one place; used ones are held; at most 1 Lightning each."""
    if not relics_on(s) or not state(s)["held"]:
        return
    m = state(s)
    places = m["deck"] + m["offer"] + m["lightning"] + [c for h in m["held"] for c in h]
    relics = sorted(c.index for c in s.content.combat if is_relic(s, c.index))
    if sorted(places) != relics:
        raise AssertionError(f"Relics lost or duplicated: {sorted(places)} != {relics}")
    for q in range(s.n):
        if not set(m["spent"][q]) <= set(m["held"][q]):
            raise AssertionError(f"seat {q} has a used Relic it does not hold")
        if sum(1 for c in m["held"][q] if lightning(s, c)) > 1:
            raise AssertionError(f"seat {q} holds more than 1 Lightning Relic")
    if len(m["offer"]) > settings(FULL, s.content)["offer"]:
        raise AssertionError("too many face-up Relics")


def determinize(t: LordsState, s: LordsState, seat: int, rng: Any) -> None:
    """Re-deal the face-down Relic deck's order."""
    if relics_on(t) and t.mod[FULL]["deck"]:
        deck = sorted(t.mod[FULL]["deck"])
        rng.shuffle(deck)
        t.mod[FULL]["deck"] = deck

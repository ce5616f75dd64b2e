"""Relics: the Relic deck, its 3 face-up cards, the Lightning deck, Reforge, and Relics in play.

Dark Ages rulebook, "Relics", "Reforge", "Lightning".  Relics are Combat Card records of kind
``relic`` or ``lightning`` (data.toml; a content pack adds more with ``[[card]] new = true``).
A Relic gained lies by its owner's Hero board; it is played like a Combat Card in a Battle or
a Hunt (the base game's reusable-card points ``reusable`` / ``reuse``), then marked used until
the next Build Monument - a Lightning Relic goes back to the Lightning deck instead.

State (``s.mod["hephaestus"]``): ``deck`` (face down, top last), ``offer`` (face up),
``lightning`` (the face-up Lightning deck, top last), ``held`` and ``spent`` per seat.
"""

from __future__ import annotations

from typing import Any

from hellas.games.lords import describe, hunt
from hellas.games.lords.cards import discard_combat
from hellas.games.lords.content import STRENGTH, CombatCard
from hellas.games.lords.modules.hephaestus.common import (
    FULL,
    is_relic,
    lightning,
    relics_on,
    settings,
    state,
)
from hellas.games.lords.monsters import cover, tray, uncovered
from hellas.games.lords.state import Frame, LordsState

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
    while len(m["offer"]) < settings(FULL)["offer"] and m["deck"]:
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


def reforge_options(s: LordsState, f: Frame) -> list[str]:
    """Reforge: the Relic taken (or none), then the Combat Card discarded for it."""
    cards = s.content.combat
    if f["relic"] < 0:
        return ["reforge:none"] + [f"reforge:{cards[r].id}" for r in reforge_targets(s, f["seat"])]
    return [f"smelt:{cards[c].id}" for c in matches(s, f["seat"], f["relic"])]


def reforge_choose(s: LordsState, f: Frame, key: str) -> None:
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


def _take(s: LordsState, f: Frame, p: int, relic: int) -> None:
    m = state(s)
    if lightning(s, relic):
        m["lightning"].remove(relic)
    else:
        m["offer"].remove(relic)
    m["held"][p].append(relic)
    _done(s, f)


def _done(s: LordsState, f: Frame) -> None:
    """Close the Reforge; the Help card's level effect follows."""
    from hellas.games.lords.modules.hephaestus.rules import level_effect  # noqa: PLC0415

    s.stack.remove(f)
    level_effect(s, f["seat"], f["level"])


# -- Relics in Battles and Hunts (the base game's reusable-card points) -------------------------


def reusable(s: LordsState, seat: int, frame: Frame) -> list[int]:
    """Return ``seat``'s charged Relics (played like Combat Cards)."""
    if not relics_on(s):
        return []
    m = state(s)
    return [c for c in m["held"][seat] if c not in m["spent"][seat]]


def reuse(s: LordsState, seat: int, card: int, frame: Frame) -> list[int]:
    """Mark a Relic played or spent as used (a Lightning one goes back to its deck).

    Returns the card that takes effect: a Mirror Shield in a Battle copies the opponent's last
    played card (Strength, effect and Casualties); anything else is itself.
    """
    if not relics_on(s) or not is_relic(s, card):
        return []
    m = state(s)
    if lightning(s, card):
        m["held"][seat].remove(card)
        m["lightning"].insert(0, card)  # under the face-up Lightning deck
    else:
        m["spent"][seat].append(card)
    effect = s.content.combat[card].effect
    if frame["k"] == "battle":
        other = frame["played"][1 if seat == frame["att"] else 0]
        if effect == "mirror-shield" and other:
            return [other[-1]]
        return [card]
    if frame["k"] == "hunt" and effect == "sword-of-justice" and frame["stage"] == "defend":
        sword_wound(s, frame)
    return [card]


def army_strength(s: LordsState, f: Frame, side: int) -> int:
    """Eurytus' Bow: add the Hero's Strength when the Battle is in the Hero's Region."""
    seat = f["att"] if side == 0 else f["def"]
    cards = s.content.combat
    bows = sum(1 for c in f["played"][side] if cards[c].effect == "eurytus-bow")
    if bows and s.hero_at[seat] == f["region"]:
        return bows * s.attr(seat, STRENGTH)
    return 0


def card_played(s: LordsState, f: Frame, side: int, card: CombatCard) -> None:
    """Sword of Justice: the opponent may play 1 more card, then both players must pass."""
    if card.effect != "sword-of-justice":
        return
    f["passed"][side] = True
    f["bluffed"] = [True, True]  # "then both players must pass": no Bluff card after it
    if not f["passed"][1 - side]:
        f["bluff_now"] = 1 - side  # one card, then that side has passed too


def sword_wound(s: LordsState, f: Frame) -> None:
    """Sword of Justice defending in a Hunt: a sword Wound to the Monster (its pick of slot)."""
    symbols = tray(s, f["m"])
    kinds: dict[tuple[str, str], int] = {}
    for i in uncovered(s, f["m"]):
        if symbols[i][0] == "sword":
            kinds.setdefault(symbols[i], i)
    if len(kinds) == 1:
        wound(s, f, next(iter(kinds.values())))
    elif kinds:
        s.stack.append({"k": "hep-wound", "seat": f["seat"], "slots": sorted(kinds.values())})


def wound(s: LordsState, f: Frame, slot: int) -> None:
    """Cover a Wound symbol in this Hunt (it counts for the Hunt's rewards)."""
    f["dealt"].append(slot)
    if cover(s, f["m"], slot):
        f["ended"] = "success"


def wound_options(s: LordsState, f: Frame) -> list[str]:
    """Which sword symbol the Sword of Justice covers."""
    return [f"wound:{i}" for i in f["slots"]]


def wound_choose(s: LordsState, f: Frame, key: str) -> None:
    """Cover it."""
    s.stack.remove(f)
    h = next(x for x in reversed(s.stack) if x["k"] == "hunt")
    wound(s, h, int(key.partition(":")[2]))


def _ready(s: LordsState, f: Frame, effect: str) -> int:
    p = f["seat"]
    for c in reusable(s, p, f):
        if s.content.combat[c].effect == effect and c not in f["committed"]:
            return c
    return -1


def hunt_options(s: LordsState, f: Frame) -> list[str]:
    """Return Relics' own Hunt uses: Eurytus' Bow with 1 more bow, the Mirror Shield's defence."""
    if not relics_on(s):
        return []
    cards = s.content.combat
    out = []
    if f["stage"] == "attack":
        bow = _ready(s, f, "eurytus-bow")
        if bow >= 0 and any(
            cards[c].symbol == "bow" and c != bow for c in hunt.usable(s, f)
        ):  # "Use with another Combat Card with a bow symbol to deal a Wound of any type"
            out.append(f"relic-any:{cards[bow].id}")
    elif f["stage"] == "defend" and not f["committed"]:
        shield = _ready(s, f, "mirror-shield")
        if shield >= 0:  # "Use to defend from any Monster Attack Card. Draw only 1"
            out.append(f"relic-shield:{cards[shield].id}")
    return out


def hunt_play(s: LordsState, f: Frame, key: str) -> bool:
    """Apply a Relic's own Hunt use; return whether the key was one."""
    verb, _, arg = key.partition(":")
    if verb == "relic-any":
        hunt.spend(s, f, s.content.card(arg).index)
        f["need"] = 1
        f["symbol"] = "bow"
        f["stage"] = "combo"
        return True
    if verb == "relic-shield":
        hunt.spend(s, f, s.content.card(arg).index)
        hunt._defended(s, f, draw=1)  # the base game's defence, without Injury
        return True
    return False


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
    if len(m["offer"]) > settings(FULL)["offer"]:
        raise AssertionError("too many face-up Relics")


def determinize(t: LordsState, s: LordsState, seat: int, rng: Any) -> None:
    """Re-deal the face-down Relic deck's order."""
    if relics_on(t) and t.mod[FULL]["deck"]:
        deck = sorted(t.mod[FULL]["deck"])
        rng.shuffle(deck)
        t.mod[FULL]["deck"] = deck

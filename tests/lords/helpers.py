"""Helpers for Lords of Hellas tests: set up a game, then arrange the board exactly."""

from __future__ import annotations

from typing import Any

from hellas.games.lords import GAME
from hellas.games.lords.content import every_built
from hellas.games.lords.state import LordsState


def record_index(kind: str, record_id: str) -> int:
    """Return the index of a record of ``kind`` (``combat``, ``quests`` ...) by id, from any
    content built so far (a module's or a pack's record has one index wherever it exists)."""
    for c in every_built():
        for r in getattr(c, kind):
            if r.id == record_id:
                return int(r.index)
    raise KeyError(record_id)


def R(region_id: str) -> int:
    """Return a Region's index: the core map's, or a module's Region (the same in every game
    whose content has it, e.g. Atlantis' after the 19 of the core map)."""
    for c in every_built():
        if region_id in {r.id for r in c.regions}:
            return c.region(region_id).index
    raise KeyError(region_id)


def started(
    players: int = 2,
    heroes: tuple[str, ...] = ("heracles", "achilles", "perseus", "helen"),
    starts: tuple[str, ...] = ("epirus", "crete", "elis", "boeotia"),
    seed: int = 1,
    **options: Any,
) -> LordsState:
    """Play the setup with the given heroes and starting Regions (in picking order)."""
    s = GAME.new({"players": players, **options}, seed)
    for i in range(players):
        GAME.apply(s, f"hero:{heroes[i]}")
        GAME.apply(s, f"start:{starts[i]}")
    s.cache = None  # the tests edit the state directly next: drop the listed choices
    return s


def seat_of(s: LordsState, hero: str) -> int:
    return next(q for q in range(s.n) if s.content.heroes[s.heroes[q]].id == hero)


def clear_board(s: LordsState) -> None:
    """Remove every Hoplite and control token (Hoplites back to supply)."""
    for r in range(len(s.control)):
        for q in range(s.n):
            s.supply[q] += s.hop[r * s.n + q]
            s.hop[r * s.n + q] = 0
        if s.fort[r] >= 0:
            s.supply[s.fort[r]] += 1
            s.fort[r] = -1
        s.control[r] = -1
    s.monster_at = [-1] * len(s.monster_at)
    s.cache = None


def put(
    s: LordsState,
    region: str,
    seat: int,
    count: int,
    control: bool = False,
    fortified: bool = False,
) -> None:
    r = R(region)
    s.hop[r * s.n + seat] += count
    s.supply[seat] -= count
    if fortified:
        s.hop[r * s.n + seat] -= 1
        s.fort[r] = seat
    if control:
        s.control[r] = seat
    s.cache = None


def give_cards(s: LordsState, seat: int, *card_ids: str) -> None:
    """Give a seat exactly these Combat Cards (taken from the deck or discard)."""
    for card in s.hands[seat]:
        s.combat_deck.append(card)
    s.hands[seat] = []
    for cid in card_ids:
        idx = next(c.index for c in s.content.combat if c.id == cid)
        for pile in (s.combat_deck, s.combat_discard, *s.hands):
            if idx in pile:
                pile.remove(idx)
                break
        s.hands[seat].append(idx)
    s.hands[seat].sort()
    s.cache = None


def keys(s: LordsState) -> list[str]:
    return [c.key for c in GAME.choices(s)]


def play(s: LordsState, *choice_keys: str) -> list[Any]:
    events = []
    for k in choice_keys:
        events += GAME.apply(s, k)
        GAME.check_invariants(s)
    return events


def evolve(s: LordsState, monster: int, number: int) -> None:
    """Lay a Monster's Evolve card by its tray (taken out of the Events deck or discard)."""
    card = len(s.content.quests) + 2 * monster + number
    for pile in (s.event_deck, s.event_discard):
        if card in pile:
            pile.remove(card)
    s.evolutions[monster].append(number)
    s.cache = None

"""Build exact Legends positions for rulebook examples, keeping every card accounted for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hellas.games.legends import GAME, rules
from hellas.games.legends.content import CARD_TYPES, NUM_ATTRS, content
from hellas.games.legends.state import (
    CHIMERA,
    FACE_UP,
    HADES,
    P_ACTION,
    SINGLE,
    LegendsState,
    MonsterSlot,
)

MONSTER_IDS = [m.id for m in content().monsters]


def T(name: str) -> int:
    """Card type index from its name."""
    return CARD_TYPES.index(name)


def slot(names: str, played: Sequence[str] = (), seat: int = 0) -> MonsterSlot:
    """A monster slot: 'hydra', 'minotaur+lamia' (Chimera) or 'a+b+c' (Hades)."""
    ids = tuple(MONSTER_IDS.index(n) for n in names.split("+"))
    kind = {1: SINGLE, 2: CHIMERA, 3: HADES}[len(ids)]
    s = MonsterSlot(ids, kind)
    for card in played:
        t = T(card)
        s = s.with_card(seat, t, t, FACE_UP)
    return s


def position(
    *,
    players: int = 2,
    mission: int = 1,
    difficulty: str = "human",
    monsters: Sequence[MonsterSlot | str] = ("hydra",),
    hands: Mapping[int, Sequence[str]] | None = None,
    discs: Mapping[int, int] | None = None,
    deck_top: Sequence[str] = (),
    deck_size: int | None = None,
    to_act: int = 0,
    **options: Any,
) -> LegendsState:
    """Return a state in the action phase with the given table; the rest of the cards form
    the deck (``deck_top`` first, from the top) or go to the discard pile past ``deck_size``."""
    s = GAME.new({"players": players, "mission": mission, "difficulty": difficulty, **options}, 1)
    c = content()
    pool = [c.cards_per_attribute] * NUM_ATTRS + [s.divine_in_deck]
    slots = [m if isinstance(m, MonsterSlot) else slot(m) for m in monsters]
    for m in slots:
        for _seat, card, _as, _mode in m.cards:
            pool[card] -= 1
    s.monsters = slots
    used = {i for m in slots for i in m.ids}
    s.mdeck = [i for i in range(len(MONSTER_IDS)) if i not in used]
    s.entered = sum(1 for m in slots if m.kind == SINGLE)
    s.hands = [0] * (6 * players)
    s.hsize = [0] * players
    for seat, cards in (hands or {}).items():
        for card in cards:
            s.hands[seat * 6 + T(card)] += 1
            s.hsize[seat] += 1
            pool[T(card)] -= 1
    top = [T(x) for x in deck_top]
    for t in top:
        pool[t] -= 1
    if min(pool) < 0:
        raise ValueError(f"more cards than exist: {pool}")
    rest = [t for t in range(6) for _ in range(pool[t])]
    deck = list(reversed(top))
    deck = rest + deck  # top of the deck is the end of the list
    s.discard = []
    if deck_size is not None:
        spill = len(deck) - deck_size
        s.discard = deck[:spill]
        deck = deck[spill:]
    s.dmask = [0] * len(s.discard)
    s.deck = deck
    s.deck_known = 0
    s.discs = [0] * players
    for seat, idx in (discs or {}).items():
        s.discs[seat] = idx
    s.known = [0] * ((players + 1) * players * 6)
    s.known_sum = [0] * players
    s.phase = P_ACTION
    s.current = s.actor = to_act
    s.turn = 1
    s.cache = None
    GAME.check_invariants(s)
    return s


def keys(s: LegendsState) -> list[str]:
    """The legal choice keys now."""
    return [c.key for c in GAME.choices(s)]


def play(s: LegendsState, *choice_keys: str) -> list[Any]:
    """Apply choices by key; return all events."""
    events = []
    for k in choice_keys:
        events += GAME.apply(s, k)
        GAME.check_invariants(s)
    return events


def hand(s: LegendsState, seat: int) -> dict[str, int]:
    """A seat's hand as a dict of counts."""
    return {CARD_TYPES[t]: v for t, v in enumerate(s.hand(seat)) if v}


__all__ = ["keys", "play", "position", "rules", "slot"]


def feed(s: LegendsState, seat: int, card: str) -> None:
    """Move one card of a type from the deck (or the discard pile) into a hand."""
    t = T(card)
    if t in s.deck:
        i = s.deck.index(t)
        del s.deck[i]
        s.deck_known = min(s.deck_known, len(s.deck) - i - 1) if s.deck_known else 0
    elif t in s.discard:
        i = s.discard.index(t)
        del s.discard[i]
        del s.dmask[i]
    else:
        raise ValueError(f"no {card} card left to feed")
    s.hands[seat * 6 + t] += 1
    s.hsize[seat] += 1
    s.cache = None


def index_of(s: LegendsState, name: str) -> int:
    """Index of the living slot called ``name``."""
    return next(i for i, m in enumerate(s.monsters) if m.alive and m.name == name)


def force_defeat(s: LegendsState, name: str, divine: bool = False) -> None:
    """Defeat the named monster through legal choices, feeding the acting hero the cards."""
    from hellas.games.legends.state import (  # noqa: PLC0415
        P_PLACE,
        P_RECOVER,
        P_RECOVER_DISCARD,
        P_SETUP_PLACE,
        P_VOLUNTEER,
    )

    idx = index_of(s, name)
    while s.monsters[idx].alive and s.result == 0:
        p = s.actor
        if s.phase in (P_PLACE, P_SETUP_PLACE, P_VOLUNTEER):
            play(s, f"place:{name}")
            continue
        if s.phase == P_RECOVER:
            play(s, "stop" if "stop" in keys(s) else "draw")
            continue
        if s.phase == P_RECOVER_DISCARD:
            play(s, keys(s)[0])
            continue
        assert s.phase == P_ACTION, s.phase
        s.discs[p] = idx
        s.cache = None
        m = s.monsters[idx]
        if divine and m.slayable:
            if not s.hands[p * 6 + T("divine")]:
                feed(s, p, "divine")
            play(s, "fight:slay")
            continue
        missing = [a for a in range(NUM_ATTRS) if m.need[a] > m.counts[a]]
        pool = missing or list(m.playable)

        attr = max(
            pool, key=lambda a, p=p: s.hands[p * 6 + a] * 100 + s.deck.count(a) + s.discard.count(a)
        )
        if not s.hands[p * 6 + attr]:
            feed(s, p, CARD_TYPES[attr])
        play(s, f"fight:{CARD_TYPES[attr]}")


def first_alive(s: LegendsState, kind: int | None = None) -> str:
    """Name of the first living monster (of a kind)."""
    return next(m.name for m in s.monsters if m.alive and (kind is None or m.kind == kind))


def settle(s: LegendsState) -> None:
    """Play placement decisions (setup or free re-placement) on the first monster."""
    from hellas.games.legends.state import P_PLACE, P_SETUP_PLACE, P_VOLUNTEER  # noqa: PLC0415

    while s.phase in (P_PLACE, P_SETUP_PLACE, P_VOLUNTEER):
        play(s, next(k for k in keys(s) if k.startswith("place:")))

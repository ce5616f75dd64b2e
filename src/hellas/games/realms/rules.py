"""Fantasy Realms rules: deal, draw or take, discard (or to the Afterlife), the end, scoring.

Pure functions over :class:`~hellas.games.realms.state.RealmsState`.  ``legal`` lists the
choices of the seat to act; ``play`` applies one and, given a list, appends events.  Rulings
on open questions are listed in docs/rules/realms.md.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import Any

from hellas.core.game import Choice, Event, EventLog, everyone
from hellas.core.rng import Rng
from hellas.games.realms.choices import TABLE
from hellas.games.realms.content import HERO, SUITS, TAGS, Card, deck, tag_bit
from hellas.games.realms.endgame import Endgame
from hellas.games.realms.scoring import Table, score
from hellas.games.realms.solver import solve
from hellas.games.realms.state import (
    P_ALTAR,
    P_CORNUCOPIA,
    P_DISCARD,
    P_DRAW,
    P_ENDGAME,
    P_FATES_DISCARD,
    P_FATES_NAME,
    P_ORACLE,
    P_OVER,
    RealmsState,
)

HAND = 7  # "Deal every player seven cards"
END_DISCARDS = 10  # "The game ends when there are ten cards in the central discard area."
ORACLE_LOOK = 5  # "look at the top five cards of the deck"
CORNUCOPIA_DRAW = 2
NAMES = (*SUITS, *TAGS)


def cards() -> tuple[Card, ...]:
    """Return every card by index."""
    return deck().cards


def new_state(options: Mapping[str, Any], seed: int) -> RealmsState:
    """Shuffle, deal seven cards each and choose a random starting player ("Setup")."""
    n = int(options["players"])
    pool = tuple(
        c.index
        for c in cards()
        if (not c.promo or options["promo"]) and (not c.optional or options["sappho"])
    )
    s = RealmsState()
    s.n = n
    s.options = dict(options)
    s.pool = pool
    s.rng = rng = Rng(seed)
    d = list(pool)
    rng.shuffle(d)
    s.deck = d
    s.deck_seen = [0] * len(d)
    s.discard = []
    s.hands = [[] for _ in range(n)]
    for _ in range(HAND):
        for seat in range(n):
            insort(s.hands[seat], s.deck.pop())
            s.deck_seen.pop()
    s.afterlife = [[] for _ in range(n)]
    s.known = [[[] for _ in range(n)] for _ in range(n + 1)]
    s.current = s.actor = rng.below(n)
    s.phase = P_DRAW
    s.turn = 1
    s.first_turn = True
    s.look = []
    s.added = 0
    s.manual = options["endgame"] == "manual"
    s.endgame = [[] for _ in range(n)]
    s.endgame_seat = -1
    s.result = None
    s.cache = None
    return s


def _c(key: str) -> Choice:
    return TABLE[key]


# -- legal choices ------------------------------------------------------------------------


def endgame_of(s: RealmsState, seat: int) -> Endgame:
    """Return ``seat``'s endgame with the decisions made so far applied."""
    eg = Endgame(
        Table([cards()[i] for i in s.hands[seat]], [cards()[i] for i in s.afterlife[seat]])
    )
    for key in s.endgame[seat]:
        option = next(o for o in eg.options() if o.key(eg.table) == key)
        eg.choose(option)
    return eg


def legal(s: RealmsState) -> list[Choice]:
    """Return the legal choices of the seat to act."""
    if s.cache is not None:
        return s.cache
    out: list[Choice] = []
    phase = s.phase
    cs = cards()
    hand = s.hands[s.actor] if s.phase != P_OVER else []
    if phase == P_DRAW:
        if s.deck:
            out.append(_c("draw"))
        if not s.first_turn:  # "The player who goes first must draw a card from the deck."
            out.extend(_c(f"take:{cs[i].id}") for i in sorted(set(s.discard)))
    elif phase in (P_DISCARD,):
        out.extend(_c(f"discard:{cs[i].id}") for i in hand)
        out.extend(_c(f"afterlife:{cs[i].id}") for i in hand if cs[i].afterlife_icon)
    elif phase in (P_CORNUCOPIA, P_FATES_DISCARD):
        out.extend(_c(f"discard:{cs[i].id}") for i in hand)
    elif phase == P_ORACLE:
        out.extend(_c(f"bottom:{cs[i].id}") for i in s.look)
        out.append(_c("keep"))
    elif phase == P_FATES_NAME:
        out.extend(_c(f"name:{w}") for w in NAMES)
    elif phase == P_ALTAR:
        out.extend(_c(f"altar:{cs[i].id}") for i in hand if cs[i].suit == HERO)
        out.append(_c("altar:none"))
    elif phase == P_ENDGAME:
        eg = endgame_of(s, s.actor)
        out.extend(_c(o.key(eg.table)) for o in eg.options())
    s.cache = out
    return out


# -- knowledge --------------------------------------------------------------------------------


def _learn(s: RealmsState, observers: int, owner: int, card: int) -> None:
    for obs in range(s.n + 1):
        if obs != owner and observers >> obs & 1:
            insort(s.known[obs][owner], card)


def _forget(s: RealmsState, owner: int, card: int) -> None:
    for obs in range(s.n + 1):
        known = s.known[obs][owner]
        if card in known:
            known.remove(card)


def _draw(s: RealmsState, seat: int) -> int:
    card = s.deck.pop()
    seen = s.deck_seen.pop()
    insort(s.hands[seat], card)
    if seen:
        _learn(s, seen, seat, card)
    return card


def _to_discard(s: RealmsState, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    s.discard.append(card)
    _forget(s, seat, card)


# -- applying a choice -----------------------------------------------------------------------


def play(s: RealmsState, choice: Choice, ev: EventLog) -> None:
    """Apply one legal choice."""
    s.cache = None
    verb, _, arg = choice.key.partition(":")
    p = s.actor
    name = _hero_name(p)
    if s.phase == P_ENDGAME:
        s.endgame[p].append(choice.key)
        if ev is not None:
            ev.append(Event("endgame", f"{name}: {choice.label}.", None, {"seat": p}))
        _next_endgame(s, ev)
        return
    card = deck().by_id(arg).index if arg and arg != "none" and verb != "name" else -1
    cs = cards()
    if verb == "draw":
        drawn = _draw(s, p)
        s.first_turn = False
        s.phase = P_DISCARD
        if ev is not None:
            ev.append(Event("draw", f"{name} draws a card.", None, {"seat": p}))
            ev.append(
                Event(
                    "draw-own",
                    f"You drew {cs[drawn].name}.",
                    frozenset((p,)),
                    {"card": cs[drawn].id},
                )
            )
    elif verb == "take":
        s.discard.remove(card)
        insort(s.hands[p], card)
        _learn(s, everyone(s.n), p, card)
        s.phase = P_DISCARD
        if ev is not None:
            ev.append(
                Event(
                    "take",
                    f"{name} takes {cs[card].name} from the discard area.",
                    None,
                    {"seat": p, "card": arg},
                )
            )
    elif verb == "discard":
        _to_discard(s, p, card)
        if ev is not None:
            ev.append(
                Event(
                    "discard", f"{name} discards {cs[card].name}.", None, {"seat": p, "card": arg}
                )
            )
        if s.phase == P_DISCARD:
            _end_turn(s, ev)
        elif s.phase == P_CORNUCOPIA:
            s.added += 1
            if s.added >= CORNUCOPIA_DRAW or not s.hands[p]:
                _end_turn(s, ev)
        else:  # the Fates: "discard one other card", then name a suit or tag
            s.added += 1
            s.phase = P_FATES_NAME
    elif verb == "afterlife":
        s.hands[p].remove(card)
        s.afterlife[p].append(card)
        _forget(s, p, card)
        s.added = 0
        if ev is not None:
            ev.append(
                Event(
                    "afterlife",
                    f"{name} discards {cs[card].name} to their Afterlife.",
                    None,
                    {"seat": p, "card": arg},
                )
            )
        _instant(s, p, cs[card], ev)
    elif verb == "bottom":
        s.look.remove(card)
        s.deck.insert(0, card)
        s.deck_seen.insert(0, 1 << p)
        if ev is not None:
            ev.append(
                Event(
                    "oracle-bottom",
                    f"{name} puts a card on the bottom of the deck.",
                    None,
                    {"seat": p},
                )
            )
        if not s.look:
            _finish_oracle(s, p, ev)
    elif verb == "keep":
        _finish_oracle(s, p, ev)
    elif verb == "name":
        _fates(s, p, arg, ev)
    elif verb == "altar":
        if card >= 0:
            s.hands[p].remove(card)
            s.afterlife[p].append(card)
            _forget(s, p, card)
            if ev is not None:
                ev.append(
                    Event(
                        "altar",
                        f"{name} sends {cs[card].name} to the Afterlife on the"
                        " Sacrificial Altar and draws a replacement.",
                        None,
                        {"seat": p},
                    )
                )
            if s.deck:
                _draw(s, p)
        _finish_afterlife(s, p, ev)
    else:  # pragma: no cover
        raise AssertionError(choice.key)


def _instant(s: RealmsState, p: int, card: Card, ev: EventLog) -> None:
    """Resolve a card's instant effect when discarded to the Afterlife."""
    if card.instant == "oracle" and s.deck:
        # "look at the top five cards of the deck and put any number of them on the bottom
        # of the deck. Then put the rest back on top in their original order."
        k = min(ORACLE_LOOK, len(s.deck))
        s.look = [s.deck.pop() for _ in range(k)]
        del s.deck_seen[len(s.deck) :]
        s.phase = P_ORACLE
        if ev is not None:
            names = ", ".join(cards()[i].name for i in s.look)
            ev.append(
                Event(
                    "oracle-own",
                    f"The top of the deck: {names}.",
                    frozenset((p,)),
                    {"cards": [cards()[i].id for i in s.look]},
                )
            )
        return
    if card.instant == "cornucopia":
        for _ in range(min(CORNUCOPIA_DRAW, len(s.deck))):
            _draw(s, p)
        s.phase = P_CORNUCOPIA
        if ev is not None:
            ev.append(
                Event(
                    "cornucopia",
                    f"{_hero_name(p)} draws 2 cards and will discard 2.",
                    None,
                    {"seat": p},
                )
            )
        if not s.hands[p]:
            _finish_afterlife(s, p, ev)
        return
    if card.instant == "fates" and s.hands[p]:
        s.phase = P_FATES_DISCARD
        return
    if card.instant == "altar" and any(cards()[i].suit == HERO for i in s.hands[p]):
        s.phase = P_ALTAR
        return
    _finish_afterlife(s, p, ev)


def _finish_oracle(s: RealmsState, p: int, ev: EventLog) -> None:
    s.deck.extend(reversed(s.look))
    s.deck_seen.extend([1 << p] * len(s.look))
    s.look = []
    _finish_afterlife(s, p, ev)


def _fates(s: RealmsState, p: int, word: str, ev: EventLog) -> None:
    """Resolve the Fates: reveal to a card of the named suit or tag, take it, shuffle the rest."""
    cs = cards()

    def match(c: Card) -> bool:
        return c.suit == SUITS.index(word) if word in SUITS else bool(c.tags & tag_bit(word))

    revealed: list[int] = []
    found = -1
    while s.deck:
        top = s.deck.pop()
        s.deck_seen.pop()
        if match(cs[top]):
            found = top
            break
        revealed.append(top)
    if found >= 0:
        insort(s.hands[p], found)
        _learn(s, everyone(s.n), p, found)
    s.deck.extend(revealed)
    s.rng.shuffle(s.deck)
    s.deck_seen = [0] * len(s.deck)
    if ev is not None:
        shown = ", ".join(cs[i].name for i in revealed) or "nothing else"
        got = f"takes {cs[found].name}" if found >= 0 else "finds no match"
        ev.append(
            Event(
                "fates",
                f"{_hero_name(p)} names {word}, reveals {shown} and {got}; "
                "the rest is shuffled into the deck.",
                None,
                {"seat": p, "name": word},
            )
        )
    _finish_afterlife(s, p, ev)


def _finish_afterlife(s: RealmsState, p: int, ev: EventLog) -> None:
    """Add the top card to the discard area unless the Afterlife card's effect added one."""
    if not s.added and s.deck:
        top = s.deck.pop()
        s.deck_seen.pop()
        s.discard.append(top)
        if ev is not None:
            ev.append(
                Event(
                    "top-to-discard",
                    f"The top card of the deck, {cards()[top].name}, goes to the discard area.",
                    None,
                    {"card": cards()[top].id},
                )
            )
    _end_turn(s, ev)


def _end_turn(s: RealmsState, ev: EventLog) -> None:
    s.added = 0
    s.first_turn = False
    if len(s.discard) >= END_DISCARDS or not s.deck:
        _game_end(s, ev)
        return
    s.current = s.actor = (s.current + 1) % s.n
    s.turn += 1
    s.phase = P_DRAW
    if ev is not None:
        ev.append(
            Event("turn", f"Turn {s.turn}: {_hero_name(s.current)}.", None, {"seat": s.current})
        )


def _game_end(s: RealmsState, ev: EventLog) -> None:
    if ev is not None:
        ev.append(
            Event("end", f"The discard area holds {len(s.discard)} cards: the game ends.", None, {})
        )
    if s.manual:
        s.phase = P_ENDGAME
        s.endgame_seat = -1
        _next_endgame(s, ev)
    else:
        _finish(s, ev)


def _next_endgame(s: RealmsState, ev: EventLog) -> None:
    """Move the manual endgame to the next seat that still has a decision."""
    seat = max(s.endgame_seat, 0)
    while seat < s.n:
        if not endgame_of(s, seat).done():
            s.endgame_seat = s.actor = seat
            return
        seat += 1
    _finish(s, ev)


def _finish(s: RealmsState, ev: EventLog) -> None:
    """Score every player; the highest wins, ties go to the lowest total base value."""
    cs = cards()
    scores = []
    bases = []
    chosen = []
    for seat in range(s.n):
        table = Table([cs[i] for i in s.hands[seat]], [cs[i] for i in s.afterlife[seat]])
        if s.manual:
            eg = endgame_of(s, seat)
            value = score(table, eg.outcome())
            keys = eg.keys()
        else:
            solution = solve(table)
            value, keys = solution.score, solution.choices
        scores.append(value)
        bases.append(sum(c.base for c in table.cards))
        chosen.append(keys)
    best = max(scores)
    tied = [i for i in range(s.n) if scores[i] == best]
    low = min(bases[i] for i in tied)
    winners = [i for i in tied if bases[i] == low]
    s.result = {"scores": scores, "bases": bases, "winners": winners, "choices": chosen}
    s.phase = P_OVER
    s.actor = -1
    if ev is not None:
        names = " and ".join(_hero_name(w) for w in winners)
        ev.append(
            Event(
                "over",
                "Final scores: "
                + ", ".join(f"{_hero_name(q)} {v}" for q, v in enumerate(scores))
                + f". {names} win{'s' if len(winners) == 1 else ''}.",
                None,
                {"scores": scores, "winners": winners},
            )
        )


def _hero_name(seat: int) -> str:
    return f"Player {seat + 1}"

"""The Legends rule-of-thumb policy over a state, for one seat, reading only what it may know.

``choose(s, rng)`` decides for the seat to act from its own hand and the public table (and its
known-card bounds) — never other hands, the deck order or face-down cards — so it gives the same
answer on every determinization of its seat's information.  The heuristic bot applies it to a
sampled state; ISMCTS uses it for rollouts.
"""

from __future__ import annotations

from hellas.core.game import Choice
from hellas.core.rng import Rng
from hellas.games.legends import choices as C
from hellas.games.legends.content import DIVINE, NUM_ATTRS
from hellas.games.legends.rules import HAND_LIMIT, legal
from hellas.games.legends.state import (
    P_ACTION,
    P_MOVE_DISCARD,
    P_ORACLE_DISCARD,
    P_ORACLE_ORDER,
    P_RECOVER,
    P_RECOVER_DISCARD,
    P_SUPPORT_DISCARD,
    P_SUPPORT_GIVE,
    SINGLE,
    LegendsState,
    MonsterSlot,
)

DIVINE_VALUE = 40.0


def usefulness(s: LegendsState, seat: int) -> list[float]:
    """Return how useful each card type is to ``seat`` on the table now (higher = keep)."""
    use = [0.0] * 6
    own = s.discs[seat]
    for i, m in enumerate(s.monsters):
        if not m.alive:
            continue
        for a in m.playable:
            gap = m.need[a] - m.counts[a]
            value = 1.0 + (2.0 * gap if gap > 0 else 0.0)
            use[a] += value * (3.0 if i == own else 1.0)
    use[DIVINE] = DIVINE_VALUE
    return use


def _fit(m: MonsterSlot, hand: list[int]) -> int:
    fit = hand[DIVINE]
    for a in m.playable:
        fit += hand[a]
    return fit


def _least_useful(hand: list[int], use: list[float]) -> int:
    best, value = -1, 1e9
    for t in range(6):
        if hand[t] and use[t] < value:
            best, value = t, use[t]
    return best


def choose(s: LegendsState, rng: Rng) -> Choice:
    """Return the policy's choice for the seat to act.

    Most phases decide from the hand and the table without listing the legal choices (a
    rollout step would list them only to throw them away): each such branch returns what the
    rules list when they offer a single choice, and a legal choice otherwise.
    """
    phase = s.phase
    p = s.actor
    b = p * 6
    hand = s.hands[b : b + 6]
    if phase == P_ACTION:
        # A single legal action is Recover (no card to play and nothing to draw or move
        # to), which is also what ``_action`` scores best then.
        return _action(s, p, hand)
    if phase in (P_MOVE_DISCARD, P_RECOVER_DISCARD, P_SUPPORT_DISCARD):
        t = _least_useful(hand, usefulness(s, p))  # the only type held, if only one
        return C.DISCARD[t] if t >= 0 else legal(s)[0]
    if phase == P_RECOVER:
        size = s.hsize[p]
        if size < HAND_LIMIT and s.deck and (size < 2 or len(s.deck) > 2 * (s.n - 1)):
            return C.DRAW  # the only choice with an empty hand
        return C.STOP if size else legal(s)[0]
    if phase == P_SUPPORT_GIVE:
        q = s.support_to
        theirs = s.monsters[s.discs[q]] if s.discs[q] >= 0 else None
        mine = s.monsters[s.discs[p]] if s.discs[p] >= 0 else None
        for t in range(NUM_ATTRS):
            if (
                hand[t]
                and theirs is not None
                and t in theirs.playable
                and (mine is None or t not in mine.playable)
            ):
                return C.GIVE[t]
        if s.support_left:  # Done is legal
            return C.DONE
        for t in range(6):  # the first legal gift
            if hand[t]:
                return C.GIVE[t]
        return legal(s)[0]
    if phase == P_ORACLE_DISCARD:
        use = usefulness(s, p)
        t = min(set(s.oracle), key=lambda k: use[k])
        return C.ORACLE_DISCARD[t]
    if phase == P_ORACLE_ORDER:
        nxt = (s.current + 1) % s.n
        use_next = usefulness(s, nxt)
        t = max(set(s.oracle), key=lambda k: use_next[k])
        return C.ORACLE_NEXT[t]
    cs = legal(s)  # placing a disc (or waiting)
    if len(cs) == 1:
        return cs[0]
    return _place(s, hand, cs)


def _crowding(s: LegendsState) -> list[int]:
    """Return how many hero discs sit on each monster slot."""
    crowd = [0] * len(s.monsters)
    for d in s.discs:
        if d >= 0:
            crowd[d] += 1
    return crowd


def _place(s: LegendsState, hand: list[int], cs: list[Choice]) -> Choice:
    best, score = cs[0], -1e9
    crowd = _crowding(s)
    for i, m in enumerate(s.monsters):
        if not m.alive:
            continue
        value = 3.0 * _fit(m, hand) - 2.0 * crowd[i]
        if m.kind != SINGLE:
            value += 1.0
        if value > score:
            best, score = C.PLACE[m.name], value
    if C.WAIT in cs and score < 6.0:
        return C.WAIT
    return best


def _action(s: LegendsState, p: int, hand: list[int]) -> Choice:
    """Score the actions the rules allow and return the best (first listed wins ties)."""
    if s.discs[p] < 0:
        return _rejoin(s, p, hand)
    slot = s.monsters[s.discs[p]]
    mission = s.mission.special
    left = slot.size - slot.played
    single = slot.kind == SINGLE
    best: Choice = C.RECOVER
    size = s.hsize[p]
    reserve = 2 * (s.n - 1)
    if size == 0:
        value = 90.0
    elif len(s.deck) > reserve:
        value = 25.0 + 8.0 * (4 - size)
    else:
        value = 5.0
    # Fight with a plain card: prefer missing attributes and finishing blows.
    for a in slot.playable:
        if hand[a]:
            v = 60.0
            if slot.counts[a] < slot.need[a]:
                v += 15.0
            if left == 1:
                v += 30.0
            if v > value:
                best, value = C.FIGHT[a], v
    blocks = single and mission == "divine-blocks-arrivals" and s.entered < 6
    if hand[DIVINE]:
        if slot.slayable:
            v = 70.0 + 10.0 * left
            if blocks:
                # Mission 10: a divine defeat brings no new monster, which saves cards, as
                # long as the 6th monster can still enter afterwards.
                v = 80.0 + 10.0 * left if _blocking_is_safe(s) else -50.0
            elif single and mission == "cycle-through-discard":
                v -= 40.0
            elif single and mission == "recover-after-divine":
                v += 10.0
            if single and left <= 1 and not blocks:
                v = 10.0  # a plain card finishes it anyway
            if v > value:
                best, value = C.SLAY, v
        for a in slot.playable:
            v = 15.0 + (40.0 if left == 1 else 0.0)
            if blocks and left == 1:
                v = 60.0 if _blocking_is_safe(s) else -50.0
            if v > value:
                best, value = C.DIVINE_AS[a], v
    colour = s.colours[p]
    if not (s.broken >> p) & 1 and colour in slot.playable:
        use = usefulness(s, p)
        t = _least_useful(hand, use)
        if t >= 0 and t != DIVINE:
            v = 50.0 + (15.0 if slot.counts[colour] < slot.need[colour] else 0.0) - use[t]
            if left == 1:
                v += 30.0
            if v > value:
                best, value = C.SPECIAL[t], v
    if size and _fit(slot, hand) == 0:
        here = s.discs[p]
        for i, m in enumerate(s.monsters):
            if m.alive and i != here:
                fit = _fit(m, hand)
                if fit >= 2:
                    v = 35.0 + 5.0 * fit - 4.0 * s.discs.count(i)
                    if v > value:
                        best, value = C.MOVE[m.name], v
    if s.n > 1 and size:
        for q in range(s.n):
            d = s.discs[q]
            if q == p or d < 0 or s.hsize[q] > 2:
                continue
            gifts = 0
            for a in s.monsters[d].playable:
                if a not in slot.playable:
                    gifts += hand[a]
            if gifts:
                v = 30.0 + 6.0 * gifts - 5.0 * s.hsize[q]
                if v > value:
                    best, value = C.SUPPORT[s.heroes[q]], v
    return best


def _rejoin(s: LegendsState, p: int, hand: list[int]) -> Choice:
    """With the disc off a defeated monster: Move to the best-fitting monster, else Recover."""
    if s.hsize[p] <= 1 and (not s.hsize[p] or len(s.deck) > 2 * (s.n - 1)):
        return C.RECOVER  # refill first: moving would spend the last card (measured better)
    best, score = C.RECOVER, -1e9
    crowd = _crowding(s)
    for i, m in enumerate(s.monsters):
        if m.alive:
            value = 3.0 * _fit(m, hand) - 2.0 * crowd[i] + (1.0 if m.kind != SINGLE else 0.0)
            if value > score:
                best, score = C.MOVE[m.name], value
    return best


def _blocking_is_safe(s: LegendsState) -> bool:
    """Return whether, in mission 10, the 6th monster can still enter after a divine defeat."""
    defeats = s.defeats + 1
    triggers = sum(1 for d, k in s.mission.arrivals if k == "monster" and d > defeats)
    alive = sum(1 for m in s.monsters if m.alive) - 1
    return s.entered + (triggers if alive > 0 else 0) >= 6

"""The Legends rollout policy as it was before issue 36's speed-ups, kept as a reference.

``tests/legends/test_policy_reference.py`` requires ``policy.choose`` to pick exactly what this
copy picks, on positions of every phase, mission and table size.
"""

from __future__ import annotations

from hellas.core.game import Choice
from hellas.core.rng import Rng
from hellas.games.legends import choices as C
from hellas.games.legends.content import DIVINE, NUM_ATTRS
from hellas.games.legends.rules import legal
from hellas.games.legends.state import (
    P_ACTION,
    P_ORACLE_DISCARD,
    P_ORACLE_ORDER,
    P_RECOVER,
    P_SUPPORT_GIVE,
    P_VOLUNTEER,
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
    return sum(hand[a] for a in m.playable) + hand[DIVINE]


def _least_useful(hand: list[int], use: list[float]) -> int:
    best, value = -1, 1e9
    for t in range(6):
        if hand[t] and use[t] < value:
            best, value = t, use[t]
    return best


def choose(s: LegendsState, rng: Rng) -> Choice:
    """Return the policy's choice for the seat to act."""
    cs = legal(s)
    if len(cs) == 1:
        return cs[0]
    phase = s.phase
    p = s.actor
    hand = s.hands[p * 6 : p * 6 + 6]
    if phase == P_ACTION:
        return _action(s, p, hand)
    if phase == P_RECOVER:
        reserve = 2 * (s.n - 1)
        if C.DRAW in cs and (s.hsize[p] < 2 or len(s.deck) > reserve):
            return C.DRAW
        return C.STOP if C.STOP in cs else cs[0]
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
        return C.DONE if C.DONE in cs else cs[0]
    if phase == P_ORACLE_DISCARD:
        use = usefulness(s, p)
        t = min(set(s.oracle), key=lambda k: use[k])
        return C.ORACLE_DISCARD[t]
    if phase == P_ORACLE_ORDER:
        nxt = (s.current + 1) % s.n
        use_next = usefulness(s, nxt)
        t = max(set(s.oracle), key=lambda k: use_next[k])
        return C.ORACLE_NEXT[t]
    if phase == P_VOLUNTEER or cs[0].key.startswith("place:"):
        return _place(s, hand, cs)
    # discards: move, recover and support
    t = _least_useful(hand, usefulness(s, p))
    return C.DISCARD[t]


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
            theirs = s.monsters[d]
            gifts = sum(hand[a] for a in theirs.playable if a not in slot.playable)
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

"""Fantasy Realms bots: the greedy expected-value bot and the fast rollout policy.

The greedy bot values a hand by the solver's best score for it (as if the game ended now).
Drawing from the deck is valued by averaging over cards it cannot see (a sample of the cards
that are not in its hand, the discard area, any Afterlife or known to be in another hand);
taking from the discard area is valued exactly.  It reads only its own seat's information.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from hellas.core.game import Choice, SampledPolicyBot
from hellas.core.rng import Rng
from hellas.games.realms.choices import TABLE
from hellas.games.realms.content import SUITS, TAGS, tag_bit
from hellas.games.realms.rules import HAND, cards, endgame_of, legal
from hellas.games.realms.solver import best_score, solve
from hellas.games.realms.state import (
    P_ALTAR,
    P_CORNUCOPIA,
    P_DISCARD,
    P_DRAW,
    P_ENDGAME,
    P_FATES_DISCARD,
    P_FATES_NAME,
    P_ORACLE,
    RealmsState,
)

DRAW_SAMPLES = 6
# a random draw raises a hand's best seven by about 6 points (mean of 2,685 draws in greedy
# games); a take must beat that.  (Comparing the value of all eight cards instead - about 12 -
# made the policy take cards it then discarded again, and two such seats never ended a game.)
ROLLOUT_DRAW_GAIN = 6
INSTANT_BONUS = {"oracle": 1.0, "cornucopia": 2.0, "fates": 3.0, "altar": 0.0}


@lru_cache(maxsize=1 << 16)
def hand_score(hand: tuple[int, ...], afterlife: tuple[int, ...]) -> int:
    """Return the solver's best score of sorted card indices (searches repeat hands a lot)."""
    cs = cards()
    return best_score([cs[i] for i in hand], [cs[i] for i in afterlife])


def best_seven(hand: Sequence[int], afterlife: Sequence[int]) -> int:
    """Return the best score of ``hand``, keeping its best seven cards when it holds more."""
    after = tuple(afterlife)
    if len(hand) <= HAND:
        return hand_score(tuple(sorted(hand)), after)
    return max(
        hand_score(tuple(sorted(c for j, c in enumerate(hand) if j != k)), after)
        for k in range(len(hand))
    )


class _Valuer:
    """The solver's value of hands for one seat's decision (its Afterlife fixed)."""

    def __init__(self, afterlife: list[int]) -> None:
        self.afterlife = tuple(afterlife)

    def value(
        self, hand: list[int] | tuple[int, ...], afterlife: tuple[int, ...] | None = None
    ) -> int:
        """Return the best score of exactly these cards."""
        return hand_score(tuple(sorted(hand)), self.afterlife if afterlife is None else afterlife)

    def best_after(self, hand: list[int], extra: int) -> int:
        """Return the best value of ``hand`` + ``extra`` less one card."""
        return best_after(hand, extra, self.afterlife)


def best_after(hand: Sequence[int], extra: int, afterlife: tuple[int, ...]) -> int:
    """Return the best score of ``hand`` + ``extra`` less one card, with this Afterlife."""
    full = [*hand, extra]
    return max(
        hand_score(tuple(sorted(full[:k] + full[k + 1 :])), afterlife) for k in range(len(full))
    )


def unknown_cards(s: RealmsState, seat: int) -> list[int]:
    """Return the cards ``seat`` cannot place (deck or unknown parts of other hands)."""
    seen = set(s.hands[seat]) | set(s.discard)
    for a in s.afterlife:
        seen |= set(a)
    for owner in range(s.n):
        if owner != seat:
            seen |= set(s.known[seat][owner])
    if s.look and s.current == seat:
        seen |= set(s.look)
    return sorted(c for c in s.pool if c not in seen)


def greedy_choice(s: RealmsState, rng: Rng) -> Choice:
    """Return the greedy expected-value choice for the seat to act in ``s``."""
    options = legal(s)
    if len(options) == 1:
        return options[0]
    p = s.actor
    hand = s.hands[p]
    cs = cards()
    v = _Valuer(s.afterlife[p])
    phase = s.phase
    if phase == P_DRAW:
        unknown = unknown_cards(s, p)
        picks = [unknown[rng.below(len(unknown))] for _ in range(DRAW_SAMPLES)] if unknown else []
        draw_value = (sum(v.best_after(hand, c) for c in picks) / len(picks)) if picks else -1e9
        best: tuple[float, Choice] = (draw_value, TABLE["draw"]) if s.deck else (-1e9, options[0])
        for c in options:
            if c.key.startswith("take:"):
                taken = cs[card_index(c.key)].index
                gain = v.best_after(hand, taken) - 0.5  # taking reveals the card to everyone
                if gain > best[0]:
                    best = (gain, c)
        return best[1]
    if phase in (P_DISCARD, P_CORNUCOPIA, P_FATES_DISCARD):
        best_value, best_choice = -1e9, options[0]
        for c in options:
            verb = c.key.partition(":")[0]
            card = cs[card_index(c.key)]
            rest = [x for x in hand if x != card.index]
            if verb == "discard":
                value: float = v.value(rest)
            else:
                value = v.value(rest, (*v.afterlife, card.index)) + INSTANT_BONUS.get(
                    card.instant or "", 0.0
                )
            if value > best_value:
                best_value, best_choice = value, c
        return best_choice
    if phase == P_ORACLE:
        now = v.value(hand)
        for c in options:
            if c.key.startswith("bottom:") and v.best_after(hand, card_index(c.key)) <= now:
                return c
        return TABLE["keep"]
    if phase == P_FATES_NAME:
        unknown = unknown_cards(s, p)
        best_value, best_choice = -1e9, options[0]
        for word in (*SUITS, *TAGS):
            if word in SUITS:
                pool = [c for c in unknown if cs[c].suit == SUITS.index(word)]
            else:
                pool = [c for c in unknown if cs[c].tags & tag_bit(word)]
            if not pool:
                continue
            sample = [pool[rng.below(len(pool))] for _ in range(3)]
            value = sum(v.best_after(hand, c) for c in sample) / len(sample)
            if value > best_value:
                best_value, best_choice = value, TABLE[f"name:{word}"]
        return best_choice
    if phase == P_ALTAR:
        now = v.value(hand)
        best_value, best_choice = float(now), TABLE["altar:none"]
        for c in options:
            if c.key != "altar:none":
                hero = card_index(c.key)
                rest = [x for x in hand if x != hero]
                value = v.value(rest, (*v.afterlife, hero)) + 3.0  # a replacement card
                if value > best_value:
                    best_value, best_choice = value, c
        return best_choice
    if phase == P_ENDGAME:
        eg = endgame_of(s, p)
        solution = solve(eg.table, s.endgame[p])
        key = solution.choices[len(s.endgame[p])]
        return TABLE[key]
    return options[0]


def card_index(key: str) -> int:
    """Return the deck index of the card a choice key names (``take:hera`` -> Hera's index)."""
    from hellas.games.realms.content import deck  # noqa: PLC0415

    return deck().by_id(key.partition(":")[2]).index


class GreedyBot(SampledPolicyBot):
    """Greedy expected-value Realms player (sees only its own seat's information)."""

    name = "greedy"
    policy = staticmethod(greedy_choice)


def rollout(s: RealmsState, rng: Rng) -> Choice:
    """Return a quick move for search rollouts: draw, then discard what the hand misses least."""
    options = legal(s)
    if len(options) == 1:
        return options[0]
    phase = s.phase
    hand = s.hands[s.actor]
    v = _Valuer(s.afterlife[s.actor])
    if phase == P_DRAW:
        # take a card from the discard area when the best seven it makes gain more than a
        # typical draw does (so the taken card is kept: every take raises the hand's value)
        now = v.value(hand)
        best, gain = options[0], ROLLOUT_DRAW_GAIN
        for c in options:
            if c.key.startswith("take:"):
                extra = v.best_after(hand, card_index(c.key)) - now
                if extra > gain:
                    best, gain = c, extra
        return best if best.key != "draw" or s.deck else options[-1]
    if phase in (P_DISCARD, P_CORNUCOPIA, P_FATES_DISCARD):
        keep = max(range(len(hand)), key=lambda k: (v.value(hand[:k] + hand[k + 1 :]), -k))
        return TABLE[f"discard:{cards()[hand[keep]].id}"]
    if phase == P_ENDGAME:
        return greedy_choice(s, rng)
    if phase == P_ALTAR:
        return TABLE["altar:none"]
    if phase == P_ORACLE:
        return TABLE["keep"]
    return options[rng.below(len(options))]


__all__ = ["GreedyBot", "greedy_choice", "rollout"]

"""Fantasy Realms planning bot: values a kept hand by what the next draws can make of it.

The greedy bot keeps the seven cards that score best *now*.  The planner also asks what the
hand is worth one draw later: the expected best score after drawing one card it cannot see
(or taking the best card in the discard area), when the seat has turns left.  How many turns
are left follows from the rules: every draw-and-discard adds a card to the discard area, a take
does not, and the game ends at ten.  It reads only its own seat's information.  Told a time
budget (``seconds``, as a server's worker does), its sampled loops stop when the time is up,
each after at least one sample, and it chooses on what it weighed by then (``Clock``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from math import comb

from hellas.core.clock import now
from hellas.core.game import BotCost, Choice, Decision, SampledPolicyBot
from hellas.core.rng import Rng
from hellas.games.realms.bots import (
    INSTANT_BONUS,
    card_index,
    greedy_choice,
    hand_score,
    unknown_cards,
)
from hellas.games.realms.choices import TABLE
from hellas.games.realms.rules import END_DISCARDS, cards, legal
from hellas.games.realms.state import P_DISCARD, P_DRAW, RealmsState

Hand = tuple[int, ...]

POTENTIAL_SAMPLES = 10  # unseen cards a kept hand's one-draw potential is averaged over
DISCARD_SAMPLES = 10  # the same when choosing a discard (more did not measurably help)
DRAW_SAMPLES = 8  # deck draws whose follow-up potential is estimated (the draw itself is exact)
TOP = 3  # candidate hands (best scoring now) whose potential is computed
REVEAL_COST = 0.5  # taking a card shows it to everyone
WEIGHTS = (0.0, 1.0, 1.0, 1.0, 1.0, 1.0)  # potential weight by own turns left (index capped)
HORIZON = 1  # at most this many future draws are counted in a hand's potential
FINAL_RACE = True  # on its last turn, maximise the chance to win rather than the score
FINAL_DENY = False  # ... and weigh what its last discard gives the players still to move
OPPONENT_SAMPLES = 16  # samples of the other hands when weighing the chance to win
# An experiment's switch: value a kept hand by this many greedy draw rollouts over the own turns
# left (each draws up to ROLLOUT_DRAWS unseen cards in turn, keeping the best seven), in place
# of the one-draw potential; 0 = off.  It did not help (docs/benchmarks.md).
ROLLOUTS = 0
ROLLOUT_DRAWS = 5


@dataclass(frozen=True)
class Bounds:
    """Upper-bound experiments, never players (``scripts/realms_bot_eval.py``): explicit switches.

    ``read_hands``: the other seats' final turns start from the hands in the state given, not
    from samples.  ``peek_deck``: a draw is valued by the card on top of the deck in the state
    given.  A bot only ever gets a determinization, so both read re-dealt cards there; they
    mean something only when the script hands the planner the true state.
    """

    read_hands: bool = False
    peek_deck: bool = False


HONEST = Bounds()


class Clock:
    """A decision's time budget: ``over`` says whether it is spent; ``work`` counts the asks."""

    def __init__(self, seconds: float | None = None) -> None:
        self.until = None if seconds is None else now() + seconds
        self.work = 0  # sampled steps weighed (one ``over`` per step)

    def over(self) -> bool:
        """Count one more step of work; return whether the time is up."""
        self.work += 1
        return self.until is not None and now() > self.until


UNTIMED = Clock()  # no budget (a shared one: its count of work is never read)


def own_turns_left(s: RealmsState, discards_after: int) -> int:
    """Return how many more turns the acting seat gets once the area holds ``discards_after``."""
    left = END_DISCARDS - discards_after  # turns still to come if nobody takes a card
    if left <= 0:
        return 0
    turns = left // s.n
    deck_turns = len(s.deck) // s.n
    return max(0, min(turns, deck_turns))


class Planner:
    """One seat's valuation of hands for one decision (its Afterlife and the unknown fixed)."""

    def __init__(
        self, s: RealmsState, seat: int, rng: Rng, samples: int, bounds: Bounds = HONEST
    ) -> None:
        self.bounds = bounds
        self.afterlife = tuple(s.afterlife[seat])
        self.unknown = unknown_cards(s, seat)
        pool = self.unknown[:]
        rng.shuffle(pool)
        self.sample = pool[:samples]
        self.rollouts: list[Hand] = []  # draw sequences for the ROLLOUTS experiment
        for _ in range(ROLLOUTS):
            order = self.unknown[:]
            rng.shuffle(order)
            self.rollouts.append(tuple(order[:ROLLOUT_DRAWS]))

    def score(self, hand: Sequence[int], afterlife: Hand | None = None) -> int:
        """Return the best score of exactly these cards."""
        return hand_score(tuple(sorted(hand)), self.afterlife if afterlife is None else afterlife)

    def ranked(self, full: Sequence[int], afterlife: Hand | None = None) -> list[tuple[int, Hand]]:
        """Return ``full`` less each one card, best scoring first."""
        out = []
        for k in range(len(full)):
            rest = tuple(sorted(c for j, c in enumerate(full) if j != k))
            out.append((self.score(rest, afterlife), rest))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def best_after(self, hand: Sequence[int], extra: int, afterlife: Hand | None = None) -> int:
        """Return the best score of ``hand`` + ``extra`` less one card."""
        return self.ranked([*hand, extra], afterlife)[0][0]

    def potential(
        self, hand: Hand, area: Sequence[int], afterlife: Hand | None = None, draws: int = 1
    ) -> float:
        """Return the expected best score after the best of ``draws`` draws (or a take).

        One draw: the better of the mean sampled draw and the best card of the discard area.
        More: the expected best single improvement among that many sampled draws.
        """
        values = sorted(self.best_after(hand, c, afterlife) for c in self.sample)
        take = max((self.best_after(hand, x, afterlife) for x in set(area)), default=-(10**9))
        take_value = take - REVEAL_COST
        k = len(values)
        if not k:
            return max(float(self.score(hand, afterlife)), take_value)
        if draws <= 1:
            return max(sum(values) / k, take_value)
        m = min(draws, k)
        total = comb(k, m)
        return sum(
            max(v, take_value) * comb(i, m - 1) / total for i, v in enumerate(values) if i >= m - 1
        )

    def value(
        self, hand: Hand, turns: int, area: Sequence[int], afterlife: Hand | None = None
    ) -> float:
        """Return a kept hand's worth with ``turns`` own turns still to come."""
        now = self.score(hand, afterlife)
        if turns <= 0:
            return float(now)
        if self.rollouts:
            return self.rolled_out(hand, now, turns, afterlife)
        weight = WEIGHTS[min(turns, len(WEIGHTS) - 1)]
        draws = min(turns, HORIZON)
        return now + weight * (self.potential(hand, area, afterlife, draws) - now)

    def rolled_out(self, hand: Hand, now: int, turns: int, afterlife: Hand | None) -> float:
        """Return the mean final score of greedy draws over ``turns`` own turns (ROLLOUTS)."""
        total = 0.0
        for order in self.rollouts:
            kept, value = hand, now
            for card in order[:turns]:
                if card not in kept:  # a sequence may hold the very draw being valued: skip it
                    value, kept = self.ranked([*kept, card], afterlife)[0]
            total += value
        return total / len(self.rollouts)

    def best_keep(self, full: Sequence[int], turns: int, area: Sequence[int]) -> float:
        """Return the best value of ``full`` less one card (the top scorers are weighed)."""
        ranked = self.ranked(full)
        if turns <= 0:
            return float(ranked[0][0])
        return max(self.value(h, turns, area) for _, h in ranked[:TOP])


def planner_choice(
    s: RealmsState, rng: Rng, bounds: Bounds = HONEST, clock: Clock = UNTIMED
) -> Choice:
    """Return the planner's choice for the seat to act in ``s`` (``bounds``: experiments only)."""
    options = legal(s)
    if len(options) == 1:
        return options[0]
    if s.phase == P_DRAW:
        return _draw_choice(s, rng, options, bounds, clock)
    if s.phase == P_DISCARD:
        return _discard_choice(s, rng, options, bounds, clock)
    return greedy_choice(s, rng)


def _draw_choice(
    s: RealmsState, rng: Rng, options: Sequence[Choice], bounds: Bounds, clock: Clock
) -> Choice:
    p = s.actor
    hand = s.hands[p]
    plan = Planner(s, p, rng, POTENTIAL_SAMPLES, bounds)
    d = len(s.discard)
    if bounds.peek_deck and s.deck:
        return _peeked_draw(s, options, plan)
    if FINAL_RACE and own_turns_left(s, d) == 0 and own_turns_left(s, d + 1) == 0:
        return _final_draw(s, rng, options, plan, clock)
    best: tuple[float, Choice] = (-1e9, options[0])
    if s.deck and plan.unknown:
        turns = own_turns_left(s, d + 1)
        area = s.discard
        exact = sum(plan.best_after(hand, c) for c in plan.unknown) / len(plan.unknown)
        draws = plan.unknown[:]
        rng.shuffle(draws)
        bonus = 0.0
        if turns > 0:
            weighed = 0
            for card in draws[:DRAW_SAMPLES]:
                bonus += plan.best_keep([*hand, card], turns, area) - plan.best_after(hand, card)
                weighed += 1
                if clock.over():
                    break
            bonus /= weighed
        best = (exact + bonus, TABLE["draw"])
    return _best_take(s, options, plan, best, clock)


def _peeked_draw(s: RealmsState, options: Sequence[Choice], plan: Planner) -> Choice:
    """Return draw or take valuing the draw by the true top card (the ``peek_deck`` bound only)."""
    turns = own_turns_left(s, len(s.discard) + 1)
    best = (plan.best_keep([*s.hands[s.actor], s.deck[-1]], turns, s.discard), TABLE["draw"])
    return _best_take(s, options, plan, best, UNTIMED)


def _best_take(
    s: RealmsState,
    options: Sequence[Choice],
    plan: Planner,
    best: tuple[float, Choice],
    clock: Clock,
) -> Choice:
    """Return the take valued above ``best`` (value, choice) by the most, else its choice.

    Out of time, the takes not weighed yet are left (the draw, or the best so far, stands).
    """
    hand = s.hands[s.actor]
    turns = own_turns_left(s, len(s.discard))
    for c in options:
        if not c.key.startswith("take:"):
            continue
        if clock.over():
            break
        taken = card_index(c.key)
        area = list(s.discard)
        area.remove(taken)
        value = plan.best_keep([*hand, taken], turns, area) - REVEAL_COST
        if value > best[0]:
            best = (value, c)
    return best[1]


def _discard_choice(
    s: RealmsState, rng: Rng, options: Sequence[Choice], bounds: Bounds, clock: Clock
) -> Choice:
    p = s.actor
    hand = s.hands[p]
    cs = cards()
    plan = Planner(s, p, rng, DISCARD_SAMPLES, bounds)
    d = len(s.discard)
    turns = own_turns_left(s, d + 1)
    ranked = plan.ranked(hand)
    if FINAL_DENY and turns == 0 and d + 1 < END_DISCARDS:
        denied = _final_discard(s, rng, options, plan, ranked[:TOP], clock)
        if denied is not None:
            return denied
    shortlist = {h for _, h in ranked[:TOP]}
    best: tuple[float, Choice] = (-1e9, options[0])
    for c in options:
        verb = c.key.partition(":")[0]
        card = cs[card_index(c.key)]
        rest = tuple(x for x in hand if x != card.index)
        if verb == "discard":
            if rest not in shortlist and turns > 0:
                continue
            value = plan.value(rest, turns, s.discard)
        else:
            after = (*plan.afterlife, card.index)
            bonus = INSTANT_BONUS.get(card.instant or "", 0.0)
            value = plan.value(rest, turns, s.discard, after) + bonus
        if value > best[0]:
            best = (value, c)
        if clock.over():  # out of time: the best weighed so far (every hand kept scores)
            break
    return best[1]


def _turns_after(s: RealmsState, discards_after: int) -> list[int]:
    """Return each seat's turns still to come (the acting seat's last turn is over)."""
    left = max(0, END_DISCARDS - discards_after)
    out = [0] * s.n
    for k in range(1, left + 1):
        out[(s.current + k) % s.n] += 1
    return out


def _opponent_finals(
    s: RealmsState,
    plan: Planner,
    rng: Rng,
    area: Sequence[int],
    turns: Sequence[int],
    clock: Clock = UNTIMED,
) -> list[int]:
    """Return samples of the best other final score (hidden cards drawn from the unseen).

    Each other seat plays its remaining ``turns`` greedily: it takes the best card of the
    discard area when that beats its expected draw, else draws an unseen card.
    """
    p = s.actor
    out = []
    read_hands = plan.bounds.read_hands
    held = {c for q in range(s.n) if q != p for c in s.hands[q]} if read_hands else set()
    unseen = [c for c in plan.unknown if c not in held]
    for _ in range(OPPONENT_SAMPLES):
        rng.shuffle(unseen)
        pos = 0
        best = -(10**9)
        pile = list(area)
        for q in range(s.n):
            if q == p:
                continue
            if read_hands:
                hand = list(s.hands[q])
            else:
                known = s.known[p][q]
                free = len(s.hands[q]) - len(known)
                hand = [*known, *unseen[pos : pos + free]]
                pos += free
            after = tuple(s.afterlife[q])
            value = hand_score(tuple(sorted(hand)), after)
            for _turn in range(turns[q]):
                draws = unseen[pos : pos + 3]
                pos += 1
                if not draws:
                    break
                ranked = [plan.ranked([*hand, c], after)[0] for c in draws]
                expected = sum(v for v, _ in ranked) / len(ranked)
                takes = [(plan.ranked([*hand, x], after)[0], x) for x in set(pile)]
                take = max(takes, default=((-(10**9), ()), -1))
                if take[0][0] - REVEAL_COST > expected:
                    pile.remove(take[1])
                    value, kept = take[0]
                else:
                    value, kept = ranked[0]
                hand = list(kept)
            best = max(best, value)
        out.append(best)
        if clock.over():
            break
    return out


def _win_chance(mine: Sequence[int], theirs: Sequence[int]) -> float:
    """Return the chance a draw from ``mine`` beats one from ``theirs`` (ties count half)."""
    total = 0.0
    for m in mine:
        for o in theirs:
            total += 1.0 if m > o else 0.5 if m == o else 0.0
    return total / (len(mine) * len(theirs))


def _final_draw(
    s: RealmsState, rng: Rng, options: Sequence[Choice], plan: Planner, clock: Clock
) -> Choice:
    """Return the draw-or-take choice on the seat's last turn that most likely wins."""
    hand = s.hands[s.actor]
    d = len(s.discard)
    seed = rng.next64()
    best: tuple[float, float, Choice] = (-1.0, -1e9, options[0])
    if s.deck and plan.unknown:
        mine = [plan.best_after(hand, c) for c in plan.unknown]
        theirs = _opponent_finals(s, plan, Rng(seed), s.discard, _turns_after(s, d + 1), clock)
        best = (_win_chance(mine, theirs), sum(mine) / len(mine), TABLE["draw"])
    for c in options:
        if not c.key.startswith("take:"):
            continue
        taken = card_index(c.key)
        area = list(s.discard)
        area.remove(taken)
        score = plan.best_after(hand, taken) - REVEAL_COST
        theirs = _opponent_finals(s, plan, Rng(seed), area, _turns_after(s, d), clock)
        chance = _win_chance([round(score + REVEAL_COST)], theirs)
        if (chance, score) > best[:2]:
            best = (chance, score, c)
    return best[2]


def _final_discard(
    s: RealmsState,
    rng: Rng,
    options: Sequence[Choice],
    plan: Planner,
    shortlist: Sequence[tuple[int, Hand]],
    clock: Clock,
) -> Choice | None:
    """Return the last discard most likely to win, or ``None`` to leave it to the score."""
    cs = cards()
    best_plain = shortlist[0][0]
    for c in options:
        if c.key.startswith("afterlife:"):
            card = card_index(c.key)
            kept = [x for x in s.hands[s.actor] if x != card]
            if plan.score(kept, (*plan.afterlife, card)) > best_plain:
                return None
    seed = rng.next64()
    turns = _turns_after(s, len(s.discard) + 1)
    best: tuple[float, int, Choice | None] = (-1.0, 0, None)
    for score, hand in shortlist:
        card = next(x for x in s.hands[s.actor] if x not in hand)
        theirs = _opponent_finals(s, plan, Rng(seed), [*s.discard, card], turns, clock)
        chance = _win_chance([score], theirs)
        if (chance, score) > best[:2]:
            best = (chance, score, TABLE[f"discard:{cs[card].id}"])
    return best[2]


class PlannerBot(SampledPolicyBot):
    """Realms player that values hands one draw ahead (sees only its own seat's information)."""

    name = "planner"
    policy = staticmethod(planner_choice)

    def __init__(self, bounds: Bounds = HONEST, seconds: float | None = None) -> None:
        self.bounds = bounds
        self.seconds = seconds  # optional time budget per decision (stops early)
        self.last_iterations = 0  # sampled steps weighed by the latest ``choose``
        if bounds != HONEST:
            self.policy = partial(planner_choice, bounds=bounds)

    def choose(self, decision: Decision[RealmsState], rng: Rng) -> Choice:
        """Return the planner's choice on a sample of this seat's information, within budget."""
        self.last_iterations = 0
        if len(decision.choices) == 1:
            return decision.choices[0]
        clock = Clock(self.seconds)
        policy = partial(planner_choice, bounds=self.bounds, clock=clock)
        picked = decision.follow(policy, rng)
        self.last_iterations = clock.work
        return picked

    def cost(self) -> BotCost:
        """Return the declared work of one decision: sampled draws and opponents' hands."""
        return BotCost(samples=OPPONENT_SAMPLES, search=True, reads_hidden=self.bounds != HONEST)


__all__ = ["HONEST", "Bounds", "Clock", "Planner", "PlannerBot", "own_turns_left", "planner_choice"]

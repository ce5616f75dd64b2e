"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game.

Each iteration takes a determinization of the searching seat's information (a state consistent
with what the seat knows, from ``Decision.sample``), walks the shared tree choosing among the
moves available in it by PUCT with availability counts (Cowling, Powley and Whitehouse 2012; the
game's policy move gets prior weight), expands one move, plays on with the game's rollout policy
for ``rollout_depth`` steps (or to the end), scores the position (``rollout_value`` at the end,
else the game's ``evaluate``) and backs the result up.

Speed: a decision draws a pool of ``samples`` determinizations once and each iteration copies
one of them (a copy is far cheaper than a re-deal) with fresh future randomness; moves are
applied through the game's fast path, without events or legality re-checks (they come from the
legal list).  While a walk has drawn no randomness it reaches, from one pool sample, the very
state it reached before, so each node keeps per sample what it found there (seat, legal list,
policy move, PUCT weights, then the (move, child, prior) triples to score); a walk passes such a
node - the usual step - on a short path of the loop that only scores those triples and moves
on.  Strength and speed are one knob: ``iterations`` per decision (or ``seconds``).

The clairvoyant variant searches the true state instead of samples: it reads hidden information
and exists only as a labelled upper bound for reports.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hellas.core import clock
from hellas.core.capabilities import SearchHints, capability
from hellas.core.game import BotCost, Choice, Decision, Game
from hellas.core.rng import Rng


class _Node:
    __slots__ = (
        "avail",
        "chance",
        "children",
        "hints",
        "kept",
        "mean",
        "seat",
        "span",
        "visits",
        "wins",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the move leading here
        self.visits = 0
        self.wins = 0.0
        self.mean = 0.0  # wins / visits, kept by the backup (the very float selection needs)
        self.span = 1  # 1 + visits, the exploration term's divisor
        self.chance = 0.0  # summed win-chance estimates (root children, when asked)
        self.avail = 0
        self.children: dict[str, _Node] = {}
        self.hints: dict[int, str] = {}  # the policy's move here, per pool sample or one (memo)
        self.kept: dict[int, _Kept] = {}  # what walks from each pool sample found here


class _Kept:
    """What a walk from one pool sample finds at a node while it has drawn no randomness.

    The state is then the very one the sample reached there before: the same seat to act,
    legal list, policy move and PUCT weights, and - once every move has a child - the same
    (move, child, prior) triples to score.
    """

    __slots__ = ("hint", "legal", "scored", "seat", "weight", "weight_hint")

    def __init__(
        self, seat: int, legal: Sequence[Choice], hint: str, weight: float, weight_hint: float
    ) -> None:
        self.seat = seat
        self.legal = legal
        self.hint = hint
        self.weight = weight
        self.weight_hint = weight_hint
        self.scored: list[tuple[Choice, _Node, float]] | None = None


@dataclass(frozen=True)
class Assessment:
    """One root move after a search: visits, mean search value, mean estimated win chance.

    The win chance is the game's ``SearchHints.chance`` of the simulations' end positions, if
    it has one.
    """

    choice: Choice
    visits: int
    value: float
    win_chance: float


def _random_policy(game: Game[Any]) -> Callable[[Any, Rng], Choice]:
    def pick(s: Any, rng: Rng) -> Choice:
        cs = game.choices(s)
        return cs[rng.below(len(cs))]

    return pick


class ISMCTSBot:
    """Honest ISMCTS: every simulation starts from a determinization of its own view."""

    name = "ismcts"
    clairvoyant = False
    keep_legal = True  # reuse a node's legal list per pool sample while no randomness was drawn

    def __init__(
        self,
        iterations: int = 100,
        exploration: float = 2.0,
        bias: float = 0.5,
        samples: int = 16,
        seconds: float | None = None,
        least: int = 1,
    ) -> None:
        if iterations < 1:
            raise ValueError("ISMCTS needs at least 1 iteration per decision")
        self.iterations = iterations
        self.exploration = exploration
        self.bias = bias  # prior weight (PUCT) on the move the game's policy would play
        self.samples = samples  # determinizations drawn per decision, reused by iterations
        self.seconds = seconds  # optional time budget per decision (stops early)
        # simulations run even past ``seconds`` (a hint on a loaded machine still compares
        # several choices); never more than ``iterations``
        self.least = max(1, least)
        self.last_iterations = 0  # simulations run by the latest ``choose`` (0: no search)

    def cost(self) -> BotCost:
        """Return the declared work of one decision: iterations over a pool of samples."""
        return BotCost(
            iterations=self.iterations,
            samples=max(1, min(self.samples, self.iterations)),
            search=True,
            reads_hidden=self.clairvoyant,
        )

    def _pool(self, decision: Decision[Any], rng: Rng) -> list[Any]:
        """Return the determinizations this decision's iterations start from."""
        return [decision.sample(rng) for _ in range(max(1, min(self.samples, self.iterations)))]

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the most visited move after ``iterations`` simulations."""
        self.last_iterations = 0
        choices = decision.choices
        if len(choices) == 1:
            return choices[0]
        game = decision.game
        hints = capability(game, SearchHints)
        guide = hints.rollout_policy()
        if guide is not None and not hints.worth_searching(decision.true_state()):
            # Routine decisions follow the policy on a sample of this seat's information.
            return decision.follow(guide, rng)
        root = self.search(decision, rng)
        return max(choices, key=lambda ch: (_visits(root, ch.key), -ch.index))

    def assess(self, decision: Decision[Any], rng: Rng) -> list[Assessment]:
        """Search the decision and return every legal move, most visited first."""
        root = self.search(decision, rng, track_chance=True)
        out = []
        for ch in decision.choices:
            child = root.children.get(ch.key)
            visits = child.visits if child is not None else 0
            value = child.wins / visits if child is not None and visits else 0.0
            chance = child.chance / visits if child is not None and visits else 0.0
            out.append(Assessment(ch, visits, value, chance))
        out.sort(key=lambda a: (-a.visits, a.choice.index))
        return out

    def search(self, decision: Decision[Any], rng: Rng, track_chance: bool = False) -> _Node:
        """Run the simulations for one decision and return the root of the tree.

        ``track_chance`` also sums, at the root's children, the game's ``SearchHints.chance`` of
        each simulation's end position (its search value when the game has no such estimate).
        """
        game = decision.game
        hints = capability(game, SearchHints)  # what the game offers search (core/capabilities)
        guide = hints.rollout_policy()
        policy = guide or _random_policy(game)
        # The default adapter only forwards to the game's own methods: call those directly.
        source: Any = game if hints.forwards() else hints
        apply: Callable[[Any, Choice, Any], Any] = game._apply  # the fast path: legal moves
        quiet: Any = False  # apply's last argument: no events
        legal_of: Callable[[Any], Sequence[Choice]] = game.choices
        to_act: Callable[[Any], int | None] = game.to_act
        value_of = source.rollout_value
        evaluate: Callable[[Any, int], float] = source.evaluate
        kernel = hints.kernel()
        if kernel is not None:
            # The game's own rule functions behind those methods, called without them.
            apply, quiet, to_act, legal_of, evaluate = kernel
        evaluate_seats = source.evaluate_seats
        rollout_depth = source.rollout_depth
        c = self.exploration
        bias = self.bias if guide is not None else 0.0
        shared = game.meta.cooperative  # one value for the whole team
        per_sample = shared or hints.policy_reads_samples  # partners' moves read sampled hands
        chance_of = hints.chance()
        me = decision.seat
        keep_legal = self.keep_legal
        root = _Node(decision.seat)
        pool = self._pool(decision, rng)
        for sample in pool:
            legal_of(sample)  # a game that caches its legal list keeps it in every copy
        seeded = [hints.seeded_states] * len(pool)  # states that carry a generator
        size = len(pool)
        root_hint = ""  # the root's policy move is the same in every determinization
        if guide is not None:
            root_hint = guide(pool[0].copy(), rng).key
        # Square roots of availability counts: a count is at most the iterations done, so the
        # table grows with the search (never to the iteration cap, which may be huge).
        roots = _sqrt_table(_ROOTS_START)
        deadline = None if self.seconds is None else clock.now() + self.seconds
        done = 0
        for i in range(self.iterations):
            if deadline is not None and i >= self.least and clock.now() > deadline:
                break
            if i + 1 >= len(roots):
                roots = _sqrt_table(2 * len(roots))
            k = i % size
            s = pool[k].copy()
            fresh = -1  # the generator's state while the walk has drawn nothing from it
            if seeded[k]:
                # fresh future randomness for every simulation (into the copy's own generator)
                fresh = rng.next64()
                own = s.rng
                if own is pool[k].rng:
                    s.rng = Rng(fresh)
                else:
                    own.state = fresh
            node = root
            path: list[_Node] = []
            keeps = keep_legal and fresh >= 0
            move: Choice | None
            child: _Node | None
            while True:
                kept: _Kept | None = None
                same = keeps and s.rng.state == fresh
                if same:
                    # No randomness drawn on the way: this is the very state the same pool
                    # sample reached here before, so what was found then holds again.
                    kept = node.kept.get(k)
                    if kept is not None and kept.scored is not None:
                        # Every move here has a child (the walk's usual step): score them by
                        # PUCT as the pass below does, and go on down - the loop's fast path.
                        best_value = -1e9
                        move = child = None
                        for ch, tried, prior in kept.scored:
                            avail = tried.avail + 1
                            tried.avail = avail
                            value = tried.mean + prior * roots[avail] / tried.span
                            if value > best_value:
                                best_value, move, child = value, ch, tried
                        if move is None or child is None:  # no score above the floor
                            move, child, _prior = kept.scored[0]  # the first move
                        apply(s, move, quiet)
                        path.append(child)
                        node = child
                        continue
                if kept is not None:
                    seat = kept.seat
                    legal = kept.legal
                    hint = kept.hint
                    weight = kept.weight
                    weight_hint = kept.weight_hint
                else:
                    to_move = to_act(s)
                    if to_move is None:
                        break
                    seat = to_move
                    legal = legal_of(s)
                    count = len(legal)
                    if node is root:
                        hint = root_hint
                    elif guide is not None and count > 1 and (shared or seat == me):
                        # Opponents' policy moves would come from sampled hands: noise, and
                        # costly.  A node reached from the same pool sample is (nearly always)
                        # the same state, so its policy move is worked out once per sample -
                        # or once per node where the game's policy does not read what the
                        # samples re-deal.
                        slot = k if per_sample else 0
                        hint = node.hints.get(slot, "")
                        if not hint:
                            hint = node.hints[slot] = guide(s, rng).key
                    else:
                        hint = ""
                    if hint:
                        spread = (1.0 - bias) / count
                        weight_hint = c * (spread + bias)
                    else:
                        spread = 1.0 / count
                        weight_hint = 0.0
                    weight = c * spread
                    if same:
                        kept = node.kept[k] = _Kept(seat, legal, hint, weight, weight_hint)
                children = node.children
                untried: list[Choice] | None = None
                best_value = -1e9
                move = None
                child = None
                # One pass: count every tried move as available, and score it by PUCT while
                # no move is untried (an untried move is expanded instead).
                for ch in legal:
                    key = ch.key
                    cand = children.get(key)
                    if cand is None:
                        if untried is None:
                            untried = [ch]
                        else:
                            untried.append(ch)
                        continue
                    avail = cand.avail + 1
                    cand.avail = avail
                    if untried is None:
                        prior = weight_hint if key == hint else weight
                        value = cand.mean + prior * roots[avail] / cand.span
                        if value > best_value:
                            best_value, move, child = value, ch, cand
                if untried is None and kept is not None:
                    # From now on every move here has a child, with a fixed prior.
                    kept.scored = [
                        (ch, children[ch.key], weight_hint if ch.key == hint else weight)
                        for ch in legal
                    ]
                if untried is not None:
                    move = untried[0]
                    if move.key != hint:
                        move = None
                        for ch in untried:
                            if ch.key == hint:
                                move = ch
                                break
                        if move is None:
                            move = untried[rng.below(len(untried))]
                    child = _Node(seat)
                    child.avail = 1
                    children[move.key] = child
                    apply(s, move, quiet)
                    path.append(child)
                    break
                if move is None or child is None:  # no score above the floor: the first move
                    move = legal[0]
                    child = children[move.key]
                apply(s, move, quiet)
                path.append(child)
                node = child
            depth = rollout_depth(s)
            while depth != 0 and to_act(s) is not None:
                apply(s, policy(s, rng), quiet)
                if depth is not None:
                    depth -= 1
            score = value_of if to_act(s) is None else evaluate
            if track_chance and path:
                path[0].chance += (chance_of or score)(s, me)
            if shared:
                value = score(s, me)
                for child in path:
                    visits = child.visits + 1
                    child.visits = visits
                    child.span = visits + 1
                    wins = child.wins + value
                    child.wins = wins
                    child.mean = wins / visits
            else:
                values: dict[int, float] = {}  # one evaluation per seat, not per node
                if score is evaluate and path:  # an unfinished leaf: value its seats together
                    seats = list(dict.fromkeys(child.seat for child in path))
                    values = dict(zip(seats, evaluate_seats(s, seats), strict=True))
                for child in path:
                    visits = child.visits + 1
                    child.visits = visits
                    child.span = visits + 1
                    seat_value = values.get(child.seat)
                    if seat_value is None:
                        seat_value = values[child.seat] = score(s, child.seat)
                    wins = child.wins + seat_value
                    child.wins = wins
                    child.mean = wins / visits
            done += 1
        self.last_iterations = done
        return root


_SQRT: list[float] = [0.0]
_ROOTS_START = 1024  # entries made before a search's first iteration


def _sqrt_table(top: int) -> list[float]:
    """Return a list whose item ``a`` is the square root of ``a``, for ``a`` up to ``top``."""
    while len(_SQRT) <= top:
        _SQRT.append(math.sqrt(len(_SQRT)))
    return _SQRT


def _visits(root: _Node, key: str) -> int:
    child = root.children.get(key)
    return child.visits if child is not None else -1


class ClairvoyantBot(ISMCTSBot):
    """Reference bot that searches the TRUE state (reads hidden cards): an upper bound only."""

    name = "clairvoyant"
    clairvoyant = True

    def _pool(self, decision: Decision[Any], rng: Rng) -> list[Any]:
        return [decision.true_state()]


class HandReaderBot(ClairvoyantBot):
    """Reference bot that reads other hands but not the deck: what a perfect belief is worth.

    Its determinizations keep every hand as it is and re-deal the rest (the game's
    ``determinize(..., reveal_hands=True)``), so its gap to the honest bot bounds what inferring
    partners' cards could gain, and its gap to the clairvoyant bot is the deck order's worth.
    """

    name = "clairvoyant-hands"

    def _pool(self, decision: Decision[Any], rng: Rng) -> list[Any]:
        state = decision.true_state()
        k = max(1, min(self.samples, self.iterations))
        sample = decision.game.determinize
        return [sample(state, decision.seat, rng, reveal_hands=True) for _ in range(k)]  # type: ignore[call-arg]


def reads_hands(game: Game[Any]) -> bool:
    """Return whether ``game`` can re-deal everything but the hands (for ``HandReaderBot``)."""
    return "reveal_hands" in inspect.signature(game.determinize).parameters

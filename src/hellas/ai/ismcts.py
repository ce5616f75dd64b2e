"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game.

Each iteration draws a determinization of the searching seat's information (``Decision.sample``:
a state consistent with what the seat knows), walks the shared tree choosing among the moves
available in that determinization by UCB with availability counts (Cowling, Powley and Whitehouse
2012), expands one move, plays the rest of the game with the game's rollout policy and backs the
result up.  Strength and speed are one knob: ``iterations`` per decision.

The clairvoyant variant searches the true state instead of samples: it reads hidden information
and exists only as a labelled upper bound for reports.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from hellas.core.game import Choice, Decision, Game
from hellas.core.rng import Rng


class _Node:
    __slots__ = ("avail", "children", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the move leading here
        self.visits = 0
        self.wins = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}


def _random_policy(game: Game[Any]) -> Callable[[Any, Rng], Choice]:
    def pick(s: Any, rng: Rng) -> Choice:
        cs = game.choices(s)
        return cs[rng.below(len(cs))]

    return pick


class ISMCTSBot:
    """Honest ISMCTS: every simulation starts from a fresh determinization of its own view."""

    name = "ismcts"
    clairvoyant = False

    def __init__(self, iterations: int = 100, exploration: float = 2.0, bias: float = 0.5) -> None:
        if iterations < 1:
            raise ValueError("ISMCTS needs at least 1 iteration per decision")
        self.iterations = iterations
        self.exploration = exploration
        self.bias = bias  # prior weight (PUCT) on the move the game's policy would play
        self.last_iterations = 0  # simulations run by the latest ``choose`` (0: no search)

    def _root_state(self, decision: Decision[Any], rng: Rng) -> Any:
        return decision.sample(rng)

    def choose(self, decision: Decision[Any], rng: Rng) -> Choice:
        """Return the most visited move after ``iterations`` simulations."""
        self.last_iterations = 0
        choices = decision.choices
        if len(choices) == 1:
            return choices[0]
        game = decision.game
        guide = game.rollout_policy()
        policy = guide or _random_policy(game)
        if guide is not None and not game.worth_searching(decision.true_state()):
            # Routine decisions follow the policy on a sample of this seat's information.
            return decision.follow(guide, rng)
        self.last_iterations = self.iterations
        step = game.step
        legal_of = game.choices
        to_act = game.to_act
        value_of = game.rollout_value
        c = self.exploration
        bias = self.bias if guide is not None else 0.0
        root = _Node(decision.seat)
        for _ in range(self.iterations):
            s = self._root_state(decision, rng)
            node = root
            path = []
            while True:
                seat = to_act(s)
                if seat is None:
                    break
                legal = legal_of(s)
                children = node.children
                hint = guide(s, rng).key if guide is not None and len(legal) > 1 else ""
                untried = [ch for ch in legal if ch.key not in children]
                for ch in legal:
                    child = children.get(ch.key)
                    if child is not None:
                        child.avail += 1
                if untried:
                    move = next((ch for ch in untried if ch.key == hint), None)
                    if move is None:
                        move = untried[rng.below(len(untried))]
                    child = _Node(seat)
                    child.avail = 1
                    children[move.key] = child
                    step(s, move)
                    path.append(child)
                    break
                best_value = -1e9
                move = legal[0]
                child = children[move.key]
                spread = (1.0 - bias) / len(legal) if hint else 1.0 / len(legal)
                for ch in legal:
                    cand = children[ch.key]
                    n = cand.visits
                    prior = spread + bias if ch.key == hint else spread
                    value = cand.wins / n + c * prior * math.sqrt(cand.avail) / (1 + n)
                    if value > best_value:
                        best_value, move, child = value, ch, cand
                step(s, move)
                path.append(child)
                node = child
            depth = game.rollout_depth(s)
            while to_act(s) is not None and depth != 0:
                step(s, policy(s, rng))
                if depth is not None:
                    depth -= 1
            score = value_of if to_act(s) is None else game.evaluate
            values: dict[int, float] = {}  # one evaluation per seat, not per node
            for child in path:
                child.visits += 1
                value = values.get(child.seat)
                if value is None:
                    value = values[child.seat] = score(s, child.seat)
                child.wins += value
        best = max(choices, key=lambda ch: (_visits(root, ch.key), -ch.index))
        return best


def _visits(root: _Node, key: str) -> int:
    child = root.children.get(key)
    return child.visits if child is not None else -1


class ClairvoyantBot(ISMCTSBot):
    """Reference bot that searches the TRUE state (reads hidden cards): an upper bound only."""

    name = "clairvoyant"
    clairvoyant = True

    def _root_state(self, decision: Decision[Any], rng: Rng) -> Any:
        state = decision.true_state().copy()
        return _reseed(state, rng)


def _reseed(state: Any, rng: Rng) -> Any:
    """Give a copied state fresh future randomness (the clairvoyant knows cards, not fate)."""
    if hasattr(state, "rng"):
        state.rng = Rng(rng.next64())
    return state

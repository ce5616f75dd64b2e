"""The ISMCTS search loop as it was before its speed-ups (issue 36), kept as a reference.

Tests run it beside ``hellas.ai.ismcts`` on the same positions and generators and require the
very same trees - move for move, visit for visit, float for float - and the same random
numbers drawn, so every speed-up of the search must leave what it decides unchanged.  It calls
the game's ``SearchHints`` exactly as that loop did.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from hellas.ai.ismcts import ISMCTSBot, _random_policy
from hellas.core.capabilities import SearchHints, capability
from hellas.core.game import Choice, Decision
from hellas.core.rng import Rng


class RefNode:
    """A tree node of the reference loop."""

    __slots__ = ("avail", "chance", "children", "hints", "legal", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.wins = 0.0
        self.chance = 0.0
        self.avail = 0
        self.children: dict[str, RefNode] = {}
        self.hints: dict[int, str] = {}
        self.legal: dict[int, Sequence[Choice]] = {}


class ReferenceBot(ISMCTSBot):
    """``ISMCTSBot`` with the search loop of before the speed-ups."""

    def search(self, decision: Decision[Any], rng: Rng, track_chance: bool = False) -> RefNode:  # type: ignore[override]
        """Run the simulations for one decision and return the root of the tree.

        ``track_chance`` also sums, at the root's children, the game's ``win_chance`` of each
        simulation's end position (its search value when the game has no such estimate).
        """
        game = decision.game
        hints = capability(game, SearchHints)  # what the game offers search (core/capabilities)
        guide = hints.rollout_policy()
        policy = guide or _random_policy(game)
        apply = game._apply  # the fast path: moves come from the legal list
        legal_of = game.choices
        to_act = game.to_act
        value_of = hints.rollout_value
        evaluate = hints.evaluate
        evaluate_seats = hints.evaluate_seats
        rollout_depth = hints.rollout_depth
        c = self.exploration
        bias = self.bias if guide is not None else 0.0
        shared = game.meta.cooperative  # one value for the whole team
        per_sample = shared or hints.policy_reads_samples  # partners' moves read sampled hands
        chance_of = hints.chance()
        me = decision.seat
        keep_legal = self.keep_legal
        root = RefNode(decision.seat)
        pool = self._pool(decision, rng)
        for sample in pool:
            legal_of(sample)  # a game that caches its legal list keeps it in every copy
        root_hint = ""  # the root's policy move is the same in every determinization
        if guide is not None:
            root_hint = guide(pool[0].copy(), rng).key
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() > deadline:
                break
            k = i % len(pool)
            s = pool[k].copy()
            fresh = -1  # the generator's state while the walk has drawn nothing from it
            if hasattr(s, "rng"):
                s.rng = Rng(rng.next64())  # fresh future randomness for every simulation
                fresh = s.rng.state
            node = root
            path = []
            while True:
                seat = to_act(s)
                if seat is None:
                    break
                if node is root:
                    legal = legal_of(s)
                elif keep_legal and fresh >= 0 and s.rng.state == fresh:
                    # No randomness drawn on the way: this is the very state the same pool
                    # sample reached here before, so its legal list is the one found then.
                    memo = node.legal
                    kept = memo.get(k)
                    if kept is None:
                        kept = memo[k] = legal_of(s)
                    legal = kept
                else:
                    legal = legal_of(s)
                children = node.children
                if node is root:
                    hint = root_hint
                elif guide is not None and len(legal) > 1 and (shared or seat == me):
                    # Opponents' policy moves would come from sampled hands: noise, and costly.
                    # A node reached from the same pool sample is (nearly always) the same
                    # state, so its policy move is worked out once per sample - or once per
                    # node where the game's policy does not read what the samples re-deal.
                    slot = k if per_sample else 0
                    hint = node.hints.get(slot, "")
                    if not hint:
                        hint = node.hints[slot] = guide(s, rng).key
                else:
                    hint = ""
                untried = []
                for ch in legal:
                    child = children.get(ch.key)
                    if child is None:
                        untried.append(ch)
                    else:
                        child.avail += 1
                if untried:
                    move = untried[0]
                    if move.key != hint:
                        move = (
                            next((ch for ch in untried if ch.key == hint), None)
                            or untried[rng.below(len(untried))]
                        )
                    child = RefNode(seat)
                    child.avail = 1
                    children[move.key] = child
                    apply(s, move, False)
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
                apply(s, move, False)
                path.append(child)
                node = child
            depth = rollout_depth(s)
            while depth != 0 and to_act(s) is not None:
                apply(s, policy(s, rng), False)
                if depth is not None:
                    depth -= 1
            score = value_of if to_act(s) is None else evaluate
            if track_chance and path:
                path[0].chance += (chance_of or score)(s, me)
            if shared:
                value = score(s, decision.seat)
                for child in path:
                    child.visits += 1
                    child.wins += value
            else:
                values: dict[int, float] = {}  # one evaluation per seat, not per node
                if score is evaluate and path:  # an unfinished leaf: value its seats together
                    seats = list(dict.fromkeys(child.seat for child in path))
                    values = dict(zip(seats, evaluate_seats(s, seats), strict=True))
                for child in path:
                    child.visits += 1
                    seat_value = values.get(child.seat)
                    if seat_value is None:
                        seat_value = values[child.seat] = score(s, child.seat)
                    child.wins += seat_value
            done += 1
        self.last_iterations = done
        return root

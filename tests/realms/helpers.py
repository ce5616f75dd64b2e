"""Helpers for Fantasy Realms tests: cards by name, solving, positions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.realms import GAME
from hellas.games.realms.bots import GreedyBot
from hellas.games.realms.content import HERO, Card, deck
from hellas.games.realms.endgame import Endgame, brute_force
from hellas.games.realms.lookup import find_card
from hellas.games.realms.scoring import Line, Table, explain, score
from hellas.games.realms.solver import Solution, solve, wants_dead
from hellas.games.realms.state import P_DISCARD, P_DRAW, RealmsState


def cards(names: str) -> list[Card]:
    return [find_card(deck(), n) for n in names.split(",") if n.strip()]


def best(hand: str, afterlife: str = "", forced: Sequence[str] = ()) -> Solution:
    return solve(Table(cards(hand), cards(afterlife)), forced)


def lines(hand: str, afterlife: str = "", forced: Sequence[str] = ()) -> dict[str, Line]:
    table = Table(cards(hand), cards(afterlife))
    solution = solve(table, forced)
    found, _cost = explain(table, solution.outcome)
    return {line.card: line for line in found}


def brute_force_best(table: Table) -> int:
    """Return the best score over every decision path (no shortcut)."""
    return max(value for value, _ in brute_force(table))


class TooBig(Exception):
    """``plain_solve`` met more positions than its budget allows."""


def decides(c: Card) -> bool:
    """Return whether ``c`` creates an endgame decision (hands rich in them test the search)."""
    return bool(
        c.omega
        or c.clear_bonus
        or c.clear_penalty
        or c.add_tag
        or c.saves_hero
        or c.lethe
        or c.suit == HERO
    )


def plain_solve(table: Table, budget: int | None = None) -> tuple[int, list[str]]:
    """Return the best score and decisions of the solver before it had bounds.

    Depth first over every option in its order, every ADD offered (no tags merged), the
    same rule on sacrifices, positions met before answered from a table; the first best
    endgame in that order wins.  ``budget``: raise ``TooBig`` past that many positions.
    """
    sacrifice = -1 if wants_dead(table) else 0  # every Hero, or none
    memo: dict[tuple[object, ...], tuple[int, Endgame]] = {}

    def search(eg: Endgame) -> tuple[int, Endgame]:
        options = eg.options(sacrifice=sacrifice)
        while len(options) == 1:
            eg = eg.copy()
            eg.choose(options[0])
            options = eg.options(sacrifice=sacrifice)
        if not options:
            return score(table, eg.outcome()), eg
        key = eg.key()
        if key not in memo:
            if budget is not None and len(memo) >= budget:
                raise TooBig
            best: tuple[int, Endgame] = (-(10**9), eg)
            for option in options:
                child = eg.copy()
                child.choose(option)
                found = search(child)
                if found[0] > best[0]:
                    best = found
            memo[key] = best
        return memo[key]

    value, leaf = search(Endgame(table))
    return value, leaf.keys()


def every_score(hand: str, afterlife: str = "") -> list[int]:
    return sorted(score for score, _ in brute_force(Table(cards(hand), cards(afterlife))))


def greedy_positions(count: int, players: int = 2) -> list[RealmsState]:
    """Return draw and discard positions from greedy games, early and late."""
    out: list[RealmsState] = []
    seed = 0
    while len(out) < count:
        s = GAME.new({"players": players}, 300 + seed)
        rng = Rng(seed)
        bot = GreedyBot()
        step = 0
        while (seat := GAME.to_act(s)) is not None:
            if s.phase in (P_DRAW, P_DISCARD) and step % 5 == seed % 5:
                out.append(s.copy())
            GAME.apply(s, bot.choose(Decision(GAME, s, seat), rng))
            step += 1
        seed += 1
    return out[:count]


def path_positions(table: Table, rng: random.Random, end: bool = False) -> list[Endgame]:
    """Return the decision positions along one random path of ``table``'s endgame.

    ``end``: the finished endgame too.
    """
    eg = Endgame(table)
    out = []
    while options := eg.options():
        out.append(eg.copy())
        eg.choose(rng.choice(options))
    if end:
        out.append(eg)
    return out

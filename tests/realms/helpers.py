"""Helpers for Fantasy Realms tests: cards by name, solving, positions."""

from __future__ import annotations

from collections.abc import Sequence

from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.realms import GAME
from hellas.games.realms.bots import GreedyBot
from hellas.games.realms.content import Card, deck
from hellas.games.realms.endgame import Solution, brute_force, solve
from hellas.games.realms.lookup import find_card
from hellas.games.realms.scoring import Line, Table, explain
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

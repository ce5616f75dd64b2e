"""Helpers for Fantasy Realms tests: cards by name, solving, positions."""

from __future__ import annotations

from collections.abc import Sequence

from hellas.games.realms.content import Card, deck
from hellas.games.realms.endgame import Solution, brute_force, solve
from hellas.games.realms.lookup import find_card
from hellas.games.realms.scoring import Line, Table, explain


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

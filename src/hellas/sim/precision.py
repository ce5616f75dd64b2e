"""Precision-targeted sweeps: keep playing each cell until its 95% interval is narrow enough.

A cell's precision is the half-width of the Wilson 95% interval of its win rate.  Rounds go like
this: read the results table, give every cell that is not yet precise (and under the cap) a new
target number of games — at least the sweep's first batch, then the normal-approximation count
for the wanted half-width at the rate seen so far — play games 0..target-1 that are missing, and
repeat.  Game *k* of a cell has the same seed as in a fixed-size sweep, so teams still meet the
same deals and an interrupted run resumes from the table, like any other sweep.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pandas as pd

from hellas.core.errors import OptionError
from hellas.sim.stats import games_for_margin, wilson
from hellas.sim.sweep import Sweep, cell_key


@dataclass(frozen=True)
class CellPrecision:
    """Where one cell stands: games played, wins, the interval's half-width, the next target."""

    cell: str
    games: int
    wins: float
    half_width: float
    target: int

    @property
    def done(self) -> bool:
        """Return whether the cell needs no more games."""
        return self.target <= self.games


def half_width(wins: float, games: int) -> float:
    """Return the half-width of the Wilson 95% interval (a fraction; 1.0 with no games)."""
    if games <= 0:
        return 1.0
    _rate, low, high = wilson(wins, games)
    return (high - low) / 2


def check_precision(target: float, max_games: int) -> None:
    """Reject a half-width outside (0, 50] points or a cap below one game."""
    if not 0 < target <= 50:
        raise OptionError(f"--until-ci takes a half-width in points (0-50], got {target}")
    if max_games < 1:
        raise OptionError("--max-games must be at least 1")


def cell_counts(table: pd.DataFrame) -> dict[str, tuple[int, float]]:
    """Return (games, wins) per cell key of a results table."""
    if table.empty:
        return {}
    grouped = table.groupby(table["cell"].astype(str))["win"].agg(["count", "sum"])
    return {str(k): (int(r["count"]), float(r["sum"])) for k, r in grouped.iterrows()}


def plan(
    sweep: Sweep, counts: Mapping[str, tuple[int, float]], points: float, max_games: int
) -> list[CellPrecision]:
    """Return every cell's precision and next target for a half-width of ``points``."""
    goal = points / 100.0
    first = min(sweep.games, max_games)
    out = []
    for options, team in sweep.cells():
        key = cell_key(options, team)
        games, wins = counts.get(key, (0, 0.0))
        width = half_width(wins, games)
        if games < first:
            target = first
        elif width <= goal or games >= max_games:
            target = games
        else:
            need = games_for_margin(wins / games, goal)
            step = max(10, games // 10)  # the normal count can fall short of Wilson's
            target = min(max_games, max(need, games + step))
        out.append(CellPrecision(key, games, wins, width, target))
    return out

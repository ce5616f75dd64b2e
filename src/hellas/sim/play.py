"""Play one task of a sweep and return its result row (plain values, ready for a table)."""

from __future__ import annotations

import time
from typing import Any

from hellas.ai import make_bot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng
from hellas.sim.sweep import Task, team_seats

# Columns that depend on the machine, not on the game: left out of determinism comparisons.
TIMING_COLUMNS = ("seconds",)


def play_task(task: Task) -> dict[str, Any]:
    """Play the task's game to the end with its bots; return one row."""
    from hellas.games import REGISTRY  # noqa: PLC0415 - workers import lazily

    game: Game[Any] = REGISTRY.get(task.game)
    start = time.perf_counter()
    state = game.new(task.options, task.seed)
    seats = game.meta.seats(task.options)
    names = team_seats(task.team, seats)  # checked when the sweep was built
    bots = [make_bot(game, name) for name in names]
    rng = Rng(task.seed ^ 0xB07)
    decisions = 0
    while (seat := game.to_act(state)) is not None:
        choice = bots[seat].choose(Decision(game, state, seat), rng)
        game.step(state, choice)
        decisions += 1
    outcome = game.outcome(state)
    assert outcome is not None
    row: dict[str, Any] = {
        "game": task.game,
        "version": game.meta.version,
        "cell": task.cell,
        "team": task.team,
        "seats": "/".join(names),
        "index": task.index,
        "seed": task.seed,
    }
    for name, value in task.options.items():
        if not isinstance(value, list | dict):
            row[name] = value
    row["win"] = 1 if 0 in outcome.winners else 0
    row["winners"] = "/".join(str(w) for w in outcome.winners)
    for i, score in enumerate(outcome.scores):
        row[f"score_{i}"] = score
    row["decisions"] = decisions
    for key, value in outcome.details.items():
        if key not in row and isinstance(value, int | float | str | bool):
            row[key] = value
    row["reason"] = outcome.reason
    row["seconds"] = round(time.perf_counter() - start, 4)
    return row

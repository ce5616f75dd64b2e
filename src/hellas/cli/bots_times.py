"""How long each bot level thinks at a table: ``hellas bots times GAME``.

Every level of the game plays seeded games (every seat at that level), and each of its
decisions with two or more choices goes through the very function a server's worker runs,
``server.workers.bounded_move``, with the server's budget: the state crosses as JSON, the bot is
told the budget, an alarm stops one that overruns and a cheap fallback move is then played.  The
figures per level: decisions timed, median / p95 / max seconds of one decision (wall time, in
this process: pure Python unless the compiled build is installed), and how many decisions were
a fallback instead of the bot's own move (the goal at an idle machine: none).
"""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import dataclass
from typing import Any

from hellas.core.game import BotLevel, Game
from hellas.core.rng import Rng
from hellas.server.workers import bounded_move

SEED = 4950  # the first game's seed; game i is SEED + i


@dataclass(frozen=True)
class LevelTimes:
    """One level's decision times through the worker's path, and its fallback moves."""

    level: str
    bot: str
    declared: float  # the seconds the level states
    decisions: int
    median: float
    p95: float
    most: float
    fallbacks: int
    why: str  # the first fallback's reason ("" if none)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def level_times(
    game: Game[Any], level: BotLevel, decisions: int, players: int, budget: float
) -> LevelTimes:
    """Return ``level``'s figures over ``decisions`` decisions of seeded games at the level."""
    times: list[float] = []
    fallbacks, why = 0, ""
    index = 0
    while len(times) < decisions:
        seed = SEED + index
        index += 1
        state = game.new(game.validate_options({"players": players}), seed)
        rng = Rng(seed)
        while len(times) < decisions and (seat := game.to_act(state)) is not None:
            choices = game.choices(state)
            if len(choices) < 2:
                game.apply(state, choices[0])
                continue
            as_json = game.state_to_json(state)
            reply = bounded_move(game.meta.id, as_json, seat, level.bot, rng.below(1 << 30), budget)
            times.append(float(reply["seconds"]))
            if reply["fallback"]:
                fallbacks += 1
                why = why or str(reply["fallback"])
            game.apply(state, reply["key"])
    return LevelTimes(
        level.level,
        level.bot,
        level.seconds,
        len(times),
        statistics.median(times),
        _p95(times),
        max(times),
        fallbacks,
        why,
    )


def machine_load() -> str:
    """Return the machine's 1-minute load average and core count, for the record."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - not on every platform
        return f"{os.cpu_count()} cores"
    return f"load {load:.1f} on {os.cpu_count()} cores"


def all_levels(
    game: Game[Any], decisions: int, players: int, budget: float, only: list[str] | None = None
) -> tuple[list[LevelTimes], str, float]:
    """Return every level's figures (or those named), the load before, and the seconds taken."""
    load = machine_load()
    start = time.perf_counter()
    found = [
        level_times(game, level, decisions, players, budget)
        for level in game.bot_levels()
        if not only or level.level in only
    ]
    return found, load, time.perf_counter() - start


__all__ = ["LevelTimes", "all_levels", "level_times", "machine_load"]

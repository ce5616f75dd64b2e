"""The bot ladder: each level of a game against the level below it, resumable, with intervals.

``hellas bots ladder GAME`` plays, for every pair of adjacent levels (``game.bot_levels()``, or
the levels and bot names given), games on the same seeds in every seat order: the upper bot in
one seat, the lower bot in the others, so a deal's luck falls on both sides.  In a co-operative
game (Legends) there is no opponent: each level plays as the whole team on the same deals of
every (mission, difficulty) cell, and adjacent levels are compared cell by cell on those deals.

Every finished game is one JSON line appended to the results file, keyed by what it played
(pair or level, cell, seed, seat order, budget), so a rerun skips what is there and continues;
``stop_after`` ends a run by itself after that many seconds.  Bots are told ``budget`` seconds a
decision as a server's worker tells them (0: untimed, the same moves on every machine).
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellas.ai import make_bot
from hellas.core.errors import HellasError
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng
from hellas.sim.stats import sign_test, wilson

SEED = 4900  # the first deal's seed; deal i is SEED + i


@dataclass(frozen=True)
class Job:
    """One game of the ladder: who sits where, on which deal and options."""

    key: str
    bots: tuple[str, ...]  # one per seat
    options: dict[str, Any]
    seed: int
    upper: str  # the bot measured (competitive: the upper level; co-operative: the team)
    lower: str  # the bot below ("" in a co-operative game)
    seat: int  # the upper bot's seat (competitive), else 0
    cell: str  # "" or "mission/difficulty"


def rungs(game: Game[Any], names: Sequence[str] | None = None) -> list[str]:
    """Return the ladder's bots, weakest first: the game's levels, or ``names`` (levels or bots)."""
    levels = {level.level: level.bot for level in game.bot_levels()}
    if not names:
        return list(levels.values())
    out = []
    for name in names:
        bot = levels.get(name.strip().lower(), name.strip())
        make_bot(game, bot)  # an unknown name raises a clear HellasError
        out.append(bot)
    if len(out) < 2 and not game.meta.cooperative:
        raise HellasError("a ladder needs at least two levels or bots to compare")
    return out


def cells(game: Game[Any]) -> list[dict[str, Any]]:
    """Return the option cells a co-operative ladder covers: every mission x difficulty."""
    names = game.meta.options
    missions = names.get("mission")
    difficulty = names.get("difficulty")
    low, high = int(missions.minimum or 1), int(missions.maximum or 1)
    return [
        {"mission": m, "difficulty": d}
        for m in range(low, high + 1)
        for d in (difficulty.choices or ())
    ]


def jobs(
    game: Game[Any], bots: Sequence[str], deals: int, players: int, budget: float
) -> list[Job]:
    """Return every game of the ladder, deal by deal (a short run covers every pair or level)."""
    out = []
    if game.meta.cooperative:
        for deal in range(deals):
            for cell in cells(game):
                for bot in bots:
                    where = f"{cell['mission']}/{cell['difficulty']}"
                    opts = game.validate_options({"players": players, **cell})
                    key = f"{bot}|{where}|{SEED + deal}|{players}p|{budget:g}s"
                    out.append(Job(key, (bot,) * players, opts, SEED + deal, bot, "", 0, where))
        return out
    opts = game.validate_options({"players": players})
    for deal in range(deals):
        for lower, upper in itertools.pairwise(bots):
            for seat in range(players):
                seats = tuple(upper if q == seat else lower for q in range(players))
                key = f"{upper}>{lower}|{SEED + deal}|{seat}|{players}p|{budget:g}s"
                out.append(Job(key, seats, opts, SEED + deal, upper, lower, seat, ""))
    return out


def shard(todo: Sequence[Job], spec: str) -> list[Job]:
    """Return the jobs of shard ``I/K`` (deals I, I+K, ...): K runs side by side on one file."""
    index, _, count = spec.strip().partition("/")
    if not (index.isascii() and index.isdigit() and count.isascii() and count.isdigit()):
        raise HellasError(f"shard {spec[:80]!r} is not I/K, e.g. 0/2 (I below K)")
    i, k = int(index), int(count)
    if not 0 <= i < k:
        raise HellasError(f"shard {spec[:80]!r} is not I/K, e.g. 0/2 (I below K)")
    return [job for job in todo if (job.seed - SEED) % k == i]


def play(game: Game[Any], job: Job, budget: float) -> dict[str, Any]:
    """Play one job's game to the end; return its result row (the upper bot's share of the win)."""
    start = time.perf_counter()
    state = game.new(job.options, job.seed)
    players: list[Any] = [make_bot(game, name) for name in job.bots]
    for bot in players:
        if budget > 0 and hasattr(bot, "seconds"):
            bot.seconds = budget  # as a server's worker tells it
    rng = Rng(job.seed ^ 0xB07)
    while (seat := game.to_act(state)) is not None:
        game.apply(state, players[seat].choose(Decision(game, state, seat), rng))
    outcome = game.outcome(state)
    assert outcome is not None
    winners = outcome.winners
    share = 1.0 / len(winners) if job.seat in winners else 0.0
    if game.meta.cooperative:
        share = 1.0 if winners else 0.0  # the team wins or loses together
    return {
        "key": job.key,
        "game": game.meta.id,
        "version": game.meta.version,
        "upper": job.upper,
        "lower": job.lower,
        "cell": job.cell,
        "seed": job.seed,
        "seat": job.seat,
        "players": len(job.bots),
        "budget": budget,
        "result": share,
        "seconds": round(time.perf_counter() - start, 3),
    }


def done_rows(path: Path) -> list[dict[str, Any]]:
    """Return the rows already in a results file (none if it is missing); torn lines skipped."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a run killed mid-write leaves half a line: that game is played again
        if isinstance(row, dict) and "key" in row:
            rows.append(row)
    return rows


def run(
    game: Game[Any],
    todo: Sequence[Job],
    path: Path,
    budget: float,
    stop_after: float | None = None,
    told: Callable[[dict[str, Any]], None] | None = None,
) -> int:
    """Play the jobs not yet in ``path``, appending a line per game; return how many were played."""
    have = {row["key"] for row in done_rows(path)}
    start = time.perf_counter()
    played = 0
    torn = path.exists() and path.stat().st_size > 0 and not path.read_bytes().endswith(b"\n")
    with path.open("a", encoding="utf-8") as out:
        if torn:
            out.write("\n")  # a run killed mid-line: its half line stays alone, skipped
        for job in todo:
            if job.key in have:
                continue
            if stop_after is not None and time.perf_counter() - start > stop_after:
                break
            row = play(game, job, budget)
            out.write(json.dumps(row, sort_keys=True) + "\n")
            out.flush()
            played += 1
            if told is not None:
                told(row)
    return played


@dataclass(frozen=True)
class Step:
    """One rung of a competitive ladder: the upper bot's share of the games against the lower."""

    upper: str
    lower: str
    games: int
    rate: float
    low: float
    high: float


def steps(rows: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[Step]:
    """Return each adjacent pair's result with its Wilson 95% interval (ties count half)."""
    out = []
    for lower, upper in itertools.pairwise(bots):
        mine = [r for r in rows if r["upper"] == upper and r["lower"] == lower]
        wins = sum(float(r["result"]) for r in mine)
        rate, low, high = wilson(wins, len(mine))
        out.append(Step(upper, lower, len(mine), rate, low, high))
    return out


@dataclass(frozen=True)
class Team:
    """One co-operative level over the cells: mean of the per-cell win rates, and its deals."""

    bot: str
    games: int
    mean: float  # the mean over cells of each cell's win rate
    low: float  # Wilson 95% interval of all its games together
    high: float
    per_cell: dict[str, float]


@dataclass(frozen=True)
class Climb:
    """Two co-operative levels on the same deals: how much the upper one adds, cell by cell."""

    upper: str
    lower: str
    pairs: int  # deals both played
    gain: float  # mean over cells of (upper rate - lower rate), in points
    upper_only: int  # deals only the upper team won
    lower_only: int
    p_value: float  # exact sign test on those deals
    worse: tuple[str, ...]  # cells where the upper team lost ground beyond noise (p < 0.05)


def _by_deal(rows: Sequence[dict[str, Any]], bot: str) -> dict[tuple[str, int], float]:
    """Return a co-operative team's results by (cell, seed): 1 for a won deal, else 0."""
    return {
        (r["cell"], int(r["seed"])): 1.0 if float(r["result"]) > 0 else 0.0
        for r in rows
        if r["upper"] == bot
    }


def teams(rows: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[Team]:
    """Return each co-operative level's win rates, per cell and averaged over cells."""
    out = []
    for bot in bots:
        won = _by_deal(rows, bot)
        per: dict[str, list[float]] = {}
        for (cell, _), result in won.items():
            per.setdefault(cell, []).append(result)
        rates = {cell: sum(v) / len(v) for cell, v in per.items()}
        mean = sum(rates.values()) / len(rates) if rates else 0.0
        _, low, high = wilson(sum(won.values()), len(won))
        out.append(Team(bot, len(won), mean, low, high, rates))
    return out


def climbs(rows: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[Climb]:
    """Return each adjacent pair of co-operative levels compared on the deals both played."""
    out = []
    for lower, upper in itertools.pairwise(bots):
        hi, lo = _by_deal(rows, upper), _by_deal(rows, lower)
        both = sorted(set(hi) & set(lo))
        gains: dict[str, list[float]] = {}
        split: dict[str, list[int]] = {}
        for deal in both:
            gains.setdefault(deal[0], []).append(hi[deal] - lo[deal])
            tally = split.setdefault(deal[0], [0, 0])
            tally[0] += hi[deal] > lo[deal]
            tally[1] += lo[deal] > hi[deal]
        per_cell = [sum(v) / len(v) for v in gains.values()]
        gain = 100.0 * sum(per_cell) / len(per_cell) if per_cell else 0.0
        up = sum(t[0] for t in split.values())
        down = sum(t[1] for t in split.values())
        worse = tuple(sorted(c for c, (a, b) in split.items() if b > a and sign_test(a, b) < 0.05))
        out.append(Climb(upper, lower, len(both), gain, up, down, sign_test(up, down), worse))
    return out


def cell_table(rows: Sequence[dict[str, Any]], bots: Sequence[str]) -> Iterator[list[str]]:
    """Yield a co-operative ladder's table, a row per cell: the cell then each bot's win rate."""
    found = teams(rows, bots)
    seen = sorted(
        {cell for team in found for cell in team.per_cell},
        key=lambda c: (int(c.split("/")[0]), c.split("/")[1]),
    )
    for cell in seen:
        rates = [team.per_cell.get(cell) for team in found]
        yield [cell, *("-" if r is None else f"{100 * r:.0f}%" for r in rates)]


__all__ = [
    "Climb",
    "Job",
    "Step",
    "Team",
    "cell_table",
    "cells",
    "climbs",
    "done_rows",
    "jobs",
    "play",
    "run",
    "rungs",
    "shard",
    "steps",
    "teams",
]

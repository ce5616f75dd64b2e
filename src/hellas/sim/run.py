"""Run a sweep: skip what is already in the results, map the rest, append rows as they come.

``simulate`` plays a fixed number of games per cell; ``simulate_until`` plays rounds until each
cell's 95% interval is as narrow as asked (``hellas simulate --until-ci``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellas.sim.backends import run_local, run_ray
from hellas.sim.precision import cell_counts, check_precision, plan
from hellas.sim.results import RowWriter, check_target, finished_keys, read_rows
from hellas.sim.sweep import Sweep, Task


@dataclass
class RunSummary:
    """What a (possibly resumed) sweep did."""

    total: int
    skipped: int
    played: int
    complete: bool


def rows_for(
    tasks: list[Task], backend: str, jobs: int, address: str | None
) -> Iterator[dict[str, Any]]:
    """Return the row iterator of the chosen backend."""
    if backend == "local":
        return run_local(tasks, jobs)
    if backend == "ray":
        return run_ray(tasks, address, jobs)
    raise ValueError(f"unknown backend {backend!r} (local or ray)")


def simulate(
    sweep: Sweep,
    out: Path,
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
    limit: int | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> RunSummary:
    """Play every task of ``sweep`` not yet in ``out``; ``limit`` stops after that many."""
    check_target(out)
    everything = sweep.tasks()
    done = finished_keys(read_rows(out))
    todo = [t for t in everything if t.key() not in done]
    skipped = len(everything) - len(todo)
    if limit is not None:
        todo = todo[:limit]
    if on_start:
        on_start(len(everything), skipped)
    writer = RowWriter(out)
    played = _play(todo, writer, backend, jobs, address, on_row)
    complete = skipped + played == len(everything)
    if complete:
        writer.finish()
    return RunSummary(len(everything), skipped, played, complete)


def simulate_until(
    sweep: Sweep,
    out: Path,
    points: float,
    max_games: int,
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
    limit: int | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_row: Callable[[dict[str, Any]], None] | None = None,
) -> RunSummary:
    """Play rounds until every cell's 95% half-width is <= ``points`` (or it has ``max_games``).

    ``sweep.games`` is the first batch of every cell; each round re-reads ``out``, so stopping
    and running the same call again resumes.  ``limit`` caps the games played by this call.
    """
    check_target(out)
    check_precision(points, max_games)
    played = skipped = total = 0
    complete = False
    first_round = True
    while True:
        table = read_rows(out)
        cells = plan(sweep, cell_counts(table), points, max_games)
        targets = {c.cell: c.target for c in cells}
        wanted = sweep.tasks(targets)
        done = finished_keys(table)
        todo = [t for t in wanted if t.key() not in done]
        total = len(wanted)
        if first_round:
            skipped = total - len(todo)
            first_round = False
        if not todo:
            complete = True
            break
        if limit is not None:
            if played >= limit:
                break
            todo = todo[: limit - played]
        if on_start:
            on_start(total, total - len(todo))
        writer = RowWriter(out)
        played += _play(todo, writer, backend, jobs, address, on_row)
    if complete:
        RowWriter(out).finish()
    return RunSummary(total, skipped, played, complete)


def _play(
    todo: list[Task],
    writer: RowWriter,
    backend: str,
    jobs: int,
    address: str | None,
    on_row: Callable[[dict[str, Any]], None] | None,
) -> int:
    """Play ``todo`` on the backend, writing each row as it comes; return how many."""
    played = 0
    try:
        for row in rows_for(todo, backend, jobs, address):
            writer.write(row)
            played += 1
            if on_row:
                on_row(row)
    finally:
        writer.close()
    return played

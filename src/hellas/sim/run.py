"""Run a sweep: skip what is already in the results, map the rest, append rows as they come."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellas.sim.backends import run_local, run_ray
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
    played = 0
    try:
        for row in rows_for(todo, backend, jobs, address):
            writer.write(row)
            played += 1
            if on_row:
                on_row(row)
    finally:
        writer.close()
    complete = skipped + played == len(everything)
    if complete:
        writer.finish()
    return RunSummary(len(everything), skipped, played, complete)

"""Backends that map ``play_task`` over tasks: a local process pool, or a Ray cluster.

Both yield rows as games finish (in any order); a row depends only on its task, so both give
the same table for the same sweep.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from hellas.core.errors import HellasError
from hellas.sim.play import play_task
from hellas.sim.sweep import Task

BATCH = 8  # tasks per remote call: amortises start-up without hurting progress reports


def _play_batch(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    return [play_task(t) for t in tasks]


def _batches(tasks: Sequence[Task], size: int) -> list[list[Task]]:
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def run_local(tasks: Sequence[Task], jobs: int = 1) -> Iterator[dict[str, Any]]:
    """Yield rows from a local process pool of ``jobs`` workers (in-process when 1)."""
    if jobs <= 1:
        for t in tasks:
            yield play_task(t)
        return
    size = max(1, min(BATCH, len(tasks) // (jobs * 4) or 1))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[dict[str, Any]]]] = set()
        queue = _batches(tasks, size)
        queue.reverse()
        try:
            while queue or pending:
                while queue and len(pending) < jobs * 2:
                    pending.add(pool.submit(_play_batch, queue.pop()))
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield from fut.result()
        finally:
            for fut in pending:
                fut.cancel()


def run_ray(
    tasks: Sequence[Task], address: str | None = None, jobs: int | None = None
) -> Iterator[dict[str, Any]]:
    """Yield rows from Ray: a cluster at ``address``, or a local Ray instance."""
    try:
        import ray  # noqa: PLC0415 - optional dependency
    except ImportError as exc:  # pragma: no cover - ray is installed with the test extras
        raise HellasError("the Ray backend needs Ray: pip install 'hellas[ray]'") from exc
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            kwargs["address"] = address
        elif jobs:
            kwargs["num_cpus"] = jobs
        ray.init(**kwargs)
        started = True
    try:
        remote = ray.remote(_play_batch)
        size = max(1, min(BATCH, len(tasks) // 16 or 1))
        pending = [remote.remote(b) for b in _batches(tasks, size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()

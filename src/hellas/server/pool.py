"""The server's bot workers: processes, fair scheduling, deadlines, and healing after a crash.

Bots and hints never think on the server's own process.  ``BotPool`` keeps a few worker
processes (``workers.serve``): search workers for search bots and hints, and one policy worker
for the cheap policy bots, so a cheap bot move never waits behind a long search.  Which waiting
job a free worker takes is ``fairness.FairQueue``'s rule: the bot move of the table that used
the workers least lately, then hints, in turn per client.

Every job has a deadline on top of the worker's own budget: a worker that does not answer in
time is killed and replaced, and its job fails with :class:`WorkerGone` (the caller then plays a
cheap move itself, see ``hub``).  A worker that dies, however (killed from outside, out of
memory), is replaced too, with a growing pause when replacements keep dying, and every such
event is logged as one structured line.  ``check`` is the gate every bot passes before a server
seats it: a declared cost (``BotCost``) within this server's limits, and no reading of hidden
cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from hellas.core.errors import HellasError
from hellas.core.game import BotCost, Game
from hellas.server.fairness import BOT, HINT, FairQueue, Job
from hellas.server.limits import (
    DEFAULT_BOT_BUDGET,
    DEFAULT_BOT_MEMORY,
    DEFAULT_MAX_ITERATIONS,
    DEFAULT_MAX_SAMPLES,
    check_bot_spec,
)
from hellas.server.workers import FALLBACK_SECONDS, overtime, serve

log = logging.getLogger("hellas.server.pool")
DEFAULT_HINT_SECONDS = 1.0  # how long a hint for a person thinks (at most the bot budget)
POLICY_BUDGET = 1.0  # seconds a cheap policy bot may think (it needs milliseconds)
GRACE = 2.0  # seconds past a job's own budgets before the server replaces its worker
MAX_PAUSE = 30.0  # the longest pause before replacing a worker that keeps dying
HINT_WAIT = 15.0  # seconds a hint may wait for a free worker before it is answered "busy"


def default_workers() -> int:
    """Return the default number of search workers: one per core, less one kept for the server."""
    return max(1, (os.cpu_count() or 2) - 1)


class WorkerGone(HellasError):
    """A job's worker died or missed its deadline; the job was not done."""


class WorkerFailed(HellasError):
    """A job raised in its worker (the worker lives on)."""


@dataclass
class Worker:
    """One worker process and the job it is running."""

    number: int
    search: bool  # a search worker (search bots and hints) or the policy worker
    process: Any = None
    conn: Connection | None = None
    job: Job | None = None
    began: float = 0.0
    timer: asyncio.TimerHandle | None = None


@dataclass
class Counters:
    """What the pool did, for logs, tests and metrics."""

    jobs: int = 0
    fallbacks: int = 0
    lost: int = 0  # workers that died or were killed
    started: int = 0
    by_reason: dict[str, int] = field(default_factory=dict)


class BotPool:
    """Bounded worker processes with a per-move time budget, a memory ceiling and fair turns."""

    def __init__(
        self,
        workers: int | None = None,
        budget: float = DEFAULT_BOT_BUDGET,
        max_iterations: int = DEFAULT_MAX_ITERATIONS,
        hint_seconds: float | None = DEFAULT_HINT_SECONDS,
        max_samples: int = DEFAULT_MAX_SAMPLES,
        memory_mb: int = DEFAULT_BOT_MEMORY,
        policy_workers: int = 1,
        hint_wait: float = HINT_WAIT,
    ) -> None:
        self.workers = workers or default_workers()
        self.hint_wait = hint_wait  # a hint behind bots that keep every worker busy gives up
        self.policy_workers = policy_workers
        self.budget = budget
        self.max_iterations = max_iterations
        self.max_samples = max_samples
        self.memory_mb = memory_mb
        self.hint_seconds = hint_seconds  # None: exactly max_iterations simulations (repeatable)
        self.queue = FairQueue()
        self.counters = Counters()
        self._live: list[Worker] = []
        self._numbers = 0
        self._losses = 0  # workers lost since the last job that came back
        self._loop: asyncio.AbstractEventLoop | None = None
        self._spawning: set[asyncio.Task[None]] = set()
        self._closed = False
        self.waited: Any = None  # [metrics, issue 38] called (kind, seconds) as a job starts

    # -- the gate ----------------------------------------------------------------------------

    def check(self, game: Game[Any], name: object) -> BotCost:
        """Return bot ``name``'s declared cost, or raise a 400 if this server won't seat it."""
        return check_bot_spec(game, name, self.max_iterations, self.max_samples)

    # -- jobs --------------------------------------------------------------------------------

    async def choose(
        self, game: Game[Any], state: Any, seat: int, name: str, seed: int, table: str = ""
    ) -> dict[str, Any]:
        """Return ``{key, fallback, seconds}``: bot ``name``'s move for ``seat``, within budget.

        Raises :class:`WorkerGone` when no worker answered (the caller plays a cheap move).
        """
        search = self.check(game, name).search
        budget = self.budget if search else min(self.budget, POLICY_BUDGET)
        args = (game.meta.id, game.state_to_json(state), seat, name, seed, budget)
        deadline = overtime(budget) + FALLBACK_SECONDS + GRACE
        reply: dict[str, Any] = await self._run(
            Job(BOT, table, table, "move", args, budget, deadline, search)
        )
        if reply.get("fallback"):
            self.counters.fallbacks += 1
            log.warning(
                "bot fallback table=%s seat=%d bot=%s reason=%r seconds=%s",
                table,
                seat,
                name,
                reply["fallback"],
                reply.get("seconds"),
            )
        return reply

    async def hint(
        self, game: Game[Any], state: Any, seat: int, seed: int, table: str = "", client: str = ""
    ) -> dict[str, Any]:
        """Return the search's hint for ``seat`` (see ``workers.advise``), in the hint lane."""
        seconds = None if self.hint_seconds is None else min(self.hint_seconds, self.budget)
        args = (game.meta.id, game.state_to_json(state), seat, seed, seconds, self.max_iterations)
        think = seconds if seconds is not None else self.budget * 10
        job = Job(HINT, table, client or table, "hint", args, think, overtime(think) + GRACE)
        found: dict[str, Any] = await self._run(job, self.hint_wait)
        return found

    async def _run(self, job: Job, wait: float | None = None) -> Any:
        """Queue ``job``, wait for its answer; a job whose caller gives up leaves the queue.

        ``wait``: the seconds the job may stay queued; past them, a job no worker has taken
        raises :class:`WorkerGone` (a job a worker took is waited for, within its deadline).
        """
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        loop = self._bind()
        job.future = loop.create_future()
        job.queued_at = loop.time()
        self.queue.push(job)
        self.counters.jobs += 1
        self._dispatch()
        try:
            if wait is not None:
                try:
                    return await asyncio.wait_for(asyncio.shield(job.future), wait)
                except TimeoutError:
                    if not any(w.job is job for w in self._live):
                        raise WorkerGone(f"every worker stayed busy for {wait:g} s") from None
            return await job.future
        finally:
            if not job.future.done():
                job.future.cancel()
            self.queue.drop(lambda j: j is job)

    # -- workers -----------------------------------------------------------------------------

    def _bind(self) -> asyncio.AbstractEventLoop:
        """Start the workers on first use, on the running event loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._live = []
            for _ in range(self.workers):
                self._spawn(search=True, pause=0.0)
            for _ in range(self.policy_workers):
                self._spawn(search=False, pause=0.0)
        return loop

    def _spawn(self, search: bool, pause: float) -> None:
        """Start a replacement worker after ``pause`` seconds (in the background)."""
        task = asyncio.get_running_loop().create_task(self._start(search, pause))
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _start(self, search: bool, pause: float) -> None:
        if pause:
            await asyncio.sleep(pause)
        while not self._closed:
            self._numbers += 1
            worker = Worker(self._numbers, search)
            try:
                await asyncio.to_thread(self._launch, worker)
            except Exception as exc:
                self._losses += 1
                wait = self._pause()
                log.error("bot worker start failed: %s; trying again in %.1f s", exc, wait)
                await asyncio.sleep(wait)
                continue
            if self.closed:  # closed while it started
                self._kill(worker)
                return
            assert worker.conn is not None
            self._live.append(worker)
            self.counters.started += 1
            asyncio.get_running_loop().add_reader(worker.conn.fileno(), self._answer, worker)
            log.info(
                "bot worker started number=%d pid=%s lane=%s",
                worker.number,
                worker.process.pid,
                "search" if search else "policy",
            )
            self._dispatch()
            return

    def _launch(self, worker: Worker) -> None:
        """Start one worker process (blocking: called in a thread)."""
        # forkserver: workers start from a clean process (the server has threads), with the
        # games already imported, so starting one is quick.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["hellas.server.workers"])
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=serve,
            args=(theirs, os.getpid(), self.memory_mb * 2**20),
            daemon=True,
            name=f"hellas-bot-{worker.number}",
        )
        process.start()
        theirs.close()
        worker.process, worker.conn = process, ours

    def _pause(self) -> float:
        """Return how long to wait before replacing a worker: longer while they keep dying."""
        if self._losses <= 1:
            return 0.0
        return float(min(MAX_PAUSE, 0.5 * 2.0 ** (self._losses - 2)))

    def _dispatch(self) -> None:
        """Give every idle worker the next job fairness picks for it."""
        if self._loop is None:
            return
        now = self._loop.time()
        for worker in list(self._live):
            while worker.job is None:
                job = self.queue.pop(now, search=worker.search)
                if job is None:
                    break
                if job.future.done():  # its caller gave up while it waited
                    continue
                self._begin(worker, job, now)

    def _begin(self, worker: Worker, job: Job, now: float) -> None:
        assert worker.conn is not None and self._loop is not None
        worker.job, worker.began = job, now
        if self.waited is not None:
            self.waited(job.kind, now - job.queued_at)
        worker.timer = self._loop.call_later(job.deadline, self._overdue, worker)
        try:
            worker.conn.send((job.work, job.args))
        except (OSError, ValueError) as exc:
            self._lose(worker, f"the worker could not take a job ({exc})")

    def _answer(self, worker: Worker) -> None:
        """Take a worker's answer (called by the event loop when its pipe is readable)."""
        assert worker.conn is not None and self._loop is not None
        try:
            ok, result = worker.conn.recv()
        except (EOFError, OSError, ValueError):
            self._lose(worker, "the worker process ended")
            return
        job, worker.job = worker.job, None
        if worker.timer is not None:
            worker.timer.cancel()
        if job is None:
            return
        self._losses = 0
        now = self._loop.time()
        self.queue.charge(job.table, now - worker.began, now)
        if not job.future.done():
            if ok:
                job.future.set_result(result)
            else:
                job.future.set_exception(WorkerFailed(str(result)))
        if ok and isinstance(result, dict) and result.get("restart"):
            self._lose(worker, "the worker ran out of memory and was replaced")
            return
        self._dispatch()

    def _overdue(self, worker: Worker) -> None:
        """Kill a worker that missed its job's deadline."""
        job = worker.job
        seconds = f"{job.deadline:g}" if job else "?"
        self._lose(worker, f"no answer within {seconds} s: the worker was killed")

    def _lose(self, worker: Worker, why: str) -> None:
        """Drop a worker (killing it if it lives), fail its job, and start a replacement."""
        if worker not in self._live:
            return
        self._live.remove(worker)
        if worker.timer is not None:
            worker.timer.cancel()
        if self._loop is not None and worker.conn is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(worker.conn.fileno())
        self._kill(worker)
        job, worker.job = worker.job, None
        self.counters.lost += 1
        self.counters.by_reason[why] = self.counters.by_reason.get(why, 0) + 1
        self._losses += 1
        log.warning(
            "bot worker lost number=%d pid=%s table=%s reason=%r",
            worker.number,
            getattr(worker.process, "pid", None),
            job.table if job else "",
            why,
        )
        if job is not None and not job.future.done():
            job.future.set_exception(WorkerGone(why))
        if not self._closed:
            self._spawn(worker.search, self._pause())

    @staticmethod
    def _kill(worker: Worker) -> None:
        with contextlib.suppress(Exception):
            if worker.process is not None and worker.process.is_alive():
                worker.process.kill()
        with contextlib.suppress(Exception):
            if worker.conn is not None:
                worker.conn.close()

    @property
    def closed(self) -> bool:
        """Return whether the pool was closed (it takes no more jobs)."""
        return self._closed

    # -- looking in ----------------------------------------------------------------------------

    def processes(self) -> list[Any]:
        """Return the live worker processes (for tests and health checks)."""
        return [w.process for w in self._live if w.process is not None]

    def stats(self) -> dict[str, Any]:
        """Return the pool's numbers: workers, waiting jobs, fallbacks, workers lost."""
        busy = sum(w.job is not None for w in self._live)
        return {
            "workers": len(self._live),
            "busy": busy,
            "waiting_bots": self.queue.waiting(BOT),
            "waiting_hints": self.queue.waiting(HINT),
            "jobs": self.counters.jobs,
            "fallbacks": self.counters.fallbacks,
            "workers_lost": self.counters.lost,
        }

    def close(self) -> None:
        """Stop the workers at once; the pool takes no more jobs."""
        self._closed = True
        for task in list(self._spawning):
            task.cancel()
        for worker in list(self._live):
            if self._loop is not None and worker.conn is not None:
                with contextlib.suppress(Exception):
                    self._loop.remove_reader(worker.conn.fileno())
            self._kill(worker)
            if worker.job is not None and not worker.job.future.done():
                worker.job.future.set_exception(WorkerGone("the server is stopping"))
        self._live = []
        for job in self.queue.drop(lambda _job: True):
            if job.future is not None and not job.future.done():
                job.future.set_exception(WorkerGone("the server is stopping"))

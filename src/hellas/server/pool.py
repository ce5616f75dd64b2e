"""The server's bot workers: processes, fair scheduling, deadlines, and healing after a crash.

Bots and hints never think on the server's own process.  ``BotPool`` keeps a few worker
processes (``workers.serve``): search workers for search bots and hints, and one policy worker
for the cheap policy bots, so a cheap bot move never waits behind a long search.  Which waiting
job a free worker takes is ``fairness.FairQueue``'s rule: start-time fair queuing between the
owners of tables (the address that created a table, else the table), then hints, in turn per
client; a search move that starts while other owners wait is told to think for a slice of the
budget (``fairness``), so that nobody waits long behind a busy worker.  Spare search workers
(``spare_workers``) take only light moves, each for a short time at most, so a table whose bot
answers in milliseconds never waits for another owner's long search at all.

A new worker warms up (``workers.warm``) before it joins the workers that take jobs, so its first
table's move is not spent loading modules; one that cannot warm up in time is replaced.  Every
job has a deadline on top of the worker's own budget: a worker that does not answer in time is
killed and replaced, and its job fails with :class:`WorkerGone` (the caller then plays a cheap
move itself, see ``hub``).  A worker that dies, however (killed from outside, out of memory), is
replaced too, with a pause that grows while the replacements *in that worker's slot* keep dying:
each slot counts its own losses, and only an answer from that slot (or a long life) clears them,
so the policy worker answering does not hide that the search workers keep dying.  Every such
event is logged as one structured line.  ``check`` is the gate every bot passes before a server
seats it: a declared cost (``BotCost``) within this server's limits, and no reading of hidden
cards.  The pool refuses numbers that make no sense (a budget of 1e308 seconds) with a
``ValueError`` when it is built.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field
from multiprocessing import forkserver
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
    MIN_BOT_MEMORY,
    check_bot_spec,
)
from hellas.server.workers import FALLBACK_SECONDS, NICENESS, SPARE_NICENESS, overtime, serve

log = logging.getLogger("hellas.server.pool")
DEFAULT_HINT_SECONDS = 1.0  # how long a hint for a person thinks (at most the bot budget)
POLICY_BUDGET = 1.0  # seconds a cheap policy bot may think (it needs milliseconds)
GRACE = 2.0  # seconds past a job's own budgets before the server replaces its worker
MAX_PAUSE = 30.0  # the longest pause before replacing a worker that keeps dying
HINT_WAIT = 15.0  # seconds a hint may wait for a free worker before it is answered "busy"
WARM_DEADLINE = 60.0  # seconds a new worker may take to warm up before it is replaced
STABLE = 60.0  # a worker that lived this long before it was lost starts its slot's count afresh
MAX_BUDGET = 60.0  # the longest a bot move may be told to think


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
    slot: int = 0  # the place it fills: a replacement takes the slot of the worker it replaces
    process: Any = None
    conn: Connection | None = None
    job: Job | None = None
    began: float = 0.0
    timer: asyncio.TimerHandle | None = None
    born: float = 0.0  # monotonic time it joined
    hurry: asyncio.TimerHandle | None = None  # when its job is told to finish (others wait)
    hurry_at: float = math.inf
    spare: bool = False  # a spare search worker: light moves only (``FairQueue.pop``)


@dataclass
class Counters:
    """What the pool did, for logs, tests and metrics."""

    jobs: int = 0
    fallbacks: int = 0
    lost: int = 0  # workers that died or were killed
    started: int = 0
    warmed: int = 0  # workers that warmed up before taking a job
    warm_failures: int = 0  # workers replaced because they could not warm up
    hurried: int = 0  # search jobs told to finish at their slice because others waited
    pauses: list[float] = field(default_factory=list)  # the pause before each replacement
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
        eager: bool = False,
        spare_workers: int = 0,
    ) -> None:
        _count("workers", workers, 1, 256, none=True)
        _seconds("budget", budget, MAX_BUDGET)
        _count("max_iterations", max_iterations, 1, 10**9)
        _seconds("hint_seconds", hint_seconds, MAX_BUDGET, none=True)
        _count("max_samples", max_samples, 1, 10**9)
        _count("memory_mb", memory_mb, 0, 2**22)
        if 0 < memory_mb < MIN_BOT_MEMORY:
            raise ValueError(f"memory_mb is 0 (no ceiling) or at least {MIN_BOT_MEMORY} MiB")
        _count("policy_workers", policy_workers, 0, 16)
        _count("spare_workers", spare_workers, 0, 64)
        _seconds("hint_wait", hint_wait, 3600.0)
        self.workers = workers or default_workers()
        # eager (``hellas serve``): the workers start and warm up with the server, not on the
        # first table's move (a cold start on a busy machine would cost that move its budget)
        self.eager = eager
        _fork_server()  # it warms up while the server starts, before any table asks
        self.hint_wait = hint_wait  # a hint behind bots that keep every worker busy gives up
        self.policy_workers = policy_workers
        # spare search workers that take light moves only, so a light table's bot never waits
        # for another owner's heavy move (``fairness``, "Light moves")
        self.spare_workers = spare_workers
        self.budget = budget
        self.max_iterations = max_iterations
        self.max_samples = max_samples
        self.memory_mb = memory_mb
        self.hint_seconds = hint_seconds  # None: exactly max_iterations simulations (repeatable)
        self.queue = FairQueue()
        self.counters = Counters()
        self._live: list[Worker] = []
        self._numbers = 0
        self._losses: dict[int, int] = {}  # per slot: workers lost since its last answer
        self.warm_up: tuple[str, tuple[Any, ...]] = ("warm", ())  # a new worker's first job
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
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        name: str,
        seed: int,
        table: str = "",
        owner: str = "",
    ) -> dict[str, Any]:
        """Return ``{key, fallback, seconds}``: bot ``name``'s move for ``seat``, within budget.

        ``owner``: whose fair share the move counts against (the address that created the
        table; "" : the table's own).  Raises :class:`WorkerGone` when no worker answered (the
        caller plays a cheap move).
        """
        search = self.check(game, name).search
        budget = self.budget if search else min(self.budget, POLICY_BUDGET)
        args = (game.meta.id, game.state_to_json(state), seat, name, seed, budget)
        deadline = overtime(budget) + FALLBACK_SECONDS + GRACE
        job = Job(BOT, table, table, "move", args, budget, deadline, search, owner=owner)
        reply: dict[str, Any] = await self._run(job)
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
        if job.kind == BOT and job.search and not any(w.job is job for w in self._live):
            self._slice_running()  # it waits: the moves running now end at their slices
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

    def start(self) -> None:
        """Start the workers now, on the running event loop (they warm up in the background)."""
        if not self._closed:
            self._bind()

    def ready(self) -> tuple[bool, str]:
        """Return whether every lane has a warm worker (always, for a pool started lazily)."""
        lanes = [(True, self.workers), (False, self.policy_workers)]
        missing = [
            "search" if search else "policy"
            for search, wanted in lanes
            if wanted and not any(w.search == search for w in self._live)
        ]
        if not self.eager or not missing:
            return True, f"{len(self._live)} warm"
        return False, f"warming up ({', '.join(missing)} lane)"

    def _bind(self) -> asyncio.AbstractEventLoop:
        """Start the workers on first use, on the running event loop."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._live = []
            for slot in range(self.workers + self.spare_workers + self.policy_workers):
                self._spawn(slot, search=slot < self.workers + self.spare_workers, pause=0.0)
        return loop

    def _spawn(self, slot: int, search: bool, pause: float) -> None:
        """Start a worker for ``slot`` after ``pause`` seconds (in the background)."""
        task = asyncio.get_running_loop().create_task(self._start(slot, search, pause))
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _start(self, slot: int, search: bool, pause: float) -> None:
        """Start, warm up and join a worker for ``slot``, trying again with growing pauses."""
        if pause:
            await asyncio.sleep(pause)
        while not self._closed:
            self._numbers += 1
            worker = Worker(self._numbers, search, slot)
            worker.spare = search and slot >= self.workers
            try:
                await asyncio.to_thread(self._launch, worker)
            except Exception as exc:
                self._losses[slot] = self._losses.get(slot, 0) + 1
                wait = self._pause(slot)
                self.counters.pauses.append(wait)
                log.error(
                    "bot worker start failed slot=%d: %s; trying again in %.1f s", slot, exc, wait
                )
                self._fail_stranded(f"no bot worker could start ({str(exc)[:120]})")
                await asyncio.sleep(wait)
                continue
            if self.closed:  # closed while it started
                self._kill(worker)
                return
            assert worker.conn is not None
            worker.born = time.monotonic()
            self._live.append(worker)
            self.counters.started += 1
            self.counters.warmed += 1
            asyncio.get_running_loop().add_reader(worker.conn.fileno(), self._answer, worker)
            log.info(
                "bot worker started number=%d pid=%s lane=%s",
                worker.number,
                worker.process.pid,
                ("spare" if worker.spare else "search") if search else "policy",
            )
            self._dispatch()
            return

    def _fail_stranded(self, reason: str) -> None:
        """Fail the jobs that waited past their deadline for a worker none could start.

        A move or hint never waits for ever on workers that cannot start (a broken install,
        the machine out of memory): once a start failed and the job has waited longer than it
        would have taken to answer, its caller gets :class:`WorkerGone` and plays the cheap
        move, and the table goes on while the pool keeps trying to start a worker.
        """
        if self._loop is None:
            return
        now = self._loop.time()
        search = any(w.search and not w.spare for w in self._live)

        def stranded(job: Job) -> bool:
            if now - job.queued_at < job.deadline:
                return False  # a start may still come in time
            return not self._live if job.kind == BOT and not job.search else not search

        self._fail_waiting(stranded, reason)

    def _fail_waiting(self, predicate: Any, reason: str) -> None:
        """Take the waiting jobs ``predicate`` picks out of the queue, failing their callers."""
        for job in self.queue.drop(predicate):
            if job.future is not None and not job.future.done():
                job.future.set_exception(WorkerGone(reason))

    def _launch(self, worker: Worker) -> None:
        """Start one worker process and warm it up (blocking: called in a thread).

        Raises when the worker cannot warm up within ``WARM_DEADLINE`` (it is killed then).
        """
        # forkserver: workers start from a clean process (the server has threads), with the
        # games already imported and warmed (``warmed``), so starting one is quick.
        context = _fork_server()
        ours, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=serve,
            args=(
                theirs,
                os.getpid(),
                self.memory_mb * 2**20,
                SPARE_NICENESS if worker.spare else NICENESS,
            ),
            daemon=True,
            name=f"hellas-bot-{worker.number}",
        )
        process.start()
        theirs.close()
        worker.process, worker.conn = process, ours
        try:
            ours.send(self.warm_up)
            if not ours.poll(WARM_DEADLINE):
                raise WorkerGone(f"no warm-up within {WARM_DEADLINE:g} s")
            ok, found = ours.recv()
            if not ok:
                raise WorkerGone(f"its warm-up failed: {str(found)[:200]}")
        except Exception:
            self.counters.warm_failures += 1
            self._kill(worker)
            raise

    def _pause(self, slot: int) -> float:
        """Return how long to wait before replacing ``slot``'s worker: longer while they die."""
        losses = self._losses.get(slot, 0)
        if losses <= 1:
            return 0.0
        return float(min(MAX_PAUSE, 0.5 * 2.0 ** min(losses - 2, 16)))

    def _dispatch(self) -> None:
        """Give every idle worker the next job fairness picks for it."""
        if self._loop is None:
            return
        now = self._loop.time()
        for worker in list(self._live):
            while worker.job is None:
                job = self.queue.pop(search=worker.search, light=worker.spare)
                if job is None:
                    break
                if job.future.done():  # its caller gave up while it waited
                    self.queue.charge(job, 0.0)
                    continue
                self._begin(worker, job, now)

    def _begin(self, worker: Worker, job: Job, now: float) -> None:
        """Send ``job`` to ``worker``, told the budget the queue gave it (a slice when busy)."""
        assert worker.conn is not None and self._loop is not None
        worker.job, worker.began = job, now
        if job.work == "move" and job.budget < job.args[-1]:
            job.args = (*job.args[:-1], job.budget)  # others wait: think for a slice
        if self.waited is not None:
            self.waited(job.kind, now - job.queued_at)
        worker.timer = self._loop.call_later(job.deadline, self._overdue, worker)
        try:
            worker.conn.send((job.work, job.args))
        except (OSError, ValueError) as exc:
            self._lose(worker, f"the worker could not take a job ({exc})")

    def _slice_running(self) -> None:
        """Tell every running search job to finish at its slice now that others wait.

        A job's slice (``FairQueue.slice_for``) counts the other owners waiting now; a job that
        has thought that long already is told at once.  The worker's bots then answer with what
        they have found (``workers``: the clock jumps), not with the alarm's cheap move.
        """
        assert self._loop is not None
        for worker in self._live:
            job = worker.job
            if job is None or not worker.search or not job.search:
                continue
            at = worker.began + self.queue.slice_for(job)
            if at >= worker.hurry_at:
                continue
            if worker.hurry is not None:
                worker.hurry.cancel()
            worker.hurry_at = at
            worker.hurry = self._loop.call_at(at, self._hurry, worker, job)

    def _hurry(self, worker: Worker, job: Job) -> None:
        """Tell ``worker`` to finish ``job`` now (a signal its bots' clock answers to)."""
        worker.hurry = None
        if worker.job is not job or worker not in self._live or worker.process is None:
            return
        with contextlib.suppress(OSError):
            os.kill(worker.process.pid, signal.SIGUSR1)
            self.counters.hurried += 1

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
        self._calm(worker)
        if job is None:
            return
        self._losses.pop(worker.slot, None)  # this slot's worker works: its back-off is over
        now = self._loop.time()
        said = result if ok and isinstance(result, dict) else {}
        cpu = said.get("cpu")
        cut = bool(said.get("hurried") or said.get("fallback"))
        self.queue.charge(job, now - worker.began, cpu if isinstance(cpu, float) else None, cut)
        if not job.future.done():
            if ok:
                job.future.set_result(result)
            else:
                job.future.set_exception(WorkerFailed(str(result)))
        if ok and isinstance(result, dict) and result.get("restart"):
            self._lose(worker, "the worker ran out of memory and was replaced")
            return
        self._dispatch()

    @staticmethod
    def _calm(worker: Worker) -> None:
        """Forget a worker's pending hurry (its job is over)."""
        if worker.hurry is not None:
            worker.hurry.cancel()
        worker.hurry, worker.hurry_at = None, math.inf

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
        self._calm(worker)
        if self._loop is not None and worker.conn is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(worker.conn.fileno())
        self._kill(worker)
        job, worker.job = worker.job, None
        if job is not None and self._loop is not None:
            self.queue.charge(job, self._loop.time() - worker.began)
        self.counters.lost += 1
        self.counters.by_reason[why] = self.counters.by_reason.get(why, 0) + 1
        if time.monotonic() - worker.born >= STABLE:
            self._losses.pop(worker.slot, None)  # a long life: not a worker that keeps dying
        self._losses[worker.slot] = self._losses.get(worker.slot, 0) + 1
        pause = self._pause(worker.slot)
        log.warning(
            "bot worker lost number=%d slot=%d pid=%s table=%s reason=%r pause=%.1f",
            worker.number,
            worker.slot,
            getattr(worker.process, "pid", None),
            job.table if job else "",
            why,
            pause,
        )
        if job is not None and not job.future.done():
            job.future.set_exception(WorkerGone(why))
        if not self._closed:
            self.counters.pauses.append(pause)
            self._spawn(worker.slot, worker.search, pause)

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

    def processes(self, search: bool | None = None) -> list[Any]:
        """Return the live worker processes, of one lane if ``search`` is given (for tests)."""
        return [
            w.process
            for w in self._live
            if w.process is not None and (search is None or w.search == search)
        ]

    def stats(self) -> dict[str, Any]:
        """Return the pool's numbers: workers, waiting jobs, fallbacks, workers lost."""
        busy = sum(w.job is not None for w in self._live)
        return {
            "workers": len(self._live),
            "spare": sum(w.spare for w in self._live),
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
        self._fail_waiting(lambda _job: True, "the server is stopping")


def _count(name: str, value: object, least: int, most: int, none: bool = False) -> None:
    """Raise ``ValueError`` unless ``value`` is a whole number from ``least`` to ``most``."""
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ValueError(f"{name} must be a whole number from {least} to {most}, not {value!r:.40}")


def _seconds(name: str, value: object, most: float, none: bool = False) -> None:
    """Raise ``ValueError`` unless ``value`` is finite seconds above 0 and at most ``most``."""
    if value is None and none:
        return
    number = math.nan
    if isinstance(value, int | float) and not isinstance(value, bool):
        with contextlib.suppress(OverflowError):
            number = float(value)
    if not (math.isfinite(number) and 0 < number <= most):
        raise ValueError(f"{name} must be seconds above 0 and at most {most:g}, not {value!r:.40}")


def _fork_server() -> Any:
    """Return the fork server context the workers start from, starting it (and its warm-up)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["hellas.server.workers", "hellas.server.warmed"])
    with contextlib.suppress(Exception):  # a start that fails is tried again at the first worker
        forkserver.ensure_running()
    return context

"""Which waiting job a free bot worker takes next: fair between owners, hints after bots.

Bot moves wait in *flows*, one per owner: the client address that created the table when the
server knows it, else the table itself, so ten tables from one address share one address's
turn.  Between flows the rule is start-time fair queuing over a virtual clock counted in
worker-seconds (and inside a flow the same rule again, between its tables, on the flow's own
clock, so one owner's light table is not stuck behind its heavy ones):

* ``V``, the virtual time, moves on with the work done: every finished job adds its seconds
  divided by the number of flows then waiting or running (what each would have had from an
  even share), and it is never behind the tag of a job already started.
* A flow that has nothing waiting or running and asks again starts at ``max(V, its tag)``: a
  newcomer never counts as 0 (it starts at the current virtual time, not at the start of time),
  and a flow that used a lot lately keeps its later tag until the others have caught up.
* A free worker takes the job that would end first on the virtual clock: the flow's tag plus
  the seconds its latest job used (a newcomer: the slice it would get), ties to the one that
  asked first; the flow's tag then moves on by the job's budget, corrected to the seconds it
  really used when it answers.  So a light table goes before heavy ones at the same tag.
  Waiting earns credit: while a flow waits, ``V`` rises towards and past its tag, and every
  flow that asks later starts at that ``V`` or beyond.

The bound.  When a flow's job starts, ``V`` is raised to its tag, and the tag then moves on
by at most one job's deadline ``D``: no flow is ever more than ``D`` ahead of ``V``.  While a
bot move waits, every finished job raises ``V`` by its seconds over the ``F`` flows then active,
and each other flow can start jobs ahead of it only until its own tag passes the waiting one's.
So a waiting bot move starts within (queue depth x budget): at most about ``F x 2D`` seconds of
the ``W`` workers' time, ``F`` counting the owners with work waiting or running meanwhile.  One
owner's new tables are no new flows (they take turns inside the owner's), so no stream of them
pushes anyone back; a new owner is one more share, at most one job ahead of a light flow, which
asks at ``V`` itself.  ``tests/server/test_fairness.py`` simulates both.

Slices.  A fair order alone cannot keep a light table's bot quick: a free worker is the only
way in, and a worker already thinking on another owner's move keeps it for up to a whole
budget.  So a search move that starts while other owners' search moves wait thinks for a slice,
not the whole budget: ``budget / (1 + O)``, ``O`` the other owners waiting, and never below
``SLICE_FLOOR`` (nor above the budget).  A bot answers from what it has found when its time
is up, so a busy server's bots think less, and the wait of a move that finds the workers busy
is about one slice per owner ahead of it: ``F x budget / (1 + F)`` (under ``budget``) until
the floor, then ``F x SLICE_FLOOR``.  On a quiet server (no other owner waiting) every move
gets the whole budget.

Light moves.  A slice still makes a light table's move (an ``ismcts:200`` answer of 20 ms) wait
for another owner's heavy move to end.  So the pool keeps *spare* workers that take only light
moves (``pop(light=True)``): from an owner with nothing running whose latest move was light
(it needed under ``LIGHT`` seconds: the processor time of a move that ended on its own before
its deadline, else the wall time it held its worker; see ``weight``), told to think ``LIGHT``
seconds at most.  An owner with no move yet is not light: its first move
goes to the other workers, so owners that keep arriving (twenty addresses creating tables)
never reach a spare.  A heavy owner's moves never reach a spare, and a spare is never held
longer than ``LIGHT`` (a heavy move there uses all of it, so its owner is heavy again at
once), so a light move finds a free worker at once unless the spares are all busy with other
light moves; the machine's cores are shared between the running moves by the operating system.

Hints wait in a lower lane: a worker takes one only when no bot move waits, round-robin between
the clients that asked.  This module is pure bookkeeping (no processes, no event loop, no
clock), so its rules are tested alone.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

BOT, HINT = "bot", "hint"
FORGET = 4096  # idle flows kept at most (an idle flow at or behind V restarts at V anyway)
SLICE_FLOOR = 0.25  # the least a search move thinks when other owners wait (seconds)
LIGHT = SLICE_FLOOR  # a move under this is light; a spare worker's move thinks at most this
ON_ITS_OWN = 0.8  # a move that ended before this share of its budget ended on its own


@dataclass
class Job:
    """One piece of work for a worker: a bot move for a table, or a hint for a client."""

    kind: str  # BOT or HINT
    table: str
    client: str  # who asked (a hint's address; a bot move's table)
    work: str  # the worker function's name
    args: tuple[Any, ...]
    budget: float  # seconds the work may think (the worker stops it then)
    deadline: float  # seconds after which the server gives up on the worker and replaces it
    search: bool = True  # False: a cheap policy, which any worker may take
    queued_at: float = 0.0
    future: Any = None  # the asyncio future the caller awaits
    owner: str = ""  # whose share a bot move counts against ("" : its table's own)
    asked: float = 0.0  # the budget it was queued with (``budget`` may be a slice of it)

    @property
    def flow(self) -> str:
        """Return the key of the flow a bot move waits in (its owner, else its table)."""
        return self.owner or self.table


@dataclass
class Flow:
    """One owner's bot moves: its virtual tag, and its tables fairly queued on its own clock."""

    tag: float = 0.0  # the virtual start of its next job
    order: int = 0  # when it took that tag (ties go to the earlier)
    running: int = 0  # its jobs a worker is thinking on
    tables: OrderedDict[str, deque[Job]] = field(default_factory=OrderedDict)
    clock: float = 0.0  # the flow's own virtual time, between its tables
    tags: dict[str, float] = field(default_factory=dict)  # table -> its next job's start
    busy: dict[str, int] = field(default_factory=dict)  # table -> its jobs running
    last: float | None = None  # seconds its latest job needed (``weight``; None: none yet)
    lasts: dict[str, float] = field(default_factory=dict)  # table -> its latest job's need

    def active(self) -> bool:
        """Return whether the flow has a job waiting or running."""
        return bool(self.tables) or self.running > 0

    def light(self) -> bool:
        """Return whether a spare worker may take this flow's move (nothing running, light)."""
        # a newcomer (no move yet) is not light; ``last`` is what its latest move needed
        return self.running == 0 and self.last is not None and self.last < LIGHT

    def pick(self, search: bool, sharing: int = 1) -> str | None:
        """Return the waiting table that would finish first a worker of this lane may take."""
        best: tuple[float, str] | None = None
        for table, jobs in self.tables.items():  # in turn order: ties go to the first
            if not (search or not jobs[0].search):
                continue
            finish = self.tags[table] + self.lasts.get(table, _first(jobs[0], sharing))
            if best is None or finish < best[0]:
                best = (finish, table)
        return None if best is None else best[1]

    def finish(self, table: str, sharing: int = 1) -> float:
        """Return when the flow's job for ``table`` would end on the virtual clock (estimated)."""
        first = _first(self.tables[table][0], sharing)
        return self.tag + (first if self.last is None else self.last)


@dataclass
class FairQueue:
    """Waiting jobs: bot moves per owner (start-time fair queuing), hints per client (in turn)."""

    flows: dict[str, Flow] = field(default_factory=dict)
    hints: OrderedDict[str, deque[Job]] = field(default_factory=OrderedDict)
    virtual: float = 0.0  # V: worker-seconds an even share has had so far
    slicing: bool = True  # a search move thinks for a slice while other owners wait
    _order: int = 0

    def __len__(self) -> int:
        return self.waiting(BOT) + self.waiting(HINT)

    def waiting(self, kind: str) -> int:
        """Return how many jobs of ``kind`` wait."""
        if kind == HINT:
            return sum(len(q) for q in self.hints.values())
        return sum(len(q) for f in self.flows.values() for q in f.tables.values())

    def _next_order(self) -> int:
        self._order += 1
        return self._order

    def push(self, job: Job) -> None:
        """Queue a job behind the earlier ones of its table (bot) or client (hint)."""
        if job.kind != BOT:
            self.hints.setdefault(job.client, deque()).append(job)
            return
        flow = self.flows.get(job.flow)
        if flow is None:
            flow = self.flows[job.flow] = Flow(self.virtual, self._next_order())
        elif not flow.active():  # back after a pause: no credit for the time it was away
            flow.tag = max(flow.tag, self.virtual)
            flow.order = self._next_order()
        if job.table not in flow.tables and not flow.busy.get(job.table):
            flow.tags[job.table] = max(flow.tags.get(job.table, flow.clock), flow.clock)
        flow.tables.setdefault(job.table, deque()).append(job)

    def pop(self, search: bool = True, light: bool = False) -> Job | None:
        """Return the next job for a free worker, or None (policy workers take cheap moves only).

        ``light``: a spare worker asks, which takes only light moves (see the module's text).
        """
        best: tuple[float, int, str, str] | None = None
        sharing = sum(1 for f in self.flows.values() if f.tables)  # owners waiting now
        for key, flow in self.flows.items():
            if best is not None and flow.tag >= best[0]:
                continue  # it cannot finish first (what a job uses is never below 0)
            if light and not flow.light():
                continue
            table = flow.pick(search, sharing)
            if table is None:
                continue
            finish = flow.finish(table, sharing)
            if best is None or (finish, flow.order) < best[:2]:
                best = (finish, flow.order, key, table)
        if best is not None:
            return self._start(self.flows[best[2]], best[3], light)
        if search and self.hints and not light:
            return self._take(self.hints, next(iter(self.hints)))
        return None

    def _start(self, flow: Flow, table: str, light: bool = False) -> Job:
        """Take ``table``'s first job from ``flow`` and move the flow's tag on by its budget."""
        job = self._take(flow.tables, table)
        self._slice(job, flow)
        if light and job.search:
            job.budget = min(job.budget, LIGHT)  # a spare worker is never held for long
        flow.clock = max(flow.clock, flow.tags[table])
        flow.tags[table] = _exact(flow.tags[table] + job.budget)
        flow.busy[table] = flow.busy.get(table, 0) + 1
        self.virtual = max(self.virtual, flow.tag)
        flow.tag = _exact(flow.tag + job.budget)  # corrected to the seconds used (``charge``)
        flow.order = self._next_order()
        flow.running += 1
        return job

    def _slice(self, job: Job, flow: Flow) -> None:
        """Cut a search move's budget to a slice while other owners' search moves wait."""
        job.asked = job.asked or job.budget
        if self.slicing and job.search:
            job.budget = self.slice_for(job, flow)

    def slice_for(self, job: Job, flow: Flow | None = None) -> float:
        """Return how long ``job`` may think now: its budget, or a slice while others wait.

        ``flow``: the job's own flow (found from the job when not given).  Others: the owners,
        not the job's own, with a search move waiting.
        """
        asked = job.asked or job.budget
        if not (self.slicing and job.search):
            return asked
        own = flow if flow is not None else self.flows.get(job.flow)
        others = sum(
            1
            for f in self.flows.values()
            if f is not own and any(q[0].search for q in f.tables.values())
        )
        if not others:
            return asked
        return _exact(min(asked, max(SLICE_FLOOR, asked / (1 + others))))

    @staticmethod
    def _take(lanes: OrderedDict[str, deque[Job]], key: str) -> Job:
        """Take the first job of ``key`` and send ``key`` to the back of the turn order."""
        jobs = lanes[key]
        job = jobs.popleft()
        del lanes[key]
        if jobs:
            lanes[key] = jobs  # re-inserted last: the others go first next time
        return job

    def charge(self, job: Job, seconds: float, cpu: float | None = None, cut: bool = False) -> None:
        """Record that a job ``pop`` gave out has ended after ``seconds`` of a worker's time.

        ``cpu``: the processor seconds the move's own process used, when the worker said;
        ``cut``: the move was hurried to its slice.  See ``weight`` for what they change.
        """
        if job.kind != BOT:
            return
        flow = self.flows.get(job.flow)
        if flow is None or flow.running <= 0:
            return
        used = min(max(0.0, seconds), max(job.budget, job.deadline))
        heavy = weight(job, used, cpu, cut)
        sharing = sum(f.active() for f in self.flows.values())
        tables = len(set(flow.tables) | {t for t, n in flow.busy.items() if n > 0})
        flow.tag = _exact(flow.tag + used - job.budget)
        flow.last = heavy
        flow.running -= 1
        self.virtual = _exact(self.virtual + used / max(1, sharing))
        if job.table in flow.tags:
            flow.tags[job.table] = _exact(flow.tags[job.table] + used - job.budget)
            flow.lasts[job.table] = heavy
            flow.busy[job.table] -= 1
            if not flow.busy[job.table]:
                del flow.busy[job.table]
            flow.clock = _exact(flow.clock + used / max(1, tables))
            if len(flow.tags) > FORGET:
                idle = [t for t, v in flow.tags.items() if t not in flow.tables and v <= flow.clock]
                for t in idle:
                    if not flow.busy.get(t):
                        del flow.tags[t]
                        flow.lasts.pop(t, None)
        if len(self.flows) > FORGET:
            self._forget()

    def _forget(self) -> None:
        """Drop idle flows whose tag V has reached: they would start at V anyway."""
        for key in [k for k, f in self.flows.items() if not f.active() and f.tag <= self.virtual]:
            del self.flows[key]

    def drop(self, predicate: Any) -> list[Job]:
        """Remove and return the waiting jobs for which ``predicate(job)`` is true."""
        dropped: list[Job] = []
        lanes_list = [self.hints, *(f.tables for f in self.flows.values())]
        for lanes in lanes_list:
            for key in list(lanes):
                keep: deque[Job] = deque()
                for job in lanes[key]:
                    (dropped if predicate(job) else keep).append(job)
                if keep:
                    lanes[key] = keep
                else:
                    del lanes[key]
        return dropped


def weight(job: Job, used: float, cpu: float | None, cut: bool = False) -> float:
    """Return what a finished move says of its owner's next one: the seconds it really needed.

    A move that ended on its own well before its deadline (not cut to a slice, under
    ``ON_ITS_OWN`` of its budget) needed only the processor time its process used: on a
    crowded machine its wall time is mostly other processes' turns, and counting that would
    make an honest 20 ms move look heavy and send its next move to wait for a slice.  A move
    that ran to its deadline (every strong search does) is weighed by the wall time it held
    the worker, so no owner turns light by thinking on a starved core.
    """
    if cpu is None or cut or used >= ON_ITS_OWN * job.budget:
        return used
    return min(used, max(0.0, cpu))


def _first(job: Job, sharing: int) -> float:
    """Return what a flow's (or table's) first move is reckoned to use: the slice it would get.

    Nothing is known of a newcomer yet.  Reckoned a whole budget, it would go behind every
    flow whose moves are cut to slices until ``V`` caught up; it is reckoned the slice it
    would think for with ``sharing`` owners waiting (itself among them).
    """
    return min(job.budget, max(SLICE_FLOOR, job.budget / max(1, sharing)))


def _exact(seconds: float) -> float:
    """Return ``seconds`` rounded to the nanosecond (sums of floats must tie when they should)."""
    return round(seconds, 9)

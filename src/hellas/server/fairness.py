"""Which waiting job a free bot worker takes next: fair between tables, hints after bots.

Bot moves wait per table and hints per client.  A free worker takes the bot move of the table
that has used the workers least lately (its worker-seconds, decayed with a half-life), so a
table that asks for cheap moves is served before tables that keep the workers busy, and tables
with equal use take turns in the order they asked.  Hints wait in a lower lane: a worker takes
one only when no bot move waits, round-robin between the clients that asked.  Since a table has
at most one bot move waiting or running at a time, no table or client can hold another table's
bot move back by more than the one job a worker is already running.

This module is pure bookkeeping (no processes, no event loop), so its rules are tested alone.
"""

from __future__ import annotations

import math
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

HALF_LIFE = 30.0  # seconds: how fast a table's past use of the workers is forgotten
BOT, HINT = "bot", "hint"


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


@dataclass
class Usage:
    """Worker-seconds a table used, decayed: ``value`` as of ``at``."""

    value: float = 0.0
    at: float = 0.0

    def now(self, t: float) -> float:
        """Return the decayed use at time ``t``."""
        return self.value * math.exp2(-(t - self.at) / HALF_LIFE) if t > self.at else self.value


@dataclass
class FairQueue:
    """Waiting jobs: bot moves per table (least recent use first), hints per client (in turn)."""

    bots: OrderedDict[str, deque[Job]] = field(default_factory=OrderedDict)
    hints: OrderedDict[str, deque[Job]] = field(default_factory=OrderedDict)
    usage: dict[str, Usage] = field(default_factory=dict)

    def __len__(self) -> int:
        return sum(len(q) for q in self.bots.values()) + sum(len(q) for q in self.hints.values())

    def waiting(self, kind: str) -> int:
        """Return how many jobs of ``kind`` wait."""
        lanes = self.bots if kind == BOT else self.hints
        return sum(len(q) for q in lanes.values())

    def push(self, job: Job) -> None:
        """Queue a job behind the earlier ones of its table (bot) or client (hint)."""
        lanes = self.bots if job.kind == BOT else self.hints
        key = job.table if job.kind == BOT else job.client
        lanes.setdefault(key, deque()).append(job)

    def pop(self, now: float, search: bool = True) -> Job | None:
        """Return the next job for a free worker, or None (policy workers take cheap moves only)."""
        best_key, best_use = None, math.inf
        for key, jobs in self.bots.items():  # in the order tables first asked: ties go in turn
            if not search and jobs[0].search:
                continue
            use = self.usage[key].now(now) if key in self.usage else 0.0
            if use < best_use:
                best_key, best_use = key, use
        if best_key is not None:
            return self._take(self.bots, best_key)
        if search and self.hints:
            return self._take(self.hints, next(iter(self.hints)))
        return None

    @staticmethod
    def _take(lanes: OrderedDict[str, deque[Job]], key: str) -> Job:
        """Take the first job of ``key`` and send ``key`` to the back of the turn order."""
        jobs = lanes[key]
        job = jobs.popleft()
        del lanes[key]
        if jobs:
            lanes[key] = jobs  # re-inserted last: the others go first next time
        return job

    def charge(self, table: str, seconds: float, now: float) -> None:
        """Add ``seconds`` of worker time to a table's decayed use."""
        usage = self.usage.setdefault(table, Usage(0.0, now))
        usage.value = usage.now(now) + max(0.0, seconds)
        usage.at = now
        if len(self.usage) > 4096:  # forget the tables whose use has decayed to nothing
            for key in [k for k, u in self.usage.items() if u.now(now) < 0.01]:
                del self.usage[key]

    def drop(self, predicate: Any) -> list[Job]:
        """Remove and return the waiting jobs for which ``predicate(job)`` is true."""
        dropped: list[Job] = []
        for lanes in (self.bots, self.hints):
            for key in list(lanes):
                keep: deque[Job] = deque()
                for job in lanes[key]:
                    (dropped if predicate(job) else keep).append(job)
                if keep:
                    lanes[key] = keep
                else:
                    del lanes[key]
        return dropped

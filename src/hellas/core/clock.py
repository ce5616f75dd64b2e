"""The clock search bots read their deadlines from, which a busy server can run forward.

Every search bot that watches its own time budget (ISMCTS, lookahead, the Realms improver and
planner) reads the time here, not from ``time`` directly.  Alone this is ``time.perf_counter``.
In a server's bot worker, the pool may ask a move to finish early because another owner's move
waits for the worker (``server/fairness``: nobody thinks past a slice while others wait): the
worker then calls ``hurry``, the clock jumps past every deadline, and the bot answers with what it
has found so far, as it would at the end of its budget (never the alarm's cheap fallback).  The
worker calls ``calm`` before each job.  One process runs one bot at a time, so a module-level
skew is the whole state.
"""

from __future__ import annotations

import time

LEAP = 1.0e6  # seconds the clock jumps when hurried: past any budget a server allows

_skew = [0.0]  # seconds added to the real clock (one cell: set by a signal handler)


def now() -> float:
    """Return the bots' clock in seconds (``time.perf_counter``, moved on once hurried)."""
    return time.perf_counter() + _skew[0]


def hurry() -> None:
    """Move the clock past every deadline: the running search answers with what it has."""
    _skew[0] = LEAP


def calm() -> None:
    """Put the clock back to real time (before the next job)."""
    _skew[0] = 0.0


def hurried() -> bool:
    """Return whether the clock was moved on since the last ``calm``."""
    return _skew[0] > 0.0

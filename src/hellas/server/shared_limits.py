"""Per-address limits and sign-in throttles shared by every server process over PostgreSQL.

One ``hellas serve`` process keeps its limits in memory (``traffic.RateLimiter``,
``limits.RequestRate``, ``signins.Backoff``).  Several processes behind one load balancer
would each give an address its own allowance, so with PostgreSQL the limits that matter across
processes live in the database as the moves do:

- **Rates** (``SharedRate``): one row per limiter and address in ``hellas_rate_buckets``, a
  token bucket kept as the time it is full again (``tat``: the generic cell rate algorithm), in
  database time.  One statement takes tokens and says how many it got.  The fast path is local:
  a process reserves a *batch* of tokens at once (``batch``, e.g. a tenth of the burst) and
  spends them from memory for up to ``HOLD`` seconds, so a busy address costs one database
  write per batch; a refused address is remembered until its bucket has a token again, so a
  flood costs no writes at all.  Reserved tokens come out of the shared bucket before they are
  spent, so all processes together never give an address more than one bucket's worth; what a
  process reserved and did not spend is simply lost (the address gets a little less, never
  more).
- **Sign-in back-off** (``SharedFailures``): wrong passwords per key in
  ``hellas_signin_failures`` (count, time of the last), read and written by ``signins.py``.

Every row expires: a bucket that is full again and a failure older than an hour mean nothing, and
each process deletes them every ``PURGE_EVERY`` writes; past ``ROWS_MAX`` rows the oldest go
too, so neither table grows without bound whatever the number of addresses.

A database error never breaks a move: rate limits then *fail open* to the process's own
in-memory limit (today's per-process allowance) for ``PAUSE`` seconds before the database is
tried again; sign-ins *fail closed* (a 503 asking to try again shortly: a guesser must not
gain a fresh allowance on every process because the database is slow).  With SQLite (one
process) nothing is shared and every limit stays in memory as before.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, bindparam, text
from sqlalchemy.engine import Engine

from hellas.server.traffic import BUCKETS_MAX, RateLimiter, TrafficError

log = logging.getLogger("hellas.server.shared_limits")

HOLD = 2.0  # seconds a process may spend tokens it reserved before they lapse
PAUSE = 5.0  # seconds the database is left alone after an error (the local limits meanwhile)
PURGE_EVERY = 500  # writes of one process between two purges of expired rows
ROWS_MAX = 200_000  # rows a shared table keeps at most (the oldest go first)
BATCH_SHARE = 0.1  # of a burst, reserved at once by ``batched`` limits (creations, replays ...)
KEY_MAX = 200  # characters of a key (the column's width)
FORGET = 3600.0  # seconds: no sign-in back-off remembers a wrong password longer

SHARED_METADATA = MetaData()
BUCKETS = Table(
    "hellas_rate_buckets",
    SHARED_METADATA,
    Column("name", String(24), primary_key=True),  # which limit: http, ws-connect, signin ...
    Column("key", String(KEY_MAX), primary_key=True),  # the client address (or other key)
    Column("tat", Float, nullable=False),  # database time at which the bucket is full again
    Column("granted", Float, nullable=False),  # tokens the last reservation got (0: refused)
)
FAILURES = Table(
    "hellas_signin_failures",
    SHARED_METADATA,
    Column("key", String(KEY_MAX), primary_key=True),  # throttle:name|address (or device)
    Column("count", Integer, nullable=False),
    Column("last", Float, nullable=False),  # database time of the last wrong password
)
NOW = "extract(epoch from statement_timestamp())"  # one value for the whole statement
AVAIL = f"((({NOW}) + :burst / :rate - GREATEST(b.tat, {NOW})) * :rate)"
GRANT = f"(CASE WHEN {AVAIL} >= :cost THEN LEAST(:want, {AVAIL}) ELSE 0 END)"
RESERVE = text(
    "INSERT INTO hellas_rate_buckets AS b (name, key, tat, granted) "
    f"VALUES (:name, :key, {NOW} + :first / :rate, :first) "
    f"ON CONFLICT (name, key) DO UPDATE SET granted = {GRANT}, "
    f"tat = GREATEST(b.tat, {NOW}) + {GRANT} / :rate "
    f"RETURNING b.granted, b.tat - {NOW} AS ahead"
)
FAILED = text(
    f"INSERT INTO hellas_signin_failures AS f (key, count, last) VALUES (:key, 1, {NOW}) "
    "ON CONFLICT (key) DO UPDATE SET "
    f"count = CASE WHEN {NOW} - f.last >= :forget THEN 1 ELSE f.count + 1 END, last = {NOW}"
)
FAILURES_OF = text(
    f"SELECT key, count, {NOW} - last AS ago FROM hellas_signin_failures WHERE key IN :keys"
).bindparams(bindparam("keys", expanding=True))
CLEAR = text("DELETE FROM hellas_signin_failures WHERE key IN :keys").bindparams(
    bindparam("keys", expanding=True)
)
PURGES = (
    text(f"DELETE FROM hellas_rate_buckets WHERE tat < {NOW}"),
    text(f"DELETE FROM hellas_signin_failures WHERE last < {NOW} - {FORGET}"),
    text(
        "DELETE FROM hellas_rate_buckets WHERE (name, key) IN (SELECT name, key FROM "
        f"hellas_rate_buckets ORDER BY tat DESC OFFSET {ROWS_MAX})"
    ),
    text(
        "DELETE FROM hellas_signin_failures WHERE key IN (SELECT key FROM "
        f"hellas_signin_failures ORDER BY last DESC OFFSET {ROWS_MAX})"
    ),
)


class Shared:
    """The shared limit tables of one database, and whether they may be used right now."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.on = engine.dialect.name == "postgresql"  # SQLite: one process, nothing to share
        self.down_until = 0.0  # monotonic time before which the database is not asked
        self.writes = 0
        self.errors = 0  # database errors met (for tests and logs)
        self.round_trips = 0  # statements sent (for the benchmark: what the fast path saves)
        if self.on:
            SHARED_METADATA.create_all(engine)

    def usable(self) -> bool:
        """Return whether limits go through the database now (PostgreSQL, not in a pause)."""
        return self.on and time.monotonic() >= self.down_until

    def failed(self, exc: BaseException) -> None:
        """Note a database error: leave the database alone for ``PAUSE`` seconds."""
        self.errors += 1
        if time.monotonic() >= self.down_until:
            log.warning("shared limits unavailable for %.0f s: %s", PAUSE, str(exc)[:200])
        self.down_until = time.monotonic() + PAUSE

    def wrote(self) -> None:
        """Count a write; every ``PURGE_EVERY``-th deletes the rows that expired (blocking)."""
        self.writes += 1
        if self.writes % PURGE_EVERY == 0:
            self.purge()

    def purge(self) -> None:
        """Delete the expired rows, then the oldest past ``ROWS_MAX`` (blocking)."""
        with self.engine.begin() as conn:
            for statement in PURGES:
                conn.execute(statement)
        self.round_trips += len(PURGES)


_SHARED: weakref.WeakKeyDictionary[Engine, Shared] = weakref.WeakKeyDictionary()


def shared_for(engine: Engine) -> Shared:
    """Return the one ``Shared`` of a database engine (made the first time it is asked)."""
    found = _SHARED.get(engine)
    if found is None:
        found = _SHARED[engine] = Shared(engine)
    return found


def unavailable(what: str) -> TrafficError:
    """Return the 503 of a fail-closed limit whose database cannot be asked now."""
    return TrafficError(
        "busy",
        f"{what} cannot be checked right now; try again in a few seconds",
        503,
        {"Retry-After": str(int(PAUSE))},
    )


@dataclass
class SharedRate(RateLimiter):
    """A ``RateLimiter`` whose buckets every process shares through PostgreSQL.

    ``spend`` takes tokens from the shared bucket (through a local reservation of ``batch``
    tokens); it returns None where nothing is shared (SQLite) or the database is failing and
    the limit fails open: the caller then applies its in-memory limit (``take`` for a plain
    rate).  A fail-closed limit (``fail_open`` False) raises a 503 instead.
    """

    shared: Shared | None = None
    name: str = "rate"
    batch: float = 1.0  # tokens one reservation asks for (1: every action asks the database)
    fail_open: bool = True
    reserved: OrderedDict[str, tuple[float, float]] = field(default_factory=OrderedDict)
    blocked: dict[str, float] = field(default_factory=dict)  # key -> monotonic time it may ask

    async def spend(self, key: str, cost: float = 1.0) -> float | None:
        """Spend ``cost`` tokens of ``key``: 0, the seconds to wait, or None (use the local)."""
        if self.per_minute <= 0:
            return 0.0
        shared = self.shared
        if shared is None or not shared.on:
            return None
        cost = min(cost, self.capacity)
        now = time.monotonic()
        tokens, until = self.reserved.get(key, (0.0, 0.0))
        if until > now and tokens >= cost:
            self.reserved[key] = (tokens - cost, until)
            return 0.0
        ready = self.blocked.get(key, 0.0)
        if ready > now:
            return ready - now
        if not shared.usable():
            return self._down()
        try:
            granted, wait = await asyncio.to_thread(
                self._reserve, key[:KEY_MAX], max(cost, self.batch), cost
            )
        except Exception as exc:  # the database failed: local limits meanwhile
            shared.failed(exc)
            return self._down()
        self._forget(now)
        if granted < cost:
            self.blocked[key] = now + wait
            return wait
        self.reserved.pop(key, None)
        self.reserved[key] = (granted - cost, now + HOLD)
        return 0.0

    def _down(self) -> float | None:
        """Answer without the database: fail open (None: the local limit) or closed (a 503)."""
        if self.fail_open:
            return None
        raise unavailable(self.what)

    def _reserve(self, key: str, want: float, cost: float) -> tuple[float, float]:
        """Take up to ``want`` (at least ``cost``) tokens; return (granted, seconds to wait)."""
        shared = self.shared
        assert shared is not None
        rate = self.per_minute / 60.0
        burst = self.capacity
        first = min(want, burst)
        params = {"name": self.name, "key": key, "rate": float(rate), "burst": float(burst)}
        params.update(cost=float(cost), want=float(first), first=float(first))
        with shared.engine.begin() as conn:
            row = conn.execute(RESERVE, params).one()
        shared.round_trips += 1
        shared.wrote()
        granted, ahead = float(row.granted), float(row.ahead)
        wait = max(0.05, ahead - burst / rate + cost / rate)  # when the bucket has ``cost``
        return granted, wait

    def _forget(self, now: float) -> None:
        """Keep the local reservations and refusals bounded: drop the lapsed, then the oldest."""
        if len(self.reserved) > BUCKETS_MAX:
            for key in [k for k, (_t, until) in self.reserved.items() if until <= now]:
                del self.reserved[key]
            while len(self.reserved) > BUCKETS_MAX:
                self.reserved.popitem(last=False)
        if len(self.blocked) > BUCKETS_MAX:
            for key in [k for k, ready in self.blocked.items() if ready <= now]:
                del self.blocked[key]
            while len(self.blocked) > BUCKETS_MAX:
                self.blocked.pop(next(iter(self.blocked)))


def shared_rate(
    engine: Engine | None,
    name: str,
    limiter: RateLimiter,
    batch: float = 1.0,
    fail_open: bool = True,
) -> SharedRate:
    """Return ``limiter``'s settings as a ``SharedRate`` over ``engine``'s database."""
    return SharedRate(
        limiter.per_minute,
        limiter.code,
        limiter.what,
        limiter.burst,
        shared=None if engine is None else shared_for(engine),
        name=name,
        batch=max(1.0, batch),
        fail_open=fail_open,
    )


def batched(engine: Engine | None, name: str, limiter: RateLimiter) -> SharedRate:
    """Return ``limiter`` shared over ``engine``, reserving a tenth of its burst at a time."""
    return shared_rate(engine, name, limiter, limiter.capacity * BATCH_SHARE)


async def take(limiter: RateLimiter, key: str) -> float:
    """Spend one token of ``key`` (shared where it can be); return 0 or the seconds to wait."""
    if isinstance(limiter, SharedRate):
        wait = await limiter.spend(key)
        if wait is not None:
            return wait
    return limiter.take(key)


async def check(limiter: RateLimiter, key: str) -> None:
    """Spend one token of ``key`` or raise the limiter's 429 saying when to come back."""
    wait = await take(limiter, key)
    if wait > 0:
        raise limiter.refusal(wait)


class SharedFailures:
    """Wrong sign-in passwords per key, kept in the database for every process (blocking)."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared

    def counts(self, keys: list[str]) -> dict[str, tuple[int, float]]:
        """Return {key: (wrong passwords, seconds since the last)} of the keys that have any."""
        with self.shared.engine.connect() as conn:
            rows = conn.execute(FAILURES_OF, {"keys": [k[:KEY_MAX] for k in keys]}).all()
        self.shared.round_trips += 1
        return {str(r[0]): (int(r[1]), float(r[2])) for r in rows}  # key, count, ago

    def failed(self, keys: list[tuple[str, float]]) -> None:
        """Count a wrong password for each (key, seconds after which the key starts over)."""
        with self.shared.engine.begin() as conn:
            for key, forget in keys:
                conn.execute(FAILED, {"key": key[:KEY_MAX], "forget": forget})
        self.shared.round_trips += 1
        self.shared.wrote()

    def clear(self, keys: list[str]) -> None:
        """Forget the keys' wrong passwords (the owner got in)."""
        with self.shared.engine.begin() as conn:
            conn.execute(CLEAR, {"keys": [k[:KEY_MAX] for k in keys]})
        self.shared.round_trips += 1

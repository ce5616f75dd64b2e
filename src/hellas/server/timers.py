"""Timers: a timed table's clock per seat, and handing a seat to a bot when its time runs out.

A timed table (``settings.Pace``: ``per_move`` seconds a decision plus a ``reserve``) keeps one
row per human seat in ``hellas_clocks``: the reserve left, and while the seat has a decision
to make, when its clock started (``since``, wall-clock time), at which step (``seq``) and its
**deadline** (``since + per_move + reserve``).  Every row is written when it changes - after
each change at the table (``Hub.on_change``), never from an in-memory counter - so a server
that restarts (even after ``kill -9``) finds every deadline where it left it; one that stopped
between storing a move and storing the clocks dates them from the moves' stored times (``at``)
when it loads the table.  A decision that took longer than ``per_move`` takes the difference
from the seat's reserve.

``enforce`` (run by a chore every ``CHECK_EVERY`` seconds) asks the database for the deadlines
that have passed - an indexed range query, at most ``BATCH`` rows - and hands each such seat,
if it is still that seat's decision at that step, to the table's stand-in bot (the game's
Normal level, a cheap one) through the same hand-off as "Let a bot play for me"
(``Hub.set_driver``); the seat is marked ``timed_out``.  Its owner takes it back the usual way
("Take my seat back"), and their clock starts again from the reserve they have left.  The cost
of a pass is bounded by ``BATCH`` whatever a client does; untimed tables cost nothing.

Several processes (issue 47): every clock row carries a write generation (``gen``).  A write
names the generation it read and adds one (compare-and-set), and a clock may only start for
the step the database holds and a seat no bot plays there; a process that lost such a race
(an older copy, a process frozen and resumed) reads the stored clocks instead of writing its
own, so it can never undo a newer one (a stored ``timed_out`` stays).  Each due row is handled
on its own: a row that cannot be read or acted on (damaged) marks only its table unavailable,
with the reason, logged once, and every other timer goes on firing.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from hellas.core.game import Game
from hellas.server.arrivals import note_stored_clocks, waiting
from hellas.server.errors import ServerError
from hellas.server.hub import HUMAN, Hub
from hellas.server.live import LiveTable
from hellas.server.settings import Pace, pace_of
from hellas.server.store import METADATA, MOVES, SEATS, Store, transient

log = logging.getLogger("hellas.server")
CHECK_EVERY = 1.0  # seconds between looks for deadlines that have passed
BATCH = 50  # deadlines handled in one look (the rest wait for the next)
LOCKS_MAX = 10_000  # per-table locks kept before idle ones are forgotten
DAMAGED_MAX = 1000  # tables with a damaged clock row kept out of the deadline query
FIELDS = ("reserve", "since", "seq", "deadline", "timed_out")  # what a clock write stores

CLOCKS = Table(
    "hellas_clocks",
    METADATA,
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("reserve", Float, nullable=False),  # seconds of reserve left
    Column("since", Float, nullable=True),  # when its running decision's clock started
    Column("seq", Integer, nullable=True),  # the step of that decision
    Column("deadline", Float, nullable=True),  # when its time runs out (None: not running)
    Column("timed_out", Boolean, nullable=False, default=False),
    # [issue 47] write generation: a write names the one it read and adds one (compare-and-set);
    # nullable, so older databases gain it (None counts as 0)
    Column("gen", Integer, nullable=True),
    Index("hellas_clocks_deadline", "deadline"),
)


def stand_in(game: Game[Any]) -> str:
    """Return the bot that plays a seat whose time ran out: the game's Normal level (cheap)."""
    levels = game.bot_levels()
    for level in levels:
        if level.level == "normal":
            return level.bot
    return levels[0].bot if levels else "random"


def _fresh(reserve: float) -> dict[str, Any]:
    return {"reserve": reserve, "since": None, "seq": None, "deadline": None, "timed_out": False}


def load_clocks(store: Store, table_id: str) -> dict[int, dict[str, Any]]:
    """Return a table's stored clocks by seat (blocking: call it in a thread)."""
    with store.engine.connect() as conn:
        rows = conn.execute(select(CLOCKS).where(CLOCKS.c.table_id == table_id)).all()
    return {
        int(r.seat): {
            "reserve": float(r.reserve),
            "since": r.since,
            "seq": r.seq,
            "deadline": r.deadline,
            "timed_out": bool(r.timed_out),
            "gen": int(r.gen or 0),
        }
        for r in rows
    }


def check_row(seat: int, clock: dict[str, Any] | None, seats: int) -> None:
    """Raise ``ValueError`` if a due clock row cannot be acted on (no such seat, a bad time).

    PostgreSQL's typed columns still let through a seat the table lacks and NaN or infinite
    times; each would otherwise be read again every pass and never named.
    """
    if not 0 <= seat < seats:
        raise ValueError(f"the table has no seat {seat}")
    if clock is not None:
        for name in ("reserve", "since", "deadline"):
            value = clock.get(name)
            if value is not None and not math.isfinite(float(value)):
                raise ValueError(f"its {name} is not a finite number")


class _Lost(Exception):
    """Another process wrote a clock first (or the step or the seat's driver moved on)."""


def save_clocks(store: Store, table_id: str, clocks: dict[int, dict[str, Any]]) -> bool:
    """Store some of a table's clocks compare-and-set; return False if nothing was written.

    Each clock is written only if its row still has the generation it was read at (``gen``;
    none: a new row), and a clock that starts only if the stored moves are at its step and no
    bot plays its seat; otherwise no clock of the batch is written.  Blocking: use a thread.
    """
    try:
        with store.engine.begin() as conn:
            for seat, clock in clocks.items():
                values = {k: clock[k] for k in FIELDS}
                if clock["since"] is not None and not _may_run(conn, table_id, seat, clock["seq"]):
                    raise _Lost
                gen = clock.get("gen")
                if gen is None:  # a new row: refused by the key if another process made it
                    row = {"table_id": table_id, "seat": seat, "gen": 1, **values}
                    conn.execute(insert(CLOCKS).values(**row))
                    continue
                done = conn.execute(
                    update(CLOCKS)
                    .where(
                        CLOCKS.c.table_id == table_id,
                        CLOCKS.c.seat == seat,
                        func.coalesce(CLOCKS.c.gen, 0) == gen,
                    )
                    .values(gen=gen + 1, **values)
                )
                if done.rowcount != 1:
                    raise _Lost
    except (_Lost, IntegrityError):
        return False
    for clock in clocks.values():
        clock["gen"] = (clock.get("gen") or 0) + 1
    return True


def _may_run(conn: Connection, table_id: str, seat: int, seq: Any) -> bool:
    """Return whether the database agrees a seat's clock may run at step ``seq``."""
    bot = conn.execute(
        select(SEATS.c.bot).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
    ).scalar()
    count = conn.execute(
        select(func.count()).select_from(MOVES).where(MOVES.c.table_id == table_id)
    ).scalar()
    return not bot and count == seq


def stop_clock(store: Store, table_id: str, seat: int, timed_out: bool) -> None:
    """Stop a seat's clock for good, whatever wrote it last (its table is gone or untimed)."""
    with store.engine.begin() as conn:
        conn.execute(
            update(CLOCKS)
            .where(CLOCKS.c.table_id == table_id, CLOCKS.c.seat == seat)
            .values(
                reserve=0.0,
                since=None,
                seq=None,
                deadline=None,
                timed_out=timed_out,
                gen=func.coalesce(CLOCKS.c.gen, 0) + 1,
            )
        )


def move_times(store: Store, table_id: str, steps: list[int]) -> dict[int, float]:
    """Return the stored time of some of a table's moves, by step (blocking)."""
    with store.engine.connect() as conn:
        query = select(MOVES.c.seq, MOVES.c.at).where(
            MOVES.c.table_id == table_id, MOVES.c.seq.in_(steps)
        )
        return {int(r.seq): float(r.at) for r in conn.execute(query).all()}


def due(store: Store, now: float, limit: int = BATCH) -> list[tuple[str, Any]]:
    """Return up to ``limit`` (table, seat) whose deadline has passed, earliest first.

    The seat is as stored: a damaged row's is read by ``Timers.enforce``, for that row alone.
    """
    with store.engine.connect() as conn:
        query = (
            select(CLOCKS.c.table_id, CLOCKS.c.seat)
            .where(CLOCKS.c.deadline.is_not(None), CLOCKS.c.deadline <= now)
            .order_by(CLOCKS.c.deadline)
            .limit(limit)
        )
        return [(str(r.table_id), r.seat) for r in conn.execute(query).all()]


class Timers:
    """The clocks of one server's timed tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.locks: dict[str, asyncio.Lock] = {}
        self.timeouts = 0  # seats handed to a bot because their time ran out
        self.damaged: dict[str, str] = {}  # [issue 47] table id -> why its clock row is unread
        self.lost = 0  # clock writes another process won (the stored clocks were read instead)
        hub.on_load.append(self.attach)
        hub.on_change.append(self.update)

    def _lock(self, table_id: str) -> asyncio.Lock:
        if len(self.locks) > LOCKS_MAX:
            for key in [k for k, lock in self.locks.items() if not lock.locked()]:
                del self.locks[key]
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def attach(self, table: LiveTable) -> None:
        """Load a timed table's clocks (the hub calls this when it loads a table)."""
        if pace_of(table) is None:
            table.extras["_clocks"] = None
            return
        clocks = await asyncio.to_thread(load_clocks, self.hub.store, table.id)
        table.extras["_clocks"] = clocks
        note_stored_clocks(table, clocks)  # only a started table's clocks are stored
        seq = len(table.match.record.choices)
        running = [c for c in clocks.values() if c["since"] is not None]
        stale = [int(c["seq"]) for c in running if c["seq"] != seq]
        if stale or not running:
            # the server stopped between storing a move and storing the clocks: the moves'
            # stored times say when each decision ended and when the current one began
            steps = [*stale, seq - 1]
            times = await asyncio.to_thread(move_times, self.hub.store, table.id, steps)
            await self.update(table, times=times)
        self._publish(table)

    async def start(self, table: LiveTable) -> None:
        """Start a new timed table's clocks (its first decision's clock runs from now)."""
        table.extras["_clocks"] = {}
        await self.update(table)
        self._publish(table)  # a timed table's messages always carry its clocks

    async def update(
        self, table: LiveTable, now: float | None = None, times: dict[int, float] | None = None
    ) -> None:
        """Bring a timed table's clocks up to date with its state; store the ones that changed.

        The clock of a decision that was made (or that a bot now plays) stops, and what it took
        beyond ``per_move`` comes off the reserve; the clock of the seat whose decision it now
        is starts.  ``times`` (step -> the stored time of that step's move) dates these from the
        moves themselves; without them (a change happening now) they are dated ``now``.
        """
        pace = pace_of(table)
        if pace is None:
            return
        async with self._lock(table.id):
            now = time.time() if now is None else now
            clocks: dict[int, dict[str, Any]] = table.extras.get("_clocks") or {}
            table.extras["_clocks"] = clocks
            to_act = table.match.to_act()
            seq = len(table.match.record.choices)
            ready = not waiting(table, self.hub.online(table))  # server/arrivals.py
            running = (
                ready
                and to_act is not None
                and not table.closed
                and table.seats[to_act].kind == HUMAN
                and table.seats[to_act].claimed  # a free seat's clock starts once it is taken
                and table.seat_driver(to_act) == HUMAN
            )
            times = times or {}
            changed: dict[int, dict[str, Any]] = {}
            if ready and not clocks:  # the start: every human seat's row, so it is kept
                for row in table.seats:
                    if row.kind == HUMAN:
                        changed[row.seat] = clocks[row.seat] = _fresh(pace.reserve)
            for seat, clock in clocks.items():
                if clock["since"] is None or (running and seat == to_act and clock["seq"] == seq):
                    continue
                ended = times.get(int(clock["seq"]), now) if clock["seq"] is not None else now
                spent = max(0.0, ended - float(clock["since"]) - pace.per_move)
                clock.update(reserve=max(0.0, clock["reserve"] - spent), since=None)
                clock.update(seq=None, deadline=None)
                changed[seat] = clock
            if running and to_act is not None:
                clock = clocks.setdefault(to_act, _fresh(pace.reserve))
                if clock["since"] is None:
                    began = times.get(seq - 1, now)
                    deadline = began + pace.per_move + clock["reserve"]
                    clock.update(since=began, seq=seq, deadline=deadline, timed_out=False)
                    changed[to_act] = clock
            stored = bool(changed) and await asyncio.to_thread(
                save_clocks, self.hub.store, table.id, changed
            )
            if changed and not stored:
                await self._reload(table)  # [issue 47] a newer write stands
            shown = (table.extras.get("clock") or {}).get("waiting")
            if changed or shown != waiting(table, self.hub.online(table)):
                self._publish(table)  # new clocks, or someone arrived

    async def _reload(self, table: LiveTable) -> None:
        """Take the stored clocks instead of this process's: another one wrote them first."""
        self.lost += 1
        log.info("clocks written elsewhere first table=%s; reading them", table.id)
        table.extras["_clocks"] = await asyncio.to_thread(load_clocks, self.hub.store, table.id)

    def _publish(self, table: LiveTable) -> None:
        """Put the clocks into the table's messages: each seat's reserve, the running deadline."""
        clocks: dict[int, dict[str, Any]] = table.extras.get("_clocks") or {}
        table.extras["clock"] = {
            "now": time.time(),  # the server's time, so a page can correct its own clock
            "waiting": waiting(table, self.hub.online(table)),  # seats the clocks wait for
            "seats": [
                {
                    "seat": seat,
                    "reserve": round(c["reserve"], 1),
                    "deadline": c["deadline"],
                    "timed_out": c["timed_out"],
                }
                for seat, c in sorted(clocks.items())
            ],
        }
        table.changed()

    async def enforce(self, now: float | None = None) -> list[tuple[str, int]]:
        """Hand every seat whose deadline has passed to the stand-in bot; return them."""
        now = time.time() if now is None else now
        handed = []
        limit = BATCH + len(self.damaged)  # rows of damaged tables are passed over
        for table_id, raw in await asyncio.to_thread(due, self.hub.store, now, limit):
            if table_id in self.damaged:
                continue
            try:  # [issue 47] each row on its own: one damaged row stops no other timer
                seat = int(raw)
                if await self._enforce_one(table_id, seat, now):
                    handed.append((table_id, seat))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if transient(exc):
                    raise  # the database: this pass ends (logged); the next one tries again
                await self._damaged(table_id, raw, exc)
        return handed

    async def _enforce_one(self, table_id: str, seat: int, now: float) -> bool:
        """Hand one due seat to the stand-in bot if its process holds the table; return if so."""
        if not await self.hub.cluster.acquire(table_id):  # [cluster, issue 38]
            return False  # another server process holds the table's lease: it keeps the time
        try:
            table = await self.hub.get(table_id)
        except ServerError as exc:  # gone or unavailable: its clock stops for good
            if exc.status == 503:
                raise ConnectionError(str(exc)) from exc  # the database: not the table's fault
            log.warning("timer dropped table=%s seat=%d reason=%r", table_id, seat, str(exc))
            await asyncio.to_thread(stop_clock, self.hub.store, table_id, seat, True)
            return False
        return await self._time_out(table, seat, now)

    async def _damaged(self, table_id: str, raw: Any, exc: Exception) -> None:
        """Mark the table of a clock row that cannot be acted on unavailable (logged once)."""
        why = f"its stored clock for seat {str(raw)[:20]!r} cannot be used ({exc})"[:300]
        if len(self.damaged) >= DAMAGED_MAX:
            self.damaged.pop(next(iter(self.damaged)))
        self.damaged[table_id] = why
        await self.hub.mark_broken(table_id, why)

    async def _time_out(self, table: LiveTable, seat: int, now: float) -> bool:
        """Hand ``seat`` to the stand-in bot if its running decision is past its deadline."""
        pace: Pace | None = pace_of(table)
        clocks: dict[int, dict[str, Any]] = table.extras.get("_clocks") or {}
        clock = clocks.get(seat)
        check_row(seat, clock, len(table.seats))  # a damaged row: its table is marked, not retried
        seq = len(table.match.record.choices)
        live = (
            pace is not None
            and clock is not None
            and clock["deadline"] is not None
            and clock["deadline"] <= now
            and clock["seq"] == seq
            and table.match.to_act() == seat
            and table.seat_driver(seat) == HUMAN
        )
        if pace is None:  # no longer timed: its clock stops for good
            await asyncio.to_thread(stop_clock, self.hub.store, table.id, seat, False)
            return False
        if not live or clock is None:
            await self.update(table, now)  # a stale row: bring it up to date
            return False
        async with self._lock(table.id):
            ended = {**clock, "reserve": 0.0, "since": None, "seq": None, "deadline": None}
            ended["timed_out"] = True
            if not await asyncio.to_thread(save_clocks, self.hub.store, table.id, {seat: ended}):
                await self._reload(table)  # [issue 47] another process moved the clock first
                self._publish(table)
                return False
            clocks[seat] = ended
            self._publish(table)
        bot = stand_in(table.game)
        log.info("time ran out table=%s seat=%d bot=%s", table.id, seat, bot)
        self.timeouts += 1
        await self.hub.set_driver(table, seat, bot)  # the same hand-off a player asks for
        return True


async def run(timers: Timers) -> None:
    """Run the chore: hand timed-out seats to bots, every ``CHECK_EVERY`` seconds, for ever."""
    while True:
        await asyncio.sleep(CHECK_EVERY)
        try:
            handed = await timers.enforce()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if transient(exc):  # [issue 47] the database is away: one line, no traceback
                log.warning("enforcing timers failed (%s); trying again", str(exc)[:200])
            else:
                log.exception("enforcing timers failed; trying again later")
            continue
        if handed:
            log.info("handed %d timed-out seat(s) to bots", len(handed))

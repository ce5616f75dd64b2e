"""Several server processes over one PostgreSQL database: notifications, catch-up and leases.

With PostgreSQL, any number of ``hellas serve`` processes (on one machine or several) share the
database behind an ordinary HTTP load balancer; a client may reach any of them.  Each process
keeps its own copy of the tables its clients use (``hub.Hub``), so the processes must tell each
other what changed, and agree who plays each table's bots:

- **Notifications.**  A process stores every move first (as alone); in the same transaction it
  sends ``NOTIFY hellas, 'NODE TABLE move STEP'``, so the notice exists exactly when the move
  does.  Seat changes (``seats``), closed tables (``table``) and any other feature's kind (a
  chat line, say: ``publish(table, "chat", step)``, heard by ``on("chat", handler)``) are sent
  the same way.  Each process listens on a dedicated psycopg connection in a thread; a notice
  from another process makes it read the new rows of that table (``catch_up``), apply them to
  its copy and send its own clients their new views.  The payload only names what changed: the
  rows are the truth.
- **Catch-up.**  A notice can be lost (the listening connection dropped, a restart).  Every
  ``lease_seconds / 3`` each process compares the stored move count of every table it holds in
  memory with its copy and catches up the ones behind, and reads again the seats, account links
  and closed marks of every table it holds and (``on_sweep``: presence) who is online at the
  ones watched here, so a lost ``seats``, ``link``, ``table`` or ``presence`` notice costs one
  period at most; it does so at once after the listening connection comes back.  The same
  round counts the processes alive (their liveness locks), which ``share`` divides per-address
  caps by.  A process that tries to store a move another process stored first is
  refused by the unique ``(table, seq)`` key; it catches up and the client gets ``stale``.
- **Leases.**  A table's bots (and any timers) run on one process at a time: the one holding the
  table's row in ``hellas_leases`` (owner, expiry in database time).  A process takes the lease
  when a bot is to act and nobody else holds it, renews what it holds every
  ``lease_seconds / 3``, and lets go of tables it unloads cleanly (row deleted) or when it stops
  (expired at once).  No error path ever deletes a lease: a table that left memory any other
  way (unavailable, say) is only no longer renewed, so its row lapses and stays the mark that
  the table is in play, for whichever process adopts it (its own one too, after an outage).
  A lease is taken over by another process, which loads the table from the stored
  moves and plays on, once it has lapsed (its owner stopped renewing: hung, cut off) or as
  soon as its owner's liveness lock is gone: each process holds a PostgreSQL advisory lock
  named after it on its listening connection, which PostgreSQL releases the moment that
  session ends (the process was killed, or lost its connection).  Two owners at once (a stalled
  process whose lease ran out) cannot both store a move: the unique key refuses the second.
- **Names.**  A process's name (in leases, notices and its liveness lock) is the name it was
  given (``hellas serve``: host:port) plus a random part drawn at each start, so two processes
  with alike names (the same host name and port on two addresses, a container image started
  twice) never take each other's notices for their own, share leases, or expire each other's
  leases when one stops.  A process started again on its port gets a new name; it adopts its
  predecessor's leases at once all the same, because the predecessor's liveness lock is gone.

With SQLite (or any other database) there is one process and nothing to agree on: ``Cluster``
then always holds every lease and sends nothing; ``sqlite_lock`` refuses a second process.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import math
import os
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from sqlalchemy import Column, Float, MetaData, String, Table, bindparam, func, select, text
from sqlalchemy.engine import make_url

from hellas.server.store import MOVES, TABLES, Store, transient

if TYPE_CHECKING:
    from hellas.server.commits import Write
    from hellas.server.hub import Hub
    from hellas.server.live import LiveTable

log = logging.getLogger("hellas.server.cluster")
CHANNEL = "hellas"
DEFAULT_LEASE = 6.0  # seconds a lease lasts unrenewed (renewed every third of it)
CHUNK = 500  # table ids per catch-up query
ADOPT_MAX = 20  # expired leases taken over per round
# the longest pause before the listener connects again: short, because until it does this
# process holds no liveness lock, and the others may take its leases (issue 47)
LISTEN_PAUSE_MAX = 2.0

Handler = Callable[[str, int], Awaitable[None]]

LEASE_METADATA = MetaData()
LEASES = Table(
    "hellas_leases",
    LEASE_METADATA,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(40), nullable=False),
    Column("expires", Float, nullable=False),  # database time (epoch seconds)
)
NOW = "extract(epoch from clock_timestamp())"
ALIVE_CLASS = 18501  # advisory lock (ALIVE_CLASS, hashtext(node)): held while a process listens
GONE = (  # the lease's owner holds no liveness lock: its process (or its session) ended
    "NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' "
    f"AND l.classid = {ALIVE_CLASS} AND l.objid = CAST(hashtext(hellas_leases.owner) AS oid) "
    "AND l.objsubid = 2 AND l.granted "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))"
)
TAKE = text(
    f"INSERT INTO hellas_leases (table_id, owner, expires) VALUES (:t, :me, {NOW} + :ttl) "
    "ON CONFLICT (table_id) DO UPDATE SET owner = :me, expires = EXCLUDED.expires "
    f"WHERE hellas_leases.owner = :me OR hellas_leases.expires < {NOW} OR {GONE} "
    "RETURNING owner"
)
RENEW = text(
    f"UPDATE hellas_leases SET expires = {NOW} + :ttl WHERE owner = :me AND table_id IN :ids "
    "RETURNING table_id"
).bindparams(bindparam("ids", expanding=True))
RELEASE = text("DELETE FROM hellas_leases WHERE owner = :me AND table_id IN :ids").bindparams(
    bindparam("ids", expanding=True)
)
EXPIRE = text("UPDATE hellas_leases SET expires = 0 WHERE owner = :me")
ORPHANS = text(  # this process's own lapsed rows too: a table it lost track of in an outage
    f"SELECT table_id, owner FROM hellas_leases WHERE (expires < {NOW} OR {GONE}) "
    "ORDER BY expires LIMIT :n"
)
NOTIFY = text("SELECT pg_notify(:channel, :payload)")
PROCESSES = text(  # the processes alive now: the liveness locks held on this database
    "SELECT count(DISTINCT objid) FROM pg_locks WHERE locktype = 'advisory' "
    f"AND classid = {ALIVE_CLASS} AND objsubid = 2 AND granted "
    "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)


@dataclass
class ClusterStats:
    """What this process's part in the cluster did (for metrics, logs and tests)."""

    heard: int = 0  # notices from other processes
    sent: int = 0  # notices sent outside a move's transaction (seats, table, other kinds)
    caught_up: int = 0  # moves of other processes applied to this process's copies
    swept: int = 0  # of those, moves found by the periodic sweep (their notice was lost)
    conflicts: int = 0  # moves refused because another process stored the step first
    reconnects: int = 0  # times the listening connection was made again
    taken: int = 0  # leases taken (new, or renewed after a lapse)
    adopted: int = 0  # leases taken over from a process that stopped renewing them
    lost: int = 0  # leases this process found it no longer held


def sqlite_lock(url: str) -> IO[str] | None:
    """Lock a SQLite database file for this process; raise ``RuntimeError`` if another holds it.

    The lock (``flock`` on ``FILE.lock`` next to the database) lasts as long as this process,
    however it ends; an in-memory database or another kind of database needs none (None).
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(str(parsed.database)).resolve()
    lock_path = path.with_name(path.name + ".lock")
    handle = open(lock_path, "a+")  # noqa: SIM115 (held open for the life of the process)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise RuntimeError(
            f"another Hellas server ({holder}) is already serving the SQLite database {path}; "
            "a SQLite file serves one process. Stop it, or run several processes over "
            "PostgreSQL (--db postgresql+psycopg://...; see docs/hosting.md)"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"process {os.getpid()}\n")
    handle.flush()
    return handle


def node_name(given: str) -> str:
    """Return a process's name for this start: ``given`` (clipped) and 12 random hex digits.

    The random part is kept whole within the 40 characters a lease's owner column holds.
    """
    name = "".join(c for c in given if c.isprintable() and not c.isspace())[:27]
    return f"{name or os.getpid()}~{secrets.token_hex(6)}"


def listen_url(url: str) -> str:
    """Return a SQLAlchemy PostgreSQL URL as the plain libpq URL psycopg connects with."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """One process's part among the server processes sharing one database."""

    def __init__(self, store: Store, lease_seconds: float = DEFAULT_LEASE, node: str = "") -> None:
        self.store = store
        self.shared = make_url(store.url).get_backend_name() == "postgresql"
        # the process's name in leases and notices: what it was given (``hellas serve``:
        # host:port) and a part drawn at this start, so alike names never collide [issue 47]
        self.node = node_name(node)
        self.alive = False  # this process's session holds the liveness lock of its name
        self.lease_seconds = lease_seconds
        self.stats = ClusterStats()
        self.held: dict[str, float] = {}  # table id -> monotonic time the lease surely lasts to
        self.released: set[str] = set()  # held tables unloaded cleanly: their rows are deleted
        self.handlers: dict[str, Handler] = {}
        self.listening = False  # the listening connection is up (always False alone)
        self.renewed = 0.0  # monotonic time of the last renewal that reached the database
        self.processes = 1  # server processes alive on the database, counted at each renewal
        self.on_sweep: list[Callable[[list[LiveTable]], Awaitable[None]]] = []  # re-reads
        self.hub: Hub | None = None
        self._dirty: dict[str, set[str]] = {}  # table id -> kinds heard, not yet handled
        self._keys: dict[str, dict[int, str]] = {}  # table id -> step -> key, from notices
        self._keys_now: dict[str, dict[int, str]] = {}  # the keys of the round being handled
        self._wake: asyncio.Event | None = None
        self._sweep_now: asyncio.Event | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if self.shared:
            try:
                import psycopg  # noqa: F401, PLC0415 (the listening connection needs psycopg 3)
            except ImportError as exc:
                raise RuntimeError(
                    "listening for the other server processes needs psycopg 3: "
                    "pip install 'hellas[postgres]' (or psycopg[binary])"
                ) from exc
            LEASE_METADATA.create_all(store.engine)

    def attach(self, hub: Hub) -> None:
        """Work for ``hub``: its tables are the ones kept up to date and leased."""
        self.hub = hub
        if self.shared:
            hub.commits.notes = self.notes

    def on(self, kind: str, handler: Handler) -> None:
        """Call ``handler(table_id, step)`` when another process publishes ``kind`` (e.g. chat)."""
        self.handlers[kind] = handler

    # -- running ------------------------------------------------------------------------------

    def start(self) -> list[asyncio.Task[None]]:
        """Start listening, catching up and renewing leases; return the tasks (none alone)."""
        if not self.shared:
            return []
        loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._sweep_now = asyncio.Event()
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._listen, args=(loop,), name="hellas-listen", daemon=True
        )
        self._thread.start()
        return [loop.create_task(self._handle_notices()), loop.create_task(self._keep())]

    async def close(self) -> None:
        """Stop listening and let go of every lease at once (another process takes them)."""
        self._stop.set()
        if not self.shared:
            return
        self.held.clear()
        try:
            await asyncio.to_thread(self._expire_all)
        except Exception:  # the database is gone: the leases lapse on their own
            log.warning("could not hand back the leases; they lapse in %.0f s", self.lease_seconds)

    def ready(self) -> tuple[bool, str]:
        """Return whether this process's part works (listening, leases renewed) and why not."""
        if not self.shared:
            return True, "one process"
        if not self.listening:
            return False, "not listening for other processes' notices"
        if not self.alive:  # a session with this very name is still alive [issue 47]
            return False, "another session holds this process's name"
        if self.held and time.monotonic() - self.renewed > self.lease_seconds:
            return False, "leases not renewed in time"
        return True, f"listening; leases renewed; {self.processes} processes"

    def share(self, cap: int) -> int:
        """Return this process's part of a per-address cap meant for all processes together.

        ``cap`` divided by the processes alive (rounded up; 0, no cap, stays 0): an address
        whose connections a load balancer spreads evenly gets about ``cap`` in all.
        """
        if cap <= 0 or self.processes <= 1:
            return cap
        return max(1, math.ceil(cap / self.processes))

    # -- notices ------------------------------------------------------------------------------

    def notes(self, writes: Iterable[Write]) -> list[str]:
        """Return the notices a batch of writes sends in its transaction: one per move.

        A notice names the move's key too, so a listener whose copy is at that very step
        applies it without reading the database (the notice exists only once the move is
        committed); any other listener reads the stored moves.
        """
        return [f"{self.node} {w.table_id} move {w.seq} {w.key}" for w in writes if not w.finished]

    async def publish(self, table_id: str, kind: str, step: int = 0) -> None:
        """Tell the other processes that ``kind`` changed at a table (best effort, logged)."""
        if not self.shared:
            return
        payload = f"{self.node} {table_id} {kind} {step}"
        try:
            await asyncio.to_thread(self._notify, payload)
            self.stats.sent += 1
        except Exception as exc:  # the periodic sweep still finds moves; seats are re-read too
            log.warning("notice not sent table=%s kind=%s reason=%r", table_id, kind, str(exc))

    def _notify(self, payload: str) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(NOTIFY, {"channel": CHANNEL, "payload": payload})

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hold a LISTEN connection (a thread): hand each notice to the loop; reconnect."""
        import psycopg  # noqa: PLC0415 (PostgreSQL only)

        url = listen_url(self.store.url)
        pause, first = 0.5, True
        while not self._stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
                    alive = self.alive = self._alive(conn)
                    if not alive:
                        log.warning("an older session still holds the name %s", self.node)
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening = True
                    if not first:
                        self.stats.reconnects += 1
                        log.warning("listening again; catching up what was missed")
                    first, pause = False, 0.5
                    loop.call_soon_threadsafe(self._missed)  # notices sent meanwhile are lost
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0, stop_after=200):
                            loop.call_soon_threadsafe(self._heard, note.payload)
                        alive = self.alive = alive or self._alive(conn)  # the old one ended?
            except Exception as exc:  # the connection broke: try again after a pause
                self.listening = self.alive = False
                if self._stop.is_set():
                    break
                log.warning("listening connection lost (%s); again in %.1f s", exc, pause)
                self._stop.wait(pause)
                pause = min(pause * 2, LISTEN_PAUSE_MAX)
            except BaseException:  # the interpreter is stopping
                break
        self.listening = self.alive = False

    def _alive(self, conn: Any) -> bool:
        """Take this process's liveness lock on the listening session; return whether it has it.

        PostgreSQL releases it the moment the session ends, so the other processes know at once
        that this one's leases are free (``GONE``).
        """
        row = conn.execute(
            "SELECT pg_try_advisory_lock(%s, hashtext(%s))", (ALIVE_CLASS, self.node)
        ).fetchone()
        return bool(row and row[0])

    def _missed(self) -> None:
        if self._sweep_now is not None:
            self._sweep_now.set()

    def _heard(self, payload: str) -> None:
        """Note one notice (on the event loop); ``_handle_notices`` acts on it."""
        parts = payload.split(" ", 4)
        if len(parts) < 4 or parts[0] == self.node:
            return  # malformed, or this process's own
        self.stats.heard += 1
        table_id, kind, step = parts[1][:32], parts[2][:32], parts[3][:12]
        kinds = self._dirty.setdefault(table_id, set())
        if len(kinds) < 16:
            kinds.add(f"{kind} {step}")
        if kind == "move" and len(parts) == 5 and step.isdigit():
            keys = self._keys.setdefault(table_id, {})
            if len(keys) < 64:
                keys[int(step)] = parts[4]
        if self._wake is not None:
            self._wake.set()

    async def _handle_notices(self) -> None:
        """Act on the tables other processes changed, each table once per round."""
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            dirty, self._dirty = self._dirty, {}
            self._keys_now, self._keys = self._keys, {}
            # each table on its own: one table's slow views never hold up another's notice
            await asyncio.gather(*(self._act_logged(t, kinds) for t, kinds in dirty.items()))

    async def _act_logged(self, table_id: str, kinds: set[str]) -> None:
        try:
            await self._act(table_id, kinds)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("acting on a notice failed table=%s", table_id)

    async def _act(self, table_id: str, kinds: set[str]) -> None:
        hub = self.hub
        assert hub is not None
        names = {k.split(" ")[0] for k in kinds}
        for kind in sorted(kinds):
            name, _, step = kind.partition(" ")
            handler = self.handlers.get(name)
            if handler is not None:
                await handler(table_id, int(step) if step.isdigit() else 0)
        table = hub.tables.get(table_id)
        if table is None:
            return  # not in this process's memory: it is read afresh when used
        if names & {"seats", "table"}:
            await self.refresh(table)
        if "move" in names:
            await self.catch_up(table, self._keys_now.get(table_id))

    # -- catching up --------------------------------------------------------------------------

    async def catch_up(self, table: LiveTable, heard: dict[int, str] | None = None) -> int:
        """Apply the moves other processes stored for ``table``; broadcast; return how many.

        ``heard``: moves (step -> key) that notices named; the database is read only for
        the ones missing.
        """
        async with table.lock:
            count = await self.caught_up(table, heard)
        if count:
            await self._after(table)
        return count

    async def caught_up(self, table: LiveTable, heard: dict[int, str] | None = None) -> int:
        """Apply the stored moves ``table``'s copy lacks (the caller holds its lock)."""
        if table.unloaded:
            return 0
        choices = table.match.record.choices
        have = len(choices)
        while heard and len(choices) in heard:  # committed moves a notice named, in order
            step = len(choices)
            table.note(step, table.match.apply(heard[step]))
        if not heard or max(heard) >= len(choices):  # more than the notices said: read them
            rows = await asyncio.to_thread(self._moves_since, table.id, len(choices))
            for step, key in rows:
                if step != len(choices):
                    break  # never skip a step
                table.note(step, table.match.apply(key))
        count = len(table.match.record.choices) - have
        self.stats.caught_up += count
        return count

    async def conflict(self, table: LiveTable) -> None:
        """Another process stored the step first (the caller holds the lock): catch up now."""
        self.stats.conflicts += 1
        if await self.caught_up(table):
            asyncio.get_running_loop().create_task(self._after(table))

    async def _after(self, table: LiveTable) -> None:
        """Send a table's clients their new views; play its bots if this process holds it."""
        hub = self.hub
        assert hub is not None
        await hub.broadcast(table)
        hub.kick_bots(table)

    def _moves_since(self, table_id: str, step: int) -> list[tuple[int, str]]:
        query = (
            select(MOVES.c.seq, MOVES.c.key)
            .where(MOVES.c.table_id == table_id, MOVES.c.seq >= step)
            .order_by(MOVES.c.seq)
        )
        with self.store.engine.connect() as conn:
            return [(int(r.seq), str(r.key)) for r in conn.execute(query)]

    async def refresh(self, table: LiveTable) -> bool:
        """Read a table's seats and closed mark again; tell its clients if they changed."""
        return bool(await self.refresh_many([table]))

    async def refresh_many(self, tables: list[LiveTable]) -> int:
        """Read the seats and closed marks of tables (one query each); return how many changed."""
        stored = await asyncio.to_thread(self._seats_and_closed, [t.id for t in tables])
        changed = 0
        for table in tables:
            if table.id not in stored:
                continue
            seats, closed = stored[table.id]
            async with table.lock:
                moved = self._update(table, seats, closed)
            if moved:
                changed += 1
                await self._after(table)
        return changed

    def _seats_and_closed(self, ids: list[str]) -> dict[str, tuple[list[Any], str]]:
        with self.store.engine.connect() as conn:
            seats = self.store._seats(conn, ids)
            query = select(TABLES.c.id, TABLES.c.closed).where(TABLES.c.id.in_(ids))
            return {str(i): (seats.get(i, []), c or "") for i, c in conn.execute(query)}

    @staticmethod
    def _update(table: LiveTable, seats: list[Any], closed: str) -> bool:
        changed = closed != table.closed
        table.closed = closed
        for mine, stored in zip(table.seats, seats, strict=False):
            now = (stored.bot, stored.claimed, stored.token_hash)
            if (mine.bot, mine.claimed, mine.token_hash) != now:
                mine.bot, mine.claimed, mine.token_hash = now
                changed = True
            link = (stored.account, stored.account_hash)  # [issue 47] a link notice missed
            if (mine.account, mine.account_hash) != link:
                mine.account, mine.account_hash = link
                changed = True
        if changed:
            table.changed()
        return changed

    async def sweep(self) -> int:
        """Catch up every table in memory whose stored moves are ahead; return moves applied."""
        hub = self.hub
        assert hub is not None
        tables = list(hub.tables.values())
        applied = 0
        for start in range(0, len(tables), CHUNK):
            chunk = tables[start : start + CHUNK]
            counts = await asyncio.to_thread(self._counts, [t.id for t in chunk])
            for table in chunk:
                if counts.get(table.id, 0) > len(table.match.record.choices):
                    found = await self.catch_up(table)
                    self.stats.swept += found
                    applied += found
        # seats, account links and closing of every table here, watched or not: a missed link
        # notice would refuse the account's token here and store its game unrated [issue 47]
        live = [t for t in tables if not t.unloaded]
        for start in range(0, len(live), CHUNK):
            await self.refresh_many(live[start : start + CHUNK])
        watched = [t for t in live if t.connections]
        for start in range(0, len(watched), CHUNK):  # what only watchers see (presence)
            for hook in self.on_sweep:
                await hook(watched[start : start + CHUNK])
        return applied

    def _counts(self, ids: list[str]) -> dict[str, int]:
        query = (
            select(MOVES.c.table_id, func.count())
            .where(MOVES.c.table_id.in_(ids))
            .group_by(MOVES.c.table_id)
        )
        with self.store.engine.connect() as conn:
            return {str(t): int(n) for t, n in conn.execute(query)}

    # -- leases -------------------------------------------------------------------------------

    def holds(self, table_id: str) -> bool:
        """Return whether this process surely holds ``table_id``'s lease now (alone: always)."""
        return not self.shared or self.held.get(table_id, 0.0) > time.monotonic()

    async def acquire(self, table_id: str) -> bool:
        """Hold ``table_id``'s lease (taken if free or lapsed); return whether this process does.

        A database error counts as "not held" (logged); ``take`` raises it instead.
        """
        try:
            return await self.take(table_id)
        except Exception as exc:
            log.warning("lease not taken table=%s reason=%r", table_id, str(exc))
            return False

    async def take(self, table_id: str) -> bool:
        """Like ``acquire``, but a database error is raised (the caller retries the table)."""
        if self.holds(table_id):
            return True
        began = time.monotonic()
        won = await asyncio.to_thread(self._take, table_id)
        if won:
            self.held[table_id] = began + self.lease_seconds - 0.5
            self.released.discard(table_id)
            self.stats.taken += 1
        return won

    def let_go(self, table_id: str) -> None:
        """Hand back a table's lease at the next renewal: it was unloaded cleanly from memory.

        The only way a lease row is deleted while its process runs; a table that left memory
        any other way keeps its row, unrenewed, so it lapses and is adopted [issue 47].
        """
        if table_id in self.held:
            self.released.add(table_id)

    def _take(self, table_id: str) -> bool:
        with self.store.engine.begin() as conn:
            row = conn.execute(
                TAKE, {"t": table_id, "me": self.node, "ttl": self.lease_seconds}
            ).first()
        return row is not None

    async def _keep(self) -> None:
        """Renew, release and adopt leases and sweep for lost notices, every third of a lease."""
        assert self._sweep_now is not None
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._sweep_now.wait(), self.lease_seconds / 3)
            self._sweep_now.clear()
            for name, work in (
                ("renewing leases", self.renew),
                ("taking over lapsed leases", self.adopt),
                ("catching up", self.sweep),
            ):
                try:
                    await work()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    if transient(exc):  # the database is away: one line, no traceback
                        log.warning("%s failed (%s); trying again soon", name, str(exc)[:200])
                    else:
                        log.exception("%s failed; trying again soon", name)

    async def renew(self) -> None:
        """Renew the leases of tables in memory; let go of the others; note the ones lost."""
        hub = self.hub
        assert hub is not None
        keep = [t for t in self.held if t in hub.tables]
        gone = [t for t in self.held if t not in hub.tables]
        drop = [t for t in gone if t in self.released]  # unloaded cleanly: deleted
        began = time.monotonic()
        kept, self.processes = await asyncio.to_thread(self._renew, keep, drop)
        for table_id in gone:  # the others only lapse: an error never deletes a lease
            self.held.pop(table_id, None)
        self.released.difference_update(drop)
        for table_id in keep:
            if table_id in kept:
                self.held[table_id] = began + self.lease_seconds - 0.5
            elif self.held.pop(table_id, None) is not None:
                self.stats.lost += 1
                log.warning("lease lost table=%s (another process took it)", table_id)
        self.renewed = time.monotonic()

    def _renew(self, keep: list[str], drop: list[str]) -> tuple[set[str], int]:
        with self.store.engine.begin() as conn:
            kept: set[str] = set()
            if keep:
                params = {"me": self.node, "ttl": self.lease_seconds, "ids": keep}
                kept = {str(r[0]) for r in conn.execute(RENEW, params)}
            if drop:
                conn.execute(RELEASE, {"me": self.node, "ids": drop})
            processes = int(conn.execute(PROCESSES).scalar() or 0)
        return kept, max(1, processes)

    async def adopt(self) -> list[str]:
        """Take over the lapsed leases of other processes and play those tables on."""
        hub = self.hub
        assert hub is not None
        orphans = await asyncio.to_thread(self._orphans, ADOPT_MAX + min(len(hub.broken), 1000))
        adopted: list[str] = []
        for table_id, owner in orphans:
            if table_id in hub.broken or self.holds(table_id) or len(adopted) >= ADOPT_MAX:
                continue  # unavailable here (logged once; another process may play it), or held
            if not await self.acquire(table_id):
                continue
            self.stats.adopted += 1
            adopted.append(table_id)
            log.warning("lease taken over table=%s from=%s", table_id, owner)
            table = hub.tables.get(table_id)
            try:
                if table is None:
                    await hub.get(table_id)  # loads from the stored moves; its bots go on
                else:
                    await self.catch_up(table)
                    hub.kick_bots(table)
            except Exception as exc:  # unavailable here: the lease is let go at the next renewal
                log.warning("taken-over table not loaded table=%s reason=%r", table_id, str(exc))
        return adopted

    def _orphans(self, limit: int) -> list[tuple[str, str]]:
        with self.store.engine.connect() as conn:
            rows = conn.execute(ORPHANS, {"me": self.node, "n": limit})
            return [(str(r.table_id), str(r.owner)) for r in rows]

    def _expire_all(self) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(EXPIRE, {"me": self.node})

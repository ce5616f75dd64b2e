"""Who is at a table, across server processes: the "online" mark of each seat (PostgreSQL).

One process knows the WebSockets it holds (``Hub.online``).  A player connected to another
process would look offline to this process's clients, so with PostgreSQL each process writes
the seats it has online at a table to ``hellas_presence`` (one row per table, seat and
process) whenever one comes online or goes offline here, and announces it (a ``presence``
notice).  The processes holding that table read the other processes' rows back into
``Hub.remote_online`` and send their clients the seat list.  Rows are bounded: a process
deletes its rows of a table when its last seat there goes offline; rows of a process that has
ended (its liveness lock is gone, ``cluster.py``) are ignored when read and deleted then, and
at every start.  A ``presence`` notice that is lost is made good by the periodic catch-up
(``resync``, one query per 500 watched tables).  Presence is cosmetic: a database error is
logged and never refuses a join.  With SQLite (one process) nothing is written.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from sqlalchemy import Column, Integer, MetaData, String, Table, bindparam, text

from hellas.server.cluster import ALIVE_CLASS

if TYPE_CHECKING:
    from hellas.server.hub import Hub
    from hellas.server.live import LiveTable

log = logging.getLogger("hellas.server.presence")
NOTICE = "presence"

PRESENCE_METADATA = MetaData()
PRESENCE = Table(
    "hellas_presence",
    PRESENCE_METADATA,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("node", String(80), primary_key=True),  # the process that holds the seat's socket
)
GONE = (  # the row's process holds no liveness lock: it has ended
    "NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' "
    f"AND l.classid = {ALIVE_CLASS} AND l.objid = CAST(hashtext(hellas_presence.node) AS oid) "
    "AND l.objsubid = 2 AND l.granted "
    "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))"
)
MINE_GONE = text("DELETE FROM hellas_presence WHERE table_id = :t AND node = :me")
ADD = text("INSERT INTO hellas_presence (table_id, seat, node) VALUES (:t, :seat, :me)")
OTHERS = text(
    f"SELECT seat, {GONE} AS gone FROM hellas_presence WHERE table_id = :t AND node <> :me"
)
STALE = text(f"DELETE FROM hellas_presence WHERE table_id = :t AND node <> :me AND {GONE}")
ENDED = text(f"DELETE FROM hellas_presence WHERE {GONE}")
OTHERS_OF = text(  # the live rows of other processes at several tables (the catch-up's read)
    f"SELECT table_id, seat FROM hellas_presence WHERE table_id IN :ids AND node <> :me "
    f"AND NOT {GONE}"
).bindparams(bindparam("ids", expanding=True))


class Presence:
    """One process's part in the shared "online" marks (see the module's docstring)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.on = hub.cluster.shared
        self.errors = 0
        if self.on:
            PRESENCE_METADATA.create_all(hub.store.engine)
            try:
                with hub.store.engine.begin() as conn:
                    conn.execute(ENDED)  # rows of processes that ended
            except Exception as exc:
                self._failed(exc)
            hub.on_presence.append(self.changed)
            hub.cluster.on(NOTICE, self.heard)
            hub.cluster.on_sweep.append(self.resync)  # a lost notice: read at the catch-up

    def _failed(self, exc: BaseException) -> None:
        self.errors += 1
        log.warning("presence not shared: %s", str(exc)[:200])

    async def changed(self, table: LiveTable) -> None:
        """Store the seats online here at ``table``, tell the others, and read theirs."""
        seats = sorted({c.seat for c in table.connections if c.seat is not None})
        try:
            await asyncio.to_thread(self._write, table.id, seats)
        except Exception as exc:
            self._failed(exc)
            return
        await self.hub.cluster.publish(table.id, NOTICE)
        await self.heard(table.id, 0)

    def _write(self, table_id: str, seats: list[int]) -> None:
        me = self.hub.cluster.node
        with self.hub.store.engine.begin() as conn:
            conn.execute(MINE_GONE, {"t": table_id, "me": me})
            for seat in seats:
                conn.execute(ADD, {"t": table_id, "seat": seat, "me": me})

    async def heard(self, table_id: str, _step: int) -> None:
        """Read the seats other processes have online at a table; tell its clients if new."""
        hub = self.hub
        table = hub.tables.get(table_id)
        if table is None:
            hub.remote_online.pop(table_id, None)
            return  # not in memory here: read when a seat of it next comes online here
        try:
            seats = await asyncio.to_thread(self._others, table_id)
        except Exception as exc:
            self._failed(exc)
            return
        await self._show(table, seats)

    async def resync(self, tables: list[LiveTable]) -> None:
        """Read the other processes' online seats at ``tables`` (one query); tell who changed.

        The periodic catch-up's part (``Cluster.on_sweep``): a ``presence`` notice this
        process missed is made good within one catch-up period [issue 47].
        """
        ids = [t.id for t in tables]
        if not ids:
            return
        try:
            rows = await asyncio.to_thread(self._others_of, ids)
        except Exception as exc:
            self._failed(exc)
            return
        for table in tables:
            if self.hub.tables.get(table.id) is table:
                await self._show(table, rows.get(table.id, set()))

    async def _show(self, table: LiveTable, seats: set[int]) -> None:
        """Keep ``seats`` as the table's seats online elsewhere; send the seat list if new."""
        hub = self.hub
        if seats == hub.remote_online.get(table.id, set()):
            return
        if seats:
            hub.remote_online[table.id] = seats
        else:
            hub.remote_online.pop(table.id, None)
        table.changed()
        await hub.send_seats(table)

    def _others_of(self, ids: list[str]) -> dict[str, set[int]]:
        params = {"ids": ids, "me": self.hub.cluster.node}
        with self.hub.store.engine.connect() as conn:
            rows = conn.execute(OTHERS_OF, params).all()
        found: dict[str, set[int]] = {}
        for row in rows:
            found.setdefault(str(row.table_id), set()).add(int(row.seat))
        return found

    def _others(self, table_id: str) -> set[int]:
        params = {"t": table_id, "me": self.hub.cluster.node}
        with self.hub.store.engine.begin() as conn:
            rows = conn.execute(OTHERS, params).all()
            if any(r.gone for r in rows):
                conn.execute(STALE, params)
        return {int(r.seat) for r in rows if not r.gone}

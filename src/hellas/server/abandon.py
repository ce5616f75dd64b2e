"""Abandoned tables: an unfinished table with no move for a set time is closed and leaves the lobby.

Two lifetimes, both ``hellas serve`` flags: ``--abandon-after`` (default 3 days) for tables
played over days (untimed, or a pace of an hour or more a decision) and ``--abandon-live-after``
(default 6 hours) for live ones (a pace under an hour a decision).  A chore (``chores.py``) asks
the database every few minutes for such tables - created before the lifetime and no move since,
at most ``BATCH`` at a time - and closes them as ``store.expire_open`` does: marked finished
with the reason, so every list but "all" leaves them out, a seat link shows the reason, and a
loaded table's connections are told.  0 turns either lifetime off.
"""

from __future__ import annotations

import asyncio
import json
import time

from sqlalchemy import select, update

from hellas.server.hub import Hub
from hellas.server.settings import SETTINGS
from hellas.server.store import TABLES, Store, stale
from hellas.server.wire import dumps

LIVE_PER_MOVE = 3600.0  # a pace that gives less than this a decision is "live"
BATCH = 500  # tables closed in one pass (the rest in the next)


def _duration(seconds: float) -> str:
    if seconds >= 86400 and seconds % 86400 == 0:
        days = int(seconds // 86400)
        return f"{days} day{'s' if days > 1 else ''}"
    if seconds >= 3600:
        return f"{seconds / 3600:g} h"
    return f"{seconds:g} s"


def reason(seconds: float) -> str:
    """Return the words a closed table shows: why it was closed."""
    return f"this table was closed: nobody moved for {_duration(seconds)}"


def _is_live(pace: str | None) -> bool:
    """Return whether a stored pace (JSON or None) is live: under an hour a decision."""
    if not pace:
        return False
    try:
        per_move = float(json.loads(pace)["per_move"])
    except (ValueError, KeyError, TypeError):
        return False
    return per_move < LIVE_PER_MOVE


def abandon(store: Store, now: float, after: float, live_after: float) -> dict[str, str]:
    """Close the tables gone quiet past their lifetime; return {id: reason} (blocking)."""
    shortest = min(x for x in (after, live_after) if x) if after or live_after else 0.0
    if not shortest:
        return {}
    with store.engine.begin() as conn:
        query = (
            select(TABLES.c.id, SETTINGS.c.pace)
            .select_from(TABLES.outerjoin(SETTINGS, SETTINGS.c.table_id == TABLES.c.id))
            .where(TABLES.c.finished.is_(False), TABLES.c.closed.is_(None), stale(now - shortest))
            .limit(BATCH)
        )
        candidates = conn.execute(query).all()
        closed: dict[str, str] = {}
        for row in candidates:
            lifetime = live_after if _is_live(row.pace) else after
            if not lifetime:
                continue
            why = reason(lifetime)
            done = conn.execute(  # quiet still (a move may have come since the look)
                update(TABLES)
                .where(TABLES.c.id == row.id, TABLES.c.closed.is_(None), stale(now - lifetime))
                .values(finished=True, closed=why[:200])
            )
            if done.rowcount == 1:
                closed[str(row.id)] = why
    return closed


async def sweep(hub: Hub, now: float | None = None) -> list[str]:
    """Close the abandoned tables and tell their connections; return their ids."""
    limits = hub.traffic
    now = time.time() if now is None else now
    closed = await asyncio.to_thread(
        abandon, hub.store, now, limits.abandon_after, limits.abandon_live_after
    )
    for table_id, why in closed.items():
        await hub.cluster.publish(table_id, "table")  # [cluster, issue 38] the others reload it
        table = hub.tables.get(table_id)
        if table is None:
            continue
        table.closed = why
        table.changed()
        text = dumps({"type": "error", "code": "closed", "message": why})
        for conn in list(table.connections):
            if not await conn.deliver(text):
                await hub.leave(table, conn)
    return list(closed)

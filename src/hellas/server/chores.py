"""The server's background work: resuming bot tables, healing stalled ones, closing, unloading.

Each chore runs in its own task, logs one line per thing it did or failed to do, and recovers
on its own: a failure is logged with its reason and the chore tries again after a pause that
grows while it keeps failing, so no chore can die silently or stop the others.

Healing (issue 47): a table whose bots stopped for a database fault (``Hub.stalled``) is
retried every ``HEAL_EVERY`` seconds, each table on its own back-off that never grows past
``HEAL_PAUSE_MAX``, so after an outage every table moves again within seconds of the database
coming back, with no request needed.  While tables still wait, one line every
``HEAL_LOG_EVERY`` seconds says how many and why.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from hellas.server import abandon, healing
from hellas.server.hub import Hub
from hellas.server.store import transient

log = logging.getLogger("hellas.server")
UNLOAD_EVERY = 30.0  # seconds between looks for idle tables to unload
MAX_PAUSE = 300.0
HEAL_EVERY = 0.5  # seconds between looks at the stalled tables
HEAL_PAUSE_MAX = 2.0  # the longest a stalled table waits between two tries
HEAL_BATCH = 200  # stalled tables tried in one look (the rest in the next)
HEAL_LOG_EVERY = 10.0  # seconds between two "still waiting" lines


def start_chores(hub: Hub) -> list[asyncio.Task[None]]:
    """Start the server's background work; return the tasks (cancel them at shutdown)."""
    return [
        asyncio.create_task(_resume(hub)),
        asyncio.create_task(_expire_open_tables(hub)),
        asyncio.create_task(_unload(hub)),
        asyncio.create_task(_abandon(hub)),
        asyncio.create_task(heal(hub)),
    ]


async def _retrying(name: str, work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work`` until it succeeds, logging each failure and waiting longer after each."""
    pause = 1.0
    while True:
        try:
            await work()
            return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s failed; trying again in %.0f s", name, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, MAX_PAUSE)


async def _resume(hub: Hub) -> None:
    async def once() -> None:
        count = await hub.resume_all()
        log.info("resumed %d table(s) with bots; %d unavailable", count, len(hub.broken))

    await _retrying("resuming bot tables", once)


async def _expire_open_tables(hub: Hub) -> None:
    ttl = hub.traffic.open_table_ttl
    if not ttl:
        return

    async def once() -> None:
        closed = await hub.expire()
        if closed:
            log.info("closed %d open table(s) nobody joined", len(closed))

    while True:
        await _retrying("closing stale open tables", once)
        await asyncio.sleep(min(max(ttl / 4, 1.0), 300.0))


async def _abandon(hub: Hub) -> None:
    """Close the tables nobody moved at for their lifetime (issue 48, ``abandon.py``)."""
    limits = hub.traffic
    if not (limits.abandon_after or limits.abandon_live_after):
        return
    shortest = min(x for x in (limits.abandon_after, limits.abandon_live_after) if x)

    async def once() -> None:
        closed = await abandon.sweep(hub)
        if closed:  # the lobby's cached pages last a second at most (--listing-cache)
            log.info("closed %d abandoned table(s)", len(closed))

    while True:
        await _retrying("closing abandoned tables", once)
        await asyncio.sleep(min(max(shortest / 4, 1.0), 300.0))


async def _unload(hub: Hub) -> None:
    if not (hub.traffic.idle_unload or hub.traffic.max_live_tables):
        return
    while True:
        await asyncio.sleep(min(UNLOAD_EVERY, hub.traffic.idle_unload or UNLOAD_EVERY))
        try:
            gone = hub.unload_idle()
        except Exception:
            log.exception("unloading idle tables failed; trying again later")
            continue
        if gone:
            log.info("unloaded %d idle table(s); %d in memory", len(gone), len(hub.tables))


async def heal(hub: Hub) -> None:
    """Retry the stalled tables for ever, each on a back-off of at most ``HEAL_PAUSE_MAX``."""
    waits: dict[str, tuple[float, float]] = {}  # table id -> (next try, pause after a failure)
    logged = 0.0
    while True:
        await asyncio.sleep(HEAL_EVERY)
        now = time.monotonic()
        for table_id in [t for t in waits if t not in hub.stalled]:
            del waits[table_id]
        due = [t for t in hub.stalled if waits.get(t, (0.0, 0.0))[0] <= now][:HEAL_BATCH]
        failed: dict[str, str] = {}
        for table_id in due:
            try:
                await healing.heal(hub, table_id)
                if table_id not in hub.stalled:
                    waits.pop(table_id, None)
                    log.info("table moves again table=%s", table_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # still failing: the next try after a longer pause
                pause = min(waits.get(table_id, (0.0, HEAL_EVERY / 2))[1] * 2, HEAL_PAUSE_MAX)
                waits[table_id] = (time.monotonic() + pause, pause)
                failed[table_id] = f"{type(exc).__name__}: {exc}"[:200]
                if not transient(exc) and getattr(exc, "status", 0) != 503:
                    log.exception("healing failed table=%s", table_id)
        if failed and time.monotonic() - logged >= HEAL_LOG_EVERY:
            first = next(iter(failed))
            log.warning(
                "%d table(s) still wait for the database; e.g. table=%s reason=%r",
                len(hub.stalled),
                first,
                failed[first],
            )
            logged = time.monotonic()

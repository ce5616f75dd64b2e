"""The server's background work: resuming bot tables, closing stale open tables, unloading.

Each chore runs in its own task, logs one line per thing it did or failed to do, and recovers
on its own: a failure is logged with its reason and the chore tries again after a pause that
grows while it keeps failing, so no chore can die silently or stop the others.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from hellas.server.hub import Hub

log = logging.getLogger("hellas.server")
UNLOAD_EVERY = 30.0  # seconds between looks for idle tables to unload
MAX_PAUSE = 300.0


def start_chores(hub: Hub) -> list[asyncio.Task[None]]:
    """Start the server's background work; return the tasks (cancel them at shutdown)."""
    return [
        asyncio.create_task(_resume(hub)),
        asyncio.create_task(_expire_open_tables(hub)),
        asyncio.create_task(_unload(hub)),
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

"""Tables whose bots stopped: retried until they move again, or marked unavailable (issue 47).

A table's bot loop (``botplay.run``) that fails hands its error here.  A passing database
fault (``store.transient``: a restart, a cut connection, a serialization failure, a timeout)
never marks a table unavailable: the table waits in ``Hub.stalled`` and the healing chore
(``chores.heal``) calls ``heal`` for it, on a bounded back-off, until it moves again - with no
request needed.  Any other failure is retried once after a fresh load from the database
(``Hub.suspect``); only a failure that repeats then marks the table unavailable, with the
reason shown in its API answer and logged once.  A change whose hook failed for a passing
fault after its move was stored (``unheard``: the clocks' write, say) is sent to the clients
all the same and waits here too, so its clocks are stored and its bots play once the database
is back, on this process and on those that caught the move up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from hellas.server.live import LiveTable, build, unavailable_reason
from hellas.server.store import transient

if TYPE_CHECKING:
    from hellas.server.hub import Hub

log = logging.getLogger("hellas.server")


def _why(exc: BaseException) -> str:
    return f"its bots stopped: {type(exc).__name__}: {exc}"[:300]


async def stalled(hub: Hub, table: LiveTable, exc: Exception) -> None:
    """Note a table whose bots stopped: a passing fault waits for the healing chore.

    Any other failure is retried once after a fresh load from the database (``heal``); a
    failure again before its next move marks the table unavailable.
    """
    why = _why(exc)
    if transient(exc):
        if table.id not in hub.stalled:
            log.warning("bots paused table=%s reason=%r; retrying", table.id, why)
        hub.stalled[table.id] = why
    elif table.id in hub.suspect:  # it failed again after a fresh load: for good
        log.error("bot loop failed again table=%s", table.id, exc_info=exc)
        hub.stalled.pop(table.id, None)
        await hub.mark_broken(table.id, why)
    else:
        log.error("bot loop failed table=%s; retrying after a fresh load", table.id, exc_info=exc)
        hub.suspect[table.id] = hub.stalled[table.id] = why


def unheard(hub: Hub, table: LiveTable, exc: Exception) -> None:
    """Note a change whose hook failed (``Hub.broadcast``): a passing fault is healed later.

    The move is stored already; its clients are sent their views all the same, and the
    healing chore runs the hooks (the clocks' write) and the broadcast again and lets the
    bots play once the database is back.  Any other failure is raised as before.
    """
    if not transient(exc):
        raise exc
    if table.id not in hub.stalled:
        log.warning("change not fully handled table=%s reason=%r; retrying", table.id, _why(exc))
    hub.stalled[table.id] = _why(exc)


async def heal(hub: Hub, table_id: str) -> None:
    """Retry a stalled table: load it afresh, catch up the stored moves, let its bots play.

    Raises while it still fails (the chore tries again later); a table whose fresh load or
    retry fails again for a reason that is not the database's is marked unavailable.
    """
    table = hub.tables.get(table_id)
    if table is None or table.unloaded:
        hub.stalled.pop(table_id, None)
        if table_id not in hub.broken:
            await hub.get(table_id)  # loads it afresh; its bots start
        return
    if table_id in hub.suspect:  # its stored record must still build from the database
        row = None
        try:
            row = await asyncio.to_thread(hub.store.load, table_id)
            if row is not None:
                await asyncio.to_thread(build, row)
        except Exception as exc:
            if transient(exc):
                raise
            hub.stalled.pop(table_id, None)
            await hub.mark_broken(table_id, unavailable_reason(row, exc) if row else str(exc))
            return
    try:
        await hub.cluster.catch_up(table)  # a move whose commit answer was lost is applied
        await hub.cluster.refresh(table)  # seats handed over meanwhile
        for hook in hub.on_change:  # the clocks are stored again (raises while they cannot be)
            await hook(table)
        await hub.broadcast(table)  # the clients hear
    except Exception as exc:
        if transient(exc):
            raise  # the chore tries again later
        if table_id not in hub.suspect:
            hub.suspect[table_id] = _why(exc)
            raise  # once more after a fresh load
        hub.stalled.pop(table_id, None)  # it failed again after a fresh load: for good
        await hub.mark_broken(table_id, _why(exc))
        return
    hub.stalled.pop(table_id, None)
    hub.kick_bots(table)

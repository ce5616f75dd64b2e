"""Hints at the web table: the honest search's top choices for the seat to act, from its view.

A seated person asks with their seat and token, as for a move.  The search runs in the bot
worker pool (``workers.BotPool.hint``), never on the server's own process, within the server's
hint time (``--hint-seconds``) and its bot budget and iteration limits.  It searches a
``Decision`` for the asking seat, whose samples re-deal every card that seat cannot see, so the
answer is the same whatever those cards are; what comes back is the seat's own choices with
their estimated win chances - never the state.  Asking changes nothing at the table.
"""

from __future__ import annotations

import hashlib
from typing import Any

from hellas.server.errors import ServerError
from hellas.server.hub import Hub, LiveTable
from hellas.server.pool import WorkerFailed, WorkerGone
from hellas.server.shared_limits import check
from hellas.server.traffic import RateLimiter


def hint_seed(seed: int, step: int, seat: int) -> int:
    """Return the search's generator seed for a hint (apart from the bots' dice)."""
    digest = hashlib.sha256(f"hint/{seed}/{step}/{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


async def ask(
    hub: Hub,
    table: LiveTable,
    seat: int | None,
    token: str | None,
    client: str = "",
    rate: RateLimiter | None = None,
) -> dict[str, Any]:
    """Return the top 3 choices for ``seat`` (which must be the one to act), best chance first.

    Refused, with a clear error and nothing changed: spectators and wrong tokens, tables with
    hints off, a closed or finished game, another seat's turn, a seat a bot plays, and a seat
    or a client address whose previous hint is still being thought out.  A hint that comes
    back after the table moved on is refused as ``stale``; one no worker could think out, as
    ``busy``.  Hints wait behind every bot move (``fairness``), so they never slow a bot.
    """
    if seat is None:
        raise ServerError("spectator", "spectators cannot ask for hints", 403)
    hub.check_token(table, seat, token)
    if not table.hints:
        raise ServerError("hints-off", "hints are off at this table (its creator chose so)", 403)
    if table.closed:
        raise ServerError("closed", table.closed, 410)
    async with table.lock:
        hub.check_turn(table, seat)
        if seat in table.hinting or (client and client in hub.hinting):
            raise ServerError(
                "hint-running", "a hint of yours is still being thought out; wait for it", 429
            )
        if rate is not None:
            await check(rate, client)  # a 429 past the address's hints (on every process)
        step = len(table.match.record.choices)
        snapshot = table.match.state.copy()
        table.hinting.add(seat)
        if client:
            hub.hinting.add(client)
    try:
        seed = hint_seed(table.match.record.seed, step, seat)
        found = await hub.bots.hint(table.game, snapshot, seat, seed, table.id, client)
    except (WorkerGone, WorkerFailed) as exc:
        why = f"the hint could not be thought out ({exc}); try again"
        raise ServerError("busy", why, 503) from exc
    finally:
        table.hinting.discard(seat)
        hub.hinting.discard(client)
    if len(table.match.record.choices) != step:
        raise ServerError("stale", "the table moved on while the hint was thought out", 409)
    seconds = hub.bots.hint_seconds
    hub.metrics.hints.inc()  # [metrics, issue 38]
    return {
        "table": table.id,
        "seat": seat,
        "seq": step,
        "choices": found["choices"],
        "iterations": found["iterations"],
        "seconds": None if seconds is None else min(seconds, hub.bots.budget),
    }

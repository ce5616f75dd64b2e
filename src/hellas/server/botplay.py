"""The bot seats' moves at a live table: asked of the worker pool, stored and applied in turn.

Split out of ``hub.py`` (issue 52): the hub checks and applies every choice; this module is the
loop that plays a table's bot seats while one is to act.  Bots think in the worker pool
(``pool.BotPool``), never on the server's own process; a bot move that no worker could make is
replaced by a cheap move the server picks itself (from the move's own seed), so a table never
stops because a worker died.  A loop that fails hands its error to ``healing.stalled``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from hellas.core.rng import Rng
from hellas.server import healing
from hellas.server.errors import ServerError
from hellas.server.live import HUMAN, LiveTable, bot_seed
from hellas.server.pool import WorkerFailed, WorkerGone

if TYPE_CHECKING:
    from hellas.server.hub import Hub

log = logging.getLogger("hellas.server")
RETRIES = 4  # times a bot move is asked again after its worker died, before a cheap move
RETRY_PAUSE = 0.5  # seconds before the first retry (doubling)


def kick(hub: Hub, table: LiveTable) -> None:
    """Start the table's bot loop if a bot is to act and none is running."""
    seat = table.match.to_act()
    if seat is None or table.seat_driver(seat) == HUMAN or table.closed or table.unloaded:
        return
    if table.bot_task is None or table.bot_task.done():
        table.bot_task = asyncio.get_running_loop().create_task(run(hub, table))


async def run(hub: Hub, table: LiveTable) -> None:
    """Play the bot seats' moves until a person is to act or the game ends."""
    try:
        while True:
            if not await hub.cluster.take(table.id):  # [cluster, issue 38] one player
                return  # another process holds the table's lease and plays its bots
            async with table.lock:
                seat = table.match.to_act()
                if table.unloaded or seat is None or table.seat_driver(seat) == HUMAN:
                    return
                driver = table.seat_driver(seat)
                step = len(table.match.record.choices)
                snapshot = table.match.state.copy()
            key = await bot_move(hub, table, snapshot, seat, driver, step)
            async with table.lock:
                if len(table.match.record.choices) != step or table.unloaded:
                    continue  # someone else moved meanwhile
                try:
                    await hub._commit(table, seat, key)
                except ServerError as exc:  # [cluster, issue 38] stored first elsewhere
                    if exc.code != "stale":
                        raise
                    continue
                hub.suspect.pop(table.id, None)  # [issue 47] it moves again
            await hub.broadcast(table)
            if hub.bot_delay:
                await asyncio.sleep(hub.bot_delay)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # never silently stuck: retried, or the table says why
        await healing.stalled(hub, table, exc)  # [issue 47]


async def bot_move(
    hub: Hub, table: LiveTable, snapshot: Any, seat: int, driver: str, step: int
) -> str:
    """Return a bot's move: from a worker, asked again if its worker died, else a cheap one."""
    seed = bot_seed(table.match.record.seed, step)
    pause = RETRY_PAUSE
    for attempt in range(RETRIES + 1):
        try:
            reply = await hub.bots.choose(
                table.game,
                snapshot,
                seat,
                driver,
                seed,
                table=table.id,
                owner=str(table.extras.get("_owner", "")),
            )
            return str(reply["key"])
        except (WorkerGone, WorkerFailed) as exc:
            why = str(exc)
            overdue = isinstance(exc, WorkerFailed) or "no answer within" in why
            log.warning(
                "bot move failed table=%s seat=%d bot=%s attempt=%d reason=%r",
                table.id,
                seat,
                driver,
                attempt + 1,
                why,
            )
            if overdue or attempt == RETRIES:
                break  # this position defeats the bot (or no worker lives): a cheap move
            await asyncio.sleep(pause)
            pause = min(pause * 2, 10.0)
    choices = table.game.choices(snapshot)
    key = choices[Rng(seed).below(len(choices))].key
    log.warning("bot fallback table=%s seat=%d bot=%s move=%s", table.id, seat, driver, key)
    return key

"""Group commit: the choices of many tables stored in one transaction, each acknowledged after it.

Every accepted choice must be durable before anyone hears of it.  One transaction per choice
costs one disk flush per choice, and SQLite takes its writers one at a time, so under load the
choices of every table queue behind each other's flushes.  Here writes wait in a list on the
event loop; one flush at a time takes the whole list, stores it in a single transaction in a
worker thread, and only then wakes each waiting request.  Whatever arrives during a flush goes
into the next one.  A choice is therefore still acknowledged only after its own commit; a busy
server simply flushes many tables' choices at once, and a quiet one flushes each at once.

If a batch breaks a constraint, each write is retried on its own, so one bad write (say, a step
stored twice) fails alone; any other failure fails the whole batch, and every waiting request
hears of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from hellas.server.store import Store

BATCH_MAX = 500  # writes in one transaction at most


@dataclass
class Write:
    """One write waiting for the next commit: a choice, or a table's game-over mark."""

    table_id: str
    seq: int = -1
    key: str = ""
    seat: int = -1
    finished: bool = False  # True: mark the table finished (no choice)


class GroupCommitter:
    """Writes committed in batches, one flush at a time; ``await`` returns once committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.commits = 0  # transactions committed (for tests and benchmarks)
        self.writes = 0  # writes committed
        self._pending: list[tuple[Write, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        # [cluster, issue 38] the notices a batch sends other processes, in its own transaction
        self.notes: Callable[[Iterable[Write]], list[str]] | None = None

    async def move(self, table_id: str, seq: int, key: str, seat: int) -> None:
        """Durably store the ``seq``-th choice of a table; return once it is committed."""
        await self._submit(Write(table_id, seq, key, seat))

    async def finish(self, table_id: str) -> None:
        """Durably mark a table finished."""
        await self._submit(Write(table_id, finished=True))

    async def _submit(self, write: Write) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((write, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        """Commit the waiting writes, batch after batch, until none is left."""
        while self._pending:
            batch = self._pending[:BATCH_MAX]
            del self._pending[:BATCH_MAX]
            try:
                outcomes = await asyncio.to_thread(self._commit, [w for w, _f in batch])
            except asyncio.CancelledError:  # the server is stopping: wake the waiting requests
                for _w, future in batch:
                    future.cancel()
                raise
            except Exception as exc:  # no worker thread to write in: nothing was written
                outcomes = [exc] * len(batch)
            for (_w, future), outcome in zip(batch, outcomes, strict=True):
                _settle(future, outcome)

    def _commit(self, writes: list[Write]) -> list[BaseException | None]:
        """Store writes in one transaction, or one by one after a broken constraint."""
        try:
            self._write(writes)
            return [None] * len(writes)
        except IntegrityError:  # one write is bad (a step taken twice): find it, keep the others
            outcomes: list[BaseException | None] = []
            for write in writes:
                try:
                    self._write([write])
                    outcomes.append(None)
                except Exception as exc:  # handed to the waiting request
                    outcomes.append(exc)
            return outcomes
        except Exception as exc:  # the database is unwell: every write of the batch failed
            return [exc] * len(writes)

    def _write(self, writes: list[Write]) -> None:
        moves = [(w.table_id, w.seq, w.key, w.seat) for w in writes if not w.finished]
        finished = [w.table_id for w in writes if w.finished]
        self.store.add_moves(moves, finished, self.notes(writes) if self.notes else ())
        self.commits += 1
        self.writes += len(writes)


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():  # the request gave up waiting; the write stands
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)

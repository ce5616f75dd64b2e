"""The lobby's listings kept for a moment: one database query a second per distinct page.

``GET /api/tables`` is the API request anyone may send without a table or a seat, and each
answer is a database query over up to 100 tables (and their seats) turned into JSON: about
12 ms of a core.  ``ListingCache`` keeps each distinct page (status, limit, offset) as its JSON
text for ``seconds``, and a request for a page that is being loaded waits for that one load, so
a crowd asking for the same page costs one query a second however large the crowd.  Pages that
differ (another offset) each load once; the per-address request limiter charges a listing more
than a cheap request (``limits.request_cost``), so one address cannot spend a core walking
offsets either.  At most ``entries`` pages are kept (the least recently loaded go first).

What this server changes in the lobby - a table created, a seat claimed or handed to a bot, a
game over - calls ``clear``, so people see their own change at once; the rest (a move counted,
a table another process created) shows within ``seconds``.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable

LISTING_SECONDS = 1.0  # how long one page of the lobby is served from memory
LISTING_ENTRIES = 256  # distinct pages kept at once (each at most 100 tables of JSON)


class ListingCache:
    """Lobby pages as JSON text, each loaded at most once per ``seconds`` (0: never kept)."""

    def __init__(self, seconds: float = LISTING_SECONDS, entries: int = LISTING_ENTRIES) -> None:
        self.seconds = seconds
        self.entries = max(1, entries)
        # key -> (when its load began, the load): least recently loaded first
        self.pages: OrderedDict[Hashable, tuple[float, asyncio.Future[str]]] = OrderedDict()
        self.loads = 0  # pages loaded from the database (for tests and benchmarks)

    async def get(self, key: Hashable, load: Callable[[], Awaitable[str]]) -> str:
        """Return page ``key``: kept, being loaded by another request, or loaded now."""
        if self.seconds <= 0:
            self.loads += 1
            return await load()
        now = time.monotonic()
        kept = self.pages.get(key)
        if kept is None or now - kept[0] >= self.seconds:
            self.loads += 1
            task = asyncio.ensure_future(load())
            kept = self.pages[key] = (now, task)
            self.pages.move_to_end(key)
            while len(self.pages) > self.entries:
                self.pages.popitem(last=False)
            task.add_done_callback(lambda done: self._forget_failed(key, done))
        # shielded: a client that goes away does not cancel the load the others wait for
        return await asyncio.shield(kept[1])

    def _forget_failed(self, key: Hashable, done: asyncio.Future[str]) -> None:
        """Drop a load that failed, so the next request tries again instead of failing too."""
        if done.cancelled() or done.exception() is not None:
            kept = self.pages.get(key)
            if kept is not None and kept[1] is done:
                del self.pages[key]

    def clear(self) -> None:
        """Forget every page: something the lobby lists changed here (loads under way finish)."""
        self.pages.clear()

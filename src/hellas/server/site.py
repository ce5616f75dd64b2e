"""What every route of one server shares: the hub, the public address, the per-address limits.

``Site`` lives on ``app.state.site``; routes reach it through ``site_of``.  It also reads the
two things every route asks of a request: the client's address (what per-address limits count:
``addresses.client_key``, so an IPv6 /64 is one client) and a seat token, which a client may
send in the ``X-Seat-Token`` header instead of the URL.  ``admit_socket`` is the WebSocket
connect rate: a client past it is refused before its socket is accepted.  With PostgreSQL every
per-address rate here (creations, replay steps, hints, look-ups, connects) is shared by every
server process (``shared_limits.py``): an address gets one allowance however many processes it
spreads its requests over.  ``relink`` is how a process
hears of a seat another process linked to an account (a ``link`` notice).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from hellas.server.accounts import linked_seats
from hellas.server.addresses import client_key
from hellas.server.hub import Hub
from hellas.server.listing import ListingCache
from hellas.server.live import LiveTable
from hellas.server.presence import Presence
from hellas.server.shared_limits import batched, shared_rate, take
from hellas.server.traffic import RateLimiter

TOKEN_HEADER = "x-seat-token"
LOOKUP_RATE = 60.0  # "my tables" requests that load tables, a minute per address (50 at most)
CONNECT_RATE, CONNECT_BURST = 5.0, 100  # WebSocket connections a second per address, at once
REFUSED_SOCKET = 4429  # closes a handshake past the connect rate (the client sees a 403)
LINK_NOTICE = "link"  # the notice of a seat linked to an account (account_api.py)
CONNECT_BATCH = 10  # connect tokens a process reserves at once from the shared bucket


def replay_limiter(per_minute: float) -> RateLimiter:
    """Return the replay-step limiter, whose bursts are 6 seconds' worth (a dragged slider)."""
    return RateLimiter(per_minute, "too-many-replays", "replay steps", per_minute / 10)


def connect_limiter(per_second: float, burst: int) -> RateLimiter:
    """Return the WebSocket connect limiter: ``per_second`` a second, ``burst`` at once."""
    return RateLimiter(per_second * 60, "too-many-connections", "connections", max(1, burst))


@dataclass
class Site:
    """One server's shared parts."""

    hub: Hub
    public_url: str | None = None
    creations: RateLimiter = field(default_factory=lambda: RateLimiter(20.0))
    replays: RateLimiter = field(default_factory=lambda: replay_limiter(600.0))
    hints: RateLimiter = field(default_factory=lambda: RateLimiter(30.0, "too-many-hints", "hints"))
    lookups: RateLimiter = field(
        default_factory=lambda: RateLimiter(LOOKUP_RATE, "too-many-requests", "table look-ups")
    )
    connects: RateLimiter = field(
        default_factory=lambda: connect_limiter(CONNECT_RATE, CONNECT_BURST)
    )
    listings: ListingCache = field(default_factory=ListingCache)

    @classmethod
    def build(cls, hub: Hub, public_url: str | None) -> Site:
        """Return the site of ``hub``, its per-address limits taken from the hub's traffic."""
        limits, engine = hub.traffic, hub.store.engine
        connects = connect_limiter(limits.ws_connect_rate, limits.ws_connect_burst)
        batch = min(CONNECT_BATCH, connects.burst / 10)
        site = cls(
            hub,
            public_url,
            batched(engine, "create", RateLimiter(limits.create_rate)),
            batched(engine, "replay", replay_limiter(limits.replay_rate)),
            batched(engine, "hint", RateLimiter(limits.hint_rate, "too-many-hints", "hints")),
            batched(
                engine, "lookup", RateLimiter(LOOKUP_RATE, "too-many-requests", "table look-ups")
            ),
            connects=shared_rate(engine, "ws-connect", connects, batch),
            listings=ListingCache(limits.listing_cache),
        )
        hub.on_finish.append(site.game_over)
        hub.cluster.on(LINK_NOTICE, site.relink)
        Presence(hub)  # with PostgreSQL: who is online, across processes (presence.py)
        return site

    async def relink(self, table_id: str, _seat: int) -> None:
        """Read a table's seat links again (another process linked a seat to an account)."""
        table = self.hub.tables.get(table_id)
        if table is None:
            return  # not in memory here: read afresh, links and all, when next used
        links = await asyncio.to_thread(linked_seats, self.hub.store.engine, table_id)
        for row in table.seats:
            row.account, row.account_hash = links.get(row.seat, ("", ""))

    async def game_over(self, _table: LiveTable) -> None:
        """Forget the lobby's listings (the hub's game-over hook): a game moved to finished."""
        self.listings.clear()

    def url(self, request: Request, path: str) -> str:
        """Return the absolute address of a site path, for links people send each other."""
        return (self.public_url or str(request.base_url).rstrip("/")) + path


def site_of(request: Any) -> Site:
    """Return the site a request (or WebSocket) reached."""
    site: Site = request.app.state.site
    return site


def address(request: Any) -> str:
    """Return the key of the client's address (a trusted proxy's forwarded one; IPv6: its /64)."""
    client = request.client
    return client_key(client.host if client else None)


def token_of(request: Request, query: str | None) -> str | None:
    """Return the seat token from the ``X-Seat-Token`` header, else from the query (old links)."""
    return request.headers.get(TOKEN_HEADER) or query


async def admit_socket(ws: WebSocket) -> bool:
    """Return whether ``ws`` may open now; past its address's connect rate, refuse it unopened.

    The refusal is the handshake's answer (uvicorn's 403: its 429 with a body logs an error for
    every refusal), after the tarpit's hold like any refusal: a client that reconnects in a loop
    gets nothing accepted, joined or sent, and waits for each no.  A browser's page sees a
    connection that failed and retries later, with its back-off (``web/js/table.js``).
    """
    site = site_of(ws)
    where = address(ws)
    if await take(site.connects, where) <= 0:
        return True
    site.hub.metrics.refuse("too-many-connections")
    await ws.app.state.tarpit.hold(where)
    with contextlib.suppress(WebSocketDisconnect, WebSocketDisconnected, OSError):
        await ws.close(code=REFUSED_SOCKET, reason="too many connections")  # a client gone: no-op
    return False

"""What every route of one server shares: the hub, the public address, the per-address limits.

``Site`` lives on ``app.state.site``; routes reach it through ``site_of``.  It also reads the
two things every route asks of a request: the client's address (what per-address limits count)
and a seat token, which a client may send in the ``X-Seat-Token`` header instead of the URL.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

from hellas.server.hub import Hub
from hellas.server.traffic import RateLimiter

TOKEN_HEADER = "x-seat-token"
LOOKUP_RATE = 60.0  # "my tables" requests that load tables, a minute per address (50 at most)


def replay_limiter(per_minute: float) -> RateLimiter:
    """Return the replay-step limiter, whose bursts are 6 seconds' worth (a dragged slider)."""
    return RateLimiter(per_minute, "too-many-replays", "replay steps", per_minute / 10)


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

    @classmethod
    def build(cls, hub: Hub, public_url: str | None) -> Site:
        """Return the site of ``hub``, its per-address limits taken from the hub's traffic."""
        limits = hub.traffic
        return cls(
            hub,
            public_url,
            RateLimiter(limits.create_rate),
            replay_limiter(limits.replay_rate),
            RateLimiter(limits.hint_rate, "too-many-hints", "hints"),
        )

    def url(self, request: Request, path: str) -> str:
        """Return the absolute address of a site path, for links people send each other."""
        return (self.public_url or str(request.base_url).rstrip("/")) + path


def site_of(request: Any) -> Site:
    """Return the site a request (or WebSocket) reached."""
    site: Site = request.app.state.site
    return site


def address(request: Any) -> str:
    """Return the client's address as the server sees it (a trusted proxy's forwarded one)."""
    client = request.client
    return client.host if client else "?"


def token_of(request: Request, query: str | None) -> str | None:
    """Return the seat token from the ``X-Seat-Token`` header, else from the query (old links)."""
    return request.headers.get(TOKEN_HEADER) or query

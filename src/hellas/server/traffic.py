"""Traffic limits of one server: what each client address and each connection may ask for.

``TrafficLimits`` holds the settings of ``hellas serve`` (creations, spectators, open-table
expiry, WebSocket messages and connections, replays, hints, tables kept in memory) and the
lobby's page sizes and listing cache, the WebSocket connect rate; ``RateLimiter`` is a token
bucket per client address and ``Bucket`` one bucket (a WebSocket's messages, an address's API
request tokens, which costly requests spend several of); ``Tarpit`` holds a refused API request
a moment before its 429.
"""

from __future__ import annotations

import asyncio
import math
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

from hellas.core.errors import HellasError
from hellas.server.connections import drop_current

PAGE_DEFAULT = 20  # open tables per lobby page unless ``limit`` says otherwise
PAGE_MAX = 100
BUCKETS_MAX = 10_000  # addresses remembered before full buckets are forgotten
_UNITS = {"": 1.0, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


class TrafficError(HellasError):
    """A request refused for traffic reasons, with an HTTP status and extra headers."""

    def __init__(
        self, code: str, message: str, status: int, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.headers = headers or {}


def parse_duration(text: str) -> float:
    """Return seconds from ``90``, ``90s``, ``30m``, ``24h`` or ``7d`` (``0``: never)."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text.lower())
    if not found:
        raise ValueError(f"{text!r} is not a duration: use e.g. 90s, 30m, 24h, 7d or 0 (never)")
    return float(found.group(1)) * _UNITS[found.group(2)]


@dataclass(frozen=True)
class TrafficLimits:
    """What one server allows each client: creations, connections, messages, replays, hints.

    Rates are per client address (as the server sees it: put a proxy's forwarded address in
    front with ``--forwarded-allow-ips``) except ``ws_rate``, per WebSocket.  0 turns a limit off.
    """

    create_rate: float = 20.0  # tables per minute per client address; 0: no limit
    max_spectators: int = 50  # per table; 0: no spectators
    open_table_ttl: float = 24 * 3600.0  # seconds an unjoined open table is kept; 0: forever
    ws_rate: float = 10.0  # messages a second one WebSocket may send (bursts of ws_burst)
    ws_burst: int = 30
    max_seat_connections: int = 8  # WebSockets on one seat of one table
    max_address_connections: int = 64  # WebSockets from one client address
    replay_rate: float = 600.0  # replay steps per minute per client address
    hint_rate: float = 30.0  # hints per minute per client address
    idle_unload: float = 600.0  # seconds an unused table stays in memory
    max_live_tables: int = 5000  # tables in memory before the least recently used go
    http_rate: float = 50.0  # API request tokens a second per address (bursts of 4 seconds')
    refused_hold: float = 1.0  # seconds a refused API request waits for its 429; 0: at once
    ws_connect_rate: float = 5.0  # WebSocket connections a second per client address
    ws_connect_burst: int = 100  # of them at once (a page of tables, a crowd behind one NAT)
    listing_cache: float = 1.0  # seconds a lobby listing is served from memory; 0: not kept
    abandon_after: float = 3 * 86400.0  # [issue 48] no move this long: closed (over days); 0 off
    abandon_live_after: float = 6 * 3600.0  # the same for live paces (server/abandon.py)

    def __post_init__(self) -> None:
        for name, value in (
            ("the create rate", self.create_rate),
            ("the open-table lifetime", self.open_table_ttl),
            ("the WebSocket message rate", self.ws_rate),
            ("the replay rate", self.replay_rate),
            ("the hint rate", self.hint_rate),
            ("the idle-unload time", self.idle_unload),
            ("the API request rate", self.http_rate),
            ("the hold of a refused request", self.refused_hold),
            ("the WebSocket connect rate", self.ws_connect_rate),
            ("the lobby listing cache", self.listing_cache),
            ("the abandoned-table lifetime", self.abandon_after),
            ("the abandoned live-table lifetime", self.abandon_live_after),
        ):
            if not (math.isfinite(value) and value >= 0):
                raise ValueError(f"{name} must be 0 (no limit) or a positive number")
        if self.refused_hold > 60:
            raise ValueError("the hold of a refused request is at most 60 seconds")
        if self.listing_cache > 60:
            raise ValueError("the lobby listing cache is at most 60 seconds")
        for name, count in (
            ("the spectator cap", self.max_spectators),
            ("the WebSocket burst", self.ws_burst),
            ("the connections-per-seat cap", self.max_seat_connections),
            ("the connections-per-address cap", self.max_address_connections),
            ("the live-table cap", self.max_live_tables),
            ("the WebSocket connect burst", self.ws_connect_burst),
        ):
            if count < 0:
                raise ValueError(f"{name} must be 0 or more")


@dataclass
class Bucket:
    """One token bucket: ``rate`` tokens a second, holding at most ``burst``."""

    rate: float
    burst: float
    tokens: float = -1.0
    at: float = 0.0

    def take(self, now: float | None = None, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are that many; return whether there were.

        A cost over the burst is charged as the whole burst, so a costly request still passes
        after a full refill.
        """
        if self.rate <= 0:
            return True
        now = time.monotonic() if now is None else now
        if self.tokens < 0:
            self.tokens, self.at = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        cost = min(cost, self.burst)
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def refund(self) -> None:
        """Give back the token last taken (what it paid for turned out to cost nothing extra)."""
        self.tokens = min(self.burst, self.tokens + 1.0)


@dataclass
class RateLimiter:
    """A token bucket per key: ``per_minute`` actions a minute, bursts up to ``burst``.

    ``burst`` 0 means a minute's worth.  A shorter burst keeps a short flood near the steady rate
    (an 8-second flood of replay steps would otherwise spend a whole minute's allowance).
    """

    per_minute: float
    code: str = "too-many-tables"
    what: str = "new tables"
    burst: float = 0.0
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # key -> (tokens, at)

    @property
    def capacity(self) -> float:
        """Return the bucket's size: the burst, else a minute's worth."""
        return max(1.0, self.burst or self.per_minute)

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one token of ``key``; return 0, or the seconds to wait if there is none."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        capacity = self.capacity
        refill = self.per_minute / 60.0  # tokens per second
        tokens, at = self.buckets.get(key, (capacity, now))
        tokens = min(capacity, tokens + (now - at) * refill)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return (1.0 - tokens) / refill
        self.buckets[key] = (tokens - 1.0, now)
        if len(self.buckets) > BUCKETS_MAX:
            self._forget_full(now, capacity, refill)
        return 0.0

    def _forget_full(self, now: float, capacity: float, refill: float) -> None:
        """Drop the buckets that have refilled: they hold nothing worth remembering."""
        for key, (tokens, at) in list(self.buckets.items()):
            if tokens + (now - at) * refill >= capacity:
                del self.buckets[key]

    def check(self, key: str) -> None:
        """Spend one token of ``key`` or raise a 429 error saying when to come back."""
        wait = self.take(key)
        if wait > 0:
            raise self.refusal(wait)

    def refusal(self, wait: float) -> TrafficError:
        """Return the 429 of an address that must wait ``wait`` seconds for its next token."""
        seconds = max(1, math.ceil(wait))
        return TrafficError(
            self.code,
            f"too many {self.what} from your address (at most {self.per_minute:g} a "
            f"minute); try again in {seconds} s",
            429,
            {"Retry-After": str(seconds)},
        )


class Tarpit:
    """Hold refused API requests a moment before their 429: a flood pays, the server does not.

    A client that sends the next request as soon as the last is answered (a script's loop, a
    thread pool) would otherwise get its refusals as fast as the server can write them and keep
    a core busy with nothing but refusals.  Held, each of its connections asks at most once per
    ``seconds``; a held request is a sleeping coroutine and a socket, nothing else.  At most
    ``per_address`` requests of one address and ``total`` in all are held (the holds must not
    become the resource an attacker exhausts); past either, the request's connection is closed
    unanswered (``connections.drop_current``), so a refusal never costs more than an answer and
    an answer at once would only invite the next request at once.  A client can hold only as
    many refusals as it holds connections, and ``--max-address-http-connections`` (32) is far
    below ``per_address``: only clients behind a trusted proxy, whose own address is not capped,
    can reach it.  Holds vary by ``jitter`` around ``seconds`` so that a crowd held together does
    not return together.
    """

    def __init__(
        self, seconds: float, per_address: int = 256, total: int = 2048, jitter: float = 0.5
    ) -> None:
        self.seconds = seconds
        # each hold is seconds x (1 ± jitter/2): held clients come back spread over time, not
        # all in the same instant (a crowd released together would land as one burst)
        self.jitter = jitter
        self.spread = random.Random()  # timing only, never a game's randomness
        self.per_address = per_address
        self.total = total
        self.held: Counter[str] = Counter()
        self.holding = 0
        self.most = 0  # the most requests held at once (for tests and /metrics)
        self.dropped = 0  # connections closed unanswered past a cap

    async def hold(self, address: str) -> None:
        """Wait ``seconds`` before a refusal to ``address`` is sent; past a cap, hang up."""
        if self.seconds <= 0:
            return
        if self.holding >= self.total or self.held[address] >= self.per_address:
            self.dropped += 1
            await drop_current()  # outside a served connection (a test's app): answered at once
            return
        self.held[address] += 1
        self.holding += 1
        self.most = max(self.most, self.holding)
        try:
            await asyncio.sleep(self.seconds * (1 + self.jitter * (self.spread.random() - 0.5)))
        finally:
            self.holding -= 1
            self.held[address] -= 1
            if not self.held[address]:
                del self.held[address]

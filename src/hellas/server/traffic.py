"""Traffic limits of one server: table creations per address, spectators, open-table expiry.

``TrafficLimits`` holds the settings of ``hellas serve`` (``--create-rate``,
``--max-spectators``, ``--open-table-ttl``) and the lobby's page sizes; ``RateLimiter`` is a
token bucket per client address.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field

from hellas.core.errors import HellasError

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
    """What one server allows: creations per minute and address, spectators, open-table age."""

    create_rate: float = 20.0  # tables per minute per client address; 0: no limit
    max_spectators: int = 50  # per table; 0: no spectators
    open_table_ttl: float = 24 * 3600.0  # seconds an unjoined open table is kept; 0: forever

    def __post_init__(self) -> None:
        if not (self.create_rate >= 0 and math.isfinite(self.create_rate)):
            raise ValueError("the create rate must be 0 (no limit) or a positive number")
        if self.max_spectators < 0:
            raise ValueError("the spectator cap must be 0 or more")
        if not (self.open_table_ttl >= 0 and math.isfinite(self.open_table_ttl)):
            raise ValueError("the open-table lifetime must be 0 (forever) or a positive duration")


@dataclass
class RateLimiter:
    """A token bucket per key: ``per_minute`` actions a minute, bursts up to the same number."""

    per_minute: float
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # key -> (tokens, at)

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one token of ``key``; return 0, or the seconds to wait if there is none."""
        if self.per_minute <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        capacity = max(1.0, self.per_minute)
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
            seconds = max(1, math.ceil(wait))
            raise TrafficError(
                "too-many-tables",
                f"too many new tables from your address (at most {self.per_minute:g} a minute); "
                f"try again in {seconds} s",
                429,
                {"Retry-After": str(seconds)},
            )

"""Sign-in throttling that slows a guesser without locking the owner out, and device cookies.

Guessing a password is slowed, never stopped for everyone: a name is never locked.  Each
attempt is counted against

- its address (``per_address``: a steady rate, whatever the names tried);
- its name *and* address (``pair``): five wrong passwords pass, then each further try waits
  twice as long as the one before (5 s, 10 s, 20 s ... at most 15 minutes), forgotten an hour
  after the last wrong one and at once after a right one;
- its name across every address (``name``): a net for many addresses guessing one name: thirty
  wrong passwords pass, then tries wait 2 s, 4 s ... at most a minute.

A right password on a device gets a long-lived ``hellas_device`` cookie, signed with a secret
of the database, that names the account and the device.  A sign-in that carries one for the
account of the name it signs in to is the owner's device: neither the name's nor anyone else's
wrong passwords hold it back, only its own (``device``: counted like ``pair``) and a looser
per-address rate (``devices``).  So an attacker who tries a name from anywhere can delay a new
device of its owner a little at worst, and a device the owner signed in on before not at all.

With PostgreSQL every server process counts against the same rates and wrong passwords
(``SigninGuard.over``, kept by ``shared_limits.py``): several processes behind one load balancer
give a guesser no more tries than one; while the database cannot be asked, sign-ins are refused
(503) rather than let through unthrottled.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from sqlalchemy.engine import Engine

from hellas.server.shared_limits import (
    SharedFailures,
    check,
    shared_for,
    shared_rate,
    unavailable,
)
from hellas.server.traffic import RateLimiter, TrafficError

DEVICE_COOKIE = "hellas_device"
DEVICE_DAYS = 365
DEVICE_PATH = "/api/account"  # sent with account requests only
REMEMBERED = 50_000  # keys a back-off remembers at most (the least recently failed go first)


def device_cookie(secret: bytes, account_id: str, now: float | None = None) -> str:
    """Return a new device cookie's value for an account: ``account.device.issued.signature``."""
    issued = int(time.time() if now is None else now)
    body = f"{account_id}.{secrets.token_hex(8)}.{issued}"
    return f"{body}.{_sign(secret, body)}"


def device_of(secret: bytes, value: object, now: float | None = None) -> tuple[str, str] | None:
    """Return (account id, device id) of a valid, unexpired device cookie, else None."""
    if not isinstance(value, str) or len(value) > 120:
        return None
    parts = value.split(".")
    if len(parts) != 4 or not parts[2].isdigit():
        return None
    body = ".".join(parts[:3])
    if not hmac.compare_digest(_sign(secret, body), parts[3]):
        return None
    now = time.time() if now is None else now
    if int(parts[2]) + DEVICE_DAYS * 86400 < now:
        return None
    return parts[0], parts[1]


def _sign(secret: bytes, body: str) -> str:
    return hmac.new(secret, b"device:" + body.encode(), hashlib.sha256).hexdigest()[:32]


@dataclass
class Backoff:
    """Wrong attempts per key: ``free`` pass, then each next try waits twice as long.

    After the n-th wrong attempt (n >= ``free``) the next try waits ``base`` x 2^(n - free)
    seconds, at most ``cap``, counted from that attempt; a key quiet for ``forget`` seconds
    starts over.
    """

    free: int
    base: float
    cap: float
    forget: float = 3600.0
    failures: OrderedDict[str, tuple[int, float]] = field(default_factory=OrderedDict)

    def wait(self, key: str, now: float | None = None) -> float:
        """Return the seconds ``key`` must still wait before its next try (0: it may try)."""
        found = self.failures.get(key)
        if found is None:
            return 0.0
        count, last = found
        now = time.monotonic() if now is None else now
        if now - last >= self.forget:
            del self.failures[key]
            return 0.0
        return self.delay(count, now - last)

    def delay(self, count: int, ago: float) -> float:
        """Return the wait left after ``count`` wrong attempts, the last ``ago`` seconds ago."""
        if count < self.free or ago >= self.forget:
            return 0.0
        delay = min(self.cap, self.base * 2.0 ** min(count - self.free, 30))
        return max(0.0, delay - ago)

    def failed(self, key: str, now: float | None = None) -> None:
        """Count a wrong attempt of ``key``."""
        now = time.monotonic() if now is None else now
        count, last = self.failures.pop(key, (0, now))
        if now - last >= self.forget:
            count = 0
        self.failures[key] = (count + 1, now)  # the most recent last
        while len(self.failures) > REMEMBERED:
            self.failures.popitem(last=False)

    def clear(self, key: str) -> None:
        """Forget ``key``'s wrong attempts (it got in)."""
        self.failures.pop(key, None)


@dataclass
class SigninGuard:
    """The throttles of one server's sign-ins (see the module's docstring).

    With PostgreSQL (``over``) the address rates and the wrong passwords are shared by every
    server process (``shared_limits.py``), and they fail closed: while the database cannot be
    asked, sign-ins are answered 503, never let through unthrottled.
    """

    per_address: RateLimiter = field(
        default_factory=lambda: RateLimiter(10.0, "too-many-signins", "sign-in attempts")
    )
    devices: RateLimiter = field(
        default_factory=lambda: RateLimiter(30.0, "too-many-signins", "sign-in attempts")
    )
    pair: Backoff = field(default_factory=lambda: Backoff(free=5, base=5.0, cap=900.0))
    name: Backoff = field(default_factory=lambda: Backoff(free=30, base=2.0, cap=60.0))
    device: Backoff = field(default_factory=lambda: Backoff(free=5, base=5.0, cap=900.0))
    shared: SharedFailures | None = None  # the wrong passwords of every process (PostgreSQL)

    @classmethod
    def over(cls, engine: Engine) -> SigninGuard:
        """Return the throttles of sign-ins to ``engine``'s database (shared with PostgreSQL)."""
        guard = cls()
        common = shared_for(engine)
        if not common.on:
            return guard
        guard.per_address = shared_rate(engine, "signin", guard.per_address, fail_open=False)
        guard.devices = shared_rate(engine, "signin-device", guard.devices, fail_open=False)
        guard.shared = SharedFailures(common)
        return guard

    async def address_check(self, where: str, known_device: bool) -> None:
        """Spend one of the address's sign-in attempts (a known device's looser rate) or 429."""
        await check(self.devices if known_device else self.per_address, where)

    def _keys(self, name: str, where: str, device: str | None) -> list[tuple[str, Backoff]]:
        """Return the keys a sign-in is counted under, each with its back-off."""
        if device is not None:
            return [(f"device:{name}|{device}", self.device)]
        return [(f"pair:{name}|{where}", self.pair), (f"name:{name}", self.name)]

    async def _shared(self) -> SharedFailures | None:
        """Return the shared failures if they are in use; 503 while the database cannot be asked."""
        shared = self.shared
        if shared is None:
            return None
        if not shared.shared.usable():
            raise unavailable("sign-in attempts")
        return shared

    async def check(self, name: str, where: str, device: str | None) -> None:
        """Raise a 429 if the name may not be tried now from this address (or this device)."""
        keys = self._keys(name, where, device)
        shared = await self._shared()
        if shared is None:
            waits = [backoff.wait(key.partition(":")[2]) for key, backoff in keys]
        else:
            try:
                counts = await asyncio.to_thread(shared.counts, [key for key, _b in keys])
            except Exception as exc:
                shared.shared.failed(exc)
                raise unavailable("sign-in attempts") from exc
            waits = [b.delay(*counts[k]) if k in counts else 0.0 for k, b in keys]
        whence = ["from this device"] if device is not None else ["from your address", ""]
        for wait, where_from in zip(waits, whence, strict=True):
            _refuse(wait, where_from)

    async def failed(self, name: str, where: str, device: str | None) -> None:
        """Count a wrong password for the name (from this address, or from this device)."""
        keys = self._keys(name, where, device)
        shared = await self._shared()
        if shared is None:
            for key, backoff in keys:
                backoff.failed(key.partition(":")[2])
            return
        try:
            await asyncio.to_thread(shared.failed, [(k, b.forget) for k, b in keys])
        except Exception as exc:  # not counted: refused like any sign-in the database can't see
            shared.shared.failed(exc)
            raise unavailable("sign-in attempts") from exc

    async def succeeded(self, name: str, where: str, device: str | None) -> None:
        """Forget this address's (or device's) wrong passwords for the name: the owner got in."""
        keys = [f"pair:{name}|{where}"] + ([f"device:{name}|{device}"] if device else [])
        if self.shared is None:
            self.pair.clear(f"{name}|{where}")
            if device is not None:
                self.device.clear(f"{name}|{device}")
            return
        try:
            await asyncio.to_thread(self.shared.clear, keys)
        except Exception as exc:  # the owner is in all the same; the count lapses in an hour
            self.shared.shared.failed(exc)


def _refuse(wait: float, whence: str) -> None:
    """Raise the 429 of a sign-in that must wait ``wait`` seconds (nothing if 0)."""
    if wait <= 0:
        return
    seconds = max(1, math.ceil(wait))
    where = f" {whence}" if whence else ""
    raise TrafficError(
        "too-many-signins",
        f"too many wrong passwords for this name{where}; try again in {seconds} s",
        429,
        {"Retry-After": str(seconds)},
    )

"""Password hashing on its own few threads, with a bounded queue: sign-ins never stall a move.

An argon2 hash or check takes some 64 MiB and a tenth of a second of CPU.  Run on asyncio's
default thread pool (``asyncio.to_thread``) a handful of sign-ups would hold every thread of it,
and the pool is shared by what every table needs at once: the group commit of moves
(``commits.py``), table loads, views.  So every hash and every check runs here instead, on a
small pool of its own (one thread on a two-core machine), and at most ``queue`` more wait for
it: past that a request is refused at once with a 503 "busy" and a ``Retry-After`` instead of
queueing without end.  The database part of an account request stays on the default pool.

A sign-in for a name that has no account still checks the password against ``dummy``, a hash
made once at start, so that a known name and an unknown one cost the same (no enumeration by
timing).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from hellas.server.traffic import TrafficError

T = TypeVar("T")
THREAD_NAME = "hellas-hashing"  # the pool's threads are named after it (seen in tests, in dumps)
QUEUE = 16  # hashes that may wait for a thread; past this: 503 busy
BUSY_RETRY = 2  # seconds a refused request is told to wait


def default_threads() -> int:
    """Return how many hashing threads suit this machine: a quarter of its cores, at least 1."""
    return max(1, (os.cpu_count() or 2) // 4)


class Hashing:
    """The password hasher of one server, on its own bounded pool of threads."""

    def __init__(
        self, hasher: PasswordHasher, threads: int | None = None, queue: int = QUEUE
    ) -> None:
        self.hasher = hasher
        self.threads = threads or default_threads()
        self.queue = queue
        self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix=THREAD_NAME)
        self._lock = threading.Lock()
        self.pending = 0  # hashes running or waiting (counted until each really ends)
        self.verified = 0  # password checks done, known names and unknown ones alike
        self.hashed = 0  # new hashes made
        self.refused = 0  # requests answered 503 because the queue was full
        self.dummy = hasher.hash(secrets.token_urlsafe(24))  # what an unknown name is checked on

    async def run(self, job: Callable[[], T]) -> T:
        """Run ``job`` on a hashing thread; refuse with a 503 if too many already wait."""
        with self._lock:
            if self.pending >= self.threads + self.queue:
                self.refused += 1
                raise TrafficError(
                    "busy",
                    "the server is busy checking passwords; try again in a moment",
                    503,
                    {"Retry-After": str(BUSY_RETRY)},
                )
            self.pending += 1
        try:
            future = self._pool.submit(job)
        except BaseException:
            self._done()
            raise
        future.add_done_callback(lambda _f: self._done())  # even if the asker has gone
        return await asyncio.wrap_future(future)

    def _done(self) -> None:
        with self._lock:
            self.pending -= 1

    async def hash(self, password: str) -> str:
        """Return the argon2 hash of a new password."""
        return await self.run(lambda: self._hash(password))

    async def verify(self, stored: str | None, password: str) -> bool:
        """Return whether ``password`` matches ``stored`` (None: an unknown name, never true)."""
        return await self.run(lambda: self._verify(stored, password))

    def _hash(self, password: str) -> str:
        hashed = self.hasher.hash(password)
        with self._lock:
            self.hashed += 1
        return hashed

    def _verify(self, stored: str | None, password: str) -> bool:
        """Check a password on this thread (an unknown name pays for the dummy hash's check)."""
        right: bool
        try:
            right = self.hasher.verify(stored or self.dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            right = False
        with self._lock:
            self.verified += 1
        return right and stored is not None

    def close(self) -> None:
        """Let the threads end once their work is done (a server that stops)."""
        self._pool.shutdown(wait=False)

"""What a live table holds in memory, and the plain rules about stored tables and connections.

``LiveTable`` is one table rebuilt from the database: its match, seats, recent events, the
states it keeps every ``CHECKPOINT`` moves (so a replay step never replays a whole game), the
serialized state messages it last sent each seat (a ``state`` request costs one dictionary
lookup), and its connections.  ``Connection`` is one WebSocket with a bounded outbox that a
writer task drains: a client that stops reading fills its own outbox and is dropped, and never
holds up the messages of anyone else.  The hub (``hub.Hub``) does everything with these.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from hellas.core.errors import IllegalChoice
from hellas.core.game import Event, Game
from hellas.core.record import Match, version_problem
from hellas.games import REGISTRY
from hellas.server.store import SeatRow, TableRow

HUMAN = "human"
EVENT_MEMORY = 200
RECENT_EVENTS = 30
CHECKPOINT = 32  # a copy of the state is kept every this many moves, for replays
OUTBOX = 64  # messages waiting for one slow client before the server drops it
SLOW_CLIENT = 4408  # WebSocket close code: the client did not read its messages

Send = Callable[[str], Awaitable[None]]  # sends one message's JSON text


@dataclass(eq=False)
class Connection:
    """One WebSocket: who it is (a seat or a spectator), where from, and how to reach it.

    With an ``outbox`` (``start`` was called), messages are queued and sent by a writer task;
    a full outbox closes the connection.  Without one (the HTTP view), ``send`` is awaited.
    """

    seat: int | None
    send: Send
    address: str = ""
    seen: int = 0  # index into the table's event log already delivered
    close: Callable[[int, str], Awaitable[None]] | None = None
    outbox: asyncio.Queue[str] | None = None
    writer: asyncio.Task[None] | None = None
    dropped: str = ""  # why the server dropped this connection ("" while it lives)

    def start(self) -> None:
        """Queue outgoing messages from now on, sent in order by a writer task."""
        self.outbox = asyncio.Queue(OUTBOX)
        self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        assert self.outbox is not None
        while True:
            text = await self.outbox.get()
            try:
                await self.send(text)
            except Exception:  # the client is gone: the reader side notices and leaves
                return

    async def deliver(self, text: str) -> bool:
        """Send or queue one message; return False if this connection must be dropped."""
        if self.dropped:
            return False
        if self.outbox is None:
            try:
                await self.send(text)
            except Exception:
                return False
            return True
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = f"too slow: {OUTBOX} messages were waiting for it"
            if self.close is not None:
                with contextlib.suppress(Exception):
                    await self.close(SLOW_CLIENT, "too slow: read your messages")
            return False
        return True

    def stop(self) -> None:
        """Stop the writer task (the connection is gone)."""
        if self.writer is not None:
            self.writer.cancel()


@dataclass
class LiveTable:
    """A table in memory."""

    id: str
    game: Game[Any]
    match: Match[Any]
    name: str
    seats: list[SeatRow]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: list[Connection] = field(default_factory=list)
    events: list[tuple[int, Event]] = field(default_factory=list)  # (step, event)
    bot_task: asyncio.Task[None] | None = None
    private: bool = False  # unlisted; each human seat is reached only through its secret link
    closed: str = ""  # why the server closed it unplayed (an open table nobody joined)
    hints: bool = False  # may the seat to act ask the search bot for a hint (see hints.py)
    hinting: set[int] = field(default_factory=set)  # seats whose hint is being thought out
    checkpoints: dict[int, Any] = field(default_factory=dict)  # step -> state, every CHECKPOINT
    version: int = 0  # bumped whenever a message to anyone would change
    sent: dict[int | None, tuple[int, str]] = field(default_factory=dict)  # seat -> (version, text)
    composed: Any = None  # what this version's messages share: views.Composed (views.py)
    used: float = 0.0  # event-loop time of the last use (idle tables are unloaded)
    unloaded: bool = False  # dropped from memory: a late user must load it afresh
    # what other modules add to every state message (pace and clock, chat, rematch): plain data;
    # keys starting with "_" stay on the server
    extras: dict[str, Any] = field(default_factory=dict)

    def seat_driver(self, seat: int) -> str:
        """Return who plays a seat now: ``human`` or a bot name."""
        row = self.seats[seat]
        if row.kind != HUMAN:
            return row.kind
        return row.bot or HUMAN

    def changed(self) -> None:
        """Note that every seat's next message differs from the last one (cached texts stale)."""
        self.version += 1
        self.sent.clear()

    def note(self, step: int, events: list[Event]) -> None:
        """Record a move just applied at ``step``: a checkpoint, a new version, its events."""
        self.keep()
        self.changed()
        self.events.extend((step, e) for e in events)
        if len(self.events) > EVENT_MEMORY:
            drop = len(self.events) - EVENT_MEMORY
            del self.events[:drop]
            for conn in self.connections:
                conn.seen = max(0, conn.seen - drop)

    def keep(self) -> None:
        """Keep a checkpoint of the state if the move count is a multiple of ``CHECKPOINT``."""
        step = len(self.match.record.choices)
        if step % CHECKPOINT == 0 and step not in self.checkpoints:
            self.checkpoints[step] = self.match.state.copy()

    def busy(self) -> bool:
        """Return whether anyone uses the table now (connections, a bot thinking, a hint)."""
        thinking = self.bot_task is not None and not self.bot_task.done()
        return bool(self.connections) or thinking or bool(self.hinting) or self.lock.locked()


def stored_problem(row: TableRow) -> str:
    """Return why a stored table cannot be played by this server without replaying it, or ""."""
    if row.problem:
        return f"table {row.id} cannot be loaded: {row.problem}"
    if row.game not in REGISTRY.ids():
        return f"table {row.id} is a game of {row.game!r}, which this server does not have"
    game = REGISTRY.get(row.game)
    problem = version_problem(game, row.version)  # the check every record reader makes
    if problem:
        return f"table {row.id} {problem}"
    numbers = [s.seat for s in row.seats]
    if numbers != list(range(len(numbers))):
        return f"table {row.id} cannot be loaded: its stored seats are missing or damaged"
    return ""


def unavailable_reason(row: TableRow, exc: Exception) -> str:
    """Return why a stored table cannot be loaded, in words for the lobby and the log."""
    if isinstance(exc, IllegalChoice):
        return f"table {row.id} cannot be replayed: a stored move is not legal ({exc})"
    if isinstance(exc, ValueError) and str(exc).startswith(f"table {row.id} "):
        return str(exc)  # from stored_problem or the seat checks
    detail = str(exc) or type(exc).__name__
    return f"table {row.id} cannot be loaded: {detail}"[:300]


def build(row: TableRow) -> LiveTable:
    """Rebuild a stored table by replaying its moves (blocking: call it in a thread).

    Replaying also rebuilds the recent event log and the replay checkpoints.
    """
    problem = stored_problem(row)
    if problem:
        raise ValueError(problem)
    game = REGISTRY.get(row.game)
    match: Match[Any] = Match(game, row.options, row.seed)
    if len(row.seats) != game.meta.seats(match.record.options):
        raise ValueError(f"table {row.id} cannot be loaded: its stored seats are missing")
    events: list[tuple[int, Event]] = []
    checkpoints = {0: match.state.copy()}
    for step, key in enumerate(row.moves):
        events.extend((step, e) for e in match.apply(key))
        del events[:-EVENT_MEMORY]
        if (step + 1) % CHECKPOINT == 0:
            checkpoints[step + 1] = match.state.copy()
    return LiveTable(
        row.id,
        game,
        match,
        row.name,
        row.seats,
        events=events,
        private=row.private,
        closed=row.closed,
        hints=stored_hints(row),
        checkpoints=checkpoints,
    )


def default_hints(seats: list[str]) -> bool:
    """Return whether a table has hints when its creator does not say: with one human seat."""
    return sum(kind == HUMAN for kind in seats) == 1


def stored_hints(row: TableRow) -> bool:
    """Return a stored table's hint setting (tables stored before it existed: the default)."""
    return default_hints([s.kind for s in row.seats]) if row.hints is None else row.hints


def bot_seed(seed: int, step: int) -> int:
    """Return a bot's generator seed for one decision (the same after any restart)."""
    digest = hashlib.sha256(f"{seed}/{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

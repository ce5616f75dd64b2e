"""Live tables: checking and applying choices, persisting them first, bots, per-seat views.

Every table is a :class:`~hellas.core.record.Match` rebuilt from the database by replaying its
moves.  A choice is checked (seat, token, turn, legality), stored, applied, then each connection
gets a message built from *its* seat's view and the events that seat may see - never the state.
Bots think in a bounded pool of worker processes (``workers.BotPool``), never on the server's
own process.  A stored table that cannot be rebuilt is marked unavailable (with the reason) and
refused with a 409; the rest of the server carries on.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from hellas.core.errors import IllegalChoice, OptionError
from hellas.core.game import Event, Game, View
from hellas.core.record import Match
from hellas.games import REGISTRY
from hellas.server.commits import GroupCommitter
from hellas.server.errors import ServerError
from hellas.server.replays import ReplayCache
from hellas.server.store import SeatRow, Store, TableRow, hash_token, new_token
from hellas.server.traffic import TrafficLimits
from hellas.server.wire import dumps
from hellas.server.workers import BotPool

log = logging.getLogger("hellas.server")
HUMAN = "human"
EVENT_MEMORY = 200
RECENT_EVENTS = 30

Send = Callable[[str], Awaitable[None]]  # sends one message's JSON text


@dataclass
class Connection:
    """One WebSocket: who it is (a seat or a spectator) and how to reach it."""

    seat: int | None
    send: Send
    seen: int = 0  # index into the table's event log already delivered


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

    def seat_driver(self, seat: int) -> str:
        """Return who plays a seat now: ``human`` or a bot name."""
        row = self.seats[seat]
        if row.kind != HUMAN:
            return row.kind
        return row.bot or HUMAN


@dataclass
class Shared:
    """What the messages of one broadcast share: the seat list and each seat's view."""

    seq: int = -1
    seats: list[dict[str, Any]] | None = None
    views: dict[int | None, View] = field(default_factory=dict)
    texts: dict[tuple[int | None, int], str] = field(default_factory=dict)  # (seat, seen) -> JSON

    def view(self, game: Game[Any], state: Any, seat: int | None) -> View:
        """Return ``seat``'s view, computed once per broadcast."""
        if seat not in self.views:
            self.views[seat] = game.view(state, seat)
        return self.views[seat]


def stored_problem(row: TableRow) -> str:
    """Return why a stored table cannot be played by this server without replaying it, or ""."""
    if row.problem:
        return f"table {row.id} cannot be loaded: {row.problem}"
    if row.game not in REGISTRY.ids():
        return f"table {row.id} is a game of {row.game!r}, which this server does not have"
    game = REGISTRY.get(row.game)
    if row.version != game.meta.version:
        return (
            f"table {row.id} was made with {row.game} rules version {row.version}; "
            f"this server has version {game.meta.version}"
        )
    return ""


def unavailable_reason(row: TableRow, exc: Exception) -> str:
    """Return why a stored table cannot be loaded, in words for the lobby and the log."""
    if isinstance(exc, IllegalChoice):
        return f"table {row.id} cannot be replayed: a stored move is not legal ({exc})"
    if isinstance(exc, ValueError) and str(exc).startswith(f"table {row.id} "):
        return str(exc)  # from stored_problem
    detail = str(exc) or type(exc).__name__
    return f"table {row.id} cannot be loaded: {detail}"


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


class Hub:
    """All live tables of one server process."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bots: BotPool | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.bots = bots or BotPool()
        self.broken: dict[str, str] = {}  # table id -> why it cannot be loaded
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.commits = GroupCommitter(store)
        self.traffic = TrafficLimits()
        self.replays = ReplayCache()

    # -- tables -------------------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[str],
        seed: int | None,
        name: str,
        private: bool = False,
        hints: bool | None = None,
    ) -> tuple[LiveTable, dict[str, Any]]:
        """Create and store a table; the first human seat is claimed for its creator.

        A private table also gives every other human seat its secret token at once (returned
        as ``invites``): those seats are never free, so only their links reach them.  ``hints``
        None: on with exactly one human seat, off with more (``default_hints``).
        """
        game = REGISTRY.get(game_id)
        validated = game.validate_options(options)
        for spec in game.meta.options.specs:
            if spec.local_only and validated.get(spec.name) != spec.default:
                raise OptionError(
                    f"option {spec.name!r} names files on the server's machine and can only be "
                    "set from the command line"
                )
        n = game.meta.seats(validated)
        if len(seats) != n:
            raise OptionError(
                f"{game.meta.title} with these options has {n} seats; {len(seats)} were given"
            )
        for kind in seats:
            if kind != HUMAN:
                self.bots.check(game, kind)  # unknown, unparsable or too strong: a clear 400
        seed = secrets.randbelow(2**31) if seed is None else seed
        game.new(validated, seed)  # raises for impossible option combinations
        humans = [i for i, kind in enumerate(seats) if kind == HUMAN]
        tokens = {i: new_token() for i in (humans if private else humans[:1])}
        table_id = await asyncio.to_thread(
            self.store.create_table,
            game.meta.id,
            game.meta.version,
            validated,
            seed,
            seats,
            name,
            private,
            tokens,
            default_hints(seats) if hints is None else hints,
        )
        creator: dict[str, Any] = {}
        if humans:
            creator = {"seat": humans[0], "token": tokens[humans[0]]}
            creator["invites"] = [{"seat": i, "token": tokens[i]} for i in humans[1:] if private]
        table = await self.get(table_id)
        return table, creator

    async def get(self, table_id: str) -> LiveTable:
        """Return a live table, loading it (by replaying its moves) if needed."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32 or not table_id.isascii() or not table_id.isprintable():
            raise ServerError("no-table", "no such table", 404)  # nothing the database could hold
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            if table_id in self.broken:
                raise ServerError("unavailable", self.broken[table_id], 409)
            row = await asyncio.to_thread(self.store.load, table_id)
            if row is None:
                raise ServerError("no-table", f"no table {table_id!r}", 404)
            try:
                table = await asyncio.to_thread(self._build, row)  # replaying: off the loop
            except Exception as exc:  # any damage to one stored table stays with that table
                self.broken[table_id] = reason = unavailable_reason(row, exc)
                log.warning("table %s is unavailable: %s", table_id, reason)
                raise ServerError("unavailable", reason, 409) from exc
            self.tables[table_id] = table
        self.kick_bots(table)
        return table

    def _build(self, row: TableRow) -> LiveTable:
        problem = stored_problem(row)
        if problem:
            raise ValueError(problem)
        game = REGISTRY.get(row.game)
        match: Match[Any] = Match(game, row.options, row.seed)
        events: list[tuple[int, Event]] = []
        for step, key in enumerate(row.moves):  # replaying rebuilds the recent event log too
            events.extend((step, e) for e in match.apply(key))
            del events[:-EVENT_MEMORY]
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
        )

    def health(self, row: TableRow) -> dict[str, str]:
        """Return a listed table's status: ``playing``, ``finished`` or ``unavailable`` + reason."""
        reason = self.broken.get(row.id) or stored_problem(row)
        if reason:
            return {"status": "unavailable", "reason": reason}
        return {"status": "finished" if row.finished else "playing"}

    async def resume_all(self) -> int:
        """Load the unfinished tables a bot plays at (their bots go on); return how many.

        Other tables wait for a human, so they are loaded on first use (a request or a
        WebSocket): a server with thousands of stored tables starts as fast as an empty one.
        The server runs this in the background after it starts.
        """
        ids = await asyncio.to_thread(self.store.bot_table_ids)
        for table_id in ids:
            with contextlib.suppress(ServerError):  # an unavailable table is logged and skipped
                await self.get(table_id)
        return len(ids)

    # -- seats and tokens ------------------------------------------------------------------------

    def check_token(self, table: LiveTable, seat: int | None, token: object) -> None:
        """Raise unless ``token`` is the secret of ``seat`` (spectators need none).

        ``token`` comes straight from a request body, so anything that is not text (a list, a
        number) is a wrong token, never a server error.
        """
        if seat is None:
            return
        if not 0 <= seat < len(table.seats):
            raise ServerError("bad-seat", f"seat {seat + 1} is not at this table", 404)
        row = table.seats[seat]
        if (
            row.kind != HUMAN
            or not row.claimed
            or not isinstance(token, str)
            or not token
            or not hmac.compare_digest(row.token_hash, hash_token(token))
        ):
            raise ServerError("bad-token", "wrong or missing seat token", 403)

    async def claim(self, table: LiveTable, seat: int) -> str:
        """Claim a free human seat; return its token."""
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != HUMAN:
            raise ServerError("bad-seat", f"seat {seat + 1} is not a human seat", 404)
        if table.closed:
            raise ServerError("closed", table.closed, 410)
        if table.private:
            raise ServerError(
                "private",
                "this table is private: each seat is joined through the secret link its "
                "creator sent",
                403,
            )
        token = await asyncio.to_thread(self.store.claim, table.id, seat)
        if token is None:
            raise ServerError("taken", f"seat {seat + 1} is already taken", 409)
        table.seats[seat].claimed = True
        table.seats[seat].token_hash = hash_token(token)
        await self.broadcast(table)
        return token

    async def hand_to_bot(self, table: LiveTable, seat: int, token: str, bot: str) -> None:
        """Let a bot play a human seat ("" takes it back)."""
        self.check_token(table, seat, token)
        if bot:
            self.bots.check(table.game, bot)
        await asyncio.to_thread(self.store.set_bot, table.id, seat, bot)
        table.seats[seat].bot = bot
        await self.broadcast(table)
        self.kick_bots(table)

    # -- choices --------------------------------------------------------------------------------

    async def choose(
        self, table: LiveTable, seat: int | None, token: str | None, key: Any, seq: Any = None
    ) -> None:
        """Check, store, apply and broadcast a human choice."""
        if seat is None:
            raise ServerError("spectator", "spectators cannot make choices", 403)
        self.check_token(table, seat, token)
        if not isinstance(key, str) or len(key) > 200:
            raise ServerError("bad-choice", "a choice must be a choice key (text)")
        if table.closed:
            raise ServerError("closed", table.closed, 410)
        async with table.lock:
            if seq is not None and seq != len(table.match.record.choices):
                raise ServerError("stale", "the table has moved on; here is the new state", 409)
            self.check_turn(table, seat)
            await self._commit(table, seat, key)
        await self.broadcast(table)
        self.kick_bots(table)

    @staticmethod
    def check_turn(table: LiveTable, seat: int) -> None:
        """Raise unless the game goes on, ``seat`` is to decide, and a person plays it."""
        to_act = table.match.to_act()
        if to_act is None:
            raise ServerError("over", "the game is over", 409)
        if to_act != seat:
            raise ServerError(
                "not-your-turn", f"it is seat {to_act + 1}'s decision, not yours", 409
            )
        if table.seat_driver(seat) != HUMAN:
            raise ServerError("bot-seat", "a bot is playing this seat; take it back first", 409)

    async def _commit(self, table: LiveTable, seat: int, key: str) -> None:
        """Store a legal choice, then apply it (the caller holds the table's lock)."""
        match = table.match
        try:
            choice = table.game.resolve(match.state, key)
        except IllegalChoice as exc:
            raise ServerError("illegal", str(exc)) from exc
        step = len(match.record.choices)
        await self.commits.move(table.id, step, choice.key, seat)  # grouped, durable
        events = match.apply(choice)
        table.events.extend((step, e) for e in events)
        if len(table.events) > EVENT_MEMORY:
            drop = len(table.events) - EVENT_MEMORY
            del table.events[:drop]
            for conn in table.connections:
                conn.seen = max(0, conn.seen - drop)
        if match.to_act() is None:
            await self.commits.finish(table.id)

    # -- bots ------------------------------------------------------------------------------------

    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running."""
        seat = table.match.to_act()
        if seat is None or table.seat_driver(seat) == HUMAN or table.closed:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        while True:
            async with table.lock:
                seat = table.match.to_act()
                if seat is None or table.seat_driver(seat) == HUMAN:
                    return
                driver = table.seat_driver(seat)
                step = len(table.match.record.choices)
                snapshot = table.match.state.copy()
            seed = bot_seed(table.match.record.seed, step)
            key = await self.bots.choose(table.game, snapshot, seat, driver, seed)
            async with table.lock:
                if len(table.match.record.choices) != step:
                    continue  # someone else moved meanwhile
                await self._commit(table, seat, key)
            await self.broadcast(table)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    # -- messages --------------------------------------------------------------------------------

    def message(
        self,
        table: LiveTable,
        conn: Connection,
        recent: bool = False,
        shared: Shared | None = None,
    ) -> dict[str, Any]:
        """Return the state message for one connection: its view, choices and events."""
        shared = shared or Shared()
        game = table.game
        state = table.match.state
        seat = conn.seat
        to_act = game.to_act(state)
        start = max(0, len(table.events) - RECENT_EVENTS) if recent else conn.seen
        events = [
            {"step": step, "text": e.text, "kind": e.kind}
            for step, e in table.events[start:]
            if e.visible_to(seat)
        ]
        conn.seen = len(table.events)
        mine = seat is not None and to_act == seat and table.seat_driver(seat) == HUMAN
        outcome = game.outcome(state)
        return {
            "type": "state",
            "table": table.id,
            "game": game.meta.id,
            "title": game.meta.title,
            "name": table.name,
            "seq": len(table.match.record.choices),
            "seat": seat,
            "to_act": to_act,
            "view": shared.view(game, state, seat),
            "choices": [
                {"key": c.key, "label": game.describe(c, state), "index": c.index}
                for c in game.choices(state)
            ]
            if mine
            else [],
            "events": events,
            "outcome": outcome.to_json() if outcome else None,
            "seats": shared.seats if shared.seats is not None else self.seats_info(table),
            "hints": table.hints,
        }

    def seats_info(self, table: LiveTable) -> list[dict[str, Any]]:
        """Return who sits where (no tokens)."""
        online = {c.seat for c in table.connections if c.seat is not None}
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "claimed": s.claimed,
                "driver": table.seat_driver(s.seat),
                "online": s.seat in online,
            }
            for s in table.seats
        ]

    async def broadcast(self, table: LiveTable, skip: Connection | None = None) -> None:
        """Send every connection of the table (but ``skip``) its own state message."""
        shared = Shared()
        for conn in list(table.connections):
            if conn is skip:
                continue
            seq = len(table.match.record.choices)
            if shared.seq != seq:  # a move landed while we were sending: fresh views
                shared = Shared(seq, self.seats_info(table))
            key = (conn.seat, conn.seen)  # what a message depends on, besides the table
            text = shared.texts.get(key)
            if text is None:  # the first of its kind (spectators share one)
                text = shared.texts[key] = dumps(self.message(table, conn, shared=shared))
            else:
                conn.seen = len(table.events)
            try:
                await conn.send(text)
            except Exception:
                if conn in table.connections:
                    table.connections.remove(conn)

    # -- presence --------------------------------------------------------------------------------

    async def join(self, table: LiveTable, conn: Connection) -> None:
        """Add a connection and send it its first message; spectators over the cap are refused.

        Nobody else hears of a spectator.  When a seat comes online the others get one small
        ``seats`` message (who sits where, who is online), not a new state.
        """
        if table.closed:
            raise ServerError("closed", table.closed, 410)
        if conn.seat is None:
            cap = self.traffic.max_spectators
            if sum(1 for c in table.connections if c.seat is None) >= cap:
                raise ServerError(
                    "too-many-spectators",
                    f"this table already has {cap} spectators, the most this server allows; "
                    "try again later",
                    429,
                )
        before = self.online(table)
        first = dumps(self.message(table, conn, recent=True))
        table.connections.append(conn)
        try:
            await conn.send(first)
        except BaseException:
            table.connections.remove(conn)
            raise
        if conn.seat is not None and conn.seat not in before:
            await self.send_seats(table, skip=conn)

    async def leave(self, table: LiveTable, conn: Connection) -> None:
        """Drop a connection; if its seat is now offline, tell the others (a ``seats`` message)."""
        if conn not in table.connections:
            return
        table.connections.remove(conn)
        if conn.seat is not None and conn.seat not in self.online(table):
            await self.send_seats(table)

    def online(self, table: LiveTable) -> set[int]:
        """Return the seats with at least one connection."""
        return {c.seat for c in table.connections if c.seat is not None}

    async def send_seats(self, table: LiveTable, skip: Connection | None = None) -> None:
        """Send every connection (but ``skip``) the seat list alone: ``{type: "seats", seats}``."""
        text = dumps({"type": "seats", "table": table.id, "seats": self.seats_info(table)})
        await self._send_all(table, text, skip)

    async def _send_all(self, table: LiveTable, text: str, skip: Connection | None = None) -> None:
        for conn in list(table.connections):
            if conn is skip:
                continue
            try:
                await conn.send(text)
            except Exception:
                if conn in table.connections:
                    table.connections.remove(conn)

    async def expire(self) -> list[str]:
        """Close the open tables nobody joined within the open-table lifetime; return their ids."""
        ttl = self.traffic.open_table_ttl
        if not ttl:
            return []
        hours = f"{ttl / 3600:g} h" if ttl >= 3600 else f"{ttl:g} s"
        reason = f"this table was closed: nobody joined within {hours}"
        ids = await asyncio.to_thread(self.store.expire_open, time.time() - ttl, reason)
        for table_id in ids:
            table = self.tables.get(table_id)
            if table is not None:
                table.closed = reason
                closing = {"type": "error", "code": "closed", "message": reason}
                await self._send_all(table, dumps(closing))
        return ids

    # -- replays ---------------------------------------------------------------------------------

    async def replay_step(
        self, table: LiveTable, seat: int | None, token: str | None, step: int
    ) -> dict[str, Any]:
        """Return the view at ``step`` of a game, for a seat (its own) or a spectator.

        The page is built in a worker thread (replaying is long for long games) and cached.
        """
        over = table.match.to_act() is None
        if not over:
            if seat is None:
                raise ServerError(
                    "not-finished", "an ongoing game can only be replayed from one's own seat", 403
                )
            self.check_token(table, seat, token)
        total = len(table.match.record.choices)
        if not 0 <= step <= total:
            raise ServerError("bad-step", f"step must be 0 to {total}")
        page = await asyncio.to_thread(
            self.replays.page, table.id, table.game, table.match.record, step, seat
        )
        return {
            "type": "replay",
            "table": table.id,
            "game": table.game.meta.id,
            "step": step,
            "total": total,
            "finished": over,
            "seat": seat,
            "view": page["view"],
            "next": page["next"],
        }

"""Live tables: checking and applying choices, persisting them first, bots, per-seat views.

Every table is a :class:`~hellas.core.record.Match` rebuilt from the database by replaying its
moves.  A choice is checked (seat, token, turn, legality), stored, applied, then each connection
gets a message built from *its* seat's view and the events that seat may see - never the state.
Bots run in worker threads on a copy of the state, so they never block the server.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from hellas.ai import make_bot
from hellas.core.errors import HellasError, IllegalChoice, OptionError
from hellas.core.game import Decision, Event, Game, View
from hellas.core.record import Match, replay
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.store import SeatRow, Store, TableRow, hash_token

HUMAN = "human"
EVENT_MEMORY = 200
RECENT_EVENTS = 30

Send = Callable[[dict[str, Any]], Awaitable[None]]


class ServerError(HellasError):
    """A request the server refuses, with an HTTP-like status and a short code."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


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

    def view(self, game: Game[Any], state: Any, seat: int | None) -> View:
        """Return ``seat``'s view, computed once per broadcast."""
        if seat not in self.views:
            self.views[seat] = game.view(state, seat)
        return self.views[seat]


def bot_seed(seed: int, step: int) -> int:
    """Return a bot's generator seed for one decision (the same after any restart)."""
    digest = hashlib.sha256(f"{seed}/{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Hub:
    """All live tables of one server process."""

    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    # -- tables -------------------------------------------------------------------------------

    async def create(
        self, game_id: str, options: dict[str, Any], seats: list[str], seed: int | None, name: str
    ) -> tuple[LiveTable, dict[str, Any]]:
        """Create and store a table; the first human seat is claimed for its creator."""
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
                make_bot(game, kind)  # raises a clear error for unknown bots
        seed = secrets.randbelow(2**31) if seed is None else seed
        game.new(validated, seed)  # raises for impossible option combinations
        table_id = await asyncio.to_thread(
            self.store.create_table, game.meta.id, game.meta.version, validated, seed, seats, name
        )
        creator: dict[str, Any] = {}
        if HUMAN in seats:
            seat = seats.index(HUMAN)
            token = await asyncio.to_thread(self.store.claim, table_id, seat)
            creator = {"seat": seat, "token": token}
        table = await self.get(table_id)
        return table, creator

    async def get(self, table_id: str) -> LiveTable:
        """Return a live table, loading it (by replaying its moves) if needed."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await asyncio.to_thread(self.store.load, table_id)
            if row is None:
                raise ServerError("no-table", f"no table {table_id!r}", 404)
            table = self._build(row)
            self.tables[table_id] = table
        self.kick_bots(table)
        return table

    def _build(self, row: TableRow) -> LiveTable:
        game = REGISTRY.get(row.game)
        if row.version != game.meta.version:
            raise ServerError(
                "old-rules",
                f"table {row.id} was made with {row.game} rules version {row.version}; "
                f"this server has version {game.meta.version}",
                409,
            )
        match: Match[Any] = Match(game, row.options, row.seed)
        events: list[tuple[int, Event]] = []
        for step, key in enumerate(row.moves):  # replaying rebuilds the recent event log too
            events.extend((step, e) for e in match.apply(key))
            del events[:-EVENT_MEMORY]
        return LiveTable(row.id, game, match, row.name, row.seats, events=events)

    async def resume_all(self) -> int:
        """Load every unfinished table (and restart its bots); return how many."""
        ids = await asyncio.to_thread(self.store.unfinished_ids)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    # -- seats and tokens ------------------------------------------------------------------------

    def check_token(self, table: LiveTable, seat: int | None, token: str | None) -> None:
        """Raise unless ``token`` is the secret of ``seat`` (spectators need none)."""
        if seat is None:
            return
        if not 0 <= seat < len(table.seats):
            raise ServerError("bad-seat", f"seat {seat + 1} is not at this table", 404)
        row = table.seats[seat]
        if (
            row.kind != HUMAN
            or not row.claimed
            or not token
            or not hmac.compare_digest(row.token_hash, hash_token(token))
        ):
            raise ServerError("bad-token", "wrong or missing seat token", 403)

    async def claim(self, table: LiveTable, seat: int) -> str:
        """Claim a free human seat; return its token."""
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != HUMAN:
            raise ServerError("bad-seat", f"seat {seat + 1} is not a human seat", 404)
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
            make_bot(table.game, bot)
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
        async with table.lock:
            if seq is not None and seq != len(table.match.record.choices):
                raise ServerError("stale", "the table has moved on; here is the new state", 409)
            to_act = table.match.to_act()
            if to_act is None:
                raise ServerError("over", "the game is over", 409)
            if to_act != seat:
                raise ServerError(
                    "not-your-turn", f"it is seat {to_act + 1}'s decision, not yours", 409
                )
            if table.seat_driver(seat) != HUMAN:
                raise ServerError("bot-seat", "a bot is playing this seat; take it back first", 409)
            await self._commit(table, seat, key)
        await self.broadcast(table)
        self.kick_bots(table)

    async def _commit(self, table: LiveTable, seat: int, key: str) -> None:
        """Store a legal choice, then apply it (the caller holds the table's lock)."""
        match = table.match
        try:
            choice = table.game.resolve(match.state, key)
        except IllegalChoice as exc:
            raise ServerError("illegal", str(exc)) from exc
        step = len(match.record.choices)
        await asyncio.to_thread(self.store.add_move, table.id, step, choice.key, seat)
        events = match.apply(choice)
        table.events.extend((step, e) for e in events)
        if len(table.events) > EVENT_MEMORY:
            drop = len(table.events) - EVENT_MEMORY
            del table.events[:drop]
            for conn in table.connections:
                conn.seen = max(0, conn.seen - drop)
        if match.to_act() is None:
            await asyncio.to_thread(self.store.finish, table.id)

    # -- bots ------------------------------------------------------------------------------------

    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running."""
        seat = table.match.to_act()
        if seat is None or table.seat_driver(seat) == HUMAN:
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
            bot = make_bot(table.game, driver)
            rng = Rng(bot_seed(table.match.record.seed, step))
            choice = await asyncio.to_thread(bot.choose, Decision(table.game, snapshot, seat), rng)
            async with table.lock:
                if len(table.match.record.choices) != step:
                    continue  # someone else moved meanwhile
                await self._commit(table, seat, choice.key)
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
            try:
                await conn.send(self.message(table, conn, shared=shared))
            except Exception:
                if conn in table.connections:
                    table.connections.remove(conn)

    # -- replays ---------------------------------------------------------------------------------

    def replay_step(
        self, table: LiveTable, seat: int | None, token: str | None, step: int
    ) -> dict[str, Any]:
        """Return the view at ``step`` of a game, for a seat (its own) or a spectator."""
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
        state = replay(table.game, table.match.record, step)
        made = table.match.record.choices[step] if step < total else None
        events: list[dict[str, Any]] = []
        if made is not None:
            after = state.copy()
            events = [{"text": e.text} for e in table.game.apply(after, made) if e.visible_to(seat)]
        return {
            "type": "replay",
            "table": table.id,
            "game": table.game.meta.id,
            "step": step,
            "total": total,
            "finished": over,
            "seat": seat,
            "view": table.game.view(state, seat),
            "next": events,
        }

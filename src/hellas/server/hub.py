"""Live tables: checking and applying choices, persisting them first, bots, per-seat views.

Every table is a :class:`~hellas.core.record.Match` rebuilt from the database by replaying its
moves (``live.build``).  A choice is checked (seat, token, turn, legality: resolved once),
stored, applied, then each connection gets a message built from *its* seat's view and the
events that seat may see - never the state (``views.py`` composes them, each seat's view once
per move).  Bots think in the worker pool (``pool.BotPool``), never on the server's own
process; ``botplay.py`` runs a table's bot seats, and a bot move that no worker could make is
replaced by a cheap move the server picks itself, so a table never stops because a worker
died.  A stored table that cannot be rebuilt,
or whose bots this server will not seat, is marked unavailable (with the reason, logged) and
refused with a 409; the rest of the server carries on.  Tables nobody uses are unloaded from
memory after a while and rebuilt on their next use.

A database fault that passes (``store.transient``: a restart, a cut connection, a
serialization failure) never marks a table unavailable: a table whose bots met one waits in
``stalled`` until the healing chore gets it moving again; any other failure of its bots is
retried once after a fresh load, and only a repeat marks it unavailable (``healing.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import IntegrityError

from hellas.core.errors import IllegalChoice, OptionError
from hellas.games import REGISTRY
from hellas.server import botplay, healing, views
from hellas.server.cluster import Cluster
from hellas.server.commits import GroupCommitter
from hellas.server.errors import ServerError
from hellas.server.forfeits import note as note_handoff
from hellas.server.live import (
    HUMAN,
    Connection,
    LiveTable,
    bot_seed,
    build,
    default_hints,
    stored_problem,
    unavailable_reason,
)
from hellas.server.metrics import Metrics
from hellas.server.names import account_name, seat_name
from hellas.server.names import attach as attach_names
from hellas.server.packs import Packs
from hellas.server.pool import BotPool
from hellas.server.replays import ReplayCache
from hellas.server.store import Store, hash_token, new_token, transient
from hellas.server.traffic import TrafficLimits
from hellas.server.wire import dumps

log = logging.getLogger("hellas.server")
DATABASE_BUSY = "the database is not answering just now; try again in a moment"

__all__ = ["HUMAN", "Connection", "Hub", "LiveTable", "ServerError", "bot_seed"]


class Hub:
    """All live tables of one server process."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        bots: BotPool | None = None,
        traffic: TrafficLimits | None = None,
        packs: Packs | None = None,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        self.packs = packs or Packs()  # content packs the operator offers (--packs)
        self.bot_delay = bot_delay
        self.bots = bots or BotPool()
        self.broken: dict[str, str] = {}  # table id -> why it cannot be loaded
        # [issue 47] tables whose bots stopped for a fault, retried by a chore (id -> why), and
        # those whose failure was not the database's: one more failure after a fresh load breaks
        self.stalled: dict[str, str] = {}
        self.suspect: dict[str, str] = {}
        self.tables: OrderedDict[str, LiveTable] = OrderedDict()  # least recently used first
        self._loading = asyncio.Lock()
        self.commits = GroupCommitter(store)
        self.traffic = traffic or TrafficLimits()
        self.replays = ReplayCache()
        self.addresses: Counter[str] = Counter()  # open WebSockets per client address
        # [presence, issue 47] seats online on other processes; told when one changes here
        self.remote_online: dict[str, set[int]] = {}
        self.on_presence: list[Callable[[LiveTable], Awaitable[None]]] = []
        self.hinting: set[str] = set()  # client addresses with a hint being thought out
        self.unloads = 0
        # other modules' work when a table is loaded and after each change (timers, settings)
        self.on_load: list[Callable[[LiveTable], Awaitable[None]]] = []
        self.on_change: list[Callable[[LiveTable], Awaitable[None]]] = []
        self.on_finish: list[Callable[[LiveTable], Awaitable[None]]] = []  # run at game over
        self.on_load.append(self._load_names)  # [names, issue 48] who sits where, in words
        # [cluster/metrics, issue 38] other processes over the same database; what /metrics shows
        self.cluster = cluster or Cluster(store)
        self.cluster.attach(self)
        self.metrics = Metrics(self)

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
        owner: str = "",
    ) -> tuple[LiveTable, dict[str, Any]]:
        """Create and store a table; the first human seat is claimed for its creator.

        A private table also gives every other human seat its secret token at once (returned
        as ``invites``): those seats are never free, so only their links reach them.  ``hints``
        None: on with exactly one human seat, off with more (``default_hints``).  ``owner``:
        the creating client's address key, whose one fair share its bots' moves count against.
        """
        game = REGISTRY.get(game_id)
        # a pack the operator offers, by name; any other file is refused
        validated = game.validate_options(self.packs.resolve(game, options))
        n = game.meta.seats(validated)
        if len(seats) != n:
            raise OptionError(
                f"{game.meta.title} with these options has {n} seats; {len(seats)} were given"
            )
        for kind in seats:
            if kind != HUMAN:
                self.bots.check(game, kind)  # unknown, too costly or clairvoyant: a clear 400
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
        if owner:
            table.extras["_owner"] = owner  # [issue 46] its bots share the creator's turn
        return table, creator

    async def get(self, table_id: str) -> LiveTable:
        """Return a live table, loading it (by replaying its moves) if needed."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        table.used = time.monotonic()
        self.tables.move_to_end(table_id)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        if len(table_id) > 32 or not table_id.isascii() or not table_id.isprintable():
            raise ServerError("no-table", "no such table", 404)  # nothing the database could hold
        async with self._loading:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            if table_id in self.broken:
                raise ServerError("unavailable", self.broken[table_id], 409)
            try:
                row = await asyncio.to_thread(self.store.load, table_id)
            except Exception as exc:  # [issue 47] the database: never the table's fault
                raise self._busy(table_id, exc) from exc
            if row is None:
                raise ServerError("no-table", f"no table {table_id!r}", 404)
            try:
                table = await asyncio.to_thread(build, row)  # replaying: off the loop
                await self._admit_bots(table)
                for hook in self.on_load:
                    await hook(table)
            except Exception as exc:  # any damage to one stored table stays with that table
                if transient(exc):  # [issue 47] a passing database fault: try again later
                    raise self._busy(table_id, exc) from exc
                self.broken[table_id] = reason = unavailable_reason(row, exc)
                log.warning("table unavailable table=%s reason=%r", table_id, reason)
                raise ServerError("unavailable", reason, 409) from exc
            self.tables[table_id] = table
            table.used = time.monotonic()
        self.kick_bots(table)
        return table

    async def _load_names(self, table: LiveTable) -> None:
        """Give a loaded table the names its seats go by (``names.py``)."""
        await attach_names(self.store, table)

    @staticmethod
    def _busy(table_id: str, exc: BaseException) -> ServerError:
        """Return the 503 for a table the database could not give now (logged; never broken)."""
        if not transient(exc):
            log.error("loading failed table=%s reason=%r", table_id, str(exc)[:300])
        return ServerError("retry", DATABASE_BUSY, 503)

    async def _admit_bots(self, table: LiveTable) -> None:
        """Pass a stored table's bots through this server's gate (limits, no clairvoyance).

        A bot seat that fails makes the table unavailable (nobody else can play it); a human
        seat handed to such a bot is handed back to its person, and the log says so.
        """
        for row in table.seats:
            if row.kind != HUMAN:
                try:
                    self.bots.check(table.game, row.kind)
                except ServerError as exc:
                    raise ValueError(
                        f"table {table.id} cannot be played here: seat {row.seat + 1}'s bot is "
                        f"refused ({exc})"
                    ) from exc
            elif row.bot:
                try:
                    self.bots.check(table.game, row.bot)
                except ServerError as exc:
                    log.warning(
                        "hand-off undone table=%s seat=%d bot=%r reason=%r",
                        table.id,
                        row.seat,
                        row.bot,
                        str(exc),
                    )
                    await asyncio.to_thread(self.store.set_bot, table.id, row.seat, "")
                    row.bot = ""

    def health(self, row: Any) -> dict[str, str]:
        """Return a listed table's status: ``playing``, ``finished`` or ``unavailable`` + reason."""
        reason = self.broken.get(row.id) or stored_problem(row)
        if reason:
            return {"status": "unavailable", "reason": reason}
        return {"status": "finished" if row.finished else "playing"}

    async def resume_all(self) -> int:
        """Load the unfinished tables a bot plays at (their bots go on); return how many.

        Each table is loaded on its own: one that fails in any way is logged and marked
        unavailable, and the others resume.  Tables waiting for a person are loaded on first
        use, so a server with thousands of stored tables starts as fast as an empty one.
        """
        ids = await asyncio.to_thread(self.store.bot_table_ids)
        resumed = 0
        for table_id in ids:
            try:
                await self.get(table_id)
                resumed += 1
            except ServerError as exc:
                if exc.status == 503:  # [issue 47] the database: the healing chore loads it
                    self.stalled[table_id] = str(exc)
                continue  # unavailable: logged and marked by _load
            except Exception as exc:  # a fault of this table alone
                self.broken[table_id] = f"table {table_id} cannot be resumed: {exc}"[:300]
                log.exception("resume failed table=%s", table_id)
        return resumed

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Drop tables nobody used for the idle time (and the oldest past the cap); return ids."""
        now = time.monotonic() if now is None else now
        idle, most = self.traffic.idle_unload, self.traffic.max_live_tables
        gone = []
        for table_id, table in list(self.tables.items()):  # least recently used first
            over = most and len(self.tables) > most
            if table.busy() or not (over or (idle and now - table.used >= idle)):
                continue
            del self.tables[table_id]
            table.unloaded = True
            self.cluster.let_go(table_id)  # [issue 47] a clean unload: the lease is handed back
            self.replays.forget(table_id)
            gone.append(table_id)
        self.unloads += len(gone)
        return gone

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
            or len(token) > 200
            or not (
                hmac.compare_digest(row.token_hash, hash_token(token))
                # a signed-in account's own token for a seat linked to it (server/accounts.py)
                or (row.account_hash and hmac.compare_digest(row.account_hash, hash_token(token)))
            )
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
        table.changed()
        await self.cluster.publish(table.id, "seats")  # [cluster, issue 38]
        await self.broadcast(table)
        return token

    async def hand_to_bot(self, table: LiveTable, seat: int, token: str, bot: str) -> None:
        """Let a bot play a human seat ("" takes it back)."""
        self.check_token(table, seat, token)
        await self.set_driver(table, seat, bot)

    async def set_driver(self, table: LiveTable, seat: int, bot: str) -> None:
        """Let ``bot`` play a human seat ("" hands it back), store it, tell everyone.

        The step of each hand-off is kept (``forfeits.py``): a bot in the second half of a
        rated game loses it for its seat's player.
        """
        if bot:
            self.bots.check(table.game, bot)
        await asyncio.to_thread(self.store.set_bot, table.id, seat, bot)
        step = len(table.match.record.choices)
        await asyncio.to_thread(note_handoff, self.store, table.id, seat, step, bot)
        table.seats[seat].bot = bot
        table.changed()
        await self.cluster.publish(table.id, "seats")  # [cluster, issue 38]
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
        """Store a legal choice, then apply it (the caller holds the table's lock).

        The key is resolved against the state once; the stored and applied choice is that one.
        """
        if table.unloaded:
            raise ServerError("retry", "the table was reloaded; send the choice again", 503)
        match = table.match
        try:
            choice = table.game.resolve(match.state, key)
        except IllegalChoice as exc:
            raise ServerError("illegal", str(exc)[:300]) from exc
        step = len(match.record.choices)
        began = time.perf_counter()
        try:
            await self.commits.move(table.id, step, choice.key, seat)  # grouped, durable
        except IntegrityError as exc:  # [cluster, issue 38] another process stored this step
            await self.cluster.conflict(table)  # catch up from the stored moves
            raise ServerError(
                "stale", "the table has moved on; here is the new state", 409
            ) from exc
        except Exception as exc:  # [issue 47] the database is away: a clear 503, retried
            if transient(exc):
                raise ServerError("retry", DATABASE_BUSY, 503) from exc
            raise
        table.note(step, match.apply_legal(choice))  # resolved once, above (issue 52)
        self.metrics.chose(time.perf_counter() - began)  # [cluster/metrics, issue 38]
        if match.to_act() is None:
            await self.commits.finish(table.id)
            for hook in self.on_finish:  # e.g. accounts' results and ratings (server/ratings.py)
                try:
                    await hook(table)
                except Exception:  # a hook's failure never undoes the finished game
                    log.exception("a game-over hook failed at table %s", table.id)

    # -- bots ------------------------------------------------------------------------------------

    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot loop if a bot is to act and none is running (``botplay.py``)."""
        botplay.kick(self, table)

    async def mark_broken(self, table_id: str, why: str) -> None:
        """Mark a table unavailable with the reason (logged once), loaded or not [issue 47]."""
        table = self.tables.get(table_id)
        if table is not None:
            await self._break(table, why)
        elif table_id not in self.broken:
            self.broken[table_id] = reason = f"table {table_id} is unavailable: {why}"
            log.error("table unavailable table=%s reason=%r", table_id, reason)

    async def _break(self, table: LiveTable, why: str) -> None:
        """Mark a live table unavailable with the reason, tell its clients, drop it."""
        reason = f"table {table.id} is unavailable: {why}"
        log.error("table unavailable table=%s reason=%r", table.id, reason)
        self.broken[table.id] = reason
        self.tables.pop(table.id, None)
        table.unloaded = True
        await self._send_all(table, dumps({"type": "error", "code": "unavailable", "message": why}))

    # -- messages --------------------------------------------------------------------------------

    def message(self, table: LiveTable, conn: Connection, recent: bool = False) -> dict[str, Any]:
        """Return the state message for one connection as data: its view, choices and events."""
        return views.message(table, conn, self.seats_info, recent)

    async def current(self, table: LiveTable, conn: Connection) -> str:
        """Return the full state message for ``conn``'s seat, serialized once per table change.

        Built off the event loop (see ``broadcast``) when the cached one is stale.
        """
        cached = table.sent.get(conn.seat)
        if cached is not None and cached[0] == table.version:
            conn.seen = len(table.events)
            return cached[1]
        async with table.lock:
            return await self._current(table, conn)

    async def _current(self, table: LiveTable, conn: Connection) -> str:
        """Return ``current``'s message (the caller holds the table's lock)."""
        cached = table.sent.get(conn.seat)
        if cached is None or cached[0] != table.version:
            version = table.version
            text = await asyncio.to_thread(views.text, table, conn, self.seats_info, True)
            cached = table.sent[conn.seat] = (version, text)
        conn.seen = len(table.events)
        return cached[1]

    async def snapshot(self, table: LiveTable, conn: Connection) -> dict[str, Any]:
        """Return ``conn``'s current message as data, built off the event loop."""
        async with table.lock:
            return await asyncio.to_thread(self.message, table, conn, True)

    def seats_info(self, table: LiveTable) -> list[dict[str, Any]]:
        """Return who sits where (no tokens), each seat with the name it goes by."""
        online = self.online(table)
        return [
            {
                "seat": s.seat,
                "name": seat_name(table, s),  # "Ana", "Bea (guest)", "Normal bot" or ""
                "account": account_name(table, s),  # the linked account's name (its profile)
                "kind": s.kind,
                "bot": s.bot,
                "claimed": s.claimed,
                "driver": table.seat_driver(s.seat),
                "online": s.seat in online,
            }
            for s in table.seats
        ]

    async def broadcast(self, table: LiveTable, skip: Connection | None = None) -> None:
        """Send every connection of the table (but ``skip``) its own state message.

        The messages (each seat's view once, serialized once) are built while the table's lock
        holds the state still: on the event loop while the game's compositions are fast, in a
        worker thread once one was slow (``views.py``), so a view that is slow to build (say,
        scoring a pathological Fantasy Realms hand exactly) costs this table's own listeners a
        moment, while the event loop goes on serving every other table.
        """
        for hook in self.on_change:
            try:
                await hook(table)
            except Exception as exc:  # [issue 47] a passing fault: sent anyway, healed later
                healing.unheard(self, table, exc)
        conns = [c for c in table.connections if c is not skip]
        if not conns:
            return
        async with table.lock:  # messages go out in the order the moves were made
            if views.off_loop(table):
                texts = await asyncio.to_thread(views.compose, table, conns, self.seats_info)
            else:
                texts = views.compose(table, conns, self.seats_info)
            failed = [c for c, t in zip(conns, texts, strict=True) if not await c.deliver(t)]
        for conn in failed:
            await self._drop(table, conn)

    # -- presence --------------------------------------------------------------------------------

    def admit(self, table: LiveTable, conn: Connection) -> None:
        """Refuse a connection over a cap: spectators per table, sockets per seat or address."""
        limits = self.traffic
        if conn.seat is None:
            cap = limits.max_spectators
            if sum(1 for c in table.connections if c.seat is None) >= cap:
                raise ServerError(
                    "too-many-spectators",
                    f"this table already has {cap} spectators, the most this server allows; "
                    "try again later",
                    429,
                )
        else:
            cap = limits.max_seat_connections
            if cap and sum(1 for c in table.connections if c.seat == conn.seat) >= cap:
                raise ServerError(
                    "too-many-connections",
                    f"this seat already has {cap} open connections, the most this server "
                    "allows; close another tab first",
                    429,
                )
        cap = self.cluster.share(limits.max_address_connections)  # [issue 47] per process
        if cap and conn.address and self.addresses[conn.address] >= cap:
            raise ServerError(
                "too-many-connections",
                f"your address already has {cap} open connections, the most this server allows",
                429,
            )

    async def join(self, table: LiveTable, conn: Connection) -> None:
        """Add a connection and send it its first message; one over a cap is refused.

        Nobody else hears of a spectator.  When a seat comes online the others get one small
        ``seats`` message (who sits where, who is online), not a new state.
        """
        if table.closed:
            raise ServerError("closed", table.closed, 410)
        async with table.lock:  # nothing reaches the newcomer before its first message
            self.admit(table, conn)
            before = self.online(table)
            here = conn.seat is not None and conn.seat not in self._here(table)
            table.connections.append(conn)
            if conn.address:
                self.addresses[conn.address] += 1
            online = conn.seat is not None and conn.seat not in before
            if online:
                table.changed()  # the seat list in every message now says it is online
            delivered = await conn.deliver(await self._current(table, conn))
            # still under the lock: whoever joins next has it in its first message already
            failed = await self._seats_to(table, conn) if online and delivered else []
        for other in failed:
            await self._drop(table, other)
        if not delivered:
            await self._drop(table, conn)
            raise ServerError("gone", "the connection closed", 410)
        if here:
            await self._presence(table)

    async def leave(self, table: LiveTable, conn: Connection) -> None:
        """Drop a connection; if its seat is now offline, tell the others (a ``seats`` message)."""
        if conn not in table.connections:
            return
        self._forget(table, conn)
        if conn.seat is not None and conn.seat not in self._here(table):
            await self._presence(table)
        if conn.seat is not None and conn.seat not in self.online(table):
            table.changed()
            await self.send_seats(table)

    def _forget(self, table: LiveTable, conn: Connection) -> None:
        table.connections.remove(conn)
        conn.stop()
        if conn.address:
            self.addresses[conn.address] -= 1
            if self.addresses[conn.address] <= 0:
                del self.addresses[conn.address]

    async def _drop(self, table: LiveTable, conn: Connection) -> None:
        if conn in table.connections:
            log.info(
                "connection dropped table=%s seat=%s reason=%r",
                table.id,
                conn.seat,
                conn.dropped or "gone",
            )
            await self.leave(table, conn)

    def online(self, table: LiveTable) -> set[int]:
        """Return the seats with at least one connection (here or on another process)."""
        return self._here(table) | self.remote_online.get(table.id, set())

    def _here(self, table: LiveTable) -> set[int]:
        """Return the seats with a connection to this process."""
        return {c.seat for c in table.connections if c.seat is not None}

    async def _presence(self, table: LiveTable) -> None:
        """Tell the presence hooks a seat came online or went offline here (issue 47)."""
        for hook in self.on_presence:
            await hook(table)

    async def send_seats(self, table: LiveTable, skip: Connection | None = None) -> None:
        """Send every connection (but ``skip``) the seat list alone: ``{type: "seats", seats}``."""
        async with table.lock:  # in order with the state messages
            failed = await self._seats_to(table, skip)
        for conn in failed:
            await self._drop(table, conn)

    async def _seats_to(self, table: LiveTable, skip: Connection | None) -> list[Connection]:
        """Queue the seat list for every connection but ``skip`` (lock held); return failures."""
        text = dumps({"type": "seats", "table": table.id, "seats": self.seats_info(table)})
        return [c for c in list(table.connections) if c is not skip and not await c.deliver(text)]

    async def _send_all(self, table: LiveTable, text: str, skip: Connection | None = None) -> None:
        for conn in list(table.connections):
            if conn is not skip and not await conn.deliver(text):
                await self._drop(table, conn)

    async def expire(self) -> list[str]:
        """Close the open tables nobody joined within the open-table lifetime; return their ids."""
        ttl = self.traffic.open_table_ttl
        if not ttl:
            return []
        hours = f"{ttl / 3600:g} h" if ttl >= 3600 else f"{ttl:g} s"
        reason = f"this table was closed: nobody joined within {hours}"
        ids = await asyncio.to_thread(self.store.expire_open, time.time() - ttl, reason)
        for table_id in ids:
            await self.cluster.publish(table_id, "table")  # [cluster, issue 38]
            table = self.tables.get(table_id)
            if table is not None:
                table.closed = reason
                table.changed()
                closing = {"type": "error", "code": "closed", "message": reason}
                await self._send_all(table, dumps(closing))
        return ids

    # -- replays ---------------------------------------------------------------------------------

    async def replay_step(
        self, table: LiveTable, seat: int | None, token: str | None, step: int
    ) -> dict[str, Any]:
        """Return the view at ``step`` of a game, for a seat (its own) or a spectator.

        The page is built in a worker thread from the nearest checkpoint, and cached.
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
        self.metrics.replays.inc()  # [metrics, issue 38]
        page = await asyncio.to_thread(
            self.replays.page,
            table.id,
            table.game,
            table.match.record,
            step,
            seat,
            dict(table.checkpoints),
            over and seat is None,  # a finished game's public replay reveals every hand
        )
        return {
            "type": "replay",
            "table": table.id,
            "game": table.game.meta.id,
            "step": step,
            "total": total,
            "finished": over,
            "seat": seat,
            "revealed": over and seat is None,
            "view": page["view"],
            "next": page["next"],
        }

    async def close(self) -> None:
        """Stop every bot loop and the workers (the server is stopping)."""
        for table in list(self.tables.values()):
            if table.bot_task is not None:
                table.bot_task.cancel()
            for conn in table.connections:
                conn.stop()
        await self.cluster.close()  # [cluster, issue 38] leases lapse now: another takes them
        self.bots.close()
        with contextlib.suppress(Exception):
            await asyncio.sleep(0)

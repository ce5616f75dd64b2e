"""Chat at a table: messages where the game's rules allow talking, reactions everywhere.

Whether a game's players may talk is a fact of its rules, declared in its metadata
(``GameMeta.talk``, with ``talk_rule`` saying why not): Fantasy Realms and Lords of
Hellas allow it; Legends of Hellas forbids hinting at one's cards, so its tables take only the
fixed, non-informative reactions of ``settings.REACTIONS`` ("Well played", "Thanks" ...), and
any text is refused with the rule in words.

A message comes over the table's WebSocket (``{type: "chat", text}`` or ``{type: "chat",
reaction}``), from a seat or a spectator (unless the creator muted spectators).  It is checked
(at most ``MAX_TEXT`` characters, no control characters), limited per connection (``Bucket``:
``RATE`` a second after ``BURST``) and per client address (``PER_MINUTE``), and per table
(``MAX_PER_TABLE`` stored), then stored in ``hellas_chat`` with the step of the game it was
written at - so a replay shows it at that step - and sent to everyone at the table as
``{type: "chat", message}``.  The text is stored and sent as text: pages put it in text nodes,
never in HTML.  The table's creator (its first human seat) may hide a message; hidden ones
keep their place but lose their text, for everyone, in the replay too.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    func,
    insert,
    select,
    update,
)

from hellas.server.errors import ServerError
from hellas.server.hub import HUMAN, Hub
from hellas.server.live import Connection, LiveTable
from hellas.server.settings import REACTIONS, spectators_muted
from hellas.server.shared_limits import batched, check
from hellas.server.store import METADATA, Store
from hellas.server.traffic import Bucket, RateLimiter
from hellas.server.wire import dumps

MAX_TEXT = 300  # characters of one message
RATE = 0.5  # messages a second one connection may send, after a burst of
BURST = 5
PER_MINUTE = 30.0  # messages a minute from one client address
READS_PER_MINUTE = 120.0  # chat pages (history) a minute to one client address
MAX_PER_TABLE = 2000  # messages one table keeps; then it takes no more
LISTED = 500  # the newest messages a table's chat page lists

CHAT = Table(
    "hellas_chat",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), nullable=False),
    Column("step", Integer, nullable=False),  # the game's move count when it was written
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("text", String(MAX_TEXT * 4), nullable=False, default=""),
    Column("reaction", String(20), nullable=False, default=""),  # a REACTIONS key, or ""
    Column("at", Float, nullable=False),
    Column("hidden", Boolean, nullable=False, default=False),
    Index("hellas_chat_table", "table_id", "id"),
)


def check_text(raw: object) -> str:
    """Return a message's text, trimmed, or raise a clear 400 (empty, too long, control chars)."""
    if not isinstance(raw, str):
        raise ServerError("bad-chat", "a message is text")
    text = raw.strip()
    if not text:
        raise ServerError("bad-chat", "the message is empty")
    if len(text) > MAX_TEXT:
        raise ServerError("too-long", f"a message is at most {MAX_TEXT} characters")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") for c in text):
        raise ServerError("bad-chat", "a message cannot hold control or invisible characters")
    return text


def creator_seat(table: LiveTable) -> int | None:
    """Return the seat of the table's creator: its first human seat (None: bots only)."""
    for row in table.seats:
        if row.kind == HUMAN:
            return row.seat
    return None


def _as_json(row: Any) -> dict[str, Any]:
    """Return a stored message as clients see it (a hidden one without its words)."""
    hidden = bool(row.hidden)
    return {
        "id": int(row.id),
        "step": int(row.step),
        "seat": row.seat,
        "text": "" if hidden else row.text,
        "reaction": "" if hidden else row.reaction,
        "at": float(row.at),
        "hidden": hidden,
    }


def store_message(
    store: Store, table_id: str, step: int, seat: int | None, text: str, reaction: str
) -> dict[str, Any] | None:
    """Store one message and return it, or None if the table holds its most (blocking)."""
    with store.engine.begin() as conn:
        count = conn.execute(
            select(func.count()).select_from(CHAT).where(CHAT.c.table_id == table_id)
        ).scalar_one()
        if count >= MAX_PER_TABLE:
            return None
        values = dict(
            table_id=table_id,
            step=step,
            seat=seat,
            text=text,
            reaction=reaction,
            at=time.time(),
            hidden=False,
        )
        key = conn.execute(insert(CHAT).values(**values)).inserted_primary_key
        assert key is not None
        return {
            "id": int(key[0]),
            **{k: values[k] for k in ("step", "seat", "text", "reaction")},
            "at": values["at"],
            "hidden": False,
        }


def messages(store: Store, table_id: str, limit: int = LISTED) -> list[dict[str, Any]]:
    """Return a table's newest messages, oldest first (blocking: call it in a thread)."""
    with store.engine.connect() as conn:
        query = (
            select(CHAT).where(CHAT.c.table_id == table_id).order_by(CHAT.c.id.desc()).limit(limit)
        )
        rows = conn.execute(query).all()
    return [_as_json(r) for r in reversed(rows)]


def one_message(store: Store, table_id: str, message_id: int) -> dict[str, Any] | None:
    """Return one stored message of a table as clients see it, or None (blocking)."""
    with store.engine.connect() as conn:
        query = select(CHAT).where(CHAT.c.table_id == table_id, CHAT.c.id == message_id)
        row = conn.execute(query).first()
    return None if row is None else _as_json(row)


def hide_message(store: Store, table_id: str, message_id: int) -> bool:
    """Hide one message of a table; return whether there was such a message (blocking)."""
    with store.engine.begin() as conn:
        done = conn.execute(
            update(CHAT)
            .where(CHAT.c.table_id == table_id, CHAT.c.id == message_id)
            .values(hidden=True)
        )
        return done.rowcount == 1


class Chat:
    """The chat of one server's tables: checks, limits, storage and delivery."""

    def __init__(self, hub: Hub, per_minute: float = PER_MINUTE) -> None:
        self.hub = hub
        # per client address, counted once for every process sharing the database (issue 47)
        engine = hub.store.engine
        self.addresses = batched(
            engine, "chat", RateLimiter(per_minute, "too-many-messages", "chat messages")
        )
        self.reads = batched(
            engine, "chat-reads", RateLimiter(READS_PER_MINUTE, "too-many-requests", "chat pages")
        )
        # [cluster, issue 38] messages posted or hidden through another server process
        hub.cluster.on("chat", self._posted_elsewhere)
        hub.cluster.on("chat-hidden", self._hidden_elsewhere)

    @staticmethod
    def bucket() -> Bucket:
        """Return a new connection's chat allowance."""
        return Bucket(RATE, BURST)

    async def post(
        self, table: LiveTable, conn: Connection, bucket: Bucket, msg: dict[str, Any]
    ) -> dict[str, Any]:
        """Check, limit, store and send one message from a connection; return it."""
        reaction = msg.get("reaction")
        if reaction is not None:
            if reaction not in REACTIONS:
                raise ServerError("bad-chat", f"a reaction is one of {', '.join(REACTIONS)}")
            text = ""
        else:
            if not table.game.meta.talk:
                raise ServerError("no-talk", table.game.meta.talk_rule, 403)
            text = check_text(msg.get("text"))
        if conn.seat is None and spectators_muted(table):
            raise ServerError("muted", "the table's creator muted spectators' chat", 403)
        if not bucket.take():
            raise ServerError(
                "too-many-messages", f"at most {BURST} messages in a row; wait a moment", 429
            )
        await check(self.addresses, conn.address)
        step = len(table.match.record.choices)
        stored = await asyncio.to_thread(
            store_message, self.hub.store, table.id, step, conn.seat, text, str(reaction or "")
        )
        if stored is None:
            raise ServerError("chat-full", f"this table's chat holds {MAX_PER_TABLE} messages")
        await self._send(table, {"type": "chat", "table": table.id, "message": stored})
        await self.hub.cluster.publish(table.id, "chat", stored["id"])  # [cluster, issue 38]
        return stored

    async def hide(self, table: LiveTable, seat: object, token: object, message_id: object) -> None:
        """Hide a message: only the table's creator (its first human seat, with its token)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ServerError("bad-request", "give your 'seat' number and its 'token'")
        if isinstance(message_id, bool) or not isinstance(message_id, int) or message_id < 0:
            raise ServerError("bad-request", "give the message's 'id'")
        if message_id >= 2**62:  # no stored message has it (and the database holds no such id)
            raise ServerError("no-message", "no such message at this table", 404)
        self.hub.check_token(table, seat, token)
        if seat != creator_seat(table):
            raise ServerError("not-creator", "only the table's creator may hide messages", 403)
        found = await asyncio.to_thread(hide_message, self.hub.store, table.id, message_id)
        if not found:
            raise ServerError("no-message", "no such message at this table", 404)
        await self._send(table, {"type": "chat-hidden", "table": table.id, "id": message_id})
        await self.hub.cluster.publish(table.id, "chat-hidden", message_id)  # [cluster, issue 38]

    async def _posted_elsewhere(self, table_id: str, message_id: int) -> None:
        """Send this process's clients a message another process stored (read back from it)."""
        table = self.hub.tables.get(table_id)
        if table is None or not table.connections:
            return
        stored = await asyncio.to_thread(one_message, self.hub.store, table_id, message_id)
        if stored is not None:
            await self._send(table, {"type": "chat", "table": table_id, "message": stored})

    async def _hidden_elsewhere(self, table_id: str, message_id: int) -> None:
        """Tell this process's clients that another process hid a message."""
        table = self.hub.tables.get(table_id)
        if table is not None and table.connections:
            await self._send(table, {"type": "chat-hidden", "table": table_id, "id": message_id})

    async def _send(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Send one chat message to every connection of the table, in order with the rest."""
        text = dumps(message)
        async with table.lock:
            failed = [c for c in list(table.connections) if not await c.deliver(text)]
        for conn in failed:
            await self.hub.leave(table, conn)

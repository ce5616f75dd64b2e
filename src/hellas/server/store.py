"""Persistence with SQLAlchemy: tables, seats and moves.

A table is its record (game, version, options, seed) plus its seats; every accepted choice is
one ``moves`` row, committed before the server acknowledges it, so a restarted server rebuilds
every table exactly by replaying its moves.  Seat tokens are stored as SHA-256 hashes.

``transient`` tells a passing database fault (the server restarting, a connection cut, a
serialization failure, a timeout) from one that would repeat: the server retries the first
kind and never marks a table unavailable for it (``hub``, issue 47).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    create_engine,
    event,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.exc import TimeoutError as PoolTimeout

METADATA = MetaData()

TABLES = Table(
    "hellas_tables",
    METADATA,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("version", String(16), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(24), nullable=False),
    Column("name", String(80), nullable=False, default=""),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    # added after the first release: nullable, so older databases gain it (see add_missing_columns)
    Column("private", Boolean, nullable=True, default=False),
    Column("closed", String(200), nullable=True),  # why the server closed it (None: it did not)
    Column("hints", Boolean, nullable=True),  # may the seat to act ask for hints (None: default)
)
SEATS = Table(
    "hellas_seats",
    METADATA,
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),  # "human" or a bot name
    Column("bot", String(40), nullable=False, default=""),  # bot standing in for a human
    Column("token_hash", String(64), nullable=False, default=""),
    Column("claimed", Boolean, nullable=False, default=False),
    # the account the seat is linked to (server/accounts.py) and the hash of that account's own
    # token for the seat; added after the first release, so nullable (None: not linked)
    Column("account", String(32), nullable=True),
    Column("account_hash", String(64), nullable=True),
)
MOVES = Table(
    "hellas_moves",
    METADATA,
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("key", String(120), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("table_id", "seq", name="one_move_per_step"),
)


# SQLSTATE classes and codes of faults that pass: connection (08), serialization and deadlock
# (40001, 40P01), shutting down or starting (57P01-57P05), too many connections, lock timeouts
TRANSIENT_STATES = ("08", "40001", "40P01", "57P0", "53300", "55P03", "57014")
CONNECT_TIMEOUT = 10  # seconds a PostgreSQL connection may take to open


def transient(exc: BaseException) -> bool:
    """Return whether a database error is one that passes (retry it), not one that repeats."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:  # the error and what caused it
        seen.add(id(current))
        if isinstance(current, DBAPIError) and current.connection_invalidated:
            return True
        if isinstance(current, DisconnectionError | PoolTimeout | TimeoutError | ConnectionError):
            return True
        state = getattr(current, "sqlstate", None) or getattr(current, "pgcode", None)
        if isinstance(state, str) and state.startswith(TRANSIENT_STATES):
            return True
        if type(current).__name__ == "OperationalError" and state is None:
            if type(current).__module__.startswith("psycopg"):
                return True  # the driver could not reach or keep the server (no SQLSTATE)
            if type(current).__module__ == "sqlite3":  # SQLite says so in words only
                return any(w in str(current).lower() for w in ("locked", "busy", "disk i/o"))
        current = current.__cause__ or current.__context__
    return False


NOTIFY_ALL = text("SELECT pg_notify('hellas', note) FROM unnest(CAST(:notes AS text[])) AS note")


def _free_seat() -> Any:
    """Return the condition "the table has an unclaimed human seat" (for TABLES queries)."""
    free = select(SEATS.c.table_id).where(
        SEATS.c.table_id == TABLES.c.id, SEATS.c.kind == "human", SEATS.c.claimed.is_(False)
    )
    return free.exists()


def stale(cutoff: float) -> Any:
    """Return the condition "created before ``cutoff`` and no move since" (for TABLES queries)."""
    recent = select(MOVES.c.table_id).where(MOVES.c.table_id == TABLES.c.id, MOVES.c.at >= cutoff)
    return and_(TABLES.c.created < cutoff, ~recent.exists())


def hash_token(token: str) -> str:
    """Return the stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """Return a fresh secret seat token."""
    return secrets.token_urlsafe(18)


def add_missing_columns(engine: Engine) -> list[str]:
    """Add the nullable columns this version defines but an older database lacks; name them."""
    added = []
    existing = inspect(engine)
    with engine.begin() as conn:
        for table in METADATA.sorted_tables:
            have = {c["name"] for c in existing.get_columns(table.name)}
            for column in table.columns:
                if column.name in have:
                    continue
                if not column.nullable:
                    raise RuntimeError(f"{table.name} lacks the required column {column.name}")
                quote = engine.dialect.identifier_preparer.quote
                kind = column.type.compile(dialect=engine.dialect)
                conn.execute(
                    text(f"ALTER TABLE {quote(table.name)} ADD COLUMN {quote(column.name)} {kind}")
                )
                added.append(f"{table.name}.{column.name}")
    return added


@dataclass
class SeatRow:
    """One seat of a stored table."""

    seat: int
    kind: str
    bot: str
    token_hash: str
    claimed: bool
    account: str = ""  # the account this seat is linked to ("" for none)
    account_hash: str = ""  # the hash of that account's own token for the seat


@dataclass
class TableRow:
    """A stored table with its seats and moves."""

    id: str
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    name: str
    created: float
    finished: bool
    seats: list[SeatRow]
    moves: list[str]  # empty in listings
    move_count: int
    private: bool = False  # never listed; every human seat joined by its secret link
    problem: str = ""  # why the stored record cannot be read ("" when it can)
    closed: str = ""  # why the server closed the table unplayed ("" when it did not)
    hints: bool | None = None  # hints for the seat to act (None: stored before the setting)


def _decode(options: str, seed: str) -> tuple[dict[str, Any], int, str]:
    """Return a stored table's options and seed, or empty ones and what is wrong with them."""
    try:
        parsed = json.loads(options)
        if not isinstance(parsed, dict):
            raise ValueError("the options are not a JSON object")
        return parsed, int(seed), ""
    except (TypeError, ValueError, RecursionError) as exc:
        return {}, 0, f"its stored options or seed are damaged ({exc})"


class Store:
    """The database behind the server (any SQLAlchemy URL; SQLite and PostgreSQL tested)."""

    def __init__(self, url: str) -> None:
        self.url = url
        postgres = url.startswith("postgresql")
        # a PostgreSQL that does not answer (frozen, cut off) fails a connection in bounded time
        connect = {"connect_timeout": CONNECT_TIMEOUT} if postgres else {}
        self.engine: Engine = create_engine(
            url, future=True, pool_pre_ping=True, connect_args=connect
        )
        if url.startswith("sqlite"):

            @event.listens_for(self.engine, "connect")
            def _sqlite_pragmas(conn: Any, _record: Any) -> None:
                cursor = conn.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=FULL")  # a commit survives kill -9
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

        METADATA.create_all(self.engine)
        add_missing_columns(self.engine)

    def create_table(
        self,
        game: str,
        version: str,
        options: dict[str, Any],
        seed: int,
        seats: list[str],
        name: str = "",
        private: bool = False,
        tokens: dict[int, str] | None = None,
        hints: bool | None = None,
    ) -> str:
        """Store a new table and its seats (``tokens``: seats claimed at once); return its id."""
        tokens = tokens or {}
        table_id = secrets.token_hex(6)
        with self.engine.begin() as conn:
            conn.execute(
                insert(TABLES).values(
                    id=table_id,
                    game=game,
                    version=version,
                    options=json.dumps(options),
                    seed=str(seed),
                    name=name[:80],
                    created=time.time(),
                    finished=False,
                    private=private,
                    hints=hints,
                )
            )
            for i, kind in enumerate(seats):
                conn.execute(
                    insert(SEATS).values(
                        table_id=table_id,
                        seat=i,
                        kind=kind,
                        bot="",
                        token_hash=hash_token(tokens[i]) if i in tokens else "",
                        claimed=kind != "human" or i in tokens,
                    )
                )
        return table_id

    def claim(self, table_id: str, seat: int) -> str | None:
        """Claim a free human seat; return its new token, or None if it is not free."""
        token = new_token()
        with self.engine.begin() as conn:
            result = conn.execute(
                update(SEATS)
                .where(
                    SEATS.c.table_id == table_id,
                    SEATS.c.seat == seat,
                    SEATS.c.kind == "human",
                    SEATS.c.claimed.is_(False),
                )
                .values(claimed=True, token_hash=hash_token(token))
            )
            if result.rowcount != 1:
                return None
        return token

    def set_bot(self, table_id: str, seat: int, bot: str) -> None:
        """Let a bot play a human seat ("" hands it back)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(SEATS)
                .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
                .values(bot=bot)
            )

    def add_move(self, table_id: str, seq: int, key: str, seat: int) -> None:
        """Durably store the ``seq``-th choice of a table (fails if it already exists)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(MOVES).values(table_id=table_id, seq=seq, key=key, seat=seat, at=time.time())
            )

    def add_moves(
        self,
        moves: list[tuple[str, int, str, int]],
        finished: list[str],
        notes: Sequence[str] = (),
    ) -> None:
        """Durably store several ``(table, seq, key, seat)`` choices and game-over marks at once.

        ``notes``: PostgreSQL notices for the other server processes, sent by the same
        transaction, so they go out exactly when the moves are stored (``cluster``).
        """
        now = time.time()
        with self.engine.begin() as conn:
            if notes:  # [cluster, issue 38] one statement for the whole batch
                conn.execute(NOTIFY_ALL, {"notes": list(notes)})
            if moves:
                rows = [dict(table_id=t, seq=q, key=k, seat=n, at=now) for t, q, k, n in moves]
                conn.execute(insert(MOVES), rows)
            if finished:
                conn.execute(update(TABLES).where(TABLES.c.id.in_(finished)).values(finished=True))

    def finish(self, table_id: str) -> None:
        """Mark a table finished."""
        with self.engine.begin() as conn:
            conn.execute(update(TABLES).where(TABLES.c.id == table_id).values(finished=True))

    def load(self, table_id: str) -> TableRow | None:
        """Return a stored table with its seats and moves, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(TABLES).where(TABLES.c.id == table_id)).first()
            if row is None:
                return None
            moves = (
                conn.execute(
                    select(MOVES.c.key).where(MOVES.c.table_id == table_id).order_by(MOVES.c.seq)
                )
                .scalars()
                .all()
            )
            seats = self._seats(conn, [table_id]).get(table_id, [])
            return self._table_row(row, seats, list(moves), len(moves))

    def list_tables(
        self,
        finished: bool | None = None,
        limit: int = 100,
        offset: int = 0,
        open_only: bool = False,
        cutoff: float = 0.0,
    ) -> list[TableRow]:
        """Return a page of public tables (move counts but not the moves), newest first.

        ``open_only``: unfinished tables with a free human seat that have not gone stale (see
        ``stale``; ``cutoff`` 0 keeps them all).  Tables the server closed are left out unless
        every table is asked for (``finished`` None).
        """
        count = select(func.count()).where(MOVES.c.table_id == TABLES.c.id).scalar_subquery()
        with self.engine.connect() as conn:
            query = (
                select(TABLES, count.label("move_count"))
                .where(or_(TABLES.c.private.is_(None), TABLES.c.private.is_(False)))
                .order_by(TABLES.c.created.desc(), TABLES.c.id)
                .limit(limit)
                .offset(offset)
            )
            if finished is not None:
                query = query.where(TABLES.c.finished.is_(finished), TABLES.c.closed.is_(None))
            if open_only:
                query = query.where(TABLES.c.finished.is_(False), TABLES.c.closed.is_(None))
                query = query.where(_free_seat())
                if cutoff:
                    query = query.where(~stale(cutoff))
            rows = conn.execute(query).all()
            seats = self._seats(conn, [row.id for row in rows])
        return [
            self._table_row(row, seats.get(row.id, []), [], int(row.move_count)) for row in rows
        ]

    @staticmethod
    def _seats(conn: Connection, table_ids: list[str]) -> dict[str, list[SeatRow]]:
        """Return the seats of the given tables (one query), in seat order."""
        out: dict[str, list[SeatRow]] = {}
        if not table_ids:
            return out
        query = select(SEATS).where(SEATS.c.table_id.in_(table_ids)).order_by(SEATS.c.seat)
        for s in conn.execute(query).all():
            out.setdefault(s.table_id, []).append(
                SeatRow(
                    s.seat,
                    s.kind,
                    s.bot,
                    s.token_hash,
                    s.claimed,
                    s.account or "",
                    s.account_hash or "",
                )
            )
        return out

    @staticmethod
    def _table_row(row: Row[Any], seats: list[SeatRow], moves: list[str], count: int) -> TableRow:
        """Assemble a table row from its database row, its seats and (some of) its moves."""
        options, seed, problem = _decode(row.options, row.seed)
        return TableRow(
            row.id,
            row.game,
            row.version,
            options,
            seed,
            row.name,
            row.created,
            row.finished,
            seats,
            moves,
            count,
            bool(row.private),
            problem,
            row.closed or "",
            row.hints,
        )

    def expire_open(self, cutoff: float, reason: str) -> list[str]:
        """Close the open tables gone stale before ``cutoff`` (see ``stale``); return their ids."""
        with self.engine.begin() as conn:
            query = select(TABLES.c.id).where(
                TABLES.c.finished.is_(False), TABLES.c.closed.is_(None), _free_seat(), stale(cutoff)
            )
            ids = list(conn.execute(query).scalars().all())
            if ids:
                conn.execute(
                    update(TABLES)
                    .where(TABLES.c.id.in_(ids))
                    .values(finished=True, closed=reason[:200])
                )
        return ids

    def bot_table_ids(self) -> list[str]:
        """Return the unfinished tables where a bot plays some seat (they may need resuming)."""
        bots = select(SEATS.c.table_id).where(
            SEATS.c.table_id == TABLES.c.id, or_(SEATS.c.kind != "human", SEATS.c.bot != "")
        )
        with self.engine.connect() as conn:
            query = select(TABLES.c.id).where(TABLES.c.finished.is_(False), bots.exists())
            return list(conn.execute(query).scalars().all())

    def unfinished_ids(self) -> list[str]:
        """Return the ids of tables still in play."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(select(TABLES.c.id).where(TABLES.c.finished.is_(False)))
                .scalars()
                .all()
            )

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

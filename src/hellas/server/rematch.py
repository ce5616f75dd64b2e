"""Rematch: a finished table's players start the same game again in one click.

A seated player of a finished table asks (``POST /api/tables/{id}/rematch`` with their seat and
token); the server makes a new table of the same game, options, name, privacy, hints and
settings (pace, spectator chat), with the same seats and a new seed: bot seats keep their bots,
the seats keep their names (``names.py``),
and each human seat is already claimed with *the same seat token* as before (its hash is
copied), so every player's old link opens their seat at the new table - only the table's id
changes.  Nobody needs an invitation, and nobody else can take a seat.

Each table has at most one rematch (``hellas_rematches``: the old table's id is its primary
key): asking again, or two players asking at once, returns the same new table, so a client
cannot make a server create tables this way beyond one per finished game.  Everyone at the old
table - players and spectators - then sees ``rematch: {table}`` in its state message.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any

from sqlalchemy import Column, ForeignKey, String, Table, insert, select
from sqlalchemy.exc import IntegrityError

from hellas.server.errors import ServerError
from hellas.server.hub import HUMAN, Hub
from hellas.server.live import LiveTable
from hellas.server.names import copy_rows as copy_names
from hellas.server.settings import SETTINGS, _row, pace_of, spectators_muted
from hellas.server.sharing import seat_path
from hellas.server.store import METADATA, SEATS, TABLES, Store

REMATCHES = Table(
    "hellas_rematches",
    METADATA,
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), primary_key=True),
    Column("rematch", String(32), nullable=False),
)


def rematch_of(store: Store, table_id: str) -> str | None:
    """Return the id of a table's rematch, if one was made (blocking)."""
    with store.engine.connect() as conn:
        query = select(REMATCHES.c.rematch).where(REMATCHES.c.table_id == table_id)
        found = conn.execute(query).scalar()
    return None if found is None else str(found)


def _create(store: Store, table: LiveTable, seed: int) -> str:
    """Store the rematch of ``table`` and return its id (the existing one if it has one).

    One transaction writes the new table, its seats, its settings and the link from the old
    table; a concurrent request that linked first wins, and this one's writes are rolled back.
    """
    new_id = secrets.token_hex(6)
    try:
        with store.engine.begin() as conn:
            existing = conn.execute(
                select(REMATCHES.c.rematch).where(REMATCHES.c.table_id == table.id)
            ).scalar()
            if existing is not None:
                return str(existing)
            conn.execute(
                insert(TABLES).values(
                    id=new_id,
                    game=table.game.meta.id,
                    version=table.game.meta.version,
                    options=json.dumps(table.match.record.options),
                    seed=str(seed),
                    name=table.name,
                    created=time.time(),
                    finished=False,
                    private=table.private,
                    hints=table.hints,
                )
            )
            for row in table.seats:
                human = row.kind == HUMAN
                conn.execute(
                    insert(SEATS).values(
                        table_id=new_id,
                        seat=row.seat,
                        kind=row.kind,
                        bot="",
                        token_hash=row.token_hash if human else "",
                        claimed=not human or bool(row.token_hash),
                    )
                )
            settings = _row(new_id, pace_of(table), spectators_muted(table), table.id)
            conn.execute(insert(SETTINGS).values(**settings))
            conn.execute(insert(REMATCHES).values(table_id=table.id, rematch=new_id))
            copy_names(conn, table.id, new_id)  # the same people, by the same names
    except IntegrityError:  # another request linked its rematch first: that one it is
        found = rematch_of(store, table.id)
        if found is None:
            raise
        return found
    return new_id


async def rematch(hub: Hub, table: LiveTable, seat: object, token: object) -> str:
    """Return the id of ``table``'s rematch, making it on the first ask (a seated player's)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError("bad-request", "give your 'seat' number and its 'token'")
    hub.check_token(table, seat, token)  # only a seated player asks
    if table.match.to_act() is not None:
        raise ServerError("not-finished", "a rematch is offered once the game is over", 409)
    known = table.extras.get("rematch")
    if isinstance(known, dict):
        return str(known["table"])
    seed = secrets.randbelow(2**31)
    table.game.new(table.match.record.options, seed)  # the options still make a game here
    new_id = await asyncio.to_thread(_create, hub.store, table, seed)
    table.extras["rematch"] = {"table": new_id}
    table.changed()
    await hub.broadcast(table)  # everyone at the old table: "Rematch ready - join"
    return new_id


async def attach(store: Store, table: LiveTable) -> None:
    """Note a loaded table's rematch, if it has one (the hub calls this on loading)."""
    found = await asyncio.to_thread(rematch_of, store, table.id)
    table.extras["rematch"] = {"table": found} if found else None
    table.changed()


def answer(table_id: str, seat: int, token: str) -> dict[str, Any]:
    """Return the answer to a rematch request: the new table and the asker's seat link there."""
    return {"table": table_id, "seat": seat, "link": seat_path(table_id, seat, token)}

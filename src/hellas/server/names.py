"""Who sits where, in words: an account's name, a guest's name, a bot by its level.

A seat's name is public information at the table, so the server keeps it with the table
(``hellas_seat_names``) and sends it in every seat list (``Hub.seats_info``) and in the lobby's
listing.  A seat linked to an account goes by the account's name (written when the seat is
linked, ``account_api``); a guest gives a name once on joining (the browser keeps it and sends
it), checked by the same rules as account names (``accounts.check_name``: length, letters,
digits, spaces, dots, dashes, apostrophes - so never any markup, and pages show it as text).

A guest can never pass for an account: a guest's name is always shown with " (guest)" after it,
and an account name cannot hold parentheses, so "Ana (guest)" is nobody's account.  An account
name is shown only while the seat is still linked to it: a deleted account's seats forget it
(``Accounts.delete`` unlinks them), and its name goes with it.  A bot seat is named by its level
("Normal bot"); a free or unnamed human seat has no name (pages say "Player 2").
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Column, ForeignKey, Integer, String, Table, delete, insert, select

from hellas.core.game import Game
from hellas.server.accounts import check_name
from hellas.server.errors import ServerError
from hellas.server.live import HUMAN, LiveTable
from hellas.server.store import METADATA, SeatRow, Store

GUEST = " (guest)"  # after every guest's name: never an account's (no parentheses in those)
PEOPLE = "_people"  # the live table's extras key: {seat: Person} (kept on the server)

SEAT_NAMES = Table(
    "hellas_seat_names",
    METADATA,
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40), nullable=False),  # as checked by accounts.check_name
    Column("guest", Boolean, nullable=False),  # False: the linked account's name
)


@dataclass(frozen=True)
class Person:
    """The name a seat goes by: an account's, or a guest's."""

    name: str
    guest: bool


def check_guest(raw: object) -> str:
    """Return a guest's name, trimmed, by the rules of account names; else a clear 400."""
    if not isinstance(raw, str):
        raise ServerError("bad-request", "give your 'name' (text)")
    return check_name(raw)


def bot_name(game: Game[Any], spec: str) -> str:
    """Return a bot seat's name for people: its level ("Normal bot"), else "Bot"."""
    for level in game.bot_levels():
        if level.bot == spec:
            return f"{level.title} bot"
    return "Bot"


def seat_name(table: LiveTable, row: SeatRow) -> str:
    """Return what a seat is called at the table ("" for a free or unnamed human seat)."""
    return listed_name(people(table).get(row.seat), row, table.game)


def account_name(table: LiveTable, row: SeatRow) -> str | None:
    """Return the account a seat is linked to, by name (for a link to its profile), or None."""
    person = people(table).get(row.seat)
    if row.kind != HUMAN or not row.account or person is None or person.guest:
        return None
    return person.name


def people(table: LiveTable) -> dict[int, Person]:
    """Return the live table's names by seat (an empty one until they are loaded)."""
    found = table.extras.get(PEOPLE)
    if not isinstance(found, dict):
        found = table.extras[PEOPLE] = {}
    return found


def load(store: Store, table_id: str) -> dict[int, Person]:
    """Return a stored table's names by seat (blocking)."""
    query = select(SEAT_NAMES).where(SEAT_NAMES.c.table_id == table_id)
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
    return {int(r.seat): Person(str(r.name), bool(r.guest)) for r in rows}


def listed(store: Store, table_ids: list[str]) -> dict[tuple[str, int], Person]:
    """Return the names of several stored tables' seats, by (table, seat) (blocking)."""
    if not table_ids:
        return {}
    query = select(SEAT_NAMES).where(SEAT_NAMES.c.table_id.in_(table_ids))
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
    return {(str(r.table_id), int(r.seat)): Person(str(r.name), bool(r.guest)) for r in rows}


def listed_name(person: Person | None, row: SeatRow, game: Game[Any] | None) -> str:
    """Return a seat's name from its stored name and seat row (live or listed)."""
    if row.kind != HUMAN:
        return bot_name(game, row.kind) if game is not None else "Bot"
    if person is None or not row.claimed:
        return ""
    if person.guest:
        return person.name + GUEST
    return person.name if row.account else ""  # an account's name only while linked to it


def save(store: Store, table_id: str, seat: int, person: Person) -> None:
    """Store the name a seat goes by, replacing any earlier one (blocking)."""
    with store.engine.begin() as conn:
        conn.execute(
            delete(SEAT_NAMES).where(SEAT_NAMES.c.table_id == table_id, SEAT_NAMES.c.seat == seat)
        )
        conn.execute(
            insert(SEAT_NAMES).values(
                table_id=table_id, seat=seat, name=person.name, guest=person.guest
            )
        )


def copy_rows(conn: Any, old: str, new: str) -> None:
    """Give a rematch its old table's names (inside the caller's transaction)."""
    rows = conn.execute(select(SEAT_NAMES).where(SEAT_NAMES.c.table_id == old)).all()
    for r in rows:
        conn.execute(
            insert(SEAT_NAMES).values(table_id=new, seat=r.seat, name=r.name, guest=r.guest)
        )


async def attach(store: Store, table: LiveTable) -> None:
    """Put a loaded table's names in its live seats (the hub calls this on loading)."""
    found = await asyncio.to_thread(load, store, table.id)
    table.extras[PEOPLE] = found
    table.changed()


async def name_seat(store: Store, table: LiveTable, seat: int, person: Person) -> None:
    """Store and show the name a seat goes by (the caller tells the table)."""
    await asyncio.to_thread(save, store, table.id, seat, person)
    people(table)[seat] = person
    table.changed()


def forget(table: LiveTable, seat: int) -> None:
    """Drop a seat's name from the live table (its account was deleted)."""
    people(table).pop(seat, None)
    table.changed()

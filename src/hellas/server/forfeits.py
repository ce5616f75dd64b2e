"""Rated games that cannot be voided: who let a bot play their seat, and when.

Every time a human seat is handed to a bot or taken back (``Hub.set_driver``: a player's
"Let a bot play for me", or a clock that ran out), the step of the game is stored here
(``hellas_handoffs``).  When a rated game ends (``ratings.py``), a seat that a bot played at
any moment of the game's second half - counted in moves: from step ``total / 2`` on - is a
*forfeit*: that player loses the game for rating purposes (placed last, never a winner),
whatever the bot did.  So neither leaving (a clock hands the seat to a bot) nor handing the
seat over just before the end turns a loss into an unrated game.  A bot that played only in the
first half, its seat taken back before the half, changes nothing.
"""

from __future__ import annotations

import time

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table, insert, select
from sqlalchemy.engine import Connection

from hellas.server.store import METADATA, Store

RULE = (
    "Rated game: if a bot plays your seat at any time in the second half of the game (you "
    "handed it over, or your time ran out), you lose this game for the ratings."
)

HANDOFFS = Table(
    "hellas_handoffs",
    METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("step", Integer, nullable=False),  # the game's move count at the hand-off
    Column("bot", String(40), nullable=False),  # "" : handed back to its person
    Column("at", Float, nullable=False),
    Index("hellas_handoffs_table", "table_id", "id"),
)


def note(store: Store, table_id: str, seat: int, step: int, bot: str) -> None:
    """Store one hand-off (or hand-back, ``bot`` "") of a seat at a step (blocking)."""
    with store.engine.begin() as conn:
        conn.execute(
            insert(HANDOFFS).values(
                table_id=table_id, seat=seat, step=step, bot=bot, at=time.time()
            )
        )


def history(conn: Connection, table_id: str) -> list[tuple[int, int, str]]:
    """Return a table's hand-offs in order: (seat, step, bot), in the caller's connection."""
    query = (
        select(HANDOFFS.c.seat, HANDOFFS.c.step, HANDOFFS.c.bot)
        .where(HANDOFFS.c.table_id == table_id)
        .order_by(HANDOFFS.c.id)
    )
    rows = conn.execute(query).all()
    return [(int(r.seat), int(r.step), str(r.bot)) for r in rows]


def forfeited(
    seats: int, total: int, handoffs: list[tuple[int, int, str]], bot_at_end: set[int]
) -> set[int]:
    """Return the seats a bot played at some step of the second half (``step >= total / 2``).

    ``handoffs``: (seat, step, bot) in order; ``bot_at_end``: seats a bot plays now (which
    counts even for a table whose hand-offs were made before they were stored).
    """
    half = total / 2
    driving: dict[int, bool] = {}
    out = set(bot_at_end)
    for seat, step, bot in handoffs:
        if step >= half and bot:
            out.add(seat)  # handed over in the second half
        if step > half and not bot and driving.get(seat):
            out.add(seat)  # a bot was still playing it when the second half began
        driving[seat] = bool(bot)
    return {q for q in out if 0 <= q < seats}

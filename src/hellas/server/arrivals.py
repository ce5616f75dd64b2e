"""Arrivals: a timed table's clocks wait until every human seat's player is at the table.

A human seat has *arrived* once a person holds it and has shown up: its creator on creating
the table, a player on taking a free seat, and anyone opening their seat (its WebSocket, its
view with the token, or a choice).  A private invitation or a rematch seat is held from the
start (its token exists) but its player has not arrived until they open it, so the clocks of a
rematch wait for its players to be back.  A seat a bot plays counts as arrived: the creator may
start at once with bots in the seats still waiting (``start_with_bots``, a choice the table
page shows them), and nobody else's seat is ever handed to a bot before the game starts.

The table is *started* once nobody is waiting; from then on its clocks run (``timers.py`` asks
``waiting``).  Arrivals live in memory (``LiveTable.extras``); a started table has its clock
rows stored, so a server that restarts finds it started (``note_stored_clocks``).
"""

from __future__ import annotations

from typing import Any, Protocol

from hellas.server.errors import ServerError
from hellas.server.live import HUMAN, LiveTable


class _Updating(Protocol):
    async def update(self, table: LiveTable) -> None: ...


def _arrived(table: LiveTable) -> set[int]:
    found = table.extras.get("_arrived")
    if not isinstance(found, set):
        found = table.extras["_arrived"] = set()
    return found


def started(table: LiveTable) -> bool:
    """Return whether the table's game has started (nobody was waiting at some point)."""
    return bool(table.extras.get("_started"))


def waiting(table: LiveTable, online: set[int] | None = None) -> list[int]:
    """Return the human seats still waiting for their player ([] once the table started)."""
    if started(table):
        return []
    here = _arrived(table) | (online or set())
    out = [
        s.seat
        for s in table.seats
        if s.kind == HUMAN and not (s.claimed and (s.seat in here or s.bot))
    ]
    if not out:
        table.extras["_started"] = True  # for good: leaving later never stops the clocks
    return out


def note_stored_clocks(table: LiveTable, clocks: dict[int, Any]) -> None:
    """Mark a loaded table started if it has stored clocks (only a started table has them)."""
    if clocks:
        table.extras["_started"] = True


def mark(table: LiveTable, seat: int | None) -> bool:
    """Note that ``seat``'s player is here; return whether that was news."""
    if seat is None or started(table) or seat in _arrived(table):
        return False
    _arrived(table).add(seat)
    return True


async def arrive(timers: _Updating, table: LiveTable, seat: int | None) -> None:
    """Note that ``seat``'s player is here and start the clocks if nobody else is waiting."""
    if mark(table, seat):
        await timers.update(table)


def first_human(table: LiveTable) -> int | None:
    """Return the creator's seat: the first human seat (``Hub.create`` claims it for them)."""
    return next((s.seat for s in table.seats if s.kind == HUMAN), None)


def check_starter(table: LiveTable, seat: int) -> None:
    """Raise unless ``seat`` may start the table with bots: the creator's, before the start."""
    if seat != first_human(table):
        raise ServerError("not-creator", "only the table's creator may start it with bots", 403)
    if table.match.to_act() is None or table.closed:
        raise ServerError("finished", "this game is over", 409)

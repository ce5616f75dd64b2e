"""State messages: what each connection of a live table is sent, composed once per seat per move.

The hub (``hub.Hub``) decides *when* a table's connections hear something; this module
composes *what* (split out of ``hub.py``, issue 52).  Everything a message holds besides its
connection's new events depends only on the table's ``version`` (bumped by
``LiveTable.changed`` on every move, seat change or setting), so one ``Composed`` per version
keeps what all of that version's messages share: the seat list, each seat's view - computed
once per seat per version and reused by every connection of that seat, every spectator sharing
one - and that view's JSON, encoded once and spliced into each message (``wire.fragment``),
so a seat with three tabs or fifty spectators cost one view and one encoding.  The seat to
act's choices are described once too.  A ``state`` request, a joining tab and the next
broadcast of the same version all reuse it; the next version starts afresh, so a stale view
is never sent after a move.

Building a table's messages is cheap for most games (three Legends views take some 50 µs,
less than handing them to a worker thread and back), so a broadcast is composed on the event
loop while its game's compositions are fast.  After a composition that took over ``SLOW``
seconds (a pathological Fantasy Realms hand's exact score can take ~20 ms) the game's next
``AWHILE`` compositions are built in a worker thread, as every composition was before, so a
slow view costs only its own table's listeners a moment; ``Hub.snapshot`` (the HTTP view)
always builds in a thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hellas.core.game import View
from hellas.server.live import HUMAN, RECENT_EVENTS, Connection, LiveTable
from hellas.server.wire import dumps, fragment

SLOW = 0.002  # seconds: a game whose composition took longer is composed off the event loop ...
AWHILE = 200  # ... for its next this many compositions (a pre-empted fast one then comes back)
slow_games: dict[str, int] = {}  # game id -> compositions still to go to a worker thread

SeatsInfo = Callable[[LiveTable], list[dict[str, Any]]]


@dataclass
class Composed:
    """What every message of one table version shares (built under the table's lock)."""

    version: int
    seats: list[dict[str, Any]]
    views: dict[int | None, View] = field(default_factory=dict)  # seat -> its view
    fragments: dict[int | None, Any] = field(default_factory=dict)  # seat -> its view's JSON
    choices: list[dict[str, Any]] | None = None  # the seat to act's choices, in words
    texts: dict[tuple[int | None, int, bool], str] = field(default_factory=dict)  # serialized
    builds: int = 0  # views computed for this version (one per seat at most; tests read it)

    def view(self, table: LiveTable, seat: int | None) -> View:
        """Return ``seat``'s view of the table's state, computed once per version."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = table.game.view(table.match.state, seat)
            self.builds += 1
        return view

    def fragment(self, table: LiveTable, seat: int | None) -> Any:
        """Return ``seat``'s view as encoded JSON to splice into a message, encoded once."""
        done = self.fragments.get(seat)
        if done is None:
            done = self.fragments[seat] = fragment(self.view(table, seat))
        return done

    def described(self, table: LiveTable) -> list[dict[str, Any]]:
        """Return the seat to act's choices as messages list them, described once."""
        if self.choices is None:
            game, state = table.game, table.match.state
            self.choices = [
                {"key": c.key, "label": game.describe(c, state), "index": c.index}
                for c in game.choices(state)
            ]
        return self.choices


def composed(table: LiveTable, seats_info: SeatsInfo) -> Composed:
    """Return the table's ``Composed`` for its current version (a new one after any change)."""
    current: Composed | None = table.composed
    if current is None or current.version != table.version:
        current = table.composed = Composed(table.version, seats_info(table))
    return current


def message(
    table: LiveTable,
    conn: Connection,
    seats_info: SeatsInfo,
    recent: bool = False,
    encoded: bool = False,
) -> dict[str, Any]:
    """Return the state message for one connection: its view, choices and the events it may see.

    ``recent``: the latest events (a first message or a resend), not only those it has not
    seen.  ``encoded``: the view as already-encoded JSON, for ``text`` (else plain data).
    """
    shared = composed(table, seats_info)
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
        "view": shared.fragment(table, seat) if encoded else shared.view(table, seat),
        "choices": shared.described(table) if mine else [],
        "events": events,
        "recent": recent,  # True: ``events`` are the latest ones, not only the new ones
        "outcome": outcome.to_json() if outcome else None,
        "seats": shared.seats,
        "hints": table.hints,
        **{k: v for k, v in table.extras.items() if not k.startswith("_")},
    }


def text(table: LiveTable, conn: Connection, seats_info: SeatsInfo, recent: bool = False) -> str:
    """Return ``conn``'s state message as JSON text; connections alike share one encoding.

    Two connections of one seat (or two spectators) that have seen the same events get the
    same text, encoded once per version.
    """
    shared = composed(table, seats_info)
    key = (conn.seat, -1 if recent else conn.seen, recent)
    out = shared.texts.get(key)
    if out is None:
        out = shared.texts[key] = dumps(message(table, conn, seats_info, recent, encoded=True))
    else:
        conn.seen = len(table.events)
    return out


def compose(table: LiveTable, conns: list[Connection], seats_info: SeatsInfo) -> list[str]:
    """Return each connection's new-events message (blocking: the caller holds the lock).

    A composition that takes over ``SLOW`` seconds sends its game's next ``AWHILE`` ones to a
    worker thread (``off_loop``).  The clock is the wall clock (no system call to read it): a
    fast composition that a busy machine pre-empted costs only a while in threads.
    """
    began = time.perf_counter()
    out = [text(table, conn, seats_info) for conn in conns]
    if time.perf_counter() - began > SLOW:
        slow_games[table.game.meta.id] = AWHILE
    return out


def off_loop(table: LiveTable) -> bool:
    """Return whether the table's next messages are composed in a worker thread (counted down)."""
    left = slow_games.get(table.game.meta.id, 0)
    if left:
        slow_games[table.game.meta.id] = left - 1
    return left > 0

"""A table's settings beyond its record: the pace of play and whether spectators may chat.

They live in their own database table (``hellas_table_settings``, one row per table that has
any; a table without a row is untimed and lets spectators chat), are checked when a table is
created (a bad pace is a clear 400 and nothing is stored) and are put into every state
message through ``LiveTable.extras``: ``pace`` (None, or its name and seconds) and ``talk``
(whether the game's rules allow talking, why not, the reactions offered, spectators muted).
The timers (``timers.py``), the chat (``chat.py``) and rematches (``rematch.py``) read them.
"""

from __future__ import annotations

import asyncio
import json
import math
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Column, ForeignKey, String, Table, Text, insert, select

from hellas.server.errors import ServerError
from hellas.server.live import LiveTable
from hellas.server.store import METADATA, Store

SETTINGS = Table(
    "hellas_table_settings",
    METADATA,
    Column("table_id", String(32), ForeignKey("hellas_tables.id"), primary_key=True),
    Column("pace", Text, nullable=True),  # JSON {name, per_move, reserve}; None: untimed
    Column("mute_spectators", Boolean, nullable=True),
    Column("rematch_of", String(32), nullable=True),  # the table this one is a rematch of
)

MIN_SECONDS = 3.0  # the shortest decision a custom pace may give (tests use a few seconds)
MAX_SECONDS = 30 * 86400.0  # the longest: a month

# reactions every table offers (and the only messages where the rules forbid talking): none of
# them says anything about a hand
REACTIONS = {
    "hello": "Hello",
    "well-played": "Well played",
    "good-game": "Good game",
    "thanks": "Thanks",
    "sorry": "Sorry, I was away",
}


@dataclass(frozen=True)
class Pace:
    """How long each decision may take: ``per_move`` seconds, plus a ``reserve`` to draw on."""

    name: str
    per_move: float
    reserve: float

    def to_json(self) -> dict[str, Any]:
        """Return the pace as data (stored, and sent in state messages)."""
        return {"name": self.name, "per_move": self.per_move, "reserve": self.reserve}


PACES = {
    "live": Pace("live", 120.0, 600.0),  # 2 minutes a decision, 10 minutes' reserve
    "relaxed": Pace("relaxed", 600.0, 3600.0),  # 10 minutes a decision, an hour's reserve
    "days": Pace("days", 86400.0, 2 * 86400.0),  # a day a decision, two days' reserve
}


def parse_pace(raw: object) -> Pace | None:
    """Return the pace a creation request asks for (None: untimed), or raise a clear 400.

    ``raw`` is absent/``"untimed"``, a pace's name (``live``, ``relaxed``, ``days``) or
    ``{per_move, reserve?}`` in seconds (``MIN_SECONDS`` to ``MAX_SECONDS``).
    """
    if raw is None or raw == "untimed":
        return None
    if isinstance(raw, str):
        if raw in PACES:
            return PACES[raw]
        raise ServerError("bad-pace", "'pace' is untimed, live, relaxed, days or {per_move}")
    if isinstance(raw, dict) and set(raw) <= {"per_move", "reserve"}:
        per_move, reserve = raw.get("per_move"), raw.get("reserve", 0)
        numbers = [x for x in (per_move, reserve) if not isinstance(x, bool)]
        if len(numbers) == 2 and all(isinstance(x, int | float) for x in numbers):
            p, r = float(per_move), float(reserve)  # type: ignore[arg-type]
            if (
                math.isfinite(p)
                and math.isfinite(r)
                and MIN_SECONDS <= p <= MAX_SECONDS
                and 0 <= r <= MAX_SECONDS
            ):
                return Pace("custom", p, r)
        raise ServerError(
            "bad-pace",
            f"a custom pace gives 'per_move' ({MIN_SECONDS:g} s to {MAX_SECONDS:g} s) and "
            "optionally 'reserve' (seconds, 0 or more)",
        )
    raise ServerError("bad-pace", "'pace' is untimed, live, relaxed, days or {per_move}")


def parse_mute(raw: object) -> bool:
    """Return the ``mute_spectators`` setting of a creation request, or raise a clear 400."""
    if raw is None:
        return False
    if not isinstance(raw, bool):
        raise ServerError("bad-request", "'mute_spectators' must be true or false")
    return raw


def pace_of(table: LiveTable) -> Pace | None:
    """Return a live table's pace (None: untimed)."""
    data = table.extras.get("pace")
    if not isinstance(data, dict):
        return None
    return Pace(str(data["name"]), float(data["per_move"]), float(data["reserve"]))


def spectators_muted(table: LiveTable) -> bool:
    """Return whether the table's creator muted its spectators' chat."""
    talk = table.extras.get("talk") or {}
    return bool(talk.get("spectators_muted"))


def save(store: Store, table_id: str, pace: Pace | None, mute: bool, rematch_of: str = "") -> None:
    """Store a table's settings (blocking: call it in a thread)."""
    with store.engine.begin() as conn:
        conn.execute(insert(SETTINGS).values(**_row(table_id, pace, mute, rematch_of)))


def _row(table_id: str, pace: Pace | None, mute: bool, rematch_of: str) -> dict[str, Any]:
    """Return a settings row (for one insert, alone or in a rematch's transaction)."""
    return {
        "table_id": table_id,
        "pace": json.dumps(pace.to_json()) if pace else None,
        "mute_spectators": mute,
        "rematch_of": rematch_of or None,
    }


def load(store: Store, table_id: str) -> tuple[Pace | None, bool]:
    """Return a stored table's pace and spectator muting (blocking: call it in a thread)."""
    with store.engine.connect() as conn:
        row = conn.execute(select(SETTINGS).where(SETTINGS.c.table_id == table_id)).first()
    if row is None:
        return None, False
    pace = None
    if row.pace:
        data = json.loads(row.pace)
        pace = Pace(str(data["name"]), float(data["per_move"]), float(data["reserve"]))
    return pace, bool(row.mute_spectators)


def apply(table: LiveTable, pace: Pace | None, mute: bool) -> None:
    """Put a table's settings into its state messages (``pace`` and ``talk``)."""
    meta = table.game.meta
    table.extras["pace"] = pace.to_json() if pace else None
    table.extras["talk"] = {
        "allowed": meta.talk,
        "rule": meta.talk_rule,
        "reactions": [{"id": k, "text": v} for k, v in REACTIONS.items()],
        "spectators_muted": mute,
    }
    table.changed()


async def attach(store: Store, table: LiveTable) -> None:
    """Load a table's settings into memory (the hub calls this when it loads a table)."""
    pace, mute = await asyncio.to_thread(load, store, table.id)
    apply(table, pace, mute)

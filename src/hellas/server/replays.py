"""Replay pages built from the table's checkpoints, off the event loop, in a small LRU cache.

A replay page is the view of one seat (or a spectator) at one step of a game, with the events
of the next choice that seat may see; once the game is over, the public replay shows every
hand from the first step (``Game.reveal``).  Moves are only ever appended, so the page for a given
(table, step, seat) never changes and can be kept.  A live table keeps a copy of its state
every ``live.CHECKPOINT`` moves, so any step is at most that many moves from a kept state: a
page never replays a whole game.  The cache also keeps a few recent states, so stepping forward
one choice at a time (what the replay page does) costs one choice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from hellas.core.game import Game
from hellas.core.record import Record

PAGES_KEPT = 1024
REVEALED = -1  # the cache's seat for the all-seats view of a finished game
STATES_KEPT = 64


class ReplayCache:
    """Replay pages by (table, step, seat), computed on demand, least recently used dropped."""

    def __init__(self, pages: int = PAGES_KEPT, states: int = STATES_KEPT) -> None:
        self.pages_kept = pages
        self.states_kept = states
        self.built = 0  # pages computed (not served from the cache)
        self.applied = 0  # moves applied to build them (a bound on the work done)
        self._pages: OrderedDict[tuple[str, int, int | None], dict[str, Any]] = OrderedDict()
        self._states: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = threading.Lock()

    def page(
        self,
        table_id: str,
        game: Game[Any],
        record: Record,
        step: int,
        seat: int | None,
        checkpoints: dict[int, Any],
        reveal: bool = False,
    ) -> dict[str, Any]:
        """Return ``{view, next}`` for ``seat`` at ``step`` (blocking: call it in a thread).

        ``reveal``: the all-seats view (``Game.reveal``), which the hub asks for only once the
        game is over; it is cached apart from the spectator's.
        """
        key = (table_id, step, REVEALED if reveal else seat)
        with self._lock:
            found = self._pages.get(key)
            if found is not None:
                self._pages.move_to_end(key)
                return found
        state = self._state(table_id, game, record, step, checkpoints)
        made = record.choices[step] if step < len(record.choices) else None
        events: list[dict[str, Any]] = []
        if made is not None:
            after = state.copy()
            events = [{"text": e.text} for e in game.apply(after, made) if e.visible_to(seat)]
        view = game.reveal(state) if reveal else game.view(state, seat)
        page = {"view": view, "next": events}
        with self._lock:
            self.built += 1
            self._pages[key] = page
            while len(self._pages) > self.pages_kept:
                self._pages.popitem(last=False)
        return page

    def _state(
        self, table_id: str, game: Game[Any], record: Record, step: int, checkpoints: dict[int, Any]
    ) -> Any:
        """Return the state at ``step``: from the state a step before, or the nearest checkpoint."""
        with self._lock:
            before = self._states.get((table_id, step - 1)) if step > 0 else None
        if before is not None:
            start, state = step - 1, before.copy()
        else:
            start = max(k for k in checkpoints if k <= step)
            state = checkpoints[start].copy()
        for choice in record.choices[start:step]:
            game.step(state, choice)
        with self._lock:
            self.applied += step - start
            self._states[(table_id, step)] = state
            while len(self._states) > self.states_kept:
                self._states.popitem(last=False)
        return state

    def forget(self, table_id: str) -> None:
        """Drop every page and state of one table (it was unloaded)."""
        with self._lock:
            for key in [k for k in self._pages if k[0] == table_id]:
                del self._pages[key]
            for skey in [k for k in self._states if k[0] == table_id]:
                del self._states[skey]

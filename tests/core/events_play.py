"""Random games played through ``Game.apply``, each move's events read at once or left unread.

The games whose rules take notes and render events only when read (``core.events.LazyEvents``)
compare the two ways with this one loop.
"""

from __future__ import annotations

from typing import Any

from hellas.core.game import Event
from hellas.core.rng import Rng


def play_events(
    game: Any, options: dict[str, Any], seed: int, read_at_once: bool
) -> list[list[Event]]:
    """Play random moves of ``game``; return each move's events, read at once or only later."""
    s = game.new(options, seed)
    rng = Rng(seed)
    out: list[list[Event]] = []
    while game.to_act(s) is not None:
        cs = game.choices(s)
        events = game.apply(s, cs[rng.below(len(cs))].key)
        out.append(list(events) if read_at_once else events)
    return out

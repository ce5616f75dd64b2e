"""Legends events are built when read, from notes taken when things happened."""

from __future__ import annotations

from typing import Any

import pytest

from hellas.core.events import LazyEvents
from hellas.core.game import Event
from hellas.core.rng import Rng
from hellas.games.legends.game import GAME
from tests.core.events_play import play_events


def _play(options: dict[str, Any], seed: int, read_at_once: bool) -> list[list[Event]]:
    """Play random moves through ``apply``; return each move's events, read at once or late."""
    return play_events(GAME, options, seed, read_at_once)


@pytest.mark.parametrize("mission", [1, 5, 6, 7, 10, 12])
def test_events_read_later_are_the_events_of_their_moment(mission: int) -> None:
    """Reading a move's events after the game went on gives what reading them at once gave."""
    for seed in range(3):
        options = {"mission": mission, "players": 3}
        later = _play(options, seed, read_at_once=False)
        now = _play(options, seed, read_at_once=True)
        assert any(isinstance(e, LazyEvents) for e in later)
        assert later == now
        assert [[e.to_json() for e in ev] for ev in later] == [
            [e.to_json() for e in ev] for ev in now
        ]
        assert [[e.to for e in ev] for ev in later] == [[e.to for e in ev] for ev in now]


def test_the_fast_path_builds_no_events_and_plays_the_same() -> None:
    """``step`` writes no notes; the game it plays is the one ``apply`` plays."""
    options = {"mission": 1, "players": 3}
    a, b = GAME.new(options, 4), GAME.new(options, 4)
    rng_a, rng_b = Rng(9), Rng(9)
    while GAME.to_act(a) is not None:
        ca, cb = GAME.choices(a), GAME.choices(b)
        GAME.step(a, ca[rng_a.below(len(ca))])
        GAME.apply(b, cb[rng_b.below(len(cb))].key)
    assert GAME.state_to_json(a) == GAME.state_to_json(b)

"""The outcome's details: the victory condition, game length and the first player (for reports)."""

from __future__ import annotations

import pytest

from hellas.core.rng import Rng
from hellas.games.lords.game import GAME


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 8)])
def test_the_outcome_names_the_seat_that_took_the_first_turn(players: int, seed: int) -> None:
    s = GAME.new({"players": players, "turn_limit": 60}, seed)
    rng = Rng(seed)
    starter = -1
    while GAME.to_act(s) is not None:
        if starter < 0 and s.turn == 1:
            starter = s.current
        choices = GAME.choices(s)
        GAME.apply(s, choices[rng.below(len(choices))])
    out = GAME.outcome(s)
    assert out is not None
    assert out.details["starter"] == starter + 1  # seats as people number them
    assert out.details["starter_won"] == int(starter in out.winners)
    assert out.details["turns"] == s.turn

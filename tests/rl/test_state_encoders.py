"""Observations written straight from the state equal the ones encoded from the seat's view.

The environments observe through ``Encoder.fill_state`` (no JSON view built); the view
encoder stays the reference.  Many random positions of every game and module set, every seat,
must give the same vector both ways (the no-leak checks in ``test_pettingzoo.py`` run on the
state path unchanged).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellas.core.rng import Rng
from hellas.rl.session import Session

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("legends", {"players": 1, "mission": 7, "difficulty": "godlike"}, 8),
    ("legends", {"players": 2, "mission": 12}, 6),
    ("legends", {"players": 3, "mission": 1}, 6),
    ("legends", {"players": 4, "mission": 5, "difficulty": "human"}, 6),
    ("legends", {"players": 5, "mission": 9}, 4),
    ("realms", {"players": 2}, 6),
    ("realms", {"players": 3}, 6),
    ("realms", {"players": 4, "endgame": "manual", "promo": True, "sappho": True}, 6),
    ("realms", {"players": 6}, 3),
    ("lords", {"players": 2, "turn_limit": 40}, 2),
    ("lords", {"players": 3, "turn_limit": 60}, 2),
    ("lords", {"players": 4, "turn_limit": 60}, 2),
    ("lords", {"players": 4, "modules": "poseidon,orichalkum,chiron", "turn_limit": 50}, 2),
    ("lords", {"players": 3, "modules": "hades,hephaestus,opportunity", "turn_limit": 50}, 2),
    ("lords", {"players": 3, "modules": "heroes-monsters,hades-simple", "turn_limit": 40}, 1),
    ("lords", {"players": 5, "modules": "atlantis,poseidon", "turn_limit": 40}, 1),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o, _ in CASES]


def compare_every_position(game_id: str, options: dict[str, Any], games: int) -> int:
    """Play random games; at every position compare both ways for every seat; return count."""
    session = Session(game_id, options)
    game, encoder = session.game, session.encoder
    assert encoder.reads_state
    compared = 0
    for seed in range(games):
        session.reset(seed)
        rng = Rng(seed + 77)
        while True:
            state = session.state
            for seat in range(session.seats):
                expected = encoder.encode(game.view(state, seat))
                got = np.zeros(encoder.layout.size, dtype=np.float32)
                encoder.fill_state(got, state, seat)
                if not np.array_equal(expected, got):
                    where = np.flatnonzero(expected != got)[:8].tolist()
                    names = [
                        f.name
                        for f in encoder.layout.fields
                        if any(f.start <= w < f.stop for w in where)
                    ]
                    raise AssertionError(
                        f"{game_id} {options} seed={seed} seat={seat}: entries {where} "
                        f"({names}) differ: view {expected[where]} state {got[where]}"
                    )
                compared += 1
            if session.to_act() is None:
                break
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
    return compared


@pytest.mark.parametrize(("game_id", "options", "games"), CASES, ids=IDS)
def test_state_observations_equal_view_observations(
    game_id: str, options: dict[str, Any], games: int
) -> None:
    assert compare_every_position(game_id, options, games) > 100

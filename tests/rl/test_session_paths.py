"""The session's fast paths give what the plain ones give: play by index, masks, bot moves.

``Session.play`` finds a choice by table index and checks it against the legal list by identity,
``Session.mask`` reads masks shared by every session of one table size, and ``play_choice``
applies a bot's answer; each is compared here with the plain engine on random games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellas.core.errors import IllegalChoice
from hellas.core.game import Choice
from hellas.core.rng import Rng
from hellas.rl.session import Session

CASES: list[tuple[str, dict[str, Any]]] = [
    ("legends", {"players": 3, "mission": 1}),
    ("legends", {"players": 2, "mission": 7}),
    ("realms", {"players": 3}),
    ("lords", {"players": 3, "turn_limit": 8}),
    ("lords", {"players": 4, "turn_limit": 6, "modules": "poseidon,hades"}),
]


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_play_by_index_and_masks_follow_the_plain_engine(
    game_id: str, options: dict[str, Any]
) -> None:
    session = Session(game_id, options)
    plain = Session(game_id, options)  # played through Game.step with the listed choice
    game = session.game
    rng = Rng(12)
    for seed in (1, 2):
        session.reset(seed)
        plain.reset(seed)
        steps = 0
        while (seat := session.to_act()) is not None and steps < 300:
            legal = game.choices(plain.state)
            expected = np.zeros(session.num_actions, dtype=np.int8)
            expected[[c.index for c in legal]] = 1
            assert np.array_equal(session.mask(seat), expected)
            for other in range(session.seats):
                if other != seat:
                    assert not session.mask(other).any()
            pick = legal[rng.below(len(legal))]
            if steps % 2:
                session.play(pick.index)
            else:
                session.play_choice(pick)
            game.step(plain.state, pick)
            assert game.state_to_json(session.state) == game.state_to_json(plain.state)
            steps += 1
        assert session.decisions == steps


def test_bad_indices_and_foreign_choices() -> None:
    session = Session("legends", {"players": 3, "mission": 1})
    session.reset(3)
    before = session.game.state_to_json(session.state)
    for action in (-1, -session.num_actions, session.num_actions, 10_000):
        with pytest.raises(IllegalChoice, match="no such action"):
            session.play(action)
    illegal = int(np.flatnonzero(session.legal_mask() == 0)[0])
    with pytest.raises(IllegalChoice, match="not legal now"):
        session.play(illegal)
    assert session.game.state_to_json(session.state) == before
    assert session.decisions == 0
    legal = session.game.choices(session.state)[0]
    lookalike = Choice(legal.key, legal.index, legal.label)  # equal, not the table's object
    session.play_choice(lookalike)
    assert session.decisions == 1

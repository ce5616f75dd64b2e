"""Observation encoders: they read the whole view (Legends, Realms) and survive new Lords keys."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellas.core.rng import Rng
from hellas.rl.encoders import legends, lords, realms
from hellas.rl.session import Session
from tests.rl.legends_reference import ReferenceLegendsEncoder
from tests.rl.lords_reference import ReferenceLordsEncoder

IGNORED = {"legends": legends.IGNORED, "realms": realms.IGNORED, "lords": lords.IGNORED}


class Recording(dict[str, Any]):
    """A view that remembers which of its top-level keys were read."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)


def _unread(game_id: str, options: dict[str, Any], seed: int) -> set[str]:
    session = Session(game_id, options)
    session.reset(seed)
    rng = Rng(seed)
    unread: set[str] = set()
    while session.to_act() is not None:
        for seat in range(session.seats):
            view = Recording(session.game.view(session.state, seat))
            vector = session.encoder.encode(view)
            assert vector.min() >= 0.0 and vector.max() <= 1.0
            unread |= set(view) - view.read
        legal = session.legal()
        session.play(legal[rng.below(len(legal))])
    return unread


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("legends", {"players": 3}), ("realms", {"players": 3, "endgame": "manual"})],
)
def test_every_view_key_is_encoded_or_deliberately_ignored(
    game_id: str, options: dict[str, Any]
) -> None:
    assert _unread(game_id, options, 2) <= IGNORED[game_id]


def test_lords_encoder_reads_what_it_knows_and_skips_the_rest() -> None:
    session = Session("lords", {"players": 3, "turn_limit": 6})
    session.reset(1)
    view = dict(session.game.view(session.state, 0))
    plain = session.encoder.encode(view)
    view["procedure"] = "a-procedure-from-a-future-module"
    view["a_future_key"] = {"anything": [1, 2, 3]}
    vector = session.encoder.encode(view)
    other = session.encoder.layout["procedure"].stop - 1
    assert vector[other] == 1.0
    changed = set(np.flatnonzero(vector != plain).tolist())
    assert changed <= set(range(session.encoder.layout["procedure"].start, other + 1))


def _views_along_random_games(
    game_id: str, options: dict[str, Any], games: int
) -> list[tuple[Session, Any]]:
    """Return every seat's view at every decision of ``games`` random games."""
    session = Session(game_id, options)
    out = []
    for seed in range(games):
        session.reset(seed)
        rng = Rng(seed + 100)
        while session.to_act() is not None:
            for seat in range(session.seats):
                out.append(session.game.view(session.state, seat))
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
        for seat in range(session.seats):
            out.append(session.game.view(session.state, seat))
    return [(session, view) for view in out]


@pytest.mark.parametrize(
    ("game_id", "options", "games"),
    [
        ("legends", {"players": 1, "mission": 12}, 4),
        ("legends", {"players": 3, "mission": 1}, 6),
        ("legends", {"players": 4, "mission": 7}, 4),
        ("legends", {"players": 5, "mission": 10}, 3),
        ("lords", {"players": 2, "turn_limit": 8}, 2),
        ("lords", {"players": 4, "turn_limit": 8}, 2),
        ("lords", {"players": 3, "modules": "hades,chiron,opportunity", "turn_limit": 8}, 2),
    ],
)
def test_fast_encoders_equal_the_reference_encoders(
    game_id: str, options: dict[str, Any], games: int
) -> None:
    """The sped-up ``fill`` of Legends and Lords writes exactly what the plain original did."""
    reference_class = {"legends": ReferenceLegendsEncoder, "lords": ReferenceLordsEncoder}[game_id]
    views = _views_along_random_games(game_id, options, games)
    session = views[0][0]
    reference = reference_class(session.options)
    assert len(views) > 200
    nonzero = 0
    for _session, view in views:
        fast, plain = session.encoder.encode(view), reference.encode(view)
        assert fast.dtype == plain.dtype == np.float32
        np.testing.assert_array_equal(fast, plain)
        nonzero += int(np.count_nonzero(fast))
    assert nonzero > 20 * len(views)  # the views really exercise the encoders


def test_lords_encoder_without_some_region_keys_still_equals_the_reference() -> None:
    """A view lacking keys (an older record, a hand-made view) takes the tolerant path."""
    views = _views_along_random_games("lords", {"players": 3, "turn_limit": 6}, 1)
    session = views[0][0]
    reference = ReferenceLordsEncoder(session.options)
    checked = 0
    for _session, view in views[::5]:
        regions = [dict(r) for r in view["regions"]]
        for k, region in enumerate(regions):
            region.pop(("quest", "temple", "monsters", "fortified")[k % 4])
        trimmed = {**view, "regions": regions}
        fast, plain = session.encoder.encode(trimmed), reference.encode(trimmed)
        np.testing.assert_array_equal(fast, plain)
        assert np.count_nonzero(fast[session.encoder.layout.slice("regions")])
        checked += 1
    assert checked > 10

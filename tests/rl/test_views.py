"""The sped-up views give exactly what they gave before, on every view of random games."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from hellas.core.rng import Rng
from hellas.games.realms import view as realms_view
from hellas.rl.session import Session
from tests.rl.legends_view_reference import view as legends_reference
from tests.rl.lords_view_reference import view as lords_reference


def _states(game_id: str, options: dict[str, Any], games: int) -> Iterator[tuple[Session, Any]]:
    """Yield the session and its state at every decision of random games, and at each end."""
    session = Session(game_id, options)
    for seed in range(games):
        session.reset(seed)
        rng = Rng(seed + 11)
        while True:
            yield session, session.state
            if session.to_act() is None:
                break
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])


def _same_views(
    game_id: str, options: dict[str, Any], games: int, reference: Callable[[Any, Any], Any]
) -> int:
    """Compare every seat's (and a spectator's) view with the reference; return how many."""
    compared = 0
    for session, state in _states(game_id, options, games):
        for seat in [*range(session.seats), None]:
            fast = session.game.view(state, seat)  # also makes the game's content current
            plain = reference(state, seat)
            # JSON text compares key order too (records and frontends print it)
            assert json.dumps(fast) == json.dumps(plain), (options, seat)
            compared += 1
    return compared


@pytest.mark.parametrize(
    ("options", "games"),
    [
        ({"players": 2, "turn_limit": 25}, 2),
        ({"players": 4, "turn_limit": 25}, 1),
        ({"players": 3, "modules": "hades,heroes-monsters,chiron", "turn_limit": 25}, 1),
        ({"players": 5, "modules": "poseidon,atlantis,orichalkum", "turn_limit": 15}, 1),
        ({"players": 3, "modules": "opportunity,hades-simple", "turn_limit": 25}, 1),
        ({"players": 3, "modules": "hephaestus,combat-cards", "turn_limit": 25}, 1),
    ],
)
def test_lords_view_equals_the_reference(options: dict[str, Any], games: int) -> None:
    assert _same_views("lords", options, games, lords_reference) > 300


@pytest.mark.parametrize(
    ("options", "games"),
    [
        ({"players": 1, "mission": 12}, 3),
        ({"players": 3, "mission": 1}, 4),
        ({"players": 4, "mission": 7}, 3),
        ({"players": 5, "mission": 10}, 2),
    ],
)
def test_legends_view_equals_the_reference(options: dict[str, Any], games: int) -> None:
    assert _same_views("legends", options, games, legends_reference) > 300


def test_realms_scores_are_solved_once_and_given_as_fresh_copies() -> None:
    """A remembered hand score equals solving it again, and callers may change what they get."""
    compared = 0
    for options in ({"players": 3}, {"players": 4, "endgame": "manual", "promo": True}):
        for session, state in _states("realms", options, 3):
            for seat in [*range(session.seats), None]:
                first = session.game.view(state, seat)
                again = session.game.view(state, seat)  # from the store when a seat scores
                realms_view._REPORTS.clear()
                solved = session.game.view(state, seat)
                assert first == again == solved
                compared += 1
    assert compared > 500
    session, state = next(_states("realms", {"players": 3}, 1))
    view = session.game.view(state, 0)
    kept = json.dumps(view)
    view["score"]["lines"][0]["notes"].append("scribbled")
    view["score"]["choices"].append("scribbled")
    view["score"]["lines"].clear()
    assert json.dumps(session.game.view(state, 0)) == kept


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lords_progress_counts_lands_as_the_victory_check(players: int) -> None:
    """Every Land held whole, the blue one too (3 players do not count it), as before."""

    session = Session("lords", {"players": players})
    session.reset(4)
    state = session.state
    lands = state.content.lands
    for land, regions in enumerate(lands):
        for r in regions:
            state.control[r] = land % players
    fast = session.game.view(state, 0)
    assert json.dumps(fast) == json.dumps(lords_reference(state, 0))
    counted = sum(p["warlord"][0] for p in fast["progress"])
    assert counted == len(lands) - (1 if players == 3 else 0)

"""OpenSpiel adapter: registration, OpenSpiel's own random simulation test, chance, resampling."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import hellas.rl.openspiel
from hellas.core.errors import OptionError
from hellas.core.rng import Rng
from hellas.games import REGISTRY

CASES: list[tuple[str, dict[str, Any]]] = [
    ("python_hellas_legends", {"players": 3, "mission": 1}),
    ("python_hellas_legends", {"players": 2, "mission": 12, "difficulty": "heroic"}),
    ("python_hellas_realms", {"players": 3}),
    ("python_hellas_lords", {"players": 3, "turn_limit": 6}),
    ("python_hellas_lords", {"players": 4, "turn_limit": 6, "modules": "poseidon+hades"}),
]


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert set(hellas.rl.openspiel.GAMES) <= names
    assert {"python_hellas_legends", "python_hellas_realms", "python_hellas_lords"} <= names


@pytest.mark.parametrize(("name", "params"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_openspiel_random_sim_test(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, {**params, "num_seeds": 64})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _played(game: Any, seed: int, steps: int) -> Any:
    """Return the state after the root picks ``seed`` and ``steps`` random decisions follow."""
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state


def test_states_serialize_and_come_back_identical() -> None:
    game = pyspiel.load_game("python_hellas_realms", {"players": 2, "num_seeds": 8})
    state = _played(game, 3, 25)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    assert again.legal_actions() == state.legal_actions()


def test_one_chance_node_at_the_root_picks_the_seed() -> None:
    game = pyspiel.load_game("python_hellas_legends", {"num_seeds": 16, "seed_base": 100})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(16))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "seed:105"
    state.apply_action(5)
    assert not state.is_chance_node()
    legends = REGISTRY.get("legends")  # the engine state is the engine's game of seed 105
    reference = legends.new(legends.validate_options({}), 105)
    assert legends.state_to_json(state.engine_state) == legends.state_to_json(reference)
    # after the root, only players decide: no other chance node in a whole game
    rng = Rng(1)
    while not state.is_terminal():
        assert not state.is_chance_node()
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert legal == pyspiel.State.legal_actions(state)  # the C++ path agrees
        other = (state.current_player() + 1) % 3
        assert state.legal_actions(other) == pyspiel.State.legal_actions(state, other) == []
        state.apply_action(legal[rng.below(len(legal))])
    returns = state.returns()
    assert len(set(returns)) == 1  # co-operative: one team result


def test_information_state_is_the_seats_view_and_tensor_the_encoder() -> None:
    game = pyspiel.load_game("python_hellas_realms", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    engine = state.engine_state
    session = game.session
    for seat in range(3):
        view = session.game.view(engine, seat)
        assert json.loads(state.information_state_string(seat)) == view
        assert state.observation_string(seat) == state.information_state_string(seat)
        tensor = np.array(state.observation_tensor(seat), dtype=np.float32)
        assert np.array_equal(tensor, session.encoder.encode(view))
        assert np.array_equal(np.array(state.information_state_tensor(seat)), tensor)


def test_resampling_keeps_the_players_information_state() -> None:
    game = pyspiel.load_game("python_hellas_legends", {"players": 3})
    state = _played(game, 9, 40)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    twin = state.resample_from_infostate(player, sampler)
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.legal_actions() == state.legal_actions()
    hidden = [
        twin.information_state_string(p) != state.information_state_string(p) for p in (0, 1, 2)
    ]
    assert any(hidden)  # other seats' hands were re-dealt


def test_clones_are_independent() -> None:
    game = pyspiel.load_game("python_hellas_lords", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(1)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) != str(clone)
    assert clone.history()[:-1] == state.history()


def test_openspiel_ismcts_plays_a_legal_move() -> None:
    game = pyspiel.load_game("python_hellas_legends", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    state.apply_action(0)
    action = bot.step(state)
    assert action in state.legal_actions()


def test_lords_modules_travel_as_a_plus_joined_parameter() -> None:
    """OpenSpiel splits game strings on commas, so a list option is written ``a+b``."""
    game = pyspiel.load_game("python_hellas_lords", {"players": 4, "modules": "poseidon+hades"})
    assert game.session.options["modules"] == "poseidon,hades"
    assert (
        "fleet"
        in game.session.game.view(game.session.game.new(game.session.options, 1), 0)[
            "players_info"
        ][0]["attributes"]
    )
    with pytest.raises(OptionError, match="did you mean 'hades'"):
        pyspiel.load_game("python_hellas_lords", {"players": 4, "modules": "poseidon+hadez"})

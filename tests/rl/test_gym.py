"""Gymnasium adapter: registration, env_checker, bots in the other seats, masks, rewards."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import hellas.rl.gym
from hellas.core.errors import HellasError, IllegalChoice
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.games.legends.bots import HeuristicBot

ENVS: list[tuple[str, dict[str, Any]]] = [
    ("hellas/Legends-v103", {"players": 3, "bots": "heuristic"}),
    ("hellas/Realms-v101", {"players": 3, "bots": "greedy"}),
    ("hellas/Lords-v5", {"players": 2, "turn_limit": 8, "bots": "heuristic"}),
]


@pytest.mark.parametrize(("env_id", "kwargs"), ENVS, ids=[e for e, _ in ENVS])
def test_gymnasium_env_checker_passes(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **kwargs)
    check_env(env.unwrapped, skip_render_check=False)


def test_registered_ids() -> None:
    assert set(hellas.rl.gym.ENV_IDS.values()) <= set(gymnasium.registry)


def test_ids_come_from_the_registry_with_the_rules_version() -> None:
    for game in REGISTRY:
        env_id = hellas.rl.gym.ENV_IDS[game.meta.id]
        major, minor = (int(x) for x in game.meta.version.split("."))
        number = major * 100 + minor + game.meta.observation_version  # Realms: observation 1
        assert env_id == f"hellas/{game.meta.id.capitalize()}-v{number}"
        assert gymnasium.spec(env_id).kwargs["game_id"] == game.meta.id


def _play_episode(env: Any, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    rng = Rng(seed)
    steps, total = 0, 0.0
    while True:
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.unwrapped.action_masks())
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(mask)
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.below(len(legal))]))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


def test_a_learner_plays_with_bots_until_the_end() -> None:
    env = gymnasium.make(
        "hellas/Legends-v103", players=3, seat=1, bots=["heuristic", None, "random"]
    )
    total, steps = _play_episode(env, 3)
    session = env.unwrapped.session
    outcome = session.game.outcome(session.state)
    assert outcome is not None and steps > 5
    assert total == outcome.scores[1]
    names = env.unwrapped.bot_names
    assert names == {0: "heuristic", 2: "random"}


def test_the_learner_only_decides_for_its_own_seat() -> None:
    env = gymnasium.make("hellas/Realms-v101", players=3, seat=2, bots={0: "greedy", 1: "random"})
    env.reset(seed=5)
    for _ in range(20):
        assert env.unwrapped.session.to_act() == 2
        legal = np.flatnonzero(env.unwrapped.action_masks())
        _obs, _r, terminated, truncated, _info = env.step(int(legal[0]))
        if terminated or truncated:
            break


def test_a_heuristic_learner_plays_a_whole_episode() -> None:
    env = gymnasium.make("hellas/Legends-v103", players=2, bots="heuristic")
    env.reset(seed=8)
    session = env.unwrapped.session
    # Replaying the same game with the heuristic in the learner's seat too must be deterministic.
    rng = Rng(1)
    while session.to_act() is not None:
        choice = HeuristicBot().choose(Decision(session.game, session.state, 0), rng)
        _obs, _r, terminated, _t, _i = env.step(choice.index)
        if terminated:
            break
    assert session.game.outcome(session.state) is not None


def test_illegal_actions_lose_or_raise() -> None:
    env = gymnasium.make("hellas/Legends-v103", players=3)
    _obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _trunc, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"]
    strict = gymnasium.make("hellas/Legends-v103", players=3, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalChoice):
        strict.step(illegal)


def test_bad_keywords_are_refused() -> None:
    with pytest.raises(HellasError, match="seat must be"):
        gymnasium.make("hellas/Legends-v103", players=2, seat=4)
    with pytest.raises(HellasError, match="one entry per seat"):
        gymnasium.make("hellas/Legends-v103", players=3, bots=["heuristic"])
    with pytest.raises(HellasError, match="unknown bot"):
        gymnasium.make("hellas/Legends-v103", players=3, bots="nobody")
    with pytest.raises(ValueError, match="illegal must be"):
        gymnasium.make("hellas/Legends-v103", illegal="ignore")


def test_same_seed_same_episode() -> None:
    a = gymnasium.make("hellas/Realms-v101", players=2)
    b = gymnasium.make("hellas/Realms-v101", players=2)
    assert _play_episode(a, 12) == _play_episode(b, 12)
    assert np.array_equal(a.unwrapped._obs(), b.unwrapped._obs())

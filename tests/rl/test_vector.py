"""The vector environment: N games per call, equal to N single environments stepped alike."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import pytest

import hellas.rl.gym  # noqa: F401 - registers the environments
from hellas.core.errors import HellasError
from hellas.core.rng import Rng
from hellas.rl.gym import HellasGymEnv
from hellas.rl.vector import HellasVectorEnv

CASES: list[tuple[str, dict[str, Any]]] = [
    ("legends", {"players": 3, "mission": 1}),
    ("realms", {"players": 2}),
    ("lords", {"players": 3, "turn_limit": 8}),
]


def _pick(rng: Rng, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.below(len(legal))]) if len(legal) else 0


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[c[0] for c in CASES])
def test_vector_steps_equal_single_environments_stepped_alike(
    game_id: str, options: dict[str, Any]
) -> None:
    n = 3
    vec = HellasVectorEnv(game_id, num_envs=n, bots="random", **options)
    singles = [HellasGymEnv(game_id, bots="random", **options) for _ in range(n)]
    obs, infos = vec.reset(seed=5)
    assert obs.shape == (n, vec.single_observation_space.shape[0]) and obs.dtype == np.float32
    assert vec.observation_space.contains(obs)
    expected = [env.reset(seed=5 + i) for i, env in enumerate(singles)]
    for i in range(n):
        assert np.array_equal(obs[i], expected[i][0])
        assert np.array_equal(infos["action_mask"][i], expected[i][1]["action_mask"])
    rng = Rng(9)
    restart = [False] * n
    ended = 0
    for _ in range(150):
        actions = [_pick(rng, row) for row in vec.action_masks()]
        obs, rewards, terminated, truncated, infos = vec.step(np.array(actions))
        for i, env in enumerate(singles):
            if restart[i]:  # the step after an end starts the next game, its action ignored
                want_obs, want_info = env.reset()
                want = (want_obs, 0.0, False, False, want_info)
            else:
                want = env.step(actions[i])
            assert np.array_equal(obs[i], want[0])
            assert rewards[i] == want[1]
            assert (terminated[i], truncated[i]) == (want[2], want[3])
            assert np.array_equal(infos["action_mask"][i], want[4]["action_mask"])
            restart[i] = bool(terminated[i] or truncated[i])
            ended += restart[i]
    assert ended >= 1 or game_id == "lords"


def test_make_vec_builds_the_vector_environment() -> None:
    envs = gymnasium.make_vec(
        "hellas/Realms-v101", num_envs=2, vectorization_mode="vector_entry_point", players=2
    )
    assert isinstance(envs, HellasVectorEnv)
    obs, _ = envs.reset(seed=0)
    assert obs.shape[0] == 2
    assert envs.action_space.shape == (2,)


def test_an_illegal_action_ends_that_game_only() -> None:
    vec = HellasVectorEnv("legends", num_envs=2, bots="random", players=2)
    vec.reset(seed=1)
    masks = vec.action_masks()
    wrong = int(np.flatnonzero(~masks[0])[0])
    good = int(np.flatnonzero(masks[1])[0])
    _obs, rewards, terminated, _t, infos = vec.step(np.array([wrong, good]))
    assert terminated.tolist() == [True, False] and rewards[0] == -1.0
    assert infos["illegal"].tolist() == [True, False]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(HellasError, match="num_envs"):
        HellasVectorEnv("legends", num_envs=0)
    vec = HellasVectorEnv("realms", num_envs=2)
    with pytest.raises(HellasError, match="2 seeds"):
        vec.reset(seed=[1, 2, 3])


def test_the_vector_module_can_be_the_first_one_imported() -> None:
    """``import hellas.rl.vector`` first (it imports ``hellas.rl.gym``, which registers it)."""
    code = (
        "import hellas.rl.vector, gymnasium\n"
        "envs = gymnasium.make_vec('hellas/Legends-v103', num_envs=2,"
        " vectorization_mode='vector_entry_point', players=3, mission=1)\n"
        "print(type(envs).__name__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=os.environ
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "HellasVectorEnv"

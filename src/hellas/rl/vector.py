"""A batch of Gymnasium environments stepped together: ``num_envs`` games per call.

``HellasVectorEnv`` follows Gymnasium's vector API (``gymnasium.vector.VectorEnv``): one seat
of each of ``num_envs`` games learns, bots play the other seats (as in ``hellas.rl.gym``), and
every call returns the observations of all games as one new ``(num_envs, size)`` float32
array, each row straight from its game's state (gathered in one copy from the rows an encoder
keeps per seat, ``Session.kept_row``, else written by ``Session.observe_row``), with the action
masks in one ``(num_envs, actions)`` int8 array (``infos["action_mask"]`` and
``action_masks()``).  A game that ends is reset on the next call (Gymnasium's "next step"
autoreset: that call ignores its action and returns the new game's first observation)::

    envs = HellasVectorEnv("legends", num_envs=64, players=3, mission=1, bots="heuristic")
    obs, infos = envs.reset(seed=0)
    obs, rewards, terminated, truncated, infos = envs.step(actions)

``gymnasium.make_vec("hellas/Legends-v103", num_envs=64, vectorization_mode="vector_entry_point")``
builds the same environment.  Game ``i`` of ``reset(seed=s)`` starts from seed ``s + i``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from hellas.core.errors import HellasError, IllegalChoice
from hellas.rl.gym import HellasGymEnv, env_ids


class HellasVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` single-seat games behind Gymnasium's vector API (see the module doc)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - read from the class
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        game_id: str,
        num_envs: int = 1,
        seat: int = 0,
        bots: str | Sequence[str | None] | Mapping[int, str] = "bot",
        reward: str = "win",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        max_decisions: int | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise HellasError(f"num_envs must be a positive whole number, got {num_envs!r}")
        self.envs = [
            HellasGymEnv(
                game_id,
                seat=seat,
                bots=bots,
                reward=reward,
                illegal=illegal,
                illegal_reward=illegal_reward,
                max_decisions=max_decisions,
                **options,
            )
            for _ in range(num_envs)
        ]
        first = self.envs[0]
        self.num_envs = num_envs
        self.seat = seat
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, first.session.num_actions))
        size = first.session.encoder.layout.size
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, first.session.num_actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start every game (game ``i`` from ``seed + i``, or from its own seed in a list)."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [
                None if seed is None else seed + i for i in range(self.num_envs)
            ]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise HellasError(f"reset needs {self.num_envs} seeds, got {len(seeds)}")
        rows, masks = [], []
        for i, env in enumerate(self.envs):
            env.reset(seed=seeds[i])
            rows.append(self._row(i))
            masks.append(env.session.mask(self.seat))
        obs = self._gather(rows, masks)
        self._autoreset[:] = False
        return obs, {"action_mask": self._masks.copy()}

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Apply one action per game; bots then play until each learner decides again."""
        chosen = np.asarray(actions).reshape(self.num_envs).tolist()
        illegal = np.zeros(self.num_envs, dtype=np.bool_)
        self._rewards[:] = 0.0
        self._terminated[:] = False
        self._truncated[:] = False
        restart = self._autoreset.tolist()
        rows, masks = [], []
        for i, env in enumerate(self.envs):
            if restart[i]:
                env.reset()
            else:
                done, cut, reward, wrong = self._act(env, int(chosen[i]))
                if done or cut or reward or wrong:
                    self._terminated[i], self._truncated[i] = done, cut
                    self._rewards[i], illegal[i] = reward, wrong
            rows.append(self._row(i))
            masks.append(env.session.mask(self.seat))
        obs = self._gather(rows, masks)
        self._autoreset[:] = self._terminated | self._truncated
        infos: dict[str, Any] = {"action_mask": self._masks.copy()}
        if illegal.any():
            infos["illegal"] = illegal
        return (
            obs,
            self._rewards.copy(),
            self._terminated.copy(),
            self._truncated.copy(),
            infos,
        )

    def action_masks(self) -> np.ndarray:
        """Return every learner's legal actions as booleans, one row per game."""
        return self._masks.astype(bool)

    def _act(self, env: HellasGymEnv, action: int) -> tuple[bool, bool, float, bool]:
        """Play one learner action and the bots after it: (ended, truncated, reward, illegal)."""
        session = env.session
        try:
            session.play(action)
        except IllegalChoice:
            if env.illegal == "raise":
                raise
            return True, False, env.illegal_reward, True
        env.play_bots()
        if session.to_act() is None:
            return True, False, session.rewards()[self.seat], False
        cut = env.max_decisions is not None and session.decisions >= env.max_decisions
        return False, cut, 0.0, False

    def _row(self, i: int) -> np.ndarray:
        """Return game ``i``'s observation row, to be gathered before any game moves again.

        An encoder that keeps each seat's row hands that row itself (``Session.kept_row``):
        only game ``i`` writes it, so it holds until the gather; any other writes into the
        batch array's row ``i``.
        """
        session = self.envs[i].session
        kept = session.kept_row(self.seat)
        if kept is not None:
            return kept
        out: np.ndarray = self._obs[i]
        session.observe_row(out, self.seat)
        return out

    def _gather(self, rows: list[np.ndarray], masks: list[np.ndarray]) -> np.ndarray:
        """Return every game's row copied into a new array; keep the masks likewise."""
        self._masks = np.array(masks, dtype=np.int8)
        return np.array(rows, dtype=np.float32)


def register() -> None:
    """Let ``gymnasium.make_vec`` build ``HellasVectorEnv`` for the Hellas environment ids."""
    for game_id, env_id in env_ids().items():
        spec = gymnasium.registry.get(env_id)
        if spec is not None and spec.vector_entry_point is None:
            spec.vector_entry_point = _vector_entry(game_id)


def _vector_entry(game_id: str) -> Any:
    def make(num_envs: int = 1, **kwargs: Any) -> HellasVectorEnv:
        kwargs.pop("game_id", None)
        return HellasVectorEnv(game_id, num_envs=num_envs, **kwargs)

    return make


register()

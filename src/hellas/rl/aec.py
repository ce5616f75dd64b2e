"""The PettingZoo AEC environment over any Hellas game.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers).  The agent to act is the seat the
game says decides next, so one agent may act several times in a row (a Support in Legends, a
Battle's responses in Lords).  Observations are ``{"observation": float32 vector of the seat's
view, "action_mask": int8 over the game's choice table}``; an agent that is not to act gets an
all-zero mask.  Rewards arrive once, when the game ends (see ``session.rewards_of``).
Observations are built only when asked for (``observe``/``last()``), so agents that read only
the mask pay nothing for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from hellas.rl.session import Session


class HellasAEC(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """A Hellas game as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["ansi"],
        "name": "hellas_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        reward: str = "win",
        max_decisions: int | None = None,
        extras: Sequence[str] = (),
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.session = Session(game_id, options, reward, extras)
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.metadata = {
            **self.metadata,
            "name": f"hellas_{self.session.game.meta.id}_v{self.session.game.meta.env_version}",
        }
        n = self.session.seats
        self.possible_agents = [f"player_{q}" for q in range(n)]
        self._seat = {agent: q for q, agent in enumerate(self.possible_agents)}
        obs = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, 1.0, (self.session.encoder.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.session.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.session.num_actions) for a in self.possible_agents
        }
        self.reset()

    @property
    def layout(self) -> Any:
        """Return the observation layout (named slices)."""
        return self.session.encoder.layout

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Return the observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Return the action space of ``agent`` (the game's choice table)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game (game options are fixed when the environment is made)."""
        self.session.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._done = False  # every agent is terminated or truncated: only None steps remain
        seat = self.session.to_act()
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Return ``agent``'s observation: its view's vector and its action mask."""
        seat = self._seat[agent]
        session = self.session
        return {"observation": session.observe(seat), "action_mask": session.mask(seat)}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """Return the selected agent's observation, cumulative reward, ends and info.

        PettingZoo's ``last``, with the observation built here: the selected agent of a game
        in progress is the seat to act, so its mask is the legal choices' mask.
        """
        agent = self.agent_selection
        if not observe:
            observation = None
        elif self._done:
            observation = self.observe(agent)
        else:
            session = self.session
            observation = {
                "observation": session.observe(self._seat[agent]),
                "action_mask": session.legal_mask(),
            }
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def action_mask(self, agent: str) -> np.ndarray:
        """Return ``agent``'s action mask alone (cheap: no observation is built)."""
        if agent == self.agent_selection and not self._done:
            return self.session.legal_mask()
        return self.session.mask(self._seat[agent])

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (a choice-table index; ``None`` once it is done)."""
        agent = self.agent_selection
        if self._done:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for finished agents")
        session = self.session
        session.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        seat = session.game.to_act(session.state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
            if self.max_decisions is None or session.decisions < self.max_decisions:
                return
            for a in self.agents:
                self.truncations[a] = True
            self._done = True
            return
        outcome = session.game.outcome(session.state)
        for a, value in zip(self.agents, session.rewards(), strict=True):
            self.rewards[a] = value
            self.terminations[a] = True
            self.infos[a] = {"outcome": outcome.reason if outcome else ""}
        self._accumulate_rewards()
        self._done = True
        self.agent_selection = agent

    def render(self) -> str | None:
        """Return the selected agent's view as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        seat = self._seat.get(self.agent_selection) if self.agents else None
        return self.session.render(seat)

    def close(self) -> None:
        """Nothing to release."""

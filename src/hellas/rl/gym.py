"""Gymnasium single-agent environments: one learning seat, bots in the others.

Importing this module registers one environment per registered game, named from its metadata
with the rules version in the version number (``GameMeta.gym_id``: ``hellas/Legends-v103`` is
Legends rules 1.3, ``hellas/Lords-v5`` Lords 0.5); :func:`register` adds games registered
later.  Game options, the learner's ``seat`` and the ``bots`` are ``gymnasium.make`` keywords::

    env = gymnasium.make("hellas/Legends-v103", players=3, mission=1, bots="heuristic")

The observation is the learner's view vector (the PettingZoo layout; ``extras=("score",)`` adds
a game's opt-in fields, as in PettingZoo); the action mask is in
``info["action_mask"]`` and from ``env.unwrapped.action_masks()`` (sb3-contrib's convention).
An illegal action ends the episode with ``illegal_reward`` (``illegal="lose"``, the default, so
that generic checkers sampling unmasked actions can run) or raises (``illegal="raise"``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from hellas.ai import make_bot
from hellas.core.errors import HellasError, IllegalChoice
from hellas.core.game import Bot, Decision
from hellas.core.rng import Rng
from hellas.rl.session import Session


def env_ids() -> dict[str, str]:
    """Return the Gymnasium id of every registered game, by game id."""
    from hellas.games import REGISTRY  # noqa: PLC0415 - the registry imports every game

    return {g.meta.id: g.meta.gym_id for g in REGISTRY}


ENV_IDS = env_ids()  # the games registered when this module was imported
ILLEGAL = ("lose", "raise")


class HellasGymEnv(gymnasium.Env[np.ndarray, int]):
    """One seat of a Hellas game as a Gymnasium environment; bots play the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - read from the class

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        bots: str | Sequence[str | None] | Mapping[int, str] = "bot",
        render_mode: str | None = None,
        reward: str = "win",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        max_decisions: int | None = None,
        extras: Sequence[str] = (),
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.session = Session(game_id, options, reward, extras)
        n = self.session.seats
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise HellasError(f"seat must be 0-{n - 1} for {n} players, got {seat!r}")
        self.seat = seat
        self.bot_names = _bot_names(bots, seat, n)
        self.bots: dict[int, Bot] = {
            q: make_bot(self.session.game, name) for q, name in self.bot_names.items()
        }
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.max_decisions = max_decisions
        self.observation_space = spaces.Box(
            0.0, 1.0, (self.session.encoder.layout.size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.session.num_actions)  # type: ignore[assignment]
        self._bot_rng = Rng(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a game and play the bots up to the learner's first decision."""
        super().reset(seed=seed)
        self.session.reset(seed)
        while True:
            self._bot_rng = Rng(self.session.seed ^ 0xB075)
            self.play_bots()
            if self.session.to_act() == self.seat:
                return self._obs(), self._info()
            self.session.reset()  # the game ended without the learner: next game of the sequence

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then the bots' until the learner decides again."""
        session = self.session
        if session.to_act() != self.seat:
            raise HellasError("the episode is over: call reset()")
        try:
            session.play(int(action))
        except IllegalChoice:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal"] = True
            return self._obs(), self.illegal_reward, True, False, info
        self.play_bots()
        if session.to_act() is None:
            return self._obs(), session.rewards()[self.seat], True, False, self._info()
        truncated = self.max_decisions is not None and session.decisions >= self.max_decisions
        return self._obs(), 0.0, False, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Return the learner's legal actions as booleans (for sb3-contrib MaskablePPO)."""
        return self.session.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        """Return the learner's view as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.session.render(self.seat)

    def play_bots(self) -> None:
        """Let the bots decide until the learner decides again or the game ends."""
        session, game = self.session, self.session.game
        bots, rng, seat = self.bots, self._bot_rng, self.seat
        state = session.state
        while (q := game.to_act(state)) is not None and q != seat:
            decision = Decision(game, state, q)
            choice = bots[q].choose(decision, rng)
            if choice in decision.choices:  # legal in this very state: apply it as ``play`` does
                session.apply_legal(choice)
            else:
                session.play_choice(choice)  # another object for a legal choice, or illegal

    def _obs(self) -> np.ndarray:
        return self.session.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.session.mask(self.seat).copy()}


def _bot_names(
    bots: str | Sequence[str | None] | Mapping[int, str], seat: int, n: int
) -> dict[int, str]:
    """Return the bot name of every seat but the learner's."""
    if isinstance(bots, str):
        return {q: bots for q in range(n) if q != seat}
    if isinstance(bots, Mapping):
        names = {int(q): str(b) for q, b in bots.items() if int(q) != seat}
        missing = [q for q in range(n) if q != seat and q not in names]
        if missing:
            raise HellasError(f"no bot given for seat(s) {missing}")
        return names
    listed = list(bots)
    if len(listed) != n:
        raise HellasError(f"bots needs one entry per seat ({n}), got {len(listed)}")
    out = {}
    for q, name in enumerate(listed):
        if q == seat:
            continue
        if not name:
            raise HellasError(f"no bot given for seat {q}")
        out[q] = str(name)
    return out


def register() -> None:
    """Register the Hellas environments with Gymnasium (idempotent)."""
    for game_id, env_id in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=HellasGymEnv,  # type: ignore[arg-type]
                kwargs={"game_id": game_id},
            )

    # gymnasium.make_vec finds the vector environment; when ``hellas.rl.vector`` is the module
    # being imported (it imports this one first), it registers itself once it is complete
    vector = sys.modules.get("hellas.rl.vector")
    if vector is not None and not hasattr(vector, "register"):
        return
    import hellas.rl.vector  # noqa: PLC0415

    hellas.rl.vector.register()


register()

"""Train a masked-action PPO policy for one Legends of Hellas seat with heuristic partners.

Needs the optional ``train`` extra (torch, sb3-contrib)::

    .venv/bin/uv sync --frozen --inexact --extra train   # after ./check (uv is in .venv)
    .venv/bin/python scripts/train_legends_ppo.py --steps 100000 --out ppo-legends

The learner sits in seat 0 of mission 1 (3 players, human difficulty); the other seats are the
game's heuristic bot.  The environment is ``hellas/Legends-v103``; the mask comes from
``action_masks()`` (sb3-contrib's convention).  The reward is the team's result (1 won, 0 lost)
plus, optionally, ``--shaping`` per monster defeated, read from the observation's public
``table`` field.  At the end the script writes a learning curve (``curve.png``), saves the
model and plays the same evaluation deals twice: the trained seat with heuristic partners, and
the heuristic in every seat.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import gymnasium
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

import hellas.rl.gym  # noqa: F401 - registers hellas/Legends-v103
from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.rl.gym import HellasGymEnv

OPTIONS = {"players": 3, "mission": 1, "difficulty": "human"}


class Shaping(gymnasium.Wrapper):  # type: ignore[type-arg]
    """Add ``bonus`` each time the public count of defeated monsters goes up."""

    def __init__(self, env: HellasGymEnv, bonus: float) -> None:
        super().__init__(env)
        self.bonus = bonus
        self.at = env.session.encoder.layout["table"].start + 5  # monsters defeated / 10
        self.seen = 0.0

    def reset(self, **kwargs: Any) -> Any:
        obs, info = self.env.reset(**kwargs)
        self.seen = float(obs[self.at])
        return obs, info

    def step(self, action: int) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        now = float(obs[self.at])
        reward += self.bonus * round((now - self.seen) * 10)
        self.seen = now
        return obs, reward, terminated, truncated, info


class Curve(BaseCallback):
    """Record (timestep, won) at the end of every training episode."""

    def __init__(self) -> None:
        super().__init__()
        self.points: list[tuple[int, float]] = []

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            episode = info.get("episode")
            if episode is not None:
                won = 1.0 if info.get("team_won") else 0.0
                self.points.append((self.num_timesteps, won))
        return True


class TeamResult(gymnasium.Wrapper):  # type: ignore[type-arg]
    """Put the team's result in the final step's info (the reward may be shaped)."""

    def step(self, action: int) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated or truncated:
            session = self.env.unwrapped.session
            outcome = session.game.outcome(session.state)
            info["team_won"] = bool(outcome and outcome.winners)
        return obs, reward, terminated, truncated, info


def make_env(shaping: float) -> gymnasium.Env:  # type: ignore[type-arg]
    """Return the training environment: learner in seat 0, heuristic partners, masks."""
    base = HellasGymEnv("legends", seat=0, bots="heuristic", **OPTIONS)
    env: gymnasium.Env = TeamResult(Shaping(base, shaping) if shaping else base)  # type: ignore[type-arg]
    env = Monitor(env)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(model: MaskablePPO | None, seeds: range) -> float:
    """Return the team's win rate on ``seeds``: the model in seat 0 (None: the heuristic)."""
    env = HellasGymEnv("legends", seat=0, bots="heuristic", **OPTIONS)
    game = env.session.game
    heuristic = make_bot(game, "heuristic")
    wins = 0
    for seed in seeds:
        obs, _info = env.reset(seed=seed)
        rng = Rng(seed ^ 0xE7A1)
        while True:
            if model is None:
                choice = heuristic.choose(Decision(game, env.session.state, 0), rng)
                action = choice.index
            else:
                action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _reward, terminated, truncated, _info = env.step(int(action))
            if terminated or truncated:
                break
        outcome = game.outcome(env.session.state)
        wins += bool(outcome and outcome.winners)
    return wins / len(seeds)


def plot(points: list[tuple[int, float]], path: Path, window: int) -> None:
    """Write the rolling team win rate over training steps."""
    if not points:
        return
    steps = np.array([p[0] for p in points])
    won = np.array([p[1] for p in points])
    k = max(1, min(window, len(won)))
    rolling = np.convolve(won, np.ones(k) / k, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps[k - 1 :], 100 * rolling)
    ax.set_xlabel("learner decisions (training steps)")
    ax.set_ylabel(f"team win rate, last {k} games (%)")
    ax.set_title("MaskablePPO seat + 2 heuristic partners, Legends mission 1 (3p, human)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    """Train, plot, evaluate, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="learner decisions to train")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--shaping", type=float, default=0.1, help="bonus per monster defeated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="ppo-legends", help="folder for curve.png, model, report")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    env = make_env(args.shaping)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=256, verbose=0)
    curve = Curve()
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=curve)
    train_s = time.perf_counter() - start
    model.save(out / "model")
    plot(curve.points, out / "curve.png", window=100)
    seeds = range(100_000, 100_000 + args.eval_games)  # never seen in training
    start = time.perf_counter()
    trained = evaluate(model, seeds)
    heuristic = evaluate(None, seeds)
    report = {
        "steps": args.steps,
        "training_games": len(curve.points),
        "train_seconds": round(train_s, 1),
        "eval_games": args.eval_games,
        "eval_seeds": f"{seeds.start}-{seeds.stop - 1}",
        "win_rate_trained_seat_plus_heuristics": trained,
        "win_rate_heuristic_team": heuristic,
        "eval_seconds": round(time.perf_counter() - start, 1),
        "last_100_training_games_win_rate": float(np.mean([w for _, w in curve.points[-100:]]))
        if curve.points
        else None,
    }
    (out / "report.json").write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

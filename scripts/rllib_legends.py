"""Train one PPO policy for every Legends of Hellas seat with RLlib, locally or on a Ray cluster.

Needs Ray's RLlib and a CPU build of torch, which are not in the project's extras (see
docs/rl.md, "Scaling out on a Ray cluster")::

    pip install torch 'ray[rllib]' -e '.[rl]'
    python scripts/rllib_legends.py --iterations 2 --runners 2              # this machine
    python scripts/rllib_legends.py --address auto --runners 64 --iterations 200  # a cluster

The PettingZoo environment (``hellas.rl.env``) is wrapped by RLlib's ``PettingZooEnv``; each
env runner (a Ray actor, on any node of the cluster) builds its own Hellas environment.  All
seats map to one policy (Legends is co-operative: every seat gets the team's reward).  The
policy is RLlib's action-masking PPO module, which reads the observation dict's
``observations`` and ``action_mask`` keys: ``RLlibKeys`` renames Hellas's ``observation`` key
and gives the mask as ``float32``.  Prints one line per training iteration and writes a
JSON report (``--out``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np
import ray
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.tune.registry import register_env

from hellas import rl


class RLlibKeys(BaseWrapper):  # type: ignore[type-arg]
    """Present Hellas observations under the keys RLlib's masking module reads."""

    def observation_space(self, agent: str) -> spaces.Dict:
        """Return the renamed observation space of ``agent``."""
        inner = self.env.observation_space(agent)
        mask = inner["action_mask"]
        return spaces.Dict(
            {
                "observations": inner["observation"],
                "action_mask": spaces.Box(0.0, 1.0, shape=mask.shape, dtype=np.float32),
            }
        )

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Return ``agent``'s observation with the renamed keys."""
        obs = self.env.observe(agent)
        return {
            "observations": obs["observation"],
            "action_mask": obs["action_mask"].astype(np.float32),
        }


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    """Build one Hellas Legends environment for an env runner."""
    return PettingZooEnv(RLlibKeys(rl.env("legends", **config)))


def main() -> None:
    """Train for ``--iterations`` and report each iteration's mean team return."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default=None, help="Ray cluster ('auto'); default: local")
    parser.add_argument("--runners", type=int, default=2, help="env runners (one env each)")
    parser.add_argument("--iterations", type=int, default=2)
    parser.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--mission", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("rllib-legends.json"))
    args = parser.parse_args()

    register_env("hellas_legends", make_env)
    ray.init(address=args.address, include_dashboard=False, log_to_driver=False)
    env_config = {"players": args.players, "mission": args.mission}
    config = (
        PPOConfig()
        # RLlib's env check steps unmasked random actions, which Hellas refuses (IllegalChoice)
        .environment("hellas_legends", env_config=env_config, disable_env_checking=True)
        .env_runners(num_env_runners=args.runners, num_envs_per_env_runner=1)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=250, num_epochs=2)
        .multi_agent(
            policies={"team"},
            policy_mapping_fn=lambda agent_id, *a, **k: "team",
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule),
        )
    )
    algo = config.build_algo()
    rows = []
    start = time.perf_counter()
    for i in range(1, args.iterations + 1):
        result = algo.train()
        runners = result.get("env_runners", {})
        row = {
            "iteration": i,
            "env_steps": runners.get("num_env_steps_sampled_lifetime"),
            "episodes": runners.get("num_episodes_lifetime"),
            "episode_return_mean": runners.get("episode_return_mean"),
            "seconds": round(time.perf_counter() - start, 1),
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    algo.stop()
    ray.shutdown()
    report = {"options": env_config, "runners": args.runners, "iterations": rows}
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

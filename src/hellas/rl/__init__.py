"""Reinforcement-learning adapters for every Hellas game.

- :func:`env` returns a PettingZoo ``AECEnv`` (agents ``player_0`` ...).
- ``import hellas.rl.gym`` registers Gymnasium single-agent environments with bots in the other
  seats, one per game, the rules version in the id (``hellas/Legends-v103``: Legends 1.3).
- ``hellas.rl.vector.HellasVectorEnv``: ``num_envs`` of those games stepped per call
  (Gymnasium's vector API), observations written into one float32 array.
- ``import hellas.rl.openspiel`` registers OpenSpiel Python games ``python_hellas_<game>``.

Actions are the game's stable choice-table indices; observations hold exactly what the seat's
view shows, written straight from the state where the game's encoder can (``hellas.rl.describe``
prints which slice means what).  See ``docs/rl.md``.
"""

from __future__ import annotations

from typing import Any

from hellas.rl.encoders import Layout


def env(game_id: str, **options: Any) -> Any:
    """Return a PettingZoo AEC environment for ``game_id`` (game options as keywords).

    Besides the game's options: ``render_mode="ansi"``, ``reward="win"|"score"``,
    ``max_decisions`` (truncate after that many decisions) and ``extras`` (opt-in observation
    fields the game's encoder offers, e.g. Realms' ``("score",)``).
    """
    from hellas.rl.aec import HellasAEC  # noqa: PLC0415 - pettingzoo loads on demand

    return HellasAEC(game_id, **options)


def describe(game_id: str, **options: Any) -> Layout:
    """Return the observation layout of ``game_id`` under ``options``."""
    from hellas.rl.session import Session  # noqa: PLC0415

    return Session(game_id, options).encoder.layout


__all__ = ["describe", "env"]

"""Per-game observation encoders, found through the registry (``GameMeta.encoder``).

Each encoder declares a :class:`~hellas.rl.encoders.base.Layout` (named slices of the vector)
and fills it from one seat's view only.  A game names its encoder in its metadata as
``"module:Class"`` (a name, so the rules never import RL code); this module imports it on
first use.  A game without one is refused with a clear error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from hellas.core.errors import HellasError
from hellas.rl.encoders.base import Encoder, Field, Layout


def encoder_class(game_id: str) -> Callable[[Mapping[str, Any]], Encoder]:
    """Return the encoder class ``game_id`` declares, imported on first use."""
    from hellas.games import REGISTRY  # noqa: PLC0415 - the registry imports every game

    game = REGISTRY.get(game_id)
    path = game.meta.encoder
    if path is None:
        have = ", ".join(g.meta.id for g in REGISTRY if g.meta.encoder)
        raise HellasError(f"no observation encoder for game {game_id!r} (encoders: {have})")
    module, _, name = path.partition(":")
    cls: Callable[[Mapping[str, Any]], Encoder] = getattr(importlib.import_module(module), name)
    return cls


def encoder_for(game_id: str, options: Mapping[str, Any]) -> Encoder:
    """Return the observation encoder of ``game_id`` for validated ``options``."""
    return encoder_class(game_id)(options)


__all__ = ["Encoder", "Field", "Layout", "encoder_class", "encoder_for"]

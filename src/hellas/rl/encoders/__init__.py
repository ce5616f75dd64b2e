"""Per-game observation encoders, found through the registry (``GameMeta.encoder``).

Each encoder declares a :class:`~hellas.rl.encoders.base.Layout` (named slices of the vector)
and fills it from one seat's view only.  A game names its encoder in its metadata as
``"module:Class"`` (a name, so the rules never import RL code); this module imports it on
first use.  A game without one is refused with a clear error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
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


def extras_of(game_id: str) -> dict[str, str]:
    """Return the opt-in observation extras ``game_id``'s encoder offers (name: meaning)."""
    cls = encoder_class(game_id)
    offered: dict[str, str] = getattr(importlib.import_module(cls.__module__), "EXTRAS", {})
    return dict(offered)


def encoder_for(game_id: str, options: Mapping[str, Any], extras: Sequence[str] = ()) -> Encoder:
    """Return the observation encoder of ``game_id`` for validated ``options``.

    ``extras``: opt-in fields the encoder offers (``extras_of``), added after the default
    ones; an extra the encoder does not offer is refused with a clear error.
    """
    cls: Any = encoder_class(game_id)
    if isinstance(extras, str):
        extras = (extras,)
    if not extras:
        return cls(options)  # type: ignore[no-any-return]
    offered = extras_of(game_id)
    for name in extras:
        if name not in offered:
            have = ", ".join(offered) or "none"
            raise HellasError(
                f"no observation extra {str(name)[:40]!r} for {game_id} (extras: {have})"
            )
    return cls(options, tuple(dict.fromkeys(extras)))  # type: ignore[no-any-return]


__all__ = ["Encoder", "Field", "Layout", "encoder_class", "encoder_for", "extras_of"]

"""Per-game observation encoders, looked up by game id.

Each encoder declares a :class:`~hellas.rl.encoders.base.Layout` (named slices of the vector)
and fills it from one seat's view only.  Games without an explicit encoder are refused with a
clear error: every registered game has one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hellas.core.errors import HellasError
from hellas.rl.encoders.base import Encoder, Field, Layout


def _legends(options: Mapping[str, Any]) -> Encoder:
    from hellas.rl.encoders.legends import LegendsEncoder  # noqa: PLC0415

    return LegendsEncoder(options)


def _realms(options: Mapping[str, Any]) -> Encoder:
    from hellas.rl.encoders.realms import RealmsEncoder  # noqa: PLC0415

    return RealmsEncoder(options)


def _lords(options: Mapping[str, Any]) -> Encoder:
    from hellas.rl.encoders.lords import LordsEncoder  # noqa: PLC0415

    return LordsEncoder(options)


ENCODERS: dict[str, Callable[[Mapping[str, Any]], Encoder]] = {
    "legends": _legends,
    "realms": _realms,
    "lords": _lords,
}


def encoder_for(game_id: str, options: Mapping[str, Any]) -> Encoder:
    """Return the observation encoder of ``game_id`` for validated ``options``."""
    make = ENCODERS.get(game_id)
    if make is None:
        raise HellasError(
            f"no observation encoder for game {game_id!r} (encoders: {', '.join(ENCODERS)})"
        )
    return make(options)


__all__ = ["ENCODERS", "Encoder", "Field", "Layout", "encoder_for"]

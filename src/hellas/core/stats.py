"""Paired-sample statistics shared by search bots in ``hellas.ai`` and bots inside games.

Both the generic lookahead bot and Realms' improver compare moves on the same sampled deals;
the comparison lives in the core so that a game's own bot needs nothing from ``hellas.ai``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence


def paired_gain(values: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """Return the mean paired gain of ``values`` over ``base`` and its standard error."""
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    gain = sum(diffs) / len(diffs)
    spread = sum((d - gain) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return gain, math.sqrt(spread / len(diffs))


def clear_gain(
    outcomes: Mapping[str, Sequence[float]], favourite: str, margin: float, z: float
) -> str | None:
    """Return the move whose paired gain over ``favourite`` is largest and clearly real, or None.

    ``outcomes`` holds each move's value on the same samples; a move qualifies when its mean
    gain is at least ``margin``, above every earlier qualifier's, and ``z`` standard errors.
    """
    base = outcomes[favourite]
    best, best_gain = None, 0.0
    for key, values in outcomes.items():
        if key == favourite:
            continue
        gain, error = paired_gain(values, base)
        if gain < margin or gain <= best_gain:
            continue
        if gain >= z * error:
            best, best_gain = key, gain
    return best

"""Small statistics for reports: Wilson score intervals and the exact sign test for pairs."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Return (rate, low, high) of the Wilson score interval for ``wins`` out of ``n``."""
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def games_for_margin(p: float, margin: float, z: float = Z95) -> int:
    """Return how many games give a normal-approximation half-width of ``margin`` at ``p``."""
    p = min(max(p, 0.0), 1.0)
    variance = max(p * (1 - p), 1e-4)
    return math.ceil(variance * (z / margin) ** 2)


def sign_test(a_only: int, b_only: int) -> float:
    """Return the two-sided exact sign-test p-value for ``a_only`` vs ``b_only`` discordant pairs.

    On paired deals (the same seeds for two teams) only the games one team won and the other
    lost say which is better; under "equally strong" each such game is a fair coin (McNemar).
    """
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)

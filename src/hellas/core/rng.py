"""The seeded, serializable random generator that lives inside every game state.

Rules never touch Python's global ``random`` or ``numpy.random``: all randomness comes from an
``Rng`` stored in the state, so the same seed and the same choices give the same game on any
machine.  The generator is SplitMix64 over a single 64-bit integer, which makes copying a
state's generator free and its JSON form a single number.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 pseudo-random generator with a one-integer state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer uniformly drawn from ``range(n)`` (``n`` >= 1)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs n >= 1, got {n}")
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, xs: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(xs) - 1, 0, -1):
            j = (self.next64() * (i + 1)) >> 64
            xs[i], xs[j] = xs[j], xs[i]

    def fork(self) -> Rng:
        """Return a new generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        return Rng(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

"""The seeded, serializable random generator that lives inside every game state.

Rules never touch Python's global ``random`` or ``numpy.random``: all randomness comes from an
``Rng`` stored in the state, so the same seed and the same choices give the same game on any
machine.  The generator is SplitMix64 over a single 64-bit integer, which makes copying a
state's generator free and its JSON form a single number.

Speed: interpreted, the generator works on Python's integers (64-bit products in one
operation).  Compiled (``hellas.core.compiled``), integers of 64 bits are boxed objects and
every operation on them allocates, so the compiled module draws the very same numbers from
32-bit halves held in machine integers (``_halves_*``, products split so no intermediate
passes 63 bits); a shuffle then converts the state once, not once per card.  The halves are
plain functions, checked against the 64-bit form in the tests on both paths.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # machine integers for mypyc; plain ints when interpreted
    from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_BELOW_HALVES: Final = 1 << 31  # bounds below this are drawn from the halves exactly

# Compiled, the module is an extension: use the machine-integer halves there.
HALVES: Final = not __file__.endswith(".py")


def _halves_mul(hi: i64, lo: i64, c_hi: i64, c_mid: i64, c_lo: i64) -> tuple[i64, i64]:
    """Return the halves of (hi, lo) times a constant, modulo 2**64.

    The constant is ``c_hi * 2**32 + c_mid * 2**16 + c_lo``; every product stays below 2**49.
    """
    a = lo * c_lo
    b = lo * c_mid
    t = a + ((b & _M16) << 16)  # the low 48-bit product plus the middle's low 16 bits
    carry = (b >> 16) + (t >> 32)  # the high half of lo * (c_mid, c_lo)
    cross_lo = (hi * c_lo + (((hi * c_mid) & _M16) << 16)) & _M32  # hi * (c_mid, c_lo) mod 2**32
    cross_hi = (lo * (c_hi & _M16) + (((lo * (c_hi >> 16)) & _M16) << 16)) & _M32  # lo * c_hi
    return (carry + cross_lo + cross_hi) & _M32, t & _M32


def _halves_step(hi: i64, lo: i64) -> tuple[i64, i64]:
    """Return the halves of the state after one step (state + golden ratio, modulo 2**64)."""
    lo += 0x7F4A7C15
    return (hi + 0x9E3779B9 + (lo >> 32)) & _M32, lo & _M32


def _halves_mix(hi: i64, lo: i64) -> tuple[i64, i64]:
    """Return the halves of SplitMix64's output for the (already stepped) state's halves."""
    zh = hi ^ (hi >> 30)
    zl = lo ^ (((hi << 2) & _M32) | (lo >> 30))
    zh, zl = _halves_mul(zh, zl, 0xBF58476D, 0x1CE4, 0xE5B9)
    zl ^= ((zh << 5) & _M32) | (zl >> 27)
    zh ^= zh >> 27
    zh, zl = _halves_mul(zh, zl, 0x94D049BB, 0x1331, 0x11EB)
    zl ^= ((zh << 1) & _M32) | (zl >> 31)
    zh ^= zh >> 31
    return zh, zl


def _halves_below(zh: i64, zl: i64, n: i64) -> i64:
    """Return ``(z * n) >> 64`` for the output z in halves and ``n`` < 2**31, exactly."""
    return (zh * n + ((zl * n) >> 32)) >> 32


class Rng:
    """SplitMix64 pseudo-random generator with a one-integer state."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        if HALVES:
            return self._halves_next64()
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer uniformly drawn from ``range(n)`` (``n`` >= 1)."""
        if n <= 0:
            raise ValueError(f"Rng.below needs n >= 1, got {n}")
        if HALVES and n < _BELOW_HALVES:
            return self._halves_bounded(n)
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, xs: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        if HALVES and len(xs) < _BELOW_HALVES:
            self._halves_shuffle(xs)
            return
        state = self.state
        for i in range(len(xs) - 1, 0, -1):
            # ``next64`` written out (no call per card): the same numbers
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            xs[i], xs[j] = xs[j], xs[i]
        self.state = state

    def _halves_next64(self) -> int:
        """``next64`` computed in 32-bit halves (the compiled path; the same numbers)."""
        state = self.state
        hi, lo = _halves_step(state >> 32, state & _M32)
        self.state = (int(hi) << 32) | int(lo)
        zh, zl = _halves_mix(hi, lo)
        return (int(zh) << 32) | int(zl)

    def _halves_bounded(self, n: i64) -> int:
        """``below(n)`` for ``n`` < 2**31 in 32-bit halves (the compiled path)."""
        state = self.state
        hi, lo = _halves_step(state >> 32, state & _M32)
        self.state = (int(hi) << 32) | int(lo)
        zh, zl = _halves_mix(hi, lo)
        return _halves_below(zh, zl, n)

    def _halves_shuffle(self, xs: MutableSequence[T]) -> None:
        """``shuffle`` in 32-bit halves, the state converted once (the compiled path)."""
        state = self.state
        hi: i64 = state >> 32
        lo: i64 = state & _M32
        i: i64 = len(xs) - 1
        while i > 0:
            hi, lo = _halves_step(hi, lo)
            zh, zl = _halves_mix(hi, lo)
            j = _halves_below(zh, zl, i + 1)
            xs[i], xs[j] = xs[j], xs[i]
            i -= 1
        self.state = (int(hi) << 32) | int(lo)

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

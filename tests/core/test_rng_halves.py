"""The generator's compiled path (32-bit halves) draws exactly SplitMix64's 64-bit numbers.

``hellas.core.rng`` computes in halves when compiled (``HALVES``) and in Python integers when
interpreted.  Here both are checked against a plain SplitMix64 written out below: the halves
methods called directly (so the pure run checks them too), the public methods on whichever
path is running, and the public methods with the halves forced on (interpreted only: a
compiled module's constant cannot be patched).  ``tests/test_compiled.py`` runs this file on the
compiled engine, where the public methods are the halves.
"""

from __future__ import annotations

import pytest

import hellas.core.rng as rng_module
from hellas.core.rng import Rng

MASK = (1 << 64) - 1

# Seeds at the edges of the halves' carries and borrows, then spread-out ones.
SEEDS = [
    0,
    1,
    MASK,
    MASK - 0x9E3779B97F4A7C15,
    (1 << 63) - 1,
    1 << 63,
    0xFFFFFFFF,
    1 << 32,
    0x80A6C3EA80B583EB,  # low half one step short of carrying
    0x12345678FFFFFFFF,
] + [(k * 0x9E3779B97F4A7C15 + 12345) & MASK for k in range(1, 400)]

BOUNDS = [1, 2, 3, 5, 6, 7, 44, 45, 52, 1000, (1 << 31) - 1, 1 << 31, (1 << 40) + 3, 1 << 63]


def reference_next(state: int) -> tuple[int, int]:
    """Return (new state, output) of SplitMix64, written out on 64-bit integers."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_shuffle(state: int, xs: list[int]) -> int:
    """Shuffle ``xs`` as Fisher-Yates on the reference numbers; return the new state."""
    for i in range(len(xs) - 1, 0, -1):
        state, z = reference_next(state)
        j = (z * (i + 1)) >> 64
        xs[i], xs[j] = xs[j], xs[i]
    return state


def test_the_halves_draw_the_reference_numbers() -> None:
    for seed in SEEDS:
        r, state = Rng(seed), seed
        for _ in range(25):
            state, z = reference_next(state)
            assert r._halves_next64() == z
            assert r.state == state


def test_bounded_draws_in_halves_match_the_reference() -> None:
    for seed in SEEDS:
        for n in BOUNDS:
            if n >= 1 << 31:
                continue  # the halves serve bounds below 2**31 only
            r = Rng(seed)
            state, z = reference_next(seed)
            assert r._halves_bounded(n) == (z * n) >> 64
            assert r.state == state


def test_a_shuffle_in_halves_is_the_reference_shuffle() -> None:
    for seed in SEEDS:
        for size in (0, 1, 2, 7, 45, 60):
            xs, ys = list(range(size)), list(range(size))
            r = Rng(seed)
            r._halves_shuffle(xs)
            assert r.state == reference_shuffle(seed, ys)
            assert xs == ys


def _check_public_methods() -> None:
    for seed in SEEDS[:120]:
        r, state = Rng(seed), seed
        for n in BOUNDS:
            state, z = reference_next(state)
            assert r.below(n) == (z * n) >> 64
            state, z = reference_next(state)
            assert r.next64() == z
        xs, ys = list(range(48)), list(range(48))
        r.shuffle(xs)
        assert r.state == reference_shuffle(state, ys)
        assert xs == ys


def test_the_running_paths_public_methods_match_the_reference() -> None:
    _check_public_methods()
    compiled = not str(rng_module.__file__).endswith(".py")
    assert rng_module.HALVES is compiled  # compiled: the halves run


def test_forcing_the_halves_on_changes_no_number(monkeypatch: pytest.MonkeyPatch) -> None:
    if rng_module.HALVES:
        pytest.skip("a compiled module's constant cannot be patched (the halves run already)")
    monkeypatch.setattr(rng_module, "HALVES", True)
    _check_public_methods()


def test_a_shuffle_in_halves_is_uniform_over_permutations() -> None:
    counts: dict[tuple[int, ...], int] = {}
    r = Rng(11)
    for _ in range(6000):
        xs = [0, 1, 2]
        r._halves_shuffle(xs)
        counts[tuple(xs)] = counts.get(tuple(xs), 0) + 1
    assert len(counts) == 6
    assert all(850 < c < 1150 for c in counts.values())  # 1000 each expected

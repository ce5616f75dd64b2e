"""The observation layout and the helpers every per-game encoder writes with.

An encoder turns one seat's *view* (the JSON data ``Game.view(state, seat)`` returns) into a
fixed-length ``float32`` vector whose every entry lies in ``[0, 1]``.  The vector is a sequence of
named fields (a :class:`Layout`); each field says which view entry it comes from and how it is
scaled, so ``docs/rl.md`` and ``hellas.rl.describe`` can print which slice means what.  Encoders
read the view only, never the state: whatever a seat cannot see cannot reach its observation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from mypy_extensions import mypyc_attr  # interpreted subclasses of compiled encoders

View = Mapping[str, Any]


@dataclass(frozen=True)
class Field:
    """A named slice of the observation vector and what it means."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """Return the end of the slice (exclusive)."""
        return self.start + self.size


class Layout:
    """The ordered fields of an observation vector (built once per game and option set)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.fields: list[Field] = []
        self.size = 0
        self._by_name: dict[str, Field] = {}

    def add(self, name: str, size: int, meaning: str) -> int:
        """Append a field of ``size`` entries and return where it starts."""
        if name in self._by_name:
            raise ValueError(f"field {name!r} is declared twice")
        if size < 1:
            raise ValueError(f"field {name!r} needs at least one entry")
        f = Field(name, self.size, size, meaning)
        self.fields.append(f)
        self._by_name[name] = f
        self.size += size
        return f.start

    def __getitem__(self, name: str) -> Field:
        return self._by_name[name]

    def slice(self, name: str) -> slice:
        """Return the slice of field ``name``."""
        f = self._by_name[name]
        return slice(f.start, f.stop)

    def markdown(self) -> str:
        """Return the layout as a Markdown table (slice, field, meaning)."""
        rows = ["| slice | field | meaning |", "|---|---|---|"]
        for f in self.fields:
            rows.append(f"| `{f.start}:{f.stop}` | `{f.name}` | {f.meaning} |")
        rows.append(f"| | **total** | {self.size} entries |")
        return "\n".join(rows)


def vocabulary(items: Iterable[str]) -> dict[str, int]:
    """Return ``{item: position}`` for a sequence of distinct names."""
    out: dict[str, int] = {}
    for item in items:
        if item not in out:
            out[item] = len(out)
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class Encoder(ABC):
    """Turns one seat's view into a fixed-length float32 vector (values in [0, 1]).

    An encoder may also write the same vector straight from the state (``fill_state``),
    reading for the seat exactly what its view would show: that skips building the JSON view
    and is what the environments use; tests prove both ways give the same vector on many
    positions and that re-dealing what a seat cannot see never changes its observation.
    """

    layout: Layout
    reads_state = False  # True where ``fill_state`` is written (else observations use the view)
    # True where ``observe`` keeps each seat's last vector and rewrites only what changed, so
    # that asking again costs little (the sessions then keep no copies of their own)
    keeps = False

    def encode(self, view: View) -> np.ndarray:
        """Return the observation vector of ``view``."""
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.fill(out, view)
        return out

    @abstractmethod
    def fill(self, out: np.ndarray, view: View) -> None:
        """Write the non-zero entries of ``view``'s vector into the zeroed ``out``."""

    def fill_state(self, out: np.ndarray, state: Any, seat: int) -> None:
        """Write ``seat``'s vector into the zeroed ``out`` from the state (``reads_state``)."""
        raise NotImplementedError(f"{type(self).__name__} encodes views only")

    def kept_row(self, state: Any, seat: int) -> np.ndarray:
        """Return ``seat``'s kept vector of ``state`` (``keeps``; read it, do not keep it)."""
        raise NotImplementedError(f"{type(self).__name__} keeps no rows")

    def observe(self, state: Any, seat: int) -> np.ndarray:
        """Return ``seat``'s vector of ``state`` as a new array (``fill_state``)."""
        out = np.zeros(self.layout.size, dtype=np.float32)
        self.fill_state(out, state, seat)
        return out


def scale(value: float, cap: float) -> float:
    """Return ``value / cap`` clipped to [0, 1] (counters with no hard bound are capped)."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= cap else value / cap


def one_hot(out: np.ndarray, start: int, index: int | None, size: int) -> None:
    """Set entry ``start + index`` when ``0 <= index < size`` (``None``/out of range: none)."""
    if index is not None and 0 <= index < size:
        out[start + index] = 1.0


def multi_hot(out: np.ndarray, start: int, names: Iterable[str], vocab: Mapping[str, int]) -> None:
    """Set the entry of every known name (unknown names are ignored)."""
    for name in names:
        i = vocab.get(name)
        if i is not None:
            out[start + i] = 1.0


def counts(
    out: np.ndarray, start: int, names: Iterable[str], vocab: Mapping[str, int], cap: float
) -> None:
    """Add ``1/cap`` per occurrence of each known name (clipped to 1)."""
    step = 1.0 / cap
    for name in names:
        i = vocab.get(name)
        if i is not None:
            out[start + i] = min(1.0, out[start + i] + step)


def count_map(
    out: np.ndarray, start: int, values: Mapping[str, float], vocab: Mapping[str, int], cap: float
) -> None:
    """Write ``{name: count}`` as scaled counts at each name's position."""
    for name, value in values.items():
        i = vocab.get(name)
        if i is not None:
            out[start + i] = scale(value, cap)


def seat_index(value: Any, seats: int) -> int | None:
    """Return ``value`` when it is a seat number at this table, else ``None``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats:
        return value
    return None


def names_of(items: Sequence[Any], key: str = "id") -> list[str]:
    """Return the ``key`` attribute of each record (content tuples -> id lists)."""
    return [getattr(x, key) for x in items]


__all__ = [
    "Encoder",
    "Field",
    "Layout",
    "View",
    "count_map",
    "counts",
    "multi_hot",
    "mypyc_attr",
    "names_of",
    "one_hot",
    "scale",
    "seat_index",
    "vocabulary",
]

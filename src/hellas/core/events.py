"""Events built when someone reads them: the list ``Game.apply`` returns for lazy rules.

Rules that log on the hot path (Legends at every step) write compact *notes* - a tuple of a
sentence code and the values the sentence needs, taken when it happened - instead of formatted
``Event`` objects.  :class:`LazyEvents` is the list ``apply`` returns for them: a real
``list[Event]`` whose items are rendered from the notes, one note to one event, the first time
anything reads it (iteration, indexing, length, comparison, copying, pickling).  A caller that
never reads its events (random play, search, a benchmark) pays only for the notes; a caller that
reads them sees exactly the events eager rules would have built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, SupportsIndex, overload

from hellas.core.game import Event

Note = tuple[Any, ...]
Render = Callable[[Note], Event]


class LazyEvents(list[Event]):
    """A ``list[Event]`` that renders its notes into events at the first read.

    A game subclasses it once with its ``render`` (a note to its event); ``apply`` makes one
    (``LazyEvents()`` costs what an empty list does), sets ``notes`` to the list its rules
    append notes to, and returns it.
    """

    __slots__ = ("notes",)
    notes: list[Note] | None
    render: Render

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "render"):  # pragma: no cover - a programming error
            raise TypeError(f"{cls.__name__} needs a render function")

    def _fill(self) -> None:
        """Render the pending notes into the list's own items (once)."""
        notes = getattr(self, "notes", None)
        if notes is not None:
            self.notes = None
            list.extend(self, map(type(self).render, notes))

    def __len__(self) -> int:
        notes = getattr(self, "notes", None)
        return len(notes) if notes is not None else list.__len__(self)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __iter__(self) -> Iterator[Event]:
        self._fill()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[Event]:
        self._fill()
        return list.__reversed__(self)

    @overload
    def __getitem__(self, i: SupportsIndex) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> Event | list[Event]:
        self._fill()
        return list.__getitem__(self, i)

    def __contains__(self, item: object) -> bool:
        self._fill()
        return list.__contains__(self, item)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, LazyEvents):
            other._fill()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # a list is not hashable

    def __add__(self, other: list[Event]) -> list[Event]:  # type: ignore[override]
        return [*self, *other]

    def __radd__(self, other: list[Event]) -> list[Event]:
        return [*other, *self]

    def __iadd__(self, other: Iterable[Event]) -> LazyEvents:  # type: ignore[override]
        self.extend(other)
        return self

    def __mul__(self, n: SupportsIndex) -> list[Event]:
        return list(self) * n

    __rmul__ = __mul__

    def __repr__(self) -> str:
        self._fill()
        return list.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        return self.__reduce__()

    def copy(self) -> list[Event]:
        """Return a plain list of the events."""
        return list(self)

    def index(self, value: Event, *args: Any) -> int:
        """Return the position of ``value`` (as ``list.index``)."""
        self._fill()
        return list.index(self, value, *args)

    def count(self, value: Event) -> int:
        """Return how many times ``value`` occurs."""
        self._fill()
        return list.count(self, value)

    def append(self, item: Event) -> None:
        """Append an event after the rendered ones."""
        self._fill()
        list.append(self, item)

    def extend(self, items: Iterable[Event]) -> None:
        """Append events after the rendered ones."""
        self._fill()
        list.extend(self, items)

    def insert(self, index: SupportsIndex, item: Event) -> None:
        """Insert an event (as ``list.insert``)."""
        self._fill()
        list.insert(self, index, item)

    def pop(self, index: SupportsIndex = -1) -> Event:
        """Remove and return an event (as ``list.pop``)."""
        self._fill()
        return list.pop(self, index)

    def remove(self, value: Event) -> None:
        """Remove the first ``value`` (as ``list.remove``)."""
        self._fill()
        list.remove(self, value)

    def clear(self) -> None:
        """Remove every event, rendered or not."""
        self.notes = None
        list.clear(self)

    def reverse(self) -> None:
        """Reverse the events in place."""
        self._fill()
        list.reverse(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        """Sort the events in place (as ``list.sort``)."""
        self._fill()
        list.sort(self, *args, **kwargs)

    def __setitem__(self, i: Any, value: Any) -> None:
        self._fill()
        list.__setitem__(self, i, value)

    def __delitem__(self, i: Any) -> None:
        self._fill()
        list.__delitem__(self, i)

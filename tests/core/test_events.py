"""LazyEvents: a list of events rendered from notes at the first read behaves as a plain list."""

from __future__ import annotations

import copy
import pickle

from hellas.core.events import LazyEvents, Note
from hellas.core.game import Event


def _render(note: Note) -> Event:
    return Event(note[0], f"{note[0]} happened ({note[1]})", None, {"n": note[1]})


class _Events(LazyEvents):
    __slots__ = ()
    render = staticmethod(_render)


def _lazy(*notes: Note) -> _Events:
    events = _Events()
    events.notes = list(notes)
    return events


def _plain(*notes: Note) -> list[Event]:
    return [_render(n) for n in notes]


NOTES: tuple[Note, ...] = (("a", 1), ("b", 2), ("c", 3))


def test_reads_see_the_rendered_events() -> None:
    plain = _plain(*NOTES)
    assert len(_lazy(*NOTES)) == 3
    assert bool(_lazy(*NOTES)) and not _lazy()
    assert list(_lazy(*NOTES)) == plain
    assert [e.text for e in _lazy(*NOTES)] == [e.text for e in plain]
    assert _lazy(*NOTES)[1] == plain[1]
    assert _lazy(*NOTES)[-1] == plain[-1]
    assert _lazy(*NOTES)[1:] == plain[1:]
    assert list(reversed(_lazy(*NOTES))) == plain[::-1]
    assert plain[0] in _lazy(*NOTES)
    assert _lazy(*NOTES).index(plain[2]) == 2
    assert _lazy(*NOTES).count(plain[0]) == 1
    assert tuple(_lazy(*NOTES)) == tuple(plain)
    assert repr(_lazy(*NOTES)) == repr(plain)
    assert sorted(_lazy(*NOTES), key=lambda e: e.kind) == plain


def test_comparisons_and_arithmetic_match_a_list() -> None:
    plain = _plain(*NOTES)
    assert _lazy(*NOTES) == plain and plain == _lazy(*NOTES)
    assert _lazy(*NOTES) == _lazy(*NOTES)
    assert _lazy(*NOTES) != _plain(*NOTES[:2])
    assert _lazy(*NOTES) + [] == plain  # noqa: RUF005 - the operator is what is tested
    assert [] + _lazy(*NOTES) == plain  # noqa: RUF005
    assert _lazy(*NOTES) * 2 == plain * 2
    grown: list[Event] = []
    grown.extend(_lazy(*NOTES))
    grown += _lazy(*NOTES)
    assert grown == plain + plain


def test_changes_apply_after_the_rendered_events() -> None:
    plain = _plain(*NOTES)
    events = _lazy(*NOTES)
    extra = Event("z", "extra")
    events.append(extra)
    assert events == [*plain, extra]
    events = _lazy(*NOTES)
    events.insert(0, extra)
    assert events.pop(0) == extra and events == plain
    events.clear()
    assert events == [] and len(events) == 0
    events = _lazy(*NOTES)
    del events[0]
    events[0] = extra
    assert events == [extra, plain[2]]


def test_copies_and_pickles_are_plain_lists() -> None:
    plain = _plain(*NOTES)
    for made in (
        pickle.loads(pickle.dumps(_lazy(*NOTES))),
        copy.copy(_lazy(*NOTES)),
        copy.deepcopy(_lazy(*NOTES)),
        _lazy(*NOTES).copy(),
    ):
        assert type(made) is list and made == plain


def test_notes_are_rendered_once() -> None:
    calls: list[Note] = []

    class Counting(LazyEvents):
        __slots__ = ()

        @staticmethod
        def render(note: Note) -> Event:
            calls.append(note)
            return _render(note)

    events = Counting()
    events.notes = list(NOTES)
    assert not calls  # nothing read yet: nothing built
    list(events)
    list(events)
    assert events[0].kind == "a"
    assert calls == list(NOTES)

"""What the Lords rules note down when someone may read the log, and the events notes become.

``rules.play`` appends a *note* - a tuple of a sentence code and the values its sentence needs,
taken when it happened - instead of formatting an ``Event``; :class:`LordsEvents` (the list
``LordsGame.apply`` returns) renders them into the very events the rules used to build, the
first time someone reads it (``hellas.core.events.LazyEvents``).  A note holds only immutable
values (the content, ints, strings, a ``Choice``) or an ``Event`` already built, so a note
read after the game went on tells what was true when it was written.
"""

from __future__ import annotations

from typing import Any, Final

from hellas.core.events import LazyEvents, Note
from hellas.core.game import Event
from hellas.games.lords.content import Content

Notes = list[tuple[Any, ...]]  # what the rules append notes to
NoteLog = Notes | None  # None when nobody will read the events

CHOICE: Final = 0  # (CHOICE, content, seat, its hero index or -1, choice, frame kind)
KEEP: Final = 1  # (KEEP, seat, choice): the private line of a "keep:" choice
MONSTER_DIE: Final = 2  # (MONSTER_DIE, content, monster, face)
BUILT: Final = 3  # (BUILT, event): an event built when it happened (rare ones)
TURN: Final = 4  # (TURN, content, turn number, seat, its hero index)

OWL_LABEL = "Keep one of the two cards drawn"  # the Owl's two cards stay hidden from others


def seat_name(c: Content, seat: int, hero: int) -> str:
    """Return a seat's name for messages: its Hero once chosen (``hero`` >= 0)."""
    if hero >= 0:
        return f"{c.heroes[hero].name} (P{seat + 1})"
    return f"Player {seat + 1}"


def _choice(note: Note) -> Event:
    _, c, seat, hero, choice, kind = note
    label = choice.label
    if kind == "owl" and choice.key.startswith(("keep:", "discard:")):
        label = OWL_LABEL
    return Event(
        "choice", f"{seat_name(c, seat, hero)}: {label}", None, {"seat": seat, "key": choice.key}
    )


def _keep(note: Note) -> Event:
    _, seat, choice = note
    return Event("private", f"You keep {choice.label[5:]}.", frozenset((seat,)), {"seat": seat})


def _monster_die(note: Note) -> Event:
    _, c, m, face = note
    return Event(
        "monster-die",
        f"Monster Die for the {c.monsters[int(m)].name}: {face}.",
        None,
        {"monster": m, "face": face},
    )


def _built(note: Note) -> Event:
    event: Event = note[1]
    return event


def _turn(note: Note) -> Event:
    _, c, number, seat, hero = note
    return Event("turn", f"Turn {number}: {seat_name(c, seat, hero)}.", None, {"seat": seat})


_WORDS = (_choice, _keep, _monster_die, _built, _turn)


def render(note: Note) -> Event:
    """Return the event a note of the rules stands for."""
    return _WORDS[note[0]](note)


class LordsEvents(LazyEvents):
    """The events of one Lords ``apply``, rendered from the rules' notes when read."""

    __slots__ = ()
    render = staticmethod(render)

"""What the Legends rules note down when someone may read the log: one code per sentence.

The rules append a note - a tuple of one of these codes and the values its sentence needs,
taken when it happened - instead of formatting an ``Event``; ``sentences.render`` turns a note
into its event when somebody reads the events (``hellas.core.events.LazyEvents``).  The values
are immutable (ints, hero and monster-slot records, tuples), so a note read later tells what was
true when it was written.
"""

from __future__ import annotations

from typing import Any, Final

Notes = list[tuple[Any, ...]]  # what the rules append notes to
NoteLog = Notes | None  # None when nobody will read the events

DRAW: Final = 0
DRAW_OWN: Final = 1
DISCARD: Final = 2
DISCARD_OWN: Final = 3
MOVE: Final = 4
WAIT: Final = 5
SUPPORT: Final = 6
ORACLE_DISCARD: Final = 7
PLACE: Final = 8
FIRST_TURN: Final = 9
FIGHT: Final = 10
FIGHT_OWN: Final = 11
RECOVER: Final = 12
GIVE: Final = 13
GIVE_OWN: Final = 14
SUPPORT_DISCARD: Final = 15
ORACLE: Final = 16
ORACLE_RETURN: Final = 17
CYCLE_DECK: Final = 18
CYCLE_DISCARD: Final = 19
ARRIVE: Final = 20
# 21 was HADES_PLACE (every disc placed on Hades at no cost), retired in rules 1.3.
DEFEAT: Final = 22
WON: Final = 23
BLOCKED: Final = 24
TURN: Final = 25
LOST: Final = 26

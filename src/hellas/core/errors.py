"""Errors shared by every layer: illegal choices, bad options, bad records, bad content.

Every error is a ``ValueError`` subclass whose message says what was wrong and what would have
been right, so that front ends can show it as is.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

QUOTE_LIMIT = 40  # characters of a bad input an error message repeats
ECHO = 80  # the most characters of one input any error shown to a person repeats in a row
MESSAGE_MAX = 500  # characters of an error message shown to a person
LONG_RUN = re.compile(rf"\S{{{ECHO + 1},}}")
# text quoted as repr quotes it ('...' or "..." not inside a word: "the seat's" is no quote)
QUOTED = ECHO - 1
LONG_QUOTE = re.compile(rf"""(?<!\w)(?:'[^'\n]{{{QUOTED},}}'|"[^"\n]{{{QUOTED},}}")(?!\w)""")


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Return ``repr(value)`` cut to about ``limit`` characters: errors never echo a whole input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _cut(found: re.Match[str]) -> str:
    text = found.group(0)
    if text[0] == text[-1] and text[0] in "'\"":  # quoted: room for the punctuation after it
        return text[: ECHO - 8] + "\u2026" + text[-1]
    return text[: ECHO - 1] + "\u2026"


def clip(message: str) -> str:
    """Return an error message with no input run over ``ECHO`` characters, and not too long.

    The last guard before a person sees an error (the server's answers, the command line's
    ``Error:`` lines): any run of more than ``ECHO`` characters without a space, or quoted text
    longer than that, is cut to ``ECHO`` with an ellipsis.  Messages quote their inputs
    through ``quoted`` in the first place.
    """
    message = LONG_RUN.sub(_cut, LONG_QUOTE.sub(_cut, message))
    return message if len(message) <= MESSAGE_MAX else message[: MESSAGE_MAX - 1] + "\u2026"


def suggest(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """Return the candidates closest to ``word`` (for 'did you mean' messages)."""
    pool = list(candidates)
    if len(word) > 64:  # nothing that long is a typo of a name
        return []
    close = difflib.get_close_matches(word, pool, n=limit, cutoff=0.5)
    if not close:
        lowered = word.lower()
        close = [c for c in pool if lowered and lowered in c.lower()][:limit]
    return close


class HellasError(ValueError):
    """Base class of every error Hellas raises on purpose."""


class IllegalChoice(HellasError):
    """A choice that is not legal in the current state; lists what is legal."""

    def __init__(self, choice: str, legal: Sequence[str], reason: str = "") -> None:
        self.choice = choice
        self.legal = list(legal)
        shown = ", ".join(self.legal) if self.legal else "(none: the game is over)"
        why = f" ({reason})" if reason else ""
        hint = suggest(choice, self.legal)
        did = f"; did you mean {' or '.join(repr(h) for h in hint)}?" if hint else ""
        super().__init__(f"illegal choice {quoted(choice)}{why}{did} Legal now: {shown}")


class OptionError(HellasError):
    """Game options that do not fit the game's option schema."""


class RecordError(HellasError):
    """A game record that cannot be read or does not replay."""


class ContentError(HellasError):
    """A content (data) file with a missing, unknown or invalid field."""

    def __init__(self, source: str, record: str, field: str, problem: str) -> None:
        self.source = source
        self.record = record
        self.field = field
        self.problem = problem
        where = f"{source}: {record}" if record else source
        if field:
            where += f": field {field!r}"
        super().__init__(f"{where}: {problem}")

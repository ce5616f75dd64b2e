"""Narration of a game nobody at the terminal plays: public events as readable lines per turn.

The narrator sees only what a spectator may see: the events visible to everyone and the public
view (``view(state, None)``).  A run of small steps by one player (``Helen (P2): March from
Euboea``, ``Helen (P2): ... to Boeotia``) is joined into one line.  A game may add lines that
only a comparison of two public views reveals (who won a battle, what a monster's attack cost)
and may tell a run of steps as one sentence: its ``Narration`` capability's ``narrate`` and
``phrase`` (``hellas.core.capabilities``).  With one human at the table the same narrator
tells that seat what it may see (``viewer``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.markup import escape

from hellas.core.capabilities import Narration, capability
from hellas.core.game import Event, Game

View = dict[str, Any]


def _split(text: str) -> tuple[str, str]:
    """Split ``Name (P1): what they did`` into the name and the deed."""
    who, sep, deed = text.partition(": ")
    return (who, deed) if sep else ("", text)


class Narrator:
    """Turns the public events of each step into lines on a console."""

    def __init__(self, game: Game[Any], console: Console, viewer: int | None = None) -> None:
        self.game = game
        self.console = console
        self.viewer = viewer  # whose events: None for a spectator, else the human's seat
        told = capability(game, Narration)
        self.extra = told.narrate()
        self.phrase = told.phrase()  # a run of steps as a sentence (Lords)
        self.who = ""
        self.deeds: list[str] = []
        self.before: View | None = None

    def step(self, events: Iterable[Event], after: View) -> None:
        """Narrate one applied choice: its public events, then what the views reveal."""
        for e in events:
            if not e.visible_to(self.viewer):
                continue
            if e.kind == "choice" and "seat" in e.data:
                who, deed = _split(e.text)
                if who and who == self.who:
                    self.deeds.append(deed)
                    continue
                self.flush()
                self.who, self.deeds = who, [deed]
                continue
            self.flush()
            if e.kind == "turn":
                self.console.print(f"[bold]{escape(e.text)}[/]")
            else:
                self.console.print(f"  {escape(e.text)}", highlight=False)
        if self.extra is not None and self.before is not None:
            lines = list(self.extra(self.before, after))
            if lines:
                self.flush()
                for line in lines:
                    self.console.print(f"  [italic]{escape(line)}[/]", highlight=False)
        self.before = after

    def flush(self) -> None:
        """Print the pending run of one player's steps as one line."""
        if not self.deeds:
            return
        said = self.phrase(self.who, self.deeds) if self.phrase is not None else None
        if said is None:
            text = self.deeds[0]
            for deed in self.deeds[1:]:
                text += (" " if deed.startswith("...") else " · ") + deed
            said = (f"{self.who}: " if self.who else "") + text
        self.console.print(f"  {escape(said)}", highlight=False)
        self.who, self.deeds = "", []

"""Terminal play for any registered game: pass-and-play humans and bots around one table.

The loop only ever shows a seat its own view and the events it may see.  Between two different
human seats it clears the screen and asks for the device to be passed, so hands stay private.
Commands at the prompt: a choice number or key, ``save [FILE]``, ``load FILE``, ``undo``,
``card NAME`` (what a card does, for games whose renderer can say), ``board`` (Lords: the
board is drawn only when a turn starts), ``rules`` (Legends: the mission's special rule),
``hint`` (the search bot's top 3 choices from this seat's view; off with several humans unless
the table allows it), ``help``, ``quit``.
With no human seat the table narrates the game from its public events (``quiet`` keeps only
the ending).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hellas.ai import make_bot
from hellas.cli.narrate import Narrator
from hellas.core.capabilities import Narration, Presentation, capability
from hellas.core.errors import HellasError
from hellas.core.game import Bot, Decision, Event, Game, Outcome
from hellas.core.record import Match, Record, start
from hellas.core.rng import Rng

HUMAN = "human"
HELP = (
    "Type the number of a choice (or its key, e.g. fight:guile).  Commands: "
    "save [FILE] · load FILE · undo · help · quit"
)
CARD_HELP = " · card NAME (what a card does)"
BOARD_HELP = " · board (draw the board again)"
RULES_HELP = " · rules (the mission and its special rule)"
HINT_HELP = " · hint (the search bot's top 3 choices for you)"


class QuitGame(Exception):
    """The player asked to leave the table."""


@dataclass
class TerminalTable:
    """One game at the terminal: seats are ``human`` or a bot name."""

    game: Game[Any]
    match: Match[Any]
    seats: list[str]
    console: Console
    ask: Callable[[str], str]
    bot_seed: int = 0
    pause_between_humans: bool = True
    quiet: bool = False
    bots: dict[int, Bot] = field(default_factory=dict)
    actors: list[int] = field(default_factory=list)
    inbox: dict[int, list[Event]] = field(default_factory=dict)
    last_human: int | None = None
    hints: bool | None = None  # None: on with one human seat, off with more (unless asked)
    auto_single: bool = False  # take a human seat's only legal choice without asking

    def __post_init__(self) -> None:
        for seat, name in enumerate(self.seats):
            if name != HUMAN:
                self.bots[seat] = make_bot(self.game, name)
        self.rng = Rng(self.bot_seed)
        self.inbox = {s: [] for s, name in enumerate(self.seats) if name == HUMAN}
        told = capability(self.game, Narration)  # what the game tells in words
        self.explain = told.card_text()
        if self.hints is None:
            self.hints = len(self.inbox) <= 1
        # a game whose renderer says when a turn starts (Lords) draws its board only then or on
        # 'board', and tells a lone human each step in one line meanwhile
        self.turn_key = told.turn_key()
        self.rules = told.rules_text()
        self.drawn_at: dict[int, Any] = {}
        self.help = HELP + (CARD_HELP if self.explain else "") + (HINT_HELP if self.hints else "")
        self.help += (BOARD_HELP if self.turn_key else "") + (RULES_HELP if self.rules else "")
        self.narrator: Narrator | None = None
        if not self.inbox and not self.quiet:
            self.narrator = Narrator(self.game, self.console)
        elif self.turn_key is not None and len(self.inbox) == 1:
            self.narrator = Narrator(self.game, self.console, viewer=next(iter(self.inbox)))

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game ends or a human quits."""
        if self.narrator is not None:
            self.narrator.before = self.game.view(self.match.state, None)
        if self.rules is not None and self.inbox:
            self._rules()
        try:
            while (seat := self.match.to_act()) is not None:
                if seat in self.bots:
                    self._bot_turn(seat)
                else:
                    self._human_turn(seat)
        except QuitGame:
            self.console.print(
                "[bold]You left the table.[/] Use 'save' before quitting to "
                "keep a game; 'hellas play --load FILE' resumes it."
            )
            return
        self._summary()

    def _deliver(self, events: list[Event]) -> None:
        if self.narrator is not None and self.inbox:  # one human: a line per step
            self.narrator.step(events, self.game.view(self.match.state, None))
            return
        for seat, box in self.inbox.items():
            box.extend(e for e in events if e.visible_to(seat))
        if len(self.inbox) == 1:
            (seat,) = self.inbox
            self._show_events(seat)

    def _show_events(self, seat: int) -> None:
        box = self.inbox.get(seat, [])
        for e in box:
            self.console.print(f"  • {e.text}")
        box.clear()

    def _bot_turn(self, seat: int) -> None:
        choice = self.bots[seat].choose(Decision(self.game, self.match.state, seat), self.rng)
        events = self.match.apply(choice)
        self.actors.append(seat)
        self._deliver(events)
        if self.narrator is not None and not self.inbox:
            self.narrator.step(events, self.game.view(self.match.state, None))

    def _human_turn(self, seat: int) -> None:
        if self.auto_single and self._only_choice(seat):
            return
        humans = len(self.inbox)
        if humans > 1 and self.last_human is not None and self.last_human != seat:
            self._pass_device(seat)
        self.last_human = seat
        if humans > 1:
            self._show_events(seat)
        if self.narrator is not None:
            self.narrator.flush()
        view = self.game.view(self.match.state, seat)
        key = self.turn_key(view) if self.turn_key is not None else None
        if self.turn_key is None or self.drawn_at.get(seat, ()) != key:
            self._board(seat)
        else:
            self.console.print("[dim](Same turn: 'board' draws the board again.)[/]")
        choices = list(self.game.choices(self.match.state))
        self._list_choices(choices)
        while True:
            answer = self.ask(f"{self._seat_name(seat)} > ").strip()
            if not answer:
                continue
            done = self._command(answer, seat)
            if done is not None:
                if done:
                    return
                continue
            picked = self._pick(answer, choices)
            if picked is None:
                continue
            events = self.match.apply(picked)
            self.actors.append(seat)
            self._deliver(events)
            return

    def _board(self, seat: int) -> None:
        """Draw the board as ``seat`` sees it."""
        view = self.game.view(self.match.state, seat)
        draw = capability(self.game, Presentation).renderer()
        self.console.print(draw(view) if draw else json.dumps(view, indent=1))
        if self.turn_key is not None:
            self.drawn_at[seat] = self.turn_key(view)

    def _rules(self) -> None:
        """Print the game's rules summary for this table (Legends: the mission's special rule)."""
        assert self.rules is not None
        for line in self.rules(self.game.view(self.match.state, None)):
            self.console.print(escape(line), highlight=False)

    def _only_choice(self, seat: int) -> bool:
        """Take the seat's choice if it is the only legal one; return whether it did.

        Safe: nothing hidden is shown (no board, no pass of the device), the choice is printed,
        and the events it produces wait in the seat's inbox as any others do.
        """
        choices = list(self.game.choices(self.match.state))
        if len(choices) != 1:
            return False
        only = choices[0]
        self.console.print(
            f"[dim]{escape(self._seat_name(seat))}: only one choice, "
            f"taken: {escape(only.label)}[/]",
            highlight=False,
        )
        events = self.match.apply(only)
        self.actors.append(seat)
        self._deliver(events)
        return True

    def _list_choices(self, choices: list[Any]) -> None:
        table = Table(show_header=False, box=None, padding=(0, 1))
        for i, c in enumerate(choices, 1):
            table.add_row(f"[bold]{i:>2}[/]", c.label, f"[dim]{c.key}[/]")
        self.console.print(table)

    def _pick(self, answer: str, choices: list[Any]) -> Any | None:
        if answer.isdigit():
            k = int(answer)
            if 1 <= k <= len(choices):
                return choices[k - 1]
            self.console.print(f"[red]No choice {k}: pick 1 to {len(choices)}.[/] {self.help}")
            return None
        for c in choices:
            if c.key == answer:
                return c
        self.console.print(f"[red]{answer!r} is not a choice here.[/] {self.help}")
        return None

    def _seat_name(self, seat: int) -> str:
        public = self.game.view(self.match.state, None)
        return capability(self.game, Presentation).seat_name(public, seat)

    def _pass_device(self, seat: int) -> None:
        self.console.clear()
        self.console.print(
            f"[bold]Pass the device to {self._seat_name(seat)}.[/] Other players, look away."
        )
        if self.pause_between_humans:
            self.ask("Press Enter when ready... ")
        self.console.clear()

    # -- commands ------------------------------------------------------------------------------

    def _command(self, answer: str, seat: int) -> bool | None:
        """Run a command: True to re-render the turn, False to ask again, None: not a command."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        if word in ("help", "?"):
            self.console.print(self.help)
            return False
        if word in ("quit", "exit"):
            raise QuitGame
        if word == "card" and self.explain is not None:
            self._card(rest.strip())
            return False
        if word == "save":
            self._save(rest.strip())
            return False
        if word == "board":
            self._board(seat)
            self._list_choices(list(self.game.choices(self.match.state)))
            return False
        if word == "rules" and self.rules is not None:
            self._rules()
            return False
        if word == "load":
            if not rest.strip():
                self.console.print("[red]Usage: load FILE[/]")
                return False
            try:
                record = Record.load(rest.strip())
                match = Match.from_record(self.game, record)
            except HellasError as exc:
                self.console.print(f"[red]Cannot load: {exc}[/]")
                return False
            if self.game.meta.seats(match.record.options) != len(self.seats):
                self.console.print(
                    "[red]Cannot load: that game has a different number of seats.[/]"
                )
                return False
            self.match = match
            self.actors = _actors_of(self.game, record)
            self.console.print(f"Loaded {rest.strip()} ({len(record.choices)} choices).")
            return True
        if word == "undo":
            return self._undo(seat)
        if word == "hint":
            self._hint(seat)
            return False
        return None

    def _hint(self, seat: int) -> None:
        """Print the honest search's top 3 choices for this seat (its own view only)."""
        from hellas.ai.hint import describe, hint  # noqa: PLC0415 - only when asked

        if not self.hints:
            self.console.print("[red]Hints are off at this table (more than one human).[/]")
            return
        self.console.print("[dim]Thinking (about a second)...[/]")
        rng = Rng(self.bot_seed * 1_000_003 + len(self.actors))  # leaves the bots' dice alone
        found = hint(self.game, self.match.state, seat, rng)
        if found.iterations:
            self.console.print("[dim]Best estimated chance first; type its number to play it.[/]")
        for line in describe(found, self.game, self.match.state):
            self.console.print(f"  {escape(line)}", highlight=False)

    def _card(self, name: str) -> None:
        """Print what a card does, in the game's own words."""
        if not name:
            self.console.print("[red]Usage: card NAME[/] (e.g. card Hera)")
            return
        assert self.explain is not None
        try:
            text = self.explain(name)
        except HellasError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/]")
            return
        self.console.print(escape(text), highlight=False)

    def _save(self, name: str) -> None:
        """Save the record to a file (a default name from the game and seed)."""
        path = Path(name or f"hellas-{self.game.meta.id}-{self.match.record.seed}.json")
        try:
            self.match.record.save(path)
        except OSError as exc:
            self.console.print(f"[red]Cannot save to {path}: {exc.strerror}[/]")
            return
        self.console.print(f"Saved the game record to [bold]{path}[/].")

    def _undo(self, seat: int) -> bool:
        mine = [i for i, a in enumerate(self.actors) if a == seat]
        if not mine:
            self.console.print("[red]Nothing of yours to undo.[/]")
            return False
        last = mine[-1]
        others = {a for a in self.actors[last + 1 :] if a not in self.bots and a != seat}
        if others:
            self.console.print("[red]Another player has acted since; undo is not allowed.[/]")
            return False
        self.match.undo(len(self.actors) - last)
        del self.actors[last:]
        self.console.print("Took back your last choice.")
        return True

    def _summary(self) -> None:
        outcome = self.game.outcome(self.match.state)
        if outcome is None:  # pragma: no cover - run() only ends at the end or on quit
            return
        for seat in self.inbox:
            self._show_events(seat)
        if self.narrator is not None:
            self.narrator.flush()
        self.console.rule("[bold]Game over")
        self.console.print(f"[bold]{outcome.reason}[/]")
        self.console.print(winners_text(self.game, self.match.state, outcome))
        story = capability(self.game, Narration).story()  # the game's account of the ending
        if story is not None:
            public = self.game.view(self.match.state, None)
            for line in story(public, dict(outcome.details)):
                self.console.print(escape(line), highlight=False)
        else:
            table = Table(show_header=False, box=None)
            for key, value in outcome.details.items():
                if isinstance(value, list | dict):
                    continue
                table.add_row(key.replace("_", " "), str(value))
            self.console.print(table)
        if self.inbox:
            answer = self.ask("Type 'save [FILE]' to keep the game record, or Enter to leave: ")
            word, _, rest = answer.strip().partition(" ")
            if word.lower() == "save":
                self._save(rest.strip())
            return
        self.console.print(f"Play it again: {self.replay_command()}")

    def replay_command(self) -> str:
        """Return the ``hellas play`` command that plays this all-bot game again."""
        parts = ["hellas play", self.game.meta.id, "--seats", ",".join(self.seats)]
        parts += ["--seed", str(self.match.record.seed)]
        defaults = {spec.name: spec.default for spec in self.game.meta.options.specs}
        for name, value in self.match.record.options.items():
            if name == "players" or value == defaults.get(name):
                continue
            text = str(value).lower() if isinstance(value, bool) else str(value)
            parts += [f"--{name.replace('_', '-')}", text or "''"]
        return " ".join(parts)


def winners_text(game: Game[Any], state: Any, outcome: Outcome) -> str:
    """Return the end screen's line naming the winner(s), as Rich markup."""
    public = game.view(state, None)
    present = capability(game, Presentation)
    names = [escape(present.seat_name(public, w)) for w in outcome.winners]
    if not names:
        return "[bold]No winner.[/]"
    if len(names) == len(outcome.scores) > 1:
        return f"[bold green]Everyone wins:[/] {', '.join(names)}"
    label = "Winner" if len(names) == 1 else "Winners"
    return f"[bold green]{label}:[/] {', '.join(names)}"


def _actors_of(game: Game[Any], record: Record) -> list[int]:
    """Return who made each choice of a record (by replaying it)."""
    state = start(game, record)
    actors = []
    for key in record.choices:
        seat = game.to_act(state)
        actors.append(-1 if seat is None else seat)
        game.step(state, key)
    return actors


def fresh_seed() -> int:
    """Return a new random seed for a game the user did not seed."""
    return int.from_bytes(os.urandom(4), "little")

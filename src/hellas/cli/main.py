"""The ``hellas`` command: ``play``, ``games`` and ``replay`` (later: simulate, report, bench).

Game options are read from each game's option schema, so ``hellas play legends --mission 3
--players 2`` works without this module knowing what a mission is.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from hellas.ai import bot_names
from hellas.cli.table import HUMAN, TerminalTable, _actors_of, fresh_seed
from hellas.core.errors import HellasError, OptionError
from hellas.core.game import Game, visible_events
from hellas.core.options import Options
from hellas.core.record import Match, Record
from hellas.games import REGISTRY

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Hellas: a digital table for Greek-myth board games.",
)
console = Console()


def parse_game_flags(game: Game[Any], args: list[str]) -> dict[str, str]:
    """Parse ``--name value`` / ``--name=value`` game options against the game's schema."""
    raw: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) < 3:
            raise OptionError(f"unexpected argument {arg!r}; game options look like --name value")
        name, eq, value = arg[2:].partition("=")
        name = name.replace("-", "_")
        game.meta.options.get(name)  # raises OptionError with suggestions
        if not eq:
            if i + 1 >= len(args):
                raise OptionError(f"option --{name.replace('_', '-')} needs a value")
            value = args[i + 1]
            i += 1
        raw[name] = value
        i += 1
    return raw


def parse_seats(game: Game[Any], seats: str | None, options: Options) -> list[str]:
    """Return the seat list (``human`` or bot names), checked against the game's bots."""
    n = game.meta.seats(options)
    if not seats:
        return [HUMAN] + ["bot"] * (n - 1)
    names = [s.strip().lower() for s in seats.split(",") if s.strip()]
    known = {HUMAN, *bot_names(game)}
    for name in names:
        if name not in known:
            raise OptionError(
                f"unknown seat type {name!r}; use human or one of {', '.join(bot_names(game))}"
            )
    if len(names) != n:
        raise OptionError(f"--seats names {len(names)} seats but the game has {n} players")
    return names


def _fail(message: str) -> None:
    console.print(f"[red]Error:[/] {message}")
    raise typer.Exit(2)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME", help="legends"),
    seats: str = typer.Option(None, "--seats", help="comma-separated: human or a bot name"),
    seed: int = typer.Option(None, "--seed", help="seed for the shuffle (random if omitted)"),
    load: str = typer.Option(None, "--load", help="resume a saved game record"),
    no_pause: bool = typer.Option(
        False, "--no-pause", help="do not wait for Enter when passing the device"
    ),
) -> None:
    """Play a game in the terminal, with bots in any seat (game options: --mission 3 ...)."""
    try:
        game = REGISTRY.get(game_id)
        if load:
            record = Record.load(load)
            match = Match.from_record(game, record)
            options = match.record.options
            if ctx.args:
                raise OptionError("game options cannot be changed when loading a saved game")
        else:
            raw = parse_game_flags(game, list(ctx.args))
            if seats and "players" in game.meta.options.names() and "players" not in raw:
                raw["players"] = str(len([s for s in seats.split(",") if s.strip()]))
            options = game.validate_options(raw)
            match = Match(game, options, fresh_seed() if seed is None else seed)
        seat_list = parse_seats(game, seats, options)
    except HellasError as exc:
        _fail(str(exc))
        return
    console.print(
        f"[bold]{game.meta.title}[/] · seed {match.record.seed} · options "
        f"{match.record.options} · seats {', '.join(seat_list)}"
    )
    table = TerminalTable(
        game,
        match,
        seat_list,
        console,
        _ask,
        bot_seed=match.record.seed,
        pause_between_humans=not no_pause,
    )
    if load:
        table.actors = _actors_of(game, match.record)
    table.run()


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        return "quit"


@app.command()
def games() -> None:
    """List the registered games and their options."""
    for game in REGISTRY:
        table = Table(
            title=f"{game.meta.title} ({game.meta.id}, {game.meta.min_seats}-"
            f"{game.meta.max_seats} players, rules v{game.meta.version})",
            title_justify="left",
        )
        table.add_column("option")
        table.add_column("default")
        table.add_column("meaning")
        for spec in game.meta.options.specs:
            table.add_row(f"--{spec.name.replace('_', '-')}", str(spec.default), spec.help)
        console.print(table)
        console.print(f"bots: {', '.join(bot_names(game))}")


@app.command()
def replay(
    path: str = typer.Argument(..., help="a saved game record (JSON)"),
    seat: int = typer.Option(
        None, "--seat", help="show what this seat (1-based) saw; default: the public view"
    ),
) -> None:
    """Print a saved game step by step, as one seat (or a spectator) saw it."""
    try:
        record = Record.load(path)
        game = REGISTRY.get(record.game)
        state = game.new(record.options, record.seed)
        n = game.meta.seats(game.validate_options(record.options))
        who = None if seat is None else seat - 1
        if who is not None and not 0 <= who < n:
            raise OptionError(f"--seat must be 1 to {n}")
        for i, key in enumerate(record.choices, 1):
            events = game.apply(state, key)
            for e in visible_events(events, who):
                console.print(f"{i:>4}  {e.text}")
    except HellasError as exc:
        _fail(str(exc))
        return
    outcome = game.outcome(state)
    console.print(outcome.reason if outcome else "(the record stops before the end)")


def main() -> None:
    """Entry point of the ``hellas`` console script."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        console.print("\nInterrupted.")
        sys.exit(130)

"""``hellas explain GAME``: why a position scores what it scores, for any game.

The explanation is the game's presentation capability's (``hellas.core.capabilities``): from a
saved record at its end or at ``--step``, as a seat (or a spectator) sees it, or from a position
given in words (``--set hand=...``; Realms: a hand and an Afterlife).  ``hellas score`` is the
older name, kept as an alias with its ``--hand``/``--afterlife`` flags.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console

from hellas.core.capabilities import Explanation, Presentation
from hellas.core.errors import HellasError, OptionError, clip
from hellas.core.record import Record, start
from hellas.games import REGISTRY

console = Console()


def _fields(pairs: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise OptionError(f"--set takes NAME=VALUE, got {pair!r}")
        out[name.strip().replace("-", "_")] = value
    return out


def explain_record(path: str, step: int | None, seat: int | None) -> Explanation:
    """Return the explanation of a saved game's position (its end unless ``step``)."""
    record = Record.load(path)
    game = REGISTRY.get(record.game)
    state = start(game, record)  # an older rules version is refused, never explained wrongly
    n = game.meta.seats(game.validate_options(record.options))
    if seat is not None and not 0 <= seat < n:
        raise OptionError(f"--seat must be 1 to {n}")
    last = len(record.choices) if step is None else step
    if not 0 <= last <= len(record.choices):
        raise OptionError(f"--step must be 0 to {len(record.choices)}")
    for key in record.choices[:last]:
        game.step(state, key)
    present = REGISTRY.capability(game.meta.id, Presentation)
    return present.explain(game.outcome(state), game.view(state, seat), seat)


def explain_words(game_id: str, fields: dict[str, str], choose: Sequence[str]) -> Explanation:
    """Return the explanation of a position ``game_id`` reads from named fields."""
    return REGISTRY.capability(game_id, Presentation).explain_position(fields, choose)


def show(result: Explanation, as_json: bool) -> None:
    """Print an explanation: its data as JSON, or the game's drawing under the headline."""
    if as_json:
        print(json.dumps(result.data, indent=1))
        return
    if result.table is not None:
        console.print(result.table)
    else:
        console.print(result.headline)
        console.print_json(data=result.data)


def _words_help() -> str:
    """Return the ``--set`` help: each game's position fields, from its presentation."""
    told = []
    for game in REGISTRY:
        fields = REGISTRY.capability(game.meta.id, Presentation).position_fields
        if fields:
            told.append(f"{game.meta.id}: {', '.join(fields)}")
    known = "; ".join(told) or "no game takes one"
    return f"a position in words, NAME=VALUE (repeatable; {known})"


def _fail(message: str) -> None:
    console.print(f"[red]Error:[/] {clip(message)}")  # never a whole input
    raise typer.Exit(2)


def explain(
    game_id: str = typer.Argument(..., metavar="GAME", help="one of: " + ", ".join(REGISTRY.ids())),
    record: str | None = typer.Option(None, "--record", help="a saved game record (JSON)"),
    step: int | None = typer.Option(
        None, "--step", help="explain after this many choices (default: end)"
    ),
    seat: int | None = typer.Option(
        None, "--seat", help="explain as this seat (1-based) sees it; default: a spectator"
    ),
    fields: list[str] = typer.Option([], "--set", help=_words_help()),
    choose: list[str] = typer.Option(
        [], "--choose", help="an endgame decision you make yourself (repeatable)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print machine-readable JSON"),
) -> None:
    """Explain the score of a position: a saved game's (--record) or one given in words."""
    try:
        game = REGISTRY.get(game_id)
        if record is not None:
            result = explain_record(record, step, None if seat is None else seat - 1)
        else:
            result = explain_words(game.meta.id, _fields(fields), choose)
    except HellasError as exc:
        _fail(str(exc))
        return
    show(result, as_json)


def score(
    game_id: str = typer.Argument(..., metavar="GAME", help="a game that scores hands in words"),
    hand: str = typer.Option(..., "--hand", help="comma-separated card names"),
    afterlife: str = typer.Option("", "--afterlife", help="comma-separated card names"),
    choose: list[str] = typer.Option(
        [],
        "--choose",
        help="an endgame decision to make "
        "yourself, e.g. clear:moly=pomegranate (repeatable); "
        "the solver makes the rest",
    ),
    as_json: bool = typer.Option(False, "--json", help="print machine-readable JSON"),
) -> None:
    """Score a hand exactly, card by card (an alias of ``hellas explain GAME --set hand=...``)."""
    try:
        game = REGISTRY.get(game_id)
        result: Any = explain_words(game.meta.id, {"hand": hand, "afterlife": afterlife}, choose)
    except HellasError as exc:
        _fail(str(exc))
        return
    show(result, as_json)

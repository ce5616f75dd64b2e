"""``hellas bots``: how strong and how quick the bot levels are (``ladder`` and ``times``).

``ladder`` plays adjacent levels against each other (``bots_ladder.py``) and prints win rates
with Wilson 95% intervals; ``times`` runs each level through a server worker's bounded move
(``bots_times.py``) and prints its decision times and fallback moves.  Both can print their
table as Markdown for ``docs/benchmarks.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hellas.cli import bots_ladder as ladder_mod
from hellas.cli.bots_times import all_levels
from hellas.core.errors import HellasError, clip
from hellas.core.game import Game
from hellas.games import REGISTRY
from hellas.server.limits import DEFAULT_BOT_BUDGET

bots_app = typer.Typer(
    no_args_is_help=True, help="Bot levels: the ladder between them and their decision times."
)
console = Console()
err = Console(stderr=True)


def _fail(message: str) -> None:
    err.print(f"[red]Error:[/] {escape(clip(message))}", soft_wrap=True)
    raise typer.Exit(2)


def _game(game_id: str) -> Game[Any]:
    try:
        return REGISTRY.get(game_id)
    except HellasError as exc:
        _fail(str(exc))
        raise


def _print(headers: list[str], rows: list[list[str]], markdown: bool, title: str) -> None:
    """Print a table with rich, or as Markdown lines."""
    if markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "---|" * len(headers))
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    table = Table(*headers, title=title, title_justify="left")
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    console.print(table)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@bots_app.command()
def ladder(
    game_id: str = typer.Argument(..., metavar="GAME"),
    games: int = typer.Option(10, "--deals", min=1, max=100_000, help="deals per pair or cell"),
    players: int = typer.Option(0, "--players", min=0, max=6, help="players (0: 2, Legends 3)"),
    levels: str = typer.Option("", "--levels", help="levels or bot names, weakest first"),
    budget: float = typer.Option(
        DEFAULT_BOT_BUDGET, "--budget", min=0.0, max=60.0, help="seconds a decision (0: untimed)"
    ),
    out: Path = typer.Option(None, "--out", help="results file (default: ladder-GAME.jsonl)"),
    stop_after: float = typer.Option(
        0.0, "--stop-after", min=0.0, help="stop starting games after this many seconds (0: no)"
    ),
    report_only: bool = typer.Option(False, "--report", help="only print what the file holds"),
    markdown: bool = typer.Option(False, "--markdown", help="print the tables as Markdown"),
    part: str = typer.Option(
        "", "--shard", help="play only deals I, I+K, ... (I/K: K runs side by side, one file)"
    ),
) -> None:
    """Play adjacent levels against each other (resumable) and print win rates with intervals."""
    game = _game(game_id)
    seats = players or (3 if game.meta.cooperative else 2)
    try:
        bots = ladder_mod.rungs(game, [n for n in levels.split(",") if n.strip()])
        todo = ladder_mod.jobs(game, bots, games, seats, budget)
        mine = ladder_mod.shard(todo, part) if part else todo
    except HellasError as exc:
        _fail(str(exc))
        raise
    path = out or Path(f"ladder-{game.meta.id}.jsonl")
    if not report_only:
        played = ladder_mod.run(game, mine, path, budget, stop_after or None)
        err.print(f"played {played} games; results in {escape(str(path))}")
    keys = {job.key for job in todo}
    rows = [r for r in ladder_mod.done_rows(path) if r["key"] in keys]
    left = len(keys) - len({r["key"] for r in rows})
    if game.meta.cooperative:
        _team_tables(rows, bots, markdown)
    else:
        found = ladder_mod.steps(rows, bots)
        _print(
            ["upper", "lower", "games", "upper wins", "95% interval"],
            [
                [s.upper, s.lower, str(s.games), _pct(s.rate), f"[{_pct(s.low)}, {_pct(s.high)}]"]
                for s in found
            ],
            markdown,
            f"{game.meta.title} ladder, {seats} players, both seat orders",
        )
    if left:
        err.print(f"{left} games still to play: run the same command again to continue")


def _team_tables(rows: list[dict[str, Any]], bots: list[str], markdown: bool) -> None:
    """Print a co-operative ladder: each team's mean over cells, each step, each cell."""
    found = ladder_mod.teams(rows, bots)
    _print(
        ["team", "games", "mean over cells", "95% interval (all games)"],
        [[t.bot, str(t.games), _pct(t.mean), f"[{_pct(t.low)}, {_pct(t.high)}]"] for t in found],
        markdown,
        "Team win rates on the same deals",
    )
    _print(
        ["upper", "lower", "deals", "gain (points)", "won only by upper / lower", "p", "worse"],
        [
            [
                c.upper,
                c.lower,
                str(c.pairs),
                f"{c.gain:+.1f}",
                f"{c.upper_only} / {c.lower_only}",
                f"{c.p_value:.3f}",
                ", ".join(c.worse) or "none",
            ]
            for c in ladder_mod.climbs(rows, bots)
        ],
        markdown,
        "Each step on the same deals (sign test; cells worse beyond noise)",
    )
    _print(["cell", *bots], list(ladder_mod.cell_table(rows, bots)), markdown, "Per cell")


@bots_app.command()
def times(
    game_id: str = typer.Argument(..., metavar="GAME"),
    decisions: int = typer.Option(20, "--decisions", min=1, max=10_000, help="per level"),
    players: int = typer.Option(3, "--players", min=1, max=6),
    budget: float = typer.Option(
        DEFAULT_BOT_BUDGET, "--budget", min=0.01, max=60.0, help="the worker's budget (s)"
    ),
    levels: str = typer.Option("", "--levels", help="levels to time (default: all)"),
    markdown: bool = typer.Option(False, "--markdown", help="print the table as Markdown"),
) -> None:
    """Time each level's decisions through a server worker's bounded move; count fallbacks."""
    game = _game(game_id)
    only = [n.strip().lower() for n in levels.split(",") if n.strip()] or None
    try:
        found, load, took = all_levels(game, decisions, players, budget, only)
    except HellasError as exc:
        _fail(str(exc))
        raise
    _print(
        ["level", "bot", "states", "decisions", "median s", "p95 s", "max s", "fallbacks"],
        [
            [
                t.level,
                t.bot,
                f"{t.declared:g}",
                str(t.decisions),
                f"{t.median:.3f}",
                f"{t.p95:.3f}",
                f"{t.most:.3f}",
                str(t.fallbacks),
            ]
            for t in found
        ],
        markdown,
        f"{game.meta.title}: decision times at a {budget:g} s budget, {players} players",
    )
    err.print(f"{load} at the start; {took:.0f} s in all")
    for t in found:
        if t.why:
            err.print(f"{t.level}: {escape(clip(t.why))}")

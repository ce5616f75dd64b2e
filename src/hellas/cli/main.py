"""The ``hellas`` command: ``play``, ``games`` and ``replay`` (later: simulate, report, bench).

Game options are read from each game's option schema, so ``hellas play legends --mission 3
--players 2`` works without this module knowing what a mission is.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hellas.ai import bot_names, make_bot
from hellas.cli.accounts import accounts_app
from hellas.cli.bots import bots_app
from hellas.cli.content import content_app
from hellas.cli.explain import explain, score
from hellas.cli.serve import serve
from hellas.cli.table import HUMAN, TerminalTable, _actors_of, fresh_seed, winners_text
from hellas.core.errors import HellasError, OptionError, clip
from hellas.core.game import Game, visible_events
from hellas.core.options import Options
from hellas.core.record import Match, Record, start
from hellas.games import REGISTRY

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Hellas: a digital table for Greek-myth board games.",
)
console = Console()
app.add_typer(content_app, name="content")  # content packs (hellas.cli.content)
app.add_typer(accounts_app, name="accounts")  # player accounts (hellas.cli.accounts)
app.add_typer(bots_app, name="bots")  # bot ladder and decision times (hellas.cli.bots)


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


def bot_alias_text() -> list[str]:
    """Return, per game, which bot the ``bot`` seat name stands for (e.g. "Legends: heuristic")."""
    out = []
    for game in REGISTRY:
        bots = game.bots()
        alias = bots.get("bot")
        same = sorted(name for name, make in bots.items() if make is alias and name != "bot")
        if alias is not None and same:
            out.append(f"{game.meta.id}: {same[0]}")
    return out


def parse_seats(game: Game[Any], seats: str | None, options: Options) -> list[str]:
    """Return the seat list (``human`` or bot names), checked against the game's bots."""
    n = game.meta.seats(options)
    if not seats:
        return [HUMAN] + ["bot"] * (n - 1)
    names = [s.strip().lower() for s in seats.split(",") if s.strip()]
    for name in names:
        if name != HUMAN:
            try:
                make_bot(game, name)
            except HellasError as exc:
                raise OptionError(
                    f"unknown seat type {name!r}: use human or a bot ({exc})"
                ) from exc
    if len(names) != n:
        raise OptionError(f"--seats names {len(names)} seats but the game has {n} players")
    return names


def options_text(options: Mapping[str, Any]) -> str:
    """Return a game's options in words: ``players 3, mission 1, difficulty human``."""
    parts = []
    for name, value in options.items():
        if value in ("", [], ()):
            continue  # unset lists and texts: the defaults
        if isinstance(value, bool):
            words = "yes" if value else "no"
        elif isinstance(value, list | tuple):
            words = ", ".join(str(v) for v in value)
        else:
            words = str(value)
        parts.append(f"{name.replace('_', ' ')} {words}")
    return "; ".join(parts)


def _fail(message: str) -> None:
    console.print(f"[red]Error:[/] {clip(message)}")  # never a whole input
    raise typer.Exit(2)


def _needs_reports(command: str) -> None:
    """Stop with a clear hint when the ``reports`` extra (pandas, pyarrow, matplotlib) is absent."""
    import importlib  # noqa: PLC0415

    missing = []
    for name in ("pandas", "pyarrow", "matplotlib"):
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        _fail(
            escape(
                f"hellas {command} needs the reports extra ({', '.join(missing)} missing): "
                "pip install 'hellas[reports]', or HELLAS_EXTRAS=reports ./play"
            )
        )


def version_lines() -> list[str]:
    """Return the package version and each game's rules version (saved games depend on it)."""
    from hellas import __version__  # noqa: PLC0415

    lines = [f"hellas {__version__}"]
    for game in REGISTRY:
        lines.append(f"{game.meta.id} rules {game.meta.version} ({game.meta.title})")
    return lines


def _print_version(value: bool) -> None:
    if value:
        print("\n".join(version_lines()))
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_print_version,
        is_eager=True,
        help="print the package version and each game's rules version",
    ),
) -> None:
    """Hellas: a digital table for Greek-myth board games."""


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def play(
    ctx: typer.Context,
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="one of: " + ", ".join(g.meta.id for g in REGISTRY)
    ),
    seats: str = typer.Option(
        None,
        "--seats",
        help="comma-separated: human or a bot name. Default: human in seat 1 (you), bot in "
        "every other seat. 'bot' is each game's everyday bot: " + ", ".join(bot_alias_text()),
    ),
    seed: int = typer.Option(None, "--seed", help="seed for the shuffle (random if omitted)"),
    load: str = typer.Option(None, "--load", help="resume a saved game record"),
    no_pause: bool = typer.Option(
        False, "--no-pause", help="do not wait for Enter when passing the device"
    ),
    quiet: bool = typer.Option(
        False, "--quiet", help="with no human seat, print only the ending (no narration)"
    ),
    hints: bool = typer.Option(
        None,
        "--hints/--no-hints",
        help="allow 'hint' at the prompt (default: on with one human seat, off with more)",
    ),
    auto_single: bool = typer.Option(
        False,
        "--auto-single/--ask-single",
        help="take a human seat's only legal choice without asking (it is printed)",
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
        warnings = game.option_warnings(options)
    except HellasError as exc:
        _fail(str(exc))
        return
    _warn(warnings)
    if not (quiet and HUMAN not in seat_list):
        console.print(
            f"[bold]{game.meta.title}[/] · seed {match.record.seed} · "
            f"{escape(options_text(match.record.options))} · seats {', '.join(seat_list)}"
        )
    table = TerminalTable(
        game,
        match,
        seat_list,
        console,
        _ask,
        bot_seed=match.record.seed,
        pause_between_humans=not no_pause,
        quiet=quiet,
        hints=hints,
        auto_single=auto_single,
    )
    if load:
        table.actors = _actors_of(game, match.record)
    table.run()


def _warn(warnings: list[str]) -> None:
    """Print the game's advice about the chosen options, once each."""
    for line in dict.fromkeys(warnings):
        console.print(f"[yellow]Warning:[/] {line}", soft_wrap=True)


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        return "quit"


@app.command()
def games(
    markdown: bool = typer.Option(
        False, "--markdown", help="print the catalogue page (docs/games.md) instead"
    ),
) -> None:
    """List the registered games and their options."""
    if markdown:
        from hellas.cli.catalogue import markdown as catalogue  # noqa: PLC0415

        print(catalogue(REGISTRY), end="")
        return
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
    seat: int | None = typer.Option(
        None, "--seat", help="show what this seat (1-based) saw; default: the public view"
    ),
) -> None:
    """Print a saved game step by step, as one seat (or a spectator) saw it."""
    try:
        record = Record.load(path)
        game = REGISTRY.get(record.game)
        state = start(game, record)  # an older rules version is refused, never replayed
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
    if outcome:
        console.print(winners_text(game, state, outcome))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def simulate(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME"),
    bots: list[str] = typer.Option(
        ["heuristic"],
        "--bots",
        help="a team: one bot for every "
        "seat (heuristic) or one per seat (ismcts/heuristic/random);"
        " repeat for several teams",
    ),
    games: int = typer.Option(100, "--games", help="games per cell"),
    seed: int = typer.Option(0, "--seed", help="base seed of the sweep"),
    out: Path = typer.Option(Path("results.csv"), "--out", help="results (.csv or .parquet)"),
    jobs: int = typer.Option(1, "--jobs", help="local worker processes"),
    backend: str = typer.Option("local", "--backend", help="local or ray"),
    address: str = typer.Option(None, "--address", help="Ray cluster address (ray backend)"),
    limit: int = typer.Option(None, "--limit", help="stop after this many games (resume later)"),
    until_ci: float | None = typer.Option(
        None,
        "--until-ci",
        help="keep playing each cell until its 95%% half-width is at most this many points "
        "(--games is then the first batch per cell)",
    ),
    max_games: int = typer.Option(2000, "--max-games", help="cap per cell with --until-ci"),
) -> None:
    """Play a sweep of games (options may be ranges: --mission 1-12 --players 2-4)."""
    _needs_reports("simulate")
    from hellas.sim.precision import check_precision  # noqa: PLC0415
    from hellas.sim.run import simulate as run_sweep  # noqa: PLC0415
    from hellas.sim.run import simulate_until  # noqa: PLC0415
    from hellas.sim.sweep import sweep_from_flags  # noqa: PLC0415

    try:
        game = REGISTRY.get(game_id)
        if backend not in ("local", "ray"):
            raise OptionError(f"--backend must be local or ray, not {backend!r}")
        sweep = sweep_from_flags(game, parse_game_flags(game, list(ctx.args)), bots, games, seed)
        cells = sweep.cells()
        if until_ci is not None:
            check_precision(until_ci, max_games)
        warnings = [w for options, _ in cells for w in game.option_warnings(options)]
    except HellasError as exc:
        _fail(str(exc))
        return
    _warn(warnings)
    if until_ci is None:
        console.print(f"{len(cells)} cells x {games} games -> {out} ({backend} backend)")
    else:
        console.print(
            f"{len(cells)} cells until each 95% half-width <= {until_ci:g} points "
            f"(first {games}, at most {max_games} games per cell) -> {out} ({backend} backend)"
        )
    from hellas.cli.progress import SweepProgress  # noqa: PLC0415

    with SweepProgress(console, out) as bar:
        try:
            run: Callable[..., Any] = run_sweep
            if until_ci is not None:
                run = partial(simulate_until, points=until_ci, max_games=max_games)
            summary = run(
                sweep,
                out,
                backend=backend,
                jobs=jobs,
                address=address,
                limit=limit,
                on_start=bar.started,
                on_row=bar.row,
            )
        except KeyboardInterrupt:
            console.print(
                f"Interrupted. Finished games are in {out}; run the same command again to resume."
            )
            raise typer.Exit(130) from None
        except HellasError as exc:
            _fail(str(exc))
            return
    state = "complete" if summary.complete else "incomplete (run again to resume)"
    console.print(f"{summary.played} games played, {summary.skipped} already done: {state}.")


@app.command()
def report(
    results: list[Path] = typer.Argument(..., help="results tables from hellas simulate"),
    out: Path = typer.Option(Path("report"), "--out", help="folder for the PNG charts"),
) -> None:
    """Print win rates with 95% intervals (and paired team comparisons); write PNG charts."""
    _needs_reports("report")
    import pandas as pd  # noqa: PLC0415

    from hellas.sim.report import CLAIRVOYANT_NOTE, build  # noqa: PLC0415
    from hellas.sim.results import check_target, read_rows, results_exist  # noqa: PLC0415

    try:
        frames = []
        for path in results:
            check_target(path)
            if not results_exist(path):
                raise HellasError(f"no results at {path}")
            frames.append(read_rows(path))
        built = build(pd.concat(frames, ignore_index=True), out)
    except HellasError as exc:
        _fail(str(exc))
        return
    from hellas.cli.report_view import fit_tables  # noqa: PLC0415

    for title, frame in built.tables:
        for part in fit_tables(title, frame, console.width):
            console.print(part)
    if any("clairvoyant" in title for title, _ in built.tables):
        console.print(f"[dim]{CLAIRVOYANT_NOTE}[/]")
    built.cells.to_csv(out / "cells.csv", index=False)
    console.print(f"charts: {', '.join(str(p) for p in built.charts)}; cells: {out / 'cells.csv'}")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def bench(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME"),
    seconds: float = typer.Option(3.0, "--seconds", help="time per measurement"),
    as_json: bool = typer.Option(False, "--json", help="print machine-readable JSON"),
    rl: bool = typer.Option(False, "--rl", help="random play through the RL adapters instead"),
    this_build: bool = typer.Option(
        False, "--this-build", help="time this build only (not also the compiled one)"
    ),
) -> None:
    """Measure random-play speed, copies, ISMCTS iterations (and OpenSpiel Hanabi).

    Run on pure Python with an up-to-date compiled build in the checkout, the compiled
    build's figures follow (JSON: under ``compiled``), measured by a process of their own.
    """
    from hellas.sim.bench import other_build  # noqa: PLC0415
    from hellas.sim.bench import run as run_bench  # noqa: PLC0415

    args = [game_id, "--seconds", str(seconds), *(["--rl"] if rl else []), *ctx.args]
    try:
        game = REGISTRY.get(game_id)
        if rl:
            from hellas.rl import bench as rl_bench  # noqa: PLC0415

            figures = rl_bench.run(game.meta.id, parse_game_flags(game, list(ctx.args)), seconds)
            compiled = None if this_build else other_build(args)
            if compiled is not None:
                figures["compiled"] = compiled
            if as_json:
                print(json.dumps(figures, indent=1))
            else:
                console.print(rl_bench.table(figures))
                if compiled is not None and "loops" in compiled:
                    console.print(rl_bench.table(compiled))
            return
        figures = run_bench(game, parse_game_flags(game, list(ctx.args)), seconds)
        compiled = None if this_build else other_build(args)
        if compiled is not None:
            figures["compiled"] = compiled
    except HellasError as exc:
        _fail(str(exc))
        return
    if as_json:
        print(json.dumps(figures, indent=1))
        return
    _bench_table(figures, seconds)
    if compiled is not None and "random_play" in compiled:
        _bench_table(compiled, seconds)


def _bench_table(figures: dict[str, Any], seconds: float) -> None:
    """Print ``hellas bench``'s figures of one build as a table."""
    table = Table(
        title=f"hellas bench {figures['game']} (one core, {seconds:g} CPU-s per figure,"
        " interleaved)",
        title_justify="left",
    )
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_row("engine", figures["engine"])
    rp = figures["random_play"]
    table.add_row("random play (fast path): decisions / s", f"{rp['decisions_per_s']:,.0f}")
    table.add_row(
        "random play (public apply, events): decisions / s",
        f"{figures['random_play_public_apply']['decisions_per_s']:,.0f}",
    )
    table.add_row("public apply / fast path", f"{figures['public_apply_ratio']:.2f}")
    table.add_row("random play: games / s", f"{rp['games_per_s']:,.1f}")
    table.add_row("random play: decisions / game", f"{rp['decisions_per_game']:,.1f}")
    table.add_row("state copies / s", f"{figures['state_copies_per_s']:,.0f}")
    table.add_row(
        f"ISMCTS iterations / s ({figures['ismcts_iterations_per_decision']} per decision)",
        f"{figures['ismcts_iterations_per_s']:,.0f}",
    )
    for name, value in figures["game_figures"].items():
        if isinstance(value, str):
            text = value
        else:
            text = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"
        table.add_row(name.replace("_per_s", " / s").replace("_", " "), text)
    spiel = figures["openspiel_hanabi"]
    if spiel:
        table.add_row(
            "OpenSpiel Hanabi random play: decisions / s", f"{spiel['decisions_per_s']:,.0f}"
        )
        table.add_row("ratio (Hellas / Hanabi)", f"{figures['ratio_vs_hanabi']:.2f}")
        table.add_row(
            "ratio (Hellas public apply / Hanabi)",
            f"{figures['public_apply_ratio_vs_hanabi']:.2f}",
        )
        table.add_row(
            "ratio (ISMCTS iterations / Hanabi decisions)",
            f"{figures['ismcts_ratio_vs_hanabi']:.3f}",
        )
    console.print(table)
    if not spiel:
        console.print(
            "[dim]Install open_spiel (./check does) to compare with OpenSpiel's Hanabi.[/]"
        )


app.command()(serve)
app.command()(explain)
app.command()(score)  # the older, Realms-only name of explain


def main() -> None:
    """Entry point of the ``hellas`` console script."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        console.print("\nInterrupted.")
        sys.exit(130)


if __name__ == "__main__":
    main()

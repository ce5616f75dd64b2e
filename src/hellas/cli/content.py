"""``hellas content``: check a content pack, list a folder of packs, find the example pack.

    hellas content check DIR [--modules hades,poseidon] [--game ID]
    hellas content list PACKS_DIR [--game ID]
    hellas content example [--game ID]  # where the worked example pack is

A pack is a folder of files an owner writes for a game that takes packs (its
``ContentPacks`` capability; Lords of Hellas: ``docs/rules/lords-content-packs.md``).  The checks
are the game's own, so the errors name file, record and field exactly as a game that loads the
pack would.  ``--game`` may be left out while one registered game takes packs.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from hellas.core.capabilities import ContentPacks, capability, declared
from hellas.core.errors import HellasError
from hellas.games import REGISTRY


def pack_games() -> list[Any]:
    """Return the registered games that take content packs."""
    return [g for g in REGISTRY if declared(g, ContentPacks)]


def packs_of(game_id: str) -> ContentPacks:
    """Return the content packs of ``game_id`` (or of the one game that takes packs)."""
    games = pack_games()
    names = ", ".join(g.meta.id for g in games) or "none"
    if not game_id:
        if len(games) != 1:
            raise HellasError(f"name the game with --game (games that take packs: {names})")
        return capability(games[0], ContentPacks)
    game = REGISTRY.get(game_id)
    if game not in games:
        raise HellasError(f"{game.meta.title} takes no content packs (games that do: {names})")
    return capability(game, ContentPacks)


def _titles() -> str:
    return ", ".join(capability(g, ContentPacks).about for g in pack_games()) or "content packs"


content_app = typer.Typer(no_args_is_help=True, help=f"{_titles()}: check a pack, list packs.")
console = Console(soft_wrap=True)  # long paths and error lines stay whole
GAME = typer.Option("", "--game", help="the game whose packs (default: the one that takes packs)")


def _packs(game_id: str) -> ContentPacks:
    """Return the packs of ``game_id``, or print why not and exit 1."""
    try:
        return packs_of(game_id)
    except HellasError as exc:
        console.print(f"[red]{escape(str(exc))}[/]", highlight=False)
        raise typer.Exit(1) from exc


@content_app.command("check")
def check(
    folder: str = typer.Argument(..., help="the pack's folder"),
    modules: str = typer.Option(
        "", "--modules", help="modules to check it with, besides those its pack.toml names"
    ),
    game: str = GAME,
) -> None:
    """Check a content pack: the first problem (file, record, field), or what it adds."""
    report = _packs(game).check(folder, [m for m in modules.split(",") if m.strip()])
    if not report.ok:
        console.print(f"[red]{escape(report.error)}[/]", highlight=False)
        raise typer.Exit(1)
    console.print(f"[green]ok[/] {escape(report.title)}", highlight=False)
    if report.modules:
        console.print(f"  modules: {escape(report.modules)}", highlight=False)
    for line in report.lines:
        console.print(f"  {escape(line)}", highlight=False)


@content_app.command("list")
def list_packs(
    root: str = typer.Argument(..., help="a folder holding one folder per pack"),
    game: str = GAME,
) -> None:
    """List the packs of a folder, each checked (what a server operator offers)."""
    packs = _packs(game)
    try:
        found = packs.installed(root)
    except Exception as exc:
        console.print(f"[red]{escape(str(exc))}[/]", highlight=False)
        raise typer.Exit(1) from exc
    if not found:
        console.print("no packs")
    for p in found:
        state = "[green]ok[/]" if p["ok"] else f"[red]{escape(p['error'])}[/]"
        console.print(f"{escape(p['id'])}: {escape(p['name'])} — {state}", highlight=False)


@content_app.command("example")
def example(game: str = GAME) -> None:
    """Print the folder of the worked example pack (invented cards, to copy and edit)."""
    packs = _packs(game)
    folder = packs.example()
    if folder is None:
        console.print(f"[red]{escape(packs.about)} have no example pack[/]", highlight=False)
        raise typer.Exit(1)
    console.print(folder, highlight=False)

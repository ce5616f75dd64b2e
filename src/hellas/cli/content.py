"""``hellas content``: check a content pack, list a folder of packs (Lords of Hellas).

    hellas content check DIR [--modules hades,poseidon]
    hellas content list PACKS_DIR
    hellas content example           # where the worked example pack is

A pack is a folder of TOML files an owner writes (``docs/rules/lords-content-packs.md``); the
checks are the game's own (``hellas.games.lords.packs``), so the errors name file, record and
field exactly as a game that loads the pack would.
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markup import escape

from hellas.games.lords import packs

content_app = typer.Typer(
    no_args_is_help=True, help="Lords of Hellas content packs: check a pack, list packs."
)
console = Console(soft_wrap=True)  # long paths and error lines stay whole


@content_app.command("check")
def check(
    folder: str = typer.Argument(..., help="the pack's folder"),
    modules: str = typer.Option(
        "", "--modules", help="modules to check it with, besides those its pack.toml names"
    ),
) -> None:
    """Check a content pack: the first problem (file, record, field), or what it adds."""
    report = packs.check(folder, [m for m in modules.split(",") if m.strip()])
    if not report.ok:
        console.print(f"[red]{escape(report.error)}[/]", highlight=False)
        raise typer.Exit(1)
    title = f"{report.manifest.name} ({report.fingerprint})"
    console.print(f"[green]ok[/] {escape(title)}", highlight=False)
    if report.modules:
        console.print(f"  modules: {escape(report.modules)}", highlight=False)
    for line in report.lines:
        console.print(f"  {escape(line)}", highlight=False)


@content_app.command("list")
def list_packs(
    root: str = typer.Argument(..., help="a folder holding one folder per pack"),
) -> None:
    """List the packs of a folder, each checked (what a server operator offers)."""
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
def example() -> None:
    """Print the folder of the worked example pack (invented cards, to copy and edit)."""
    console.print(str(packs.example()), highlight=False)

"""The games' catalogue in Markdown, written from the registry (``docs/games.md``).

Everything here is derived from each game's metadata and its own bots and levels, so the
documentation never restates a fact its package declares; ``hellas games --markdown`` prints
it and a test keeps ``docs/games.md`` equal to the output.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hellas.ai import bot_names
from hellas.core.game import Game

HEADER = """# The games

Written by `hellas games --markdown > docs/games.md` from each game's metadata (its package's
`GameMeta`, bots and bot levels); a test fails when this page and the code disagree.
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _seats(game: Game[Any]) -> str:
    lo, hi = game.meta.min_seats, game.meta.max_seats
    return str(lo) if lo == hi else f"{lo}–{hi}"


def _think(seconds: float) -> str:
    return "instant" if seconds < 0.005 else f"up to {seconds:g} s a move"  # its budget


def overview(games: Iterable[Game[Any]]) -> list[str]:
    """Return the overview table: one row per game."""
    rows = [
        "| Game | id | Rules | Seats | Play | Gymnasium | OpenSpiel | RL encoder |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for g in games:
        m = g.meta
        play = "co-operative" if m.cooperative else "competitive"
        if not m.talk:
            play += ", no talking"
        encoder = f"`{m.encoder}`" if m.encoder else "none"
        rows.append(
            f"| {_cell(m.title)} | `{m.id}` | {m.version} | {_seats(g)} | {play} "
            f"| `{m.gym_id}` | `python_hellas_{m.id}` | {encoder} |"
        )
    return rows


def details(game: Game[Any]) -> list[str]:
    """Return one game's section: summary, options, bots, levels and web modules."""
    m = game.meta
    out = [f"## {m.title}", "", _cell(m.summary), "", f"Rulebook: `{m.rulebook}`.", ""]
    out += ["| Option | Default | Meaning |", "|---|---|---|"]
    for spec in m.options.specs:
        default = (
            spec.default
            if not isinstance(spec.default, list | tuple)
            else ",".join(str(x) for x in spec.default)
        )
        shown = f"`{default}`" if str(default) else "none"
        out.append(f"| `--{spec.name.replace('_', '-')}` | {shown} | {_cell(spec.help)} |")
    out += ["", f"Bots: {', '.join(f'`{b}`' for b in bot_names(game))}."]
    levels = game.bot_levels()
    if levels:
        out.append(
            "Levels: "
            + "; ".join(f"{lv.title} (`{lv.bot}`, {_think(lv.seconds)})" for lv in levels)
            + "."
        )
    web = m.web.to_json()
    modules = [f"{kind} `{path}`" for kind, path in web.items() if path]
    shown = "Web (its `web/` folder): " + ", ".join(modules) if modules else "Web: the generic view"
    out.append(shown + ".")
    return out


def markdown(games: Iterable[Game[Any]]) -> str:
    """Return the whole catalogue page."""
    games = list(games)
    lines = [HEADER, *overview(games), ""]
    for g in games:
        lines += [*details(g), ""]
    return "\n".join(lines)

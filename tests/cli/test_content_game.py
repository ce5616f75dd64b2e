"""``hellas content`` serves whichever games take content packs (their ``ContentPacks``).

Issue 51: the command imported Lords' packs module by name; now it asks the registry, takes
``--game`` and may leave it out while one game takes packs.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.content import pack_games
from hellas.cli.main import app
from hellas.core.capabilities import ContentPacks, capability
from hellas.games import REGISTRY

runner = CliRunner()


def test_the_one_game_that_takes_packs_is_the_default() -> None:
    (game,) = pack_games()
    alone = runner.invoke(app, ["content", "example"])
    named = runner.invoke(app, ["content", "example", "--game", game.meta.id])
    assert alone.exit_code == 0 and alone.output == named.output
    assert Path(alone.output.strip()) == Path(str(capability(game, ContentPacks).example()))


def test_a_game_without_packs_is_told_in_one_line() -> None:
    other = next(g for g in REGISTRY if g not in pack_games())
    result = runner.invoke(app, ["content", "list", ".", "--game", other.meta.id])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"{other.meta.title} takes no content packs (games that do: "
        f"{', '.join(g.meta.id for g in pack_games())})"
    )
    unknown = runner.invoke(app, ["content", "example", "--game", "chess"])
    assert unknown.exit_code == 1 and "unknown game 'chess'" in unknown.output

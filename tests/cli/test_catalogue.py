"""The games' catalogue (docs/games.md) is written from the registry and kept in step."""

from __future__ import annotations

import importlib
from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.catalogue import markdown
from hellas.cli.main import app
from hellas.games import REGISTRY

DOC = Path(__file__).resolve().parents[2] / "docs" / "games.md"


def test_docs_games_page_matches_the_registry() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown(REGISTRY), (
        "docs/games.md is stale: run `hellas games --markdown > docs/games.md`"
    )


def test_the_page_states_each_games_declared_facts() -> None:
    page = markdown(REGISTRY)
    for game in REGISTRY:
        m = game.meta
        assert f"| `{m.id}` | {m.version} | {m.min_seats}–{m.max_seats} |" in page
        assert m.gym_id in page and f"python_hellas_{m.id}" in page


def test_cli_prints_the_catalogue() -> None:
    result = CliRunner().invoke(app, ["games", "--markdown"])
    assert result.exit_code == 0
    assert result.stdout == markdown(REGISTRY)


def test_game_packages_do_not_restate_their_metadata_in_docstrings() -> None:
    for game in REGISTRY:
        package = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
        doc = package.__doc__ or ""
        assert "Version  " not in doc and "Seats  " not in doc, game.meta.id

"""The games' catalogue (docs/games.md) is written from the registry and kept in step."""

from __future__ import annotations

import importlib
import subprocess
import sys
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


def test_simulate_without_the_reports_extra_says_what_to_install() -> None:
    """Playing never needs pandas; the simulator says which extra it needs when it is absent."""
    code = (
        "import sys; sys.modules['pandas'] = None\n"  # as if the package were not installed
        "from hellas.cli.main import main\n"
        "sys.argv = ['hellas', 'simulate', 'legends', '--games', '1']\n"
        "main()\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 2
    said = " ".join(out.stdout.split())
    assert "needs the reports extra (pandas missing)" in said and "'hellas[reports]'" in said
    play = "import sys, hellas.cli.main, hellas.server.app; print('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", play], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"  # the play set never imports it

"""What a newcomer meets first: a busy port in one line, where the database lives, and what
the default seats of ``hellas play`` and the ``bot`` seat name mean.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.cli.paths import default_db

ROOT = Path(__file__).resolve().parents[2]


def held_port() -> tuple[socket.socket, int]:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder, int(holder.getsockname()[1])


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    # ./play ends in `exec hellas serve "$@"`, so `./play --port N` meets the same check
    assert 'exec .venv/bin/hellas serve "$@"' in (ROOT / "play").read_text(encoding="utf-8")
    holder, port = held_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    env.pop("HELLAS_DB", None)
    args = [sys.executable, "-m", "hellas.cli.main", "serve", "--port", str(port)]
    with holder:
        done = subprocess.run(
            args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False
        )
    said = [line for line in done.stdout.splitlines() if "Error" in line]
    assert done.returncode == 2, done.stdout + done.stderr
    assert len(said) == 1 and f"port {port} is already in use" in said[0]
    assert f"--port {port + 1}" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_the_database_lives_in_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HELLAS_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    url, note = default_db()
    assert url == f"sqlite:///{tmp_path / 'data' / 'hellas' / 'hellas.db'}" and not note
    assert (tmp_path / "data" / "hellas").is_dir()
    (tmp_path / "hellas.db").write_bytes(b"")  # an older version's file here: still used
    (tmp_path / "data" / "hellas").rmdir()
    url, note = default_db()
    assert url == f"sqlite:///{tmp_path / 'hellas.db'}" and "move the file" in note
    monkeypatch.setenv("HELLAS_DB", "sqlite:///elsewhere.db")
    assert default_db() == ("sqlite:///elsewhere.db", "")


def test_git_ignores_a_database_in_the_checkout() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "hellas.db" in ignored and "hellas.db-*" in ignored


def test_play_help_states_the_default_seats_and_the_bot_alias() -> None:
    out = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    flat = " ".join(out.replace("│", " ").split())
    assert "Default: human in seat 1 (you), bot in every other seat" in flat
    assert "legends: heuristic, realms: greedy, lords: heuristic" in flat

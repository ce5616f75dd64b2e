"""The lobby's footer line: which engine the server runs, and when a build in progress is used.

``./play`` builds the compiled engine in the background at the lowest priority (issue 52); the
lobby says, in words, whether compiled code is in use now and, while that build runs, that it
will be used after the next start.  A real server process reads the real build lock: the test
holds it as ``scripts/build_compiled.py`` does while it builds.
"""

from __future__ import annotations

import fcntl
import urllib.request
from pathlib import Path

import pytest

from hellas.core.compiled import ENGINE_LINES, engine_note, lock_path

from .conftest import start_server, stop_server


def test_the_line_follows_a_background_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plain Python; a build running says 'after the next start'; once it stops, plain again."""
    out = tmp_path / "build"
    monkeypatch.setenv("HELLAS_COMPILED_DIR", str(out))  # the server process inherits it
    server = start_server(f"sqlite:///{tmp_path / 'hellas.db'}")
    try:
        status, engine = server.get("/api/engine")
        assert status == 200
        assert engine == {"state": "python", "line": "The game engine runs as plain Python."}
        with lock_path(out).open("w") as lock:  # what the build holds while it runs
            fcntl.flock(lock, fcntl.LOCK_EX)
            engine = server.get("/api/engine")[1]
            assert engine["state"] == "building"
            assert "will be used after the next start" in engine["line"]
            fcntl.flock(lock, fcntl.LOCK_UN)
        assert server.get("/api/engine")[1]["state"] == "python"  # a finished or stopped build
        # the lobby has the line's place and the script that fills it
        with urllib.request.urlopen(server.url + "/", timeout=30) as r:
            page = r.read().decode()
        assert 'data-testid="engine-line"' in page and "/static/js/lobby-footer.js" in page
        with urllib.request.urlopen(server.url + "/static/js/lobby-footer.js", timeout=30) as r:
            assert b'api("/api/engine")' in r.read()
    finally:
        stop_server(server)


def test_compiled_modules_in_use_are_said_so(tmp_path: Path) -> None:
    """A module loaded from an extension (here the standard library's ``_json``) counts."""
    assert engine_note(["_json"], tmp_path / "none") == {
        "state": "compiled",
        "line": ENGINE_LINES["compiled"],
    }
    assert engine_note(["hellas.core.compiled"], tmp_path / "none")["state"] == "python"


def test_every_line_is_words_not_internals() -> None:
    """No paths, module names or tool names reach the lobby."""
    for line in ENGINE_LINES.values():
        assert line.endswith(".") and line[0].isupper()
        for word in ("mypyc", ".compiled", "hellas.", "PYTHONPATH", "/"):
            assert word not in line

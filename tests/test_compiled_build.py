"""``./play``'s background build of the compiled engine never competes with play.

It runs at the lowest CPU and I/O priority with a time limit; one that fails or runs out of time
leaves pure Python in place, is not retried until a source changes, and ``./play`` says in one
line whether compiled code is in use and, if not, when it will be.  These tests drive
``scripts/compiled.sh`` exactly as ``./play`` does, on a build folder of their own, with a
one-second limit so that the real build is stopped early (nothing is mocked: mypyc starts).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _no_tools() -> bool:
    """Return True when this machine cannot build (no mypyc, C compiler or Python headers)."""
    done = subprocess.run(
        [sys.executable, "scripts/build_compiled.py", "--status", "--out", "/nonexistent/c"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() == "no-tools"


pytestmark = pytest.mark.skipif(_no_tools(), reason="no C compiler or Python headers")


def _play_step(out: Path) -> list[str]:
    """Run ``./play``'s compiled-engine step on ``out``; return its lines plus ``path=...``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(HELLAS_COMPILED_DIR=str(out), HELLAS_COMPILE_TIMEOUT="1")
    shell = 'source scripts/compiled.sh; hellas_compiled background; echo "path=${PYTHONPATH:-}"'
    done = subprocess.run(
        ["bash", "-c", shell], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def _status(out: Path) -> str:
    """Return ``build_compiled.py --status`` for ``out``."""
    done = subprocess.run(
        [sys.executable, "scripts/build_compiled.py", "--status", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()


def test_a_build_that_runs_out_of_time_leaves_pure_python_and_is_not_retried(
    tmp_path: Path,
) -> None:
    out = tmp_path / "compiled"
    first = _play_step(out)
    assert first[0].startswith("== compiled engine: not yet (building in the background")
    assert first[-1] == "path="  # pure Python now
    deadline = time.monotonic() + 300  # liveness only: the limit is 1 s
    while _status(out) in ("stale", "building") and time.monotonic() < deadline:
        time.sleep(0.5)
    assert _status(out) == "failed"
    assert not list(out.rglob("*.so"))  # nothing half-built is left to import
    log = (tmp_path / "compiled.log").read_text()
    assert "ran past its 1 s limit; pure Python stays" in log
    again = _play_step(out)
    assert again[0].startswith("== compiled engine: not in use (its last build failed")
    assert again[-1] == "path="
    assert _status(out) == "failed"  # no second build was started


def test_the_background_build_runs_at_the_lowest_priority(tmp_path: Path) -> None:
    out = tmp_path / "compiled"
    _play_step(out)
    log = tmp_path / "compiled.log"
    deadline = time.monotonic() + 300
    while (
        "building the compiled engine" not in (log.read_text() if log.exists() else "")
        and time.monotonic() < deadline
    ):
        time.sleep(0.2)
    first = log.read_text().splitlines()[0]
    assert "(nice 19" in first, first  # the build's own report of its priority
    if subprocess.run(["ionice", "-c", "3", "true"], check=False).returncode == 0:
        assert "I/O idle" in first, first
    while _status(out) == "building" and time.monotonic() < deadline:
        time.sleep(0.5)


def test_a_change_to_a_browser_file_does_not_rebuild_the_engine(tmp_path: Path) -> None:
    """A stylesheet or script edit left the stamp stale: the engine was rebuilt (13 CPU minutes)."""
    import importlib.util  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "scripts/build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    src = tmp_path / "hellas"
    (src / "web").mkdir(parents=True)
    (src / "rules.py").write_text("X = 1\n")
    (src / "data.toml").write_text("x = 1\n")
    (src / "web" / "style.css").write_text(".a { color: red; }\n")
    first = build.source_hash(src)
    (src / "web" / "style.css").write_text(".a { color: blue; }\n")
    (src / "web" / "render.js").write_text("export const a = 1;\n")
    assert build.source_hash(src) == first
    (src / "data.toml").write_text("x = 2\n")
    second = build.source_hash(src)
    assert second != first
    (src / "rules.py").write_text("X = 2\n")
    assert build.source_hash(src) != second

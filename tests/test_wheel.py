"""The wheel a user installs: built from this tree, installed into a fresh venv, run from outside.

``uv build`` makes the sdist and, from it, the wheel; the wheel goes into a new virtual
environment with the versions pinned in uv.lock (from uv's cache, which ./check's own install
has just filled; PyPI only if the cache was cleared). The installed ``hellas`` then prints its
versions, lists the games, plays a bot game of every game and serves the web table, every page
and static asset byte for byte. One test, so the build happens once per run.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from hellas.games import REGISTRY

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "hellas"


def uv() -> str:
    """Return the uv the test tools installed (or one on PATH)."""
    beside = Path(sys.executable).parent / "uv"
    found = str(beside) if beside.exists() else shutil.which("uv")
    assert found, "uv is missing: it comes with the test extras (./check installs it)"
    return found


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 300) -> str:
    """Run ``cmd``; fail the test with its output unless it exits 0."""
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = f"{proc.stdout}\n{proc.stderr}"
    assert proc.returncode == 0, f"{' '.join(cmd)} exited {proc.returncode}:\n{output}"
    return proc.stdout


def data_files() -> set[str]:
    """Return every non-Python file the package must carry: web/ and each game's web/ and data/."""
    games = PACKAGE / "games"
    roots = [PACKAGE / "web", *sorted(games.glob("*/web")), *sorted(games.glob("*/data"))]
    return {
        path.relative_to(PACKAGE.parent).as_posix()
        for root in roots
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def module_files() -> set[str]:
    """Return every Python module of the package."""
    return {
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
    }


def free_port() -> int:
    """Return a free TCP port on loopback."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def get(url: str) -> tuple[int, bytes]:
    """Return the status and body of a GET."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def install(tmp_path: Path) -> tuple[Path, Path]:
    """Build the sdist and wheel, install the wheel into a fresh venv; return (wheel, venv bin)."""
    dist = tmp_path / "dist"
    run([uv(), "build", "--quiet", "--out-dir", str(dist), str(ROOT)], cwd=tmp_path)
    wheels = list(dist.glob("hellas-*.whl"))
    assert len(wheels) == 1, wheels
    venv = tmp_path / "venv"
    run([uv(), "venv", "--quiet", "--python", sys.executable, str(venv)], cwd=tmp_path)
    pins = tmp_path / "pins.txt"
    run(
        [uv(), "export", "--frozen", "--no-emit-project", "--no-hashes", "--quiet",
         "--format", "requirements-txt", "--output-file", str(pins)],
        cwd=ROOT,
    )  # fmt: skip
    command = [uv(), "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"),
               "-r", str(pins), str(wheels[0])]  # fmt: skip
    try:
        run([*command, "--offline"], cwd=tmp_path)
    except AssertionError:  # uv's cache lacks something: the same pins from PyPI
        run(command, cwd=tmp_path)
    return wheels[0], venv / "bin"


def test_the_wheel_installs_plays_every_game_and_serves_every_asset(tmp_path: Path) -> None:
    wheel, bin_dir = install(tmp_path)

    # the wheel carries every module and every data/web file of the tree, subfolders included
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not data_files() - names, f"missing from the wheel: {sorted(data_files() - names)}"
    assert not module_files() - names, f"missing from the wheel: {sorted(module_files() - names)}"

    # run from outside the checkout, with nothing of it on the path
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    work = tmp_path / "work"
    work.mkdir()
    where = run([str(bin_dir / "python"), "-c", "import hellas; print(hellas.__file__)"], work, env)
    assert str(tmp_path / "venv") in where, where

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    lines = run([str(bin_dir / "hellas"), "--version"], work, env).splitlines()
    assert lines[0] == f"hellas {version}"
    listing = run([str(bin_dir / "hellas"), "games"], work, env)
    for game in REGISTRY:
        assert f"{game.meta.id} rules {game.meta.version} ({game.meta.title})" in lines
        assert game.meta.title in listing
        seats = ",".join(["bot"] * max(2, game.meta.min_seats))
        out = run(
            [str(bin_dir / "hellas"), "play", game.meta.id, "--seats", seats, "--seed", "1",
             "--no-pause"],
            work, env,
        )  # fmt: skip
        assert game.meta.title in out, out  # and it ended: run() checked the exit status

    port = free_port()
    server = subprocess.Popen(
        [str(bin_dir / "hellas"), "serve", "--port", str(port), "--db",
         f"sqlite:///{tmp_path / 'wheel.db'}", "--bot-delay", "0"],
        cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while get_or_none(base + "/api/games") is None:
            assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
            assert time.monotonic() < deadline, "the installed server did not start in 60 s"
            time.sleep(0.2)
        status, body = get(base + "/api/games")
        ids = json.dumps(json.loads(body))
        assert status == 200 and all(f'"{game.meta.id}"' in ids for game in REGISTRY), ids
        pages = {
            "/": "index.html",
            "/table/any": "table.html",
            "/replay/any": "replay.html",
            "/how-to-play/legends": "how-to-play.html",
        }
        for path, page in pages.items():
            assert get(base + path) == (200, (PACKAGE / "web" / page).read_bytes()), path
        web = sorted(name for name in data_files() if name.startswith("hellas/web/"))
        assert web
        for name in web:
            status, body = get(f"{base}/static/{name.removeprefix('hellas/web/')}")
            assert status == 200, f"{name}: HTTP {status}"
            assert body == (PACKAGE.parent / name).read_bytes(), f"{name} differs when served"
        own = sorted(n for n in data_files() if n.startswith("hellas/games/") and "/web/" in n)
        for name in own:
            game, _, file = name.removeprefix("hellas/games/").partition("/web/")
            status, body = get(f"{base}/static/games/{game}/{file}")  # server/gameweb.py
            assert (status, body) == (200, (PACKAGE.parent / name).read_bytes()), name
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def get_or_none(url: str) -> int | None:
    """Return the status of a GET, or None while nothing listens."""
    try:
        return get(url)[0]
    except OSError:
        return None

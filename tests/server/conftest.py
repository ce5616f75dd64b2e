"""A real Hellas server process on loopback, over SQLite or PostgreSQL, for server tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running server: its base URL, database URL and process."""

    url: str
    db: str
    port: int
    proc: subprocess.Popen[bytes]
    log: Any = None  # the file the server's standard error goes to

    def logged(self) -> str:
        """Return what the server has logged so far."""
        if self.log is None:
            return ""
        fd = self.log.fileno()  # pread: the server shares the file offset, leave it alone
        return os.pread(fd, os.fstat(fd).st_size, 0).decode(errors="replace")

    def get(self, path: str) -> tuple[int, Any]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")

    def post(self, path: str, body: Any, raw: bytes | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")

    def ws(self, table: str, seat: int | None = None, token: str | None = None) -> str:
        query = f"?seat={seat}&token={token}" if seat is not None else ""
        return f"ws://127.0.0.1:{self.port}/ws/{table}{query}"


def start_server(
    db: str,
    port: int | None = None,
    bot_delay: float = 0.0,
    args: Sequence[str] = (),
    main: str = "hellas.cli.main",  # the command's module (tests.nim.serve: with Nim registered)
) -> Server:
    port = port or free_port()
    # every test client shares 127.0.0.1, and most tests read the lobby right after changing a
    # table: unless a test sets them, no per-address TCP cap and no cached lobby pages (the
    # tests of those set them: test_connections.py, test_costs.py)
    extra = (
        [] if "--max-address-http-connections" in args else ["--max-address-http-connections", "0"]
    )
    if "--listing-cache" not in args:
        extra += ["--listing-cache", "0"]
    if "--ws-connect-rate" not in args:  # (test_costs.py tests the connect rate)
        extra += ["--ws-connect-rate", "0"]
    cmd = [
        sys.executable,
        "-m",
        main,
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        str(bot_delay),
        *extra,
        *args,
    ]
    # stderr goes to a file, not a pipe: nobody reads a pipe while the server runs, and a
    # server that logs more than the pipe holds (64 KiB) would block on its next write
    log = tempfile.TemporaryFile()  # noqa: SIM115 (it lives as long as the server)
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"server exited: {log.read().decode()[-2000:]}")
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2).read()
            return Server(url, db, port, proc, log)
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("server did not start")


def server_pair(db: str, args: Sequence[str]) -> Iterator[tuple[Server, Server]]:
    """Yield two servers on ``db`` started with ``args`` (stopped after; both or neither)."""
    a = start_server(db, args=list(args))
    try:
        b = start_server(db, args=list(args))
    except Exception:
        stop_server(a)
        raise
    yield a, b
    stop_server(a)
    stop_server(b)


def stop_server(server: Server, hard: bool = False) -> None:
    if server.proc.poll() is None:
        server.proc.send_signal(signal.SIGKILL if hard else signal.SIGTERM)
        try:
            server.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait()


def postgres_url() -> str | None:
    url = os.environ.get("HELLAS_TEST_PG_URL")
    if not url and os.environ.get("HELLAS_REQUIRE_PG") == "1":
        raise RuntimeError("HELLAS_REQUIRE_PG=1 but HELLAS_TEST_PG_URL is not set")
    return url


def fresh_pg_database(base_url: str) -> str:
    """Create an empty database on the PostgreSQL server; return its URL."""
    import secrets  # noqa: PLC0415

    import psycopg  # noqa: PLC0415

    name = "hellas_" + secrets.token_hex(4)
    plain = base_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    head, _, _old = base_url.rpartition("/")
    return f"{head}/{name}"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'hellas.db'}"
    s = start_server(db)
    yield s
    stop_server(s)


@pytest.fixture
def pg_db() -> str:
    """Return the URL of a fresh PostgreSQL database (skips without one; ./check has one)."""
    url = postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
    return fresh_pg_database(url)

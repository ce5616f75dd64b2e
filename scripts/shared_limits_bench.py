"""Shared limits: what one address gets from three server processes vs one process's limit.

Starts three ``hellas serve`` processes on one fresh PostgreSQL database (on the server --db
names) and, from one address (127.0.0.1), spreads over them in turn, as a load balancer would:

1. sign-in attempts with wrong passwords (a new name each; one process allows 10 a minute,
   bursts of 10);
2. cheap API requests (``GET /api/games``) with ``--http-rate R`` (bursts of 4R);
3. WebSocket connects with ``--ws-connect-rate C --ws-connect-burst B``.

For each it prints how many were sent, how many passed, what one process allows over the same
time (its burst plus its refill) and the ratio (the goal: at most 1.5; it was about 3 when
each process kept its own limits), and the load average.  Bounded: a fixed number of attempts.

    .venv/bin/python scripts/shared_limits_bench.py \\
        --db postgresql+psycopg://hellas@127.0.0.1:54329/postgres
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from server.conftest import Server, fresh_pg_database, start_server, stop_server


def status(server: Server, method: str, path: str, body: object = None) -> int:
    """Return the status of one request."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            r.read()
            return int(r.status)
    except urllib.error.HTTPError as e:
        e.read()
        return int(e.code)


def three(db: str, args: list[str]) -> list[Server]:
    """Start three processes on ``db``."""
    servers: list[Server] = []
    try:
        for _ in range(3):
            servers.append(
                start_server(db, args=["--hold-refused", "0", "--bot-workers", "1", *args])
            )
    except Exception:
        for server in servers:
            stop_server(server)
        raise
    return servers


def report(what: str, sent: int, passed: int, burst: float, rate: float, seconds: float) -> None:
    """Print one limit's figures."""
    one = burst + rate * seconds
    print(
        f"{what}: {sent} sent over 3 processes in {seconds:.1f} s, {passed} passed; one process "
        f"allows {one:.1f} in that time: {passed / one:.2f}x"
    )


def main() -> int:
    """Run the three measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (a fresh database is made)")
    parser.add_argument("--signins", type=int, default=60)
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--http-rate", type=float, default=5.0)
    parser.add_argument("--connects", type=int, default=120)
    parser.add_argument("--connect-rate", type=float, default=1.0)
    parser.add_argument("--connect-burst", type=int, default=10)
    args = parser.parse_args()
    before = os.getloadavg()[0]
    servers = three(fresh_pg_database(args.db), ["--create-rate", "0"])
    try:
        began, passed = time.monotonic(), 0
        for i, server in zip(range(args.signins), itertools.cycle(servers), strict=False):
            body = {"name": f"Nobody {i}", "password": "wrong password"}
            passed += status(server, "POST", "/api/account/signin", body) == 401
        report("sign-in attempts", args.signins, passed, 10, 10 / 60, time.monotonic() - began)
    finally:
        for server in servers:
            stop_server(server)
    servers = three(fresh_pg_database(args.db), ["--http-rate", f"{args.http_rate:g}"])
    try:
        began, passed = time.monotonic(), 0
        for _i, server in zip(range(args.requests), itertools.cycle(servers), strict=False):
            passed += status(server, "GET", "/api/games") == 200
        rate = args.http_rate
        report("API requests", args.requests, passed, 4 * rate, rate, time.monotonic() - began)
    finally:
        for server in servers:
            stop_server(server)
    flags = ["--ws-connect-rate", f"{args.connect_rate:g}"]
    flags += ["--ws-connect-burst", str(args.connect_burst)]
    servers = three(fresh_pg_database(args.db), flags)
    try:
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2}
        req = urllib.request.Request(
            servers[0].url + "/api/tables",
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=60) as r:
            table = json.loads(r.read())["id"]
        began, passed = time.monotonic(), 0
        for _i, server in zip(range(args.connects), itertools.cycle(servers), strict=False):
            try:
                with connect(server.ws(table), open_timeout=60):
                    passed += 1
            except InvalidStatus:
                pass
        seconds = time.monotonic() - began
        report(
            "WebSocket connects",
            args.connects,
            passed,
            args.connect_burst,
            args.connect_rate,
            seconds,
        )
    finally:
        for server in servers:
            stop_server(server)
    print(f"load average (1 min): {before:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Shared limits: what one address gets from three server processes vs one process's limit.

Starts three ``hellas serve`` processes on one fresh PostgreSQL database (on the server --db
names) and, from one address (127.0.0.1), spreads over them in turn, as a load balancer would:

1. sign-in attempts with wrong passwords (a new name each; one process allows 10 a minute,
   bursts of 10);
2. cheap API requests (``GET /api/games``) with ``--http-rate R`` (bursts of 4R);
3. WebSocket connects with ``--ws-connect-rate C --ws-connect-burst B``;
4. table creations with ``--create-rate N`` (bursts of N);
5. replay steps with ``--replay-rate N`` (bursts of N/10);
6. open TCP connections held at once with ``--max-address-http-connections K``: each process
   allows its share, K divided by the processes alive (the ratio: held / K);
7. hints with ``--hint-rate N`` (bursts of N), each process asked at a table of its own.

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
import socket
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from server.conftest import Server, fresh_pg_database, start_server, stop_server
from server.test_cluster_shared import hint_asker, hint_table


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


def made_table(server: Server) -> dict[str, object]:
    """Create a two-person Legends table on ``server``; return its answer (id, seat, token)."""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2}
    req = urllib.request.Request(
        server.url + "/api/tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        answer: dict[str, object] = json.loads(r.read())
    return answer


def spread(servers: list[Server], count: int, ask: Callable[[Server], bool]) -> tuple[int, float]:
    """Ask ``count`` times over the servers in turn; return (how many passed, seconds)."""
    began, passed = time.monotonic(), 0
    for _i, server in zip(range(count), itertools.cycle(servers), strict=False):
        passed += bool(ask(server))
    return passed, time.monotonic() - began


def creations_and_replays(db: str, args: argparse.Namespace) -> None:
    """Measure the shared create and replay rates (issue 47 leftovers)."""
    rate, replay = args.create_rate, args.replay_rate
    flags = ["--create-rate", f"{rate:g}", "--replay-rate", f"{replay:g}"]
    servers = three(db, flags)
    try:
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2}
        passed, seconds = spread(
            servers, args.creations, lambda s: status(s, "POST", "/api/tables", body) == 200
        )
        report("table creations", args.creations, passed, rate, rate / 60, seconds)
        time.sleep(max(0.0, 60 * 1.0 / max(rate, 1e-9)))  # a token for the replay's table
        table = made_table(servers[0])
        you = table["you"]
        assert isinstance(you, dict)
        path = f"/api/tables/{table['id']}/replay/0?seat={you['seat']}&token={you['token']}"
        passed, seconds = spread(servers, args.replays, lambda s: status(s, "GET", path) == 200)
        report("replay steps", args.replays, passed, replay / 10, replay / 60, seconds)
    finally:
        for server in servers:
            stop_server(server)


def hints(db: str, count: int, rate: float) -> None:
    """Measure the shared hint rate: ``count`` hints spread over three processes."""
    flags = ["--hint-rate", f"{rate:g}", "--hint-seconds", "0.05", "--create-rate", "0"]
    servers = three(db, flags)
    try:
        tables = {server.port: hint_table(server) for server in servers}  # made before the clock
        ask = hint_asker(tables)
        passed, seconds = spread(servers, count, lambda s: ask(s) == 200)
        report("hints", count, passed, rate, rate / 60, seconds)
    finally:
        for server in servers:
            stop_server(server)


def held_connections(db: str, cap: int) -> None:
    """Measure the open-connection cap per address over three processes."""
    servers = three(db, ["--max-address-http-connections", str(cap), "--idle-timeout", "120"])
    held: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 120
        for server in servers:  # each counts the processes alive at its lease renewal
            while "3 processes" not in str(server.get("/readyz")[1]):
                if time.monotonic() > deadline:
                    raise RuntimeError("the processes did not count each other")
                time.sleep(0.2)
        opened = 0
        for server in itertools.islice(itertools.cycle(servers), 3 * cap + 6):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
            held.append(sock)
            try:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: hellas\r\n\r\n")
                opened += sock.recv(12).startswith(b"HTTP/1.1 200")
            except OSError:  # refused: closed unread
                pass
        print(
            f"open connections: {len(held)} tried over 3 processes, {opened} held at once; one "
            f"process allows {cap}: {opened / cap:.2f}x"
        )
    finally:
        for sock in held:
            sock.close()
        for server in servers:
            stop_server(server)


def main() -> int:
    """Run the measurements and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (a fresh database is made)")
    parser.add_argument("--signins", type=int, default=60)
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--http-rate", type=float, default=5.0)
    parser.add_argument("--connects", type=int, default=120)
    parser.add_argument("--connect-rate", type=float, default=1.0)
    parser.add_argument("--connect-burst", type=int, default=10)
    parser.add_argument("--creations", type=int, default=60)
    parser.add_argument("--create-rate", type=float, default=10.0)
    parser.add_argument("--replays", type=int, default=120)
    parser.add_argument("--replay-rate", type=float, default=60.0)
    parser.add_argument("--address-cap", type=int, default=12)
    parser.add_argument("--hints", type=int, default=60)
    parser.add_argument("--hint-rate", type=float, default=10.0)
    parser.add_argument("--only-new", action="store_true", help="the issue 47 leftovers only")
    args = parser.parse_args()
    before = os.getloadavg()[0]
    creations_and_replays(fresh_pg_database(args.db), args)
    held_connections(fresh_pg_database(args.db), args.address_cap)
    hints(fresh_pg_database(args.db), args.hints, args.hint_rate)
    if args.only_new:
        print(f"load average (1 min): {before:.2f} before, {os.getloadavg()[0]:.2f} after")
        return 0
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

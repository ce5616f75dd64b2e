"""Chaos: faults a cluster of Hellas server processes must heal on its own (issue 47).

Makes a private PostgreSQL server (initdb in a temporary folder, so nobody else's database
goes away), starts three ``hellas serve`` processes on one fresh database with all-bot tables
playing on them, and then, one after the other:

1. restarts PostgreSQL under load (down for --down seconds) and measures the seconds from its
   return until every unfinished table has stored a new move, with no request made (goal: 10);
2. freezes one process (SIGSTOP) past its leases and resumes it (SIGCONT);
3. starts two more processes with alike names (the same host name and port, on 127.0.0.1 and
   127.0.0.2) and lets everything play for a while;
4. damages one clock row of a timed table (``seat = 99, deadline = 1``; PostgreSQL's typed
   column refuses the ``seat = 'x'`` of the issue, which tests/server/test_cluster_faults.py
   shows on SQLite) and counts the other timed tables whose seats still time out;

then prints the figures: seconds until every table moved again, conflicts (two processes
storing one step: the processes with alike names and all of them), timers that fired, tables
marked unavailable, and lost or repeated steps (every table's stored steps must run 0..n-1).

    .venv/bin/python scripts/chaos_bench.py --tables 6 --down 5
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from failover_bench import wait  # the scripts' folder is on the path of a script it runs

from server.conftest import (
    Server,
    free_port,
    fresh_pg_database,
    start_server,
    stop_server,
)
from server.test_cluster import finished, moves, sql
from server.test_cluster_faults import private_pg_server

FLAGS = ["--lease-seconds", "2", "--create-rate", "0", "--bot-workers", "1"]
PER_MOVE = 3.0  # seconds a timed table's decision may take (the shortest a pace allows)


def launch(db: str, port: int | None = None, args: tuple[str, ...] = ()) -> Server:
    """Start a ``hellas serve`` process; on a loaded machine a start may take a few tries."""
    for attempt in range(3):
        try:
            return start_server(db, port=port, bot_delay=0.3, args=[*FLAGS, *args])
        except RuntimeError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def bot_table(server: Server, seed: int) -> str:
    """Create an all-bot Legends table (a long game) on ``server``; return its id."""
    body = {
        "game": "legends",
        "seed": seed,
        "options": {"players": 3, "mission": 2},
        "seats": ["heuristic"] * 3,
    }
    _s, data = server.post("/api/tables", body)
    return str(data["id"])


def timed_table(server: Server, seed: int) -> str:
    """Create a timed table whose human never moves: its seat times out after PER_MOVE s."""
    body = {
        "game": "lords",
        "options": {"players": 2},
        "seats": ["human", "heuristic"],
        "seed": seed,
        "pace": {"per_move": PER_MOVE},
    }
    _s, data = server.post("/api/tables", body)
    return str(data["id"])


def metric(server: Server, name: str) -> float:
    """Return one counter of a server's /metrics (0 when it does not answer)."""
    try:
        with urllib.request.urlopen(server.url + "/metrics", timeout=30) as r:
            body = r.read().decode()
    except OSError:
        return 0.0
    found = re.search(rf"^{re.escape(name)} ([0-9.e+]+)$", body, re.M)
    return float(found.group(1)) if found else 0.0


def ready(server: Server) -> bool:
    """Return whether a server answers /readyz with 200 (False while it starts)."""
    try:
        with urllib.request.urlopen(server.url + "/readyz", timeout=10) as r:
            return r.status == 200
    except OSError:
        return False


def unavailable(servers: list[Server], tables: list[str]) -> int:
    """Return how many of ``tables`` some process answers 409 "unavailable" for."""
    bad = set()
    for server in servers:
        for table in tables:
            status, body = server.get(f"/api/tables/{table}")
            if status == 409 and body.get("code") == "unavailable":
                bad.add(table)
    return len(bad)


def timed_out(db: str, tables: list[str]) -> int:
    """Return how many of ``tables`` have a seat whose time ran out (stored)."""
    rows = sql(
        db,
        "SELECT count(DISTINCT table_id) FROM hellas_clocks WHERE table_id = ANY(%s) AND timed_out",
        tables,
    )
    return int(rows[0][0])


def contiguous(db: str, tables: list[str]) -> int:
    """Return how many tables have a gap or a repeat in their stored steps (goal 0)."""
    broken = 0
    for table in tables:
        try:
            moves(db, table)  # asserts steps 0..n-1
        except AssertionError:
            broken += 1
    return broken


def main() -> int:
    """Run the faults and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6, help="all-bot tables to play")
    parser.add_argument("--down", type=float, default=5.0, help="seconds PostgreSQL is down")
    parser.add_argument("--bound", type=float, default=120.0, help="give up after (seconds)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="hellas-chaos-", dir="/tmp") as where:
        pg = private_pg_server(Path(where))
        servers: list[Server] = []
        try:
            db = fresh_pg_database(pg.url)
            servers = [launch(db) for _ in range(3)]
            tables = [bot_table(servers[n % 3], 200 + n) for n in range(args.tables)]
            wait(lambda: all(len(moves(db, t)) >= 3 for t in tables), args.bound)

            # 1. PostgreSQL restarted under load
            pg.stop()
            time.sleep(args.down)
            pg.start()
            back = time.monotonic()
            before = {t: len(moves(db, t)) for t in tables}
            wait(
                lambda: all(len(moves(db, t)) > before[t] or finished(db, t) for t in tables),
                args.bound,
            )
            healed = time.monotonic() - back

            # 2. one process frozen past its leases, then resumed
            frozen = servers[0]
            frozen.proc.send_signal(signal.SIGSTOP)
            time.sleep(5.0)
            frozen.proc.send_signal(signal.SIGCONT)

            # 3. two processes with alike names: one host name and port, two addresses
            port = free_port()
            alike = [launch(db, port)]
            twin = launch(db, port, ("--host", "127.0.0.2"))
            twin.url = f"http://127.0.0.2:{port}"  # start_server waited on the first's address
            alike.append(twin)
            servers += alike
            wait(lambda: ready(twin), args.bound)
            more = [bot_table(alike[n % 2], 300 + n) for n in range(4)]
            tables += more

            # 4. one damaged clock row among timed tables
            timed = [timed_table(servers[n % len(servers)], 400 + n) for n in range(4)]
            wait(lambda: sql(db, "SELECT 1 FROM hellas_clocks WHERE table_id = %s", timed[0]), 30)
            sql(
                db, "UPDATE hellas_clocks SET seat = 99, deadline = 1 WHERE table_id = %s", timed[0]
            )
            wait(lambda: timed_out(db, timed[1:]) == len(timed) - 1, PER_MOVE * 10 + 30)
            time.sleep(8.0)  # everything plays on for a while

            conflicts_alike = sum(metric(s, "hellas_cluster_conflicts_total") for s in alike)
            conflicts = sum(metric(s, "hellas_cluster_conflicts_total") for s in servers)
            fired = timed_out(db, timed[1:])
            gaps = contiguous(db, tables)
            marked = unavailable(servers, tables + timed[1:])
        finally:
            for server in servers:
                server.proc.send_signal(signal.SIGCONT)
                stop_server(server)
            pg.stop()
    rows = [
        (
            "seconds until every table moved again after PostgreSQL came back",
            f"{healed:.1f}",
            "≤ 10",
        ),
        ("conflicts (a step tried twice) between the two alike names", f"{conflicts_alike:g}", "0"),
        (f"conflicts among all {len(servers)} processes (the freeze too)", f"{conflicts:g}", "-"),
        ("timers that fired beside the damaged row", f"{fired} of {len(timed) - 1}", "all"),
        ("healthy tables answered 'unavailable'", str(marked), "0"),
        ("tables with a lost or repeated step", f"{gaps} of {len(tables)}", "0"),
    ]
    print("| figure | measured | goal |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"load average (1 min): {load:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())

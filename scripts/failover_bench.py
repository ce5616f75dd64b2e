"""Failover: how long a bot table stands still when the process playing it is killed.

Starts two Hellas server processes on one PostgreSQL database (a fresh database on the server
that --db names), creates an all-bot Legends table, waits for a few moves, kills the process
that holds the table's lease with SIGKILL, and measures the time from the last move stored
before the kill to the first move the other process stores (from the moves' own timestamps).
Repeats --rounds times, each with a fresh pair of processes.  Bounded: each round gives up after
--seconds.  With --freeze the owner is stopped with SIGSTOP instead (a hung process: its
database sessions stay open, so the other process must wait for the lease to lapse).

    .venv/bin/python scripts/failover_bench.py \\
        --db postgresql+psycopg://hellas@127.0.0.1:54329/postgres --rounds 3 --lease 6
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hellas.server.cluster import listen_url
from server.conftest import fresh_pg_database, start_server, stop_server


def sql(db: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run one query on the database; return its rows."""
    import psycopg  # noqa: PLC0415

    with psycopg.connect(listen_url(db), autocommit=True) as conn:
        cur = conn.execute(query, args)
        return list(cur.fetchall()) if cur.description else []


def wait(check: Any, seconds: float) -> Any:
    """Return ``check()``'s first true value within ``seconds`` (else raise)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"nothing within {seconds:g} s")


def one_round(
    base: str, lease: float, bound: float, seed: int, freeze: bool = False
) -> tuple[float, float]:
    """Return (seconds the table stood still, seconds from the kill to the next move)."""
    db = fresh_pg_database(base)
    flags = ["--lease-seconds", f"{lease:g}", "--bot-workers", "1", "--create-rate", "0"]
    a = start_server(db, bot_delay=0.05, args=flags)
    b = start_server(db, bot_delay=0.05, args=flags)
    try:
        _s, data = a.post(
            "/api/tables",
            {
                "game": "legends",
                "seed": seed,
                "options": {"players": 3, "mission": 2},
                "seats": ["heuristic"] * 3,
            },
        )
        table = data["id"]
        count = "SELECT count(*), max(at) FROM hellas_moves WHERE table_id = %s"
        wait(lambda: sql(db, count, table)[0][0] >= 10, bound)
        owner = sql(db, "SELECT owner FROM hellas_leases WHERE table_id = %s", table)[0][0]
        victim = a if owner.startswith(f"{socket.gethostname()}:{a.port}"[:27] + "~") else b
        victim.proc.send_signal(signal.SIGSTOP if freeze else signal.SIGKILL)
        killed = time.time()
        if not freeze:
            victim.proc.wait()
        before, last = sql(db, count, table)[0]
        wait(lambda: sql(db, count, table)[0][0] > before, bound)
        first = sql(
            db, "SELECT at FROM hellas_moves WHERE table_id = %s AND seq = %s", table, before
        )[0][0]
        return first - last, first - killed
    finally:
        for server in (a, b):
            if freeze:
                server.proc.kill()  # a stopped process cannot hear SIGTERM
            stop_server(server)


def main() -> int:
    """Run the rounds and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (a fresh database is made)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lease", type=float, default=6.0, help="hellas serve --lease-seconds")
    parser.add_argument("--seconds", type=float, default=120.0, help="bound per round")
    parser.add_argument("--freeze", action="store_true", help="SIGSTOP the owner, not SIGKILL")
    args = parser.parse_args()
    before = os.getloadavg()[0]
    stills, after_kill = [], []
    for n in range(args.rounds):
        still, since = one_round(args.db, args.lease, args.seconds, 100 + n, args.freeze)
        stills.append(still)
        after_kill.append(since)
        print(f"round {n + 1}: table still {still:.2f} s; first move {since:.2f} s after it")
    print(
        f"--lease-seconds {args.lease:g}: the table stood still {statistics.median(stills):.2f} s "
        f"(median of {args.rounds}; max {max(stills):.2f} s); first move after the signal: "
        f"median {statistics.median(after_kill):.2f} s, max {max(after_kill):.2f} s"
    )
    print(f"load average (1 min): {before:.2f} before, {os.getloadavg()[0]:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())

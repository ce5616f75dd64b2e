"""What one notice of another process costs a listening server process (the NOTIFY fan-out).

Every server process over one PostgreSQL database hears every move of every other process
(``server/cluster.py``).  This starts one process's hub with its cluster part listening on a
fresh database, has a separate process send --notices move notices for tables this process does
not hold (the common case on a large site), and prints the CPU time this process spent per
notice, receiving and setting it aside.

    .venv/bin/python scripts/notice_cost.py \\
        --db postgresql+psycopg://hellas@127.0.0.1:54329/postgres --notices 20000
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hellas.server.cluster import Cluster, listen_url
from hellas.server.hub import Hub
from hellas.server.store import Store
from server.conftest import fresh_pg_database

SENDER = """
import sys
import psycopg
with psycopg.connect(sys.argv[1]) as conn:
    for i in range(int(sys.argv[2])):
        note = f"elsewhere-1 t{i % 500} move {i} key:{i}"
        conn.execute("SELECT pg_notify('hellas', %s)", (note,))
    conn.commit()
"""


async def measure(base: str, count: int) -> tuple[float, float]:
    """Return (CPU microseconds per notice, seconds until all were heard)."""
    db = fresh_pg_database(base)
    store = Store(db)
    hub = Hub(store, cluster=Cluster(store))
    tasks = hub.cluster.start()
    try:
        while not hub.cluster.listening:
            await asyncio.sleep(0.05)
        cpu, began = time.process_time(), time.perf_counter()
        command = [sys.executable, "-c", SENDER, listen_url(db), str(count)]
        await asyncio.to_thread(subprocess.run, command, check=True)
        while hub.cluster.stats.heard < count:
            await asyncio.sleep(0.01)
        return (time.process_time() - cpu) / count * 1e6, time.perf_counter() - began
    finally:
        for task in tasks:
            task.cancel()
        await hub.close()
        store.close()


def main() -> int:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (a fresh database is made)")
    parser.add_argument("--notices", type=int, default=20000)
    args = parser.parse_args()
    per, wall = asyncio.run(measure(args.db, args.notices))
    print(f"{args.notices} notices for tables not held here: {per:.1f} us of CPU each")
    print(f"(all heard {wall:.2f} s after the sender started, its own start-up included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long the server takes to start with many stored tables, and to open one of them.

Fills a temporary SQLite database with --tables unfinished Legends tables (2 human seats each,
--moves random legal choices already played; --bots of them have a bot seat, which the server
resumes in the background), then starts ``hellas serve`` on it and times: the first answer to
any request, the first lobby page, and the first request for one stored table (which loads it
by replaying its moves).  The same start on an empty database is timed for comparison.

    .venv/bin/python scripts/startup_tables.py --tables 3000 --moves 40
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from sqlalchemy import insert

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from hellas.games import REGISTRY  # noqa: E402
from hellas.server.store import MOVES, SEATS, TABLES, Store, hash_token  # noqa: E402
from server.conftest import free_port  # noqa: E402


def fill(url: str, tables: int, moves: int, bots: int) -> list[str]:
    """Store ``tables`` Legends tables with ``moves`` random legal choices each; return ids."""
    game = REGISTRY.get("legends")
    options = game.validate_options({"players": 2})
    store = Store(url)
    rng = random.Random(1)
    ids, table_rows, seat_rows, move_rows = [], [], [], []
    for seed in range(tables):
        table_id = f"t{seed:05d}"
        created = time.time() - tables + seed
        table_rows.append(
            {
                "id": table_id,
                "game": game.meta.id,
                "version": game.meta.version,
                "options": json.dumps(options),
                "seed": str(seed),
                "name": "",
                "created": created,
                "finished": False,
            }
        )
        for seat in range(2):
            kind = "heuristic" if seed < bots and seat == 1 else "human"
            hashed = hash_token(f"{table_id}/{seat}") if kind == "human" else ""
            seat_rows.append(
                {"table_id": table_id, "seat": seat, "kind": kind, "bot": ""}
                | {"token_hash": hashed, "claimed": True}
            )
        state = game.new(options, seed)
        for step in range(moves):
            seat = game.to_act(state)
            if seat is None or (seed < bots and seat == 1):
                break  # the bot's turn: the server plays it once the table is resumed
            choice = rng.choice(game.choices(state))
            game.step(state, choice)
            move_rows.append(
                {"table_id": table_id, "seq": step, "key": choice.key, "seat": seat, "at": created}
            )
        ids.append(table_id)
    with store.engine.begin() as conn:  # one transaction: filling is not what is measured
        conn.execute(insert(TABLES), table_rows)
        conn.execute(insert(SEATS), seat_rows)
        conn.execute(insert(MOVES), move_rows)
    store.close()
    return ids


def timed_start(url: str, table: str | None) -> tuple[float, float, float]:
    """Start a server; return seconds to its first answer, first lobby page, first table."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "hellas.cli.main", "serve", "--port", str(port), "--db", url]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                urllib.request.urlopen(base + "/api/games", timeout=5).read()
                break
            except OSError:
                if proc.poll() is not None or time.perf_counter() - start > 120:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.01)
        up = time.perf_counter() - start
        urllib.request.urlopen(base + "/api/tables?status=open", timeout=60).read()
        lobby = time.perf_counter() - start
        opened = lobby
        if table:
            urllib.request.urlopen(base + f"/api/tables/{table}", timeout=60).read()
            opened = time.perf_counter() - start
        return up, lobby, opened
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def main() -> int:
    """Fill a database, time the server's start on it and on an empty one, print both."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=3000)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--bots", type=int, default=30, help="tables with a bot seat")
    parser.add_argument("--keep", default="", help="also copy the full database to this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        empty = f"sqlite:///{Path(tmp) / 'empty.db'}"
        full = f"sqlite:///{Path(tmp) / 'full.db'}"
        Store(empty).close()
        made = time.perf_counter()
        ids = fill(full, args.tables, args.moves, args.bots)
        made = time.perf_counter() - made
        if args.keep:
            shutil.copy(Path(tmp) / "full.db", args.keep)
        print(f"stored {len(ids)} tables ({args.bots} with a bot seat) in {made:.1f} s")
        print(f"load average (1 min): {os.getloadavg()[0]:.2f}")
        for label, url, table in (
            ("empty database", empty, None),
            ("full database", full, ids[-1]),
        ):
            up, lobby, opened = timed_start(url, table)
            line = f"{label}: first answer {up:.2f} s, lobby page {lobby:.2f} s"
            print(line + (f", first stored table opened {opened:.2f} s" if table else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

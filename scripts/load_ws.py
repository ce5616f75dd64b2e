"""Load test: 100 concurrent tables played by bot clients through the WebSocket API.

Starts a Hellas server on loopback (its own temporary SQLite database, or --db URL), creates
N Legends tables whose seats are all "human", connects one WebSocket client per seat, and lets
every client play a random legal choice whenever it is its turn.  Bounded: it stops when every
table is finished or after --seconds.  Prints choices per second and the p50/p99 latency from
sending a choice to receiving the state that includes it.

    .venv/bin/python scripts/load_ws.py --tables 100 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server.conftest import start_server, stop_server


def create_table(base: str, players: int, seed: int) -> dict[str, object]:
    body = {
        "game": "legends",
        "options": {"players": players, "mission": 1},
        "seats": ["human"] * players,
        "seed": seed,
    }
    req = urllib.request.Request(
        base + "/api/tables",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    data = json.loads(urllib.request.urlopen(req).read())
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    for join in data["join"]:
        req = urllib.request.Request(
            base + f"/api/tables/{data['id']}/claim",
            data=json.dumps({"seat": join["seat"]}).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        tokens[join["seat"]] = json.loads(urllib.request.urlopen(req).read())["token"]
    return {"id": data["id"], "tokens": tokens}


async def seat_client(
    port: int,
    table: str,
    seat: int,
    token: str,
    deadline: float,
    latencies: list[float],
    done: dict[str, bool],
    rng: random.Random,
) -> int:
    url = f"ws://127.0.0.1:{port}/ws/{table}?seat={seat}&token={token}"
    made = 0
    async with websockets.connect(url, max_size=2**22) as ws:
        pending: tuple[int, float] | None = None
        while time.monotonic() < deadline and not done.get(table):
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, deadline - time.monotonic())
                )
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            if pending and msg["seq"] > pending[0]:
                latencies.append(time.monotonic() - pending[1])
                pending = None
            if msg["outcome"]:
                done[table] = True
                break
            if msg["choices"] and pending is None:
                key = rng.choice(msg["choices"])["key"]
                pending = (msg["seq"], time.monotonic())
                await ws.send(json.dumps({"type": "choose", "key": key, "seq": msg["seq"]}))
                made += 1
    return made


async def run(
    port: int, tables: list[dict[str, object]], seconds: float
) -> tuple[int, float, list[float]]:
    latencies: list[float] = []
    done: dict[str, bool] = {}
    start = time.monotonic()
    deadline = start + seconds
    rng = random.Random(1)
    jobs = [
        seat_client(
            port, str(t["id"]), seat, token, deadline, latencies, done, random.Random(rng.random())
        )
        for t in tables
        for seat, token in t["tokens"].items()
    ]  # type: ignore[attr-defined]
    made = await asyncio.gather(*jobs)
    return sum(made), time.monotonic() - start, latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        server = start_server(db)
        try:
            tables = [create_table(server.url, args.players, seed) for seed in range(args.tables)]
            made, elapsed, latencies = asyncio.run(run(server.port, tables, args.seconds))
        finally:
            stop_server(server)
    latencies.sort()
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    print(
        f"tables: {args.tables} x {args.players} seats ({args.tables * args.players} "
        f"WebSocket clients), database: {'custom' if args.db else 'SQLite (temporary)'}"
    )
    print(f"choices: {made} in {elapsed:.1f} s = {made / elapsed:.0f} choices/s")
    print(f"choice latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

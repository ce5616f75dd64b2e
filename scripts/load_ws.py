"""Load test: many concurrent tables played by clients through the WebSocket API.

Starts a Hellas server on loopback (its own temporary SQLite database, or --db URL; or uses a
running one with --url), creates N Legends tables whose seats are all "human", connects one
WebSocket client per seat, and lets every client play a random legal choice whenever it is its
turn: at once (saturated), or after thinking about --pace seconds (a human pace; each think
time is drawn uniformly from 0.5x to 1.5x the pace).  Bounded: it stops when every table is
finished or after --seconds.  Prints the machine's load average, choices per second and the
latency from sending a choice to receiving the state that includes it.

With --spectators K every table also has K spectators' WebSockets that only read its messages
(each sees every move; they count in the server's CPU per choice).  --json prints the figures
as one JSON object instead of sentences (``server_cpu_us_per_choice`` is the figure issue 52
measures).

With --processes N (N > 1, a PostgreSQL --db) it starts N server processes on that database,
creates each table on one of them and connects each seat to the next one round the ring, so
every move reaches the other seats through another process (PostgreSQL LISTEN/NOTIFY): it also
prints the relay latency, from a choice sent to one process until another seat, on another
process, receives the state that includes it.

    .venv/bin/python scripts/load_ws.py --tables 100 --seconds 60            # saturated
    .venv/bin/python scripts/load_ws.py --tables 100 --seconds 60 --pace 2   # human pace
    .venv/bin/python scripts/load_ws.py --tables 20 --seconds 10 --spectators 1 --json
    .venv/bin/python scripts/load_ws.py --tables 20 --seconds 15 --processes 2 \
        --db postgresql+psycopg://hellas@127.0.0.1:54329/bench       # two processes
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import uvloop
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from server.conftest import start_server, stop_server


def post(base: str, path: str, body: dict[str, object]) -> dict[str, object]:
    """POST a JSON body; return the JSON answer (after waiting as told, if over a rate)."""
    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    for _ in range(60):
        try:
            return json.loads(urllib.request.urlopen(req).read())  # type: ignore[no-any-return]
        except urllib.error.HTTPError as exc:
            if exc.code != 429:  # over the request rate: a polite client waits, then asks again
                raise
            time.sleep(float(exc.headers.get("Retry-After") or 1))
    raise RuntimeError(f"{path}: still refused after a minute of waiting")


def create_table(base: str, players: int, seed: int) -> dict[str, object]:
    """Create one all-human Legends table and claim every seat; return its id and tokens."""
    body = {
        "game": "legends",
        "options": {"players": players, "mission": 1},
        "seats": ["human"] * players,
        "seed": seed,
    }
    data = post(base, "/api/tables", body)
    you = data["you"]
    tokens = {you["seat"]: you["token"]}  # type: ignore[index]
    for join in data["join"]:  # type: ignore[attr-defined]
        claimed = post(base, f"/api/tables/{data['id']}/claim", {"seat": join["seat"]})
        tokens[join["seat"]] = claimed["token"]
    return {"id": data["id"], "tokens": tokens}


@dataclass
class Tally:
    """What all clients measured."""

    latencies: list[float] = field(default_factory=list)
    relayed: list[float] = field(default_factory=list)  # choice sent -> another seat sees it
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, seq) -> when
    done: set[str] = field(default_factory=set)
    made: int = 0
    watched: int = 0  # messages the spectators received


async def seat_client(
    ws_base: str,
    table: str,
    seat: int,
    token: str,
    deadline: float,
    pace: float,
    tally: Tally,
    rng: random.Random,
) -> None:
    """Play one seat: choose at random when offered choices, after thinking if paced."""
    url = f"{ws_base}/ws/{table}?seat={seat}&token={token}"
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout_at(deadline), websockets.connect(url, max_size=2**22) as ws:
            await play_seat(ws, table, pace, tally, rng)


async def spectator_client(ws_base: str, table: str, deadline: float, tally: Tally) -> None:
    """Watch one table: read its messages until it is finished (the caller bounds the time)."""
    with contextlib.suppress(TimeoutError):
        async with (
            asyncio.timeout_at(deadline),
            websockets.connect(f"{ws_base}/ws/{table}", max_size=2**22) as ws,
        ):
            while table not in tally.done:
                msg = orjson.loads(await ws.recv())
                tally.watched += 1
                if msg.get("outcome"):
                    break


async def play_seat(ws: Any, table: str, pace: float, tally: Tally, rng: random.Random) -> None:
    """Receive states; answer those offering choices (the caller bounds the time)."""
    pending: tuple[int, float] | None = None
    while table not in tally.done:
        msg = orjson.loads(await ws.recv())
        if msg["type"] != "state":
            continue
        if pending and msg["seq"] > pending[0]:
            tally.latencies.append(time.monotonic() - pending[1])
            pending = None
        elif (table, msg["seq"] - 1) in tally.sent:  # another seat's choice, seen here
            tally.relayed.append(time.monotonic() - tally.sent.pop((table, msg["seq"] - 1)))
        if msg["outcome"]:
            tally.done.add(table)
            break
        if msg["choices"] and pending is None:
            if pace:
                await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            key = rng.choice(msg["choices"])["key"]
            pending = (msg["seq"], time.monotonic())
            tally.sent[(table, msg["seq"])] = pending[1]
            choice = {"type": "choose", "key": key, "seq": msg["seq"]}
            await ws.send(orjson.dumps(choice).decode())
            tally.made += 1


async def run(
    ws_bases: list[str],
    tables: list[dict[str, object]],
    seconds: float,
    pace: float,
    spread: bool = True,
    spectators: int = 0,
) -> tuple[Tally, float]:
    """Run every seat's client until the deadline; return the tally and the elapsed time."""
    tally = Tally()
    start = asyncio.get_running_loop().time()  # the clock asyncio.timeout_at reads
    deadline = start + seconds
    rng = random.Random(1)
    jobs = [
        seat_client(
            ws_bases[(n + seat * spread) % len(ws_bases)],  # each seat one process further on
            str(t["id"]),
            seat,
            token,
            deadline,
            pace,
            tally,
            random.Random(rng.random()),
        )
        for n, t in enumerate(tables)
        for seat, token in t["tokens"].items()  # type: ignore[attr-defined]
    ]
    jobs += [
        spectator_client(ws_bases[n % len(ws_bases)], str(t["id"]), deadline, tally)
        for n, t in enumerate(tables)
        for _ in range(spectators)
    ]
    await asyncio.gather(*jobs)
    return tally, asyncio.get_running_loop().time() - start


def cpu_seconds(pid: int) -> float:
    """Return the CPU time a process has used so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    """Return the 1-minute load average (other processes share this machine)."""
    return f"{os.getloadavg()[0]:.2f}"


def quantile(values: list[float], q: float) -> float:
    """Return the ``q`` quantile of sorted ``values`` in milliseconds (NaN if none)."""
    return values[int(q * (len(values) - 1))] * 1000 if values else float("nan")


def summary(
    args: argparse.Namespace, tally: Tally, elapsed: float, server_cpu: float, client_cpu: float
) -> dict[str, Any]:
    """Return the run's figures as plain data (what --json prints)."""
    latencies = sorted(tally.latencies)
    relayed = sorted(tally.relayed)
    made = max(1, tally.made)
    return {
        "tables": args.tables,
        "players": args.players,
        "spectators": args.spectators,
        "pace": args.pace,
        "processes": args.processes,
        "together": args.together,
        "database": "running server" if args.url else ("custom" if args.db else "SQLite"),
        "choices": tally.made,
        "seconds": round(elapsed, 3),
        "choices_per_s": round(tally.made / elapsed, 1),
        "finished_tables": len(tally.done),
        "latency_ms": {
            "p50": round(statistics.median(latencies) * 1000, 2) if latencies else None,
            "p99": round(quantile(latencies, 0.99), 2) if latencies else None,
            "max": round(latencies[-1] * 1000, 2) if latencies else None,
            "samples": len(latencies),
        },
        "relayed_ms": {
            "p50": round(statistics.median(relayed) * 1000, 2) if relayed else None,
            "p99": round(quantile(relayed, 0.99), 2) if relayed else None,
            "samples": len(relayed),
        },
        "spectator_messages": tally.watched,
        "server_cpu_us_per_choice": round(server_cpu * 1e6 / made, 1),
        "client_cpu_us_per_choice": round(client_cpu * 1e6 / made, 1),
        "server_busy": round(server_cpu / elapsed, 4),
    }


def report(args: argparse.Namespace, figures: dict[str, Any]) -> None:
    """Print the run's figures as sentences."""
    where = "running server" if args.url else ("custom" if args.db else "SQLite (temporary)")
    where += f", {args.processes} server process(es)" if not args.url else ""
    where += ", each table's seats on one process" if args.together else ""
    pace = f"pace {args.pace:g} s per choice" if args.pace else "saturated (no thinking)"
    watchers = f", {args.spectators} spectator(s) a table" if args.spectators else ""
    print(
        f"tables: {args.tables} x {args.players} seats ({args.tables * args.players} "
        f"WebSocket clients{watchers}), {pace}, database: {where}"
    )
    made, seconds = figures["choices"], figures["seconds"]
    print(f"choices: {made} in {seconds:.1f} s = {figures['choices_per_s']:.0f} choices/s")
    lat = figures["latency_ms"]
    nan = float("nan")
    print(
        f"choice latency: p50 {lat['p50'] or nan:.1f} ms, p99 {lat['p99'] or nan:.1f} ms, "
        f"max {lat['max'] or nan:.1f} ms ({lat['samples']} samples); "
        f"finished tables: {figures['finished_tables']}"
    )
    rel = figures["relayed_ms"]
    if rel["samples"]:
        print(
            f"seen by the other seats: p50 {rel['p50']:.1f} ms, p99 {rel['p99']:.1f} ms "
            f"({rel['samples']} samples)"
        )
    if args.spectators:
        print(f"spectators received {figures['spectator_messages']} messages")
    print(
        f"CPU per choice: server {figures['server_cpu_us_per_choice']:.0f} us, this client "
        f"{figures['client_cpu_us_per_choice']:.0f} us (servers busy "
        f"{figures['server_busy']:.0%} of one core, all processes together)"
    )
    load = figures["load"]
    print(f"load average (1 min): {load['before']:.2f} before, {load['after']:.2f} after")


def main() -> int:
    """Run the load test and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=0.0, help="mean seconds per choice")
    parser.add_argument("--db", default="", help="database URL (default: a temporary SQLite)")
    parser.add_argument("--url", default="", help="use this running server (http://host:port)")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than 1: PostgreSQL --db)"
    )
    parser.add_argument("--spectators", type=int, default=0, help="spectators per table")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--together",
        action="store_true",
        help="every seat of a table on the process that made it (no move is relayed)",
    )
    args = parser.parse_args()
    if args.processes > 1 and not args.db.startswith("postgresql"):
        parser.error("--processes above 1 needs a PostgreSQL --db")
    before = load()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        servers = []
        try:
            if args.url:
                bases = [args.url.rstrip("/")]
            else:
                flags = [
                    "--create-rate",
                    "0",
                    "--bot-workers",
                    "1",
                    "--max-address-connections",
                    "0",
                ]
                servers = [start_server(db, args=flags) for _ in range(args.processes)]
                bases = [server.url for server in servers]
            tables = [
                create_table(bases[seed % len(bases)], args.players, seed)
                for seed in range(args.tables)
            ]
            ws_bases = ["ws" + base.removeprefix("http") for base in bases]
            server_cpu = sum(cpu_seconds(server.proc.pid) for server in servers)
            client_cpu = time.process_time()
            tally, elapsed = uvloop.run(
                run(ws_bases, tables, args.seconds, args.pace, not args.together, args.spectators)
            )
            client_cpu = time.process_time() - client_cpu
            server_cpu = sum(cpu_seconds(server.proc.pid) for server in servers) - server_cpu
        finally:
            for server in servers:
                stop_server(server)
    after = load()
    figures = summary(args, tally, elapsed, server_cpu, client_cpu)
    figures["load"] = {"before": float(before), "after": float(after)}
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        report(args, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Abuse benchmark: what each attack does to everybody else, next to a quiet baseline.

Starts a Hellas server on loopback (its own temporary SQLite database), puts a background load
on it (``--tables`` all-human Legends tables of 3 seats played at a human pace, as
``load_ws.py`` does) and ``--victims`` quiet tables where a person plays against the policy bot
(``tests/server/probes.py``).  Then it runs one phase per attack, ``--seconds`` each: first
quiet, then every attack the abuse suite (``tests/server/test_abuse.py``) tries.  Per phase it
prints the other tables' choice round trip (p50/p99, from the background load and the victims)
and the victims' bot replies, with each figure's ratio to the quiet phase.  All clients share
one address, so the per-address connection cap is off; every other limit is the default.

    .venv/bin/python scripts/abuse_bench.py                      # 100 tables, 10 s a phase
    .venv/bin/python scripts/abuse_bench.py --tables 30 --seconds 5 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load_ws import Tally, create_table, seat_client
from tests.server.conftest import Server, start_server, stop_server
from tests.server.probes import (
    Victim,
    create,
    flood,
    hint_spam,
    long_finished_game,
    percentile,
    run_all,
    scrub,
    seat_crowd,
)

THINK = 0.5  # seconds a victim waits between its choices (a brisk person)


class Stamped(list[float]):
    """A list of latencies that also notes when each arrived (for cutting into phases)."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    def append(self, value: float) -> None:
        """Keep ``value`` and the time it came."""
        super().append(value)
        self.at.append(time.monotonic())


def between(values: list[float], at: list[float], start: float, end: float) -> list[float]:
    """Return the values noted from ``start`` to ``end``."""
    return [v for v, t in zip(values, at, strict=True) if start <= t < end]


class Person(threading.Thread):
    """A victim playing on and on, noting when each of its figures came."""

    def __init__(self, server: Server, seed: int, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.victim = Victim(server)
        self.seed, self.stop = seed, stop
        self.acks, self.replies = Stamped(), Stamped()

    def run(self) -> None:
        """Play one choice after another until stopped."""
        self.victim.sit(seed=self.seed)
        while not self.stop.is_set():
            before = (len(self.victim.acks), len(self.victim.replies))
            try:
                self.victim.rounds(1, timeout=120)
            except Exception as exc:
                print(f"victim {self.seed}: {exc}", file=sys.stderr)
                self.victim.sit(seed=self.seed + 1000)
                continue
            for value in self.victim.acks[before[0] :]:
                self.acks.append(value)
            for value in self.victim.replies[before[1] :]:
                self.replies.append(value)
            self.stop.wait(THINK)
        self.victim.close()


def attacks(server: Server, replay: tuple[str, int]) -> list[tuple[str, Any]]:
    """Return (name, start) for every attack; ``start(stop)`` runs it until ``stop`` is set."""

    def idle(stop: threading.Event) -> None:
        stop.wait()

    def costly(stop: threading.Event) -> None:
        body = {"game": "realms", "options": {"players": 2}, "seats": ["lookahead:99999"] * 2}
        while not stop.is_set():
            server.post("/api/tables", body)  # refused with a 400 each time

    def hints(stop: threading.Event) -> None:
        tables = []
        for _ in range(12):
            data = create(server, "legends", ["human", "bot"], hints=True)
            tables.append((data["id"], data["you"]["token"]))
        hint_spam(server, tables, 10, stop, Counter())

    def flooding(kind: str) -> Any:
        def go(stop: threading.Event) -> None:
            table = create(server, "legends", ["human", "bot"])["id"]
            flood(server, table, kind, stop, [], again=True)

        return go

    def crowd(stop: threading.Event) -> None:
        data = create(server, "legends", ["human", "bot"])
        kept: list[Any] = []

        def opener() -> None:  # 50 of these at once: 500 sockets asked for, 50 at a time
            for _ in range(10):
                if stop.is_set():
                    return
                kept.extend(seat_crowd(server, data["id"], data["you"]["token"], 1)[0])

        run_all([(opener, ()) for _ in range(50)])
        stop.wait()
        for ws in kept:
            ws.close()

    def replays(stop: threading.Event) -> None:
        scrub(server, replay[0], replay[1], 8, stop, Counter())

    def searches(stop: threading.Event) -> None:
        for _ in range(10):
            create(server, "legends", ["ismcts:5000"] * 3)
        stop.wait()  # (the last phase: these tables go on thinking)

    return [
        ("quiet (baseline)", idle),
        ("lookahead:99999 tables, again and again (refused)", costly),
        ("hint spam: 12 tables x 10 clients", hints),
        ("a spectator flooding 'state' (reconnecting)", flooding("state")),
        ("a spectator flooding 'ping' (reconnecting)", flooding("ping")),
        ("500 WebSockets on one seat, 50 at a time", crowd),
        ("8 clients asking random replay steps of a long Lords game", replays),
        ("10 tables of ismcts:5000", searches),
    ]


def cpu_seconds(pid: int) -> float:
    """Return the CPU seconds process ``pid`` has used so far (user + system, from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def figures(values: list[float]) -> dict[str, float]:
    """Return p50, p99 (ms) and the count of ``values``."""
    if not values:
        return {"p50": float("nan"), "p99": float("nan"), "n": 0}
    return {
        "p50": 1000 * statistics.median(values),
        "p99": 1000 * percentile(values, 0.99),
        "n": len(values),
    }


def main() -> int:
    """Run the phases and print each one's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100, help="background tables (3 seats)")
    parser.add_argument("--pace", type=float, default=2.0, help="background seconds per choice")
    parser.add_argument("--victims", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase")
    parser.add_argument("--json", action="store_true")
    # (internal) run one attack against a running server, for --seconds, then stop
    parser.add_argument("--attack", type=int, default=-1, help=argparse.SUPPRESS)
    parser.add_argument("--url", default="", help=argparse.SUPPRESS)
    parser.add_argument("--db", default="", help=argparse.SUPPRESS)
    parser.add_argument("--replay", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack >= 0:
        return attack_alone(args)
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(
            f"sqlite:///{Path(tmp) / 'abuse.db'}",
            bot_delay=0.0,  # a bot reply is then the server's own time, not a pause
            args=["--create-rate", "0", "--max-address-connections", "0", "--open-table-ttl", "0"],
        )
        try:
            rows = measure(server, args)
        finally:
            stop_server(server)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    quiet = rows[0]
    print(
        f"{args.tables} background tables x 3 seats at {args.pace:g} s a choice, "
        f"{args.victims} person-vs-bot tables, {args.seconds:g} s a phase, "
        f"{os.cpu_count()} cores"
    )
    print(
        f"{'phase':62} {'choice p50/p99 ms':>20} {'x quiet':>13} {'bot reply p50 ms':>17} {'x':>6}"
        f" {'server CPU':>10} {'attacker CPU':>12}"
    )
    for row in rows:
        c, b = row["choice"], row["bot_reply"]
        cq, bq = quiet["choice"], quiet["bot_reply"]
        print(
            f"{row['phase'][:62]:62} {c['p50']:8.0f} / {c['p99']:7.0f}  "
            f"{c['p50'] / cq['p50']:5.2f} / {c['p99'] / cq['p99']:5.2f} "
            f"{b['p50']:12.0f}      {b['p50'] / bq['p50']:5.2f}"
            f" {row['server_cpu']:9.0%} {row['attacker_cpu']:12.0%}"
        )
    return 0


def attack_alone(args: argparse.Namespace) -> int:
    """Run attack number ``args.attack`` against the server at ``args.url`` for ``--seconds``."""
    port = int(args.url.rsplit(":", 1)[1])
    server = Server(args.url, args.db, port, None)  # type: ignore[arg-type]
    table, _, total = args.replay.partition(":")
    _name, attack = attacks(server, (table, int(total)))[args.attack]
    stop = threading.Event()
    thread = threading.Thread(target=attack, args=(stop,), daemon=True)
    thread.start()
    time.sleep(args.seconds)
    stop.set()
    thread.join(timeout=60)
    return 0


async def play(
    base: str, tables: list[dict[str, Any]], seconds: float, pace: float, tally: Tally
) -> None:
    """Play every background seat at ``pace`` until ``seconds`` have passed."""
    deadline = asyncio.get_running_loop().time() + seconds
    ws_base = "ws" + base.removeprefix("http")
    rng = random.Random(1)
    await asyncio.gather(
        *(
            seat_client(
                ws_base,
                str(t["id"]),
                seat,
                token,
                deadline,
                pace,
                tally,
                random.Random(rng.random()),
            )
            for t in tables
            for seat, token in t["tokens"].items()
        )
    )


def measure(server: Server, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Run the background load, the victims and every phase; return each phase's figures."""
    replay = long_finished_game(server.db)
    base = server.url
    tables = [create_table(base, 3, seed) for seed in range(args.tables)]
    tally = Tally()
    latencies = Stamped()
    tally.latencies = latencies
    total = args.seconds * 9 + 30
    background = threading.Thread(
        target=asyncio.run, args=(play(base, tables, total, args.pace, tally),), daemon=True
    )
    background.start()
    stop_all = threading.Event()
    people = [Person(server, 100 + k, stop_all) for k in range(args.victims)]
    for p in people:
        p.start()
    server.get(f"/api/tables/{replay[0]}/replay/0")  # the long game loaded, as once played
    time.sleep(5 + args.seconds)  # everybody seated and playing, the bot workers warm
    rows = []
    for index, (name, _attack) in enumerate(attacks(server, replay)):
        # each attack runs in a process of its own, as a real attacker would: its threads never
        # take this process's interpreter lock from the clients that measure
        attacker = subprocess.Popen(
            [sys.executable, __file__, "--attack", str(index), "--url", server.url,
             "--db", server.db, "--replay", f"{replay[0]}:{replay[1]}",
             "--seconds", str(args.seconds)],
        )  # fmt: skip
        start = time.monotonic()
        server_cpu = cpu_seconds(server.proc.pid)
        time.sleep(args.seconds)
        end = time.monotonic()
        server_cpu = cpu_seconds(server.proc.pid) - server_cpu
        waited = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            attacker.wait(timeout=90)
        except subprocess.TimeoutExpired:
            attacker.kill()
            attacker.wait()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the attacker is the one reaped
        attacker_cpu = after.ru_utime + after.ru_stime - waited.ru_utime - waited.ru_stime
        choice = between(latencies, latencies.at, start + 1, end)
        replies: list[float] = []
        for p in people:
            choice += between(p.acks, p.acks.at, start + 1, end)
            replies += between(p.replies, p.replies.at, start + 1, end)
        rows.append(
            {
                "phase": name,
                "choice": figures(choice),
                "bot_reply": figures(replies),
                # share of one core: the server's own process, and the attacker's whole run
                "server_cpu": server_cpu / (end - start),
                "attacker_cpu": attacker_cpu / (end - start),
            }
        )
        print(f"  measured: {name}", file=sys.stderr)
    stop_all.set()
    return rows


if __name__ == "__main__":
    sys.exit(main())

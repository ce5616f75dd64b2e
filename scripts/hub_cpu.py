"""The server's own CPU per choice, without the network: Hub.choose and its broadcast, in process.

Creates N all-human Legends tables (3 seats) on a real ``Hub`` over a temporary SQLite store,
joins one ``Connection`` per seat (plus --spectators per table) whose send does nothing, and
plays every table to its end with random legal choices through ``Hub.choose`` - checking,
group-committed storing, applying, composing and queueing every message - then prints the
process's CPU time per choice.  What ``scripts/load_ws.py`` measures on top of this is the
WebSocket plumbing (uvicorn, the sockets); ``--profile`` prints the top of a cProfile of the
event loop's thread.

    .venv/bin/python scripts/hub_cpu.py --tables 20
    .venv/bin/python scripts/hub_cpu.py --tables 20 --spectators 1 --json
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hellas.server.hub import Hub
from hellas.server.live import Connection, LiveTable
from hellas.server.store import Store


async def nowhere(text: str) -> None:
    """Send a message nowhere (the connection's outbox is the server's last step measured)."""


async def measure(tables: int, spectators: int, seed: int) -> dict[str, Any]:
    """Play ``tables`` games through a hub; return choices made and CPU seconds spent."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'hub.db'}")
        hub = Hub(store)
        seated: list[tuple[LiveTable, dict[int, str]]] = []
        for n in range(tables):
            table, creator = await hub.create(
                "legends", {"players": 3, "mission": 1}, ["human"] * 3, n, "", private=True
            )
            tokens = {creator["seat"]: creator["token"]}
            tokens.update({i["seat"]: i["token"] for i in creator["invites"]})
            for seat in [0, 1, 2] + [None] * spectators:
                await hub.join(table, Connection(seat, nowhere))
            seated.append((table, tokens))
        rng = random.Random(seed)
        made = 0

        async def player(table: LiveTable, tokens: dict[int, str]) -> None:
            nonlocal made
            while (seat := table.match.to_act()) is not None:
                choices = table.game.choices(table.match.state)
                key = choices[rng.randrange(len(choices))].key
                await hub.choose(table, seat, tokens[seat], key, len(table.match.record.choices))
                made += 1

        cpu = time.process_time()
        await asyncio.gather(*(player(t, tokens) for t, tokens in seated))
        cpu = time.process_time() - cpu
        await hub.close()
        store.close()
    return {"choices": made, "cpu_s": cpu}


def main() -> int:
    """Run the measurement and print its figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=0, help="spectators per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", action="store_true", help="print a cProfile's top lines")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    if profile is not None:
        profile.enable()
    figures = asyncio.run(measure(args.tables, args.spectators, args.seed))
    if profile is not None:
        profile.disable()
    figures["cpu_us_per_choice"] = round(figures["cpu_s"] * 1e6 / max(1, figures["choices"]), 1)
    figures.update(tables=args.tables, spectators=args.spectators, load=os.getloadavg()[0])
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print(
            f"{figures['choices']} choices at {args.tables} tables x 3 seats "
            f"(+{args.spectators} spectators each): {figures['cpu_us_per_choice']:.0f} us of "
            f"CPU per choice in process (load {figures['load']:.2f})"
        )
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())

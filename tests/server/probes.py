"""A quiet table that measures the server while others attack it, and the attacks themselves.

Shared by the abuse tests (``test_abuse.py``) and the abuse benchmark (``scripts/abuse_bench.py``).

``Victim`` is a two-seat Legends table: a person (this client, over a WebSocket that proves its
seat in its first message) and the server's policy bot.  ``Victim.rounds`` plays the person's
choices and times two things per choice: the acknowledgement (the state that includes it) and,
when the bot is to answer, the bot's reply (the state after the bot's move).
"""

from __future__ import annotations

import contextlib
import json
import random
import statistics
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .conftest import Server


def seat_socket(server: Server, table: str, seat: int, token: str) -> ClientConnection:
    """Open a seat's WebSocket the way the web page does: the token in the first message."""
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/{table}?seat={seat}", open_timeout=30)
    ws.send(json.dumps({"type": "auth", "token": token}))
    return ws


@dataclass
class Victim:
    """A person at a table with a bot, timing how the server answers them."""

    server: Server
    acks: list[float] = field(default_factory=list)
    replies: list[float] = field(default_factory=list)
    table: str = ""
    seat: int = 0
    ws: ClientConnection | None = None
    last: dict[str, Any] | None = None

    def sit(self, seed: int = 1) -> None:
        """Create a fresh table (a person and the policy bot) and connect its seat."""
        body = {
            "game": "legends",
            "options": {"players": 2},
            "seats": ["human", "bot"],
            "seed": seed,
            "hints": False,
        }
        status, data = self.server.post("/api/tables", body)
        assert status == 200, data
        self.table, self.seat = data["id"], data["you"]["seat"]
        if self.ws is not None:
            self.ws.close()
        self.ws = seat_socket(self.server, self.table, self.seat, data["you"]["token"])
        self.last = None

    def _state(self, timeout: float) -> dict[str, Any]:
        assert self.ws is not None
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"no state within {timeout:g} s")
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=left))
            if msg.get("type") == "state":
                self.last = msg
                return msg
            if msg.get("type") == "error":
                raise AssertionError(f"the server refused the victim: {msg}")

    def _my_turn(self, timeout: float) -> dict[str, Any] | None:
        """Return the latest state once it is this seat's choice (None: the game ended)."""
        msg = self.last or self._state(timeout)
        while not msg["choices"]:
            if msg["outcome"]:
                return None
            msg = self._state(timeout)
        return msg

    def rounds(self, count: int, timeout: float = 30.0) -> None:
        """Play ``count`` choices, timing each acknowledgement and each bot reply."""
        if self.ws is None:
            self.sit()
        done = 0
        while done < count:
            msg = self._my_turn(timeout)
            if msg is None:
                self.sit(seed=len(self.acks) + 2)
                continue
            assert self.ws is not None
            seq = msg["seq"]
            key = msg["choices"][-1]["key"]
            sent = time.perf_counter()
            self.ws.send(json.dumps({"type": "choose", "key": key, "seq": seq}))
            after = self._state(timeout)
            while after["seq"] <= seq:
                after = self._state(timeout)
            self.acks.append(time.perf_counter() - sent)
            if after["to_act"] is not None and after["to_act"] != self.seat:
                while after["to_act"] not in (None, self.seat):
                    after = self._state(timeout)
                self.replies.append(time.perf_counter() - sent)
            done += 1

    def close(self) -> None:
        """Close the seat's connection."""
        if self.ws is not None:
            self.ws.close()


def percentile(values: list[float], q: float) -> float:
    """Return the ``q`` quantile (0-1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summary(values: list[float]) -> str:
    """Return ``p50 / p99 / max`` in milliseconds."""
    if not values:
        return "-"
    return (
        f"p50 {1000 * statistics.median(values):.0f} ms, p99 "
        f"{1000 * percentile(values, 0.99):.0f} ms, max {1000 * max(values):.0f} ms"
    )


# -- attacks (each runs until ``stop`` is set; the abuse tests and the benchmark share them) -----


def create(server: Server, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """Create a table (``players`` = len(seats)); return the server's answer."""
    body = {"game": game, "options": {"players": len(seats)}, "seats": seats, **extra}
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    return dict(data)


def hint_spam(
    server: Server, tables: list[tuple[str, str]], per_table: int, stop: Any, answers: Counter[int]
) -> None:
    """Ask for hints at every table from ``per_table`` clients each, as fast as answered."""
    lock = threading.Lock()

    def one(table: str, token: str) -> None:
        while not stop.is_set():
            status, _body = server.post(f"/api/tables/{table}/hint", {"seat": 0, "token": token})
            with lock:
                answers[status] += 1

    run_all([(one, pair) for pair in tables for _ in range(per_table)])


def flood(server: Server, table: str, kind: str, stop: Any, closed: list[int], again: bool) -> None:
    """Send ``{type: kind}`` (or junk) as fast as possible on a spectator's socket.

    A closed flooder notes the close code and, with ``again``, connects once more and goes on.
    """
    message = json.dumps({"type": kind}) if kind != "nonsense" else "{nope"
    while not stop.is_set():
        try:
            with connect(server.ws(table), open_timeout=30) as ws:
                while not stop.is_set():
                    ws.send(message)
                    with contextlib.suppress(TimeoutError):
                        ws.recv(timeout=0)  # read what comes, so the server's close is seen
        except ConnectionClosed as exc:
            closed.append(exc.rcvd.code if exc.rcvd else 0)
        except OSError:
            time.sleep(0.05)
        if not again:
            return


def seat_crowd(server: Server, table: str, token: str, count: int) -> tuple[list[Any], int]:
    """Open ``count`` sockets on one seat; return those the server kept, and how many it refused."""
    kept, refused = [], 0
    for _ in range(count):
        ws = seat_socket(server, table, 0, token)
        first = json.loads(ws.recv(timeout=30))
        if first["type"] == "error":
            assert first["code"] == "too-many-connections", first
            refused += 1
            ws.close()
        else:
            kept.append(ws)
    return kept, refused


def scrub(
    server: Server, table: str, total: int, readers: int, stop: Any, answers: Counter[int]
) -> None:
    """Ask random replay steps of a finished game from ``readers`` clients at once."""
    lock = threading.Lock()

    def one(seed: int) -> None:
        rng = random.Random(seed)
        while not stop.is_set():
            status, _page = server.get(f"/api/tables/{table}/replay/{rng.randrange(total)}")
            with lock:
                answers[status] += 1

    run_all([(one, (k,)) for k in range(readers)])


def run_all(work: list[tuple[Any, tuple[Any, ...]]]) -> None:
    """Run each ``(function, args)`` in a thread of its own and wait for them all."""
    threads = [threading.Thread(target=f, args=a, daemon=True) for f, a in work]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def long_finished_game(db: str, seed: int = 3) -> tuple[str, int]:
    """Store a finished 4-seat Lords game of random moves in ``db``; return its id and length.

    Played in this process and written straight to the database (a few thousand moves in a
    fraction of a second), before or while a server uses the same database.
    """
    from hellas.core.rng import Rng  # noqa: PLC0415
    from hellas.games import REGISTRY  # noqa: PLC0415
    from hellas.server.store import Store  # noqa: PLC0415

    game = REGISTRY.get("lords")
    options = game.validate_options({"players": 4})
    state = game.new(options, seed)
    rng = Rng(seed)
    moves = []
    while (seat := game.to_act(state)) is not None:
        choices = game.choices(state)
        choice = choices[rng.below(len(choices))]
        moves.append((seat, choice.key))
        game.apply(state, choice)
    store = Store(db)
    try:
        table = store.create_table("lords", game.meta.version, options, seed, ["random"] * 4)
        rows = [(table, step, key, seat) for step, (seat, key) in enumerate(moves)]
        store.add_moves(rows, [table])
    finally:
        store.close()
    return table, len(moves)

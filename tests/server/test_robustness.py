"""One client or one damaged table never hurts the rest: bot load, Ctrl-C, unloadable tables.

- Ten tables of the strongest bots the server allows keep its bot workers busy while a person
  plays at another table: every one of their choices is acknowledged within a liveness bound.
- SIGINT stops a server whose bots are thinking, worker processes included.
- A stored table the server cannot rebuild (rules version changed, an illegal stored move, damaged
  options or seed, a game the server lacks) is listed as unavailable with its reason and refused
  with a 409; the server starts and serves every other table.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from hellas.server.limits import DEFAULT_MAX_ITERATIONS

from .conftest import Server, start_server, stop_server

ACK_BOUND = 5.0  # seconds: a liveness bound (a freeze, not a slowdown; the figure is benchmarked)
STRONGEST = f"ismcts:{DEFAULT_MAX_ITERATIONS}"
NO_RATE_LIMIT = ["--create-rate", "0"]


def bot_tables(server: Server, count: int, bot: str = STRONGEST) -> list[str]:
    ids = []
    for i in range(count):
        game, seats = ("legends", 3) if i % 2 == 0 else ("realms", 3)
        body = {"game": game, "options": {"players": seats}, "seats": [bot] * seats}
        status, data = server.post("/api/tables", body)
        assert status == 200, data
        ids.append(data["id"])
    return ids


def moves(server: Server, tables: list[str]) -> int:
    return sum(server.get(f"/api/tables/{t}")[1]["moves"] for t in tables)


def descendants(pid: int) -> set[int]:
    """Return the ids of every process below ``pid`` (workers hang under the fork server)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_strong_bots_elsewhere_leave_a_persons_choices_fast(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'load.db'}", args=NO_RATE_LIMIT)
    try:
        busy = bot_tables(server, 10)
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        _s, data = server.post("/api/tables", body)
        table = data["id"]
        _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
        tokens = {data["you"]["seat"]: data["you"]["token"], 1: other["token"]}
        deadline = time.time() + 60
        while moves(server, busy) < 2 and time.time() < deadline:
            time.sleep(0.2)  # the workers are up and thinking (every table wants a move)
        bot_moves_before = moves(server, busy)
        times = []
        for _ in range(25):
            _s, spectator = server.get(f"/api/tables/{table}/view")
            if spectator["outcome"]:
                break
            seat = spectator["to_act"]
            _s, mine = server.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")
            choice = {"seat": seat, "token": tokens[seat], "key": mine["choices"][0]["key"]}
            start = time.perf_counter()
            status, ack = server.post(f"/api/tables/{table}/choose", {**choice, "seq": mine["seq"]})
            times.append(time.perf_counter() - start)
            assert status == 200, ack
        assert len(times) >= 10
        print(
            f"acknowledged in {1000 * sorted(times)[len(times) // 2]:.0f} ms median, "
            f"{1000 * max(times):.0f} ms at most, under {len(busy)} bot tables"
        )
        assert max(times) < ACK_BOUND, f"slowest acknowledgement {max(times):.3f} s"
        deadline = time.time() + 60
        while moves(server, busy) == bot_moves_before and time.time() < deadline:
            time.sleep(0.2)
        assert moves(server, busy) > bot_moves_before  # the bots were thinking all along
    finally:
        stop_server(server)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["sigint", "kill-9"])
def test_sigint_stops_a_server_whose_bots_are_thinking(tmp_path: Path, sig: int) -> None:
    """Ctrl-C stops the server and its workers; after ``kill -9`` the workers end themselves."""
    # bots that may think for ten minutes a move: Ctrl-C must not wait for them
    endless = ["--max-bot-iterations", "10000000", "--bot-budget", "60"]  # the ceilings
    server = start_server(f"sqlite:///{tmp_path / 'sigint.db'}", args=NO_RATE_LIMIT + endless)
    try:
        busy = bot_tables(server, 6, bot="ismcts:10000000")
        time.sleep(3)  # the workers start and sink into their searches
        with connect(server.ws(busy[0])) as watcher:
            json.loads(watcher.recv(timeout=30))
            children = descendants(server.proc.pid)
            assert children, "no bot worker processes"
            server.proc.send_signal(sig)
            code = server.proc.wait(timeout=30)
        assert code is not None
        deadline = time.time() + 15
        while any(alive(pid) for pid in children) and time.time() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in children if alive(pid)], "bot workers outlived the server"
    finally:
        stop_server(server)


def play(server: Server, table: str, tokens: dict[int, str], count: int) -> None:
    for _ in range(count):
        _s, spectator = server.get(f"/api/tables/{table}/view")
        seat = spectator["to_act"]
        _s, mine = server.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")
        status, ack = server.post(
            f"/api/tables/{table}/choose",
            {"seat": seat, "token": tokens[seat], "key": mine["choices"][-1]["key"]},
        )
        assert status == 200, ack


def two_player_table(server: Server, game: str) -> tuple[str, dict[int, str]]:
    body = {"game": game, "options": {"players": 2}, "seats": ["human", "human"], "seed": 5}
    _s, data = server.post("/api/tables", body)
    _s, other = server.post(f"/api/tables/{data['id']}/claim", {"seat": 1})
    tokens = {data["you"]["seat"]: data["you"]["token"], 1: other["token"]}
    play(server, data["id"], tokens, 6)
    return data["id"], tokens


DAMAGE: dict[str, tuple[str, str]] = {
    "old_rules": ("UPDATE hellas_tables SET version = '0.0-old' WHERE id = ?", "rules version"),
    "bad_move": (
        "UPDATE hellas_moves SET key = 'nonsense' WHERE table_id = ? AND seq = 3",
        "legal",
    ),
    "bad_options": ("UPDATE hellas_tables SET options = '{broken' WHERE id = ?", "damaged"),
    "bad_seed": ("UPDATE hellas_tables SET seed = 'x' WHERE id = ?", "damaged"),
    "no_game": ("UPDATE hellas_tables SET game = 'chess' WHERE id = ?", "does not have"),
}


def test_unloadable_tables_are_marked_and_the_rest_is_served(tmp_path: Path) -> None:
    path = tmp_path / "damaged.db"
    first = start_server(f"sqlite:///{path}", args=NO_RATE_LIMIT)
    try:
        tables = {kind: two_player_table(first, "legends") for kind in DAMAGE}
        good, good_tokens = two_player_table(first, "realms")
        _s, good_before = first.get(f"/api/tables/{good}")
    finally:
        stop_server(first)
    with sqlite3.connect(path) as db:
        for kind, (sql, _reason) in DAMAGE.items():
            assert db.execute(sql, (tables[kind][0],)).rowcount == 1
    second = start_server(f"sqlite:///{path}", args=NO_RATE_LIMIT)
    try:
        assert second.get("/api/tables?status=all")[0] == 200
        for kind, (_sql, reason) in DAMAGE.items():
            table = tables[kind][0]
            status, err = second.get(f"/api/tables/{table}")
            assert status == 409 and err["code"] == "unavailable", (kind, err)
            assert reason in err["message"], (kind, err)
            token = tables[kind][1][0]
            status, err = second.get(f"/api/tables/{table}/view?seat=0&token={token}")
            assert status == 409, (kind, err)
            status, err = second.post(
                f"/api/tables/{table}/choose", {"seat": 0, "token": token, "key": "x"}
            )
            assert status == 409, (kind, err)
            with connect(second.ws(table, 0, token)) as ws:
                msg = json.loads(ws.recv(timeout=30))
                assert msg["type"] == "error" and msg["code"] == "unavailable", (kind, msg)
        # tables load lazily: once a table was found damaged, the lobby says so with the reason
        status, listed = second.get("/api/tables?status=all")
        assert status == 200
        by_id: dict[str, Any] = {t["id"]: t for t in listed}
        for kind, (_sql, reason) in DAMAGE.items():
            entry = by_id[tables[kind][0]]
            assert entry["status"] == "unavailable" and reason in entry["reason"], (kind, entry)
        assert by_id[good]["status"] == "playing"
        open_ids = {t["id"] for t in second.get("/api/tables?status=open")[1]}
        assert not open_ids & {t for t, _tok in tables.values()}
        status, info = second.get(f"/api/tables/{good}")
        assert status == 200 and info["moves"] == good_before["moves"]
        play(second, good, good_tokens, 3)
        assert second.get(f"/api/tables/{good}")[1]["moves"] == good_before["moves"] + 3
    finally:
        stop_server(second)


@pytest.mark.parametrize("kind", ["bad_options", "bad_move"])
def test_a_damaged_finished_table_does_not_break_the_lists(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "finished.db"
    first = start_server(f"sqlite:///{path}", args=NO_RATE_LIMIT)
    try:
        table, _tokens = two_player_table(first, "legends")
    finally:
        stop_server(first)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE hellas_tables SET finished = 1 WHERE id = ?", (table,))
        db.execute(DAMAGE[kind][0], (table,))
    second = start_server(f"sqlite:///{path}", args=NO_RATE_LIMIT)
    try:
        for status_filter in ("all", "finished", "open", "playing"):
            status, listed = second.get(f"/api/tables?status={status_filter}")
            assert status == 200, listed
        status, err = second.get(f"/api/tables/{table}/record")
        assert status == 409 and err["code"] == "unavailable"
    finally:
        stop_server(second)

"""Persistence: kill -9 the server mid-game, start it again, the table goes on identically.

Run against SQLite and against a real PostgreSQL server (started by ./check; the test fails
when HELLAS_REQUIRE_PG=1 and no server is configured).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .conftest import Server, fresh_pg_database, postgres_url, start_server, stop_server


def backends() -> list[str]:
    return ["sqlite", "postgresql"]


def database(kind: str, tmp_path: Path, name: str) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / (name + '.db')}"
    url = postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
    return fresh_pg_database(url)


def wait_for_human(server: Server, table: str, token: str) -> dict[str, object]:
    for _ in range(3000):
        _s, msg = server.get(f"/api/tables/{table}/view?seat=0&token={token}")
        if msg["outcome"] or msg["choices"]:
            return msg  # type: ignore[no-any-return]
        time.sleep(0.01)
    raise AssertionError("the bots never gave the turn back")


def play_first_choices(server: Server, table: str, token: str, count: int) -> None:
    for _ in range(count):
        msg = wait_for_human(server, table, token)
        if msg["outcome"]:
            return
        status, _r = server.post(
            f"/api/tables/{table}/choose",
            {"seat": 0, "token": token, "key": msg["choices"][0]["key"], "seq": msg["seq"]},
        )
        assert status == 200


def start_game(server: Server) -> tuple[str, str]:
    _s, data = server.post(
        "/api/tables",
        {
            "game": "legends",
            "seed": 11,
            "options": {"players": 3, "mission": 3},
            "seats": ["human", "heuristic", "heuristic"],
        },
    )
    return data["id"], data["you"]["token"]


@pytest.mark.parametrize("kind", backends())
def test_kill_and_restart_continue_identically(kind: str, tmp_path: Path) -> None:
    db = database(kind, tmp_path, "killed")
    first = start_server(db)
    try:
        table, token = start_game(first)
        play_first_choices(first, table, token, 12)
        before = wait_for_human(first, table, token)
    finally:
        stop_server(first, hard=True)  # kill -9
    second = start_server(db)
    try:
        after = wait_for_human(second, table, token)
        assert after["seq"] == before["seq"] and after["view"] == before["view"]
        assert after["events"] and after["events"] == before["events"]  # the log is rebuilt too
        play_first_choices(second, table, token, 100_000)
        _st, killed_record = second.get(f"/api/tables/{table}/record")
    finally:
        stop_server(second)
    calm = start_server(database(kind, tmp_path, "calm"))
    try:
        table2, token2 = start_game(calm)
        play_first_choices(calm, table2, token2, 100_000)
        _st, calm_record = calm.get(f"/api/tables/{table2}/record")
    finally:
        stop_server(calm)
    assert killed_record == calm_record  # the same game, kill or no kill


@pytest.mark.parametrize("kind", backends())
def test_an_acknowledged_choice_survives_kill_9(kind: str, tmp_path: Path) -> None:
    db = database(kind, tmp_path, "ack")
    server = start_server(db)
    try:
        _s, data = server.post(
            "/api/tables",
            {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"], "seed": 3},
        )
        table = data["id"]
        _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
        tokens = {data["you"]["seat"]: data["you"]["token"], 1: other["token"]}
        acknowledged = 0
        for _ in range(15):
            _s, view = server.get(f"/api/tables/{table}/view")
            seat = view["to_act"]
            _s, mine = server.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")
            status, ack = server.post(
                f"/api/tables/{table}/choose",
                {"seat": seat, "token": tokens[seat], "key": mine["choices"][0]["key"]},
            )
            assert status == 200
            acknowledged = ack["seq"]
    finally:
        stop_server(server, hard=True)
    again = start_server(db)
    try:
        _s, info = again.get(f"/api/tables/{table}")
        assert info["moves"] == acknowledged
    finally:
        stop_server(again)

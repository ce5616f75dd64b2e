"""Running a server: one process per SQLite file, health and readiness, metrics, JSON logs.

Real servers on loopback over SQLite: a second process on the same file is refused with a
clear line (and starts once the first is gone, even killed); ``/healthz``, ``/readyz`` and
``/metrics`` answer with the figures of what happened; ``--log-json`` writes one JSON object a
line with request and table ids, and no seat token ever reaches the log, whichever way a
client sent it.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from hellas.server.jsonlog import JsonFormatter, Redact, redact

from .conftest import ROOT, Server, free_port, start_server, stop_server


def scrape(server: Server) -> str:
    with urllib.request.urlopen(server.url + "/metrics", timeout=30) as r:
        assert r.headers["Content-Type"].startswith("text/plain")
        return str(r.read().decode())


def value(body: str, name: str) -> float:
    found = re.search(rf"^{re.escape(name)} ([0-9.e+]+)$", body, re.M)
    assert found, f"{name} missing"
    return float(found.group(1))


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'one.db'}"
    first = start_server(db)
    try:
        cmd = [sys.executable, "-m", "hellas.cli.main", "serve", "--db", db]
        second = subprocess.run(
            [*cmd, "--port", str(free_port())],
            check=False,
            cwd=ROOT,
            capture_output=True,
            timeout=120,
        )
        said = second.stdout.decode() + second.stderr.decode()
        assert second.returncode == 2
        assert "already serving the SQLite database" in said
        assert f"process {first.proc.pid}" in said and "PostgreSQL" in said
    finally:
        stop_server(first, hard=True)  # the lock goes with the process, however it ends
    again = start_server(db)
    stop_server(again)


def test_health_readiness_and_metrics(tmp_path: Path) -> None:
    server = start_server(
        f"sqlite:///{tmp_path / 'm.db'}", args=["--create-rate", "2", "--hint-seconds", "0.2"]
    )
    try:
        assert server.get("/healthz") == (200, {"status": "alive"})
        status, ready = server.get("/readyz")
        deadline = time.time() + 120  # [issue 46] not ready until the bot workers are warm
        while status != 200 and time.time() < deadline:
            assert "warming up" in ready["bots"], ready
            time.sleep(0.5)
            status, ready = server.get("/readyz")
        assert status == 200 and ready["database"] == "ok" and ready["cluster"] == "one process"
        assert ready["bots"].endswith("warm"), ready
        before = scrape(server)
        assert value(before, "hellas_choices_total") == 0
        _s, data = server.post(
            "/api/tables",
            {"game": "legends", "options": {"players": 2}, "seats": ["human", "heuristic"]},
        )
        table, token = data["id"], data["you"]["token"]
        _s, view = server.get(f"/api/tables/{table}/view?seat=0&token={token}")
        key = view["choices"][0]["key"]
        server.post(f"/api/tables/{table}/choose", {"seat": 0, "token": token, "key": key})
        server.get(f"/api/tables/{table}/replay/0?seat=0&token={token}")
        for _ in range(600):  # the bot answers; then seat 0 asks for a hint
            _s, view = server.get(f"/api/tables/{table}/view?seat=0&token={token}")
            if view["choices"] or view["outcome"]:
                break
            time.sleep(0.1)
        hinted, _found = server.post(f"/api/tables/{table}/hint", {"seat": 0, "token": token})
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        refused = [server.post("/api/tables", body)[0] for _ in range(3)]
        assert 429 in refused
        with connect(server.ws(table)) as ws:
            ws.recv(timeout=30)
            body = scrape(server)
            assert value(body, "hellas_connections") == 1
        assert value(body, "hellas_choices_total") >= 1
        assert value(body, "hellas_choice_seconds_count") >= 1
        assert value(body, "hellas_tables_live") >= 1
        assert value(body, "hellas_replay_steps_total") == 1
        assert value(body, 'hellas_rate_limited_total{code="too-many-tables"}') >= 1
        deadline = time.monotonic() + 60
        while value(body, 'hellas_bot_wait_seconds_count{kind="bot"}') < 1:  # the bot's move
            assert time.monotonic() < deadline, "the bot's job was never counted"
            time.sleep(0.2)
            body = scrape(server)
        assert value(body, 'hellas_bot_queue{kind="bot"}') >= 0
        assert value(body, "hellas_hints_total") == (1 if hinted == 200 else 0)
        assert hinted == 200 or view["outcome"]  # a game over already cannot be hinted
        assert value(body, 'hellas_bot_wait_seconds_count{kind="hint"}') == (hinted == 200)
        assert value(body, "hellas_leases_held") == 0  # one process: no leases at all
        assert token not in body
    finally:
        stop_server(server)


def test_json_logs_carry_ids_and_never_a_token(tmp_path: Path) -> None:
    server = start_server(
        f"sqlite:///{tmp_path / 'log.db'}", args=["--log-json", "--create-rate", "0"]
    )
    secrets: list[str] = []
    try:
        _s, data = server.post(
            "/api/tables",
            {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]},
        )
        table, token = data["id"], data["you"]["token"]
        secrets.append(token)
        _s, claimed = server.post(f"/api/tables/{table}/claim", {"seat": data["join"][0]["seat"]})
        secrets.append(claimed["token"])
        seats = [data["you"]["seat"], data["join"][0]["seat"]]
        for seat, secret in zip(seats, secrets, strict=True):  # old links, and the header
            server.get(f"/api/tables/{table}/view?seat={seat}&token={secret}")
            request = urllib.request.Request(
                f"{server.url}/api/tables/{table}/view?seat={seat}",
                headers={"X-Seat-Token": secret, "X-Request-ID": "probe-42"},
            )
            with urllib.request.urlopen(request, timeout=30) as r:
                assert r.headers["X-Request-ID"] == "probe-42"
        server.get(f"/api/tables/{table}/view?seat=0&token=wrong-{token}")
        server.post(f"/api/tables/{table}/choose", {"seat": 0, "token": token, "key": "nope"})
        with connect(server.ws(table, 0, token)) as ws:  # the token in a WebSocket's URL
            ws.recv(timeout=30)
        with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?seat=1") as ws:
            ws.send(json.dumps({"type": "auth", "token": secrets[1]}))
            ws.recv(timeout=30)
            ws.send(json.dumps({"type": "choose", "key": "nope", "token": secrets[1]}))
            ws.recv(timeout=30)
    finally:
        stop_server(server)
    logged = server.logged()
    lines = [json.loads(line) for line in logged.splitlines() if line.startswith("{")]
    assert lines, logged
    requests = [x for x in lines if x["logger"] == "hellas.access"]
    assert any(x["request"] == "probe-42" and x["table"] == table for x in requests)
    assert all(x["request"] for x in requests)
    assert any("[redacted]" in x["message"] for x in requests)  # old links were logged, cut
    for secret in secrets:
        assert secret not in logged


def test_redaction_covers_every_spelling_of_a_token() -> None:
    secret = "Zq9_fake-Token"
    for text in (
        f"GET /api/tables/t/view?seat=0&token={secret}",
        f'body {{"seat": 0, "token": "{secret}"}}',
        f"header X-Seat-Token: {secret}",
        f"/table/abc#seat=1&token={secret}",
    ):
        assert secret not in redact(text) and "[redacted]" in redact(text)
    record = logging.LogRecord(
        "hellas.server", logging.WARNING, __file__, 1, "bad table=%s token=%s", ("t1", secret), None
    )
    try:
        raise ValueError(f"token={secret}")
    except ValueError:
        record.exc_info = sys.exc_info()
    assert Redact().filter(record)
    line: dict[str, Any] = json.loads(JsonFormatter().format(record))
    assert line["table"] == "t1" and line["level"] == "warning"
    assert secret not in json.dumps(line)


@pytest.mark.parametrize("flag", ["--lease-seconds"])
def test_bad_cluster_numbers_are_refused(flag: str) -> None:
    cmd = [sys.executable, "-m", "hellas.cli.main", "serve", flag, "0.1"]
    done = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, timeout=120)
    assert done.returncode == 2 and flag in (done.stdout.decode() + done.stderr.decode())


def test_a_flood_refused_before_routing_is_counted(tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'f.db'}", args=["--http-rate", "1"])
    try:
        statuses = [server.get("/api/games")[0] for _ in range(12)]
        assert 429 in statuses
        body = scrape(server)  # /metrics is not an API route: never refused by the API rate
        refused = value(body, 'hellas_rate_limited_total{code="too-many-requests"}')
        assert refused == statuses.count(429)
    finally:
        stop_server(server)

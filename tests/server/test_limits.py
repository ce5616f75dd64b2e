"""What one client may ask: bot strength, body size, text, seeds - refused clearly, no change.

Every refusal is checked over a real server (SQLite, and PostgreSQL where the database itself
would refuse over-long or NUL-holding text with an error of its own), and after every refusal the
test checks that no table was created and no seat changed.
"""

from __future__ import annotations

import asyncio
import json
import select
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, fresh_pg_database, postgres_url, start_server, stop_server

MAX_ITERATIONS = 60


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('limits') / 'hellas.db'}"
    server = start_server(
        db,
        # the request rate has tests of its own (its costs would refuse the listings here)
        args=[
            "--max-bot-iterations",
            str(MAX_ITERATIONS),
            "--create-rate",
            "0",
            "--http-rate",
            "0",
        ],
    )
    yield server
    stop_server(server)


def table_count(server: Server) -> int:
    return len(server.get("/api/tables?status=all")[1])


def new_table(server: Server, seats: list[str]) -> tuple[int, Any]:
    body = {"game": "legends", "options": {"players": len(seats)}, "seats": seats}
    return server.post("/api/tables", body)


BAD_BOTS = [
    ("ismcts:²", "iterations"),  # "²".isdigit() is True in Python, int("²") is not
    ("ismcts:-3", "iterations"),
    ("ismcts:0", "iterations"),
    ("ismcts:", "iterations"),
    ("ismcts:1e3", "iterations"),
    (f"ismcts:{MAX_ITERATIONS + 1}", f"at most {MAX_ITERATIONS}"),
    ("ismcts:999999999", f"at most {MAX_ITERATIONS}"),
    ("clairvoyant:999999999", "reads hidden cards"),
    ("clairvoyant", "reads hidden cards"),
    ("clairvoyant-hands", "reads hidden cards"),
    ("clairvoyant-lookahead", "reads hidden cards"),
    ("lookahead:99999", "at most 64"),
    ("lookahead:999999999", "at most 64"),
    ("ismcts:" + "9" * 5000, "at most 40"),
    ("heuristic:5", "no strength setting"),
    ("wizard", "unknown bot"),
    ("ismcts:\x00", "iterations"),
    ("random\t\n\x00", "unknown bot"),
]


@pytest.mark.parametrize(("bot", "message"), BAD_BOTS, ids=[repr(b[0])[:20] for b in BAD_BOTS])
def test_bad_or_too_strong_bots_are_refused_at_creation(
    limited: Server, bot: str, message: str
) -> None:
    before = table_count(limited)
    status, err = new_table(limited, ["human", bot, "random"])
    assert status == 400, err
    assert err["code"] == "bad-bot" and message in err["message"], err
    assert table_count(limited) == before


def test_the_strongest_allowed_bot_is_accepted(limited: Server) -> None:
    status, data = new_table(limited, ["human", f"ismcts:{MAX_ITERATIONS}", "heuristic"])
    assert status == 200, data
    assert data["seats"][1]["kind"] == f"ismcts:{MAX_ITERATIONS}"


def test_bad_bots_are_refused_when_a_seat_is_handed_over(limited: Server) -> None:
    status, data = new_table(limited, ["human", "random"])
    assert status == 200
    table, token = data["id"], data["you"]["token"]
    for bot, message in BAD_BOTS:
        status, err = limited.post(f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": bot})
        assert status == 400 and message in err["message"], (bot, err)
        seats = limited.get(f"/api/tables/{table}")[1]["seats"]
        assert seats[0]["driver"] == "human" and seats[0]["bot"] == ""
    status, ok = limited.post(
        f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": f"ismcts:{MAX_ITERATIONS}"}
    )
    assert status == 200 and ok["seats"][0]["driver"] == f"ismcts:{MAX_ITERATIONS}"


BAD_BODIES: list[tuple[bytes, str]] = [
    (b'{"game": "legends", "name": "\xff\xfe"}', "UTF-8"),
    (b"\xff" * 100, "UTF-8"),
    (b"[" * 50_000, "bad-json"),  # nested too deep for the parser
    (b'{"game": 1' + b"0" * 5000 + b"}", "bad-json"),  # a number too long to convert
    (b"{not json", "bad-json"),
    (b'"a string"', "JSON object"),
]


@pytest.mark.parametrize(("raw", "expect"), BAD_BODIES, ids=[str(i) for i in range(6)])
def test_undecodable_bodies_are_a_400(limited: Server, raw: bytes, expect: str) -> None:
    before = table_count(limited)
    status, err = limited.post("/api/tables", None, raw=raw)
    assert status == 400, err
    assert expect in err["code"] + " " + err["message"], err
    assert table_count(limited) == before


def create_body(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "game": "legends",
        "options": {"players": 2},
        "seats": ["human", "random"],
    }
    body.update(changes)
    return body


BAD_FIELDS: list[tuple[dict[str, Any], str]] = [
    (create_body(name="n" * 81), "at most 80"),
    (create_body(name="bad\x00name"), "control"),
    (create_body(name="\ud800"), "control"),  # a lone surrogate cannot be stored as UTF-8
    (create_body(name=["a list"]), "text"),
    (create_body(seed=2**63), "seed"),
    (create_body(seed=-1), "seed"),
    (create_body(seed=10**30), "seed"),
    (create_body(seed=1.5), "seed"),
    (create_body(game="g" * 5000), "unknown game"),
    (create_body(game="legends\x00"), "unknown game"),
    (create_body(seats=["human", "r" * 300]), "at most 40"),
    (create_body(options={"players": 2, "mission": "\x00" * 200}), "mission"),
    (create_body(options={"players": 10**40}), "players"),
    (create_body(options={"players": 2, "heroes": ["\x00" * 500, "\ud800"]}), "hero"),
    (create_body(options={"players": 2, "hero_colours": ["\ud800=\x00"]}), "hero"),
    (create_body(game="\ud800"), "unknown game"),
]


def check_bad_fields(server: Server) -> None:
    before = table_count(server)
    for body, message in BAD_FIELDS:
        status, err = server.post("/api/tables", body)
        assert status == 400, (body, err)
        assert message in err["message"], (body, err)
    assert table_count(server) == before
    for path in ("/api/tables/abc%00def", "/api/tables/" + "x" * 300, "/api/tables/%F0%9F%98%80"):
        status, err = server.get(path)
        assert status == 404 and err["code"] == "no-table", (path, err)


def test_over_long_and_unstorable_fields_are_a_400(limited: Server) -> None:
    check_bad_fields(limited)


def test_over_long_and_unstorable_fields_are_a_400_on_postgresql(tmp_path: Path) -> None:
    url = postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
    server = start_server(fresh_pg_database(url), args=["--create-rate", "0"])
    try:
        check_bad_fields(server)
        status, data = server.post("/api/tables", create_body(seed=2**63 - 1, name="ü" * 80))
        assert status == 200, data  # the largest seed and longest name fit the columns
        status, info = server.get(f"/api/tables/{data['id']}")
        assert status == 200 and info["name"] == "ü" * 80
    finally:
        stop_server(server)


def test_malformed_query_parameters_are_a_400(limited: Server) -> None:
    status, data = new_table(limited, ["human", "random"])
    table = data["id"]
    for path in (
        f"/api/tables/{table}/view?seat=abc",
        f"/api/tables/{table}/view?seat=99999999999999999999999",
        f"/api/tables/{table}/replay/x",
        f"/api/tables/{table}/replay/-5?seat=0&token={data['you']['token']}",
        "/api/tables?status=%00",
    ):
        status, err = limited.get(path)
        assert status in (400, 404) and err["type"] == "error", (path, err)  # not 422, not 500


def peak_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def read_response(sock: socket.socket) -> tuple[int, dict[str, Any]]:
    data = b""
    sock.settimeout(30)
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length")
    )
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return status, json.loads(rest[:length])


def test_a_declared_300_mb_body_is_refused_before_it_is_read(limited: Server) -> None:
    with socket.create_connection(("127.0.0.1", limited.port)) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 300000000\r\n\r\n" + b"{" * 1000
        )
        status, err = read_response(sock)
    assert status == 413 and err["code"] == "too-large"


def test_a_streamed_300_mb_body_is_refused_while_memory_stays_flat(limited: Server) -> None:
    pid = limited.proc.pid
    peak_before = peak_rss_kib(pid)
    chunk = b"x" * (1 << 20)
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent = 0
    with socket.create_connection(("127.0.0.1", limited.port)) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        sock.settimeout(5)
        deadline = time.time() + 60
        while sent < 300 * (1 << 20) and time.time() < deadline:
            readable, _w, _x = select.select([sock], [], [], 0)
            if readable:  # the answer came before the body was done
                break
            try:
                sock.sendall(frame)
            except (BrokenPipeError, ConnectionResetError, TimeoutError):
                break
            sent += len(chunk)
        status, err = read_response(sock)
    assert status == 413 and err["code"] == "too-large"
    assert sent < 100 * (1 << 20), f"the server read {sent >> 20} MB before refusing"
    grown = peak_rss_kib(pid) - peak_before
    print(f"refused after {sent >> 20} MB sent; the server's peak memory grew {grown} KiB")
    assert grown < 30 * 1024, f"the server's peak memory grew by {grown >> 10} MB"
    assert limited.get("/api/games")[0] == 200  # and it serves on


NONSENSE = [
    ["--max-bot-iterations", "0"],
    ["--max-bot-samples", "0"],
    ["--bot-budget", "0"],
    ["--bot-budget", "nan"],
    ["--bot-budget", "inf"],
    ["--bot-delay", "nan"],
    ["--bot-delay", "-1"],
    ["--bot-workers", "-1"],
    ["--bot-workers", "1000"],  # past what the pool takes (256): one line, not a traceback
    ["--spare-bot-workers", "-1"],
    ["--spare-bot-workers", "65"],
    ["--bot-memory", "-5"],
    ["--bot-memory", "100"],  # below what a warmed worker maps (it could never start)
    ["--hint-seconds", "0"],
    ["--hint-seconds", "nan"],
    ["--create-rate", "nan"],
    ["--ws-rate", "inf"],
    ["--replay-rate", "-1"],
    ["--hint-rate", "nan"],
    ["--max-seat-connections", "-1"],
    ["--http-rate", "nan"],
    ["--hold-refused", "-1"],
    ["--hold-refused", "inf"],
    ["--hold-refused", "3600"],
    # issue 46: every numeric flag has a ceiling too (a port past 65535 was a traceback, and a
    # bot budget of 1e308 an OverflowError on every bot move)
    ["--port", "70000"],
    ["--bot-budget", "1e308"],
    ["--bot-delay", "1e308"],
    ["--max-bot-iterations", "99999999999"],
    ["--lease-seconds", "1e9"],
    ["--max-connections", "0"],
    ["--max-address-http-connections", "-1"],
    ["--header-timeout", "0"],
    ["--body-timeout", "1e9"],
    ["--idle-timeout", "inf"],
    ["--open-table-ttl", "99999d"],
    ["--idle-unload", "soon"],
    ["--ws-connect-rate", "-1"],
    ["--ws-connect-burst", "1000000"],
    ["--listing-cache", "61"],
]


@pytest.mark.parametrize("flags", NONSENSE, ids=[" ".join(f) for f in NONSENSE])
def test_serve_refuses_limits_that_make_no_sense(flags: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hellas.cli.main", "serve", "--port", "1", *flags],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    said = done.stdout + done.stderr
    assert flags[0] in said and "Traceback" not in said, said
    assert len(said.strip().splitlines()) == 1, said  # one clear line


def test_a_flood_of_api_requests_is_refused_before_the_application(tmp_path: Path) -> None:
    """``--http-rate``: past a burst, one address's API requests are a quick 429 (any path, a
    table that does not exist included: it is looked for in the database, so it costs 5 tokens),
    pages still load, and the address is served again once its rate allows."""
    args = ["--http-rate", "5", "--hold-refused", "0"]  # refusals at once: counted by the loop
    server = start_server(f"sqlite:///{tmp_path / 'h.db'}", args=args)
    try:
        statuses = [server.get("/api/site")[0] for _ in range(40)]
        assert statuses[:15] == [200] * 15  # the burst: four seconds' worth (less start-up checks)
        assert 429 in statuses[20:]
        time.sleep(4.5)  # a full burst again (20 tokens)
        missing = [server.get("/api/tables/nope")[0] for _ in range(12)]
        assert missing[:3] == [404] * 3 and missing.count(429) >= 4  # 5 tokens each, not 1
        status, body = server.get("/api/games")
        assert status == 429 and body["code"] == "too-many-requests"
        assert "at most 5 a second" in body["message"]
        with urllib.request.urlopen(server.url + "/", timeout=30) as page:  # pages are not counted
            assert page.status == 200
        time.sleep(1.5)
        assert server.get("/api/games")[0] == 200  # tokens came back
    finally:
        stop_server(server)


def test_a_flood_waits_for_its_refusals_so_it_cannot_spin(tmp_path: Path) -> None:
    """``--hold-refused``: a refused API request is answered 429 only after the hold, so a
    client that asks again as soon as it is answered asks about once a hold per connection,
    however fast it could go; refusals by the application's own limits (a hint while one is
    running, too many tables) wait too, and other addresses' work is not held up."""
    args = ["--http-rate", "2", "--hold-refused", "1", "--create-rate", "1"]
    server = start_server(f"sqlite:///{tmp_path / 't.db'}", args=args)
    try:
        began = time.monotonic()
        statuses = []
        while time.monotonic() - began < 4:
            statuses.append(server.get("/api/tables/nope")[0])
        assert 429 in statuses, statuses
        # unheld, this loop asks hundreds of times in 4 s; held, a refusal costs the client 1 s
        assert len(statuses) < 40, f"{len(statuses)} requests in 4 s: the hold did not hold"
        time.sleep(2.5)  # tokens again
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        assert server.post("/api/tables", body)[0] == 200
        started = time.monotonic()
        status, err = server.post("/api/tables", body)  # the creation limit (1 a minute)
        assert (status, err["code"]) == (429, "too-many-tables"), err
        assert time.monotonic() - started >= 0.7  # held like any refusal (1 s, ± 25%)
    finally:
        stop_server(server)


def test_the_tarpit_holds_a_bounded_number_of_requests() -> None:
    """At most ``per_address`` requests of one address and ``total`` in all wait; past either
    the refusal goes at once, so the holds are not a resource a flood can exhaust."""
    from hellas.server.traffic import Tarpit  # noqa: PLC0415

    async def flood() -> tuple[list[float], Tarpit]:
        pit = Tarpit(0.5, per_address=3, total=5, jitter=0.0)

        async def one(address: str) -> float:
            start = time.monotonic()
            await pit.hold(address)
            return time.monotonic() - start

        waits = await asyncio.gather(*(one("a") for _ in range(6)), *(one("b") for _ in range(4)))
        return list(waits), pit

    waits, pit = asyncio.run(flood())
    held_a = sum(w >= 0.4 for w in waits[:6])
    held_b = sum(w >= 0.4 for w in waits[6:])
    assert held_a == 3 and held_b == 2, waits  # a: its cap of 3; b: what is left of the 5
    assert pit.most == 5 and pit.holding == 0 and not pit.held  # all let go
    assert all(w < 0.1 for w in sorted(waits)[:5])  # the rest answered at once


def test_the_tarpits_holds_are_spread_so_a_held_crowd_returns_spread() -> None:
    """Holds vary by ± jitter/2 around the hold: clients released together come back apart."""
    from hellas.server.traffic import Tarpit  # noqa: PLC0415

    async def crowd() -> list[float]:
        pit = Tarpit(0.4, jitter=0.5)

        async def one() -> float:
            start = time.monotonic()
            await pit.hold("a")
            return time.monotonic() - start

        return list(await asyncio.gather(*(one() for _ in range(40))))

    waits = asyncio.run(crowd())
    assert all(0.29 <= w <= 0.6 for w in waits), waits  # 0.4 s ± 25% (and a little slack)
    assert max(waits) - min(waits) > 0.1  # spread, not one instant

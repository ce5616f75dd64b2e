"""Accounts and per-address limits shared by three server processes over PostgreSQL (issue 47).

Three real ``hellas serve`` processes on loopback share a fresh database, and one client (every
test client is 127.0.0.1) spreads its requests over them, as a load balancer would.  A seat
linked to an account on one process works with the account's token on another at once and the
finished game is stored rated; sign-in attempts, wrong passwords, API request tokens and
WebSocket connects are counted once for all three, and so are table creations and replay steps,
so the address gets at most 1.5x what one process allows (it used to get 3x); each process
allows its share of the per-address connection cap (the cap divided by the processes alive).
"""

from __future__ import annotations

import itertools
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from hellas.server.cluster import listen_url

from .conftest import Server, start_server, stop_server

BOUND = 120.0  # seconds: a generous liveness bound, never a timing claim
PASSWORD = "correct horse battery"


def start_three(db: str, args: list[str]) -> list[Server]:
    """Start three servers on ``db`` (stopping the started ones if one fails)."""
    servers: list[Server] = []
    try:
        for _ in range(3):
            servers.append(start_server(db, args=["--lease-seconds", "2", *args]))
    except Exception:
        for server in servers:
            stop_server(server)
        raise
    return servers


@pytest.fixture
def trio(pg_db: str) -> Iterator[list[Server]]:
    servers = start_three(pg_db, ["--create-rate", "0", "--hold-refused", "0"])
    yield servers
    for server in servers:
        stop_server(server)


def call(
    server: Server,
    method: str,
    path: str,
    body: Any = None,
    cookie: str = "",
    token: str = "",
) -> tuple[int, Any, str]:
    """Send one request; return (status, JSON body, the session cookie it set, if any)."""
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    if token:
        headers["X-Seat-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            status, raw, cookies = r.status, r.read(), r.headers.get_all("Set-Cookie") or []
    except urllib.error.HTTPError as e:
        status, raw, cookies = e.code, e.read(), e.headers.get_all("Set-Cookie") or []
    session = next((c.split(";")[0] for c in cookies if c.startswith("hellas_session=")), "")
    return status, json.loads(raw or b"null"), session


def signup(server: Server, name: str) -> str:
    status, body, session = call(
        server, "POST", "/api/account/signup", {"name": name, "password": PASSWORD}
    )
    assert status == 200, body
    return session


def sql(db: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
    import psycopg  # noqa: PLC0415

    with psycopg.connect(listen_url(db), autocommit=True) as conn:
        cur = conn.execute(query, args)
        return list(cur.fetchall()) if cur.description else []


def until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {BOUND:g} s: {what}")


def play_out(server: Server, table: str, tokens: dict[int, str]) -> None:
    """Play a table to its end on ``server``: each seat to act plays its first choice."""
    for _ in range(5000):
        _s, info, _c = call(server, "GET", f"/api/tables/{table}")
        if info["outcome"] is not None:
            return
        for seat, token in tokens.items():
            status, msg, _c = call(
                server, "GET", f"/api/tables/{table}/view?seat={seat}", token=token
            )
            assert status == 200, msg
            if msg["choices"]:
                key = msg["choices"][0]["key"]
                body = {"seat": seat, "token": token, "key": key}
                status, answer, _c = call(server, "POST", f"/api/tables/{table}/choose", body)
                assert status == 200, answer
                break
    raise AssertionError("the game did not end")


def test_a_seat_linked_on_one_process_is_known_on_another(trio: list[Server]) -> None:
    """Issue 47: 'an account linked to a seat on process B: process A never learns it: the
    account's token gets 403 there and the game is stored unrated'."""
    a, b, _c = trio
    made = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2, "private": True}
    status, data, _ = call(a, "POST", "/api/tables", made)
    assert status == 200, data
    table = data["id"]
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    assert call(a, "GET", f"/api/tables/{table}/view?seat=0", token=tokens[0])[0] == 200  # in A
    sessions = {0: signup(b, "Ana"), 1: signup(b, "Bo")}
    for seat, session in sessions.items():
        body = {"table": table, "seat": seat, "token": tokens[seat]}
        status, answer, _ = call(b, "POST", "/api/account/link", body, cookie=session)
        assert status == 200, answer
    _s, mine, _ = call(b, "GET", "/api/account/seats", cookie=sessions[0])
    own = mine[0]["token"]  # Ana's own token for seat 0, the same on every device
    # process A, which held the table all along, takes Ana's token
    until(
        lambda: call(a, "GET", f"/api/tables/{table}/view?seat=0", token=own)[0] == 200,
        "the account's token works on the process that held the table",
    )
    play_out(a, table, tokens)
    rows = sql(a.db, "SELECT seat, rated FROM hellas_account_games WHERE table_id = %s", table)
    assert sorted(rows) == [(0, True), (1, True)]
    _s, board, _ = call(b, "GET", "/api/leaderboard/realms")
    assert sorted(p["name"] for p in board["players"]) == ["Ana", "Bo"]


def test_sign_in_attempts_of_an_address_are_counted_once(trio: list[Server]) -> None:
    """Issue 47: 'sign-in limits ... kept per process: with N processes an address gets N×
    each limit'.  One process allows 10 attempts a minute per address (bursts of 10)."""
    began = time.monotonic()
    answered = []
    for i, server in zip(range(36), itertools.cycle(trio), strict=False):
        body = {"name": f"Nobody {i}", "password": "wrong password"}  # a new name each time
        answered.append(call(server, "POST", "/api/account/signin", body)[0])
    allowed = 10 + 10 * (time.monotonic() - began) / 60  # one process's burst and refill
    passed = answered.count(401)
    assert set(answered) <= {401, 429}, answered
    assert 10 <= passed <= 1.5 * allowed, (passed, allowed)


def test_wrong_passwords_on_one_process_slow_the_name_on_another(trio: list[Server]) -> None:
    """Five wrong passwords for a name from an address pass; the next waits, on any process."""
    a, b, c = trio
    signup(a, "Ana")
    for _ in range(5):
        status, _b, _ = call(a, "POST", "/api/account/signin", {"name": "Ana", "password": "x" * 9})
        assert status == 401
    status, body, _ = call(b, "POST", "/api/account/signin", {"name": "ana", "password": "y" * 9})
    assert status == 429 and "too many wrong passwords" in body["message"], body
    status, body, _ = call(c, "POST", "/api/account/signin", {"name": "Ana", "password": PASSWORD})
    assert status == 429, body  # the owner from this address waits too (a new device would not)


def test_api_requests_of_an_address_share_one_allowance(pg_db: str) -> None:
    """One process allows 2 request tokens a second, bursts of 8: three allow about as much."""
    servers = start_three(pg_db, ["--http-rate", "2", "--hold-refused", "0"])
    try:
        began = time.monotonic()
        answered = [
            call(s, "GET", "/api/games")[0] for s in itertools.islice(itertools.cycle(servers), 90)
        ]
        allowed = 8 + 2 * (time.monotonic() - began)
    finally:
        for server in servers:
            stop_server(server)
    assert set(answered) <= {200, 429}, answered
    # at least half a burst (tokens a process reserved and did not spend are lost for a while)
    assert 4 <= answered.count(200) <= 1.5 * allowed, (answered.count(200), allowed)


def test_websocket_connects_of_an_address_share_one_allowance(pg_db: str) -> None:
    """One process lets an address open 1 WebSocket a second, 5 at once: three about as many."""
    args = ["--ws-connect-rate", "1", "--ws-connect-burst", "5", "--hold-refused", "0"]
    servers = start_three(pg_db, args)
    try:
        status, data, _ = call(
            servers[0],
            "POST",
            "/api/tables",
            {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2},
        )
        assert status == 200, data
        began = time.monotonic()
        opened = 0
        for server in itertools.islice(itertools.cycle(servers), 45):
            try:
                with connect(server.ws(data["id"]), open_timeout=60):
                    opened += 1
            except InvalidStatus:
                pass
        allowed = 5 + 1 * (time.monotonic() - began)
    finally:
        for server in servers:
            stop_server(server)
    assert 5 <= opened <= 1.5 * allowed, (opened, allowed)


def test_the_shared_tables_stay_bounded(trio: list[Server]) -> None:
    """Every shared row expires: full buckets and old failures are deleted, never kept."""
    for i, server in enumerate(trio):
        call(server, "POST", "/api/account/signin", {"name": f"Nobody {i}", "password": "x" * 9})
    db = trio[0].db
    assert sql(db, "SELECT count(*) FROM hellas_signin_failures")[0][0] == 6  # pair and name
    sql(db, "UPDATE hellas_signin_failures SET last = last - 3601")
    sql(db, "UPDATE hellas_rate_buckets SET tat = tat - 3600")
    from hellas.server.shared_limits import shared_for  # noqa: PLC0415
    from hellas.server.store import Store  # noqa: PLC0415

    store = Store(db)
    try:
        shared_for(store.engine).purge()
    finally:
        store.close()
    assert sql(db, "SELECT count(*) FROM hellas_signin_failures")[0][0] == 0
    assert sql(db, "SELECT count(*) FROM hellas_rate_buckets")[0][0] == 0


def seats_online(ws: Any) -> set[int]:
    """Return the online seats of the next message that lists seats."""
    while True:
        msg = json.loads(ws.recv(timeout=BOUND))
        seats = msg.get("seats")
        if isinstance(seats, list) and seats and isinstance(seats[0], dict):
            return {s["seat"] for s in seats if s.get("online")}


def test_a_seat_online_on_one_process_shows_online_on_another(trio: list[Server]) -> None:
    """Issue 47: 'presence ... kept per process': a player connected to process A showed
    offline to the clients of process B."""
    a, b, _c = trio
    made = {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2, "private": True}
    status, data, _ = call(a, "POST", "/api/tables", made)
    assert status == 200, data
    table = data["id"]
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    with connect(b.ws(table, 1, tokens[1])) as on_b:
        assert seats_online(on_b) == {1}
        with connect(a.ws(table, 0, tokens[0])) as on_a:
            assert seats_online(on_a) >= {0}
            while seats_online(on_b) != {0, 1}:  # B's player sees A's come online
                pass
        while seats_online(on_b) != {1}:  # and go offline
            pass


def test_a_database_error_fails_open_for_requests_and_closed_for_sign_ins(pg_db: str) -> None:
    """A limiter whose database fails never stops a request (the local limit decides) and
    never lets a sign-in through unthrottled (503)."""
    import asyncio  # noqa: PLC0415

    from sqlalchemy import create_engine  # noqa: PLC0415

    from hellas.server.shared_limits import Shared, SharedRate  # noqa: PLC0415
    from hellas.server.traffic import TrafficError  # noqa: PLC0415

    shared = Shared(create_engine(pg_db))
    assert shared.on
    shared.engine = create_engine("postgresql+psycopg://nobody@127.0.0.1:9/none")  # refused
    requests = SharedRate(60.0, shared=shared, name="http", batch=5)
    signins = SharedRate(
        10.0, "too-many-signins", "sign-in attempts", shared=shared, fail_open=False
    )
    assert asyncio.run(requests.spend("10.0.0.1")) is None  # the local limit decides
    assert shared.errors == 1 and not shared.usable()
    with pytest.raises(TrafficError) as refused:
        asyncio.run(signins.spend("10.0.0.1"))
    assert refused.value.status == 503


def shared_rate_run(args: list[str], pg_db: str, ask: Any, count: int) -> tuple[list[int], float]:
    """Start three servers with ``args``; spread ``count`` asks over them (then stop them);
    return the answers and the seconds they took."""
    servers = start_three(pg_db, ["--hold-refused", "0", *args])
    try:
        began = time.monotonic()
        answered = [ask(s) for s in itertools.islice(itertools.cycle(servers), count)]
        took = time.monotonic() - began
    finally:
        for server in servers:
            stop_server(server)
    return answered, took


def test_table_creations_of_an_address_share_one_allowance(pg_db: str) -> None:
    """Issue 47 (leftover 1): the create rate was kept per process (3x over three).  One
    process allows 6 new tables a minute per address, 6 at once: three allow about as many."""
    made = {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2}
    answered, took = shared_rate_run(
        ["--create-rate", "6"], pg_db, lambda s: call(s, "POST", "/api/tables", made)[0], 30
    )
    allowed = 6 + 6 * took / 60
    assert set(answered) <= {200, 429}, answered
    assert 3 <= answered.count(200) <= 1.5 * allowed, (answered.count(200), allowed)


def one_table(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    """Return ``table``, a two-seat Legends table made on ``server`` the first time asked."""
    if not table:
        made = {"game": "legends", "options": {"players": 2}, "seats": ["human"] * 2}
        status, data, _ = call(server, "POST", "/api/tables", made)
        assert status == 200, data
        table.update(id=data["id"], seat=data["you"]["seat"], token=data["you"]["token"])
    return table


def test_replay_steps_of_an_address_share_one_allowance(pg_db: str) -> None:
    """Issue 47 (leftover 1): the replay rate too.  One process allows 30 steps a minute,
    bursts of 3 (6 seconds' worth): three allow about as many."""
    table: dict[str, Any] = {}

    def ask(server: Server) -> int:
        one_table(server, table)
        path = f"/api/tables/{table['id']}/replay/0?seat={table['seat']}"
        return call(server, "GET", path, token=table["token"])[0]

    answered, took = shared_rate_run(["--replay-rate", "30"], pg_db, ask, 30)
    allowed = 3 + 0.5 * took
    assert set(answered) <= {200, 429}, answered
    assert 2 <= answered.count(200) <= 1.5 * allowed, (answered.count(200), allowed)


def hint_table(server: Server) -> dict[str, Any]:
    """Make a table on ``server`` (a person and a heuristic bot) and wait for the person's
    turn; return its id, the person's seat and token."""
    made = {
        "game": "legends",
        "options": {"players": 2},
        "seats": ["human", "heuristic"],
        "seed": 5,
        "private": True,
        "hints": True,
    }
    status, data, _ = call(server, "POST", "/api/tables", made)
    assert status == 200, data
    table = {"id": data["id"], "seat": data["you"]["seat"], "token": data["you"]["token"]}
    view = f"/api/tables/{table['id']}/view?seat={table['seat']}"
    until(lambda: call(server, "GET", view, token=table["token"])[1]["choices"], "a turn")
    return table


def hint_asker(tables: dict[int, dict[str, Any]]) -> Any:
    """Return an ``ask(server)`` that asks a hint at a table of that server's own (``tables``
    by port, made with ``hint_table`` the first time)."""

    def ask(server: Server) -> int:
        table = tables.get(server.port) or tables.setdefault(server.port, hint_table(server))
        body = {"seat": table["seat"], "token": table["token"]}
        return call(server, "POST", f"/api/tables/{table['id']}/hint", body)[0]

    return ask


def test_hints_of_an_address_share_one_allowance(pg_db: str) -> None:
    """Issue 47 (leftover 1): the hint rate was kept per process (3x over three).  One process
    allows 6 hints a minute per address, 6 at once: three allow about as many."""
    flags = ["--hint-rate", "6", "--hint-seconds", "0.05", "--create-rate", "0"]
    answered, took = shared_rate_run(flags, pg_db, hint_asker({}), 30)
    allowed = 6 + 6 * took / 60
    assert set(answered) <= {200, 429}, answered
    assert 3 <= answered.count(200) <= 1.5 * allowed, (answered.count(200), allowed)


def test_chat_pages_and_chat_actions_of_an_address_share_one_allowance(pg_db: str) -> None:
    """Issue 47: the chat rates were the last per-address limits kept per process (3x over
    three).  One process allows 120 chat pages a minute and 30 chat actions (a message, a
    hide) a minute per address, each a minute's worth at once: three allow about as many."""
    table: dict[str, Any] = {}

    def made(server: Server) -> str:
        return str(one_table(server, table)["id"])

    def read(server: Server) -> int:
        return call(server, "GET", f"/api/tables/{made(server)}/chat")[0]

    def hide(server: Server) -> int:  # a hide with no seat: 400 while allowed, then 429
        return call(server, "POST", f"/api/tables/{made(server)}/chat/hide", {"id": 1})[0]

    for ask, allowance, count, allowed_code in ((read, 120, 300, 200), (hide, 30, 80, 400)):
        table.clear()
        answered, took = shared_rate_run(["--http-rate", "0"], pg_db, ask, count)
        allowed = allowance * (1 + took / 60)
        assert set(answered) <= {allowed_code, 429}, answered
        passed = answered.count(allowed_code)
        assert allowance / 2 <= passed <= 1.5 * allowed, (ask.__name__, passed, allowed)


def test_open_connections_of_an_address_share_one_cap(pg_db: str) -> None:
    """Issue 47 (leftover 1): the per-address connection cap was per process (3x over
    three).  Each process now allows its share of the cap: the cap divided by the processes
    alive.  One process allows 6 open connections per address; three allow 6 in all."""
    import socket  # noqa: PLC0415

    args = ["--max-address-http-connections", "6", "--idle-timeout", "120"]
    servers = start_three(pg_db, ["--hold-refused", "0", *args])
    held: list[socket.socket] = []
    try:
        for server in servers:  # each has counted the three (at its lease renewal)
            until(lambda s=server: "3 processes" in str(s.get("/readyz")[1]), "three counted")
        opened = 0
        for server in itertools.islice(itertools.cycle(servers), 30):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=60)
            held.append(sock)
            try:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: hellas\r\n\r\n")
                answered = sock.recv(12).startswith(b"HTTP/1.1 200")
            except OSError:  # refused: closed unread
                answered = False
            opened += answered
    finally:
        for sock in held:
            sock.close()
        for server in servers:
            stop_server(server)
    assert 3 <= opened <= 1.5 * 6, opened

"""Requests charged by what they cost, WebSocket connects rated, an IPv6 /64 counted as one.

Issue 46's attacks: 64 connections asking ``/api/tables?status=playing&limit=100`` from one
address (about 12 ms of a core each, never refused), WebSocket reconnect churn (hundreds of
connects a second, each resetting its socket's message allowance), and an IPv6 client that
would otherwise get a fresh budget for each of the 2**64 addresses of its /64.  Each test runs
a real server (a ``hellas serve`` process, or the application under uvicorn in this process
where the test needs limits no flag sets) on real loopback sockets and a real SQLite database;
the IPv6 /64 tests also drive the application directly with IPv6 client addresses, which
loopback cannot give.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI
from sqlalchemy import event
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from hellas.server.app import create_app
from hellas.server.limits import LIST_BASE, LIST_PER_ROW
from hellas.server.traffic import TrafficLimits

from .conftest import start_server, stop_server

LEGENDS = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}


@contextlib.contextmanager
def serving(db: str, traffic: TrafficLimits, host: str = "127.0.0.1") -> Iterator[tuple[Any, int]]:
    """Serve the application over uvicorn on ``host`` in a thread; yield the app and its port."""
    app = create_app(db, bot_delay=0.0, traffic=traffic)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.bind((host, 0))
    port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield app, port
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        sock.close()


def ask(
    port: int, method: str, path: str, body: Any = None, source: str = "127.0.0.1", host: str = ""
) -> tuple[int, Any]:
    """Send one request from ``source`` (a loopback address) and return its status and JSON."""
    conn = http.client.HTTPConnection(
        host or "127.0.0.1", port, timeout=60, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data is not None else {}
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        conn.close()


def listing_queries(app: FastAPI) -> list[str]:
    """Return a list that fills with each lobby-listing query the app sends its database."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if "move_count" in statement:  # the listing's query (tables with their move counts)
            seen.append(statement)

    event.listen(app.state.hub.store.engine, "before_cursor_execute", note)
    return seen


# -- the lobby listing, cached ---------------------------------------------------------------


def test_identical_listings_load_once_and_a_change_here_shows_at_once(tmp_path: Path) -> None:
    """Two identical listings (and a crowd of them at once) are one database query; another
    page is its own; a table created here clears the cache, so its creator sees it listed."""
    traffic = TrafficLimits(listing_cache=60.0, http_rate=0)  # "within the second", stretched
    with serving(f"sqlite:///{tmp_path / 'c.db'}", traffic) as (app, port):
        queries = listing_queries(app)
        page = "/api/tables?status=playing&limit=100"
        first, second = ask(port, "GET", page), ask(port, "GET", page)
        assert first == second == (200, [])
        assert len(queries) == 1, queries  # the second came from memory

        crowd: list[tuple[int, Any]] = []
        threads = [
            threading.Thread(target=lambda: crowd.append(ask(port, "GET", "/api/tables?limit=7")))
            for _ in range(16)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert crowd == [(200, [])] * 16
        assert len(queries) == 2, queries  # sixteen at once: one load

        status, made = ask(port, "POST", "/api/tables", LEGENDS)
        assert status == 200, made
        status, listed = ask(port, "GET", "/api/tables?limit=7")
        assert [t["id"] for t in listed] == [made["id"]]  # cleared by the creation
        assert len(queries) == 3
        assert app.state.site.listings.loads == 3


def test_a_cached_listing_is_fresh_again_after_its_second(tmp_path: Path) -> None:
    """With the default cache (a second), a move (which does not clear it) shows soon after."""
    with serving(f"sqlite:///{tmp_path / 'f.db'}", TrafficLimits(http_rate=0)) as (app, port):
        queries = listing_queries(app)
        status, made = ask(port, "POST", "/api/tables", LEGENDS)
        assert status == 200, made
        ask(port, "POST", f"/api/tables/{made['id']}/claim", {"seat": 1})
        moved = ask(port, "GET", "/api/tables?status=playing")[1][0]["moves"]
        token = made["you"]["token"]
        view = ask(port, "GET", f"/api/tables/{made['id']}/view?seat=0&token={token}")[1]
        key = view["choices"][0]["key"]
        body = {"seat": 0, "token": token, "key": key, "seq": view["seq"]}
        assert ask(port, "POST", f"/api/tables/{made['id']}/choose", body)[0] == 200
        deadline = time.monotonic() + 60  # liveness only: the cache holds a page for 1 s
        while ask(port, "GET", "/api/tables?status=playing")[1][0]["moves"] == moved:
            assert time.monotonic() < deadline, "the listing never caught up with the move"
            time.sleep(0.2)
        assert len(queries) >= 2


# -- requests charged by cost -----------------------------------------------------------------


def test_a_flood_of_listings_is_refused_long_before_a_core_is_spent(tmp_path: Path) -> None:
    """``hellas serve`` as shipped (50 tokens a second, bursts of 200): listings of 100 tables
    walking the offsets (so no cache helps) cost 12 tokens each, so one address gets about 4 a
    second, not 50, and another address is served as if nothing happened."""
    server = start_server(f"sqlite:///{tmp_path / 'flood.db'}", args=["--hold-refused", "0"])
    try:
        assert ask(server.port, "POST", "/api/tables", LEGENDS)[0] == 200
        cost = LIST_BASE + LIST_PER_ROW * 100
        began = time.monotonic()
        statuses = [
            ask(server.port, "GET", f"/api/tables?status=all&limit=100&offset={k}")[0]
            for k in range(120)
        ]
        elapsed = time.monotonic() - began
        served = statuses.count(200)
        print(f"{served} of 120 listings served in {elapsed:.1f} s")
        # before: all 120 served (a flat 1 token each, bursts of 200)
        assert served <= 200 / cost + 50 / cost * elapsed + 2, (served, elapsed)
        assert statuses.count(429) == len(statuses) - served
        other = ask(server.port, "GET", "/api/tables?status=all&limit=100", source="127.0.0.2")
        assert other[0] == 200 and len(other[1]) == 1  # another address: served at once
        assert ask(server.port, "GET", "/api/games", source="127.0.0.2")[0] == 200
    finally:
        stop_server(server)


# -- the WebSocket connect rate ---------------------------------------------------------------


def test_websocket_connect_churn_past_the_rate_is_refused_before_any_work(tmp_path: Path) -> None:
    """Reconnecting in a loop is refused at the handshake past the burst (nothing accepted,
    joined or sent); another address connects and watches meanwhile."""
    traffic = TrafficLimits(ws_connect_rate=2.0, ws_connect_burst=5, refused_hold=0)
    with serving(f"sqlite:///{tmp_path / 'ws.db'}", traffic) as (app, port):
        status, made = ask(port, "POST", "/api/tables", LEGENDS)
        assert status == 200, made
        url = f"ws://127.0.0.1:{port}/ws/{made['id']}"
        accepted, refusals = 0, []
        began = time.monotonic()
        for _ in range(30):
            try:
                with connect(url, open_timeout=30) as ws:
                    assert json.loads(ws.recv(timeout=30))["type"] == "state"
                    accepted += 1
            except InvalidStatus as exc:
                refusals.append(exc.response.status_code)
        elapsed = time.monotonic() - began
        # before: all 30 accepted, each joining the table and sent its state
        assert accepted <= 5 + 2.0 * elapsed + 1, (accepted, elapsed)
        assert refusals and set(refusals) == {403}, refusals
        assert accepted + len(refusals) == 30
        with connect(url, open_timeout=30, source_address=("127.0.0.2", 0)) as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "state"  # another address: fine
        table = app.state.hub.tables[made["id"]]
        deadline = time.monotonic() + 60  # liveness only: the last leave is handled meanwhile
        while table.connections:
            assert time.monotonic() < deadline, "a socket stayed joined"
            time.sleep(0.1)


# -- an IPv6 /64 is one client ----------------------------------------------------------------


async def _from(app: Any, host: str, method: str, path: str, body: Any = None) -> int:
    """Send one request to ``app`` as if from ``host``; return the status."""
    transport = httpx.ASGITransport(app=app, client=(host, 4321))
    async with httpx.AsyncClient(transport=transport, base_url="http://hellas") as client:
        answer = await client.request(method, path, json=body)
        return answer.status_code


def test_the_addresses_of_one_ipv6_64_share_one_request_bucket(tmp_path: Path) -> None:
    """The request limiter counts 2001:db8:1:2::/64 as one client; the next /64 is another."""
    traffic = TrafficLimits(http_rate=1.0, refused_hold=0)  # bursts of 4 tokens
    app = create_app(f"sqlite:///{tmp_path / 'v6.db'}", bot_delay=0.0, traffic=traffic)

    async def run() -> list[int]:
        out = [await _from(app, f"2001:db8:1:2::{k + 1}", "GET", "/api/games") for k in range(4)]
        out.append(await _from(app, "2001:db8:1:2:ffff:ffff:ffff:ffff", "GET", "/api/games"))
        out.append(await _from(app, "2001:db8:1:3::1", "GET", "/api/games"))
        return out

    # before: each address its own bucket, all six served
    assert asyncio.run(run()) == [200, 200, 200, 200, 429, 200]


def test_the_addresses_of_one_ipv6_64_share_every_per_address_limit(tmp_path: Path) -> None:
    """The creation limit (a route's own, through ``site.address``) counts the /64 too."""
    traffic = TrafficLimits(create_rate=1.0, http_rate=0)  # one table a minute per client
    app = create_app(f"sqlite:///{tmp_path / 'v6c.db'}", bot_delay=0.0, traffic=traffic)

    async def run() -> list[int]:
        return [
            await _from(app, "2001:db8:5:6::1", "POST", "/api/tables", LEGENDS),
            await _from(app, "2001:db8:5:6::2", "POST", "/api/tables", LEGENDS),
            await _from(app, "2001:db8:5:7::1", "POST", "/api/tables", LEGENDS),
        ]

    assert asyncio.run(run()) == [200, 429, 200]  # before: [200, 200, 200]


def test_a_server_on_ipv6_loopback_keys_its_clients_by_their_64(tmp_path: Path) -> None:
    """Over real IPv6 sockets (::1), the limits count the client as ``::/64`` and still hold."""
    traffic = TrafficLimits(http_rate=1.0, refused_hold=0)
    with serving(f"sqlite:///{tmp_path / 'v6s.db'}", traffic, host="::1") as (app, port):
        statuses = [ask(port, "GET", "/api/games", source="::1", host="::1")[0] for _ in range(6)]
        assert statuses[:4] == [200] * 4 and 429 in statuses[4:]
        with connect(f"ws://[::1]:{port}/ws/nope", open_timeout=30) as ws:
            assert json.loads(ws.recv(timeout=30))["code"] == "no-table"
        assert list(app.state.site.connects.buckets) == ["::/64"]


def test_a_table_in_memory_costs_one_token_and_a_database_look_up_more(tmp_path: Path) -> None:
    """A request about a table the server holds costs 1; one about a table it must look for in
    the database costs 5 (at most the whole burst, so it still passes after a full refill)."""
    traffic = TrafficLimits(http_rate=1.0, refused_hold=0, create_rate=0)  # bursts of 4 tokens
    app = create_app(f"sqlite:///{tmp_path / 'cost.db'}", bot_delay=0.0, traffic=traffic)

    async def run() -> tuple[list[int], list[int]]:
        transport = httpx.ASGITransport(app=app, client=("192.0.2.1", 4321))
        async with httpx.AsyncClient(transport=transport, base_url="http://hellas") as client:
            made = (await client.post("/api/tables", json=LEGENDS)).json()  # 1 token
            live = [(await client.get(f"/api/tables/{made['id']}")).status_code for _ in range(4)]
        missing = [await _from(app, "192.0.2.2", "GET", "/api/tables/nope") for _ in range(2)]
        return live, missing

    live, missing = asyncio.run(run())
    assert live == [200, 200, 200, 429]  # 1 + 3 of the burst of 4
    assert missing == [404, 429]  # before: [404, 404] (1 token each)

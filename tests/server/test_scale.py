"""Many clients at once, over a real server: spectators, creation rate, lobby pages, expiry.

- Spectators joining or leaving send nothing to anyone else; a seat coming online or going
  offline sends the others one small ``seats`` message; past the cap a spectator is refused.
- Table creation is limited per client address (429 with Retry-After; nothing stored).
- The lobby's open list comes in pages; open tables nobody joined close after their lifetime.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hellas.server.app import create_app
from hellas.server.hub import Hub
from hellas.server.live import Connection
from hellas.server.site import Site
from hellas.server.store import Store
from hellas.server.traffic import RateLimiter, TrafficLimits, parse_duration

from .conftest import Server, start_server, stop_server

CAP = 40


@pytest.fixture(scope="module")
def crowd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('crowd') / 'hellas.db'}"
    server = start_server(
        db, args=["--max-spectators", str(CAP), "--create-rate", "0", "--open-table-ttl", "0"]
    )
    yield server
    stop_server(server)


def two_seat_table(server: Server) -> tuple[str, dict[int, str]]:
    _s, data = server.post(
        "/api/tables", {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    )
    _s, other = server.post(f"/api/tables/{data['id']}/claim", {"seat": 1})
    return data["id"], {0: data["you"]["token"], 1: other["token"]}


def first(ws: ClientConnection) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return msg


def drain(ws: ClientConnection) -> list[dict[str, Any]]:
    """Return every message that arrived before the answer to a ping sent now."""
    ws.send(json.dumps({"type": "ping"}))
    got = []
    while True:
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] == "pong":
            return got
        got.append(msg)


def test_spectators_coming_and_going_send_nothing_to_the_others(crowd: Server) -> None:
    table, tokens = two_seat_table(crowd)
    with (
        connect(crowd.ws(table, 0, tokens[0])) as player,
        connect(crowd.ws(table)) as watcher,
    ):
        assert first(player)["type"] == "state"
        assert first(watcher)["type"] == "state"
        assert drain(player) == [] and drain(watcher) == []
        for _round in range(2):  # CAP - 1 join together (with the watcher: CAP), then all leave
            with contextlib.ExitStack() as stack:
                sockets = [stack.enter_context(connect(crowd.ws(table))) for _ in range(CAP - 1)]
                for ws in sockets:
                    msg = first(ws)
                    assert msg["type"] == "state" and msg["seat"] is None and msg["view"]
        time.sleep(0.5)  # let the server finish handling the leaves
        assert drain(player) == [], "a spectator's coming or going reached a player"
        assert drain(watcher) == [], "a spectator's coming or going reached a spectator"


def test_a_seat_coming_online_sends_one_small_seats_message(crowd: Server) -> None:
    table, tokens = two_seat_table(crowd)
    with connect(crowd.ws(table, 0, tokens[0])) as player, connect(crowd.ws(table)) as watcher:
        first(player)
        first(watcher)
        with connect(crowd.ws(table, 1, tokens[1])) as other:
            assert first(other)["type"] == "state"
            for ws in (player, watcher):
                got = drain(ws)
                assert [m["type"] for m in got] == ["seats"]
                assert [s["online"] for s in got[0]["seats"]] == [True, True]
            with connect(crowd.ws(table, 1, tokens[1])) as again:  # a second tab: no change
                first(again)
                assert drain(player) == []
        time.sleep(0.5)
        for ws in (player, watcher):
            got = drain(ws)
            assert [m["type"] for m in got] == ["seats"]
            assert [s["online"] for s in got[0]["seats"]] == [True, False]


def refused(server: Server, table: str) -> tuple[dict[str, Any], int | None]:
    """Connect a spectator expected to be refused: its error message and close code."""
    with connect(server.ws(table)) as ws:
        msg = first(ws)
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=30)
        return msg, ws.close_code


def test_spectators_past_the_cap_are_refused_and_players_are_not(crowd: Server) -> None:
    table, tokens = two_seat_table(crowd)
    with contextlib.ExitStack() as stack:
        watchers = [stack.enter_context(connect(crowd.ws(table))) for _ in range(CAP)]
        for ws in watchers:
            assert first(ws)["type"] == "state"
        msg, code = refused(crowd, table)
        assert msg["type"] == "error" and msg["code"] == "too-many-spectators"
        assert str(CAP) in msg["message"]
        assert code == 4429
        with connect(crowd.ws(table, 0, tokens[0])) as player:  # seats never count
            assert first(player)["type"] == "state"
        watchers.pop().close()
        time.sleep(0.5)
        with connect(crowd.ws(table)) as late:  # a place came free
            assert first(late)["type"] == "state"


def post_with_headers(server: Server, path: str, body: Any) -> tuple[int, Any, dict[str, str]]:
    req = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read()), {k.lower(): v for k, v in r.headers.items()}
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), {k.lower(): v for k, v in e.headers.items()}


def test_table_creation_is_rate_limited_per_address(tmp_path: Any) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'rate.db'}", args=["--create-rate", "3"])
    try:
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        for _ in range(3):
            status, _data, _h = post_with_headers(server, "/api/tables", body)
            assert status == 200
        before = server.get("/api/tables?status=all&limit=100")[1]
        status, data, headers = post_with_headers(server, "/api/tables", body)
        assert status == 429
        assert data["code"] == "too-many-tables" and "a minute" in data["message"]
        assert 1 <= int(headers["retry-after"]) <= 20  # 3 a minute: one back every 20 s
        assert server.get("/api/tables?status=all&limit=100")[1] == before  # nothing stored
        assert server.get("/api/games")[0] == 200  # other requests are not limited
    finally:
        stop_server(server)


def test_the_open_list_comes_in_pages(crowd: Server) -> None:
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"]}
    made = [crowd.post("/api/tables", body)[1]["id"] for _ in range(7)]
    pages = [crowd.get(f"/api/tables?status=open&limit=3&offset={k}")[1] for k in (0, 3, 6)]
    ids = [t["id"] for page in pages for t in page]
    assert [len(p) for p in pages[:2]] == [3, 3]
    assert len(ids) == len(set(ids))
    assert ids[:7] == made[::-1]  # newest first, no table twice, none skipped
    assert all(t["free"] == [1] for page in pages for t in page)
    for bad in ("limit=0", "limit=101", "offset=-1", "limit=x"):
        status, _err = crowd.get(f"/api/tables?status=open&{bad}")
        assert status == 400, bad
    assert len(crowd.get("/api/tables?status=open")[1]) <= 20  # a default page


def test_open_tables_nobody_joined_close_after_their_lifetime(tmp_path: Any) -> None:
    server = start_server(
        f"sqlite:///{tmp_path / 'ttl.db'}", args=["--open-table-ttl", "2s", "--create-rate", "0"]
    )
    try:
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        _s, lonely = server.post("/api/tables", body)
        full, _tokens = two_seat_table(server)
        listed = [t["id"] for t in server.get("/api/tables?status=open")[1]]
        assert lonely["id"] in listed and full not in listed
        deadline = time.time() + 60
        while time.time() < deadline:
            info = server.get(f"/api/tables/{lonely['id']}")[1]
            if info["closed"]:
                break
            time.sleep(0.2)
        assert "nobody joined" in info["closed"]
        assert lonely["id"] not in [t["id"] for t in server.get("/api/tables?status=open")[1]]
        status, err = server.post(f"/api/tables/{lonely['id']}/claim", {"seat": 1})
        assert status == 410 and err["code"] == "closed"
        token = lonely["you"]["token"]
        status, err = server.post(
            f"/api/tables/{lonely['id']}/choose", {"seat": 0, "token": token, "key": "x"}
        )
        assert status == 410 and err["code"] == "closed"  # no more moves either
        msg, _code = refused(server, lonely["id"])
        assert msg["code"] == "closed"
        assert server.get(f"/api/tables/{full}")[1]["closed"] is None  # every seat was taken
    finally:
        stop_server(server)


def test_durations_limits_and_the_token_bucket() -> None:
    assert [parse_duration(t) for t in ("90", "90s", "30m", "24h", "7d", "0")] == [
        90.0,
        90.0,
        1800.0,
        86400.0,
        604800.0,
        0.0,
    ]
    for bad in ("", "-1h", "1w", "h", "1.5.2s"):
        with pytest.raises(ValueError, match="not a duration"):
            parse_duration(bad)
    for kwargs in ({"create_rate": -1.0}, {"max_spectators": -1}, {"open_table_ttl": -5.0}):
        with pytest.raises(ValueError):
            TrafficLimits(**kwargs)  # type: ignore[arg-type]
    bucket = RateLimiter(per_minute=6)  # a burst of 6, then one every 10 s
    assert [bucket.take("a", now=100.0) for _ in range(6)] == [0.0] * 6
    assert bucket.take("a", now=100.0) == pytest.approx(10.0)
    assert bucket.take("b", now=100.0) == 0.0  # another address has its own bucket
    assert bucket.take("a", now=111.0) == 0.0  # refilled one
    assert RateLimiter(per_minute=0).take("a") == 0.0  # 0: no limit
    short = RateLimiter(per_minute=600, burst=60)  # replay steps: a burst of 6 seconds' worth
    assert [short.take("a", now=100.0) for _ in range(60)] == [0.0] * 60
    assert short.take("a", now=100.0) == pytest.approx(0.1)  # then the steady 10 a second


def test_a_servers_replay_steps_burst_six_seconds_worth() -> None:
    """An address may take a dragged slider's worth of replay steps at once, not a minute's:
    a short flood then gets no more than the steady rate."""
    hub = create_app("sqlite://", bot_delay=0.0).state.hub
    site = Site.build(hub, None)
    assert site.replays.per_minute == 600 and site.replays.burst == 60
    taken = [site.replays.take("a", now=5.0) for _ in range(61)]
    assert taken[:60] == [0.0] * 60 and taken[60] > 0


def test_a_seat_and_a_spectator_joining_together_send_the_spectator_no_seats(
    tmp_path: Path,
) -> None:
    """The seats message of a seat coming online goes out before anyone else can join.

    Two joins racing: the seat's join holds the table while it builds its first message and
    the spectator's waits for it.  The spectator's first message already shows the seat
    online, so it must get no ``seats`` message for it (the server once sent that message
    after letting go of the table, so the waiting spectator got it as well).
    """

    async def scenario() -> dict[str, list[str]]:
        store = Store(f"sqlite:///{tmp_path / 'race.db'}")
        hub = Hub(store)
        table, _creator = await hub.create("legends", {"players": 2}, ["human", "human"], 5, "")
        got: dict[str, list[str]] = {"player": [], "watcher": [], "other": []}

        def into(name: str) -> Any:
            async def send(text: str) -> None:
                await asyncio.sleep(0.01)  # a slow network: the other join runs meanwhile
                got[name].append(json.loads(text)["type"])

            return send

        player, watcher = Connection(0, into("player")), Connection(None, into("watcher"))
        await asyncio.gather(hub.join(table, player), hub.join(table, watcher))
        joined = {name: got[name][:] for name in ("player", "watcher")}
        await hub.claim(table, 1)
        for name in joined:  # the claim's new state
            got[name].clear()
        got.update({f"{name} joining": seen for name, seen in joined.items()})
        await hub.join(table, Connection(1, into("other")))
        await hub.close()
        store.close()
        return got

    got = asyncio.run(scenario())
    assert got == {
        "player joining": ["state"],
        "watcher joining": ["state"],
        "player": ["seats"],
        "watcher": ["seats"],
        "other": ["state"],
    }

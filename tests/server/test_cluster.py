"""Several server processes over one PostgreSQL database (``server/cluster.py``).

Two real ``hellas serve`` processes on loopback share a fresh database: clients on either see
the same table and each other's moves; a bot table keeps playing on the other process after its
owner is killed with SIGKILL, with exactly the moves an uninterrupted game makes; a move whose
notice never came is found from the stored moves; a listening connection cut by the database
comes back.  In one process, two hubs show that a step stored twice is refused and the loser
catches up, and that a lease has one holder at a time.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from websockets.sync.client import connect

from hellas.core.record import Record, replay
from hellas.games import REGISTRY
from hellas.server.cluster import Cluster, listen_url
from hellas.server.errors import ServerError
from hellas.server.health import Readiness
from hellas.server.hub import Hub
from hellas.server.store import Store

from .conftest import Server, server_pair, start_server, stop_server

LEASE = "2"  # seconds: a killed owner's tables move on quickly in these tests
BOUND = 120.0  # seconds: a generous liveness bound, never a timing claim


@pytest.fixture
def pair(pg_db: str) -> Iterator[tuple[Server, Server]]:
    yield from server_pair(pg_db, ["--lease-seconds", LEASE, "--create-rate", "0"])


def sql(db: str, query: str, *args: Any) -> list[tuple[Any, ...]]:
    import psycopg  # noqa: PLC0415

    with psycopg.connect(listen_url(db), autocommit=True) as conn:
        cur = conn.execute(query, args)
        return list(cur.fetchall()) if cur.description else []


def recv(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=BOUND))  # type: ignore[no-any-return]


def state_at(ws: Any, seq: int) -> dict[str, Any]:
    """Return the first state message at ``seq`` or later."""
    while True:
        msg = recv(ws)
        if msg["type"] == "state" and msg["seq"] >= seq:
            return msg


def metric(server: Server, name: str) -> float:
    with urllib.request.urlopen(server.url + "/metrics", timeout=30) as r:
        body = r.read().decode()
    found = re.search(rf"^{re.escape(name)} ([0-9.e+]+)$", body, re.M)
    assert found, f"{name} missing from /metrics"
    return float(found.group(1))


def until(check: Any, what: str, bound: float = BOUND) -> Any:
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {bound:g} s: {what}")


def two_human_table(a: Server) -> tuple[str, dict[int, str]]:
    _s, data = a.post(
        "/api/tables",
        {
            "game": "legends",
            "seed": 3,
            "options": {"players": 2, "mission": 1},
            "seats": ["human", "human"],
            "private": True,
        },
    )
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    return data["id"], tokens


def auth(ws: Any, token: str) -> Any:
    ws.send(json.dumps({"type": "auth", "token": token}))
    return ws


def test_clients_on_two_processes_see_one_table(pair: tuple[Server, Server]) -> None:
    a, b = pair
    table, tokens = two_human_table(a)
    with (
        connect(f"ws://127.0.0.1:{a.port}/ws/{table}?seat=0") as seat0,
        connect(f"ws://127.0.0.1:{b.port}/ws/{table}?seat=1") as seat1,
        connect(a.ws(table)) as watch_a,
        connect(b.ws(table)) as watch_b,
    ):
        auth(seat0, tokens[0])
        auth(seat1, tokens[1])
        seats = {0: seat0, 1: seat1}
        mine = {0: state_at(seat0, 0), 1: state_at(seat1, 0)}
        state_at(watch_a, 0)
        state_at(watch_b, 0)
        for seq in range(24):  # each seat plays on its own process, in turn
            actor = next(s for s in (0, 1) if mine[s]["choices"])
            key = mine[actor]["choices"][-1]["key"]
            seats[actor].send(json.dumps({"type": "choose", "key": key, "seq": seq}))
            mine = {s: state_at(seats[s], seq + 1) for s in (0, 1)}
            assert mine[0]["seq"] == mine[1]["seq"] == seq + 1
            assert mine[0]["to_act"] == mine[1]["to_act"]
            seen_a, seen_b = state_at(watch_a, seq + 1), state_at(watch_b, seq + 1)
            assert seen_a["view"] == seen_b["view"]  # the same table, whichever process
            if mine[0]["outcome"]:
                break
    stored = sql(b.db, "SELECT count(*) FROM hellas_moves WHERE table_id = %s", table)[0][0]
    assert stored == mine[0]["seq"]
    assert metric(a, "hellas_cluster_heard_total") >= 1
    assert metric(b, "hellas_cluster_heard_total") >= 1


def bot_table(server: Server, seed: int) -> str:
    _s, data = server.post(
        "/api/tables",
        {
            "game": "legends",
            "seed": seed,
            "options": {"players": 3, "mission": 2},
            "seats": ["heuristic"] * 3,
        },
    )
    return str(data["id"])


def node(server: Server) -> str:
    """Return how the name a server process holds leases under begins (a random part follows)."""
    return f"{socket.gethostname()}:{server.port}"[:27] + "~"


def moves(db: str, table: str) -> list[str]:
    rows = sql(db, "SELECT seq, key FROM hellas_moves WHERE table_id = %s ORDER BY seq", table)
    assert [r[0] for r in rows] == list(range(len(rows)))  # no gap, no step twice
    return [str(r[1]) for r in rows]


def finished(db: str, table: str) -> bool:
    return bool(sql(db, "SELECT finished FROM hellas_tables WHERE id = %s", table)[0][0])


def test_bot_table_moves_to_the_other_process_when_its_owner_is_killed(pg_db: str) -> None:
    args = ["--lease-seconds", LEASE, "--create-rate", "0", "--bot-workers", "1"]
    a = start_server(pg_db, bot_delay=0.15, args=args)
    b = start_server(pg_db, bot_delay=0.15, args=args)
    try:
        table = bot_table(a, 41)
        control = bot_table(b, 41)  # the same game, never interrupted
        owner = until(
            lambda: sql(pg_db, "SELECT owner FROM hellas_leases WHERE table_id = %s", table),
            "a process takes the table's lease",
        )[0][0]
        victim, survivor = (a, b) if owner.startswith(node(a)) else (b, a)
        assert owner.startswith(node(victim))
        until(lambda: len(moves(pg_db, table)) >= 8, "the bots play a few moves")
        assert not finished(pg_db, table), "the game ended before the owner could be killed"
        victim.proc.send_signal(signal.SIGKILL)
        victim.proc.wait(timeout=30)
        at_kill = len(moves(pg_db, table))
        until(lambda: len(moves(pg_db, table)) > at_kill, "another process plays on")
        new_owner = sql(pg_db, "SELECT owner FROM hellas_leases WHERE table_id = %s", table)
        assert new_owner and new_owner[0][0].startswith(node(survivor))
        until(lambda: finished(pg_db, table) and finished(pg_db, control), "both games end")
        played, uninterrupted = moves(pg_db, table), moves(pg_db, control)
        assert played == uninterrupted  # nothing lost, nothing played twice
        _s, record = survivor.get(f"/api/tables/{table}/record")
        assert record["choices"] == played
        game = REGISTRY.get("legends")
        assert game.outcome(replay(game, Record.from_json(record))) is not None
        assert metric(survivor, "hellas_cluster_adopted_total") >= 1
    finally:
        stop_server(a)
        stop_server(b)


def test_a_lost_notice_is_recovered_from_the_stored_moves(pair: tuple[Server, Server]) -> None:
    a, b = pair
    table, tokens = two_human_table(a)
    with (
        connect(f"ws://127.0.0.1:{b.port}/ws/{table}?seat=0") as seat0,
        connect(f"ws://127.0.0.1:{b.port}/ws/{table}?seat=1") as seat1,
        connect(a.ws(table)) as watch_a,
    ):
        auth(seat0, tokens[0])
        auth(seat1, tokens[1])
        first = {0: state_at(seat0, 0), 1: state_at(seat1, 0)}
        state_at(watch_a, 0)
        actor = next(s for s in (0, 1) if first[s]["choices"])
        key = first[actor]["choices"][0]["key"]
        # a move stored with no notice at all, as if its notice was lost in a restart
        sql(
            a.db,
            "INSERT INTO hellas_moves (table_id, seq, key, seat, at) VALUES (%s, 0, %s, %s, %s)",
            table,
            key,
            actor,
            time.time(),
        )
        first0 = state_at(seat0, 1)
        assert first0["seq"] == 1
        assert state_at(watch_a, 1)["seq"] == 1
        assert metric(b, "hellas_cluster_swept_total") >= 1
        # the database drops every listening connection: both come back and hear again
        sql(
            a.db,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE query LIKE 'LISTEN %%' AND datname = current_database()",
        )
        until(lambda: metric(a, "hellas_cluster_reconnects_total") >= 1, "A listens again")
        until(lambda: metric(b, "hellas_cluster_reconnects_total") >= 1, "B listens again")
        now = {0: first0, 1: state_at(seat1, 1)}
        actor = 0 if now[0]["choices"] else 1
        after = now[actor]
        status, _r = a.post(
            f"/api/tables/{table}/choose",
            {"seat": actor, "token": tokens[actor], "key": after["choices"][0]["key"], "seq": 1},
        )
        assert status == 200
        assert state_at(seat1, 2)["seq"] == 2
        until(lambda: b.get("/readyz")[0] == 200, "B is ready again")


def test_a_step_stored_twice_is_refused_and_the_loser_catches_up(pg_db: str) -> None:
    async def scenario() -> None:
        store_a, store_b = Store(pg_db), Store(pg_db)
        hub_a = Hub(store_a, cluster=Cluster(store_a, 2.0))
        hub_b = Hub(store_b, cluster=Cluster(store_b, 2.0))  # never listens: it hears nothing
        try:
            table_a, creator = await hub_a.create(
                "legends", {"players": 2, "mission": 1}, ["human", "human"], 7, "", True
            )
            tokens = {creator["seat"]: creator["token"]}
            tokens.update({i["seat"]: i["token"] for i in creator["invites"]})
            table_b = await hub_b.get(table_a.id)
            seat = table_a.match.to_act()
            assert seat is not None
            options = [c.key for c in table_a.game.choices(table_a.match.state)]
            assert len(options) > 1
            await hub_a.choose(table_a, seat, tokens[seat], options[0], 0)
            with pytest.raises(ServerError) as refused:  # B's copy is one move behind
                await hub_b.choose(table_b, seat, tokens[seat], options[-1], 0)
            assert refused.value.code == "stale"
            assert table_b.match.record.choices == [options[0]]  # caught up with A's move
            assert hub_b.cluster.stats.conflicts == 1
            with pytest.raises(IntegrityError):
                store_b.add_move(table_a.id, 0, options[-1], seat)
            status, body = await Readiness().check(hub_b)
            assert status == 503 and "not listening" in body["cluster"]
            # a lease whose owner does not listen (no liveness lock) is anyone's to take
            assert await hub_a.cluster.acquire(table_a.id)
            hub_a.cluster.held.clear()  # forget it locally: B takes it from the database
            assert await hub_b.cluster.acquire(table_a.id)
            tasks = hub_a.cluster.start() + hub_b.cluster.start()
            deadline = time.monotonic() + BOUND
            while not (hub_a.cluster.listening and hub_b.cluster.listening):
                assert time.monotonic() < deadline, "never listening"
                await asyncio.sleep(0.05)
            # both alive: one lease holder at a time; a holder that stops hands it over at once
            other = (await hub_a.create("legends", {"players": 2}, ["human", "human"], 8, ""))[0]
            assert await hub_a.cluster.acquire(other.id)
            assert not await hub_b.cluster.acquire(other.id)
            await hub_a.cluster.close()
            assert await hub_b.cluster.acquire(other.id)
            for task in tasks:
                task.cancel()
        finally:
            await hub_a.close()
            await hub_b.close()
            store_a.close()
            store_b.close()

    asyncio.run(scenario())


def test_a_seat_taken_on_one_process_shows_on_the_other(pair: tuple[Server, Server]) -> None:
    a, b = pair
    _s, data = a.post(
        "/api/tables",
        {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]},
    )
    table, free = data["id"], data["join"][0]["seat"]
    with connect(a.ws(table)) as watch_a:
        first = state_at(watch_a, 0)
        assert not first["seats"][free]["claimed"]
        status, _claimed = b.post(f"/api/tables/{table}/claim", {"seat": free})
        assert status == 200
        while True:  # the spectator on A hears of the seat taken on B
            msg = recv(watch_a)
            if msg.get("seats") and msg["seats"][free]["claimed"]:
                break
    status, again = a.post(f"/api/tables/{table}/claim", {"seat": free})
    assert status == 409 and again["code"] == "taken"


def test_other_features_hear_their_own_kind_of_notice(pg_db: str) -> None:
    async def scenario() -> None:
        stores = [Store(pg_db), Store(pg_db)]
        hubs = [Hub(s, cluster=Cluster(s, 2.0)) for s in stores]
        heard: asyncio.Queue[tuple[str, int]] = asyncio.Queue()

        async def on_chat(table_id: str, step: int) -> None:
            await heard.put((table_id, step))

        hubs[1].cluster.on("chat", on_chat)
        tasks = [task for hub in hubs for task in hub.cluster.start()]
        try:
            deadline = time.monotonic() + BOUND
            while not all(hub.cluster.listening for hub in hubs):
                assert time.monotonic() < deadline, "never listening"
                await asyncio.sleep(0.05)
            await hubs[0].cluster.publish("t0", "chat", 17)
            assert await asyncio.wait_for(heard.get(), BOUND) == ("t0", 17)
            await hubs[1].cluster.publish("t1", "chat", 3)  # a process never hears itself
            await hubs[0].cluster.publish("t2", "chat", 4)
            assert await asyncio.wait_for(heard.get(), BOUND) == ("t2", 4)
        finally:
            for task in tasks:
                task.cancel()
            for hub, store in zip(hubs, stores, strict=True):
                await hub.close()
                store.close()

    asyncio.run(scenario())


def test_a_process_started_again_under_its_name_adopts_its_leases_at_once(pg_db: str) -> None:
    async def scenario() -> None:
        store = Store(pg_db)
        hubs = [Hub(store, cluster=Cluster(store, 60.0, name)) for name in ("h:1", "h:1", "h:2")]
        first, again, other = (hub.cluster for hub in hubs)
        assert first.node != again.node  # [issue 47] one given name, two starts, two names
        tasks: list[asyncio.Task[None]] = []
        try:
            table = (await hubs[1].create("legends", {"players": 2}, ["human"] * 2, 9, ""))[0]
            tasks = first.start()
            deadline = time.monotonic() + BOUND
            while not first.ready()[0]:
                assert time.monotonic() < deadline, "never listening"
                await asyncio.sleep(0.05)
            assert await first.acquire(table.id)
            assert not await other.acquire(table.id)  # "h:1" is alive and holds it
            first._stop.set()  # then "h:1" dies without a word: its session ends
            while first.listening:
                assert time.monotonic() < deadline, "never stopped"
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            assert await again.acquire(table.id)  # long before the lease lapsed
        finally:
            for task in tasks:
                task.cancel()
            for hub in hubs:
                await hub.close()
            store.close()

    asyncio.run(scenario())


def test_chat_posted_on_one_process_reaches_the_other(pair: tuple[Server, Server]) -> None:
    a, b = pair
    table, tokens = two_human_table(a)
    with (
        connect(f"ws://127.0.0.1:{a.port}/ws/{table}?seat=0") as seat0,
        connect(b.ws(table)) as watch_b,
    ):
        auth(seat0, tokens[0])
        state_at(seat0, 0)
        state_at(watch_b, 0)
        seat0.send(json.dumps({"type": "chat", "reaction": "well-played"}))
        while True:  # the spectator on B gets the message A stored
            msg = recv(watch_b)
            if msg["type"] == "chat":
                break
        assert msg["table"] == table and msg["message"]["reaction"] == "well-played"
        assert msg["message"]["seat"] == 0

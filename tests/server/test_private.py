"""Playing with friends over a real server: private tables, open seats, "my tables", hosting.

A private table is in no list and its seats are reached only through their secret links; an
open seat of a public table is taken once, and nothing a stranger can read hands out a seat.
"""

from __future__ import annotations

import ipaddress
import json
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from websockets.sync.client import connect

from hellas.server.sharing import lan_address, public_base, startup_lines
from hellas.server.store import Store

from .conftest import ROOT, Server, free_port, fresh_pg_database, postgres_url, stop_server

STATUSES = ("open", "playing", "finished", "all")


def create(server: Server, seats: list[str], **body: Any) -> dict[str, Any]:
    payload = {"game": "legends", "options": {"players": len(seats)}, "seats": seats, **body}
    status, data = server.post("/api/tables", payload)
    assert status == 200, data
    return data  # type: ignore[no-any-return]


def listed(server: Server, table: str) -> list[str]:
    """Return the lobby lists that show ``table``."""
    return [
        s
        for s in STATUSES
        if any(t["id"] == table for t in server.get(f"/api/tables?status={s}")[1])
    ]


def raw_lists(server: Server) -> str:
    """Return everything the lobby lists say, as text."""
    out = []
    for s in STATUSES:
        with urllib.request.urlopen(f"{server.url}/api/tables?status={s}", timeout=30) as r:
            out.append(r.read().decode())
    return "\n".join(out)


def ws_refusal(server: Server, table: str, seat: int, token: str | None) -> dict[str, Any]:
    url = f"ws://127.0.0.1:{server.port}/ws/{table}?seat={seat}"
    if token is not None:
        url += f"&token={token}"
    with connect(url) as ws:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return msg


def test_private_table_is_unlisted_and_each_seat_opens_only_with_its_link(server: Server) -> None:
    data = create(server, ["human", "human", "heuristic"], private=True, name="Friends only")
    table, mine = data["id"], data["you"]
    assert data["private"] is True and data["join"] == []
    assert [i["seat"] for i in data["invites"]] == [1]
    invite = data["invites"][0]
    assert f"seat=1&token={invite['token']}" in invite["link"]
    assert invite["url"] == server.url + invite["link"]  # no --public-url: the request's address
    assert invite["token"] != mine["token"]
    assert listed(server, table) == []
    assert table not in raw_lists(server)
    assert server.get(f"/api/tables/{table}")[1]["private"] is True

    for seat in (0, 1, 2):  # no seat of a private table can be claimed, not even a bot's
        status, err = server.post(f"/api/tables/{table}/claim", {"seat": seat})
        assert status in (403, 404) and err["type"] == "error", err
    assert server.post(f"/api/tables/{table}/claim", {"seat": 1})[1]["code"] == "private"

    view = f"/api/tables/{table}/view"
    assert server.get(f"{view}?seat=1")[0] == 403  # the seat without its token
    assert server.get(f"{view}?seat=1&token=guess")[0] == 403
    assert server.get(f"{view}?seat=1&token={mine['token']}")[0] == 403  # another seat's secret
    assert ws_refusal(server, table, 1, None)["code"] == "bad-token"
    status, friend = server.get(f"{view}?seat=1&token={invite['token']}")
    assert status == 200 and friend["seat"] == 1

    # the friend plays through the link: both humans choose until seat 2 has made a choice
    tokens = {0: mine["token"], 1: invite["token"]}
    friend_moves = 0
    for _ in range(400):
        if friend_moves:
            break
        for seat, token in tokens.items():
            _s, msg = server.get(f"{view}?seat={seat}&token={token}")
            assert not msg["outcome"]
            if msg["choices"]:
                body = {"seat": seat, "token": token, "key": msg["choices"][0]["key"]}
                status, ok = server.post(f"/api/tables/{table}/choose", {**body, "seq": msg["seq"]})
                assert status == 200, ok
                friend_moves += seat == 1
        time.sleep(0.01)
    assert friend_moves == 1
    assert listed(server, table) == []  # still in no list once it is being played


def test_an_open_seat_is_taken_once_and_no_list_hands_out_a_seat(server: Server) -> None:
    data = create(server, ["human", "human", "human"])
    table = data["id"]
    assert data["private"] is False and data["invites"] == []
    assert [j["seat"] for j in data["join"]] == [1, 2]
    assert all("token" not in j["link"] and "token" not in j["url"] for j in data["join"])
    opened = next(t for t in server.get("/api/tables?status=open")[1] if t["id"] == table)
    assert opened["free"] == [1, 2]
    assert "token" not in json.dumps(opened)

    results: list[tuple[int, dict[str, Any]]] = []

    def grab() -> None:
        results.append(server.post(f"/api/tables/{table}/claim", {"seat": 1}))

    threads = [threading.Thread(target=grab) for _ in range(8)]  # eight strangers at once
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [body for status, body in results if status == 200]
    assert len(winners) == 1, results
    assert sorted(status for status, _b in results) == [200] + [409] * 7
    token = winners[0]["token"]
    lists = raw_lists(server)
    assert token not in lists and data["you"]["token"] not in lists and "token" not in lists

    opened = next(t for t in server.get("/api/tables?status=open")[1] if t["id"] == table)
    assert opened["free"] == [2]
    status, again = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    assert (status, again["code"]) == (409, "taken")

    # the seat's link without its token grants nothing
    assert server.get(f"/api/tables/{table}/view?seat=1")[0] == 403
    assert server.get(f"/api/tables/{table}/replay/0?seat=1")[0] == 403
    assert server.post(f"/api/tables/{table}/seats/1/bot", {"token": "", "bot": "random"})[0] == 403
    assert ws_refusal(server, table, 1, None)["code"] == "bad-token"
    assert ws_refusal(server, table, 1, "")["code"] == "bad-token"
    status, spectator = server.get(f"/api/tables/{table}/view")  # watching needs nothing...
    assert status == 200 and spectator["choices"] == []  # ...and gives nothing to play
    assert server.get(f"/api/tables/{table}/view?seat=1&token={token}")[0] == 200

    assert server.post(f"/api/tables/{table}/claim", {"seat": 2})[0] == 200
    assert "open" not in listed(server, table) and "playing" in listed(server, table)


def test_private_must_be_true_or_false(server: Server) -> None:
    before = server.get("/api/tables?status=all")[1]
    payload = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    for bad in ("yes", 1, None, []):
        status, err = server.post("/api/tables", {**payload, "private": bad})
        assert status == 400 and "private" in err["message"], err
    assert server.get("/api/tables?status=all")[1] == before


def test_my_tables_answers_only_for_seats_whose_token_is_right(server: Server) -> None:
    data = create(server, ["human", "heuristic"], name="Mine")
    table, token = data["id"], data["you"]["token"]
    other = create(server, ["human", "human"], private=True)
    seats = [
        {"table": table, "seat": 0, "token": token},
        {"table": table, "seat": 0, "token": "forged"},
        {"table": other["id"], "seat": 1, "token": other["invites"][0]["token"]},
        {"table": "nosuchtable", "seat": 0, "token": token},
    ]
    status, mine = server.post("/api/my-tables", {"seats": seats})
    assert status == 200, mine
    first, forged, friend, gone = mine
    _s, view = server.get(f"/api/tables/{table}/view?seat=0&token={token}")
    assert first["game"] == "legends" and first["title"] == view["title"]
    assert first["name"] == "Mine" and first["to_act"] == view["to_act"]
    assert first["status"] == ("your-turn" if view["choices"] else "waiting")
    assert first["link"] == data["you"]["link"] and first["private"] is False
    assert forged == {"table": table, "seat": 0, "status": "unknown"}
    assert gone == {"table": "nosuchtable", "seat": 0, "status": "unknown"}
    assert friend["private"] is True and friend["seat"] == 1 and friend["status"] == "waiting"

    # a finished table says so, with its winners
    server.post(f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": "heuristic"})
    done: dict[str, Any] = {}
    for _ in range(1200):  # polled at a pace the request rate admits (liveness bound: 2 min)
        status, found = server.post("/api/my-tables", {"seats": seats[:1]})
        if status == 200 and found[0]["status"] == "finished":
            done = found[0]
            break
        time.sleep(0.1)
    assert done["status"] == "finished" and done["to_act"] is None
    assert done["winners"] == server.get(f"/api/tables/{table}")[1]["outcome"]["winners"]

    for bad in ({}, {"seats": "x"}, {"seats": [{"table": table}]}, {"seats": seats[:1] * 51}):
        status, err = server.post("/api/my-tables", bad)
        assert status == 400 and err["type"] == "error", (bad, err)


def run_serve(*args: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "hellas.cli.main", "serve", *args]
    return subprocess.Popen(
        cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def test_public_url_is_printed_and_used_in_every_link(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'friends.db'}"
    public = "http://friends.example:8123"
    proc = run_serve(
        "--host", "127.0.0.1", "--port", str(port), "--db", db, "--public-url", public + "/"
    )
    server = Server(f"http://127.0.0.1:{port}", db, port, proc)  # type: ignore[arg-type]
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(server.url + "/api/games", timeout=2).read()
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                time.sleep(0.2)
        assert server.get("/api/site")[1] == {"base": public}
        data = create(server, ["human", "human", "human"], private=True)
        assert data["you"]["url"] == public + data["you"]["link"]
        assert [i["url"] for i in data["invites"]] == [public + i["link"] for i in data["invites"]]
        open_table = create(server, ["human", "human"])
        assert open_table["join"][0]["url"] == f"{public}/?join={open_table['id']}&seat=1"
        _s, claimed = server.post(f"/api/tables/{open_table['id']}/claim", {"seat": 1})
        assert claimed["url"] == public + claimed["link"]
    finally:
        stop_server(server)  # type: ignore[arg-type]
    out = proc.stdout.read() if proc.stdout else ""
    assert f"Send friends this address: {public}/" in out, out


def test_a_bad_public_url_is_refused_before_anything_starts(tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    for bad in ("my.address:8000", "ftp://x", "http://x:port"):
        proc = run_serve("--port", str(free_port()), "--db", f"sqlite:///{db}", "--public-url", bad)
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 2 and "--public-url" in out, out
    assert not db.exists()


def test_the_address_to_send_friends() -> None:
    lan = lan_address()
    if lan is not None:  # a machine with no network has none
        ip = ipaddress.ip_address(lan)
        assert ip.version == 4 and not ip.is_loopback and not ip.is_unspecified
    lines = " ".join(startup_lines("0.0.0.0", 8000, None, "192.168.1.20"))
    assert "http://192.168.1.20:8000/" in lines and "firewall" in lines
    assert "--public-url" in lines
    assert "--public-url" in " ".join(startup_lines("0.0.0.0", 8000, None, None))
    assert "--host 0.0.0.0" in " ".join(startup_lines("127.0.0.1", 8000, None, lan))
    assert startup_lines("0.0.0.0", 8000, "http://x.org:80", lan) == [
        "Send friends this address: http://x.org:80/ (links the server gives use it)."
    ]
    assert public_base(" https://x.org/hellas/ ") == "https://x.org/hellas"


def database(kind: str, tmp_path: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    url = postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
    return fresh_pg_database(url)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_from_before_private_tables_still_opens(kind: str, tmp_path: Path) -> None:
    url = database(kind, tmp_path)
    store = Store(url)
    old = store.create_table("legends", "1", {"players": 2}, 7, ["human", "human"], "old")
    with store.engine.begin() as conn:  # the schema as it was before the column existed
        conn.execute(text("ALTER TABLE hellas_tables DROP COLUMN private"))
    store.close()

    store = Store(url)  # adds the column back, keeps the rows
    try:
        assert [t.id for t in store.list_tables()] == [old]
        row = store.load(old)
        assert row is not None and row.private is False and row.name == "old"
        hidden = store.create_table("legends", "1", {}, 8, ["human"], private=True, tokens={0: "t"})
        loaded = store.load(hidden)
        assert loaded is not None and loaded.private and loaded.seats[0].claimed
        assert [t.id for t in store.list_tables()] == [old]
        assert store.claim(hidden, 0) is None  # a seat that has its secret is never free
    finally:
        store.close()

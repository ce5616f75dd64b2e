"""What the server writes about its clients: no secret in any log line, no traceback, short echoes.

Real servers on loopback over SQLite (issue 46, "Logs and input"):

- a seat token sent under any spelling of its name (``tok%65n=``, ``TOKEN=``, ``t[]=``), percent
  encoded, in a path or a WebSocket URL reaches no log line, plain or ``--log-json``;
- a WebSocket client that sends 40 pings and closes without reading leaves no traceback and at
  most one line in the log;
- an input of 3,000 characters (text, digits, a JSON number, words with spaces) in every field
  of every route and every WebSocket message kind is answered without more than 80 characters
  of it in a row, and changes nothing: no table, seat, move or account appears.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hellas.core.errors import OptionError
from hellas.games import REGISTRY
from hellas.server.accounts import Accounts
from hellas.server.jsonlog import SECRET_LENGTHS, redact
from hellas.server.store import Store, new_token

from .conftest import ROOT, Server, start_server, stop_server

ECHO = 80  # characters of one input an answer may repeat in a row
LONGS = {  # the inputs, each 3,000 characters (or digits) long
    "text": "q" * 3000,
    "digits": "7" * 3000,
    "number": int("7" * 3000),
    "words": "odyssey " * 375,
}
OPEN = {"--create-rate": "0", "--http-rate": "0", "--ws-rate": "0", "--hold-refused": "0"}


def request(
    server: Server, method: str, path: str, body: str = "", headers: dict[str, str] | None = None
) -> tuple[int, str]:
    """Send one HTTP request (``body``: JSON text); return its status and its body as text."""
    data = body.encode() if body else None
    sent = {"Content-Type": "application/json", **(headers or {})}
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


def new_table(server: Server) -> tuple[str, dict[int, str]]:
    """Return a two-seat table whose seats are both taken, and the seats' tokens."""
    body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"], "seed": 5}
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    you = data["you"]
    status, other = server.post(f"/api/tables/{data['id']}/claim", {"seat": 1 - you["seat"]})
    assert status == 200, other
    return data["id"], {you["seat"]: you["token"], other["seat"]: other["token"]}


# -- tokens in the log ---------------------------------------------------------------------------


def test_issued_secrets_have_the_lengths_the_log_hides(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'secrets.db'}")
    try:
        books = Accounts(store.engine)
        account = books.insert("Pelops", "not a real hash")
        issued = [new_token(), books.seat_token(account.id, "t1", 0), books.open_session(account)]
    finally:
        store.close()
    for secret in issued:  # a seat token, an account's seat token, a session cookie
        assert len(secret) in SECRET_LENGTHS
        assert redact(f"GET /x/{secret} and {secret}.") == "GET /x/[redacted] and [redacted]."
    kept = "request 0f8e1d2c3b4a59687766554433221100 id 123e4567-e89b-12d3-a456-426614174000"
    assert redact(kept) == kept  # a proxy's request ids are no secrets
    names = "File '/x/websockets_sansio_impl.py', in run_asgi: WebSocketDisconnected"
    assert redact(names) == names  # nor are the names in a traceback


@pytest.mark.parametrize("as_json", [False, True], ids=["plain", "json"])
def test_a_token_reaches_no_log_line_however_it_is_spelled(tmp_path: Path, as_json: bool) -> None:
    args = ["--log-json"] if as_json else []
    server = start_server(f"sqlite:///{tmp_path / 'tokens.db'}", args=args)
    try:
        table, tokens = new_table(server)
        seat, token = next(iter(tokens.items()))
        escaped = "".join(f"%{ord(ch):02X}" for ch in token)
        base = f"/api/tables/{table}"
        status, _ = request(server, "GET", f"{base}/view?seat={seat}&tok%65n={token}")
        assert status == 200  # plain URL decoding: tok%65n is token (kept; the log hides it)
        for path in (
            f"{base}/view?seat={seat}&TOKEN={token}",
            f"{base}/view?seat={seat}&t[]={token}",
            f"{base}/view?seat={seat}&token={escaped}",
            f"{base}/view/{token}",
            f"/api/tables/{token}",
            f"{base}/replay/0?seat={seat}&tOkEn={token}",
        ):
            request(server, "GET", path)
        for url in (f"/ws/{table}?seat={seat}&tok%65n={token}", f"/ws/{token}"):
            with connect(f"ws://127.0.0.1:{server.port}{url}") as ws:
                ws.recv(timeout=30)
        time.sleep(0.5)  # the last lines reach the file
    finally:
        stop_server(server)
    logged = server.logged()
    if as_json:  # every request was logged, its query and path cut where a secret was
        assert f"/api/tables/{table}/view?seat={seat}&tok%65n=[redacted]" in logged, logged
    for secret in tokens.values():
        assert secret not in logged
        assert "".join(f"%{ord(ch):02X}" for ch in secret) not in logged


# -- clients that go away --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits and plain logs."""
    server = start_server(f"sqlite:///{tmp_path_factory.mktemp('plain') / 'hellas.db'}")
    yield server
    stop_server(server)


def test_a_client_that_pings_and_leaves_is_no_traceback(plain: Server) -> None:
    table, tokens = new_table(plain)
    before = len(plain.logged().splitlines())
    clients = 6
    for n in range(clients):
        url = plain.ws(table) if n % 2 else plain.ws(table, *next(iter(tokens.items())))
        with connect(url) as ws:
            ws.recv(timeout=30)
            for _ in range(40):
                ws.send('{"type": "ping"}')
        # closed without reading a pong: the server's answers meet a closed socket
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # every socket is gone once the table shows nobody
        facts = plain.get(f"/api/tables/{table}")[1]
        if not any(s.get("online") for s in facts["seats"]):
            break
        time.sleep(0.2)
    time.sleep(1.0)
    lines = plain.logged().splitlines()[before:]
    assert "Traceback" not in "\n".join(lines), "\n".join(lines)[-3000:]
    assert len(lines) <= clients, lines


# -- long inputs ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server without rate limits: every long input is answered, none refused for its rate."""
    args = [part for pair in OPEN.items() for part in pair]
    server = start_server(f"sqlite:///{tmp_path_factory.mktemp('long') / 'hellas.db'}", args=args)
    yield server
    stop_server(server)


def windows(value: Any) -> set[str]:
    """Return every run of ``ECHO + 1`` characters of an input's text (what must not come back)."""
    text = value if isinstance(value, str) else json.dumps(value)
    return {text[i : i + ECHO + 1] for i in range(len(text) - ECHO)}


RUNS = {name: windows(value) for name, value in LONGS.items()}


def echoed(answer: str) -> str:
    """Return the first run of a long input that ``answer`` repeats, or ""."""
    for runs in RUNS.values():
        for run in runs:
            if run in answer:
                return run
    return ""


def state_of(server: Server, table: str, tokens: dict[int, str]) -> Any:
    """Return what a request could change: the tables, one table's facts and views, accounts."""
    listed = server.get("/api/tables?status=all&limit=100")[1]
    facts = server.get(f"/api/tables/{table}")[1]
    for seat in facts["seats"]:
        seat.pop("online", None)  # who is connected changes as sockets come and go
    views = [
        request(server, "GET", f"/api/tables/{table}/view?seat={seat}", "", {"X-Seat-Token": t})
        for seat, t in sorted(tokens.items())
    ]
    ids = sorted(t["id"] for t in (listed if isinstance(listed, list) else listed["tables"]))
    chat = server.get(f"/api/tables/{table}/chat")[1]
    return ids, facts, views, chat


def http_cases(server: Server, table: str, tokens: dict[int, str]) -> Iterator[tuple[str, ...]]:
    """Yield (method, path, body) with a long input in each field of each route."""
    games = server.get("/api/games")[1]
    seat, token = next(iter(tokens.items()))
    base = f"/api/tables/{table}"
    for long in LONGS.values():
        text = long if isinstance(long, str) else str(long)
        for game in games:
            default = [o["default"] for o in game["options"] if o["name"] == game["seats_option"]]
            seats = ["human"] * int(default[0] if default else game["min_seats"])
            for option in game["options"]:
                body = {"game": game["id"], "options": {option["name"]: long}, "seats": seats}
                yield "POST", "/api/tables", json.dumps(body)
            for field in ("name", "seed", "private", "hints", "pace", "mute_spectators"):
                body = {"game": game["id"], "options": {}, "seats": seats, field: long}
                yield "POST", "/api/tables", json.dumps(body)
            body = {"game": game["id"], "options": {text[:3000]: 2}, "seats": seats}
            yield "POST", "/api/tables", json.dumps(body)
            yield "POST", "/api/tables", json.dumps({"game": game["id"], "seats": [*seats, long]})
            yield "POST", "/api/tables", json.dumps({"game": game["id"], "seats": [long]})
        yield "POST", "/api/tables", json.dumps({"game": long, "options": {}, "seats": ["human"]})
        quoted = urllib.parse.quote(text)
        for path in (
            f"/api/tables?status={quoted}",
            f"/api/tables?limit={quoted}",
            f"/api/tables?offset={quoted}",
            f"/api/tables/{quoted}",
            f"/api/tables/{quoted}/view",
            f"{base}/view?seat={quoted}",
            f"{base}/view?seat={seat}&token={quoted}",
            f"{base}/record",
            f"{base}/replay/{quoted}",
            f"{base}/replay/0?seat={seat}&token={quoted}",
            f"{base}/chat",
            f"/api/tables/{quoted}/chat",
            f"/api/accounts/{quoted}",
            f"/api/leaderboard/{quoted}",
            f"/how-to-play/{quoted}",
        ):
            yield "GET", path, ""
        for path, body in (
            (f"{base}/claim", {"seat": long}),
            (f"{base}/seats/{seat}/bot", {"token": long, "bot": "bot"}),
            (f"{base}/seats/{seat}/bot", {"token": token, "bot": long}),
            (f"{base}/choose", {"seat": seat, "token": long, "key": "x", "seq": 0}),
            (f"{base}/choose", {"seat": seat, "token": token, "key": long, "seq": 0}),
            (f"{base}/choose", {"seat": seat, "token": token, "key": "x", "seq": long}),
            (f"{base}/choose", {"seat": long, "token": token, "key": "x"}),
            (f"{base}/hint", {"seat": seat, "token": long}),
            (f"{base}/rematch", {"seat": seat, "token": long}),
            (f"{base}/chat/hide", {"seat": seat, "token": token, "id": long}),
            (f"{base}/chat/hide", {"seat": seat, "token": long, "id": 1}),
            (f"/api/tables/{quoted}/claim", {"seat": 0}),
            (f"/api/tables/{quoted}/choose", {"seat": 0, "token": token, "key": "x"}),
            ("/api/my-tables", {"seats": [{"table": long, "seat": 0, "token": token}]}),
            ("/api/my-tables", {"seats": [{"table": table, "seat": seat, "token": long}]}),
            ("/api/my-tables", {"seats": long}),
            ("/api/account/signup", {"name": long, "password": "a long enough one"}),
            ("/api/account/signup", {"name": "Pelops", "password": long}),
            ("/api/account/signin", {"name": long, "password": "a long enough one"}),
            ("/api/account/signin", {"name": "Pelops", "password": long}),
            ("/api/account/link", {"table": long, "seat": seat, "token": token}),
            ("/api/account/link", {"table": table, "seat": seat, "token": long}),
        ):
            yield "POST", path, json.dumps(body)
        yield "POST", "/api/tables", '{"game": "legends", "seats": ["human"], "x": ' + text + "}"


def test_no_http_answer_echoes_a_long_input_or_changes_anything(open_server: Server) -> None:
    table, tokens = new_table(open_server)
    before = state_of(open_server, table, tokens)
    asked = 0
    for method, path, body in http_cases(open_server, table, tokens):
        status, answer = request(open_server, method, path, body)
        asked += 1
        assert status < 500, (path, body[:200], answer[:300])
        run = echoed(answer)
        assert not run, (path, body[:200], answer[:300])
    assert asked > 200
    assert state_of(open_server, table, tokens) == before


def ws_answer(ws: ClientConnection) -> str:
    """Return every message the server sends until it falls quiet (or closes), as one text."""
    got = []
    try:
        while True:
            got.append(str(ws.recv(timeout=1.0)))
    except (TimeoutError, ConnectionClosed) as exc:
        if isinstance(exc, ConnectionClosed) and exc.rcvd is not None:
            got.append(exc.rcvd.reason)
    return "\n".join(got)


def talk(ws: ClientConnection, message: Any) -> str:
    """Send one message (unless the server has closed already); return what comes back."""
    with contextlib.suppress(ConnectionClosed):
        ws.send(json.dumps(message))
    return ws_answer(ws)


def test_no_websocket_answer_echoes_a_long_input_or_changes_anything(open_server: Server) -> None:
    table, tokens = new_table(open_server)
    seat, token = next(iter(tokens.items()))
    before = state_of(open_server, table, tokens)
    root = f"ws://127.0.0.1:{open_server.port}/ws"
    for long in LONGS.values():
        text = long if isinstance(long, str) else str(long)
        quoted = urllib.parse.quote(text)
        for url in (f"{root}/{quoted}", f"{root}/{table}?seat={quoted}"):
            with connect(url, max_size=None) as ws:
                assert not echoed(talk(ws, {"type": "auth", "token": token})), url[:120]
        with connect(f"{root}/{table}?seat={seat}") as ws:  # a long token in the first message
            assert not echoed(talk(ws, {"type": "auth", "token": long}))
        for message in (
            {"type": long},
            {"type": "choose", "key": long, "seq": 0},
            {"type": "choose", "key": "x", "seq": long},
            {"type": "chat", "text": long},
            {"type": "chat", "reaction": long},
            {"type": "state", "extra": long},
            {"type": "ping", "extra": long},
            {"type": "auth", "token": long},
        ):
            with connect(f"{root}/{table}?seat={seat}") as ws:
                talk(ws, {"type": "auth", "token": token})
                answer = talk(ws, message)
                assert not echoed(answer), (str(message)[:100], answer[:300])
    assert state_of(open_server, table, tokens) == before


def test_no_option_error_echoes_a_long_value() -> None:
    for game in REGISTRY:
        for spec in game.meta.options.specs:
            for long in LONGS.values():
                with pytest.raises(OptionError) as refused:
                    game.validate_options({spec.name: long})
                assert not echoed(str(refused.value)), (game.meta.id, spec.name)
            with pytest.raises(OptionError) as refused:
                game.validate_options({str(LONGS["words"]): 2})
            assert not echoed(str(refused.value))


@pytest.mark.parametrize(
    "args", [["q" * 3000], ["--players", "7" * 3000], ["--mission", "q" * 3000]]
)
def test_no_command_line_error_echoes_a_long_input(args: list[str]) -> None:
    cmd = [sys.executable, "-m", "hellas.cli.main", "play", "legends", *args, "--quiet"]
    wide = {**os.environ, "COLUMNS": "10000"}  # one line per message: an echo is not wrapped
    done = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, timeout=300, env=wide)
    said = done.stdout.decode() + done.stderr.decode()
    assert done.returncode == 2 and "Error:" in said, said[:300]
    assert not echoed(said), said[:300]


@pytest.mark.parametrize("flag", ["--packs", "--open-table-ttl", "--public-url"])
def test_no_serve_error_echoes_a_long_input(flag: str) -> None:
    cmd = [sys.executable, "-m", "hellas.cli.main", "serve", flag, "q" * 3000, "--port", "1"]
    wide = {**os.environ, "COLUMNS": "10000"}  # one line per message: an echo is not wrapped
    done = subprocess.run(cmd, check=False, cwd=ROOT, capture_output=True, timeout=300, env=wide)
    said = done.stdout.decode() + done.stderr.decode()
    assert done.returncode == 2 and "Error:" in said, said[:300]
    assert not echoed(said), said[:300]

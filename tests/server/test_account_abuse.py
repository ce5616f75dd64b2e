"""Accounts under attack (issue 46): hashing that stalls no move, no forged requests, no lockout.

- password hashing runs on its own threads (never the pool moves are stored on), and a full
  queue of hashes answers 503 at once;
- a page of another origin cannot make a signed-in browser create or claim a table (text/plain
  or not), while JSON from the server's own pages, or from clients that are no browser, works;
- wrong passwords from other addresses never keep the owner out, a device signed in before is
  never held back, and an unknown name costs a password check like a known one;
- an account deleted mid-game leaves its seat as a guest's: the finished game rates no one and
  names it nowhere.

The throttles are tried on a real server process from distinct loopback addresses; the rest on
the app in process (its hasher swapped for a slower real one where the test needs time).
"""

from __future__ import annotations

import http.client
import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from hellas.server.accounts import ACCOUNTS, RATINGS, RESULTS, SCORED
from hellas.server.app import create_app
from hellas.server.store import SEATS
from hellas.server.traffic import RateLimiter, TrafficLimits

from .conftest import Server, start_server, stop_server
from .test_accounts import PASSWORD, as_, play_out, run, signup, site  # noqa: F401 (a fixture)

FAST = TrafficLimits(http_rate=0)  # whole games through the API: no per-address API rate
THREAD_NAME = "hellas-hashing"  # the hashing pool's threads (server/hashing.py)


class Recording(PasswordHasher):
    """A real argon2 hasher (slower than the default) that notes the thread of each hash."""

    def __init__(self, time_cost: int = 6) -> None:
        super().__init__(time_cost=time_cost)
        self.threads: list[str] = []
        self.verifies = 0
        self.finished = 0  # hashes made

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self.threads.append(threading.current_thread().name)
        made = super().hash(password, salt=salt)
        self.finished += 1
        return made

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.threads.append(threading.current_thread().name)
        self.verifies += 1
        return super().verify(hash, password)


def install(app: FastAPI, hasher: PasswordHasher, queue: int = 64) -> None:
    """Make the app hash with ``hasher`` (on a one-thread pool with ``queue`` places)."""
    books = app.state.accounts
    books.accounts.hasher = hasher
    books.signups = RateLimiter(0.0)  # these tests sign up many names from one address
    try:
        from hellas.server.hashing import Hashing  # noqa: PLC0415
    except ImportError:  # the code before the hashing pool hashed with the accounts' hasher
        return
    books.hashing = Hashing(hasher, threads=1, queue=queue)


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite:///{tmp_path / 'abuse.db'}", bot_delay=0.0, traffic=FAST)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as found:
        yield found


def two_seat_table(client: TestClient) -> tuple[str, dict[int, str]]:
    """Create a two-human Realms table and claim both seats as guests; return id and tokens."""
    as_(client, None)
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    made = client.post("/api/tables", json=body).json()
    other = client.post(f"/api/tables/{made['id']}/claim", json={"seat": 1}).json()
    return made["id"], {0: made["you"]["token"], 1: other["token"]}


def a_choice(client: TestClient, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Return the body of a legal choice of the seat to act."""
    for seat, token in tokens.items():
        view = client.get(
            f"/api/tables/{table}/view?seat={seat}", headers={"x-seat-token": token}
        ).json()
        if view["choices"]:
            return {"seat": seat, "token": token, "key": view["choices"][0]["key"]}
    raise AssertionError("no seat is to act")


# -- hashing on its own threads ---------------------------------------------------------------


class Arrivals:
    """The app, counting the sign-up requests that have reached it (a test waits for all)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.signups = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] == "/api/account/signup":
            self.signups += 1
        await self.app(scope, receive, send)


def test_sign_ups_hash_on_their_own_thread_and_a_move_is_not_held_up(app: FastAPI) -> None:
    """Sixteen sign-ups at once used to hold every thread of the default pool (two hashing,
    the rest waiting their turn) so the move's commit queued behind most of them; now they
    hash one at a time on the hashing thread and the move is stored meanwhile."""
    hasher = Recording()
    install(app, hasher)
    hasher.threads.clear()  # the pool's own dummy hash was made here, at its start
    arrivals = Arrivals(app)
    with TestClient(arrivals) as client:
        sign_ups_and_a_move(client, arrivals, hasher)


def sign_ups_and_a_move(client: TestClient, arrivals: Arrivals, hasher: Recording) -> None:
    """Send 16 sign-ups at once, then a move once they all hash or wait to: check the move."""
    table, tokens = two_seat_table(client)
    choice = a_choice(client, table, tokens)
    count, answers = 16, []

    def sign_up(i: int) -> None:
        r = client.post("/api/account/signup", json={"name": f"Hoplite {i}", "password": PASSWORD})
        answers.append(r.status_code)

    threads = [threading.Thread(target=sign_up, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 120  # liveness only: every sign-up is in, one hashes
    while (arrivals.signups < count or not hasher.threads) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert arrivals.signups == count and hasher.threads, "the sign-ups did not begin"
    r = client.post(f"/api/tables/{table}/choose", json=choice)
    hashed_before_the_move = hasher.finished
    for thread in threads:
        thread.join(timeout=300)
    assert r.status_code == 200, r.text
    assert answers == [200] * count
    # the move was answered while most sign-ups still waited for the hashing thread (it
    # used to wait behind them: answered only once 10 or more of the 16 were hashed)
    assert hashed_before_the_move < count // 2, hashed_before_the_move
    assert all(name.startswith(THREAD_NAME) for name in hasher.threads), set(hasher.threads)


def test_a_full_hashing_queue_answers_busy_at_once(app: FastAPI, client: TestClient) -> None:
    """One hash running and one waiting: the others are told 503 busy with a Retry-After."""
    install(app, Recording(time_cost=24), queue=1)  # each check takes a good while
    books = app.state.accounts
    books.signins = books.per_name = RateLimiter(0.0)  # the old throttles, off for this test
    if hasattr(books, "guard"):
        books.guard.per_address = RateLimiter(0.0)
    answers: list[tuple[int, Any, str | None]] = []

    def sign_in(i: int) -> None:
        r = client.post("/api/account/signin", json={"name": f"Nobody {i}", "password": "x" * 9})
        answers.append((r.status_code, r.json(), r.headers.get("retry-after")))

    threads = [threading.Thread(target=sign_in, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    busy = [a for a in answers if a[0] == 503]
    assert busy, answers
    assert {a[0] for a in answers} <= {401, 503}
    _status, body, retry = busy[0]
    assert body["type"] == "error" and body["code"] == "busy" and retry is not None
    assert "try again" in body["message"]


def test_an_unknown_name_costs_a_password_check(app: FastAPI, client: TestClient) -> None:
    hasher = Recording()
    install(app, hasher)
    signup(client, "Argus")
    as_(client, None)
    before = hasher.verifies
    r = client.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert r.status_code == 401 and r.json()["message"] == "wrong name or password"
    assert hasher.verifies == before + 1  # checked against a hash, like a known name
    r = client.post("/api/account/signin", json={"name": "Argus", "password": "not it at all"})
    assert r.status_code == 401 and r.json()["message"] == "wrong name or password"
    assert hasher.verifies == before + 2


def test_a_hash_of_older_parameters_is_upgraded_on_the_hashing_pool(
    app: FastAPI, client: TestClient, tmp_path: Path
) -> None:
    signup(client, "Daedalus")  # hashed with the default parameters (time cost 3)
    hasher = Recording()  # time cost 6: the stored hash needs upgrading
    install(app, hasher)
    hasher.threads.clear()
    as_(client, None)
    r = client.post("/api/account/signin", json={"name": "Daedalus", "password": PASSWORD})
    assert r.status_code == 200, r.text
    engine = create_engine(f"sqlite:///{tmp_path / 'abuse.db'}")
    with engine.connect() as conn:
        stored = conn.execute(select(ACCOUNTS.c.password)).scalar_one()
    assert ",t=6," in stored and not hasher.check_needs_rehash(stored)
    assert hasher.threads and all(name.startswith(THREAD_NAME) for name in hasher.threads)


# -- forged requests ----------------------------------------------------------------------------


def test_another_origin_cannot_create_or_claim_for_a_signed_in_player(
    app: FastAPI, client: TestClient
) -> None:
    """A page on another port of the same host posts text/plain: refused, nothing made."""
    victim = signup(client, "Io")
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    as_(client, None)
    open_table = client.post("/api/tables", json=body).json()["id"]  # a guest's, seat 1 free
    as_(client, victim)
    evil = {"origin": "http://testserver:8081", "content-type": "text/plain"}
    made = client.post("/api/tables", content=json.dumps(body), headers=evil)
    assert made.status_code == 403, made.text
    assert made.json()["type"] == "error" and made.json()["code"] == "cross-origin"
    assert "another page" in made.json()["message"]
    claim = client.post(f"/api/tables/{open_table}/claim", content='{"seat": 1}', headers=evil)
    assert claim.status_code == 403
    # JSON from another origin, a Referer of another origin, a cross-site fetch: all refused
    for headers in (
        {"origin": "http://testserver:8081"},
        {"origin": "null"},
        {"referer": "http://other.example/page"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
    ):
        r = client.post("/api/tables", json=body, headers=headers)
        assert r.status_code == 403, (headers, r.text)
    r = client.post(f"/api/tables/{open_table}/claim", json={"seat": 1}, headers=evil)
    assert r.status_code == 403
    # a text/plain body without any origin (not from a page: still not JSON) is refused too
    plain = client.post(
        "/api/tables", content=json.dumps(body), headers={"content-type": "text/plain"}
    )
    assert plain.status_code == 415
    assert client.get("/api/account/seats").json() == []  # nothing linked to the victim
    seat = client.get(f"/api/tables/{open_table}").json()["seats"][1]
    assert seat["claimed"] is False, seat


def test_json_from_the_own_origin_or_from_no_page_works(app: FastAPI, client: TestClient) -> None:
    player = signup(client, "Nausicaa")
    as_(client, player)
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    own = client.post("/api/tables", json=body, headers={"origin": "http://testserver"})
    assert own.status_code == 200, own.text
    referred = client.post(
        "/api/tables", json=body, headers={"referer": "http://testserver/lobby?x=1"}
    )
    assert referred.status_code == 200, referred.text
    same = client.post("/api/tables", json=body, headers={"sec-fetch-site": "same-origin"})
    assert same.status_code == 200
    bare = client.post("/api/tables", json=body)  # the command line, a bot, a script
    assert bare.status_code == 200
    mine = {m["table"] for m in client.get("/api/account/seats").json()}
    assert {own.json()["id"], referred.json()["id"], bare.json()["id"]} <= mine
    out = client.post("/api/account/signout", json={}, headers={"origin": "http://testserver"})
    assert out.status_code == 200


def test_the_public_url_is_an_own_origin(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'public.db'}"
    app = create_app(url, public_url="https://hellas.example", traffic=FAST)
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    with TestClient(app) as client:
        ok = client.post("/api/tables", json=body, headers={"origin": "https://hellas.example"})
        assert ok.status_code == 200, ok.text
        wrong = client.post("/api/tables", json=body, headers={"origin": "http://hellas.example"})
        assert wrong.status_code == 403


# -- sign-in throttles, on a real server from many addresses -----------------------------------


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    found = start_server(f"sqlite:///{tmp_path / 'signins.db'}")
    try:
        yield found
    finally:
        stop_server(found)


def post_from(
    server: Server, source: str, path: str, body: Any, cookie: str = ""
) -> tuple[int, Any, http.client.HTTPMessage]:
    """POST JSON from the loopback address ``source``; return status, body and headers."""
    conn = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=120, source_address=(source, 0)
    )
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    try:
        conn.request("POST", path, json.dumps(body), headers)
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"{}"), r.headers
    finally:
        conn.close()


def device_from(headers: http.client.HTTPMessage) -> str:
    """Return the ``hellas_device=...`` pair a sign-in set ("" if none)."""
    for line in headers.get_all("set-cookie") or []:
        if line.startswith("hellas_device="):
            return line.split(";", 1)[0]
    return ""


def test_wrong_passwords_from_elsewhere_never_keep_the_owner_out(server: Server) -> None:
    status, _b, made = post_from(
        server, "127.0.3.1", "/api/account/signup", {"name": "Penelope", "password": PASSWORD}
    )
    assert status == 200
    device = device_from(made)
    assert device, "no device cookie after signing up"
    wrong = {"name": "penelope", "password": "suitor's guess"}
    # 20 wrong passwords from four addresses (five each: each address's free tries); each
    # address's next try at once waits, and is told how long
    for a in range(4):
        source = f"127.0.4.{a + 1}"
        for _ in range(5):
            status, body, _h = post_from(server, source, "/api/account/signin", wrong)
            assert status == 401, body
        status, body, headers = post_from(server, source, "/api/account/signin", wrong)
        assert status == 429 and int(headers["Retry-After"]) >= 1, body
    # the owner, from a new address and without the device: in at once
    right = {"name": "Penelope", "password": PASSWORD}
    status, body, _h = post_from(server, "127.0.3.2", "/api/account/signin", right)
    assert status == 200, body
    # many more addresses guess: past the name's net, new devices are slowed ...
    for a in range(4, 8):
        for _ in range(5):
            post_from(server, f"127.0.4.{a + 1}", "/api/account/signin", wrong)
    status, body, _h = post_from(server, "127.0.3.3", "/api/account/signin", right)
    assert status == 429, body
    # ... but the device the owner signed in on before gets in at once, from anywhere
    status, body, _h = post_from(server, "127.0.3.4", "/api/account/signin", right, device)
    assert status == 200, body
    # a forged device cookie is no device: the name's throttle holds it back
    forged = device[:-4] + ("0000" if not device.endswith("0000") else "1111")
    status, body, _h = post_from(server, "127.0.3.5", "/api/account/signin", right, forged)
    assert status == 429, body


# -- an account deleted mid-game ---------------------------------------------------------------


def test_an_account_deleted_mid_game_leaves_a_guest_and_moves_no_rating(
    site: tuple[TestClient, str],  # noqa: F811 (the fixture of test_accounts.py)
) -> None:
    client, url = site  # SQLite, and PostgreSQL where one is configured
    ana, bo = signup(client, "Ana"), signup(client, "Bo")
    as_(client, ana)
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    table = client.post("/api/tables", json=body).json()["id"]
    ana_token = client.get("/api/account/seats").json()[0]["token"]
    as_(client, bo)
    bo_claim = client.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()["token"]
    engine = create_engine(url)
    with engine.connect() as conn:
        bo_id = conn.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.name == "Bo")).scalar_one()
    choice = a_choice(client, table, {0: ana_token, 1: bo_claim})
    assert client.post(f"/api/tables/{table}/choose", json=choice).status_code == 200
    hellas = [sys.executable, "-m", "hellas.cli.main", "accounts"]
    gone = run([*hellas, "delete", "Bo", "--yes", "--db", url])  # the host, mid-game
    assert gone.returncode == 0, gone.stderr
    as_(client, None)
    play_out(client, table, {0: ana_token, 1: bo_claim}, [])  # Bo's seat plays on, a guest
    assert client.get("/api/leaderboard/realms").json()["players"] == []
    profile = client.get("/api/accounts/Ana").json()
    assert profile["ratings"] == []
    assert [(g["table"], g["rated"]) for g in profile["history"]] == [(table, False)]
    with engine.connect() as conn:
        for kept in (RESULTS, RATINGS):
            assert conn.execute(select(kept).where(kept.c.account == bo_id)).all() == []
        assert conn.execute(select(RATINGS)).all() == []
        assert conn.execute(select(SCORED.c.rated)).scalars().all() == [False]
        linked = conn.execute(
            select(SEATS.c.seat, SEATS.c.account).where(SEATS.c.table_id == table)
        ).all()
    assert sorted(linked) == [(0, ana_id(engine)), (1, None)]
    # a rematch asked by Ana links Bo's seat to no one
    asked = client.post(f"/api/tables/{table}/rematch", json={"seat": 0, "token": ana_token})
    assert asked.status_code == 200, asked.text
    with engine.connect() as conn:
        again = conn.execute(
            select(SEATS.c.account).where(SEATS.c.table_id == asked.json()["table"])
        ).scalars()
        assert bo_id not in set(again)


def ana_id(engine: Any) -> str:
    with engine.connect() as conn:
        return str(conn.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.name == "Ana")).scalar_one())

"""Accounts on a real app over SQLite: sign-up, sign-in, sign-out, linked seats, ratings, campaign.

The password is stored as an argon2 hash and the session only as a hash; a finished game
between accounts moves their ratings, and nothing else does; a won Legends mission shows in
the campaign; the host's ``hellas accounts`` command lists, resets and deletes.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.account_api import COOKIE
from hellas.server.accounts import ACCOUNTS, SESSIONS
from hellas.server.app import create_app
from hellas.server.traffic import TrafficLimits

from .conftest import fresh_pg_database, postgres_url

PASSWORD = "correct horse battery"

# these tests play whole games through the API as fast as they can: no per-address API rate
FAST = TrafficLimits(http_rate=0)


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'accounts.db'}"
    else:
        base = postgres_url()
        if not base:
            pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
        url = fresh_pg_database(base)
    with TestClient(create_app(url, bot_delay=0.0, traffic=FAST)) as client:
        yield client, url


def as_(client: TestClient, session: str | None) -> None:
    """Make the client send ``session`` as its cookie (None: signed out)."""
    client.cookies.clear()
    if session is not None:
        client.cookies.set(COOKIE, session)


def signup(client: TestClient, name: str) -> str:
    as_(client, None)
    r = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age" in cookie
    return str(r.cookies[COOKIE])


def play_out(client: TestClient, table: str, tokens: dict[int, str], keys: list[str]) -> None:
    """Play a table to its end: ``keys`` in order, then each seat's first choice."""
    queue = list(keys)
    for _ in range(20000):
        info = client.get(f"/api/tables/{table}").json()
        if info["outcome"] is not None:
            return
        state = None
        for seat, token in tokens.items():
            msg = client.get(
                f"/api/tables/{table}/view?seat={seat}", headers={"x-seat-token": token}
            ).json()
            if msg["choices"]:
                state = (seat, token, msg["choices"])
                break
        if state is None:  # a bot is thinking
            time.sleep(0.02)
            continue
        seat, token, choices = state
        key = queue.pop(0) if queue else choices[0]["key"]
        r = client.post(
            f"/api/tables/{table}/choose", json={"seat": seat, "token": token, "key": key}
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_sign_up_in_out_and_the_stored_hashes(site: tuple[TestClient, str]) -> None:
    client, url = site
    session = signup(client, "Ariadne")
    assert client.get("/api/account").json() == {"name": "Ariadne"}
    engine = create_engine(url)
    with engine.connect() as conn:
        stored = conn.execute(select(ACCOUNTS.c.password)).scalar_one()
        sessions = conn.execute(select(SESSIONS.c.id_hash)).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert session not in sessions and len(sessions) == 1  # only its hash is kept
    # the same name in another case is taken; bad names and short passwords are refused
    as_(client, None)
    r = client.post("/api/account/signup", json={"name": "ariadne", "password": PASSWORD})
    assert r.status_code == 409
    assert (
        client.post("/api/account/signup", json={"name": "x", "password": PASSWORD}).status_code
        == 400
    )
    assert (
        client.post(
            "/api/account/signup", json={"name": "Theseus", "password": "short"}
        ).status_code
        == 400
    )
    # sign out: the cookie is cleared and the session no longer works anywhere
    as_(client, session)
    assert client.post("/api/account/signout", json={}).status_code == 200
    as_(client, session)
    assert client.get("/api/account").json() == {"name": None}
    # a wrong password is refused, the right one signs in (any case of the name)
    r = client.post("/api/account/signin", json={"name": "Ariadne", "password": "wrong password"})
    assert r.status_code == 401 and r.json()["code"] == "bad-credentials"
    r = client.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert r.status_code == 401 and r.json()["message"] == "wrong name or password"
    for odd in ("Ari\x00adne", "x" * 500, ""):  # never reaches the database (PostgreSQL: NUL)
        r = client.post("/api/account/signin", json={"name": odd, "password": PASSWORD})
        assert r.status_code == 401
    assert client.get("/api/accounts/Ari%00adne").status_code == 404
    forged = client.post(  # what a form on another site could send: refused, no cookie
        "/api/account/signin",
        content=f'{{"name": "Ariadne", "password": "{PASSWORD}"}}',
        headers={"content-type": "text/plain"},
    )
    assert forged.status_code == 415 and "set-cookie" not in forged.headers
    r = client.post("/api/account/signin", json={"name": "ARIADNE", "password": PASSWORD})
    assert r.status_code == 200 and r.json() == {"name": "Ariadne"}
    as_(client, r.cookies[COOKIE])
    assert client.get("/api/account").json() == {"name": "Ariadne"}


def test_sign_in_attempts_are_limited_per_name(site: tuple[TestClient, str]) -> None:
    client, _ = site
    signup(client, "Medea")
    as_(client, None)
    codes = [
        client.post(
            "/api/account/signin", json={"name": "medea", "password": "guess number"}
        ).status_code
        for _ in range(7)
    ]
    assert codes[:5] == [401] * 5 and codes[-1] == 429
    r = client.post("/api/account/signin", json={"name": "Medea", "password": PASSWORD})
    assert r.status_code == 429 and "Retry-After" in r.headers  # the name is resting


def test_a_game_between_accounts_moves_ratings_and_follows_them(
    site: tuple[TestClient, str],
) -> None:
    client, _ = site
    ana, bo = signup(client, "Ana"), signup(client, "Bo")
    as_(client, ana)
    made = client.post(
        "/api/tables", json={"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    ).json()
    table = made["id"]
    as_(client, bo)
    claimed = client.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()
    # "My tables" from the server: each account gets its seat back with a working token
    as_(client, ana)
    mine = client.get("/api/account/seats").json()
    assert [(m["table"], m["seat"]) for m in mine] == [(table, 0)]
    assert mine[0]["token"] != made["you"]["token"]
    summary = client.post("/api/my-tables", json={"seats": mine}).json()
    assert summary[0]["status"] in ("your-turn", "waiting")
    as_(client, None)
    assert client.get("/api/account/seats").status_code == 401
    # before the end nobody is rated
    assert client.get("/api/leaderboard/realms").json()["players"] == []
    play_out(client, table, {0: mine[0]["token"], 1: claimed["token"]}, [])
    board = client.get("/api/leaderboard/realms").json()["players"]
    assert sorted(p["name"] for p in board) == ["Ana", "Bo"]
    assert all(p["games"] == 1 for p in board)
    outcome = client.get(f"/api/tables/{table}").json()["outcome"]
    winner = "Ana" if 0 in outcome["winners"] else "Bo"
    if len(outcome["winners"]) == 1:
        assert board[0]["name"] == winner and board[0]["rating"] > board[1]["rating"]
    profile = client.get("/api/accounts/ana").json()
    assert profile["ratings"][0]["game"] == "realms" and profile["ratings"][0]["games"] == 1
    assert profile["history"][0]["table"] == table and profile["history"][0]["rated"] is True


def test_a_rematch_between_accounts_is_theirs_on_every_device(
    site: tuple[TestClient, str],
) -> None:
    """Asked with an account's own seat token, the rematch opens with that token, lists under
    "My tables" from the server, and counts for ratings like the first game."""
    client, _ = site
    ana, bo = signup(client, "Ana"), signup(client, "Bo")
    as_(client, ana)
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    table = client.post("/api/tables", json=body).json()["id"]
    as_(client, bo)
    client.post(f"/api/tables/{table}/claim", json={"seat": 1})
    bo_token = client.get("/api/account/seats").json()[0]["token"]
    as_(client, ana)
    ana_token = client.get("/api/account/seats").json()[0]["token"]  # the account's own token
    play_out(client, table, {0: ana_token, 1: bo_token}, [])
    asked = client.post(f"/api/tables/{table}/rematch", json={"seat": 0, "token": ana_token})
    assert asked.status_code == 200, asked.text
    new = asked.json()["table"]
    mine = client.get("/api/account/seats").json()
    assert {m["table"] for m in mine} == {table, new}
    again = next(m for m in mine if m["table"] == new)
    seen = client.get(f"/api/tables/{new}/view?seat=0", headers={"x-seat-token": again["token"]})
    assert seen.status_code == 200, seen.text
    as_(client, bo)
    bos = next(m for m in client.get("/api/account/seats").json() if m["table"] == new)
    play_out(client, new, {0: again["token"], 1: bos["token"]}, [])
    board = client.get("/api/leaderboard/realms").json()["players"]
    assert all(p["games"] == 2 for p in board)


def test_a_bot_a_guest_or_one_account_twice_moves_no_rating(site: tuple[TestClient, str]) -> None:
    client, _ = site
    ana = signup(client, "Ana")
    as_(client, ana)
    # a bot in a seat: the result is kept in the history, unrated
    with_bot = client.post(
        "/api/tables",
        json={"game": "realms", "options": {"players": 2}, "seats": ["human", "random"]},
    ).json()
    play_out(client, with_bot["id"], {0: with_bot["you"]["token"]}, [])
    # a guest (no account) in the other seat
    with_guest = client.post(
        "/api/tables", json={"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    ).json()
    as_(client, None)
    guest = client.post(f"/api/tables/{with_guest['id']}/claim", json={"seat": 1}).json()
    play_out(client, with_guest["id"], {0: with_guest["you"]["token"], 1: guest["token"]}, [])
    # one account in both seats
    as_(client, ana)
    alone = client.post(
        "/api/tables", json={"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    ).json()
    other = client.post(f"/api/tables/{alone['id']}/claim", json={"seat": 1}).json()
    play_out(client, alone["id"], {0: alone["you"]["token"], 1: other["token"]}, [])
    assert client.get("/api/leaderboard/realms").json()["players"] == []
    profile = client.get("/api/accounts/Ana").json()
    assert profile["ratings"] == []
    assert [g["rated"] for g in profile["history"]] == [False] * 4  # kept, unrated


def run(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run the host's command and return what it did (its exit status is checked by callers)."""
    return subprocess.run(args, check=False, capture_output=True, text=True, **kwargs)


def winning_keys(seed: int) -> list[str]:
    """Return the choices of the heuristic bot in mission 1 with one hero (it wins seed 0)."""
    game = REGISTRY.get("legends")
    state = game.new({"players": 1, "mission": 1, "difficulty": "human"}, seed)
    bot, rng, keys = make_bot(game, "heuristic"), Rng(seed), []
    while (seat := game.to_act(state)) is not None:
        choice = bot.choose(Decision(game, state, seat), rng)
        keys.append(choice.key)
        game.step(state, choice)
    assert game.view(state, None)["result"] == "won"
    return keys


def test_the_campaign_records_a_won_mission(site: tuple[TestClient, str]) -> None:
    client, _ = site
    hero = signup(client, "Atalanta")
    as_(client, hero)
    before = client.get("/api/accounts/Atalanta").json()["campaigns"][0]["cells"]
    assert {c["status"] for d in before.values() for c in d} == {"not-played"}
    assert len(before["human"]) == 12
    options = {"players": 1, "mission": 1, "difficulty": "human"}
    made = client.post(
        "/api/tables", json={"game": "legends", "options": options, "seats": ["human"], "seed": 0}
    ).json()
    play_out(client, made["id"], {0: made["you"]["token"]}, winning_keys(0))
    after = client.get("/api/accounts/Atalanta").json()
    grid = after["campaigns"][0]
    assert grid["game"] == "legends" and grid["steps"][0] == "1. The Hills of Ithaka"
    assert grid["cells"]["human"][0] == {"step": 1, "status": "won", "won": 1, "lost": 0}
    assert grid["cells"]["heroic"][0]["status"] == "not-played"
    assert after["history"][0]["result"] == "Mission won"
    assert after["ratings"] == []  # Legends is co-operative: no rating


def test_the_host_command_lists_resets_and_deletes(site: tuple[TestClient, str]) -> None:
    client, url = site
    signup(client, "Orpheus")
    hellas = [sys.executable, "-m", "hellas.cli.main", "accounts"]
    listed = run([*hellas, "list", "--db", url])
    assert listed.returncode == 0 and "Orpheus" in listed.stdout
    reset = run(
        [*hellas, "reset-password", "orpheus", "--password-stdin", "--db", url],
        input="a brand new secret\n",
    )
    assert reset.returncode == 0, reset.stderr
    as_(client, None)
    old = client.post("/api/account/signin", json={"name": "Orpheus", "password": PASSWORD})
    assert old.status_code == 401
    new = client.post(
        "/api/account/signin", json={"name": "Orpheus", "password": "a brand new secret"}
    )
    assert new.status_code == 200
    bad = run(
        [*hellas, "reset-password", "Nobody", "--password-stdin", "--db", url],
        input="whatever it is\n",
    )
    assert bad.returncode != 0 and "no account" in bad.stderr.lower()
    gone = run([*hellas, "delete", "Orpheus", "--yes", "--db", url])
    assert gone.returncode == 0, gone.stderr
    assert client.get("/api/accounts/Orpheus").status_code == 404


def test_a_held_seat_can_be_linked_once(site: tuple[TestClient, str]) -> None:
    client, _ = site
    ana, bo = signup(client, "Ana"), signup(client, "Bo")
    as_(client, None)  # a guest creates a table, then signs in and links the seat
    made = client.post(
        "/api/tables", json={"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}
    ).json()
    table, token = made["id"], made["you"]["token"]
    as_(client, ana)
    wrong = client.post("/api/account/link", json={"table": table, "seat": 0, "token": "nope"})
    assert wrong.status_code == 403
    done = client.post("/api/account/link", json={"table": table, "seat": 0, "token": token})
    assert done.status_code == 200
    assert [(m["table"], m["seat"]) for m in client.get("/api/account/seats").json()] == [
        (table, 0)
    ]
    as_(client, bo)  # the seat's link still works, but the seat is Ana's
    taken = client.post("/api/account/link", json={"table": table, "seat": 0, "token": token})
    assert taken.status_code == 409 and client.get("/api/account/seats").json() == []
    as_(client, None)
    refused = client.post("/api/account/link", json={"table": table, "seat": 0, "token": token})
    assert refused.status_code == 401


def test_the_session_cookie_is_secure_over_https(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'https.db'}"
    with TestClient(create_app(url), base_url="https://hellas.example") as client:
        r = client.post("/api/account/signup", json={"name": "Circe", "password": PASSWORD})
        assert r.status_code == 200
        cookie = r.headers["set-cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    with TestClient(create_app(url, public_url="https://hellas.example")) as client:
        r = client.post("/api/account/signin", json={"name": "Circe", "password": PASSWORD})
        assert r.status_code == 200 and "Secure" in r.headers["set-cookie"]
    with TestClient(create_app(url)) as client:  # plain http: a Secure cookie would be lost
        r = client.post("/api/account/signin", json={"name": "Circe", "password": PASSWORD})
        assert "Secure" not in r.headers["set-cookie"]

"""Issue 48 on a real app (SQLite and PostgreSQL): names, seats that follow accounts, ratings.

Seats go by names (an account's, a guest's marked "(guest)", a bot's level) in views and the
lobby; opening a seat while signed in attaches it to the account whatever the link; ratings are
shown on a 1500-based scale with a "provisional" mark; a rated game cannot be voided by handing
the seat to a bot late (the player loses it).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hellas.games import REGISTRY
from hellas.server.app import create_app
from hellas.server.forfeits import RULE, forfeited
from hellas.server.ratings import forfeit_places, shown_rating

from .conftest import fresh_pg_database, postgres_url
from .test_accounts import FAST, as_, play_out, signup

REALMS = {"game": "realms", "options": {"players": 2}, "seats": ["human"] * 2}


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'names.db'}"
    else:
        base = postgres_url()
        if not base:
            pytest.skip("no PostgreSQL configured (set HELLAS_TEST_PG_URL; ./check does)")
        url = fresh_pg_database(base)
    with TestClient(create_app(url, bot_delay=0.0, traffic=FAST)) as client:
        yield client


def seats_of(client: TestClient, table: str) -> list[dict[str, Any]]:
    """Return a table's public seat list."""
    seats: list[dict[str, Any]] = client.get(f"/api/tables/{table}").json()["seats"]
    return seats


def hello(client: TestClient, table: str, seat: int, token: str, name: Any = None) -> Any:
    """Open a seat as the table page does: {token, name?}."""
    body: dict[str, Any] = {"token": token}
    if name is not None:
        body["name"] = name
    return client.post(f"/api/tables/{table}/seats/{seat}/hello", json=body)


def test_seats_go_by_account_guest_and_bot_names(site: TestClient) -> None:
    """Issue 48 item 2: "Seats, the result scene, chat, replays and the log say 'Player 2 won
    with 183 points' even between two signed-in accounts; a guest cannot give a name." """
    client = site
    ana = signup(client, "Ana")
    as_(client, ana)
    made = client.post("/api/tables", json=REALMS).json()
    table = made["id"]
    as_(client, None)
    guest = client.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()
    assert [s["name"] for s in seats_of(client, table)] == ["Ana", ""]
    r = hello(client, table, 1, guest["token"], "  Bea ")
    assert r.status_code == 200, r.text
    assert r.json() == {"seat": 1, "name": "Bea (guest)", "account": None}
    seats = seats_of(client, table)
    assert [s["name"] for s in seats] == ["Ana", "Bea (guest)"]
    assert [s["account"] for s in seats] == ["Ana", None]
    mine = client.post("/api/my-tables", json={"seats": [{**guest, "table": table}]}).json()
    assert mine[0]["to_act_name"] == ["Ana", "Bea (guest)"][mine[0]["to_act"]]
    # the lobby lists them too (the table is full, so it is among "playing")
    listed = client.get("/api/tables?status=all").json()
    assert next(t for t in listed if t["id"] == table)["names"] == ["Ana", "Bea (guest)"]
    # a bot seat goes by its level
    normal = next(lv for lv in REGISTRY.get("realms").bot_levels() if lv.level == "normal")
    as_(client, None)
    with_bot = client.post(
        "/api/tables",
        json={"game": "realms", "options": {"players": 2}, "seats": ["human", normal.bot]},
    ).json()
    assert [s["name"] for s in seats_of(client, with_bot["id"])] == ["", "Normal bot"]


def test_a_guest_name_follows_the_account_rules_and_never_passes_for_an_account(
    site: TestClient,
) -> None:
    """A guest name is checked like an account name; a bad one changes nothing; a guest who
    types an account's name is still shown as a guest."""
    client = site
    signup(client, "Ana")
    as_(client, None)
    made = client.post("/api/tables", json=REALMS).json()
    table, token = made["id"], made["you"]["token"]
    for bad in ("<b>Zeus</b>", "x", "y" * 300, "Hera\x00", 42, "(guest)"):
        r = hello(client, table, 0, token, bad)
        assert r.status_code == 400, r.text
        assert len(r.json()["message"]) < 200 and "y" * 81 not in r.json()["message"]
        assert seats_of(client, table)[0]["name"] == ""
    assert hello(client, table, 0, "wrong", "Ana").status_code == 403
    assert hello(client, table, 0, token, "Ana").json()["name"] == "Ana (guest)"
    assert seats_of(client, table)[0]["account"] is None


def test_opening_an_invite_link_signed_in_attaches_the_seat(site: TestClient) -> None:
    """Issue 48 item 1: "A friend who signs in and joins through a private seat link never has
    the seat attached to the account ... missing from 'My tables' on the friend's other
    device"."""
    client = site
    ana, bea = signup(client, "Ana"), signup(client, "Bea")
    as_(client, ana)
    made = client.post("/api/tables", json={**REALMS, "private": True}).json()
    table, invite = made["id"], made["invites"][0]
    as_(client, bea)
    assert client.get("/api/account/seats").json() == []
    r = hello(client, table, 1, invite["token"], "Someone")  # the account's name wins
    assert r.status_code == 200, r.text
    assert r.json() == {"seat": 1, "name": "Bea", "account": "Bea"}
    mine = client.get("/api/account/seats").json()  # what Bea's other device asks
    assert [(m["table"], m["seat"]) for m in mine] == [(table, 1)]
    # her other device opens the seat with the account's own token
    seen = client.get(
        f"/api/tables/{table}/view?seat=1", headers={"x-seat-token": mine[0]["token"]}
    )
    assert seen.status_code == 200
    assert [s["name"] for s in seen.json()["seats"]] == ["Ana", "Bea"]
    # signed out, the same link opens the seat but cannot rename the account's seat
    as_(client, None)
    assert hello(client, table, 1, invite["token"], "Mallory").json()["name"] == "Bea"


def test_a_rematch_keeps_the_names(site: TestClient) -> None:
    client = site
    ana = signup(client, "Ana")
    as_(client, ana)
    made = client.post("/api/tables", json=REALMS).json()
    table = made["id"]
    as_(client, None)
    guest = client.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()
    hello(client, table, 1, guest["token"], "Bea")
    as_(client, ana)
    ana_token = client.get("/api/account/seats").json()[0]["token"]
    play_out(client, table, {0: ana_token, 1: guest["token"]}, [])
    new = client.post(f"/api/tables/{table}/rematch", json={"seat": 1, "token": guest["token"]})
    assert new.status_code == 200, new.text
    assert [s["name"] for s in seats_of(client, new.json()["table"])] == ["Ana", "Bea (guest)"]


def test_ratings_are_shown_on_a_1500_scale_marked_provisional(site: TestClient) -> None:
    """Issue 48 item 8: "ratings shown raw (-1.8)"."""
    client = site
    ana, bea = signup(client, "Ana"), signup(client, "Bea")
    as_(client, ana)
    table = client.post("/api/tables", json=REALMS).json()["id"]
    as_(client, bea)
    claimed = client.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()
    as_(client, ana)
    mine = client.get("/api/account/seats").json()
    play_out(client, table, {0: mine[0]["token"], 1: claimed["token"]}, [])
    board = client.get("/api/leaderboard/realms").json()["players"]
    assert len(board) == 2
    for row in board:
        assert isinstance(row["rating"], int) and 1000 < row["rating"] < 2000
        assert row["provisional"] is True
    profile = client.get("/api/accounts/Ana").json()["ratings"][0]
    assert isinstance(profile["rating"], int) and profile["provisional"] is True
    assert shown_rating(25.0, 25.0 / 3) == 1500  # a newcomer: mu - 3 sigma = 0


def test_handing_a_rated_seat_to_a_bot_late_loses_the_game(site: TestClient) -> None:
    """Issue 48 item 11: "A losing player can void a rated game by handing the seat to a bot
    just before the end, or by leaving."  Now the game stays rated and that player loses."""
    client = site
    ana, bea = signup(client, "Ana"), signup(client, "Bea")
    as_(client, ana)
    table = client.post("/api/tables", json=REALMS).json()["id"]
    as_(client, bea)
    claimed = client.post(f"/api/tables/{table}/claim", json={"seat": 1}).json()
    as_(client, ana)
    ana_token = client.get("/api/account/seats").json()[0]["token"]
    play_out_until = 4  # a few moves by hand, then Bea leaves her seat to a bot to the end
    tokens = {0: ana_token, 1: claimed["token"]}
    for _ in range(play_out_until):
        for seat, token in tokens.items():
            msg = client.get(
                f"/api/tables/{table}/view?seat={seat}", headers={"x-seat-token": token}
            ).json()
            if msg["choices"]:
                key = msg["choices"][0]["key"]
                body = {"seat": seat, "token": token, "key": key}
                assert client.post(f"/api/tables/{table}/choose", json=body).status_code == 200
                break
    r = client.post(
        f"/api/tables/{table}/seats/1/bot", json={"token": claimed["token"], "bot": "random"}
    )
    assert r.status_code == 200, r.text
    play_out(client, table, {0: ana_token}, [])
    bea_games = client.get("/api/accounts/Bea").json()["history"]
    ana_games = client.get("/api/accounts/Ana").json()["history"]
    assert bea_games[0]["rated"] is True and ana_games[0]["rated"] is True
    assert bea_games[0]["won"] is False and bea_games[0]["place"] == 2
    assert ana_games[0]["won"] is True and ana_games[0]["place"] == 1
    board = client.get("/api/leaderboard/realms").json()["players"]
    assert [p["name"] for p in board] == ["Ana", "Bea"]


def test_the_half_decides_a_forfeit() -> None:
    """The rule as stated on the table page: a bot in the second half loses the game."""
    assert "second half" in RULE
    # a bot played seat 1 from step 2 to step 4 of 20: taken back before the half, no forfeit
    assert forfeited(2, 20, [(1, 2, "random"), (1, 4, "")], set()) == set()
    # handed over at step 10 of 20 (the half) or later: lost
    assert forfeited(2, 20, [(1, 10, "random"), (1, 12, "")], set()) == {1}
    # handed over before the half and taken back after it: the bot played in the second half
    assert forfeited(2, 20, [(0, 3, "random"), (0, 11, "")], set()) == {0}
    # taken back exactly at the half: the bot made no second-half move
    assert forfeited(2, 20, [(0, 3, "random"), (0, 10, "")], set()) == set()
    # a bot still playing at the end (even with no stored hand-off): lost
    assert forfeited(3, 20, [], {2}) == {2}
    # places: the forfeits last, the others move up
    assert forfeit_places([1, 2, 3], {0}) == [3, 1, 2]
    assert forfeit_places([1, 2, 2, 4], {1, 3}) == [1, 3, 2, 3]
    assert forfeit_places([1, 2], set()) == [1, 2]


def test_a_deleted_account_leaves_no_name_behind(site: TestClient) -> None:
    """Issue 48: "a deleted account never appears in later results" - nor by name at the table
    once the table is loaded again."""
    client = site
    ana = signup(client, "Ana")
    as_(client, ana)
    table = client.post("/api/tables", json=REALMS).json()["id"]
    assert seats_of(client, table)[0]["name"] == "Ana"
    client.app.state.accounts.accounts.delete("Ana")  # type: ignore[attr-defined]
    client.app.state.hub.tables.pop(table)  # type: ignore[attr-defined]  # loaded afresh
    seats = seats_of(client, table)
    assert seats[0]["name"] == "" and seats[0]["account"] is None
    listed = client.get("/api/tables?status=open").json()
    assert next(t for t in listed if t["id"] == table)["names"] == ["", ""]

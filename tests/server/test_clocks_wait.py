"""Clocks that wait (issue 48): a timed table's clocks start once every human seat's player is here.

A public table's clocks wait for its free seats to be taken; a rematch's wait for its players to
open their seats again; the creator may start at once with Normal bots in the seats still
waiting, and nobody else may.  Until the start no seat is handed to a bot for running out of time.
"""

from __future__ import annotations

import time
from typing import Any

from hellas.games import REGISTRY
from hellas.server.timers import CHECK_EVERY, stand_in

from .conftest import Server
from .test_rematch import play_out

PER_MOVE = 3.0


def view(server: Server, table: str, seat: int, token: str) -> dict[str, Any]:
    status, got = server.get(f"/api/tables/{table}/view?seat={seat}&token={token}")
    assert status == 200, got
    return got  # type: ignore[no-any-return]


def running(msg: dict[str, Any]) -> list[int]:
    return [c["seat"] for c in msg["clock"]["seats"] if c["deadline"] is not None]


def test_a_public_table_s_clocks_wait_until_every_seat_is_taken(server: Server) -> None:
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"], "seed": 8}
    status, data = server.post("/api/tables", {**body, "pace": {"per_move": PER_MOVE}})
    assert status == 200, data
    table, token = data["id"], data["you"]["token"]
    first = view(server, table, 0, token)
    assert first["clock"]["waiting"] == [1]
    assert running(first) == []  # the creator's clock does not run while seat 2 is free
    time.sleep(PER_MOVE + 2 * CHECK_EVERY)  # longer than a decision may take
    assert view(server, table, 0, token)["seats"][0]["driver"] == "human"  # never handed on
    status, claimed = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    assert status == 200, claimed
    now = view(server, table, 0, token)
    assert now["clock"]["waiting"] == [] and running(now) == [now["to_act"]]


def test_a_rematch_s_clocks_wait_for_its_players_to_be_back(server: Server) -> None:
    body = {
        "game": "realms",
        "options": {"players": 2},
        "seats": ["human", "human"],
        "seed": 9,
        "private": True,
        "pace": {"per_move": PER_MOVE, "reserve": 3600},
    }
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    tokens = {0: data["you"]["token"], 1: data["invites"][0]["token"]}
    table = data["id"]
    assert view(server, table, 0, tokens[0])["clock"]["waiting"] == [1]  # invited, not here
    play_out(server, table, tokens)
    status, made = server.post(f"/api/tables/{table}/rematch", {"seat": 0, "token": tokens[0]})
    assert status == 200, made
    new = made["table"]
    asker = view(server, new, 0, tokens[0])  # the asker is there; the other player is not
    assert asker["clock"]["waiting"] == [1] and running(asker) == []
    time.sleep(PER_MOVE + 2 * CHECK_EVERY)
    later = view(server, new, 0, tokens[0])
    assert [s["driver"] for s in later["seats"]] == ["human", "human"]  # no bot for anyone
    back = view(server, new, 1, tokens[1])  # the other player opens their seat link
    assert back["clock"]["waiting"] == [] and running(back) == [back["to_act"]]


def test_the_creator_may_start_with_bots_in_the_waiting_seats(server: Server) -> None:
    body = {
        "game": "realms",
        "options": {"players": 3},
        "seats": ["human", "human", "human"],
        "seed": 10,
        "pace": "live",
    }
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    table, token = data["id"], data["you"]["token"]
    _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    status, refused = server.post(
        f"/api/tables/{table}/start", {"seat": 1, "token": other["token"]}
    )
    assert status == 403 and refused["code"] == "not-creator"  # only the creator decides
    status, refused = server.post(f"/api/tables/{table}/start", {"seat": 0, "token": "forged"})
    assert status == 403 and refused["code"] == "bad-token"
    assert view(server, table, 0, token)["clock"]["waiting"] == [2]
    status, started = server.post(f"/api/tables/{table}/start", {"seat": 0, "token": token})
    assert status == 200, started
    bot = stand_in(REGISTRY.get("realms"))
    seats = [(s["claimed"], s["driver"]) for s in started["seats"]]
    assert seats == [(True, "human"), (True, "human"), (True, bot)]
    now = view(server, table, 0, token)
    assert now["clock"]["waiting"] == []
    _s, listed = server.get("/api/tables?status=open")
    assert table not in [t["id"] for t in listed]  # no seat is free any more

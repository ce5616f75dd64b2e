"""Rematch over a real server: same game, options and seats, a new seed, the old links work.

A finished table's seated player asks; the new table has the same game, options, name and
seat kinds (bots stay bots), each human seat opens with the token it had, everyone at the old
table - a spectator too, live over the WebSocket - hears of it, and asking again (or another
player asking) returns the same table.  Nobody else may ask, nor before the game is over.
"""

from __future__ import annotations

import json
import time
from typing import Any

from websockets.sync.client import connect

from .conftest import Server


def recv(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=30))  # type: ignore[no-any-return]


def until(ws: Any, test: Any) -> dict[str, Any]:
    for _ in range(10_000):
        msg = recv(ws)
        if test(msg):
            return msg
    raise AssertionError("the message never came")


def play_out(server: Server, table: str, tokens: dict[int, str]) -> None:
    """Play every human decision of a table with its first choice until the game ends.

    It polls gently (a bot may be thinking), well within the server's API request rate.
    """
    for _ in range(5000):
        status, public = server.get(f"/api/tables/{table}/view")
        if status == 429:  # over the request rate: wait as told
            time.sleep(1.0)
            continue
        if public["outcome"]:
            return
        seat = public["to_act"]
        if seat not in tokens:  # a bot is thinking
            time.sleep(0.02)
            continue
        _s, mine = server.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")
        if not mine.get("choices"):
            time.sleep(0.02)
            continue
        key = mine["choices"][0]["key"]
        body = {"seat": seat, "token": tokens[seat], "key": key, "seq": mine["seq"]}
        server.post(f"/api/tables/{table}/choose", body)
    raise AssertionError("the game did not end")


def two_humans_and_a_bot(server: Server, **extra: Any) -> tuple[str, dict[int, str]]:
    body = {
        "game": "realms",
        "options": {"players": 3},
        "seats": ["human", "greedy", "human"],
        "seed": 5,
        "name": "Friday game",
        "private": True,
        **extra,
    }
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    return data["id"], tokens


def test_rematch_seats_everyone_and_everyone_hears_of_it(server: Server) -> None:
    table, tokens = two_humans_and_a_bot(server, pace="days")
    status, early = server.post(f"/api/tables/{table}/rematch", {"seat": 0, "token": tokens[0]})
    assert status == 409 and early["code"] == "not-finished"
    play_out(server, table, tokens)
    with connect(server.ws(table)) as watcher, connect(server.ws(table, 2, tokens[2])) as player:
        assert until(watcher, lambda m: m["type"] == "state")["rematch"] is None
        until(player, lambda m: m["type"] == "state")
        status, bad = server.post(f"/api/tables/{table}/rematch", {"seat": 0, "token": "forged"})
        assert status == 403 and bad["code"] == "bad-token"
        status, _bot = server.post(f"/api/tables/{table}/rematch", {"seat": 1, "token": "x"})
        assert status == 403  # the bot's seat is nobody's to ask from
        status, made = server.post(f"/api/tables/{table}/rematch", {"seat": 0, "token": tokens[0]})
        assert status == 200, made
        new = made["table"]
        assert new != table and made["link"] == f"/table/{new}#seat=0&token={tokens[0]}"
        heard = until(watcher, lambda m: m["type"] == "state" and m.get("rematch"))
        assert heard["rematch"] == {"table": new}
        assert until(player, lambda m: m.get("rematch"))["rematch"] == {"table": new}
    _s, mine = server.post(
        "/api/my-tables", {"seats": [{"table": table, "seat": 2, "token": tokens[2]}]}
    )
    assert mine[0]["rematch"] == new  # "My tables" offers it too
    # asking again, from either player, gives the same table: one rematch per table
    for seat in (0, 2, 0):
        status, again = server.post(
            f"/api/tables/{table}/rematch", {"seat": seat, "token": tokens[seat]}
        )
        assert status == 200 and again["table"] == new
    _s, old = server.get(f"/api/tables/{table}")
    _s, info = server.get(f"/api/tables/{new}")
    assert info["game"] == "realms" and info["name"] == "Friday game" and info["private"]
    assert info["options"] == old["options"] and info["moves"] == 0 and info["outcome"] is None
    assert [(s["kind"], s["claimed"], s["driver"]) for s in info["seats"]] == [
        ("human", True, "human"),
        ("greedy", True, "greedy"),
        ("human", True, "human"),
    ]
    _s, record = server.get(f"/api/tables/{table}/record")
    _s, first = server.get(f"/api/tables/{new}/view?seat=0&token={tokens[0]}")
    assert first["pace"]["name"] == "days"  # the settings come along
    # each human opens their new seat with the token they had; a spectator's view is public
    for seat, token in tokens.items():
        status, mine = server.get(f"/api/tables/{new}/view?seat={seat}&token={token}")
        assert status == 200 and mine["seat"] == seat
    status, _ = server.get(f"/api/tables/{new}/view?seat=0&token={tokens[2]}")
    assert status == 403  # but only their own
    # a new seed: the new game is another deal (same options, so the hands would match if not)
    play_out(server, new, tokens)
    _s, record2 = server.get(f"/api/tables/{new}/record")
    assert record2["seed"] != record["seed"] and record2["options"] == record["options"]
    # the rematch of the rematch is another table again (bounded: one per finished game)
    _s, third = server.post(f"/api/tables/{new}/rematch", {"seat": 2, "token": tokens[2]})
    assert third["table"] not in (table, new)


def test_a_public_table_s_rematch_keeps_its_claimed_seats(server: Server) -> None:
    _s, data = server.post(
        "/api/tables",
        {"game": "realms", "options": {"players": 2}, "seats": ["human", "human"], "seed": 8},
    )
    table = data["id"]
    _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    tokens = {0: data["you"]["token"], 1: other["token"]}
    play_out(server, table, tokens)
    _s, made = server.post(f"/api/tables/{table}/rematch", {"seat": 1, "token": tokens[1]})
    _s, info = server.get(f"/api/tables/{made['table']}")
    assert [s["claimed"] for s in info["seats"]] == [True, True]
    status, taken = server.post(f"/api/tables/{made['table']}/claim", {"seat": 0})
    assert status == 409 and taken["code"] == "taken"  # nobody else takes a player's seat

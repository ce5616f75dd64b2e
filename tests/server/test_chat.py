"""Chat over a real server: where the rules allow talking, limits, muting, hiding, replays.

Legends of Hellas forbids talking (its rulebook: no hints about one's cards), so its tables
refuse text and take only the fixed reactions; Fantasy Realms tables take text, from seats and
(unless muted) spectators, each message checked, limited per connection, stored with the step
it was written at, sent to everyone at the table, and hidden by the table's creator only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from hellas.games import REGISTRY
from hellas.server.chat import BURST, MAX_TEXT, PER_MINUTE
from hellas.server.chat import READS_PER_MINUTE as READS

from .conftest import Server, start_server, stop_server


def recv(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=30))  # type: ignore[no-any-return]


def until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(1000):
        msg = recv(ws)
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message came")


def say(ws: Any, **msg: Any) -> None:
    ws.send(json.dumps({"type": "chat", **msg}))


def new_table(server: Server, game: str, **extra: Any) -> tuple[str, dict[int, str]]:
    players = 2
    body = {
        "game": game,
        "options": {"players": players},
        "seats": ["human", "human"],
        "private": True,
        **extra,
    }
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    tokens.update({i["seat"]: i["token"] for i in data["invites"]})
    return data["id"], tokens


def test_the_talk_fact_lives_with_each_game() -> None:
    talk = {g.meta.id: g.meta.talk for g in REGISTRY}
    assert talk == {"legends": False, "realms": True, "lords": True}
    assert "hint" in REGISTRY.get("legends").meta.talk_rule


def test_legends_tables_take_reactions_only(server: Server) -> None:
    table, tokens = new_table(server, "legends")
    with connect(server.ws(table, 0, tokens[0])) as me, connect(server.ws(table)) as watcher:
        state = until(me, "state")
        until(watcher, "state")
        assert state["talk"]["allowed"] is False and "hint" in state["talk"]["rule"]
        say(me, text="I have 4 strength cards")
        refused = until(me, "error")
        assert refused["code"] == "no-talk" and "hint" in refused["message"]
        say(me, reaction="open-your-hand")
        assert until(me, "error")["code"] == "bad-chat"
        say(me, reaction="well-played")
        heard = until(watcher, "chat")["message"]
        assert heard["reaction"] == "well-played" and heard["text"] == "" and heard["seat"] == 0
    _s, page = server.get(f"/api/tables/{table}/chat")
    assert [m["reaction"] for m in page["messages"]] == ["well-played"]  # nothing else stored


def test_realms_chat_reaches_everyone_and_is_stored_at_its_step(server: Server) -> None:
    table, tokens = new_table(server, "realms")
    with (
        connect(server.ws(table, 0, tokens[0])) as me,
        connect(server.ws(table, 1, tokens[1])) as friend,
        connect(server.ws(table)) as watcher,
    ):
        first = until(me, "state")
        second = until(friend, "state")
        until(watcher, "state")
        assert first["talk"]["allowed"] is True
        words = "<img src=x onerror=alert(1)> nice draw & good luck"
        say(me, text=f"  {words}  ")
        for ws in (me, friend, watcher):
            got = until(ws, "chat")["message"]
            assert got["text"] == words and got["seat"] == 0 and got["step"] == 0
        # a move, then a spectator speaks: the message is stored at the new step
        seat = first["to_act"]
        player = me if seat == 0 else friend
        mine = first if seat == 0 else second
        player.send(json.dumps({"type": "choose", "key": mine["choices"][0]["key"]}))
        until(watcher, "state")
        say(watcher, text="go on!")
        assert until(friend, "chat")["message"]["seat"] is None
        say(me, text="x" * (MAX_TEXT + 1))
        assert until(me, "error")["code"] == "too-long"
        say(me, text="bell\u0007")
        assert until(me, "error")["code"] == "bad-chat"
        say(me, text="   ")
        assert until(me, "error")["code"] == "bad-chat"
    _s, page = server.get(f"/api/tables/{table}/chat")
    assert [(m["text"], m["step"]) for m in page["messages"]] == [(words, 0), ("go on!", 1)]


def test_chat_is_rate_limited_per_connection(server: Server) -> None:
    table, tokens = new_table(server, "realms")
    with connect(server.ws(table, 1, tokens[1])) as ws:
        until(ws, "state")
        for i in range(BURST):
            say(ws, text=f"message {i}")
            assert until(ws, "chat")["message"]["text"] == f"message {i}"
        say(ws, text="one too many")
        assert until(ws, "error")["code"] == "too-many-messages"
    _s, page = server.get(f"/api/tables/{table}/chat")
    assert len(page["messages"]) == BURST  # the refused one was not stored


def test_muted_spectators_and_hiding(server: Server) -> None:
    table, tokens = new_table(server, "realms", mute_spectators=True)
    with connect(server.ws(table, 1, tokens[1])) as friend, connect(server.ws(table)) as watcher:
        assert until(watcher, "state")["talk"]["spectators_muted"] is True
        until(friend, "state")
        say(watcher, text="hello players")
        assert until(watcher, "error")["code"] == "muted"
        say(friend, text="something rude")
        message = until(watcher, "chat")["message"]  # spectators still read
        hide = f"/api/tables/{table}/chat/hide"
        status, refused = server.post(hide, {"seat": 1, "token": tokens[1], "id": message["id"]})
        assert status == 403 and refused["code"] == "not-creator"
        status, _r = server.post(hide, {"seat": 0, "token": "forged", "id": message["id"]})
        assert status == 403
        status, _r = server.post(hide, {"seat": 0, "token": tokens[0], "id": 10**9})
        assert status == 404
        status, _r = server.post(hide, {"seat": 0, "token": tokens[0], "id": message["id"]})
        assert status == 200
        assert until(watcher, "chat-hidden")["id"] == message["id"]
    _s, page = server.get(f"/api/tables/{table}/chat")
    assert page["messages"] == [{**message, "text": "", "hidden": True}]
    status, bad = server.post("/api/tables", {**_realms(), "mute_spectators": "yes"})
    assert status == 400 and bad["code"] == "bad-request"


def _realms() -> dict[str, Any]:
    return {"game": "realms", "options": {"players": 2}, "seats": ["human", "greedy"]}


def test_an_address_is_limited_across_its_connections(tmp_path: Path) -> None:
    # the request rate (a history read costs 5 of its tokens) is not what this test measures
    server = start_server(f"sqlite:///{tmp_path / 'chat.db'}", args=["--http-rate", "0"])
    try:
        table, tokens = new_table(server, "realms")
        sent = 0
        refused = None
        for _ in range(int(PER_MINUTE // BURST) + 10):  # a fresh connection each time
            with connect(server.ws(table, 0, tokens[0])) as ws:
                until(ws, "state")
                for _ in range(BURST):
                    say(ws, text="again")
                    msg = recv(ws)
                    while msg["type"] not in ("chat", "error"):
                        msg = recv(ws)
                    if msg["type"] == "error":
                        refused = msg
                        break
                    sent += 1
            if refused:
                break
        assert refused is not None and refused["code"] == "too-many-messages"
        assert sent >= PER_MINUTE  # the address's allowance (and what refilled meanwhile)
        codes = []
        while len(codes) < 4 * READS and 429 not in codes:
            codes.append(server.get(f"/api/tables/{table}/chat")[0])
        assert codes[-1] == 429 and codes.count(200) >= READS  # the history is limited too
    finally:
        stop_server(server)

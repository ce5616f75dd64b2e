"""WebSocket play over a real server: bad input, whole games, and no leaks over the wire.

For every game, seats and a spectator play a whole game through the WebSocket; when it is over
the test replays the record locally and checks that every message each connection received
held exactly that seat's view at that step and only the events that seat may see.
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest
from websockets.sync.client import connect

from hellas.core.record import Record, replay
from hellas.games import REGISTRY

from .conftest import Server


def recv(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=30))  # type: ignore[no-any-return]


def until_error(ws: Any) -> dict[str, Any]:
    while True:
        msg = recv(ws)
        if msg["type"] == "error":
            return msg


def until_state(ws: Any) -> dict[str, Any]:
    while True:
        msg = recv(ws)
        if msg["type"] == "state":
            return msg


def test_wrong_token_is_refused(server: Server) -> None:
    _s, data = server.post(
        "/api/tables", {"game": "legends", "options": {"players": 2}, "seats": ["human", "random"]}
    )
    with connect(server.ws(data["id"], 0, "forged")) as ws:
        msg = until_error(ws)
        assert msg["type"] == "error" and msg["code"] == "bad-token"
    with connect(server.ws("nope")) as ws:
        assert until_error(ws)["code"] == "no-table"


def test_bad_messages_get_errors_and_change_nothing(server: Server) -> None:
    _s, data = server.post(
        "/api/tables", {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
    )
    table, token = data["id"], data["you"]["token"]
    with connect(server.ws(table, 0, token)) as ws, connect(server.ws(table)) as watcher:
        state = until_state(ws)
        until_state(watcher)
        seq = state["seq"]
        ws.send("{oops")
        assert until_error(ws)["code"] == "bad-json"
        ws.send(json.dumps([1, 2]))
        assert until_error(ws)["code"] == "bad-message"
        ws.send("x" * 5000)
        assert until_error(ws)["code"] == "too-large"
        ws.send(json.dumps({"type": "choose", "key": "fight:slay", "seq": seq}))
        assert until_error(ws)["code"] == "illegal"
        ws.send(json.dumps({"type": "choose", "key": state["choices"][0]["key"], "seq": seq - 1}))
        assert until_error(ws)["code"] == "stale"
        ws.send(json.dumps({"type": "ping"}))
        while recv(ws)["type"] != "pong":
            pass
        watcher.send(json.dumps({"type": "choose", "key": state["choices"][0]["key"]}))
        assert until_error(watcher)["code"] == "spectator"
    assert server.get(f"/api/tables/{table}/view?seat=0&token={token}")[1]["seq"] == seq


GAMES = [
    ("legends", {"players": 3, "mission": 2}, ["human", "heuristic", "human"]),
    ("realms", {"players": 3}, ["human", "human", "greedy"]),
    ("lords", {"players": 2, "turn_limit": 16}, ["human", "human"]),
]


class Listener:
    """Collects every message of one WebSocket in a background thread."""

    def __init__(self, url: str) -> None:
        self.ws = connect(url).__enter__()  # entered: closed by the test's ``finally``
        self.messages: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            try:
                raw = self.ws.recv()
            except Exception:  # closed: the test is over
                return
            with self.lock:
                self.messages.append(json.loads(raw))

    def states(self) -> list[dict[str, Any]]:
        with self.lock:
            return [m for m in self.messages if m["type"] == "state"]

    def latest(self) -> dict[str, Any] | None:
        states = self.states()
        return states[-1] if states else None


@pytest.mark.parametrize(("game_id", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_whole_games_over_the_wire_never_leak(
    server: Server, game_id: str, options: dict[str, Any], seats: list[str]
) -> None:
    game = REGISTRY.get(game_id)
    _s, data = server.post(
        "/api/tables", {"game": game_id, "options": options, "seats": seats, "seed": 7}
    )
    table = data["id"]
    tokens = {data["you"]["seat"]: data["you"]["token"]}
    for join in data["join"]:
        _st, claimed = server.post(f"/api/tables/{table}/claim", {"seat": join["seat"]})
        tokens[join["seat"]] = claimed["token"]
    listeners: dict[int | None, Listener] = {
        seat: Listener(server.ws(table, seat, tok)) for seat, tok in tokens.items()
    }
    listeners[None] = Listener(server.ws(table))
    rng = random.Random(3)
    sent = -1
    deadline = time.time() + 600
    try:
        while time.time() < deadline:
            latest = [m for m in (lis.latest() for lis in listeners.values()) if m]
            if not latest:
                time.sleep(0.01)
                continue
            top = max(latest, key=lambda m: m["seq"])
            if top["outcome"]:
                break
            mover = top["to_act"]
            mine = listeners.get(mover).latest() if mover in tokens else None
            if mine and mine["seq"] == top["seq"] and mine["choices"] and sent < top["seq"]:
                key = rng.choice(mine["choices"])["key"]
                listeners[mover].ws.send(
                    json.dumps({"type": "choose", "key": key, "seq": top["seq"]})
                )
                sent = top["seq"]
            time.sleep(0.002)
        else:  # pragma: no cover
            pytest.fail("the game did not end")
        time.sleep(0.3)
    finally:
        for lis in listeners.values():
            lis.ws.close()
    status, rec = server.get(f"/api/tables/{table}/record")
    assert status == 200
    record = Record.from_json(rec)
    # every event of the game, with the seats allowed to see it
    log: list[tuple[int, Any]] = []
    state = game.new(record.options, record.seed)
    for step, key in enumerate(record.choices):
        log += [(step, e) for e in game.apply(state, key)]
    for seat, lis in listeners.items():
        messages = lis.states()
        assert messages, seat
        for msg in messages:
            state = replay(game, record, msg["seq"])
            assert msg["view"] == json.loads(json.dumps(game.view(state, seat))), (seat, msg["seq"])
            assert msg["seat"] == seat
        for msg in messages:
            for e in msg["events"]:
                matching = [ev for step, ev in log if step == e["step"] and ev.text == e["text"]]
                assert matching and all(ev.visible_to(seat) for ev in matching), (seat, e)
        hidden = [ev.text for _step, ev in log if not ev.visible_to(seat)]
        shown = {e["text"] for msg in messages for e in msg["events"]}
        assert not (set(hidden) - {ev.text for _s, ev in log if ev.visible_to(seat)}) & shown

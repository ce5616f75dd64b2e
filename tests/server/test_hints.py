"""Hints at the web table: the seat to act asks the search bot, in the worker pool, honestly.

A real server process (and, for honesty, the real application in process with a real worker
pool): hints give at most three of the asking seat's legal choices, follow the table's setting,
are refused with a clear error (and nothing changed) whenever they should be, leave the event
loop answering while they think, and never depend on cards the asking seat cannot see.
"""

from __future__ import annotations

import json
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from websockets.sync.client import connect

from hellas.ai.hint import hint
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.app import create_app
from hellas.server.hints import hint_seed
from hellas.server.live import stored_hints
from hellas.server.pool import BotPool
from hellas.server.store import Store
from hellas.server.traffic import TrafficLimits

from .conftest import Server, start_server, stop_server
from .test_private import database

with warnings.catch_warnings():  # starlette's note about a future httpx package
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

GAME = REGISTRY.get("legends")
LONG_HINT = 10.0  # seconds the liveness test's hint thinks: many times a request's answer


def new_table(server: Server, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "legends", "options": {"players": len(seats)}, "seats": seats, **extra}
    status, data = server.post("/api/tables", {"seed": 5, **body})
    assert status == 200, data
    return data


def my_turn(server: Server, table: str, seat: int, token: str) -> dict[str, Any]:
    """Wait until ``seat`` has a decision (the bots move first); return its message."""
    deadline = time.time() + 120
    while time.time() < deadline:
        _s, mine = server.get(f"/api/tables/{table}/view?seat={seat}&token={token}")
        if mine["choices"]:
            return dict(mine)
        assert mine["outcome"] is None, "the game ended before the seat's turn"
        time.sleep(0.05)
    raise AssertionError("the seat never got a decision")


def test_a_hint_ranks_up_to_three_of_the_seats_own_legal_choices(server: Server) -> None:
    data = new_table(server, ["human", "heuristic"])
    table, seat, token = data["id"], data["you"]["seat"], data["you"]["token"]
    assert data["hints"] is True  # one human seat: on by default
    for _ in range(3):  # a few decisions in a row, each hinted, then the first hint played
        before = my_turn(server, table, seat, token)
        assert before["hints"] is True
        status, found = server.post(f"/api/tables/{table}/hint", {"seat": seat, "token": token})
        assert status == 200, found
        legal = {c["key"]: c for c in before["choices"]}
        keys = [c["key"] for c in found["choices"]]
        assert 1 <= len(keys) <= 3 and len(set(keys)) == len(keys) and set(keys) <= set(legal)
        if found["iterations"] >= len(legal):  # (a loaded machine may think less in its second)
            assert len(keys) == min(3, len(legal))
        for c in found["choices"]:
            assert c["label"] == legal[c["key"]]["label"] and c["index"] == legal[c["key"]]["index"]
            assert 0.0 <= c["win_chance"] <= 1.0
        chances = [c["win_chance"] for c in found["choices"]]  # best estimated chance first
        assert chances == sorted(chances, reverse=True)
        assert sum(c["visits"] for c in found["choices"]) <= found["iterations"]
        assert found["seq"] == before["seq"] and found["seat"] == seat
        assert set(found) == {"table", "seat", "seq", "choices", "iterations", "seconds"}
        _s, after = server.get(f"/api/tables/{table}/view?seat={seat}&token={token}")
        assert after["seq"] == before["seq"] and after["view"] == before["view"]  # nothing moved
        move = {"seat": seat, "token": token, "key": keys[0], "seq": before["seq"]}
        assert server.post(f"/api/tables/{table}/choose", move)[0] == 200


def test_the_creator_chooses_hints_and_everyone_sees_the_setting(server: Server) -> None:
    two = new_table(server, ["human", "human"])
    assert two["hints"] is False  # more than one human seat: off unless asked
    asked = new_table(server, ["human", "human"], hints=True)
    assert asked["hints"] is True
    solo_off = new_table(server, ["human", "heuristic"], hints=False)
    assert solo_off["hints"] is False
    for data, on in ((two, False), (asked, True), (solo_off, False)):
        _s, info = server.get(f"/api/tables/{data['id']}")
        assert info["hints"] is on
        _s, watching = server.get(f"/api/tables/{data['id']}/view")  # a spectator sees it too
        assert watching["hints"] is on
    _s, listed = server.get("/api/tables?status=all&limit=100")
    shown = {t["id"]: t["hints"] for t in listed}
    assert shown[two["id"]] is False and shown[asked["id"]] is True
    for bad in ("yes", 1, []):
        body = {"game": "legends", "options": {"players": 2}, "seats": ["human", "human"]}
        status, refused = server.post("/api/tables", {**body, "hints": bad})
        assert status == 400 and "'hints'" in refused["message"]


def test_hints_are_refused_clearly_and_change_nothing(server: Server) -> None:
    off = new_table(server, ["human", "human"])
    table, seat, token = off["id"], off["you"]["seat"], off["you"]["token"]
    status, refused = server.post(f"/api/tables/{table}/hint", {"seat": seat, "token": token})
    assert (status, refused["code"]) == (403, "hints-off")

    on = new_table(server, ["human", "human"], hints=True)
    table = on["id"]
    _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    tokens = {on["you"]["seat"]: on["you"]["token"], 1: other["token"]}
    _s, watching = server.get(f"/api/tables/{table}/view")
    to_act = watching["to_act"]
    waiting = 1 - to_act
    before = server.get(f"/api/tables/{table}")[1]
    answers = [
        server.post(f"/api/tables/{table}/hint", {"seat": waiting, "token": tokens[waiting]}),
        server.post(f"/api/tables/{table}/hint", {"seat": to_act, "token": "not-the-token"}),
        server.post(f"/api/tables/{table}/hint", {"seat": to_act, "token": [tokens[to_act]]}),
        server.post(f"/api/tables/{table}/hint", {"seat": to_act}),  # a spectator has no token
        server.post(f"/api/tables/{table}/hint", {"token": tokens[to_act]}),
        server.post(f"/api/tables/{table}/hint", {"seat": 7, "token": tokens[to_act]}),
        server.post("/api/tables/nope/hint", {"seat": to_act, "token": tokens[to_act]}),
    ]
    codes = [(status, body["code"]) for status, body in answers]
    assert codes == [
        (409, "not-your-turn"),
        (403, "bad-token"),
        (400, "bad-request"),  # a token that is not text is refused, never a 500
        (400, "bad-request"),
        (400, "bad-request"),
        (404, "bad-seat"),
        (404, "no-table"),
    ]
    assert all(body["message"] for _s, body in answers)
    assert server.get(f"/api/tables/{table}")[1] == before

    # a seat a bot plays, then a finished game
    solo = new_table(server, ["human", "random"])
    table, seat, token = solo["id"], solo["you"]["seat"], solo["you"]["token"]
    my_turn(server, table, seat, token)
    hand = {"token": token, "bot": "random"}
    assert server.post(f"/api/tables/{table}/seats/{seat}/bot", hand)[0] == 200
    deadline = time.time() + 120
    codes = set()
    while time.time() < deadline:
        status, body = server.post(f"/api/tables/{table}/hint", {"seat": seat, "token": token})
        codes.add((status, body["code"]))
        if body["code"] == "over":
            break
        time.sleep(0.02)
    assert (409, "over") in codes
    assert codes <= {(409, "over"), (409, "bot-seat"), (409, "not-your-turn")}


def test_the_server_answers_while_a_hint_thinks_and_one_hint_at_a_time(tmp_path: Path) -> None:
    args = ["--hint-seconds", str(LONG_HINT), "--bot-budget", str(LONG_HINT)]
    args += ["--max-bot-iterations", "10000000"]  # the ceiling
    server = start_server(f"sqlite:///{tmp_path / 'hints.db'}", args=args)
    try:
        data = new_table(server, ["human", "heuristic"])
        table, seat, token = data["id"], data["you"]["seat"], data["you"]["token"]
        mine = my_turn(server, table, seat, token)
        ask = {"seat": seat, "token": token}
        first: list[tuple[int, Any]] = []
        thinking = threading.Thread(
            target=lambda: first.append(server.post(f"/api/tables/{table}/hint", ask))
        )
        started = time.time()
        thinking.start()
        time.sleep(0.5)  # the first hint reaches the server and goes to a worker
        status, again = server.post(f"/api/tables/{table}/hint", ask)
        assert (status, again["code"]) == (429, "hint-running"), again
        assert server.get("/api/games")[0] == 200
        assert server.get(f"/api/tables/{table}/view?seat={seat}&token={token}")[1] == mine
        with connect(server.ws(table, seat, token), open_timeout=30) as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "state"
            ws.send(json.dumps({"type": "ping"}))
            assert json.loads(ws.recv(timeout=30)) == {"type": "pong"}
        answered = time.time() - started
        assert thinking.is_alive(), "the hint ended before the other requests were answered"
        print(f"requests answered {answered:.2f} s into a {LONG_HINT:.0f} s hint")
        # the person plays meanwhile: the hint that comes back no longer applies
        move = {"seat": seat, "token": token, "key": mine["choices"][0]["key"], "seq": mine["seq"]}
        assert server.post(f"/api/tables/{table}/choose", move)[0] == 200
        thinking.join(timeout=120)
        assert first and first[0][0] == 409 and first[0][1]["code"] == "stale", first
    finally:
        stop_server(server)


def test_a_hint_ignores_the_cards_its_seat_cannot_see(tmp_path: Path) -> None:
    """The same hint whatever the hidden cards, re-dealt consistently with the seat's view."""
    pool = BotPool(workers=1, max_iterations=60, hint_seconds=None)  # repeatable hints
    unlimited = TrafficLimits(hint_rate=0)  # this test asks for many hints in a row
    app = create_app(
        f"sqlite:///{tmp_path / 'honest.db'}", bot_delay=0.0, bots=pool, traffic=unlimited
    )
    body = {"game": "legends", "options": {"players": 3}, "seats": ["human"] * 3, "seed": 11}
    with TestClient(app) as client:
        data = client.post("/api/tables", json={**body, "private": True, "hints": True}).json()
        table = data["id"]
        tokens = {data["you"]["seat"]: data["you"]["token"]}
        tokens.update({i["seat"]: i["token"] for i in data["invites"]})
        live = app.state.hub.tables[table]
        rng = Rng(3)
        hinted = 0
        redealt_any = False
        for _ in range(40):
            seat = GAME.to_act(live.match.state)
            assert seat is not None
            ask = {"seat": seat, "token": tokens[seat]}
            if len(GAME.choices(live.match.state)) > 1:
                real = live.match.state
                first = client.post(f"/api/tables/{table}/hint", json=ask).json()
                seed = hint_seed(live.match.record.seed, len(live.match.record.choices), seat)
                direct = hint(GAME, real, seat, Rng(seed), seconds=None, iterations=60)
                assert [c["key"] for c in first["choices"]] == [
                    a.choice.key for a in direct.choices
                ]
                live.match.state = redealt = GAME.determinize(real, seat, Rng(100 + hinted))
                redealt_any |= GAME.state_to_json(redealt) != GAME.state_to_json(real)
                try:
                    again = client.post(f"/api/tables/{table}/hint", json=ask).json()
                finally:
                    live.match.state = real
                assert again == first
                hinted += 1
            choices = GAME.choices(live.match.state)
            key = choices[rng.below(len(choices))].key
            move = {**ask, "key": key}
            assert client.post(f"/api/tables/{table}/choose", json=move).status_code == 200
        assert hinted >= 5 and redealt_any  # the hidden cards really were different


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_from_before_hints_still_opens(kind: str, tmp_path: Path) -> None:
    url = database(kind, tmp_path)
    store = Store(url)
    version, two = GAME.meta.version, GAME.validate_options({"players": 2})
    solo = store.create_table("legends", version, two, 7, ["human", "random"], "solo")
    duo = store.create_table("legends", version, two, 8, ["human", "human"], "duo")
    with store.engine.begin() as conn:  # the schema as it was before the column existed
        conn.execute(text("ALTER TABLE hellas_tables DROP COLUMN hints"))
    store.close()

    store = Store(url)  # adds the column back, keeps the rows
    try:
        old_solo, old_duo = store.load(solo), store.load(duo)
        assert old_solo is not None and old_solo.hints is None and old_solo.name == "solo"
        assert old_duo is not None and old_duo.hints is None
        chosen = store.create_table("legends", version, two, 9, ["human", "human"], hints=True)
        loaded = store.load(chosen)
        assert loaded is not None and loaded.hints is True
    finally:
        store.close()
    assert stored_hints(old_solo) is True and stored_hints(old_duo) is False
    with TestClient(create_app(url, bot_delay=0.0)) as client:  # a server on the old tables
        assert client.get(f"/api/tables/{solo}").json()["hints"] is True
        assert client.get(f"/api/tables/{duo}").json()["hints"] is False
        assert client.get(f"/api/tables/{chosen}").json()["hints"] is True

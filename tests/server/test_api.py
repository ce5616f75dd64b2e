"""The HTTP API over a real server: lobby, seats, choices, and every kind of bad input."""

from __future__ import annotations

import urllib.request

from hellas.games import REGISTRY

from .conftest import Server


def create(server: Server, game: str = "legends", **body: object) -> dict[str, object]:
    payload = {"game": game, "options": {"players": 3}, "seats": ["human", "heuristic", "human"]}
    payload.update(body)
    status, data = server.post("/api/tables", payload)
    assert status == 200, data
    return data  # type: ignore[no-any-return]


def test_games_lists_every_registered_game_with_its_schema(server: Server) -> None:
    status, games = server.get("/api/games")
    assert status == 200
    ids = {g["id"] for g in games}
    assert ids == {"legends", "realms", "lords"}
    legends = next(g for g in games if g["id"] == "legends")
    assert {o["name"] for o in legends["options"]} >= {"players", "mission", "difficulty"}
    assert "heuristic" in legends["bots"]
    for game in games:  # people pick bots by level; each level names an honest bot
        levels = game["levels"]
        assert [x["title"] for x in levels][:3] == ["Easy", "Normal", "Hard"]
        assert all(x["bot"] in game["bots"] or ":" in x["bot"] for x in levels)
        assert not any(x["bot"].startswith("clairvoyant") for x in levels)


def test_games_serve_the_web_modules_each_game_declares(server: Server) -> None:
    games = {g["id"]: g for g in server.get("/api/games")[1]}
    for game in REGISTRY:
        served = games[game.meta.id]
        assert served["web"] == game.meta.web.urls(game.meta.id)
        assert served["version"] == game.meta.version and served["talk"] == game.meta.talk
        for kind in ("renderer", "help", "guide", "pickers", "art", "styles"):  # each is served
            with urllib.request.urlopen(server.url + served["web"][kind], timeout=30) as r:
                assert r.status == 200 and r.read(), (game.meta.id, kind)
    assert games["legends"]["talk"] is False


def test_create_claim_join_and_list(server: Server) -> None:
    data = create(server, name="Friday")
    assert data["you"]["seat"] == 0 and data["you"]["token"]
    assert [j["seat"] for j in data["join"]] == [2]
    status, listed = server.get("/api/tables?status=open")
    assert any(t["id"] == data["id"] and t["free"] == [2] for t in listed)
    status, claimed = server.post(f"/api/tables/{data['id']}/claim", {"seat": 2})
    assert status == 200 and claimed["token"] and "token=" in claimed["link"]
    status, again = server.post(f"/api/tables/{data['id']}/claim", {"seat": 2})
    assert status == 409 and again["code"] == "taken"
    status, bot_seat = server.post(f"/api/tables/{data['id']}/claim", {"seat": 1})
    assert status == 404 and bot_seat["code"] == "bad-seat"
    assert "seat 2 " in bot_seat["message"]  # people count seats from 1


def test_options_naming_server_files_are_refused(server: Server) -> None:
    games = server.get("/api/games")[1]
    lords = next(g for g in games if g["id"] == "lords")
    assert next(o for o in lords["options"] if o["name"] == "content")["local_only"] is True
    before = len(server.get("/api/tables?status=all")[1])
    status, data = server.post(
        "/api/tables",
        {"game": "lords", "options": {"players": 2, "content": "/etc"}, "seats": ["human"] * 2},
    )
    assert status == 400 and "command line" in data["message"]
    assert len(server.get("/api/tables?status=all")[1]) == before


def test_bad_table_requests_are_explained_and_create_nothing(server: Server) -> None:
    before = len(server.get("/api/tables?status=all")[1])
    cases = [
        (None, b"{not json", "bad-json"),
        ({"game": "chess", "options": {}, "seats": ["human"]}, None, "unknown game"),
        (
            {"game": "legends", "options": {"mission": 99}, "seats": ["human"] * 3},
            None,
            "at most 12",
        ),
        ({"game": "legends", "options": {"players": 2}, "seats": ["human"]}, None, "2 seats"),
        (
            {"game": "legends", "options": {}, "seats": ["human", "wizard", "random"]},
            None,
            "unknown bot",
        ),
        ({"game": "legends", "options": [], "seats": []}, None, "options"),
        ({"game": "legends", "options": {}, "seats": ["human"] * 3, "seed": "x"}, None, "seed"),
    ]
    for body, raw, message in cases:
        status, data = server.post("/api/tables", body, raw=raw)
        assert 400 <= status < 500, (body, data)
        assert data["type"] == "error" and message in (data["code"] + data["message"]), data
    assert len(server.get("/api/tables?status=all")[1]) == before
    status, data = server.post("/api/tables", None, raw=b"x" * 70_000)
    assert status == 413 and data["code"] == "too-large"


def test_bad_choices_change_nothing(server: Server) -> None:
    data = create(server, seats=["human", "human", "human"])
    table, token = data["id"], data["you"]["token"]
    _s, other = server.post(f"/api/tables/{table}/claim", {"seat": 1})
    status, state = server.get(f"/api/tables/{table}/view?seat=0&token={token}")
    assert status == 200 and state["to_act"] == 0 and state["choices"]
    seq = state["seq"]
    key = state["choices"][0]["key"]
    checks = [
        ({"seat": 0, "token": "wrong", "key": key}, 403, "bad-token"),
        ({"seat": 0, "token": [token], "key": key}, 403, "bad-token"),  # not text: no 500
        ({"seat": 0, "token": 7, "key": key}, 403, "bad-token"),
        ({"seat": 1, "token": other["token"], "key": key}, 409, "not-your-turn"),
        ({"seat": 0, "token": token, "key": "fight:guile"}, 400, "illegal"),
        ({"seat": 0, "token": token, "key": "dance"}, 400, "illegal"),
        ({"seat": 0, "token": token, "key": key, "seq": seq + 5}, 409, "stale"),
        ({"seat": 0, "token": token, "key": 42}, 400, "bad-choice"),
        ({"seat": 9, "token": token, "key": key}, 404, "bad-seat"),
        ({"seat": "0", "token": token, "key": key}, 400, "bad-request"),
    ]
    for body, code, kind in checks:
        status, err = server.post(f"/api/tables/{table}/choose", body)
        assert (status, err["code"]) == (code, kind), (body, err)
    assert server.get(f"/api/tables/{table}/view?seat=0&token={token}")[1]["seq"] == seq
    status, ok = server.post(
        f"/api/tables/{table}/choose", {"seat": 0, "token": token, "key": key, "seq": seq}
    )
    assert status == 200 and ok["seq"] == seq + 1


def test_views_need_the_right_token_and_spectators_see_no_hand(server: Server) -> None:
    data = create(server)
    table = data["id"]
    assert server.get(f"/api/tables/{table}/view?seat=0&token=nope")[0] == 403
    assert server.get(f"/api/tables/{table}/view?seat=1")[0] == 403  # a bot seat
    status, spectator = server.get(f"/api/tables/{table}/view")
    assert status == 200 and spectator["view"]["hand"] is None and spectator["choices"] == []
    assert server.get("/api/tables/nosuchtable/view")[0] == 404


def test_seat_can_be_handed_to_a_bot_and_back(server: Server) -> None:
    data = create(server, seats=["human", "heuristic", "heuristic"])
    table, token = data["id"], data["you"]["token"]
    status, seats = server.post(
        f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": "heuristic"}
    )
    assert status == 200 and seats["seats"][0]["driver"] == "heuristic"
    status, seats = server.post(f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": ""})
    assert status == 200 and seats["seats"][0]["driver"] == "human"
    status, err = server.post(f"/api/tables/{table}/seats/0/bot", {"token": "x", "bot": ""})
    assert status == 403
    status, err = server.post(f"/api/tables/{table}/seats/0/bot", {"token": token, "bot": "wizard"})
    assert status == 400 and "unknown bot" in err["message"]


def test_replays_of_ongoing_games_only_from_ones_own_seat(server: Server) -> None:
    data = create(server)
    table, token = data["id"], data["you"]["token"]
    assert server.get(f"/api/tables/{table}/replay/0")[0] == 403
    status, step = server.get(f"/api/tables/{table}/replay/0?seat=0&token={token}")
    assert status == 200 and step["view"]["seat"] == 0 and step["total"] >= 0
    assert server.get(f"/api/tables/{table}/replay/999?seat=0&token={token}")[0] == 400
    assert server.get(f"/api/tables/{table}/record")[0] == 403  # not over yet

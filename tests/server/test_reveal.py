"""Replays that reveal: a finished game's public replay shows every hand from the first step,
keeps the result for the last one, and a table still in play reveals nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.app import create_app
from hellas.server.traffic import TrafficLimits

from .test_accounts import play_out

# these tests play whole games through the API as fast as they can: no per-address API rate
FAST = TrafficLimits(http_rate=0)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(f"sqlite:///{tmp_path / 'reveal.db'}", bot_delay=0.0, traffic=FAST)
    ) as c:
        yield c


def new_table(client: TestClient) -> dict[str, Any]:
    body = {"game": "realms", "options": {"players": 2}, "seats": ["human", "greedy"], "seed": 7}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 200, made.text
    return made.json()  # type: ignore[no-any-return]


def step(client: TestClient, table: str, n: int, **query: Any) -> Any:
    r = client.get(f"/api/tables/{table}/replay/{n}", params=query)
    return r.status_code, r.json()


def test_a_finished_games_replay_reveals_every_hand_and_the_result_last(
    client: TestClient,
) -> None:
    made = new_table(client)
    table, token = made["id"], made["you"]["token"]
    # in play: no public replay, and one's own seat sees only its own hand
    assert step(client, table, 0)[0] == 403
    answer = client.get(
        f"/api/tables/{table}/replay/0", params={"seat": 0}, headers={"x-seat-token": token}
    )
    own = answer.json()
    assert answer.status_code == 200 and own["revealed"] is False
    assert "revealed" not in own["view"] and own["view"]["hands"] is None
    play_out(client, table, {0: token}, [])
    total = client.get(f"/api/tables/{table}").json()["moves"]
    status, first = step(client, table, 0)
    assert status == 200 and first["revealed"] is True
    hands = {r["seat"]: r for r in first["view"]["revealed"]}
    for seat in (0, 1):  # each hand as that seat saw it at the start, and in words
        _, seen = step(client, table, 0, seat=seat)
        assert hands[seat]["hand"] == seen["view"]["hand"] and len(hands[seat]["cards"]) == 7
        assert all(not word.islower() for word in hands[seat]["cards"])  # names, not ids
    assert first["view"]["result"] is None and "scores" not in first["view"]  # not yet
    _, last = step(client, table, total)
    assert last["view"]["result"] is not None and last["view"]["scores"]
    # per-seat views stay available and show no other hand
    _, seat1 = step(client, table, 0, seat=1)
    assert seat1["revealed"] is False and "revealed" not in seat1["view"]


@pytest.mark.parametrize("game_id", ["legends", "realms", "lords"])
def test_the_reveal_view_holds_each_seats_own_hand(game_id: str) -> None:
    game = REGISTRY.get(game_id)
    state = game.new({"players": 2}, 3)
    shown = game.reveal(state)
    assert shown["seat"] is None and len(shown["revealed"]) == 2
    for entry in shown["revealed"]:
        assert entry["hand"] == game.view(state, entry["seat"])["hand"]
        assert entry["cards"]


def test_legends_reveals_face_down_cards_and_gifts() -> None:
    game = REGISTRY.get("legends")
    state = game.new({"players": 3, "mission": 1}, 5)
    bot, rng = make_bot(game, "heuristic"), Rng(5)
    hidden_seen = False
    while (seat := game.to_act(state)) is not None:
        game.step(state, bot.choose(Decision(game, state, seat), rng))
        public, shown = game.view(state, None), game.reveal(state)
        hidden = [c for m in public["monsters"] for c in m["cards"] if c["card"] is None]
        hidden += [g for g in public["gifts"] if g["card"] is None]
        hidden_seen = hidden_seen or bool(hidden)
        assert all(c["card"] for m in shown["monsters"] for c in m["cards"])
        assert all(g["card"] for g in shown["gifts"])
    assert hidden_seen  # the game had something to reveal

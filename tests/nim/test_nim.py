"""A game outside the package, added by one registry line, plays through every front end.

Nothing but ``tests/nim`` and ``REGISTRY.register(GAME)`` makes Nim playable: the CLI (its
explanations too), the conformance checks, the simulator, Gymnasium/PettingZoo (its encoder),
the server's API and the browser (its own renderer, help, picker, tile and styles, served from
``tests/nim/web``) all find it through the registry, its metadata and its capabilities.  The
rated game between two accounts in the browser is ``test_nim_rated.py``.
"""

from __future__ import annotations

import csv
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from typer.testing import CliRunner

from hellas import rl
from hellas.cli.main import app
from hellas.core.conformance import check_capabilities, random_game
from hellas.games import REGISTRY
from tests.nim import GAME
from tests.server.conftest import Server, start_server, stop_server
from tests.web.conftest import browser  # noqa: F401 - the Playwright fixture

runner = CliRunner()


@pytest.fixture
def nim() -> Iterator[Any]:
    REGISTRY.register(GAME)  # the one line
    try:
        yield GAME
    finally:
        REGISTRY.unregister("nim")


def test_nim_meets_the_contract(nim: Any) -> None:
    for seed in range(20):
        random_game(nim, {"players": 2 + seed % 2, "heap": 1 + seed}, seed, deep=True)
        check_capabilities(nim, {"heap": 7}, seed)


def test_the_cli_lists_plays_and_explains_nim(nim: Any, tmp_path: Path) -> None:
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and "Nim (nim, 2-3 players" in listed.output
    played = runner.invoke(app, ["play", "nim", "--seats", "random,random", "--seed", "4"])
    assert played.exit_code == 0, played.output
    assert "took the last stone" in played.output
    human = runner.invoke(
        app, ["play", "nim", "--heap", "3", "--seats", "human,random"], input="3\n"
    )
    assert human.exit_code == 0 and "Seat 1 took the last stone" in human.output, human.output
    save = tmp_path / "nim.json"
    save.write_text(random_game(nim, {"heap": 6}, 1).record.dumps())
    told = runner.invoke(app, ["explain", "nim", "--record", str(save), "--json"])
    assert told.exit_code == 0 and json.loads(told.output)["over"] is True


def test_the_cli_explains_a_nim_position_by_its_capability(nim: Any, tmp_path: Path) -> None:
    """The game's own Presentation: the rule of four, from a saved game or a heap in words."""
    at_seven = runner.invoke(app, ["explain", "nim", "--set", "heap=7", "--json"])
    assert at_seven.exit_code == 0, at_seven.output
    assert json.loads(at_seven.output)["take"] == 3
    lost = runner.invoke(app, ["explain", "nim", "--set", "heap=8"])
    assert lost.exit_code == 0 and "multiple of 4" in lost.output and "loses" in lost.output
    bad = runner.invoke(app, ["explain", "nim", "--set", "pile=" + "9" * 200])
    assert bad.exit_code != 0 and "9" * 81 not in bad.output
    assert "heap=N" in " ".join(bad.output.split())
    save = tmp_path / "nim.json"
    save.write_text(random_game(nim, {"heap": 6}, 1).record.dumps())
    first = runner.invoke(app, ["explain", "nim", "--record", str(save), "--step", "0", "--json"])
    assert json.loads(first.output) == {"over": False, "heap": 6, "players": 2, "take": 2}


def test_the_simulator_plays_nim(nim: Any, tmp_path: Path) -> None:
    out = tmp_path / "nim.csv"
    args = ["simulate", "nim", "--bots", "random", "--games", "6", "--heap", "9", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 6 and {r["game"] for r in rows} == {"nim"}


def test_rl_finds_nims_encoder_and_environment(nim: Any) -> None:
    import hellas.rl.gym  # noqa: PLC0415 - registers the environments

    hellas.rl.gym.register()  # games registered after the import are added
    env = gymnasium.make(nim.meta.gym_id, heap=9, bots="random")
    assert nim.meta.gym_id == "hellas/Nim-v100"
    check_env(env.unwrapped)
    obs, info = env.reset(seed=1)
    assert obs.shape == (12,) and obs[9] == 1.0 and info["action_mask"].tolist() == [1, 1, 1]
    aec = rl.env("nim", heap=5)
    aec.reset(seed=2)
    while aec.agents:
        obs, _r, term, trunc, _info = aec.last()
        aec.step(None if term or trunc else int(obs["action_mask"].argmax()))
    assert aec.metadata["name"] == "hellas_nim_v100"


@pytest.fixture(scope="module")
def nim_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = f"sqlite:///{tmp_path_factory.mktemp('nimdb') / 'hellas.db'}"
    server = start_server(db, main="tests.nim.serve")
    yield server
    stop_server(server)


def test_a_nim_table_is_created_and_played_over_the_api(nim_server: Server) -> None:
    server = nim_server
    games = {g["id"]: g for g in server.get("/api/games")[1]}
    web = games["nim"]["web"]  # its own pieces, served from tests/nim/web
    assert web["renderer"] == "/static/games/nim/render.js" and web["guide"] is None
    assert games["nim"]["rated"] and games["nim"]["campaign"]
    for url in filter(None, web.values()):
        with urllib.request.urlopen(nim_server.url + url, timeout=30) as served:
            assert served.status == 200 and served.read()
    body = {"game": "nim", "options": {"heap": 5}, "seats": ["human", "human"]}
    status, data = server.post("/api/tables", body)
    assert status == 200, data
    table = data["id"]
    tokens = {
        0: data["you"]["token"],
        1: server.post(f"/api/tables/{table}/claim", {"seat": 1})[1]["token"],
    }
    for turn in range(5):
        seat = turn % 2
        _s, view = server.get(f"/api/tables/{table}/view?seat={seat}&token={tokens[seat]}")
        if view.get("outcome"):
            break
        assert view["to_act"] == seat and view["view"]["heap"] == 5 - turn
        status, ok = server.post(
            f"/api/tables/{table}/choose", {"seat": seat, "token": tokens[seat], "key": "take:1"}
        )
        assert status == 200, ok
    _s, end = server.get(f"/api/tables/{table}/view?seat=0&token={tokens[0]}")
    assert end["outcome"]["winners"] == [0]  # five stones, one at a time: seat 1 took the last


def test_the_browser_draws_nim_with_its_own_renderer(
    nim_server: Server,
    browser: Any,  # noqa: F811 - the fixture imported above
) -> None:
    body = {"game": "nim", "options": {"heap": 7}, "seats": ["human", "random"]}
    status, data = nim_server.post("/api/tables", body)
    assert status == 200, data
    page = browser.new_page()
    try:
        page.goto(nim_server.url + data["you"]["link"])
        page.wait_for_selector("[data-testid=nim-heap][data-stones='7']", timeout=60_000)
        assert not page.query_selector("pre.raw-view")  # not the generic fallback
        assert page.locator("[data-testid=nim-heap] circle.nim-stone").count() == 7
        page.get_by_role("button", name="Take 2").first.click(timeout=60_000)
        page.wait_for_function(
            "() => document.querySelector('[data-testid=nim-heap]').dataset.stones !== '7'",
            timeout=60_000,
        )
    finally:
        page.close()

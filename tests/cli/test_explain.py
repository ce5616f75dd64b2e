"""``hellas explain GAME`` for every registered game, and ``score`` as its alias."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.conformance import random_game
from hellas.core.record import Record, replay
from hellas.games import REGISTRY

runner = CliRunner()
SMALL = {
    "legends": {"players": 2},
    "realms": {"players": 2},
    "lords": {"players": 2, "turn_limit": 3},
}


def _record(tmp_path: Path, game_id: str) -> Path:
    options = SMALL.get(game_id, {})
    stats = random_game(REGISTRY.get(game_id), options, seed=5)
    path = tmp_path / f"{game_id}.json"
    path.write_text(stats.record.dumps())
    return path


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_explain_a_saved_game_at_its_end_and_on_the_way(tmp_path: Path, game_id: str) -> None:
    path = _record(tmp_path, game_id)
    result = runner.invoke(app, ["explain", game_id, "--record", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    game = REGISTRY.get(game_id)
    outcome = game.outcome(replay(game, Record.load(path)))
    assert outcome is not None
    assert data["over"] is True and data["scores"] == list(outcome.scores)
    assert data["reason"] == outcome.reason
    start = runner.invoke(app, ["explain", game_id, "--record", str(path), "--step", "0"])
    assert start.exit_code == 0 and "The game goes on." in start.output
    bad = runner.invoke(app, ["explain", game_id, "--record", str(path), "--step", "-1"])
    assert bad.exit_code == 2 and "--step must be 0 to" in bad.output


def test_realms_explains_every_hand_card_by_card(tmp_path: Path) -> None:
    path = _record(tmp_path, "realms")
    result = runner.invoke(app, ["explain", "realms", "--record", str(path), "--json"])
    data = json.loads(result.output)
    assert set(data["hands"]) == {"0", "1"}
    for q, hand in data["hands"].items():  # the explained totals are the outcome's scores
        assert hand["score"] == data["scores"][int(q)]
    drawn = runner.invoke(app, ["explain", "realms", "--record", str(path), "--seat", "1"])
    assert "Player 1:" in drawn.output and "Player 2:" in drawn.output


def test_a_seat_mid_game_sees_only_its_own_hand_explained(tmp_path: Path) -> None:
    path = _record(tmp_path, "realms")
    args = ["explain", "realms", "--record", str(path), "--step", "4", "--seat", "2", "--json"]
    data = json.loads(runner.invoke(app, args).output)
    assert data["over"] is False and set(data["hands"]) == {"1"}


def test_score_is_an_alias_of_explain_in_words() -> None:
    hand, after = "Hera, Arachne, Hippolyta, Orpheus, Antaeus, Apotheosis, Moly", "Pomegranate"
    old = runner.invoke(app, ["score", "realms", "--hand", hand, "--afterlife", after, "--json"])
    new = runner.invoke(
        app,
        ["explain", "realms", "--set", f"hand={hand}", "--set", f"afterlife={after}", "--json"],
    )
    assert old.exit_code == new.exit_code == 0 and json.loads(old.output) == json.loads(new.output)


def test_explain_refuses_bad_input_clearly() -> None:
    result = runner.invoke(app, ["explain", "realms", "--set", "hand"])
    assert result.exit_code == 2 and "NAME=VALUE" in result.output
    result = runner.invoke(app, ["explain", "realms", "--set", "deck=Hera"])
    assert result.exit_code == 2 and "not deck" in result.output
    result = runner.invoke(app, ["explain", "lords", "--set", "hand=x"])
    assert result.exit_code == 2 and "explains saved games only" in result.output
    result = runner.invoke(app, ["explain", "realm"])
    assert result.exit_code == 2 and "did you mean 'realms'" in result.output

"""``hellas score realms`` and ``hellas play realms`` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.games.realms.content import load

runner = CliRunner()


def test_score_prints_the_breakdown() -> None:
    result = runner.invoke(
        app,
        [
            "score",
            "realms",
            "--hand",
            "Hera, Arachne, Hippolyta, Orpheus, Antaeus, Apotheosis, Moly",
            "--afterlife",
            "Pomegranate, River Styx",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Best score: 94" in result.output and "Apotheosis" in result.output
    assert "Antaeus is defeated by Hippolyta" in " ".join(result.output.split())


def test_score_json_and_manual_choices() -> None:
    result = runner.invoke(
        app,
        [
            "score",
            "realms",
            "--hand",
            "Hera, Arachne, Hippolyta, Orpheus, Antaeus, Apotheosis, Moly",
            "--afterlife",
            "Pomegranate, River Styx",
            "--choose",
            "clear:moly=antaeus",
            "--json",
        ],
    )
    data = json.loads(result.output)
    # Moly spent on Antaeus leaves the Pomegranate to send Hera to the Afterlife: 84, not 94
    assert data["score"] == 84 and data["choices"][0] == "clear:moly=antaeus"
    hera = next(line for line in data["lines"] if line["card"] == "Hera")
    assert hera["place"] == "afterlife"
    assert "The Pomegranate sends Hera to the Afterlife." in data["endgame"]
    assert data["afterlife_penalty"] == -30


def test_score_errors_suggest_names() -> None:
    result = runner.invoke(app, ["score", "realms", "--hand", "Hera, Arachnee"])
    assert result.exit_code == 2 and "did you mean 'Arachne'" in result.output
    result = runner.invoke(app, ["score", "realms", "--hand", "Hera, Hera"])
    assert result.exit_code == 2 and "listed twice" in result.output
    result = runner.invoke(
        app, ["score", "realms", "--hand", "Moly, Zeus", "--choose", "clear:moly=zeus"]
    )
    assert result.exit_code == 2 and "not possible now" in result.output
    result = runner.invoke(app, ["score", "legends", "--hand", "Moly"])
    assert result.exit_code == 2 and "explains saved games only" in result.output
    result = runner.invoke(app, ["score", "realms", "--hand", "Moly", "--afterlife", "moly"])
    assert result.exit_code == 2 and "cannot be in the hand and the Afterlife" in result.output


def test_play_realms_with_bots_to_the_end() -> None:
    result = runner.invoke(
        app, ["play", "realms", "--seats", "greedy,random,ismcts:3", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "points" in result.output


def test_a_human_can_play_realms() -> None:
    result = runner.invoke(
        app,
        ["play", "realms", "--players", "2", "--seed", "2", "--endgame", "manual"],
        input="1\n" * 400,
    )
    assert result.exit_code == 0, result.output
    assert "Your hand" in result.output and "Game over" in result.output


def test_content_pack_overrides_a_card_and_bad_packs_are_explained(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text(
        '[[card]]\nid = "apollo"\nname = "Apollo"\nsuit = "god"\nbase = 6\n'
        'tags = ["artistic"]\nbonus = [{each = 5, of = "artistic", other = true}]\n'
        'provenance = "rulebook"\n'
    )
    assert load(tmp_path).by_id("apollo").base == 6
    (tmp_path / "cards.toml").write_text(
        '[[card]]\nid = "apollo"\nname = "Apollo"\n'
        'suit = "godd"\nbase = 6\nprovenance = "rulebook"\n'
    )
    try:
        load(tmp_path)
    except ValueError as exc:
        assert "card apollo" in str(exc) and "'suit'" in str(exc) and "godd" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a bad suit was accepted")
    (tmp_path / "cards.toml").write_text('[[card]]\nid = "zeuss"\nname = "Z"\n')
    try:
        load(tmp_path)
    except ValueError as exc:
        assert "no built-in record has this id" in str(exc)

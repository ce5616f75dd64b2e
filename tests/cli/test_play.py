"""Terminal play: ``hellas play``, ``hellas games`` and ``hellas replay`` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.main import app

runner = CliRunner()


def run(*args: str, input: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_all_bot_mission_plays_to_the_end_with_a_summary() -> None:
    code, out = run("play", "legends", "--seats", "bot,bot,bot", "--seed", "3")
    assert code == 0, out
    assert "Game over" in out and "Monsters defeated" in out and "turns" in out
    assert ("mission is won" in out) or ("mission is lost" in out)


def test_a_human_can_play_a_whole_mission_by_numbers() -> None:
    code, out = run(
        "play", "legends", "--mission", "1", "--players", "2", "--seed", "8", input="1\n" * 3000
    )
    assert code == 0, out
    assert "Game over" in out
    assert "Your hand" in out


def test_bad_input_is_explained_and_changes_nothing() -> None:
    code, out = run("play", "legends", "--seed", "1", input="xyz\n99\nhelp\nquit\n")
    assert code == 0
    assert "'xyz' is not a choice here" in out
    assert "No choice 99" in out
    assert "save [FILE]" in out
    assert "You left the table" in out


def test_unknown_game_option_gets_a_suggestion() -> None:
    code, out = run("play", "legends", "--misson", "2")
    assert code == 2 and "did you mean 'mission'" in out


def test_bad_option_values_and_seats_are_rejected() -> None:
    code, out = run("play", "legends", "--mission", "13")
    assert code == 2 and "at most 12" in out
    code, out = run("play", "legends", "--seats", "human,robot")
    assert code == 2 and "unknown seat type 'robot'" in out and "heuristic" in out
    code, out = run("play", "legends", "--players", "3", "--seats", "human,bot")
    assert code == 2 and "names 2 seats" in out
    code, out = run("play", "chess")
    assert code == 2 and "unknown game" in out


def test_seats_set_the_player_count() -> None:
    code, out = run("play", "legends", "--seats", "bot,bot,bot,bot,bot", "--seed", "2")
    assert code == 0 and "players 5;" in out


def test_pass_the_device_between_human_seats() -> None:
    code, out = run(
        "play", "legends", "--seats", "human,human", "--seed", "4", input="1\n\n1\n\nquit\n"
    )
    assert code == 0
    assert "Pass the device to Hercules (seat 2)" in out


def test_save_load_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = run(
        "play", "legends", "--players", "2", "--seed", "5", input=f"1\n1\nsave {path}\nquit\n"
    )
    assert code == 0 and "Saved the game record" in out
    record = json.loads(path.read_text())
    assert record["game"] == "legends" and record["seed"] == 5 and record["choices"]
    made = len(record["choices"])
    code, out = run(
        "play",
        "legends",
        "--load",
        str(path),
        "--seats",
        "human,bot",
        input=f"undo\nsave {path}\nquit\n",
    )
    assert code == 0 and "Took back your last choice" in out
    assert len(json.loads(path.read_text())["choices"]) < made
    code, out = run("play", "legends", "--seed", "1", input="undo\nquit\n")
    assert "Nothing of yours to undo" in out
    code, out = run("play", "legends", "--load", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in out


def test_games_lists_options_and_bots() -> None:
    code, out = run("games")
    assert code == 0 and "Legends of Hellas" in out and "--difficulty" in out
    assert "heuristic" in out and "random" in out


def test_replay_shows_a_seats_story(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "legends", "--players", "2", "--seed", "5", input=f"1\n1\n1\nsave {path}\nquit\n")
    code, out = run("replay", str(path), "--seat", "1")
    assert code == 0 and "places their disc" in out
    code, out = run("replay", str(path), "--seat", "7")
    assert code == 2 and "--seat must be 1 to 2" in out

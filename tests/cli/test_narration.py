"""``hellas play`` with no human narrates; end screens name winners; prompt commands behave."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.games import REGISTRY

runner = CliRunner()


def run(*args: str, input: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_play_help_lists_every_game() -> None:
    code, out = run("play", "--help")
    assert code == 0
    for game in REGISTRY:
        assert game.meta.id in out


def test_an_all_bot_game_is_narrated_turn_by_turn_and_replays_identically() -> None:
    code, out = run("play", "realms", "--seats", "bot,bot", "--seed", "3")
    assert code == 0, out
    turns = re.findall(r"^Turn (\d+): Player \d\.$", out, re.M)
    assert len(turns) >= 5 and turns[:3] == ["2", "3", "4"]
    assert "draws a card" in out or "takes" in out
    assert "You drew" not in out  # private events are never narrated
    assert "Game over" in out
    winner = re.search(r"^Player (\d) wins with", out, re.M)
    assert winner is not None
    assert re.search(rf"^Winners?: .*Player {winner.group(1)}", out, re.M)
    assert "save" not in out.split("Game over")[1]  # no prompt, so no 'save' hint
    again = re.search(r"Play it again: hellas play (.*)$", out, re.M)
    assert again is not None
    code2, out2 = run("play", *again.group(1).split())
    assert code2 == 0 and out2 == out


def test_quiet_keeps_only_the_ending() -> None:
    code, out = run("play", "legends", "--seats", "bot,bot", "--seed", "3", "--quiet")
    assert code == 0, out
    assert out.lstrip().startswith("─") or out.splitlines()[0].strip().startswith("─")
    assert "Turn 2" not in out and "plays a" not in out
    assert "Game over" in out and ("Everyone wins" in out or "No winner." in out)
    code, loud = run("play", "legends", "--seats", "bot,bot", "--seed", "3")
    assert "Turn 2: " in loud and "plays a" in loud
    assert loud.split("Game over")[1] == out.split("Game over")[1]


def test_a_cooperative_loss_and_win_name_who_won() -> None:
    seen = set()
    for seed in range(1, 6):
        code, out = run("play", "legends", "--seats", "bot,bot", "--seed", str(seed), "--quiet")
        assert code == 0
        if "mission is won" in out:
            assert re.search(r"Everyone wins: \w+ \(seat 1\), \w+ \(seat 2\)", out)
            seen.add("won")
        else:
            assert "No winner." in out
            seen.add("lost")
    assert seen


def test_lords_narration_reports_battles_and_monster_attacks() -> None:
    seen = set()
    for seed in range(3, 9):
        code, out = run("play", "lords", "--seats", "bot,bot", "--seed", str(seed))
        assert code == 0, out
        flat = " ".join(out.split())
        assert "Turn 3: " in flat
        if re.search(r"Battle in [A-Z][a-z]+: (.+ \(P\d\) wins|no army is left)", flat):
            seen.add("battle")
        if re.search(r"The (\w+ in \w+ kills|Monsters in \w+ \(.*?\) kill) \d Hoplites? of", flat):
            seen.add("monster")
        over = re.search(r"(\w+) \(P(\d)\) wins: ", flat)
        if over:  # the winner's event and the end screen agree
            assert f"Winner: {over.group(1)} (seat {over.group(2)})" in flat
        else:
            assert "No winner." in flat
        if seen == {"battle", "monster"}:
            break
    assert seen == {"battle", "monster"}


def test_help_and_save_at_the_prompt_are_not_choices(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = run("play", "legends", "--seed", "1", input=f"help\nsave {path}\n?\nquit\n")
    assert code == 0
    flat = " ".join(out.split())
    assert "not a choice" not in flat
    assert "save [FILE]" in flat and "Saved the game record" in flat
    assert json.loads(path.read_text())["game"] == "legends"


def test_the_end_of_a_human_game_offers_to_save(tmp_path: Path) -> None:
    path = tmp_path / "end.json"
    game = ("play", "realms", "--seats", "human,bot", "--seed", "4")
    code, out = run(*game, input="1\n" * 400)
    assert code == 0, out
    prompts = out.count("Player 1 > ")  # the human's decisions in this game
    code, out = run(*game, input="1\n" * prompts + f"save {path}\n")
    assert code == 0, out
    assert "Game over" in out and "Type 'save [FILE]'" in out
    record = json.loads(path.read_text())
    assert record["game"] == "realms" and len(record["choices"]) > 10


def test_card_command_explains_a_card_at_the_prompt() -> None:
    code, out = run(
        "play", "realms", "--seed", "2", input="card hera\ncard herra\ncard\nhelp\nquit\n"
    )
    assert code == 0
    flat = " ".join(out.split())
    assert "Hera (God, base 6): Bonus: +12 for every two living Heroes." in flat
    assert "did you mean 'Hera'" in flat
    assert "Usage: card NAME" in flat
    assert "card NAME (what a card does)" in flat
    assert "not a choice" not in flat
    code, out = run("play", "legends", "--seed", "2", input="card hera\nquit\n")
    assert "'card hera' is not a choice here" in out  # Legends has no card texts to show


def test_replay_of_a_finished_game_names_the_winner(tmp_path: Path) -> None:
    path = tmp_path / "end.json"
    game = ("play", "realms", "--seats", "human,bot", "--seed", "4")
    code, out = run(*game, input="1\n" * 400)
    prompts = out.count("Player 1 > ")
    run(*game, input="1\n" * prompts + f"save {path}\n")
    winner = re.search(r"^Winners?: (.*)$", out, re.M)
    assert winner is not None
    code, replay = run("replay", str(path))
    assert code == 0 and re.search(r"^Player \d wins? with \d+ points\.$", replay, re.M)
    assert f"Winner{'s' if ',' in winner.group(1) else ''}: {winner.group(1)}" in replay

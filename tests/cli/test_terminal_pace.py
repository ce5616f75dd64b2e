"""Terminal pacing: Lords draws its board when a turn starts (or on 'board') and tells each
step in a line; Legends states the mission's special rule at the start and on 'rules'; Realms
ends with every hand scored card by card.
"""

from __future__ import annotations

import re

from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.games.lords.terminal import phrase

runner = CliRunner()
BOARD = "─ Lords of Hellas ─"


def run(*args: str, input: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_lords_draws_the_board_once_a_turn_and_narrates_each_step() -> None:
    answers = "1\n" * 120 + "board\n" + "1\n" * 120 + "quit\n"
    code, out = run(
        "play", "lords", "--seats", "human,bot", "--seed", "3", "--no-pause", input=answers
    )
    assert code == 0, out[-2000:]
    prompts = out.count("(seat 1) >")
    boards = out.count(BOARD)
    assert prompts > 100 and 2 <= boards < prompts / 4  # not at every decision
    assert "(Same turn: 'board' draws the board again.)" in out
    asked = out.split("(seat 1) > ")[121]  # the answer 'board' was the 121st
    assert BOARD in asked
    # the bot's whole march in one sentence (which march it is follows the rules version)
    assert re.search(r"Helen \(P2\)[^\n]*marches \d+ Hoplites \w+ →", out), out[-2000:]


def test_lords_phrases_a_run_of_steps() -> None:
    march = ["Special Action: March", "March from Epirus", "March to Macedonia", "1 Hoplite"]
    assert phrase("Heracles (P1)", march) == "Heracles (P1) marches 1 Hoplite Epirus → Macedonia"
    moves = ["Hoplite Movement", "Move a Hoplite from A to B", "Move a Hoplite from A to B", "Done"]
    assert phrase("Helen (P2)", moves) == "Helen (P2) moves 2 Hoplites A → B"
    assert phrase("Helen (P2)", ["Special Action: Prepare"]) is None  # left as it was


def test_legends_states_the_special_rule_at_the_start_and_on_rules() -> None:
    code, out = run(
        "play", "legends", "--mission", "5", "--seats", "human", "--no-pause", input="rules\nquit\n"
    )
    assert code == 0, out
    rule = "Special rule: A hero who plays a divine intervention on a monster must Recover"
    assert out.count(rule) == 2
    assert out.index(rule) < out.index("(seat 1) >")  # before the first decision
    assert (
        "rules (the mission and its special rule)"
        in run("play", "legends", "--seats", "human", "--no-pause", input="help\nquit\n")[1]
    )


def test_realms_shows_every_final_hand_card_by_card() -> None:
    code, out = run("play", "realms", "--seats", "bot,bot", "--seed", "3")
    assert code == 0, out
    ending = out.split("Game over")[1]
    assert ending.count("(base ") >= 14  # seven cards a hand, two hands
    assert "1st  Player" in ending and "2nd  Player" in ending

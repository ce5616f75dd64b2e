"""``hellas play --auto-single`` takes a human seat's only legal choice without asking."""

from __future__ import annotations

from typer.testing import CliRunner

from hellas.cli.main import app

runner = CliRunner()


def play(*flags: str) -> str:
    args = ["play", "lords", "--seats", "human,human", "--seed", "3", "--no-pause", *flags]
    result = runner.invoke(app, args, input="1\n" * 60 + "quit\n")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_auto_single_takes_the_only_choice_and_says_so() -> None:
    out = play("--auto-single")
    assert "only one choice, taken:" in out
    assert "only one choice" not in play()  # the default still asks

"""Every command that reads a saved record checks its rules version first (issue 50, item 5).

A record replays exactly only with the rules it was made with; the server and ``play --load``
refused an older one, while ``replay`` and ``explain --record`` replayed it without a word.
All of them now go through one check (``hellas.core.record.start``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.errors import RecordError
from hellas.core.record import Match, Record, start
from hellas.games import REGISTRY

runner = CliRunner()
SMALL = {"legends": {"players": 2}, "realms": {"players": 2}, "lords": {"players": 2}}


def _old_record(tmp_path: Path, game_id: str, version: str) -> Path:
    """Write a record of a few choices, made (so it says) with rules ``version``."""
    game = REGISTRY.get(game_id)
    match = Match(game, SMALL.get(game_id, {}), 5)
    for _ in range(3):
        if match.to_act() is None:
            break
        match.apply(next(iter(game.choices(match.state))))
    match.record.version = version
    path = tmp_path / f"{game_id}.json"
    match.record.save(path)
    return path


@pytest.mark.parametrize("game_id", REGISTRY.ids())
@pytest.mark.parametrize(
    "command",
    [
        lambda game_id, path: ["replay", path],
        lambda game_id, path: ["explain", game_id, "--record", path],
        lambda game_id, path: ["play", game_id, "--load", path, "--seats", "random,random"],
    ],
    ids=["replay", "explain", "play-load"],
)
def test_a_record_of_an_older_rules_version_is_refused_in_one_line(
    tmp_path: Path, game_id: str, command: object
) -> None:
    path = str(_old_record(tmp_path, game_id, "0.0-old"))
    args = command(game_id, path)  # type: ignore[operator]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    version = REGISTRY.get(game_id).meta.version
    line = f"record was made with {game_id} rules version '0.0-old'; this is version {version}"
    assert line in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("game_id", REGISTRY.ids())
def test_a_record_of_this_version_still_replays(tmp_path: Path, game_id: str) -> None:
    version = REGISTRY.get(game_id).meta.version
    path = str(_old_record(tmp_path, game_id, version))
    assert runner.invoke(app, ["replay", path]).exit_code == 0
    assert runner.invoke(app, ["explain", game_id, "--record", path]).exit_code == 0


def test_the_check_names_a_long_version_in_at_most_forty_characters() -> None:
    game = REGISTRY.get("realms")
    record = Record("realms", "9" * 5000, {"players": 2}, 1, [])
    with pytest.raises(RecordError) as caught:
        start(game, record)
    assert len(str(caught.value)) < 120

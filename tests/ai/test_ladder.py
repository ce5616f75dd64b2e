"""The bot ladder (issue 49): adjacent levels in every seat order, resumable, with intervals.

Tiny runs only: untimed bots (budget 0) so every run plays the same games.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hellas.cli import bots_ladder as ladder
from hellas.cli.main import app
from hellas.core.errors import HellasError
from hellas.games import REGISTRY


def test_a_competitive_ladder_plays_both_seat_orders_on_the_same_deals(tmp_path: Path) -> None:
    game = REGISTRY.get("realms")
    bots = ladder.rungs(game, ["easy", "normal"])
    assert bots == ["ismcts:30", "greedy"]
    todo = ladder.jobs(game, bots, deals=1, players=2, budget=0.0)
    assert [job.bots for job in todo] == [("greedy", "ismcts:30"), ("ismcts:30", "greedy")]
    assert len({job.seed for job in todo}) == 1  # one deal, both orders
    path = tmp_path / "ladder.jsonl"
    assert ladder.run(game, todo, path, 0.0) == 2
    (step,) = ladder.steps(ladder.done_rows(path), bots)
    assert step.games == 2 and step.low <= step.rate <= step.high


def test_a_rerun_continues_where_the_file_ends(tmp_path: Path) -> None:
    game = REGISTRY.get("realms")
    bots = ladder.rungs(game, ["easy", "normal"])
    path = tmp_path / "ladder.jsonl"
    assert ladder.run(game, ladder.jobs(game, bots, 1, 2, 0.0), path, 0.0) == 2
    with path.open("a") as out:
        out.write('{"key": "torn')  # a run killed mid-line
    assert ladder.run(game, ladder.jobs(game, bots, 1, 2, 0.0), path, 0.0) == 0
    assert ladder.run(game, ladder.jobs(game, bots, 2, 2, 0.0), path, 0.0) == 2
    rows = ladder.done_rows(path)
    assert len(rows) == 4 and len({r["key"] for r in rows}) == 4


def test_a_cooperative_ladder_compares_teams_per_cell_on_the_same_deals(tmp_path: Path) -> None:
    game = REGISTRY.get("legends")
    bots = ladder.rungs(game, ["easy", "normal"])
    cells = ladder.cells(game)
    assert len(cells) == 36  # 12 missions x 3 difficulties
    todo = [j for j in ladder.jobs(game, bots, 1, 3, 0.0) if j.cell in ("1/human", "2/human")]
    assert len(todo) == 4 and {j.bots for j in todo} == {("random",) * 3, ("heuristic",) * 3}
    path = tmp_path / "legends.jsonl"
    ladder.run(game, todo, path, 0.0)
    rows = ladder.done_rows(path)
    assert {r["result"] for r in rows} == {0.0, 1.0}  # a won deal is 1 for the team, not 1/3
    (climb,) = ladder.climbs(rows, bots)
    assert climb.pairs == 2 and climb.upper == "heuristic"
    assert climb.upper_only + climb.lower_only <= 2
    table = list(ladder.cell_table(rows, bots))
    assert [row[0] for row in table] == ["1/human", "2/human"]


def test_the_ladder_command_prints_intervals_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "l.jsonl"
    args = ["bots", "ladder", "realms", "--deals", "1", "--levels", "easy,normal"]
    args += ["--budget", "0", "--out", str(out), "--markdown"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "| greedy | ismcts:30 | 2 |" in first.output
    assert "played 2 games" in first.output
    again = CliRunner().invoke(app, args)
    assert "played 0 games" in again.output
    assert len(out.read_text().splitlines()) == 2
    assert all(json.loads(line)["budget"] == 0.0 for line in out.read_text().splitlines())


def test_an_unknown_level_is_one_clear_line() -> None:
    result = CliRunner().invoke(app, ["bots", "ladder", "realms", "--levels", "easy,nope" * 20])
    assert result.exit_code == 2
    assert "unknown bot" in result.output and len(result.output.strip().splitlines()) <= 3


def test_shards_split_the_deals_so_runs_side_by_side_share_one_file(tmp_path: Path) -> None:
    """``--shard I/K`` plays deals I, I+K, ...: the shards cover every game once, and the report
    over the shared file sees them all."""
    game = REGISTRY.get("legends")
    bots = ladder.rungs(game, ["easy", "normal"])
    todo = ladder.jobs(game, bots, 4, 3, 0.0)
    parts = [ladder.shard(todo, f"{i}/2") for i in range(2)]
    assert sorted(j.key for p in parts for j in p) == sorted(j.key for j in todo)
    assert {j.seed - ladder.SEED for j in parts[1]} == {1, 3}
    for bad in ("2/2", "x/2", "1", "-1/2"):
        with pytest.raises(HellasError, match="is not I/K"):
            ladder.shard(todo, bad)
    path = tmp_path / "legends.jsonl"
    for part in ("0/2", "1/2"):
        args = ["bots", "ladder", "legends", "--levels", "easy,normal", "--deals", "2"]
        result = CliRunner().invoke(
            app, [*args, "--budget", "0", "--out", str(path), "--shard", part]
        )
        assert result.exit_code == 0, result.output
    rows = ladder.done_rows(path)
    assert len(rows) == len({r["key"] for r in rows}) == 2 * 36 * 2

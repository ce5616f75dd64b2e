"""Precision-targeted sweeps (``--until-ci``): cells play until their 95% interval is narrow."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.errors import OptionError
from hellas.games.legends import GAME
from hellas.sim.precision import cell_counts, half_width, plan
from hellas.sim.results import read_rows
from hellas.sim.run import simulate, simulate_until
from hellas.sim.sweep import Sweep, cell_key, sweep_from_flags

from .test_sim import canonical

POINTS = 12.0
CAP = 40


def sweep(first: int = 8) -> Sweep:
    """Two cells of very different win rates: heuristic (about 95%) and random (0%)."""
    return sweep_from_flags(
        GAME,
        {"mission": "1", "players": "2", "difficulty": "heroic"},
        ["heuristic", "random"],
        first,
        seed=3,
    )


def test_plan_grows_imprecise_cells_and_stops_at_the_cap() -> None:
    sw = sweep(10)
    (opts, team_a), (_, team_b) = sw.cells()
    a, b = cell_key(opts, team_a), cell_key(opts, team_b)
    fresh = {c.cell: c for c in plan(sw, {}, 3.0, 2000)}
    assert fresh[a].target == 10 and not fresh[a].done  # the first batch
    cells = {c.cell: c for c in plan(sw, {a: (100, 50.0), b: (50, 50.0)}, 3.0, 2000)}
    assert 1000 < cells[a].target <= 1100  # p = 0.5 needs about 1,068 games for ±3 points
    assert cells[b].target == 60 and cells[b].half_width > 0.03  # 50/50 is still ±3.6
    capped = {c.cell: c for c in plan(sw, {a: (100, 50.0), b: (200, 200.0)}, 3.0, 150)}
    assert capped[a].target == 150
    assert capped[b].done and capped[b].half_width <= 0.03  # 200/200: Wilson ±0.95 points


def test_half_width_is_the_wilson_one() -> None:
    assert half_width(0, 0) == 1.0
    assert abs(half_width(50, 100) - 0.0962) < 1e-3


def test_until_ci_reaches_the_precision_or_the_cap_and_resumes(tmp_path: Path) -> None:
    full = tmp_path / "full.csv"
    summary = simulate_until(sweep(), full, POINTS, CAP)
    assert summary.complete
    table = read_rows(full)
    counts = cell_counts(table)
    assert len(counts) == 2
    for games, wins in counts.values():
        assert games >= 8
        assert half_width(wins, games) <= POINTS / 100 or games == CAP
    # every cell holds games 0..k-1 (same deals for both teams up to the smaller k)
    for _cell, rows in table.groupby("cell"):
        assert sorted(rows["index"]) == list(range(len(rows)))
    assert len({games for games, _ in counts.values()}) == 2  # precise at different sizes
    again = simulate_until(sweep(), full, POINTS, CAP)
    assert again.played == 0 and again.complete

    part = tmp_path / "part.csv"
    first = simulate_until(sweep(), part, POINTS, CAP, limit=11)
    assert first.played == 11 and not first.complete
    rest = simulate_until(sweep(), part, POINTS, CAP, jobs=2)
    assert rest.complete
    pd.testing.assert_frame_equal(canonical(read_rows(full)), canonical(read_rows(part)))


def test_until_ci_on_ray_gives_the_same_rows(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    simulate_until(sweep(), tmp_path / "local.csv", POINTS, CAP)
    simulate_until(sweep(), tmp_path / "ray.csv", POINTS, CAP, backend="ray", jobs=2)
    pd.testing.assert_frame_equal(
        canonical(read_rows(tmp_path / "local.csv")), canonical(read_rows(tmp_path / "ray.csv"))
    )


def test_fixed_sweeps_are_unchanged_by_per_cell_counts(tmp_path: Path) -> None:
    simulate(sweep(5), tmp_path / "fixed.csv")
    assert set(cell_counts(read_rows(tmp_path / "fixed.csv")).values()) >= {(5, 0.0)}


def test_bad_precision_is_rejected_and_cli_reports_games_per_cell(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="half-width in points"):
        simulate_until(sweep(), tmp_path / "x.csv", 0, CAP)
    with pytest.raises(OptionError, match="--max-games"):
        simulate_until(sweep(), tmp_path / "x.csv", 5, 0)
    assert not (tmp_path / "x.csv").exists()
    runner = CliRunner()
    out = tmp_path / "cli.csv"
    args = [
        "simulate",
        "legends",
        "--mission",
        "1",
        "--players",
        "2",
        "--bots",
        "random",
        "--games",
        "5",
        "--until-ci",
        "15",
        "--max-games",
        "30",
        "--out",
        str(out),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "half-width <= 15 points" in result.output and "complete" in result.output
    games = len(read_rows(out))
    assert 5 < games <= 30 and half_width(0, games) <= 0.15
    result = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0 and f"({games})" in result.output
    bad = runner.invoke(app, [*args[:-2], "--until-ci", "-1", "--out", str(tmp_path / "y.csv")])
    assert bad.exit_code != 0 and "half-width in points" in bad.output

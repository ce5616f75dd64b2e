"""Simulation: sweeps, stable seeds, backends that agree, resume, reports and the bench."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.core.errors import OptionError
from hellas.games.legends import GAME
from hellas.games.realms import GAME as REALMS
from hellas.sim.play import TIMING_COLUMNS
from hellas.sim.report import build, paired_table
from hellas.sim.results import read_rows
from hellas.sim.run import simulate
from hellas.sim.stats import games_for_margin, sign_test, wilson
from hellas.sim.sweep import Sweep, derive_seed, parse_values, sweep_from_flags

PNG = b"\x89PNG\r\n\x1a\n"


def small_sweep(games: int = 3) -> Sweep:
    return sweep_from_flags(
        GAME,
        {"mission": "1,12", "players": "2-3", "difficulty": "heroic"},
        ["heuristic", "random"],
        games,
        seed=5,
    )


def canonical(table: pd.DataFrame) -> pd.DataFrame:
    return (
        table.drop(columns=list(TIMING_COLUMNS))
        .sort_values(["cell", "index"])
        .reset_index(drop=True)
    )


def test_parse_values() -> None:
    assert parse_values("1-3,5") == ["1", "2", "3", "5"]
    assert parse_values("human, godlike") == ["human", "godlike"]
    with pytest.raises(OptionError, match="empty range"):
        parse_values("5-1")


def test_seeds_depend_only_on_the_task() -> None:
    assert derive_seed(1, "cell", 3) == derive_seed(1, "cell", 3)
    assert len({derive_seed(1, "cell", i) for i in range(100)}) == 100
    assert derive_seed(1, "cell", 3) != derive_seed(2, "cell", 3)
    a = [t.seed for t in small_sweep().tasks()]
    b = [t.seed for t in small_sweep().tasks()]
    assert a == b and len(a) == 2 * 2 * 2 * 3


def test_bad_sweeps_are_rejected() -> None:
    with pytest.raises(OptionError, match="names 2 seats for 3 players"):
        Sweep(GAME, {"players": ["3"]}, ["heuristic/random"], 1).cells()
    with pytest.raises(OptionError, match=r"unknown bot .wizard."):
        Sweep(GAME, {}, ["wizard"], 1).cells()
    with pytest.raises(OptionError, match="at most 12"):
        Sweep(GAME, {"mission": ["13"]}, ["random"], 1).cells()


def test_local_pool_gives_the_same_rows_as_one_process(tmp_path: Path) -> None:
    simulate(small_sweep(), tmp_path / "a.csv", jobs=1)
    simulate(small_sweep(), tmp_path / "b.csv", jobs=2)
    a, b = read_rows(tmp_path / "a.csv"), read_rows(tmp_path / "b.csv")
    assert len(a) == 24
    pd.testing.assert_frame_equal(canonical(a), canonical(b))
    assert set(a["win"]) <= {0, 1} and (a["monsters_defeated"] >= 0).all()


def test_ray_backend_gives_the_same_rows(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    simulate(small_sweep(2), tmp_path / "local.csv", jobs=1)
    simulate(small_sweep(2), tmp_path / "ray.csv", backend="ray", jobs=2)
    pd.testing.assert_frame_equal(
        canonical(read_rows(tmp_path / "local.csv")), canonical(read_rows(tmp_path / "ray.csv"))
    )


def test_resume_after_interruption_matches_an_uninterrupted_run(tmp_path: Path) -> None:
    full = tmp_path / "full.csv"
    simulate(small_sweep(), full)
    part = tmp_path / "part.csv"
    first = simulate(small_sweep(), part, limit=7)
    assert not first.complete and first.played == 7

    def stop(row: dict[str, object]) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(small_sweep(), part, on_row=stop)  # killed after one more game
    with part.open("a") as f:
        f.write("legends,1.0,torn")  # a line torn by the crash
    second = simulate(small_sweep(), part)
    assert second.skipped == 8 and second.complete
    pd.testing.assert_frame_equal(canonical(read_rows(full)), canonical(read_rows(part)))


def test_parquet_results(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(small_sweep(1), out, limit=3)
    assert not out.exists() and (tmp_path / "r.parquet.partial.csv").exists()
    simulate(small_sweep(1), out)
    assert out.exists() and not (tmp_path / "r.parquet.partial.csv").exists()
    assert len(pd.read_parquet(out)) == 8


def test_wilson_interval() -> None:
    p, lo, hi = wilson(50, 100)
    assert p == 0.5 and math.isclose(lo, 0.4038, abs_tol=1e-3)
    assert math.isclose(hi, 0.5962, abs_tol=1e-3)
    assert wilson(0, 128)[2] < 0.03
    assert 1000 < games_for_margin(0.5, 0.03) < 1100


def test_report_tables_and_charts(tmp_path: Path) -> None:
    simulate(small_sweep(), tmp_path / "r.csv")
    report = build(read_rows(tmp_path / "r.csv"), tmp_path / "rep")
    assert len(report.tables) == 3
    title, table = report.tables[0]
    assert "heuristic" in title and list(table.index) == [1, 12]
    title, paired = report.tables[2]
    assert "heuristic vs random on the same deals" in title
    assert list(paired.index) == ["1", "12", "all"]
    total = paired.loc["all"]
    assert total["games"] == 12  # 2 missions x 2 player counts x 3 deals, all paired
    rows = read_rows(tmp_path / "r.csv")
    heur = rows[rows["team"] == "heuristic"]
    assert total["heuristic %"] == round(100 * heur["win"].mean(), 1)
    assert total["only heuristic"] == heur["win"].sum() and total["only random"] == 0
    assert all(path.read_bytes().startswith(PNG) for path in report.charts)
    assert {p.name for p in report.charts} >= {"legends-monsters_defeated.png"}
    assert set(report.cells["games"]) == {3}


def test_report_orders_difficulties_as_the_game_lists_them(tmp_path: Path) -> None:
    """Tables and charts read human, heroic, godlike (the option's order), not alphabetically."""
    sweep = sweep_from_flags(
        GAME,
        {"mission": "1", "players": "2", "difficulty": "godlike,human,heroic"},
        ["random"],
        1,
        seed=5,
    )
    simulate(sweep, tmp_path / "r.csv")
    report = build(read_rows(tmp_path / "r.csv"), tmp_path / "rep")
    _title, table = report.tables[0]
    assert [c[0] for c in table.columns] == ["human", "heroic", "godlike"]
    assert sorted(report.cells["difficulty"]) == ["godlike", "heroic", "human"]  # data unchanged


def test_cli_simulate_resume_report_and_bench(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "cli.csv"
    args = [
        "simulate",
        "legends",
        "--mission",
        "1-2",
        "--players",
        "2",
        "--bots",
        "heuristic",
        "--games",
        "4",
        "--out",
        str(out),
    ]
    result = runner.invoke(app, [*args, "--limit", "3"])
    assert result.exit_code == 0 and "incomplete" in result.output
    result = runner.invoke(app, args)
    assert "resuming: 3 games already" in result.output and "complete" in result.output
    result = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0 and "win %" in result.output
    assert (tmp_path / "rep" / "legends-heuristic-winrate.png").exists()
    other = tmp_path / "random.csv"
    result = runner.invoke(app, [*args[:-5], "random", "--games", "4", "--out", str(other)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["report", str(out), str(other), "--out", str(tmp_path / "r2")])
    flat = "".join(result.output.split())  # the narrow test console wraps long titles
    assert result.exit_code == 0 and "heuristicvsrandomonthesamedeals" in flat
    result = runner.invoke(app, ["report", str(out), str(tmp_path / "nothing.csv")])
    assert result.exit_code != 0 and "no results at" in result.output
    result = runner.invoke(
        app, ["simulate", "legends", "--bots", "heuristic/random", "--out", str(out)]
    )
    assert result.exit_code == 2 and "names 2 seats for 3 players" in result.output
    result = runner.invoke(app, ["bench", "legends", "--seconds", "0.2", "--json"])
    figures = json.loads(result.output)
    assert figures["random_play"]["decisions_per_s"] > 0
    assert figures["ismcts_iterations_per_s"] > 0 and figures["state_copies_per_s"] > 0


def test_realms_sweep_and_competitive_report(tmp_path: Path) -> None:
    sweep = sweep_from_flags(
        REALMS, {"players": "3"}, ["greedy/random/random", "random"], 4, seed=2
    )
    simulate(sweep, tmp_path / "r.csv")
    report = build(read_rows(tmp_path / "r.csv"), tmp_path / "rep")
    titles = [t for t, _ in report.tables]
    assert any("by seat" in t for t in titles) and any("by bot" in t for t in titles)
    names = {p.name for p in report.charts}
    assert names == {"realms-scores.png", "realms-seats.png"}
    assert all(p.read_bytes().startswith(PNG) for p in report.charts)
    table = read_rows(tmp_path / "r.csv")
    assert {"score_0", "score_1", "score_2", "winners"} <= set(table.columns)


def test_sign_test_exact_values() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(3, 3) == 1.0
    assert sign_test(5, 0) == sign_test(0, 5) == 2 / 32
    assert abs(sign_test(1, 9) - 2 * 11 / 1024) < 1e-12


def test_paired_table_matches_games_by_options_and_seed() -> None:
    rows = pd.DataFrame(
        {
            "team": ["a", "a", "a", "b", "b", "b", "b"],
            "mission": [1, 1, 2, 1, 1, 2, 2],
            "seed": [10, 11, 12, 10, 11, 12, 99],  # seed 99 has no partner
            "win": [True, True, False, False, True, True, True],
        }
    )
    table = paired_table(rows, "a", "b", ["mission"])
    assert table is not None
    assert table.loc["all", "games"] == 3
    assert table.loc["all", "only a"] == 1 and table.loc["all", "only b"] == 1
    assert table.loc["1", "cells a ahead"] == 1 and table.loc["2", "cells b ahead"] == 1
    assert (
        paired_table(rows.assign(seed=rows["seed"] + rows.index * 1000), "a", "b", ["mission"])
        is None
    )

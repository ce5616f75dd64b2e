"""``hellas bench GAME --rl``: every adapter loop runs and is compared with the engine's."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hellas.cli.main import app


def test_bench_rl_reports_every_loop_and_its_ratio() -> None:
    result = CliRunner().invoke(
        app, ["bench", "realms", "--players", "2", "--rl", "--seconds", "0.6", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    loops = figures["loops"]
    assert {"engine", "pettingzoo_mask", "pettingzoo_observe", "gymnasium", "openspiel"} <= set(
        loops
    )
    assert "connect_four_v3" in loops
    for name, fig in loops.items():
        assert fig["decisions_per_s"] > 0
        if name not in ("engine", "connect_four_v3"):
            assert fig["ratio_to_engine"] > 0
        if name != "connect_four_v3":  # every Hellas loop plays whole 2-player Realms games
            assert 40 < fig["decisions_per_game"] < 400


def test_bench_rl_table_and_bad_options() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["bench", "legends", "--players", "1", "--rl", "--seconds", "0.3"])
    assert shown.exit_code == 0, shown.output
    assert "PettingZoo AEC, mask only" in shown.output
    bad = runner.invoke(app, ["bench", "legends", "--players", "9", "--rl"])
    assert bad.exit_code != 0
    assert "players" in bad.output

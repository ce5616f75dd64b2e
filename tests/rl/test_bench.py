"""``hellas bench GAME --rl``: every adapter loop runs and is compared with the engine's."""

from __future__ import annotations

import json
import math

from typer.testing import CliRunner

from hellas.cli.main import app


def test_bench_rl_reports_every_loop_and_its_ratio() -> None:
    result = CliRunner().invoke(
        app,
        ["bench", "realms", "--players", "2", "--rl", "--seconds", "0.6", "--json", "--this-build"],
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    loops = figures["loops"]
    assert {"engine", "pettingzoo_mask", "pettingzoo_observe", "gymnasium", "openspiel"} <= set(
        loops
    )
    assert "connect_four_v3" in loops
    # the floors (the observing loops with a free observation) and what one may cost: their
    # budgets are figures for docs/benchmarks.md, differences of two short timings that may
    # even come out negative under load; only that they are reported is checked here
    for name in ("pettingzoo_floor", "gymnasium_floor"):
        assert loops[name]["decisions_per_s"] > 0
        assert math.isfinite(loops[name]["budget_us"])
    for name, fig in loops.items():
        assert fig["decisions_per_s"] > 0
        if name not in ("engine", "connect_four_v3", "pgx"):
            assert fig["ratio_to_engine"] > 0
        if name not in ("connect_four_v3", "vector", "pgx"):  # whole 2-player Realms games
            assert 40 < fig["decisions_per_game"] < 400
    # the batched loop: one unit is a call over 1,024 games, each deciding at least once
    assert loops["vector"]["decisions_per_game"] >= 1024
    ratios = figures["ratios"]
    assert ratios["pettingzoo_observe_to_engine"] == loops["pettingzoo_observe"]["ratio_to_engine"]
    assert ratios["gymnasium_to_engine"] == loops["gymnasium"]["ratio_to_engine"]
    assert ratios["pettingzoo_observe_to_connect_four"] == (
        loops["pettingzoo_observe"]["decisions_per_s"] / loops["connect_four_v3"]["decisions_per_s"]
    )
    assert "pgx" not in loops  # no pgx game is paired with Realms


def test_bench_rl_table_and_bad_options() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["bench", "legends", "--players", "1", "--rl", "--seconds", "0.3"])
    assert shown.exit_code == 0, shown.output
    assert "PettingZoo, mask only" in shown.output
    assert "free observation" in shown.output
    assert "budget" in shown.output
    bad = runner.invoke(app, ["bench", "legends", "--players", "9", "--rl"])
    assert bad.exit_code != 0
    assert "players" in bad.output


def test_the_floor_session_never_builds_a_view() -> None:
    """The floor's constant encoder is used as such (compiled too: ``tests/test_compiled.py``).

    A compiled session reads the compiled encoder base's flags: set only as class attributes of
    the interpreted subclass, they read False there and every floor observation built a view.
    """
    from hellas import rl  # noqa: PLC0415
    from hellas.rl.bench import _free_observations  # noqa: PLC0415

    for game_id, options in (("realms", {"players": 3}), ("legends", {"players": 3})):
        env = rl.env(game_id, **options)
        session = env.unwrapped.session
        _free_observations(session)
        assert session._keeps and session.encoder.reads_state
        env.reset(seed=1)
        for _ in range(30):
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                break
            assert not obs["observation"].any()
            env.step(int(obs["action_mask"].nonzero()[0][0]))

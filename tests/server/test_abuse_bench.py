"""The abuse benchmark (``scripts/abuse_bench.py``) runs end to end, and judges phases as stated.

The benchmark's figures are never asserted here (they depend on the machine); what is checked is
that its quickest form starts a real server, seats honest clients on their own addresses, runs a
real attack from a process of its own and reports every column, and that its pass rule is the
issue's: both p99s at most twice the quiet ones, nothing honest refused, nothing lost.
"""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    """Import scripts/abuse_bench.py as a module."""
    spec = importlib.util.spec_from_file_location(
        "abuse_bench", ROOT / "scripts" / "abuse_bench.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["abuse_bench"] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def row(choice_p99: float, bot_p99: float, **extra: Any) -> dict[str, Any]:
    figures = {"p50": 1.0, "n": 10}
    return {
        "choice": {**figures, "p99": choice_p99},
        "bot_reply": {**figures, "p99": bot_p99} if bot_p99 else {"p50": 0, "p99": 0, "n": 0},
        "refused": 0,
        "newcomers_refused": 0,
        "lost": 0,
        **extra,
    }


def test_every_attack_is_a_phase_spread_where_it_can_be() -> None:
    b = bench()
    labels = [label for label, _a, _c in b.phases(["listing", "csrf", "lockout"], [1, 3, 20])]
    assert labels == [
        "quiet", "listing x1", "listing x3", "listing x20", "csrf x1", "lockout x20", "quiet (end)"
    ]  # fmt: skip
    assert len(b.ATTACKS) >= 11  # the load rows 1-11 (sign-ups as two phases)


def test_a_phase_passes_only_within_twice_quiet_with_nothing_refused_or_lost() -> None:
    b = bench()
    rows = [
        row(100, 200),  # quiet
        row(200, 400),  # exactly twice: passes
        row(201, 100),  # choices slower than twice
        row(100, 401),  # bot replies slower than twice
        row(100, 200, refused=1),
        row(100, 200, newcomers_refused=1),
        row(100, 200, lost=1),
        row(100, 0),  # the bots answered when quiet, never under this attack
    ]
    b.judge(rows)
    assert [r["ok"] for r in rows] == [True, True, False, False, False, False, False, False]
    assert rows[2]["choice_x"] == 2.01 and math.isinf(rows[7]["bot_x"])


def test_the_bench_runs_end_to_end_in_its_quickest_form(tmp_path: Path) -> None:
    cmd = [
        sys.executable, str(ROOT / "scripts" / "abuse_bench.py"), "--phases", "quiet,listing",
        "--seconds", "3", "--warm", "3", "--honest", "6", "--searchers", "0", "--addresses", "1",
        "--no-checks", "--json",
    ]  # fmt: skip
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    rows = result["rows"]
    assert [r["phase"] for r in rows] == ["quiet", "listing x1", "quiet (end)"]
    assert result["honest_tables"] >= 3  # each from its own address
    for r in rows:
        assert r["choice"]["n"] > 0, r  # the honest people played in every phase
        assert r["rss_mib"] > 0 and r["server_cpu_s"] >= 0 and r["newcomers"] > 0, r
    assert any(key.startswith("listing") for key in rows[1]["attacker"]), rows[1]["attacker"]
    assert result["quiet"]["choice"]["n"] == rows[0]["choice"]["n"] + rows[2]["choice"]["n"]

"""``scripts/winrate_tables.py`` prints the published tables and refuses bad input clearly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = [sys.executable, "scripts/winrate_tables.py"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SCRIPT, *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=120
    )


def test_the_ratio_table_of_the_search_sweep_counts_its_cells() -> None:
    done = _run(
        "results/legends-search.parquet", "--ratio", "ismcts:200", "clairvoyant-lookahead:8"
    )
    assert done.returncode == 0, done.stderr
    assert "| 12 |" in done.stdout
    assert "cells with a clairvoyant win reach 0.90." in done.stdout


def test_a_missing_file_or_an_unknown_team_is_a_clear_error() -> None:
    missing = _run("no-such-results.csv")
    assert missing.returncode == 2 and "no such results file: no-such-results.csv" in missing.stderr
    unknown = _run("results/legends-search.parquet", "--ratio", "ismcts:200", "nobody")
    assert unknown.returncode == 2 and "no games of nobody" in unknown.stderr

"""``hellas simulate`` progress (rate, ETA, plain lines off a terminal) and 80-column reports."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
from rich.console import Console
from typer.testing import CliRunner

from hellas.cli.main import app
from hellas.cli.progress import SweepProgress, clock_text
from hellas.cli.report_view import abbreviate, fit_tables

runner = CliRunner()


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def plain(width: int = 120) -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=width, force_terminal=False), buffer


def test_plain_lines_every_five_percent_with_rate_and_eta() -> None:
    console, buffer = plain()
    clock = Clock()
    with SweepProgress(console, Path("r.csv"), clock=clock) as bar:
        bar.started(200, 0)
        for _ in range(200):
            clock.now += 0.25
            bar.row()
    lines = [x for x in buffer.getvalue().splitlines() if x.startswith("games ")]
    assert len(lines) == 20  # every 10 games (5% of 200)
    assert lines[0] == "games 10/200 (5%) · 4 games/s · elapsed 0:02 · ETA 0:48"
    assert lines[9] == "games 100/200 (50%) · 4 games/s · elapsed 0:25 · ETA 0:25"
    assert lines[-1].startswith("games 200/200 (100%)") and lines[-1].endswith("ETA 0:00")


def test_plain_lines_every_ten_seconds_on_a_long_sweep() -> None:
    console, buffer = plain()
    clock = Clock()
    with SweepProgress(console, Path("r.csv"), clock=clock) as bar:
        bar.started(10_000, 0)
        for _ in range(50):
            clock.now += 1.0
            bar.row()
    lines = [x for x in buffer.getvalue().splitlines() if x.startswith("games ")]
    assert [x.split(" · ")[0] for x in lines] == [
        f"games {k}/10000 (0%)" for k in (10, 20, 30, 40, 50)
    ]
    assert "ETA 2:45:50" in lines[-1]  # 9,950 games left at 1 game/s


def test_a_resumed_sweep_counts_only_the_games_it_plays() -> None:
    console, buffer = plain()
    clock = Clock()
    with SweepProgress(console, Path("r.csv"), clock=clock) as bar:
        bar.started(100, 40)
        for _ in range(10):
            clock.now += 0.5
            bar.row()
        assert bar.rate() == 2.0 and bar.eta() == 25.0
    text = buffer.getvalue()
    assert "resuming: 40 games already in r.csv" in text
    assert "games 50/100 (50%) · 2 games/s · elapsed 0:05 · ETA 0:25" in text


def test_clock_text() -> None:
    assert clock_text(0) == "0:00" and clock_text(75) == "1:15" and clock_text(3725) == "1:02:05"
    assert clock_text(float("nan")) == "?" and clock_text(float("inf")) == "?"


def test_simulate_off_a_terminal_prints_progress_lines(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    args = ["simulate", "realms", "--bots", "random", "--games", "20", "--out", str(out)]
    result = runner.invoke(app, [*args, "--players", "2"])
    assert result.exit_code == 0, result.output
    lines = re.findall(r"^games \d+/20 .*$", result.output, re.M)
    assert len(lines) == 20 and lines[-1].startswith("games 20/20 (100%)")
    assert all(re.search(r"· [\d.e+]+ games/s · elapsed \d+:\d\d · ETA ", x) for x in lines)


def test_fit_tables_never_cut_a_header() -> None:
    frame = pd.DataFrame(
        {
            "games": [24, 72],
            "heuristic %": [100.0, 99.5],
            "only heuristic": [24, 72],
            "p (sign test)": ["1.2e-07", "4.2e-22"],
            "cells heuristic ahead": [4, 12],
            "cells random ahead": [0, 0],
            "only random": [0, 0],
            "random %": [0.0, 0.5],
        },
        index=pd.Index(["1", "all"], name="mission"),
    )
    for width in (80, 60, 40):
        console, buffer = plain(width)
        for part in fit_tables("Heuristic against random", frame, width):
            console.print(part)
        text = buffer.getvalue()
        assert "…" not in text, text
        assert max(len(x) for x in text.splitlines()) <= width
        flat = " ".join(text.split())
        assert "heur. = heuristic" in flat and "1.2e-07" in text and "4.2e-22" in text
    console, buffer = plain(200)
    for part in fit_tables("Heuristic against random", frame, 200):
        console.print(part)
    assert "cells heuristic ahead" in buffer.getvalue() and "Abbrev" not in buffer.getvalue()


def test_abbreviations_stay_distinct() -> None:
    labels, legend = abbreviate(["only ismcts:200", "only ismcts:800", "games", "ismcts:200 %"])
    assert labels[0] != labels[1] and labels[0].split()[1] == labels[3].split()[0]
    assert sorted(legend.values()) == ["ismcts:200", "ismcts:800"]


def test_report_at_80_columns_cuts_nothing(tmp_path: Path) -> None:
    out = tmp_path / "l.csv"
    result = runner.invoke(
        app,
        [
            "simulate",
            "legends",
            "--bots",
            "heuristic",
            "--bots",
            "random",
            "--games",
            "3",
            "--mission",
            "1-2",
            "--players",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    env = {**os.environ, "COLUMNS": "80", "TERM": "dumb"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "hellas.cli.main",
            "report",
            str(out),
            "--out",
            str(tmp_path / "rep"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    text = done.stdout
    assert "heuristic vs random on the same deals" in " ".join(text.split())
    assert "…" not in text, text
    assert max(len(x) for x in text.splitlines()) <= 80
    assert "Abbreviations:" in text


def test_the_live_bar_on_a_terminal_shows_rate_and_eta() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=100)
    clock = Clock()
    with SweepProgress(console, Path("r.csv"), clock=clock) as bar:
        bar.started(10, 2)
        for _ in range(8):
            clock.now += 0.5
            bar.row()
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", buffer.getvalue())
    final = text.split("\r")[-1]
    assert "10/10" in final and "2 games/s" in final and "ETA 0:00" in final
    assert "resuming: 2 games already in r.csv" in text

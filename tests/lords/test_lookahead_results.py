"""The published Lords lookahead games (``results/lords-lookahead*.csv``, docs/benchmarks.md)
were played by the bot and rules as they are now: a sample of the recorded games, the shortest
one of each seating in each run, replays move for move to the same winners, scores and length.

A replay fails when the bot, its value or the rules change without the figures being measured
again; nothing here restates a figure the files hold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from hellas.sim.play import play_task
from hellas.sim.sweep import Task

FOLDER = Path(__file__).resolve().parents[2] / "results"
RUNS = ["lords-lookahead.csv", "lords-lookahead-seed8.csv"]  # seeds 7 and 8
# Recorded games today's code no longer replays (found when this sample replaced a single game
# per run): the runs predate a change to the bot or the rules at the same rules version, so
# their figures want measuring again.  Strict: a fixed replay fails here until it is removed.
STALE = {
    "lords-lookahead.csv-lookahead-seat4",
    "lords-lookahead-seed8.csv-lookahead-seat3",
    # rules 0.5 (issue 50): a hunter may no longer stop without a Wound while one is possible,
    # so these recorded games play differently; the runs want measuring again
    "lords-lookahead.csv-lookahead-seat1",
    "lords-lookahead.csv-lookahead-seat3",
    "lords-lookahead-seed8.csv-lookahead-seat1",
}
COMPARED = ["winners", "decisions", "turns", "reason", "score_0", "score_1", "score_2", "score_3"]


def _sample() -> list[Any]:
    cases = []
    for name in RUNS:
        table = pd.read_csv(FOLDER / name)
        for team, games in table.groupby("team"):
            row = games.sort_values("decisions").iloc[0]  # the shortest: seconds, not minutes
            seat = str(team).split("/").index("lookahead")
            case = f"{name}-lookahead-seat{seat + 1}"
            marks = [pytest.mark.xfail(strict=True, reason="stale run")] if case in STALE else []
            cases.append(pytest.param(row.to_dict(), id=case, marks=marks))
    return cases


@pytest.mark.parametrize("row", _sample())
def test_a_recorded_game_replays_with_todays_bot(row: dict[str, Any]) -> None:
    cell = json.loads(row["cell"])
    out = play_task(
        Task("lords", cell["options"], cell["team"], int(row["index"]), int(row["seed"]))
    )
    assert {k: str(out[k]) for k in COMPARED} == {k: str(row[k]) for k in COMPARED}

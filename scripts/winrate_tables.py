"""Print Markdown win-rate tables (mission x difficulty x players) from Legends results files.

    .venv/bin/python scripts/winrate_tables.py results/heuristic.csv results/ismcts.csv

Each cell is "win % ±95% half-width (Wilson)"; used to write docs/benchmarks.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

from hellas.sim.report import cell_rates, team_label
from hellas.sim.results import read_rows

COLUMNS = [(d, p) for d in ("human", "heroic", "godlike") for p in (2, 3, 4)]


def table(rows: pd.DataFrame, team: str) -> str:
    cells = cell_rates(rows[rows["team"] == team], ["mission", "difficulty", "players"])
    games = int(cells["games"].min()), int(cells["games"].max())
    head = "| mission | " + " | ".join(f"{d[:5]} {p}p" for d, p in COLUMNS) + " |"
    out = [
        f"**{team_label(team)}** — games per cell: {games[0]}"
        + (f"–{games[1]}" if games[1] != games[0] else "")
        + f"; widest 95% half-width: {100 * cells['half_width'].max():.1f} points",
        "",
        head,
        "|" + "---|" * (len(COLUMNS) + 1),
    ]
    for mission in sorted(cells["mission"].unique()):
        row = [str(mission)]
        for d, p in COLUMNS:
            c = cells[
                (cells["mission"] == mission) & (cells["difficulty"] == d) & (cells["players"] == p)
            ]
            if c.empty:
                row.append("")
            else:
                r = c.iloc[0]
                row.append(f"{100 * r['rate']:.1f} ±{100 * r['half_width']:.1f}")
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


def main() -> int:
    frames = [read_rows(Path(p)) for p in sys.argv[1:]]
    rows = pd.concat(frames, ignore_index=True)
    for team in sorted(rows["team"].unique()):
        print(table(rows, team))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

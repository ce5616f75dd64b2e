"""Print Markdown win-rate tables (mission x difficulty x players) from Legends results files.

    .venv/bin/python scripts/winrate_tables.py results/heuristic.csv results/ismcts.csv
    .venv/bin/python scripts/winrate_tables.py results/legends-search.parquet \
        --ratio ismcts:200 clairvoyant-lookahead:8
    .venv/bin/python scripts/winrate_tables.py results/legends-search.parquet \
        results/legends-references.parquet --paired --ratio ismcts:200 clairvoyant:200

Each cell is "win % ±95% half-width (Wilson)"; used to write docs/benchmarks.md.  With
``--ratio HONEST CLAIRVOYANT`` it prints, per cell, the honest team's win rate divided by the
clairvoyant team's (the two teams play the same deals), with the games behind it; ``--paired``
first keeps only the deals (cell and game number) that both teams played.
"""

from __future__ import annotations

import argparse
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


def ratio_table(rows: pd.DataFrame, honest: str, clairvoyant: str) -> str:
    """Return the per-cell honest ÷ clairvoyant win-rate table (bold where it is >= 0.90)."""
    keys = ["mission", "difficulty", "players"]
    mine = cell_rates(rows[rows["team"] == honest], keys).set_index(keys)
    ref = cell_rates(rows[rows["team"] == clairvoyant], keys).set_index(keys)
    head = "| mission | " + " | ".join(f"{d[:5]} {p}p" for d, p in COLUMNS) + " |"
    out = [
        f"**{team_label(honest)} ÷ {team_label(clairvoyant)}** — each cell: ratio of win rates "
        "(honest %/clairvoyant %, games each); bold: at least 0.90",
        "",
        head,
        "|" + "---|" * (len(COLUMNS) + 1),
    ]
    reached = total = 0
    for mission in sorted(set(mine.index.get_level_values(0)) | set(ref.index.get_level_values(0))):
        row = [str(mission)]
        for d, p in COLUMNS:
            key = (mission, d, p)
            if key not in mine.index or key not in ref.index:
                row.append("")
                continue
            a, b = mine.loc[key], ref.loc[key]
            games = int(min(a["games"], b["games"]))
            text = f"{100 * a['rate']:.0f}/{100 * b['rate']:.0f}, {games}"
            if b["rate"] == 0:
                row.append(f"- ({text})")
                continue
            ratio = a["rate"] / b["rate"]
            total += 1
            reached += ratio >= 0.9
            cell = f"{ratio:.2f}"
            row.append(f"**{cell}** ({text})" if ratio >= 0.9 else f"{cell} ({text})")
        out.append("| " + " | ".join(row) + " |")
    out.append("")
    out.append(f"{reached} of {total} cells with a clairvoyant win reach 0.90.")
    return "\n".join(out)


def paired(rows: pd.DataFrame, teams: list[str]) -> pd.DataFrame:
    """Keep the rows of ``teams`` on the deals (cell options and game number) all of them played."""
    deal = ["mission", "difficulty", "players", "index"]
    mine = rows[rows["team"].isin(teams)]
    counts = mine.groupby(deal)["team"].nunique()
    both = counts[counts == len(teams)].index
    return mine.set_index(deal).loc[both].reset_index()


def main() -> int:
    """Print the tables; a missing file or an unknown team is a clear error."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, help="results files (CSV or Parquet)")
    parser.add_argument("--ratio", nargs=2, metavar=("HONEST", "CLAIRVOYANT"))
    parser.add_argument("--paired", action="store_true", help="only deals both teams played")
    args = parser.parse_args()
    missing = [str(p) for p in args.files if not p.is_file()]
    if missing:
        parser.error(f"no such results file: {', '.join(missing)}")
    rows = pd.concat([read_rows(p) for p in args.files], ignore_index=True)
    if args.ratio:
        unknown = sorted(set(args.ratio) - set(rows["team"].unique()))
        if unknown:
            parser.error(f"no games of {', '.join(unknown)} in these files")
        print(ratio_table(paired(rows, args.ratio) if args.paired else rows, *args.ratio))
        return 0
    for team in sorted(rows["team"].unique()):
        print(table(rows, team))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

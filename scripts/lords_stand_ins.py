"""How Lords games end with the provisional stand-in cards and with the printed cards only.

    .venv/bin/python scripts/lords_stand_ins.py --games 200

For each module set whose decks get stand-ins (Hephaestus, Chiron, Orichalkum, Opportunity, and
the four together) it plays ``--games`` heuristic 3-player games with the stand-ins (the
default) and as many with ``--printed-only true`` through ``hellas simulate`` (the same seeds
for both), then prints a Markdown table: how many games end in a victory, by which condition,
and in how many turns.  The CSV tables stay in ``--out`` (a temporary folder by default); a
stopped run resumes.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HELLAS = Path(sys.executable).with_name("hellas")
SETS = (
    "hephaestus",
    "chiron",
    "orichalkum",
    "opportunity",
    "hephaestus,chiron,orichalkum,opportunity",
)
CONDITIONS = ("warlord", "favored", "slayer", "king", "limit")


def simulate(modules: str, printed_only: bool, games: int, out: Path) -> Path:
    """Run (or resume) one sweep; return its CSV table."""
    table = out / f"{modules.replace(',', '+')}-{'printed' if printed_only else 'stand-ins'}.csv"
    subprocess.run(
        [
            str(HELLAS),
            "simulate",
            "lords",
            "--modules",
            modules,
            "--players",
            "3",
            "--turn-limit",
            "200",
            "--printed-only",
            str(printed_only).lower(),
            "--games",
            str(games),
            "--bots",
            "heuristic",
            "--seed",
            "1000",
            "--out",
            str(table),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return table


def row(modules: str, printed_only: bool, table: Path) -> str:
    """Return one Markdown row: games, victories, the share of each condition, turns."""
    with table.open(newline="", encoding="utf-8") as f:
        games = list(csv.DictReader(f))
    ends = Counter(g["condition"] for g in games)
    turns = [int(g["turns"]) for g in games if g["condition"] != "limit"]
    shares = " | ".join(f"{100 * ends[c] / len(games):.0f}%" for c in CONDITIONS)
    median = statistics.median(turns) if turns else 0
    mode = "printed only" if printed_only else "with stand-ins"
    return f"| {modules} | {mode} | {len(games)} | {shares} | {median:.0f} |"


def main() -> int:
    """Play both modes for every module set and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--out", type=Path, default=Path(tempfile.gettempdir()) / "hellas-stand-ins"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print("| modules | cards | games | Warlord | Favored | Slayer | King | no victory (limit) "
          "| median turns |")  # fmt: skip
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for modules in SETS:
        for printed_only in (False, True):
            table = simulate(modules, printed_only, args.games, args.out)
            print(row(modules, printed_only, table), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

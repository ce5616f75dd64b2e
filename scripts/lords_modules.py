"""Dark Ages modules: random-play robustness, and how each module shifts play.

    python scripts/lords_modules.py random 1000       # random games per module: errors (0 wanted)
    python scripts/lords_modules.py design 1000 [DIR]  # heuristic games per module (simulate)
    python scripts/lords_modules.py report [DIR]       # the tables of docs/benchmarks.md from DIR

``design`` runs ``hellas simulate lords --modules M --players P --games N --out DIR/M.csv`` for
every configuration below; simulate resumes, so running it again with a larger N tops the cells
up.  ``report`` prints, per configuration against its baseline, the share of each victory
condition, game length and the first player's win rate, each with a 95% interval.
"""

from __future__ import annotations

import csv
import math
import subprocess
import sys
import traceback
from collections import Counter
from pathlib import Path

from hellas.core.rng import Rng
from hellas.games.lords import GAME

# (label, modules, players, baseline label)
CONFIGS: list[tuple[str, str, int, str]] = [
    ("base", "", 4, ""),
    ("poseidon", "poseidon", 4, "base"),
    ("poseidon-simple", "poseidon-simple", 4, "base"),
    ("orichalkum", "orichalkum", 4, "base"),
    ("hades", "hades", 4, "base"),
    ("hades-simple", "hades-simple", 4, "base"),
    ("hephaestus", "hephaestus", 4, "base"),
    ("hephaestus-simple", "hephaestus-simple", 4, "base"),
    ("heroes-monsters", "heroes-monsters", 4, "base"),
    ("combat-cards", "combat-cards", 4, "base"),
    ("chiron", "chiron", 4, "base"),
    ("opportunity", "opportunity", 4, "base"),
    ("poseidon+heroes-5p", "poseidon,heroes-monsters", 5, ""),
    ("poseidon+atlantis-5p", "poseidon,atlantis", 5, "poseidon+heroes-5p"),
]
CONDITIONS = ("warlord", "favored", "king", "slayer", "limit")
Z = 1.96


def random_games(count: int, only: str = "") -> int:
    """Play ``count`` random games per configuration with invariant checks; return errors."""
    errors = 0
    for label, modules, players, _ in CONFIGS:
        if only and label != only:
            continue
        bad = 0
        ends: Counter[str] = Counter()
        for seed in range(count):
            options: dict[str, object] = {"players": players}
            if modules:
                options["modules"] = modules
            s = GAME.new(options, seed)
            rng = Rng(seed)
            try:
                steps = 0
                while GAME.to_act(s) is not None:
                    choices = GAME.choices(s)
                    GAME.apply(s, choices[rng.below(len(choices))])
                    steps += 1
                    if steps % 200 == 0:
                        GAME.check_invariants(s)
                GAME.check_invariants(s)
                ends[str(s.result["condition"]) if s.result else "none"] += 1
            except Exception:  # counted and shown
                bad += 1
                if bad <= 2:
                    print(f"{label} seed {seed}:")
                    traceback.print_exc()
        errors += bad
        print(f"{label:22} {count} random games, {bad} errors; ends {dict(ends)}", flush=True)
    return errors


def design(count: int, out: Path) -> None:
    """Run (or top up) the heuristic sweep of every configuration with ``hellas simulate``."""
    out.mkdir(parents=True, exist_ok=True)
    for label, modules, players, _ in CONFIGS:
        cmd = ["hellas", "simulate", "lords", "--players", str(players), "--games", str(count)]
        if modules:
            cmd += ["--modules", modules]
        cmd += ["--out", str(out / f"{label}.csv")]
        print(" ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def _share(k: int, n: int) -> tuple[float, float]:
    """Return a proportion and its 95% half-width (Wilson interval, in points)."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    denom = 1 + Z * Z / n
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return 100 * p, 100 * half


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def report(folder: Path) -> None:
    """Print the per-module table (markdown) from the sweep's CSV files."""
    stats: dict[str, dict[str, object]] = {}
    for label, _, players, base in CONFIGS:
        path = folder / f"{label}.csv"
        if not path.exists():
            continue
        rows = _rows(path)
        n = len(rows)
        conds = Counter(r["condition"] for r in rows)
        turns = [int(r["turns"]) for r in rows]
        mean = sum(turns) / n
        sd = math.sqrt(sum((t - mean) ** 2 for t in turns) / max(1, n - 1))
        first = sum(int(r["starter_won"]) for r in rows)
        stats[label] = {"n": n, "conds": conds, "mean": mean, "sd": sd, "first": first}
        stats[label]["players"] = players
        stats[label]["base"] = base
    head = (
        "| modules | players | games | " + " | ".join(CONDITIONS) + " | turns | first player wins |"
    )
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for label, st in stats.items():
        n = int(st["n"])  # type: ignore[call-overload]
        conds: Counter[str] = st["conds"]  # type: ignore[assignment]
        cells = []
        for c in CONDITIONS:
            p, h = _share(conds.get(c, 0), n)
            cells.append(f"{p:.0f} ± {h:.0f}")
        half = Z * float(st["sd"]) / math.sqrt(n)  # type: ignore[arg-type]
        fp, fh = _share(int(st["first"]), n)  # type: ignore[call-overload]
        fair = 100 / int(st["players"])  # type: ignore[call-overload]
        print(
            f"| {label} | {st['players']} | {n} | "
            + " | ".join(cells)
            + f" | {st['mean']:.1f} ± {half:.1f} | {fp:.0f} ± {fh:.0f} (fair {fair:.0f}) |"
        )
    print()
    print("Shift against the baseline (points, 95% interval of the difference):")
    for label, st in stats.items():
        base = str(st["base"])
        if not base or base not in stats:
            continue
        b = stats[base]
        n1, n0 = int(st["n"]), int(b["n"])  # type: ignore[call-overload]
        parts = []
        for c in CONDITIONS:
            p1 = st["conds"].get(c, 0) / n1  # type: ignore[attr-defined]
            p0 = b["conds"].get(c, 0) / n0  # type: ignore[attr-defined]
            half = Z * math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
            if p1 or p0:
                parts.append(f"{c} {100 * (p1 - p0):+.0f}±{100 * half:.0f}")
        dt = float(st["mean"]) - float(b["mean"])  # type: ignore[arg-type]
        ht = Z * math.sqrt(float(st["sd"]) ** 2 / n1 + float(b["sd"]) ** 2 / n0)  # type: ignore[arg-type]
        print(f"- {label} vs {base}: " + ", ".join(parts) + f"; turns {dt:+.1f}±{ht:.1f}")


def main(argv: list[str]) -> int:
    """Dispatch the sub-commands."""
    if not argv or argv[0] not in ("random", "design", "report"):
        print(__doc__)
        return 2
    if argv[0] == "random":
        count = int(argv[1]) if len(argv) > 1 else 100
        return 1 if random_games(count, argv[2] if len(argv) > 2 else "") else 0
    folder = Path(argv[2] if argv[0] == "design" and len(argv) > 2 else "results/dark-ages")
    if argv[0] == "design":
        design(int(argv[1]) if len(argv) > 1 else 200, folder)
        return 0
    report(Path(argv[1]) if len(argv) > 1 else folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Measure what a Lords content pack costs: ``check``, creating a table with it, one view.

    .venv/bin/python scripts/pack_bench.py            # an empty pack, one at the limits, 10^5 cards

Each pack is written to a temporary folder; the numbers (seconds, the process's peak memory
growth, the view's JSON bytes) go in docs/benchmarks.md, "Content packs".  A pack over the
limits (``hellas.games.lords.packs_files``) is refused before anything is built from it.
"""

from __future__ import annotations

import json
import resource
import sys
import tempfile
import time
from pathlib import Path

from hellas.games.lords import GAME, packs
from hellas.games.lords.packs_files import MAX_RECORDS


def blessings(n: int) -> str:
    """Return ``n`` new Blessings as blessings.toml text."""
    return "".join(
        f'[[blessing]]\nnew = true\nid = "b{i}"\ngod = "zeus"\nname = "Blessing {i}"\n'
        'text = "Draw 1 Combat Card at the start of your turn."\n'
        'effects = [{when = "turn-start", do = [{draw = 1}]}]\nprovenance = "community"\n\n'
        for i in range(n)
    )


def peak_mb() -> float:
    """Return the process's peak resident memory in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(name: str, cards: int) -> None:
    """Print check, table creation and view costs of a pack of ``cards`` new Blessings."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if cards:
            (folder / "blessings.toml").write_text(blessings(cards), encoding="utf-8")
        before = peak_mb()
        t0 = time.perf_counter()
        report = packs.check(folder)
        t1 = time.perf_counter()
        line = f"{name}: {cards} cards, {sum(p.stat().st_size for p in folder.iterdir())} bytes"
        line += (
            f"; check {t1 - t0:.2f} s ({'ok' if report.ok else 'refused: ' + report.error[-60:]})"
        )
        if report.ok:
            state = GAME.new({"players": 3, "content": str(folder)}, 1)
            t2 = time.perf_counter()
            view = json.dumps(GAME.view(state, 0))
            t3 = time.perf_counter()
            line += f"; table {t2 - t1:.2f} s; view {t3 - t2:.3f} s, {len(view)} bytes"
        print(f"{line}; peak memory +{peak_mb() - before:.0f} MB", flush=True)


def main() -> None:
    """Measure an empty pack, one at the record limit and one of 10^5 cards."""
    measure("empty pack", 0)
    measure("at the limit", MAX_RECORDS)
    measure("10^5 cards", 100_000)
    sys.exit(0)


if __name__ == "__main__":
    main()

"""Regenerate the golden playthrough files in tests/golden, or check them.

    .venv/bin/python scripts/golden.py                       # rewrite every file
    .venv/bin/python scripts/golden.py --check               # diff each, write nothing
    .venv/bin/python scripts/golden.py --only lords-hades-3p # one file (repeatable)

Run it after a deliberate rules change; ``--check`` shows what a change did (a unified diff per
file) and exits 1 when any file differs or is missing, 0 when all match.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hellas.ai.playthrough import playthrough
from hellas.core.capabilities import Coverage, capability
from hellas.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
Case = tuple[str, str, dict[str, Any], int, list[str]]  # game, file stem, options, seed, bots


def cases() -> list[Case]:
    """Return (game, file stem, options, seed, bots per seat) of every registered game's goldens.

    Each game declares its own (its ``Coverage`` capability; one random game by default), so a
    game added to the registry is covered without a line here.
    """
    return [
        (game.meta.id, case.stem, dict(case.options), case.seed, list(case.bots))
        for game in REGISTRY
        for case in capability(game, Coverage).golden_cases()
    ]


CASES = cases()


def render(case: Case) -> str:
    """Return the golden text of one case."""
    game_id, _stem, options, seed, bots = case
    return playthrough(REGISTRY.get(game_id), options, seed, bots)


def diff(case: Case) -> str:
    """Return the unified diff from the committed file to the regenerated text ("" if equal)."""
    path = GOLDEN / f"{case[1]}.txt"
    actual = render(case)
    if not path.exists():
        return f"{path.relative_to(ROOT)} is missing\n"
    expected = path.read_text(encoding="utf-8")
    if actual == expected:
        return ""
    lines = difflib.unified_diff(
        expected.splitlines(True),
        actual.splitlines(True),
        f"committed/{path.name}",
        f"regenerated/{path.name}",
        n=2,
    )
    return "".join(lines)


def select(only: Sequence[str]) -> list[Case]:
    """Return the cases named by ``only`` (all when empty); raise ``SystemExit`` on a typo."""
    names = [str(case[1]) for case in CASES]
    unknown = [name for name in only if name not in names]
    if unknown:
        raise SystemExit(
            f"golden.py: no golden file {', '.join(map(repr, unknown))}; known: {', '.join(names)}"
        )
    return [case for case in CASES if not only or case[1] in only]


def main(argv: Sequence[str] | None = None) -> int:
    """Write the golden files (or, with ``--check``, diff them); return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="show diffs, write nothing")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="one file by its name in tests/golden",
    )
    args = parser.parse_args(argv)
    cases = select(args.only)
    if args.check:
        changed = 0
        for case in cases:
            text = diff(case)
            if text:
                changed += 1
                sys.stdout.write(text)
        print(f"{changed} of {len(cases)} golden file(s) differ" if changed else "all match")
        return 1 if changed else 0
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for case in cases:
        path = GOLDEN / f"{case[1]}.txt"
        path.write_text(render(case), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

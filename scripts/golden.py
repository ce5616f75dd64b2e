"""Regenerate the golden playthrough files in tests/golden (run after a deliberate change)."""

from __future__ import annotations

import sys
from pathlib import Path

from hellas.ai.playthrough import playthrough
from hellas.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

# (game, file stem, options, seed, bots per seat)
CASES = [
    (
        "legends",
        "legends-m1-3p-heroic",
        {"mission": 1, "players": 3, "difficulty": "heroic"},
        42,
        ["heuristic", "heuristic", "heuristic"],
    ),
    (
        "legends",
        "legends-m7-4p-human",
        {"mission": 7, "players": 4, "difficulty": "human"},
        7,
        ["heuristic", "random", "heuristic", "heuristic"],
    ),
    (
        "legends",
        "legends-m12-2p-godlike",
        {"mission": 12, "players": 2, "difficulty": "godlike"},
        12,
        ["random", "random"],
    ),
    ("realms", "realms-3p-greedy", {"players": 3}, 5, ["greedy", "greedy", "random"]),
    (
        "realms",
        "realms-4p-manual-promo",
        {"players": 4, "endgame": "manual", "promo": True},
        9,
        ["random", "greedy", "random", "greedy"],
    ),
    (
        "lords",
        "lords-3p-heuristic",
        {"players": 3, "turn_limit": 40},
        3,
        ["heuristic", "random", "heuristic"],
    ),
]


def render(case: tuple[object, ...]) -> str:
    """Return the golden text of one case."""
    game_id, _stem, options, seed, bots = case
    return playthrough(REGISTRY.get(str(game_id)), options, int(seed), bots)  # type: ignore[arg-type]


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        path = GOLDEN / f"{case[1]}.txt"
        path.write_text(render(case), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

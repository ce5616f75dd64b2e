"""Train the Realms learned bot's weights by self-play and write them (docs/bots.md, issue 49).

    nice -n 10 .venv/bin/python scripts/train_realms.py [--seed 49] [--rounds 3] [--games 300]
        [--explore 0.1] [--ridge 1.0] [--card-ridge 200]
        [--out src/hellas/games/realms/data/learned.json]
        [--duel DEALS]

The same arguments write the same file, byte for byte (``hellas.games.realms.learn_train``: all
randomness from the seeds, one linear solve a round, weights rounded before they are written).
``--duel DEALS`` then plays the new weights against greedy on DEALS deals in both seat orders
and prints the share with its Wilson 95% interval (the published figure comes from
``hellas bots ladder realms --levels greedy,learned``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from hellas.games.realms.bots import greedy_choice
from hellas.games.realms.learn_train import Settings, duel, train
from hellas.games.realms.learned import dump
from hellas.sim.stats import wilson

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src/hellas/games/realms/data/learned.json"


def main(argv: list[str] | None = None) -> int:
    """Train, write the weights file, and optionally measure it against greedy."""
    d = Settings()
    p = argparse.ArgumentParser(description="Train the Realms learned bot's weights by self-play.")
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument("--rounds", type=int, default=d.rounds)
    p.add_argument("--games", type=int, default=d.games, help="self-play games a round")
    p.add_argument("--explore", type=float, default=d.explore)
    p.add_argument("--ridge", type=float, default=d.ridge)
    p.add_argument("--card-ridge", type=float, default=d.card_ridge)
    p.add_argument("--out", type=Path, default=DEFAULT_OUT)
    p.add_argument("--duel", type=int, default=0, help="deals against greedy afterwards")
    a = p.parse_args(argv)
    if a.rounds < 1 or a.games < 1:
        p.error("--rounds and --games must be at least 1")
    settings = Settings(a.seed, a.rounds, a.games, a.explore, a.ridge, a.card_ridge)
    start = time.perf_counter()
    weights = train(settings, lambda line: print(line, flush=True))
    meta = {
        "command": (
            f"scripts/train_realms.py --seed {a.seed} --rounds {a.rounds} --games {a.games} "
            f"--explore {a.explore:g} --ridge {a.ridge:g} --card-ridge {a.card_ridge:g}"
        ),
        "positions_from": f"{a.rounds * a.games} self-play games (2 players)",
    }
    a.out.write_text(dump(weights, meta), encoding="utf-8")
    print(f"wrote {a.out} in {time.perf_counter() - start:.0f} s", flush=True)
    if a.duel:
        total = 0.0
        games = 0
        for _, _, share in duel(weights, greedy_choice, a.duel, 1):
            total += share
            games += 1
        rate, low, high = wilson(total, games)
        print(
            f"learned vs greedy: {100 * rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
            f"over {games} games"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

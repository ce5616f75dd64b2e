"""ISMCTS iterations per CPU second on a fixed set of searched positions, for old-vs-new checks.

Runs whichever ``hellas`` is first on the Python path, so one command times two versions of
the code back to back (the positions come from the same seeds; each version plays them with
its own engine)::

    git worktree add /tmp/hellas-old b7fbcc1            # the code before issue 13's search work
    PYTHONPATH=/tmp/hellas-old/src .venv/bin/python scripts/search_speed.py lords --players 4
    .venv/bin/python scripts/search_speed.py lords --players 4

Only the public contract is used (``new``, ``to_act``, ``choices``, ``step``,
``worth_searching``, ``Decision``, ``ISMCTSBot``), which older versions share.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from hellas.ai.ismcts import ISMCTSBot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY


def positions(game: Any, options: dict[str, Any], count: int) -> list[Any]:
    """Return ``count`` searched positions (more than one choice) met in random play."""
    rng = Rng(5)
    found: list[Any] = []
    seed = 100
    while len(found) < count:
        state = game.new(options, seed)
        seed += 1
        for _ in range(3000):
            if game.to_act(state) is None or len(found) == count:
                break
            legal = game.choices(state)
            if len(legal) > 1 and game.worth_searching(state) and rng.below(40) == 0:
                found.append(state.copy())
            game.step(state, legal[rng.below(len(legal))])
    return found


def main() -> None:
    """Print iterations per CPU second for each round over the same positions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    game = REGISTRY.get(args.game)
    found = positions(game, {"players": args.players}, args.positions)
    for round_ in range(1, args.rounds + 1):
        bot, rng, done = ISMCTSBot(iterations=args.iterations), Rng(3), 0
        start = time.process_time()
        for state in found:
            bot.choose(Decision(game, state.copy(), game.to_act(state)), rng)
            done += bot.last_iterations
        elapsed = time.process_time() - start
        print(f"round {round_}: {done} iterations in {elapsed:.2f} CPU s = {done / elapsed:,.0f}/s")


if __name__ == "__main__":
    main()

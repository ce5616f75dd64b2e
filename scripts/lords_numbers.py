"""Print the Lords of Hellas figures quoted in docs/rules/lords.md and docs/benchmarks.md.

    python scripts/lords_numbers.py random 10000 [FIRST_SEED]  # random games, 2-4 players: errors
    python scripts/lords_numbers.py heuristic 200 4  # heuristic games: victories, turn counts
    python scripts/lords_numbers.py hunts 300        # hunt success rate per Monster and Strength

Every game runs the rules' invariant checks at its end; nothing here is timed in a test.
"""

from __future__ import annotations

import statistics
import sys
import traceback
from collections import Counter

from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.bots import choose
from hellas.games.lords.bots_hunt import hunt_choice, hurt_choice
from hellas.games.lords.cards import draw_combat
from hellas.games.lords.content import base
from hellas.games.lords.hunt import start_hunt
from hellas.games.lords.rules import legal, play


def _quantiles(values: list[int]) -> str:
    q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return (
        f"median {statistics.median(values):.0f}, p10 {q[0]:.0f}, p90 {q[8]:.0f}, max {max(values)}"
    )


def random_games(count: int, first: int = 0) -> int:
    """Play ``count`` random games over 2-4 players and both card options; return errors."""
    errors = 0
    turns: dict[int, list[int]] = {2: [], 3: [], 4: []}
    ends: Counter[str] = Counter()
    for seed in range(first, first + count):
        players = 2 + seed % 3
        options = {"players": players, "additional_combat_cards": bool(seed // 3 % 2)}
        s = GAME.new(options, seed)
        rng = Rng(seed)
        try:
            while GAME.to_act(s) is not None:
                choices = GAME.choices(s)
                GAME.apply(s, choices[rng.below(len(choices))])
            GAME.check_invariants(s)
            turns[players].append(s.turn)
            if (seed + 1 - first) % 1000 == 0:
                print(f"  ... {seed + 1 - first} games, {errors} errors", flush=True)
            ends[str(s.result["condition"]) if s.result else "none"] += 1
        except Exception:  # counted and shown
            errors += 1
            if errors <= 3:
                print(f"seed {seed} ({options}):")
                traceback.print_exc()
    print(f"{count} random games (seeds {first}-{first + count - 1}), {errors} errors")
    print(f"  ends: {dict(ends)}")
    for players, values in turns.items():
        if values:
            print(f"  {players} players: turns {_quantiles(values)}")
    return errors


def heuristic_games(count: int, players: int) -> None:
    """Play heuristic-only games; print how they end and how long they take."""
    ends: Counter[str] = Counter()
    turns = []
    for seed in range(count):
        s = GAME.new({"players": players}, seed)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            GAME.apply(s, choose(s, rng))
        ends[str(s.result["condition"]) if s.result else "none"] += 1
        turns.append(s.turn)
    share = ", ".join(f"{k} {v / count:.0%}" for k, v in ends.most_common())
    print(f"{count} heuristic {players}-player games: {share}; turns {_quantiles(turns)}")


def hunt_rates(count: int) -> None:
    """Simulate fresh Hunts (Strength 1-5, uninjured, one card in hand) with the heuristic."""
    monsters = base().monsters
    print("Monster   " + "  ".join(f"Str{k}" for k in range(1, 6)))
    for m in monsters:
        row = []
        for strength in range(1, 6):
            wins = 0
            for seed in range(count):
                s = GAME.new({"players": 3}, seed)
                rng = Rng(seed)
                while s.stack[-1]["k"] == "setup":
                    options = legal(s)
                    play(s, options[rng.below(len(options))], None)
                p = s.current
                s.stack = []
                s.monster_at[m.index] = s.hero_at[p]
                s.attrs[p * 3 + 1] = strength
                draw_combat(s, p, 1 - len(s.hands[p]))
                start_hunt(s, p, m.index)
                s.cache = None
                while s.stack and s.stack[-1]["k"] in ("hunt", "hurt", "discard", "heal"):
                    f = s.stack[-1]
                    keys = [c.key for c in legal(s)]
                    if f["k"] == "hunt":
                        key = hunt_choice(s, f, p if f["stage"] != "pick" else -1, keys)
                    elif f["k"] == "hurt":
                        key = hurt_choice(keys)
                    else:
                        key = keys[0]
                    s.cache = None
                    play(s, GAME.table[key], None)
                    if s.slain[m.index] == p:
                        wins += 1
                        break
            row.append(f"{wins / count:4.0%}")
        print(f"{m.name:9} " + "  ".join(row))


def main(argv: list[str]) -> int:
    """Run the named measurement."""
    what = argv[1] if len(argv) > 1 else "random"
    if what == "random":
        count = int(argv[2]) if len(argv) > 2 else 10_000
        return 1 if random_games(count, int(argv[3]) if len(argv) > 3 else 0) else 0
    if what == "heuristic":
        heuristic_games(
            int(argv[2]) if len(argv) > 2 else 200, int(argv[3]) if len(argv) > 3 else 4
        )
        return 0
    if what == "hunts":
        hunt_rates(int(argv[2]) if len(argv) > 2 else 300)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

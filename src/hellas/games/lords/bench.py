"""How long a random game of Lords of Hellas takes: the figure ``hellas bench lords`` adds.

Random play with the state's own kind of generator, to the end (no turn limit), one game after
another for a fixed time; the result is the distribution of wall-clock seconds per game and how
the games ended.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from hellas.core.game import Game
from hellas.core.rng import Rng
from hellas.games.lords.state import LordsState


def random_game(
    game: Game[LordsState], options: Any, seed: int, rng: Rng
) -> tuple[float, int, str]:
    """Play one random game; return its seconds, decisions and how it ended."""
    start = time.perf_counter()
    state = game.new(options, seed)
    decisions = game.play_random(state, rng)
    ended = str(state.result["condition"]) if state.result else "none"
    return time.perf_counter() - start, decisions, ended


def game_times(game: Game[LordsState], seconds: float, players: int = 4) -> dict[str, float]:
    """Return median/p90 seconds, mean decisions and victory shares of random games."""
    options = game.validate_options({"players": players, "turn_limit": 0})
    rng = Rng(7)
    times: list[float] = []
    decisions: list[int] = []
    ends: dict[str, int] = {}
    start = time.perf_counter()
    seed = 0
    while not times or time.perf_counter() - start < seconds:
        took, count, ended = random_game(game, options, seed, rng)
        seed += 1
        times.append(took)
        decisions.append(count)
        ends[ended] = ends.get(ended, 0) + 1
    deciles = statistics.quantiles(times, n=10) if len(times) > 1 else [times[0]] * 9
    out = {
        f"random_{players}p_games": float(len(times)),
        f"random_{players}p_game_median_s": statistics.median(times),
        f"random_{players}p_game_p90_s": deciles[8],
        f"random_{players}p_decisions_per_game": statistics.fmean(decisions),
    }
    for ended, count in sorted(ends.items()):
        out[f"random_{players}p_ended_{ended}_share"] = count / len(times)
    return out

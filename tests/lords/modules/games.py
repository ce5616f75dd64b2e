"""Whole games for module tests: random and heuristic play with the invariants at every step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.state import LordsState


def random_games(
    modules: str,
    seeds: range,
    players: Callable[[int], int] = lambda seed: 2 + seed % 3,
    turn_limit: int = 40,
    check: Callable[[LordsState], None] | None = None,
) -> None:
    """Play random games to the end or the turn limit, checking invariants after every step."""
    for seed in seeds:
        s = GAME.new({"players": players(seed), "modules": modules, "turn_limit": turn_limit}, seed)
        if check is not None:
            check(s)
        rng = Rng(seed)
        while GAME.to_act(s) is not None:
            GAME.check_invariants(s)
            cs = GAME.choices(s)
            GAME.apply(s, cs[rng.below(len(cs))])
        GAME.check_invariants(s)


def heuristic_games(
    modules: str, seeds: range, players: int = 3, turn_limit: int = 90
) -> Counter[str]:
    """Play heuristic games (each seat decides on its own sample); count the keys chosen."""
    bot = make_bot(GAME, "heuristic")
    chosen: Counter[str] = Counter()
    for seed in seeds:
        s = GAME.new({"players": players, "modules": modules, "turn_limit": turn_limit}, seed)
        step = 0
        while (seat := GAME.to_act(s)) is not None:
            key = bot.choose(Decision(GAME, s, seat), Rng(step)).key
            chosen[key] += 1
            GAME.apply(s, key)
            GAME.check_invariants(s)
            step += 1
        assert s.result is not None
    return chosen

"""Lords of Hellas bot levels, weakest first, as measured in ``docs/benchmarks.md`` (Lords bots).

The heuristic wins every game against random play; the lookahead bot (every Battle, Hoplite
move and turn step tried on 8 sampled deals, one round of replies, a learned win chance) wins
about 78% of games as one seat against three heuristics.  A level's ``seconds`` is its budget:
the most it thinks over a move (the server's default bot budget, 2 s, admits it; the lookahead
stops there by itself and compares its moves on the samples it finished).
"""

from __future__ import annotations

from hellas.core.game import BotLevel

LEVELS = (
    BotLevel("easy", "random", 0.0, "moves and fights at random"),
    BotLevel(
        "normal",
        "heuristic",
        0.0,
        "builds, recruits, hunts and battles by rules of thumb",
    ),
    BotLevel(
        "hard",
        "lookahead",
        2.0,
        "tries its moves on sampled deals and keeps the one that wins most often",
    ),
)

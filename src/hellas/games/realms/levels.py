"""Fantasy Realms bot levels, weakest first, as measured in ``docs/benchmarks.md`` (Realms bots).

A short honest search (ISMCTS with 30 simulations) loses to the greedy bot; greedy keeps the
best-scoring hand; the planner values hands one draw ahead (55% against greedy at 2 players);
the improver tries greedy's move against a shortlist on 16 sampled deals (the strongest at 3-6
players, and the slowest).  A level's ``seconds`` is its budget: the most it thinks over a move at
a table, within the server's default bot budget (2 s); the search bots stop there by themselves
and answer from what they have found (``hellas bots times realms`` measures it).
"""

from __future__ import annotations

from hellas.core.game import BotLevel

LEVELS = (
    BotLevel("easy", "ismcts:30", 0.05, "a short search: often keeps a weaker hand"),
    BotLevel("normal", "greedy", 0.02, "keeps the hand that scores best right now"),
    BotLevel("hard", "planner", 2.0, "also weighs what the next draw may bring"),
    BotLevel(
        "expert",
        "improver",
        2.0,
        "plays its best moves out on sampled deals before choosing",
    ),
)

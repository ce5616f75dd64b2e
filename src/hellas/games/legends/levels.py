"""Legends of Hellas bot levels: how well the bot heroes at the table play (co-operative).

A weaker bot hero makes the mission harder for the people at the table, since everyone wins or
loses together.  Strengths come from ``docs/benchmarks.md`` (Legends bots): the heuristic wins
about as often as honest search over the same deals, and both far more than random play.
"""

from __future__ import annotations

from hellas.core.game import BotLevel

LEVELS = (
    BotLevel(
        "easy",
        "random",
        0.0,
        "a careless partner: plays any legal card, so the mission is much harder",
    ),
    BotLevel(
        "normal",
        "heuristic",
        0.0,
        "a sound partner: plays the cards its monster needs and supports when it helps",
    ),
    BotLevel(
        "hard",
        "ismcts:200",
        0.02,
        "searches 200 futures for each action, from what its hero can see",
    ),
)

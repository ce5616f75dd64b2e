"""Legends of Hellas bot levels: how well the bot heroes at the table play (co-operative).

A weaker bot hero makes the mission harder for the people at the table, since everyone wins or
loses together.  Strengths come from ``docs/benchmarks.md`` (Legends bots, and the ladder of
issue 49): ``ismcts:200`` played the heuristic's very game on 176 of 180 deals, so Hard is the
lookahead instead: every action played out to the mission's end by the heuristic team on the
same 48 deals consistent with what its hero sees (up to 144 for the promising actions when the
call is close: ``LegendsGame.lookahead_settings``), leaving the heuristic's move for one that
wins more often by 1.5 standard errors.  A level's ``seconds`` is its budget (the most it
thinks over a move).
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
        "lookahead:48",
        1.0,
        "plays each action out to the mission's end on deals it cannot tell from the real one,"
        " looks harder when the call is close, and keeps the one that wins more often",
    ),
)

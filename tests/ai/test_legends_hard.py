"""Legends Hard differs from Normal where it matters (issue 49).

``ismcts:200`` played exactly the heuristic's game on 176 of 180 deals: its 200 iterations never
overruled its prior.  Hard is now the lookahead, which plays every action out to the mission's
end on the same sampled deals and leaves the heuristic's move for one that clearly wins more.
One deal of the ladder (mission 1, heroic, 3 players, its first seed) that the heuristic team
and the old Hard team lose, the new Hard team wins.
"""

from __future__ import annotations

from hellas.cli import bots_ladder as ladder
from hellas.games import REGISTRY


def test_the_hard_team_wins_a_deal_the_normal_team_loses() -> None:
    game = REGISTRY.get("legends")
    levels = {level.level: level.bot for level in game.bot_levels()}
    results = {}
    for level in ("normal", "hard"):
        (job,) = [j for j in ladder.jobs(game, [levels[level]], 1, 3, 0.0) if j.cell == "1/heroic"]
        results[level] = ladder.play(game, job, 0.0)["result"]  # untimed: the same every run
    assert results == {"normal": 0.0, "hard": 1.0}


def test_the_hard_level_searches_each_action_and_thinks_within_a_second() -> None:
    """The issue's bound: at most 1 s a decision (the level's stated budget)."""
    game = REGISTRY.get("legends")
    hard = next(level for level in game.bot_levels() if level.level == "hard")
    assert hard.bot.startswith("lookahead:") and hard.seconds <= 1.0

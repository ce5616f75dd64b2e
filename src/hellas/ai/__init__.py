"""Game-agnostic bots (random play now; search bots build on the same interface).

Bots see a :class:`~hellas.core.game.Decision` (their seat's view, the legal choices and a
sampler of states consistent with what they know), never the true state.
"""

from hellas.ai.bots import RandomBot, bot_names, make_bot

__all__ = ["RandomBot", "bot_names", "make_bot"]

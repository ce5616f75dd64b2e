"""Hints for people: the honest search bot's top choices for a seat, with estimated win chances.

The hint sees exactly what the asking seat sees: it searches a ``Decision`` for that seat, whose
samples re-deal everything the seat cannot know, so asking never leaks another seat's cards.
Time-boxed: the search stops after ``seconds`` (or its iteration cap).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hellas.ai.ismcts import Assessment, ISMCTSBot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng

HINT_SECONDS = 1.0
HINT_CAP = 20_000  # iterations: the time budget normally stops the search first


@dataclass(frozen=True)
class Hint:
    """The top choices for one seat, with how much search backed them."""

    choices: list[Assessment]
    iterations: int


def hint(
    game: Game[Any],
    state: Any,
    seat: int,
    rng: Rng,
    seconds: float | None = HINT_SECONDS,
    top: int = 3,
    iterations: int = HINT_CAP,
) -> Hint:
    """Return the honest search's ``top`` choices for ``seat`` (which must be the one to act).

    ``seconds=None`` runs exactly ``iterations`` simulations (a repeatable hint).
    """
    if game.to_act(state) != seat:
        raise ValueError(f"seat {seat} is not the one to act")
    bot = ISMCTSBot(iterations=iterations, seconds=seconds, samples=64)
    decision = Decision(game, state, seat)
    if len(decision.choices) == 1:
        return Hint([Assessment(decision.choices[0], 0, 0.0, 0.0)], 0)
    ranked = bot.assess(decision, rng)
    return Hint(ranked[:top], bot.last_iterations)


def describe(h: Hint) -> list[str]:
    """Return one line per hinted choice: ``key — about NN% to win (visits)``."""
    lines = []
    for i, a in enumerate(h.choices, 1):
        if h.iterations:
            lines.append(
                f"{i}. {a.choice.key} — about {100 * a.win_chance:.0f}% to win "
                f"({a.visits} of {h.iterations} simulations)"
            )
        else:
            lines.append(f"{i}. {a.choice.key} — the only choice")
    return lines

"""Hints for people: the honest search bot's top choices for a seat, with estimated win chances.

The hint sees exactly what the asking seat sees: it searches a ``Decision`` for that seat, whose
samples re-deal everything the seat cannot know, so asking never leaks another seat's cards.
Time-boxed: the search stops after ``seconds`` (or its iteration cap).

What people read: the search's ``top`` most simulated choices (the ones it trusts), listed by
estimated chance to win, best first, each with its number in the choice list; a chance backed by
fewer than ``SURE_VISITS`` simulations is marked uncertain.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hellas.ai.ismcts import Assessment, ISMCTSBot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng

HINT_SECONDS = 1.0
HINT_CAP = 20_000  # iterations: the time budget normally stops the search first
HINT_LEAST = 64  # simulations a hint runs even past its time (a loaded machine still compares)
# A win chance from fewer simulations is shown as uncertain: its standard error can exceed
# 7 points (the web table uses the same number, js/hints.js).
SURE_VISITS = 50


@dataclass(frozen=True)
class Hint:
    """The top choices for one seat (best estimated win chance first) and the search behind them."""

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

    The choices are the ``top`` most simulated ones, listed by estimated win chance (more
    simulations first on a tie).  ``seconds=None`` runs exactly ``iterations`` simulations (a
    repeatable hint).
    """
    if game.to_act(state) != seat:
        raise ValueError(f"seat {seat} is not the one to act")
    bot = ISMCTSBot(iterations=iterations, seconds=seconds, samples=64, least=HINT_LEAST)
    decision = Decision(game, state, seat)
    if len(decision.choices) == 1:
        return Hint([Assessment(decision.choices[0], 0, 0.0, 0.0)], 0)
    trusted = bot.assess(decision, rng)[:top]  # most visited first
    ranked = sorted(trusted, key=lambda a: (-a.win_chance, -a.visits, a.choice.index))
    return Hint(ranked, bot.last_iterations)


def uncertain(a: Assessment) -> bool:
    """Return whether a hinted win chance rests on too few simulations to trust."""
    return a.visits < SURE_VISITS


def describe(h: Hint, game: Game[Any], state: Any) -> list[str]:
    """Return one line per hinted choice, numbered like the choice list, best chance first.

    ``3. Move to the Gorgon (then discard 1 card) — about 49% to win (412 of 1,200 simulations)``
    """
    numbers = {c.key: i for i, c in enumerate(game.choices(state), 1)}
    lines = []
    for a in h.choices:
        label = f"{numbers.get(a.choice.key, '?')}. {game.describe(a.choice, state)}"
        if not h.iterations:
            lines.append(f"{label} — the only choice")
            continue
        sims = f"{a.visits:,} of {h.iterations:,} simulations"
        mark = f"uncertain: only {sims}" if uncertain(a) else sims
        lines.append(f"{label} — about {100 * a.win_chance:.0f}% to win ({mark})")
    return lines

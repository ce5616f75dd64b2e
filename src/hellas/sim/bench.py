"""``hellas bench``: the engine's speed, measured (never asserted in tests).

Figures, each on one core: random-play decisions and games per second (the loop: list choices,
pick one with the state's kind of generator, apply on the fast path: no events), the same loop
through the public ``apply`` (choice resolved by key, events built), state copies per second,
ISMCTS iterations per second; and, when the ``open-spiel`` package is installed, the same
random-play loop over OpenSpiel's C++ Hanabi through Python in the same run, with the ratios.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Mapping
from typing import Any

from hellas.ai.ismcts import ISMCTSBot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng


def rates(decisions: int, games: int, elapsed: float) -> dict[str, float]:
    """Return the random-play figures from counts and seconds."""
    return {
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
    }


def random_play(game: Game[Any], options: Mapping[str, Any], seconds: float) -> dict[str, float]:
    """Return decisions/s and games/s of uniformly random play for about ``seconds``."""
    rng = Rng(1)
    decisions = games = seed = 0
    start = time.perf_counter()
    while True:
        decisions += game.play_random(game.new(options, seed), rng)
        seed += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return rates(decisions, games, elapsed)


def _midgame(game: Game[Any], options: Mapping[str, Any], steps: int = 40) -> Any:
    state = game.new(options, 7)
    game.play_random(state, Rng(7), steps)
    return state


def copies(game: Game[Any], options: Mapping[str, Any], seconds: float) -> float:
    """Return state copies per second of a mid-game state."""
    state = _midgame(game, options)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            state.copy()
        n += 1000
    return n / (time.perf_counter() - start)


SEARCH_ITERATIONS = 200  # per searched decision, as the default Legends search bot uses


def public_apply_play(
    game: Game[Any], options: Mapping[str, Any], seconds: float
) -> dict[str, float]:
    """Return random-play figures through the public ``apply`` (legality check and events)."""
    rng = Rng(1)
    decisions = games = seed = 0
    start = time.perf_counter()
    while True:
        state = game.new(options, seed)
        while game.to_act(state) is not None:
            cs = game.choices(state)
            game.apply(state, cs[rng.below(len(cs))].key)
            decisions += 1
        seed += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return rates(decisions, games, elapsed)


def ismcts_rate(game: Game[Any], options: Mapping[str, Any], seconds: float) -> float:
    """Return ISMCTS iterations per second (determinize, tree walk, rollout, backup).

    Iterations of searched decisions only (routine ones follow the policy), at
    ``SEARCH_ITERATIONS`` per decision, with the game's own rollout depth and evaluation.
    """
    bot = ISMCTSBot(iterations=SEARCH_ITERATIONS)
    rng = Rng(3)
    state = game.new(options, 11)
    iterations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seat = game.to_act(state)
        if seat is None:
            state = game.new(options, iterations + 12)
            continue
        choice = bot.choose(Decision(game, state, seat), rng)
        iterations += bot.last_iterations
        game.step(state, choice)
    return iterations / (time.perf_counter() - start)


def hanabi(seconds: float) -> dict[str, float] | None:
    """Return the same random-play figures for OpenSpiel's Hanabi, or None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        return None
    game = pyspiel.load_game("hanabi")
    rng = random.Random(1)
    decisions = games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rng.random(), 0.0
                picked = outcomes[-1][0]
                for outcome, p in outcomes:
                    acc += p
                    if r < acc:
                        picked = outcome
                        break
                state.apply_action(picked)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return rates(decisions, games, elapsed)


def run(game: Game[Any], options: Mapping[str, Any], seconds: float = 3.0) -> dict[str, Any]:
    """Return every benchmark figure for ``game``."""
    opts = game.validate_options(options)
    result: dict[str, Any] = {
        "game": game.meta.id,
        "options": opts,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "random_play": random_play(game, opts, seconds),
        "random_play_public_apply": public_apply_play(game, opts, min(seconds, 2.0)),
        "state_copies_per_s": copies(game, opts, min(seconds, 1.0)),
        "ismcts_iterations_per_s": ismcts_rate(game, opts, seconds),
        "ismcts_iterations_per_decision": SEARCH_ITERATIONS,
    }
    result["game_figures"] = game.benchmarks(seconds)
    spiel = hanabi(seconds)
    result["openspiel_hanabi"] = spiel
    if spiel:
        result["ratio_vs_hanabi"] = (
            result["random_play"]["decisions_per_s"] / spiel["decisions_per_s"]
        )
        result["ismcts_ratio_vs_hanabi"] = (
            result["ismcts_iterations_per_s"] / spiel["decisions_per_s"]
        )
    return result

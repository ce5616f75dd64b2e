"""``hellas bench``: the engine's speed, measured (never asserted in tests).

Figures, each on one core: random-play decisions and games per second (the loop: list choices,
pick one with the state's kind of generator, apply on the fast path: no events), the same loop
through the public ``apply`` (choice resolved by key, events built), state copies per second,
ISMCTS iterations per second; and, when the ``open-spiel`` package is installed, the same
random-play loop over OpenSpiel's C++ Hanabi through Python in the same run, with the ratios.

The figures that the ratios are made of (random play, ISMCTS, Hanabi) are measured as
``Loop``s that take turns in short slices and are timed in CPU seconds of this process, so a
change in the machine's load hits all of them alike and the ratios stay fair on a busy, shared
machine (the RL adapter bench uses the same loops).
"""

from __future__ import annotations

import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from hellas.ai.ismcts import ISMCTSBot
from hellas.core.capabilities import BenchFigures, capability
from hellas.core.compiled import compiled_now, engine_label, modules
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng
from hellas.games import REGISTRY


def rates(decisions: int, games: int, elapsed: float) -> dict[str, float]:
    """Return the random-play figures from counts and seconds."""
    return {
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
    }


PlayOne = Callable[[int], int]  # plays unit number k (a game, a searched decision): its count


class Loop:
    """A loop measured in slices, so that loops can take turns on a busy machine."""

    def __init__(self, play_one: PlayOne) -> None:
        self.play_one = play_one
        self.decisions = self.games = 0  # what the units counted, and the units played
        self.observations = 0  # counted by the RL loops that build observations at some steps
        self.elapsed = 0.0

    def run_for(self, seconds: float) -> None:
        """Play whole units for about ``seconds`` of CPU time and add them to the totals.

        CPU time of this process, not wall time: on a shared machine the time the process
        waits for a core is not charged to the loop that happened to be running.
        """
        start = time.process_time()
        while True:
            self.decisions += self.play_one(self.games)
            self.games += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                self.elapsed += elapsed
                return

    def rates(self) -> dict[str, float]:
        """Return the random-play figures of everything played so far."""
        return rates(self.decisions, self.games, self.elapsed)


def interleave(loops: Iterable[Loop], seconds: float, rounds: int) -> None:
    """Run every loop for ``seconds`` in all, in ``rounds`` turns taken one after the other."""
    todo = list(loops)
    for _ in range(rounds):
        for loop in todo:
            loop.run_for(seconds / rounds)


def random_play_loop(game: Game[Any], options: Mapping[str, Any]) -> Loop:
    """Return the engine's random-play loop: one whole game per unit."""
    rng = Rng(1)
    return Loop(lambda k: game.play_random(game.new(options, k), rng))


def random_play(game: Game[Any], options: Mapping[str, Any], seconds: float) -> dict[str, float]:
    """Return decisions/s and games/s of uniformly random play for about ``seconds``."""
    loop = random_play_loop(game, options)
    loop.run_for(seconds)
    return loop.rates()


def _midgame(game: Game[Any], options: Mapping[str, Any], steps: int = 40) -> Any:
    state = game.new(options, 7)
    game.play_random(state, Rng(7), steps)
    return state


def copies(game: Game[Any], options: Mapping[str, Any], seconds: float) -> float:
    """Return state copies per CPU second of a mid-game state."""
    state = _midgame(game, options)

    def thousand(k: int) -> int:
        for _ in range(1000):
            state.copy()
        return 1000

    loop = Loop(thousand)
    loop.run_for(seconds)
    return loop.rates()["decisions_per_s"]


SEARCH_ITERATIONS = 200  # per searched decision, as the default Legends search bot uses


def public_apply_loop(game: Game[Any], options: Mapping[str, Any]) -> Loop:
    """Return random play through the public ``apply`` (choice by key, legality, events)."""
    rng = Rng(1)

    def play_one(k: int) -> int:
        state = game.new(options, k)
        decisions = 0
        while game.to_act(state) is not None:
            cs = game.choices(state)
            game.apply(state, cs[rng.below(len(cs))].key)
            decisions += 1
        return decisions

    return Loop(play_one)


def public_apply_play(
    game: Game[Any], options: Mapping[str, Any], seconds: float
) -> dict[str, float]:
    """Return random-play figures through the public ``apply`` (legality check and events)."""
    loop = public_apply_loop(game, options)
    loop.run_for(seconds)
    return loop.rates()


def ismcts_loop(game: Game[Any], options: Mapping[str, Any]) -> Loop:
    """Return ISMCTS as a loop: one searched decision per unit, counting its iterations.

    Iterations of searched decisions only (routine ones follow the policy), at
    ``SEARCH_ITERATIONS`` per decision, with the game's own rollout depth and evaluation;
    determinize, tree walk, rollout and backup are all inside an iteration.
    """
    bot = ISMCTSBot(iterations=SEARCH_ITERATIONS)
    rng = Rng(3)
    games = [game.new(options, 11)]

    def search_one(k: int) -> int:
        while True:
            state = games[-1]
            seat = game.to_act(state)
            if seat is None:
                games[-1] = game.new(options, 12 + k)
                continue
            choice = bot.choose(Decision(game, state, seat), rng)
            game.step(state, choice)
            if bot.last_iterations:
                return bot.last_iterations

    return Loop(search_one)


def hanabi_loop() -> Loop | None:
    """Return random play over OpenSpiel's Hanabi (one game per unit), or None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415
    except ImportError:
        return None
    game = pyspiel.load_game("hanabi")
    rng = random.Random(1)

    def play_one(k: int) -> int:
        decisions = 0
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
        return decisions

    return Loop(play_one)


ROUNDS = 4  # turns each interleaved loop takes


def run(game: Game[Any], options: Mapping[str, Any], seconds: float = 3.0) -> dict[str, Any]:
    """Return every benchmark figure for ``game``.

    Random play (the fast path and the public ``apply``), ISMCTS and Hanabi run ``seconds`` of
    CPU time each, interleaved in ``ROUNDS`` turns; state copies are timed once, on their own.
    """
    opts = game.validate_options(options)
    engine, search, spiel = random_play_loop(game, opts), ismcts_loop(game, opts), hanabi_loop()
    public = public_apply_loop(game, opts)
    loops = [loop for loop in (engine, public, search, spiel) if loop is not None]
    interleave(loops, seconds, ROUNDS)
    result: dict[str, Any] = {
        "game": game.meta.id,
        "options": opts,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "engine": engine_label(modules(REGISTRY)),
        "timing": (
            f"CPU seconds; random play (fast path and public apply), ISMCTS and Hanabi"
            f" interleaved in {ROUNDS} turns"
        ),
        "random_play": engine.rates(),
        "random_play_public_apply": public.rates(),
        "public_apply_ratio": public.rates()["decisions_per_s"] / engine.rates()["decisions_per_s"],
        "state_copies_per_s": copies(game, opts, min(seconds, 1.0)),
        "ismcts_iterations_per_s": search.rates()["decisions_per_s"],
        "ismcts_iterations_per_decision": SEARCH_ITERATIONS,
    }
    result["game_figures"] = capability(game, BenchFigures).figures(seconds)
    result["openspiel_hanabi"] = spiel.rates() if spiel is not None else None
    if spiel is not None:
        result["ratio_vs_hanabi"] = (
            result["random_play"]["decisions_per_s"] / result["openspiel_hanabi"]["decisions_per_s"]
        )
        result["ismcts_ratio_vs_hanabi"] = (
            result["ismcts_iterations_per_s"] / result["openspiel_hanabi"]["decisions_per_s"]
        )
        result["public_apply_ratio_vs_hanabi"] = (
            result["random_play_public_apply"]["decisions_per_s"]
            / result["openspiel_hanabi"]["decisions_per_s"]
        )
    return result


def compiled_folder() -> Path | None:
    """Return this checkout's up-to-date compiled build (``.compiled``), or None."""
    root = Path(__file__).resolve().parents[3]
    out = root / ".compiled"
    script = root / "scripts" / "build_compiled.py"
    if not (out / "SOURCES.sha256").exists() or not script.exists():
        return None
    done = subprocess.run(
        [sys.executable, str(script), "--status"], capture_output=True, text=True, check=False
    )
    return out if done.returncode == 0 else None


def other_build(args: list[str]) -> dict[str, Any] | None:
    """Return ``hellas bench ARGS --json`` run on the compiled build, if this run is pure.

    The compiled figures come from a process of their own, after this one's: each build's
    ratios are measured within its own run (interleaved with Hanabi or the other loops).
    """
    if compiled_now(modules(REGISTRY)):
        return None
    folder = compiled_folder()
    if folder is None:
        return None
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])
    )
    done = subprocess.run(
        [sys.executable, "-m", "hellas", "bench", *args, "--json", "--this-build"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:] or ["failed"]}
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures

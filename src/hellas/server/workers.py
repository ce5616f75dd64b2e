"""The bot worker pool: every bot move is thought out in a few low-priority worker processes.

Bots never think on the server's own process: a search holds the interpreter for as long as it
runs, and ten strong bots in threads would starve the event loop that answers people.  Instead
each move is sent (game id, the state as JSON, seat, bot name, seed) to a process pool of about
one worker per spare core.  The workers run at a lower scheduling priority, ignore Ctrl-C (the
server stops them; they end by themselves if it is killed) and give every search a time
budget, so one move never thinks longer than the budget whatever a table asked for, and a queue
of bot moves only makes bot tables wait.  Hints for people (``advise``) think in the same pool,
within the same limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from hellas.ai import make_bot
from hellas.ai.hint import hint
from hellas.ai.ismcts import ISMCTSBot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.limits import DEFAULT_BOT_BUDGET, DEFAULT_MAX_ITERATIONS, check_bot_spec

NICENESS = 10  # how much lower than the server the workers run
DEFAULT_HINT_SECONDS = 1.0  # how long a hint for a person thinks (at most the bot budget)


def default_workers() -> int:
    """Return the default pool size: one worker per core, less one kept for the server."""
    return max(1, (os.cpu_count() or 2) - 1)


def _init_worker(server: int) -> None:
    """Set up a worker process: lower priority, Ctrl-C left to the server, gone with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    threading.Thread(target=_outlive_not, args=(server,), daemon=True).start()


def _outlive_not(server: int) -> None:
    """End this worker once the server process is gone (killed with ``kill -9``, say)."""
    while True:
        time.sleep(1.0)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except OSError:  # pragma: no cover - the pid now belongs to someone else
            os._exit(0)


def think(game_id: str, state: Any, seat: int, name: str, seed: int, budget: float) -> str:
    """Return the key of the choice bot ``name`` makes for ``seat`` (runs in a worker)."""
    game = REGISTRY.get(game_id)
    bot = make_bot(game, name)
    if isinstance(bot, ISMCTSBot):
        bot.seconds = budget
    decision = Decision(game, game.state_from_json(state), seat)
    return bot.choose(decision, Rng(seed)).key


def advise(
    game_id: str, state: Any, seat: int, seed: int, seconds: float | None, iterations: int
) -> dict[str, Any]:
    """Return the honest search's top 3 choices for ``seat`` (runs in a worker).

    The search sees only the seat's view (see ``hellas.ai.hint``); what comes back is the
    choices (key, label, index, visits, estimated win chance) and the simulations run.
    """
    game = REGISTRY.get(game_id)
    position = game.state_from_json(state)
    found = hint(game, position, seat, Rng(seed), seconds=seconds, iterations=iterations)
    choices = [
        {
            "key": a.choice.key,
            "label": game.describe(a.choice, position),
            "index": a.choice.index,
            "visits": a.visits,
            "win_chance": round(a.win_chance, 4),
        }
        for a in found.choices
    ]
    return {"choices": choices, "iterations": found.iterations}


class BotPool:
    """A bounded pool of bot workers with a per-move time budget and a strength limit."""

    def __init__(
        self,
        workers: int | None = None,
        budget: float = DEFAULT_BOT_BUDGET,
        max_iterations: int = DEFAULT_MAX_ITERATIONS,
        hint_seconds: float | None = DEFAULT_HINT_SECONDS,
    ) -> None:
        self.workers = workers or default_workers()
        self.budget = budget
        self.max_iterations = max_iterations
        self.hint_seconds = hint_seconds  # None: exactly max_iterations simulations (repeatable)
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False

    def check(self, game: Game[Any], name: str) -> None:
        """Raise a clear 400 unless this server runs bot ``name`` for ``game``."""
        check_bot_spec(game, name, self.max_iterations)

    def _pool(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        if self._executor is None:
            # forkserver: workers start from a clean process (the server has threads), with
            # the games already imported, so starting one is quick.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["hellas.server.workers"])
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_init_worker,
                initargs=(os.getpid(),),
            )
        return self._executor

    async def choose(self, game: Game[Any], state: Any, seat: int, name: str, seed: int) -> str:
        """Return the key of the choice bot ``name`` makes for ``seat`` in ``state``."""
        payload = game.state_to_json(state)
        key: str = await self._run(think, game.meta.id, payload, seat, name, seed, self.budget)
        return key

    async def hint(self, game: Game[Any], state: Any, seat: int, seed: int) -> dict[str, Any]:
        """Return ``advise``'s hint for ``seat`` in ``state``, within this server's bot limits."""
        seconds = None if self.hint_seconds is None else min(self.hint_seconds, self.budget)
        payload = game.state_to_json(state)
        found: dict[str, Any] = await self._run(
            advise, game.meta.id, payload, seat, seed, seconds, self.max_iterations
        )
        return found

    async def _run(self, work: Any, *args: Any) -> Any:
        """Run ``work(*args)`` in a worker; a broken pool is started afresh once."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            try:
                return await loop.run_in_executor(self._pool(), work, *args)
            except BrokenProcessPool:  # a worker died (killed from outside): start afresh
                self._discard()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _discard(self) -> None:
        """Stop the workers now (a move in progress is abandoned)."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        processes = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()

    def close(self) -> None:
        """Stop the workers at once; the pool takes no more moves."""
        self._closed = True
        self._discard()

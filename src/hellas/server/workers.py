"""Inside a bot worker process: think within a wall budget and a memory ceiling, or fall back.

The server's pool (``pool.BotPool``) starts these processes and sends them one job at a time
over a pipe.  Each job is a state as JSON (never the server's own objects), a seat and a bot
name; the worker rebuilds the state, gives the bot only that seat's ``Decision`` and answers
with the key it chose.  Every bot kind is bounded the same way: an alarm stops a bot that
thinks past the budget (search bots that can stop early are also told the budget, so they
answer with their best so far), and an address-space ceiling turns a runaway allocation into a
``MemoryError``.  Either way the worker plays a cheap fallback instead (the game's own policy
bot, under a short alarm of its own, else a random legal choice), says why in its answer, and a
worker that ran out of memory ends after answering so that the pool starts a clean one.
``SIGUSR1`` from the pool moves the bots' clock (``core/clock``) past the deadline: the running
search answers now with what it has (another owner's move is waiting, ``fairness``).

Before it takes any table's job a new worker warms up (``warm``): every game's modules and bots
are loaded, one decision of each is built and sampled and the policy bots choose once, so that
its first real move is not spent importing on a busy machine.  The pool sends only this job
until the answer comes back.
"""

from __future__ import annotations

import contextlib
import gc
import os
import resource
import signal
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from typing import Any

from hellas.ai import make_bot
from hellas.ai.hint import hint
from hellas.core import clock
from hellas.core.game import Budgeted, Decision, Game
from hellas.core.rng import Rng
from hellas.games import REGISTRY

NICENESS = 10  # how much lower than the server the workers run
SPARE_NICENESS = 5  # spare workers (light moves, 0.25 s at most) go before the others
FALLBACK_SECONDS = 0.5  # the cheap fallback's own budget


def overtime(budget: float) -> float:
    """Return when the alarm stops a job told to think ``budget`` seconds.

    A search that watches the clock stops itself at the budget; the slack covers what it does
    before and after (drawing its samples, a busy machine), so only a bot that does not stop
    meets the alarm.
    """
    return 1.25 * budget + 0.5


class OutOfTime(Exception):
    """Raised in a worker's main thread when a job's wall budget is spent."""


def _ring(_signum: int, _frame: Any) -> None:
    raise OutOfTime


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Raise ``OutOfTime`` in this (main) thread once ``seconds`` of wall time have passed."""
    previous = signal.signal(signal.SIGALRM, _ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def think(game_id: str, state: Any, seat: int, name: str, seed: int, budget: float) -> str:
    """Return the key of the choice bot ``name`` makes for ``seat`` (no budget enforced)."""
    game = REGISTRY.get(game_id)
    bot = make_bot(game, name)
    if isinstance(bot, Budgeted):  # a search bot: its budget is the server's
        bot.seconds = budget
    decision = Decision(game, game.state_from_json(state), seat)
    return bot.choose(decision, Rng(seed)).key


def bounded_move(
    game_id: str, state: Any, seat: int, name: str, seed: int, budget: float
) -> dict[str, Any]:
    """Return ``{key, fallback, seconds, cpu, restart, hurried}``: the move within ``budget`` s.

    ``fallback`` is "" when the bot answered itself, else why a cheap move was played instead.
    ``restart`` asks the pool to replace this worker (after running out of memory).
    """
    game = REGISTRY.get(game_id)
    start, cpu = time.perf_counter(), time.process_time()
    fallback, restart = "", False
    try:
        with alarm(overtime(budget)):
            key = think(game_id, state, seat, name, seed, budget)
    except OutOfTime:
        fallback = f"{name} thought past its {budget:g} s budget"
    except (MemoryError, SystemError):  # at the ceiling CPython may fail to build the error
        fallback, restart = f"{name} ran out of memory (the worker's ceiling)", True
    except Exception as exc:  # a bot's bug must not stop the table: a cheap move instead
        fallback = f"{name} failed: {type(exc).__name__}: {exc}"[:200]
    if fallback:
        gc.collect()  # whatever the bot built is garbage now
        key = cheap_move(game, state, seat, seed)
    return {
        "key": key,
        "fallback": fallback,
        "seconds": round(time.perf_counter() - start, 4),
        "cpu": round(time.process_time() - cpu, 4),  # this process's processor time for it
        "restart": restart,
        "hurried": clock.hurried(),  # cut to a slice: another owner's move was waiting
    }


def cheap_move(game: Game[Any], state: Any, seat: int, seed: int) -> str:
    """Return the game's policy bot's move under a short alarm, else a random legal move."""
    decision = Decision(game, game.state_from_json(state), seat)
    policy = game.bots().get("bot")
    if policy is not None:
        with contextlib.suppress(OutOfTime, MemoryError):
            bot = policy()
            if not bot.cost().search:
                with alarm(FALLBACK_SECONDS):
                    return bot.choose(decision, Rng(seed)).key
    return decision.choices[Rng(seed).below(len(decision.choices))].key


def advise(
    game_id: str, state: Any, seat: int, seed: int, seconds: float | None, iterations: int
) -> dict[str, Any]:
    """Return the honest search's top 3 choices for ``seat``, best win chance first.

    The search sees only the seat's view (see ``hellas.ai.hint``); what comes back is the
    choices (key, label, index, visits, estimated win chance) and the simulations run.
    """
    game = REGISTRY.get(game_id)
    position = game.state_from_json(state)
    with alarm(overtime(seconds or 600.0)):
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


def warm(games: list[str] | None = None) -> dict[str, Any]:
    """Load every game (or those named), its bots and one decision; policy bots choose once.

    Search bots are built (their modules loaded) but do not search: a warm-up must stay short
    on a busy machine.  Returns ``{games, bots, seconds}``; an unknown game raises (the pool
    then replaces the worker, as it does one that cannot warm up in time).
    """
    start = time.perf_counter()
    ids = [g.meta.id for g in REGISTRY] if games is None else games
    bots = 0
    for game_id in ids:
        game = REGISTRY.get(game_id)
        state = game.new(game.validate_options({}), 1)
        seat = game.to_act(state)
        if seat is None:
            continue
        decision = Decision(game, state, seat)
        decision.sample(Rng(0))
        for level in game.bot_levels():
            bot = make_bot(game, level.bot)
            if not bot.cost().search:
                bot.choose(decision, Rng(bots))  # the pool's warm-up deadline bounds it
            bots += 1
    return {"games": len(ids), "bots": bots, "seconds": round(time.perf_counter() - start, 4)}


WORK: dict[str, Callable[..., Any]] = {
    "move": bounded_move,
    "hint": advise,
    "think": think,
    "warm": warm,
}


def serve(conn: Connection, server: int, memory: int, niceness: int = NICENESS) -> None:
    """Run jobs from the pool until the pipe closes: ``(work, args)`` in, ``(ok, result)`` out.

    ``memory`` is the address-space ceiling in bytes (0: none); ``niceness`` how much lower
    than the server it runs (a spare worker's light moves run before the others' searches).
    A job that raises answers ``(False, reason)``; one that ran out of memory ends the process
    after answering.
    """
    _settle(server, memory, niceness)
    while True:
        try:
            work, args = conn.recv()
        except (EOFError, OSError):
            return
        clock.calm()  # a hurry meant for the job before this one (see ``_settle``) is over
        try:
            result: Any = (True, WORK[work](*args))
        except MemoryError:
            result = (False, "the worker ran out of memory (its ceiling)")
        except BaseException as exc:
            result = (False, f"{type(exc).__name__}: {exc}"[:300])
        try:
            conn.send(result)
        except (OSError, ValueError):
            return
        if _spent(result):
            return  # the pool starts a clean worker in our place


def _spent(result: tuple[bool, Any]) -> bool:
    """Return whether a job's answer says this worker ran out of memory (and should end)."""
    ok, found = result
    if ok:
        return isinstance(found, dict) and bool(found.get("restart"))
    return "memory" in str(found)


def _settle(server: int, memory: int, niceness: int = NICENESS) -> None:
    """Set up a worker: lower priority, Ctrl-C left to the server, gone with it, memory capped."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # the pool's "finish now": another owner's move waits (``pool.BotPool._hurry``).  The pool
    # sends it before it reads this job's answer, so it is handled before the next job arrives.
    signal.signal(signal.SIGUSR1, lambda _signum, _frame: clock.hurry())
    with contextlib.suppress(OSError):
        os.nice(niceness)
    # the watcher starts before the ceiling: a thread that cannot get its stack under the
    # ceiling dies before it says it started, and ``start()`` would wait for it for ever
    threading.Thread(target=_outlive_not, args=(server,), daemon=True).start()
    if memory:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def _outlive_not(server: int) -> None:
    """End this worker once the server process is gone (killed with ``kill -9``, say)."""
    while True:
        time.sleep(1.0)
        try:
            os.kill(server, 0)
        except OSError:  # gone (or the pid now belongs to someone else)
            os._exit(0)

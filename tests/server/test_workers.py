"""The bot worker pool: the same moves as the bots themselves, a time budget, a clean stop."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from hellas.ai import bot_names, make_bot
from hellas.ai.ismcts import ISMCTSBot
from hellas.core.errors import HellasError
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.errors import ServerError
from hellas.server.fairness import BOT, HINT
from hellas.server.limits import check_bot_spec
from hellas.server.pool import BotPool, WorkerGone
from hellas.server.workers import think

GAME = REGISTRY.get("legends")


def searched_position() -> tuple[Any, int]:
    """Return a Legends state where the search bot really searches, and the seat to act."""
    state = GAME.new(GAME.validate_options({"players": 3}), 4)
    rng = Rng(1)
    for _ in range(400):
        seat = GAME.to_act(state)
        assert seat is not None
        bot = ISMCTSBot(30)
        bot.choose(Decision(GAME, state.copy(), seat), Rng(0))
        if bot.last_iterations:
            return state, seat
        choices = GAME.choices(state)
        GAME.apply(state, choices[rng.below(len(choices))])
    raise AssertionError("no searched decision")


def test_a_worker_makes_the_move_the_bot_makes() -> None:
    state, seat = searched_position()
    expected = ISMCTSBot(200).choose(Decision(GAME, state.copy(), seat), Rng(77)).key
    as_json = GAME.state_to_json(state)
    assert think("legends", as_json, seat, "ismcts:200", 77, 600.0) == expected
    assert think("legends", as_json, seat, "ismcts:200", 77, 600.0) == expected  # every time


def test_the_time_budget_stops_a_huge_search() -> None:
    state, seat = searched_position()
    bot = ISMCTSBot(10**9, seconds=0.2)
    start = time.perf_counter()
    bot.choose(Decision(GAME, state.copy(), seat), Rng(3))
    assert time.perf_counter() - start < 20  # liveness: far below a billion simulations
    assert 0 < bot.last_iterations < 10**9


def test_a_huge_iteration_cap_costs_only_the_iterations_searched() -> None:
    # the search's table of square roots grows with the iterations done, never to the cap
    from hellas.ai import ismcts  # noqa: PLC0415

    state, seat = searched_position()
    before = len(ismcts._SQRT)
    bot = ISMCTSBot(10**12, seconds=0.3)
    bot.choose(Decision(GAME, state.copy(), seat), Rng(4))
    assert 0 < bot.last_iterations < 10**12
    assert len(ismcts._SQRT) <= max(before, 2 * (bot.last_iterations + 1) + 1024)


def test_the_pool_thinks_in_other_processes_and_closes() -> None:
    state, seat = searched_position()
    expected = ISMCTSBot(100).choose(Decision(GAME, state.copy(), seat), Rng(5)).key
    pool = BotPool(workers=1, budget=600.0, max_iterations=100)

    async def run() -> str:
        reply = await pool.choose(GAME, state, seat, "ismcts:100", 5)
        assert reply["fallback"] == ""
        return str(reply["key"])

    processes: list[Any] = []

    async def run_and_look() -> str:
        key = await run()
        processes.extend(pool.processes())  # the test looks at the worker processes
        return key

    try:
        assert asyncio.run(run_and_look()) == expected
        assert processes and all(p.is_alive() for p in processes)
    finally:
        pool.close()
    for process in processes:
        process.join(timeout=10)
        assert not process.is_alive()
    with pytest.raises(RuntimeError):
        asyncio.run(run())


@pytest.mark.parametrize("name", ["ismcts:²", "ismcts:٣", "clairvoyant:¹"])
def test_non_ascii_digits_are_not_iterations(name: str) -> None:
    with pytest.raises(HellasError, match="iterations"):
        make_bot(GAME, name)
    with pytest.raises(ServerError, match="iterations"):
        check_bot_spec(GAME, name, 1000)


def test_the_strength_limit_is_the_servers() -> None:
    check_bot_spec(GAME, "ismcts:1000", 1000)
    check_bot_spec(GAME, "heuristic", 1)  # no iterations to limit
    with pytest.raises(ServerError, match="at most 999"):
        check_bot_spec(GAME, "ismcts:1000", 999)
    with pytest.raises(ServerError, match="at most 50"):
        check_bot_spec(GAME, "ismcts", 50)  # the default strength counts too


def realms_decision() -> tuple[Any, int]:
    """Return a Realms position with a real choice to make, and the seat to make it."""
    game = REGISTRY.get("realms")
    state = game.new(game.validate_options({"players": 2}), 1)
    while len(game.choices(state)) < 2:
        game.apply(state, game.choices(state)[0])
    seat = game.to_act(state)
    assert seat is not None
    return state, seat


def test_a_bot_past_the_memory_ceiling_plays_a_cheap_move_and_its_worker_is_replaced() -> None:
    """``lookahead:999999999`` would draw samples until the machine runs out of memory."""
    game = REGISTRY.get("realms")
    state, seat = realms_decision()
    pool = BotPool(workers=1, budget=300.0, max_samples=10**9, memory_mb=256, policy_workers=0)

    async def run() -> dict[str, Any]:
        return await pool.choose(game, state, seat, "lookahead:999999999", 1)

    try:
        reply = asyncio.run(run())
    finally:
        pool.close()
    assert "memory" in reply["fallback"]
    assert reply["key"] in {c.key for c in game.choices(state)}
    assert pool.counters.lost == 1  # the worker ended after answering; a clean one replaces it


def test_a_bot_past_its_budget_plays_a_cheap_move() -> None:
    game = REGISTRY.get("realms")
    state, seat = realms_decision()
    pool = BotPool(workers=1, budget=0.3, max_samples=10**9, policy_workers=0)

    async def run() -> dict[str, Any]:
        return await pool.choose(game, state, seat, "lookahead:999999999", 1)

    try:
        reply = asyncio.run(run())
    finally:
        pool.close()
    assert "budget" in reply["fallback"] and reply["seconds"] < 30  # liveness, not speed
    assert reply["key"] in {c.key for c in game.choices(state)}


def test_every_bot_of_every_game_declares_its_cost() -> None:
    for game in REGISTRY:
        for name in bot_names(game):
            cost = make_bot(game, name).cost()
            assert cost.reads_hidden == name.startswith("clairvoyant"), name
            assert cost.search == (cost.iterations > 0 or cost.samples > 1), name


def test_a_hint_behind_busy_workers_gives_up_and_leaves_the_queue() -> None:
    """A hint waits for a worker at most ``hint_wait`` seconds, then is answered busy (the web
    says so and the person may ask again); the bot it waited behind is not disturbed."""
    game = REGISTRY.get("realms")
    state, seat = realms_decision()
    pool = BotPool(workers=1, budget=3.0, max_samples=10**9, policy_workers=0, hint_wait=0.5)

    async def run() -> tuple[dict[str, Any], float]:
        bot = asyncio.create_task(pool.choose(game, state, seat, "lookahead:999999999", 1))
        while pool.counters.jobs == 0 or pool.queue.waiting(BOT):  # the bot has the worker
            await asyncio.sleep(0.05)
        start = time.monotonic()
        with pytest.raises(WorkerGone, match="busy"):
            await pool.hint(game, state, seat, 7)
        waited = time.monotonic() - start
        assert pool.queue.waiting(HINT) == 0  # it left the queue
        return await bot, waited

    try:
        reply, waited = asyncio.run(run())
    finally:
        pool.close()
    assert 0.4 <= waited < 30  # gave up after its wait, not after the bot (liveness bound)
    assert reply["key"] in {c.key for c in game.choices(state)}

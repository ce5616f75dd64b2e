"""The bot worker pool: the same moves as the bots themselves, a time budget, a clean stop."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from hellas.ai import make_bot
from hellas.ai.ismcts import ISMCTSBot
from hellas.core.errors import HellasError
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.errors import ServerError
from hellas.server.limits import check_bot_spec
from hellas.server.workers import BotPool, think

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


def test_the_pool_thinks_in_other_processes_and_closes() -> None:
    state, seat = searched_position()
    expected = ISMCTSBot(100).choose(Decision(GAME, state.copy(), seat), Rng(5)).key
    pool = BotPool(workers=1, budget=600.0, max_iterations=100)

    async def run() -> str:
        return await pool.choose(GAME, state, seat, "ismcts:100", 5)

    try:
        assert asyncio.run(run()) == expected
        executor = pool._executor  # the test looks at the worker processes
        assert executor is not None
        processes = list(executor._processes.values())
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

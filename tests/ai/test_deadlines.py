"""Every search bot a table can seat watches its own clock (issue 46, "bot scheduling").

A server's worker tells a bot its budget (``workers.think`` sets ``bot.seconds``); the bot must
then answer from what it found by then, never run to the worker's alarm (which plays a cheap
fallback instead).  Each search bot of each game is tried at a position worth searching: with
almost no time it does less than its full work and still answers legally; told 0.2 s it answers
(liveness bound only, many times the expected); and run the way a worker runs it, with a small
budget, the strongest ones answer themselves, without a fallback.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from hellas.ai import bot_names, make_bot
from hellas.core.game import Decision, Game
from hellas.core.rng import Rng
from hellas.games import REGISTRY
from hellas.server.workers import bounded_move

TINY = 1e-4  # seconds: a budget every search overruns at once


def search_bots() -> list[tuple[str, str]]:
    """Return (game, bot name) for every honest search bot a table can seat, levels included."""
    out = []
    for game in REGISTRY:
        names = {*bot_names(game), *(level.bot for level in game.bot_levels())}
        for name in sorted(names):
            cost = make_bot(game, name).cost()
            if cost.search and not cost.reads_hidden:
                out.append((game.meta.id, name))
    return out


def searched(game: Game[Any], players: int = 3, seed: int = 5) -> tuple[Any, int]:
    """Return a position worth searching with several choices (after a few moves), and its seat."""
    state = game.new(game.validate_options({"players": players}), seed)
    rng = Rng(seed)
    for step in range(3000):
        seat = game.to_act(state)
        assert seat is not None, "the game ended before a searched decision"
        choices = game.choices(state)
        if step >= 12 and len(choices) >= 3 and game.worth_searching(state):
            return state, seat
        game.apply(state, choices[rng.below(len(choices))])
    raise AssertionError("no decision worth searching")


def full_work(bot: Any, decision: Decision[Any]) -> int:
    """Return the work the bot does untimed: its declared count, or (the planner) a real run."""
    cost = bot.cost()
    if cost.iterations:
        return int(cost.iterations)
    if type(bot).__name__ == "PlannerBot":
        untimed: Any = make_bot(decision.game, "planner")
        untimed.choose(decision, Rng(1))
        return int(untimed.last_iterations)
    return int(cost.samples) * len(decision.choices)


@pytest.mark.parametrize(("game_id", "name"), search_bots())
def test_a_search_bot_with_no_time_does_less_and_answers_legally(game_id: str, name: str) -> None:
    game = REGISTRY.get(game_id)
    state, seat = searched(game)
    bot: Any = make_bot(game, name)
    assert hasattr(bot, "seconds"), f"{name} cannot be told a budget"
    bot.seconds = TINY
    decision = Decision(game, state.copy(), seat)
    picked = bot.choose(decision, Rng(1))
    assert picked.key in {c.key for c in game.choices(state)}
    done = bot.last_iterations
    assert done < full_work(bot, Decision(game, state.copy(), seat)), (name, done)


@pytest.mark.parametrize(("game_id", "name"), search_bots())
def test_a_search_bot_told_a_fifth_of_a_second_answers(game_id: str, name: str) -> None:
    game = REGISTRY.get(game_id)
    state, seat = searched(game, players=4)
    bot: Any = make_bot(game, name)
    bot.seconds = 0.2
    start = time.perf_counter()
    picked = bot.choose(Decision(game, state.copy(), seat), Rng(2))
    assert time.perf_counter() - start < 5.0  # liveness: untimed, some take a minute
    assert picked.key in {c.key for c in game.choices(state)}


@pytest.mark.parametrize("name", ["lookahead:64", "improver"])
def test_a_worker_with_a_small_budget_plays_the_bots_own_move(name: str) -> None:
    """Issue 46: these two never looked at the budget: every move ran to the worker's alarm
    and played the cheap fallback ("thought past its budget")."""
    game = REGISTRY.get("realms")
    state, seat = searched(game, players=3)
    as_json = game.state_to_json(state)
    reply = bounded_move("realms", as_json, seat, name, 7, 1.5)
    assert reply["fallback"] == "", reply
    assert reply["key"] in {c.key for c in game.choices(state)}


def test_the_lookahead_compares_moves_on_the_samples_it_finished() -> None:
    """Cut short, every move has values on the same samples (common random numbers kept)."""
    game = REGISTRY.get("realms")
    state, seat = searched(game, players=4)
    bot: Any = make_bot(game, "lookahead:64")
    bot.seconds = 0.3
    outcomes = bot.outcomes(Decision(game, state.copy(), seat), Rng(3))
    lengths = {len(v) for v in outcomes.values()}
    assert lengths == {bot.last_samples}
    assert bot.last_samples < 64

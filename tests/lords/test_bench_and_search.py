"""Lords figures for ``hellas bench`` and the evaluation the search bots use."""

from __future__ import annotations

import math

from hellas.ai import make_bot
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games.lords import GAME
from hellas.games.lords.bench import game_times, random_game


def test_random_games_are_timed_to_their_end() -> None:
    figures = game_times(GAME, 0.0, players=2)  # at least one whole game
    assert figures["random_2p_games"] >= 1
    assert figures["random_2p_game_median_s"] > 0
    assert figures["random_2p_decisions_per_game"] > 100
    shares = [v for k, v in figures.items() if k.endswith("_share")]
    assert math.isclose(sum(shares), 1.0)


def test_a_random_game_replays_to_the_same_end() -> None:
    options = GAME.validate_options({"players": 3})
    first = random_game(GAME, options, 5, Rng(1))
    second = random_game(GAME, options, 5, Rng(1))
    assert first[1:] == second[1:] and first[2] in ("warlord", "favored", "king", "slayer")


def test_evaluation_is_a_probability_that_prefers_more_land() -> None:
    state = GAME.new({"players": 2}, 3)
    assert math.isclose(GAME.evaluate(state, 0), 0.5)  # nobody holds anything yet
    richer = state.copy()
    richer.control[0] = richer.control[1] = 0
    assert 0.5 < GAME.evaluate(richer, 0) < 1.0 and GAME.evaluate(richer, 1) < 0.5
    assert GAME.rollout_depth(state) == 0
    seat = GAME.to_act(state)
    assert seat is not None
    choice = make_bot(GAME, "ismcts:20").choose(Decision(GAME, state.copy(), seat), Rng(2))
    assert choice.key in {c.key for c in GAME.choices(state)}

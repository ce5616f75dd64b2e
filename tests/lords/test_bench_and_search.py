"""Lords figures for ``hellas bench`` and the evaluation the search bots use."""

from __future__ import annotations

import math
from typing import Any

import pytest

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


def test_the_lookahead_bot_searches_turn_steps_over_one_round_of_heuristic_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lords' lookahead: heuristic rollouts until others have acted and the bot's turn is back."""
    from hellas.ai.lookahead import LookaheadBot  # noqa: PLC0415
    from hellas.games.lords.bots import choose  # noqa: PLC0415

    bot = make_bot(GAME, "lookahead")
    assert isinstance(bot, LookaheadBot)
    settings = GAME.lookahead_settings()
    assert (bot.samples, bot.full, bot.horizon) == (settings["samples"], False, "round")
    assert make_bot(GAME, "lookahead:3").samples == 3  # the knob keeps the game's settings
    assert GAME.rollout_policy() is choose
    rounds = 0
    for seed in range(6):
        s = GAME.new({"players": 3}, seed)
        rng = Rng(seed)
        for _ in range(40 + 15 * seed):  # into the game: past the set-up
            GAME.step(s, choose(s, rng))
        while (seat := GAME.to_act(s)) is not None and s.stack[-1]["k"] != "turn":
            GAME.step(s, choose(s, rng))
        if seat is None:
            continue
        assert s.stack[-1]["k"] == "turn"
        t = s.copy()
        GAME.step(t, choose(t, rng))
        actors: list[tuple[int | None, bool]] = []

        def spy(
            state: Any, choice: Any, log: bool, _seen: list[Any] = actors, _do: Any = GAME._apply
        ) -> Any:
            _seen.append((GAME.to_act(state), GAME.round_done(state, seat)))
            return _do(state, choice, log)

        with monkeypatch.context() as patch:
            patch.setattr(GAME, "_apply", spy)
            LookaheadBot._play_round(GAME, t, seat, choose, Rng(seed))
        if GAME.to_act(t) is None:
            continue
        rounds += 1
        assert GAME.to_act(t) == seat and t.stack[-1]["k"] == "turn" and GAME.worth_searching(t)
        assert any(q != seat for q in actors), "the round ends only after another seat acted"
        first_other = next(i for i, (q, _) in enumerate(actors) if q != seat)
        assert (
            not [  # ... at the seat's first searched decision after that, not a later one
                i for i, (q, worth) in enumerate(actors) if i > first_other and q == seat and worth
            ]
        )
    assert rounds >= 3

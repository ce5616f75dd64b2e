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
    even = GAME.evaluate(state, 0)
    assert math.isclose(even + GAME.evaluate(state, 1), 1.0)
    assert 0.35 < even < 0.65  # nobody holds anything yet: only the Heroes differ
    richer = state.copy()
    richer.control[0] = richer.control[1] = 0
    assert even < GAME.evaluate(richer, 0) < 1.0
    assert GAME.evaluate(richer, 1) < GAME.evaluate(state, 1)
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


def _played(options: dict[str, Any], seed: int, steps: int) -> Any:
    """A state after ``steps`` random decisions (or the end of the game)."""
    state = GAME.new(options, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if GAME.to_act(state) is None:
            break
        choices = GAME.choices(state)
        GAME.step(state, choices[rng.below(len(choices))])
    return state


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 4}, {"players": 3, "modules": ["poseidon", "orichalkum"]}],
)
def test_search_leaves_value_every_seat_at_once_with_the_same_numbers(
    options: dict[str, Any],
) -> None:
    """``evaluate_seats`` shares work but gives exactly the per-seat floats, summing to 1."""
    from hellas.games.lords.value import features, seat_features  # noqa: PLC0415

    for seed in range(4):
        for steps in (0, 60, 250, 900):
            state = _played(options, seed, steps)
            seats = list(range(state.n))
            assert seat_features(state) == [features(state, p) for p in seats]
            chances = GAME.evaluate_seats(state, seats[::-1])
            assert chances == [GAME.evaluate(state, p) for p in seats[::-1]]
            assert sum(chances) == pytest.approx(1.0)
            assert all(0.0 <= c <= 1.0 for c in chances)


def _hint_counts(game: Any, state: Any) -> list[int]:
    """Search one decision and return how many policy moves each tree node memoised."""
    from hellas.ai.ismcts import ISMCTSBot  # noqa: PLC0415

    seat = game.to_act(state)
    root = ISMCTSBot(iterations=120, samples=8).search(Decision(game, state, seat), Rng(4))
    counts, todo = [], [root]
    while todo:
        node = todo.pop()
        counts.append(len(node.hints))
        todo.extend(node.children.values())
    return counts


def test_lords_search_works_out_the_policy_move_once_per_node() -> None:
    """Lords' heuristic reads no re-dealt card for the searching seat: one prior per node."""
    from hellas.games.legends import GAME as LEGENDS  # noqa: PLC0415

    assert GAME.policy_reads_samples is False
    state = _played({"players": 3}, 2, 40)
    while not GAME.worth_searching(state) or len(GAME.choices(state)) < 3:
        GAME.step(state, GAME.choices(state)[0])
    lords = _hint_counts(GAME, state)
    assert max(lords) == 1 and sum(lords) > 3  # priors were used, never one per sample
    # Legends partners' moves depend on their sampled hands: one prior per sample there.
    legends = LEGENDS.new({"players": 3, "mission": 1}, 5)
    while not LEGENDS.worth_searching(legends) or len(LEGENDS.choices(legends)) < 3:
        LEGENDS.step(legends, LEGENDS.choices(legends)[0])
    assert max(_hint_counts(LEGENDS, legends)) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_learned_value_predicts_heuristic_winners_better_than_a_uniform_guess(
    players: int,
) -> None:
    """The fitted weights carry information: on fresh heuristic games (seeds the fit never
    saw) the mean log loss of the winner's chance is well under the uniform guess's.  120
    games: 60 gave 0.84-0.99 of the uniform loss from one block of seeds to the next."""
    from hellas.games.lords.bots import choose  # noqa: PLC0415
    from hellas.games.lords.value import chances  # noqa: PLC0415

    losses = []
    for seed in range(900_000, 900_120):
        state = GAME.new({"players": players}, seed)
        rng = Rng(seed)
        seen = []
        while GAME.to_act(state) is not None:
            if state.stack[-1]["k"] == "turn" and state.turn > 0 and rng.below(3) == 0:
                seen.append(chances(state))
            GAME.step(state, choose(state, rng))
        assert state.result is not None
        winner = state.result["winner"]
        losses += [-math.log(max(1e-9, c[winner])) for c in seen]
    assert sum(losses) / len(losses) < 0.95 * math.log(players)  # measured 0.84-0.92


def test_the_learned_value_rewards_progress_toward_a_victory() -> None:
    """A slain Monster, a Temple Region and the Monument's Region all raise a seat's chance;
    a finished game is certain."""
    from hellas.games.lords.value import chances  # noqa: PLC0415

    state = _played({"players": 4}, 2, 200)
    assert state.result is None
    base = chances(state)
    slayer = state.copy()
    slayer.slain[slayer.slain.index(-1)] = 1
    assert chances(slayer)[1] > base[1]
    assert sum(chances(slayer)) == pytest.approx(1.0)
    done = state.copy()
    done.result = {"winner": 3, "condition": "slayer"}
    assert chances(done) == [0.0, 0.0, 0.0, 1.0]

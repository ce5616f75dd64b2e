"""PettingZoo AEC adapter: the API and seed tests, masks, rewards, rendering and no leaks."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from hellas import rl
from hellas.core.errors import HellasError, IllegalChoice
from hellas.core.rng import Rng
from hellas.rl.checks import check_no_leak
from hellas.rl.session import rewards_of

# One option set per game, kept small so the suite stays quick (Lords: a turn limit).
CASES: list[tuple[str, dict[str, Any]]] = [
    ("legends", {"players": 3, "mission": 1}),
    ("legends", {"players": 1, "mission": 7, "difficulty": "godlike"}),
    ("realms", {"players": 3}),
    ("realms", {"players": 2, "endgame": "manual", "promo": True}),
    ("lords", {"players": 3, "turn_limit": 12}),
    # Dark Ages modules change the content (Regions, Attributes, cards): the layout follows
    ("lords", {"players": 5, "turn_limit": 10, "modules": "poseidon,atlantis,hades"}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in CASES]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_pettingzoo_api_test(game_id: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's style hints about Dict observations
        api_test(rl.env(game_id, **options), num_cycles=200)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_pettingzoo_seed_test(game_id: str, options: dict[str, Any]) -> None:
    seed_test(lambda: rl.env(game_id, **options), num_cycles=100)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_no_seat_sees_hidden_information(game_id: str, options: dict[str, Any]) -> None:
    counts = check_no_leak(game_id, options, seeds=(3,))
    assert counts["compared"] > 30
    assert counts["differed"] > counts["compared"] // 2  # the re-deals really changed states


def test_the_leak_check_catches_an_observation_that_reads_the_state() -> None:
    def leaky(state: Any, seat: int) -> np.ndarray:
        return np.array(state.hands, dtype=np.float32)  # every hand, not just the seat's

    with pytest.raises(AssertionError, match="changes when hidden information is re-dealt"):
        check_no_leak("legends", {"players": 3}, seeds=(3,), observe=leaky)


def test_observation_is_the_view_vector_and_the_mask_marks_legal_choices() -> None:
    env = rl.env("legends", players=3)
    env.reset(seed=11)
    rng = Rng(5)
    game = env.session.game
    for _ in range(60):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32
        view = game.view(env.session.state, seat)
        assert np.array_equal(obs["observation"], env.session.encoder.encode(view))
        legal = sorted(c.index for c in game.choices(env.session.state))
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(legal[rng.below(len(legal))])


def test_repeated_observations_are_never_stale_and_never_shared() -> None:
    """The per-seat observation cache gives what a fresh encoding of the view gives, always."""
    env = rl.env("legends", players=3, mission=2)
    session = env.session
    rng = Rng(8)
    for seed in (3, 4):
        env.reset(seed=seed)
        while env.agents and not env.terminations[env.agent_selection]:
            for agent in env.possible_agents:
                seat = int(agent.split("_")[1])
                fresh = session.encoder.encode(session.game.view(session.state, seat))
                first = env.observe(agent)["observation"]
                first[:] = 0.5  # a caller scribbling on its array must not reach the next one
                second, _r, _term, _trunc, _info = env.last()
                again = env.observe(agent)["observation"]
                assert np.array_equal(again, fresh)
                if agent == env.agent_selection:
                    assert np.array_equal(second["observation"], fresh)
            legal = np.flatnonzero(env.action_mask(env.agent_selection))
            env.step(int(legal[rng.below(len(legal))]))


def _play_out(env: Any, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = Rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _obs, reward, term, trunc, _info = env.last(observe=False)
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(env.action_mask(agent))
        env.step(int(legal[rng.below(len(legal))]))
    return totals


@pytest.mark.parametrize("game_id", ["legends", "realms"])
def test_rewards_come_from_the_outcome(game_id: str) -> None:
    env = rl.env(game_id, players=3)
    totals = _play_out(env, 4)
    session = env.session
    outcome = session.game.outcome(session.state)
    assert outcome is not None
    expected = rewards_of(session.game, outcome, 3)
    assert [totals[a] for a in env.possible_agents] == expected
    if game_id == "legends":
        assert len(set(expected)) == 1  # a co-operative team shares one reward
    else:
        assert sum(expected) == pytest.approx(1.0)
        assert all(expected[w] > 0 for w in outcome.winners)


def test_score_rewards_are_the_outcome_scores() -> None:
    env = rl.env("realms", players=2, reward="score")
    totals = _play_out(env, 9)
    outcome = env.session.game.outcome(env.session.state)
    assert outcome is not None
    assert [totals[a] for a in env.possible_agents] == list(outcome.scores)


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = rl.env("legends", players=3)
    env.reset(seed=2)
    before = env.session.game.state_to_json(env.session.state)
    illegal = int(np.flatnonzero(env.action_mask(env.agent_selection) == 0)[0])
    with pytest.raises(IllegalChoice, match="not legal now"):
        env.step(illegal)
    with pytest.raises(IllegalChoice, match="no such action"):
        env.step(10_000)
    assert env.session.game.state_to_json(env.session.state) == before


def test_bad_options_are_refused_clearly() -> None:
    with pytest.raises(HellasError, match="players"):
        rl.env("legends", players=9)
    with pytest.raises(HellasError, match="unknown game"):
        rl.env("chess")
    with pytest.raises(HellasError, match="reward must be"):
        rl.env("legends", reward="points")


def test_seeds_reproduce_games_and_unseeded_resets_follow_the_seed() -> None:
    a, b = rl.env("realms", players=2), rl.env("realms", players=2)
    a.reset(seed=7)
    a.reset()
    b.reset(seed=7)
    b.reset()
    assert a.session.seed == b.session.seed != 7
    assert a.observe("player_0")["observation"].tolist() == (
        b.observe("player_0")["observation"].tolist()
    )


def test_truncation_after_max_decisions() -> None:
    env = rl.env("lords", players=2, max_decisions=25)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        _obs, _r, term, trunc, _info = env.last(observe=False)
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        legal = np.flatnonzero(env.action_mask(agent))
        env.step(int(legal[0]))
        steps += 1
    assert steps == 25


def test_render_ansi_shows_the_acting_seats_view() -> None:
    env = rl.env("legends", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "Hills of Ithaka" in text  # mission 1, drawn by the game's own renderer
    assert rl.env("legends").render() is None


def test_layouts_cover_the_vector_and_describe_every_slice() -> None:
    for game_id, options in CASES:
        layout = rl.describe(game_id, **options)
        position = 0
        for field in layout.fields:
            assert field.start == position and field.meaning
            position = field.stop
        assert position == layout.size == rl.env(game_id, **options).layout.size
        assert f"`{layout.fields[-1].name}`" in layout.markdown()

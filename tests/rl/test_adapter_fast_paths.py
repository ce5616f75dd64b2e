"""The adapters' fast paths give exactly what the plain paths give, on many random games.

``HellasAEC.last`` builds the selected agent's observation itself (the legal mask of the seat
to act, the kept Legends row copied); ``HellasGymEnv.play_bots`` applies a bot's answer found
in its decision's legal list without a second lookup (``Session.apply_legal``); and
``HellasVectorEnv`` gathers the kept rows of its games into a new array at each call.  Each is
compared here with the plain computation (the encoding of the seat's JSON view, the mask of
``Session.mask``, ``Session.play_choice``) on random games of every Legends mission with 1-5
players, and every observation handed out is checked again after later steps: none may
change once returned.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hellas import rl
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.rl.gym import HellasGymEnv
from hellas.rl.vector import HellasVectorEnv

MISSIONS = range(1, 13)
PLAYERS = (1, 2, 3, 4, 5)
CASES = [(p, m) for p in PLAYERS for m in MISSIONS]
OTHER_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("realms", {"players": 3}),
    ("lords", {"players": 4, "turn_limit": 4}),
]


def _view_vector(session: Any, seat: int) -> np.ndarray:
    """Return the plain observation: the encoding of ``seat``'s JSON view."""
    vector: np.ndarray = session.encoder.encode(session.game.view(session.state, seat))
    return vector


def _play_aec(game_id: str, options: dict[str, Any], seed: int) -> int:
    """Play one random game through ``last()``, checking every observation; return decisions."""
    env = rl.env(game_id, **options)
    env.reset(seed=seed)
    session = env.unwrapped.session
    rng = Rng(seed)
    handed: list[tuple[np.ndarray, np.ndarray]] = []
    decisions = 0
    while env.agents:
        agent = env.agent_selection
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        expected = _view_vector(session, seat)
        assert np.array_equal(obs["observation"], expected), (game_id, options, decisions)
        assert np.array_equal(obs["action_mask"], session.mask(seat))
        assert np.array_equal(obs["observation"], env.observe(agent)["observation"])
        handed.append((obs["observation"], expected))
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.below(len(legal))]))
        decisions += 1
    for got, expected in handed:  # nothing handed out was written over by later steps
        assert np.array_equal(got, expected)
    return decisions


@pytest.mark.parametrize(("players", "mission"), CASES)
def test_pettingzoo_last_equals_the_view_encoding_and_stays_valid(
    players: int, mission: int
) -> None:
    """``last()`` observation = encoded view, mask = ``Session.mask``, copies never reused."""
    decisions = sum(
        _play_aec("legends", {"players": players, "mission": mission}, seed) for seed in (1, 2)
    )
    assert decisions > 20


@pytest.mark.parametrize(("game_id", "options"), OTHER_GAMES, ids=[g for g, _ in OTHER_GAMES])
def test_pettingzoo_last_on_other_games(game_id: str, options: dict[str, Any]) -> None:
    """The same check on games whose encoders keep no rows."""
    assert _play_aec(game_id, options, 3) > 20


def test_last_after_the_end_and_with_observe_false() -> None:
    """A finished game's agents get zero masks; ``observe=False`` builds no observation."""
    env = rl.env("legends", players=2, mission=1)
    env.reset(seed=4)
    rng = Rng(4)
    while env.agents:
        obs, _r, term, trunc, _i = env.last(observe=False)
        assert obs is None
        if term or trunc:
            full = env.last()[0]
            assert full is not None
            assert not full["action_mask"].any()
            env.step(None)
            continue
        legal = env.action_mask(env.agent_selection).nonzero()[0]
        env.step(int(legal[rng.below(len(legal))]))


class PlainBotsEnv(HellasGymEnv):
    """The Gymnasium environment with the bots' moves applied through ``play_choice``."""

    def play_bots(self) -> None:
        """Let the bots decide (plain path: every answer looked up again)."""
        session, game = self.session, self.session.game
        while (q := game.to_act(session.state)) is not None and q != self.seat:
            decision = Decision(game, session.state, q)
            session.play_choice(self.bots[q].choose(decision, self._bot_rng))


@pytest.mark.parametrize(("players", "mission"), [(p, m) for p in (2, 3, 5) for m in MISSIONS])
def test_gymnasium_bots_fast_path_plays_the_same_games(players: int, mission: int) -> None:
    """Same seeds, same bots: the fast and the plain bot path give identical episodes."""
    options: dict[str, Any] = {"players": players, "mission": mission}
    fast = HellasGymEnv("legends", bots="random", **options)
    plain = PlainBotsEnv("legends", bots="random", **options)
    rng = Rng(mission * 7 + players)
    for seed in (1, 2):
        a, info_a = fast.reset(seed=seed)
        b, info_b = plain.reset(seed=seed)
        handed = [(a, a.copy())]
        while True:
            assert np.array_equal(a, b)
            assert np.array_equal(a, _view_vector(fast.session, fast.seat))
            assert np.array_equal(info_a["action_mask"], info_b["action_mask"])
            assert fast.session.state == plain.session.state
            legal = info_a["action_mask"].nonzero()[0]
            action = int(legal[rng.below(len(legal))])
            a, ra, ta, ua, info_a = fast.step(action)
            b, rb, tb, ub, info_b = plain.step(action)
            handed.append((a, a.copy()))
            assert (ra, ta, ua) == (rb, tb, ub)
            if ta or ua:
                assert np.array_equal(a, b)
                break
        for got, kept in handed:
            assert np.array_equal(got, kept)


def test_a_bot_answer_outside_its_list_still_goes_through_the_checked_path() -> None:
    """A bot returning a foreign object for a legal choice is resolved by index, as before."""
    env = HellasGymEnv("legends", bots="random", players=3, mission=1)
    table = env.session.table

    class Foreign:
        name = "foreign"

        def choose(self, decision: Decision[Any], rng: Rng) -> Any:
            c = decision.choices[0]
            return type(c)(c.key, c.index, c.label)  # equal fields, another object

    for q in env.bots:
        env.bots[q] = Foreign()  # type: ignore[assignment]
    _obs, info = env.reset(seed=3)
    steps = 0
    while steps < 50:
        legal = info["action_mask"].nonzero()[0]
        _obs, _r, done, cut, info = env.step(int(legal[0]))
        steps += 1
        if done or cut:
            break
    assert env.session.decisions > steps
    assert len(table) == env.session.num_actions


@pytest.mark.parametrize(("players", "mission"), [(1, 3), (2, 7), (3, 1), (4, 10), (5, 12)])
def test_vector_rows_equal_the_view_encoding_and_stay_valid(players: int, mission: int) -> None:
    """Every row of every call is the seat's encoded view; returned arrays are never reused."""
    envs = HellasVectorEnv("legends", num_envs=6, bots="random", players=players, mission=mission)
    obs, infos = envs.reset(seed=11)
    rng = np.random.default_rng(players * 100 + mission)
    handed = [(obs, obs.copy(), infos["action_mask"], infos["action_mask"].copy())]
    for _ in range(60):
        for i, env in enumerate(envs.envs):
            session = env.session
            if session.to_act() == envs.seat:
                assert np.array_equal(obs[i], _view_vector(session, envs.seat))
                assert np.array_equal(infos["action_mask"][i], session.mask(envs.seat))
        masks = envs.action_masks()
        actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)
        obs, _rewards, _term, _trunc, infos = envs.step(actions)
        handed.append((obs, obs.copy(), infos["action_mask"], infos["action_mask"].copy()))
    for got, kept, mask, kept_mask in handed:
        assert np.array_equal(got, kept)
        assert np.array_equal(mask, kept_mask)


@pytest.mark.parametrize(("game_id", "options"), OTHER_GAMES, ids=[g for g, _ in OTHER_GAMES])
def test_vector_rows_on_other_games(game_id: str, options: dict[str, Any]) -> None:
    """Encoders that keep no rows write into the batch array; the result is still a copy."""
    envs = HellasVectorEnv(game_id, num_envs=3, bots="random", **options)
    obs, _infos = envs.reset(seed=2)
    first = obs.copy()
    rng = np.random.default_rng(2)
    for _ in range(5):
        masks = envs.action_masks()
        actions = np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1)
        step_obs, *_rest = envs.step(actions)
        for i, env in enumerate(envs.envs):
            if env.session.to_act() == envs.seat:
                assert np.array_equal(step_obs[i], _view_vector(env.session, envs.seat))
    assert np.array_equal(obs, first)

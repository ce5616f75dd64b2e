"""OpenSpiel Python games for every Hellas game: ``python_hellas_<game id>``.

Importing this module registers ``python_hellas_<id>`` for every registered game
(``python_hellas_legends`` ...; :func:`register` adds games registered later).  Their scalar
options are OpenSpiel game parameters, and list options are strings joined by ``+``
(OpenSpiel's game strings split on commas)::

    import pyspiel, hellas.rl.openspiel
    game = pyspiel.load_game("python_hellas_legends", {"players": 3, "mission": 1})
    lords = pyspiel.load_game("python_hellas_lords", {"players": 4, "modules": "poseidon+hades"})

Chance: the engine draws all of its randomness from the seeded generator inside the state (the
shuffles at set-up, later draws from those decks and from the same generator), so a game is a
deterministic function of (seed, choices).  The OpenSpiel game therefore has exactly one chance
node, at the root, whose outcome ``k`` (uniform over ``num_seeds`` outcomes) is the engine seed
``seed_base + k``.  That is the engine's own distribution over those seeds, with perfect recall
and explicit probabilities; no player observes the outcome, only its consequences through its
view.  (Splitting the randomness into a chance node per shuffle or draw would need the rules
to expose every draw, which they deliberately keep inside ``apply``.)

Information states and observations are both the seat's view: the string is its canonical
JSON, the tensor its encoder vector (``hellas.rl.describe``).  Views keep what a seat saw
(gifts, discards, known cards), but they are not a full record of its history, so information
state strings do not promise perfect recall.  ``resample_from_infostate`` re-deals with
``Game.determinize``, so OpenSpiel's ISMCTS works on these games.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from hellas.core.rng import Rng
from hellas.rl.session import Session, rewards_of

NUM_SEEDS = 4096
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _scalar_options(session: Session) -> dict[str, Any]:
    """Return the game's options OpenSpiel can carry (ints, strings, booleans; lists as text)."""
    out: dict[str, Any] = {}
    for spec in session.game.meta.options.specs:
        if getattr(spec, "local_only", False):
            continue
        if spec.kind in ("int", "str", "bool"):
            out[spec.name] = spec.default
        elif spec.kind == "list":  # e.g. Lords' modules, as "poseidon+hades"
            out[spec.name] = "+".join(spec.default)
    return out


class _Core:
    """What a state carries: the shared game data and its own engine state.

    ``copy.deepcopy`` (how OpenSpiel clones Python states) copies only the engine state, with
    its own fast ``copy()``; the game, the encoder and the options are shared.
    """

    __slots__ = ("seed", "session", "state")

    def __init__(self, session: Session, state: Any, seed: int | None) -> None:
        self.session = session
        self.state = state
        self.seed = seed

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        state = None if self.state is None else self.state.copy()
        return _Core(self.session, state, self.seed)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as (game, options, reward, state JSON, seed): OpenSpiel's serialization."""
        s = self.session
        data = None if self.state is None else s.game.state_to_json(self.state)
        return (_rebuild, (s.game.meta.id, dict(s.options), s.reward, data, self.seed))


# Sessions shared by the states unpickled in this process, one per (game, options, reward),
# the least recently used dropped past SESSIONS_KEPT: a process that unpickles states of many
# option sets (a sweep over missions and player counts) keeps a bounded number of encoders.
SESSIONS_KEPT = 32
_SESSIONS: OrderedDict[str, Session] = OrderedDict()


def _session(game_id: str, options: dict[str, Any], reward: str) -> Session:
    """Return the shared session of (game, options, reward), made if not kept (an LRU)."""
    key = json.dumps([game_id, options, reward], sort_keys=True, default=str)
    session = _SESSIONS.get(key)
    if session is not None:
        _SESSIONS.move_to_end(key)
        return session
    session = _SESSIONS[key] = Session(game_id, options, reward)
    while len(_SESSIONS) > SESSIONS_KEPT:
        _SESSIONS.popitem(last=False)
    return session


def _rebuild(
    game_id: str, options: dict[str, Any], reward: str, data: Any, seed: int | None
) -> _Core:
    """Return the ``_Core`` that ``_Core.__reduce__`` saved (sessions are shared per table)."""
    session = _session(game_id, options, reward)
    state = None if data is None else session.game.state_from_json(data)
    return _Core(session, state, seed)


class HellasSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Hellas game as an OpenSpiel Python game."""

    game_id = ""  # set on each registered subclass
    game_type: Any = None
    list_options: frozenset[str] = frozenset()  # options given as "a+b" (see __init__)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id, game_type = self.game_id, self.game_type
        params = dict(params or {})
        self.num_seeds = int(params.pop("num_seeds", NUM_SEEDS))
        self.seed_base = int(params.pop("seed_base", 0))
        reward = str(params.pop("reward", "win"))
        # list options travel as "a+b": OpenSpiel's game strings split parameters on commas
        options = {
            k: v.replace("+", ",") if k in self.list_options and isinstance(v, str) else v
            for k, v in params.items()
        }
        self.session = Session(game_id, options, reward)
        s = self.session
        info = pyspiel.GameInfo(
            num_distinct_actions=s.num_actions,
            max_chance_outcomes=self.num_seeds,
            num_players=s.seats,
            min_utility=0.0 if reward == "win" else -1000.0,
            max_utility=1.0 if reward == "win" else 1000.0,
            utility_sum=None,
            max_game_length=s.game.meta.max_decisions,
        )
        all_params = {**params, "num_seeds": self.num_seeds, "seed_base": self.seed_base}
        all_params["reward"] = reward
        super().__init__(game_type, info, all_params)

    def new_initial_state(self) -> HellasSpielState:
        """Return the root: a chance node that picks the engine seed."""
        return HellasSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HellasObserver:
        """Return the observer: the view vector and the view JSON (information state too)."""
        return HellasObserver(self.session)


class HellasSpielState(pyspiel.State):  # type: ignore[misc]
    """A state of a Hellas game under OpenSpiel: the root chance node, then the engine state."""

    def __init__(self, game: HellasSpielGame) -> None:
        super().__init__(game)
        self._core = _Core(game.session, None, None)
        self._num_seeds = game.num_seeds
        self._seed_base = game.seed_base
        self._player = _CHANCE  # kept in step with the engine state after every action

    @property
    def engine_state(self) -> Any:
        """Return the Hellas engine state (``None`` before the chance node)."""
        return self._core.state

    def current_player(self) -> int:
        """Return the seat to act, CHANCE at the root, or TERMINAL at the end."""
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        """Return the legal choice-table indices, ascending."""
        core = self._core
        return core.session.sorted_legal(core.state)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Return the legal actions (the same as OpenSpiel's, without the C++ round trip).

        Python callers (OpenSpiel's Python algorithms, RL loops) reach this directly; C++
        callers go through ``LegalActions``, which ends in ``_legal_actions`` above.
        """
        current = self._player
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return list(range(self._num_seeds))
        if player is not None and player != current:
            return []
        core = self._core
        return core.session.sorted_legal(core.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the root's outcomes: every seed index, equally likely."""
        p = 1.0 / self._num_seeds
        return [(k, p) for k in range(self._num_seeds)]

    def _apply_action(self, action: int) -> None:
        """Pick the seed (at the root) or apply the choice with that table index."""
        core = self._core
        session = core.session
        if core.state is None:
            core.seed = self._seed_base + int(action)
            core.state = session.game.new(session.options, core.seed)
        else:
            session.apply_index(core.state, int(action))
        seat = session.game.to_act(core.state)
        self._player = _TERMINAL if seat is None else seat

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the seed, or the choice's stable key."""
        if player == _CHANCE:
            return f"seed:{self._seed_base + int(action)}"
        return str(self._core.session.table.at(int(action)).key)

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Return each seat's reward (zero until the end)."""
        core = self._core
        session = core.session
        if core.state is None:
            return [0.0] * session.seats
        outcome = session.game.outcome(core.state)
        if outcome is None:
            return [0.0] * session.seats
        return rewards_of(session.game, outcome, session.seats, session.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """Return a clone with everything ``player_id`` cannot know re-dealt (determinize)."""
        clone = self.clone()
        core = self._core
        if core.state is not None:
            draw = int(probability_sampler() * (1 << 53))
            rng = Rng(draw ^ (len(self.history()) << 53))
            clone._core.state = core.session.game.determinize(core.state, player_id, rng)
        return clone

    def __str__(self) -> str:
        """Return the spectator's view as JSON (the seed once chosen)."""
        core = self._core
        if core.state is None:
            return "chance: choose the seed"
        view = core.session.game.view(core.state, None)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


class HellasObserver:
    """OpenSpiel's PyObserver protocol over a seat's view (tensor = encoder vector)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.tensor = np.zeros(session.encoder.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HellasSpielState, player: int) -> None:
        """Write ``player``'s view vector into ``tensor`` (zeros before the chance node)."""
        engine = state.engine_state
        if engine is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.session.observe_state(engine, player)

    def string_from(self, state: HellasSpielState, player: int) -> str:
        """Return ``player``'s view as canonical JSON (empty before the chance node)."""
        engine = state.engine_state
        if engine is None:
            return ""
        view = self.session.game.view(engine, player)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _game_type(game_id: str, session: Session) -> Any:
    meta = session.game.meta
    params = _scalar_options(session)
    params.update({"num_seeds": NUM_SEEDS, "seed_base": 0, "reward": "win"})
    return pyspiel.GameType(
        short_name=f"python_hellas_{game_id}",
        long_name=f"Python Hellas {meta.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.IDENTICAL
            if meta.cooperative
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meta.max_seats,
        min_num_players=meta.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register() -> list[str]:
    """Register every Hellas game with OpenSpiel (idempotent); return the short names."""
    from hellas.games import REGISTRY  # noqa: PLC0415

    names = []
    known = set(pyspiel.registered_names())
    for game in REGISTRY:
        name = f"python_hellas_{game.meta.id}"
        names.append(name)
        if name in known:
            continue
        game_type = _game_type(game.meta.id, Session(game.meta.id))
        cls = type(
            f"HellasSpiel_{game.meta.id}",
            (HellasSpielGame,),
            {
                "game_id": game.meta.id,
                "game_type": game_type,
                "list_options": frozenset(
                    spec.name for spec in game.meta.options.specs if spec.kind == "list"
                ),
            },
        )
        pyspiel.register_game(game_type, cls)
    return names


GAMES = register()

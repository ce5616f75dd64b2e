"""Speed of random play through the RL adapters, next to the engine's own loop (one run).

Every loop plays uniformly random legal choices with the same kind of generator, a new game
when one ends, in one process; the loops take turns in short slices and are timed in CPU
seconds of this process, so the ratios stay fair on a busy, shared machine.  Loops:

- ``engine``: ``Game.play_random`` - list the choices, pick one, apply (the ``hellas bench``
  figure);
- ``pettingzoo_mask``: the AEC environment as a random agent that reads only the action mask
  uses it (``last(observe=False)``, ``action_mask(agent)``, ``step``);
- ``pettingzoo_observe``: the same with ``last()`` building the observation (view vector and
  mask) at every decision, as a learning agent needs;
- ``pettingzoo_observe_extras``: the same with every opt-in observation extra the game's
  encoder offers (Realms: the solver's exact score and card terms), for games that offer any;
- ``gymnasium``: the single-agent environment with random bots in the other seats (each
  learner step also runs the bots' decisions; every decision counts);
- ``pettingzoo_floor`` and ``gymnasium_floor``: the two observing loops with the observation
  replaced by a copy of one constant vector - what the adapter and the agent's loop cost when
  an observation is free.  The gap between a floor and half the engine's speed is the time an
  observation may take for the loop to reach half the engine's speed (``budget_us``);
- ``openspiel``: ``state.legal_actions()`` / ``apply_action`` on the OpenSpiel Python game;
- ``connect_four_v3``: PettingZoo's classic environment with the standard loop, for scale;
- ``vector``: ``hellas.rl.vector`` with 1,024 games per call, every game observed each call;
- ``pgx``: with the ``bench`` extra installed, a pgx game of similar size (Legends:
  ``sparrow_mahjong``, Lords: ``backgammon``) batched the same way on the CPU, one thread.

``ratios`` gathers the issue-36 figures: the observing loops to the engine, PettingZoo's
observing loop to ``connect_four_v3``, the batched loop to pgx.
"""

from __future__ import annotations

import importlib
import platform
import time
import warnings
from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.core.compiled import engine_label, modules
from hellas.core.rng import Rng
from hellas.sim.bench import Loop, interleave, random_play_loop


def engine_loop(game_id: str, options: Mapping[str, Any]) -> Loop:
    """Return the engine's own random-play loop."""
    from hellas.rl.session import game_by_id  # noqa: PLC0415

    game = game_by_id(game_id)
    return random_play_loop(game, game.validate_options(options))


def _free_observations(session: Any) -> None:
    """Make ``session`` observe by copying one constant vector (the floor loops).

    The session's encoder is swapped for one that keeps a single constant row, so the floor
    pays every call an observation makes except the encoder's own work.
    """
    from hellas.rl.encoders.base import Encoder  # noqa: PLC0415

    class Constant(Encoder):
        """Every observation is a copy of one zero vector (the adapters' floor)."""

        def __init__(self, layout: Any) -> None:
            self.layout = layout
            self.row = np.zeros(layout.size, dtype=np.float32)
            # set on the instance, not as class attributes: a compiled session reads the
            # compiled base's slots, which an interpreted subclass's class attributes shadow
            # without reaching
            self.reads_state = True
            self.keeps = True

        def fill(self, out: np.ndarray, view: Any) -> None:
            """Write nothing (the row is constant)."""

        def fill_state(self, out: np.ndarray, state: Any, seat: int) -> None:
            """Copy the constant row."""
            out[:] = self.row

        def observe(self, state: Any, seat: int) -> np.ndarray:
            """Return a copy of the constant row."""
            return self.row.copy()

        def kept_row(self, state: Any, seat: int) -> np.ndarray:
            """Return the constant row."""
            return self.row

    session.use_encoder(Constant(session.encoder.layout))


def pettingzoo_loop(
    game_id: str,
    options: Mapping[str, Any],
    observe: bool,
    free: bool = False,
    extras: tuple[str, ...] = (),
) -> Loop:
    """Return random play through the AEC environment (mask only, or with observations).

    ``free``: every observation is a copy of one constant vector (the adapter's floor);
    ``extras``: the opt-in observation fields to build as well.
    """
    from hellas import rl  # noqa: PLC0415

    env = rl.env(game_id, extras=extras, **options)
    if free:
        _free_observations(env.unwrapped.session)
    rng = Rng(1)

    def play_one(k: int) -> int:
        env.reset(seed=k)
        decisions = 0
        terminations, truncations = env.terminations, env.truncations
        while env.agents:
            agent = env.agent_selection
            if observe:
                obs, _r, term, trunc, _info = env.last()
                mask = obs["action_mask"]
            else:
                _obs, _r, term, trunc, _info = env.last(observe=False)
                mask = env.action_mask(agent) if not (term or trunc) else None
            if term or trunc or mask is None:
                env.step(None)
                terminations, truncations = env.terminations, env.truncations
                continue
            legal = mask.nonzero()[0]
            env.step(int(legal[rng.below(len(legal))]))
            decisions += 1
        del terminations, truncations
        return decisions

    return Loop(play_one)


def gymnasium_loop(game_id: str, options: Mapping[str, Any], free: bool = False) -> Loop:
    """Return random play through the Gymnasium environment (random bots elsewhere).

    ``free``: every observation is a copy of one constant vector (the adapter's floor).  The
    loop also counts observations (``Loop.observations``: one per reset and per step).
    """
    from hellas.rl.gym import HellasGymEnv  # noqa: PLC0415

    env = HellasGymEnv(game_id, bots="random", **options)
    if free:
        _free_observations(env.session)
    rng = Rng(1)
    loop: Loop

    def play_one(k: int) -> int:
        _obs, info = env.reset(seed=k)
        loop.observations += 1
        while True:
            legal = info["action_mask"].nonzero()[0]
            _obs, _r, terminated, truncated, info = env.step(int(legal[rng.below(len(legal))]))
            loop.observations += 1
            if terminated or truncated:
                return env.session.decisions

    loop = Loop(play_one)
    return loop


def openspiel_loop(game_id: str, options: Mapping[str, Any]) -> Loop | None:
    """Return random play through the OpenSpiel Python game (None without open_spiel)."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415

        import hellas.rl.openspiel  # noqa: F401, PLC0415
    except ImportError:
        return None
    params = {
        k: v for k, v in options.items() if isinstance(v, int | str | bool) and k != "content"
    }
    game = pyspiel.load_game(f"python_hellas_{game_id}", params)
    rng = Rng(1)

    def play_one(k: int) -> int:
        state = game.new_initial_state()
        state.apply_action(k % game.max_chance_outcomes())
        decisions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
        return decisions

    return Loop(play_one)


def connect_four_loop() -> Loop | None:
    """Return PettingZoo's connect_four_v3 under the standard random loop (None if missing)."""
    try:
        with warnings.catch_warnings():  # PettingZoo's module loader warns about its own path
            warnings.simplefilter("ignore", DeprecationWarning)
            from pettingzoo.classic import connect_four_v3  # type: ignore[import-untyped]  # noqa: PLC0415
    except ImportError:
        return None
    env = connect_four_v3.env()
    rng = Rng(1)

    def play_one(k: int) -> int:
        env.reset(seed=k)
        decisions = 0
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.below(len(legal))]))
            decisions += 1
        return decisions

    return Loop(play_one)


BATCH = 1024  # games per call of the batched loops (ours and pgx's)


def _engine() -> str:
    """Return the engine running, in words (the registry names the compiled modules)."""
    from hellas.games import REGISTRY  # noqa: PLC0415 - the registry imports every game

    return engine_label(modules(REGISTRY))


def pgx_peer(game_id: str) -> str | None:
    """Return the pgx game of similar size the game names in its metadata (``bench_peers``)."""
    from hellas.games import REGISTRY  # noqa: PLC0415 - the registry imports every game

    return dict(REGISTRY.get(game_id).meta.bench_peers).get("pgx")


def vector_loop(game_id: str, options: Mapping[str, Any], batch: int = BATCH) -> Loop:
    """Return random play through ``HellasVectorEnv``: ``batch`` games per call, observed.

    Random bots play the other seats; every decision of every seat counts, and one unit is
    one call (``batch`` learner steps, each with its observation row written).
    """
    from hellas.rl.vector import HellasVectorEnv  # noqa: PLC0415

    envs = HellasVectorEnv(game_id, num_envs=batch, bots="random", **options)
    envs.reset(seed=0)
    rng = np.random.default_rng(1)
    sessions = [env.session for env in envs.envs]

    def play_one(k: int) -> int:
        before = sum(s.decisions for s in sessions)
        masks = envs.action_masks()
        noise = rng.random(masks.shape)
        actions = np.where(masks, noise, -1.0).argmax(axis=1)  # a random legal action per row
        envs.step(actions)
        after = sum(s.decisions for s in sessions)
        return max(after - before, 0) or batch  # a call that only restarted games: its rows

    return Loop(play_one)


def pgx_loop(game_id: str, batch: int = BATCH) -> Loop | None:
    """Return random play over a pgx game on the CPU (one thread), ``batch`` games per call.

    None without pgx (``uv sync --extra bench``) or without a pgx game paired with this one.
    Compilation happens before timing; actions are random among the legal ones.
    """
    name = pgx_peer(game_id)
    if name is None:
        return None
    import os  # noqa: PLC0415

    os.environ.setdefault(
        "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
    )
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    try:  # imported by name: the benchmark extra is optional, and untyped
        jax: Any = importlib.import_module("jax")
        jnp: Any = importlib.import_module("jax.numpy")
        pgx: Any = importlib.import_module("pgx")
        auto_reset = importlib.import_module("pgx.experimental").auto_reset
    except ImportError:
        return None
    env = pgx.make(name)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    def pick_legal(key: Any, mask: Any) -> Any:
        logits = jnp.where(mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    act = jax.jit(pick_legal)

    key = jax.random.PRNGKey(0)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, batch))
    box = [state, key]

    def play_one(k: int) -> int:
        state, key = box
        key, pick, move = jax.random.split(key, 3)
        action = act(pick, state.legal_action_mask)
        state = step(state, action, jax.random.split(move, batch))
        state.legal_action_mask.block_until_ready()
        box[0], box[1] = state, key
        return batch

    play_one(0)  # compile before the clock runs
    return Loop(play_one)


def observation_cost(game_id: str, options: Mapping[str, Any], seconds: float) -> dict[str, float]:
    """Return the microseconds one observation costs: the view, its encoding, and the state path.

    Timed as the observing loops meet them: random games played through, the seat to act
    viewed and encoded once at every decision, and observed straight from the state where the
    encoder can (``state_us``; 0 otherwise).  A game that remembers work between observations,
    such as Realms' solved hands, is credited only for what it meets in play.
    """
    from hellas.rl.session import Session  # noqa: PLC0415

    session = Session(game_id, options)
    game, encoder = session.game, session.encoder
    encode = encoder.encode
    rng = Rng(2)
    view_s = encode_s = state_s = 0.0
    n = k = 0
    clock = time.process_time
    row = np.zeros(encoder.layout.size, dtype=np.float32)
    while view_s + encode_s + state_s < seconds or n < 20:
        session.reset(k)
        k += 1
        while (seat := session.to_act()) is not None:
            if encoder.reads_state:  # first, as the environments meet it (nothing kept yet)
                t0 = clock()
                row[:] = 0.0
                encoder.fill_state(row, session.state, seat)
                state_s += clock() - t0
            t0 = clock()
            view = game.view(session.state, seat)
            t1 = clock()
            encode(view)
            encode_s += clock() - t1
            view_s += t1 - t0
            n += 1
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
    return {
        "view_us": 1e6 * view_s / n,
        "encode_us": 1e6 * encode_s / n,
        "state_us": 1e6 * state_s / n,
    }


def run(
    game_id: str, options: Mapping[str, Any], seconds: float = 3.0, rounds: int = 6
) -> dict[str, Any]:
    """Return decisions/s of every loop and each adapter's ratio to the engine.

    Each loop runs for ``seconds`` in all, in ``rounds`` turns taken one after the other, so a
    change in the machine's load hits every loop alike.
    """
    from hellas.rl.encoders import extras_of  # noqa: PLC0415
    from hellas.rl.session import game_by_id  # noqa: PLC0415

    game = game_by_id(game_id)
    options = game.validate_options(options)
    game_id = game.meta.id
    extras = tuple(extras_of(game_id))
    loops: dict[str, Loop | None] = {
        "engine": engine_loop(game_id, options),
        "pettingzoo_mask": pettingzoo_loop(game_id, options, observe=False),
        "pettingzoo_observe": pettingzoo_loop(game_id, options, observe=True),
        "pettingzoo_observe_extras": (
            pettingzoo_loop(game_id, options, observe=True, extras=extras) if extras else None
        ),
        "gymnasium": gymnasium_loop(game_id, options),
        "pettingzoo_floor": pettingzoo_loop(game_id, options, observe=True, free=True),
        "gymnasium_floor": gymnasium_loop(game_id, options, free=True),
        "openspiel": openspiel_loop(game_id, options),
        "connect_four_v3": connect_four_loop(),
        "vector": vector_loop(game_id, options),
        "pgx": pgx_loop(game_id),
    }
    present = {name: loop for name, loop in loops.items() if loop is not None}
    interleave(present.values(), seconds, rounds)
    figures: dict[str, Any] = {}
    for name, loop in present.items():
        figures[name] = loop.rates()
    base = figures["engine"]["decisions_per_s"]
    figures["engine"]["us_per_decision"] = 1e6 / base
    for name, fig in figures.items():
        if name not in ("engine", "connect_four_v3", "pgx"):
            fig["ratio_to_engine"] = fig["decisions_per_s"] / base
    # What one observation may cost for an observing loop to run at half the engine's speed:
    # the time per decision at half speed, less the floor's, per observation the loop builds.
    half_us = 2e6 / base
    budgets = {"pettingzoo_floor": 1.0}  # one observation per decision
    gym_floor = present["gymnasium_floor"]
    if gym_floor.observations:
        budgets["gymnasium_floor"] = gym_floor.decisions / gym_floor.observations
    for name, per_observation in budgets.items():
        floor_us = 1e6 / figures[name]["decisions_per_s"]
        figures[name]["budget_us"] = (half_us - floor_us) * per_observation
    ratios = {
        "pettingzoo_observe_to_engine": figures["pettingzoo_observe"]["ratio_to_engine"],
        "gymnasium_to_engine": figures["gymnasium"]["ratio_to_engine"],
    }
    if "pettingzoo_observe_extras" in figures:
        ratios["pettingzoo_observe_extras_to_engine"] = figures["pettingzoo_observe_extras"][
            "ratio_to_engine"
        ]
    if "connect_four_v3" in figures:
        ratios["pettingzoo_observe_to_connect_four"] = (
            figures["pettingzoo_observe"]["decisions_per_s"]
            / figures["connect_four_v3"]["decisions_per_s"]
        )
    if "pgx" in figures:
        ratios["vector_to_pgx"] = (
            figures["vector"]["decisions_per_s"] / figures["pgx"]["decisions_per_s"]
        )
    return {
        "game": game_id,
        "options": dict(options),
        "engine": _engine(),
        "pgx_game": pgx_peer(game_id) if "pgx" in figures else None,
        "extras": list(extras),
        "ratios": ratios,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "seconds_per_loop": seconds,
        "rounds": rounds,
        "loops": figures,
        "observation": observation_cost(game_id, options, min(seconds, 2.0)),
    }


LABELS = {
    "engine": "engine: play_random",
    "pettingzoo_mask": "PettingZoo, mask only",
    "pettingzoo_observe": "PettingZoo, observing",
    "pettingzoo_observe_extras": "PettingZoo, observing + extras",
    "gymnasium": "Gymnasium, observing",
    "pettingzoo_floor": "PettingZoo, free observation",
    "gymnasium_floor": "Gymnasium, free observation",
    "openspiel": "OpenSpiel Python game",
    "connect_four_v3": "connect_four_v3 (PettingZoo)",
    "vector": f"hellas.rl.vector, {BATCH} games per call",
    "pgx": f"pgx on the CPU, {BATCH} games per call",
}


def table(figures: Mapping[str, Any]) -> Any:
    """Return a Rich table of ``run``'s figures."""
    from rich.table import Table  # noqa: PLC0415

    out = Table(
        title=f"hellas bench {figures['game']} --rl (one core, loops interleaved, "
        f"{figures['seconds_per_loop']:g} CPU-s each)",
        title_justify="left",
    )
    out.add_column("random play through", no_wrap=True)
    out.add_column("decisions / s", justify="right")
    out.add_column("per game", justify="right")
    out.add_column("vs engine", justify="right")
    out.add_column("budget µs", justify="right")
    for name, fig in figures["loops"].items():
        ratio = fig.get("ratio_to_engine")
        budget = fig.get("budget_us")
        out.add_row(
            LABELS.get(name, name),
            f"{fig['decisions_per_s']:,.0f}",
            f"{fig['decisions_per_game']:,.1f}",
            f"{ratio:.0%}" if ratio is not None else "",
            f"{budget:.1f}" if budget is not None else "",
        )
    cost = figures["observation"]
    straight = f"; from the state {cost['state_us']:.0f} us" if cost.get("state_us") else ""
    out.caption = (
        f"one observation: view {cost['view_us']:.0f} us + encoding {cost['encode_us']:.0f} us"
        f"{straight}; "
        f"one engine decision: {figures['loops']['engine']['us_per_decision']:.1f} us; "
        "budget: what one observation may cost for that loop to reach half the engine's speed "
        "(observing loops: one observation per decision in PettingZoo, per learner step in "
        "Gymnasium, where random bots play the other seats)"
    )
    return out

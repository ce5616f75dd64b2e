"""Checks that RL observations hide what a seat cannot see (shipped with the package).

``check_no_leak`` plays random games and, at every step and for every seat, re-deals
everything that seat cannot know (``Game.determinize``): the seat's observation vector and
action mask must not change.  A leak - an encoder that read the state, or a view that showed a
hidden card - makes two such states look different and fails the check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from hellas.core.rng import Rng
from hellas.rl.session import Session

Observe = Callable[[Any, int], np.ndarray]


def check_no_leak(
    game_id: str,
    options: Mapping[str, Any] | None = None,
    seeds: Iterable[int] = (0,),
    observe: Observe | None = None,
    max_steps: int | None = None,
    extras: Sequence[str] = (),
) -> dict[str, int]:
    """Raise ``AssertionError`` if a seat's observation depends on what it cannot see.

    ``observe(state, seat)`` defaults to the environment's own encoder over the seat's view;
    tests pass a deliberately leaky one to prove the check can fail.  Returns how many
    comparisons were made and how many of them re-dealt a state that really differed.
    ``extras``: the opt-in observation fields to check as well (Realms: ``("score",)``).
    """
    session = Session(game_id, options, extras=extras)
    game = session.game
    look = observe or session.observe_state
    compared = differed = 0
    for seed in seeds:
        session.reset(seed)
        rng = Rng(seed ^ 0x1EA4)
        steps = 0
        while (actor := session.to_act()) is not None:
            state = session.state
            before = _hidden_part(game.state_to_json(state))
            for seat in range(session.seats):
                mine = look(state, seat)
                twin = game.determinize(state, seat, rng.fork())
                theirs = look(twin, seat)
                if not np.array_equal(mine, theirs):
                    where = np.flatnonzero(mine != theirs)[:10].tolist()
                    raise AssertionError(
                        f"{game_id} seed={seed} step={steps}: seat {seat}'s observation "
                        f"changes when hidden information is re-dealt (entries {where})"
                    )
                if actor == seat:
                    legal = sorted(c.index for c in game.choices(twin))
                    if legal != sorted(session.legal()):
                        raise AssertionError(
                            f"{game_id} seed={seed} step={steps}: seat {seat}'s action mask "
                            "depends on hidden information"
                        )
                compared += 1
                differed += _hidden_part(game.state_to_json(twin)) != before
            legal = session.legal()
            session.play(legal[rng.below(len(legal))])
            steps += 1
            if max_steps is not None and steps >= max_steps:
                break
    return {"compared": compared, "differed": differed}


def _hidden_part(data: dict[str, Any]) -> dict[str, Any]:
    """Return a state's JSON without its generator (re-dealing always draws a new one)."""
    return {k: v for k, v in data.items() if k not in ("rng", "cache")}

"""The views Legends and Realms send are typed (issue 51): the TypedDict is what goes out.

``mypy --strict`` checks each view where it is built (``LegendsView``, ``RealmsView``: every key
and its value's type); this test checks, over random games, that every view a seat or a
spectator is sent has exactly the declared keys (the optional ones only where declared) and
that each top-level value has its declared JSON kind.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import pytest

from hellas.core.conformance import random_game
from hellas.games import REGISTRY
from hellas.games.legends.view import LegendsView
from hellas.games.realms.view import RealmsView

TYPED = {"legends": LegendsView, "realms": RealmsView}


def kinds(annotation: Any) -> tuple[type, ...]:
    """Return the run-time classes a top-level annotation allows (``None`` as ``NoneType``)."""
    origin = typing.get_origin(annotation)
    if origin is typing.NotRequired:
        return kinds(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return tuple(k for arg in typing.get_args(annotation) for k in kinds(arg))
    if origin is typing.Literal:
        return tuple({type(v) for v in typing.get_args(annotation)})
    if annotation is type(None) or annotation is None:
        return (type(None),)
    if typing.is_typeddict(annotation):
        return (dict,)
    return (origin or annotation,)


def mismatches(view: dict[str, Any], typed: Any) -> list[str]:
    """Return what in ``view`` the TypedDict ``typed`` does not describe."""
    hints = typing.get_type_hints(typed, include_extras=True)
    # (with postponed annotations Python 3.11 counts NotRequired keys as required: read them)
    optional = {k for k, v in hints.items() if typing.get_origin(v) is typing.NotRequired}
    found = [f"missing {k}" for k in sorted(set(hints) - optional - set(view))]
    found += [f"undeclared {k}" for k in sorted(set(view) - set(hints))]
    for key in set(view) & set(hints):
        allowed = kinds(hints[key])
        if not isinstance(view[key], allowed):
            found.append(f"{key}: {type(view[key]).__name__} is not {allowed}")
    return found


@pytest.mark.parametrize("game_id", sorted(TYPED))
def test_every_view_sent_is_the_typed_view(game_id: str) -> None:
    game, typed = REGISTRY.get(game_id), TYPED[game_id]
    seen: set[str] = set()
    for seed in range(3):
        options = {"players": 2 + seed}
        played = random_game(game, options, seed)
        state = game.new(options, seed)
        for key in [*played.record.choices, None]:
            for seat in [None, *range(game.meta.seats(game.validate_options(options)))]:
                view = game.view(state, seat)
                assert mismatches(view, typed) == [], (seed, key, seat)
                seen |= set(view)
            if key is not None:
                game.step(state, key)
    assert seen == set(typing.get_type_hints(typed))  # every declared key is sent sometimes


def test_the_check_sees_a_wrong_view() -> None:
    game = REGISTRY.get("realms")
    view = dict(game.view(game.new({"players": 2}, 1), 0))
    view["deck"] = "many"
    view["extra"] = 1
    del view["phase"]
    assert mismatches(view, RealmsView) == [
        "missing phase",
        "undeclared extra",
        "deck: str is not (<class 'int'>,)",
    ]

"""The Lords stack frames are typed: every kind pushed has its ``TypedDict`` (``frames.py``).

An AST scan finds every frame literal (a dict with a constant ``"k"``) in the rules and modules
and checks that its kind has a type naming it and that each key it sets is declared there; a run
of random games checks every frame met on the stack against its type (no undeclared key, every
required key present), and the stack's type is the union, not ``dict[str, Any]`` any more.
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path
from typing import Any, NotRequired, get_args, get_origin, get_type_hints

from hellas.core.rng import Rng
from hellas.games.lords import frames, fx, hooks, rules
from hellas.games.lords.game import LordsGame
from hellas.games.lords.state import LordsState

LORDS = Path(frames.__file__).resolve().parent


def _types() -> dict[str, tuple[set[str], set[str]]]:
    """Return each kind's (required keys, all keys), read from the union's members."""
    out: dict[str, tuple[set[str], set[str]]] = {}
    for td in get_args(frames.Frame):
        hints = get_type_hints(td, include_extras=True)
        (kind,) = get_args(hints.pop("k"))
        required = {key for key, t in hints.items() if get_origin(t) is not NotRequired}
        out[kind] = ({"k", *required}, {"k", *hints})
    return out


TYPES = _types()


def _literals() -> list[tuple[str, int, str, set[str]]]:
    """Return every frame literal in the rules: (file, line, kind, its constant keys)."""
    found = []
    for path in sorted(LORDS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Dict):
                continue
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if "k" not in keys:
                continue
            value = node.values[[getattr(k, "value", None) for k in node.keys].index("k")]
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.append((path.name, node.lineno, value.value, {str(k) for k in keys}))
    return found


def test_stack_holds_the_union_of_typed_frames() -> None:
    """``Frame`` is the union of the kinds' TypedDicts and types the stack (not a plain dict)."""
    members = get_args(frames.Frame)
    assert len(members) == len(TYPES) >= 77
    assert all(typing.is_typeddict(td) for td in members)
    assert get_type_hints(LordsState)["stack"] == list[frames.Frame]
    source = (LORDS / "state.py").read_text()
    assert "Frame = dict[str, Any]" not in source


def test_every_pushed_kind_is_typed_with_its_keys() -> None:
    """Each frame literal's kind has a type, and every key it sets is one of that type's."""
    literals = _literals()
    assert len(literals) >= 90  # the scan does find the push sites
    for name, line, kind, keys in literals:
        assert kind in TYPES, f"{name}:{line}: frame kind {kind!r} has no TypedDict in frames.py"
        assert keys <= TYPES[kind][1], (
            f"{name}:{line}: {kind!r} sets undeclared {keys - TYPES[kind][1]}"
        )


def test_every_procedure_kind_is_typed() -> None:
    """The kinds the base game and every module register a procedure for are all typed."""
    kinds = set(rules.PROCEDURES) | set(fx.FRAMES)
    for module in hooks.registered().values():
        kinds |= set(module.procedures)
    assert kinds <= set(TYPES), sorted(kinds - set(TYPES))


def _check(f: dict[str, Any]) -> None:
    required, declared = TYPES[f["k"]]
    assert set(f) <= declared, f"{f['k']!r} holds undeclared {set(f) - declared}"
    assert required <= set(f), f"{f['k']!r} lacks {required - set(f)}"


def test_frames_met_in_play_match_their_types() -> None:
    """Random games (the base game and every module): each frame on the stack fits its type."""
    game = LordsGame()
    seen: set[str] = set()
    for i, options in enumerate(game.conformance_options()):
        state = game.new(game.validate_options({**options, "turn_limit": 0}), i)
        rng = Rng(i)
        steps = 0
        while game.to_act(state) is not None and steps < 3000:
            for f in state.stack:
                _check(dict(f))
                seen.add(f["k"])
            choices = game.choices(state)
            game.step(state, choices[rng.below(len(choices))])
            steps += 1
    assert len(seen) >= 40  # the games did reach many kinds

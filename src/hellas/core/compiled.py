"""The optional compiled engine: which modules ``scripts/build_compiled.py`` compiles with mypyc.

Which: :func:`modules` of the registry, the generic hot modules here plus those each game
declares (``GameMeta.compiled``).

The pure-Python package is always the reference.  The build copies the package to a folder of
its own (``.compiled/`` by default) and compiles the hot rules modules there, so running with
``PYTHONPATH=.compiled`` uses them and nothing else changes; the golden and conformance tests run
against that folder to prove both paths play identically (``tests/test_compiled.py``).
``Game`` subclasses and bots that others subclass stay interpreted (a compiled class cannot be
subclassed from Python); the state classes are compiled, so they build copies through their
constructor, never ``__new__`` (a compiled class has no such shortcut).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from typing import Any

from hellas.core.game import Game

# the generic hot modules: the search, the generator, the RL base encoder and session
CORE_MODULES = (
    "hellas.ai.ismcts",
    "hellas.core.rng",
    "hellas.rl.encoders.base",
    "hellas.rl.session",
)


def modules(games: Iterable[Game[Any]]) -> tuple[str, ...]:
    """Return every module the build compiles: the generic ones and each game's (sorted).

    A game names its own hot modules in its metadata (``GameMeta.compiled``): its rules and,
    beside them, its RL encoder's; so a game added to the registry is compiled with no line here.
    """
    names = set(CORE_MODULES)
    for game in games:
        names.update(game.meta.compiled)
    return tuple(sorted(names))


def compiled_now(names: Sequence[str]) -> list[str]:
    """Return the modules of ``names`` that are loaded from compiled extensions right now."""
    found = []
    for name in names:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if not path.endswith(".py"):
            found.append(name)
    return found


def engine_label(names: Sequence[str]) -> str:
    """Return which engine build is running, in words (benchmarks print it)."""
    count = len(compiled_now(names))
    if count == 0:
        return "pure Python"
    return f"compiled with mypyc ({count} of {len(names)} modules)"

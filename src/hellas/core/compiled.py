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

:func:`engine_note` says in words which engine a running server uses, and whether a build
running in the background (``./play``'s, ``scripts/compiled.sh``) will be used after the next
start: the lobby shows it in its footer (``/api/engine``).
"""

from __future__ import annotations

import fcntl
import importlib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
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


def build_folder() -> Path:
    """Return the compiled build's folder as ``scripts/compiled.sh`` names it (from the cwd)."""
    return Path(os.environ.get("HELLAS_COMPILED_DIR") or ".compiled")


def lock_path(out: Path) -> Path:
    """Return the lock file that serializes builds of ``out`` (held while one runs)."""
    return out.parent / f"{out.name}.lock"


def building(out: Path) -> bool:
    """Return True when another process holds the build lock of ``out`` (a build is running)."""
    path = lock_path(out)
    if not path.exists():
        return False
    with path.open("a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(lock, fcntl.LOCK_UN)
    return False


ENGINE_LINES = {
    "compiled": "The game engine runs as compiled code, so bots think faster.",
    "building": (
        "The game engine runs as plain Python for now: a faster compiled engine is being built"
        " in the background and will be used after the next start."
    ),
    "python": "The game engine runs as plain Python.",
}


def engine_note(names: Sequence[str], out: Path | None = None) -> dict[str, str]:
    """Return which engine runs (``compiled``, ``building`` or ``python``) and a line saying so.

    ``compiled``: modules of ``names`` are loaded from compiled extensions.  ``building``: pure
    Python, while a build of ``out`` (default :func:`build_folder`) runs in the background, to be
    used from the next start.  ``python``: pure Python and no build running.
    """
    if compiled_now(names):
        state = "compiled"
    elif building(out if out is not None else build_folder()):
        state = "building"
    else:
        state = "python"
    return {"state": state, "line": ENGINE_LINES[state]}

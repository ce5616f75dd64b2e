"""The optional compiled engine: which modules ``scripts/build_compiled.py`` compiles with mypyc.

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

MODULES = (
    "hellas.ai.ismcts",
    "hellas.core.rng",
    "hellas.games.legends.choices",
    "hellas.games.legends.hands",
    "hellas.games.legends.notes",
    "hellas.games.legends.policy",
    "hellas.games.legends.rules",
    "hellas.games.legends.state",
    "hellas.games.legends.value",
    "hellas.games.legends.view",
    "hellas.games.lords.artifacts",
    "hellas.games.lords.battle",
    "hellas.games.lords.board",
    "hellas.games.lords.bots",
    "hellas.games.lords.cards",
    "hellas.games.lords.choices",
    "hellas.games.lords.content",
    "hellas.games.lords.hooks",
    "hellas.games.lords.hunt",
    "hellas.games.lords.monster_phase",
    "hellas.games.lords.monsters",
    "hellas.games.lords.movement",
    "hellas.games.lords.phases",
    "hellas.games.lords.quests",
    "hellas.games.lords.rules",
    "hellas.games.lords.state",
    "hellas.games.lords.turn",
    "hellas.games.lords.value",
    "hellas.games.lords.view",
    "hellas.games.realms.bound",
    "hellas.games.realms.choices",
    "hellas.games.realms.endgame",
    "hellas.games.realms.facts",
    "hellas.games.realms.gains",
    "hellas.games.realms.lookup",
    "hellas.games.realms.omegas",
    "hellas.games.realms.planner",
    "hellas.games.realms.rules",
    "hellas.games.realms.scoring",
    "hellas.games.realms.solver",
    "hellas.games.realms.state",
    "hellas.games.realms.view",
    "hellas.rl.encoders.base",
    "hellas.rl.encoders.legends",
    "hellas.rl.encoders.legends_slots",
    "hellas.rl.encoders.legends_state",
    "hellas.rl.encoders.lords",
    "hellas.rl.encoders.lords_modules",
    "hellas.rl.encoders.lords_state",
    "hellas.rl.encoders.realms",
    "hellas.rl.session",
)


def compiled_now() -> list[str]:
    """Return the modules of ``MODULES`` that are loaded from compiled extensions right now."""
    found = []
    for name in MODULES:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if not path.endswith(".py"):
            found.append(name)
    return found


def engine_label() -> str:
    """Return which engine build is running, in words (benchmarks print it)."""
    count = len(compiled_now())
    if count == 0:
        return "pure Python"
    return f"compiled with mypyc ({count} of {len(MODULES)} modules)"

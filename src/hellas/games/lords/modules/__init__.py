"""The Dark Ages modules: their ids, and the checks on a chosen combination.

Each module is a package here (``poseidon/``, ``hades/`` ...) holding its ``data.toml`` (records
added to or replacing the base game's, with provenance) and its rules, registered on the hook
points of ``lords.hooks``.  ``normalize`` turns the ``modules`` option into the canonical comma
list a state stores, refusing impossible combinations with a clear error.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from hellas.core.errors import OptionError, suggest

# every module, in the order their rules run and the canonical option lists them
IDS = (
    "poseidon",
    "poseidon-simple",
    "atlantis",
    "cleito",
    "orichalkum",
    "hades",
    "hades-simple",
    "hephaestus",
    "hephaestus-simple",
    "heroes-monsters",
    "combat-cards",
    "chiron",
    "opportunity",
)
# modules always in play with another one: the Atlantis box's Hero is her own module elsewhere
INCLUDES = {"atlantis": ("cleito",)}
ALIASES = {"additional-combat-cards": "combat-cards"}
_LOADED: list[bool] = []


def package(module_id: str) -> str:
    """Return the Python package of a module id (``poseidon-simple`` -> ``poseidon_simple``)."""
    return f"{__name__}.{module_id.replace('-', '_')}"


def load_all() -> None:
    """Import every module package once (each registers itself on import)."""
    if _LOADED:
        return
    _LOADED.append(True)
    for module_id in IDS:
        importlib.import_module(package(module_id))


def expand(names: Iterable[str]) -> list[str]:
    """Return module ids with the modules they include, once each, in ``IDS`` order."""
    chosen = {n for n in names if n}
    for name in list(chosen):
        chosen.update(INCLUDES.get(name, ()))
    return [n for n in IDS if n in chosen] + sorted(chosen - set(IDS))


def unalias(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return raw options whose ``modules`` list spells every alias by its module id."""
    value = raw.get("modules")
    if isinstance(value, str):
        items: list[Any] = value.split(",")
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        return raw  # absent, or a type the option schema refuses with its own message
    names = [ALIASES.get(str(x).strip().lower(), x) for x in items if str(x).strip()]
    return {**raw, "modules": names}


def normalize(raw: Iterable[str], players: int) -> tuple[str, list[str]]:
    """Return the canonical ``modules`` value and warnings, or raise ``OptionError``."""
    from hellas.games.lords.hooks import registered  # noqa: PLC0415

    reg = registered()
    chosen: set[str] = set()
    problems: list[str] = []
    for item in raw:
        name = ALIASES.get(item.strip().lower(), item.strip().lower())
        if not name:
            continue
        if name not in reg:
            hint = suggest(name, list(reg))
            did = f" (did you mean {hint[0]!r}?)" if hint else ""
            problems.append(f"unknown module {name!r}{did}; known: {', '.join(IDS)}")
            continue
        chosen.add(name)
    for name in sorted(chosen):
        m = reg[name]
        for need in m.requires:  # each requirement: one of these modules
            if not chosen.intersection(need):
                wanted = " or ".join(repr(x) for x in need)
                problems.append(f"module {name!r} needs module {wanted} (choose it too)")
        for other in m.excludes:
            if other in chosen and name < other:
                problems.append(f"modules {name!r} and {other!r} cannot be used together")
        if m.players and players not in m.players:
            allowed = ", ".join(str(p) for p in m.players)
            problems.append(f"module {name!r} is played with {allowed} players, not {players}")
    if problems:
        raise OptionError("modules: " + "; ".join(problems))
    # a module another chosen one includes is in play anyway (Cleito with Atlantis)
    chosen -= {inner for name in chosen for inner in INCLUDES.get(name, ())}
    icons = [n for n in IDS if n in chosen and reg[n].expansion_icon]
    warnings = []
    if len(icons) > 1:
        warnings.append(
            "the rulebook suggests only one expansion-icon module per game "
            f"({', '.join(icons)} are chosen); playing them together anyway"
        )
    return ",".join(n for n in IDS if n in chosen), warnings

"""Layering, kept by reading the imports (an AST test): rules stay pure, front ends stay generic.

- ``hellas.core`` imports nothing above it; ``hellas.games`` imports nothing from the AI, the
  simulator, the server, RL or the terminal (rules are pure).
- Front ends (``ai``, ``sim``, ``server``, ``rl``, ``cli``) reach a game through the registry
  (``hellas.games``) or the names its package exports (``__all__``), never its modules.  The one
  exception is a game's RL encoder, which the game names in its metadata
  (``GameMeta.encoder``) and which lives beside RL code: ``hellas.rl.encoders.<id>*``.
- The web's generic modules never name a game: each game's modules come from /api/games.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

from hellas.games import REGISTRY

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "hellas"
ABOVE_GAMES = {"ai", "sim", "server", "rl", "cli", "web"}
FRONT_ENDS = {"ai", "sim", "server", "rl", "cli"}
GENERIC_JS = [
    "render/index.js",
    "help/index.js",
    "howto.js",
    "pickers.js",
    "lobby.js",
    "lobby-games.js",
    "table.js",
]


def _imports(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """Yield (line, module, names) for every absolute import in ``path`` (lazy ones too)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module, [a.name for a in node.names]


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield ".".join(path.relative_to(SRC).with_suffix("").parts), path


def _exported(package: str) -> set[str]:
    return set(getattr(importlib.import_module(package), "__all__", ()))


def _game_encoder(module: str) -> bool:
    """Return whether ``module`` is a game's own RL encoder (named by its metadata)."""
    return any(module.startswith(f"hellas.rl.encoders.{g}") for g in REGISTRY.ids())


def test_core_and_rules_import_nothing_above_them() -> None:
    bad = []
    for module, path in _modules():
        area = module.split(".")[1]
        if area not in ("core", "games"):
            continue
        banned = ABOVE_GAMES | ({"games"} if area == "core" else set())
        for line, name, _ in _imports(path):
            parts = name.split(".")
            if parts[0] == "hellas" and len(parts) > 1 and parts[1] in banned:
                bad.append(f"{path.relative_to(SRC)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


def test_front_ends_reach_games_through_the_registry_only() -> None:
    bad = []
    for module, path in _modules():
        if module.split(".")[1] not in FRONT_ENDS or _game_encoder(module):
            continue
        for line, name, names in _imports(path):
            parts = name.split(".")
            if parts[:2] != ["hellas", "games"] or len(parts) == 2:
                continue
            package = ".".join(parts[:3])
            if len(parts) > 3 or not set(names) <= _exported(package):
                bad.append(f"{path.relative_to(SRC)}:{line} imports {name} {names}")
    assert not bad, "\n".join(bad)


def test_the_webs_generic_modules_name_no_game() -> None:
    ids = "|".join(re.escape(g) for g in REGISTRY.ids())
    quoted = re.compile(rf"""["'`]({ids})["'`/.]""")
    js = PACKAGE / "web" / "js"
    bad = [
        f"{name}: {m.group(0)}"
        for name in GENERIC_JS
        for m in quoted.finditer((js / name).read_text(encoding="utf-8"))
    ]
    assert not bad, "\n".join(bad)


def test_the_checks_see_a_planted_violation(tmp_path: Path) -> None:
    planted = tmp_path / "x.py"
    planted.write_text("def f():\n    from hellas.ai.lookahead import clear_gain\n")
    assert [name for _, name, _ in _imports(planted)] == ["hellas.ai.lookahead"]
    assert not _exported("hellas.games.realms") >= {"planner"}


LONGEST = 80  # lines a function of the server, the CLI or the core may take (issue 37)


def long_functions(root: Path, longest: int = LONGEST) -> list[str]:
    """Return ``file:name (lines)`` for every function under ``root`` longer than ``longest``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > longest:
                    found.append(f"{path.relative_to(root)}:{node.name} ({lines})")
    return found


def test_no_function_of_the_server_cli_or_core_is_over_80_lines(tmp_path: Path) -> None:
    """Long functions are where bugs hide: past 80 lines, split by concern."""
    assert [f for part in ("server", "cli", "core") for f in long_functions(PACKAGE / part)] == []
    planted = tmp_path / "long.py"
    planted.write_text("def f() -> None:\n" + "    pass\n" * 85)
    assert long_functions(tmp_path) == ["long.py:f (86)"]

"""Layering, kept by reading the imports (an AST test): rules stay pure, front ends stay generic.

- ``hellas.core`` imports nothing above it; ``hellas.games`` imports nothing from the AI, the
  simulator, the server, RL or the terminal (rules are pure).
- Front ends (``ai``, ``sim``, ``server``, ``rl``, ``cli``) reach a game through the registry
  (``hellas.games``) or the names its package exports (``__all__``), never its modules.  The one
  exception is a game's RL encoder, which the game names in its metadata
  (``GameMeta.encoder``) and which lives beside RL code: ``hellas.rl.encoders.<id>*``.
- The web never names a game: each game's browser pieces (renderer, help, guide, pickers, art,
  styles) live in its own ``web/`` folder beside its rules, declared in ``GameMeta.web`` and
  loaded through /api/games; ``hellas/web`` keeps no game's file and no game id.
- No game id (issue 51): no string in the code of the server, the CLI, the simulator, RL (its
  encoders aside: they stay beside RL code, ``rl/encoders/<id>*``, this session), the search or
  the core names a game (docstrings may, as examples); no script, stylesheet or page of
  ``hellas/web`` does; nor do the shared test harness's lists (conformance, golden games).
  What a game offers reaches them through the registry: its ``GameMeta`` and capabilities.
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


GENERIC_PY = ("server", "cli", "sim", "rl", "ai", "core")  # parts that never name a game
HARNESS = ("tests/test_conformance.py", "scripts/golden.py")  # lists that cover every game
ROOT = SRC.parent
TEST_IDS = ("nim",)  # the test games' ids (tests/nim), named nowhere outside tests either


def _game_ids() -> list[str]:
    return [*REGISTRY.ids(), *TEST_IDS]


def _docstrings(tree: ast.AST) -> set[int]:
    """Return the ids of the string nodes that are docstrings (module, class, function)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def named_games(path: Path, ids: list[str]) -> list[str]:
    """Return ``line: text`` for each string in ``path``'s code (not a docstring) naming a game."""
    words = re.compile(rf"\b({'|'.join(map(re.escape, ids))})\b")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        text = node.value
        if id(node) not in skip and words.search(text):
            found.append(f"{node.lineno}: {text[:60]!r}")
    return found


def _js_code(text: str) -> str:
    """Return JavaScript without its comments (a rough cut: enough for names in code)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|[^:\\])//.*$", r"\1", text, flags=re.M)


def test_no_game_id_in_the_generic_code() -> None:
    ids = _game_ids()
    bad = []
    for module, path in _modules():
        if module.split(".")[1] in GENERIC_PY and not _game_encoder(module):
            bad += [f"{path.relative_to(SRC)}:{hit}" for hit in named_games(path, ids)]
    for name in HARNESS:
        bad += [f"{name}:{hit}" for hit in named_games(ROOT / name, ids)]
    bad += named_in_web(PACKAGE / "web", ids)
    assert not bad, "\n".join(bad)


# stylesheets whose few game rules stay among the generic ones: each is ordered against a generic
# rule of the same specificity (``.lords-map [data-target].target`` after ``.board-area
# [data-target].target``), so moving it to its game's ``style.css`` (joined before them) would
# change which wins.  Every other piece of a game's styles lives in its web folder.
ORDERED_CSS = ("css/board.css", "css/play.css")


def named_in_web(web: Path, ids: list[str]) -> list[str]:
    """Return ``file: id`` for each game id in the code of a web script, stylesheet or page."""
    words = re.compile(rf"\b({'|'.join(map(re.escape, ids))})\b")
    found = []
    for path in sorted(web.rglob("*")):
        if path.suffix not in (".js", ".css", ".html"):
            continue
        code = _js_code(path.read_text(encoding="utf-8"))  # CSS/HTML comments are cut too
        code = re.sub(r"<!--.*?-->", "", code, flags=re.S)
        name = path.relative_to(web).as_posix()
        if name in ORDERED_CSS:
            continue
        found += [f"web/{name}: {m.group(0)}" for m in words.finditer(code)]
    return found


def test_each_games_web_pieces_live_in_its_own_folder() -> None:
    """Every piece a game declares is a file in ``web/`` beside its ``Game`` class's module."""
    from hellas.server.gameweb import folder  # noqa: PLC0415 - a test may reach the server

    bad = []
    for game in REGISTRY:
        root = folder(game)
        if root.parent.parent != PACKAGE / "games":
            bad.append(f"{game.meta.id}: its web folder {root} is not games/<id>/web")
        for kind, path in game.meta.web.to_json().items():
            if path is None or not (root / path).is_file():
                bad.append(f"{game.meta.id}: web.{kind} {path!r} is not a file in {root}")
    assert not bad, "\n".join(bad)


def test_front_ends_import_no_module_of_a_game() -> None:
    """Only ``hellas.games`` (the registry) itself: not a game's package, nor its modules."""
    bad = []
    for module, path in _modules():
        if module.split(".")[1] not in FRONT_ENDS | {"core"} or _game_encoder(module):
            continue
        for line, name, _ in _imports(path):
            if name.startswith("hellas.games."):
                bad.append(f"{path.relative_to(SRC)}:{line} imports {name}")
    assert not bad, "\n".join(bad)


def test_the_game_id_checks_see_planted_names(tmp_path: Path) -> None:
    planted = tmp_path / "x.py"
    planted.write_text(
        '"""Docstrings may say hellas play legends."""\n'
        'RATED = ("realms", "lords")\n'
        'def f(meta):\n    """As may this: lords."""\n    return meta.id == "legends"\n'
        'OK = "legendsary, Lords of Hellas"\n'
    )
    hits = named_games(planted, ["legends", "realms", "lords"])
    assert [h.split(":")[0] for h in hits] == ["2", "2", "5"]
    assert _js_code('const a = 1; // "lords"\n/* legends */ const b = "x";') == (
        'const a = 1; \n const b = "x";'
    )
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "js" / "tiles.js").write_text("// lords\nconst TILE = { lords: 1 };\n")
    (web / "page.html").write_text('<!-- realms --><link href="/static/css/realms.css">\n')
    (web / "x.css").write_text("/* legends */ .a { color: red; }\n")
    assert named_in_web(web, ["legends", "realms", "lords"]) == [
        "web/js/tiles.js: lords",
        "web/page.html: realms",
    ]


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

"""The optional compiled engine (mypyc) plays exactly like the pure-Python package.

``scripts/build_compiled.py`` builds ``.compiled/`` (reused while the sources are unchanged);
the golden playthroughs and the conformance suite then run against it in a subprocess, and a
search on fixed positions must give the same tree, float for float, on both paths.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hellas.core.compiled import compiled_now, engine_label, modules
from hellas.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / ".compiled"
MODULES = modules(REGISTRY)
# the first test builds the engine when ./check has not (~13 CPU minutes on two cores)
pytestmark = pytest.mark.timeout(2400)

# Prints, per game, the root of a 60-iteration ISMCTS on a position reached by seeded random play.
SEARCH = """
import json
from hellas.ai.ismcts import ISMCTSBot
from hellas.core.compiled import compiled_now, modules
from hellas.core.game import Decision
from hellas.core.rng import Rng
from hellas.games import REGISTRY

out = {"compiled": compiled_now(modules(REGISTRY))}
for game_id, options in (("legends", {"players": 3}), ("realms", {"players": 3}),
                         ("lords", {"players": 3})):
    game = REGISTRY.get(game_id)
    state, rng = game.new(options, 11), Rng(5)
    for _ in range(60):
        legal = game.choices(state)
        if game.to_act(state) is None or (len(legal) > 1 and game.worth_searching(state)
                                          and rng.below(3) == 0):
            break
        game.step(state, legal[rng.below(len(legal))])
    root = ISMCTSBot(iterations=60).search(Decision(game, state, game.to_act(state)), Rng(9))
    out[game_id] = {k: [c.visits, repr(c.wins)] for k, c in sorted(root.children.items())}
print(json.dumps(out))
"""


def _run(code: list[str], compiled: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if compiled:
        env["PYTHONPATH"] = str(OUT)
    else:
        env.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, *code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def built() -> Path:
    """Build (or reuse) the compiled folder."""
    done = subprocess.run(
        [sys.executable, "scripts/build_compiled.py", "--out", str(OUT)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return OUT


def test_the_test_process_runs_the_pure_python_engine() -> None:
    assert compiled_now(MODULES) == []
    assert engine_label(MODULES) == "pure Python"


def test_golden_conformance_and_observations_pass_on_the_compiled_engine(built: Path) -> None:
    # (and the generator: compiled, it draws in 32-bit halves, checked against SplitMix64)
    check = (
        "import sys, pytest\n"
        "from hellas.core.compiled import compiled_now, modules\n"
        "from hellas.games import REGISTRY\n"
        "names = modules(REGISTRY)\n"
        "assert compiled_now(names) == list(names), compiled_now(names)\n"
        "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-p', 'no:xdist',"
        " 'tests/test_golden.py', 'tests/test_conformance.py',"
        " 'tests/rl/test_state_encoders.py', 'tests/rl/test_legends_rows.py',"
        " 'tests/rl/test_adapter_fast_paths.py', 'tests/core/test_rng_halves.py',"
        " 'tests/rl/test_bench.py::test_the_floor_session_never_builds_a_view']))\n"
    )
    done = _run(["-c", check], compiled=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " passed" in done.stdout


def test_search_is_identical_on_both_engines(built: Path) -> None:
    pure, fast = _run(["-c", SEARCH], compiled=False), _run(["-c", SEARCH], compiled=True)
    assert pure.returncode == 0, pure.stderr
    assert fast.returncode == 0, fast.stderr
    pure_tree, fast_tree = json.loads(pure.stdout), json.loads(fast.stdout)
    assert pure_tree.pop("compiled") == []
    assert fast_tree.pop("compiled") == list(MODULES)
    assert all(len(tree) > 1 for tree in pure_tree.values())  # real searches, several moves
    assert fast_tree == pure_tree


def test_bench_names_the_engine_it_timed(built: Path) -> None:
    code = [
        "-c",
        "from hellas.core.compiled import engine_label, modules\n"
        "from hellas.games import REGISTRY\n"
        "print(engine_label(modules(REGISTRY)))",
    ]
    assert _run(code, compiled=True).stdout.strip() == (
        f"compiled with mypyc ({len(MODULES)} of {len(MODULES)} modules)"
    )


def test_a_missing_compiler_is_a_clear_error_that_changes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "compiled"
    done = subprocess.run(
        [sys.executable, "scripts/build_compiled.py", "--out", str(out)],
        cwd=ROOT,
        env=dict(os.environ, PATH=str(tmp_path)),  # no gcc (or anything else) on the PATH
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    assert "missing: a C compiler" in done.stderr
    assert not out.exists()


# Prints the Realms solver's answer (score and decisions) and score-only value on the slowest
# hands found and on random end-of-game hands.
SOLVER = """
import json
from hellas.games.realms.bench import random_hands
from hellas.games.realms.content import deck
from hellas.games.realms.scoring import Table
from hellas.games.realms.solver import best_score, solve
from tests.realms.test_solver import SLOW, _table

cards = [c for c in deck().cards if not c.promo and not c.optional]
tables = [_table(t) for t in SLOW] + [
    Table([cards[i] for i in h], [cards[i] for i in a]) for h, a in random_hands(300, seed=8)
]
out = []
for t in tables:
    s = solve(t)
    out.append([s.score, s.choices, best_score(t.cards[:7], t.cards[7:])])
print(json.dumps(out))
"""


def test_the_realms_solver_is_identical_on_both_engines(built: Path) -> None:
    pure, fast = _run(["-c", SOLVER], compiled=False), _run(["-c", SOLVER], compiled=True)
    assert pure.returncode == 0, pure.stderr
    assert fast.returncode == 0, fast.stderr
    assert json.loads(fast.stdout) == json.loads(pure.stdout)


def test_status_says_ready_and_the_scripts_use_the_build(built: Path) -> None:
    status = _run(["scripts/build_compiled.py", "--status"], compiled=False)
    assert (status.returncode, status.stdout.strip()) == (0, "ready")
    shell = 'source scripts/compiled.sh; hellas_compiled wait; echo "path=$PYTHONPATH"'
    done = subprocess.run(
        ["bash", "-c", shell],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "path=.compiled"  # built: nothing printed


def test_without_a_compiler_the_scripts_stay_on_pure_python_silently(tmp_path: Path) -> None:
    (tmp_path / "python3").symlink_to(sys.executable)  # Python, but no C compiler on the PATH
    env = {"PATH": str(tmp_path)}
    shell = "source scripts/compiled.sh; hellas_can_compile || echo cannot"
    done = subprocess.run(
        ["/bin/bash", "-c", shell], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout.strip()) == (0, "cannot"), done.stderr
    status = subprocess.run(
        [sys.executable, "scripts/build_compiled.py", "--status", "--out", str(tmp_path / "x")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (status.returncode, status.stdout.strip()) == (2, "no-tools")  # hellas_compiled: pass


def test_bench_on_pure_python_adds_the_compiled_builds_figures(built: Path) -> None:
    script = (
        "import json, sys\n"
        "from typer.testing import CliRunner\n"
        "from hellas.cli.main import app\n"
        "r = CliRunner().invoke(app, ['bench', 'realms', '--seconds', '0.05', '--json'])\n"
        "d = json.loads(r.output)\n"
        "print(json.dumps([d['engine'], d['compiled']['engine'], 'compiled' in d['compiled']]))\n"
    )
    done = _run(["-c", script], compiled=False)
    assert done.returncode == 0, done.stderr[-2000:]
    pure, fast, nested = json.loads(done.stdout)
    assert pure == "pure Python" and fast.startswith("compiled with mypyc") and not nested

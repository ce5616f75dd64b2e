"""What a newcomer relies on: versions, the pinned lock, quiet extras, ./check cleaning up."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hellas
from hellas.cli.main import app
from hellas.games import REGISTRY
from tests.test_wheel import uv

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_version_prints_the_package_and_every_rules_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"hellas {PROJECT['version']}"
    assert hellas.__version__ == PROJECT["version"]
    for game in REGISTRY:
        assert f"{game.meta.id} rules {game.meta.version} ({game.meta.title})" in lines
    assert len(lines) == 1 + len(REGISTRY)


def test_the_changelog_names_the_current_rules_versions() -> None:
    # saved games depend on rules versions: a bump must come with a changelog entry
    text = (ROOT / "CHANGELOG.md").read_text()
    newest = next(line for line in text.splitlines() if line.startswith("Rules versions:"))
    listed = dict(item.split() for item in newest.removeprefix("Rules versions:").split(","))
    assert listed == {game.meta.id: game.meta.version for game in REGISTRY}


def test_the_lock_matches_pyproject() -> None:
    check = [uv(), "lock", "--check"]
    offline = subprocess.run([*check, "--offline"], cwd=ROOT, capture_output=True, check=False)
    if offline.returncode != 0:  # uv's cache may lack what is needed to tell: ask PyPI
        online = subprocess.run(check, cwd=ROOT, capture_output=True, text=True, check=False)
        assert online.returncode == 0, (
            "uv.lock does not match pyproject.toml: run `uv lock` and commit uv.lock\n"
            + online.stderr
        )


def test_docs_and_code_stand_alone_without_the_shared_folder() -> None:
    # a clone has only this repository: nothing may send a reader to ../shared/
    texts = [ROOT / "README.md", *ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md")]
    texts += [*(ROOT / "src").rglob("*.py"), *(ROOT / "scripts").rglob("*")]
    offenders = [
        str(path.relative_to(ROOT))
        for path in texts
        if path.is_file() and "../shared" in path.read_text(errors="replace")
    ]
    assert not offenders


def test_play_and_check_share_one_environment(tmp_path: Path) -> None:
    # a checkout of its own: ./play's install, then ./check's, then ./play's again
    for name in ("pyproject.toml", "uv.lock", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    skip = shutil.ignore_patterns("*.egg-info", "__pycache__")
    shutil.copytree(ROOT / "src", tmp_path / "src", ignore=skip)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "HELLAS_EXTRAS")}
    env["HELLAS_UV"] = uv()

    def bootstrap(extras: str) -> str:
        done = subprocess.run(
            ["bash", "-c", "source scripts/bootstrap.sh"],
            cwd=tmp_path,
            env={**env, "HELLAS_EXTRAS": extras},
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout + done.stderr

    bootstrap("")
    assert (tmp_path / ".venv" / "bin" / "hellas").exists()
    assert not (tmp_path / ".venv" / "bin" / "pytest").exists()  # the play set only
    heavy = [p.name for p in (tmp_path / ".venv").glob("lib/python*/site-packages/*")]
    assert not {"pandas", "pyarrow", "matplotlib"} & set(heavy)  # the reports extra only
    added = bootstrap("test")
    assert "+ pytest==" in added and "Uninstalled" not in added, added
    again = bootstrap("")
    assert "Installed" not in again and "Uninstalled" not in again, again
    assert (tmp_path / ".venv" / "bin" / "pytest").exists()  # ./play kept the test tools


def test_bench_without_openspiel_prints_one_hint_and_no_empty_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    # this build only: the compiled build's run is a process of its own, where the
    # monkeypatch does not reach
    result = CliRunner().invoke(app, ["bench", "realms", "--seconds", "0.05", "--this-build"])
    assert result.exit_code == 0, result.output
    assert result.output.lower().count("open_spiel") == 1, result.output
    assert "not installed" not in result.output
    assert not [line for line in result.output.splitlines() if "│" in line and "Hanabi" in line]


@pytest.mark.skipif(not Path("/usr/lib/postgresql").is_dir(), reason="needs Debian's PostgreSQL")
def test_postgres_script_stops_the_server_it_started_and_keeps_one_it_reused() -> None:
    # a checkout of its own (so a cluster of its own) on a port of its own
    work = ROOT / "test-artifacts" / f"pg-stop-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    (work / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "postgres.sh", work / "scripts")
    env = {k: v for k, v in os.environ.items() if k not in ("HELLAS_TEST_PG_URL", "HELLAS_PG_KEEP")}
    env["HELLAS_PG_PORT"] = "54400"
    ctl = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))))
    data: list[str] = []

    def source(then: str) -> str:
        script = f'source scripts/postgres.sh; {then}; echo "data=$HELLAS_PG_DATA"'
        out = subprocess.run(["bash", "-c", script], cwd=work, env=env, capture_output=True,
                             text=True, timeout=120, check=False)  # fmt: skip
        assert out.returncode == 0, out.stdout + out.stderr
        data[:] = [out.stdout.rsplit("data=", 1)[1].strip()]
        return out.stdout

    def pg_ctl(*args: str) -> bool:
        cmd = [str(ctl), "-D", data[0], *args]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, capture_output=True, check=False).returncode == 0

    try:
        source("trap hellas_pg_stop EXIT")  # as ./check does: started here, stopped on exit
        assert not pg_ctl("status"), "the server ./check started still runs after it exited"
        source("true")  # as a developer's shell does: started and left running
        assert pg_ctl("status")
        source("trap hellas_pg_stop EXIT")  # ./check again: reuses that server, leaves it alone
        assert pg_ctl("status"), "a server that was already running was stopped"
    finally:
        if data and pg_ctl("status"):
            pg_ctl("-m", "immediate", "-w", "stop")
        if data and not data[0].startswith(str(work)):
            shutil.rmtree(data[0], ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)

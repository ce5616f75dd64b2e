"""Build the optional compiled engine: the hot rules modules compiled with mypyc, in a folder.

    .venv/bin/python scripts/build_compiled.py              # builds .compiled/ (a few CPU minutes)
    PYTHONPATH=.compiled .venv/bin/hellas bench lords       # the same command on the compiled path
    .venv/bin/python scripts/build_compiled.py --status     # ready / stale / no-tools (exit 0/1/2)

``./play`` and ``./check`` build it by themselves where a C compiler and the Python headers are
present (``scripts/compiled.sh``); ``./play`` then serves from it.

The package under ``src/`` is copied to the output folder and the modules listed in
``hellas.core.compiled.MODULES`` are compiled there, so the source tree never holds an extension
that could shadow an edited ``.py`` file.  A build whose sources have not changed is reused (the
folder keeps a hash of them); ``--force`` rebuilds.  Needs mypy (with its mypyc), setuptools and a
C compiler with the Python headers: ``./check`` installs them.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hellas.core.compiled import MODULES  # noqa: E402

STAMP = "SOURCES.sha256"


def source_hash(src: Path) -> str:
    """Return a hash of every Python source and data file of the package (and the module list)."""
    digest = hashlib.sha256("\n".join(MODULES).encode())
    for path in sorted(src.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(src)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build(out: Path, force: bool = False) -> bool:
    """Build the compiled package into ``out``; return False when an up-to-date build was kept.

    Concurrent builds of one folder (parallel test workers) wait for each other.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    with (out.parent / f"{out.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(out, force)


def missing_tools() -> list[str]:
    """Return what a build needs and this machine lacks (empty: it can build)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    missing = [name for name in ("mypyc", "setuptools") if importlib.util.find_spec(name) is None]
    if shutil.which(compiler) is None:
        missing.append(f"a C compiler ({compiler}: on Debian, apt install gcc python3-dev)")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        missing.append("the Python headers (on Debian, apt install python3-dev)")
    return missing


def _need_tools() -> None:
    """Stop with a clear message when mypyc, setuptools or a C compiler is missing."""
    missing = missing_tools()
    if missing:
        raise SystemExit("cannot build the compiled engine, missing: " + "; ".join(missing))


def status(out: Path) -> str:
    """Return ``ready`` (an up-to-date build), ``stale`` (can build) or ``no-tools``."""
    stamp = out / STAMP
    if stamp.exists() and stamp.read_text() == source_hash(ROOT / "src" / "hellas"):
        return "ready"
    return "no-tools" if missing_tools() else "stale"


def _build(out: Path, force: bool) -> bool:
    src = ROOT / "src" / "hellas"
    wanted = source_hash(src)
    stamp = out / STAMP
    if not force and stamp.exists() and stamp.read_text() == wanted:
        return False
    _need_tools()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(src, out / "hellas", ignore=shutil.ignore_patterns("__pycache__"))
    files = [name.replace(".", "/") + ".py" for name in MODULES]
    env = dict(os.environ, MYPY_CACHE_DIR=str(out / ".mypy_cache"))
    log = out / "build.log"
    with log.open("w") as sink:
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", *files],
            cwd=out,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            check=False,
        )
    if done.returncode != 0:
        tail = "\n".join(log.read_text().splitlines()[-30:])
        raise SystemExit(f"mypyc failed (exit {done.returncode}); the end of {log}:\n{tail}")
    for name in MODULES:
        folder = out / Path(name.replace(".", "/")).parent
        stem = name.rsplit(".", 1)[1]
        if not any(folder.glob(f"{stem}.*.so")) and not any(folder.glob(f"{stem}.*.pyd")):
            raise SystemExit(f"mypyc ran but left no extension for {name}; see {log}")
    shutil.rmtree(out / "build", ignore_errors=True)  # C sources and objects: not needed to run
    stamp.write_text(wanted)
    return True


def main() -> None:
    """Build (or reuse) the compiled folder and say where it is."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".compiled")
    parser.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    parser.add_argument(
        "--status",
        action="store_true",
        help="only say ready (exit 0), stale (exit 1: can build) or no-tools (exit 2)",
    )
    args = parser.parse_args()
    if args.status:
        state = status(args.out.resolve())
        print(state)
        raise SystemExit({"ready": 0, "stale": 1}.get(state, 2))
    built = build(args.out.resolve(), args.force)
    state = "built" if built else "up to date"
    print(f"{state}: {len(MODULES)} modules in {args.out}; run with PYTHONPATH={args.out}")


if __name__ == "__main__":
    main()

"""Build the optional compiled engine: the hot rules modules compiled with mypyc, in a folder.

    .venv/bin/python scripts/build_compiled.py              # builds .compiled/ (a few CPU minutes)
    PYTHONPATH=.compiled .venv/bin/hellas bench lords       # the same command on the compiled path
    .venv/bin/python scripts/build_compiled.py --status     # ready / stale / no-tools / building /
                                                            # failed (exit 0/1/2/3/4)

``./play`` and ``./check`` build it by themselves where a C compiler and the Python headers are
present (``scripts/compiled.sh``); ``./play`` then serves from it.  ``./play`` builds in the
background at the lowest priority with ``--timeout``: a build that fails or runs out of time
leaves pure Python in place, is remembered (``failed``, not retried until a source changes or
``--force``), and its log says why.  Progress (each C extension compiled) goes to standard output.

The package under ``src/`` is copied to the output folder and the modules that
``hellas.core.compiled.modules`` lists for the registry (the generic ones and each game's
``GameMeta.compiled``) are compiled there, so the source tree never holds an extension that could
shadow an edited ``.py`` file.  A build whose sources have not changed is reused (the
folder keeps a hash of them); ``--force`` rebuilds.  Needs mypy (with its mypyc), setuptools and a
C compiler with the Python headers: ``./check`` installs them.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hellas.core.compiled import building, lock_path, modules  # noqa: E402
from hellas.games import REGISTRY  # noqa: E402

MODULES = modules(REGISTRY)  # the generic hot modules and each game's (GameMeta.compiled)

STAMP = "SOURCES.sha256"
FAILED = "FAILED.sha256"  # the sources whose build failed or ran out of time: not retried


# the browser's files: no compiled module reads them, so changing one never rebuilds the engine
BROWSER_FILES = frozenset({".js", ".css", ".html", ".png", ".svg", ".ico", ".webp", ".woff2"})


def source_hash(src: Path) -> str:
    """Return a hash of every Python source and data file of the package (and the module list)."""
    digest = hashlib.sha256("\n".join(MODULES).encode())
    for path in sorted(src.rglob("*")):
        if path.is_file() and path.suffix not in BROWSER_FILES and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(src)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build(out: Path, force: bool = False, timeout: float | None = None) -> bool:
    """Build the compiled package into ``out``; return False when an up-to-date build was kept.

    Concurrent builds of one folder (parallel test workers) wait for each other.  ``timeout``
    (seconds) bounds the mypyc run; past it the build is stopped like a failed one.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    with lock_path(out).open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(out, force, timeout)


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


def _matches(path: Path, wanted: str) -> bool:
    """Return True when the stamp file ``path`` exists and holds ``wanted``."""
    return path.exists() and path.read_text() == wanted


def status(out: Path) -> str:
    """Return ``ready``, ``stale`` (can build), ``no-tools``, ``building`` or ``failed``.

    ``failed``: the last build of these very sources failed or ran out of time.
    """
    wanted = source_hash(ROOT / "src" / "hellas")
    if _matches(out / STAMP, wanted):
        return "ready"
    if missing_tools():
        return "no-tools"
    if building(out):
        return "building"
    return "failed" if _matches(out / FAILED, wanted) else "stale"


def priority() -> str:
    """Return this process's CPU and I/O priority in words (the build log's first line)."""
    words = f"nice {os.getpriority(os.PRIO_PROCESS, 0)}"
    if shutil.which("ionice"):
        done = subprocess.run(
            ["ionice", "-p", str(os.getpid())], capture_output=True, text=True, check=False
        )
        words += f", I/O {done.stdout.strip() or 'unknown'}"
    return words + ", one compiler job at a time"


def say(line: str) -> None:
    """Print one progress line with the time of day (``./play`` sends them to .compiled.log)."""
    print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)


def _fail(out: Path, wanted: str, message: str) -> None:
    """Leave no build in ``out`` but the stamp of the sources that failed, then stop."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    (out / FAILED).write_text(wanted)
    raise SystemExit(message)


def _run_mypyc(out: Path, files: list[str], log: Path, timeout: float | None) -> int | None:
    """Run mypyc in ``out``, logging everything and saying each extension it compiles.

    Return its exit status, or None when ``timeout`` stopped it (its whole process group).
    """
    env = dict(os.environ, MYPY_CACHE_DIR=str(out / ".mypy_cache"))
    total = len(MODULES) + 1  # one extension per module plus mypyc's shared library
    with log.open("w") as sink:
        child = subprocess.Popen(
            [sys.executable, "-m", "mypyc", *files],
            cwd=out,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        stopped = threading.Event()

        def stop() -> None:
            stopped.set()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, stop) if timeout else None
        if timer is not None:
            timer.daemon = True
            timer.start()
        assert child.stdout is not None
        count = 0
        for line in child.stdout:
            sink.write(line)
            if line.startswith("building '"):
                count += 1
                say(f"compiling C extension {count} of {total}: {line.split(chr(39))[1]}")
        code = child.wait()
        if timer is not None:
            timer.cancel()
    return None if stopped.is_set() else code


def _build(out: Path, force: bool, timeout: float | None = None) -> bool:
    src = ROOT / "src" / "hellas"
    wanted = source_hash(src)
    stamp = out / STAMP
    if not force and _matches(stamp, wanted):
        return False
    _need_tools()
    started = time.monotonic()
    say(f"building the compiled engine into {out} ({priority()})")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(src, out / "hellas", ignore=shutil.ignore_patterns("__pycache__"))
    files = [name.replace(".", "/") + ".py" for name in MODULES]
    log = out / "build.log"
    say(f"mypyc: checking types and writing C for {len(MODULES)} modules (the longest step)")
    code = _run_mypyc(out, files, log, timeout)
    if code is None:
        _fail(
            out, wanted, f"stopped: the build ran past its {timeout:g} s limit; pure Python stays"
        )
    if code != 0:
        tail = "\n".join(log.read_text().splitlines()[-30:])
        _fail(out, wanted, f"mypyc failed (exit {code}); the end of {log}:\n{tail}")
    for name in MODULES:
        folder = out / Path(name.replace(".", "/")).parent
        stem = name.rsplit(".", 1)[1]
        if not any(folder.glob(f"{stem}.*.so")) and not any(folder.glob(f"{stem}.*.pyd")):
            _fail(out, wanted, f"mypyc ran but left no extension for {name}; see {log}")
    shutil.rmtree(out / "build", ignore_errors=True)  # C sources and objects: not needed to run
    stamp.write_text(wanted)
    say(f"done in {time.monotonic() - started:.0f} s")
    return True


def main() -> None:
    """Build (or reuse) the compiled folder and say where it is."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / ".compiled")
    parser.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    parser.add_argument(
        "--status",
        action="store_true",
        help="only say ready (exit 0), stale (1: can build), no-tools (2), building (3: another "
        "process is building) or failed (4: these sources failed to build; --force retries)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="stop the build after this many seconds (it then counts as failed)",
    )
    args = parser.parse_args()
    if args.status:
        state = status(args.out.resolve())
        print(state)
        raise SystemExit({"ready": 0, "stale": 1, "building": 3, "failed": 4}.get(state, 2))
    built = build(args.out.resolve(), args.force, args.timeout)
    state = "built" if built else "up to date"
    print(f"{state}: {len(MODULES)} modules in {args.out}; run with PYTHONPATH={args.out}")


if __name__ == "__main__":
    main()

# Sourced by ./play and ./check after scripts/bootstrap.sh: the mypyc-compiled engine by default
# where this machine can build it (a C compiler and the Python headers), pure Python otherwise.
# The build (scripts/build_compiled.py, into .compiled/) is reused until a source changes; the
# pure-Python package stays the reference (tests/test_compiled.py proves both play alike).

# True when gcc and the Python headers are here (./play then installs the compiled extra).
hellas_can_compile() {
  command -v "${CC:-gcc}" >/dev/null 2>&1 &&
    "${1:-python3}" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
      >/dev/null 2>&1
}

# hellas_compiled wait|background: build .compiled/ when it is stale (waiting for it, or in the
# background for the next run) and, when a current build is ready, put it first on PYTHONPATH.
# Without the tools nothing happens and nothing is printed: pure Python runs as before.
hellas_compiled() {
  local state
  state="$(.venv/bin/python scripts/build_compiled.py --status 2>/dev/null || true)"
  case "$state" in
    ready) ;;
    stale)
      if [ "$1" = wait ]; then
        echo "== building the compiled engine (a few CPU minutes, once; log: .compiled.log)"
        .venv/bin/python scripts/build_compiled.py >.compiled.log 2>&1 || return 0
      else
        echo "== building the compiled engine in the background (used from the next start)"
        nohup .venv/bin/python scripts/build_compiled.py >.compiled.log 2>&1 </dev/null &
        return 0
      fi
      ;;
    *) return 0 ;;
  esac
  export PYTHONPATH=".compiled${PYTHONPATH:+:$PYTHONPATH}"
}

# Sourced by ./play and ./check after scripts/bootstrap.sh: the mypyc-compiled engine by default
# where this machine can build it (a C compiler and the Python headers), pure Python otherwise.
# The build (scripts/build_compiled.py, into .compiled/) is reused until a source changes; the
# pure-Python package stays the reference (tests/test_compiled.py proves both play alike).
# ./play's build never competes with play: it runs in the background at the lowest CPU and I/O
# priority (nice 19, ionice idle where available; mypyc compiles one extension at a time), with
# a time limit (HELLAS_COMPILE_TIMEOUT seconds, default 3 hours); one that fails or runs out of
# time leaves pure Python in place and is not retried until a source changes.
# HELLAS_COMPILED_DIR names the build folder (default .compiled).

# True when gcc and the Python headers are here (./play then installs the compiled extra).
hellas_can_compile() {
  command -v "${CC:-gcc}" >/dev/null 2>&1 &&
    "${1:-python3}" -c 'import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
      >/dev/null 2>&1
}

# The command prefix that runs a build at the lowest priority: nice 19, and idle I/O where
# ionice works here (some containers refuse it).
hellas_low_priority() {
  local prefix="nice -n 19"
  if command -v ionice >/dev/null 2>&1 && ionice -c 3 true >/dev/null 2>&1; then
    prefix="$prefix ionice -c 3"
  fi
  echo "$prefix"
}

# hellas_compiled wait|background: build the compiled folder when it is stale (waiting for it,
# or in the background at the lowest priority for the next run) and, when a current build is
# ready, put it first on PYTHONPATH.  In the background mode (./play) one line says whether
# compiled code is in use and, if not, when it will be.  Without the tools nothing happens and
# nothing is printed: pure Python runs as before.
hellas_compiled() {
  local state out="${HELLAS_COMPILED_DIR:-.compiled}" log
  log="$out.log"
  state="$(.venv/bin/python scripts/build_compiled.py --status --out "$out" 2>/dev/null || true)"
  case "$state" in
    ready)
      [ "$1" = wait ] ||
        echo "== compiled engine: in use (the rules compiled with mypyc)"
      ;;
    stale | building | failed)
      if [ "$1" = wait ]; then
        [ "$state" = failed ] && return 0
        echo "== building the compiled engine (a few CPU minutes, once; log: $log)"
        .venv/bin/python scripts/build_compiled.py --out "$out" >"$log" 2>&1 || return 0
      elif [ "$state" = failed ]; then
        echo "== compiled engine: not in use (its last build failed or ran out of time, see" \
          "$log; pure Python; to retry: .venv/bin/python scripts/build_compiled.py --force)"
        return 0
      else
        if [ "$state" = stale ]; then
          # shellcheck disable=SC2046  # the prefix is words on purpose
          nohup $(hellas_low_priority) .venv/bin/python scripts/build_compiled.py --out "$out" \
            --timeout "${HELLAS_COMPILE_TIMEOUT:-10800}" >"$log" 2>&1 </dev/null &
        fi
        echo "== compiled engine: not yet (building in the background at the lowest priority," \
          "progress in $log); pure Python now, compiled from the first start after it finishes"
        return 0
      fi
      ;;
    *) return 0 ;;
  esac
  export PYTHONPATH="$out${PYTHONPATH:+:$PYTHONPATH}"
}

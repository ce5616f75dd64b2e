# Sourced by ./play and ./check: make sure Python 3.11+ and a virtual environment with Hellas
# (and, with EXTRAS=test, the test tools) exist in .venv.  Installs Debian packages when missing.
set -euo pipefail

need_apt() {
  if command -v apt-get >/dev/null 2>&1; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
  else
    echo "Please install: $*" >&2
    exit 1
  fi
}

PY=""
for candidate in python3.13 python3.12 python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    PY="$candidate"
    break
  fi
done
if [ -z "$PY" ]; then
  need_apt python3 python3-venv
  PY=python3
fi

if [ ! -x .venv/bin/python ]; then
  if ! "$PY" -m venv .venv >/dev/null 2>&1; then
    rm -rf .venv
    need_apt python3-venv
    "$PY" -m venv .venv
  fi
fi

EXTRAS="${EXTRAS:-}"
stamp=".venv/.hellas-installed${EXTRAS:+-$EXTRAS}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  if [ -n "$EXTRAS" ]; then
    .venv/bin/python -m pip install -q -e ".[$EXTRAS]"
  else
    .venv/bin/python -m pip install -q -e .
  fi
  touch "$stamp"
fi

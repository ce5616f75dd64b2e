# Sourced by ./play and ./check: make sure Python 3.11+ and the installer uv exist, then bring
# the virtual environment .venv in line with uv.lock (exact, pinned versions).  ./play installs
# the play set; ./check sets HELLAS_EXTRAS=test and adds the test tools on top.  Both share the
# one .venv and never remove what the other installed, so running one after the other installs
# nothing twice.  Installs Debian packages when missing; uv itself comes from PyPI.
set -euo pipefail

need_apt() {
  if command -v apt-get >/dev/null 2>&1; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "== installing Debian packages: $*"
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
  need_apt python3
  PY=python3
fi
PY="$("$PY" -c 'import sys; print(sys.executable)')"

# uv: on PATH, or where an earlier run installed it (pip --user, or a small venv of its own);
# an older uv than UV_MIN (it may not read uv.lock) is passed over
UV_HOME="${XDG_CACHE_HOME:-$HOME/.cache}/hellas/uv-venv"
UV_MIN=0.13.0
uv_recent() {
  local version
  version="$("$1" --version 2>/dev/null | cut -d' ' -f2)" || return 1
  [ -n "$version" ] && [ "$(printf '%s\n%s\n' "$UV_MIN" "$version" | sort -V | head -1)" = "$UV_MIN" ]
}
find_uv() {
  local candidate
  for candidate in "${HELLAS_UV:-}" "$(command -v uv 2>/dev/null || true)" \
    "$("$PY" -m site --user-base 2>/dev/null || echo /nonexistent)/bin/uv" "$UV_HOME/bin/uv"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] && uv_recent "$candidate"; then
      UV="$candidate"
      return 0
    fi
  done
  return 1
}
if ! find_uv; then
  echo "== installing uv (the package installer) from PyPI"
  # pip --user where the system allows it; otherwise (no pip, or Debian's externally managed
  # Python) a virtual environment of its own, with python3-venv from apt when that is missing
  if ! { "$PY" -m pip --version >/dev/null 2>&1 &&
         "$PY" -m pip install --user --quiet --disable-pip-version-check --upgrade "uv>=$UV_MIN" \
           >/dev/null 2>&1 && find_uv; }; then
    if ! "$PY" -m venv --clear "$UV_HOME" >/dev/null 2>&1; then
      need_apt python3-venv
      "$PY" -m venv --clear "$UV_HOME"
    fi
    "$UV_HOME/bin/python" -m pip install --quiet --disable-pip-version-check "uv>=$UV_MIN"
  fi
  find_uv || { echo "uv was installed but cannot be found" >&2; exit 1; }
fi
export HELLAS_UV="$UV"

# Use the Python found above (never download one) and install exactly what uv.lock pins.
# --inexact: keep packages the other command added (./play keeps the test tools of ./check).
export UV_PYTHON="$PY" UV_PYTHON_DOWNLOADS=never
sync_args=(sync --frozen --inexact)
for extra in ${HELLAS_EXTRAS:-}; do
  sync_args+=(--extra "$extra")
done
if [ -x .venv/bin/python ]; then
  echo "== checking .venv against uv.lock"
else
  echo "== installing Python packages from uv.lock into .venv (first run only)"
fi
"$UV" "${sync_args[@]}"

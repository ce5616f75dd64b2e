# Sourced by ./check: make sure Debian's chromium is installed for the Playwright tests
# (Playwright's own browser download cannot work here) and export HELLAS_CHROMIUM.
set -euo pipefail
if [ -z "${HELLAS_CHROMIUM:-}" ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    need_apt chromium
  fi
  export HELLAS_CHROMIUM="$(command -v chromium)"
fi
export HELLAS_REQUIRE_BROWSER=1

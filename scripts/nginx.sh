# Sourced by ./check: make sure Debian's nginx is installed for the reverse-proxy tests
# (tests/server/test_proxy.py) and export HELLAS_NGINX, the program's path.  Only the program is
# used: each test runs its own nginx process with docs/nginx/hellas.conf and its own pid file,
# logs and temporary folders in a temporary folder, on free loopback ports.  The package's own
# service is neither started (a policy-rc.d refuses it while apt installs the package) nor left
# enabled for the next boot.  Set HELLAS_NGINX yourself to use another nginx.
set -euo pipefail

hellas_nginx_find() {
  local candidate
  for candidate in "${HELLAS_NGINX:-}" "$(command -v nginx 2>/dev/null || true)" /usr/sbin/nginx; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      HELLAS_NGINX="$candidate"
      return 0
    fi
  done
  return 1
}

if ! hellas_nginx_find; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  made_policy=""
  if command -v apt-get >/dev/null 2>&1 && [ ! -e /usr/sbin/policy-rc.d ]; then
    # exit 101: "action forbidden"; Debian's maintainer scripts then start no service
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
    $sudo chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  # nginx-light where the release still has it (a smaller build), else nginx
  installed=""
  need_apt nginx-light && hellas_nginx_find && installed=1
  [ -n "$installed" ] || { need_apt nginx && hellas_nginx_find && installed=1; } || true
  if [ -n "$made_policy" ]; then
    $sudo rm -f /usr/sbin/policy-rc.d
  fi
  if [ -z "$installed" ]; then
    echo "could not install nginx (apt-get install nginx-light or nginx)" >&2
    exit 1
  fi
  if command -v systemctl >/dev/null 2>&1; then
    $sudo systemctl disable nginx >/dev/null 2>&1 || true  # not at the next boot either
  fi
fi
export HELLAS_NGINX
export HELLAS_REQUIRE_NGINX=1

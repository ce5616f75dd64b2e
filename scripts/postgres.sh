# Sourced by ./check: make sure a PostgreSQL server runs for the persistence tests and export
# HELLAS_TEST_PG_URL.  Installs Debian's postgresql when missing; the cluster lives in
# .pgdata (outside .venv, which uv may recreate; in /tmp when the postgres account cannot reach
# the checkout) and listens on 127.0.0.1:${HELLAS_PG_PORT:-54329}; HELLAS_PG_DATA names it.
# A server that already runs on .pgdata is reused and left running; one started here is stopped
# by hellas_pg_stop (./check calls it on exit; HELLAS_PG_KEEP=1 keeps it for the next run).
# Set HELLAS_TEST_PG_URL yourself to use another server instead.
set -euo pipefail

HELLAS_PG_STOP=()
hellas_pg_stop() {
  if [ "${#HELLAS_PG_STOP[@]}" -gt 0 ] && [ -z "${HELLAS_PG_KEEP:-}" ]; then
    "${HELLAS_PG_STOP[@]}" >/dev/null 2>&1 || true
    HELLAS_PG_STOP=()
  fi
}

if [ -z "${HELLAS_TEST_PG_URL:-}" ]; then
  PG_PORT="${HELLAS_PG_PORT:-54329}"
  BIN=""
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && BIN="$dir"
  done
  if [ -z "$BIN" ]; then
    need_apt postgresql
    for dir in /usr/lib/postgresql/*/bin; do
      [ -x "$dir/initdb" ] && BIN="$dir"
    done
  fi
  DATA="$(pwd)/.pgdata"
  RUN_AS=()
  if [ "$(id -u)" -eq 0 ]; then
    # PostgreSQL refuses to run as root: use the postgres account Debian creates
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    RUN_AS=(runuser -u postgres --)
    if ! runuser -u postgres -- test -x "$(pwd)"; then
      # the postgres account cannot reach this checkout (say, under /root): keep the cluster
      # in /tmp instead, one per checkout
      DATA="/tmp/hellas-pgdata-$(pwd | cksum | cut -d' ' -f1)"
    fi
    mkdir -p "$DATA"
    chown postgres "$DATA"
    chmod 700 "$DATA"
  fi
  if [ ! -f "$DATA/PG_VERSION" ]; then
    "${RUN_AS[@]}" "$BIN/initdb" -D "$DATA" -U hellas --auth=trust -E UTF8 >/dev/null
  fi
  if "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    PG_PORT="$(sed -n 4p "$DATA/postmaster.pid")"  # already running: reuse its port
  else
    # another checkout's server may hold the port: try the next few
    started=""
    for port in $(seq "$PG_PORT" $((PG_PORT + 20))); do
      if "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -w -l "$DATA/server.log" \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=on" start >/dev/null 2>&1; then
        PG_PORT="$port"
        started=1
        HELLAS_PG_STOP=("${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA" -m fast -w stop)
        break
      fi
    done
    if [ -z "$started" ]; then
      echo "could not start PostgreSQL on ports $PG_PORT-$((PG_PORT + 20)); see $DATA/server.log" >&2
      exit 1
    fi
  fi
  export HELLAS_TEST_PG_URL="postgresql+psycopg://hellas@127.0.0.1:$PG_PORT/postgres"
  export HELLAS_PG_DATA="$DATA"
fi
export HELLAS_REQUIRE_PG=1

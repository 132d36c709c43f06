#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on a loopback port:
#   scripts/with-postgres.sh npm test
# Needs Debian's postgresql package (the binaries in /usr/lib/postgresql/<version>/bin).
# The command sees DATABASE_URL; the server and its data are removed afterwards.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] || { echo "PostgreSQL binaries not found: apt-get install postgresql" >&2; exit 1; }
PORT=${PGPORT_TEST:-54329}
DIR=$(mktemp -d /tmp/listing-sync-pg.XXXXXX)
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  # initdb refuses to run as root; the postgres system user comes with the package.
  chown postgres "$DIR"
  RUN_AS=(runuser -u postgres --)
fi
cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
"${RUN_AS[@]}" "$PGBIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# PG_FAST=1 (the test suite) trades durability for speed; benchmarks keep the defaults.
# PG_EXTRA adds server settings, e.g. PG_EXTRA="-c log_min_duration_statement=0" to time each statement.
FAST=""
[ "${PG_FAST:-}" = 1 ] && FAST="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=300 -c shared_buffers=256MB $FAST ${PG_EXTRA:-}" start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"

#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL primary and a streaming replica of it:
#   scripts/with-replica.sh node --import tsx --test test/edge/site/replica.test.ts
# The primary is scripts/with-postgres.sh's server (PGPORT_TEST, default 54329; PG_FAST and
# PG_EXTRA apply to it); the replica is copied from it with pg_basebackup -R (a hot standby
# streaming its WAL) and listens on PGPORT_REPLICA (default: the primary's port + 1).
# The command sees DATABASE_URL (the primary) and DATABASE_READ_URL (the replica); both
# servers and their data are removed afterwards. Other scripts compose with it the same way,
# e.g. scripts/with-replica.sh <a script starting several servers on these two URLs>.
set -euo pipefail
if [ "${1:-}" != "--standby-of-primary" ]; then
  exec "$(dirname "$0")/with-postgres.sh" "$0" --standby-of-primary "$@"
fi
shift
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
PRIMARY_PORT=${DATABASE_URL##*:}
PRIMARY_PORT=${PRIMARY_PORT%%/*}
PORT=${PGPORT_REPLICA:-$((PRIMARY_PORT + 1))}
DIR=$(mktemp -d /tmp/listing-sync-replica.XXXXXX)
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$DIR"
  RUN_AS=(runuser -u postgres --)
fi
cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
# -R: standby.signal and primary_conninfo, so the copy starts as a standby of the primary;
# -X stream: the WAL written during the copy comes with it.
"${RUN_AS[@]}" "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/data" -R -X stream -c fast
FAST=""
[ "${PG_FAST:-}" = 1 ] && FAST="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
# A hot standby needs at least the primary's max_connections. hot_standby_feedback: the primary
# keeps the rows a long read on the replica still needs, rather than the replica cancelling it.
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=300 -c hot_standby=on -c hot_standby_feedback=on $FAST" start >/dev/null
export DATABASE_READ_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL replica on 127.0.0.1:$PORT, streaming from 127.0.0.1:$PRIMARY_PORT"
"$@"

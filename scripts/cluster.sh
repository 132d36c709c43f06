#!/usr/bin/env bash
# Runs a command against a small fleet: HAProxy in front of server processes and one
# `listing-sync worker`, all on the PostgreSQL server of DATABASE_URL (and its replica,
# DATABASE_READ_URL, when set). Compose it with the database scripts:
#   PG_FAST=1 scripts/with-replica.sh scripts/cluster.sh node --test .tmp/suite/test/main/cluster.test.js
#   scripts/with-replica.sh scripts/cluster.sh npm run bench cluster
# Needs HAProxy (Debian's haproxy package) and curl; runs the build (dist/), rebuilt when stale.
#
# CLUSTER_SERVERS (default 3) server processes listen on CLUSTER_PORT+1…, HAProxy on CLUSTER_PORT
# (default 18470) and its statistics on CLUSTER_PORT+9 (/stats, /stats;csv). Servers run with
# WORKER=0: the worker alone runs jobs and webhook deliveries. Each process runs under a
# supervisor loop that starts it again when it exits, as systemd's Restart=always would, so a
# command may stop or kill one (its pid is in $CLUSTER_DIR/<name>.pid) and watch it come back.
# Any other variable in the environment (SITE_CACHE_MS, METRICS_TOKEN, …) reaches every process.
# With METRICS_TOKEN the worker also serves its own /metrics on CLUSTER_PORT+8 (METRICS_PORT).
#
# The command sees CLUSTER_URL (HAProxy), CLUSTER_STATS_URL, CLUSTER_DIR (pid files, each
# process's log, haproxy.log with one line per request and every health change, haproxy.sock
# for HAProxy's runtime API), CLUSTER_SERVERS, CLUSTER_SERVER_PORTS, ADMIN_TOKEN and, with METRICS_TOKEN,
# CLUSTER_WORKER_METRICS_URL. Everything is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${DATABASE_URL:-}" ] || { echo "cluster.sh needs DATABASE_URL: run it under scripts/with-postgres.sh or scripts/with-replica.sh" >&2; exit 2; }
command -v haproxy >/dev/null || { echo "HAProxy not found: apt-get install --no-install-recommends haproxy" >&2; exit 2; }
command -v curl >/dev/null || { echo "curl not found: apt-get install curl" >&2; exit 2; }

BASE_PORT=${CLUSTER_PORT:-18470}
SERVERS=${CLUSTER_SERVERS:-3}
STATS_PORT=$((BASE_PORT + 9))
WORKER_METRICS_PORT=$((BASE_PORT + 8))
[ "$SERVERS" -le 7 ] || { echo "CLUSTER_SERVERS is at most 7: CLUSTER_PORT+8 and +9 are the worker's metrics and HAProxy's statistics" >&2; exit 2; }
# The pinned Node (package.json's `node` dependency), with the flags `npm start` gives the server.
NODE=node_modules/.bin/node
[ -x "$NODE" ] || NODE=node
FLAGS=$("$NODE" -p "require('./package.json').scripts.start.split(/\s+/).filter((w) => w.startsWith('--')).join(' ')")
# and the allocator's settings it gives in its environment (docs/operations.md, "The allocator").
START_ENV=$("$NODE" -p "require('./package.json').scripts.start.split(/\s+/).filter((w) => /^MALLOC_\w+=/.test(w)).join(' ')")
# HAProxy checks /readyz every 500 ms and takes a server out after 2 failures (1.5 s at most with
# a slow check); a stopping server answers 503 for twice that before its port closes.
DRAIN_MS=${SHUTDOWN_DRAIN_MS:-3000}
export ADMIN_TOKEN=${ADMIN_TOKEN:-cluster-admin-token-0123456789}

ports=("$BASE_PORT" "$STATS_PORT" ${METRICS_TOKEN:+"$WORKER_METRICS_PORT"})
for i in $(seq 1 "$SERVERS"); do ports+=($((BASE_PORT + i))); done
for port in "${ports[@]}"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is in use: set CLUSTER_PORT to another base (it uses CLUSTER_PORT…CLUSTER_PORT+9)" >&2
    exit 2
  fi
done

"$NODE" scripts/build-if-stale.mjs
DIR=$(mktemp -d /tmp/listing-sync-cluster.XXXXXX)
supervisors=()
haproxy_pid=""

cleanup() {
  local code=$?
  touch "$DIR/stopping"
  # The processes first (each drains and finishes its requests), then their supervisors, then
  # HAProxy. A supervisor may have started a process again just before it saw the stop: each
  # pid is signalled once (a second SIGTERM would cut a drain short).
  local -A signalled=()
  local running=1
  while [ "$running" = 1 ]; do
    for pidfile in "$DIR"/s*.pid "$DIR"/worker.pid; do
      [ -e "$pidfile" ] || continue
      local pid
      pid=$(cat "$pidfile")
      [ -n "${signalled[$pid]:-}" ] && continue
      signalled[$pid]=1
      kill -TERM "$pid" 2>/dev/null || true
    done
    running=0
    for pid in "${supervisors[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
    [ "$running" = 1 ] && sleep 0.2
  done
  if [ -n "$haproxy_pid" ]; then
    kill -TERM "$haproxy_pid" 2>/dev/null || true
    wait "$haproxy_pid" 2>/dev/null || true
  fi
  if [ -n "${CLUSTER_KEEP:-}" ]; then echo "cluster files kept in $DIR"; else rm -rf "$DIR"; fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# supervise NAME ENV… -- ARGS…: runs the built CLI with ARGS and ENV, again each time it exits.
supervise() {
  local name=$1
  shift
  local env=()
  while [ "$1" != "--" ]; do env+=("$1"); shift; done
  shift
  while [ ! -e "$DIR/stopping" ]; do
    echo "$(date +%T.%3N) [cluster] starting $name" >>"$DIR/$name.log"
    # shellcheck disable=SC2086 # START_ENV and FLAGS are separate words
    env $START_ENV "${env[@]}" "$NODE" $FLAGS dist/src/main/cli/main.js "$@" >>"$DIR/$name.log" 2>&1 &
    local pid=$!
    echo "$pid" >"$DIR/$name.pid"
    local code=0
    wait "$pid" || code=$?
    echo "$(date +%T.%3N) [cluster] $name (pid $pid) exited with $code" >>"$DIR/$name.log"
    [ -e "$DIR/stopping" ] || sleep 0.2
  done
}

common=(DEMO=0 LOG_LEVEL="${LOG_LEVEL:-warn}" WEBHOOK_ALLOW_PRIVATE="${WEBHOOK_ALLOW_PRIVATE:-1}")
backends=""
server_ports=()
for i in $(seq 1 "$SERVERS"); do
  port=$((BASE_PORT + i))
  server_ports+=("$port")
  supervise "s$i" "${common[@]}" PORT="$port" HOST=127.0.0.1 WORKER=0 SHUTDOWN_DRAIN_MS="$DRAIN_MS" -- serve &
  supervisors+=($!)
  backends+="  server s$i 127.0.0.1:$port"$'\n'
done
supervise worker "${common[@]}" ${METRICS_TOKEN:+METRICS_PORT="$WORKER_METRICS_PORT"} -- worker &
supervisors+=($!)

# %s is the server that answered (or failed to), in a response header and in the log line.
cat >"$DIR/haproxy.cfg" <<EOF
global
  log stdout format iso local0 info
  maxconn 2000
  stats socket $DIR/haproxy.sock mode 600 level admin
defaults
  mode http
  log global
  option httplog
  option dontlognull
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-keep-alive 10s
  timeout check 2s
  # A connection refused (a process just killed) is tried again on another server, and so is a
  # GET whose server closed the connection without answering (killed with the request in
  # flight): the page is asked of another server. Other methods are not replayed by HAProxy (a
  # push may have been written): their clients get the closed connection, and retry.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response
frontend site
  bind 127.0.0.1:$BASE_PORT
  capture request header x-request-id len 64
  log-format "%t %s %ST %tsc %Ta %HM %HU %hr"
  http-after-response set-header x-served-by %s
  default_backend servers
backend servers
  balance leastconn
  http-request disable-l7-retry unless METH_GET
  option httpchk GET /readyz
  http-check expect status 200
  default-server check inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
$backends
frontend stats
  bind 127.0.0.1:$STATS_PORT
  no log
  stats enable
  stats uri /stats
  stats refresh 5s
EOF
deadline=$((SECONDS + 120))
fail_start() {
  echo "the fleet did not come up within 120 s; logs:" >&2
  tail -n 20 "$DIR"/*.log >&2
  exit 1
}
# HAProxy starts once every server listens, so that its log begins with no server down.
for port in "${server_ports[@]}"; do
  until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    [ $SECONDS -gt $deadline ] && fail_start
    sleep 0.2
  done
done
haproxy -db -f "$DIR/haproxy.cfg" >>"$DIR/haproxy.log" 2>&1 &
haproxy_pid=$!
echo "$haproxy_pid" >"$DIR/haproxy.pid"

# Ready when HAProxy sees every server UP (rise 2: two checks in a row answered 200) and the worker runs.
until [ "$(curl -fs "http://127.0.0.1:$STATS_PORT/stats;csv" 2>/dev/null | awk -F, '$1 == "servers" && $2 ~ /^s[0-9]+$/ && $18 == "UP"' | wc -l)" = "$SERVERS" ] &&
  grep -q 'worker running' "$DIR/worker.log" 2>/dev/null; do
  [ $SECONDS -gt $deadline ] && fail_start
  kill -0 "$haproxy_pid" 2>/dev/null || { echo "HAProxy exited:" >&2; cat "$DIR/haproxy.log" >&2; exit 1; }
  sleep 0.3
done
echo "fleet up: HAProxy on 127.0.0.1:$BASE_PORT in front of $SERVERS servers (ports ${server_ports[*]}) and a worker${METRICS_TOKEN:+ (its metrics on port $WORKER_METRICS_PORT)}${DATABASE_READ_URL:+, reading the replica}; files in $DIR"

export CLUSTER_URL="http://127.0.0.1:$BASE_PORT"
export CLUSTER_STATS_URL="http://127.0.0.1:$STATS_PORT/stats"
[ -z "${METRICS_TOKEN:-}" ] || export CLUSTER_WORKER_METRICS_URL="http://127.0.0.1:$WORKER_METRICS_PORT/metrics"
export CLUSTER_DIR=$DIR
export CLUSTER_SERVERS=$SERVERS
export CLUSTER_SERVER_PORTS="${server_ports[*]}"
"$@"

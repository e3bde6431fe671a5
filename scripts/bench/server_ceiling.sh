#!/usr/bin/env bash
# The ceiling of a server set-up: the most moves per second it carries while a move reaches
# every member of its table within 50 ms at the 99th percentile. `kaisho loadtest` plays at a
# faster and faster pace (think time 3 s down to 0.1 s; 2,000 people at 400 tables, five a
# table, two of them playing) until p99 passes 50 ms; the last pace under it is the ceiling.
#   scripts/bench/server_ceiling.sh BIN SETUP [SECONDS_PER_STEP=20]
# KAISHO_LOADTEST_BIN runs the load from another build (to measure an older server with the
# same load: BIN serves, KAISHO_LOADTEST_BIN plays); KAISHO_LOADTEST_ARGS adds to its
# arguments (e.g. --whole-states, for a server that sends no patches); KAISHO_SERVE_LIMITS
# the server's limit flags (see below).
# SETUP: one-hall-sqlite | all-cores-sqlite | one-hall-postgres | all-cores-postgres |
#        two-servers-postgres | three-servers-postgres
# Prints one line per step (think_ms moves_per_second p50 p99, and the tables that started),
# then `ceiling SETUP N`, then
# `fsyncs_per_move SETUP X`: the disk flushes per move at the ceiling's pace (PostgreSQL: the
# WAL's own count, pg_stat_wal.wal_sync; SQLite: the server's fsync and fdatasync calls,
# counted by strace over a second run of that step).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "$1")
load_bin=$(realpath "${KAISHO_LOADTEST_BIN:-$1}")
setup=$2
step_seconds=${3:-20}
source scripts/lib/server.sh
source scripts/lib/postgres.sh
source scripts/lib/cluster.sh
work=$(mktemp -d)
chmod 755 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; { wait "$p"; } 2>/dev/null || true; done
  [ -d "$work/pg" ] && kaisho_cluster_stop "$work"
  rm -rf "$work"
}
trap cleanup EXIT
base=$((20000 + RANDOM % 20000))
# KAISHO_SERVE_LIMITS replaces the servers' limit flags (an older server knows fewer of them).
if [ -n "${KAISHO_SERVE_LIMITS:-}" ]; then
  read -ra limits <<<"$KAISHO_SERVE_LIMITS"
else
  limits=("${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}" --max-connections-per-address 100000)
fi
case "$setup" in
  one-hall-sqlite | all-cores-sqlite | one-hall-postgres | all-cores-postgres)
    db=$work/k.db
    if [[ $setup == *-postgres ]]; then
      kaisho_postgres_start "$work/pg" "$base"
      db=$KAISHO_PG_URI
    fi
    args=(--port $((base + 1)) --address 127.0.0.1 --db "$db" "${limits[@]}")
    [[ $setup == one-hall-* ]] && args+=(--halls 1)
    "$bin" serve "${args[@]}" >"$work/server.log" 2>&1 &
    pids+=($!)
    port=$((base + 1))
    ;;
  two-servers-postgres | three-servers-postgres)
    servers=3
    [ "$setup" = two-servers-postgres ] && servers=2
    KAISHO_CLUSTER_SERVERS=$servers kaisho_cluster_start "$work" "$bin" "$base" "${limits[@]}"
    port=$KAISHO_PROXY_PORT
    ;;
  *) echo "unknown set-up $setup" >&2; exit 2 ;;
esac
up=no
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && { up=yes; break; }
  sleep 0.1
done
[ "$up" = yes ] || { echo "the set-up did not answer /healthz" >&2; exit 1; }
ceiling=0
ceiling_think=3000
for think in 3000 2000 1500 1000 700 500 350 250 180 150 120 100; do
  # A step whose set-up missed a table (loadtest exits 1) still measured the others.
  out=$("$load_bin" loadtest --port "$port" --connections 2000 --groups 400 --sources 64 \
    --seconds "$step_seconds" --think-ms "$think" --setup-timeout 60 ${KAISHO_LOADTEST_ARGS:-} \
    2>&1) || true
  mps=$(kaisho_figure moves_per_second <<<"$out")
  p50=$(kaisho_figure latency_ms_p50 <<<"$out")
  p99=$(kaisho_figure latency_ms_p99 <<<"$out")
  tables=$(kaisho_figure tables_started <<<"$out")
  echo "think_ms $think moves_per_second $mps p50_ms $p50 p99_ms $p99 tables $tables"
  [ -n "$p99" ] || { echo "loadtest gave no p99:" >&2; echo "$out" >&2; exit 1; }
  if awk -v p="$p99" 'BEGIN {exit !(p < 50)}'; then ceiling=$mps; ceiling_think=$think; else break; fi
done
echo "ceiling $setup $ceiling"
# The disk flushes per move at the ceiling's pace.
load_at_ceiling() {
  "$load_bin" loadtest --port "$port" --connections 2000 --groups 400 --sources 64 \
    --seconds "$step_seconds" --think-ms "$ceiling_think" --setup-timeout 60 \
    ${KAISHO_LOADTEST_ARGS:-} 2>&1 || true
}
if [[ $setup == *-postgres ]]; then
  wal_syncs() { psql -At -h 127.0.0.1 -p "$base" -U postgres kaisho -c "SELECT wal_sync FROM pg_stat_wal"; }
  before=$(wal_syncs)
  out=$(load_at_ceiling)
  syncs=$(($(wal_syncs) - before))
else
  strace -f -c -e trace=fsync,fdatasync -o "$work/strace" -p "${pids[0]}" &
  tracer=$!
  sleep 1
  out=$(load_at_ceiling)
  kill -INT "$tracer"; wait "$tracer" 2>/dev/null || true
  syncs=$(awk '$NF == "fsync" || $NF == "fdatasync" {n += $4} END {print n + 0}' "$work/strace")
fi
moves=$(kaisho_figure moves <<<"$out")
echo "fsyncs_per_move $setup $(awk -v s="$syncs" -v m="$moves" 'BEGIN {printf "%.3f", (m > 0 ? s / m : 0)}') ($syncs flushes, $moves moves)"

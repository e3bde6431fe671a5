#!/usr/bin/env bash
# The CPU's capacity, side by side (the table of docs/performance.md, "The CPU under load"):
# for each number of people and think time, a fresh set-up (default flags but the per-address
# limits raised for the loopback addresses) and scripts/bench/cpu_capacity.mjs against it.
# Usage: scripts/bench/cpu_capacity.sh BUILD/kaisho [SECONDS=30] [LEVEL=8] [SETUP=alone]
#        [PEOPLE:THINK_MS ...]   (default cases: 0:0 1:0 8:0 32:0 32:3000 64:3000)
# SETUP: alone (one server on SQLite) | postgres (one server on PostgreSQL) | one-worker,
# two-workers (the server on PostgreSQL with that many `kaisho cpu-worker` processes, each with
# a thread per core, on the same machine: at nice 19, as the server's own search threads, so
# that they too leave the cores to the halls).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "$1")
seconds=${2:-30}
level=${3:-8}
setup=${4:-alone}
shift 4 || shift $#
cases=("$@")
((${#cases[@]})) || cases=(0:0 1:0 8:0 32:0 32:3000 64:3000)
source scripts/lib/server.sh
source scripts/lib/postgres.sh
case "$setup" in
  alone) workers=0 ;;
  postgres) workers=0 ;;
  one-worker) workers=1 ;;
  two-workers) workers=2 ;;
  *) echo "unknown set-up $setup" >&2; exit 2 ;;
esac
pids=()
work=$(mktemp -d)
chmod 755 "$work"
cleanup() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  [ -d "$work/pg" ] && kaisho_postgres_stop "$work/pg"
  rm -rf "$work"
}
trap cleanup EXIT
if [ "$setup" != alone ]; then
  kaisho_postgres_start "$work/pg" $((20000 + RANDOM % 20000))
fi
echo "| set-up | people against the CPU | level | think time | CPU wait p50 | p99 | max | refused | pair's move p99 |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for c in "${cases[@]}"; do
  people=${c%%:*}
  think=${c##*:}
  db=$work/k-$people-$think.db
  if [ "$setup" != alone ]; then
    db=$KAISHO_PG_URI
    "$(_kaisho_pg_bin)/psql" -q -h 127.0.0.1 -p "${KAISHO_PG_URI##*:}" -U postgres -d kaisho \
      -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public" >/dev/null 2>&1 || true
  fi
  pids=()
  for w in $(seq 1 "$workers"); do
    "$bin" cpu-worker --db "$db" --name "w$w" --nice 19 >>"$work/worker.log" 2>&1 &
    pids+=($!)
  done
  starts=$(($(grep -c 'is running' "$work/log" 2>/dev/null || true) + 1))
  kaisho_serve "$work/log" "$bin" --port 0 --address 127.0.0.1 --db "$db" \
    "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}" --max-connections-per-address 100000
  pids+=("$KAISHO_PID")
  port=$(kaisho_port "$work/log" "$starts")
  line=$(node --no-warnings scripts/bench/cpu_capacity.mjs "$port" --people "$people" \
    --level "$level" --think-ms "$think" --seconds "$seconds")
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  read -r p50 p99 max refused pair < <(echo "$line" |
    sed -n 's/.*cpu_wait_ms p50 \([^ ]*\) p99 \([^ ]*\) max \([^ ]*\) waits [0-9]* refused \([0-9]*\) pair_rtt_ms p50 [^ ]* p99 \([^ ]*\).*/\1 \2 \3 \4 \5/p')
  echo "| $setup | $people | $level | $((think / 1000)).$(((think % 1000) / 100)) s | $p50 ms | $p99 ms | $max ms | $refused | $pair ms |"
done

#!/usr/bin/env bash
# The CPU's capacity, side by side (the tables of docs/performance.md, "The CPU under load" and
# "The CPU's bound at its edges"): for each case, a fresh set-up (default flags but the
# per-address limits raised for the loopback addresses) and scripts/bench/cpu_capacity.mjs
# against it.
# Usage: scripts/bench/cpu_capacity.sh BUILD/kaisho [SECONDS=30] [LEVEL=8] [SETUP=alone] [CASE ...]
# SETUP: alone (one server on SQLite) | postgres (one server on PostgreSQL) | one-worker,
# two-workers (the server on PostgreSQL with that many `kaisho cpu-worker` processes, each with
# a thread per core, on the same machine, at their default niceness: 19, as the server's own
# search threads, so that they too leave the cores to the halls).
# CASE (default: 0:0 1:0 8:0 32:0 32:3000 64:3000):
#   PEOPLE:THINK_MS  PEOPLE people, each from an address of their own, answering after THINK_MS
#   burst:PEOPLE     PEOPLE people starting together, measured from their start (think 0)
#   school:N+M       N people behind one address, then M more, each from an address of their
#                    own, arriving 10 s into the measured time (think 0)
#   hung:PEOPLE      PEOPLE people (think 0); the first worker process is stopped (SIGSTOP: it
#                    hangs, connected, its rows locked) 5 s into the measured time
# Prints the table of every case, then one of each case's groups of people (every wait of an
# admitted table, one still open at the end too; "over 3 s": waits past the reply bound).
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
  for p in "${pids[@]}"; do kill -CONT "$p" 2>/dev/null || true; kill -9 "$p" 2>/dev/null || true; done
  [ -d "$work/pg" ] && kaisho_postgres_stop "$work/pg"
  rm -rf "$work"
}
trap cleanup EXIT
if [ "$setup" != alone ]; then
  kaisho_postgres_start "$work/pg" $((20000 + RANDOM % 20000))
fi
groups=()
echo "| set-up | people against the CPU | level | think time | CPU wait p50 | p99 | max | refused | pair's move p99 |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for c in "${cases[@]}"; do
  extra=()
  case "$c" in
    burst:*) people=${c#burst:}; think=0; extra=(--warmup-seconds 0) ;;
    school:*) spec=${c#school:}; people=0; think=0
      extra=(--crowd-behind-one "${spec%%+*}" --late "${spec##*+}" --late-after-s 10) ;;
    hung:*) people=${c#hung:}; think=0 ;;
    *) people=${c%%:*}; think=${c##*:} ;;
  esac
  db=$work/k-$people-$think.db
  if [ "$setup" != alone ]; then
    db=$KAISHO_PG_URI
    "$(_kaisho_pg_bin)/psql" -q -h 127.0.0.1 -p "${KAISHO_PG_URI##*:}" -U postgres -d kaisho \
      -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public" >/dev/null 2>&1 || true
  fi
  pids=()
  for w in $(seq 1 "$workers"); do
    "$bin" cpu-worker --db "$db" --name "w$w" >>"$work/worker.log" 2>&1 &
    pids+=($!)
  done
  if [[ "$c" == hung:* ]]; then
    ((workers > 0)) || { echo "hung: needs a worker (one-worker, two-workers)" >&2; exit 2; }
    extra=(--pause-pid "${pids[0]}" --pause-after-s 5)
  fi
  starts=$(($(grep -c 'is running' "$work/log" 2>/dev/null || true) + 1))
  kaisho_serve "$work/log" "$bin" --port 0 --address 127.0.0.1 --db "$db" \
    "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}" --max-connections-per-address 100000
  pids+=("$KAISHO_PID")
  port=$(kaisho_port "$work/log" "$starts")
  out=$(node --no-warnings scripts/bench/cpu_capacity.mjs "$port" --people "$people" \
    --level "$level" --think-ms "$think" --seconds "$seconds" "${extra[@]}")
  for p in "${pids[@]}"; do
    kill -CONT "$p" 2>/dev/null || true
    kill "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  line=$(echo "$out" | grep '^people ')
  read -r total p50 p99 max refused pair < <(echo "$line" |
    sed -n 's/^people \([0-9]*\) .*cpu_wait_ms p50 \([^ ]*\) p99 \([^ ]*\) max \([^ ]*\) waits [0-9]* refused \([0-9]*\) pair_rtt_ms p50 [^ ]* p99 \([^ ]*\).*/\1 \2 \3 \4 \5 \6/p')
  echo "| $setup | $total ($c) | $level | $((think / 1000)).$(((think % 1000) / 100)) s | $p50 ms | $p99 ms | $max ms | $refused | $pair ms |"
  while read -r g; do
    [ -n "$g" ] || continue
    groups+=("$(echo "$g" | sed -n 's/^group \([^ ]*\) people \([0-9]*\) cpu_wait_ms p50 \([^ ]*\) p99 \([^ ]*\) max \([^ ]*\) waits \([0-9]*\) over_bound \([0-9]*\) refused \([0-9]*\).*/| '"$setup"' | '"$c"' | \1 | \2 | \3 ms | \4 ms | \5 ms | \6 | \7 | \8 |/p')")
  done < <(echo "$out" | grep '^group ' || true)
done
echo
echo "| set-up | case | group | people | CPU wait p50 | p99 | max | waits | over 3 s | refused |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for g in "${groups[@]}"; do echo "$g"; done

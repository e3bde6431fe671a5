#!/usr/bin/env bash
# The CPU's capacity, side by side (the table of docs/performance.md, "The CPU under load"):
# for each number of people and think time, a fresh server (default flags but the per-address
# limits raised for the loopback addresses) and scripts/bench/cpu_capacity.mjs against it.
# Usage: scripts/bench/cpu_capacity.sh BUILD/kaisho [SECONDS=30] [LEVEL=8] [PEOPLE:THINK_MS ...]
# (default cases: 0:0 1:0 8:0 32:0 32:3000 64:3000)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "$1")
seconds=${2:-30}
level=${3:-8}
shift 3 || shift $#
cases=("$@")
((${#cases[@]})) || cases=(0:0 1:0 8:0 32:0 32:3000 64:3000)
source scripts/lib/server.sh
echo "| people against the CPU | level | think time | CPU wait p50 | p99 | max | refused | pair's move p99 |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for c in "${cases[@]}"; do
  people=${c%%:*}
  think=${c##*:}
  work=$(mktemp -d)
  kaisho_serve "$work/log" "$bin" --port 0 --address 127.0.0.1 --db "$work/k.db" \
    "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}" --max-connections-per-address 100000
  pid=$KAISHO_PID
  port=$(kaisho_port "$work/log")
  line=$(node --no-warnings scripts/bench/cpu_capacity.mjs "$port" --people "$people" \
    --level "$level" --think-ms "$think" --seconds "$seconds")
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
  read -r p50 p99 max refused pair < <(echo "$line" |
    sed -n 's/.*cpu_wait_ms p50 \([^ ]*\) p99 \([^ ]*\) max \([^ ]*\) waits [0-9]* refused \([0-9]*\) pair_rtt_ms p50 [^ ]* p99 \([^ ]*\).*/\1 \2 \3 \4 \5/p')
  echo "| $people | $level | $((think / 1000)).$(((think % 1000) / 100)) s | $p50 ms | $p99 ms | $max ms | $refused | $pair ms |"
done

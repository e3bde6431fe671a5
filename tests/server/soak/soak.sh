#!/usr/bin/env bash
# Soak: people's tables and CPU-against-CPU tables on one server for a bounded time, with
# the server's memory and the move latency sampled every 10 s. Passes when every table was
# set up, no protocol error came, no CPU table was ever found stuck, every people's table
# was still moving at the end, and memory did not grow from the second sample to the last
# by more than 10% (plus 8 MiB of slack for allocator noise).
# Random play rarely ends a Shogi game, and a game's record grows with its moves, so the
# tables play under the 150-move limit (as real games end, and memory can level off).
# Usage: soak.sh KAISHO_BIN [SECONDS=60] [CONNECTIONS=200] [GROUPS=40] [CPU_TABLES=8]
set -euo pipefail
bin=$1
seconds=${2:-60}
connections=${3:-200}
groups=${4:-40}
cpu_tables=${5:-8}
source "$(dirname "$0")/../../../scripts/lib/server.sh"
kaisho_scratch
work=$WORK
# Under AddressSanitizer, freed memory is held in a quarantine that would look like growth.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 \
  kaisho_serve "$work/server.log" "$bin" --port 0 --address 127.0.0.1 --db "$work/kaisho.db" \
  --cpu-ms 100 --away-grace-ms 1000 --stand-in-pace-ms 0 "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}"
port=$(kaisho_port "$work/server.log")
"$bin" loadtest --port "$port" --connections "$connections" --groups "$groups" \
  --cpu-tables "$cpu_tables" --option move_limit=150 --look-ms 5000 --think-ms 1000 \
  --seconds "$seconds" \
  --sample-seconds 10 --sources 4 --server-pid "$KAISHO_PID" >"$work/load.out" 2>&1 || true
cat "$work/load.out"
value() { awk -v k="$1" '$1 == k {print $2}' "$work/load.out"; }
first=$(awk '$1 == "sample" {n++; if (n == 2) print $4}' "$work/load.out")
last=$(awk '$1 == "sample" {v = $4} END {print v}' "$work/load.out")
grown=$(awk -v a="$first" -v b="$last" 'BEGIN {print (b > a * 1.10 + 8) ? "yes" : "no"}')
problems=()
[ "$(value setup_complete)" = "yes" ] || problems+=("setup incomplete")
[ "$(value errors)" = "0" ] || problems+=("protocol errors: $(value errors)")
[ "$(value cpu_tables_stuck)" = "0" ] || problems+=("stuck CPU tables: $(value cpu_tables_stuck)")
[ "$(value tables_moving_at_end)" = "$groups" ] || problems+=("tables moving at the end: $(value tables_moving_at_end)/$groups")
[ "$(value cpu_games)" -gt 0 ] || problems+=("no CPU game finished")
[ -n "$first" ] && [ "$grown" = "no" ] || problems+=("memory grew from $first MiB to $last MiB")
if ((${#problems[@]})); then
  printf 'SOAK FAILED: %s\n' "${problems[@]}" >&2
  tail -20 "$work/server.log" >&2
  exit 1
fi
echo "soak: ${seconds} s, memory $first -> $last MiB, no stuck table, no error"

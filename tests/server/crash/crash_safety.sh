#!/usr/bin/env bash
# Crash safety under load: `kaisho loadtest --survive-restarts` plays games at many tables
# while the server is killed with SIGKILL at random moments and restarted on the same
# database. Passes when no person was ever shown a state that lacked a move they had seen
# before (lost_moves 0), every table set up, and every table was still moving at the end.
# Usage: crash_safety.sh KAISHO_BIN [KILLS=5] [CONNECTIONS=200] [GROUPS=40]
# With CRASH_TAMPER=PROGRAM, PROGRAM DB runs after each kill (lose_last_moves.sh deletes
# moves) and the test passes only if the losses are reported.
set -euo pipefail
bin=$1
kills=${2:-5}
connections=${3:-200}
groups=${4:-40}
source "$(dirname "$0")/../../../scripts/lib/server.sh"
kaisho_scratch
work=$WORK
start_server() {  # $1: port (0 = any)
  kaisho_serve "$work/server.log" "$bin" --port "$1" --address 127.0.0.1 --db "$work/kaisho.db" \
    --away-grace-ms 20000 "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}"
}

start_server 0
port=$(kaisho_port "$work/server.log" 1)
# Setup, then about 2.5 s of play between kills, then 8 s after the last restart.
seconds=$((kills * 3 + 8))
"$bin" loadtest --port "$port" --connections "$connections" --groups "$groups" \
  --think-ms 300 --seconds "$seconds" --survive-restarts --setup-timeout 60 --sources 16 \
  >"$work/load.out" 2>&1 &
load=$!
# Let every table start before the first kill.
sleep 3
for k in $(seq 1 "$kills"); do
  sleep "$(( (RANDOM % 25) / 10 + 1 )).$(( RANDOM % 10 ))"
  kill -9 "$KAISHO_PID"
  wait "$KAISHO_PID" 2>/dev/null || true
  [ -z "${CRASH_TAMPER:-}" ] || "$CRASH_TAMPER" "$work/kaisho.db"
  start_server "$port"
  kaisho_port "$work/server.log" $((k + 1)) >/dev/null
done
status=0
wait "$load" || status=$?
cat "$work/load.out"
lost=$(kaisho_figure lost_moves "$work/load.out")
moving=$(kaisho_figure tables_moving_at_end "$work/load.out")
complete=$(kaisho_figure setup_complete "$work/load.out")
echo "kills $kills"
if [ -n "${CRASH_TAMPER:-}" ]; then
  # Proof of the check: with moves deleted from the store, losses must be reported.
  if [ "$complete" = "yes" ] && [ -n "$lost" ] && [ "$lost" -gt 0 ]; then
    echo "the check reports the $lost lost moves it should"
    exit 0
  fi
  echo "FAILED: the store lost moves but the check reported lost_moves=$lost" >&2
  exit 1
fi
if [ "$status" -ne 0 ] || [ "$complete" != "yes" ] || [ "$lost" != "0" ] || [ "$moving" != "$groups" ]; then
  echo "FAILED: lost_moves=$lost tables_moving_at_end=$moving/$groups setup_complete=$complete" >&2
  tail -20 "$work/server.log" >&2
  exit 1
fi
echo "crash safety: $kills kills, no lost moves, all $groups tables moving"

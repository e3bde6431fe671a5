#!/usr/bin/env bash
# The player's move round trip during each attack of scripts/bench/abuse.mjs, side by side, on
# a fresh server with the default limits for each (the table of docs/performance.md).
# KAISHO_NOFILE=N runs the server with N file descriptors (ulimit -n; the table uses 4096).
# Usage: scripts/bench/abuse_table.sh BUILD/kaisho [SECONDS=20] [ATTACK...]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "$1")
seconds=${2:-20}
shift 2 || shift $#
attacks=("$@")
((${#attacks[@]})) ||
  attacks=(none slowloris silent joins members reconnect names forwarded rebinding version connections)
source scripts/lib/server.sh
echo "| attack | player moves | p50 ms | p99 ms | max ms | newcomers who got in | what the attack got |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for attack in "${attacks[@]}"; do
  work=$(mktemp -d)
  # The forwarded attack comes through a proxy the server trusts (the attackers' 127.0.0.1).
  extra=()
  [ "$attack" = forwarded ] && extra=(--trusted-proxy 127.0.0.1)
  if [ -n "${KAISHO_NOFILE:-}" ]; then
    (ulimit -n "$KAISHO_NOFILE" &&
      exec "$bin" serve --port 0 --address 127.0.0.1 --db "$work/k.db" "${extra[@]}") \
      >>"$work/log" 2>&1 &
    KAISHO_PID=$!
  else
    kaisho_serve "$work/log" "$bin" --port 0 --address 127.0.0.1 --db "$work/k.db" "${extra[@]}"
  fi
  pid=$KAISHO_PID
  port=$(kaisho_port "$work/log")
  out=$(node --no-warnings --experimental-websocket scripts/bench/abuse.mjs "$port" \
    --attack "$attack" --seconds "$seconds")
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
  read -r moves p50 p99 max < <(echo "$out" | sed -n 's/^player moves \([0-9]*\) rtt_ms p50 \([^ ]*\) p99 \([^ ]*\) max \([^ ]*\)$/\1 \2 \3 \4/p')
  got=$(echo "$out" | sed -n 's/^attack got //p')
  visitors=$(echo "$out" | sed -n 's/^visitors got_in \([0-9]*\) of \([0-9]*\)$/\1 of \2/p')
  echo "| $attack | $moves | $p50 | $p99 | $max | $visitors | \`$got\` |"
done

#!/usr/bin/env bash
# Several servers, one hall, with failover: a real PostgreSQL, three `kaisho serve` processes
# sharing it and HAProxy in front (deploy/haproxy.cfg, scripts/lib/cluster.sh).
# `kaisho loadtest --survive-restarts` plays games at many tables through the proxy while
# servers are killed with SIGKILL, one at a time, and started again; the other servers take
# the dead one's groups over from the database, and the people reconnect through the proxy.
# Passes when no person was ever shown a state that lacked a move they had seen before
# (lost_moves 0), every table set up and was still moving at the end (no game stopped: CPU
# seats and turn timers go on at the new owner), and every finished game counted exactly once
# in its players' ratings (none lost by two servers ending games at once).
# Usage: cluster_test.sh KAISHO_BIN [KILLS=4] [CONNECTIONS=120] [GROUPS=30]
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin=$(realpath "$1")
kills=${2:-4}
connections=${3:-120}
groups=${4:-30}
for tool in haproxy curl psql; do
  command -v "$tool" >/dev/null || { echo "cluster test needs $tool (scripts/install-deps.sh --with-cluster)" >&2; exit 1; }
done
source scripts/lib/server.sh
source scripts/lib/postgres.sh
source scripts/lib/cluster.sh
work=$(mktemp -d)
chmod 755 "$work"
trap 'kaisho_cluster_stop "$work"; rm -rf "$work"' EXIT
# A free block of ports (PostgreSQL, the proxy, three servers).
base=$((20000 + RANDOM % 20000))
serve_args=(--away-grace-ms 3000 --stand-in-pace-ms 0 --cpu-ms 100 "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}")
kaisho_cluster_start "$work" "$bin" "$base" "${serve_args[@]}"
# Hasami with the shortest move limit: games end and restart during the run, so ratings move.
seconds=$((kills * 5 + 12))
"$bin" loadtest --port "$KAISHO_PROXY_PORT" --connections "$connections" --groups "$groups" \
  --game hasami --option move_limit=100 --think-ms 200 --seconds "$seconds" --min-games 3 \
  --survive-restarts \
  --setup-timeout 60 --sources 16 >"$work/load.out" 2>&1 &
load=$!
sleep 4
for k in $(seq 1 "$kills"); do
  n=$((1 + RANDOM % 3))
  # The supervisor (scripts/lib/cluster.sh) starts it again a second later.
  kill -9 "$(kaisho_cluster_server_pid "$work" "$n")"
  echo "killed s$n"
  sleep "$((4 + RANDOM % 2))"
done
status=0
wait "$load" || status=$?
cat "$work/load.out"
lost=$(kaisho_figure lost_moves "$work/load.out")
moving=$(kaisho_figure tables_moving_at_end "$work/load.out")
complete=$(kaisho_figure setup_complete "$work/load.out")
# Every finished game is in its players' ratings exactly once (scripts/lib/cluster.sh).
psql_q() { psql -At -h 127.0.0.1 -p "$base" -U postgres kaisho -c "$1"; }
finished=$(psql_q "SELECT count(*) FROM games WHERE result IS NOT NULL")
mismatched=$(kaisho_cluster_ratings_wrong "$base")
echo "kills $kills finished_games $finished rating_mismatches $mismatched"
if [ "$status" -ne 0 ] || [ "$complete" != "yes" ] || [ "$lost" != "0" ] ||
   [ "$moving" != "$groups" ] || [ "$mismatched" != "0" ] || [ "$finished" -lt 1 ]; then
  echo "FAILED: lost_moves=$lost tables_moving_at_end=$moving/$groups setup_complete=$complete rating_mismatches=$mismatched finished_games=$finished" >&2
  tail -n 15 "$work"/s*.log >&2
  exit 1
fi
echo "cluster: $kills server kills, no lost moves, all $groups tables moving, $finished finished games rated once each"

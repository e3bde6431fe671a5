#!/usr/bin/env bash
# Several servers under the faults a real deployment meets, one after another, while people
# play at every table through the proxy (`kaisho loadtest`): a real PostgreSQL, three servers
# kept running by a supervisor, HAProxy with deploy/haproxy.cfg, and a relay (relay.mjs)
# between each server and PostgreSQL and between HAProxy and each server, so that a server can
# be cut off while its process lives. The faults:
#   kill      SIGKILL of a server (its supervisor starts it again)
#   pause     SIGSTOP of a server for longer than a lease, then SIGCONT
#   cut       the server's relays frozen (no database, no proxy) for longer than a lease
#   pg_restart  PostgreSQL restarted
#   pg_stall  the moves table locked for 10 s
#   proxy_restart  HAProxy killed and started again
# It fails on any acknowledged move missing from the database or different there, a move
# stored twice or out of order (a gap in a game's plies), a table that did not move again
# within the promise after a fault (10 s after a server fault, 2 s after the database is
# back, 5 s after the proxy is), or a finished game rated twice or not at all
# (faults_check.mjs).
# Usage: fault_test.sh KAISHO_BIN [CONNECTIONS=120] [GROUPS=30]
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin=$(realpath "$1")
connections=${2:-120}
groups=${3:-30}
for tool in haproxy curl psql node; do
  command -v "$tool" >/dev/null || { echo "the fault test needs $tool (scripts/install-deps.sh --with-cluster)" >&2; exit 1; }
done
source scripts/lib/server.sh
source scripts/lib/postgres.sh
source scripts/lib/cluster.sh
work=$(mktemp -d)
chmod 755 "$work"
relays=()
cleanup() {
  for pid in "${relays[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill "$pid" 2>/dev/null || true; done
  kaisho_cluster_stop "$work"
  # KAISHO_KEEP=1 keeps the logs, the acknowledgements and the database's files.
  if [ -n "${KAISHO_KEEP:-}" ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
now_ms() { date +%s%3N; }
base=$((20000 + RANDOM % 20000))
# Relays: server N's database at base+20+N, the proxy's way to server N at base+30+N.
export KAISHO_CLUSTER_DB_PORT_BASE=$((base + 20))
export KAISHO_CLUSTER_PROXY_TO_BASE=$((base + 30))
declare -A db_relay http_relay
# start_relay PORT TARGET: its pid goes to `relays` (stopped at the end) and to $relay. Not
# called in a command substitution, whose subshell would keep `relays` to itself (the relays
# then outlived the test and held its ports).
start_relay() {
  node tests/server/faults/relay.mjs "$1" "$2" >>"$work/relays.log" 2>&1 &
  relay=$!
  relays+=("$relay")
}
for n in 1 2 3; do
  start_relay $((base + 20 + n)) "127.0.0.1:$base"
  db_relay[$n]=$relay
  start_relay $((base + 30 + n)) "127.0.0.1:$((base + 10 + n))"
  http_relay[$n]=$relay
done
# Tables nobody is at leave memory (and their leases go) after 4 s: the spread check below.
serve_args=(--away-grace-ms 3000 --cpu-ms 100 --idle-group-ms 4000
  "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}")
kaisho_cluster_start "$work" "$bin" "$base" "${serve_args[@]}"
psql_q() { psql -At -h 127.0.0.1 -p "$base" -U postgres kaisho -c "$1"; }

# Hasami with a move limit of 100: every game ends, and the next starts, during the run.
"$bin" loadtest --port "$KAISHO_PROXY_PORT" --connections "$connections" --groups "$groups" \
  --game hasami --option move_limit=100 --think-ms 200 --seconds 110 --min-games 30 \
  --survive-restarts \
  --setup-timeout 60 --sources 16 --acks "$work/acks" >"$work/load.out" 2>&1 &
load=$!
# Faults begin once every table plays (the timed phase).
for _ in $(seq 1 600); do
  [ -s "$work/acks" ] && break
  sleep 0.1
done
sleep 5
faults="$work/faults"
fault() {  # NAME START_MS END_MS PROMISE_MS
  echo "$1 $2 $3 $4" >>"$faults"
  echo "fault $1 for $(($3 - $2)) ms"
}
# The server that holds the most tables now (a fault of a server with none tests nothing).
server() {
  psql_q "SELECT substr(server, 2) FROM group_leases
          WHERE expires > (extract(epoch from clock_timestamp()) * 1000)::bigint
          GROUP BY server ORDER BY count(*) DESC, server LIMIT 1"
}

n=$(server); t=$(now_ms)
kill -9 "$(kaisho_cluster_server_pid "$work" "$n")"
fault "kill_s$n" "$t" "$t" 10000
sleep 12

n=$(server); pid=$(kaisho_cluster_server_pid "$work" "$n"); t=$(now_ms)
kill -STOP "$pid"; sleep 8; kill -CONT "$pid"
fault "pause_s$n" "$t" "$t" 10000
sleep 10

n=$(server); t=$(now_ms)
kill -STOP "${db_relay[$n]}" "${http_relay[$n]}"; sleep 8
kill -CONT "${db_relay[$n]}" "${http_relay[$n]}"
fault "cut_s$n" "$t" "$t" 10000
sleep 10

t=$(now_ms)
kaisho_postgres_restart "$work/pg"
fault pg_restart "$t" "$(now_ms)" 2000
sleep 8

t=$(now_ms)
psql_q "BEGIN; LOCK TABLE moves IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(10); COMMIT;" >/dev/null
fault pg_stall "$t" "$(now_ms)" 2000
sleep 8

t=$(now_ms)
kill "$(cat "$work/haproxy.pid")"; rm -f "$work/haproxy.pid"
kaisho_cluster_proxy "$work" "$base"
fault proxy_restart "$t" "$(now_ms)" 5000

status=0
wait "$load" || status=$?
cat "$work/load.out"
# Groups spread again: once nobody is at them, the tables leave the servers that took them
# over (their leases end), so that each goes back to its own server (the proxy's hash) when
# it is next opened; and new tables go to every server, the ones that failed included.
sleep 8
held=$(psql_q "SELECT count(*) FROM group_leases
               WHERE expires > (extract(epoch from clock_timestamp()) * 1000)::bigint")
# The proxy places new tables by its own health checks, which may still see a server that
# the faults shook as down for a moment: a round of new tables that missed a server is
# followed by another (at most five), the servers' own /healthz answering first.
spread=0
for round in 1 2 3 4 5; do
  for n in 1 2 3; do
    for _ in $(seq 1 100); do
      curl -sf "http://127.0.0.1:$((base + 10 + n))/healthz" >/dev/null && break
      sleep 0.1
    done
  done
  "$bin" loadtest --port "$KAISHO_PROXY_PORT" --connections 30 --groups 15 --game hasami \
    --think-ms 200 --seconds 3 --setup-timeout 60 --sources 16 --acks "$work/acks2" \
    >"$work/load2.out" 2>&1 || status=$?
  new_groups=$(cut -d' ' -f1 "$work/acks2" | sort -u | sed "s/.*/'&'/" | paste -sd,)
  spread=$(psql_q "SELECT count(DISTINCT server) FROM group_leases WHERE group_id IN (${new_groups:-''})")
  echo "round $round of new tables: on $spread servers"
  [ "$spread" = "3" ] && break
  sleep 1
done
echo "leases held once the tables were idle: $held; servers holding the new tables: $spread"
psql_q "COPY (SELECT game, ply, move FROM moves ORDER BY game, ply) TO STDOUT" >"$work/moves"
finished=$(psql_q "SELECT count(*) FROM games WHERE result IS NOT NULL")
mismatched=$(kaisho_cluster_ratings_wrong "$base")
lost=$(kaisho_figure lost_moves "$work/load.out")
complete=$(kaisho_figure setup_complete "$work/load.out")
echo "finished_games $finished rating_mismatches $mismatched"
checked=0
node tests/server/faults/faults_check.mjs "$work/acks" "$work/moves" "$faults" || checked=$?
if [ "$status" -ne 0 ] || [ "$complete" != "yes" ] || [ "$lost" != "0" ] ||
   [ "$mismatched" != "0" ] || [ "$finished" -lt 1 ] || [ "$checked" -ne 0 ] ||
   [ "$held" != "0" ] || [ "$spread" != "3" ]; then
  echo "FAILED: lost_moves=$lost setup_complete=$complete rating_mismatches=$mismatched finished_games=$finished check=$checked leases_held_when_idle=$held servers_with_new_tables=$spread" >&2
  tail -n 20 "$work"/s*.log >&2
  exit 1
fi
echo "faults: every one survived; no acknowledged move lost, none twice, every table moving again in time; $finished finished games rated once each"

#!/usr/bin/env bash
# The metrics as an operator's Prometheus sees them: a server serves /metrics on a port of its
# own while people play at many tables (`kaisho loadtest`); Debian's Prometheus scrapes it every
# second; PromQL queries must agree with what the load test counted. Also checks the shipped
# scrape configuration and alert rules (deploy/prometheus) with promtool, and that the public
# port does not serve the metrics.
# Usage: metrics_test.sh KAISHO_BIN
set -euo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
command -v prometheus >/dev/null && command -v promtool >/dev/null ||
  { echo "the metrics test needs prometheus (scripts/install-deps.sh --with-cluster)" >&2; exit 1; }
source "$root/scripts/lib/server.sh"
kaisho_scratch
work=$WORK
promtool check rules "$root/deploy/prometheus/alerts.yml"
(cd "$root/deploy/prometheus" && promtool check config prometheus.yml)

kaisho_serve "$work/server.log" "$bin" --port 0 --address 127.0.0.1 --db "$work/kaisho.db" \
  --metrics-address 127.0.0.1 --metrics-port 0 --away-grace-ms 20000 \
  "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}"
port=$(kaisho_port "$work/server.log" 1)
for _ in $(seq 1 100); do grep -q '^Metrics: ' "$work/server.log" && break; sleep 0.05; done
metrics_port=$(sed -n 's|^Metrics: http://127.0.0.1:\([0-9]*\)/metrics|\1|p' "$work/server.log")
[ -n "$metrics_port" ] || { echo "FAILED: no metrics port in the log" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$metrics_port/metrics" | grep -q '^# TYPE kaisho_moves_accepted_total counter$'
# The public port does not answer with the metrics (the web client's index, or 404).
if curl -fsS "http://127.0.0.1:$port/metrics" 2>/dev/null | grep -q '^# TYPE kaisho_'; then
  echo "FAILED: the public port serves the metrics" >&2
  exit 1
fi

prom_port=$((30000 + RANDOM % 20000))
cat >"$work/prometheus.yml" <<YAML
global: { scrape_interval: 1s, evaluation_interval: 1s }
scrape_configs:
  - job_name: kaisho
    static_configs: [ { targets: ["127.0.0.1:$metrics_port"] } ]
YAML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
  --web.listen-address="127.0.0.1:$prom_port" >"$work/prometheus.log" 2>&1 &
prom=$!
trap 'kill $prom 2>/dev/null || true; _kaisho_cleanup' EXIT
for _ in $(seq 1 200); do curl -fsS "http://127.0.0.1:$prom_port/-/ready" >/dev/null 2>&1 && break; sleep 0.1; done

connections=60
"$bin" loadtest --port "$port" --connections "$connections" --groups 15 --think-ms 200 \
  --seconds 12 --setup-timeout 60 --sources 8 >"$work/load.out" 2>&1
cat "$work/load.out"
moves=$(kaisho_figure moves "$work/load.out")
# Prometheus scrapes what the server counted after the load ended (a few scrapes).
sleep 4
query() {
  curl -fsS "http://127.0.0.1:$prom_port/api/v1/query" --data-urlencode "query=$1" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s).data.result;console.log(r.length?r[0].value[1]:"none")})'
}
accepted=$(query 'sum(kaisho_moves_accepted_total)')
timed=$(query 'sum(kaisho_move_round_trip_seconds_count)')
people=$(query 'max_over_time(sum(kaisho_people)[1m:1s])')
sent=$(query 'sum(kaisho_websocket_sent_bytes_total)')
p99=$(query 'histogram_quantile(0.99, sum by (le) (rate(kaisho_move_round_trip_seconds_bucket[1m])))')
commits=$(query 'sum(kaisho_store_commit_seconds_count)')
up=$(query 'kaisho_database_up')
echo "load test: moves $moves; Prometheus: moves accepted $accepted, timed $timed, people at most $people, websocket bytes $sent, commits $commits, move p99 ${p99}s, database up $up"
node -e '
const [moves, accepted, timed, people, connections, sent, commits, up] = process.argv.slice(1).map(Number);
const fail = [];
// The load test counts the moves acknowledged in its timed phase; the server also counts those
// in flight when it ended (at most one per person).
if (!(accepted >= moves && accepted <= moves + connections)) fail.push(`moves accepted ${accepted} against ${moves} acknowledged`);
if (timed !== accepted) fail.push(`${timed} round trips timed for ${accepted} moves`);
if (people !== connections) fail.push(`at most ${people} people seen against ${connections} connected`);
if (!(sent > 0)) fail.push("no websocket bytes counted");
if (!(commits > 0)) fail.push("no commits timed");
if (up !== 1) fail.push(`database up ${up}`);
if (fail.length) { console.error("FAILED: " + fail.join("; ")); process.exit(1); }
console.log("metrics: ok");
' "$moves" "$accepted" "$timed" "$people" "$connections" "$sent" "$commits" "$up"

# Sourced (not run): a whole hall on one machine — a throwaway PostgreSQL, three `kaisho serve`
# processes sharing it, and HAProxy in front (deploy/haproxy.cfg). Needs scripts/lib/postgres.sh.
#
# kaisho_cluster_start WORK BIN BASE_PORT [SERVE ARGS...]
#     PostgreSQL on BASE_PORT, the proxy on BASE_PORT+1, servers s1..s3 on BASE_PORT+11..13
#     (KAISHO_CLUSTER_SERVERS=2 starts only s1 and s2; the proxy finds s3 down); logs and data
#     in WORK. Sets KAISHO_PROXY_PORT and KAISHO_SERVER_PIDS (s1 s2 s3).
# kaisho_cluster_server WORK BIN BASE_PORT N [SERVE ARGS...]   (re)starts server sN
# kaisho_cluster_stop WORK                                     stops everything

_KAISHO_CLUSTER_ARGS=()

kaisho_cluster_server() {
  local work=$1 bin=$2 base=$3 n=$4
  shift 4
  "$bin" serve --port $((base + 10 + n)) --address 127.0.0.1 --db "$KAISHO_PG_URI" \
    --server-name "s$n" --trusted-proxy 127.0.0.1 --web "${KAISHO_WEB_ROOT:-web/dist}" "$@" \
    >>"$work/s$n.log" 2>&1 &
  KAISHO_SERVER_PIDS[$n]=$!
}

kaisho_cluster_start() {
  local work=$1 bin=$2 base=$3
  shift 3
  _KAISHO_CLUSTER_ARGS=("$@")
  kaisho_postgres_start "$work/pg" "$base" || return 1
  KAISHO_SERVER_PIDS=()
  local count=${KAISHO_CLUSTER_SERVERS:-3}
  for n in $(seq 1 "$count"); do kaisho_cluster_server "$work" "$bin" "$base" "$n" "$@"; done
  KAISHO_PROXY_PORT=$((base + 1))
  KAISHO_PROXY_BIND="127.0.0.1:$KAISHO_PROXY_PORT" \
    KAISHO_S1="127.0.0.1:$((base + 11))" KAISHO_S2="127.0.0.1:$((base + 12))" \
    KAISHO_S3="127.0.0.1:$((base + 13))" \
    haproxy -f deploy/haproxy.cfg -p "$work/haproxy.pid" -D >>"$work/haproxy.log" 2>&1 ||
    { cat "$work/haproxy.log" >&2; return 1; }
  # Ready when every server answers through the proxy's health checks.
  for _ in $(seq 1 200); do
    local up=0
    for n in $(seq 1 "$count"); do
      curl -sf "http://127.0.0.1:$((base + 10 + n))/healthz" >/dev/null 2>&1 && up=$((up + 1))
    done
    [ "$up" -eq "$count" ] && curl -sf "http://127.0.0.1:$KAISHO_PROXY_PORT/healthz" >/dev/null && return 0
    sleep 0.1
  done
  echo "the cluster did not start:" >&2
  tail -n 20 "$work"/s*.log >&2
  return 1
}

kaisho_cluster_stop() {
  local work=$1
  for pid in "${KAISHO_SERVER_PIDS[@]}"; do
    kill -9 "$pid" 2>/dev/null || true
    { wait "$pid"; } 2>/dev/null || true
  done
  [ -f "$work/haproxy.pid" ] && kill "$(cat "$work/haproxy.pid")" 2>/dev/null || true
  kaisho_postgres_stop "$work/pg"
}

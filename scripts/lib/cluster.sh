# Sourced (not run): a whole hall on one machine — a throwaway PostgreSQL, three `kaisho serve`
# processes sharing it, each kept running by a supervisor loop (as systemd does with
# deploy/kaisho@.service: a server that exits is started again a second later), and HAProxy in
# front (deploy/haproxy.cfg). Needs scripts/lib/postgres.sh.
#
# kaisho_cluster_start WORK BIN BASE_PORT [SERVE ARGS...]
#     PostgreSQL on BASE_PORT, the proxy on BASE_PORT+1, servers s1..s3 on BASE_PORT+11..13
#     (KAISHO_CLUSTER_SERVERS=2 starts only s1 and s2; the proxy finds s3 down); logs and data
#     in WORK. KAISHO_CLUSTER_DB_PORT_BASE, when set, gives server N the database at
#     127.0.0.1:(it + N) instead (a relay of the fault test), and KAISHO_CLUSTER_PROXY_TO_BASE
#     has the proxy reach server N at 127.0.0.1:(it + N). Sets KAISHO_PROXY_PORT.
# kaisho_cluster_server WORK BIN BASE_PORT N [SERVE ARGS...]   starts server sN, supervised
# kaisho_cluster_server_pid WORK N                             the running sN's process id
# kaisho_cluster_proxy WORK BASE_PORT                          (re)starts HAProxy
# kaisho_cluster_stop WORK                                     stops everything

kaisho_cluster_server() {
  local work=$1 bin=$2 base=$3 n=$4
  shift 4
  local db=$KAISHO_PG_URI
  if [ -n "${KAISHO_CLUSTER_DB_PORT_BASE:-}" ]; then
    db="postgresql://postgres@127.0.0.1:$((KAISHO_CLUSTER_DB_PORT_BASE + n))/kaisho"
  fi
  (
    # The supervisor: start the server again whenever it exits, until the cluster stops.
    while [ ! -e "$work/stopping" ]; do
      "$bin" serve --port $((base + 10 + n)) --address 127.0.0.1 --db "$db" \
        --server-name "s$n" --trusted-proxy 127.0.0.1 --web "${KAISHO_WEB_ROOT:-web/dist}" "$@" \
        >>"$work/s$n.log" 2>&1 &
      echo $! >"$work/s$n.pid"
      wait $! || true
      [ -e "$work/stopping" ] && break
      echo "supervisor: s$n exited; starting it again in 1 s" >>"$work/s$n.log"
      sleep 1
    done
  ) &
  echo $! >"$work/s$n.supervisor"
}

kaisho_cluster_server_pid() {
  cat "$1/s$2.pid"
}

kaisho_cluster_proxy() {
  local work=$1 base=$2 to=${KAISHO_CLUSTER_PROXY_TO_BASE:-$(($2 + 10))}
  KAISHO_PROXY_PORT=$((base + 1))
  if [ -f "$work/haproxy.pid" ]; then
    kill "$(cat "$work/haproxy.pid")" 2>/dev/null || true
    rm -f "$work/haproxy.pid"
  fi
  KAISHO_PROXY_BIND="127.0.0.1:$KAISHO_PROXY_PORT" \
    KAISHO_S1="127.0.0.1:$((to + 1))" KAISHO_S2="127.0.0.1:$((to + 2))" \
    KAISHO_S3="127.0.0.1:$((to + 3))" \
    haproxy -f deploy/haproxy.cfg -p "$work/haproxy.pid" -D >>"$work/haproxy.log" 2>&1 ||
    { cat "$work/haproxy.log" >&2; return 1; }
}

kaisho_cluster_start() {
  local work=$1 bin=$2 base=$3
  shift 3
  rm -f "$work/stopping"
  kaisho_postgres_start "$work/pg" "$base" || return 1
  local count=${KAISHO_CLUSTER_SERVERS:-3}
  for n in $(seq 1 "$count"); do kaisho_cluster_server "$work" "$bin" "$base" "$n" "$@"; done
  kaisho_cluster_proxy "$work" "$base" || return 1
  # Ready when every server answers, and the proxy does.
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
  touch "$work/stopping"
  for f in "$work"/s*.supervisor; do
    [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true
  done
  for f in "$work"/s*.pid; do
    [ -f "$f" ] && kill -9 "$(cat "$f")" 2>/dev/null || true
  done
  [ -f "$work/haproxy.pid" ] && kill "$(cat "$work/haproxy.pid")" 2>/dev/null || true
  kaisho_postgres_stop "$work/pg"
}

# kaisho_cluster_ratings_wrong DB_PORT
#     prints how many things are wrong with the ratings of finished games: a person whose count
#     of rated games differs from the number of finished games that counted for them (their
#     result's rating change says `counted`; the own-play rule may hold one back), a player of a
#     finished game missing from its rating changes, or a game that reached the end (a hundred
#     moves: the tests' move limit) without its result stored. 0 when every game was rated once.
kaisho_cluster_ratings_wrong() {
  psql -At -h 127.0.0.1 -p "$1" -U postgres kaisho -c "
    WITH counted AS (
      SELECT rc->>'person' AS person, g.game, count(*) AS n
      FROM games g, jsonb_array_elements(g.result::jsonb->'rating_changes') rc
      WHERE g.result IS NOT NULL AND COALESCE((rc->>'counted')::boolean, true)
      GROUP BY 1, 2)
    SELECT
      (SELECT count(*) FROM counted FULL JOIN (SELECT * FROM ratings WHERE games > 0) r
         ON r.person = counted.person AND r.game = counted.game
       WHERE COALESCE(counted.n, 0) <> COALESCE(r.games, 0))
    + (SELECT count(*) FROM games g JOIN game_players p ON p.game = g.id
       WHERE g.result IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM jsonb_array_elements(g.result::jsonb->'rating_changes') rc
         WHERE rc->>'person' = p.person))
    + (SELECT count(*) FROM games g WHERE g.result IS NULL
       AND (SELECT count(*) FROM moves m WHERE m.game = g.id) >= 100)"
}

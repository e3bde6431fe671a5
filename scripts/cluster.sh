#!/usr/bin/env bash
# Try several servers on one machine: a throwaway PostgreSQL, three `kaisho serve` processes
# sharing it, each kept running by a supervisor (a server that exits is started again a second
# later, as systemd does with deploy/systemd/kaisho@.service), and HAProxy in front of them
# (deploy/haproxy.cfg); then prints the address to open. It runs until Ctrl-C, which stops
# everything; the logs stay (their folder is printed). Run as root it starts PostgreSQL as
# the unprivileged user `postgres`. docs/server.md says how to run the same on several machines.
#   scripts/cluster.sh [BASE_PORT]      (default 18080: the site on BASE_PORT+1)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-18080}
scripts/install-deps.sh --with-cluster
source scripts/lib/compiler_cache.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKAISHO_TESTS=OFF "${KAISHO_CMAKE_CACHE[@]}" >/dev/null
cmake --build build -j"$(nproc)"
(cd web && npm ci --no-audit --no-fund && npm run build)
source scripts/lib/postgres.sh
source scripts/lib/cluster.sh
work=$(mktemp -d /tmp/kaisho-cluster-XXXXXX)
stop() {
  kaisho_cluster_stop "$work"
  rm -rf "$work/pg"
  echo "stopped; the logs are in $work"
}
trap stop EXIT
trap 'exit 0' INT TERM
kaisho_cluster_start "$work" build/kaisho "$base"
echo "Kaisho is running on three servers: open http://localhost:$KAISHO_PROXY_PORT/"
echo "(servers s1, s2, s3 on ports $((base + 11))-$((base + 13)), each restarted if it exits;"
echo " logs in $work; Ctrl-C stops)"
while true; do sleep 3600; done

#!/usr/bin/env bash
# Runs the browser end-to-end tests (web/e2e, Debian's Chromium driven by playwright-core)
# against a real server started here on a free port, then stops it.
# Usage: scripts/browser-e2e.sh PATH/TO/kaisho
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/kaisho}
source scripts/lib/server.sh
db_dir=$(mktemp -d)
log="$db_dir/server.log"
kaisho_serve "$log" "$bin" --port 0 --address 127.0.0.1 --db "$db_dir/kaisho.db" --web web/dist \
  --away-grace-ms 1000 --stand-in-pace-ms 0 --cpu-ms 200 --test-hooks "${KAISHO_ONE_ADDRESS_MANY_PEOPLE[@]}"
server=$KAISHO_PID
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$db_dir"' EXIT
port=$(kaisho_port "$log")
cd web
KAISHO_URL="http://127.0.0.1:$port" npm run e2e

#!/usr/bin/env bash
# Runs the browser end-to-end tests (web/e2e, Debian's Chromium driven by playwright-core)
# against a real server started here on a free port, then stops it.
# Usage: scripts/browser-e2e.sh PATH/TO/kaisho
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/kaisho}
db_dir=$(mktemp -d)
log="$db_dir/server.log"
"$bin" serve --port 0 --address 127.0.0.1 --db "$db_dir/kaisho.db" --web web/dist \
  --away-grace-ms 1000 --cpu-ms 200 --test-hooks >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$db_dir"' EXIT
port=""
for _ in $(seq 1 100); do
  port=$(grep -o 'localhost:[0-9]*' "$log" | head -1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "the server did not start:"; cat "$log"; exit 1
fi
cd web
KAISHO_URL="http://127.0.0.1:$port" npm run e2e

#!/usr/bin/env bash
# Runs the server's end-to-end test against a ThreadSanitizer build of kaisho and fails if any
# server it started wrote a report. The servers are killed at the end of each test, so a race
# seen late would not show as a failed request: every report goes to a file of its own
# (log_path), and any such file fails the run.
# Usage: e2e_under_tsan.sh NODE SERVER_E2E.mjs   (KAISHO_BIN: the TSan build of kaisho)
set -euo pipefail
node=$1
suite=$2
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
status=0
TSAN_OPTIONS="log_path=$reports/tsan:${TSAN_OPTIONS:-}" \
  "$node" --no-warnings --experimental-websocket --test "$suite" || status=$?
if compgen -G "$reports/tsan*" >/dev/null; then
  echo "ThreadSanitizer reported in a server the test started:" >&2
  cat "$reports"/tsan* >&2
  exit 1
fi
exit "$status"

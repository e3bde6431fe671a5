#!/usr/bin/env bash
# CPU worker processes on a throwaway PostgreSQL (tests/server/cpu/cpu_workers_e2e.mjs): a
# server and a worker on the database, the worker killed in the middle of searches.
# Usage: cpu_workers_test.sh KAISHO_BIN
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin=$(realpath "$1")
source scripts/lib/postgres.sh
work=$(mktemp -d)
chmod 755 "$work"
trap 'kaisho_postgres_stop "$work/pg"; rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
kaisho_postgres_start "$work/pg" "$port"
KAISHO_BIN=$bin KAISHO_PG_URI=$KAISHO_PG_URI node --no-warnings --test tests/server/cpu/cpu_workers_e2e.mjs

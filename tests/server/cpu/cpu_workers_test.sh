#!/usr/bin/env bash
# CPU worker processes on a throwaway PostgreSQL (tests/server/cpu/cpu_workers_e2e.mjs): a
# server and a worker on the database, the worker killed in the middle of searches.
# Usage: cpu_workers_test.sh KAISHO_BIN
set -euo pipefail
cd "$(dirname "$0")/../../.."
bin=$(realpath "$1")
source scripts/lib/postgres.sh
kaisho_postgres_throwaway
KAISHO_BIN=$bin KAISHO_PG_URI=$KAISHO_PG_URI node --no-warnings --test tests/server/cpu/cpu_workers_e2e.mjs

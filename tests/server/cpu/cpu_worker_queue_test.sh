#!/usr/bin/env bash
# The CPU workers' queue on a throwaway PostgreSQL (tests/server/cpu/cpu_worker_queue_test.cpp):
# game servers sharing a worker's threads, a search cancelled while a worker thinks about it,
# a job's local rules and history at the worker, a server restarted under its name (a new life)
# never given its previous life's answers, and the rows of a life that is gone deleted.
# Usage: cpu_worker_queue_test.sh CPU_WORKER_QUEUE_TEST_BIN [GTEST_ARGS...]
set -euo pipefail
test_bin=$(realpath "$1")
cd "$(dirname "$0")/../../.."
shift
source scripts/lib/postgres.sh
kaisho_postgres_throwaway
KAISHO_PG_URI=$KAISHO_PG_URI "$test_bin" "$@"

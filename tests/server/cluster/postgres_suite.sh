#!/usr/bin/env bash
# The hall's suites on PostgreSQL: starts a throwaway PostgreSQL and runs the server test
# binary with KAISHO_TEST_POSTGRES set, so every hall test runs on that store too (ctest runs
# them on SQLite).
# Usage: postgres_suite.sh SERVER_TEST_BIN
set -euo pipefail
cd "$(dirname "$0")/../../.."
test_bin=$(realpath "$1")
source scripts/lib/postgres.sh
work=$(mktemp -d)
chmod 755 "$work"
trap 'kaisho_postgres_stop "$work/pg"; rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
kaisho_postgres_start "$work/pg" "$port"
KAISHO_TEST_POSTGRES=$KAISHO_PG_URI "$test_bin" --gtest_filter='Hall*.*:Store*.*:Own*.*:Table*.*'

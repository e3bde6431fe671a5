#!/usr/bin/env bash
# The hall's suites on PostgreSQL: starts a throwaway PostgreSQL and runs the server test
# binary with KAISHO_TEST_POSTGRES set, so every hall test runs on that store too (ctest runs
# them on SQLite).
# Usage: postgres_suite.sh SERVER_TEST_BIN
set -euo pipefail
cd "$(dirname "$0")/../../.."
test_bin=$(realpath "$1")
source scripts/lib/postgres.sh
kaisho_postgres_throwaway
KAISHO_TEST_POSTGRES=$KAISHO_PG_URI "$test_bin" --gtest_filter='Hall*.*:Store*.*:Own*.*:Table*.*:Practice*.*:CpuTurns*.*:GroupPatches*.*'

#!/usr/bin/env bash
# One formatter per language, applied everywhere: clang-format (.clang-format) for the C++ in
# src/, tests/ and fuzz/, Prettier (web/.prettierrc) for the web client.
#   scripts/format.sh           rewrite every file that differs
#   scripts/format.sh --check   change nothing; list the files that differ and fail if any do
#                               (scripts/test.sh runs it, so CI fails on unformatted code)
# The web half needs web/node_modules (npm ci in web/).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t cpp < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'fuzz/*.cpp' 'fuzz/*.hpp')
if [ "${1:-}" = "--check" ]; then
  status=0
  for f in "${cpp[@]}"; do
    clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || { echo "not formatted: $f"; status=1; }
  done
  (cd web && npx prettier --check .) || status=1
  exit $status
fi
clang-format -i "${cpp[@]}"
(cd web && npx prettier --write . >/dev/null)

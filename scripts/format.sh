#!/usr/bin/env bash
# One formatter per language, applied everywhere: clang-format (.clang-format) for the C/C++ in
# src/, tests/ and fuzz/, Prettier (web/.prettierrc) for the web client and the JavaScript of
# the WebAssembly module (src/wasm, tests/wasm).
#   scripts/format.sh           rewrite every file that differs
#   scripts/format.sh --check   change nothing; list the files that differ and fail if any do
#                               (scripts/test.sh runs it, so CI fails on unformatted code)
# The web half needs web/node_modules (npm ci in web/).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t cpp < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'src/*.h' 'tests/*.cpp' 'tests/*.hpp' 'fuzz/*.cpp' 'fuzz/*.hpp')
mapfile -t wasm_js < <(git ls-files 'src/wasm/*.mjs' 'tests/wasm/*.mjs' | sed 's|^|../|')
if [ "${1:-}" = "--check" ]; then
  status=0
  for f in "${cpp[@]}"; do
    clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || { echo "not formatted: $f"; status=1; }
  done
  (cd web && npx prettier --check . && npx prettier --config .prettierrc --check "${wasm_js[@]}") ||
    status=1
  exit $status
fi
clang-format -i "${cpp[@]}"
(cd web && npx prettier --write . >/dev/null &&
  npx prettier --config .prettierrc --write "${wasm_js[@]}" >/dev/null)

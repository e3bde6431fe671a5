#!/usr/bin/env bash
# One command from a fresh Debian 12 machine: install dependencies, build the server, the
# WebAssembly engine (practice games against the CPU in the page) and the web client, and
# start Kaisho on http://localhost:${PORT:-8080}/ with its SQLite database (kaisho.db).
# Arguments replace the default "serve ..." arguments (e.g. scripts/run.sh perft shogi 5).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --with-wasm
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKAISHO_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)"
if [ -f web/package.json ]; then
  # The web build copies build-wasm/kaisho-engine.wasm into web/dist (docs/engine-wasm.md).
  scripts/build-wasm.sh
  (cd web && npm ci --no-audit --no-fund && npm run build)
fi
if [ $# -eq 0 ]; then
  set -- serve --port "${PORT:-8080}" --db kaisho.db --web web/dist
fi
exec build/kaisho "$@"

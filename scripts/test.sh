#!/usr/bin/env bash
# One command: install dependencies, build everything with AddressSanitizer and
# UndefinedBehaviorSanitizer (assertions on), and run every test: the C++ suites (ctest,
# including the real-server WebSocket test), the web client's unit tests, and the browser
# end-to-end tests against a real server; then build the server with ThreadSanitizer and run
# its tests with several halls (hall suites, net tests, several halls on real threads, the
# end-to-end server test); and check that every file is formatted (scripts/format.sh). The
# WebAssembly module of the rules and the CPU is built too (scripts/build-wasm.sh) and run in
# Node.js against this native build: perft, the same CPU moves, errors (tests/wasm/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --with-browser --with-cluster --with-wasm
source scripts/lib/compiler_cache.sh
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKAISHO_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" "${KAISHO_CMAKE_CACHE[@]}" >/dev/null
cmake --build build-test -j"$(nproc)"
(cd build-test && ctest --output-on-failure -j"$(nproc)")
scripts/build-wasm.sh
KAISHO_NATIVE=build-test/kaisho node --test tests/wasm/*.test.mjs
KAISHO_BIN=build-test/kaisho node web/scripts/gen-options.mjs --check
scripts/fuzz.sh 5
(cd web && npm ci --no-audit --no-fund && npm run build && npm test)
scripts/format.sh --check
scripts/browser-e2e.sh build-test/kaisho
# ThreadSanitizer: only the server and its tests are built (tests/CMakeLists.txt).
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKAISHO_TSAN=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" "${KAISHO_CMAKE_CACHE[@]}" >/dev/null
cmake --build build-tsan -j"$(nproc)"
(cd build-tsan && ctest --output-on-failure -j"$(nproc)")

#!/usr/bin/env bash
# Builds the WebAssembly module of the rules and the CPU (docs/engine-wasm.md) in build-wasm/
# with Debian's clang 19 for wasm32-wasi (scripts/install-deps.sh --with-wasm installs it):
# build-wasm/kaisho-engine.wasm. Only core, rules, ai and src/wasm are built; the native
# build does not need any of this. Prints the module's size, raw and compressed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/compiler_cache.sh
# -Oz: the smallest module (a quarter smaller compressed than -O2, searching about 15% slower:
# docs/engine-wasm.md has the figures);
# full LTO lets the linker drop what no export reaches. No exceptions (the code uses none;
# errors are values).
flags="-Oz -flto -fno-exceptions -DNDEBUG"
cmake -S . -B build-wasm -DKAISHO_WASM=ON -DKAISHO_TESTS=OFF \
  -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/wasm32-wasi.cmake" -DCMAKE_BUILD_TYPE=MinSizeRel \
  -DCMAKE_CXX_FLAGS_MINSIZEREL="$flags" -DCMAKE_EXE_LINKER_FLAGS="-flto" \
  "${KAISHO_CMAKE_CACHE[@]}" >/dev/null
cmake --build build-wasm -j"${KAISHO_JOBS:-$(nproc)}"
node -e '
  const fs = require("fs"), zlib = require("zlib");
  const b = fs.readFileSync(process.argv[1]);
  const gz = zlib.gzipSync(b, { level: 9 }).length;
  const br = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${process.argv[1]}: ${b.length} bytes, gzip -9 ${gz}, brotli -q 11 ${br}`);
' build-wasm/kaisho-engine.wasm

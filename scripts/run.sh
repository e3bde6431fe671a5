#!/usr/bin/env bash
# One command from a fresh Debian 12 machine: install dependencies, build, start Kaisho.
# Arguments are passed to the kaisho binary (default: its help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKAISHO_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)"
if [ $# -eq 0 ]; then set -- help; fi
exec build/kaisho "$@"

#!/usr/bin/env bash
# Installs what Kaisho needs to build and test on Debian 12, from Debian's packages.
# Packages already present are skipped, so this is quick after the first run.
set -euo pipefail
packages=(build-essential cmake g++ pkg-config googletest libgtest-dev libbenchmark-dev
  clang-format libboost-dev nlohmann-json3-dev libsqlite3-dev sqlite3 libpq-dev libssl-dev
  clang libclang-rt-14-dev ccache libicu-dev)
for option in "$@"; do
  case "$option" in
    # Debian's Chromium and the fonts Arabic and kanji need (browser tests).
    --with-browser) packages+=(chromium fonts-noto-core fonts-noto-cjk) ;;
    # PostgreSQL and HAProxy: several servers, one hall (scripts/cluster.sh, the cluster test);
    # Prometheus: the metrics test.
    --with-cluster) packages+=(postgresql haproxy curl strace prometheus) ;;
    # clang 19 for wasm32-wasi with its C and C++ libraries: the WebAssembly module of the
    # rules and the CPU (scripts/build-wasm.sh, docs/engine-wasm.md).
    --with-wasm) packages+=(clang-19 lld-19 llvm-19 libc++-19-dev-wasm32 libc++abi-19-dev-wasm32
      libclang-rt-19-dev-wasm32 wasi-libc) ;;
    *) echo "unknown option $option (--with-browser, --with-cluster, --with-wasm)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi
# Node.js 20 and npm build the web client and run the WebSocket and browser tests.
if ! command -v node >/dev/null || ! node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)'; then
  echo "Kaisho needs Node.js 20 or newer with npm (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

#!/usr/bin/env bash
# Installs what Kaisho needs to build and test on Debian 12, from Debian's packages.
# Packages already present are skipped, so this is quick after the first run.
set -euo pipefail
packages=(build-essential cmake g++ pkg-config googletest libgtest-dev libbenchmark-dev
  clang-format libboost-dev nlohmann-json3-dev libsqlite3-dev libssl-dev)
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

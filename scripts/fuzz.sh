#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/, docs/fuzzing.md) in build-fuzz with clang, then runs
# each for SECONDS (default 10), one after the other, on a copy of its seed corpus (the seeds
# in fuzz/corpus are never written to). Exits non-zero if a harness finds a crash or a broken
# invariant, naming the input that shows it (kept in build-fuzz/crashes/).
#   scripts/fuzz.sh [SECONDS] [HARNESS...]      HARNESS: position move options usi protocol stored
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
shift || true
harnesses=("$@")
((${#harnesses[@]})) || harnesses=(position move options usi protocol stored)

# Longest input each harness is given, and its dictionary.
declare -A max_len=([position]=512 [move]=2048 [options]=512 [usi]=2048 [protocol]=16500 [stored]=4096)
declare -A dict=([position]=notation [move]=notation [options]=options [usi]=usi [protocol]=protocol [stored]=stored)

source scripts/lib/compiler_cache.sh
CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKAISHO_FUZZ=ON \
  -DKAISHO_TESTS=OFF "${KAISHO_CMAKE_CACHE[@]}" >/dev/null
targets=()
for h in "${harnesses[@]}"; do
  [ -n "${max_len[$h]:-}" ] || { echo "unknown harness '$h' (position move options usi protocol stored)" >&2; exit 2; }
  targets+=("${h}_fuzzer")
done
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]}" >/dev/null

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p build-fuzz/crashes
failed=0
for h in "${harnesses[@]}"; do
  cp -r "fuzz/corpus/$h" "$work/$h"
  log="$work/$h.log"
  if build-fuzz/fuzz/"${h}_fuzzer" "$work/$h" -max_total_time="$seconds" -max_len="${max_len[$h]}" \
      -dict="fuzz/dict/${dict[$h]}.dict" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="build-fuzz/crashes/$h-" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
    echo "fuzz $h: ok, $runs runs in ${seconds}s ($speed/s), $cov"
  else
    failed=1
    echo "fuzz $h: FAILED" >&2
    grep -A 8 -E 'FUZZ INVARIANT BROKEN|ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|libFuzzer)|runtime error' \
      "$log" | head -n 30 >&2 || tail -n 30 "$log" >&2
    crash=$(sed -n 's/^Test unit written to //p' "$log" | tail -n 1)
    [ -z "$crash" ] || echo "crash input: $crash  (reproduce: build-fuzz/fuzz/${h}_fuzzer $crash)" >&2
  fi
done
exit "$failed"

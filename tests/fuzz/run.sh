#!/usr/bin/env bash
# Builds the importer fuzzer (clang, libFuzzer + ASan + UBSan) in build-fuzz/ and runs it for a
# bounded time. Usage: tests/fuzz/run.sh [SECONDS] (default 120).
# Exits non-zero on any crash, leak, timeout (-timeout=10 s per input) or OOM (-rss_limit_mb=2048);
# the offending input is left in build-fuzz/artifacts/. Seeds: the corpus GLBs
# (MORPHVIEW_CORPUS_DIR, default ../shared/corpus), the code-built fixtures and every file in
# tests/fuzz/regressions/. New coverage accumulates in build-fuzz/corpus/ across runs.
set -euo pipefail
seconds=${1:-120}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${MORPHVIEW_FUZZ_BUILD:-$root/build-fuzz}
corpus=${MORPHVIEW_CORPUS_DIR:-$root/../shared/corpus}
jobs=${MORPHVIEW_FUZZ_BUILD_JOBS:-$(nproc)}
# Inputs up to 64 KiB: big enough for the small corpus GLBs, small enough that one execution
# stays in milliseconds (the 600 KiB stress files run ~20x slower and add little coverage).
max_len=65536

cmake -S "$root/tests/fuzz" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build "$build" -j "$jobs" --target ImportFuzzer FuzzSeedWriter

seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds" "$build/corpus" "$build/artifacts"
"$build/FuzzSeedWriter" "$seeds"
if [[ -d "$corpus" ]]; then
  # Seeds past -max_len would be cut short (and only test truncation); the small corpus GLBs
  # already cover each encoding (plain, sparse, quantized, meshopt, Draco, CUBICSPLINE).
  while IFS= read -r -d '' glb; do
    cp "$glb" "$seeds/corpus-$(basename "$glb")"
  done < <(find "$corpus" -name '*.glb' -size -$((max_len / 1024 + 1))k -print0)
else
  echo "tests/fuzz/run.sh: no corpus at $corpus; seeding with the fixtures only" >&2
fi

# detect_leaks: a leak on any input fails the run like a crash.
cd "$build"
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS} \
  "$build/ImportFuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len="$max_len" \
    -dict="$root/tests/fuzz/gltf.dict" -artifact_prefix="$build/artifacts/" -print_final_stats=1 \
    "$build/corpus" "$seeds" "$root/tests/fuzz/regressions"

#!/usr/bin/env bash
# Builds morphview and runs every test: the normal build and an ASan + UBSan build (all labels in
# both), then both fuzzers for a minute each. Run from anywhere; exits non-zero on any failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash third_party/setup.sh
corpus=${MORPHVIEW_CORPUS_DIR:-$root/../shared/corpus}
if [[ ! -f "$corpus/README.md" ]]; then
  echo "tests/run.sh: the test corpus is missing at $corpus (expected ../shared/corpus beside the repo)" >&2
  exit 1
fi
jobs=$(nproc)

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMORPHVIEW_CORPUS_DIR="$corpus" >/dev/null
cmake --build build -j "$jobs"
(cd build && ctest --output-on-failure -j "$jobs") | tee build/ctest-summary.txt

# The sanitized tree: ASan + UBSan over everything, the renderer, the app and the GL, golden and
# app tests included (Mesa's llvmpipe is not instrumented, but our calls into it and the buffers
# we hand it are). -O1 with line tables only keeps the build and the tests quick while reports
# still name files and lines; no benchmarks. LeakSanitizer ignores leaks inside the GL driver
# stack only (tests/sanitizers/lsan.supp); UBSan stops at the first finding.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DMORPHVIEW_SANITIZE=ON -DMORPHVIEW_WITH_GL=ON -DMORPHVIEW_BENCH=OFF \
  -DMORPHVIEW_CORPUS_DIR="$corpus" >/dev/null
cmake --build build-asan -j "$jobs"
(cd build-asan && \
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  LSAN_OPTIONS=suppressions="$root/tests/sanitizers/lsan.supp":print_suppressions=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --output-on-failure -j "$jobs") | tee build-asan/ctest-summary.txt

# The libFuzzer targets (clang, their own build in build-fuzz/), a minute each: the importer, and
# the CPU pipeline after it with inputs up to 1 MiB.
MORPHVIEW_CORPUS_DIR="$corpus" bash tests/fuzz/run.sh 60 ImportFuzzer
MORPHVIEW_CORPUS_DIR="$corpus" bash tests/fuzz/run.sh 60 PipelineFuzzer

# One closing line over both CTest runs (the fuzzer's stats print last otherwise).
total=0
for summary in build/ctest-summary.txt build-asan/ctest-summary.txt; do
  n=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$summary")
  total=$((total + ${n:-0}))
done
echo "tests: $total passed, 0 failed"

#!/usr/bin/env bash
# Builds morphview and runs every test: the normal build (all labels) and an ASan + UBSan build
# of the unit and corpus tests. Run from anywhere; exits non-zero on any failure.
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

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DMORPHVIEW_SANITIZE=ON \
  -DMORPHVIEW_WITH_GL=OFF -DMORPHVIEW_CORPUS_DIR="$corpus" >/dev/null
cmake --build build-asan -j "$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --output-on-failure -j "$jobs" -L 'unit|corpus') | tee build-asan/ctest-summary.txt

# The importer's libFuzzer target (clang, its own build in build-fuzz/), for a bounded time.
MORPHVIEW_CORPUS_DIR="$corpus" bash tests/fuzz/run.sh 90

# One closing line over both CTest runs (the fuzzer's stats print last otherwise).
total=0
for summary in build/ctest-summary.txt build-asan/ctest-summary.txt; do
  n=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$summary")
  total=$((total + ${n:-0}))
done
echo "tests: $total passed, 0 failed"

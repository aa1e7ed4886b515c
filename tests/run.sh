#!/usr/bin/env bash
# Builds morphview with ASan + UBSan and runs every test in it (all labels), then both fuzzers for
# 30 s each. Run from anywhere; exits non-zero on any failure.
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

# One tree, sanitized: ASan + UBSan over everything (morph, the renderer, the app) and every
# CTest label (unit, corpus, gl, golden, app). Mesa's llvmpipe is not instrumented, but our calls
# into it and the buffers we hand it are. A second, unsanitized Release tree ran the same tests
# until the CI time passed 25 minutes on 2 cores; the sanitized run checks strictly more, so it is
# the one kept (the README's first command still builds and runs Release). -O1 without debug
# info: measured on app/CaptureCommand.cpp, -g1 costs 37 s of CPU against 27 s for -g0; reports
# still name the functions (the symbol table stays), rebuild with -g1 for lines. No benchmarks.
# LeakSanitizer ignores leaks inside the GL driver stack only (tests/sanitizers/lsan.supp); UBSan
# stops at the first finding.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g0" \
  -DCMAKE_C_FLAGS_DEBUG="-O1 -g0" -DMORPHVIEW_SANITIZE=ON -DMORPHVIEW_WITH_GL=ON -DMORPHVIEW_BENCH=OFF \
  -DMORPHVIEW_CORPUS_DIR="$corpus" >/dev/null
cmake --build build-asan -j "$jobs"
(cd build-asan && \
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
  LSAN_OPTIONS=suppressions="$root/tests/sanitizers/lsan.supp":print_suppressions=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --output-on-failure -j "$jobs") | tee build-asan/ctest-summary.txt

# The libFuzzer targets (clang, their own build in build-fuzz/), 30 s each: the importer, and
# the CPU pipeline after it with inputs up to 1 MiB.
MORPHVIEW_CORPUS_DIR="$corpus" bash tests/fuzz/run.sh 30 ImportFuzzer
MORPHVIEW_CORPUS_DIR="$corpus" bash tests/fuzz/run.sh 30 PipelineFuzzer

# One closing line over the CTest run (the fuzzer's stats print last otherwise).
total=0
for summary in build-asan/ctest-summary.txt; do
  n=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$summary")
  total=$((total + ${n:-0}))
done
echo "tests: $total passed, 0 failed"

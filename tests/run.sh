#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this). Run from anywhere, as root on a fresh
# Debian machine; exits non-zero on any failure.
#   1. the Release tree users get (build/, the README's first command, with the tests and
#      benchmarks on): every label, the Debian package check (label package), the structure
#      check and the soak (4 cycles) included
#   2. the sanitized tree (build-asan/, ASan + UBSan + LeakSanitizer), built beside step 1's
#      tests: every label but the Release-only checks below, linking the test objects step 1
#      compiled
#   3. the libFuzzer targets (build-fuzz/), built beside step 2's tests, run two at a time: the
#      importer and the pipeline 15 s each, the KTX2 transcoder 20 s, the WAV reader, the live
#      input's files, two take readers and the voice profile's reader 8 s each, live input's VMC
#      and Live Link Face decoders and the Live Link Face take reader 5 s each
# and fails if any process a test started is still running after its tree's tests.
#
# What runs where, and why:
#   both trees   every unit, corpus, gl, golden and app test that exercises our code: each runs
#                once as users get it (-O2) and once under the sanitizers. The goldens and the
#                GLB and PNG writers' byte checks stay in both: each draws or writes through
#                code paths of its own, for under 10 s of the sanitized run.
#   sanitized    the 50,000 x 300 GPU oracle over every path and the hostile-file sweep through
#   only         the CLI: the slowest two, whose checks the sanitizers make strictly stronger.
#   Release      the Debian package (PackageCheck: what users install), the structure check (it
#   only         reads the sources, not the build), the checks of text and bytes against what
#                another test runs (release_once: the man page and the bash completion against
#                each --help, the bundled assets against their generators, byte for byte: 21 s
#                of the sanitized run; the generators' code runs there in the assets' other
#                tests, the options' in every CLI test), the soak (SoakShort: resident memory, which
#                ASan's quarantine makes climb by design) and regress on a real Slurm cluster
#                (SlurmRegress.*: the scheduler and the emitted job script; the shards and the
#                merge it runs are the app tests' in both trees).
# Nothing is skipped: every test runs in at least one tree. CMake leaves out of a tree what does
# not belong to it (tests/CMakeLists.txt); slow_once and release_once below name the rest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source tests/ci-lib.sh
bash third_party/setup.sh
# Formatting first: a seconds-long check that would otherwise fail a review after half an hour.
bash tests/check-format.sh
corpus=${MORPHVIEW_CORPUS_DIR:-$root/../shared/corpus}
if [[ ! -f "$corpus/README.md" ]]; then
  echo "tests/run.sh: the test corpus is missing at $corpus (expected ../shared/corpus beside the repo)" >&2
  exit 1
fi
avatars=${MORPHVIEW_AVATARS_DIR:-$root/../shared/avatars}
if [[ ! -f "$avatars/README.md" ]]; then
  echo "tests/run.sh: the avatars are missing at $avatars (expected ../shared/avatars beside the repo)" >&2
  exit 1
fi
jobs=$(nproc)
started=$SECONDS
stamp() { echo "tests/run.sh: $1 at $((SECONDS - started)) s"; }

# ccache (installed by setup.sh) keeps objects across runs and between build/ and a developer's
# own build of the same flags; paths are taken relative to the checkout, so clones in other
# folders share it. A cold cache only costs the compiles.
export CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=true CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# Prefiltered environments (renderer/light/EnvironmentCache.h): one empty cache per run, shared
# by both trees, so the studio is prefiltered once instead of in every capture process (~0.3 s
# of CPU each), and no entry from an earlier checkout can stand in for this one's.
export MORPHVIEW_CACHE_DIR=$root/build/environment-cache
rm -rf "$MORPHVIEW_CACHE_DIR"

# llvmpipe compiles each shader variant without LLVM's optimisation passes (GALLIVM_PERF=nopt).
# From an empty Mesa shader cache (a fresh CI container) compiling is most of a GL test's CPU:
# the renderer's GL tests took 134 s of CPU cold and 25 s warm, 76 s cold this way; the drawing
# runs a little slower (a fifth, warm, on the capture and bench CLI tests) and draws the same
# pictures within the goldens' tolerances. Mesa keys its cache on the flag, so the variants
# compiled this way never stand in for a user's optimised ones; both trees share them.
export GALLIVM_PERF=nopt

# Runs one tree's tests, PARALLEL at once; its CTest summary goes to TREE/ctest-summary.txt.
run_ctest() {
  local tree=$1 parallel=$2
  shift 2
  local status=0
  (cd "$tree" && ctest --output-on-failure -j "$parallel" "$@") | tee "$tree/ctest-summary.txt" || status=1
  mv_check_no_leftovers "$root/$tree" || status=1
  return $status
}

# Background steps (a build beside a test run) are ended with the script, however it ends: each
# runs in a process group of its own (setsid; --wait keeps its exit status if setsid must fork),
# so its compilers end with it.
background=()
trap 'for pid in "${background[@]}"; do kill -- "-$pid" 2>/dev/null || kill -- "$pid" 2>/dev/null || true; done' EXIT
# Runs "$@" in the background at low priority, its output in LOG; wait_background LOG prints the
# log and fails when it failed. A build beside a test run takes the CPU the tests leave idle
# (a test waiting on a child, on Xvfb, on the soak's clock) instead of running after them.
start_background() {
  local log=$1
  shift
  setsid --wait nice -n 10 "$@" >"$log" 2>&1 &
  background+=($!)
}
# Once the step beside it is done, the background step is what the run waits for: it goes back
# to normal priority (its process group, so the compilers running and those ninja starts next).
# At nice 10 beside two busy processes a build gets about a tenth of a core: a cold sanitized
# build was at step 14 of 99 after 38 minutes that way.
wait_background() {
  local log=$1 status=0
  renice -n 0 -g "${background[-1]}" >/dev/null 2>&1 || true
  wait "${background[-1]}" || status=$?
  unset 'background[-1]'
  if ((status != 0)); then
    cat "$log"
    echo "tests/run.sh: failed: see above ($log)" >&2
    return 1
  fi
}

# 1. Release, as the README builds it, with the tests and benchmarks (off by default: the
# README's first command builds the viewer only). morph, renderer and app compile as a unity
# build, 8 sources a batch, as the README's first command builds them (about half the CPU of file
# by file), and so do the test files, grouped into an executable per folder and label
# (tests/CMakeLists.txt); the fixtures compile file by file. A missing include in a source shows
# in a developer's tree built file by file (CMAKE_UNITY_BUILD off). The tests the sanitized run
# repeats with strictly more checks and that take longest are run there only: the 50,000 x 300
# GPU oracle (every path) and the hostile-file sweep through the CLI.
slow_once='FiftyThousandVerticesThreeHundredTargets|HostileSweepCli\.'
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMORPHVIEW_TESTS=ON -DMORPHVIEW_BENCH=ON "${launcher[@]}" \
  -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 \
  -DMORPHVIEW_CORPUS_DIR="$corpus" -DMORPHVIEW_AVATARS_DIR="$avatars" >/dev/null
cmake --build build -j "$jobs"
stamp "Release built"

# 2. Sanitized: ASan + UBSan over everything (morph, the renderer, the app) and every label,
# built beside the Release tests. Mesa's llvmpipe is not instrumented, but our calls into it and
# the buffers we hand it are. -O1 without debug info: -g1 costs 37 s of CPU against 27 s for -g0
# on app/CaptureCommand.cpp; reports still name the functions (the symbol table stays), rebuild
# with -g1 for lines. app/ compiles at -Og in this tree (app/CMakeLists.txt): the glue around
# morph and the renderer, a third cheaper to compile instrumented. No benchmarks. A unity build (8 sources a batch). The test files and the
# fixtures are not compiled again: each test executable links the objects the Release tree
# compiled (uninstrumented: the tests' assertions and the fixtures' generators and oracles, not
# the code they exercise) against this tree's instrumented libraries
# (MORPHVIEW_TEST_OBJECTS_FROM, tests/CMakeLists.txt). The sanitizer options are
# compiled into every executable (tests/sanitizers/SanitizerDefaults.cpp), so CTest needs no
# environment.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g0" \
  -DCMAKE_C_FLAGS_DEBUG="-O1 -g0" -DMORPHVIEW_SANITIZE=ON -DMORPHVIEW_TESTS=ON -DMORPHVIEW_BENCH=OFF -DCMAKE_UNITY_BUILD=ON "${launcher[@]}" \
  -DMORPHVIEW_TEST_OBJECTS_FROM="$root/build" \
  -DMORPHVIEW_CORPUS_DIR="$corpus" -DMORPHVIEW_AVATARS_DIR="$avatars" >/dev/null
start_background build-asan/build.log cmake --build build-asan -j "$jobs"
run_ctest build "$jobs" -E "$slow_once"
stamp "Release tests done"
wait_background build-asan/build.log
stamp "sanitized tree built"

# 3. The sanitized tests, with the libFuzzer targets (clang, their own unity build in
# build-fuzz/) built beside them. One test more than there are cores: these tests wait on child
# processes, Xvfb's frames and the audio clock, and once the fuzzers are built nothing else
# fills that time.
release_once='InstallDocs\.TheManPage|InstallDocs\.BashCompletion|FaceAsset\.CommittedFile|FaceAsset\.GeneratingTwice|CharacterAsset\.FileIsTheGenerators'
start_background build-asan/fuzz-build.log bash tests/fuzz/run.sh --build-only
run_ctest build-asan $((jobs + 1)) -E "$release_once"
stamp "sanitized tests done"
wait_background build-asan/fuzz-build.log

# 4. The fuzzers, in two chains at once (each fuzzer is one process on one core, and the chains
# take about as long), each a smoke run that every change gets; a longer run is by hand
# (tests/fuzz/run.sh SECONDS TARGET). In CI's cold runs each one's coverage grows fast and then
# slowly (edges at half its time against all of it): the importer 5,536 at 10 s of 5,684 at 20 s,
# the pipeline 6,664 of 6,779, the KTX2 transcoder 927 of 957 at 30 s; at 5 s of 10 the WAV,
# JSON and text readers reach 97% to 98% of their edges, the Live Link Face take reader 394 of
# 397, the VMC and Live Link decoders all of theirs. So: the importer and the CPU pipeline after it with inputs up
# to 1 MiB 15 s each, the KTX2 transcoder 20 s, the WAV reader, the live input's files, the
# Rhubarb and Audio2Face take readers and the voice profile's reader 8 s each, the VMC and Live
# Link decoders and the Live Link Face take reader 5 s each: chains of 56 s and 49 s.
# Their coverage accumulates in build-fuzz/corpus/ across runs.
export MORPHVIEW_CORPUS_DIR="$corpus" MORPHVIEW_FUZZ_PREBUILT=1
# Runs SECONDS TARGET pairs one after another; each fuzzer's output in build-fuzz/TARGET.log.
fuzz_chain() {
  while (($#)); do
    if ! bash tests/fuzz/run.sh "$1" "$2" >"build-fuzz/$2.log" 2>&1; then
      cat "build-fuzz/$2.log"
      echo "tests/run.sh: the fuzzer $2 failed (build-fuzz/$2.log)" >&2
      return 1
    fi
    tail -n 2 "build-fuzz/$2.log"
    shift 2
  done
}
fuzz_chain 15 ImportFuzzer 20 Ktx2Fuzzer 8 WavFuzzer 5 LiveLinkFaceTakeFuzzer 8 VoiceProfileFuzzer &
background+=($!)
fuzz_status=0
fuzz_chain 15 PipelineFuzzer 5 VmcFuzzer 5 LiveLinkFuzzer 8 LiveFilesFuzzer 8 RhubarbTakeFuzzer \
  8 Audio2FaceTakeFuzzer ||
  fuzz_status=1
wait "${background[-1]}" || fuzz_status=1
unset 'background[-1]'
((fuzz_status == 0))
stamp "fuzzers done"

# One closing line over both CTest runs (the fuzzer's stats print last otherwise).
total=0
for summary in build/ctest-summary.txt build-asan/ctest-summary.txt; do
  n=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$summary")
  total=$((total + ${n:-0}))
done
echo "tests: $total passed, 0 failed"

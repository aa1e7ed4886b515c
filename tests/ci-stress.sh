#!/usr/bin/env bash
# Hunts flaky tests: runs every test of the flaky-prone labels N times, each round all of them in
# parallel (ctest -j nproc), with two busy processes beside them the whole time (a CI machine
# shared with another job), then reports each test that ever failed and how often. Exits 1 if
# any did, or if any round left a process running.
#
#   tests/ci-stress.sh N [LABELS] [BUILD_DIR]
#     N          rounds (e.g. 20)
#     LABELS     a CTest label regex; default 'gl|app' (the GL context, Xvfb and child-process tests)
#     BUILD_DIR  a built tree; default build-asan (tests/run.sh's sanitized tree; its sanitizer
#                options are test properties, so plain ctest there runs as CI does); build/ is
#                the Release tree
# Builds nothing. Each round's output is kept in BUILD_DIR/ci-stress/round-K.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/tests/ci-lib.sh"
rounds=${1:?usage: tests/ci-stress.sh N [LABELS] [BUILD_DIR]}
labels=${2:-gl|app}
build=$(cd "$root" && cd "${3:-build-asan}" 2>/dev/null && pwd) || {
  echo "tests/ci-stress.sh: no build tree at ${3:-build-asan} (run tests/run.sh first)" >&2
  exit 2
}
[[ -f $build/CTestTestfile.cmake ]] || { echo "tests/ci-stress.sh: $build is not a CTest tree" >&2; exit 2; }
cd "$root"  # the load below must not run from inside the tree the leftover check looks at
jobs=$(nproc)
logs=$build/ci-stress
rm -rf "$logs"
mkdir -p "$logs"

# The load: two processes that spin until this script ends, however it ends.
load=()
for _ in 1 2; do
  (while :; do :; done) &
  load+=($!)
done
trap 'kill "${load[@]}" 2>/dev/null || true' EXIT

declare -A failures=()
leftovers=0
start=$SECONDS
for ((round = 1; round <= rounds; ++round)); do
  log=$logs/round-$round.log
  (cd "$build" && ctest -L "^($labels)\$" -j "$jobs" --output-on-failure >"$log" 2>&1) || true
  # CTest's closing list: "  12 - Suite.Name (Failed)" and the like.
  while IFS= read -r name; do
    failures[$name]=$((${failures[$name]:-0} + 1))
  done < <(sed -n '/The following tests FAILED:/,$p' "$log" | sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (.*)$/\1/p')
  if ! summary=$(grep -E '^[0-9]+% tests passed' "$log"); then
    summary="no CTest summary (see $log)"
    failures["(no tests ran)"]=$((${failures["(no tests ran)"]:-0} + 1))
  fi
  mv_check_no_leftovers "$build" || leftovers=$((leftovers + 1))
  echo "round $round/$rounds ($((SECONDS - start)) s): $summary"
done

if ((${#failures[@]} == 0 && leftovers == 0)); then
  echo "ci-stress: $rounds rounds of labels '$labels' in $build under load: no test failed"
  exit 0
fi
for name in "${!failures[@]}"; do
  echo "ci-stress: FAILED ${failures[$name]} of $rounds rounds: $name"
done
((leftovers == 0)) || echo "ci-stress: $leftovers rounds left processes running (listed above)"
exit 1

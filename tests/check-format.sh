#!/usr/bin/env bash
# Every C++ source of the repo (app, morph, renderer, assets, tests) formatted as .clang-format
# says, checked with Debian's clang-format (tests/run.sh runs this first). Exits 1 and lists what
# differs; with --fix, formats the files in place instead.
#   tests/check-format.sh [--fix]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# node_modules: what tests/fixtures/ktx2/make installs to write the KTX2 fixtures, not ours.
mapfile -t files < <(find app morph renderer assets tests -name node_modules -prune -o -type f \
  \( -name '*.cpp' -o -name '*.h' \) -print | sort)
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
report=$(mktemp)
trap 'rm -f "$report"' EXIT
if ! clang-format --dry-run -Werror "${files[@]}" 2>"$report"; then
  grep -E '^[^ ].*: error:' "$report" | sed 's/:[0-9]*:[0-9]*: error:.*//' | sort -u |
    sed 's/^/not formatted: /' >&2
  echo "tests/check-format.sh: run 'bash tests/check-format.sh --fix'" >&2
  exit 1
fi

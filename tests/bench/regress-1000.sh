#!/usr/bin/env bash
# The 1,000-shot measurement of docs/REGRESSION.md: the bundled face, 10 poses (cameras) x 100
# weight mixes (each: 6 targets of the face's 52 at weights in 0.1..1, from a fixed seed), 256x256,
# in one process. References are made by a first run with --update; the second run, compared
# against them, is the one measured (time per shot, peak RSS from /usr/bin/time -v). The same
# with the first 100 shots shows whether memory grows with the shot count.
# Usage: bash tests/bench/regress-1000.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=${1:-build}
work=${2:-/tmp/morphview-regress-1000}
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work"
python3 - "$source_dir/assets/face.glb" "$work" <<'PY'
import json, random, sys
face, work = sys.argv[1], sys.argv[2]
targets = ("eyeBlinkLeft eyeBlinkRight eyeSquintLeft eyeSquintRight eyeWideLeft eyeWideRight "
           "jawForward jawLeft jawRight jawOpen mouthClose mouthFunnel mouthPucker mouthLeft "
           "mouthRight mouthSmileLeft mouthSmileRight mouthFrownLeft mouthFrownRight "
           "mouthStretchLeft mouthStretchRight mouthRollLower mouthRollUpper mouthShrugLower "
           "mouthPressLeft mouthPressRight mouthLowerDownLeft mouthUpperUpRight browDownLeft "
           "browDownRight browInnerUp browOuterUpLeft browOuterUpRight cheekPuff "
           "cheekSquintLeft cheekSquintRight noseSneerLeft noseSneerRight tongueOut").split()
cameras = ["front", "left", "right", "orbit:20,0", "orbit:-20,0", "orbit:35,10", "orbit:-35,10",
           "orbit:0,20", "orbit:15,-10", "orbit:-15,-10"]
rng = random.Random(17)
mixes = []
for m in range(100):
    picked = rng.sample(targets, 6)
    mixes.append(",".join(f"{t}={rng.randint(1, 10) / 10}" for t in picked))
shots = [{"name": f"p{p}_m{m:03d}", "model": face, "camera": cameras[p], "weights": mixes[m],
          "size": "256x256"} for p in range(10) for m in range(100)]
json.dump(shots, open(f"{work}/shots-1000.json", "w"))
json.dump(shots[:100], open(f"{work}/shots-100.json", "w"))
PY
mv=$build/morphview
run() {  # name shots-file extra...
  local name=$1 shots=$2; shift 2
  /usr/bin/time -v "$mv" regress "$shots" --references "$work/refs" --out "$work/out-$name" "$@" \
    > "$work/$name.log" 2> "$work/$name.time" || true
  local wall rss
  wall=$(grep "Elapsed (wall clock)" "$work/$name.time" | awk '{print $NF}')
  rss=$(grep "Maximum resident set size" "$work/$name.time" | awk '{print $NF}')
  echo "$name: $(tail -1 "$work/$name.log" | cut -d'(' -f1) wall $wall, peak RSS ${rss} KiB"
}
run make-refs "$work/shots-1000.json" --update
run compare-100 "$work/shots-100.json"
run compare-1000 "$work/shots-1000.json"
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
for name in ("compare-100", "compare-1000"):
    r = json.load(open(f"{work}/out-{name}/report.json"))
    ms = sorted(s["ms"] for s in r["shots"])
    print(f"{name}: {len(ms)} shots, per shot median {ms[len(ms)//2]:.1f} ms, "
          f"mean {sum(ms)/len(ms):.1f} ms, p95 {ms[int(len(ms)*0.95)]:.1f} ms, passed {r['passed']}")
PY

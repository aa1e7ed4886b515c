#!/usr/bin/env bash
# regress over Slurm at farm scale, measured (a script to run by hand, not a test): SHOTS shots of
# the bundled face (20 poses x weight mixes of 6 targets from a fixed seed, SIZE each) on this
# machine's own one-host cluster (tests/fixtures/slurm/cluster.sh: CPUs = the node's cores), as
# the job `regress --emit-job slurm --shards N` prints for N = 1, 2 and 4 array tasks, each run
# from submission until the merge job has ended. One process without Slurm first (it also makes
# the references, with --update, then compares) as the baseline. Prints wall time and shots/s.
# Needs root, like the cluster. Refuses to run on a busy machine (load average >= 1.5) unless
# MORPHVIEW_BENCH_ANY_LOAD=1: the numbers would say more about the other jobs.
# MORPHVIEW_SLURM_TASKS lists the array sizes to run, in order (default "1 2 4"; "2 4 2 4 2 4"
# interleaves three runs of each).
# Usage: bash tests/bench/regress-slurm.sh BUILD_DIR [WORK_DIR=BUILD_DIR/regress-slurm] [SHOTS=2000]
#        [SIZE=128x128]
set -euo pipefail
build=$(realpath "${1:-build}")
work=${2:-$build/regress-slurm}  # inside the build folder by default
count=${3:-2000}
size=${4:-128x128}
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
load=$(cut -d' ' -f1 /proc/loadavg)
if [[ ${MORPHVIEW_BENCH_ANY_LOAD:-0} != 1 ]] && python3 -c "import sys; sys.exit(float('$load') < 1.5)"; then
  echo "regress-slurm.sh: load average $load >= 1.5: the machine is busy; measure when it is idle" >&2
  exit 1
fi
source "$source_dir/tests/fixtures/slurm/cluster.sh"
rm -rf "$work"
mkdir -p "$work"
work=$(realpath "$work")
trap 'slurm_stop "$work/cluster"' EXIT
python3 - "$source_dir/assets/face.glb" "$work" "$count" "$size" <<'PY'
import json, random, sys
face, work, count, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
targets = ("eyeBlinkLeft eyeBlinkRight eyeSquintLeft eyeWideRight jawForward jawLeft jawOpen "
           "mouthClose mouthFunnel mouthPucker mouthLeft mouthRight mouthSmileLeft "
           "mouthSmileRight mouthFrownLeft mouthStretchLeft mouthRollLower mouthShrugLower "
           "mouthPressLeft browDownLeft browInnerUp browOuterUpRight cheekPuff noseSneerLeft").split()
cameras = ["front", "left", "right"] + [f"orbit:{a},{e}" for a in (-30, -15, 15, 30)
                                        for e in (-10, 0, 10, 20)] + ["orbit:0,30"]
rng = random.Random(23)
shots = []
for i in range(count):
    mix = ",".join(f"{t}={rng.randint(1, 10) / 10}" for t in rng.sample(targets, 6))
    shots.append({"name": f"s{i:04d}", "model": face, "camera": cameras[i % 20], "weights": mix,
                  "size": size})
json.dump(shots, open(f"{work}/shots.json", "w"))
PY
mv=$build/morphview
cd "$work"
echo "regress-slurm.sh: $count shots of $size, $(nproc) cores, load average $load, $(date -u +%FT%TZ)"
"$mv" regress shots.json --references refs --out make --update >/dev/null
start=$(date +%s.%N)
"$mv" regress shots.json --references refs --out one >/dev/null
end=$(date +%s.%N)
python3 -c "w = $end - $start; print(f'1 process, no Slurm: wall {w:.1f} s, {$count / w:.1f} shots/s')"
slurm_start "$work/cluster"
run=0
for tasks in ${MORPHVIEW_SLURM_TASKS:-1 2 4}; do
  run=$((run + 1))
  "$mv" regress shots.json --references refs --out "out-$tasks" --emit-job slurm --shards "$tasks" \
    >"job-$run.sh"
  rm -rf "out-$tasks"
  start=$(date +%s.%N)
  merge=$(sh "job-$run.sh")
  while [[ -n $(squeue -h -o %i) ]]; do sleep 0.2; done
  end=$(date +%s.%N)
  passed=$(python3 -c "import json; print(json.load(open('out-$tasks/report.json'))['passed'])")
  code=$(scontrol show job "$merge" | tr ' ' '\n' | sed -n 's/^ExitCode=//p')
  python3 -c "w = $end - $start; print(f'$tasks Slurm task(s): wall {w:.1f} s, {$count / w:.1f} shots/s, passed $passed/$count, merge exit $code')"
done

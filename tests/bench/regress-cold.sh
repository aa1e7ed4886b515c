#!/usr/bin/env bash
# A cold container's first `regress` against one whose caches a CI image baked with the same
# command line and --warm-cache (docs/PERFORMANCE.md, "Cold caches"). By hand, on an idle machine:
#   bash tests/bench/regress-cold.sh [MORPHVIEW] [RUNS]
# Six shots at 512 x 512 (three of the Ready Player Me avatar, two of the bundled face, one of the
# Fox); each run gets fresh cache folders, empty or a copy of the baked ones; runs interleaved.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
morphview=$(realpath "${1:-$root/build/morphview}")
runs=${2:-3}
avatars=${MORPHVIEW_AVATARS_DIR:-$root/../shared/avatars}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
male=$avatars/RPM_VisageMale/male.glb face=$root/assets/face.glb
cat >shots.json <<JSON
[{"name": "male-front", "model": "$male"},
 {"name": "male-smile", "model": "$male", "weights": "mouthSmileLeft=1,mouthSmileRight=1"},
 {"name": "male-side", "model": "$male", "camera": "orbit:60,10"},
 {"name": "face-front", "model": "$face"},
 {"name": "face-jaw", "model": "$face", "weights": "jawOpen=0.8"},
 {"name": "fox", "model": "$avatars/Fox/Fox.glb"}]
JSON
# Users' Mesa: the cache on, GALLIVM_PERF unset (regress then compiles without LLVM's passes).
unset GALLIVM_PERF MESA_SHADER_CACHE_DISABLE MESA_GLSL_CACHE_DISABLE
regress() { "$morphview" regress shots.json --references refs --out out "$@" >run.log 2>&1; }
# Mesa makes its cache folder but not the folders above it.
mkdir -p scratch baked
MESA_SHADER_CACHE_DIR=$work/scratch/mesa MORPHVIEW_CACHE_DIR=$work/scratch/mv regress --update || true
/usr/bin/time -f "bake: %e s wall, %U + %S s CPU" env MESA_SHADER_CACHE_DIR="$work/baked/mesa" \
  MORPHVIEW_CACHE_DIR="$work/baked/mv" "$morphview" regress shots.json --references refs --out out \
  --warm-cache >bake.log
du -sh baked/mesa baked/mv
for ((r = 1; r <= runs; r++)); do
  for mode in cold baked; do
    rm -rf run && mkdir run
    if [[ $mode == baked ]]; then cp -a baked/mesa baked/mv run/; fi
    /usr/bin/time -f "$mode $r: %e s wall, %U + %S s CPU" env MESA_SHADER_CACHE_DIR="$work/run/mesa" \
      MORPHVIEW_CACHE_DIR="$work/run/mv" "$morphview" regress shots.json --references refs --out out \
      >run.log
    tail -n 1 run.log
  done
done

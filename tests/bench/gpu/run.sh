#!/bin/bash
# The GPU run of morphview's benchmark in docs/PERFORMANCE.md: run from a folder made
# by pack.sh, with OUT set; writes OUT/gpu/NAME.json and commands.txt in perf_tables.py's
# --json-dir layout (python3 tests/bench/perf_tables.py --from-json OUT/gpu prints the tables),
# OUT/gpu.tar.gz of them and OUT/log.txt. More frames than perf_tables.py's llvmpipe counts:
# a GPU frame takes microseconds to milliseconds.
cd "$(dirname "$0")"
D=$PWD
mkdir -p $OUT/gpu
exec > >(tee $OUT/log.txt) 2>&1
nvidia-smi -L; nvidia-smi --query-gpu=driver_version,clocks.sm,clocks.mem --format=csv
NV=$(dirname "$(find / -xdev -name 'libEGL_nvidia.so.0' 2>/dev/null | head -1)")
JSON=$(find / -xdev -path '*egl_vendor.d/*nvidia*.json' 2>/dev/null | head -1)
echo "nvidia EGL in $NV, vendor file $JSON"
[ -n "$JSON" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$JSON
export LD_LIBRARY_PATH=$NV
mvw() { "$D/lib/ld-linux-x86-64.so.2" --library-path "$D/lib:$NV" "$D/morphview" "$@"; }
cd $OUT/gpu
mvw bench --vertices 50000 --targets 300 --density 0.05 --write-model /tmp/production5.glb || exit 1
: > commands.txt
run() {  # name frames warmup args...
  local name=$1 frames=$2 warmup=$3; shift 3
  local start=$(date +%s)
  timeout 200 "$D/lib/ld-linux-x86-64.so.2" --library-path "$D/lib:$NV" "$D/morphview" bench "$@" \
      --path all --frames $frames --warmup $warmup --size 64x64 --json > $name.json.tmp
  local rc=$?
  local secs=$(( $(date +%s) - start ))
  echo "$name rc=$rc ${secs}s"
  if [ $rc = 0 ]; then
    /bin/mv $name.json.tmp $name.json
    printf '%s\t%.0f\t%s\n' "$name" "$secs" "morphview bench $(echo "$@" | sed 's#/tmp/##') --path all --frames $frames --warmup $warmup --size 64x64 --json" >> commands.txt
    python3 -c "import json;[print(' ', r.get('setting'), r['path'], r.get('resolvedPath'), 'morph', round(r['morphMsMedian'],3), 'frame', round(r['frameMsMedian'],3)) for r in json.load(open('$name.json'))['results']]"
  fi
}
run face 200 10 --vertices 2694 --targets 52 --density 0.3 --active 52
run production-file 40 5 --model /tmp/production5.glb --active 40
run target-count 100 5 --scenario target-count
run arkit 100 10 --scenario arkit
run production 30 3 --scenario production
run multipass 30 3 --scenario multipass
run crowd 20 3 --scenario crowd
run dense 10 2 --scenario dense
cd $OUT && tar czf gpu.tar.gz gpu && ls -la gpu

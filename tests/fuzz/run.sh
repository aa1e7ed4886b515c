#!/usr/bin/env bash
# Builds the fuzzers (clang, libFuzzer + ASan + UBSan) in build-fuzz/ and runs one for a bounded
# time. Usage: tests/fuzz/run.sh [SECONDS] [TARGET]   (default 120 s, ImportFuzzer)
#        tests/fuzz/run.sh --build-only            (configures and builds every target, runs none)
#   ImportFuzzer    bytes -> morph::importGltfMemory; inputs up to 64 KiB
#   PipelineFuzzer  bytes -> import -> pack, sparsify, sample, world matrices, blend, pose;
#                   inputs up to 1 MiB, so every corpus file (the 600 KiB stress files too) seeds it
#   Ktx2Fuzzer      bytes -> morph::ktx2::decodeKtx2 (the KTX2 transcoder); inputs up to 16 KiB,
#                   seeded with tests/fixtures/ktx2/*.ktx2 (and tests/fuzz/regressions-ktx2/)
#   VmcFuzzer       bytes -> app::live::VmcDecoder (OSC through liblo), twice; inputs up to 8 KiB
#   LiveLinkFuzzer  bytes -> app::live::decodeLiveLink; inputs up to 4 KiB
#                   both seeded by LiveSeedWriter (and tests/fuzz/regressions-live/)
#   WavFuzzer       bytes -> app::speech::readWav, then resampled to 16 kHz; inputs up to 64 KiB,
#                   seeded by WavSeedWriter (tests/fixtures/WavFixtures.h)
#   LiveFilesFuzzer bytes -> a calibration profile (read, written, read back, applied) and a
#                   recording (--replay's lines); inputs up to 16 KiB, seeded by two examples
#   LiveLinkFaceTakeFuzzer, RhubarbTakeFuzzer, Audio2FaceTakeFuzzer
#                   bytes -> that take reader (app/take); inputs up to 16 KiB, seeded by
#                   TakeSeedWriter (tests/fixtures/TakeFiles.h)
#   VoiceProfileFuzzer bytes -> a voice profile (--voice-profile: read, written, read back);
#                   inputs up to 4 KiB, seeded by one profile as voice-profile writes it
# MORPHVIEW_FUZZ_MAX_LEN overrides the input size limit. Exits non-zero on any crash, leak,
# timeout (-timeout=10 s per input; 30 s for the pipeline) or OOM (-rss_limit_mb=2048); the offending input is left in
# build-fuzz/artifacts/. Seeds: the corpus (MORPHVIEW_CORPUS_DIR, default ../shared/corpus), the
# code-built fixtures and every file in tests/fuzz/regressions/. New coverage accumulates in
# build-fuzz/corpus/<TARGET>/ across runs.
set -euo pipefail
build_only=0
if [[ ${1:-} == --build-only ]]; then
  build_only=1
  shift
fi
seconds=${1:-120}
target=${2:-ImportFuzzer}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${MORPHVIEW_FUZZ_BUILD:-$root/build-fuzz}
corpus=${MORPHVIEW_CORPUS_DIR:-$root/../shared/corpus}
jobs=${MORPHVIEW_FUZZ_BUILD_JOBS:-$(nproc)}
case "$target" in
  # 64 KiB: the small corpus GLBs already cover each encoding, and one execution stays in
  # milliseconds (the 600 KiB stress files run ~20x slower and add little import coverage).
  ImportFuzzer) max_len=65536; timeout=10 ;;
  # 1 MiB: real files are bigger than 64 KiB, and the pipeline's cost grows with their size.
  # 30 s per input: the 2^20-vertex sparse-bomb fixture legitimately takes ~4 s through the
  # pipeline on a loaded machine (import 2 s, packing, blends, a copy for the pose), more under ASan.
  PipelineFuzzer) max_len=1048576; timeout=30 ;;
  # 16 KiB: the KTX2 fixtures are 0.6 to 4 KiB; a longer input only adds blocks of the same kinds.
  Ktx2Fuzzer) max_len=16384; timeout=10 ;;
  # A VMC frame of 52 names is about 2.5 KiB; a Live Link Face datagram about 300 bytes. Past
  # those, a longer input only repeats elements.
  VmcFuzzer) max_len=8192; timeout=10 ;;
  LiveLinkFuzzer) max_len=4096; timeout=10 ;;
  # 64 KiB: a few thousand samples of any format; the reader's paths are all in the header.
  WavFuzzer) max_len=65536; timeout=10 ;;
  # 16 KiB: a profile of a hundred names, a recording of a few dozen lines.
  LiveFilesFuzzer) max_len=16384; timeout=10 ;;
  # 16 KiB: a Live Link Face take of about twenty frames, Rhubarb's cues for a minute of speech.
  LiveLinkFaceTakeFuzzer | RhubarbTakeFuzzer | Audio2FaceTakeFuzzer) max_len=16384; timeout=10 ;;
  # 4 KiB: a whole profile is about 700 bytes.
  VoiceProfileFuzzer) max_len=4096; timeout=10 ;;
  *) echo "tests/fuzz/run.sh: unknown target '$target' (ImportFuzzer, PipelineFuzzer, Ktx2Fuzzer, VmcFuzzer, LiveLinkFuzzer, WavFuzzer, LiveFilesFuzzer, LiveLinkFaceTakeFuzzer, RhubarbTakeFuzzer, Audio2FaceTakeFuzzer or VoiceProfileFuzzer)" >&2; exit 2 ;;
esac
max_len=${MORPHVIEW_FUZZ_MAX_LEN:-$max_len}

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# A unity build (8 sources a batch): about a third of the CPU of building morph/ file by file.
# With MORPHVIEW_FUZZ_PREBUILT set (tests/run.sh, after --build-only) the tree is taken as built,
# so several fuzzers can run at once without two builds of one tree racing.
prebuilt=${MORPHVIEW_FUZZ_PREBUILT:-}
if [[ -z $prebuilt ]]; then
  cmake -S "$root/tests/fuzz" -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_UNITY_BUILD=ON "${launcher[@]}" >/dev/null
fi
if ((build_only)); then
  cmake --build "$build" -j "$jobs"
  exit 0
fi
build_targets() {
  if [[ -z $prebuilt ]]; then cmake --build "$build" -j "$jobs" --target "$@"; fi
}
seeds="$build/seeds-$target"
rm -rf "$seeds"
mkdir -p "$seeds" "$build/corpus/$target" "$build/artifacts"
inputs=("$build/corpus/$target" "$seeds")
dict_option=()
if [[ $target == VmcFuzzer || $target == LiveLinkFuzzer ]]; then
  build_targets "$target" LiveSeedWriter
  kind=vmc
  if [[ $target == LiveLinkFuzzer ]]; then kind=livelink; fi
  "$build/LiveSeedWriter" "$kind" "$seeds"
  if [[ $target == VmcFuzzer ]]; then dict_option=(-dict="$root/tests/fuzz/vmc.dict"); fi
  if [[ -d $root/tests/fuzz/regressions-live ]]; then inputs+=("$root/tests/fuzz/regressions-live"); fi
elif [[ $target == WavFuzzer ]]; then
  build_targets "$target" WavSeedWriter
  "$build/WavSeedWriter" "$seeds"
  dict_option=(-dict="$root/tests/fuzz/wav.dict")
elif [[ $target == LiveFilesFuzzer ]]; then
  build_targets "$target"
  # A profile with every key (docs/LIVE.md's) and a recording as --record-stream writes one.
  cat > "$seeds/profile.json" <<'JSON'
{"smoothing": {"minCutoff": 1.0, "beta": 0.007, "dCutoff": 1.0},
 "names": {"jawOpen": {"neutral": 0.05, "gain": 1.4, "offset": 0.0, "min": 0.0, "max": 1.0},
           "eyeBlinkLeft": {"gain": 1.2, "smoothing": false},
           "browInnerUp": {"smoothing": {"minCutoff": 0.5, "beta": 0.1}}}}
JSON
  cat > "$seeds/take.jsonl" <<'JSON'
{"t":0,"source":"vmc","weights":{"jawOpen":0.2,"eyeBlinkLeft":1}}
{"t":0.016,"source":"livelink","weights":{"jawOpen":0.25}}

{"t":0.5,"source":"vmc","weights":{}}
JSON
  dict_option=(-dict="$root/tests/fuzz/json.dict")
elif [[ $target == VoiceProfileFuzzer ]]; then
  build_targets "$target"
  cat > "$seeds/profile.json" <<'JSON'
{"version": 1, "source": "me.wav", "sibilance": 0.41,
 "classes": {"aa": {"f1": 860, "f2": 1290, "windows": 38, "learned": true},
             "E": {"f1": 610, "f2": 2210, "windows": 20, "learned": true},
             "I": {"f1": 330, "f2": 2700, "windows": 25, "learned": true},
             "O": {"f1": 620, "f2": 950, "windows": 3, "learned": false},
             "U": {"f1": 380, "f2": 1000, "windows": 12, "learned": true},
             "SS": {"hiss": 0.72, "windows": 14, "learned": true}}}
JSON
  dict_option=(-dict="$root/tests/fuzz/json.dict")
elif [[ $target == *TakeFuzzer ]]; then
  build_targets "$target" TakeSeedWriter
  case "$target" in
    LiveLinkFaceTakeFuzzer) kind=llf ;;
    RhubarbTakeFuzzer) kind=rhubarb ;;
    *) kind=a2f ;;
  esac
  "$build/TakeSeedWriter" "$kind" "$seeds"
  dict_option=(-dict="$root/tests/fuzz/take.dict")
elif [[ $target == Ktx2Fuzzer ]]; then
  build_targets "$target"
  # The fixtures within -max_len (not the 70 KB benchmark input).
  find "$root/tests/fixtures/ktx2" -maxdepth 1 -name '*.ktx2' -size -$((max_len / 1024))k -exec cp {} "$seeds/" \;
  dict_option=(-dict="$root/tests/fuzz/ktx2.dict")
  if [[ -d $root/tests/fuzz/regressions-ktx2 ]]; then inputs+=("$root/tests/fuzz/regressions-ktx2"); fi
else
  build_targets "$target" FuzzSeedWriter
  "$build/FuzzSeedWriter" "$seeds" "$root/tests/fixtures/ktx2"
  if [[ -d "$corpus" ]]; then
    # Seeds past -max_len would be cut short (and only test truncation).
    while IFS= read -r -d '' file; do
      cp "$file" "$seeds/corpus-$(basename "$file")"
    done < <(find "$corpus" \( -name '*.glb' -o -name '*.gltf' \) -size -$((max_len / 1024 + 1))k -print0)
  else
    echo "tests/fuzz/run.sh: no corpus at $corpus; seeding with the fixtures only" >&2
  fi
  dict_option=(-dict="$root/tests/fuzz/gltf.dict")
  inputs+=("$root/tests/fuzz/regressions")
fi

# detect_leaks: a leak on any input fails the run like a crash.
cd "$build"
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS} \
  "$build/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="$timeout" -max_len="$max_len" \
    "${dict_option[@]}" -artifact_prefix="$build/artifacts/$target-" -print_final_stats=1 "${inputs[@]}"

#!/bin/bash
# Packs a built morphview with every shared library it loads (glibc and the loader included,
# plus glvnd's libEGL) into one folder, so the benchmark runs on a GPU machine whose distribution
# differs from the build's: copy the folder there and run `bash FOLDER/run.sh` with OUT set to
# where the JSON should go. The GPU's own EGL driver comes from that machine (glvnd finds it
# through its vendor file). Usage: tests/bench/gpu/pack.sh build/morphview FOLDER
set -euo pipefail
binary=$1
folder=$2
mkdir -p "$folder/lib"
cp "$binary" "$folder/morphview"
for lib in $(ldd "$binary" | awk '/=>/ {print $3} /ld-linux/ {print $1}'); do
    cp -L "$lib" "$folder/lib/"
done
for lib in libEGL.so.1 libGLdispatch.so.0; do  # dlopened by glad, so not in ldd's list
    cp -L "$(ldconfig -p | awk -v l=$lib '$1 == l {print $NF; exit}')" "$folder/lib/"
done
cp "$(dirname "$0")/run.sh" "$folder/run.sh"
echo "$folder: $(du -sh "$folder" | cut -f1)"

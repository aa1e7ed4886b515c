#!/usr/bin/env bash
# Installs every Debian package morphview needs (as root). Quiet and quick when all are present.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config python3 clang
  libglfw3-dev libglm-dev libimgui-dev libstb-dev libpng-dev libjpeg-dev libwebp-dev libespeak-ng-dev espeak-ng-data libsamplerate0-dev libpocketsphinx-dev pocketsphinx-en-us libzstd-dev nlohmann-json3-dev liblo-dev libsdl2-dev ffmpeg
  python3-glad libegl-dev libgl-dev libgl1-mesa-dri libegl-mesa0 libgles-dev
  libgtest-dev libgmock-dev libbenchmark-dev libmeshoptimizer-dev libdraco-dev libcli11-dev
  xvfb xauth ccache clang-format
  chromium  # regress's report page, tested headless (tests/app/RegressPageTest.cpp)
  # the Debian package (cpack -G DEB) and its checks (tests/package/check.sh)
  dpkg-dev lintian desktop-file-utils shared-mime-info
  universal-ctags  # the function lengths tests/structure/check.py measures
  gltfpack  # a compressor diff is checked against (tests/app/DiffCliTest.cpp)
  slurmctld slurmd slurm-client munge  # regress on a real Slurm cluster (tests/fixtures/slurm/)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: missing packages (${missing[*]}); run this script as root" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

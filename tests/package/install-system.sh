#!/usr/bin/env bash
# BY HAND ONLY, as root, on a machine you may change: CI never runs this (check.sh is CI's
# package check). It installs the Debian package system-wide with apt, runs the installed
# morphview from /, then purges it and checks that nothing it installed is left:
#   1. cpack -G DEB from BUILD_DIR (default: build/), into a temporary folder
#   2. apt install ./morphview_<version>_amd64.deb
#   3. from /: morphview --version, morphview capture --out FILE.png (the bundled face), the
#      thumbnailer's command line on the bundled character, and the
#      desktop and MIME databases know morphview (when their tools are installed)
#   4. apt purge morphview: every path dpkg listed for the package is gone, and the file lists of
#      /usr, /etc and /opt are as they were before the install
# Refuses to run when morphview is already installed. Usage: tests/package/install-system.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
[[ $(id -u) -eq 0 ]] || { echo "install-system.sh: run as root" >&2; exit 1; }
if dpkg-query -W -f='${Status}' morphview 2>/dev/null | grep -q "install ok installed"; then
  echo "install-system.sh: morphview is installed already; purge it first" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "install-system.sh: $*" >&2
  exit 1
}
# The file lists the package must leave as it found them (caches that triggers rewrite in place
# keep their names).
snapshot() { find /usr /etc /opt -xdev 2>/dev/null | sort; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >/dev/null 2>&1 || fail "cpack failed"
deb=$(echo "$work"/morphview_*_amd64.deb)
[[ -f $deb ]] || fail "no package"
mkdir "$work/pkg"
mv "$deb" "$work/pkg/"
echo "== $(basename "$deb")"
snapshot >"$work/before.txt"

export DEBIAN_FRONTEND=noninteractive
(cd "$work/pkg" && apt-get install -y -q "./$(basename "$deb")") | tail -n 3
dpkg -L morphview | sort >"$work/installed.txt"
echo "== installed: $(dpkg-query -W -f='${Package} ${Version} ${Installed-Size} kB' morphview)"

echo "== from /, as a user runs it"
cd /
command -v morphview
morphview --version
out=$work/face.png
MORPHVIEW_CACHE_DIR=off morphview capture --out "$out" --size 128x128
file "$out"
# As a file manager would: the installed thumbnailer's Exec line, %i %o %s filled in.
exec_line=$(sed -n 's/^Exec=//p' /usr/share/thumbnailers/morphview.thumbnailer)
thumb=$work/thumb.png
command=${exec_line//%i//usr/share/morphview/character.glb}
command=${command//%o/$thumb}
command=${command//%s/128}
MORPHVIEW_CACHE_DIR=off $command
file "$thumb"
man -w morphview
if command -v xdg-mime >/dev/null; then
  echo "xdg-mime query default model/gltf-binary: $(xdg-mime query default model/gltf-binary)"
fi
if [[ -f /usr/share/mime/model/vnd.vrm.xml ]]; then
  echo "shared-mime-info: model/vnd.vrm is known ($(grep -c . /usr/share/mime/globs2) globs)"
fi
grep -l morphview /usr/share/applications/mimeinfo.cache 2>/dev/null || true
bash -c 'source /usr/share/bash-completion/completions/morphview && COMP_WORDS=(morphview cap) COMP_CWORD=1 && _morphview && echo "completion of \"morphview cap\": ${COMPREPLY[*]}"'

echo "== purge"
cd "$work"
apt-get purge -y -q morphview | tail -n 2
left=0
while read -r path; do
  [[ $path == / || -d $path ]] && continue  # directories shared with other packages
  if [[ -e $path || -L $path ]]; then echo "left behind: $path"; left=1; fi
done <"$work/installed.txt"
snapshot >"$work/after.txt"
if ! diff "$work/before.txt" "$work/after.txt"; then
  echo "the file lists of /usr, /etc and /opt differ after the purge (< before, > after)"
  left=1
fi
dpkg-query -W morphview 2>/dev/null && { echo "dpkg still knows morphview"; left=1; }
((left == 0)) || fail "the purge left files behind"
echo "install-system.sh: installed, ran from /, purged; nothing left behind"

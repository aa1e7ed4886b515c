#!/usr/bin/env bash
# The Debian package, checked without root and without installing anything system-wide (CTest
# runs this in the Release tree: the PackageCheck test, label `package`):
#   1. `cpack -G DEB` from BUILD_DIR into a temporary folder: morphview_<version>_amd64.deb
#   2. its files (exactly the list below), and a Depends line computed by dpkg-shlibdeps
#   3. the desktop entry (desktop-file-validate), the MIME package (update-mime-database into a
#      temporary folder), lintian (no error; warnings are printed)
#   4. the package's tree, unpacked, runs from / and finds its data beside itself
#   5. `cmake --install BUILD_DIR --prefix P` installs the same files
# Usage: tests/package/check.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: tests/package/check.sh BUILD_DIR}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "tests/package/check.sh: $*" >&2
  exit 1
}
# Headless commands keep no prefiltered environment between runs here.
export MORPHVIEW_CACHE_DIR=off

# 1. The package.
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack failed"; }
shopt -s nullglob
debs=("$work"/morphview_*_amd64.deb)
((${#debs[@]} == 1)) || fail "cpack made no morphview_<version>_amd64.deb"
deb=${debs[0]}
version=$(dpkg-deb -f "$deb" Version)
[[ $(basename "$deb") == "morphview_${version}_amd64.deb" ]] || fail "$(basename "$deb"): not morphview_${version}_amd64.deb"
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"

# 2. Exactly these files (directories aside), and the Depends line.
expected=(
  usr/bin/morphview
  usr/share/applications/morphview.desktop
  usr/share/bash-completion/completions/morphview
  usr/share/doc/morphview/changelog.gz
  usr/share/doc/morphview/copyright
  usr/share/icons/hicolor/scalable/apps/morphview.svg
  usr/share/man/man1/morphview.1.gz
  usr/share/mime/packages/morphview.xml
  usr/share/morphview/character.glb
  usr/share/morphview/face.glb
  usr/share/thumbnailers/morphview.thumbnailer
)
files=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./||' | sort)
diff <(printf '%s\n' "${expected[@]}") <(echo "$files") || fail "the package's files differ from the list (< expected, > packaged)"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
# dpkg-shlibdeps ran: the libraries the binary links come with their minimum versions.
for package in libc6 libstdc++6 libglfw3 libwebp7 libzstd1 libsdl2-2.0-0 libpocketsphinx3 libsamplerate0; do
  [[ ", $depends" == *", $package (>= "* ]] || fail "Depends lacks '$package (>= ...)'"
done
# And the loaders glad opens with dlopen, which dpkg-shlibdeps cannot see.
for package in libegl1 libgl1; do
  [[ ", $depends," == *", $package,"* ]] || fail "Depends lacks $package"
done
# The speech recognizer's model is data no library links: recommended by name.
[[ $(dpkg-deb -f "$deb" Recommends) == pocketsphinx-en-us ]] || fail "Recommends is not pocketsphinx-en-us"
[[ $(dpkg-deb -f "$deb" Section) == graphics ]] || fail "Section is not graphics"

# 3. Desktop entry, MIME types, lintian.
tree=$work/tree
dpkg-deb -x "$deb" "$tree"
desktop=$tree/usr/share/applications/morphview.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate: $desktop"
grep -qx 'MimeType=model/gltf+json;model/gltf-binary;model/vnd.vrm;' "$desktop" || fail "the desktop entry's MimeType"
mkdir -p "$work/mime/packages"
cp "$tree/usr/share/mime/packages/morphview.xml" "$work/mime/packages/"
XDG_DATA_HOME=$work update-mime-database "$work/mime" >"$work/mime.log" 2>&1
if [[ -s $work/mime.log ]]; then cat "$work/mime.log"; fail "update-mime-database complained"; fi
for glob in 'model/gltf+json:*.gltf' 'model/gltf-binary:*.glb' 'model/vnd.vrm:*.vrm'; do
  grep -qF ":$glob" "$work/mime/globs2" || fail "no glob $glob in the MIME database"
done
grep -qx 'model/vnd.vrm model/gltf-binary' "$work/mime/subclasses" || fail "model/vnd.vrm is not a sub-class of model/gltf-binary"
thumbnailer=$tree/usr/share/thumbnailers/morphview.thumbnailer
grep -qx 'Exec=morphview thumbnail %i %o --size %s' "$thumbnailer" || fail "the thumbnailer's Exec line"
grep -qx 'MimeType=model/gltf+json;model/gltf-binary;model/vnd.vrm;' "$thumbnailer" || fail "the thumbnailer's MimeType"
lintian --display-info --pedantic "$deb" >"$work/lintian.txt" 2>&1 || true
sed '/^running with root privileges/d' "$work/lintian.txt"
count() { grep -c "^$1:" "$work/lintian.txt" || true; }
echo "lintian: $(count E) errors, $(count W) warnings, $(count I) notes, $(count P) pedantic"
(($(count E) == 0)) || fail "lintian reports errors"

# 4. The unpacked tree runs from / with its own data (PREFIX/share/morphview).
(cd / && "$tree/usr/bin/morphview" --version) || fail "morphview --version"
(cd / && "$tree/usr/bin/morphview" capture --out "$work/face.png" --size 64x64 >/dev/null) ||
  fail "capture of the bundled face from the package's tree"
[[ $(head -c 8 "$work/face.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "capture wrote no PNG"
# As a file manager runs it: the thumbnailer's command line, %i %o %s filled in.
(cd / && "$tree/usr/bin/morphview" thumbnail "$tree/usr/share/morphview/character.glb" "$work/thumb.png" --size 128 --timeout 600) ||
  fail "thumbnail of the bundled character from the package's tree"
[[ $(head -c 8 "$work/thumb.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "thumbnail wrote no PNG"

# 5. cmake --install puts the same files under any prefix.
cmake --install "$build" --prefix "$work/prefix" >/dev/null
installed=$(cd "$work/prefix" && find . -type f -o -type l | sed 's|^\./|usr/|' | sort)
diff <(echo "$files") <(echo "$installed") || fail "cmake --install and the package differ (< package, > installed)"
echo "tests/package/check.sh: ok"

#!/usr/bin/env bash
# The Debian package, built and checked without containers:
#   bash .ci/package.sh
# configures a portable Release build (-DHEADMAP_PORTABLE=ON, no tests) in build-package/,
# makes the .deb with cpack, checks its Depends and file list (programs, rendering module,
# desktop file, icons, metainfo, MIME type, man pages), validates the desktop metadata, unpacks
# it into a scratch root with dpkg -x and runs headmap-cli from there: info (no GUI library
# loaded) and render (the installed module found beside bin/ in lib/headmap/). A portable build
# also installs the engine once per x86-64 level for glibc-hwcaps; .ci/engine_variants.sh checks
# each is compiled for its level and that the loader picks the best one the processor runs.
# Needs dpkg-dev (dpkg-shlibdeps), and uses appstreamcli / desktop-file-validate when present.
# HEADMAP_PACKAGE_MAINTAINER="Name <address>" sets the .deb's Maintainer field; a package for
# others to install needs one (Debian policy 5.6.2: a name and an e-mail address). Without it the
# field is CMake's CPACK_PACKAGE_CONTACT, which names no address, and package.sh says so.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/.ci/maintainer_field.sh"
# A malformed maintainer is refused before anything is built.
if [ -n "${HEADMAP_PACKAGE_MAINTAINER:-}" ] && ! is_maintainer_field "$HEADMAP_PACKAGE_MAINTAINER"; then
  echo "package.sh: HEADMAP_PACKAGE_MAINTAINER '$HEADMAP_PACKAGE_MAINTAINER' is not 'Name <address>'" >&2
  exit 1
fi
build=${HEADMAP_PACKAGE_BUILD_DIR:-$root/build-package}
jobs=$(nproc)

command -v dpkg-shlibdeps >/dev/null || { echo "package.sh: needs dpkg-dev (dpkg-shlibdeps)" >&2; exit 1; }

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHEADMAP_PORTABLE=ON \
    -DHEADMAP_BUILD_TESTS=OFF "${launcher[@]}"
fi
cmake --build "$build" --parallel "$jobs"

# No -march=native anywhere in a packaged build. HEADMAP_PACKAGE_CHECK_ONLY=1 (CI) checks the
# package's rules and contents on an existing native build instead; that .deb is not for use
# elsewhere.
cpack_options=()
if [ -n "${HEADMAP_PACKAGE_MAINTAINER:-}" ]; then
  # cpack -D overrides what the build's CPackConfig.cmake says, without reconfiguring.
  cpack_options+=(-D "CPACK_DEBIAN_PACKAGE_MAINTAINER=$HEADMAP_PACKAGE_MAINTAINER")
fi
if [ "${HEADMAP_PACKAGE_CHECK_ONLY:-0}" = 1 ]; then
  echo "package.sh: checking the package of $build only (not portable, not for distribution)"
  cpack_options+=(-D CPACK_HEADMAP_PORTABLE_BUILD=ON)
elif grep -q -- '-march=native' "$build/build.ninja"; then
  echo "package.sh: $build compiles with -march=native; a package must be portable" >&2
  exit 1
fi

rm -f "$build"/headmap_*.deb
(cd "$build" && cpack -G DEB "${cpack_options[@]}" >/dev/null)
deb=$(ls "$build"/headmap_*.deb)
echo "built $deb ($(du -h "$deb" | cut -f1))"

fail() { echo "package.sh: $*" >&2; exit 1; }

maintainer=$(dpkg-deb -f "$deb" Maintainer)
echo "Maintainer: $maintainer"
if [ -n "${HEADMAP_PACKAGE_MAINTAINER:-}" ]; then
  [ "$maintainer" = "$HEADMAP_PACKAGE_MAINTAINER" ] \
    || fail "Maintainer is '$maintainer', expected HEADMAP_PACKAGE_MAINTAINER '$HEADMAP_PACKAGE_MAINTAINER'"
elif ! is_maintainer_field "$maintainer"; then
  echo "package.sh: note: Maintainer '$maintainer' has no e-mail address; fine for this machine," \
       "but set HEADMAP_PACKAGE_MAINTAINER=\"Name <address>\" for a package others install" >&2
fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in libqt6core6 libqt6widgets6 libqt6network6 libqt6svg6 libqcustomplot2.1-qt6 qt6-qpa-plugins libc6; do
  grep -Eq "(^|, )$package( |,|$)" <<<"$depends" || fail "Depends lacks $package"
done
recommends=$(dpkg-deb -f "$deb" Recommends)
echo "Recommends: $recommends"
for package in fonts-noto-cjk qt6-translations-l10n; do
  grep -Eq "(^|, )$package( |,|$)" <<<"$recommends" || fail "Recommends lacks $package"
done

# The desktop id the build was configured with (-DHEADMAP_APP_ID, resources/CMakeLists.txt).
app_id=$(sed -n 's/^HEADMAP_APP_ID:STRING=//p' "$build/CMakeCache.txt")
[ -n "$app_id" ] || fail "$build/CMakeCache.txt names no HEADMAP_APP_ID"
echo "desktop id: $app_id"

files=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
expected=(
  /usr/bin/headmap
  /usr/bin/headmap-cli
  /usr/lib/headmap/libheadmap-render.so
  /usr/share/applications/$app_id.desktop
  /usr/share/metainfo/$app_id.metainfo.xml
  /usr/share/mime/packages/headmap.xml
  /usr/share/icons/hicolor/scalable/apps/headmap.svg
  /usr/share/man/man1/headmap.1
  /usr/share/man/man1/headmap-cli.1
  /usr/share/headmap/models/numbers/config.json
  /usr/share/headmap/models/numbers/model.safetensors
  /usr/share/headmap/models/numbers/tokenizer.json
)
for file in config.json model.safetensors tokenizer.json tokenizer_config.json; do
  expected+=("/usr/share/headmap/models/induction/$file")
done
for size in 16 22 24 32 48 64 128 256 512; do
  expected+=("/usr/share/icons/hicolor/${size}x${size}/apps/headmap.png")
done
# A native check-only build links its engine statically; a portable one ships it as variants.
if [ "${HEADMAP_PACKAGE_CHECK_ONLY:-0}" != 1 ]; then
  expected+=(/usr/lib/headmap/libheadmap-engine.so)
  for level in x86-64-v3 x86-64-v4; do
    expected+=("/usr/lib/headmap/glibc-hwcaps/$level/libheadmap-engine.so")
  done
fi
for file in "${expected[@]}"; do
  grep -qx -- "$file" <<<"$files" || fail "the package lacks $file"
done
echo "all ${#expected[@]} expected files are in the package"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$deb" "$scratch"
share=$scratch/usr/share

if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --explain "$share/metainfo/$app_id.metainfo.xml"
fi
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$share/applications/$app_id.desktop"
fi
if command -v xmllint >/dev/null; then
  xmllint --noout "$share/mime/packages/headmap.xml"
fi
# Each man page formats without warnings.
if command -v groff >/dev/null; then
  for page in "$share"/man/man1/*.1; do
    warnings=$(groff -k -man -Tutf8 -ww -z "$page" 2>&1 || true)
    [ -z "$warnings" ] || fail "$page: $warnings"
  done
fi
# The man pages are English whatever the locale of the machine that built them.
for page in "$share"/man/man1/*.1; do
  grep -q '^Usage' "$page" || fail "$page has no English 'Usage' section (built in another language?)"
done
# The menu entry, the store's summary and the file type speak Danish and Chinese too.
for key in 'Comment[da]' 'Comment[zh_CN]'; do
  grep -qF "$key=" "$share/applications/$app_id.desktop" || fail "the .desktop file lacks $key"
done
for lang in da zh_CN; do
  grep -q "<summary xml:lang=\"$lang\">" "$share/metainfo/$app_id.metainfo.xml" \
    || fail "the metainfo lacks a summary in $lang"
  grep -q "<comment xml:lang=\"$lang\">" "$share/mime/packages/headmap.xml" || fail "the MIME type lacks a comment in $lang"
done
for size in 16 512; do
  file "$share/icons/hicolor/${size}x${size}/apps/headmap.png" | grep -q "${size} x ${size}" \
    || fail "the ${size}x${size} icon is not ${size} pixels square"
done

# The installed programs, from the scratch root; libraries come from the system.
export QT_QPA_PLATFORM=offscreen
unset HEADMAP_RENDER_MODULE
cli=$scratch/usr/bin/headmap-cli
info=$("$cli" info --model builtin:teaching)
grep -q "teaching" <<<"$info" || fail "headmap-cli info printed: $info"
echo "headmap-cli info --model builtin:teaching from the scratch root: ok"
"$cli" render --model builtin:teaching --text "the cat sat" --layer 0 --head 0 --output "$scratch/head.png" >/dev/null
file "$scratch/head.png" | grep -q "PNG image" || fail "render from the scratch root wrote no PNG"
echo "headmap-cli render with the installed module: ok"
numbers=$("$cli" translate --model builtin:numbers --text "syvoghalvfems")
[ "$numbers" = 97 ] || fail "headmap-cli translate --model builtin:numbers printed '$numbers', expected 97"
echo "headmap-cli translate --model builtin:numbers with the installed folder: ok"
"$scratch/usr/bin/headmap" --version | grep -q "Headmap" || fail "headmap --version failed"

if [ "${HEADMAP_PACKAGE_CHECK_ONLY:-0}" = 1 ]; then
  echo "package.sh: check-only (native build, static engine): the engine's x86-64 variants are not checked"
else
  bash "$root/.ci/engine_variants.sh" "$scratch"
fi
echo "package.sh: ok"

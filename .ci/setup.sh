#!/usr/bin/env bash
# Headmap's two set-up commands (README, "Get started"), for Debian 12 as root:
#   bash .ci/setup.sh gui [headmap options]   install what is missing, build, launch the GUI
#   bash .ci/setup.sh test                    install what is missing, build, run every test
# A second run installs nothing and rebuilds only what changed.
set -euo pipefail

mode=${1:-}
case "$mode" in
  gui|test) shift ;;
  *) echo "usage: bash .ci/setup.sh gui|test" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HEADMAP_BUILD_DIR:-$root/build}

packages=(
  cmake ninja-build g++
  ccache  # CI's later builds (.ci/nogui.sh) reuse this build's objects
  python3  # tests/download/fake_hub.py, the local imitation of the Hub for the download tests
  # libqt6svg6-dev is only a name that qt6-svg-dev provides; dpkg knows the real one.
  qt6-base-dev qt6-svg-dev qt6-qpa-plugins libeigen3-dev libqcustomplot-dev
  libopenblas-dev  # the dense layers' matrix products (HEADMAP_BLAS, README "Speed")
  libdnnl-dev  # oneDNN: the dense layers' products of more than 32 tokens (HEADMAP_ONEDNN, README "Speed")
  libsentencepiece-dev pkg-config  # SentencePiece .model files (Marian's source.spm/target.spm), found by pkg-config
  qt6-tools-dev qt6-l10n-tools  # lupdate/lrelease: the Danish and Chinese interface (.ts → .qm)
  qt6-translations-l10n  # Qt's own Danish and Chinese texts (standard buttons, file dialogs)
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji  # labels in any script, CJK and emoji
  dpkg-dev  # .ci/package.sh: cpack's dpkg-shlibdeps works out the .deb's Depends
  appstream desktop-file-utils  # .ci/package.sh validates the metainfo and the .desktop file
  file  # .ci/package.sh checks the icons' sizes
  poppler-utils librsvg2-bin  # tst_figurerasters: pdftoppm and rsvg-convert draw the PDF and SVG exports
)

source "$root/.ci/install_missing.sh"
install_missing "Headmap"

# Paths relative to the source folder in the compiler cache's keys, so another build folder of
# the same sources (.ci/nogui.sh's) finds this one's objects.
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
cmake --build "$build" --parallel "$(nproc)"

if [ "$mode" = gui ]; then
  exec "$build/app/headmap" "$@"
fi
cd "$build"
export QT_QPA_PLATFORM=offscreen
ctest --output-on-failure --parallel "$(nproc)"

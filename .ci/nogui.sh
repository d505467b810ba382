#!/usr/bin/env bash
# A build without the Qt Widgets front end, as on a server:
#   bash .ci/nogui.sh
# configures build-nogui/ with -DHEADMAP_BUILD_GUI=OFF (no ui/, no headmap, no rendering
# module), builds it and runs its tests: the engine and every CLI command but render and
# export-all, which say that this build cannot draw.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HEADMAP_NOGUI_BUILD_DIR:-$root/build-nogui}
jobs=$(nproc)

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# As .ci/setup.sh: the engine, CLI and test objects are the test build's, from the cache.
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHEADMAP_BUILD_GUI=OFF "${launcher[@]}"
fi
cmake --build "$build" --parallel "$jobs"
cd "$build"
QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$jobs"

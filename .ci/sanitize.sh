#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (-DHEADMAP_SANITIZE=ON),
# in its own build folder (build-sanitize, or $HEADMAP_SANITIZE_BUILD_DIR) beside the normal one.
# Any finding fails the test that triggers it: UB aborts, ASan and LeakSanitizer exit non-zero,
# also in the headmap-cli processes the tests start. Library noise is suppressed in
# tests/sanitizers/*.supp. Needs what `bash .ci/setup.sh test` installs; uses ccache when present.
#   bash .ci/sanitize.sh [ctest arguments, e.g. -R tst_cli]
# HEADMAP_SANITIZE_GUI=OFF leaves out the widgets (and their tests): about half the compile time.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HEADMAP_SANITIZE_BUILD_DIR:-$root/build-sanitize}

if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHEADMAP_SANITIZE=ON \
    -DHEADMAP_BUILD_GUI="${HEADMAP_SANITIZE_GUI:-ON}" "${launcher[@]}"
fi

start=$(date +%s)
cmake --build "$build" --parallel "$(nproc)"
built=$(date +%s)
echo "sanitize: build took $((built - start)) s"

cd "$build"
export QT_QPA_PLATFORM=offscreen
status=0
ctest --output-on-failure --parallel "$(nproc)" "$@" || status=$?
echo "sanitize: ctest took $(($(date +%s) - built)) s"
exit "$status"

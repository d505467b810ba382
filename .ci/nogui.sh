#!/usr/bin/env bash
# A build without the Qt Widgets front end, as on a server, for another processor than the test
# build's:
#   bash .ci/nogui.sh
# configures build-nogui/ with -DHEADMAP_BUILD_GUI=OFF (no ui/, no headmap, no rendering
# module) and -DHEADMAP_NATIVE=OFF (everything compiled for baseline x86-64, SSE2: no AVX), builds
# it and runs its tests: the engine and every CLI command but render and export-all, which say
# that this build cannot draw. The tests run with OpenBLAS told to use another processor's
# kernels than this one's (OPENBLAS_CORETYPE), so that each CI run checks the numbers, and the
# tolerances derived for them (tests/engine/FloatRounding.h, issue #36), with two vector widths
# and two kernel sets: the test build's (-march=native, this processor's kernels) and this one's.
# HEADMAP_NOGUI_NATIVE=ON builds for this processor instead (then nothing here differs from the
# test build but the GUI); HEADMAP_NOGUI_OPENBLAS_CORETYPE names the kernels (default below).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HEADMAP_NOGUI_BUILD_DIR:-$root/build-nogui}
native=${HEADMAP_NOGUI_NATIVE:-OFF}
jobs=$(nproc)

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# As .ci/setup.sh: paths relative to the source folder in the cache's keys, so another checkout
# finds these objects (a native nogui build would also find the test build's).
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHEADMAP_BUILD_GUI=OFF \
    -DHEADMAP_NATIVE="$native" "${launcher[@]}"
elif ! grep -qx "HEADMAP_NATIVE:BOOL=$native" "$build/CMakeCache.txt"; then
  # A build-nogui/ from before it was portable (or asked for the other way): switch it.
  cmake "$build" -DHEADMAP_NATIVE="$native"
fi
cmake --build "$build" --parallel "$jobs"
cd "$build"

# The instruction set, as the code says it: AVX instructions use ymm registers, AVX-512 zmm.
cli=$build/app/headmap-cli
code=$(objdump -d --no-show-raw-insn "$cli")
ymm=$(grep -c '%ymm' <<<"$code" || true)
zmm=$(grep -c '%zmm' <<<"$code" || true)
echo "nogui.sh: headmap-cli (engine linked in) has $ymm ymm and $zmm zmm instructions"
if [ "$native" = OFF ] && [ "$(uname -m)" = x86_64 ] && [ $((ymm + zmm)) -ne 0 ]; then
  echo "nogui.sh: a -DHEADMAP_NATIVE=OFF build should be baseline x86-64 (SSE2) only" >&2
  exit 1
fi

# OpenBLAS's kernels: another set than this processor's own, one it can run. Haswell's (AVX2,
# FMA; every AMD Zen uses them) where the processor has AVX2 and does not use them already,
# else Sandybridge's (AVX), else Core2's (SSSE3).
own=$(OPENBLAS_VERBOSE=2 "$build/tests/tst_linear" backendIsNamed 2>&1 | sed -n 's/^Core: //p' | head -1)
flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
coretype=${HEADMAP_NOGUI_OPENBLAS_CORETYPE:-}
if [ -z "$coretype" ]; then
  if grep -qw avx2 <<<"$flags" && grep -qw fma <<<"$flags" && [ "$own" != Haswell ] && [ "$own" != Zen ]; then
    coretype=Haswell
  elif grep -qw avx <<<"$flags" && [ "$own" != Sandybridge ]; then
    coretype=Sandybridge
  else
    coretype=Core2
  fi
fi
export OPENBLAS_CORETYPE=$coretype
used=$(OPENBLAS_VERBOSE=2 "$build/tests/tst_linear" backendIsNamed 2>&1 | sed -n 's/^Core: //p' | head -1)
echo "nogui.sh: OpenBLAS kernels: this processor's own are ${own:-unknown}; the tests use ${used:-unknown} (OPENBLAS_CORETYPE=$coretype)"
if [ -n "$used" ] && [ "$used" != "$coretype" ]; then
  echo "nogui.sh: OpenBLAS did not take OPENBLAS_CORETYPE=$coretype" >&2
  exit 1
fi

export QT_QPA_PLATFORM=offscreen
# The prefix-reuse bounds' worst shares with these kernels and this build (tst_prefixreuse
# prints them; ctest keeps the output of passing tests to itself).
"$build/tests/tst_prefixreuse" 2>&1 | sed -n 's/^QINFO *: PrefixReuseTest::cleanupTestCase() /nogui.sh: tst_prefixreuse: /p'
ctest --output-on-failure --parallel "$jobs"

#!/usr/bin/env bash
# CI: one clang build with AddressSanitizer + UndefinedBehaviorSanitizer that serves twice:
#   1. the whole test suite (GUI included) under the sanitizers (-DHEADMAP_SANITIZE=ON);
#   2. the libFuzzer harnesses of tests/fuzz (-DHEADMAP_FUZZ=ON), fuzzed for a short time each.
# Any finding fails: UB aborts, ASan and LeakSanitizer exit non-zero, also in the headmap-cli and
# headmap processes the tests start; a harness that crashes keeps its input (run_fuzzers.sh).
# Library noise is suppressed in tests/sanitizers/*.supp, each entry saying what it is.
#   bash .ci/sanitize.sh [ctest arguments, e.g. -R tst_cli]
# Environment: HEADMAP_SANITIZE_BUILD_DIR (default build-sanitize), HEADMAP_FUZZ_SECONDS
# (seconds per harness after the tests, default 10; 0 fuzzes nothing), HEADMAP_SANITIZE_GUI=OFF
# (leaves out the widgets and their tests: about half the compile time).
# Run as root on Debian 12 it installs what it needs; uses ccache when present.
# .ci/fuzz.sh stays the stand-alone fuzz build (no tests, no GUI) for long runs.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HEADMAP_SANITIZE_BUILD_DIR:-$root/build-sanitize}
fuzz_seconds=${HEADMAP_FUZZ_SECONDS:-10}

packages=(
  clang               # libFuzzer and the sanitizers are clang's (Debian 12: clang-14)
  libclang-rt-14-dev  # clang's runtime libraries: libclang_rt.fuzzer, asan, ubsan (only recommended by clang)
  llvm                # llvm-symbolizer: sanitizer reports with file and line
  libomp-14-dev       # clang's OpenMP runtime (the engine's kernels use OpenMP)
  # The test suite's, as .ci/setup.sh installs them:
  cmake ninja-build python3
  qt6-base-dev qt6-svg-dev qt6-qpa-plugins libeigen3-dev libqcustomplot-dev
  libsentencepiece-dev pkg-config  # the engine reads SentencePiece .model files with it
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
  dpkg-dev appstream desktop-file-utils file
  poppler-utils librsvg2-bin  # tst_figurerasters
)
source "$root/.ci/install_missing.sh"
install_missing "The sanitizer build"

# As .ci/setup.sh: cache keys without the checkout's absolute path, so that another checkout
# (or a CI run in another folder) finds these sanitized objects in the compiler cache.
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
# Without oneDNN (HEADMAP_ONEDNN): its kernels are generated at run time, where the sanitizers
# cannot look, and it brings GNU OpenMP beside clang's; OpenBLAS multiplies every dense layer.
if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DHEADMAP_SANITIZE=ON -DHEADMAP_FUZZ=ON -DHEADMAP_BUILD_GUI="${HEADMAP_SANITIZE_GUI:-ON}" \
    -DHEADMAP_ONEDNN=OFF \
    "${launcher[@]}"
fi

start=$SECONDS
cmake --build "$build" --parallel "$(nproc)"
built=$SECONDS
echo "sanitize: build took $((built - start)) s"

status=0
(cd "$build" && QT_QPA_PLATFORM=offscreen ctest --output-on-failure --parallel "$(nproc)" "$@") || status=$?
tested=$SECONDS
echo "sanitize: ctest took $((tested - built)) s"

if [ "$fuzz_seconds" -gt 0 ]; then
  HEADMAP_FUZZ_BUILD_DIR=$build HEADMAP_FUZZ_JOBS=$(nproc) HEADMAP_FUZZ_NICE=0 \
    bash "$root/tests/fuzz/run_fuzzers.sh" "$fuzz_seconds" || status=1
  echo "sanitize: fuzzing took $((SECONDS - tested)) s"
fi
exit "$status"

#!/usr/bin/env bash
# The stand-alone fuzz build: only the libFuzzer harnesses of tests/fuzz, with clang
# (AddressSanitizer + UndefinedBehaviorSanitizer, engine instrumented for coverage), in their own
# build folder, no tests and no GUI; then runs each harness for the given time:
#   bash .ci/fuzz.sh [seconds-per-harness]    (default 12; hours for a long run)
# CI fuzzes from the sanitizer build instead (.ci/sanitize.sh builds the harnesses beside the
# sanitized test suite, one build for both). Needs what .ci/setup.sh installs (Qt, Eigen,
# QCustomPlot, cmake, ninja) plus clang; run as root it installs clang itself.
# tests/fuzz/run_fuzzers.sh runs the harnesses of an existing build.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HEADMAP_FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${1:-12}

packages=(
  clang               # libFuzzer and the sanitizers are clang's (Debian 12: clang-14)
  libclang-rt-14-dev  # clang's runtime libraries: libclang_rt.fuzzer, asan, ubsan (only recommended by clang)
  llvm                # llvm-symbolizer: sanitizer reports with file and line
  cmake ninja-build qt6-base-dev qt6-svg-dev libeigen3-dev libqcustomplot-dev  # as .ci/setup.sh
  libsentencepiece-dev pkg-config  # as .ci/setup.sh: the engine reads SentencePiece .model files with it
)
source "$root/.ci/install_missing.sh"
install_missing "The fuzz build"

if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++ -DHEADMAP_FUZZ=ON -DHEADMAP_BUILD_GUI=OFF -DHEADMAP_BUILD_TESTS=OFF \
    "${launcher[@]}"
fi
cmake --build "$build" --parallel "$(nproc)" --target headmap_fuzzers

HEADMAP_FUZZ_BUILD_DIR=$build HEADMAP_FUZZ_JOBS=$(nproc) HEADMAP_FUZZ_NICE=0 \
  exec bash "$root/tests/fuzz/run_fuzzers.sh" "$seconds"

#!/bin/sh
# Times Eigen's matrix product with its own kernels and through EIGEN_USE_BLAS with OpenBLAS and
# BLIS (Debian's libopenblas-dev, libblis-dev), with the flags the engine is built with
# (-O3 -march=native -fopenmp), for choosing the HEADMAP_BLAS default by measurement:
#   sh tests/bench/gemm_backends.sh [rounds]
# The backends take turns, one pass over the shapes each per round, so that load from other
# programs hits all of them alike; compare the best figure of each. A backend whose library is
# not installed is skipped.
set -eu
here=$(dirname "$0")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags="-std=c++17 -O3 -DNDEBUG -march=native -fopenmp -I/usr/include/eigen3"
rounds=${1:-3}
backends=""
build() {  # name, extra flags
    name=$1; shift
    if g++ $flags "$here/gemm_backends.cpp" -o "$out/$name" "$@" 2>/dev/null; then
        backends="$backends $name"
    fi
}
build eigen
build openblas -DEIGEN_USE_BLAS -lopenblas
build blis -DEIGEN_USE_BLAS -lblis
export BLIS_NUM_THREADS="${BLIS_NUM_THREADS:-$(nproc)}"  # all cores, as OpenMP and OpenBLAS default to
round=1
while [ "$round" -le "$rounds" ]; do
    for name in $backends; do
        echo "== round $round: $name (OMP_NUM_THREADS=${OMP_NUM_THREADS:-all}, OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-all}, BLIS_NUM_THREADS=$BLIS_NUM_THREADS)"
        "$out/$name" 1
    done
    round=$((round + 1))
done

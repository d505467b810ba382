#!/usr/bin/env bash
# Which engine code the fuzz corpora reach: builds the harnesses with clang's source coverage
# (replaying, no libFuzzer, no sanitizers), runs each over its corpus and past findings once, and
# prints llvm-cov's line coverage per engine file. Executions only count where the inputs get:
# on 2026-12-06 this showed that 10 M tokenizer.json inputs had never built a WordPiece model,
# a Metaspace pre-tokenizer or a template post-processor (tests/fuzz/README.md).
#
#   tests/fuzz/coverage_report.sh [CORPUS_ROOT]     # default: the seeds, tests/fuzz/corpus
#   tests/fuzz/coverage_report.sh build-fuzz/fuzz-work/corpus    # a long run's corpora
#   HEADMAP_COVERAGE_SHOW=engine/tokenizers/Normalizers.cpp tests/fuzz/coverage_report.sh
#                                                   # also that file's lines, with counts
# Needs clang and llvm (Debian: clang, llvm). The session harness needs the GUI build and is
# left out.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${HEADMAP_COVERAGE_BUILD_DIR:-$root/build-coverage}
corpora=$(realpath "${1:-$root/tests/fuzz/corpus}")
harnesses=(safetensors_file safetensors_index hf_config tokenizer_json vocab_txt vocab_merges
           tokenizer_config gguf_file gguf_tokenizer ggml_dequant
           sentencepiece_model memory_size)

mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_CXX_FLAGS="-O1 -fprofile-instr-generate -fcoverage-mapping" \
      -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" \
      -DHEADMAP_BUILD_GUI=OFF -DHEADMAP_BUILD_TESTS=ON -DHEADMAP_FUZZ=OFF > "$build/coverage-configure.log"
cmake --build "$build" --target "${harnesses[@]/#/fuzz_}" > "$build/coverage-build.log"

profiles=$build/coverage-profiles
rm -rf "$profiles"
mkdir -p "$profiles"
objects=()
for harness in "${harnesses[@]}"; do
    inputs=("$corpora/$harness")
    [[ -d $root/tests/fuzz/regressions/$harness ]] && inputs+=("$root/tests/fuzz/regressions/$harness")
    # A finding aborts the replay and leaves no profile: say so instead of reporting less coverage.
    if ! LLVM_PROFILE_FILE=$profiles/$harness.profraw QT_QPA_PLATFORM=offscreen \
            "$build/tests/fuzz/fuzz_$harness" "${inputs[@]}" > "$profiles/$harness.log" 2>&1; then
        echo "fuzz_$harness failed on its inputs, see $profiles/$harness.log" >&2
        exit 1
    fi
    echo "$harness: $(tail -n 1 "$profiles/$harness.log")"
    objects+=(-object "$build/tests/fuzz/fuzz_$harness")
done

llvm-profdata merge -sparse "$profiles"/*.profraw -o "$profiles/all.profdata"
# Source paths are as the compiler saw them, relative to the build; keep the engine's, and of
# those the ones some input reaches (the harnesses link the whole engine, models and all).
llvm-cov report "${objects[@]}" -instr-profile="$profiles/all.profdata" 2>/dev/null |
    awk 'NR == 1 { printf "%-48s %8s %8s %8s\n", "file", "lines", "missed", "cover" }
         $1 ~ /^engine\// && $10 + 0 > 0 { printf "%-48s %8s %8s %8s\n", $1, $8, $9, $10 }
         $1 ~ /^engine\// && $10 + 0 == 0 { unreached++ }
         END { printf "(%d engine files no input reaches)\n", unreached }'
if [[ -n ${HEADMAP_COVERAGE_SHOW:-} ]]; then
    llvm-cov show "${objects[@]}" -instr-profile="$profiles/all.profdata" "$root/$HEADMAP_COVERAGE_SHOW"
fi

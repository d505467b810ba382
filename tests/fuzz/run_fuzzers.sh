#!/usr/bin/env bash
# Runs every libFuzzer harness of an existing fuzz build (tests/fuzz/README.md); builds nothing.
#
#   tests/fuzz/run_fuzzers.sh [seconds-per-harness] [harness ...]
#
# Each harness first replays its committed seed corpus and regression inputs, then fuzzes for
# the given time (default 20 s) from a working copy of its corpus, with its dictionary. Prints
# the executions per harness (libFuzzer's stat::number_of_executed_units) and exits non-zero if
# any harness found something; the input that crashed is kept in the findings folder.
#
# Environment: HEADMAP_FUZZ_BUILD_DIR (default build-fuzz), HEADMAP_FUZZ_WORK_DIR (working
# corpora, logs and findings; default BUILD/fuzz-work), HEADMAP_FUZZ_JOBS (harnesses run at
# the same time, default 1), HEADMAP_FUZZ_NICE (niceness, default 19), HEADMAP_FUZZ_TIMEOUT
# (seconds one input may take, default 120: wall-clock time, and a niced harness on a busy
# machine waits long for the processor).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
seconds=${1:-20}
shift || true
build=${HEADMAP_FUZZ_BUILD_DIR:-$root/build-fuzz}
work=${HEADMAP_FUZZ_WORK_DIR:-$build/fuzz-work}
jobs=${HEADMAP_FUZZ_JOBS:-1}
niceness=${HEADMAP_FUZZ_NICE:-19}
fuzz=$root/tests/fuzz

if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: $0 [seconds-per-harness] [harness ...]" >&2
  exit 2
fi

declare -A dictionary=(
  [gguf_file]=gguf.dict [gguf_tokenizer]=gguf.dict [ggml_dequant]=
  [safetensors_file]=json.dict [safetensors_index]=json.dict [hf_config]=json.dict
  [tokenizer_json]=json.dict [vocab_txt]=json.dict [vocab_merges]=json.dict
  [tokenizer_config]=json.dict [session]=json.dict
  [sentencepiece_model]=sentencepiece.dict
  [precompiled_charsmap]= [memory_size]=
)

harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
  for binary in "$build"/tests/fuzz/fuzz_*; do
    [ -f "$binary" ] && [ -x "$binary" ] && harnesses+=("$(basename "$binary" | sed 's/^fuzz_//')")
  done
fi
if ((${#harnesses[@]} == 0)); then
  echo "no harnesses in $build/tests/fuzz: configure and build with -DHEADMAP_FUZZ=ON first (.ci/fuzz.sh)" >&2
  exit 2
fi

# Qt must not look for a display; leaks are not the parsers' promise (Qt keeps global caches).
# ASan keeps the stack of every allocation for good (its stack depot). Stacks through Qt's
# libraries, built without frame pointers, unwind into ever new traces, so the depot grew with
# every input: fuzz_gguf_file by 0.7 to 1.8 MB per thousand inputs with the default 30 frames (1.6 GB
# after 1.4 M inputs), still 0.45 MB with 5; the tokenizer harnesses passed 1 GB in 50 K inputs.
# At the 4 GB limit libFuzzer would call that a finding. One frame (the allocation's call site)
# and a quarantine of 64 MB (the frees of some 800 inputs) instead of 256 keep it flat near
# 200 MB; a finding is replayed with the defaults for the full stacks.
export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:malloc_context_size=1:quarantine_size_mb=64}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

run_one() {
  local name=$1
  local binary=$build/tests/fuzz/fuzz_$name
  local corpus=$work/corpus/$name findings=$work/findings/$name log=$work/logs/$name.log
  mkdir -p "$corpus" "$findings" "$work/logs"
  if [ ! -x "$binary" ]; then
    echo "$name: MISSING ($binary not built)" > "$work/logs/$name.result"
    return
  fi
  cp -n "$fuzz/corpus/$name"/* "$corpus"/ 2>/dev/null || true
  local replay=("$fuzz/corpus/$name")
  [ -d "$fuzz/regressions/$name" ] && replay+=("$fuzz/regressions/$name")
  # -max_len is left to libFuzzer: the largest seed, so inputs stay the size of real files.
  local options=(-max_total_time="$seconds" -print_final_stats=1 -timeout="${HEADMAP_FUZZ_TIMEOUT:-120}" -rss_limit_mb=4096
                 -artifact_prefix="$findings/")
  [ -n "${dictionary[$name]:-}" ] && options+=(-dict="$fuzz/dict/${dictionary[$name]}")
  if ! nice -n "$niceness" "$binary" -runs=0 "${replay[@]}" > "$log.replay" 2>&1; then
    echo "$name: FOUND (a committed corpus or regression input fails; see $log.replay)" > "$work/logs/$name.result"
    return
  fi
  nice -n "$niceness" "$binary" "${options[@]}" "$corpus" > "$log" 2>&1
  local status=$?
  local runs
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -ne 0 ]; then
    echo "$name: FOUND after ${runs:-?} executions (exit $status); input in $findings/, log $log" \
      > "$work/logs/$name.result"
  else
    echo "$name: ${runs:-?} executions in ${seconds} s, nothing found" > "$work/logs/$name.result"
  fi
}

rm -f "$work"/logs/*.result 2>/dev/null
running=0
for name in "${harnesses[@]}"; do
  run_one "$name" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

failed=0
for name in "${harnesses[@]}"; do
  result=$(cat "$work/logs/$name.result")
  echo "$result"
  case "$result" in *": FOUND"*|*": MISSING"*) failed=1 ;; esac
done
if [ "$failed" -ne 0 ]; then
  echo "fuzzing found something: turn each input into tests/fuzz/regressions/<harness>/ and fix the parser" >&2
fi
exit "$failed"

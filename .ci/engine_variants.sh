#!/usr/bin/env bash
# The portable package's engine variants, checked in an unpacked package (dpkg -x ROOT):
#   bash .ci/engine_variants.sh ROOT
# (.ci/package.sh calls it). A portable build installs the engine once per x86-64 level and lets
# glibc's dynamic loader pick one (glibc-hwcaps, ld.so(8); engine/EngineVariants.cmake):
#   usr/lib/headmap/libheadmap-engine.so                          x86-64 (SSE2)
#   usr/lib/headmap/glibc-hwcaps/x86-64-v3/libheadmap-engine.so   AVX2, FMA
#   usr/lib/headmap/glibc-hwcaps/x86-64-v4/libheadmap-engine.so   AVX-512
# Checks that each is compiled for its level (no AVX in the baseline, AVX2 but no AVX-512 in v3,
# AVX-512 in v4), that all carry the same soname, that the programs' RUNPATH reaches them, and
# that headmap-cli from ROOT loads the best level this processor supports, exactly one copy,
# also when the loader is told to ignore the higher levels (ld.so --glibc-hwcaps-mask).
set -euo pipefail

root=${1:?usage: engine_variants.sh ROOT (an unpacked headmap package)}
libdir=$root/usr/lib/headmap
cli=$root/usr/bin/headmap-cli
loader=/lib64/ld-linux-x86-64.so.2
fail() { echo "engine_variants.sh: $*" >&2; exit 1; }

[ "$(uname -m)" = x86_64 ] || { echo "engine_variants.sh: not x86-64, no variants to check"; exit 0; }

declare -A library=(
  [x86-64]=$libdir/libheadmap-engine.so
  [x86-64-v3]=$libdir/glibc-hwcaps/x86-64-v3/libheadmap-engine.so
  [x86-64-v4]=$libdir/glibc-hwcaps/x86-64-v4/libheadmap-engine.so
)
levels=(x86-64 x86-64-v3 x86-64-v4)

# Vector registers in each library's code: ymm needs AVX, zmm AVX-512 (objdump names them).
echo "level      ymm instr.  zmm instr.  soname"
for level in "${levels[@]}"; do
  file=${library[$level]}
  [ -f "$file" ] || fail "missing $file"
  code=$(objdump -d --no-show-raw-insn "$file")
  ymm=$(grep -c '%ymm' <<<"$code" || true)
  zmm=$(grep -c '%zmm' <<<"$code" || true)
  soname=$(readelf -d "$file" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  printf '%-10s %10s  %10s  %s\n' "$level" "$ymm" "$zmm" "$soname"
  [ "$soname" = libheadmap-engine.so ] || fail "$file has soname '$soname', expected libheadmap-engine.so"
  case $level in
    x86-64)    [ "$ymm" -eq 0 ] && [ "$zmm" -eq 0 ] || fail "the baseline engine uses AVX registers" ;;
    x86-64-v3) [ "$ymm" -gt 0 ] && [ "$zmm" -eq 0 ] || fail "the x86-64-v3 engine is not AVX2-only" ;;
    x86-64-v4) [ "$zmm" -gt 0 ] || fail "the x86-64-v4 engine has no AVX-512 instructions" ;;
  esac
done

# $ORIGIN-relative, so the package works wherever it is unpacked.
runpath() { readelf -d "$1" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p'; }
for program in headmap headmap-cli; do
  [ "$(runpath "$root/usr/bin/$program")" = '$ORIGIN/../lib/headmap' ] \
    || fail "$program's RUNPATH is '$(runpath "$root/usr/bin/$program")', expected \$ORIGIN/../lib/headmap"
done
[ "$(runpath "$libdir/libheadmap-render.so")" = '$ORIGIN' ] || fail "libheadmap-render.so's RUNPATH is not \$ORIGIN"
echo "RUNPATH: headmap, headmap-cli \$ORIGIN/../lib/headmap; libheadmap-render.so \$ORIGIN"

# Runs "$@" with LD_DEBUG=libs (the loader prints "calling init: FILE" once per library it
# initialises) and checks it loaded exactly the engine of level $1. LD_BIND_NOW resolves every
# symbol at load time, so a symbol the programs or the rendering module need that a variant
# lacks fails the run.
# Loader paths as paths below ROOT: $ORIGIN makes them ROOT/usr/bin/../lib/headmap/...
below_root() { sed -e 's|/[^/]*/\.\./|/|g' -e "s|^$root/||"; }
expect_engine() {
  local expected=$1; shift
  local log=$root/ld-debug.log loaded
  LD_BIND_NOW=1 LD_DEBUG=libs "$@" >/dev/null 2>"$log" || fail "$* failed: $(grep -v '^ *[0-9]*:' "$log" | tail -3)"
  loaded=$(sed -n 's|.*calling init: \(.*libheadmap-engine\.so\)$|\1|p' "$log" | below_root | sort -u)
  [ -n "$loaded" ] || fail "$* loaded no libheadmap-engine.so from $root"
  [ "$(wc -l <<<"$loaded")" -eq 1 ] || fail "$* loaded $(wc -l <<<"$loaded") engines: $loaded"
  [ "$loaded" = "${library[$expected]#"$root/"}" ] || fail "$* loaded $loaded, expected the $expected engine"
  echo "  $loaded"
}

# What this processor supports, as the loader sees it ("x86-64-v4 (supported, searched)").
supported=$("$loader" --help | sed -n 's/^ *\(x86-64-v[0-9]\) (supported.*/\1/p')
best=x86-64
for level in x86-64-v3 x86-64-v4; do
  grep -qx "$level" <<<"$supported" && best=$level
done
echo "this processor: $(tr '\n' ' ' <<<"$supported")-> expects the $best engine"

export QT_QPA_PLATFORM=offscreen
echo "LD_DEBUG=libs headmap-cli info --model builtin:teaching:"
expect_engine "$best" "$cli" info --model builtin:teaching
echo "  (the loader's search: $(sed -n 's|.*trying file=\(.*libheadmap-engine\.so\)$|\1|p' "$root/ld-debug.log" \
  | below_root | tr '\n' ' '))"
# The rendering module links the engine too; it must reuse the one already loaded.
echo "LD_DEBUG=libs headmap-cli render (loads the rendering module):"
expect_engine "$best" "$cli" render --model builtin:teaching --text "the cat sat" --layer 0 --head 0 \
  --output "$root/engine-variant-check.png"

# Each lower level the processor runs, forced by masking the ones above it. Masking to
# x86-64-v2 (no such variant) leaves the baseline.
for forced in x86-64-v3 x86-64-v2; do
  grep -qx "$forced" <<<"$supported" || continue
  expected=$forced
  [ "$forced" = x86-64-v2 ] && expected=x86-64
  # (Only info: started through ld.so, headmap-cli sees ld.so as its own file and so does not
  # find the rendering module beside it.)
  echo "$loader --glibc-hwcaps-mask $forced headmap-cli info:"
  expect_engine "$expected" "$loader" --glibc-hwcaps-mask "$forced" "$cli" info --model builtin:teaching
done
echo "engine_variants.sh: ok"

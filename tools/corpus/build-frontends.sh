#!/usr/bin/env bash
# build-frontends.sh -- code objects as non-clang LLVM frontends make them.
#
# Triton, Julia (AMDGPU.jl), flang, rustc and MLIR-based compilers all hand LLVM IR to
# the same AMDGPU backend, so their DWARF differs from clang's only in what the IR says:
# the producer string, the language, which variables get records. This script compiles
# real frontend IR (Triton's, from triton/build.py) and the corpus's hand-written
# src/chain.ll with llc-22, each under the producer string of one frontend, at -O0 and
# -O2, for wave64 and wave32 processors.
#
# Output: OUT_DIR/frontends/<producer>-<input>-<cpu>-O<n>.o  (producer "none" = "")
#         OUT_DIR/frontends/link-amdfork-triton-gfx90a.hsaco: a link of two units read
#         differently, rocm/ocl-gfx90a-O2.o (AMD's LLVM, heterogeneous) and Triton's
#         row_sum_loop (upstream), both code object v6
# Usage:  tools/corpus/build-frontends.sh [OUT_DIR]   (default: corpora/)
# Needs:  llc-22 (Debian's llvm-22), ld.lld-22.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}/frontends
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# input IR path for a name: chain = src/chain.ll, anything else = Triton's IR for the cpu.
ir_of() {
  case $1 in
    chain) echo "$HERE/src/chain.ll" ;;
    *) echo "$ROOT/corpora/triton/$1-$2.ll" ;;
  esac
}

# one PRODUCER INPUT CPU OPT
one() {
  local producer=$1 input=$2 cpu=$3 opt=$4
  local tag=${producer:-none}
  local ir; ir=$(ir_of "$input" "$cpu")
  [ -f "$ir" ] || ir=$(ir_of "$input" gfx942)
  sed -E "s/producer: \"[^\"]*\"/producer: \"$producer\"/" "$ir" > "$TMP/in.ll"
  [ -z "${COV:-}" ] || sed -i -E "s/\"amdhsa_code_object_version\", i32 [0-9]+/\"amdhsa_code_object_version\", i32 $COV/" "$TMP/in.ll"
  # Triton's IR names LLVM 23's triple spelling (amdgpu9.42-amd-amdhsa): -mtriple wins.
  llc-22 -"$opt" -mtriple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj \
      "$TMP/in.ll" -o "$OUT/$tag-$input-$cpu-$opt.o"
  echo "$OUT/$tag-$input-$cpu-$opt.o"
}

one triton add          gfx1100 O0
one triton matmul       gfx942  O0
one triton row_sum_loop gfx90a  O2
one julia  chain        gfx942  O2
one julia  histogram    gfx90a  O0
one flang  chain        gfx1100 O0
one flang  scalars      gfx942  O2
one rustc  chain        gfx1030 O2
one rustc  transpose_2d gfx942  O0
one ""     chain        gfx90a  O0
one ""     matmul       gfx1100 O2

# The linked pair: the fork object is code object v6, so the Triton unit is made v6 too.
COV=600 one triton row_sum_loop gfx90a O2 >/dev/null
mv "$OUT/triton-row_sum_loop-gfx90a-O2.o" "$TMP/triton-v6.o"
ld.lld-22 -shared "$ROOT/corpora/rocm/ocl-gfx90a-O2.o" "$TMP/triton-v6.o" \
    -o "$OUT/link-amdfork-triton-gfx90a.hsaco"
echo "$OUT/link-amdfork-triton-gfx90a.hsaco"
one triton row_sum_loop gfx90a O2

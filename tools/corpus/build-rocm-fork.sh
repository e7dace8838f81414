#!/usr/bin/env bash
# build-rocm-fork.sh -- the AMD-fork part of the hetdwarf test corpus.
#
# Makes code objects whose DWARF comes from AMD's own LLVM fork, i.e. real
# heterogeneous-debugging output: DW_OP_LLVM_user location operations
# (form_aspace_address, push_lane, offset, piece_end, undefined),
# DW_AT_LLVM_address_space, and CFI with DW_CFA_LLVM_def_aspace_cfa and the
# "[llvm:v0.0]" augmentation.  Kernels AND device functions called two levels
# deep (kernel -> stage -> leaf_mix, kernel -> accumulate -> clamp_bits,
# scale -> mid -> leaf), so unwinding can be tested.
#
# Pipeline:  Debian clang-22 -S -emit-llvm  ->  to_diop.py (DIOp rewrite)
#            ->  rocm_llc.py (librocmllvm.so from the PyPI wheel
#                rocm-llvm-python, via ctypes)  ->  ld.lld-22 -shared
# Cells named *-upstreamdi skip the DIOp rewrite (to_diop.py --compat-only):
# upstream-style location expressions, but fork CFI.
#
# Output: OUT_DIR/rocm/<lang>-<cpu>[w64]-O<n>[-upstreamdi].<o|hsaco>
# Usage:  tools/corpus/build-rocm-fork.sh [OUT_DIR] [CACHE_DIR]
#         defaults: corpora/  and  /work/cache (or $HETDWARF_CACHE)
#         The 62 MB wheel is downloaded into CACHE_DIR once; never commit it.
# Needs:  clang-22 lld-22 llvm-22 (bookworm-security), python3 + pip.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SRC=$HERE/src
OUT=${1:-$ROOT/corpora}/rocm
CACHE=${2:-${HETDWARF_CACHE:-/work/cache}}
# shellcheck source=fork-wheel.sh
source "$HERE/fork-wheel.sh"
CLANG=/usr/lib/llvm-22/bin/clang
LLD=/usr/lib/llvm-22/bin/ld.lld
OPT=/usr/lib/llvm-22/bin/opt
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
LOG=$TMP/log

# keep the checkout location out of the DWARF (see build.sh)
PATHS=("-fdebug-prefix-map=$SRC=/hetdwarf/src" -fdebug-compilation-dir=/hetdwarf)

# upstream_ir LANG CPU OPT -> $TMP/<...>.ll  (IR exactly as Debian clang-22 makes it)
upstream_ir() {
  local lang=$1 cpu=$2 opt=$3 out=$TMP/$1-$2-$3.ll
  local wflag=""; [ "${cpu%w64}" != "$cpu" ] && wflag="-mwavefrontsize64"
  case $lang in
    ocl) "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="${cpu%w64}" $wflag \
             -nogpulib -g "${PATHS[@]}" -"$opt" -S -emit-llvm "$SRC/kernels.cl" -o "$out" 2>>"$LOG" ;;
    hip) "$CLANG" -x hip --cuda-device-only -cuid=hetdwarf -nogpulib -nogpuinc --offload-arch="${cpu%w64}" $wflag \
             -g "${PATHS[@]}" -"$opt" -S -emit-llvm "$SRC/device.hip" -o "$out" 2>>"$LOG" ;;
    # hand-written IR uses llvm.dbg.* intrinsics; opt-22 turns them into #dbg records
    ir)  "$OPT" -S "$SRC/chain.ll" -o "$out" ;;
  esac
  echo "$out"
}

# fork LANG CPU OPT KEEP [upstreamdi]     KEEP = o | hsaco
fork() {
  local lang=$1 cpu=$2 opt=$3 keep=$4 variant=${5:-}
  local name="$lang-$cpu-$opt${variant:+-$variant}"
  local ir features=""
  ir=$(upstream_ir "$lang" "$cpu" "$opt")
  case $cpu in
    *w64)                 features="+wavefrontsize64" ;;
    gfx10*|gfx11*|gfx12*) features="+wavefrontsize32" ;;
  esac
  if [ "$variant" = upstreamdi ]; then
    python3 "$HERE/to_diop.py" --compat-only "$ir" > "$TMP/$name.fork.ll"
  else
    python3 "$HERE/to_diop.py" "$ir" > "$TMP/$name.fork.ll" 2>>"$LOG"
  fi
  python3 "$HERE/rocm_llc.py" --lib "$LIB" --mcpu "${cpu%w64}" --features "$features" \
      -O "${opt#O}" "$TMP/$name.fork.ll" "$TMP/$name.o" 2>>"$LOG"
  case $keep in
    o)     cp "$TMP/$name.o" "$OUT/$name.o" ;;
    hsaco) "$LLD" -shared "$TMP/$name.o" -o "$OUT/$name.hsaco" ;;
  esac
}

fetch_fork
mkdir -p "$OUT"

# wave64
fork ocl gfx90a  O0 hsaco
fork ocl gfx90a  O2 o
fork ocl gfx90a  O2 hsaco
fork ocl gfx942  O2 hsaco
fork ocl gfx900  O0 o
fork hip gfx90a  O0 hsaco
fork hip gfx90a  O2 hsaco
fork hip gfx942  O0 o
fork ir  gfx90a  O0 o
fork ir  gfx900  O2 o
# wave32, and one gfx10 in wave64
fork ocl gfx1100 O0 hsaco
fork ocl gfx1100 O2 hsaco
fork ocl gfx1030w64 O2 hsaco
fork hip gfx1030 O0 hsaco
fork hip gfx1100 O2 hsaco
fork ir  gfx1100 O0 o
# upstream-style DIExpressions through the fork (fork CFI, plain locations)
fork ocl gfx90a  O2 o upstreamdi
fork hip gfx1100 O0 o upstreamdi

echo "build-rocm-fork.sh: AMD-fork objects written under $OUT"

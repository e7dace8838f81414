#!/usr/bin/env bash
# build-hand.sh -- the hand-written-DWARF part of the hetdwarf test corpus.
#
# gen_hand_dwarf.py writes assembly whose DWARF covers what no available
# compiler emits (DW_OP_LLVM_user aspace_bregx / call_frame_entry_reg /
# select_bit_piece / extend / bit_offset / offset_uconst, the legacy
# one-byte opcodes 0xe1..0xec, DW_AT_LLVM_lanes / lane_pc / active_lane under
# old and new attribute numbers, location lists, DW_CFA_LLVM_def_aspace_cfa).
# llvm-mc assembles it; ld.lld links one of them.
#
# Output: OUT_DIR/hand/
#   user-gfx90a.o  user-gfx90a.hsaco   wave64, DW_OP_LLVM_user encoding (llvm-mc-22)
#   user-gfx1100.o                      wave32, same content        (llvm-mc-19)
#   legacy-gfx900.o                     legacy 0xe1..0xec + old attribute numbers,
#                                       hand-written .debug_frame    (llvm-mc-14)
# Usage:  tools/corpus/build-hand.sh [OUT_DIR]     (default: corpora/)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}/hand
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# hand STYLE CPU LLVM_VERSION
hand() {
  local style=$1 cpu=$2 v=$3 name=$1-$2
  python3 "$HERE/gen_hand_dwarf.py" --style "$style" --mcpu "$cpu" > "$TMP/$name.s"
  "/usr/lib/llvm-$v/bin/llvm-mc" -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj \
      "$TMP/$name.s" -o "$OUT/$name.o"
}

hand user   gfx90a  22
hand user   gfx1100 19
hand legacy gfx900  14
/usr/lib/llvm-22/bin/ld.lld -shared "$OUT/user-gfx90a.o" -o "$OUT/user-gfx90a.hsaco"
echo "build-hand.sh: hand-written DWARF objects written under $OUT"

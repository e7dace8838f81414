#!/usr/bin/env bash
# build-implicit.sh -- hand-written DWARF for implicit pointers, entry values answered by
# call sites, and members located by expressions (gen_implicit_dwarf.py).
#
# Output: OUT_DIR/hand-implicit/
#   implicit-v5-gfx90a.hsaco       DWARF 5, DW_OP_LLVM_user encoding
#   implicit-v4-gfx90a.hsaco       DWARF 4, GNU spellings (DW_OP_GNU_implicit_pointer,
#                                  DW_OP_GNU_entry_value, DW_TAG_GNU_call_site)
#   implicit-legacy-gfx90a.hsaco   DWARF 5, legacy one-byte opcodes, plus
#                                  DW_OP_LLVM_aspace_implicit_pointer (0xe9)
# Usage:  tools/corpus/build-implicit.sh [OUT_DIR]     (default: corpora/)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}/hand-implicit
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# one NAME DWARF_VERSION STYLE
one() {
  local name=$1 v=$2 style=$3
  python3 "$HERE/gen_implicit_dwarf.py" --dwarf "$v" --style "$style" --mcpu gfx90a > "$TMP/$name.s"
  /usr/lib/llvm-22/bin/llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj \
      "$TMP/$name.s" -o "$TMP/$name.o"
  /usr/lib/llvm-22/bin/ld.lld -shared "$TMP/$name.o" -o "$OUT/$name.hsaco"
}

one implicit-v5-gfx90a 5 user
one implicit-v4-gfx90a 4 user
one implicit-legacy-gfx90a 5 legacy
echo "build-implicit.sh: objects written under $OUT"

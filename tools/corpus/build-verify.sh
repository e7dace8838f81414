#!/usr/bin/env bash
# build-verify.sh -- hand-written DWARF objects for `hetdwarf verify`, one per family of
# finding classes (see gen_verify_dwarf.py): each holds DIEs named `bad:<check-id>` that
# must be reported with that check and `good:<check-id>` that must not be reported.
#
# Output: OUT_DIR/hand-verify/{decode,legacy,evaluation,target-w64,target-w32,cfi,loclist,producer,upstream}.o
# Usage:  tools/corpus/build-verify.sh [OUT_DIR]     (default: corpora/)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}/hand-verify
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# obj NAME CASE CPU
obj() {
  local name=$1 case=$2 cpu=$3
  python3 "$HERE/gen_verify_dwarf.py" --case "$case" --mcpu "$cpu" > "$TMP/$name.s"
  llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj "$TMP/$name.s" -o "$OUT/$name.o"
}

obj decode     decode     gfx90a
obj legacy     legacy     gfx900
obj evaluation evaluation gfx90a
obj target-w64 target     gfx90a
obj target-w32 target     gfx1100
obj cfi        cfi        gfx90a
obj loclist    loclist    gfx90a
obj producer   producer   gfx90a
obj upstream   upstream   gfx90a
echo "build-verify.sh: objects written under $OUT"

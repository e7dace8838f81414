#!/usr/bin/env bash
# build-clobber.sh -- hand-written objects with known stale variable locations, for the
# machine-code checks of `hetdwarf verify` (see gen_clobber_dwarf.py): DIEs named
# `bad:<check-id>` must be reported with that check, `good:<check-id>` must not be.
#
# Output: OUT_DIR/hand-clobber/{gfx90a,gfx1100}.o
# Usage:  tools/corpus/build-clobber.sh [OUT_DIR]     (default: corpora/)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}/hand-clobber
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"
for cpu in gfx90a gfx1100; do
  python3 "$HERE/gen_clobber_dwarf.py" --case "$cpu" > "$TMP/$cpu.s"
  llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj "$TMP/$cpu.s" -o "$OUT/$cpu.o"
done
echo "build-clobber.sh: objects written under $OUT"

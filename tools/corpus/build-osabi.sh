#!/usr/bin/env bash
# build-osabi.sh -- code objects for the graphics drivers' OS ABIs and for no OS.
#
# PAL (amdgcn-amd-amdpal), Mesa3D (amdgcn--mesa3d) and no OS (amdgcn--) objects carry
# ELF ABI version 0 and the single-bit layout of e_flags' XNACK (0x100) and SRAMECC
# (0x200) bits, where HSA code objects v4+ use two-bit any/off/on fields. Compiled from
# src/chain.ll with llc-22 so that `info` can be checked against llvm-readelf-22.
#
# Output: OUT_DIR/osabi/<os>-<cpu>[-<features>].o
# Usage:  tools/corpus/build-osabi.sh [OUT_DIR]   (default: corpora/)
# Needs:  llc-22.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}/osabi
mkdir -p "$OUT"

# one NAME TRIPLE CPU [MATTR]
one() {
  llc-22 -O2 -mtriple="$2" -mcpu="$3" ${4:+-mattr=$4} -filetype=obj \
      "$HERE/src/chain.ll" -o "$OUT/$1.o"
  echo "$OUT/$1.o"
}

one pal-gfx90a-xnack-sramecc    amdgcn-amd-amdpal gfx90a  +xnack,+sramecc
one pal-gfx1100                 amdgcn-amd-amdpal gfx1100
one mesa3d-gfx90a-noxnack       amdgcn--mesa3d    gfx90a  -xnack,-sramecc
one mesa3d-gfx942-sramecc       amdgcn--mesa3d    gfx942  -xnack,+sramecc
one none-gfx90a-xnack-sramecc   amdgcn--          gfx90a  +xnack,+sramecc
one none-gfx900-xnack           amdgcn--          gfx900  +xnack

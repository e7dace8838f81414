#!/usr/bin/env bash
# build.sh -- the upstream-LLVM part of the hetdwarf test corpus.
#
# Compiles the sources in src/ with Debian's stock LLVM toolchains
# (llc 14/19/22, clang 14/19/22, ld.lld) into AMDGPU code objects with DWARF.
# The matrix is curated, not exhaustive: every cell below exists because it
# exercises something different (producer version, language, -O level,
# wave64 vs wave32, relocatable .o vs linked .hsaco, DWARF 4 vs 5).
#
# Output: OUT_DIR/{llc14,llc19,llc22,clang14,clang19,clang22}/<name>
#   names: <lang>-<cpu>[w64]-O<n>[-dwarf4].<o|hsaco>
#     (a HIP cell may use a full target ID; gfx90a:sramecc-:xnack+ is
#      written gfx90a_sramecc-_xnack+)
#     lang  ocl = src/kernels.cl, hip = src/device.hip, ir = src/chain.ll
#     w64   = gfx10+ CPU compiled in wave64 mode
#
# Usage:  tools/corpus/build.sh [OUT_DIR]         (default: corpora/)
# Needs:  llvm-14 clang-14 lld-14 clang-19 lld-19 llvm-19 clang-22 lld-22
#         llvm-22 (Debian bookworm + bookworm-security).  Fails on the first
#         error: a corpus with silently missing cells is worse than none.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SRC=$HERE/src
OUT=${1:-$ROOT/corpora}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

bin() { echo "/usr/lib/llvm-$1/bin/$2"; }

# CPU spelling "gfx1030w64" = gfx1030 forced to wave64.
cpu_of()   { echo "${1%w64}"; }
is_w64()   { [ "${1%w64}" != "$1" ]; }

# Debug flags of every clang invocation.  The prefix map and compilation
# directory keep the checkout location out of the objects, so a rebuild
# anywhere gives the same DW_AT_name / DW_AT_comp_dir.
# set_dbg VARIANT  -> array DBG   (VARIANT "dwarf4" selects DWARF 4)
set_dbg() {
  DBG=(-g "-fdebug-prefix-map=$SRC=/hetdwarf/src" -fdebug-compilation-dir=/hetdwarf)
  if [ "${1:-}" = dwarf4 ]; then DBG[0]=-gdwarf-4; fi
}

# ocl VER CPU OPT KEEP [dwarf4]   KEEP = o | hsaco | both
ocl() {
  local v=$1 cpu=$2 opt=$3 keep=$4 variant=${5:-}
  local dir="$OUT/clang$v" name="ocl-$cpu-$opt${variant:+-$variant}"
  local wflag=""; is_w64 "$cpu" && wflag="-mwavefrontsize64"
  mkdir -p "$dir"
  set_dbg "$variant"
  "$(bin "$v" clang)" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa \
      -mcpu="$(cpu_of "$cpu")" $wflag -nogpulib "${DBG[@]}" -"$opt" \
      -c "$SRC/kernels.cl" -o "$TMP/$name.o" 2>>"$TMP/warnings.log"
  "$(bin "$v" ld.lld)" -shared "$TMP/$name.o" -o "$TMP/$name.hsaco"
  case $keep in
    o)     cp "$TMP/$name.o" "$dir/" ;;
    hsaco) cp "$TMP/$name.hsaco" "$dir/" ;;
    both)  cp "$TMP/$name.o" "$TMP/$name.hsaco" "$dir/" ;;
  esac
}

# hip VER CPU OPT [dwarf4]    -> linked .hsaco (the clang driver runs lld)
# CPU may be a full target ID (gfx90a:sramecc-:xnack+); ':' becomes '_' in the name.
hip() {
  local v=$1 cpu=$2 opt=$3 variant=${4:-}
  local dir="$OUT/clang$v" name="hip-${cpu//:/_}-$opt${variant:+-$variant}"
  local wflag=""; is_w64 "$cpu" && wflag="-mwavefrontsize64"
  mkdir -p "$dir"
  set_dbg "$variant"
  # -cuid: a fixed compilation-unit id (default is a hash of the paths)
  "$(bin "$v" clang)" -x hip --cuda-device-only --no-gpu-bundle-output -cuid=hetdwarf \
      -nogpulib -nogpuinc --offload-arch="$(cpu_of "$cpu")" $wflag \
      "${DBG[@]}" -"$opt" -c "$SRC/device.hip" -o "$dir/$name.hsaco"
}

# ir VER CPU OPT  -> relocatable .o straight from llc
ir() {
  local v=$1 cpu=$2 opt=$3
  local dir="$OUT/llc$v" attrs=""
  case $cpu in
    *w64)                 attrs="-mattr=+wavefrontsize64" ;;
    gfx10*|gfx11*|gfx12*) attrs="-mattr=+wavefrontsize32" ;;
  esac
  local opq=""; [ "$v" = 14 ] && opq="-opaque-pointers"
  mkdir -p "$dir"
  "$(bin "$v" llc)" $opq -mtriple=amdgcn-amd-amdhsa -mcpu="$(cpu_of "$cpu")" $attrs \
      -filetype=obj -"$opt" "$SRC/chain.ll" -o "$dir/ir-$cpu-$opt.o"
}

# ---- LLVM 14: COv4, oldest address-space numbering ------------------------
ir  14 gfx900 O0
ir  14 gfx1030 O2
ocl 14 gfx900 O0 both
ocl 14 gfx90a O2 hsaco
ocl 14 gfx1030 O2 o
ocl 14 gfx1030w64 O0 hsaco
ocl 14 gfx90a O0 o dwarf4
hip 14 gfx90a O0
hip 14 gfx1030 O2

# ---- LLVM 19: COv5, gfx942 / gfx1100 available -----------------------------
ir  19 gfx942 O2
ir  19 gfx1100 O0
ocl 19 gfx900 O0 hsaco
ocl 19 gfx90a O2 both
ocl 19 gfx942 O2 hsaco
ocl 19 gfx1100 O0 hsaco
ocl 19 gfx900 O2 o dwarf4
hip 19 gfx90a O2
hip 19 gfx1030 O0

# ---- LLVM 22: COv6, DW_ASPACE_LLVM numbering, __clang_ocl_kern_imp_* -------
ir  22 gfx90a O0
ir  22 gfx1100 O2
ocl 22 gfx900 O0 both
ocl 22 gfx90a O2 both
ocl 22 gfx942 O2 hsaco
ocl 22 gfx1030 O0 hsaco
ocl 22 gfx1030 O2 o
ocl 22 gfx1100 O2 hsaco
ocl 22 gfx1030w64 O2 hsaco
ocl 22 gfx90a O2 o dwarf4
hip 22 gfx90a O0
hip 22 gfx90a O2
hip 22 gfx942 O0
hip 22 gfx1100 O2
hip 22 gfx1030 O2 dwarf4
hip 22 gfx90a:xnack- O2
hip 22 gfx90a:sramecc-:xnack+ O2

echo "build.sh: upstream objects written under $OUT"

#!/usr/bin/env bash
# build-bundles.sh -- offload bundles and a host ELF for the hetdwarf corpus.
#
# Packs code objects that build.sh already made (so run it first) into the
# containers a debugger meets in real HIP programs:
#   bundle/hip3.hipfb            uncompressed __CLANG_OFFLOAD_BUNDLE__: empty host
#                                entry + gfx90a:xnack-, gfx90a:sramecc-:xnack+, gfx1100
#   bundle/hip3.zstd-v3.ccob     the same, compressed (CCOB v3, zstd) by
#                                clang-offload-bundler-22 -compress when present
#                                (package clang-tools-22), else by make-bundle.py
#   bundle/hip3.zlib-v3.ccob     CCOB v3, zlib   (make-bundle.py)
#   bundle/hip3.zlib-v2.ccob     CCOB v2, zlib   (make-bundle.py)
#   bundle/host-x86_64.so        x86-64 shared object, .hip_fatbin = hip3.hipfb
#   bundle/host-x86_64-ccob.so   x86-64 shared object, .hip_fatbin = hip3.zstd-v3.ccob
# Usage:  tools/corpus/build-bundles.sh [OUT_DIR]     (default: corpora/)
# Needs:  clang-22 lld-22, zstd (only without clang-offload-bundler-22)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/corpora}
B=$OUT/bundle
MB="python3 $HERE/make-bundle.py"
mkdir -p "$B"

T=hipv4-amdgcn-amd-amdhsa-
CO1=$OUT/clang22/hip-gfx90a_xnack--O2.hsaco
CO2=$OUT/clang22/hip-gfx90a_sramecc-_xnack+-O2.hsaco
CO3=$OUT/clang22/hip-gfx1100-O2.hsaco
for f in "$CO1" "$CO2" "$CO3"; do
  [ -f "$f" ] || { echo "build-bundles.sh: missing $f (run build.sh first)" >&2; exit 1; }
done

$MB bundle "$B/hip3.hipfb" "$T-gfx90a:xnack-=$CO1" "$T-gfx90a:sramecc-:xnack+=$CO2" "$T-gfx1100=$CO3"

if command -v clang-offload-bundler-22 >/dev/null; then
  clang-offload-bundler-22 -compress -type=o -bundle-align=4096 \
      -targets="host-x86_64-unknown-linux-gnu,$T-gfx90a:xnack-,$T-gfx90a:sramecc-:xnack+,$T-gfx1100" \
      -input=/dev/null -input="$CO1" -input="$CO2" -input="$CO3" -output="$B/hip3.zstd-v3.ccob"
  # our writer and the bundler must agree on the uncompressed layout
  clang-offload-bundler-22 -type=o -bundle-align=4096 \
      -targets="host-x86_64-unknown-linux-gnu,$T-gfx90a:xnack-,$T-gfx90a:sramecc-:xnack+,$T-gfx1100" \
      -input=/dev/null -input="$CO1" -input="$CO2" -input="$CO3" -output="$B/.check.hipfb"
  cmp -s "$B/.check.hipfb" "$B/hip3.hipfb" || { echo "build-bundles.sh: make-bundle.py differs from clang-offload-bundler-22" >&2; exit 1; }
  rm -f "$B/.check.hipfb"
else
  $MB compress "$B/hip3.zstd-v3.ccob" "$B/hip3.hipfb" --method zstd --version 3
fi
$MB compress "$B/hip3.zlib-v3.ccob" "$B/hip3.hipfb" --method zlib --version 3
$MB compress "$B/hip3.zlib-v2.ccob" "$B/hip3.hipfb" --method zlib --version 2
$MB host "$B/host-x86_64.so" "$B/hip3.hipfb"
$MB host "$B/host-x86_64-ccob.so" "$B/hip3.zstd-v3.ccob"
echo "build-bundles.sh: bundles written under $B"

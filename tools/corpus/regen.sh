#!/usr/bin/env bash
# regen.sh -- rebuild the whole committed hetdwarf corpus from scratch.
#
#   1. (--install) apt-get the toolchains: Debian bookworm + bookworm-security
#   2. build.sh            upstream LLVM 14 / 19 / 22 objects   -> corpora/{llc,clang}NN/
#   3. build-rocm-fork.sh  AMD LLVM fork (PyPI wheel) objects   -> corpora/rocm/
#   4. build-hand.sh       hand-written DWARF                   -> corpora/hand/
#      build-implicit.sh   implicit pointers, call sites, member expressions
#                                                               -> corpora/hand-implicit/
#   5. build-bundles.sh    offload bundles, CCOB, host ELF      -> corpora/bundle/
#      triton/build.py     Triton kernels (only with --triton: needs `pip install
#                          triton`; otherwise the committed objects are kept)
#                                                               -> corpora/triton/
#      build-frontends.sh  llc-22 on Triton's IR and src/chain.ll under the producers
#                          triton, julia, flang, rustc and ""   -> corpora/frontends/
#      build-osabi.sh      PAL, Mesa3D and no-OS objects        -> corpora/osabi/
#   6. expected.py         corpora/expected/<path>.json and .dwarfdump.txt
#   7. (--rocrand) tools/fetch-rocrand.sh: corpora/rocrand/ (git-ignored) and
#      corpora/expected/rocrand/*.json; otherwise rocRAND files are not touched.
#
# The corpus is reproducible (same bytes on every run with the same package
# versions), but clang-22 lives in bookworm-security and moves with point
# releases: after a toolchain update the objects change, and the expected
# values must be re-recorded in the same commit.
#
# Usage:  tools/corpus/regen.sh [--install] [--rocrand] [--triton] [CACHE_DIR]
#         CACHE_DIR holds the 62 MB rocm-llvm-python wheel (default /work/cache
#         or $HETDWARF_CACHE); it must be outside the repository.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CORPORA=$ROOT/corpora

install=no rocrand=no triton=no
while [ $# -gt 0 ]; do
  case $1 in
    --install) install=yes; shift ;;
    --rocrand) rocrand=yes; shift ;;
    --triton) triton=yes; shift ;;
    -*) echo "regen.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done

if [ $install = yes ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends \
      llvm-14 clang-14 lld-14 clang-19 lld-19 llvm-19 clang-22 lld-22 llvm-22 \
      clang-tools-22 zstd python3 python3-pip python3-yaml >/dev/null
fi
CACHE=${1:-${HETDWARF_CACHE:-/work/cache}}
case "$(cd "$(dirname "$CACHE")" 2>/dev/null && pwd)/" in
  "$ROOT"/*) echo "regen.sh: the cache must live outside the repository" >&2; exit 1 ;;
esac

# start clean, but keep README.md, the fetched rocrand objects and their expectations
for d in llc14 llc19 llc22 clang14 clang19 clang22 rocm hand bundle frontends osabi; do
  rm -rf "${CORPORA:?}/$d" "$CORPORA/expected/$d"
done

"$HERE/build.sh" "$CORPORA"
"$HERE/build-rocm-fork.sh" "$CORPORA" "$CACHE"
"$HERE/build-hand.sh" "$CORPORA"
"$HERE/build-implicit.sh" "$CORPORA"
"$HERE/build-bundles.sh" "$CORPORA"
if [ $triton = yes ]; then
  rm -rf "$CORPORA/triton" "$CORPORA/expected/triton"
  python3 "$HERE/triton/build.py" "$CORPORA/triton"
fi
"$HERE/build-frontends.sh" "$CORPORA"
"$HERE/build-osabi.sh" "$CORPORA"

cd "$CORPORA"
files=$(find llc14 llc19 llc22 clang14 clang19 clang22 rocm hand bundle frontends osabi -type f | LC_ALL=C sort)
files="$files $(find triton -type f -name '*.hsaco' | LC_ALL=C sort)"
# shellcheck disable=SC2086
python3 "$HERE/expected.py" --root "$CORPORA" --text $files
echo "regen.sh: $(echo "$files" | wc -l) objects, $(du -sh --exclude=rocrand "$CORPORA" | cut -f1) in corpora/ (without rocrand/)"
if [ $rocrand = yes ]; then
  "$ROOT/tools/fetch-rocrand.sh"
fi

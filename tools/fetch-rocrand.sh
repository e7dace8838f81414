#!/usr/bin/env bash
# fetch-rocrand.sh -- real production AMDGPU code objects for hetdwarf tests.
#
# Debian bookworm's librocrand1 (rocRAND 5.3.3, built by Debian clang 15.0.7
# with -g -O2) carries, in the .hip_fatbin section of librocrand.so, one
# clang offload bundle with 7 code objects: gfx803, gfx900:xnack-,
# gfx906:xnack-, gfx908:xnack-, gfx90a:xnack+, gfx90a:xnack-, gfx1030.
# Each is ~1.7 MB with full DWARF 4 (~950 subprograms, ~12 000 variables,
# .debug_loc lists), too big to commit; this script fetches them on demand:
#
#   OUTDIR/rocrand-gfx90a-xnack+.co  ... (7 files)
#
# and records expected values for them (committed) into
# corpora/expected/rocrand/<name>.json via tools/corpus/expected.py.
#
# Usage:  tools/fetch-rocrand.sh [OUTDIR]     (default: corpora/rocrand/, git-ignored)
# Idempotent: downloads nothing when all 7 objects are present.  Quiet on
# success, fails loudly (also when the .deb or an object does not have the
# sha256 the committed expected values were recorded from).  Needs apt (Debian sources), dpkg-deb, python3,
# and llvm-22 + clang-tools-22 + python3-yaml for the expected values.
set -euo pipefail

VERSION=5.3.3-4                       # the version in Debian bookworm
DEB_SHA256=b145d4e47a26ce14da5f8550a092db8d3c7e2d84174c68885336de40f51b7b81
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
OUT=${1:-$ROOT/corpora/rocrand}
EXPECTED=$ROOT/corpora/expected/rocrand
NAMES="gfx803 gfx900-xnack- gfx906-xnack- gfx908-xnack- gfx90a-xnack+ gfx90a-xnack- gfx1030"

complete=yes
for n in $NAMES; do [ -s "$OUT/rocrand-$n.co" ] || complete=no; done

if [ $complete = no ]; then
  TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
  ( cd "$TMP" && apt-get download -q "librocrand1=$VERSION" >"$TMP/apt.log" 2>&1 ) || {
    cat "$TMP/apt.log" >&2
    echo "fetch-rocrand.sh: apt-get download librocrand1=$VERSION failed (apt-get update? bookworm sources?)" >&2
    exit 1
  }
  DEB=$(ls "$TMP"/librocrand1_*.deb)
  sum=$(sha256sum "$DEB" | cut -d' ' -f1)
  echo "librocrand1 $VERSION sha256 $sum"
  if [ "$sum" != "$DEB_SHA256" ]; then
    echo "fetch-rocrand.sh: expected sha256 $DEB_SHA256 (the .deb the committed expected values were made from)" >&2
    exit 1
  fi
  dpkg-deb -x "$DEB" "$TMP/root"
  LIB=$(find "$TMP/root" -type f -name 'librocrand.so.*' | head -n 1)
  [ -n "$LIB" ] || { echo "fetch-rocrand.sh: librocrand.so not found in $DEB" >&2; exit 1; }
  mkdir -p "$OUT"
  python3 "$ROOT/tools/corpus/extract_bundle.py" "$LIB" "$TMP/co" --prefix rocrand >"$TMP/extract.log"
  for n in $NAMES; do
    [ -s "$TMP/co/rocrand-$n.co" ] || { cat "$TMP/extract.log" >&2; echo "fetch-rocrand.sh: rocrand-$n.co missing from the bundle" >&2; exit 1; }
    cp "$TMP/co/rocrand-$n.co" "$OUT/"
  done
fi

# expected values (JSON only: the dwarfdump text of these objects is ~5 MB each).
# Already recorded ones are kept, but must describe these very bytes.
mkdir -p "$EXPECTED"
for n in $NAMES; do
  f=$OUT/rocrand-$n.co
  json=$EXPECTED/rocrand-$n.co.json
  if [ -s "$json" ]; then
    want=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sha256"])' "$json")
    have=$(sha256sum "$f" | cut -d' ' -f1)
    [ "$want" = "$have" ] || { echo "fetch-rocrand.sh: $f has sha256 $have, $json records $want" >&2; exit 1; }
    continue
  fi
  python3 "$ROOT/tools/corpus/expected.py" --root "$OUT" --out "$EXPECTED" "$f"
done

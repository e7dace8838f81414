#!/usr/bin/env bash
# verify-expected.sh -- check that corpora/expected/ still matches what the
# installed LLVM tools say about the committed corpus files.
#
# Re-runs expected.py into a scratch directory and diffs it against the
# committed corpora/expected/ (JSON and .dwarfdump.txt; rocRAND JSON too
# when corpora/rocrand/ has been fetched).  A difference means that either
# a corpus file or the LLVM 22 tools changed; nothing is rewritten.
# Usage: tools/corpus/verify-expected.sh          exit 0 = all identical
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
C=$ROOT/corpora
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
cd "$C"
files=$(find llc14 llc19 llc22 clang14 clang19 clang22 rocm hand bundle -type f | LC_ALL=C sort)
# shellcheck disable=SC2086
python3 "$HERE/expected.py" --root "$C" --out "$TMP/expected" --text $files
if [ -d "$C/rocrand" ] && ls "$C"/rocrand/*.co >/dev/null 2>&1; then
  python3 "$HERE/expected.py" --root "$C/rocrand" --out "$TMP/expected/rocrand" "$C"/rocrand/*.co
else
  cp -r "$C/expected/rocrand" "$TMP/expected/" 2>/dev/null || true
fi
diff -r "$C/expected" "$TMP/expected"
echo "verify-expected.sh: corpora/expected/ matches ($(echo "$files" | wc -l) files)"

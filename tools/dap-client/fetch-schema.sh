#!/usr/bin/env bash
# Fetches the Debug Adapter Protocol's JSON schema (`debugProtocol.json`, Microsoft's
# `debugAdapterProtocol.json` of microsoft/debug-adapter-protocol, MIT licence) for the
# DebugClient suite's schema check. GitHub is out of reach on the machines this project runs
# on, so it comes from PyPI: debugpy's pure-Python wheel carries the schema verbatim (pydevd
# generates its protocol classes from it). Pinned by version and by the file's SHA-256; kept
# out of the repository (schema/ is ignored), with the wheel's licence beside it.
# Idempotent; fails loudly.
set -euo pipefail
cd "$(dirname "$0")"

version=1.8.22
sha256=183c21b21c8edd5c7163e5edddf106cf0a8e11cf62d37ac17d47a3a847006c99
member=debugpy/_vendored/pydevd/_pydevd_bundle/_debug_adapter/debugProtocol.json

if [ -f schema/debugProtocol.json ] && echo "$sha256  schema/debugProtocol.json" | sha256sum -c --quiet 2>/dev/null; then
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download -q --no-deps --only-binary=:all: --platform any --python-version 3.11 \
    --implementation py --dest "$tmp" "debugpy==$version"
mkdir -p schema
python3 - "$tmp"/debugpy-"$version"-*.whl "$member" <<'PY'
import sys, zipfile
wheel, member = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    licence = [n for n in z.namelist() if n.endswith("licenses/LICENSE")]
    open("schema/debugProtocol.json", "wb").write(z.read(member))
    open("schema/LICENSE-debugpy.txt", "wb").write(z.read(licence[0]))
PY
echo "$sha256  schema/debugProtocol.json" | sha256sum -c --quiet

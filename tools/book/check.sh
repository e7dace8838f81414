#!/usr/bin/env bash
# Builds the book (docs/, mdBook; the HTML goes to docs/book/) and checks every relative link
# and #anchor of the book and of README.md (tools/book/links.py). External links (http, https)
# are not checked: CI reaches no network beyond the package registries.
# Fails loudly: a build warning or error, or a broken link, is exit status 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! mdbook build docs >"$log" 2>&1; then
    cat "$log" >&2
    echo "book: mdbook build docs failed" >&2
    exit 1
fi
# mdBook reports some problems (an unclosed HTML tag, a missing include) as warnings and still
# builds: they are errors here.
if grep -E '(WARN|ERROR)' "$log" >&2; then
    echo "book: mdbook build docs warned (above)" >&2
    exit 1
fi
python3 tools/book/links.py

#!/usr/bin/env bash
# Prepares a fresh Debian bookworm machine for hetdwarf's tests:
#  - llvm-22 (llvm-dwarfdump-22, llvm-readelf-22, llvm-objdump-22, llvm-mc-22), the peer the tests
#    compare with, and llvm-22-dev, whose MC layer hetdwarf-mc decodes machine code with
#    (a C++ shim built by its build script; g++ compiles it);
#  - Debian's rocRAND production code objects (tools/fetch-rocrand.sh), the real-world corpus;
#  - a C compiler and valgrind, for the C ABI's example program (tools/capi/tests);
#  - Python's venv, for the Python bindings' wheel and tests (tools/python/test.sh);
#  - Chromium, in which tools/tests/report.rs renders the HTML report headless;
#  - Node.js and npm, for the DAP server's DebugClient suite (tools/dap-client: Microsoft's
#    @vscode/debugadapter-testsupport from npm, and the protocol's JSON schema from PyPI);
#  - mdBook (from crates.io, pinned), which builds the book under docs/ (tools/book/check.sh).
# Idempotent and quiet; fails loudly.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v llvm-dwarfdump-22 >/dev/null || need+=(llvm-22)
command -v llvm-config-22 >/dev/null && [ -f /usr/lib/llvm-22/include/llvm/MC/MCDisassembler/MCDisassembler.h ] \
    || need+=(llvm-22-dev)
command -v c++ >/dev/null || need+=(g++)
command -v dpkg-deb >/dev/null || need+=(dpkg)
command -v cc >/dev/null || need+=(gcc)
command -v valgrind >/dev/null || need+=(valgrind)
# The Python bindings' test builds a wheel in a virtual environment.
python3 -c "import venv, ensurepip" 2>/dev/null || need+=(python3-venv)
# The HTML report's test renders it in headless Chromium.
command -v chromium >/dev/null || need+=(chromium)
# The DAP server's DebugClient suite runs on Node.js.
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo_cmd apt-get update -qq
    $sudo_cmd apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The book (docs/) is built with mdBook at this version; cargo install is skipped when it is
# already there.
mdbook_version=0.5.4
mdbook --version 2>/dev/null | grep -qx "mdbook v$mdbook_version" \
    || cargo install mdbook --version "$mdbook_version" --locked --no-default-features --quiet

tools/fetch-rocrand.sh

# The DebugClient suite's packages (pinned by its package-lock.json) and the protocol's schema.
if [ ! -d tools/dap-client/node_modules/@vscode/debugadapter-testsupport ]; then
    npm ci --prefix tools/dap-client --no-audit --no-fund --loglevel=error >/dev/null
fi
tools/dap-client/fetch-schema.sh

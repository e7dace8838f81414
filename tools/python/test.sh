#!/usr/bin/env bash
# test.sh -- builds the Python wheel into a fresh virtual environment and runs the
# bindings' pytest suite (after `cargo test --workspace --release`, which builds the CLI
# the tests compare with). Needs python3 with venv and pip (maturin and pytest come from PyPI).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/pyenv
rm -rf "$venv" target/wheels
python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check "maturin>=1.5,<2" "pytest>=7"
"$venv/bin/maturin" build -q --release -m tools/python/Cargo.toml -o target/wheels
"$venv/bin/pip" install -q --disable-pip-version-check target/wheels/hetdwarf-*.whl
# Imported from the installed wheel, not the source tree.
(cd target && "$OLDPWD/$venv/bin/python" -c "import hetdwarf, sys; print('hetdwarf', hetdwarf.__file__, file=sys.stderr)")
"$venv/bin/pytest" -q tools/python/tests

# fork-wheel.sh -- sourced by the corpus scripts that compile with AMD's LLVM fork.
# Needs CACHE set; defines WHEEL_VERSION, LIB (librocmllvm.so from the PyPI wheel
# rocm-llvm-python, the library tools/corpus/rocm_llc.py drives) and fetch_fork, which
# downloads the 62 MB wheel into CACHE once and extracts the library (never commit it).

WHEEL_VERSION=7.2.2.562.46
LIB=$CACHE/rocm-llvm-$WHEEL_VERSION/rocm/llvm/librocmllvm.so

fetch_fork() {
  [ -f "$LIB" ] && return
  mkdir -p "$CACHE"
  python3 -m pip download --quiet --no-deps --only-binary=:all: \
      --python-version 3.11 --platform manylinux_2_28_x86_64 \
      -d "$CACHE" "rocm-llvm-python==$WHEEL_VERSION"
  python3 - "$CACHE" "$WHEEL_VERSION" <<'PY'
import glob, sys, zipfile
cache, ver = sys.argv[1], sys.argv[2]
wheel = glob.glob("%s/rocm_llvm_python-%s-*.whl" % (cache, ver))[0]
zipfile.ZipFile(wheel).extract("rocm/llvm/librocmllvm.so", "%s/rocm-llvm-%s" % (cache, ver))
PY
}

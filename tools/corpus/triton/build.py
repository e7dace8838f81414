"""Compiles the kernels of kernels.py with Triton (ahead of time, no GPU) for wave64 and
wave32 AMD processors and writes corpora/triton/<kernel>-<processor>.hsaco and the LLVM IR
Triton handed to its backend (<kernel>-<processor>.ll, an input of build-frontends.sh).

Usage: python3 tools/corpus/triton/build.py [OUTDIR]   (needs `pip install triton`)
"""

import os
import sys

# Triton attaches DILocalVariable records only when asked.
os.environ["LLVM_EXTRACT_DI_LOCAL_VARIABLES"] = "1"
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

import triton  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402

import ctypes  # noqa: E402

import triton.backends.amd.compiler as amd_compiler  # noqa: E402


class _AssemblyBytes(bytes):
    """LLVM's assembly printer copies the operand bytes of DW_OP_implicit_value into
    `; <byte>` comments verbatim, so the text Triton decodes as UTF-8 need not be UTF-8
    (softmax's `-inf` is 0xff800000). Only comments carry such bytes: replace them."""

    def decode(self, encoding="utf-8", errors="strict"):
        return bytes.decode(self, encoding, "replace")


_string_at = ctypes.string_at


class _Ctypes:
    def __getattr__(self, name):
        return getattr(ctypes, name)

    @staticmethod
    def string_at(*args):
        return _AssemblyBytes(_string_at(*args))


amd_compiler.ctypes = _Ctypes()

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kernels import KERNELS  # noqa: E402

PROCESSORS = [("gfx942", 64), ("gfx90a", 64), ("gfx1100", 32)]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.normpath(
        os.path.join(here, "..", "..", "..", "corpora", "triton"))
    os.makedirs(out, exist_ok=True)
    failed = []
    for name, (fn, signature, constexprs) in KERNELS.items():
        for proc, wave in PROCESSORS:
            src = ASTSource(fn=fn, signature=signature, constexprs=constexprs)
            try:
                k = triton.compile(src, target=GPUTarget("hip", proc, wave))
            except Exception as e:  # report every kernel that fails, then exit 1
                print(f"{name}-{proc}: {e}", file=sys.stderr)
                failed.append(f"{name}-{proc}")
                continue
            base = os.path.join(out, f"{name}-{proc}")
            with open(base + ".hsaco", "wb") as f:
                f.write(k.asm["hsaco"])
            with open(base + ".ll", "w") as f:
                f.write(k.asm["llir"])
            print(f"{base}.hsaco ({len(k.asm['hsaco'])} bytes, triton {triton.__version__})")
    if failed:
        sys.exit(f"not compiled: {', '.join(failed)}")


if __name__ == "__main__":
    main()

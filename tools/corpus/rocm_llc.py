#!/usr/bin/env python3
"""rocm_llc.py -- a tiny `llc` for AMD's LLVM fork.

The PyPI wheel `rocm-llvm-python` ships AMD's LLVM fork ("AMD LLVM version
22.0.0git") as rocm/llvm/librocmllvm.so.  That library exports the ordinary
LLVM-C API, so this script loads it with ctypes and does what llc does:
parse textual IR, verify it, create an AMDGPU target machine and emit an
object (or assembly) file.  The wheel's own Cython bindings are not used, so
the Python version tag of the wheel does not matter.

The point of going through the fork is its heterogeneous-debugging DWARF:
DW_OP_LLVM_user location operations and DW_CFA_LLVM_def_aspace_cfa CFI.

usage: rocm_llc.py --lib librocmllvm.so IN.ll OUT.o [--mcpu gfx90a]
                   [--features +wavefrontsize64] [-O 0..3] [--asm]
                   [--llvm-opt -some-cl-option ...]
"""
import argparse
import ctypes
import sys

TRIPLE = b"amdgcn-amd-amdhsa"
RELOC_PIC = 2
CODE_MODEL_DEFAULT = 0
FILE_ASM, FILE_OBJ = 0, 1
VERIFY_RETURN_STATUS = 2

# (name, restype, argtypes) of every LLVM-C entry point we call.
VP, CP = ctypes.c_void_p, ctypes.c_char_p
API = [
    ("LLVMContextCreate", VP, []),
    ("LLVMCreateMemoryBufferWithMemoryRangeCopy", VP, [CP, ctypes.c_size_t, CP]),
    ("LLVMParseIRInContext", ctypes.c_int, [VP, VP, ctypes.POINTER(VP), ctypes.POINTER(CP)]),
    ("LLVMVerifyModule", ctypes.c_int, [VP, ctypes.c_int, ctypes.POINTER(CP)]),
    ("LLVMGetTargetFromTriple", ctypes.c_int, [CP, ctypes.POINTER(VP), ctypes.POINTER(CP)]),
    ("LLVMCreateTargetMachine", VP, [VP, CP, CP, CP, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
    ("LLVMCreateTargetDataLayout", VP, [VP]),
    ("LLVMSetModuleDataLayout", None, [VP, VP]),
    ("LLVMSetTarget", None, [VP, CP]),
    ("LLVMTargetMachineEmitToFile", ctypes.c_int, [VP, VP, CP, ctypes.c_int, ctypes.POINTER(CP)]),
    ("LLVMParseCommandLineOptions", None, [ctypes.c_int, ctypes.POINTER(CP), CP]),
]


def load(path):
    lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    for name, res, args in API:
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    for part in ("TargetInfo", "Target", "TargetMC", "AsmPrinter", "AsmParser"):
        getattr(lib, "LLVMInitializeAMDGPU" + part)()
    return lib


def fail(what, msg):
    sys.exit("rocm_llc: %s: %s" % (what, msg.value.decode() if msg.value else "?"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", required=True, help="path of librocmllvm.so")
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--features", default="")
    ap.add_argument("-O", dest="opt", type=int, default=0, choices=range(4))
    ap.add_argument("--asm", action="store_true", help="write assembly, not an object")
    ap.add_argument("--llvm-opt", action="append", default=[],
                    help="extra LLVM command-line option, may repeat")
    a = ap.parse_args()

    lib = load(a.lib)
    if a.llvm_opt:
        argv = [b"rocm_llc"] + [o.encode() for o in a.llvm_opt]
        lib.LLVMParseCommandLineOptions(len(argv), (CP * len(argv))(*argv), None)

    text = open(a.input, "rb").read()
    ctx = lib.LLVMContextCreate()
    buf = lib.LLVMCreateMemoryBufferWithMemoryRangeCopy(text, len(text), a.input.encode())
    mod, msg = VP(), CP()
    if lib.LLVMParseIRInContext(ctx, buf, ctypes.byref(mod), ctypes.byref(msg)):
        fail("parse " + a.input, msg)
    if lib.LLVMVerifyModule(mod, VERIFY_RETURN_STATUS, ctypes.byref(msg)):
        fail("verify " + a.input, msg)

    target = VP()
    if lib.LLVMGetTargetFromTriple(TRIPLE, ctypes.byref(target), ctypes.byref(msg)):
        fail("target", msg)
    tm = lib.LLVMCreateTargetMachine(target, TRIPLE, a.mcpu.encode(), a.features.encode(),
                                     a.opt, RELOC_PIC, CODE_MODEL_DEFAULT)
    lib.LLVMSetTarget(mod, TRIPLE)
    lib.LLVMSetModuleDataLayout(mod, lib.LLVMCreateTargetDataLayout(tm))
    kind = FILE_ASM if a.asm else FILE_OBJ
    if lib.LLVMTargetMachineEmitToFile(tm, mod, a.output.encode(), kind, ctypes.byref(msg)):
        fail("emit " + a.output, msg)


if __name__ == "__main__":
    main()

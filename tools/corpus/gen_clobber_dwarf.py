#!/usr/bin/env python3
"""gen_clobber_dwarf.py -- hand-written machine code and DWARF with known stale locations,
for the machine-code checks of `hetdwarf verify` (the `code` group).

One device function `func` of straight-line code; each variable is located by a location
list over labels of that code. A variable named `bad:<check-id>[-suffix]` must be reported
with exactly that check; one named `good:<check-id>[-suffix]` must get no `code` finding.

  --case gfx90a   an entry extended past a write, an in-place update, another variable
                  placed in the register, call set-up (s_getpc_b64), a range across a
                  call of a callee that writes the register (and one it keeps), a write
                  under a narrowed EXEC, a range before any write, two variables in one
                  stack slot that a store writes
  --case gfx1100  the second destination of a v_dual_* pair, an s_clause of loads

usage: gen_clobber_dwarf.py --case gfx90a > x.s
       llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj x.s -o x.o
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_hand_dwarf import Target  # noqa: E402
from gen_verify_dwarf import AT, Dwarf, E, Out  # noqa: E402

CODE = {
    "gfx90a": [
        "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)",  # 0
        "v_mov_b32_e32 v1, 0",                      # 1: overwrites v1
        "v_add_u32_e32 v2, 1, v2",                  # 2: updates v2 in place
        "v_mov_b32_e32 v3, s0",                     # 3: v3 gets another variable
        "s_getpc_b64 s[4:5]",                       # 4: call set-up
        "s_add_u32 s4, s4, callee@rel32@lo+4",      # 5
        "s_addc_u32 s5, s5, callee@rel32@hi+12",    # 6
        "s_swappc_b64 s[30:31], s[4:5]",            # 7: a call of `callee`, which writes v8
        "s_and_saveexec_b64 s[6:7], vcc",           # 8: EXEC narrowed
        "v_mov_b32_e32 v7, 0",                      # 9: under the narrowed EXEC
        "v_mov_b32_e32 v51, 1",                     # 10: writes v51
        "s_nop 0",                                  # 11
        "s_or_b64 exec, exec, s[6:7]",              # 12
        "buffer_store_dword v0, off, s[0:3], s33 offset:24",  # 13: writes the slot s33+24
        "s_setpc_b64 s[30:31]",                     # 14
    ],
    "gfx1100": [
        "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)",           # 0
        "v_dual_mov_b32 v5, v1 :: v_dual_mov_b32 v6, v0",    # 1: writes v5 and v6
        "s_clause 0x1",                                      # 2
        "global_load_b32 v9, v[0:1], off",                   # 3: writes v9 inside the clause
        "global_load_b32 v10, v[0:1], off",                  # 4
        "s_setpc_b64 s[30:31]",                              # 5
    ],
}


def slot(base, offset):
    """The heterogeneous spelling of a private stack slot: the frame register's wave offset
    shifted to a lane's, plus `offset`, in private_lane memory."""
    return (E().op("regx", base).raw(0x94, 4).lit(6).raw(0x25).lit(offset).raw(0x22)
            .raw(0x9f).raw(0x94, 4).lit(5).ext("form_aspace_address"))


def variables(case, t):
    """(name, [(first label, end label, expression)])."""
    V, S = t.vgpr, t.sgpr
    reg = lambda r: E().op("regx", r)
    if case == "gfx1100":
        return [
            ("bad:clobber-overwrite-dual", [(0, 3, reg(V(6)))]),
            ("good:clobber-overwrite-dual", [(0, 2, reg(V(6)))]),
            ("bad:clobber-stale-clause", [(0, 5, reg(V(9)))]),
            ("good:clobber-stale-clause", [(0, 4, reg(V(9)))]),
        ]
    return [
        ("bad:clobber-overwrite", [(0, 3, reg(V(1)))]),
        ("good:clobber-overwrite", [(0, 2, reg(V(1)))]),
        ("bad:clobber-in-place-update", [(0, 4, reg(V(2)))]),
        ("bad:clobber-stale", [(0, 5, reg(V(3)))]),
        ("good:clobber-stale-successor", [(4, 6, reg(V(3)))]),
        ("bad:clobber-stale-getpc", [(0, 7, reg(S(4)))]),
        ("good:clobber-stale-getpc", [(0, 5, reg(S(4)))]),
        ("bad:clobber-across-call", [(0, 9, reg(V(8)))]),
        ("good:clobber-across-call", [(0, 9, reg(V(40)))]),
        # The convention lets a callee change v5, but `callee` does not.
        ("good:clobber-across-call-kept", [(0, 9, reg(V(5)))]),
        ("bad:clobber-overwrite-exec", [(8, 11, reg(V(7)))]),
        ("bad:clobber-before-write", [(9, 11, reg(V(50)))]),
        ("good:clobber-before-write", [(11, 13, reg(V(51)))]),
        # Two variables in the stack slot s33+24 at once, and one alone in s33+28.
        ("bad:clobber-stack-slot", [(0, 15, slot(S(33), 24))]),
        ("good:clobber-stack-slot-partner", [(0, 15, slot(S(33), 24))]),
        ("good:clobber-stack-slot-alone", [(0, 15, slot(S(33), 28))]),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--case", required=True, choices=sorted(CODE))
    o = ap.parse_args()
    t = Target(o.case)
    code = CODE[o.case]
    out = Out()
    out("// Generated by tools/corpus/gen_clobber_dwarf.py --case %s; do not edit." % o.case)
    out('\t.amdgcn_target "amdgcn-amd-amdhsa--%s"' % o.case, "\t.text", "\t.globl func",
        "\t.p2align 2", "\t.type func,@function", "func:")
    for i, inst in enumerate(code):
        out(".Lc%d:" % i, "\t" + inst)
    out(".Lc%d:" % len(code), "\t.size func, .Lc%d-func" % len(code))
    if o.case == "gfx90a":
        # The function `func` calls: it writes v8 and nothing the variables keep.
        out("\t.p2align 2", "\t.type callee,@function", "callee:", "\tv_mov_b32_e32 v8, 0",
            "\ts_setpc_b64 s[30:31]", ".Lcallee_end:", "\t.size callee, .Lcallee_end-callee")
    body = Out()
    body.n = 1000
    d = Dwarf(body)
    d.die("compile_unit", [(AT["producer"], "string", "hetdwarf gen_clobber_dwarf.py"),
                           (AT["language"], "data1", "0x21"),
                           (AT["name"], "string", "clobber_%s.cpp" % o.case),
                           (AT["low_pc"], "addr", "func"),
                           (AT["high_pc"], "data4", ".Lc%d-func" % len(code))], children=True)
    d.die("subprogram", [(AT["name"], "string", "func"), (AT["low_pc"], "addr", "func"),
                         (AT["high_pc"], "data4", ".Lc%d-func" % len(code))], children=True)
    vars_ = variables(o.case, t)
    for name, _ in vars_:
        d.die("variable", [(AT["name"], "string", name), (AT["type"], "ref4", ".Ltype_int"),
                           (AT["location"], "sec_offset", ".Lll_%s" % label(name))])
    d.end()
    d.die("base_type", [(AT["name"], "string", "int"), (AT["encoding"], "data1", 5),
                        (AT["byte_size"], "data1", 4)], label=".Ltype_int")
    d.end()
    out.lines += d.abbrev_section()
    out("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
        "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:", "\t.short 5", "\t.byte 1",
        "\t.byte 8", "\t.long .debug_abbrev")
    out.lines += body.lines
    out(".Lcu_end:")
    out("\t.section .debug_loclists,\"\",@progbits", "\t.long .Lll_end-.Lll_version",
        ".Lll_version:", "\t.short 5", "\t.byte 8", "\t.byte 0", "\t.long 0")
    for name, entries in vars_:
        out(".Lll_%s:" % label(name), "\t.byte 0x06\t// DW_LLE_base_address", "\t.quad func")
        for first, end, expr in entries:
            out("\t.byte 0x04\t// DW_LLE_offset_pair", "\t.uleb128 .Lc%d-func" % first,
                "\t.uleb128 .Lc%d-func" % end)
            out.expr(expr)
        out("\t.byte 0x00")
    out(".Lll_end:")
    print("\n".join(out.lines))


def label(name):
    return name.replace(":", "_").replace("-", "_")


if __name__ == "__main__":
    main()

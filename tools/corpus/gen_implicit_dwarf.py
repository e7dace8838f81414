#!/usr/bin/env python3
"""gen_implicit_dwarf.py -- implicit pointers, entry values answered by call sites, and
members located by DWARF expressions, as AMDGPU assembly (wave64) with hand-written DWARF.

Code (kern -> callee, linked with ld.lld -shared):

    callee:                               CFA = SGPR32 in private_wave, PC = s[30:31]
        s_mov_b32 s12, s10                ; .cfi_register SGPR10, SGPR12
        s_mov_b32 s10, 0
        s_mov_b32 s4, 0                   ; .cfi_undefined SGPR4, SGPR5, SGPR7
        v_add_u32 v0, 1, v0
      .Lbody:   s_nop 0                   ; <- the wave states stop here
        s_mov_b32 s10, s12
        s_setpc_b64 s[30:31]
    kern:                                 CFA = private_wave 0, PC undefined (outermost)
        s_mov_b32 s32, 0x400
        s_getpc_b64 s[16:17] ; s_add/addc callee@rel32
        s_swappc_b64 s[30:31], s[16:17]   ; call 1: DW_TAG_call_site, return pc .Lret1
      .Lret1:
        s_swappc_b64 s[30:31], s[16:17]   ; call 2: no call site DIE
      .Lret2:
        s_endpgm

DWARF (one compile unit; --dwarf 5: DW_OP_implicit_pointer / DW_OP_entry_value /
DW_TAG_call_site / DW_AT_call_return_pc / DW_AT_call_value; --dwarf 4: the GNU spellings
DW_OP_GNU_implicit_pointer / DW_OP_GNU_entry_value / DW_TAG_GNU_call_site (return address
in DW_AT_low_pc) / DW_AT_GNU_call_site_value):

  kern (frame base private_wave 0):
    value     int     [regx SGPR20]
    k         int     DW_AT_const_value 7 (DW_FORM_data1, as GCC writes small constants)
    lane_val  int     [regx VGPR2; push_lane; lit4; mul; LLVM_offset]   (per lane)
    pair      int[2]  DW_AT_const_value block {10, 20}
    p  int *  [implicit_pointer value, +0]
    q  int *  [implicit_pointer k, +0]
    r  int *  [implicit_pointer lane_val, +0]
    pe int *  [implicit_pointer pair, +4]
    holder    struct Holder {int *ptr; int n;}  [implicit_pointer value, +0; piece 8;
                                                regx SGPR21; piece 4]
    d         struct Derived (virtual base Base)   [addr 0x10000]
              Base's DW_AT_data_member_location = [dup; deref; constu 24; minus; deref;
              plus] (the object on the stack; vbase offset read through the vtable)
    bx        struct Boxed {int hidden; int shown;} in VGPR3/VGPR4 lane slices;
              shown's DW_AT_data_member_location = [push_object_address;
              LLVM_offset_uconst 4]
    lp  int __local *  [lit3; LLVM_aspace_implicit_pointer value, +0]   (--style legacy only)
    call site (return pc .Lret1, origin callee):
      parameter [regx SGPR4]  call value [regx SGPR10; deref_size 4]   (caller's s10)
      parameter [regx SGPR5]  call value [fbreg 16; deref_size 4]      (caller's frame)
  callee:
    n           int  [entry_value(regx SGPR4); stack_value]   call site; CFI: undefined
    scale       int  [entry_value(regx SGPR5); stack_value]   call site; CFI: undefined
    entry_only  int  [entry_value(regx SGPR6); stack_value]   no parameter; CFI: same value
    lost        int  [entry_value(regx SGPR7); stack_value]   no parameter; CFI: undefined

usage: gen_implicit_dwarf.py [--dwarf 4|5] [--style user|legacy] > x.s
       llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj x.s -o x.o
       ld.lld-22 -shared x.o -o x.hsaco
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_hand_dwarf import (AS_LOCAL, AS_PRIVATE_WAVE, AT, DW_CFA_DEF_CFA_EXPRESSION,  # noqa: E402
                            PC_REG, TAG, Asm, Dwarf, Expr, Target, sleb, uleb)

TAG.update({"structure_type": 0x13, "member": 0x0d, "inheritance": 0x1c, "array_type": 0x01,
            "subrange_type": 0x21, "call_site": 0x48, "call_site_parameter": 0x49,
            "GNU_call_site": 0x4109, "GNU_call_site_parameter": 0x410a})
AT.update({"data_member_location": 0x38, "const_value": 0x1c, "call_return_pc": 0x7d,
           "call_value": 0x7e, "call_origin": 0x7f, "GNU_call_site_value": 0x2111,
           "abstract_origin": 0x31, "count": 0x37, "call_all_tail_calls": 0x7c,
           "GNU_all_tail_call_sites": 0x2116, "artificial": 0x34, "virtuality": 0x4c})
OP_ADDR, OP_DUP, OP_DEREF, OP_MINUS = 0x03, 0x12, 0x06, 0x1c
OP_PUSH_OBJECT_ADDRESS = 0x97
IMPLICIT_POINTER = {5: 0xa0, 4: 0xf2}
ENTRY_VALUE = {5: 0xa3, 4: 0xf3}
LEGACY_ASPACE_IMPLICIT_POINTER = 0xe9

PRODUCER = "hetdwarf gen_implicit_dwarf.py"


class IExpr(Expr):
    def __init__(self, style, version):
        super().__init__(style)
        self.version = version

    def implicit_pointer(self, label, off):
        self.b.append(IMPLICIT_POINTER[self.version])
        self.b.append(("die", label))  # .debug_info offset (one unit at offset 0)
        self.b += sleb(off)
        return self

    def aspace_implicit_pointer(self, label, off):
        assert self.style == "legacy", "DW_OP_LLVM_aspace_implicit_pointer has no user sub-op"
        self.b.append(LEGACY_ASPACE_IMPLICIT_POINTER)
        self.b.append(("die", label))
        self.b += sleb(off)
        return self

    def entry_value(self, inner):
        assert all(not isinstance(x, tuple) for x in inner.b)
        self.b += [ENTRY_VALUE[self.version]] + uleb(len(inner.b)) + inner.b
        return self

    def addr(self, a):
        self.b += [OP_ADDR] + list(a.to_bytes(8, "little"))
        return self

    def raw(self, *bs):
        self.b += list(bs)
        return self

    def fbreg(self, off):
        self.b += [0x91] + sleb(off)
        return self


def esc(*bs):
    return "\t.cfi_escape " + ", ".join("0x%02x" % b for b in bs)


def code(a, t):
    s = t.sgpr
    pc_in_s30 = esc(0x10, PC_REG, 8, 0x90, s(30), 0x93, 4, 0x90, s(31), 0x93, 4)
    a('\t.amdgcn_target "amdgcn-amd-amdhsa--%s"' % t.mcpu, "\t.text", "\t.cfi_sections .debug_frame")
    a("\t.globl callee", "\t.protected callee", "\t.p2align 2", "\t.type callee,@function",
      "callee:", "\t.cfi_startproc",
      "\t// DW_CFA_LLVM_def_aspace_cfa SGPR32, 0, private_wave", esc(0x30, s(32), 0, AS_PRIVATE_WAVE),
      "\t// PC = s[30:31]", pc_in_s30,
      "\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)",
      "\ts_mov_b32 s12, s10", "\t.cfi_register %d, %d" % (s(10), s(12)),
      "\ts_mov_b32 s10, 0",
      "\ts_mov_b32 s4, 0",
      "\t.cfi_undefined %d" % s(4), "\t.cfi_undefined %d" % s(5), "\t.cfi_undefined %d" % s(7),
      "\tv_add_u32_e32 v0, 1, v0",
      ".Lbody:", "\ts_nop 0",
      "\ts_mov_b32 s10, s12",
      "\ts_setpc_b64 s[30:31]", "\t.cfi_endproc", ".Lcallee_end:",
      "\t.size callee, .Lcallee_end-callee")
    cfa = Expr("user").lit(0).lit(AS_PRIVATE_WAVE).form_aspace_address()
    a("\t.globl kern", "\t.p2align 8", "\t.type kern,@function", "kern:", "\t.cfi_startproc",
      "\t.cfi_escape 0x%02x, %d, %s" % (DW_CFA_DEF_CFA_EXPRESSION, len(cfa.b), ", ".join(map(hex, cfa.b))),
      "\t.cfi_undefined %d" % PC_REG,
      "\ts_mov_b32 s32, 0x400",
      "\ts_getpc_b64 s[16:17]",
      "\ts_add_u32 s16, s16, callee@rel32@lo+4", "\ts_addc_u32 s17, s17, callee@rel32@hi+12",
      "\ts_swappc_b64 s[30:31], s[16:17]", ".Lret1:",
      "\ts_swappc_b64 s[30:31], s[16:17]", ".Lret2:",
      "\ts_endpgm", "\t.cfi_endproc", ".Lkern_end:", "\t.size kern, .Lkern_end-kern")
    a("\t.rodata", "\t.p2align 6", "\t.amdhsa_kernel kern",
      "\t\t.amdhsa_next_free_vgpr 8", "\t\t.amdhsa_next_free_sgpr 40",
      "\t\t.amdhsa_accum_offset 8", "\t.end_amdhsa_kernel")
    a("\t.amdgpu_metadata", "---", "amdhsa.kernels:",
      "  - .name: kern", "    .symbol: kern.kd",
      "    .kernarg_segment_size: 0", "    .kernarg_segment_align: 4",
      "    .group_segment_fixed_size: 0", "    .private_segment_fixed_size: 1024",
      "    .wavefront_size: 64", "    .sgpr_count: 40", "    .vgpr_count: 8",
      "    .max_flat_workgroup_size: 256",
      "amdhsa.target: amdgcn-amd-amdhsa--%s" % t.mcpu,
      "amdhsa.version:", "  - 1", "  - 2", "...", "\t.end_amdgpu_metadata")


def main():
    ap = argparse.ArgumentParser(description="implicit pointers, call-site entry values, member expressions")
    ap.add_argument("--dwarf", type=int, choices=(4, 5), default=5)
    ap.add_argument("--style", choices=("user", "legacy"), default="user")
    ap.add_argument("--mcpu", default="gfx90a")
    o = ap.parse_args()
    t, v, style = Target(o.mcpu), o.dwarf, o.style
    assert not t.wave32, "wave64 only"
    a = Asm()
    a("// Generated by tools/corpus/gen_implicit_dwarf.py --dwarf %d --style %s --mcpu %s; do not edit."
      % (v, style, t.mcpu))
    code(a, t)

    def E():
        return IExpr(style, v)

    def lane_slice(vgpr):
        return E().regx(t.vgpr(vgpr)).push_lane().lit(4).op("mul").offset()

    body = Asm()
    d = Dwarf(body)
    d.die("compile_unit", [(AT["producer"], "string", "%s (DWARF %d, %s encoding)" % (PRODUCER, v, style)),
                           (AT["language"], "data2", "0x0c"), (AT["name"], "string", "implicit.c"),
                           (AT["low_pc"], "addr", "callee"), (AT["high_pc"], "data4", ".Lkern_end-callee")],
          children=True)

    # types
    d.die("base_type", [(AT["name"], "string", "int"), (AT["encoding"], "data1", 5),
                        (AT["byte_size"], "data1", 4)], label=".Ltype_int")
    d.die("pointer_type", [(AT["type"], "ref4", ".Ltype_int"), (AT["byte_size"], "data1", 8)],
          label=".Ltype_int_ptr", comment="int *")
    d.die("pointer_type", [(AT["type"], "ref4", ".Ltype_int"), (AT["byte_size"], "data1", 4),
                           (AT["address_class"], "data1", AS_LOCAL)],
          label=".Ltype_int_local_ptr", comment="int __local * (DW_ASPACE_AMDGPU_local)")
    d.die("pointer_type", [(AT["type"], "ref4", ".Ltype_int_ptr"), (AT["byte_size"], "data1", 8)],
          label=".Ltype_vptr", comment="int ** (the vtable pointer)")
    d.die("array_type", [(AT["type"], "ref4", ".Ltype_int")], children=True, label=".Ltype_int2")
    d.die("subrange_type", [(AT["count"], "data1", 2)])
    d.end_children()
    d.die("structure_type", [(AT["name"], "string", "Base"), (AT["byte_size"], "data1", 4)],
          children=True, label=".Ltype_base")
    d.die("member", [(AT["name"], "string", "b"), (AT["type"], "ref4", ".Ltype_int"),
                     (AT["data_member_location"], "data1", 0)])
    d.end_children()
    vbase = E().raw(OP_DUP, OP_DEREF).op("constu", 24).raw(OP_MINUS, OP_DEREF).op("plus")
    d.die("structure_type", [(AT["name"], "string", "Derived"), (AT["byte_size"], "data1", 24)],
          children=True, label=".Ltype_derived", comment="struct Derived : virtual Base { int a; }")
    d.die("inheritance", [(AT["type"], "ref4", ".Ltype_base"),
                          (AT["data_member_location"], "exprloc", vbase),
                          (AT["virtuality"], "data1", 1)],
          comment="virtual base: [dup; deref; constu 24; minus; deref; plus]")
    d.die("member", [(AT["name"], "string", "_vptr.Derived"), (AT["type"], "ref4", ".Ltype_vptr"),
                     (AT["data_member_location"], "data1", 0), (AT["artificial"], "flag_present", None)])
    d.die("member", [(AT["name"], "string", "a"), (AT["type"], "ref4", ".Ltype_int"),
                     (AT["data_member_location"], "data1", 8)])
    d.end_children()
    d.die("structure_type", [(AT["name"], "string", "Boxed"), (AT["byte_size"], "data1", 8)],
          children=True, label=".Ltype_boxed")
    d.die("member", [(AT["name"], "string", "hidden"), (AT["type"], "ref4", ".Ltype_int"),
                     (AT["data_member_location"], "data1", 0)])
    d.die("member", [(AT["name"], "string", "shown"), (AT["type"], "ref4", ".Ltype_int"),
                     (AT["data_member_location"], "exprloc",
                      E().raw(OP_PUSH_OBJECT_ADDRESS).offset_uconst(4))],
          comment="[push_object_address; LLVM_offset_uconst 4]")
    d.end_children()
    d.die("structure_type", [(AT["name"], "string", "Holder"), (AT["byte_size"], "data1", 16)],
          children=True, label=".Ltype_holder")
    d.die("member", [(AT["name"], "string", "ptr"), (AT["type"], "ref4", ".Ltype_int_ptr"),
                     (AT["data_member_location"], "data1", 0)])
    d.die("member", [(AT["name"], "string", "n"), (AT["type"], "ref4", ".Ltype_int"),
                     (AT["data_member_location"], "data1", 8)])
    d.end_children()

    # callee
    d.die("subprogram", [(AT["name"], "string", "callee"), (AT["low_pc"], "addr", "callee"),
                         (AT["high_pc"], "data4", ".Lcallee_end-callee"),
                         (AT["external"], "flag_present", None)],
          children=True, label=".Lsub_callee", comment="device function callee(n, scale, entry_only, lost)")
    for name, sgpr, note in (("n", 4, "call site value; CFI undefined"),
                             ("scale", 5, "call site value; CFI undefined"),
                             ("entry_only", 6, "no call site parameter; CFI same value"),
                             ("lost", 7, "no call site parameter; CFI undefined")):
        d.die("formal_parameter", [(AT["name"], "string", name), (AT["type"], "ref4", ".Ltype_int"),
                                   (AT["location"], "exprloc",
                                    E().entry_value(E().regx(t.sgpr(sgpr))).op("stack_value"))],
              label=".Lparam_" + name, comment="entry value of SGPR%d: %s" % (sgpr, note))
    d.end_children()

    # kern
    d.die("subprogram", [(AT["name"], "string", "kern"), (AT["low_pc"], "addr", "kern"),
                         (AT["high_pc"], "data4", ".Lkern_end-kern"),
                         (AT["calling_convention"], "data1", "0xc7"),
                         (AT["frame_base"], "exprloc", E().lit(0).lit(AS_PRIVATE_WAVE).form_aspace_address()),
                         # (vacuously true: there are no tail calls; llvm-dwarfdump --verify
                         # wants one of the DW_AT_call_all_* flags on a caller)
                         (AT["call_all_tail_calls" if v == 5 else "GNU_all_tail_call_sites"],
                          "flag_present", None)],
          children=True, comment="the kernel")
    var = lambda name, ty, loc_form, loc, comment=None: d.die(
        "variable", [(AT["name"], "string", name), (AT["type"], "ref4", ty),
                     ((AT["const_value"] if loc_form != "exprloc" else AT["location"]), loc_form, loc)],
        label=".Lvar_" + name, comment=comment)
    var("value", ".Ltype_int", "exprloc", E().regx(t.sgpr(20)))
    var("k", ".Ltype_int", "data1", 7, "DW_AT_const_value 7, DW_FORM_data1")
    var("lane_val", ".Ltype_int", "exprloc", lane_slice(2))
    var("pair", ".Ltype_int2", "block1", [10, 0, 0, 0, 20, 0, 0, 0], "DW_AT_const_value {10, 20}")
    var("p", ".Ltype_int_ptr", "exprloc", E().implicit_pointer(".Lvar_value", 0))
    var("q", ".Ltype_int_ptr", "exprloc", E().implicit_pointer(".Lvar_k", 0))
    var("r", ".Ltype_int_ptr", "exprloc", E().implicit_pointer(".Lvar_lane_val", 0))
    var("pe", ".Ltype_int_ptr", "exprloc", E().implicit_pointer(".Lvar_pair", 4))
    var("holder", ".Ltype_holder", "exprloc",
        E().implicit_pointer(".Lvar_value", 0).op("piece", 8).regx(t.sgpr(21)).op("piece", 4))
    var("d", ".Ltype_derived", "exprloc", E().addr(0x10000), "struct Derived in global memory")
    bx = lane_slice(3).op("piece", 4)
    bx.b += lane_slice(4).op("piece", 4).b
    var("bx", ".Ltype_boxed", "exprloc", bx, "struct Boxed in VGPR3/VGPR4 lane slices")
    if style == "legacy":
        var("lp", ".Ltype_int_local_ptr", "exprloc",
            E().lit(AS_LOCAL).aspace_implicit_pointer(".Lvar_value", 0),
            "legacy 0xe9 DW_OP_LLVM_aspace_implicit_pointer (local)")
    if v == 5:
        site = ("call_site", [(AT["call_return_pc"], "addr", ".Lret1"),
                              (AT["call_origin"], "ref4", ".Lsub_callee")])
        param, value_at = "call_site_parameter", AT["call_value"]
    else:
        site = ("GNU_call_site", [(AT["low_pc"], "addr", ".Lret1"),
                                  (AT["abstract_origin"], "ref4", ".Lsub_callee")])
        param, value_at = "GNU_call_site_parameter", AT["GNU_call_site_value"]
    d.die(site[0], site[1], children=True, comment="the first call of callee (returns to .Lret1)")
    d.die(param, [(AT["location"], "exprloc", E().regx(t.sgpr(4))),
                  (value_at, "exprloc", E().regx(t.sgpr(10)).op("deref_size", 4))],
          comment="SGPR4 = the caller's s10")
    d.die(param, [(AT["location"], "exprloc", E().regx(t.sgpr(5))),
                  (value_at, "exprloc", E().fbreg(16).op("deref_size", 4))],
          comment="SGPR5 = the dword at the caller's frame base + 16")
    d.end_children()
    d.end_children()
    d.end_children()  # CU

    d.emit_abbrev_section(a)
    a("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
      "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:")
    if v == 5:
        a("\t.short 5\t// DWARF version", "\t.byte 1\t// DW_UT_compile",
          "\t.byte 8\t// address size", "\t.long .debug_abbrev")
    else:
        a("\t.short 4\t// DWARF version", "\t.long .debug_abbrev", "\t.byte 8\t// address size")
    a.lines += body.lines
    a(".Lcu_end:")
    print("\n".join(a.lines))


if __name__ == "__main__":
    main()

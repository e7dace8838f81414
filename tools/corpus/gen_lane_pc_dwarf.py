#!/usr/bin/env python3
"""gen_lane_pc_dwarf.py -- divergent control flow described with
DW_AT_LLVM_lane_pc / DW_AT_LLVM_active_lane, following the recipe of the AMD
extension documentation (digest section 5.10).

The kernel `divergent` linearizes an IF/THEN/ELSE by masking EXEC:

    s_mov_b64 s[20:21], exec          ; EXEC at region entry -> __exec_region0
    v_cmp_gt_u32 vcc, 8, v0
    s_and_saveexec_b64 s[22:23], vcc  ; THEN lanes
  .Lthen:   THEN body                 ; ELSE lanes parked at .Lelse
    s_andn2_b64 exec, s[20:21], exec
  .Lelse:   ELSE body                 ; THEN lanes parked at .Lend
  .Lend:    s_mov_b64 exec, s[20:21]  ; join
    s_endpgm

DWARF (one compile unit, DWARF 5):
  * DW_TAG_dwarf_procedure __divergent_lane_pc = [LLVM_undefined; LLVM_extend 64, lanes]
  * __active_lane_pc = [regx PC; LLVM_extend 64, lanes; regval_type EXEC, exec_t;
                        LLVM_select_bit_piece 64, lanes]
  * region THEN = [call_ref __divergent_lane_pc; addrx .Lelse; stack_value;
                   LLVM_extend 64, lanes; call_ref __exec_region0; deref_type exec_t;
                   LLVM_select_bit_piece 64, lanes]      (ELSE: addrx .Lend)
  * __exec_region0: artificial variable, location list [.Lthen, .Lend) -> s[20:21]
  * the kernel's lane_pc: location list
        [kern, .Lthen)  [call_ref __divergent_lane_pc; call_ref __active_lane_pc]
        [.Lthen, .Lelse) [call_ref THEN; call_ref __active_lane_pc]
        [.Lelse, .Lend)  [call_ref ELSE; call_ref __active_lane_pc]
        [.Lend, end)     [call_ref __divergent_lane_pc; call_ref __active_lane_pc]
  * --numbering old: DW_AT_LLVM_lanes 0x3e0a = wave size, lane_pc 0x3e0b,
    active_lane 0x3e08 = [regx EXEC]; --numbering current: lane_pc 0x3e12 and no
    lanes attribute (a consumer uses the wave size) and no active_lane (none exists
    in the current numbering: hardware EXEC).
  * .debug_frame (.cfi directives): the kernel's CFA is private_wave 0 and its PC is
    undefined (outermost frame).

With --calls it writes instead a call chain kern -> mid -> leaf whose CFI
describes a VGPR (v41) spilled by mid only for the lanes active on entry
(select_bit_piece on the entry EXEC, digest 5.9), the return address of mid
in v40 lanes 0/1 and EXEC on entry in s[40:41].

usage: gen_lane_pc_dwarf.py [--mcpu gfx90a] [--numbering old|current] [--calls] > x.s
       llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj x.s -o x.o
       ld.lld-22 -shared x.o -o x.hsaco
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_hand_dwarf import (AS_PRIVATE_WAVE, AT, DW_CFA_DEF_CFA_EXPRESSION, FORM,  # noqa: E402
                            PC_REG, TAG, Asm, Dwarf, Expr, Target, expr_len, uleb)

FORM.update({"sec_offset": 0x17, "flag_present": 0x19})
TAG.update({"dwarf_procedure": 0x36})
AT.update({"artificial": 0x34, "addr_base": 0x73})
ATTRS = {
    "old": {"lanes": 0x3e0a, "lane_pc": 0x3e0b, "active_lane": 0x3e08},
    "current": {"lane_pc": 0x3e12},
}
OP_CALL_REF, OP_ADDRX, OP_REGVAL_TYPE, OP_DEREF_TYPE = 0x9a, 0xa1, 0xa5, 0xa6

PRODUCER = "hetdwarf gen_lane_pc_dwarf.py"
CU_NAME = "lane_pc.cl"


class LExpr(Expr):
    def call_ref(self, label):
        self.b.append(OP_CALL_REF)
        self.b.append(("die", label))   # 4-byte .debug_info offset (one CU at offset 0)
        return self

    def addrx(self, index):
        self.b += [OP_ADDRX] + uleb(index)
        return self

    def regval_type(self, reg, type_off):
        self.b += [OP_REGVAL_TYPE] + uleb(reg) + uleb(type_off)
        return self

    def deref_type(self, size, type_off):
        self.b += [OP_DEREF_TYPE, size] + uleb(type_off)
        return self


def code(a, t):
    w32 = t.wave32
    a('\t.amdgcn_target "amdgcn-amd-amdhsa--%s"' % t.mcpu, "\t.text",
      "\t.globl divergent", "\t.p2align 8", "\t.type divergent,@function", "divergent:",
      "\t.cfi_sections .debug_frame", "\t.cfi_startproc")
    cfa = Expr("user").lit(0).lit(AS_PRIVATE_WAVE).form_aspace_address()
    a("\t// DW_CFA_def_cfa_expression [lit0; lit6; LLVM_form_aspace_address]: private_wave 0",
      "\t.cfi_escape 0x%02x, %d, %s" % (DW_CFA_DEF_CFA_EXPRESSION, len(cfa.b), ", ".join(map(hex, cfa.b))),
      "\t.cfi_undefined %d" % PC_REG)
    if w32:
        a("\ts_mov_b32 s20, exec_lo", "\tv_cmp_gt_u32_e32 vcc_lo, 8, v0",
          "\ts_and_saveexec_b32 s22, vcc_lo")
    else:
        a("\ts_mov_b64 s[20:21], exec", "\tv_cmp_gt_u32_e32 vcc, 8, v0",
          "\ts_and_saveexec_b64 s[22:23], vcc")
    a(".Lthen:", "\tv_mov_b32_e32 v1, 1", "\tv_mov_b32_e32 v1, 2")
    a("\ts_andn2_b32 exec_lo, s20, exec_lo" if w32 else "\ts_andn2_b64 exec, s[20:21], exec")
    a(".Lelse:", "\tv_mov_b32_e32 v1, 3", "\tv_mov_b32_e32 v1, 4")
    a(".Lend:", "\ts_mov_b32 exec_lo, s20" if w32 else "\ts_mov_b64 exec, s[20:21]",
      "\tv_add_u32_e32 v1, 1, v1" if not w32 else "\tv_add_nc_u32_e32 v1, 1, v1",
      "\ts_endpgm", "\t.cfi_endproc", ".Lkern_end:", "\t.size divergent, .Lkern_end-divergent")
    a("\t.rodata", "\t.p2align 6", "\t.amdhsa_kernel divergent",
      "\t\t.amdhsa_next_free_vgpr 8", "\t\t.amdhsa_next_free_sgpr 24")
    if t.mcpu in ("gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"):
        a("\t\t.amdhsa_accum_offset 8")
    if w32:
        a("\t\t.amdhsa_wavefront_size32 1")
    a("\t.end_amdhsa_kernel")
    a("\t.amdgpu_metadata", "---", "amdhsa.kernels:",
      "  - .name: divergent", "    .symbol: divergent.kd",
      "    .kernarg_segment_size: 0", "    .kernarg_segment_align: 4",
      "    .group_segment_fixed_size: 0", "    .private_segment_fixed_size: 0",
      "    .wavefront_size: %d" % (32 if w32 else 64),
      "    .sgpr_count: 24", "    .vgpr_count: 8", "    .max_flat_workgroup_size: 256",
      "amdhsa.target: amdgcn-amd-amdhsa--%s" % t.mcpu,
      "amdhsa.version:", "  - 1", "  - 2", "...", "\t.end_amdgpu_metadata")


def esc(*bs):
    return "\t.cfi_escape " + ", ".join("0x%02x" % b for b in bs)


def calls(a, t):
    """--calls: kern -> mid -> leaf (wave64) with the CFI of a VGPR spilled only for the
    lanes active on entry (digest 5.9): mid saves EXEC on entry in s[40:41], stores v41
    under that EXEC at FP+4 (wave offset 256) and describes it with
    [regx v41; swap; LLVM_offset_uconst 256; LLVM_call_frame_entry_reg EXEC; deref_size 8;
     LLVM_select_bit_piece 32, 64]; its return address lives in v40 lanes 0/1."""
    assert not t.wave32, "--calls is wave64"
    v40, v41 = uleb(t.vgpr(40)), uleb(t.vgpr(41))
    s30, s31, s32, s33, s40, s41 = (t.sgpr(n) for n in (30, 31, 32, 33, 40, 41))
    pc_in_s30 = esc(0x10, PC_REG, 8, 0x90, s30, 0x93, 4, 0x90, s31, 0x93, 4)
    a('\t.amdgcn_target "amdgcn-amd-amdhsa--%s"' % t.mcpu, "\t.text", "\t.cfi_sections .debug_frame")
    # leaf
    a("\t.globl leaf", "\t.protected leaf", "\t.p2align 2", "\t.type leaf,@function", "leaf:", "\t.cfi_startproc",
      "\t// DW_CFA_LLVM_def_aspace_cfa SGPR32, 0, private_wave", esc(0x30, s32, 0, AS_PRIVATE_WAVE),
      "\t// PC = s[30:31]", pc_in_s30, "\t.cfi_undefined %d" % t.vgpr(0),
      "\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)", "\tv_add_u32_e32 v0, 1, v0",
      "\ts_nop 0", "\ts_setpc_b64 s[30:31]", "\t.cfi_endproc", ".Lleaf_end:",
      "\t.size leaf, .Lleaf_end-leaf")
    # mid
    spill = [0x90] + v41 + [0x16, 0xe9, 0x05] + uleb(4 * 64) + [0xe9, 0x07, t.exec_reg,
                                                                 0x94, 8, 0xe9, 0x0c, 32, 64]
    ra_in_v40 = [0x90] + v40 + [0x9d, 32, 0] + [0x90] + v40 + [0x9d, 32, 32]
    a("\t.globl mid", "\t.protected mid", "\t.p2align 2", "\t.type mid,@function", "mid:", "\t.cfi_startproc",
      esc(0x30, s32, 0, AS_PRIVATE_WAVE), pc_in_s30,
      "\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)",
      "\ts_mov_b32 s34, s33", "\t.cfi_register %d, %d" % (s33, t.sgpr(34)),
      "\ts_mov_b32 s33, s32",
      "\ts_mov_b64 s[40:41], exec",
      "\t// EXEC on entry = s[40:41]",
      esc(0x10, t.exec_reg, 8, 0x90, s40, 0x93, 4, 0x90, s41, 0x93, 4),
      "\tbuffer_store_dword v41, off, s[0:3], s33 offset:4",
      "\t// v41 spilled for the lanes active on entry, at CFA + 4*64",
      esc(*([0x10] + v41 + [len(spill)] + spill)),
      "\t// DW_CFA_LLVM_def_aspace_cfa SGPR33, 0, private_wave", esc(0x30, s33, 0, AS_PRIVATE_WAVE),
      "\ts_add_u32 s32, s32, 0x400",
      "\tv_writelane_b32 v40, s30, 0", "\tv_writelane_b32 v40, s31, 1",
      "\t// PC = v40 lanes 0/1", esc(*([0x10, PC_REG, len(ra_in_v40)] + ra_in_v40)),
      "\tv_cmp_gt_u32_e32 vcc, 16, v0", "\ts_and_b64 exec, exec, vcc",
      "\tv_mov_b32_e32 v41, 7",
      "\ts_getpc_b64 s[16:17]",
      "\ts_add_u32 s16, s16, leaf@rel32@lo+4", "\ts_addc_u32 s17, s17, leaf@rel32@hi+12",
      "\ts_swappc_b64 s[30:31], s[16:17]",
      "\ts_mov_b64 exec, s[40:41]",
      "\tbuffer_load_dword v41, off, s[0:3], s33 offset:4",
      "\tv_readlane_b32 s30, v40, 0", "\tv_readlane_b32 s31, v40, 1",
      "\ts_mov_b32 s32, s33", "\ts_mov_b32 s33, s34",
      "\ts_waitcnt vmcnt(0)", "\ts_setpc_b64 s[30:31]", "\t.cfi_endproc", ".Lmid_end:",
      "\t.size mid, .Lmid_end-mid")
    # kernel
    cfa = Expr("user").lit(0).lit(AS_PRIVATE_WAVE).form_aspace_address()
    a("\t.globl kern", "\t.p2align 8", "\t.type kern,@function", "kern:", "\t.cfi_startproc",
      "\t.cfi_escape 0x%02x, %d, %s" % (DW_CFA_DEF_CFA_EXPRESSION, len(cfa.b), ", ".join(map(hex, cfa.b))),
      "\t.cfi_undefined %d" % PC_REG,
      "\ts_mov_b32 s32, 0x400", "\ts_mov_b32 s33, 0",
      "\ts_getpc_b64 s[16:17]",
      "\ts_add_u32 s16, s16, mid@rel32@lo+4", "\ts_addc_u32 s17, s17, mid@rel32@hi+12",
      "\ts_swappc_b64 s[30:31], s[16:17]",
      "\ts_endpgm", "\t.cfi_endproc", ".Lkern_end:", "\t.size kern, .Lkern_end-kern")
    a("\t.rodata", "\t.p2align 6", "\t.amdhsa_kernel kern",
      "\t\t.amdhsa_next_free_vgpr 48", "\t\t.amdhsa_next_free_sgpr 48",
      "\t\t.amdhsa_accum_offset 48", "\t.end_amdhsa_kernel")
    a("\t.amdgpu_metadata", "---", "amdhsa.kernels:",
      "  - .name: kern", "    .symbol: kern.kd",
      "    .kernarg_segment_size: 0", "    .kernarg_segment_align: 4",
      "    .group_segment_fixed_size: 0", "    .private_segment_fixed_size: 1024",
      "    .wavefront_size: 64", "    .sgpr_count: 48", "    .vgpr_count: 48",
      "    .max_flat_workgroup_size: 256",
      "amdhsa.target: amdgcn-amd-amdhsa--%s" % t.mcpu,
      "amdhsa.version:", "  - 1", "  - 2", "...", "\t.end_amdgpu_metadata")


def main():
    ap = argparse.ArgumentParser(description="lane_pc / active_lane DWARF (digest 5.10) as llvm-mc assembly")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--numbering", choices=("old", "current"), default="old")
    ap.add_argument("--calls", action="store_true",
                    help="instead: kern -> mid -> leaf with a VGPR spilled for the lanes active on entry")
    o = ap.parse_args()
    t = Target(o.mcpu)
    if o.calls:
        a = Asm()
        a("// Generated by tools/corpus/gen_lane_pc_dwarf.py --calls --mcpu %s; do not edit." % t.mcpu)
        calls(a, t)
        print("\n".join(a.lines))
        return
    lanes = 32 if t.wave32 else 64
    exec_bytes = lanes // 8
    attrs = ATTRS[o.numbering]
    a = Asm()
    a("// Generated by tools/corpus/gen_lane_pc_dwarf.py --mcpu %s --numbering %s; do not edit."
      % (t.mcpu, o.numbering))
    code(a, t)

    producer = "%s (%s attribute numbering)" % (PRODUCER, o.numbering)
    # The base type is the first child of the CU, so its unit offset is known here:
    # header 12 + CU DIE (abbrev 1 byte, producer, language 2, name, low_pc 8,
    # high_pc 4, addr_base 4).
    exec_t = 12 + 1 + len(producer) + 1 + 2 + len(CU_NAME) + 1 + 8 + 4 + 4
    assert exec_t < 128

    body = Asm()
    d = Dwarf(body)
    d.die("compile_unit", [(AT["producer"], "string", producer), (AT["language"], "data2", "0x15"),
                           (AT["name"], "string", CU_NAME), (AT["low_pc"], "addr", "divergent"),
                           (AT["high_pc"], "data4", ".Lkern_end-divergent"),
                           (AT["addr_base"], "sec_offset", ".Laddr_base")], children=True)
    d.die("base_type", [(AT["name"], "string", "exec_t"), (AT["encoding"], "data1", 7),
                        (AT["byte_size"], "data1", exec_bytes)],
          label=".Ltype_exec", comment="unsigned exec_t (unit offset %d)" % exec_t)
    E = LExpr
    d.die("dwarf_procedure", [(AT["location"], "exprloc", E("user").undefined().extend(64, lanes))],
          label=".Lproc_divergent", comment="__divergent_lane_pc")
    d.die("dwarf_procedure", [(AT["location"], "exprloc",
                               E("user").regx(PC_REG).extend(64, lanes).regval_type(t.exec_reg, exec_t)
                               .select_bit_piece(64, lanes))],
          label=".Lproc_active", comment="__active_lane_pc")
    for name, addr_index in (("then", 0), ("else", 1)):
        e = (E("user").call_ref(".Lproc_divergent").addrx(addr_index).op("stack_value")
             .extend(64, lanes).call_ref(".Lvar_exec0").deref_type(exec_bytes, exec_t)
             .select_bit_piece(64, lanes))
        d.die("dwarf_procedure", [(AT["location"], "exprloc", e)], label=".Lproc_" + name,
              comment="region %s: parked lanes at .L%s" % (name.upper(), "else" if name == "then" else "end"))
    kern = [(AT["name"], "string", "divergent"), (AT["low_pc"], "addr", "divergent"),
            (AT["high_pc"], "data4", ".Lkern_end-divergent"),
            (AT["calling_convention"], "data1", "0xc7")]
    if "lanes" in attrs:
        kern.append((attrs["lanes"], "data1", lanes))
    kern.append((attrs["lane_pc"], "sec_offset", ".Lloc_lane_pc"))
    if "active_lane" in attrs:
        kern.append((attrs["active_lane"], "exprloc", E("user").regx(t.exec_reg)))
    d.die("subprogram", kern, children=True, comment="the kernel")
    d.die("variable", [(AT["name"], "string", "__exec_region0"), (AT["type"], "ref4", ".Ltype_exec"),
                       (AT["artificial"], "flag_present", None),
                       (AT["location"], "sec_offset", ".Lloc_exec0")],
          label=".Lvar_exec0", comment="EXEC saved at the IF region entry")
    d.end_children()
    d.end_children()

    d.emit_abbrev_section(a)
    a("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
      "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:",
      "\t.short 5\t// DWARF version", "\t.byte 1\t// DW_UT_compile",
      "\t.byte 8\t// address size", "\t.long .debug_abbrev")
    a.lines += body.lines
    a(".Lcu_end:")

    a("\t.section .debug_addr,\"\",@progbits",
      "\t.long .Laddr_end-.Laddr_version", ".Laddr_version:", "\t.short 5", "\t.byte 8", "\t.byte 0",
      ".Laddr_base:", "\t.quad .Lelse\t// index 0", "\t.quad .Lend\t// index 1", ".Laddr_end:")

    a("\t.section .debug_loclists,\"\",@progbits",
      "\t.long .Lll_end-.Lll_version", ".Lll_version:",
      "\t.short 5", "\t.byte 8", "\t.byte 0", "\t.long 0")

    def entry(start, end, e):
        a("\t.byte 0x07\t// DW_LLE_start_end", "\t.quad %s" % start, "\t.quad %s" % end,
          "\t.uleb128 %d" % expr_len(e.b))
        a.bytes(e.b)

    a(".Lloc_lane_pc:")
    for start, end, proc in (("divergent", ".Lthen", ".Lproc_divergent"),
                             (".Lthen", ".Lelse", ".Lproc_then"),
                             (".Lelse", ".Lend", ".Lproc_else"),
                             (".Lend", ".Lkern_end", ".Lproc_divergent")):
        entry(start, end, E("user").call_ref(proc).call_ref(".Lproc_active"))
    a("\t.byte 0x00\t// DW_LLE_end_of_list")
    a(".Lloc_exec0:")
    saved = E("user").regx(t.sgpr(20))
    if not t.wave32:
        saved = saved.op("piece", 4).regx(t.sgpr(21)).op("piece", 4)
    entry(".Lthen", ".Lend", saved)
    a("\t.byte 0x00\t// DW_LLE_end_of_list", ".Lll_end:")
    print("\n".join(a.lines))


if __name__ == "__main__":
    main()

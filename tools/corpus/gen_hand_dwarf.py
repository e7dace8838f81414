#!/usr/bin/env python3
"""gen_hand_dwarf.py -- AMDGPU assembly with hand-written DWARF.

No compiler available on Debian emits the rarer heterogeneous-debugging
constructs, so this script writes them byte by byte into an assembly file
that a stock llvm-mc (14, 19 or 22) turns into a relocatable code object:

  --style user    (default) the current encoding: DW_OP_LLVM_user (0xe9) +
                  ULEB sub-opcode for every extension operation, including
                  aspace_bregx, call_frame_entry_reg, select_bit_piece,
                  extend, bit_offset, offset_uconst, piece_end, undefined;
                  attributes with the LLVM 22 numbers (lanes 0x3e11,
                  lane_pc 0x3e12, vector_size 0x3e13, memory_space 0x3e0f,
                  address_space 0x3e10); CFI made with .cfi_* directives
                  (DW_CFA_LLVM_def_aspace_cfa, DW_CFA_LLVM_def_aspace_cfa_sf,
                  def_cfa_expression, DW_CFA_expression for the PC).
  --style legacy  the older AMD-fork encoding: direct one-byte opcodes
                  0xe1..0xec (0xe9 = aspace_implicit_pointer there!) and the
                  old attribute numbers (active_lane 0x3e08, augmentation
                  0x3e09, lanes 0x3e0a, lane_pc 0x3e0b, vector_size 0x3e0c);
                  a hand-written .debug_frame whose CIE has the augmentation
                  "[amd:v0.0]".

Both objects hold: a kernel (with a kernel descriptor and an
.amdgpu_metadata note), a device function, a DWARF 5 compile unit whose
subprograms carry lanes / lane_pc / active_lane, one variable per operation
under test, a location list (offset_pair, start_length and
default_location entries) and pointer types in several address spaces.

--mcpu picks the target; gfx10+ targets are wave32 (VGPRn = DWARF 1536+n,
EXEC = EXEC_LO, register 1); others wave64 (VGPRn = 2560+n, EXEC = 17).

usage: gen_hand_dwarf.py [--style user|legacy] [--mcpu gfx90a] > x.s
       llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj x.s -o x.o
"""
import argparse

# ---------------------------------------------------------------- encodings
OP = {  # standard DWARF 5 operations used below
    "addr": 0x03, "deref": 0x06, "const1u": 0x08, "constu": 0x10, "consts": 0x11,
    "dup": 0x12, "swap": 0x16, "xderef": 0x18, "mul": 0x1e, "plus": 0x22,
    "plus_uconst": 0x23, "shl": 0x24, "shr": 0x25, "lit0": 0x30,
    "regx": 0x90, "fbreg": 0x91, "bregx": 0x92, "piece": 0x93,
    "deref_size": 0x94, "xderef_size": 0x95, "bit_piece": 0x9d, "stack_value": 0x9f,
}
DW_OP_LLVM_USER = 0xe9
USER_SUBOP = {  # DW_OP_LLVM_user sub-opcodes (llvm/BinaryFormat/Dwarf.def)
    "nop": 0x01, "form_aspace_address": 0x02, "push_lane": 0x03, "offset": 0x04,
    "offset_uconst": 0x05, "bit_offset": 0x06, "call_frame_entry_reg": 0x07,
    "undefined": 0x08, "aspace_bregx": 0x09, "piece_end": 0x0a, "extend": 0x0b,
    "select_bit_piece": 0x0c,
}
LEGACY_OP = {  # pre-upstreaming AMD encoding (libdwarf dwarf.h)
    "form_aspace_address": 0xe1, "push_lane": 0xe2, "offset": 0xe3,
    "offset_uconst": 0xe4, "bit_offset": 0xe5, "call_frame_entry_reg": 0xe6,
    "undefined": 0xe7, "aspace_bregx": 0xe8, "aspace_implicit_pointer": 0xe9,
    "piece_end": 0xea, "extend": 0xeb, "select_bit_piece": 0xec,
}
ATTR_NEW = {"lanes": 0x3e11, "lane_pc": 0x3e12, "vector_size": 0x3e13,
            "memory_space": 0x3e0f, "address_space": 0x3e10,
            # active_lane never got an upstream number; the only one it ever
            # had is the old 0x3e08 (now DW_AT_LLVM_ptrauth_isa_pointer).
            "active_lane": 0x3e08}
ATTR_OLD = {"active_lane": 0x3e08, "augmentation": 0x3e09, "lanes": 0x3e0a,
            "lane_pc": 0x3e0b, "vector_size": 0x3e0c}
DW_CFA_LLVM_DEF_ASPACE_CFA, DW_CFA_LLVM_DEF_ASPACE_CFA_SF = 0x30, 0x31
DW_CFA_DEF_CFA_EXPRESSION, DW_CFA_EXPRESSION = 0x0f, 0x10
# DWARF address spaces, DW_ASPACE_LLVM_AMDGPU_*
AS_GENERIC, AS_REGION, AS_LOCAL, AS_PRIVATE_LANE, AS_PRIVATE_WAVE = 1, 2, 3, 5, 6
PC_REG = 16
FORM = {"addr": 0x01, "data2": 0x05, "data4": 0x06, "data8": 0x07, "string": 0x08,
        "block1": 0x0a, "data1": 0x0b, "sdata": 0x0d, "udata": 0x0f, "ref4": 0x13,
        "sec_offset": 0x17, "exprloc": 0x18, "flag_present": 0x19}
TAG = {"compile_unit": 0x11, "subprogram": 0x2e, "variable": 0x34,
       "formal_parameter": 0x05, "base_type": 0x24, "pointer_type": 0x0f}
AT = {"name": 0x03, "producer": 0x25, "language": 0x13, "low_pc": 0x11,
      "high_pc": 0x12, "frame_base": 0x40, "type": 0x49, "location": 0x02,
      "encoding": 0x3e, "byte_size": 0x0b, "address_class": 0x33,
      "calling_convention": 0x36, "external": 0x3f}


def uleb(v):
    out = []
    while True:
        b, v = v & 0x7f, v >> 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return out


def sleb(v):
    out = []
    while True:
        b, v = v & 0x7f, v >> 7
        last = (v == 0 and not b & 0x40) or (v == -1 and b & 0x40)
        out.append(b if last else b | 0x80)
        if last:
            return out


class Target:
    def __init__(self, mcpu):
        self.mcpu = mcpu
        self.wave32 = mcpu.startswith(("gfx10", "gfx11", "gfx12"))
        self.exec_reg = 1 if self.wave32 else 17

    def sgpr(self, n):
        return 32 + n if n < 64 else 1024 + n

    def vgpr(self, n):
        return (1536 if self.wave32 else 2560) + n


class Expr:
    """Builds one DWARF expression; `style` selects extension encodings."""

    def __init__(self, style):
        self.style, self.b = style, []

    def _ext(self, name, *operands):
        if self.style == "user":
            self.b += [DW_OP_LLVM_USER] + uleb(USER_SUBOP[name])
        else:
            self.b.append(LEGACY_OP[name])
        self.b += sum(operands, [])
        return self

    # standard operations
    def op(self, name, *ulebs):
        self.b += [OP[name]] + sum((uleb(x) for x in ulebs), [])
        return self

    def lit(self, n):
        self.b.append(OP["lit0"] + n)
        return self

    def consts(self, n):
        self.b += [OP["consts"]] + sleb(n)
        return self

    def regx(self, r):
        return self.op("regx", r)

    def bregx(self, r, off):
        self.b += [OP["bregx"]] + uleb(r) + sleb(off)
        return self

    # extension operations
    def form_aspace_address(self): return self._ext("form_aspace_address")
    def push_lane(self): return self._ext("push_lane")
    def offset(self): return self._ext("offset")
    def offset_uconst(self, n): return self._ext("offset_uconst", uleb(n))
    def bit_offset(self): return self._ext("bit_offset")
    def call_frame_entry_reg(self, r): return self._ext("call_frame_entry_reg", uleb(r))
    def undefined(self): return self._ext("undefined")
    def aspace_bregx(self, r, off): return self._ext("aspace_bregx", uleb(r), sleb(off))
    def piece_end(self): return self._ext("piece_end")
    def extend(self, bits, count): return self._ext("extend", uleb(bits), uleb(count))
    def select_bit_piece(self, bits, count): return self._ext("select_bit_piece", uleb(bits), uleb(count))

    def nop(self):
        assert self.style == "user", "the legacy set has no nop"
        return self._ext("nop")

    def aspace_implicit_pointer(self, die_label, off):
        """legacy only: 4-byte .debug_info offset of a DIE, SLEB displacement."""
        assert self.style == "legacy"
        self.b.append(LEGACY_OP["aspace_implicit_pointer"])
        self.b.append(("die", die_label))
        self.b += sleb(off)
        return self


def lane_frame_address(e, t, extra):
    """private_lane address of the current frame slot SGPR33 (FP) + extra:
    the swizzled wave offset is divided by the wave size."""
    shift = 5 if t.wave32 else 6
    return (e.regx(t.sgpr(33)).op("deref_size", 4).lit(shift).op("shr")
             .lit(AS_PRIVATE_LANE).form_aspace_address().lit(extra).offset())


def variables(style, t):
    """(name, description, expression) for every variable of the kernel."""
    E = lambda: Expr(style)
    v = []
    v.append(("private_lane_slot", "FP>>log2(wave) as private_lane address, LLVM_offset +8",
              lane_frame_address(E(), t, 8)))
    v.append(("vgpr_lane_value", "VGPR1 lane slice: push_lane*4 then LLVM_offset",
              E().regx(t.vgpr(1)).push_lane().lit(4).op("mul").offset()))
    v.append(("offset_uconst_field", "VGPR2 register location, LLVM_offset_uconst 8",
              E().regx(t.vgpr(2)).offset_uconst(8)))
    v.append(("lds_via_aspace_bregx", "LDS address SGPR4+16 via LLVM_aspace_bregx (aspace local)",
              E().lit(AS_LOCAL).aspace_bregx(t.sgpr(4), 16)))
    v.append(("negative_aspace_bregx", "private_wave address SGPR32-64 via LLVM_aspace_bregx",
              E().lit(AS_PRIVATE_WAVE).aspace_bregx(t.sgpr(32), -64)))
    v.append(("bit_field", "VGPR0 location moved by LLVM_bit_offset 3",
              E().regx(t.vgpr(0)).lit(3).bit_offset()))
    v.append(("half_undefined", "LLVM_undefined low 4 bytes, VGPR3 high 4 bytes",
              E().undefined().op("piece", 4).regx(t.vgpr(3)).op("piece", 4)))
    v.append(("entry_exec", "EXEC on entry via LLVM_call_frame_entry_reg, read as a value",
              E().call_frame_entry_reg(t.exec_reg).op("deref_size", 4 if t.wave32 else 8)
              .op("stack_value")))
    lanes = 32 if t.wave32 else 64
    v.append(("selected_per_lane", "VGPR4/VGPR5 chosen per lane by entry EXEC: LLVM_select_bit_piece",
              E().regx(t.vgpr(4)).regx(t.vgpr(5)).call_frame_entry_reg(t.exec_reg)
              .op("deref_size", lanes // 8).select_bit_piece(32, lanes)))
    v.append(("splat_vector", "SGPR6 replicated 4x32 bits by LLVM_extend, then piece_end",
              E().regx(t.sgpr(6)).extend(32, 4).piece_end()))
    v.append(("sgpr_pair_u64", "64-bit value in SGPR8:9, closed by piece_end",
              E().regx(t.sgpr(8)).op("piece", 4).regx(t.sgpr(9)).op("piece", 4).piece_end()))
    v.append(("std_xderef", "plain DWARF 5: SGPR33+4, aspace 5, swap, xderef (upstream clang shape)",
              E().bregx(t.sgpr(33), 4).lit(AS_PRIVATE_LANE).op("swap").op("xderef")))
    v.append(("std_xderef_size", "plain DWARF 5: SGPR4 in aspace 3, xderef_size 4, stack_value",
              E().bregx(t.sgpr(4), 0).lit(AS_LOCAL).op("swap").op("xderef_size", 4).op("stack_value")))
    if style == "user":
        v.append(("nop_then_vgpr", "LLVM_nop, then VGPR7", E().nop().regx(t.vgpr(7))))
    else:
        v.append(("implicit_ptr_local", "legacy 0xe9 aspace_implicit_pointer to private_lane_slot, +4",
                  E().lit(AS_LOCAL).aspace_implicit_pointer(".Lvar_private_lane_slot", 4)))
    return v


def location_list(style, t):
    """(kind, operands, expression): offset_pair, start_length, default."""
    E = lambda: Expr(style)
    return [
        ("offset_pair", (0, 4), E().regx(t.vgpr(8)).push_lane().lit(4).op("mul").offset()),
        ("offset_pair", (4, 8), lane_frame_address(E(), t, 12)),
        ("start_length", ("func", 4), E().lit(AS_LOCAL).aspace_bregx(t.sgpr(5), 0)),
        ("default", None, E().undefined()),
    ]


# ------------------------------------------------------------------ writer
class Asm:
    def __init__(self):
        self.lines = []

    def __call__(self, *lines):
        self.lines.extend(lines)

    def bytes(self, bs):
        """emit a byte list that may hold ('die', label) placeholders"""
        run = []
        for b in bs:
            if isinstance(b, tuple):
                if run:
                    self("\t.byte " + ", ".join("0x%02x" % x for x in run))
                    run = []
                self("\t.long %s-.Lcu_begin" % b[1])
            else:
                run.append(b)
        if run:
            self("\t.byte " + ", ".join("0x%02x" % x for x in run))


def expr_len(bs):
    return sum(4 if isinstance(b, tuple) else 1 for b in bs)


class Dwarf:
    """Collects DIEs, derives the abbreviation table from them."""

    def __init__(self, asm):
        self.asm, self.abbrevs = asm, {}

    def abbrev(self, tag, children, attrs):
        key = (tag, children, tuple((a, f) for a, f, _ in attrs))
        if key not in self.abbrevs:
            self.abbrevs[key] = len(self.abbrevs) + 1
        return self.abbrevs[key]

    def die(self, tag, attrs, children=False, label=None, comment=None):
        a = self.asm
        if comment:
            a("\t// " + comment)
        if label:
            a(label + ":")
        a("\t.uleb128 %d\t// %s" % (self.abbrev(TAG[tag], children, attrs), tag))
        for at, form, val in attrs:
            if form == "string":
                a('\t.asciz "%s"' % val)
            elif form in ("data1", "data2", "data4", "data8"):
                a("\t.%s %s" % ({"data1": "byte", "data2": "short", "data4": "long",
                                 "data8": "quad"}[form], val))
            elif form == "sdata":
                a("\t.sleb128 %s" % val)
            elif form == "udata":
                a("\t.uleb128 %s" % val)
            elif form == "addr":
                a("\t.quad %s" % val)
            elif form == "ref4":
                a("\t.long %s-.Lcu_begin" % val)
            elif form == "sec_offset":
                a("\t.long %s" % val)
            elif form == "exprloc":
                a("\t.uleb128 %d" % expr_len(val.b))
                a.bytes(val.b)
            elif form == "block1":
                a("\t.byte %d" % len(val))
                a("\t.byte " + ", ".join("0x%02x" % x for x in val))
            elif form == "flag_present":
                pass
            else:
                raise ValueError(form)

    def end_children(self):
        self.asm("\t.byte 0")

    def emit_abbrev_section(self, a):
        a("\t.section .debug_abbrev,\"\",@progbits")
        for (tag, children, attrs), code in sorted(self.abbrevs.items(), key=lambda kv: kv[1]):
            a("\t.uleb128 %d\n\t.uleb128 0x%x\n\t.byte %d" % (code, tag, 1 if children else 0))
            for at, form in attrs:
                a("\t.uleb128 0x%x\n\t.uleb128 0x%x" % (at, FORM[form]))
            a("\t.byte 0, 0")
        a("\t.byte 0")


def code_section(a, t, style):
    """A kernel (s_endpgm) and a device function with CFI."""
    a('\t.amdgcn_target "amdgcn-amd-amdhsa--%s"' % t.mcpu, "\t.text")
    a("\t.globl kern", "\t.p2align 8", "\t.type kern,@function",
      "kern:", "\tv_mov_b32 v1, 0", "\ts_nop 0", "\ts_endpgm",
      ".Lkern_end:", "\t.size kern, .Lkern_end-kern")
    a("\t.globl func", "\t.p2align 2", "\t.type func,@function", "func:")
    if style == "user":
        # CFI through directives; llvm-mc builds CIE + FDE in .debug_frame.
        a("\t.cfi_sections .debug_frame", "\t.cfi_startproc")
    a("\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)")
    if style == "user":
        sp = uleb(t.sgpr(32))
        a("\t// DW_CFA_LLVM_def_aspace_cfa SGPR32, 0, private_wave")
        a("\t.cfi_escape 0x%02x, %s, 0x00, 0x%02x" % (DW_CFA_LLVM_DEF_ASPACE_CFA, ", ".join(map(hex, sp)), AS_PRIVATE_WAVE))
    a("\ts_mov_b32 s33, s32")
    if style == "user":
        fp = uleb(t.sgpr(33))
        a("\t// DW_CFA_LLVM_def_aspace_cfa_sf SGPR33, -2 (x data align 4 = -8), private_wave")
        a("\t.cfi_escape 0x%02x, %s, %s, 0x%02x" % (DW_CFA_LLVM_DEF_ASPACE_CFA_SF, ", ".join(map(hex, fp)),
                                                   ", ".join(map(hex, sleb(-2))), AS_PRIVATE_WAVE))
    a("\ts_add_u32 s32, s32, 0x400")
    if style == "user":
        cfa = (Expr("user").regx(t.sgpr(32)).op("deref_size", 4).lit(5 if t.wave32 else 6)
               .op("shl").lit(AS_PRIVATE_WAVE).form_aspace_address())
        a("\t// DW_CFA_def_cfa_expression: (SGPR32 << log2 wave) in private_wave")
        a("\t.cfi_escape 0x%02x, %d, %s" % (DW_CFA_DEF_CFA_EXPRESSION, len(cfa.b), ", ".join(map(hex, cfa.b))))
        pc = Expr("user").regx(t.sgpr(30)).op("piece", 4).regx(t.sgpr(31)).op("piece", 4)
        a("\t// DW_CFA_expression PC: SGPR30:31 pair")
        a("\t.cfi_escape 0x%02x, %d, %d, %s" % (DW_CFA_EXPRESSION, PC_REG, len(pc.b), ", ".join(map(hex, pc.b))))
        a("\t.cfi_undefined %d" % t.vgpr(40))
        a("\t.cfi_register %d, %d" % (t.sgpr(33), t.sgpr(10)))
    a("\ts_setpc_b64 s[30:31]")
    if style == "user":
        a("\t.cfi_endproc")
    a(".Lfunc_end:", "\t.size func, .Lfunc_end-func")
    a("\t.rodata", "\t.p2align 6",
      "\t.amdhsa_kernel kern",
      "\t\t.amdhsa_next_free_vgpr 8",
      "\t\t.amdhsa_next_free_sgpr 16")
    if t.mcpu in ("gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"):
        a("\t\t.amdhsa_accum_offset 8")
    if t.wave32:
        a("\t\t.amdhsa_wavefront_size32 1")
    a("\t.end_amdhsa_kernel")
    # Kernel metadata note (what llc writes for a real kernel), so the
    # expected-value recorder can read the kernel list like for any object.
    a("\t.amdgpu_metadata", "---", "amdhsa.kernels:",
      "  - .name: kern", "    .symbol: kern.kd",
      "    .kernarg_segment_size: 0", "    .kernarg_segment_align: 4",
      "    .group_segment_fixed_size: 0", "    .private_segment_fixed_size: 0",
      "    .wavefront_size: %d" % (32 if t.wave32 else 64),
      "    .sgpr_count: 16", "    .vgpr_count: 8", "    .max_flat_workgroup_size: 256",
      "amdhsa.target: amdgcn-amd-amdhsa--%s" % t.mcpu,
      "amdhsa.version:", "  - 1", "  - 2",
      "...", "\t.end_amdgpu_metadata")


def debug_frame_legacy(a, t):
    """Hand-written .debug_frame: CIE augmentation "[amd:v0.0]" (version 4,
    address size 8, segment selector size 0), one FDE for func that uses the
    legacy-encoded extension ops inside its CFA expression."""
    cfa = (Expr("legacy").regx(t.sgpr(32)).op("deref_size", 4).lit(5 if t.wave32 else 6)
           .op("shl").lit(AS_PRIVATE_WAVE).form_aspace_address())
    a("\t.section .debug_frame,\"\",@progbits", ".Lframe_start:",
      "\t.long .Lcie_end-.Lcie_id",
      ".Lcie_id:", "\t.long 0xffffffff", "\t.byte 4", '\t.asciz "[amd:v0.0]"',
      "\t.byte 8, 0", "\t.uleb128 4", "\t.sleb128 4", "\t.uleb128 %d" % PC_REG,
      "\t// DW_CFA_LLVM_def_aspace_cfa SGPR32, 0, private_wave",
      "\t.byte 0x%02x" % DW_CFA_LLVM_DEF_ASPACE_CFA, "\t.uleb128 %d" % t.sgpr(32),
      "\t.uleb128 0", "\t.uleb128 %d" % AS_PRIVATE_WAVE,
      "\t.p2align 3, 0", ".Lcie_end:",
      "\t.long .Lfde_end-.Lfde_cie",
      ".Lfde_cie:", "\t.long .Lcie_id-.Lframe_start-4",
      "\t.quad func", "\t.quad .Lfunc_end-func",
      "\t.byte 0x41\t// DW_CFA_advance_loc 1 (x4)",
      "\t// DW_CFA_def_cfa_expression with legacy 0xe1 form_aspace_address",
      "\t.byte 0x%02x" % DW_CFA_DEF_CFA_EXPRESSION, "\t.uleb128 %d" % len(cfa.b))
    a.bytes(cfa.b)
    a("\t.byte 0x07\t// DW_CFA_undefined VGPR40", "\t.uleb128 %d" % t.vgpr(40),
      "\t.p2align 3, 0", ".Lfde_end:")


def main():
    ap = argparse.ArgumentParser(description="hand-written AMDGPU DWARF as llvm-mc assembly")
    ap.add_argument("--style", choices=("user", "legacy"), default="user")
    ap.add_argument("--mcpu", default="gfx90a")
    o = ap.parse_args()
    t, style = Target(o.mcpu), o.style
    attrn = ATTR_NEW if style == "user" else ATTR_OLD
    a = Asm()
    a("// Generated by tools/corpus/gen_hand_dwarf.py --style %s --mcpu %s; do not edit." % (style, t.mcpu))
    code_section(a, t, style)
    if style == "legacy":
        debug_frame_legacy(a, t)

    body = Asm()          # .debug_info body first, so the abbrevs are known
    d = Dwarf(body)
    lanes = 32 if t.wave32 else 64
    cu_attrs = [("producer", "string", "hetdwarf gen_hand_dwarf.py (%s encoding)" % style),
                ("language", "data2", "0x0c"), ("name", "string", "hand_%s.c" % style),
                ("low_pc", "addr", "kern"), ("high_pc", "data4", ".Lfunc_end-kern")]
    if style == "legacy":
        cu_attrs.append((attrn["augmentation"], "string", "[amdgpu:v0.0]"))
    d.die("compile_unit", [(AT.get(k, k), f, v) for k, f, v in cu_attrs], children=True)

    # kernel: lanes / lane_pc / active_lane
    kern_attrs = [("name", "string", "kern"), ("low_pc", "addr", "kern"),
                  ("high_pc", "data4", ".Lkern_end-kern"),
                  ("calling_convention", "data1", "0xc7"),     # DW_CC_LLVM_DeviceKernel
                  ("frame_base", "exprloc", Expr(style).lit(0).lit(AS_PRIVATE_WAVE).form_aspace_address()),
                  (attrn["lanes"], "data1", lanes),
                  (attrn["lane_pc"], "exprloc", Expr(style).regx(t.vgpr(9)).op("piece", 8)),
                  (attrn["active_lane"], "exprloc", Expr(style).regx(t.exec_reg))]
    d.die("subprogram", [(AT.get(k, k), f, v) for k, f, v in kern_attrs], children=True,
          comment="kernel with lanes / lane_pc / active_lane")
    for name, desc, e in variables(style, t):
        d.die("variable", [(AT["name"], "string", name), (AT["type"], "ref4", ".Ltype_int"),
                           (AT["location"], "exprloc", e)],
              label=".Lvar_" + name, comment=desc)
    d.die("variable", [(AT["name"], "string", "loclist_var"), (AT["type"], "ref4", ".Ltype_int"),
                       (AT["location"], "sec_offset", ".Lloclist0")],
          comment="location list: offset_pair x2, start_length, default_location")
    d.die("variable", [(AT["name"], "string", "lds_ptr"), (AT["type"], "ref4", ".Ltype_ptr_local")])
    d.die("variable", [(AT["name"], "string", "lane_vec"), (AT["type"], "ref4", ".Ltype_int4"),
                       (AT["location"], "exprloc", Expr(style).regx(t.vgpr(10)).op("piece", 16))],
          comment="vector-typed value (vector_size base type)")
    d.end_children()

    # device function: frame base from the CFA convention, a parameter
    # located through call_frame_entry_reg, lane_pc as a 64-lane vector.
    shift = 5 if t.wave32 else 6
    fb = (Expr(style).regx(t.sgpr(33)).op("deref_size", 4).lit(shift).op("shr")
          .lit(AS_PRIVATE_LANE).form_aspace_address())
    func_attrs = [("name", "string", "func"), ("low_pc", "addr", "func"),
                  ("high_pc", "data4", ".Lfunc_end-func"), ("frame_base", "exprloc", fb),
                  (attrn["lanes"], "data1", lanes),
                  (attrn["lane_pc"], "exprloc", Expr(style).undefined().extend(64, lanes))]
    d.die("subprogram", [(AT.get(k, k), f, v) for k, f, v in func_attrs], children=True,
          comment="device function")
    d.die("formal_parameter", [(AT["name"], "string", "ret_addr"), (AT["type"], "ref4", ".Ltype_u64"),
                               (AT["location"], "exprloc", Expr(style).call_frame_entry_reg(PC_REG))],
          comment="return address = caller's PC via call_frame_entry_reg")
    d.die("formal_parameter", [(AT["name"], "string", "arg0"), (AT["type"], "ref4", ".Ltype_int"),
                               (AT["location"], "exprloc",
                                Expr(style).regx(t.vgpr(0)).push_lane().lit(4).op("mul").offset())])
    d.end_children()

    # types
    d.die("base_type", [(AT["name"], "string", "int"), (AT["encoding"], "data1", 5),
                        (AT["byte_size"], "data1", 4)], label=".Ltype_int")
    d.die("base_type", [(AT["name"], "string", "unsigned long"), (AT["encoding"], "data1", 7),
                        (AT["byte_size"], "data1", 8)], label=".Ltype_u64")
    d.die("base_type", [(AT["name"], "string", "int4"), (AT["encoding"], "data1", 5),
                        (AT["byte_size"], "data1", 4), (attrn["vector_size"], "data1", 4)],
          label=".Ltype_int4")
    if style == "user":
        ptr_attrs = [(AT["type"], "ref4", ".Ltype_int"), (AT["address_class"], "data1", AS_LOCAL),
                     (ATTR_NEW["memory_space"], "data1", 0), (ATTR_NEW["address_space"], "data4", AS_LOCAL)]
        gen_attrs = [(AT["type"], "ref4", ".Ltype_int"), (ATTR_NEW["address_space"], "data4", AS_GENERIC)]
        prv_attrs = [(AT["type"], "ref4", ".Ltype_int"), (ATTR_NEW["address_space"], "data4", AS_PRIVATE_LANE)]
    else:
        ptr_attrs = [(AT["type"], "ref4", ".Ltype_int"), (AT["address_class"], "data1", AS_LOCAL)]
        gen_attrs = [(AT["type"], "ref4", ".Ltype_int"), (AT["address_class"], "data1", AS_GENERIC)]
        prv_attrs = [(AT["type"], "ref4", ".Ltype_int"), (AT["address_class"], "data1", AS_PRIVATE_LANE)]
    d.die("pointer_type", ptr_attrs, label=".Ltype_ptr_local", comment="int __local *")
    d.die("pointer_type", gen_attrs, label=".Ltype_ptr_generic", comment="int * (generic)")
    d.die("pointer_type", prv_attrs, label=".Ltype_ptr_private", comment="int __private *")
    d.end_children()      # end of CU

    d.emit_abbrev_section(a)
    a("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
      "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:",
      "\t.short 5\t// DWARF version", "\t.byte 1\t// DW_UT_compile",
      "\t.byte 8\t// address size", "\t.long .debug_abbrev")
    a.lines += body.lines
    a(".Lcu_end:")

    # .debug_loclists
    a("\t.section .debug_loclists,\"\",@progbits",
      "\t.long .Lll_end-.Lll_version", ".Lll_version:",
      "\t.short 5", "\t.byte 8", "\t.byte 0", "\t.long 0", ".Lloclist0:",
      "\t.byte 0x06\t// DW_LLE_base_address", "\t.quad kern")
    for kind, ops, e in location_list(style, t):
        if kind == "offset_pair":
            a("\t.byte 0x04\t// DW_LLE_offset_pair", "\t.uleb128 %d" % ops[0], "\t.uleb128 %d" % ops[1])
        elif kind == "start_length":
            a("\t.byte 0x08\t// DW_LLE_start_length", "\t.quad %s" % ops[0], "\t.uleb128 %d" % ops[1])
        else:
            a("\t.byte 0x05\t// DW_LLE_default_location")
        a("\t.uleb128 %d" % expr_len(e.b))
        a.bytes(e.b)
    a("\t.byte 0x00\t// DW_LLE_end_of_list", ".Lll_end:")
    print("\n".join(a.lines))


if __name__ == "__main__":
    main()

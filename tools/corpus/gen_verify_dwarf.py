#!/usr/bin/env python3
"""gen_verify_dwarf.py -- hand-written DWARF for every finding class of `hetdwarf verify`.

Each object holds, for each check it exercises, at least one DIE named
`bad:<check-id>` (which must be reported with exactly that check) and, where a
negative case makes sense, one named `good:<check-id>` (which must not be
reported at all). CFI cases live in the FDE of `func_bad` (every rule there is
wrong in one way) and `func_good` (no finding expected).

  --case decode      undecodable-expression, branch-off-boundary,
                     legacy-opcode-under-user-convention
  --case legacy      user-opcode-under-legacy-convention (legacy-encoded object)
  --case evaluation  stack-underflow, kind-mismatch, incomplete-composite-misuse,
                     piece-end-without-composite, zero-size-or-count,
                     select-mask-too-narrow, not-a-base-type, type-size-mismatch,
                     type-mismatch, invalid-conversion, fbreg-in-frame-base,
                     frame-base-not-single-location, deref-size-out-of-range,
                     division-by-zero, read-of-undefined, reference-out-of-unit,
                     reference-between-dies, type-reference-not-a-type; DW_OP_call4 to a
                     DWARF procedure (followed on the caller's stack)
  --case target      unmapped-register, register-read-too-wide,
                     undefined-address-space, address-out-of-range,
                     breg-narrow-register (wave64 gfx90a, or wave32 with --mcpu gfx1100)
  --case cfi         op-forbidden-in-cfi, cfa-not-memory, cfa-rule-after-expression,
                     cfi-undecodable, undefined-address-space and unmapped-register in CFI
  --case loclist     loclist-empty-range, loclist-inverted-range, loclist-out-of-scope,
                     loclist-overlap, loclist-gap, loclist-size-mismatch
  --case producer    xderef-on-register-value, fbreg-without-frame-base,
                     ptrauth-attribute-collision, lds-placeholder-location
  --case upstream    register-read-too-wide in a unit read as upstream DWARF (a bare
                     vector register is one lane's dword), and of a whole value

usage: gen_verify_dwarf.py --case NAME [--mcpu gfx90a] > x.s
       llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj x.s -o x.o
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_hand_dwarf import (AS_GENERIC, AS_LOCAL, AS_PRIVATE_LANE, AS_PRIVATE_WAVE,  # noqa: E402
                            DW_OP_LLVM_USER, LEGACY_OP, OP, USER_SUBOP, Target, sleb, uleb)

OPX = dict(OP)
OPX.update({"drop": 0x13, "over": 0x14, "dup": 0x12, "minus": 0x1c, "div": 0x1b, "skip": 0x2f, "bra": 0x28,
            "convert": 0xa8, "deref_type": 0xa6, "const_type": 0xa4, "nop": 0x96,
            "lit1": 0x31, "const8u": 0x0e, "const4u": 0x0c, "reinterpret": 0xa9})

TAG = {"compile_unit": 0x11, "subprogram": 0x2e, "variable": 0x34, "dwarf_procedure": 0x36,
       "formal_parameter": 0x05, "base_type": 0x24, "pointer_type": 0x0f,
       "typedef": 0x16, "structure_type": 0x13, "member": 0x0d}
FORM = {"addr": 0x01, "data1": 0x0b, "data4": 0x06, "string": 0x08, "ref4": 0x13,
        "sec_offset": 0x17, "exprloc": 0x18, "udata": 0x0f}
AT = {"name": 0x03, "producer": 0x25, "language": 0x13, "low_pc": 0x11, "high_pc": 0x12,
      "frame_base": 0x40, "type": 0x49, "location": 0x02, "encoding": 0x3e,
      "byte_size": 0x0b, "memory_space": 0x3e0f, "lanes_old": 0x3e0a, "lanes": 0x3e11,
      "abstract_origin": 0x31, "data_member_location": 0x38}


class E:
    """An expression: bytes plus ('ref', label) items (ULEB unit offsets of DIEs)."""

    def __init__(self, style="user"):
        self.style, self.items = style, []

    def raw(self, *bs):
        self.items += list(bs)
        return self

    def op(self, name, *ulebs):
        self.items += [OPX[name]] + sum((uleb(x) for x in ulebs), [])
        return self

    def lit(self, n):
        self.items.append(0x30 + n)
        return self

    def consts(self, n):
        self.items += [OPX["consts"]] + sleb(n)
        return self

    def bregx(self, r, off):
        self.items += [OPX["bregx"]] + uleb(r) + sleb(off)
        return self

    def fbreg(self, off):
        self.items += [OPX["fbreg"]] + sleb(off)
        return self

    def ref(self, label):
        self.items.append(("ref", label))
        return self

    def call4(self, label):
        """DW_OP_call4 with the 4-byte unit offset of a DIE."""
        self.items += [0x99, ("ref4", label)]
        return self

    def ext(self, name, *operands):
        if self.style == "user":
            self.items += [DW_OP_LLVM_USER] + uleb(USER_SUBOP[name])
        else:
            self.items.append(LEGACY_OP[name])
        for o in operands:
            self.items += uleb(o)
        return self

    def plain_bytes(self):
        assert all(not isinstance(b, tuple) for b in self.items)
        return self.items


class Out:
    def __init__(self):
        self.lines, self.n = [], 0

    def __call__(self, *ls):
        self.lines.extend(ls)

    def label(self):
        self.n += 1
        return ".Lv%d" % self.n

    def expr(self, e):
        """exprloc: ULEB length (label difference) then the bytes."""
        s, t = self.label(), self.label()
        self("\t.uleb128 %s-%s" % (t, s), s + ":")
        run = []
        for b in e.items:
            if isinstance(b, tuple):
                if run:
                    self("\t.byte " + ", ".join("0x%02x" % x for x in run))
                    run = []
                if b[0] == "ref4":
                    self("\t.long %s-.Lcu_begin" % b[1])
                else:
                    self("\t.uleb128 %s-.Lcu_begin" % b[1])
            else:
                run.append(b)
        if run:
            self("\t.byte " + ", ".join("0x%02x" % x for x in run))
        self(t + ":")


class Dwarf:
    def __init__(self, out):
        self.out, self.abbrevs = out, {}

    def die(self, tag, attrs, children=False, label=None):
        key = (TAG[tag], children, tuple((at, f) for at, f, _ in attrs))
        code = self.abbrevs.setdefault(key, len(self.abbrevs) + 1)
        o = self.out
        if label:
            o(label + ":")
        o("\t.uleb128 %d\t// %s" % (code, tag))
        for _, form, val in attrs:
            if form == "string":
                o('\t.asciz "%s"' % val)
            elif form == "data1":
                o("\t.byte %s" % val)
            elif form == "data4":
                o("\t.long %s" % val)
            elif form == "udata":
                o("\t.uleb128 %s" % val)
            elif form == "addr":
                o("\t.quad %s" % val)
            elif form == "ref4":
                o("\t.long %s-.Lcu_begin" % val)
            elif form == "sec_offset":
                o("\t.long %s" % val)
            elif form == "exprloc":
                o.expr(val)

    def end(self):
        self.out("\t.byte 0")

    def abbrev_section(self):
        o = Out()
        o("\t.section .debug_abbrev,\"\",@progbits")
        for (tag, children, attrs), code in sorted(self.abbrevs.items(), key=lambda kv: kv[1]):
            o("\t.uleb128 %d\n\t.uleb128 0x%x\n\t.byte %d" % (code, tag, 1 if children else 0))
            for at, form in attrs:
                o("\t.uleb128 0x%x\n\t.uleb128 0x%x" % (at, FORM[form]))
            o("\t.byte 0, 0")
        o("\t.byte 0")
        return o.lines


def code(t, nops=16):
    """kern (a kernel, nops x 4 bytes + s_endpgm), func_bad and func_good (device functions)."""
    a = ['\t.amdgcn_target "amdgcn-amd-amdhsa--%s"' % t.mcpu, "\t.text",
         "\t.globl kern", "\t.p2align 8", "\t.type kern,@function", "kern:"]
    a += ["\ts_nop 0"] * nops
    a += ["\ts_endpgm", ".Lkern_end:", "\t.size kern, .Lkern_end-kern"]
    for f in ("func_bad", "func_good"):
        a += ["\t.globl %s" % f, "\t.p2align 2", "\t.type %s,@function" % f, "%s:" % f,
              "\ts_nop 0", "\ts_nop 0", "\ts_setpc_b64 s[30:31]", ".L%s_end:" % f,
              "\t.size %s, .L%s_end-%s" % (f, f, f)]
    a += ["\t.rodata", "\t.p2align 6", "\t.amdhsa_kernel kern",
          "\t\t.amdhsa_next_free_vgpr 8", "\t\t.amdhsa_next_free_sgpr 16"]
    if t.mcpu in ("gfx90a", "gfx942"):
        a.append("\t\t.amdhsa_accum_offset 8")
    if t.wave32:
        a.append("\t\t.amdhsa_wavefront_size32 1")
    a += ["\t.end_amdhsa_kernel", "\t.amdgpu_metadata", "---", "amdhsa.kernels:",
          "  - .name: kern", "    .symbol: kern.kd", "    .kernarg_segment_size: 0",
          "    .kernarg_segment_align: 4", "    .group_segment_fixed_size: 0",
          "    .private_segment_fixed_size: 0",
          "    .wavefront_size: %d" % (32 if t.wave32 else 64),
          "    .sgpr_count: 16", "    .vgpr_count: 8", "    .max_flat_workgroup_size: 256",
          "amdhsa.target: amdgcn-amd-amdhsa--%s" % t.mcpu, "amdhsa.version:", "  - 1", "  - 2",
          "...", "\t.end_amdgpu_metadata"]
    return a


def debug_frame(bad, good):
    """CIE (version 4, caf 4, daf 4, RA 16) + one FDE per function; `bad`/`good` are
    lists of instruction byte lists."""
    a = ["\t.section .debug_frame,\"\",@progbits", ".Lframe_start:",
         "\t.long .Lcie_end-.Lcie_id", ".Lcie_id:", "\t.long 0xffffffff", "\t.byte 4",
         '\t.asciz ""', "\t.byte 8, 0", "\t.uleb128 4", "\t.sleb128 4", "\t.uleb128 16",
         "\t.byte 0x30, %s, 0x00, 0x06\t// LLVM_def_aspace_cfa SGPR32, 0, private_wave"
         % ", ".join(map(hex, uleb(64))),
         "\t.p2align 3, 0", ".Lcie_end:"]
    for name, insns in (("func_bad", bad), ("func_good", good)):
        a += ["\t.long .L%s_fde_end-.L%s_fde_cie" % (name, name), ".L%s_fde_cie:" % name,
              "\t.long .Lcie_id-.Lframe_start-4", "\t.quad %s" % name,
              "\t.quad .L%s_end-%s" % (name, name)]
        for i in insns:
            a.append("\t.byte " + ", ".join("0x%02x" % x for x in i))
        a += ["\t.p2align 3, 0", ".L%s_fde_end:" % name]
    return a


def cfa_expr(e):
    b = e.plain_bytes()
    return [0x0f] + uleb(len(b)) + b


def reg_expr(reg, e, val=False):
    b = e.plain_bytes()
    return [0x16 if val else 0x10] + uleb(reg) + uleb(len(b)) + b


def build(case, t):
    style = "legacy" if case == "legacy" else "user"
    X = lambda: E(style)
    V = t.vgpr
    S = t.sgpr
    lanes = 32 if t.wave32 else 64
    fb_ok = X().lit(0).lit(AS_PRIVATE_WAVE).ext("form_aspace_address")
    if case == "upstream":
        # No DW_OP_LLVM_* anywhere in the unit: it is read as upstream DWARF.
        fb_ok = X().op("regx", S(32))
    # subprograms: (name, low, high, frame_base or None, extra attrs, variables)
    # variables: (name, location (E | ('list', label) | None), extra attrs)
    kern_vars, subs, lists, cfi = [], [], [], None

    def v(name, e, extra=()):
        kern_vars.append((name, e, list(extra)))

    if case == "decode":
        # Plenty of well-formed user-op expressions so the object is detected as User.
        for i in range(4):
            v("good:undecodable-expression%d" % i,
              X().op("regx", V(i)).ext("push_lane").lit(4).op("mul").ext("offset"))
        v("bad:undecodable-expression", X().op("regx", V(1)).raw(0xe9, 0x7f))
        v("bad:branch-off-boundary", X().lit(1).raw(OPX["skip"], 0x01, 0x00).op("const1u", 5)
          .op("stack_value"))
        v("good:branch-off-boundary", X().lit(1).raw(OPX["skip"], 0x02, 0x00).op("const1u", 5)
          .op("stack_value"))
        v("bad:legacy-opcode-under-user-convention",
          X().op("regx", V(2)).raw(LEGACY_OP["push_lane"]).lit(4).op("mul")
          .raw(LEGACY_OP["offset"]))
    elif case == "legacy":
        for i in range(4):
            v("good:user-opcode-under-legacy-convention%d" % i,
              X().op("regx", V(i)).ext("push_lane").lit(4).op("mul").ext("offset"))
        v("bad:user-opcode-under-legacy-convention", E("user").ext("undefined"))
    elif case == "evaluation":
        v("bad:stack-underflow", X().lit(1).op("plus"))
        v("good:stack-underflow", X().lit(1).lit(2).op("plus").op("stack_value"))
        v("bad:kind-mismatch", X().op("regx", S(4)).lit(1).op("plus"))
        v("good:kind-mismatch", X().op("regx", S(4)).op("deref_size", 4).lit(1).op("plus")
          .op("stack_value"))
        v("bad:incomplete-composite-misuse", X().op("regx", S(4)).op("piece", 4).op("dup"))
        v("bad:piece-end-without-composite", X().op("regx", S(6)).ext("piece_end"))
        v("good:piece-end-without-composite", X().op("regx", S(8)).op("piece", 4)
          .op("regx", S(9)).op("piece", 4).ext("piece_end"))
        v("bad:zero-size-or-count", X().op("regx", S(6)).ext("extend", 0, 4))
        v("good:zero-size-or-count", X().op("regx", S(6)).ext("extend", 32, 4))
        v("bad:select-mask-too-narrow", X().op("regx", V(4)).op("regx", V(5)).lit(0)
          .ext("select_bit_piece", 32, 128))
        v("good:select-mask-too-narrow", X().op("regx", V(4)).op("regx", V(5))
          .ext("call_frame_entry_reg", t.exec_reg).op("deref_size", lanes // 8)
          .ext("select_bit_piece", 32, lanes))
        v("bad:not-a-base-type", X().lit(1).raw(OPX["convert"]).ref(".Ltype_ptr")
          .op("stack_value"))
        v("good:not-a-base-type", X().lit(1).raw(OPX["convert"]).ref(".Ltype_int")
          .op("stack_value"))
        v("bad:type-size-mismatch", X().raw(0x03, *[0] * 8).raw(OPX["deref_type"], 8)
          .ref(".Ltype_int").op("stack_value"))
        v("good:type-size-mismatch", X().raw(0x03, *[0] * 8).raw(OPX["deref_type"], 4)
          .ref(".Ltype_int").op("stack_value"))
        v("bad:type-mismatch", X().lit(1).lit(1).raw(OPX["convert"]).ref(".Ltype_int")
          .op("plus").op("stack_value"))
        v("good:type-mismatch", X().lit(1).raw(OPX["convert"]).ref(".Ltype_int").lit(1)
          .raw(OPX["convert"]).ref(".Ltype_int").op("plus").op("stack_value"))
        v("bad:invalid-conversion", X().lit(1).raw(OPX["convert"]).ref(".Ltype_float")
          .raw(OPX["convert"]).ref(".Ltype_address").op("stack_value"))
        v("good:invalid-conversion", X().lit(1).raw(OPX["convert"]).ref(".Ltype_float")
          .op("stack_value"))
        v("bad:deref-size-out-of-range", X().op("regx", V(0)).op("deref_size", 16)
          .op("stack_value"))
        v("good:deref-size-out-of-range", X().raw(0x03, *[0] * 8).op("deref_size", 8)
          .op("stack_value"))
        v("bad:division-by-zero", X().lit(4).lit(0).op("div").op("stack_value"))
        v("good:division-by-zero", X().lit(4).lit(2).op("div").op("stack_value"))
        v("good:call-procedure", X().lit(1).call4(".Lproc_add1").op("stack_value"))
        v("bad:stack-underflow-in-call", X().call4(".Lproc_add1").op("stack_value"))
        # A DWARF procedure that calls itself; a chain of two that does not.
        v("bad:call-recursion", X().call4(".Lproc_self").op("stack_value"))
        v("good:call-recursion", X().lit(1).call4(".Lproc_twice").op("stack_value"))
        # `lit1; skip -3`: back to the skip with the same stack, forever.
        v("bad:evaluation-never-ends", X().lit(1).raw(OPX["skip"], 0xfd, 0xff))
        # `lit3; L: lit1; minus; dup; bra L; stack_value`: counts down and ends.
        counting = X().lit(3).lit(1).op("minus").op("dup").raw(OPX["bra"], 0xfa, 0xff).op("stack_value")
        v("good:evaluation-never-ends", counting)
        # `L: lit0; skip L`: one more entry per turn.
        v("bad:stack-unbounded", X().lit(0).raw(OPX["skip"], 0xfc, 0xff))
        v("good:stack-unbounded", X().lit(3).lit(1).op("minus").op("dup").raw(OPX["bra"], 0xfa, 0xff)
          .op("stack_value"))
        # Ten DWARF procedures deep: past the analysis' call depth; three deep: within.
        v("bad:analysis-incomplete", X().lit(1).call4(".Lproc_deep0").op("stack_value"))
        v("good:analysis-incomplete", X().lit(1).call4(".Lproc_deep7").op("stack_value"))
        # Seven levels of procedures calling the next 8 times: 8^7 calls, more operations
        # than an evaluator runs; two levels: 64 calls.
        v("bad:evaluation-too-long", X().lit(1).call4(".Lproc_fan0").op("stack_value"))
        v("good:evaluation-too-long", X().lit(1).call4(".Lproc_fan5").op("stack_value"))
        # typedef A -> typedef B -> typedef A; a list node that points to its own type.
        v("bad:type-cycle", X().lit(1).op("stack_value"), [(AT["type"], "ref4", ".Ltd_a")])
        v("good:type-cycle", X().lit(1).op("stack_value"), [(AT["type"], "ref4", ".Lnode")])
        # A type reference 1 MiB past the start of a unit much smaller than that.
        v("bad:reference-out-of-unit", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Lcu_begin+0x100000")])
        v("good:reference-out-of-unit", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Lnode_ptr")])
        # A type reference into the unit header, and one into the middle of `int`'s DIE.
        v("bad:reference-between-dies-header", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Lcu_begin+1")])
        v("bad:reference-between-dies", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Ltype_int+1")])
        v("good:reference-between-dies", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Ltype_float")])
        # DW_AT_type naming a variable and a DWARF procedure (both later in the unit:
        # checked when the unit has been read; the header reference above, at once).
        v("bad:type-reference-not-a-type", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Lorig_end")])
        v("bad:type-reference-not-a-type-procedure", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Lproc_add1")])
        v("good:type-reference-not-a-type", X().lit(1).op("stack_value"),
          [(AT["type"], "ref4", ".Lnode")])
        # Only DW_OP_convert and DW_OP_reinterpret take 0 for the generic type.
        v("bad:not-a-base-type-zero", X().raw(0x03, *[0] * 8).raw(OPX["deref_type"], 4, 0)
          .op("stack_value"))
        v("good:not-a-base-type-zero", X().lit(1).raw(OPX["convert"], 0).op("stack_value"))
        # abstract_origin -> a DIE whose origin leads back; and a plain one-hop origin.
        v("bad:origin-cycle", X().lit(1).op("stack_value"), [(AT["abstract_origin"], "ref4", ".Lorig_a")])
        v("good:origin-cycle", X().lit(1).op("stack_value"), [(AT["abstract_origin"], "ref4", ".Lorig_end")])
        # Two VGPR pieces for a 0-byte type (what Triton emits for tensors), and for an int.
        v("bad:zero-size-type-with-location", X().op("regx", V(4)).op("piece", 4).op("regx", V(5))
          .op("piece", 4), [(AT["type"], "ref4", ".Ltype_unknown")])
        v("good:zero-size-type-with-location", X().op("regx", V(4)).op("piece", 4))
        v("bad:read-of-undefined", X().ext("undefined").op("deref").op("stack_value"))
        v("good:read-of-undefined", X().ext("undefined"))
        subs.append(("bad:fbreg-in-frame-base", X().fbreg(0), [], []))
        subs.append(("bad:frame-base-not-single-location",
                     X().op("regx", S(32)).op("piece", 4).op("regx", S(33)).op("piece", 4), [], []))
        subs.append(("good:fbreg-in-frame-base", fb_ok, [], []))
    elif case == "target":
        other = (2560 if t.wave32 else 1536) + 1
        v("bad:unmapped-register", X().op("regx", other))
        v("bad:unmapped-register-reserved", X().op("regx", 100))
        v("good:unmapped-register", X().op("regx", V(1)))
        v("bad:register-read-too-wide", X().op("regx", S(4)).op("deref_size", 8)
          .op("stack_value"))
        v("good:register-read-too-wide", X().op("regx", S(4)).op("deref_size", 4)
          .op("stack_value"))
        v("bad:undefined-address-space", X().lit(0).lit(9).ext("form_aspace_address"))
        v("good:undefined-address-space", X().lit(0).lit(AS_PRIVATE_WAVE)
          .ext("form_aspace_address"))
        v("bad:address-out-of-range", X().raw(OPX["const8u"], 0, 0, 0, 0, 1, 0, 0, 0)
          .lit(AS_LOCAL).ext("form_aspace_address"))
        v("good:address-out-of-range", X().op("constu", 16).lit(AS_LOCAL)
          .ext("form_aspace_address"))
        v("bad:breg-narrow-register", X().bregx(S(33), 4))
        v("good:breg-narrow-register", X().bregx(V(0), 4))
    elif case == "cfi":
        ok_cfa = X().lit(0).lit(AS_PRIVATE_WAVE).ext("form_aspace_address")
        bad = [
            reg_expr(V(40), X().op("regx", V(40)).ext("push_lane").op("drop")),  # op-forbidden-in-cfi
            cfa_expr(X().op("regx", S(32))),                                    # cfa-not-memory
            [0x0e, 16],                                                         # cfa-rule-after-expression
            [0x30] + uleb(S(32)) + [0, 9],                                      # undefined-address-space
            [0x07] + uleb(1536 + 3 if not t.wave32 else 2560 + 3),             # unmapped-register
            [0x3f],                                                             # cfi-undecodable
        ]
        good = [
            [0x30] + uleb(S(32)) + [0, AS_PRIVATE_WAVE],
            cfa_expr(ok_cfa),
            reg_expr(16, X().op("regx", S(30)).op("piece", 4).op("regx", S(31)).op("piece", 4)),
            reg_expr(S(40), X().op("regx", V(2)).ext("offset_uconst", 8)),
            [0x07] + uleb(V(40)),
        ]
        cfi = (bad, good)
        v("good:cfi-variable", X().op("regx", V(1)))
    elif case == "loclist":
        reg = X().op("regx", V(8)).ext("push_lane").lit(4).op("mul").ext("offset")
        lists.append(("bad:loclist-empty-range", [("pair", 8, 8, reg)]))
        lists.append(("bad:loclist-inverted-range", [("pair", 16, 8, reg)]))
        lists.append(("bad:loclist-out-of-scope", [("pair", 0, 8, reg), ("pair", 8, 0x400, reg)]))
        lists.append(("bad:loclist-overlap", [("pair", 0, 16, reg),
                                              ("pair", 8, 24, X().op("regx", S(5)))]))
        lists.append(("bad:loclist-gap", [("pair", 0, 8, reg), ("pair", 16, 24, reg)]))
        lists.append(("bad:loclist-size-mismatch",
                      [("pair", 0, 8, X().op("regx", S(4)).op("piece", 4)),
                       ("pair", 8, 16, X().op("regx", S(4)).op("piece", 4)
                        .op("regx", S(5)).op("piece", 4))]))
        lists.append(("good:loclist", [("pair", 0, 8, reg), ("pair", 8, 32, reg),
                                       ("default", None, None, X().ext("undefined"))]))
    elif case == "producer":
        v("bad:xderef-on-register-value", X().bregx(V(1), 0).lit(AS_PRIVATE_LANE)
          .op("swap").op("xderef"))
        v("bad:xderef-on-register-value-const", X().consts(7).lit(AS_PRIVATE_LANE)
          .op("swap").op("xderef").op("stack_value"))
        v("bad:xderef-on-register-value-pieces", X().bregx(V(2), 0).lit(AS_GENERIC)
          .op("swap").op("xderef").op("piece", 4).bregx(V(3), 0).lit(AS_GENERIC)
          .op("swap").op("xderef").op("piece", 4))
        v("good:xderef-on-register-value", X().fbreg(16).lit(AS_PRIVATE_LANE)
          .op("swap").op("xderef"))
        v("good:xderef-on-register-value-diop", X().op("regx", V(1)).ext("push_lane").lit(4)
          .op("mul").ext("offset"))
        v("good:xderef-on-register-value-global", X().raw(0x03, *[0] * 8).lit(AS_GENERIC)
          .op("swap").op("xderef"))
        v("bad:lds-placeholder-location", X(), [(AT["memory_space"], "data1", 3)])
        v("bad:lds-placeholder-location-a", X().lit(0).lit(AS_LOCAL).ext("form_aspace_address"),
          [(AT["memory_space"], "data1", 3)])
        v("bad:lds-placeholder-location-b", X().lit(0).lit(AS_LOCAL).ext("form_aspace_address"),
          [(AT["memory_space"], "data1", 3)])
        v("bad:lds-placeholder-location-addr", X().raw(0x03, *[0] * 8).lit(AS_LOCAL)
          .op("swap").op("xderef"))
        v("good:lds-placeholder-location", X().op("constu", 256).lit(AS_LOCAL)
          .ext("form_aspace_address"), [(AT["memory_space"], "data1", 3)])
        subs.append(("no-frame-base", None, [],
                     [("bad:fbreg-without-frame-base-var", X().fbreg(8).lit(AS_PRIVATE_LANE)
                       .op("swap").op("xderef"), [])]))
        subs.append(("with-frame-base", fb_ok, [],
                     [("good:fbreg-without-frame-base-var", X().fbreg(8), [])]))
        subs.append(("bad:ptrauth-attribute-collision", fb_ok,
                     [(AT["lanes_old"], "data1", lanes)], []))
        subs.append(("good:ptrauth-attribute-collision", fb_ok,
                     [(AT["lanes"], "data1", lanes)], []))
    elif case == "upstream":
        # A bare vector register is one lane's dword; the next bits are the next lane's.
        long_ref = [(AT["type"], "ref4", ".Ltype_long")]
        v("bad:register-read-too-wide-lane", X().op("regx", V(2)), long_ref)
        v("bad:register-read-too-wide-piece", X().op("regx", V(2)).op("piece", 8), long_ref)
        v("bad:register-read-too-wide-bit-piece", X().op("regx", V(2)).op("bit_piece", 32, 32)
          .op("regx", V(3)).op("piece", 4), long_ref)
        v("bad:register-read-too-wide-scalar", X().op("regx", S(8)), long_ref)
        v("good:register-read-too-wide-lane", X().op("regx", V(2)))
        v("good:register-read-too-wide-pieces", X().op("regx", V(2)).op("piece", 4)
          .op("regx", V(3)).op("piece", 4), long_ref)
        v("good:register-read-too-wide-scalar-pieces", X().op("regx", S(8)).op("piece", 4)
          .op("regx", S(9)).op("piece", 4), long_ref)
    else:
        raise SystemExit("unknown case " + case)
    return kern_vars, subs, lists, cfi, fb_ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--case", required=True)
    ap.add_argument("--mcpu", default="gfx90a")
    o = ap.parse_args()
    t = Target(o.mcpu)
    kern_vars, subs, lists, cfi, fb_ok = build(o.case, t)
    out = Out()
    out("// Generated by tools/corpus/gen_verify_dwarf.py --case %s --mcpu %s; do not edit."
        % (o.case, o.mcpu))
    out.lines += code(t)
    if cfi:
        out.lines += debug_frame(*cfi)
    body = Out()
    body.n = 1000
    d = Dwarf(body)
    d.die("compile_unit", [(AT["producer"], "string", "hetdwarf gen_verify_dwarf.py"),
                           (AT["language"], "data1", "0x21"),
                           (AT["name"], "string", "verify_%s.cpp" % o.case),
                           (AT["low_pc"], "addr", "kern"),
                           (AT["high_pc"], "data4", ".Lfunc_good_end-kern")], children=True)
    int_ref = (AT["type"], "ref4", ".Ltype_int")
    d.die("subprogram", [(AT["name"], "string", "kern"), (AT["low_pc"], "addr", "kern"),
                         (AT["high_pc"], "data4", ".Lkern_end-kern"),
                         (AT["frame_base"], "exprloc", fb_ok)], children=True)
    for name, e, extra in kern_vars:
        # An extra DW_AT_type replaces `int`.
        ty = next((x for x in extra if x[0] == AT["type"]), int_ref)
        rest = [x for x in extra if x[0] != AT["type"]]
        d.die("variable", [(AT["name"], "string", name), ty,
                           (AT["location"], "exprloc", e)] + rest)
    for name, _ in lists:
        d.die("variable", [(AT["name"], "string", name), int_ref,
                           (AT["location"], "sec_offset", ".Lll_" + name.replace(":", "_")
                            .replace("-", "_"))])
    d.end()
    for i, (name, fb, extra, vars_) in enumerate(subs):
        fn = "func_good" if name.startswith("good:") or name == "with-frame-base" else "func_bad"
        attrs = [(AT["name"], "string", name), (AT["low_pc"], "addr", fn),
                 (AT["high_pc"], "data4", ".L%s_end-%s" % (fn, fn))]
        if fb is not None:
            attrs.append((AT["frame_base"], "exprloc", fb))
        d.die("subprogram", attrs + extra, children=True)
        for vname, e, vextra in vars_:
            d.die("variable", [(AT["name"], "string", vname), int_ref,
                               (AT["location"], "exprloc", e)] + vextra)
        d.end()
    # A DWARF procedure `lit1, plus` (called by DW_OP_call4 in the evaluation case).
    d.die("dwarf_procedure", [(AT["location"], "exprloc", E().lit(1).op("plus"))],
          label=".Lproc_add1")
    # One that calls itself, one that calls `add1` twice, and a chain of ten.
    d.die("dwarf_procedure", [(AT["location"], "exprloc", E().call4(".Lproc_self"))],
          label=".Lproc_self")
    d.die("dwarf_procedure", [(AT["location"], "exprloc",
                               E().call4(".Lproc_add1").call4(".Lproc_add1"))],
          label=".Lproc_twice")
    for k in range(7):
        fan = E()
        for _ in range(8):
            fan = fan.call4(".Lproc_fan%d" % (k + 1)) if k < 6 else fan.op("nop")
        d.die("dwarf_procedure", [(AT["location"], "exprloc", fan)], label=".Lproc_fan%d" % k)
    for k in range(10):
        nxt = E().call4(".Lproc_deep%d" % (k + 1)) if k < 9 else E().lit(1).op("plus")
        d.die("dwarf_procedure", [(AT["location"], "exprloc", nxt)], label=".Lproc_deep%d" % k)
    d.die("base_type", [(AT["name"], "string", "int"), (AT["encoding"], "data1", 5),
                        (AT["byte_size"], "data1", 4)], label=".Ltype_int")
    d.die("base_type", [(AT["name"], "string", "float"), (AT["encoding"], "data1", 4),
                        (AT["byte_size"], "data1", 4)], label=".Ltype_float")
    d.die("base_type", [(AT["name"], "string", "address"), (AT["encoding"], "data1", 1),
                        (AT["byte_size"], "data1", 8)], label=".Ltype_address")
    d.die("pointer_type", [(AT["type"], "ref4", ".Ltype_int")], label=".Ltype_ptr")
    if o.case == "upstream":
        d.die("base_type", [(AT["name"], "string", "long"), (AT["encoding"], "data1", 5),
                            (AT["byte_size"], "data1", 8)], label=".Ltype_long")
    d.die("base_type", [(AT["name"], "string", "unknown_type"), (AT["encoding"], "data1", 5),
                        (AT["byte_size"], "data1", 0)], label=".Ltype_unknown")
    d.die("typedef", [(AT["name"], "string", "A"), (AT["type"], "ref4", ".Ltd_b")], label=".Ltd_a")
    d.die("typedef", [(AT["name"], "string", "B"), (AT["type"], "ref4", ".Ltd_a")], label=".Ltd_b")
    d.die("structure_type", [(AT["name"], "string", "node"), (AT["byte_size"], "data1", 8)],
          children=True, label=".Lnode")
    d.die("member", [(AT["name"], "string", "next"), (AT["type"], "ref4", ".Lnode_ptr"),
                     (AT["data_member_location"], "data1", 0)])
    d.end()
    d.die("pointer_type", [(AT["type"], "ref4", ".Lnode")], label=".Lnode_ptr")
    # Origins: two variable DIEs naming each other, and one that names nothing further.
    d.die("variable", [(AT["abstract_origin"], "ref4", ".Lorig_b")], label=".Lorig_a")
    d.die("variable", [(AT["abstract_origin"], "ref4", ".Lorig_a")], label=".Lorig_b")
    d.die("variable", [(AT["name"], "string", "origin_end"), int_ref], label=".Lorig_end")
    d.end()
    second = None
    if o.case == "producer":
        # A second unit whose DW_AT_stmt_list (0x10) names a line table past the end of
        # .debug_line (there is none): the unit is read without it, and reported.
        second = Out()
        d.out = second
        d.die("compile_unit", [(AT["producer"], "string", "hetdwarf gen_verify_dwarf.py"),
                               (AT["name"], "string", "bad:unit-attribute-unreadable"),
                               (0x10, "sec_offset", "0x100000")])
    out.lines += d.abbrev_section()
    out("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
        "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:", "\t.short 5", "\t.byte 1",
        "\t.byte 8", "\t.long .debug_abbrev")
    out.lines += body.lines
    out(".Lcu_end:")
    if second is not None:
        out(".Lcu2_begin:", "\t.long .Lcu2_end-.Lcu2_version", ".Lcu2_version:", "\t.short 5",
            "\t.byte 1", "\t.byte 8", "\t.long .debug_abbrev")
        out.lines += second.lines
        out(".Lcu2_end:")
    if lists:
        out("\t.section .debug_loclists,\"\",@progbits", "\t.long .Lll_end-.Lll_version",
            ".Lll_version:", "\t.short 5", "\t.byte 8", "\t.byte 0", "\t.long 0")
        for name, entries in lists:
            out(".Lll_" + name.replace(":", "_").replace("-", "_") + ":",
                "\t.byte 0x06\t// DW_LLE_base_address", "\t.quad kern")
            for kind, b, e, ex in entries:
                if kind == "pair":
                    out("\t.byte 0x04", "\t.uleb128 %d" % b, "\t.uleb128 %d" % e)
                else:
                    out("\t.byte 0x05")
                out.expr(ex)
            out("\t.byte 0x00")
        out(".Lll_end:")
    print("\n".join(out.lines))


if __name__ == "__main__":
    main()

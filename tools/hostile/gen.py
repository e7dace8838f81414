#!/usr/bin/env python3
"""gen.py -- structural hostile inputs for hetdwarf, generated (never stored blobs).

usage: gen.py CASE OUTDIR     writes OUTDIR/CASE.s (llvm-mc-22 assembly) or a ready
                              binary OUTDIR/CASE.o or OUTDIR/CASE.ccob
                              and, where the case needs one, OUTDIR/CASE.state.json
       gen.py --list          the cases
       gen.py --entry-value-hex N   N nested DW_OP_entry_value as hex (for `disasm`)

Each case is one shape an attacker (or a broken producer) can give a code object; the
Rust test tools/tests/hostile.rs assembles it, runs hetdwarf on it under measure.py and
asserts a typed error or the right output within a time and memory bound."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "corpus"))
import gen_hand_dwarf as g  # noqa: E402

g.TAG.update({"array_type": 0x01, "subrange_type": 0x21})
g.OP.update({"minus": 0x1c})
g.AT.update({"count": 0x37})


def object_with(variables_fn, extra_types_fn=None, kern_extra=()):
    """A gfx90a object: kernel `kern` holding the variables variables_fn(d) declares."""
    t = g.Target("gfx90a")
    a = g.Asm()
    g.code_section(a, t, "user")
    body = g.Asm()
    d = g.Dwarf(body)
    d.die("compile_unit", [(g.AT["producer"], "string", "hetdwarf tools/hostile/gen.py"),
                           (g.AT["language"], "data2", "0x0c"), (g.AT["name"], "string", "hostile.c"),
                           (g.AT["low_pc"], "addr", "kern"),
                           (g.AT["high_pc"], "data4", ".Lfunc_end-kern")], children=True)
    d.die("subprogram", [(g.AT["name"], "string", "kern"), (g.AT["low_pc"], "addr", "kern"),
                         (g.AT["high_pc"], "data4", ".Lkern_end-kern")] + list(kern_extra),
          children=True)
    variables_fn(d)
    d.end_children()
    d.die("base_type", [(g.AT["name"], "string", "int"), (g.AT["encoding"], "data1", 5),
                        (g.AT["byte_size"], "data1", 4)], label=".Ltype_int")
    if extra_types_fn:
        extra_types_fn(d)
    d.end_children()
    d.emit_abbrev_section(a)
    a("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
      "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:",
      "\t.short 5", "\t.byte 1", "\t.byte 8", "\t.long .debug_abbrev")
    a.lines += body.lines
    a(".Lcu_end:")
    return "\n".join(a.lines) + "\n"


def global_at(address):
    e = g.Expr("user")
    e.b += [0x03] + list(address.to_bytes(8, "little"))   # DW_OP_addr
    return e


def array_type(d, label, dims):
    d.die("array_type", [(g.AT["type"], "ref4", ".Ltype_int")], children=True, label=label)
    for n in dims:
        d.die("subrange_type", [(g.AT["count"], "data8", str(n))])
    d.end_children()


def huge_arrays():
    """`int big[1 << 62]`, `int[1 << 62][1 << 62]`, `int[1 << 32][1 << 32]` and
    `int[1 << 28]`, all in global memory at 0x10000 (1 KiB of it in the state)."""
    def variables(d):
        for name, label in (("big", ".Lt_big"), ("square", ".Lt_square"),
                            ("wide", ".Lt_wide"), ("mid", ".Lt_mid")):
            d.die("variable", [(g.AT["name"], "string", name), (g.AT["type"], "ref4", label),
                               (g.AT["location"], "exprloc", global_at(0x10000))])

    def types(d):
        array_type(d, ".Lt_big", [1 << 62])
        array_type(d, ".Lt_square", [1 << 62, 1 << 62])
        array_type(d, ".Lt_wide", [1 << 32, 1 << 32])
        array_type(d, ".Lt_mid", [1 << 28])
    return object_with(variables, types)


def lanes_overflow():
    """`DW_AT_LLVM_lanes` = 2^32 + 1 on the kernel."""
    def variables(d):
        d.die("variable", [(g.AT["name"], "string", "x"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", global_at(0x10000))])
    return object_with(variables, kern_extra=[(g.ATTR_NEW["lanes"], "data8", str((1 << 32) + 1))])


def entry_value_nest(depth=100_000):
    """A variable at `DW_OP_entry_value(DW_OP_entry_value(... DW_OP_reg0 ...))`, nested
    `depth` deep (400 KB of expression), in a unit with no heterogeneous operation."""
    def variables(d):
        e = g.Expr("user")
        e.b = nested_entry_values(depth)
        d.die("variable", [(g.AT["name"], "string", "deep"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", e)])
        d.die("variable", [(g.AT["name"], "string", "fine"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", global_at(0x10000))])
    return object_with(variables)


def nested_entry_values(depth):
    # Built from the inside out: each level is `DW_OP_entry_value ULEB(len(inner))`.
    heads, inner = [], 1                         # DW_OP_reg0
    for _ in range(depth):
        head = [0xa3] + g.uleb(inner)
        heads.append(head)
        inner += len(head)
    out = []
    for head in reversed(heads):
        out += head
    return out + [0x50]


def cfi_self_reference():
    """A device function whose CFI says: the caller's PC is this frame's PC read three
    times (`bregx PC, bregx PC, minus, bregx PC, plus` = PC): every frame is again the
    same function (the CFA grows by 4 per frame), and each frame's PC needs the previous
    one's three times: 3^frames evaluations without a memo."""
    t = g.Target("gfx90a")
    a = g.Asm()
    a('\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"', "\t.text",
      "\t.globl kern", "\t.p2align 8", "\t.type kern,@function",
      "kern:", "\ts_endpgm", ".Lkern_end:", "\t.size kern, .Lkern_end-kern",
      "\t.globl func", "\t.p2align 2", "\t.type func,@function", "func:",
      "\t.cfi_sections .debug_frame", "\t.cfi_startproc")
    pc = g.PC_REG
    e = (g.Expr("user").bregx(pc, 0).bregx(pc, 0).op("minus").bregx(pc, 0).op("plus"))
    sp = ", ".join(map(hex, g.uleb(t.sgpr(32))))          # DW_CFA_LLVM_def_aspace_cfa
    a("\t.cfi_escape 0x%02x, %s, 0x00, 0x%02x" % (g.DW_CFA_LLVM_DEF_ASPACE_CFA, sp, g.AS_PRIVATE_WAVE))
    a("\t.cfi_escape 0x16, %d, %d, %s" % (pc, len(e.b), ", ".join(map(hex, e.b))))
    # DW_CFA_val_offset SGPR32, 1 (x4): the caller's stack pointer is CFA + 4, so every
    # frame has its own CFA and the unwinder sees no loop.
    a("\t.cfi_escape 0x14, %s, 1" % sp)
    a("\ts_nop 0", "\ts_setpc_b64 s[30:31]", "\t.cfi_endproc", ".Lfunc_end:",
      "\t.size func, .Lfunc_end-func",
      "\t.rodata", "\t.p2align 6", "\t.amdhsa_kernel kern",
      "\t\t.amdhsa_next_free_vgpr 8", "\t\t.amdhsa_next_free_sgpr 16",
      "\t\t.amdhsa_accum_offset 8", "\t.end_amdhsa_kernel")
    return "\n".join(a.lines) + "\n"


def broken_units():
    """Three units: a good one with `kern` and its variable `x`; one whose
    `DW_AT_stmt_list` names a line table past the end of .debug_line (there is none);
    one whose `DW_AT_low_pc` has a constant form (both as in upstream LLVM's test
    DebugInfo/AMDGPU/dwarfdump-rel.yaml)."""
    t = g.Target("gfx90a")
    a = g.Asm()
    g.code_section(a, t, "user")
    d = g.Dwarf(None)
    bodies = []
    for kind in ("good", "stmt_list", "low_pc"):
        body = g.Asm()
        d.asm = body
        attrs = [(g.AT["producer"], "string", "hetdwarf tools/hostile/gen.py"),
                 (g.AT["language"], "data2", "0x0c"), (g.AT["name"], "string", kind + ".c")]
        if kind == "good":
            attrs += [(g.AT["low_pc"], "addr", "kern"), (g.AT["high_pc"], "data4", ".Lkern_end-kern")]
        elif kind == "stmt_list":
            attrs += [(0x10, "sec_offset", "0x100000")]                 # DW_AT_stmt_list
        else:
            attrs += [(g.AT["low_pc"], "data1", "5"), (g.AT["high_pc"], "data4", "4")]
        d.die("compile_unit", attrs, children=True)
        if kind == "good":
            d.die("subprogram", [(g.AT["name"], "string", "kern"), (g.AT["low_pc"], "addr", "kern"),
                                 (g.AT["high_pc"], "data4", ".Lkern_end-kern")], children=True)
            d.die("variable", [(g.AT["name"], "string", "x"), (g.AT["type"], "ref4", ".Lt%d" % len(bodies)),
                               (g.AT["location"], "exprloc", global_at(0x10000))])
            d.end_children()
        body(".Lcu_begin%d_types:" % len(bodies))
        d.die("base_type", [(g.AT["name"], "string", "int"), (g.AT["encoding"], "data1", 5),
                            (g.AT["byte_size"], "data1", 4)], label=".Lt%d" % len(bodies))
        d.end_children()
        bodies.append(body)
    d.emit_abbrev_section(a)
    a("\t.section .debug_info,\"\",@progbits")
    for i, body in enumerate(bodies):
        # ref4 operands are relative to .Lcu_begin: each unit gets its own.
        lines = [l.replace(".Lcu_begin", ".Lcu_begin%d" % i) if "-.Lcu_begin" in l else l
                 for l in body.lines]
        a(".Lcu_begin%d:" % i, "\t.long .Lcu_end%d-.Lcu_version%d" % (i, i),
          ".Lcu_version%d:" % i, "\t.short 5", "\t.byte 1", "\t.byte 8", "\t.long .debug_abbrev")
        a.lines += lines
        a(".Lcu_end%d:" % i)
    return "\n".join(a.lines) + "\n"


def shared_abbrevs(units=200_000, entries=50_000):
    """`units` one-DIE units sharing one abbreviation table of `entries` entries."""
    a = ['\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"', "\t.text", "\ts_endpgm",
         "\t.section .debug_abbrev,\"\",@progbits"]
    for code in range(1, entries + 1):
        # compile_unit, no children, DW_AT_language data2
        a.append("\t.uleb128 %d\n\t.byte 0x11, 0, 0x13, 0x05, 0, 0" % code)
    a.append("\t.byte 0")
    a.append("\t.section .debug_info,\"\",@progbits")
    # DWARF 4 header: length 10, version 4, abbrev offset 0, address size 8; then code 1 and
    # DW_LANG_C99.
    unit = "\t.byte " + ", ".join(["0x0a", "0", "0", "0", "0x04", "0", "0", "0", "0", "0", "0x08",
                                   "0x01", "0x0c", "0"])
    a.extend([unit] * units)
    return "\n".join(a) + "\n"


def list_section(section, prefix, label, body):
    """A DWARF 5 .debug_loclists / .debug_rnglists section (32-bit, address size 8, no
    offset table) holding one list `body` at `label`, in lines of 64 bytes."""
    lines = ["\t.section %s,\"\",@progbits" % section,
             "\t.long .L%s_end-.L%s_version" % (prefix, prefix), ".L%s_version:" % prefix,
             "\t.short 5", "\t.byte 8", "\t.byte 0", "\t.long 0", label + ":"]
    for k in range(0, len(body), 64):
        lines.append("\t.byte " + ",".join(str(b) for b in body[k:k + 64]))
    lines.append(".L%s_end:" % prefix)
    return "\n".join(lines) + "\n"


def regx_list(ranges, reg):
    """The body of a DWARF 5 location list: one DW_LLE_offset_pair per (start, end) in
    `ranges`, each `DW_OP_regx reg` (`reg` a ULEB), then DW_LLE_end_of_list."""
    body = []
    for start, end in ranges:
        body += [0x04] + g.uleb(start) + g.uleb(end) + [1 + len(reg), 0x90] + reg
    body.append(0x00)
    return body


def shared_range_list(blocks=1000, entries=500_000):
    """A subprogram and `blocks` lexical blocks whose DW_AT_ranges all name one range
    list of `entries` entries (a 2 MB file)."""
    g.AT.update({"ranges": 0x55})
    g.TAG.update({"lexical_block": 0x0b})

    def variables(d):
        for i in range(blocks):
            d.die("lexical_block", [(g.AT["ranges"], "sec_offset", ".Lrl0")], children=True)
            d.die("variable", [(g.AT["name"], "string", "v%d" % i), (g.AT["type"], "ref4", ".Ltype_int"),
                               (g.AT["location"], "exprloc", global_at(0x10000))])
            d.end_children()
    text = object_with(variables)
    body = []
    for i in range(entries):
        body += [0x04] + g.uleb(2 * i) + g.uleb(2 * i + 1)       # DW_RLE_offset_pair
    body.append(0x00)                                             # DW_RLE_end_of_list
    return text + list_section(".debug_rnglists", "rl", ".Lrl0", body)


def frame_base_list(variables=1000, entries=500_000):
    """A kernel whose DW_AT_frame_base is a location list of `entries` entries (all
    `regx SGPR33`), and `variables` variables at `DW_OP_fbreg 0`."""
    g.AT.update({"frame_base": 0x40})
    t = g.Target("gfx90a")

    def vars_(d):
        for i in range(variables):
            e = g.Expr("user")
            e.b = [0x91, 0x00]                                    # DW_OP_fbreg 0
            d.die("variable", [(g.AT["name"], "string", "v%d" % i), (g.AT["type"], "ref4", ".Ltype_int"),
                               (g.AT["location"], "exprloc", e)])
    text = object_with(vars_, kern_extra=[(g.AT["frame_base"], "sec_offset", ".Lfb0")])
    body = regx_list(((4 * i, 4 * i + 4) for i in range(entries)), g.uleb(t.sgpr(33)))
    return text + list_section(".debug_loclists", "fb", ".Lfb0", body)


def many_variables(count=20_000):
    """`count` int variables in one kernel, all in global memory."""
    def variables(d):
        for i in range(count):
            d.die("variable", [(g.AT["name"], "string", "v%d" % i), (g.AT["type"], "ref4", ".Ltype_int"),
                               (g.AT["location"], "exprloc", global_at(0x10000 + 4 * (i % 256)))])
    return object_with(variables)


def cube():
    """`char cube[200][200][200]` (8 MB) in global memory."""
    g.TAG.update({"base_type": 0x24})

    def variables(d):
        d.die("variable", [(g.AT["name"], "string", "cube"), (g.AT["type"], "ref4", ".Lt_cube"),
                           (g.AT["location"], "exprloc", global_at(0x10000))])

    def types(d):
        d.die("base_type", [(g.AT["name"], "string", "char"), (g.AT["encoding"], "data1", 6),
                            (g.AT["byte_size"], "data1", 1)], label=".Lt_char")
        d.die("array_type", [(g.AT["type"], "ref4", ".Lt_char")], children=True, label=".Lt_cube")
        for _ in range(3):
            d.die("subrange_type", [(g.AT["count"], "data8", "200")])
        d.end_children()
    return object_with(variables, types)


def wide_struct(members=40_000):
    """A structure of `members` int members, each located by an expression
    (`DW_AT_data_member_location` exprloc `lit4*i, plus`), in global memory."""
    g.TAG.update({"structure_type": 0x13, "member": 0x0d})
    g.AT.update({"data_member_location": 0x38})

    def variables(d):
        d.die("variable", [(g.AT["name"], "string", "wide"), (g.AT["type"], "ref4", ".Lt_wide_s"),
                           (g.AT["location"], "exprloc", global_at(0x10000))])

    def types(d):
        d.die("structure_type", [(g.AT["name"], "string", "wide_s"), (g.AT["byte_size"], "data4", str(4 * members))],
              children=True, label=".Lt_wide_s")
        for i in range(members):
            e = g.Expr("user").op("constu", 4 * i).op("plus")
            d.die("member", [(g.AT["name"], "string", "m%d" % i), (g.AT["type"], "ref4", ".Ltype_int"),
                             (g.AT["data_member_location"], "exprloc", e)])
        d.end_children()
    return object_with(variables, types)


def long_location_list(entries=1_000_000):
    """A variable whose location list has `entries` entries (`regx SGPR4` each)."""
    t = g.Target("gfx90a")

    def variables(d):
        d.die("variable", [(g.AT["name"], "string", "x"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "sec_offset", ".Lll0")])
    text = object_with(variables)
    body = regx_list(((2 * i, 2 * i + 2) for i in range(entries)), g.uleb(t.sgpr(4)))
    return text + list_section(".debug_loclists", "ll", ".Lll0", body)


def overlapping_location_list(entries=1_000_000):
    """A variable whose location list has `entries` entries that all cover the same PCs
    (`regx SGPR4` each): the variable is in a million places at once."""
    t = g.Target("gfx90a")

    def variables(d):
        d.die("variable", [(g.AT["name"], "string", "x"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "sec_offset", ".Lll0")])
    text = object_with(variables)
    body = regx_list(((0, 0x40) for _ in range(entries)), g.uleb(t.sgpr(4)))
    return text + list_section(".debug_loclists", "ll", ".Lll0", body)


def call_location_list(calls=2_000, entries=300_000):
    """A variable whose location is `calls` times `DW_OP_call4` of a DIE whose location is
    a list of `entries` entries (`regx SGPR4`), all but the last call dropped again."""
    t = g.Target("gfx90a")

    def variables(d):
        e = g.Expr("user")
        for i in range(calls):
            e.b += [0x99, ("die", ".Lvar_y")]             # DW_OP_call4 <y>
            if i + 1 < calls:
                e.b += [0x13]                             # DW_OP_drop
        d.die("variable", [(g.AT["name"], "string", "x"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", e)])
        d.die("variable", [(g.AT["name"], "string", "y"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "sec_offset", ".Lll0")], label=".Lvar_y")
    text = object_with(variables)
    body = regx_list(((2 * i, 2 * i + 2) for i in range(entries)), g.uleb(t.sgpr(4)))
    return text + list_section(".debug_loclists", "ll", ".Lll0", body)


def shared_location_list(variables=5_000, entries=100_000):
    """`variables` variables whose DW_AT_location all name one list of `entries` entries
    (`regx SGPR4`, each two bytes of PC)."""
    t = g.Target("gfx90a")

    def vars_(d):
        for i in range(variables):
            d.die("variable", [(g.AT["name"], "string", "v%d" % i), (g.AT["type"], "ref4", ".Ltype_int"),
                               (g.AT["location"], "sec_offset", ".Lll0")])
    text = object_with(vars_)
    body = regx_list(((2 * i, 2 * i + 2) for i in range(entries)), g.uleb(t.sgpr(4)))
    return text + list_section(".debug_loclists", "ll", ".Lll0", body)


def deep_nesting(depth=100_000):
    """`depth` lexical blocks nested in each other, a variable in the innermost."""
    g.TAG.update({"lexical_block": 0x0b})

    def variables(d):
        for _ in range(depth):
            d.die("lexical_block", [(g.AT["low_pc"], "addr", "kern"),
                                    (g.AT["high_pc"], "data4", ".Lkern_end-kern")], children=True)
        d.die("variable", [(g.AT["name"], "string", "inner"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", global_at(0x10000))])
        for _ in range(depth):
            d.end_children()
    return object_with(variables)


def unreadable_name():
    """A variable whose DW_AT_name is a DW_FORM_strp offset past the end of .debug_str."""
    g.FORM.update({"strp": 0x0e})

    def variables(d):
        d.die("variable", [(g.AT["name"], "sec_offset", "0x7fffff00"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", global_at(0x10000))])
    # sec_offset writes the 4-byte operand; the abbreviation is switched to DW_FORM_strp.
    return object_with(variables).replace("\t.uleb128 0x3\n\t.uleb128 0x17", "\t.uleb128 0x3\n\t.uleb128 0xe")


def many_regions(count=500_000):
    """A wave state with `count` one-byte global memory regions (about 30 MB of JSON)."""
    st = state()
    st["memory"] = [{"space": "global", "address": hex(0x100000 + 2 * i), "bytes": "2a"}
                    for i in range(count)]
    return st


def late_underflow():
    """`constu 10000; L: lit1; minus; dup; bra L; drop; drop; stack_value`: counts down
    for 40 000 operations, then pops more than the stack holds."""
    def variables(d):
        e = g.Expr("user").op("constu", 10000)
        e.b += [0x31, 0x1c, 0x12, 0x28, 0xfa, 0xff, 0x13, 0x13, 0x9f]
        d.die("variable", [(g.AT["name"], "string", "late"), (g.AT["type"], "ref4", ".Ltype_int"),
                           (g.AT["location"], "exprloc", e)])
    return object_with(variables)


def implicit_pointer_cycle():
    """Two pointer variables, each `DW_OP_implicit_pointer` to the other."""
    g.TAG.update({"pointer_type": 0x0f})

    def variables(d):
        for name, other in (("p", ".Lvar_q"), ("q", ".Lvar_p")):
            e = g.Expr("user")
            e.b = [0xa0, ("die", other), 0x00]          # DW_OP_implicit_pointer <die> 0
            d.die("variable", [(g.AT["name"], "string", name), (g.AT["type"], "ref4", ".Lt_pp"),
                               (g.AT["location"], "exprloc", e)], label=".Lvar_" + name)

    def types(d):
        d.die("pointer_type", [(g.AT["type"], "ref4", ".Lt_pp"), (g.AT["byte_size"], "data1", 8)],
              label=".Lt_pp")
    return object_with(variables, types)


_ZEROS = {}


def zlib_zeros(size):
    """A zlib stream of `size` zero bytes (about size / 1000 bytes), made once per size."""
    import zlib
    if size not in _ZEROS:
        c = zlib.compressobj(9)
        chunk = bytes(1 << 24)
        parts, left = [], size
        while left:
            n = min(left, len(chunk))
            parts.append(c.compress(chunk[:n]))
            left -= n
        parts.append(c.flush())
        _ZEROS[size] = b"".join(parts)
    return _ZEROS[size]


def section_bomb(count, size=1 << 30, only=None):
    """corpora/llc22/ir-gfx90a-O0.o with `count` of its .debug_* sections replaced by
    SHF_COMPRESSED zlib streams that each inflate to `size` zero bytes (1 GiB: a 1-8 MB
    file declaring 1-8 GiB)."""
    import struct
    base = bytearray(open(os.path.join(HERE, "..", "..", "corpora", "llc22", "ir-gfx90a-O0.o"), "rb").read())
    shoff, = struct.unpack_from("<Q", base, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", base, 0x3a)
    str_off, = struct.unpack_from("<Q", base, shoff + shstrndx * shentsize + 0x18)
    stream = zlib_zeros(size)
    chdr = struct.pack("<IIQQ", 1, 0, size, 1)          # ELFCOMPRESS_ZLIB, ch_size, align
    replaced = 0
    for i in range(shnum):
        h = shoff + i * shentsize
        name_off, = struct.unpack_from("<I", base, h)
        end = base.index(b"\0", str_off + name_off)
        name = base[str_off + name_off:end].decode()
        if not name.startswith(".debug_") or replaced == count or (only and name not in only):
            continue
        flags, = struct.unpack_from("<Q", base, h + 0x08)
        offset = len(base)
        base += chdr + stream
        struct.pack_into("<Q", base, h + 0x08, flags | 0x800)     # SHF_COMPRESSED
        struct.pack_into("<QQ", base, h + 0x18, offset, len(chdr) + len(stream))
        replaced += 1
    return bytes(base)


SPARSE_SIZE = 6 << 30


def sparse_elf():
    """corpora/llc22/ir-gfx90a-O0.o followed by a 6 GiB hole (a sparse file): what the
    headers describe is all an input needs to read."""
    base = open(os.path.join(HERE, "..", "..", "corpora", "llc22", "ir-gfx90a-O0.o"), "rb").read()
    return Sparse(base, SPARSE_SIZE)


def sparse_section():
    """corpora/llc22/ir-gfx90a-O0.o whose .debug_str says it holds the 6 GiB after the
    object (a sparse file): refused before it is read when the budget is smaller."""
    import struct
    base = bytearray(open(os.path.join(HERE, "..", "..", "corpora", "llc22", "ir-gfx90a-O0.o"), "rb").read())
    shoff, = struct.unpack_from("<Q", base, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", base, 0x3a)
    str_off, = struct.unpack_from("<Q", base, shoff + shstrndx * shentsize + 0x18)
    for i in range(shnum):
        h = shoff + i * shentsize
        name_off, = struct.unpack_from("<I", base, h)
        end = base.index(b"\0", str_off + name_off)
        if base[str_off + name_off:end] == b".debug_str":
            struct.pack_into("<QQ", base, h + 0x18, len(base), SPARSE_SIZE - len(base))
    return Sparse(bytes(base), SPARSE_SIZE)


def _sections(base):
    """The section headers of an ELF64 little-endian object: (offset of the table, entry
    size, count, names by index)."""
    import struct
    shoff, = struct.unpack_from("<Q", base, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", base, 0x3a)
    str_off, = struct.unpack_from("<Q", base, shoff + shstrndx * shentsize + 0x18)
    names = []
    for i in range(shnum):
        name_off, = struct.unpack_from("<I", base, shoff + i * shentsize)
        end = base.index(b"\0", str_off + name_off)
        names.append(base[str_off + name_off:end].decode())
    return shoff, shentsize, shnum, names


def _grow_symtab(base, count, name_of, st_type=0):
    """Appends `count` global absolute symbols of `st_type` to the object's .symtab, symbol
    i named by the offset name_of(i) into a 1 MiB name that .strtab gains."""
    import struct
    shoff, shentsize, shnum, names = _sections(base)
    sym = names.index(".symtab")
    strtab, = struct.unpack_from("<I", base, shoff + sym * shentsize + 0x28)   # sh_link
    s_off, s_size = struct.unpack_from("<QQ", base, shoff + strtab * shentsize + 0x18)
    old_strings = bytes(base[s_off:s_off + s_size])
    long_at = len(old_strings)
    strings = old_strings + b"n" * (1 << 20) + b"\0"
    y_off, y_size = struct.unpack_from("<QQ", base, shoff + sym * shentsize + 0x18)
    symbols = bytearray(base[y_off:y_off + y_size])
    for i in range(count):
        symbols += struct.pack("<IBBHQQ", long_at + name_of(i), 0x10 | st_type, 0, 0xfff1, 0, 0)
    at = len(base)
    base += strings
    struct.pack_into("<QQ", base, shoff + strtab * shentsize + 0x18, at, len(strings))
    at = len(base)
    base += symbols
    struct.pack_into("<QQ", base, shoff + sym * shentsize + 0x18, at, len(symbols))
    return base


def long_symbol_names():
    """corpora/llc22/ir-gfx90a-O0.o with 100 000 more symbols, all named by one 1 MiB
    string (half of them at its start, half at other offsets inside it)."""
    base = bytearray(open(os.path.join(HERE, "..", "..", "corpora", "llc22", "ir-gfx90a-O0.o"), "rb").read())
    return bytes(_grow_symtab(base, 100_000, lambda i: 0 if i % 2 else (i * 7) % (1 << 20)))


def long_function_names():
    """long-symbol-names with function symbols (STT_FUNC): each function keeps its name,
    100 000 copies of up to 1 MiB, which the memory budget refuses."""
    base = bytearray(open(os.path.join(HERE, "..", "..", "corpora", "llc22", "ir-gfx90a-O0.o"), "rb").read())
    return bytes(_grow_symtab(base, 100_000, lambda i: 0 if i % 2 else (i * 7) % (1 << 20), st_type=2))


def relocation_sections():
    """corpora/llc22/ir-gfx90a-O0.o whose 50 000-symbol table is named by 20 000 more
    relocation sections for .debug_info (each one R_AMDGPU_ABS32 of the last symbol)."""
    import struct
    base = _grow_symtab(bytearray(open(os.path.join(HERE, "..", "..", "corpora", "llc22", "ir-gfx90a-O0.o"), "rb").read()),
                        50_000, lambda i: 0)
    shoff, shentsize, shnum, names = _sections(base)
    sym = names.index(".symtab")
    info = names.index(".debug_info")
    _, y_size = struct.unpack_from("<QQ", base, shoff + sym * shentsize + 0x18)
    last = y_size // 24 - 1
    entry_at = len(base)
    # R_AMDGPU_ABS32_LO of the last symbol (value 0) at .debug_info+8, the unit's
    # abbreviation offset, which is 0 already: the object reads the same relocated.
    base += struct.pack("<QQq", 8, (last << 32) | 1, 0)
    name_rela, = struct.unpack_from("<I", base, shoff + names.index(".rela.debug_info") * shentsize) \
        if ".rela.debug_info" in names else (0,)
    table = bytearray(base[shoff:shoff + shnum * shentsize])
    for _ in range(20_000):
        table += struct.pack("<IIQQQQIIQQ", name_rela, 4, 0, 0, entry_at, 24, sym, info, 8, 24)
    new_off = len(base)
    base += table
    struct.pack_into("<Q", base, 0x28, new_off)
    struct.pack_into("<H", base, 0x3c, shnum + 20_000)
    return bytes(base)


class Sparse:
    """`head` bytes, then a hole up to `size` bytes (the file system stores only the head)."""

    def __init__(self, head, size):
        self.head, self.size = head, size


def ccob_bomb(size=1 << 30):
    """A compressed offload bundle (CCOB v3, zlib) that inflates to `size` zero bytes:
    not a bundle, which the first 24 bytes tell."""
    import struct
    stream = zlib_zeros(size)
    header_size = 32
    return (b"CCOB" + struct.pack("<HHQQQ", 3, 0, header_size + len(stream), size, 0) + stream)


def foreign_ops():
    """Five int variables in global memory; three of them carry another vendor's
    operation after their address: `DW_OP_LLVM_user` sub-op 0x0d (upstream LLVM's
    DW_OP_LLVM_NVIDIA_mux), the one-byte 0xeb (AMD legacy / Intel GPU code) and
    DW_OP_WASM_location (0xed). `first` and `last` are plain."""
    def located(address, tail):
        e = global_at(address)
        e.b += tail
        return e
    def variables(d):
        for name, address, tail in [
            ("first", 0x10000, []),
            ("nvidia", 0x10004, [0xe9, 0x0d, 0x01]),
            ("intel", 0x10008, [0xeb, 0x01]),
            ("wasm", 0x1000c, [0xed, 0x00, 0x01]),
            ("last", 0x10010, []),
        ]:
            d.die("variable", [(g.AT["name"], "string", name), (g.AT["type"], "ref4", ".Ltype_int"),
                               (g.AT["location"], "exprloc", located(address, tail))])
    return object_with(variables)


def state(processor="gfx90a", wave=64, memory=1024):
    return {
        "format": "hetdwarf-wave-state/1", "processor": processor, "wave_size": wave,
        "pc": "0x0", "exec": "0x" + "f" * (wave // 4),
        "registers": {"s33": "0x0"},
        "memory": [{"space": "global", "address": "0x10000",
                    "bytes": "".join("%02x000000" % (i & 0xff) for i in range(memory // 4))}],
    }


def bidi_names():
    """Variables whose names hold a right-to-left override, invisible characters and a
    newline."""
    def variables(d):
        for name in ("bidi\\342\\200\\256gnp.exe", "zero\\342\\200\\213width", "bom\\357\\273\\277x",
                     "nl\\nFORGED = 42"):
            d.die("variable", [(g.AT["name"], "string", name), (g.AT["type"], "ref4", ".Ltype_int"),
                               (g.AT["location"], "exprloc", global_at(0x10000))])
    return object_with(variables)


def forged_strings():
    """bidi-names whose producer, compile unit, function and type names hold newlines that
    start forged lines, and a right-to-left override."""
    text = bidi_names()
    for old, new in (('"hetdwarf tools/hostile/gen.py"', '"prod\\nFORGED producer\\342\\200\\256"'),
                     ('"hostile.c"', '"src\\nFORGED.c"'),
                     ('.asciz "kern"', '.asciz "kern\\nFORGED function"'),
                     ('.asciz "int"', '.asciz "int\\nFORGED type"')):
        assert old in text, old
        text = text.replace(old, new)
    return text


def code_object(fill_lines, entries=((0, 16),)):
    """A gfx90a device function `func` whose code is `fill_lines`, and a variable `x` located
    in v1 by a location list over offsets of it (the machine-code checks judge it)."""
    lines = ['\t.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"', "\t.text", "\t.globl func",
             "\t.p2align 2", "\t.type func,@function", "func:"]
    lines += fill_lines
    lines += [".Lfunc_end:", "\t.size func, .Lfunc_end-func"]
    a = g.Asm()
    a.lines += lines
    body = g.Asm()
    d = g.Dwarf(body)
    d.die("compile_unit", [(g.AT["producer"], "string", "hetdwarf tools/hostile/gen.py"),
                           (g.AT["language"], "data2", "0x0c"), (g.AT["name"], "string", "code.c"),
                           (g.AT["low_pc"], "addr", "func"),
                           (g.AT["high_pc"], "data4", ".Lfunc_end-func")], children=True)
    d.die("subprogram", [(g.AT["name"], "string", "func"), (g.AT["low_pc"], "addr", "func"),
                         (g.AT["high_pc"], "data4", ".Lfunc_end-func")], children=True)
    d.die("variable", [(g.AT["name"], "string", "x"), (g.AT["type"], "ref4", ".Ltype_int"),
                       (g.AT["location"], "sec_offset", ".Lll_x")])
    d.end_children()
    d.die("base_type", [(g.AT["name"], "string", "int"), (g.AT["encoding"], "data1", 5),
                        (g.AT["byte_size"], "data1", 4)], label=".Ltype_int")
    d.end_children()
    d.emit_abbrev_section(a)
    a("\t.section .debug_info,\"\",@progbits", ".Lcu_begin:",
      "\t.long .Lcu_end-.Lcu_version", ".Lcu_version:",
      "\t.short 5", "\t.byte 1", "\t.byte 8", "\t.long .debug_abbrev")
    a.lines += body.lines
    a(".Lcu_end:")
    return "\n".join(a.lines) + "\n" + list_section(
        ".debug_loclists", "ll", ".Lll_x", regx_list(entries, g.uleb(2560 + 1)))


def code_flood(mib=64):
    """`mib` MiB of s_nop in one function: more code than a listing decodes."""
    return code_object(["\t.fill %d, 4, 0xbf800000" % (mib << 18)])


def code_garbage(kib=256):
    """`kib` KiB of pseudo-random words in one function (invalid encodings, data in .text),
    ending in the first dword of a 64-bit instruction (truncated)."""
    import random
    rnd = random.Random(35)
    words = [rnd.getrandbits(32) for _ in range(kib * 256)]
    lines = ["\t.long " + ", ".join("0x%08x" % w for w in words[i:i + 16])
             for i in range(0, len(words), 16)]
    lines.append("\t.long 0xd1c80002")
    return code_object(lines, entries=[(0, 4 * len(words))])


CASES = {
    "bidi-names": (bidi_names, state()),
    "forged-strings": (forged_strings, state()),
    "code-flood": (code_flood, None),
    "code-garbage": (code_garbage, dict(state(), pc="0x10")),
    "huge-arrays": (huge_arrays, state()),
    "lanes-overflow": (lanes_overflow, state()),
    "entry-value-nest": (entry_value_nest, state()),
    "cfi-self-reference": (cfi_self_reference, dict(state(), pc="0x8", registers={"s32": "0x100"})),
    "broken-units": (broken_units, state()),
    "shared-abbrevs": (shared_abbrevs, None),
    "shared-range-list": (shared_range_list, state()),
    "frame-base-list": (frame_base_list, state()),
    "many-variables": (many_variables, state()),
    "cube": (cube, state()),
    "wide-struct": (wide_struct, state()),
    "long-location-list": (long_location_list, dict(state(), registers={"s4": "0x2a"})),
    "overlapping-location-list": (overlapping_location_list, dict(state(), registers={"s4": "0x2a"})),
    "report-shared-list": (lambda: shared_location_list(1_000, 300_000), None),
    "call-location-list": (call_location_list, dict(state(), registers={"s4": "0x2a"})),
    "shared-location-list": (shared_location_list, dict(state(), registers={"s4": "0x2a"})),
    "deep-nesting": (deep_nesting, state()),
    "late-underflow": (late_underflow, state()),
    "implicit-pointer-cycle": (implicit_pointer_cycle, state()),
    "unreadable-name": (unreadable_name, state()),
    "foreign-ops": (foreign_ops, state()),
    "many-regions": (huge_arrays, None),
    "section-bomb-4": (lambda: section_bomb(4), None),
    "section-bomb-8": (lambda: section_bomb(8), None),
    "ccob-bomb": (ccob_bomb, None),
    "sparse-elf": (sparse_elf, None),
    "long-symbol-names": (long_symbol_names, state()),
    "long-function-names": (long_function_names, state()),
    "relocation-sections": (relocation_sections, state()),
    "sparse-section": (sparse_section, None),
    # Only .debug_frame is a bomb: everything but unwinding and the CFI checks works.
    "frame-bomb": (lambda: section_bomb(1, only=[".debug_frame"]), None),
    # gfx90a wave64 object, gfx1100 wave32 state.
    "state-mismatch": (huge_arrays, state("gfx1100", 32)),
}


def main():
    if sys.argv[1:] == ["--list"]:
        print("\n".join(CASES))
        return
    if sys.argv[1] == "--entry-value-hex":
        print("".join("%02x" % b for b in nested_entry_values(int(sys.argv[2]))))
        return
    case, out = sys.argv[1], sys.argv[2]
    make, st = CASES[case]
    os.makedirs(out, exist_ok=True)
    made = make()
    if isinstance(made, Sparse):
        with open(os.path.join(out, case + ".o"), "wb") as f:
            f.write(made.head)
            f.truncate(made.size)
    elif isinstance(made, bytes):
        # A binary input, ready to use: CASE.o (or CASE.ccob for a bundle).
        ext = ".ccob" if made.startswith(b"CCOB") else ".o"
        with open(os.path.join(out, case + ext), "wb") as f:
            f.write(made)
    else:
        with open(os.path.join(out, case + ".s"), "w") as f:
            f.write(made)
    if case == "many-regions":
        st = many_regions()
    if st is not None:
        with open(os.path.join(out, case + ".state.json"), "w") as f:
            json.dump(st, f)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""gen.py -- structural hostile inputs for hetdwarf, generated (never stored blobs).

usage: gen.py CASE OUTDIR     writes OUTDIR/CASE.s (llvm-mc-22 assembly) or OUTDIR/CASE.o
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


def state(processor="gfx90a", wave=64, memory=1024):
    return {
        "format": "hetdwarf-wave-state/1", "processor": processor, "wave_size": wave,
        "pc": "0x0", "exec": "0x" + "f" * (wave // 4),
        "registers": {"s33": "0x0"},
        "memory": [{"space": "global", "address": "0x10000",
                    "bytes": "".join("%02x000000" % (i & 0xff) for i in range(memory // 4))}],
    }


CASES = {
    "huge-arrays": (huge_arrays, state()),
    "lanes-overflow": (lanes_overflow, state()),
    "entry-value-nest": (entry_value_nest, state()),
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
    with open(os.path.join(out, case + ".s"), "w") as f:
        f.write(make())
    if st is not None:
        with open(os.path.join(out, case + ".state.json"), "w") as f:
            json.dump(st, f)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""to_diop.py -- make upstream clang-22 AMDGPU IR digestible by AMD's LLVM fork.

Two jobs, both on textual IR (stdin or a file -> stdout):

1. Compatibility (always).  The fork in rocm-llvm-python is a 22.0 snapshot;
   IR from Debian's clang 22.1 differs in three spellings it rejects:
     * DIDerivedType `dwarfAddressSpace:` is spelled `addressSpace:`
     * the `nocreateundeforpoison` attribute is unknown
     * "target-features" may name features the snapshot does not know

2. DIOp rewrite (unless --compat-only).  The fork lowers debug records
   through its heterogeneous-debugging path only when their DIExpressions
   are written with DIOp* operations.  Upstream clang instead appends the
   DWARF 5 address-space suffix `DW_OP_constu N, DW_OP_swap, DW_OP_xderef`.
     #dbg_declare(ptr addrspace(A) %x, ...)  where %x is an alloca of type T
         -> DIExpression(DIOpArg(0, ptr addrspace(A)), DIOpDeref(T))
     #dbg_value(T v, ...)
         -> DIExpression(DIOpArg(0, T))
         (the xderef suffix on a dbg_value is an upstream quirk left behind
          by SROA/mem2reg: the value itself is meant, so it is dropped)
     DW_OP_LLVM_fragment, O, S  -> DIOpFragment(O, S)
     global @g in addrspace(A) of type T
         -> DIExpression(DIOpArg(0, ptr addrspace(A)), DIOpDeref(T))
   Records that fit none of these shapes (DIArgList, declares of poison,
   arithmetic) are dropped and counted on stderr.

usage: to_diop.py [--compat-only] IN.ll > OUT.ll
"""
import argparse
import re
import sys

RECORD = re.compile(r'^(?P<indent>\s*)#dbg_(?P<kind>declare|value|assign)\((?P<args>.*)\)\s*$')
DEFINE = re.compile(r'^define\b.*?@(?P<name>"[^"]+"|[\w.$-]+)\(')
ALLOCA = re.compile(r'^\s*(?P<val>%[\w.-]+) = alloca (?P<ty>.+?), align \d+, addrspace\(\d+\)')
GLOBAL = re.compile(r'^@(?P<name>[\w.$-]+) = (?P<rest>.*)$')
GLOBAL_EXPR = re.compile(
    r'^(?P<id>![0-9]+) = !DIGlobalVariableExpression\(var: (?P<var>![0-9]+), '
    r'expr: !DIExpression\((?P<body>[^)]*)\)\)$')
ASPACE_SUFFIX = ["DW_OP_constu", None, "DW_OP_swap", "DW_OP_xderef"]


def compat(text):
    text = text.replace("dwarfAddressSpace:", "addressSpace:")
    text = text.replace(" nocreateundeforpoison", "")
    return re.sub(r'"target-features"="[^"]*"', "", text)


def split_args(s):
    """Split a call argument list on top-level commas."""
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur).strip())
    return parts


def fragment_suffix(expr):
    """DIOp text for what may follow DIOpArg/DIOpDeref, or None if the
    upstream expression holds anything besides the aspace suffix and a
    fragment."""
    m = re.fullmatch(r'!DIExpression\((.*)\)', expr)
    if not m:
        return None
    ops = [o.strip() for o in m.group(1).split(",") if o.strip()]
    out, i = [], 0
    while i < len(ops):
        window = ops[i:i + 4]
        if len(window) == 4 and all(p is None or p == w for p, w in zip(ASPACE_SUFFIX, window)):
            i += 4
        elif ops[i] == "DW_OP_LLVM_fragment" and i + 2 < len(ops):
            out.append(", DIOpFragment(%s, %s)" % (ops[i + 1], ops[i + 2]))
            i += 3
        else:
            return None
    return "".join(out)


class Rewriter:
    def __init__(self):
        self.func = None
        self.allocas = {}
        self.converted = 0
        self.dropped = 0

    def record(self, m):
        parts = split_args(m.group("args"))
        if len(parts) < 4:
            return None
        loc, var, expr, dbgloc = parts[0], parts[1], parts[2], parts[-1]
        if loc.startswith("!DIArgList"):
            return None
        suffix = fragment_suffix(expr)
        ty, _, val = loc.rpartition(" ")
        if suffix is None or not ty:
            return None
        kind = m.group("kind")
        if kind == "declare":
            alloca_ty = self.allocas.get((self.func, val))
            if not ty.startswith("ptr") or alloca_ty is None:
                return None
            new = "DIOpArg(0, %s), DIOpDeref(%s)%s" % (ty, alloca_ty, suffix)
        elif kind == "value":
            new = "DIOpArg(0, %s)%s" % (ty, suffix)
        else:
            return None
        return "%s#dbg_%s(%s, %s, !DIExpression(%s), %s)" % (
            m.group("indent"), kind, loc, var, new, dbgloc)

    def line(self, line):
        d = DEFINE.match(line)
        if d:
            self.func = d.group("name")
        a = ALLOCA.match(line)
        if a:
            self.allocas[(self.func, a.group("val"))] = a.group("ty")
        r = RECORD.match(line)
        if not r:
            return line
        new = self.record(r)
        if new is None:
            self.dropped += 1
        else:
            self.converted += 1
        return new


def global_types(lines):
    """Map the !dbg id attached to each IR global to (addrspace, value type)."""
    found = {}
    for line in lines:
        g = GLOBAL.match(line)
        if not g:
            continue
        rest = g.group("rest")
        dbg = re.search(r'!dbg (![0-9]+)', rest)
        ty = re.search(r'\b(?:global|constant) (\[[^\]]*\]|<[^>]*>|\{[^}]*\}|%[\w.]+|\w+)', rest)
        if dbg and ty:
            asp = re.search(r'\baddrspace\((\d+)\)', rest)
            found[dbg.group(1)] = (asp.group(1) if asp else "0", ty.group(1))
    return found


def rewrite(text):
    rw = Rewriter()
    lines = [l for l in (rw.line(x) for x in text.splitlines()) if l is not None]
    gtypes = global_types(lines)
    for i, line in enumerate(lines):
        m = GLOBAL_EXPR.match(line)
        if m and m.group("id") in gtypes:
            asp, ty = gtypes[m.group("id")]
            lines[i] = ("%s = !DIGlobalVariableExpression(var: %s, expr: !DIExpression("
                        "DIOpArg(0, ptr addrspace(%s)), DIOpDeref(%s)))" % (m.group("id"), m.group("var"), asp, ty))
    print("to_diop: %d debug records converted, %d dropped" % (rw.converted, rw.dropped), file=sys.stderr)
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description="rewrite clang-22 IR for the AMD LLVM fork")
    ap.add_argument("--compat-only", action="store_true",
                    help="only fix spellings; keep upstream DIExpressions")
    ap.add_argument("input")
    a = ap.parse_args()
    text = compat(open(a.input).read())
    sys.stdout.write(text if a.compat_only else rewrite(text))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""gen_ir.py -- hostile LLVM IR modules for `hetdwarf verify --ir`, built from the committed
corpora/diop/ops.ll (whose objects corpora/diop/ops-*.o are checked against them).

usage: gen_ir.py CASE DIR     writes DIR/CASE.ll (and the case's variants, DIR/CASE-*.ll)

Each module is ops.ll with debug records and metadata nodes added: the records go at the top
of @ops (before ops.ll's own, so that a variable's new records are the first ones tried), the
nodes after ops.ll's. Nothing here is stored; every file is made on demand.

Cases:
  ir-shared-expression   20 000 #dbg_value records of v_arg sharing one 300 KB
                         !DIExpression node (more operations than the 4 096 read);
                         -valid: sharing one 4 095-operation node that checks
  ir-shared-variable     100 000 records of one variable whose node is 1 MB;
                         -scope: whose scope is a chain of 300 lexical blocks
  ir-comma-flood         one !DIExpression node of 100 MB of commas;
                         -paren: 10 MB of parentheses in one operand, inline in a record;
                         -small: 1 000 000 commas (under the size read), inline
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OPS = os.path.join(HERE, "..", "..", "corpora", "diop", "ops.ll")

# The node ids the cases add: above any ops.ll uses.
NODE = 1000


def module(records, nodes):
    """ops.ll with `records` (lines) at the top of @ops and `nodes` (lines) at the end; the
    lines are written as they are made, so a case's size costs no memory here."""
    with open(OPS) as f:
        text = f.read()
    head, sep, tail = text.partition("entry:\n")
    assert sep, "ops.ll has an entry block"
    yield head + sep
    yield from records
    yield tail
    yield from nodes


def write(path, parts):
    with open(path, "w") as f:
        for p in parts:
            f.write(p)


def shared_expression(d):
    # 300 KB: DIOpArg then (constant, add) pairs, about 9 400 of them.
    pair = "DIOpConstant(i32 1), DIOpAdd(), "
    body = "DIOpArg(0, i32), " + pair * ((300_000 - 17) // len(pair))
    body = body.rstrip(", ")
    records = ("    #dbg_value(i32 %%tid, !107, !%d, !20)\n" % NODE for _ in range(20_000))
    write(os.path.join(d, "ir-shared-expression.ll"),
          module(records, ["!%d = !DIExpression(%s)\n" % (NODE, body)]))
    # 4 095 operations that check: x + 0 + 0 + ...
    body = "DIOpArg(0, i32)" + ", DIOpConstant(i32 0), DIOpAdd()" * 2047
    records = ("    #dbg_value(i32 %%tid, !107, !%d, !20)\n" % NODE for _ in range(20_000))
    write(os.path.join(d, "ir-shared-expression-valid.ll"),
          module(records, ["!%d = !DIExpression(%s)\n" % (NODE, body)]))


def shared_variable(d):
    # v_arg again (ops.ll's !107, which the objects locate), its node 1 MB of fields.
    pad = ", line: 10" * 100_000
    var = ('!%d = !DILocalVariable(name: "v_arg", scope: !10, file: !1, line: 10, type: !100%s)\n'
           % (NODE, pad))
    records = ("    #dbg_value(i32 %%tid, !%d, !DIExpression(DIOpArg(0, i32)), !20)\n" % NODE
               for _ in range(100_000))
    write(os.path.join(d, "ir-shared-variable.ll"), module(records, [var]))
    # The same variable in the innermost of 300 nested lexical blocks of @ops.
    blocks = 300
    first = NODE + 1
    nodes = ['!%d = !DILocalVariable(name: "v_arg", scope: !%d, file: !1, line: 10, type: !100)\n'
             % (NODE, first + blocks - 1)]
    for i in range(blocks):
        parent = 10 if i == 0 else first + i - 1
        nodes.append("!%d = distinct !DILexicalBlock(scope: !%d, file: !1, line: %d)\n"
                     % (first + i, parent, i + 2))
    records = ("    #dbg_value(i32 %%tid, !%d, !DIExpression(DIOpArg(0, i32)), !20)\n" % NODE
               for _ in range(100_000))
    write(os.path.join(d, "ir-shared-variable-scope.ll"), module(records, nodes))


def comma_flood(d):
    record = ["    #dbg_value(i32 %%tid, !107, !%d, !20)\n" % NODE]
    chunk = "," * (1 << 20)
    node = ["!%d = !DIExpression(" % NODE] + [chunk] * 100 + [")\n"]
    write(os.path.join(d, "ir-comma-flood.ll"), module(record, node))
    half = 5 * (1 << 20)
    record = ["    #dbg_value(i32 %tid, !107, !DIExpression(DIOpArg(0, i32), DIOpDeref(",
              "(" * half, ")" * half, ")), !20)\n"]
    write(os.path.join(d, "ir-comma-flood-paren.ll"), module(record, []))
    record = ["    #dbg_value(i32 %tid, !107, !DIExpression(DIOpArg(0, i32)", "," * 1_000_000,
              "), !20)\n"]
    write(os.path.join(d, "ir-comma-flood-small.ll"), module(record, []))


CASES = {
    "ir-shared-expression": shared_expression,
    "ir-shared-variable": shared_variable,
    "ir-comma-flood": comma_flood,
}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in CASES:
        sys.exit("usage: gen_ir.py {%s} DIR" % ",".join(CASES))
    os.makedirs(sys.argv[2], exist_ok=True)
    CASES[sys.argv[1]](sys.argv[2])


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""gen_ops.py -- write ops.ll: one AMDGPU kernel whose debug records use every DIOp
operation of AMD's LLVM fork (and the forms the fork's lowering has special cases for:
constants of both signs, sub-byte reads, register pairs, fragments, globals).

Each record describes its own variable `v_<name>` so that `hetdwarf verify --ir` can
find the DWARF emitted for it.  The table below is the source; ops.ll is committed too.

usage: gen_ops.py > ops.ll
"""

DATALAYOUT = ("e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-"
              "p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-"
              "v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-"
              "v2048:2048-n32:64-S32-A5-G1-ni:7:8:9")

# (variable, DWARF type, record kind, location operand(s), DIOp expression)
# Operands name IR values of the kernel below: %a %c (i32 arguments), %b (i64), %f
# (float), %tid (i32 work-item id), %sum (i32), %wide (i64), %slot (ptr addrspace(5)
# alloca of i64), %pair (ptr addrspace(5) alloca of [2 x i32]).
RECORDS = [
    ("arg", "int", "value", "i32 %tid", "DIOpArg(0, i32)"),
    ("arg64", "long", "value", "i64 %wide", "DIOpArg(0, i64)"),
    ("referrer", "int", "value", "i32 %a", "DIOpReferrer(i32)"),
    ("typeobject", "int", "value", "i32 %a", "DIOpTypeObject(i32)"),
    ("constant", "int", "value", "i32 %a", "DIOpConstant(i32 7)"),
    ("constant_neg", "int", "value", "i32 %a", "DIOpConstant(i32 -5)"),
    ("constant_i8", "char", "value", "i32 %a", "DIOpConstant(i8 200)"),
    ("constant_float", "float", "value", "i32 %a", "DIOpConstant(float 1.500000e+00)"),
    ("convert", "int", "value", "i64 %wide", "DIOpArg(0, i64), DIOpConvert(i32)"),
    ("convert_ptr", "ptr_generic", "value", "ptr addrspace(5) %slot",
     "DIOpArg(0, ptr addrspace(5)), DIOpConvert(ptr)"),
    ("zext", "long", "value", "i32 %sum", "DIOpArg(0, i32), DIOpZExt(i64)"),
    ("zext_i8", "int", "value", "i32 %sum", "DIOpArg(0, i32), DIOpConvert(i8), DIOpZExt(i32)"),
    ("sext", "long", "value", "i32 %sum", "DIOpArg(0, i32), DIOpSExt(i64)"),
    ("reinterpret", "int", "value", "float %f", "DIOpArg(0, float), DIOpReinterpret(i32)"),
    ("declare", "long", "declare", "ptr addrspace(5) %slot",
     "DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)"),
    ("bitoffset", "int", "declare", "ptr addrspace(5) %slot",
     "DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64), DIOpConstant(i32 8), DIOpBitOffset(i32)"),
    ("byteoffset", "int", "declare", "ptr addrspace(5) %pair",
     "DIOpArg(0, ptr addrspace(5)), DIOpDeref([2 x i32]), DIOpConstant(i32 4), DIOpByteOffset(i32)"),
    ("byteoffset_neg", "int", "declare", "ptr addrspace(5) %pair",
     "DIOpArg(0, ptr addrspace(5)), DIOpConstant(i32 4), DIOpByteOffset(ptr addrspace(5)), "
     "DIOpDeref(i32), DIOpConstant(i32 -4), DIOpByteOffset(i32)"),
    ("read", "int", "declare", "ptr addrspace(5) %pair",
     "DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32), DIOpRead()"),
    ("composite", "long", "value", "!DIArgList(i32 %a, i32 %tid)",
     "DIOpArg(0, i32), DIOpArg(1, i32), DIOpComposite(2, i64)"),
    ("composite_const", "long", "value", "i32 %tid",
     "DIOpArg(0, i32), DIOpConstant(i32 7), DIOpComposite(2, i64)"),
    ("extend", "long", "value", "i32 %tid", "DIOpArg(0, i32), DIOpExtend(2)"),
    ("select", "long", "value", "i32 %a",
     "DIOpArg(0, i32), DIOpConstant(<2 x i32> <i32 1, i32 2>), "
     "DIOpConstant(<2 x i32> <i32 3, i32 4>), DIOpSelect()"),
    ("addrof", "ptr_private", "value", "i32 %sum", "DIOpArg(0, i32), DIOpAddrOf(5)"),
    ("addrof_deref", "int", "value", "i32 %sum", "DIOpArg(0, i32), DIOpAddrOf(5), DIOpDeref(i32)"),
    ("add", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpAdd()"),
    ("sub", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpSub()"),
    ("mul", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpMul()"),
    ("div", "int", "value", "!DIArgList(i32 %a, i32 %c)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpDiv()"),
    ("mod", "int", "value", "!DIArgList(i32 %a, i32 %c)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpMod()"),
    ("lshr", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpLShr()"),
    ("ashr", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpAShr()"),
    ("shl", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpShl()"),
    ("and", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpAnd()"),
    ("or", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpOr()"),
    ("xor", "int", "value", "!DIArgList(i32 %a, i32 %tid)", "DIOpArg(0, i32), DIOpArg(1, i32), DIOpXor()"),
    ("add_const", "int", "value", "i32 %tid", "DIOpArg(0, i32), DIOpConstant(i32 -1), DIOpAdd()"),
    ("lshr_wrap", "int", "value", "!DIArgList(i32 %a, i32 %tid)",
     "DIOpArg(0, i32), DIOpArg(1, i32), DIOpAdd(), DIOpConstant(i32 1), DIOpLShr()"),
    ("pushlane", "int", "value", "i32 %a", "DIOpPushLane(i32)"),
    ("lane_offset", "int", "value", "i32 %tid",
     "DIOpArg(0, i32), DIOpPushLane(i32), DIOpConstant(i32 4), DIOpMul(), DIOpByteOffset(i32)"),
    ("fragment", "long", "value", "i32 %a", "DIOpArg(0, i32), DIOpFragment(0, 32)"),
    ("fragment", "long", "value2", "i32 %tid", "DIOpArg(0, i32), DIOpFragment(32, 32)"),
    ("i1", "bool", "value", "i1 %cmp", "DIOpArg(0, i1), DIOpZExt(i8)"),
]

TYPES = {
    "int": '!DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)',
    "long": '!DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)',
    "char": '!DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)',
    "bool": '!DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)',
    "float": '!DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)',
    "ptr_generic": None,  # pointer to int, 64-bit
    "ptr_private": None,  # pointer to int, 32-bit private
}


def main():
    md = {}
    lines = []
    out = lines.append
    nxt = [100]

    def node(text):
        n = nxt[0]
        nxt[0] += 1
        md[n] = text
        return n

    types = {}
    for k, t in TYPES.items():
        if t is not None:
            types[k] = node(t)
    types["ptr_generic"] = node(f'!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !{types["int"]}, size: 64)')
    types["ptr_private"] = node(f'!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !{types["int"]}, size: 32, addressSpace: 5)')

    variables = {}
    records = []
    for i, (name, ty, kind, operand, expr) in enumerate(RECORDS):
        if name not in variables:
            variables[name] = node(
                f'!DILocalVariable(name: "v_{name}", scope: !10, file: !1, line: {10 + i}, type: !{types[ty]})')
        records.append((variables[name], kind, operand, expr, 10 + i))

    out('; ops.ll -- every DIOp operation in one kernel; generated by gen_ops.py')
    out('source_filename = "ops.cl"')
    out(f'target datalayout = "{DATALAYOUT}"')
    out('target triple = "amdgcn-amd-amdhsa"')
    out('')
    out('@g = addrspace(1) global i32 0, align 4, !dbg !40')
    out('@lds = internal addrspace(3) global i32 poison, align 4, !dbg !43')
    out('')
    out('declare i32 @llvm.amdgcn.workitem.id.x()')
    out('')
    out('define amdgpu_kernel void @ops(ptr addrspace(1) %out, i32 %a, i64 %b, float %f, i32 %c) !dbg !10 {')
    out('entry:')
    out('  %slot = alloca i64, align 8, addrspace(5)')
    out('  %pair = alloca [2 x i32], align 4, addrspace(5)')
    out('  %tid = call i32 @llvm.amdgcn.workitem.id.x(), !dbg !20')
    out('  %sum = add i32 %a, %tid, !dbg !20')
    out('  %wide = add i64 %b, 1, !dbg !20')
    out('  %cmp = icmp ult i32 %sum, 16, !dbg !20')
    out('  store i64 %wide, ptr addrspace(5) %slot, align 8, !dbg !20')
    out('  store i32 %sum, ptr addrspace(5) %pair, align 4, !dbg !20')
    for var, kind, operand, expr, line in records:
        rec = "declare" if kind == "declare" else "value"
        out(f'    #dbg_{rec}({operand}, !{var}, !DIExpression({expr}), !20)')
    out('  %v = load volatile i64, ptr addrspace(5) %slot, align 8, !dbg !21')
    out('  %p1 = getelementptr i32, ptr addrspace(5) %pair, i32 1, !dbg !21')
    out('  %w = load volatile i32, ptr addrspace(5) %pair, align 4, !dbg !21')
    out('  %fi = bitcast float %f to i32, !dbg !21')
    out('  %z = zext i1 %cmp to i32, !dbg !21')
    out('  %t0 = add i32 %w, %fi, !dbg !21')
    out('  %t1 = add i32 %t0, %z, !dbg !21')
    out('  %t2 = add i32 %t1, %c, !dbg !21')
    out('  %t3 = xor i32 %t2, %tid, !dbg !21')
    out('  %gv = load i32, ptr addrspace(1) @g, align 4, !dbg !21')
    out('  %t4 = add i32 %t3, %gv, !dbg !21')
    out('  store i32 %t4, ptr addrspace(3) @lds, align 4, !dbg !21')
    out('  %outp = getelementptr i64, ptr addrspace(1) %out, i32 %tid, !dbg !21')
    out('  %t5 = zext i32 %t4 to i64, !dbg !21')
    out('  %t6 = add i64 %t5, %v, !dbg !21')
    out('  store i64 %t6, ptr addrspace(1) %outp, align 8, !dbg !21')
    out('  ret void, !dbg !22')
    out('}')
    out('')
    out('!llvm.dbg.cu = !{!0}')
    out('!llvm.module.flags = !{!2, !3, !4}')
    out('')
    out('!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hetdwarf gen_ops.py", '
        'isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !44, splitDebugInlining: false, '
        'nameTableKind: None)')
    out('!1 = !DIFile(filename: "ops.cl", directory: "/hetdwarf")')
    out('!2 = !{i32 7, !"Dwarf Version", i32 5}')
    out('!3 = !{i32 2, !"Debug Info Version", i32 3}')
    out('!4 = !{i32 1, !"amdhsa_code_object_version", i32 500}')
    out('!10 = distinct !DISubprogram(name: "ops", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, '
        'spFlags: DISPFlagDefinition, unit: !0)')
    out('!11 = !DISubroutineType(types: !12)')
    out('!12 = !{null}')
    out('!20 = !DILocation(line: 2, column: 3, scope: !10)')
    out('!21 = !DILocation(line: 3, column: 3, scope: !10)')
    out('!22 = !DILocation(line: 4, column: 1, scope: !10)')
    out(f'!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression(DIOpArg(0, ptr addrspace(1)), DIOpDeref(i32)))')
    out(f'!41 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !{types["int"]}, isLocal: false, isDefinition: true)')
    out(f'!43 = !DIGlobalVariableExpression(var: !45, expr: !DIExpression(DIOpArg(0, ptr addrspace(3)), DIOpDeref(i32)))')
    out('!44 = !{!40, !43}')
    out(f'!45 = distinct !DIGlobalVariable(name: "lds", scope: !0, file: !1, line: 2, type: !{types["int"]}, isLocal: true, isDefinition: true)')
    for n in sorted(md):
        out(f'!{n} = {md[n]}')
    print("\n".join(lines))


if __name__ == "__main__":
    main()

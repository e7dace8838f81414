; hetdwarf test corpus -- hand-written LLVM IR with full debug metadata.
;
; A kernel that calls @mid, which calls @leaf (two levels deep), so that
; unwinding through device functions can be tested.  Variables:
;   scale:  out/in (global pointers: 64-bit SGPR pairs), seed (i64 in an
;           SGPR pair), tid (VGPR), buf (private [4 x i32] array on the stack)
;   mid:    p (private pointer), x (VGPR), tmp (private i32)
;   leaf:   v (VGPR), r (computed value)
; Opaque pointers: LLVM 14 llc needs -opaque-pointers.
source_filename = "chain.c"
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)

define internal i32 @leaf(i32 %v) noinline !dbg !60 {
entry:
  call void @llvm.dbg.value(metadata i32 %v, metadata !61, metadata !DIExpression()), !dbg !63
  %a = mul i32 %v, 2654435761, !dbg !63
  %b = lshr i32 %a, 7, !dbg !63
  %r = xor i32 %a, %b, !dbg !64
  call void @llvm.dbg.value(metadata i32 %r, metadata !62, metadata !DIExpression()), !dbg !64
  ret i32 %r, !dbg !65
}

define internal void @mid(ptr addrspace(5) %p, i32 %x) noinline !dbg !50 {
entry:
  %tmp = alloca i32, align 4, addrspace(5)
  call void @llvm.dbg.value(metadata ptr addrspace(5) %p, metadata !51, metadata !DIExpression()), !dbg !53
  call void @llvm.dbg.value(metadata i32 %x, metadata !52, metadata !DIExpression()), !dbg !53
  call void @llvm.dbg.declare(metadata ptr addrspace(5) %tmp, metadata !54, metadata !DIExpression()), !dbg !53
  %h = call i32 @leaf(i32 %x), !dbg !56
  store volatile i32 %h, ptr addrspace(5) %tmp, align 4, !dbg !56
  %y = load volatile i32, ptr addrspace(5) %tmp, align 4, !dbg !57
  store volatile i32 %y, ptr addrspace(5) %p, align 4, !dbg !57
  ret void, !dbg !58
}

define amdgpu_kernel void @scale(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %seed) !dbg !10 {
entry:
  %buf = alloca [4 x i32], align 4, addrspace(5)
  call void @llvm.dbg.value(metadata ptr addrspace(1) %out, metadata !40, metadata !DIExpression()), !dbg !30
  call void @llvm.dbg.value(metadata ptr addrspace(1) %in, metadata !41, metadata !DIExpression()), !dbg !30
  call void @llvm.dbg.value(metadata i64 %seed, metadata !42, metadata !DIExpression()), !dbg !30
  call void @llvm.dbg.declare(metadata ptr addrspace(5) %buf, metadata !22, metadata !DIExpression()), !dbg !31
  %tid = call i32 @llvm.amdgcn.workitem.id.x(), !dbg !32
  call void @llvm.dbg.value(metadata i32 %tid, metadata !21, metadata !DIExpression()), !dbg !32
  %idx = zext i32 %tid to i64, !dbg !33
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx, !dbg !33
  %v = load i32, ptr addrspace(1) %p, align 4, !dbg !33
  %slot = and i32 %tid, 3, !dbg !34
  %slot64 = zext i32 %slot to i64, !dbg !34
  %bp = getelementptr inbounds [4 x i32], ptr addrspace(5) %buf, i64 0, i64 %slot64, !dbg !34
  call void @mid(ptr addrspace(5) %bp, i32 %v), !dbg !34
  %r = load volatile i32, ptr addrspace(5) %bp, align 4, !dbg !35
  %s32 = trunc i64 %seed to i32, !dbg !35
  %m = add i32 %r, %s32, !dbg !35
  call void @llvm.dbg.value(metadata i32 %m, metadata !23, metadata !DIExpression()), !dbg !35
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx, !dbg !36
  store i32 %m, ptr addrspace(1) %q, align 4, !dbg !36
  ret void, !dbg !37
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}
!llvm.ident = !{!5}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hetdwarf chain.ll", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "chain.c", directory: "/corpus")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{!"hetdwarf corpus"}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!8 = !DISubroutineType(types: !{null, !7, !7, !9})
!9 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!10 = distinct !DISubprogram(name: "scale", scope: !1, file: !1, line: 20, type: !8, scopeLine: 21, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !{})
!21 = !DILocalVariable(name: "tid", scope: !10, file: !1, line: 22, type: !6)
!22 = !DILocalVariable(name: "buf", scope: !10, file: !1, line: 23, type: !24)
!23 = !DILocalVariable(name: "result", scope: !10, file: !1, line: 26, type: !6)
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !6, size: 128, elements: !{!25})
!25 = !DISubrange(count: 4)
!30 = !DILocation(line: 20, column: 1, scope: !10)
!31 = !DILocation(line: 23, column: 5, scope: !10)
!32 = !DILocation(line: 22, column: 15, scope: !10)
!33 = !DILocation(line: 24, column: 9, scope: !10)
!34 = !DILocation(line: 25, column: 5, scope: !10)
!35 = !DILocation(line: 26, column: 16, scope: !10)
!36 = !DILocation(line: 27, column: 5, scope: !10)
!37 = !DILocation(line: 28, column: 1, scope: !10)
!40 = !DILocalVariable(name: "out", arg: 1, scope: !10, file: !1, line: 20, type: !7)
!41 = !DILocalVariable(name: "in", arg: 2, scope: !10, file: !1, line: 20, type: !7)
!42 = !DILocalVariable(name: "seed", arg: 3, scope: !10, file: !1, line: 20, type: !9)
!44 = !DISubroutineType(types: !{null, !55, !6})
!50 = distinct !DISubprogram(name: "mid", scope: !1, file: !1, line: 10, type: !44, scopeLine: 11, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !{})
!51 = !DILocalVariable(name: "p", arg: 1, scope: !50, file: !1, line: 10, type: !55)
!52 = !DILocalVariable(name: "x", arg: 2, scope: !50, file: !1, line: 10, type: !6)
!53 = !DILocation(line: 10, column: 1, scope: !50)
!54 = !DILocalVariable(name: "tmp", scope: !50, file: !1, line: 12, type: !6)
!55 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 32, dwarfAddressSpace: 5)
!56 = !DILocation(line: 12, column: 9, scope: !50)
!57 = !DILocation(line: 13, column: 5, scope: !50)
!58 = !DILocation(line: 14, column: 1, scope: !50)
!59 = !DISubroutineType(types: !{!6, !6})
!60 = distinct !DISubprogram(name: "leaf", scope: !1, file: !1, line: 3, type: !59, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0, retainedNodes: !{})
!61 = !DILocalVariable(name: "v", arg: 1, scope: !60, file: !1, line: 3, type: !6)
!62 = !DILocalVariable(name: "r", scope: !60, file: !1, line: 5, type: !6)
!63 = !DILocation(line: 4, column: 9, scope: !60)
!64 = !DILocation(line: 5, column: 9, scope: !60)
!65 = !DILocation(line: 6, column: 1, scope: !60)

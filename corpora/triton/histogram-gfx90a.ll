; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.0a-amd-amdhsa"

; Function Attrs: mustprogress norecurse nounwind willreturn
define amdgpu_kernel void @histogram(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree captures(none) %1, i32 inreg %2, i32 inreg %3, ptr addrspace(1) inreg nofree readnone captures(none) %4, ptr addrspace(1) inreg nofree readnone captures(none) %5) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !12, !DIExpression(), !16)
    #dbg_value(ptr addrspace(1) %1, !13, !DIExpression(), !16)
    #dbg_value(i32 %2, !14, !DIExpression(), !16)
    #dbg_value(i32 %3, !15, !DIExpression(), !16)
    #dbg_value(<1 x i32> undef, !17, !DIExpression(), !20)
    #dbg_value(i32 127, !21, !DIExpression(), !22)
    #dbg_value(i32 6, !21, !DIExpression(), !22)
    #dbg_value(i32 128, !21, !DIExpression(), !23)
  %7 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !24
  %8 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %7), !dbg !24
    #dbg_value(i32 %8, !21, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !22)
  %9 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !25
    #dbg_value(i32 %9, !26, !DIExpression(), !25)
  %10 = shl i32 %9, 7, !dbg !23
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
  %11 = and i32 %7, 63, !dbg !22
    #dbg_value(i32 %11, !21, !DIExpression(), !22)
    #dbg_value(i32 %11, !21, !DIExpression(), !22)
    #dbg_value(i32 %11, !21, !DIExpression(), !22)
    #dbg_value(i32 %8, !21, !DIExpression(DW_OP_constu, 192, DW_OP_and, DW_OP_stack_value), !22)
    #dbg_value(!DIArgList(i32 %11, i32 %8), !21, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 192, DW_OP_and, DW_OP_or, DW_OP_stack_value), !22)
  %.masked = and i32 %8, 64, !dbg !22
  %12 = or disjoint i32 %11, %.masked, !dbg !22
    #dbg_value(i32 %12, !21, !DIExpression(), !22)
    #dbg_value(i32 %12, !21, !DIExpression(), !22)
    #dbg_value(i32 %12, !21, !DIExpression(), !22)
    #dbg_value(i32 %12, !21, !DIExpression(), !22)
    #dbg_value(i32 %12, !21, !DIExpression(), !22)
    #dbg_value(i32 %12, !21, !DIExpression(), !22)
  %13 = or disjoint i32 %12, %10, !dbg !23
    #dbg_value(i32 %13, !21, !DIExpression(), !23)
  %14 = icmp slt i32 %13, %2, !dbg !27
    #dbg_value(i1 %14, !28, !DIExpression(), !27)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %13), !30, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !31)
    #dbg_value(<1 x i32> zeroinitializer, !17, !DIExpression(), !20)
  br i1 %14, label %15, label %19, !dbg !20

15:                                               ; preds = %6
  %16 = sext i32 %13 to i64
  %17 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %16
    #dbg_value(ptr addrspace(1) %17, !30, !DIExpression(), !31)
  %18 = load <1 x i32>, ptr addrspace(1) %17, align 4, !dbg !20
    #dbg_value(<1 x i32> %18, !17, !DIExpression(), !20)
  br label %19, !dbg !20

19:                                               ; preds = %15, %6
  %20 = phi <1 x i32> [ %18, %15 ], [ zeroinitializer, %6 ], !dbg !20
    #dbg_value(i32 poison, !32, !DIExpression(), !20)
    #dbg_value(!DIArgList(i32 poison, i32 poison), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mod, DW_OP_stack_value), !34)
  fence syncscope("workgroup") release, !dbg !24, !mmra !35
  tail call void @llvm.amdgcn.s.barrier(), !dbg !24
  fence syncscope("workgroup") acquire, !dbg !24, !mmra !35
  %21 = and i32 %8, 128, !dbg !24
  %22 = icmp eq i32 %21, 0, !dbg !24
  %23 = and i1 %22, %14, !dbg !24
  br i1 %23, label %24, label %30, !dbg !24

24:                                               ; preds = %19
  %25 = extractelement <1 x i32> %20, i64 0
    #dbg_value(!DIArgList(i32 %25, i32 %3), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mod, DW_OP_stack_value), !34)
    #dbg_value(i32 %25, !32, !DIExpression(), !20)
  %26 = srem i32 %25, %3, !dbg !34
    #dbg_value(i32 %26, !33, !DIExpression(), !34)
  %27 = sext i32 %26 to i64, !dbg !36
  %28 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %27, !dbg !36
  %29 = atomicrmw add ptr addrspace(1) %28, i32 1 syncscope("agent") acq_rel, align 4, !dbg !24
  br label %30, !dbg !24

30:                                               ; preds = %24, %19
  fence syncscope("workgroup") release, !dbg !24, !mmra !35
  tail call void @llvm.amdgcn.s.barrier(), !dbg !24
  fence syncscope("workgroup") acquire, !dbg !24, !mmra !35
  ret void, !dbg !16
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

attributes #0 = { mustprogress norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "histogram", linkageName: "histogram", scope: !1, file: !1, line: 78, type: !5, scopeLine: 78, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !11)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !7, !8, !8, !9, !9}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !10, size: 64, dwarfAddressSpace: 1)
!10 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!11 = !{!12, !13, !14, !15}
!12 = !DILocalVariable(name: "data_ptr", arg: 1, scope: !4, file: !1, line: 78, type: !7)
!13 = !DILocalVariable(name: "bins_ptr", arg: 2, scope: !4, file: !1, line: 78, type: !7)
!14 = !DILocalVariable(name: "n", arg: 3, scope: !4, file: !1, line: 78, type: !8)
!15 = !DILocalVariable(name: "n_bins", arg: 4, scope: !4, file: !1, line: 78, type: !8)
!16 = !DILocation(line: 78, column: 1, scope: !4)
!17 = !DILocalVariable(name: "v", scope: !4, file: !18, type: !19)
!18 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!19 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!20 = !DILocation(line: 82, column: 9, scope: !4)
!21 = !DILocalVariable(name: "offs", scope: !4, file: !18, type: !8)
!22 = !DILocation(line: 80, column: 26, scope: !4)
!23 = !DILocation(line: 80, column: 12, scope: !4)
!24 = !DILocation(line: 84, column: 5, scope: !4)
!25 = !DILocation(line: 79, column: 11, scope: !4)
!26 = !DILocalVariable(name: "pid", scope: !4, file: !18, type: !8)
!27 = !DILocation(line: 81, column: 12, scope: !4)
!28 = !DILocalVariable(name: "mask", scope: !4, file: !18, type: !29)
!29 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!30 = !DILocalVariable(name: "v", scope: !4, file: !18, type: !10)
!31 = !DILocation(line: 82, column: 17, scope: !4)
!32 = !DILocalVariable(name: "v", scope: !4, file: !18, type: !8)
!33 = !DILocalVariable(name: "bucket", scope: !4, file: !18, type: !8)
!34 = !DILocation(line: 83, column: 14, scope: !4)
!35 = !{!"amdgpu-synchronize-as", !"local"}
!36 = !DILocation(line: 84, column: 19, scope: !4)

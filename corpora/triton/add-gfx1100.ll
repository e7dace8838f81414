; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu11.00-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite)
define amdgpu_kernel void @add(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree readonly captures(none) %1, ptr addrspace(1) inreg nofree writeonly captures(none) %2, i32 inreg %3, ptr addrspace(1) inreg nofree readnone captures(none) %4, ptr addrspace(1) inreg nofree readnone captures(none) %5) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !13, !DIExpression(), !17)
    #dbg_value(ptr addrspace(1) %1, !14, !DIExpression(), !17)
    #dbg_value(ptr addrspace(1) %2, !15, !DIExpression(), !17)
    #dbg_value(i32 %3, !16, !DIExpression(), !17)
    #dbg_value(i32 128, !18, !DIExpression(), !20)
    #dbg_value(i32 5, !18, !DIExpression(), !20)
    #dbg_value(i32 256, !18, !DIExpression(), !21)
  %7 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !22
  %8 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %7), !dbg !20
  %9 = and i32 %8, 96, !dbg !22
    #dbg_value(i32 %9, !18, !DIExpression(), !20)
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !23
    #dbg_value(i32 %10, !24, !DIExpression(), !23)
  %11 = shl i32 %10, 8, !dbg !21
    #dbg_value(i32 %11, !18, !DIExpression(), !21)
  %12 = and i32 %7, 31, !dbg !20
    #dbg_value(i32 %12, !18, !DIExpression(), !20)
    #dbg_value(i32 %12, !18, !DIExpression(), !20)
    #dbg_value(i32 %12, !18, !DIExpression(), !20)
    #dbg_value(i32 %9, !18, !DIExpression(), !20)
  %13 = or disjoint i32 %9, %12, !dbg !20
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(DW_OP_constu, 128, DW_OP_or, DW_OP_stack_value), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(DW_OP_constu, 128, DW_OP_or, DW_OP_stack_value), !20)
  %14 = or disjoint i32 %13, %11, !dbg !21
    #dbg_value(i32 %14, !18, !DIExpression(), !21)
  %15 = or disjoint i32 %14, 128, !dbg !21
    #dbg_value(!DIArgList(i32 %11, i32 %13), !18, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 128, DW_OP_or, DW_OP_or, DW_OP_stack_value), !21)
  %16 = icmp slt i32 %14, %3, !dbg !25
    #dbg_value(i1 %16, !26, !DIExpression(), !25)
  %17 = icmp slt i32 %15, %3, !dbg !25
    #dbg_value(i1 %17, !26, !DIExpression(), !25)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %14), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !29)
  %18 = sext i32 %15 to i64, !dbg !29
  %19 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %18, !dbg !29
    #dbg_value(ptr addrspace(1) %19, !28, !DIExpression(), !29)
  br i1 %16, label %20, label %24, !dbg !30

20:                                               ; preds = %6
  %21 = sext i32 %14 to i64
  %22 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %21
    #dbg_value(ptr addrspace(1) %22, !28, !DIExpression(), !29)
  %23 = load <1 x float>, ptr addrspace(1) %22, align 4, !dbg !30
    #dbg_value(<1 x float> %23, !31, !DIExpression(), !30)
  br label %24, !dbg !30

24:                                               ; preds = %20, %6
  %25 = phi <1 x float> [ %23, %20 ], [ zeroinitializer, %6 ], !dbg !30
  %26 = extractelement <1 x float> %25, i64 0, !dbg !30
    #dbg_value(float %26, !33, !DIExpression(), !30)
  br i1 %17, label %27, label %29, !dbg !30

27:                                               ; preds = %24
  %28 = load <1 x float>, ptr addrspace(1) %19, align 4, !dbg !30
    #dbg_value(<1 x float> %28, !31, !DIExpression(), !30)
  br label %29, !dbg !30

29:                                               ; preds = %27, %24
  %30 = phi <1 x float> [ %28, %27 ], [ zeroinitializer, %24 ], !dbg !30
  %31 = extractelement <1 x float> %30, i64 0, !dbg !30
    #dbg_value(float %31, !33, !DIExpression(), !30)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %14), !34, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !35)
  %32 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %18, !dbg !35
    #dbg_value(ptr addrspace(1) %32, !34, !DIExpression(), !35)
  br i1 %16, label %33, label %37, !dbg !36

33:                                               ; preds = %29
  %34 = sext i32 %14 to i64
  %35 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %34
    #dbg_value(ptr addrspace(1) %35, !34, !DIExpression(), !35)
  %36 = load <1 x float>, ptr addrspace(1) %35, align 4, !dbg !36
    #dbg_value(<1 x float> %36, !37, !DIExpression(), !36)
  br label %37, !dbg !36

37:                                               ; preds = %33, %29
  %38 = phi <1 x float> [ %36, %33 ], [ zeroinitializer, %29 ], !dbg !36
  %39 = extractelement <1 x float> %38, i64 0, !dbg !36
    #dbg_value(float %39, !38, !DIExpression(), !36)
  br i1 %17, label %40, label %42, !dbg !36

40:                                               ; preds = %37
  %41 = load <1 x float>, ptr addrspace(1) %32, align 4, !dbg !36
    #dbg_value(<1 x float> %41, !37, !DIExpression(), !36)
  br label %42, !dbg !36

42:                                               ; preds = %40, %37
  %43 = phi <1 x float> [ %41, %40 ], [ zeroinitializer, %37 ], !dbg !36
  %44 = extractelement <1 x float> %43, i64 0, !dbg !36
    #dbg_value(float %44, !38, !DIExpression(), !36)
  %45 = getelementptr [4 x i8], ptr addrspace(1) %2, i64 %18, !dbg !39
  %46 = fadd float %31, %44, !dbg !40
  br i1 %16, label %47, label %52, !dbg !22

47:                                               ; preds = %42
  %48 = sext i32 %14 to i64
  %49 = getelementptr [4 x i8], ptr addrspace(1) %2, i64 %48
  %50 = fadd float %26, %39
  %51 = insertelement <1 x float> poison, float %50, i64 0
  store <1 x float> %51, ptr addrspace(1) %49, align 4, !dbg !22
  br label %52, !dbg !22

52:                                               ; preds = %47, %42
  br i1 %17, label %53, label %55, !dbg !22

53:                                               ; preds = %52
  %54 = insertelement <1 x float> poison, float %46, i64 0
  store <1 x float> %54, ptr addrspace(1) %45, align 4, !dbg !22
  br label %55, !dbg !22

55:                                               ; preds = %53, %52
  ret void, !dbg !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: readwrite) "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "add", linkageName: "add", scope: !1, file: !1, line: 10, type: !5, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !7, !7, !9, !10, !10}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !11, size: 64, dwarfAddressSpace: 1)
!11 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!12 = !{!13, !14, !15, !16}
!13 = !DILocalVariable(name: "x_ptr", arg: 1, scope: !4, file: !1, line: 10, type: !7)
!14 = !DILocalVariable(name: "y_ptr", arg: 2, scope: !4, file: !1, line: 10, type: !7)
!15 = !DILocalVariable(name: "out_ptr", arg: 3, scope: !4, file: !1, line: 10, type: !7)
!16 = !DILocalVariable(name: "n", arg: 4, scope: !4, file: !1, line: 10, type: !9)
!17 = !DILocation(line: 10, column: 1, scope: !4)
!18 = !DILocalVariable(name: "offs", scope: !4, file: !19, type: !9)
!19 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!20 = !DILocation(line: 12, column: 26, scope: !4)
!21 = !DILocation(line: 12, column: 12, scope: !4)
!22 = !DILocation(line: 16, column: 5, scope: !4)
!23 = !DILocation(line: 11, column: 11, scope: !4)
!24 = !DILocalVariable(name: "pid", scope: !4, file: !19, type: !9)
!25 = !DILocation(line: 13, column: 12, scope: !4)
!26 = !DILocalVariable(name: "mask", scope: !4, file: !19, type: !27)
!27 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!28 = !DILocalVariable(name: "x", scope: !4, file: !19, type: !11)
!29 = !DILocation(line: 14, column: 17, scope: !4)
!30 = !DILocation(line: 14, column: 9, scope: !4)
!31 = !DILocalVariable(name: "x", scope: !4, file: !19, type: !32)
!32 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!33 = !DILocalVariable(name: "x", scope: !4, file: !19, type: !8)
!34 = !DILocalVariable(name: "y", scope: !4, file: !19, type: !11)
!35 = !DILocation(line: 15, column: 17, scope: !4)
!36 = !DILocation(line: 15, column: 9, scope: !4)
!37 = !DILocalVariable(name: "y", scope: !4, file: !19, type: !32)
!38 = !DILocalVariable(name: "y", scope: !4, file: !19, type: !8)
!39 = !DILocation(line: 16, column: 14, scope: !4)
!40 = !DILocation(line: 16, column: 30, scope: !4)

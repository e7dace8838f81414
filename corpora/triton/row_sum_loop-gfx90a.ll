; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.0a-amd-amdhsa"

; Function Attrs: nofree norecurse nounwind memory(argmem: readwrite)
define amdgpu_kernel void @row_sum_loop(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree writeonly captures(none) %1, i32 inreg %2, i32 inreg %3, float inreg %4, ptr addrspace(1) inreg nofree readnone captures(none) %5, ptr addrspace(1) inreg nofree readnone captures(none) %6) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !13, !DIExpression(), !18)
    #dbg_value(ptr addrspace(1) %1, !14, !DIExpression(), !18)
    #dbg_value(i32 %2, !15, !DIExpression(), !18)
    #dbg_value(i32 %3, !16, !DIExpression(), !18)
    #dbg_value(float %4, !17, !DIExpression(), !18)
    #dbg_value(i32 6, !19, !DIExpression(), !21)
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !22
  %9 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %8), !dbg !22
    #dbg_value(i32 %9, !19, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !21)
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !23
    #dbg_value(i32 %10, !24, !DIExpression(), !23)
  %11 = and i32 %8, 63, !dbg !21
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %9, !19, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_constu, 6, DW_OP_shl, DW_OP_stack_value), !21)
    #dbg_value(!DIArgList(i32 %11, i32 %9), !19, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_constu, 6, DW_OP_shl, DW_OP_or, DW_OP_stack_value), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
    #dbg_value(i32 %11, !19, !DIExpression(), !21)
  %12 = mul i32 %3, %10, !dbg !25
    #dbg_value(i32 %12, !26, !DIExpression(), !25)
  %13 = sext i32 %12 to i64, !dbg !27
  %14 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %13, !dbg !27
    #dbg_value(ptr addrspace(1) %14, !28, !DIExpression(), !27)
  %15 = icmp sgt i32 %2, 0, !dbg !29
  br i1 %15, label %.lr.ph, label %._crit_edge, !dbg !29

.lr.ph:                                           ; preds = %7, %24
  %16 = phi float [ %28, %24 ], [ 0.000000e+00, %7 ]
  %17 = phi i32 [ %29, %24 ], [ 0, %7 ]
  %18 = or disjoint i32 %17, %11, !dbg !30
    #dbg_value(i32 %18, !19, !DIExpression(), !30)
  %19 = icmp slt i32 %18, %2, !dbg !31
    #dbg_value(i1 %19, !32, !DIExpression(), !31)
    #dbg_value(!DIArgList(ptr addrspace(1) %14, i32 %18), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(<1 x float> zeroinitializer, !34, !DIExpression(), !36)
  br i1 %19, label %20, label %24, !dbg !36

20:                                               ; preds = %.lr.ph
  %21 = sext i32 %18 to i64
  %22 = getelementptr [4 x i8], ptr addrspace(1) %14, i64 %21
    #dbg_value(ptr addrspace(1) %22, !28, !DIExpression(), !27)
  %23 = load <1 x float>, ptr addrspace(1) %22, align 4, !dbg !36
    #dbg_value(<1 x float> %23, !34, !DIExpression(), !36)
  br label %24, !dbg !36

24:                                               ; preds = %20, %.lr.ph
  %25 = phi <1 x float> [ %23, %20 ], [ zeroinitializer, %.lr.ph ], !dbg !36
  %26 = extractelement <1 x float> %25, i64 0, !dbg !36
    #dbg_value(float %26, !37, !DIExpression(), !36)
  %27 = fmul float %4, %26, !dbg !38
    #dbg_value(float %16, !39, !DIExpression(), !40)
  %28 = fadd float %16, %27, !dbg !40
    #dbg_value(float %28, !39, !DIExpression(), !40)
    #dbg_value({ float } poison, !41, !DIExpression(), !40)
  %29 = add i32 %17, 64, !dbg !29
    #dbg_value(i32 %29, !42, !DIExpression(), !29)
  %30 = icmp slt i32 %29, %2, !dbg !29
    #dbg_value(i1 %30, !43, !DIExpression(), !29)
  br i1 %30, label %.lr.ph, label %._crit_edge, !dbg !29

._crit_edge:                                      ; preds = %24, %7
  %.lcssa = phi float [ 0.000000e+00, %7 ], [ %28, %24 ], !dbg !44
  %31 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %.lcssa, i32 280, i32 15, i32 15, i1 true), !dbg !45
  %32 = fadd float %.lcssa, %31, !dbg !50
  %33 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %32, i32 276, i32 15, i32 15, i1 true), !dbg !45
  %34 = fadd float %32, %33, !dbg !50
  %35 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %34, i32 274, i32 15, i32 15, i1 true), !dbg !45
  %36 = fadd float %34, %35, !dbg !50
  %37 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %36, i32 273, i32 15, i32 15, i1 true), !dbg !45
  %38 = fadd float %36, %37, !dbg !50
  %39 = tail call float @llvm.amdgcn.update.dpp.f32(float %38, float %38, i32 322, i32 10, i32 15, i1 true), !dbg !45
  %40 = fadd float %38, %39, !dbg !50
  %41 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %40, i32 323, i32 15, i32 15, i1 true), !dbg !45
  %42 = fadd float %40, %41, !dbg !50
  %43 = tail call float @llvm.amdgcn.readlane.f32(float %42, i32 63), !dbg !45
  %44 = and i32 %9, 192, !dbg !22
  %45 = or disjoint i32 %44, %11, !dbg !22
  %46 = icmp eq i32 %45, 0, !dbg !22
  br i1 %46, label %47, label %51, !dbg !22

47:                                               ; preds = %._crit_edge
  %48 = sext i32 %10 to i64
  %49 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %48
  %50 = insertelement <1 x float> poison, float %43, i64 0
  store <1 x float> %50, ptr addrspace(1) %49, align 4, !dbg !22
  br label %51, !dbg !22

51:                                               ; preds = %47, %._crit_edge
  ret void, !dbg !18
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #3

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.readlane.f32(float, i32) #4

attributes #0 = { nofree norecurse nounwind memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #4 = { convergent nocallback nofree nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "row_sum_loop", linkageName: "row_sum_loop", scope: !1, file: !1, line: 34, type: !5, scopeLine: 34, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !7, !9, !9, !8, !10, !10}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !11, size: 64, dwarfAddressSpace: 1)
!11 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!12 = !{!13, !14, !15, !16, !17}
!13 = !DILocalVariable(name: "x_ptr", arg: 1, scope: !4, file: !1, line: 34, type: !7)
!14 = !DILocalVariable(name: "out_ptr", arg: 2, scope: !4, file: !1, line: 34, type: !7)
!15 = !DILocalVariable(name: "n_cols", arg: 3, scope: !4, file: !1, line: 34, type: !9)
!16 = !DILocalVariable(name: "stride", arg: 4, scope: !4, file: !1, line: 34, type: !9)
!17 = !DILocalVariable(name: "scale", arg: 5, scope: !4, file: !1, line: 34, type: !8)
!18 = !DILocation(line: 34, column: 1, scope: !4)
!19 = !DILocalVariable(name: "cols", scope: !4, file: !20, type: !9)
!20 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!21 = !DILocation(line: 38, column: 24, scope: !4)
!22 = !DILocation(line: 42, column: 5, scope: !4)
!23 = !DILocation(line: 35, column: 11, scope: !4)
!24 = !DILocalVariable(name: "row", scope: !4, file: !20, type: !9)
!25 = !DILocation(line: 39, column: 33, scope: !4)
!26 = !DILocalVariable(name: "chunk", scope: !4, file: !20, type: !9)
!27 = !DILocation(line: 39, column: 25, scope: !4)
!28 = !DILocalVariable(name: "chunk", scope: !4, file: !20, type: !11)
!29 = !DILocation(line: 37, column: 5, scope: !4)
!30 = !DILocation(line: 38, column: 16, scope: !4)
!31 = !DILocation(line: 39, column: 59, scope: !4)
!32 = !DILocalVariable(name: "chunk", scope: !4, file: !20, type: !33)
!33 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!34 = !DILocalVariable(name: "chunk", scope: !4, file: !20, type: !35)
!35 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!36 = !DILocation(line: 39, column: 17, scope: !4)
!37 = !DILocalVariable(name: "chunk", scope: !4, file: !20, type: !8)
!38 = !DILocation(line: 40, column: 16, scope: !4)
!39 = !DILocalVariable(name: "acc", scope: !4, file: !20, type: !8)
!40 = !DILocation(line: 40, column: 9, scope: !4)
!41 = !DILocalVariable(name: "acc", scope: !4, file: !20, type: !11)
!42 = !DILocalVariable(name: "acc", scope: !4, file: !20, type: !9)
!43 = !DILocalVariable(name: "acc", scope: !4, file: !20, type: !33)
!44 = !DILocation(line: 36, column: 11, scope: !4)
!45 = !DILocation(line: 314, column: 12, scope: !46, inlinedAt: !48)
!46 = distinct !DILexicalBlockFile(scope: !4, file: !47, discriminator: 0)
!47 = !DIFile(filename: "standard.py", directory: "/tmp/trienv/lib/python3.11/site-packages/triton/language")
!48 = !DILocation(line: 41, column: 13, scope: !49)
!49 = distinct !DILexicalBlockFile(scope: !4, file: !1, discriminator: 0)
!50 = !DILocation(line: 287, column: 12, scope: !46, inlinedAt: !45)

; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.42-amd-amdhsa"

; Function Attrs: mustprogress nofree norecurse nounwind willreturn memory(argmem: write)
define amdgpu_kernel void @scalars(ptr addrspace(1) inreg nofree writeonly captures(none) %0, i32 inreg %1, i64 inreg %2, half inreg %3, float inreg %4, ptr addrspace(1) inreg nofree readnone captures(none) %5, ptr addrspace(1) inreg nofree readnone captures(none) %6) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !15, !DIExpression(), !20)
    #dbg_value(i32 %1, !16, !DIExpression(), !20)
    #dbg_value(i64 %2, !17, !DIExpression(), !20)
    #dbg_value(half %3, !18, !DIExpression(), !20)
    #dbg_value(float %4, !19, !DIExpression(), !20)
    #dbg_value(i32 63, !21, !DIExpression(), !23)
    #dbg_value(i32 6, !21, !DIExpression(), !23)
    #dbg_value(i32 0, !21, !DIExpression(), !23)
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !24
  %9 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %8), !dbg !24
    #dbg_value(i32 %9, !21, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !23)
  %10 = and i32 %8, 63, !dbg !23
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %9, !21, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_constu, 6, DW_OP_shl, DW_OP_stack_value), !23)
    #dbg_value(!DIArgList(i32 %10, i32 %9), !21, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_constu, 6, DW_OP_shl, DW_OP_or, DW_OP_stack_value), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
    #dbg_value(i32 %10, !21, !DIExpression(), !23)
  %11 = zext nneg i32 %10 to i64, !dbg !25
    #dbg_value(i64 %11, !26, !DIExpression(), !25)
    #dbg_value(!DIArgList(i64 %11, i64 %2), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !25)
  %12 = fpext half %3 to float, !dbg !27
    #dbg_value(float %12, !28, !DIExpression(), !27)
  %13 = fmul float %4, %12, !dbg !27
    #dbg_value(float %13, !28, !DIExpression(), !27)
  %14 = sext i32 %1 to i64, !dbg !29
    #dbg_value(i64 %14, !30, !DIExpression(), !29)
  %15 = add i64 %2, %14, !dbg !25
  %16 = add i64 %15, %11, !dbg !29
    #dbg_value(!DIArgList(i64 %14, i64 %11, i64 %2), !30, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_plus, DW_OP_plus, DW_OP_stack_value), !29)
  %17 = sitofp i64 %16 to float, !dbg !31
    #dbg_value(float %17, !32, !DIExpression(), !31)
  %18 = fadd float %13, %17, !dbg !31
    #dbg_value(float %18, !32, !DIExpression(), !31)
  %19 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %0, i16 0, i64 2147483646, i32 159744), !dbg !24
  %20 = and i32 %9, 192, !dbg !24
  %21 = icmp eq i32 %20, 0, !dbg !24
  %22 = shl nuw nsw i32 %10, 2, !dbg !24
  %23 = select i1 %21, i32 %22, i32 -2147483648, !dbg !24
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.f32(float %18, ptr addrspace(8) %19, i32 %23, i32 0, i32 0), !dbg !24
  ret void, !dbg !20
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) readnone, i16, i64, i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.f32(float, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #4

attributes #0 = { mustprogress nofree norecurse nounwind willreturn memory(argmem: write) "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "scalars", linkageName: "scalars", scope: !1, file: !1, line: 88, type: !5, scopeLine: 88, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !14)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !9, !10, !11, !8, !12, !12}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIBasicType(name: "int", size: 64, encoding: DW_ATE_signed)
!11 = !DIBasicType(name: "half", size: 16, encoding: DW_ATE_float)
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !13, size: 64, dwarfAddressSpace: 1)
!13 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!14 = !{!15, !16, !17, !18, !19}
!15 = !DILocalVariable(name: "out_ptr", arg: 1, scope: !4, file: !1, line: 88, type: !7)
!16 = !DILocalVariable(name: "a", arg: 2, scope: !4, file: !1, line: 88, type: !9)
!17 = !DILocalVariable(name: "b", arg: 3, scope: !4, file: !1, line: 88, type: !10)
!18 = !DILocalVariable(name: "c", arg: 4, scope: !4, file: !1, line: 88, type: !11)
!19 = !DILocalVariable(name: "d", arg: 5, scope: !4, file: !1, line: 88, type: !8)
!20 = !DILocation(line: 88, column: 1, scope: !4)
!21 = !DILocalVariable(name: "i", scope: !4, file: !22, type: !9)
!22 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!23 = !DILocation(line: 89, column: 9, scope: !4)
!24 = !DILocation(line: 93, column: 5, scope: !4)
!25 = !DILocation(line: 90, column: 12, scope: !4)
!26 = !DILocalVariable(name: "wide", scope: !4, file: !22, type: !10)
!27 = !DILocation(line: 91, column: 12, scope: !4)
!28 = !DILocalVariable(name: "half", scope: !4, file: !22, type: !8)
!29 = !DILocation(line: 92, column: 14, scope: !4)
!30 = !DILocalVariable(name: "value", scope: !4, file: !22, type: !10)
!31 = !DILocation(line: 92, column: 13, scope: !4)
!32 = !DILocalVariable(name: "value", scope: !4, file: !22, type: !8)

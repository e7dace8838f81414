; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.0a-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: mustprogress norecurse nounwind willreturn
define amdgpu_kernel void @transpose_2d(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree writeonly captures(none) %1, i32 inreg %2, i32 inreg %3, ptr addrspace(1) inreg nofree readnone captures(none) %4, ptr addrspace(1) inreg nofree readnone captures(none) %5) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !13, !DIExpression(), !17)
    #dbg_value(ptr addrspace(1) %1, !14, !DIExpression(), !17)
    #dbg_value(i32 %2, !15, !DIExpression(), !17)
    #dbg_value(i32 %3, !16, !DIExpression(), !17)
  %7 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !18
  %8 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %7), !dbg !18
  %9 = and i32 %8, 192, !dbg !18
    #dbg_value(i32 %9, !19, !DIExpression(), !21)
    #dbg_value(i32 %9, !19, !DIExpression(), !21)
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !22
    #dbg_value(i32 %10, !23, !DIExpression(), !22)
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.y(), !dbg !24
    #dbg_value(i32 %11, !25, !DIExpression(), !24)
  %12 = shl i32 %10, 4, !dbg !26
    #dbg_value(i32 %12, !19, !DIExpression(), !26)
  %13 = and i32 %7, 63, !dbg !21
    #dbg_value(i32 %13, !19, !DIExpression(), !21)
    #dbg_value(i32 %13, !19, !DIExpression(), !21)
    #dbg_value(i32 %13, !19, !DIExpression(), !21)
    #dbg_value(i32 %9, !19, !DIExpression(), !21)
  %14 = or disjoint i32 %9, %13, !dbg !21
    #dbg_value(!DIArgList(i32 %13, i32 %9), !19, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !21)
    #dbg_value(!DIArgList(i32 %13, i32 %9), !19, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 240, DW_OP_and, DW_OP_stack_value), !21)
  %15 = lshr i32 %14, 4, !dbg !21
    #dbg_value(i32 %15, !19, !DIExpression(), !21)
    #dbg_value(i32 %15, !19, !DIExpression(), !21)
    #dbg_value(i32 %15, !19, !DIExpression(), !21)
    #dbg_value(i32 %15, !19, !DIExpression(), !21)
    #dbg_value(i32 %15, !19, !DIExpression(), !21)
    #dbg_value(i32 %9, !19, !DIExpression(), !21)
    #dbg_value(!DIArgList(i32 %13, i32 %9), !19, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !21)
  %16 = and i32 %7, 15, !dbg !21
    #dbg_value(i32 %16, !19, !DIExpression(), !21)
    #dbg_value(i32 %16, !19, !DIExpression(), !21)
    #dbg_value(i32 %16, !19, !DIExpression(), !21)
    #dbg_value(i32 %16, !19, !DIExpression(), !21)
    #dbg_value(i32 %16, !19, !DIExpression(), !21)
    #dbg_value(i32 %16, !19, !DIExpression(), !21)
  %17 = or disjoint i32 %15, %12, !dbg !26
    #dbg_value(i32 %17, !19, !DIExpression(), !26)
  %18 = or disjoint i32 %12, %16, !dbg !26
    #dbg_value(i32 %18, !19, !DIExpression(), !26)
  %19 = shl i32 %11, 4, !dbg !27
    #dbg_value(i32 %19, !28, !DIExpression(), !27)
  %20 = or disjoint i32 %15, %19, !dbg !27
    #dbg_value(i32 %20, !28, !DIExpression(), !27)
  %21 = or disjoint i32 %19, %16, !dbg !27
    #dbg_value(i32 %21, !28, !DIExpression(), !27)
  %22 = icmp slt i32 %17, %2, !dbg !29
    #dbg_value(i1 %22, !30, !DIExpression(), !29)
  %23 = icmp slt i32 %21, %3, !dbg !32
    #dbg_value(i1 %23, !30, !DIExpression(), !32)
  %24 = and i1 %23, %22, !dbg !33
    #dbg_value(i1 %24, !30, !DIExpression(), !33)
    #dbg_value(!DIArgList(i32 %17, i32 %3), !34, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !35)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %17, i32 %3), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %21, i32 %17, i32 %3), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
  br i1 %24, label %25, label %32, !dbg !38

25:                                               ; preds = %6
  %26 = mul i32 %17, %3, !dbg !35
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %21, i32 %26), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
    #dbg_value(i32 %26, !34, !DIExpression(), !35)
  %27 = sext i32 %26 to i64, !dbg !37
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %21, i64 %27), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
  %28 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %27, !dbg !37
    #dbg_value(!DIArgList(ptr addrspace(1) %28, i32 %21), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
  %29 = sext i32 %21 to i64, !dbg !37
  %30 = getelementptr [4 x i8], ptr addrspace(1) %28, i64 %29, !dbg !37
    #dbg_value(ptr addrspace(1) %30, !36, !DIExpression(), !37)
  %31 = load <1 x float>, ptr addrspace(1) %30, align 4, !dbg !38
    #dbg_value(<1 x float> %31, !39, !DIExpression(), !38)
  br label %32, !dbg !38

32:                                               ; preds = %25, %6
  %33 = phi <1 x float> [ %31, %25 ], [ zeroinitializer, %6 ], !dbg !38
    #dbg_value(float poison, !41, !DIExpression(), !38)
  %34 = icmp slt i32 %20, %3, !dbg !42
  %35 = icmp slt i32 %18, %2, !dbg !43
  %36 = and i1 %35, %34, !dbg !44
  %37 = and i32 %7, 14, !dbg !18
  %38 = lshr i32 %14, 1, !dbg !18
  %39 = and i32 %38, 120, !dbg !18
  %40 = shl nuw nsw i32 %7, 2, !dbg !18
  %41 = and i32 %40, 4, !dbg !18
  %42 = mul nuw nsw i32 %37, 72, !dbg !18
  %43 = xor i32 %39, %42, !dbg !18
  %44 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %41, !dbg !18
  %45 = getelementptr inbounds nuw i8, ptr addrspace(3) %44, i32 %43, !dbg !18
  store <1 x float> %33, ptr addrspace(3) %45, align 4, !dbg !18
  fence syncscope("workgroup") release, !dbg !18, !mmra !45
  tail call void @llvm.amdgcn.s.barrier(), !dbg !18
  fence syncscope("workgroup") acquire, !dbg !18, !mmra !45
  br i1 %36, label %46, label %63, !dbg !18

46:                                               ; preds = %32
  %47 = lshr i32 %7, 2, !dbg !18
  %48 = and i32 %47, 4, !dbg !18
  %49 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %48, !dbg !18
  %50 = shl nuw nsw i32 %16, 3, !dbg !18
  %51 = and i32 %14, 224, !dbg !18
  %52 = shl nuw nsw i32 %51, 2, !dbg !18
  %53 = or disjoint i32 %52, %50, !dbg !18
  %54 = lshr exact i32 %51, 1, !dbg !18
  %55 = xor i32 %53, %54, !dbg !18
  %56 = getelementptr inbounds nuw i8, ptr addrspace(3) %49, i32 %55, !dbg !18
  %57 = load <1 x float>, ptr addrspace(3) %56, align 4, !dbg !18
  %58 = mul i32 %20, %2, !dbg !46
  %59 = sext i32 %58 to i64, !dbg !47
  %60 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %59, !dbg !47
  %61 = sext i32 %18 to i64, !dbg !47
  %62 = getelementptr [4 x i8], ptr addrspace(1) %60, i64 %61, !dbg !47
  store <1 x float> %57, ptr addrspace(1) %62, align 4, !dbg !18
  br label %63, !dbg !18

63:                                               ; preds = %46, %32
  ret void, !dbg !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #1

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.y() #1

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

attributes #0 = { mustprogress norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "transpose_2d", linkageName: "transpose_2d", scope: !1, file: !1, line: 66, type: !5, scopeLine: 66, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !7, !9, !9, !10, !10}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !11, size: 64, dwarfAddressSpace: 1)
!11 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!12 = !{!13, !14, !15, !16}
!13 = !DILocalVariable(name: "src_ptr", arg: 1, scope: !4, file: !1, line: 66, type: !7)
!14 = !DILocalVariable(name: "dst_ptr", arg: 2, scope: !4, file: !1, line: 66, type: !7)
!15 = !DILocalVariable(name: "rows", arg: 3, scope: !4, file: !1, line: 66, type: !9)
!16 = !DILocalVariable(name: "cols", arg: 4, scope: !4, file: !1, line: 66, type: !9)
!17 = !DILocation(line: 66, column: 1, scope: !4)
!18 = !DILocation(line: 73, column: 5, scope: !4)
!19 = !DILocalVariable(name: "r", scope: !4, file: !20, type: !9)
!20 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!21 = !DILocation(line: 69, column: 19, scope: !4)
!22 = !DILocation(line: 67, column: 10, scope: !4)
!23 = !DILocalVariable(name: "pr", scope: !4, file: !20, type: !9)
!24 = !DILocation(line: 68, column: 10, scope: !4)
!25 = !DILocalVariable(name: "pc", scope: !4, file: !20, type: !9)
!26 = !DILocation(line: 69, column: 9, scope: !4)
!27 = !DILocation(line: 70, column: 9, scope: !4)
!28 = !DILocalVariable(name: "c", scope: !4, file: !20, type: !9)
!29 = !DILocation(line: 72, column: 26, scope: !4)
!30 = !DILocalVariable(name: "tile", scope: !4, file: !20, type: !31)
!31 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!32 = !DILocation(line: 72, column: 48, scope: !4)
!33 = !DILocation(line: 72, column: 25, scope: !4)
!34 = !DILocalVariable(name: "tile", scope: !4, file: !20, type: !9)
!35 = !DILocation(line: 71, column: 30, scope: !4)
!36 = !DILocalVariable(name: "tile", scope: !4, file: !20, type: !11)
!37 = !DILocation(line: 71, column: 20, scope: !4)
!38 = !DILocation(line: 71, column: 12, scope: !4)
!39 = !DILocalVariable(name: "tile", scope: !4, file: !20, type: !40)
!40 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!41 = !DILocalVariable(name: "tile", scope: !4, file: !20, type: !8)
!42 = !DILocation(line: 74, column: 20, scope: !4)
!43 = !DILocation(line: 74, column: 42, scope: !4)
!44 = !DILocation(line: 74, column: 19, scope: !4)
!45 = !{!"amdgpu-synchronize-as", !"local"}
!46 = !DILocation(line: 73, column: 24, scope: !4)
!47 = !DILocation(line: 73, column: 14, scope: !4)

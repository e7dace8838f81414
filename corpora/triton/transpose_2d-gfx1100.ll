; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu11.00-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: mustprogress norecurse nounwind willreturn
define amdgpu_kernel void @transpose_2d(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree writeonly captures(none) %1, i32 inreg %2, i32 inreg %3, ptr addrspace(1) inreg nofree readnone captures(none) %4, ptr addrspace(1) inreg nofree readnone captures(none) %5) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !13, !DIExpression(), !17)
    #dbg_value(ptr addrspace(1) %1, !14, !DIExpression(), !17)
    #dbg_value(i32 %2, !15, !DIExpression(), !17)
    #dbg_value(i32 %3, !16, !DIExpression(), !17)
    #dbg_value(i32 15, !18, !DIExpression(), !20)
  %7 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !21
  %8 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %7), !dbg !21
  %9 = and i32 %8, 96, !dbg !21
    #dbg_value(i32 %9, !18, !DIExpression(), !20)
    #dbg_value(i32 %9, !18, !DIExpression(), !20)
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !22
    #dbg_value(i32 %10, !23, !DIExpression(), !22)
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.y(), !dbg !24
    #dbg_value(i32 %11, !25, !DIExpression(), !24)
  %12 = shl i32 %10, 4, !dbg !26
    #dbg_value(i32 %12, !18, !DIExpression(), !26)
  %13 = and i32 %7, 31, !dbg !20
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %13, !18, !DIExpression(), !20)
    #dbg_value(i32 %9, !18, !DIExpression(), !20)
  %14 = or disjoint i32 %9, %13, !dbg !20
    #dbg_value(!DIArgList(i32 %13, i32 %9), !18, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !20)
  %15 = and i32 %14, 112, !dbg !20
    #dbg_value(!DIArgList(i32 %13, i32 %9), !18, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 112, DW_OP_and, DW_OP_stack_value), !20)
  %16 = lshr i32 %14, 4, !dbg !20
    #dbg_value(i32 %16, !18, !DIExpression(), !20)
    #dbg_value(i32 %16, !18, !DIExpression(), !20)
    #dbg_value(i32 %16, !18, !DIExpression(), !20)
    #dbg_value(i32 %16, !18, !DIExpression(), !20)
  %17 = or disjoint i32 %16, 8, !dbg !20
    #dbg_value(i32 %17, !18, !DIExpression(), !20)
    #dbg_value(i32 %16, !18, !DIExpression(), !20)
    #dbg_value(i32 %17, !18, !DIExpression(), !20)
    #dbg_value(i32 %9, !18, !DIExpression(), !20)
    #dbg_value(!DIArgList(i32 %13, i32 %9), !18, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !20)
  %18 = and i32 %7, 15, !dbg !20
    #dbg_value(i32 %18, !18, !DIExpression(), !20)
    #dbg_value(i32 %18, !18, !DIExpression(), !20)
    #dbg_value(i32 %18, !18, !DIExpression(), !20)
    #dbg_value(i32 %18, !18, !DIExpression(), !20)
    #dbg_value(i32 %18, !18, !DIExpression(), !20)
    #dbg_value(i32 %18, !18, !DIExpression(), !20)
  %19 = or disjoint i32 %16, %12, !dbg !26
    #dbg_value(i32 %19, !18, !DIExpression(), !26)
  %20 = or disjoint i32 %17, %12, !dbg !26
    #dbg_value(i32 %20, !18, !DIExpression(), !26)
  %21 = or disjoint i32 %12, %18, !dbg !26
    #dbg_value(i32 %21, !18, !DIExpression(), !26)
  %22 = shl i32 %11, 4, !dbg !27
    #dbg_value(i32 %22, !28, !DIExpression(), !27)
  %23 = or disjoint i32 %16, %22, !dbg !27
    #dbg_value(i32 %23, !28, !DIExpression(), !27)
  %24 = or disjoint i32 %17, %22, !dbg !27
    #dbg_value(i32 %24, !28, !DIExpression(), !27)
  %25 = or disjoint i32 %22, %18, !dbg !27
    #dbg_value(i32 %25, !28, !DIExpression(), !27)
  %26 = icmp slt i32 %19, %2, !dbg !29
    #dbg_value(i1 %26, !30, !DIExpression(), !29)
  %27 = icmp slt i32 %20, %2, !dbg !29
    #dbg_value(i1 %27, !30, !DIExpression(), !29)
  %28 = icmp slt i32 %25, %3, !dbg !32
    #dbg_value(i1 %28, !30, !DIExpression(), !32)
  %29 = and i1 %28, %26, !dbg !33
    #dbg_value(i1 %29, !30, !DIExpression(), !33)
  %30 = and i1 %28, %27, !dbg !33
    #dbg_value(i1 %30, !30, !DIExpression(), !33)
    #dbg_value(!DIArgList(i32 %19, i32 %3), !34, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !35)
  %31 = mul i32 %20, %3, !dbg !35
    #dbg_value(i32 %31, !34, !DIExpression(), !35)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %19, i32 %3), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
  %32 = sext i32 %31 to i64, !dbg !37
  %33 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %32, !dbg !37
    #dbg_value(ptr addrspace(1) %33, !36, !DIExpression(), !37)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %25, i32 %19, i32 %3), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
  %34 = sext i32 %25 to i64, !dbg !37
  %35 = getelementptr [4 x i8], ptr addrspace(1) %33, i64 %34, !dbg !37
    #dbg_value(ptr addrspace(1) %35, !36, !DIExpression(), !37)
  br i1 %29, label %36, label %42, !dbg !38

36:                                               ; preds = %6
  %37 = mul i32 %19, %3
  %38 = sext i32 %37 to i64
  %39 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %38
  %40 = getelementptr [4 x i8], ptr addrspace(1) %39, i64 %34
    #dbg_value(i32 %37, !34, !DIExpression(), !35)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %25, i32 %37), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %25, i64 %38), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
    #dbg_value(!DIArgList(ptr addrspace(1) %39, i32 %25), !36, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !37)
    #dbg_value(ptr addrspace(1) %40, !36, !DIExpression(), !37)
  %41 = load <1 x float>, ptr addrspace(1) %40, align 4, !dbg !38
    #dbg_value(<1 x float> %41, !39, !DIExpression(), !38)
  br label %42, !dbg !38

42:                                               ; preds = %36, %6
  %43 = phi <1 x float> [ %41, %36 ], [ zeroinitializer, %6 ], !dbg !38
    #dbg_value(float poison, !41, !DIExpression(), !38)
  br i1 %30, label %44, label %46, !dbg !38

44:                                               ; preds = %42
  %45 = load <1 x float>, ptr addrspace(1) %35, align 4, !dbg !38
    #dbg_value(<1 x float> %45, !39, !DIExpression(), !38)
  br label %46, !dbg !38

46:                                               ; preds = %44, %42
  %47 = phi <1 x float> [ %45, %44 ], [ zeroinitializer, %42 ], !dbg !38
    #dbg_value(float poison, !41, !DIExpression(), !38)
  %48 = icmp slt i32 %23, %3, !dbg !42
  %49 = icmp slt i32 %24, %3, !dbg !42
  %50 = icmp slt i32 %21, %2, !dbg !43
  %51 = and i1 %50, %48, !dbg !44
  %52 = and i1 %50, %49, !dbg !44
  %53 = mul i32 %24, %2, !dbg !45
  %54 = sext i32 %53 to i64, !dbg !46
  %55 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %54, !dbg !46
  %56 = sext i32 %21 to i64, !dbg !46
  %57 = getelementptr [4 x i8], ptr addrspace(1) %55, i64 %56, !dbg !46
  %58 = and i32 %7, 6, !dbg !21
  %59 = shl nuw nsw i32 %7, 3, !dbg !21
  %60 = and i32 %59, 8, !dbg !21
  %61 = and i32 %7, 8, !dbg !21
  %62 = icmp eq i32 %61, 0, !dbg !21
  %63 = select i1 %62, i32 0, i32 516, !dbg !21
  %64 = or disjoint i32 %63, %60, !dbg !21
  %65 = mul nuw nsw i32 %58, 80, !dbg !21
  %66 = xor i32 %15, %65, !dbg !21
  %67 = or disjoint i32 %64, %66, !dbg !21
  %68 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %67, !dbg !21
  store <1 x float> %43, ptr addrspace(3) %68, align 4, !dbg !21
  %69 = xor i32 %67, 4, !dbg !21
  %70 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %69, !dbg !21
  store <1 x float> %47, ptr addrspace(3) %70, align 4, !dbg !21
  fence syncscope("workgroup") release, !dbg !21
  tail call void @llvm.amdgcn.s.barrier(), !dbg !21
  fence syncscope("workgroup") acquire, !dbg !21
  %71 = shl nuw nsw i32 %7, 4, !dbg !21
  %72 = and i32 %71, 112, !dbg !21
  %73 = shl nuw nsw i32 %9, 2, !dbg !21
  %74 = lshr i32 %7, 1, !dbg !21
  %75 = and i32 %74, 12, !dbg !21
  %76 = or disjoint i32 %73, %72, !dbg !21
  %77 = or disjoint i32 %9, %75, !dbg !21
  %78 = xor i32 %76, %77, !dbg !21
  %79 = xor i32 %78, 516, !dbg !21
  %80 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %79, !dbg !21
  %81 = load <1 x float>, ptr addrspace(3) %80, align 4, !dbg !21
  br i1 %51, label %82, label %89, !dbg !21

82:                                               ; preds = %46
  %83 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %78, !dbg !21
  %84 = load <1 x float>, ptr addrspace(3) %83, align 4, !dbg !21
  %85 = mul i32 %23, %2, !dbg !45
  %86 = sext i32 %85 to i64, !dbg !46
  %87 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %86, !dbg !46
  %88 = getelementptr [4 x i8], ptr addrspace(1) %87, i64 %56, !dbg !46
  store <1 x float> %84, ptr addrspace(1) %88, align 4, !dbg !21
  br label %89, !dbg !21

89:                                               ; preds = %82, %46
  br i1 %52, label %90, label %91, !dbg !21

90:                                               ; preds = %89
  store <1 x float> %81, ptr addrspace(1) %57, align 4, !dbg !21
  br label %91, !dbg !21

91:                                               ; preds = %90, %89
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

attributes #0 = { mustprogress norecurse nounwind willreturn "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
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
!18 = !DILocalVariable(name: "r", scope: !4, file: !19, type: !9)
!19 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!20 = !DILocation(line: 69, column: 19, scope: !4)
!21 = !DILocation(line: 73, column: 5, scope: !4)
!22 = !DILocation(line: 67, column: 10, scope: !4)
!23 = !DILocalVariable(name: "pr", scope: !4, file: !19, type: !9)
!24 = !DILocation(line: 68, column: 10, scope: !4)
!25 = !DILocalVariable(name: "pc", scope: !4, file: !19, type: !9)
!26 = !DILocation(line: 69, column: 9, scope: !4)
!27 = !DILocation(line: 70, column: 9, scope: !4)
!28 = !DILocalVariable(name: "c", scope: !4, file: !19, type: !9)
!29 = !DILocation(line: 72, column: 26, scope: !4)
!30 = !DILocalVariable(name: "tile", scope: !4, file: !19, type: !31)
!31 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!32 = !DILocation(line: 72, column: 48, scope: !4)
!33 = !DILocation(line: 72, column: 25, scope: !4)
!34 = !DILocalVariable(name: "tile", scope: !4, file: !19, type: !9)
!35 = !DILocation(line: 71, column: 30, scope: !4)
!36 = !DILocalVariable(name: "tile", scope: !4, file: !19, type: !11)
!37 = !DILocation(line: 71, column: 20, scope: !4)
!38 = !DILocation(line: 71, column: 12, scope: !4)
!39 = !DILocalVariable(name: "tile", scope: !4, file: !19, type: !40)
!40 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!41 = !DILocalVariable(name: "tile", scope: !4, file: !19, type: !8)
!42 = !DILocation(line: 74, column: 20, scope: !4)
!43 = !DILocation(line: 74, column: 42, scope: !4)
!44 = !DILocation(line: 74, column: 19, scope: !4)
!45 = !DILocation(line: 73, column: 24, scope: !4)
!46 = !DILocation(line: 73, column: 14, scope: !4)

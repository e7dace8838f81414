; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu11.00-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare !dbg !4 float @llvm.exp2.f32(float) #0

; Function Attrs: mustprogress norecurse nounwind willreturn
define amdgpu_kernel void @softmax(ptr addrspace(1) inreg nofree writeonly captures(none) %0, ptr addrspace(1) inreg nofree readonly captures(none) %1, i32 inreg %2, i32 inreg %3, i32 inreg %4, ptr addrspace(1) inreg nofree readnone captures(none) %5, ptr addrspace(1) inreg nofree readnone captures(none) %6) local_unnamed_addr #1 !dbg !8 {
    #dbg_value(ptr addrspace(1) %0, !16, !DIExpression(), !21)
    #dbg_value(ptr addrspace(1) %1, !17, !DIExpression(), !21)
    #dbg_value(i32 %2, !18, !DIExpression(), !21)
    #dbg_value(i32 %3, !19, !DIExpression(), !21)
    #dbg_value(i32 %4, !20, !DIExpression(), !21)
    #dbg_value(float f0x3FB8AA3B, !22, !DIExpression(), !24)
    #dbg_value(float -inf, !25, !DIExpression(), !26)
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !27
  %9 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %8), !dbg !28
  %10 = and i32 %9, 96, !dbg !27
    #dbg_value(i32 %10, !33, !DIExpression(), !34)
  %11 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !35
    #dbg_value(i32 %11, !36, !DIExpression(), !35)
  %12 = and i32 %8, 31, !dbg !34
    #dbg_value(i32 %12, !33, !DIExpression(), !34)
    #dbg_value(i32 %12, !33, !DIExpression(), !34)
    #dbg_value(i32 %12, !33, !DIExpression(), !34)
    #dbg_value(i32 %10, !33, !DIExpression(), !34)
  %13 = or disjoint i32 %10, %12, !dbg !34
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
    #dbg_value(!DIArgList(i32 %12, i32 %10), !33, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !34)
  %14 = icmp slt i32 %13, %4, !dbg !37
    #dbg_value(i1 %14, !38, !DIExpression(), !37)
  %15 = mul i32 %2, %11, !dbg !40
    #dbg_value(i32 %15, !41, !DIExpression(), !40)
  %16 = sext i32 %15 to i64, !dbg !42
  %17 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %16, !dbg !42
    #dbg_value(ptr addrspace(1) %17, !43, !DIExpression(), !42)
  %18 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %17, i16 0, i64 2147483646, i32 822243328), !dbg !26
    #dbg_value(ptr addrspace(8) %18, !43, !DIExpression(), !26)
    #dbg_value(<1 x float> splat (float -inf), !44, !DIExpression(), !26)
  %19 = shl nuw nsw i32 %13, 2, !dbg !26
    #dbg_value(i32 %19, !41, !DIExpression(), !26)
  %20 = select i1 %14, i32 %19, i32 -2147483648, !dbg !26
    #dbg_value(i32 %20, !41, !DIExpression(), !26)
  %21 = tail call float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8) %18, i32 %20, i32 0, i32 0), !dbg !26
    #dbg_value(float %21, !25, !DIExpression(), !26)
  %22 = bitcast float %21 to <1 x float>, !dbg !26
    #dbg_value(<1 x float> %22, !44, !DIExpression(), !26)
    #dbg_value(<1 x float> poison, !44, !DIExpression(), !26)
  %23 = extractelement <1 x float> %22, i64 0, !dbg !26
  %24 = select i1 %14, float %23, float -inf, !dbg !26
    #dbg_value(float %24, !25, !DIExpression(), !26)
  %25 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %24, i32 280, i32 15, i32 15, i1 true), !dbg !46
  %26 = tail call float @llvm.maxnum.f32(float %24, float %25), !dbg !48
  %27 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %26, i32 276, i32 15, i32 15, i1 true), !dbg !46
  %28 = tail call float @llvm.maxnum.f32(float %26, float %27), !dbg !48
  %29 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %28, i32 274, i32 15, i32 15, i1 true), !dbg !46
  %30 = tail call float @llvm.maxnum.f32(float %28, float %29), !dbg !48
  %31 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %30, i32 273, i32 15, i32 15, i1 true), !dbg !46
  %32 = tail call float @llvm.maxnum.f32(float %30, float %31), !dbg !48
  %33 = bitcast float %32 to i32, !dbg !46
  %34 = tail call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 %33, i32 -1, i32 -1, i1 true, i1 false), !dbg !46
  %35 = bitcast i32 %34 to float, !dbg !46
  %36 = tail call float @llvm.maxnum.f32(float %32, float %35), !dbg !48
  %37 = tail call float @llvm.amdgcn.readlane.f32(float %36, i32 31), !dbg !46
  %38 = lshr exact i32 %10, 3, !dbg !46
  %39 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %38, !dbg !46
  %40 = insertelement <1 x float> poison, float %37, i64 0, !dbg !46
  store <1 x float> %40, ptr addrspace(3) %39, align 4, !dbg !46
  fence syncscope("workgroup") release, !dbg !46
  tail call void @llvm.amdgcn.s.barrier(), !dbg !46
  fence syncscope("workgroup") acquire, !dbg !46
  %41 = shl nuw nsw i32 %8, 2, !dbg !46
  %42 = and i32 %41, 12, !dbg !46
  %43 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %42, !dbg !46
  %44 = load <1 x float>, ptr addrspace(3) %43, align 4, !dbg !46
  %45 = extractelement <1 x float> %44, i64 0, !dbg !46
  %46 = bitcast float %45 to i32, !dbg !46
  %47 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %46, i32 354, i32 15, i32 15, i1 true), !dbg !46
  %48 = bitcast i32 %47 to float, !dbg !46
  %49 = tail call float @llvm.maxnum.f32(float %45, float %48), !dbg !48
  %50 = bitcast float %49 to i32, !dbg !46
  %51 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %50, i32 353, i32 15, i32 15, i1 true), !dbg !46
  %52 = bitcast i32 %51 to float, !dbg !46
  %53 = tail call float @llvm.maxnum.f32(float %49, float %52), !dbg !48
  %54 = fsub float %24, %53, !dbg !49
    #dbg_value(float %54, !25, !DIExpression(), !49)
  %55 = fmul float %54, f0x3FB8AA3B, !dbg !24
    #dbg_value(float %55, !22, !DIExpression(), !24)
  %56 = tail call float @llvm.exp2.f32(float %55), !dbg !24
    #dbg_value(float %56, !22, !DIExpression(), !24)
  fence syncscope("workgroup") release, !dbg !28
  tail call void @llvm.amdgcn.s.barrier(), !dbg !28
  fence syncscope("workgroup") acquire, !dbg !28
  %57 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %56, i32 280, i32 15, i32 15, i1 true), !dbg !28
  %58 = fadd float %57, %56, !dbg !50
  %59 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %58, i32 276, i32 15, i32 15, i1 true), !dbg !28
  %60 = fadd float %59, %58, !dbg !50
  %61 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %60, i32 274, i32 15, i32 15, i1 true), !dbg !28
  %62 = fadd float %61, %60, !dbg !50
  %63 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %62, i32 273, i32 15, i32 15, i1 true), !dbg !28
  %64 = fadd float %63, %62, !dbg !50
  %65 = bitcast float %64 to i32, !dbg !28
  %66 = tail call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 %65, i32 -1, i32 -1, i1 true, i1 false), !dbg !28
  %67 = bitcast i32 %66 to float, !dbg !28
  %68 = fadd float %64, %67, !dbg !50
  %69 = tail call float @llvm.amdgcn.readlane.f32(float %68, i32 31), !dbg !28
  %70 = insertelement <1 x float> poison, float %69, i64 0, !dbg !28
  store <1 x float> %70, ptr addrspace(3) %39, align 4, !dbg !28
  fence syncscope("workgroup") release, !dbg !28
  tail call void @llvm.amdgcn.s.barrier(), !dbg !28
  fence syncscope("workgroup") acquire, !dbg !28
  %71 = load <1 x float>, ptr addrspace(3) %43, align 4, !dbg !28
  %72 = extractelement <1 x float> %71, i64 0, !dbg !28
  %73 = bitcast float %72 to i32, !dbg !28
  %74 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %73, i32 354, i32 15, i32 15, i1 true), !dbg !28
  %75 = bitcast i32 %74 to float, !dbg !28
  %76 = fadd float %72, %75, !dbg !50
  %77 = bitcast float %76 to i32, !dbg !28
  %78 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %77, i32 353, i32 15, i32 15, i1 true), !dbg !28
  %79 = bitcast i32 %78 to float, !dbg !28
  %80 = fadd float %76, %79, !dbg !50
  %81 = fdiv float %56, %80, !dbg !51
    #dbg_value(float %81, !25, !DIExpression(), !51)
  %82 = mul i32 %3, %11, !dbg !52
  %83 = sext i32 %82 to i64, !dbg !53
  %84 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %83, !dbg !53
  %85 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %84, i16 0, i64 2147483646, i32 822243328), !dbg !27
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.f32(float %81, ptr addrspace(8) %85, i32 %20, i32 0, i32 0), !dbg !27
  ret void, !dbg !21
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #2

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) readnone, i16, i64, i32) #0

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #4

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.update.dpp.f32(float, float, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #5

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.maxnum.f32(float, float) #0

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1 immarg, i1 immarg) #5

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #6

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.f32(float, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #7

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.readlane.f32(float, i32) #8

attributes #0 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { mustprogress norecurse nounwind willreturn "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #4 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #5 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #6 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #7 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write) }
attributes #8 = { convergent nocallback nofree nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = !DISubprogram(name: "llvm.exp2.f32", linkageName: "llvm.exp2.f32", scope: !1, file: !1, line: 27, type: !5, scopeLine: 27, spFlags: DISPFlagOptimized)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{!7, !7}
!7 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!8 = distinct !DISubprogram(name: "softmax", linkageName: "softmax", scope: !1, file: !1, line: 20, type: !9, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !15)
!9 = !DISubroutineType(cc: DW_CC_normal, types: !10)
!10 = !{null, !11, !11, !12, !12, !12, !13, !13}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !7, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !14, size: 64, dwarfAddressSpace: 1)
!14 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!15 = !{!16, !17, !18, !19, !20}
!16 = !DILocalVariable(name: "out_ptr", arg: 1, scope: !8, file: !1, line: 20, type: !11)
!17 = !DILocalVariable(name: "in_ptr", arg: 2, scope: !8, file: !1, line: 20, type: !11)
!18 = !DILocalVariable(name: "in_stride", arg: 3, scope: !8, file: !1, line: 20, type: !12)
!19 = !DILocalVariable(name: "out_stride", arg: 4, scope: !8, file: !1, line: 20, type: !12)
!20 = !DILocalVariable(name: "n_cols", arg: 5, scope: !8, file: !1, line: 20, type: !12)
!21 = !DILocation(line: 20, column: 1, scope: !8)
!22 = !DILocalVariable(name: "num", scope: !8, file: !23, type: !7)
!23 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!24 = !DILocation(line: 27, column: 11, scope: !8)
!25 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !7)
!26 = !DILocation(line: 24, column: 12, scope: !8)
!27 = !DILocation(line: 30, column: 5, scope: !8)
!28 = !DILocation(line: 314, column: 12, scope: !29, inlinedAt: !31)
!29 = distinct !DILexicalBlockFile(scope: !8, file: !30, discriminator: 0)
!30 = !DIFile(filename: "standard.py", directory: "/tmp/trienv/lib/python3.11/site-packages/triton/language")
!31 = !DILocation(line: 28, column: 11, scope: !32)
!32 = distinct !DILexicalBlockFile(scope: !8, file: !1, discriminator: 0)
!33 = !DILocalVariable(name: "cols", scope: !8, file: !23, type: !12)
!34 = !DILocation(line: 22, column: 12, scope: !8)
!35 = !DILocation(line: 21, column: 11, scope: !8)
!36 = !DILocalVariable(name: "row", scope: !8, file: !23, type: !12)
!37 = !DILocation(line: 23, column: 12, scope: !8)
!38 = !DILocalVariable(name: "mask", scope: !8, file: !23, type: !39)
!39 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!40 = !DILocation(line: 24, column: 29, scope: !8)
!41 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !12)
!42 = !DILocation(line: 24, column: 20, scope: !8)
!43 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !14)
!44 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !45)
!45 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!46 = !DILocation(line: 216, column: 16, scope: !29, inlinedAt: !47)
!47 = !DILocation(line: 25, column: 15, scope: !32)
!48 = !DILocation(line: 196, column: 12, scope: !29, inlinedAt: !46)
!49 = !DILocation(line: 26, column: 12, scope: !8)
!50 = !DILocation(line: 287, column: 12, scope: !29, inlinedAt: !28)
!51 = !DILocation(line: 29, column: 12, scope: !8)
!52 = !DILocation(line: 30, column: 24, scope: !8)
!53 = !DILocation(line: 30, column: 14, scope: !8)

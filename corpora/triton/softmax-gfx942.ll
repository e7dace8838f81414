; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.42-amd-amdhsa"

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
    #dbg_value(i32 127, !25, !DIExpression(), !26)
    #dbg_value(float -inf, !27, !DIExpression(), !28)
  %8 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !29
  %9 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %8), !dbg !29
    #dbg_value(i32 %9, !25, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !26)
  %10 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !30
    #dbg_value(i32 %10, !31, !DIExpression(), !30)
  %11 = and i32 %8, 63, !dbg !26
    #dbg_value(i32 %11, !25, !DIExpression(), !26)
    #dbg_value(i32 %11, !25, !DIExpression(), !26)
    #dbg_value(i32 %11, !25, !DIExpression(), !26)
    #dbg_value(i32 %9, !25, !DIExpression(DW_OP_constu, 192, DW_OP_and, DW_OP_stack_value), !26)
    #dbg_value(!DIArgList(i32 %11, i32 %9), !25, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 192, DW_OP_and, DW_OP_or, DW_OP_stack_value), !26)
  %.masked = and i32 %9, 64, !dbg !26
  %12 = or disjoint i32 %.masked, %11, !dbg !26
    #dbg_value(i32 %12, !25, !DIExpression(), !26)
    #dbg_value(i32 %12, !25, !DIExpression(), !26)
    #dbg_value(i32 %12, !25, !DIExpression(), !26)
    #dbg_value(i32 %12, !25, !DIExpression(), !26)
    #dbg_value(i32 %12, !25, !DIExpression(), !26)
    #dbg_value(i32 %12, !25, !DIExpression(), !26)
  %13 = icmp slt i32 %12, %4, !dbg !32
    #dbg_value(i1 %13, !33, !DIExpression(), !32)
  %14 = mul i32 %2, %10, !dbg !35
    #dbg_value(i32 %14, !36, !DIExpression(), !35)
  %15 = sext i32 %14 to i64, !dbg !37
  %16 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %15, !dbg !37
    #dbg_value(ptr addrspace(1) %16, !38, !DIExpression(), !37)
  %17 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %16, i16 0, i64 2147483646, i32 159744), !dbg !28
    #dbg_value(ptr addrspace(8) %17, !38, !DIExpression(), !28)
    #dbg_value(<1 x float> splat (float -inf), !39, !DIExpression(), !28)
  %18 = shl nuw nsw i32 %12, 2, !dbg !28
    #dbg_value(i32 %18, !36, !DIExpression(), !28)
  %19 = select i1 %13, i32 %18, i32 -2147483648, !dbg !28
    #dbg_value(i32 %19, !36, !DIExpression(), !28)
  %20 = tail call float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8) %17, i32 %19, i32 0, i32 0), !dbg !28
    #dbg_value(float %20, !27, !DIExpression(), !28)
  %21 = bitcast float %20 to <1 x float>, !dbg !28
    #dbg_value(<1 x float> %21, !39, !DIExpression(), !28)
    #dbg_value(<1 x float> poison, !39, !DIExpression(), !28)
  %22 = extractelement <1 x float> %21, i64 0, !dbg !28
  %23 = select i1 %13, float %22, float -inf, !dbg !28
    #dbg_value(float %23, !27, !DIExpression(), !28)
  %24 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %23, i32 280, i32 15, i32 15, i1 true), !dbg !41
  %25 = tail call float @llvm.maxnum.f32(float %23, float %24), !dbg !46
  %26 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %25, i32 276, i32 15, i32 15, i1 true), !dbg !41
  %27 = tail call float @llvm.maxnum.f32(float %25, float %26), !dbg !46
  %28 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %27, i32 274, i32 15, i32 15, i1 true), !dbg !41
  %29 = tail call float @llvm.maxnum.f32(float %27, float %28), !dbg !46
  %30 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %29, i32 273, i32 15, i32 15, i1 true), !dbg !41
  %31 = tail call float @llvm.maxnum.f32(float %29, float %30), !dbg !46
  %32 = tail call float @llvm.amdgcn.update.dpp.f32(float %31, float %31, i32 322, i32 10, i32 15, i1 true), !dbg !41
  %33 = tail call float @llvm.maxnum.f32(float %31, float %32), !dbg !46
  %34 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %33, i32 323, i32 15, i32 15, i1 true), !dbg !41
  %35 = tail call float @llvm.maxnum.f32(float %33, float %34), !dbg !46
  %36 = tail call float @llvm.amdgcn.readlane.f32(float %35, i32 63), !dbg !41
  %37 = lshr i32 %9, 4, !dbg !41
  %38 = and i32 %37, 4, !dbg !41
  %39 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %38, !dbg !41
  %40 = insertelement <1 x float> poison, float %36, i64 0, !dbg !41
  store <1 x float> %40, ptr addrspace(3) %39, align 4, !dbg !41
  fence syncscope("workgroup") release, !dbg !41, !mmra !47
  tail call void @llvm.amdgcn.s.barrier(), !dbg !41
  fence syncscope("workgroup") acquire, !dbg !41, !mmra !47
  %41 = shl nuw nsw i32 %8, 2, !dbg !41
  %42 = and i32 %41, 4, !dbg !41
  %43 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %42, !dbg !41
  %44 = load <1 x float>, ptr addrspace(3) %43, align 4, !dbg !41
  %45 = extractelement <1 x float> %44, i64 0, !dbg !41
  %46 = bitcast float %45 to i32, !dbg !41
  %47 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %46, i32 177, i32 15, i32 15, i1 true), !dbg !41
  %48 = bitcast i32 %47 to float, !dbg !41
  %49 = tail call float @llvm.maxnum.f32(float %45, float %48), !dbg !46
  %50 = fsub float %23, %49, !dbg !48
    #dbg_value(float %50, !27, !DIExpression(), !48)
  %51 = fmul float %50, f0x3FB8AA3B, !dbg !24
    #dbg_value(float %51, !22, !DIExpression(), !24)
  %52 = tail call float @llvm.exp2.f32(float %51), !dbg !24
    #dbg_value(float %52, !22, !DIExpression(), !24)
  fence syncscope("workgroup") release, !dbg !49, !mmra !47
  tail call void @llvm.amdgcn.s.barrier(), !dbg !49
  fence syncscope("workgroup") acquire, !dbg !49, !mmra !47
  %53 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %52, i32 280, i32 15, i32 15, i1 true), !dbg !49
  %54 = fadd float %53, %52, !dbg !51
  %55 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %54, i32 276, i32 15, i32 15, i1 true), !dbg !49
  %56 = fadd float %55, %54, !dbg !51
  %57 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %56, i32 274, i32 15, i32 15, i1 true), !dbg !49
  %58 = fadd float %57, %56, !dbg !51
  %59 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %58, i32 273, i32 15, i32 15, i1 true), !dbg !49
  %60 = fadd float %59, %58, !dbg !51
  %61 = tail call float @llvm.amdgcn.update.dpp.f32(float %60, float %60, i32 322, i32 10, i32 15, i1 true), !dbg !49
  %62 = fadd float %61, %60, !dbg !51
  %63 = tail call float @llvm.amdgcn.update.dpp.f32(float poison, float %62, i32 323, i32 15, i32 15, i1 true), !dbg !49
  %64 = fadd float %63, %62, !dbg !51
  %65 = tail call float @llvm.amdgcn.readlane.f32(float %64, i32 63), !dbg !49
  %66 = insertelement <1 x float> poison, float %65, i64 0, !dbg !49
  store <1 x float> %66, ptr addrspace(3) %39, align 4, !dbg !49
  fence syncscope("workgroup") release, !dbg !49, !mmra !47
  tail call void @llvm.amdgcn.s.barrier(), !dbg !49
  fence syncscope("workgroup") acquire, !dbg !49, !mmra !47
  %67 = load <1 x float>, ptr addrspace(3) %43, align 4, !dbg !49
  %68 = extractelement <1 x float> %67, i64 0, !dbg !49
  %69 = bitcast float %68 to i32, !dbg !49
  %70 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %69, i32 177, i32 15, i32 15, i1 true), !dbg !49
  %71 = bitcast i32 %70 to float, !dbg !49
  %72 = fadd float %68, %71, !dbg !51
  %73 = fdiv float %52, %72, !dbg !52
    #dbg_value(float %73, !27, !DIExpression(), !52)
  %74 = mul i32 %3, %10, !dbg !53
  %75 = sext i32 %74 to i64, !dbg !54
  %76 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %75, !dbg !54
  %77 = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %76, i16 0, i64 2147483646, i32 159744), !dbg !29
  %78 = and i32 %9, 128, !dbg !29
  %79 = icmp eq i32 %78, 0, !dbg !29
  %80 = and i1 %79, %13, !dbg !29
  %81 = select i1 %80, i32 %18, i32 -2147483648, !dbg !29
  tail call void @llvm.amdgcn.raw.ptr.buffer.store.f32(float %73, ptr addrspace(8) %77, i32 %81, i32 0, i32 0), !dbg !29
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

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #6

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #5

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.f32(float, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #7

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare float @llvm.amdgcn.readlane.f32(float, i32) #8

attributes #0 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { mustprogress norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
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
!25 = !DILocalVariable(name: "cols", scope: !8, file: !23, type: !12)
!26 = !DILocation(line: 22, column: 12, scope: !8)
!27 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !7)
!28 = !DILocation(line: 24, column: 12, scope: !8)
!29 = !DILocation(line: 30, column: 5, scope: !8)
!30 = !DILocation(line: 21, column: 11, scope: !8)
!31 = !DILocalVariable(name: "row", scope: !8, file: !23, type: !12)
!32 = !DILocation(line: 23, column: 12, scope: !8)
!33 = !DILocalVariable(name: "mask", scope: !8, file: !23, type: !34)
!34 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!35 = !DILocation(line: 24, column: 29, scope: !8)
!36 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !12)
!37 = !DILocation(line: 24, column: 20, scope: !8)
!38 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !14)
!39 = !DILocalVariable(name: "vals", scope: !8, file: !23, type: !40)
!40 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!41 = !DILocation(line: 216, column: 16, scope: !42, inlinedAt: !44)
!42 = distinct !DILexicalBlockFile(scope: !8, file: !43, discriminator: 0)
!43 = !DIFile(filename: "standard.py", directory: "/tmp/trienv/lib/python3.11/site-packages/triton/language")
!44 = !DILocation(line: 25, column: 15, scope: !45)
!45 = distinct !DILexicalBlockFile(scope: !8, file: !1, discriminator: 0)
!46 = !DILocation(line: 196, column: 12, scope: !42, inlinedAt: !41)
!47 = !{!"amdgpu-synchronize-as", !"local"}
!48 = !DILocation(line: 26, column: 12, scope: !8)
!49 = !DILocation(line: 314, column: 12, scope: !42, inlinedAt: !50)
!50 = !DILocation(line: 28, column: 11, scope: !45)
!51 = !DILocation(line: 287, column: 12, scope: !42, inlinedAt: !49)
!52 = !DILocation(line: 29, column: 12, scope: !8)
!53 = !DILocation(line: 30, column: 24, scope: !8)
!54 = !DILocation(line: 30, column: 14, scope: !8)

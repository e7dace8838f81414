; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.42-amd-amdhsa"

; Function Attrs: norecurse nounwind
define amdgpu_kernel void @histogram(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg %1, i32 inreg %2, i32 inreg %3, ptr addrspace(1) inreg nofree readnone captures(none) %4, ptr addrspace(1) inreg nofree readnone captures(none) %5) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !12, !DIExpression(), !16)
    #dbg_value(ptr addrspace(1) %1, !13, !DIExpression(), !16)
    #dbg_value(i32 %2, !14, !DIExpression(), !16)
    #dbg_value(i32 %3, !15, !DIExpression(), !16)
    #dbg_value(i32 127, !17, !DIExpression(), !19)
    #dbg_value(i32 6, !17, !DIExpression(), !19)
  %7 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !20
  %8 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %7), !dbg !20
    #dbg_value(i32 %8, !17, !DIExpression(DW_OP_constu, 6, DW_OP_shr, DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !19)
  %9 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !21
    #dbg_value(i32 %9, !22, !DIExpression(), !21)
  %10 = shl i32 %9, 7, !dbg !23
    #dbg_value(i32 %10, !17, !DIExpression(), !23)
  %11 = and i32 %7, 63, !dbg !19
    #dbg_value(i32 %11, !17, !DIExpression(), !19)
    #dbg_value(i32 %11, !17, !DIExpression(), !19)
    #dbg_value(i32 %11, !17, !DIExpression(), !19)
    #dbg_value(i32 %8, !17, !DIExpression(DW_OP_constu, 192, DW_OP_and, DW_OP_stack_value), !19)
    #dbg_value(!DIArgList(i32 %11, i32 %8), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 192, DW_OP_and, DW_OP_or, DW_OP_stack_value), !19)
  %.masked = and i32 %8, 64, !dbg !19
    #dbg_value(!DIArgList(i32 %11, i32 %.masked), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !19)
    #dbg_value(!DIArgList(i32 %11, i32 %.masked), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !19)
    #dbg_value(!DIArgList(i32 %11, i32 %.masked), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !19)
    #dbg_value(!DIArgList(i32 %11, i32 %.masked), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !19)
    #dbg_value(!DIArgList(i32 %11, i32 %.masked), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !19)
    #dbg_value(!DIArgList(i32 %11, i32 %.masked), !17, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !19)
  %12 = or disjoint i32 %.masked, %10, !dbg !23
  %13 = or disjoint i32 %12, %11, !dbg !23
    #dbg_value(i32 %13, !17, !DIExpression(), !23)
  %14 = icmp slt i32 %13, %2, !dbg !24
    #dbg_value(i1 %14, !25, !DIExpression(), !24)
    #dbg_value(!DIArgList(ptr addrspace(1) %0, i32 %13), !27, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !28)
    #dbg_value(<1 x i32> zeroinitializer, !29, !DIExpression(), !31)
  br i1 %14, label %15, label %19, !dbg !31

15:                                               ; preds = %6
  %16 = sext i32 %13 to i64
  %17 = getelementptr [4 x i8], ptr addrspace(1) %0, i64 %16
    #dbg_value(ptr addrspace(1) %17, !27, !DIExpression(), !28)
  %18 = load <1 x i32>, ptr addrspace(1) %17, align 4, !dbg !31
    #dbg_value(<1 x i32> %18, !29, !DIExpression(), !31)
  br label %19, !dbg !31

19:                                               ; preds = %15, %6
  %20 = phi <1 x i32> [ %18, %15 ], [ zeroinitializer, %6 ], !dbg !31
  %21 = extractelement <1 x i32> %20, i64 0, !dbg !31
    #dbg_value(i32 %21, !32, !DIExpression(), !31)
  %22 = srem i32 %21, %3, !dbg !33
    #dbg_value(i32 %22, !34, !DIExpression(), !33)
  %23 = sext i32 %22 to i64, !dbg !35
  %24 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %23, !dbg !35
  fence syncscope("workgroup") release, !dbg !20, !mmra !36
  tail call void @llvm.amdgcn.s.barrier(), !dbg !20
  fence syncscope("workgroup") acquire, !dbg !20, !mmra !36
  %25 = and i32 %8, 128, !dbg !20
  %26 = icmp eq i32 %25, 0, !dbg !20
  %27 = and i1 %26, %14, !dbg !20
  %28 = zext i1 %27 to i32, !dbg !20
  %29 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %28, i32 273, i32 15, i32 15, i1 false), !dbg !20
  %30 = add i32 %29, %28, !dbg !20
  %31 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %28, i32 274, i32 15, i32 15, i1 false), !dbg !20
  %32 = add i32 %30, %31, !dbg !20
  %33 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %28, i32 275, i32 15, i32 15, i1 false), !dbg !20
  %34 = add i32 %32, %33, !dbg !20
  %35 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %34, i32 276, i32 15, i32 14, i1 true), !dbg !20
  %36 = add i32 %34, %35, !dbg !20
  %37 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %36, i32 280, i32 15, i32 12, i1 true), !dbg !20
  %38 = add i32 %36, %37, !dbg !20
  %39 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %38, i32 322, i32 10, i32 15, i1 true), !dbg !20
  %40 = add i32 %38, %39, !dbg !20
  %41 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %40, i32 323, i32 12, i32 15, i1 true), !dbg !20
  %42 = add i32 %40, %41, !dbg !20
  %43 = select i1 %27, i32 %42, i32 0, !dbg !20
  %44 = icmp eq i32 %43, 0, !dbg !20
  %45 = shl i32 %43, 2, !dbg !20
  %46 = add i32 %45, -4, !dbg !20
  %47 = select i1 %44, i32 252, i32 %46, !dbg !20
  %48 = tail call i32 @llvm.amdgcn.ds.permute(i32 %47, i32 1), !dbg !20
  %49 = ptrtoint ptr addrspace(1) %24 to i64, !dbg !20
  %50 = bitcast i64 %49 to <2 x i32>, !dbg !20
  %51 = extractelement <2 x i32> %50, i64 0, !dbg !20
  %52 = tail call i32 @llvm.amdgcn.ds.permute(i32 %47, i32 %51), !dbg !20
  %53 = insertelement <2 x i32> poison, i32 %52, i64 0, !dbg !20
  %54 = extractelement <2 x i32> %50, i64 1, !dbg !20
  %55 = tail call i32 @llvm.amdgcn.ds.permute(i32 %47, i32 %54), !dbg !20
  %56 = insertelement <2 x i32> %53, i32 %55, i64 1, !dbg !20
  %57 = bitcast <2 x i32> %56 to i64, !dbg !20
  %58 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %27), !dbg !20
  %59 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %58), !dbg !20
  %60 = trunc nuw nsw i64 %59 to i32, !dbg !20
  %61 = icmp samesign ult i32 %11, %60, !dbg !20
  br i1 %61, label %62, label %158, !dbg !20

62:                                               ; preds = %19
  %63 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %52, i32 304, i32 15, i32 15, i1 false), !dbg !20
  %64 = insertelement <2 x i32> poison, i32 %63, i64 0, !dbg !20
  %65 = tail call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %55, i32 304, i32 15, i32 15, i1 false), !dbg !20
  %66 = insertelement <2 x i32> %64, i32 %65, i64 1, !dbg !20
  %67 = bitcast <2 x i32> %66 to i64, !dbg !20
  %68 = add i64 %57, 4, !dbg !20
  %69 = icmp eq i64 %68, %67, !dbg !20
  %70 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %69), !dbg !20
  %71 = lshr i64 %70, 1, !dbg !20
  %72 = and i64 %71, 6148914691236517205, !dbg !20
  %73 = sub i64 %70, %72, !dbg !20
  %74 = and i64 %73, 3689348814741910323, !dbg !20
  %75 = lshr i64 %73, 2, !dbg !20
  %76 = and i64 %75, 3689348814741910323, !dbg !20
  %77 = add nuw nsw i64 %76, %74, !dbg !20
  %78 = lshr i64 %77, 4, !dbg !20
  %79 = add nuw nsw i64 %78, %77, !dbg !20
  %80 = and i64 %79, 1085102592571150095, !dbg !20
  %81 = mul i64 %80, 72340172838076673, !dbg !20
  %82 = icmp ult i64 %81, 2305843009213693952, !dbg !20
  br i1 %82, label %.preheader, label %153, !dbg !20

.preheader:                                       ; preds = %62, %.preheader
  %83 = phi i32 [ %93, %.preheader ], [ 0, %62 ], !dbg !20
  %84 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %52), !dbg !20
  %85 = insertelement <2 x i32> poison, i32 %84, i64 0, !dbg !20
  %86 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %55), !dbg !20
  %87 = insertelement <2 x i32> %85, i32 %86, i64 1, !dbg !20
  %88 = bitcast <2 x i32> %87 to i64, !dbg !20
  %89 = icmp eq i64 %88, %57, !dbg !20
  %90 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %89), !dbg !20
  %91 = tail call range(i64 0, 65) i64 @llvm.ctpop.i64(i64 %90), !dbg !20
  %92 = trunc nuw nsw i64 %91 to i32, !dbg !20
  %93 = add i32 %83, %92, !dbg !20
  br i1 %89, label %94, label %.preheader, !dbg !20

94:                                               ; preds = %.preheader
  %95 = lshr i64 %90, 32, !dbg !20
  %96 = trunc nuw i64 %95 to i32, !dbg !20
  %97 = trunc i64 %90 to i32, !dbg !20
  %98 = tail call range(i32 0, 33) i32 @llvm.amdgcn.mbcnt.lo(i32 %97, i32 0), !dbg !20
  %99 = tail call range(i32 0, 65) i32 @llvm.amdgcn.mbcnt.hi(i32 %96, i32 %98), !dbg !20
  %100 = add i32 %99, %83, !dbg !20
  %101 = sub nsw i32 %92, %99, !dbg !20
  %102 = icmp eq i32 %99, 0, !dbg !20
  %103 = shl i32 %100, 2, !dbg !20
  %104 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 %52), !dbg !20
  %105 = insertelement <2 x i32> poison, i32 %104, i64 0, !dbg !20
  %106 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 %55), !dbg !20
  %107 = insertelement <2 x i32> %105, i32 %106, i64 1, !dbg !20
  %108 = bitcast <2 x i32> %107 to i64, !dbg !20
  %109 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 %48), !dbg !20
  %110 = zext i1 %102 to i32, !dbg !20
  %111 = shl nsw i32 %101, 8, !dbg !20
  %112 = or disjoint i32 %111, %110, !dbg !20
  %113 = or i32 %112, %103, !dbg !20
  %114 = tail call i32 @llvm.amdgcn.ds.permute(i32 %103, i32 %113), !dbg !20
  %115 = lshr i32 %114, 8, !dbg !20
  %116 = and i32 %115, 255, !dbg !20
  %117 = and i32 %114, 1, !dbg !20
  %.not = icmp eq i32 %117, 0, !dbg !20
  %118 = icmp ne i32 %116, 1, !dbg !20
  %119 = tail call i64 @llvm.amdgcn.ballot.i64(i1 %118), !dbg !20
  %.not1 = icmp eq i64 %119, 0, !dbg !20
  br i1 %.not1, label %151, label %120, !dbg !20

120:                                              ; preds = %94
  %121 = add i32 %114, 128, !dbg !20
  %122 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %121, i32 %109), !dbg !20
  %123 = icmp samesign ugt i32 %116, 32, !dbg !20
  %124 = select i1 %123, i32 %122, i32 0, !dbg !20
  %125 = add i32 %124, %109, !dbg !20
  %126 = add i32 %114, 64, !dbg !20
  %127 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %126, i32 %125), !dbg !20
  %128 = icmp samesign ugt i32 %116, 16, !dbg !20
  %129 = select i1 %128, i32 %127, i32 0, !dbg !20
  %130 = add i32 %125, %129, !dbg !20
  %131 = add i32 %114, 32, !dbg !20
  %132 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %131, i32 %130), !dbg !20
  %133 = icmp samesign ugt i32 %116, 8, !dbg !20
  %134 = select i1 %133, i32 %132, i32 0, !dbg !20
  %135 = add i32 %130, %134, !dbg !20
  %136 = add i32 %114, 16, !dbg !20
  %137 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %136, i32 %135), !dbg !20
  %138 = icmp samesign ugt i32 %116, 4, !dbg !20
  %139 = select i1 %138, i32 %137, i32 0, !dbg !20
  %140 = add i32 %135, %139, !dbg !20
  %141 = add i32 %114, 8, !dbg !20
  %142 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %141, i32 %140), !dbg !20
  %143 = icmp samesign ugt i32 %116, 2, !dbg !20
  %144 = select i1 %143, i32 %142, i32 0, !dbg !20
  %145 = add i32 %140, %144, !dbg !20
  %146 = add i32 %114, 4, !dbg !20
  %147 = tail call i32 @llvm.amdgcn.ds.bpermute(i32 %146, i32 %145), !dbg !20
  %148 = icmp samesign ugt i32 %116, 1, !dbg !20
  %149 = select i1 %148, i32 %147, i32 0, !dbg !20
  %150 = add i32 %145, %149, !dbg !20
  br label %151, !dbg !20

151:                                              ; preds = %120, %94
  %152 = phi i32 [ %150, %120 ], [ %109, %94 ], !dbg !20
  br i1 %.not, label %158, label %153, !dbg !20

153:                                              ; preds = %151, %62
  %154 = phi i64 [ %108, %151 ], [ %57, %62 ], !dbg !20
  %155 = phi i32 [ %152, %151 ], [ %48, %62 ], !dbg !20
  %156 = inttoptr i64 %154 to ptr addrspace(1), !dbg !20
  %157 = atomicrmw add ptr addrspace(1) %156, i32 %155 syncscope("agent") acq_rel, align 4, !dbg !20
  br label %158, !dbg !20

158:                                              ; preds = %151, %153, %19
  fence syncscope("workgroup") release, !dbg !20, !mmra !36
  tail call void @llvm.amdgcn.s.barrier(), !dbg !20
  fence syncscope("workgroup") acquire, !dbg !20, !mmra !36
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

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32 immarg, i32 immarg, i32 immarg, i1 immarg) #4

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.ds.permute(i32, i32) #4

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare i64 @llvm.amdgcn.ballot.i64(i1) #2

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32) #5

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32) #5

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn memory(none)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.ctpop.i64(i64) #6

attributes #0 = { norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { convergent mustprogress nocallback nofree nounwind willreturn memory(none) }
attributes #5 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }
attributes #6 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

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
!17 = !DILocalVariable(name: "offs", scope: !4, file: !18, type: !8)
!18 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!19 = !DILocation(line: 80, column: 26, scope: !4)
!20 = !DILocation(line: 84, column: 5, scope: !4)
!21 = !DILocation(line: 79, column: 11, scope: !4)
!22 = !DILocalVariable(name: "pid", scope: !4, file: !18, type: !8)
!23 = !DILocation(line: 80, column: 12, scope: !4)
!24 = !DILocation(line: 81, column: 12, scope: !4)
!25 = !DILocalVariable(name: "mask", scope: !4, file: !18, type: !26)
!26 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!27 = !DILocalVariable(name: "v", scope: !4, file: !18, type: !10)
!28 = !DILocation(line: 82, column: 17, scope: !4)
!29 = !DILocalVariable(name: "v", scope: !4, file: !18, type: !30)
!30 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!31 = !DILocation(line: 82, column: 9, scope: !4)
!32 = !DILocalVariable(name: "v", scope: !4, file: !18, type: !8)
!33 = !DILocation(line: 83, column: 14, scope: !4)
!34 = !DILocalVariable(name: "bucket", scope: !4, file: !18, type: !8)
!35 = !DILocation(line: 84, column: 19, scope: !4)
!36 = !{!"amdgpu-synchronize-as", !"local"}

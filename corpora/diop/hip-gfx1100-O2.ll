; ModuleID = '/work/main/tools/corpus/src/device.hip'
source_filename = "/work/main/tools/corpus/src/device.hip"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.Sample = type { double, %struct.Packed, i64 }
%struct.Packed = type { i32 }

@_ZZ14reduce_samplesPdPK6SamplexiE4tile = internal unnamed_addr addrspace(3) global [128 x double] undef, align 16, !dbg !0
@__hip_cuid_909a440c19fafaf1 = addrspace(1) global i8 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_909a440c19fafaf1 to ptr)], section "llvm.metadata"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read)
define internal fastcc noundef range(i32 -1000, 1001) i32 @_Z10clamp_bitsRK6Packedi(ptr noundef nonnull readonly align 4 captures(none) dereferenceable(4) %0) unnamed_addr #0 !dbg !55 {
    #dbg_value(ptr %0, !61, !DIExpression(DIOpArg(0, ptr)), !64)
    #dbg_value(i32 1000, !62, !DIExpression(DIOpArg(0, i32)), !64)
  %2 = load i32, ptr %0, align 4, !dbg !65
  %3 = and i32 %2, 31, !dbg !65
  %4 = lshr i32 %2, 5, !dbg !66
  %5 = and i32 %4, 511, !dbg !66
  %6 = ashr i32 %2, 14, !dbg !67
  %7 = add nsw i32 %6, %3, !dbg !68
  %8 = add nsw i32 %7, %5, !dbg !69
    #dbg_value(i32 %8, !63, !DIExpression(DIOpArg(0, i32)), !64)
  %9 = tail call i32 @llvm.smax.i32(i32 %8, i32 -1000), !dbg !70
  %10 = tail call i32 @llvm.smin.i32(i32 %9, i32 1000), !dbg !70
    #dbg_value(i32 %10, !63, !DIExpression(DIOpArg(0, i32)), !64)
  ret i32 %10, !dbg !72
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p5(ptr addrspace(5) captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p5(ptr addrspace(5) captures(none)) #1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read)
define internal fastcc noundef double @_Z10accumulateP6Sampleix(ptr noundef readonly captures(none) %0, i64 noundef %1) unnamed_addr #0 !dbg !73 {
    #dbg_value(ptr %0, !78, !DIExpression(DIOpArg(0, ptr)), !88)
    #dbg_value(i32 2, !79, !DIExpression(DIOpArg(0, i32)), !88)
    #dbg_value(i64 %1, !80, !DIExpression(DIOpArg(0, i64)), !88)
    #dbg_value(double 0.000000e+00, !81, !DIExpression(DIOpArg(0, double)), !88)
    #dbg_value(i32 0, !86, !DIExpression(DIOpArg(0, i32)), !90)
    #dbg_value(i32 0, !86, !DIExpression(DIOpArg(0, i32)), !90)
    #dbg_value(double 0.000000e+00, !81, !DIExpression(DIOpArg(0, double)), !88)
  %3 = getelementptr inbounds nuw i8, ptr %0, i64 8, !dbg !91
  %4 = tail call fastcc noundef i32 @_Z10clamp_bitsRK6Packedi(ptr noundef nonnull align 4 dereferenceable(4) %3) #7, !dbg !94
  %5 = load double, ptr %0, align 8, !dbg !95, !tbaa !96
  %6 = getelementptr inbounds nuw i8, ptr %0, i64 16, !dbg !101
  %7 = load i64, ptr %6, align 8, !dbg !101, !tbaa !102
  %8 = sub nsw i64 %7, %1, !dbg !103
  %9 = sitofp i64 %8 to double, !dbg !104
  %10 = fmul contract double %5, %9, !dbg !105
  %11 = fadd contract double %10, 0.000000e+00, !dbg !106
    #dbg_value(double %11, !81, !DIExpression(DIOpArg(0, double)), !88)
    #dbg_value(i32 1, !86, !DIExpression(DIOpArg(0, i32)), !90)
  %12 = getelementptr inbounds nuw i8, ptr %0, i64 24, !dbg !107
  %13 = load double, ptr %12, align 8, !dbg !95, !tbaa !96
  %14 = getelementptr inbounds nuw i8, ptr %0, i64 40, !dbg !101
  %15 = load i64, ptr %14, align 8, !dbg !101, !tbaa !102
  %16 = sub nsw i64 %15, %1, !dbg !103
  %17 = sitofp i64 %16 to double, !dbg !104
  %18 = fmul contract double %13, %17, !dbg !105
  %19 = fadd contract double %11, %18, !dbg !106
    #dbg_value(double %19, !81, !DIExpression(DIOpArg(0, double)), !88)
    #dbg_value(i32 2, !86, !DIExpression(DIOpArg(0, i32)), !90)
  %20 = sitofp i32 %4 to double, !dbg !108
  %21 = fadd contract double %19, %20, !dbg !109
  ret double %21, !dbg !110
}

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define protected amdgpu_kernel void @_Z14reduce_samplesPdPK6Samplexi(ptr addrspace(1) noundef writeonly captures(none) %0, ptr addrspace(1) noundef readonly captures(none) %1, i64 noundef %2, i32 noundef %3) local_unnamed_addr #2 !dbg !2 {
  %5 = alloca [2 x %struct.Sample], align 16, addrspace(5)
    #dbg_value(ptr addrspace(1) %0, !28, !DIExpression(DIOpArg(0, ptr addrspace(1))), !111)
    #dbg_value(ptr addrspace(1) %1, !29, !DIExpression(DIOpArg(0, ptr addrspace(1))), !111)
    #dbg_value(i64 %2, !30, !DIExpression(DIOpArg(0, i64)), !111)
    #dbg_value(i32 %3, !31, !DIExpression(DIOpArg(0, i32)), !111)
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x(), !dbg !112
    #dbg_value(i32 %6, !32, !DIExpression(DIOpArg(0, i32)), !111)
  %7 = tail call noundef i32 @llvm.amdgcn.workgroup.id.x(), !dbg !117
  %8 = shl i32 %7, 7, !dbg !120
  %9 = add i32 %8, %6, !dbg !121
    #dbg_value(i32 %9, !33, !DIExpression(DIOpArg(0, i32)), !111)
  call void @llvm.lifetime.start.p5(ptr addrspace(5) %5) #7, !dbg !122
    #dbg_declare(ptr addrspace(5) %5, !34, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref([2 x %struct.Sample])), !123)
  %10 = urem i32 %9, %3, !dbg !124
  %11 = zext i32 %10 to i64, !dbg !125
  %12 = getelementptr inbounds nuw %struct.Sample, ptr addrspace(1) %1, i64 %11, !dbg !125
  call void @llvm.memcpy.p5.p1.i64(ptr addrspace(5) noundef align 16 dereferenceable(24) %5, ptr addrspace(1) noundef align 8 dereferenceable(24) %12, i64 24, i1 false), !dbg !126, !tbaa.struct !127
  %13 = add i32 %9, 1, !dbg !131
  %14 = urem i32 %13, %3, !dbg !132
  %15 = zext i32 %14 to i64, !dbg !133
  %16 = getelementptr inbounds nuw %struct.Sample, ptr addrspace(1) %1, i64 %15, !dbg !133
  %17 = getelementptr inbounds nuw i8, ptr addrspace(5) %5, i32 24, !dbg !134
  call void @llvm.memcpy.p5.p1.i64(ptr addrspace(5) noundef nonnull align 8 dereferenceable(24) %17, ptr addrspace(1) noundef align 8 dereferenceable(24) %16, i64 24, i1 false), !dbg !135, !tbaa.struct !127
  %18 = and i32 %6, 1, !dbg !136
  %19 = icmp eq i32 %18, 0, !dbg !138
  br i1 %19, label %23, label %20, !dbg !138

20:                                               ; preds = %4
  %21 = addrspacecast ptr addrspace(5) %5 to ptr
  %22 = call fastcc noundef double @_Z10accumulateP6Sampleix(ptr noundef nonnull %21, i64 noundef %2) #7, !dbg !139
    #dbg_value(double %22, !38, !DIExpression(DIOpArg(0, double)), !111)
  br label %25, !dbg !140

23:                                               ; preds = %4
  %24 = load double, ptr addrspace(5) %5, align 16, !dbg !141, !tbaa !96
    #dbg_value(double %24, !38, !DIExpression(DIOpArg(0, double)), !111)
  br label %25

25:                                               ; preds = %23, %20
  %26 = phi double [ %22, %20 ], [ %24, %23 ], !dbg !142
    #dbg_value(double %26, !38, !DIExpression(DIOpArg(0, double)), !111)
  %27 = and i32 %6, 127, !dbg !143
  %28 = getelementptr inbounds nuw double, ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile, i32 %27, !dbg !144
  store double %26, ptr addrspace(3) %28, align 8, !dbg !145, !tbaa !128
  tail call void @llvm.amdgcn.s.barrier(), !dbg !146
    #dbg_value(i32 64, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %29 = getelementptr inbounds nuw double, ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile, i32 %6
    #dbg_value(i32 64, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %30 = icmp samesign ult i32 %6, 64, !dbg !148
  br i1 %30, label %31, label %36, !dbg !148

31:                                               ; preds = %25
  %32 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 512
  %33 = load double, ptr addrspace(3) %32, align 8, !dbg !152, !tbaa !128
  %34 = load double, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %35 = fadd contract double %33, %34, !dbg !153
  store double %35, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %36, !dbg !154

36:                                               ; preds = %31, %25
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 32, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %37 = icmp samesign ult i32 %6, 32, !dbg !148
  br i1 %37, label %38, label %43, !dbg !148

38:                                               ; preds = %36
  %39 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 256
  %40 = load double, ptr addrspace(3) %39, align 8, !dbg !152, !tbaa !128
  %41 = load double, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %42 = fadd contract double %40, %41, !dbg !153
  store double %42, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %43, !dbg !154

43:                                               ; preds = %38, %36
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 16, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %44 = icmp samesign ult i32 %6, 16, !dbg !148
  br i1 %44, label %45, label %50, !dbg !148

45:                                               ; preds = %43
  %46 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 128
  %47 = load double, ptr addrspace(3) %46, align 8, !dbg !152, !tbaa !128
  %48 = load double, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %49 = fadd contract double %47, %48, !dbg !153
  store double %49, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %50, !dbg !154

50:                                               ; preds = %45, %43
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 8, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %51 = icmp samesign ult i32 %6, 8, !dbg !148
  br i1 %51, label %52, label %57, !dbg !148

52:                                               ; preds = %50
  %53 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 64
  %54 = load double, ptr addrspace(3) %53, align 8, !dbg !152, !tbaa !128
  %55 = load double, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %56 = fadd contract double %54, %55, !dbg !153
  store double %56, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %57, !dbg !154

57:                                               ; preds = %52, %50
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 4, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %58 = icmp samesign ult i32 %6, 4, !dbg !148
  br i1 %58, label %59, label %64, !dbg !148

59:                                               ; preds = %57
  %60 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 32
  %61 = load double, ptr addrspace(3) %60, align 8, !dbg !152, !tbaa !128
  %62 = load double, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %63 = fadd contract double %61, %62, !dbg !153
  store double %63, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %64, !dbg !154

64:                                               ; preds = %59, %57
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 2, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %65 = icmp samesign ult i32 %6, 2, !dbg !148
  br i1 %65, label %66, label %71, !dbg !148

66:                                               ; preds = %64
  %67 = getelementptr inbounds nuw i8, ptr addrspace(3) %29, i32 16
  %68 = load double, ptr addrspace(3) %67, align 8, !dbg !152, !tbaa !128
  %69 = load double, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %70 = fadd contract double %68, %69, !dbg !153
  store double %70, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %71, !dbg !154

71:                                               ; preds = %66, %64
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 1, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %72 = icmp eq i32 %6, 0, !dbg !148
  br i1 %72, label %73, label %78, !dbg !148

73:                                               ; preds = %71
  %74 = load <2 x double>, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  %75 = extractelement <2 x double> %74, i64 0, !dbg !153
  %76 = extractelement <2 x double> %74, i64 1, !dbg !153
  %77 = fadd contract double %76, %75, !dbg !153
  store double %77, ptr addrspace(3) %29, align 8, !dbg !153, !tbaa !128
  br label %78, !dbg !154

78:                                               ; preds = %73, %71
  tail call void @llvm.amdgcn.s.barrier(), !dbg !155
    #dbg_value(i32 0, !39, !DIExpression(DIOpArg(0, i32)), !147)
  %79 = icmp eq i32 %6, 0, !dbg !156
  br i1 %79, label %80, label %84, !dbg !156

80:                                               ; preds = %78
  %81 = zext i32 %7 to i64
  %82 = getelementptr inbounds nuw double, ptr addrspace(1) %0, i64 %81
  %83 = load double, ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile, align 16, !dbg !158, !tbaa !128
  store double %83, ptr addrspace(1) %82, align 8, !dbg !159, !tbaa !128
  br label %84, !dbg !160

84:                                               ; preds = %80, %78
  call void @llvm.lifetime.end.p5(ptr addrspace(5) %5) #7, !dbg !161
  ret void, !dbg !161
}

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #4

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #5

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #5

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p5.p1.i64(ptr addrspace(5) noalias writeonly captures(none), ptr addrspace(1) noalias readonly captures(none), i64, i1 immarg) #6

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read) "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx1100"  "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent mustprogress nofree norecurse nounwind willreturn "amdgpu-flat-work-group-size"="1,1024" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx1100"  "uniform-work-group-size"="true" }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #7 = { nounwind }

!llvm.dbg.cu = !{!23}
!llvm.module.flags = !{!44, !45, !46, !47, !48, !49}
!llvm.ident = !{!50}
!llvm.errno.tbaa = !{!51}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DIOpArg(0, ptr addrspace(3)), DIOpDeref([128 x double])))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 48, type: !41, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "reduce_samples", linkageName: "_Z14reduce_samplesPdPK6Samplexi", scope: !3, file: !3, line: 46, type: !4, scopeLine: 47, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !23, retainedNodes: !27)
!3 = !DIFile(filename: "src/device.hip", directory: "/hetdwarf", checksumkind: CSK_MD5, checksum: "645ddee1243d6d4f4c59565a82128fe0")
!4 = !DISubroutineType(types: !5)
!5 = !{null, !6, !8, !22, !20}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64, addressSpace: 1)
!7 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!8 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64, addressSpace: 1)
!9 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !10)
!10 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Sample", file: !3, line: 21, size: 192, flags: DIFlagTypePassByValue, elements: !11, identifier: "_ZTS6Sample")
!11 = !{!12, !13, !21}
!12 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !10, file: !3, line: 22, baseType: !7, size: 64)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "bits", scope: !10, file: !3, line: 23, baseType: !14, size: 32, offset: 64)
!14 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Packed", file: !3, line: 15, size: 32, flags: DIFlagTypePassByValue, elements: !15, identifier: "_ZTS6Packed")
!15 = !{!16, !18, !19}
!16 = !DIDerivedType(tag: DW_TAG_member, name: "lo", scope: !14, file: !3, line: 16, baseType: !17, size: 5, flags: DIFlagBitField, extraData: i64 0)
!17 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "mid", scope: !14, file: !3, line: 17, baseType: !17, size: 9, offset: 5, flags: DIFlagBitField, extraData: i64 0)
!19 = !DIDerivedType(tag: DW_TAG_member, name: "hi", scope: !14, file: !3, line: 18, baseType: !20, size: 18, offset: 14, flags: DIFlagBitField, extraData: i64 0)
!20 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!21 = !DIDerivedType(tag: DW_TAG_member, name: "stamp", scope: !10, file: !3, line: 24, baseType: !22, size: 64, offset: 128)
!22 = !DIBasicType(name: "long long", size: 64, encoding: DW_ATE_signed)
!23 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !24, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !25, globals: !26, splitDebugInlining: false, nameTableKind: None)
!24 = !DIFile(filename: "/hetdwarf/src/device.hip", directory: "/hetdwarf", checksumkind: CSK_MD5, checksum: "645ddee1243d6d4f4c59565a82128fe0")
!25 = !{!7}
!26 = !{!0}
!27 = !{!28, !29, !30, !31, !32, !33, !34, !38, !39}
!28 = !DILocalVariable(name: "out", arg: 1, scope: !2, file: !3, line: 46, type: !6)
!29 = !DILocalVariable(name: "in", arg: 2, scope: !2, file: !3, line: 46, type: !8)
!30 = !DILocalVariable(name: "base", arg: 3, scope: !2, file: !3, line: 46, type: !22)
!31 = !DILocalVariable(name: "n", arg: 4, scope: !2, file: !3, line: 46, type: !20)
!32 = !DILocalVariable(name: "t", scope: !2, file: !3, line: 49, type: !17)
!33 = !DILocalVariable(name: "g", scope: !2, file: !3, line: 50, type: !17)
!34 = !DILocalVariable(name: "local", scope: !2, file: !3, line: 51, type: !35)
!35 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 384, elements: !36)
!36 = !{!37}
!37 = !DISubrange(count: 2)
!38 = !DILocalVariable(name: "r", scope: !2, file: !3, line: 54, type: !7)
!39 = !DILocalVariable(name: "stride", scope: !40, file: !3, line: 61, type: !17)
!40 = distinct !DILexicalBlock(scope: !2, file: !3, line: 61, column: 5)
!41 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 8192, elements: !42)
!42 = !{!43}
!43 = !DISubrange(count: 128)
!44 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!45 = !{i32 1, !"amdgpu_printf_kind", !"hostcall"}
!46 = !{i32 7, !"Dwarf Version", i32 5}
!47 = !{i32 2, !"Debug Info Version", i32 3}
!48 = !{i32 1, !"wchar_size", i32 4}
!49 = !{i32 8, !"PIC Level", i32 2}
!50 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!51 = !{!52, !52, i64 0}
!52 = !{!"int", !53, i64 0}
!53 = !{!"omnipotent char", !54, i64 0}
!54 = !{!"Simple C++ TBAA"}
!55 = distinct !DISubprogram(name: "clamp_bits", linkageName: "_Z10clamp_bitsRK6Packedi", scope: !3, file: !3, line: 27, type: !56, scopeLine: 28, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !23, retainedNodes: !60)
!56 = !DISubroutineType(cc: DW_CC_nocall, types: !57)
!57 = !{!20, !58, !20}
!58 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !59, size: 64, addressSpace: 1)
!59 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!60 = !{!61, !62, !63}
!61 = !DILocalVariable(name: "p", arg: 1, scope: !55, file: !3, line: 27, type: !58)
!62 = !DILocalVariable(name: "limit", arg: 2, scope: !55, file: !3, line: 27, type: !20)
!63 = !DILocalVariable(name: "s", scope: !55, file: !3, line: 29, type: !20)
!64 = !DILocation(line: 0, scope: !55)
!65 = !DILocation(line: 29, column: 15, scope: !55)
!66 = !DILocation(line: 29, column: 22, scope: !55)
!67 = !DILocation(line: 29, column: 30, scope: !55)
!68 = !DILocation(line: 29, column: 18, scope: !55)
!69 = !DILocation(line: 29, column: 26, scope: !55)
!70 = !DILocation(line: 30, column: 11, scope: !71)
!71 = distinct !DILexicalBlock(scope: !55, file: !3, line: 30, column: 9)
!72 = !DILocation(line: 32, column: 5, scope: !55)
!73 = distinct !DISubprogram(name: "accumulate", linkageName: "_Z10accumulateP6Sampleix", scope: !3, file: !3, line: 35, type: !74, scopeLine: 36, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !23, retainedNodes: !77)
!74 = !DISubroutineType(cc: DW_CC_nocall, types: !75)
!75 = !{!7, !76, !20, !22}
!76 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, addressSpace: 1)
!77 = !{!78, !79, !80, !81, !82, !86}
!78 = !DILocalVariable(name: "samples", arg: 1, scope: !73, file: !3, line: 35, type: !76)
!79 = !DILocalVariable(name: "count", arg: 2, scope: !73, file: !3, line: 35, type: !20)
!80 = !DILocalVariable(name: "base", arg: 3, scope: !73, file: !3, line: 35, type: !22)
!81 = !DILocalVariable(name: "total", scope: !73, file: !3, line: 37, type: !7)
!82 = !DILocalVariable(name: "clamped", scope: !73, file: !3, line: 38, type: !83)
!83 = !DICompositeType(tag: DW_TAG_array_type, baseType: !20, size: 128, elements: !84)
!84 = !{!85}
!85 = !DISubrange(count: 4)
!86 = !DILocalVariable(name: "i", scope: !87, file: !3, line: 39, type: !20)
!87 = distinct !DILexicalBlock(scope: !73, file: !3, line: 39, column: 5)
!88 = !DILocation(line: 0, scope: !73)
!89 = !DILocation(line: 38, column: 9, scope: !73)
!90 = !DILocation(line: 0, scope: !87)
!91 = !DILocation(line: 40, column: 49, scope: !92)
!92 = distinct !DILexicalBlock(scope: !93, file: !3, line: 39, column: 37)
!93 = distinct !DILexicalBlock(scope: !87, file: !3, line: 39, column: 5)
!94 = !DILocation(line: 40, column: 27, scope: !92)
!95 = !DILocation(line: 41, column: 29, scope: !92)
!96 = !{!97, !98, i64 0}
!97 = !{!"_ZTS6Sample", !98, i64 0, !99, i64 8, !100, i64 16}
!98 = !{!"double", !53, i64 0}
!99 = !{!"_ZTS6Packed", !52, i64 0, !52, i64 0, !52, i64 1}
!100 = !{!"long long", !53, i64 0}
!101 = !DILocation(line: 41, column: 57, scope: !92)
!102 = !{!97, !100, i64 16}
!103 = !DILocation(line: 41, column: 63, scope: !92)
!104 = !DILocation(line: 41, column: 45, scope: !92)
!105 = !DILocation(line: 41, column: 35, scope: !92)
!106 = !DILocation(line: 41, column: 15, scope: !92)
!107 = !DILocation(line: 40, column: 38, scope: !92)
!108 = !DILocation(line: 43, column: 20, scope: !73)
!109 = !DILocation(line: 43, column: 18, scope: !73)
!110 = !DILocation(line: 43, column: 5, scope: !73)
!111 = !DILocation(line: 0, scope: !2)
!112 = !DILocation(line: 12, column: 55, scope: !113, inlinedAt: !116)
!113 = distinct !DISubprogram(name: "lane_id", linkageName: "_ZL7lane_idv", scope: !3, file: !3, line: 12, type: !114, scopeLine: 12, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !23)
!114 = !DISubroutineType(types: !115)
!115 = !{!17}
!116 = distinct !DILocation(line: 49, column: 18, scope: !2)
!117 = !DILocation(line: 13, column: 55, scope: !118, inlinedAt: !119)
!118 = distinct !DISubprogram(name: "block_id", linkageName: "_ZL8block_idv", scope: !3, file: !3, line: 13, type: !114, scopeLine: 13, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !23)
!119 = distinct !DILocation(line: 50, column: 18, scope: !2)
!120 = !DILocation(line: 50, column: 29, scope: !2)
!121 = !DILocation(line: 50, column: 35, scope: !2)
!122 = !DILocation(line: 51, column: 5, scope: !2)
!123 = !DILocation(line: 51, column: 12, scope: !2)
!124 = !DILocation(line: 52, column: 21, scope: !2)
!125 = !DILocation(line: 52, column: 16, scope: !2)
!126 = !DILocation(line: 52, column: 14, scope: !2)
!127 = !{i64 0, i64 8, !128, i64 8, i64 4, !129, i64 16, i64 8, !130}
!128 = !{!98, !98, i64 0}
!129 = !{!53, !53, i64 0}
!130 = !{!100, !100, i64 0}
!131 = !DILocation(line: 53, column: 22, scope: !2)
!132 = !DILocation(line: 53, column: 27, scope: !2)
!133 = !DILocation(line: 53, column: 16, scope: !2)
!134 = !DILocation(line: 53, column: 5, scope: !2)
!135 = !DILocation(line: 53, column: 14, scope: !2)
!136 = !DILocation(line: 55, column: 11, scope: !137)
!137 = distinct !DILexicalBlock(scope: !2, file: !3, line: 55, column: 9)
!138 = !DILocation(line: 55, column: 9, scope: !137)
!139 = !DILocation(line: 56, column: 13, scope: !137)
!140 = !DILocation(line: 56, column: 9, scope: !137)
!141 = !DILocation(line: 58, column: 22, scope: !137)
!142 = !DILocation(line: 0, scope: !137)
!143 = !DILocation(line: 59, column: 12, scope: !2)
!144 = !DILocation(line: 59, column: 5, scope: !2)
!145 = !DILocation(line: 59, column: 19, scope: !2)
!146 = !DILocation(line: 60, column: 5, scope: !2)
!147 = !DILocation(line: 0, scope: !40)
!148 = !DILocation(line: 62, column: 15, scope: !149)
!149 = distinct !DILexicalBlock(scope: !150, file: !3, line: 62, column: 13)
!150 = distinct !DILexicalBlock(scope: !151, file: !3, line: 61, column: 58)
!151 = distinct !DILexicalBlock(scope: !40, file: !3, line: 61, column: 5)
!152 = !DILocation(line: 63, column: 24, scope: !149)
!153 = !DILocation(line: 63, column: 21, scope: !149)
!154 = !DILocation(line: 63, column: 13, scope: !149)
!155 = !DILocation(line: 64, column: 9, scope: !150)
!156 = !DILocation(line: 66, column: 11, scope: !157)
!157 = distinct !DILexicalBlock(scope: !2, file: !3, line: 66, column: 9)
!158 = !DILocation(line: 67, column: 27, scope: !157)
!159 = !DILocation(line: 67, column: 25, scope: !157)
!160 = !DILocation(line: 67, column: 9, scope: !157)
!161 = !DILocation(line: 68, column: 1, scope: !2)

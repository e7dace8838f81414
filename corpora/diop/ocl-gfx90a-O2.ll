; ModuleID = '/work/main/tools/corpus/src/kernels.cl'
source_filename = "/work/main/tools/corpus/src/kernels.cl"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.particle_t = type { [3 x float], %struct.flags_t, i64 }
%struct.flags_t = type { i32 }

@weights = hidden local_unnamed_addr addrspace(4) constant [8 x float] [float 1.000000e+00, float 5.000000e-01, float 2.500000e-01, float 1.250000e-01, float 2.000000e+00, float 4.000000e+00, float 8.000000e+00, float 1.600000e+01], align 4, !dbg !0
@histogram.local_bins = internal addrspace(3) global [32 x i32] undef, align 4, !dbg !14

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define hidden float @leaf_mix(ptr addrspace(5) noundef readonly captures(none) %0, ptr noundef writeonly captures(none) initializes((0, 4)) %1, i32 noundef %2) local_unnamed_addr #0 !dbg !57 {
    #dbg_value(ptr addrspace(5) %0, !80, !DIExpression(DIOpArg(0, ptr addrspace(5))), !86)
    #dbg_value(ptr %1, !81, !DIExpression(DIOpArg(0, ptr)), !86)
    #dbg_value(i32 %2, !82, !DIExpression(DIOpArg(0, i32)), !86)
    #dbg_value(float 0.000000e+00, !83, !DIExpression(DIOpArg(0, float)), !86)
    #dbg_value(i32 0, !84, !DIExpression(DIOpArg(0, i32)), !87)
    #dbg_value(i32 0, !84, !DIExpression(DIOpArg(0, i32)), !87)
    #dbg_value(float 0.000000e+00, !83, !DIExpression(DIOpArg(0, float)), !86)
  %4 = load float, ptr addrspace(5) %0, align 4, !dbg !88, !tbaa !90
  %5 = and i32 %2, 7, !dbg !92
  %6 = zext nneg i32 %5 to i64, !dbg !93
  %7 = getelementptr inbounds nuw float, ptr addrspace(4) @weights, i64 %6, !dbg !93
  %8 = load float, ptr addrspace(4) %7, align 4, !dbg !93, !tbaa !90
  %9 = tail call float @llvm.fmuladd.f32(float %4, float %8, float 0.000000e+00), !dbg !94
    #dbg_value(float %9, !83, !DIExpression(DIOpArg(0, float)), !86)
    #dbg_value(i32 1, !84, !DIExpression(DIOpArg(0, i32)), !87)
  %10 = getelementptr inbounds nuw i8, ptr addrspace(5) %0, i32 4, !dbg !88
  %11 = load float, ptr addrspace(5) %10, align 4, !dbg !88, !tbaa !90
  %12 = add i32 %2, 1, !dbg !95
  %13 = and i32 %12, 7, !dbg !92
  %14 = zext nneg i32 %13 to i64, !dbg !93
  %15 = getelementptr inbounds nuw float, ptr addrspace(4) @weights, i64 %14, !dbg !93
  %16 = load float, ptr addrspace(4) %15, align 4, !dbg !93, !tbaa !90
  %17 = tail call float @llvm.fmuladd.f32(float %11, float %16, float %9), !dbg !94
    #dbg_value(float %17, !83, !DIExpression(DIOpArg(0, float)), !86)
    #dbg_value(i32 2, !84, !DIExpression(DIOpArg(0, i32)), !87)
  %18 = getelementptr inbounds nuw i8, ptr addrspace(5) %0, i32 8, !dbg !88
  %19 = load float, ptr addrspace(5) %18, align 4, !dbg !88, !tbaa !90
  %20 = add i32 %2, 2, !dbg !95
  %21 = and i32 %20, 7, !dbg !92
  %22 = zext nneg i32 %21 to i64, !dbg !93
  %23 = getelementptr inbounds nuw float, ptr addrspace(4) @weights, i64 %22, !dbg !93
  %24 = load float, ptr addrspace(4) %23, align 4, !dbg !93, !tbaa !90
  %25 = tail call float @llvm.fmuladd.f32(float %19, float %24, float %17), !dbg !94
    #dbg_value(float %25, !83, !DIExpression(DIOpArg(0, float)), !86)
    #dbg_value(i32 3, !84, !DIExpression(DIOpArg(0, i32)), !87)
  %26 = getelementptr inbounds nuw i8, ptr addrspace(5) %0, i32 12, !dbg !96
  %27 = load i32, ptr addrspace(5) %26, align 4, !dbg !98
  %28 = and i32 %27, 1, !dbg !98
  %29 = icmp eq i32 %28, 0, !dbg !99
  br i1 %29, label %35, label %30, !dbg !99

30:                                               ; preds = %3
  %31 = lshr i32 %27, 4, !dbg !100
  %32 = and i32 %31, 15, !dbg !100
  %33 = uitofp nneg i32 %32 to float, !dbg !101
  %34 = fmul float %25, %33, !dbg !102
    #dbg_value(float %34, !83, !DIExpression(DIOpArg(0, float)), !86)
  br label %40, !dbg !103

35:                                               ; preds = %3
  %36 = shl i32 %27, 12, !dbg !104
  %37 = ashr i32 %36, 20, !dbg !104
  %38 = sitofp i32 %37 to float, !dbg !105
  %39 = fsub float %25, %38, !dbg !106
    #dbg_value(float %39, !83, !DIExpression(DIOpArg(0, float)), !86)
  br label %40

40:                                               ; preds = %35, %30
  %41 = phi float [ %34, %30 ], [ %39, %35 ], !dbg !107
    #dbg_value(float %41, !83, !DIExpression(DIOpArg(0, float)), !86)
  %42 = fptosi float %41 to i32, !dbg !108
  store i32 %42, ptr %1, align 4, !dbg !109, !tbaa !53
  ret float %41, !dbg !110
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p5(ptr addrspace(5) captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p5(ptr addrspace(5) captures(none)) #1

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read)
define hidden float @stage(ptr addrspace(1) noundef readonly captures(none) %0, ptr addrspace(3) noundef readonly captures(none) %1, i32 noundef %2, i64 noundef %3) local_unnamed_addr #3 !dbg !111 {
  %5 = alloca %struct.particle_t, align 8, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
    #dbg_value(ptr addrspace(1) %0, !118, !DIExpression(DIOpArg(0, ptr addrspace(1))), !125)
    #dbg_value(ptr addrspace(3) %1, !119, !DIExpression(DIOpArg(0, ptr addrspace(3))), !125)
    #dbg_value(i32 %2, !120, !DIExpression(DIOpArg(0, i32)), !125)
    #dbg_value(i64 %3, !121, !DIExpression(DIOpArg(0, i64)), !125)
  call void @llvm.lifetime.start.p5(ptr addrspace(5) %5) #10, !dbg !126
    #dbg_declare(ptr addrspace(5) %5, !122, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(%struct.particle_t)), !127)
  call void @llvm.lifetime.start.p5(ptr addrspace(5) %6) #10, !dbg !128
    #dbg_value(i32 0, !123, !DIExpression(DIOpArg(0, i32)), !125)
  %7 = zext i32 %2 to i64, !dbg !129
  %8 = getelementptr inbounds nuw float, ptr addrspace(1) %0, i64 %7, !dbg !129
  %9 = load float, ptr addrspace(1) %8, align 4, !dbg !129, !tbaa !90
  %10 = and i32 %2, 63, !dbg !130
  %11 = getelementptr inbounds nuw float, ptr addrspace(3) %1, i32 %10, !dbg !131
  %12 = load float, ptr addrspace(3) %11, align 4, !dbg !131, !tbaa !90
  %13 = insertelement <2 x float> poison, float %9, i64 0, !dbg !132
  %14 = insertelement <2 x float> %13, float %12, i64 1, !dbg !132
  store <2 x float> %14, ptr addrspace(5) %5, align 8, !dbg !132, !tbaa !90
  %15 = and i64 %3, 255, !dbg !133
  %16 = uitofp nneg i64 %15 to float, !dbg !134
  %17 = getelementptr inbounds nuw i8, ptr addrspace(5) %5, i32 8, !dbg !135
  store float %16, ptr addrspace(5) %17, align 8, !dbg !136, !tbaa !90
  %18 = getelementptr inbounds nuw i8, ptr addrspace(5) %5, i32 12, !dbg !137
  %19 = and i32 %2, 255, !dbg !138
  %20 = mul i32 %2, 1048320, !dbg !139
  %21 = and i32 %20, 1048320, !dbg !140
  %22 = or disjoint i32 %21, %19, !dbg !140
  store i32 %22, ptr addrspace(5) %18, align 4, !dbg !140
  %23 = xor i64 %3, %7, !dbg !141
  %24 = getelementptr inbounds nuw i8, ptr addrspace(5) %5, i32 16, !dbg !142
  store i64 %23, ptr addrspace(5) %24, align 8, !dbg !143, !tbaa !144
  %25 = addrspacecast ptr addrspace(5) %6 to ptr, !dbg !148
  %26 = call float @leaf_mix(ptr addrspace(5) noundef %5, ptr noundef %25, i32 noundef %2) #10, !dbg !149
    #dbg_value(float %26, !124, !DIExpression(DIOpArg(0, float)), !125)
  %27 = load i32, ptr addrspace(5) %6, align 4, !dbg !150, !tbaa !53
    #dbg_value(i32 %27, !123, !DIExpression(DIOpArg(0, i32)), !125)
  %28 = sitofp i32 %27 to float, !dbg !151
  %29 = fadd float %26, %28, !dbg !152
  %30 = lshr i64 %3, 32, !dbg !153
  %31 = uitofp nneg i64 %30 to float, !dbg !154
  %32 = fadd float %29, %31, !dbg !155
  call void @llvm.lifetime.end.p5(ptr addrspace(5) %6) #10, !dbg !156
  call void @llvm.lifetime.end.p5(ptr addrspace(5) %5) #10, !dbg !156
  ret float %32, !dbg !157
}

; Function Attrs: convergent mustprogress nofree norecurse nounwind willreturn
define protected amdgpu_kernel void @particles(ptr addrspace(1) noundef writeonly align 4 captures(none) %0, ptr addrspace(1) noundef readonly align 4 captures(none) %1, ptr addrspace(3) noundef align 4 captures(none) %2, i64 noundef %3, i32 noundef %4) local_unnamed_addr #4 !dbg !158 !kernel_arg_addr_space !168 !kernel_arg_access_qual !169 !kernel_arg_type !170 !kernel_arg_base_type !170 !kernel_arg_type_qual !171 {
    #dbg_value(ptr addrspace(1) %0, !163, !DIExpression(DIOpArg(0, ptr addrspace(1))), !172)
    #dbg_value(ptr addrspace(1) %1, !164, !DIExpression(DIOpArg(0, ptr addrspace(1))), !172)
    #dbg_value(ptr addrspace(3) %2, !165, !DIExpression(DIOpArg(0, ptr addrspace(3))), !172)
    #dbg_value(i64 %3, !166, !DIExpression(DIOpArg(0, i64)), !172)
    #dbg_value(i32 %4, !167, !DIExpression(DIOpArg(0, i32)), !172)
    #dbg_value(ptr addrspace(1) %0, !173, !DIExpression(DIOpArg(0, ptr addrspace(1))), !189)
    #dbg_value(ptr addrspace(1) %1, !176, !DIExpression(DIOpArg(0, ptr addrspace(1))), !189)
    #dbg_value(ptr addrspace(3) %2, !177, !DIExpression(DIOpArg(0, ptr addrspace(3))), !189)
    #dbg_value(i64 %3, !178, !DIExpression(DIOpArg(0, i64)), !189)
    #dbg_value(i32 %4, !179, !DIExpression(DIOpArg(0, i32)), !189)
  %6 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !191
    #dbg_value(i32 %6, !180, !DIExpression(DIOpArg(0, i32)), !189)
  %7 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !192
  %8 = zext i32 %7 to i64, !dbg !192
  %9 = shl nuw nsw i64 %8, 6, !dbg !192
  %10 = zext nneg i32 %6 to i64, !dbg !192
  %11 = add nuw nsw i64 %9, %10, !dbg !192
    #dbg_value(i64 %11, !181, !DIExpression(DIOpArg(0, i64)), !189)
  %12 = sext i32 %4 to i64, !dbg !193
  %13 = urem i64 %11, %12, !dbg !194
  %14 = getelementptr inbounds nuw float, ptr addrspace(1) %1, i64 %13, !dbg !195
  %15 = load float, ptr addrspace(1) %14, align 4, !dbg !195, !tbaa !90, !amdgpu.noclobber !196
  %16 = and i32 %6, 63, !dbg !197
  %17 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %16, !dbg !198
  store float %15, ptr addrspace(3) %17, align 4, !dbg !199, !tbaa !90
  tail call void @llvm.amdgcn.s.barrier(), !dbg !200
    #dbg_value(i32 0, !186, !DIExpression(DIOpArg(0, i32)), !202)
    #dbg_value(i32 0, !186, !DIExpression(DIOpArg(0, i32)), !202)
    #dbg_value(i32 1, !186, !DIExpression(DIOpArg(0, i32)), !202)
    #dbg_value(i32 2, !186, !DIExpression(DIOpArg(0, i32)), !202)
    #dbg_value(i32 3, !186, !DIExpression(DIOpArg(0, i32)), !202)
    #dbg_value(i32 4, !186, !DIExpression(DIOpArg(0, i32)), !202)
    #dbg_value(i32 5, !186, !DIExpression(DIOpArg(0, i32)), !202)
  %18 = add nuw nsw i32 %6, 5, !dbg !203
  %19 = and i32 %18, 63, !dbg !205
  %20 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %19, !dbg !206
  %21 = load float, ptr addrspace(3) %20, align 4, !dbg !206, !tbaa !90
  %22 = fmul float %21, 4.000000e+00, !dbg !207
    #dbg_value(i32 6, !186, !DIExpression(DIOpArg(0, i32)), !202)
  %23 = icmp samesign ult i32 %6, 32, !dbg !208
  br i1 %23, label %24, label %26, !dbg !208

24:                                               ; preds = %5
  %25 = tail call float @stage(ptr addrspace(1) noundef align 4 %1, ptr addrspace(3) noundef align 4 %2, i32 noundef %6, i64 noundef %3) #10, !dbg !210
    #dbg_value(float %25, !188, !DIExpression(DIOpArg(0, float)), !189)
  br label %62, !dbg !212

26:                                               ; preds = %5
  %27 = load float, ptr addrspace(3) %17, align 4, !dbg !206, !tbaa !90
  %28 = insertelement <6 x float> poison, float %27, i64 0, !dbg !213
  %29 = add nuw nsw i32 %6, 1, !dbg !203
  %30 = and i32 %29, 63, !dbg !205
  %31 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %30, !dbg !206
  %32 = load float, ptr addrspace(3) %31, align 4, !dbg !206, !tbaa !90
  %33 = add nuw nsw i32 %6, 2, !dbg !203
  %34 = and i32 %33, 63, !dbg !205
  %35 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %34, !dbg !206
  %36 = load float, ptr addrspace(3) %35, align 4, !dbg !206, !tbaa !90
  %37 = insertelement <2 x float> poison, float %32, i64 0, !dbg !207
  %38 = insertelement <2 x float> %37, float %36, i64 1, !dbg !207
  %39 = fmul <2 x float> %38, <float 5.000000e-01, float 2.500000e-01>, !dbg !207
  %40 = shufflevector <2 x float> %39, <2 x float> poison, <6 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !213
  %41 = shufflevector <6 x float> %28, <6 x float> %40, <6 x i32> <i32 0, i32 6, i32 7, i32 poison, i32 poison, i32 poison>, !dbg !213
  %42 = add nuw nsw i32 %6, 3, !dbg !203
  %43 = and i32 %42, 63, !dbg !205
  %44 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %43, !dbg !206
  %45 = load float, ptr addrspace(3) %44, align 4, !dbg !206, !tbaa !90
  %46 = add nuw nsw i32 %6, 4, !dbg !203
  %47 = and i32 %46, 63, !dbg !205
  %48 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %47, !dbg !206
  %49 = load float, ptr addrspace(3) %48, align 4, !dbg !206, !tbaa !90
  %50 = insertelement <2 x float> poison, float %45, i64 0, !dbg !207
  %51 = insertelement <2 x float> %50, float %49, i64 1, !dbg !207
  %52 = fmul <2 x float> %51, <float 1.250000e-01, float 2.000000e+00>, !dbg !207
  %53 = shufflevector <2 x float> %52, <2 x float> poison, <6 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !213
  %54 = shufflevector <6 x float> %41, <6 x float> %53, <6 x i32> <i32 0, i32 1, i32 2, i32 6, i32 7, i32 poison>, !dbg !213
  %55 = insertelement <6 x float> %54, float %22, i64 5, !dbg !213
  %56 = trunc nuw nsw i32 %6 to i16, !dbg !214
  %57 = urem i16 %56, 6, !dbg !214
  %58 = zext nneg i16 %57 to i32, !dbg !214
  %59 = extractelement <6 x float> %55, i32 %58, !dbg !216
  %60 = uitofp i64 %3 to float, !dbg !217
  %61 = fsub float %59, %60, !dbg !218
    #dbg_value(float %61, !188, !DIExpression(DIOpArg(0, float)), !189)
  br label %62

62:                                               ; preds = %24, %26
  %63 = phi float [ %25, %24 ], [ %61, %26 ], !dbg !219
    #dbg_value(float %63, !188, !DIExpression(DIOpArg(0, float)), !189)
  %64 = fadd float %22, %63, !dbg !220
  %65 = getelementptr inbounds nuw float, ptr addrspace(1) %0, i64 %11, !dbg !221
  store float %64, ptr addrspace(1) %65, align 4, !dbg !222, !tbaa !90
  ret void, !dbg !223
}

; Function Attrs: alwaysinline convergent mustprogress nofree norecurse nounwind willreturn
define protected void @__clang_ocl_kern_imp_particles(ptr addrspace(1) noundef writeonly align 4 captures(none) %0, ptr addrspace(1) noundef readonly align 4 captures(none) %1, ptr addrspace(3) noundef align 4 captures(none) %2, i64 noundef %3, i32 noundef %4) local_unnamed_addr #5 !dbg !174 !kernel_arg_addr_space !168 !kernel_arg_access_qual !169 !kernel_arg_type !170 !kernel_arg_base_type !170 !kernel_arg_type_qual !171 {
    #dbg_value(ptr addrspace(1) %0, !173, !DIExpression(DIOpArg(0, ptr addrspace(1))), !224)
    #dbg_value(ptr addrspace(1) %1, !176, !DIExpression(DIOpArg(0, ptr addrspace(1))), !224)
    #dbg_value(ptr addrspace(3) %2, !177, !DIExpression(DIOpArg(0, ptr addrspace(3))), !224)
    #dbg_value(i64 %3, !178, !DIExpression(DIOpArg(0, i64)), !224)
    #dbg_value(i32 %4, !179, !DIExpression(DIOpArg(0, i32)), !224)
  %6 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !225
    #dbg_value(i32 %6, !180, !DIExpression(DIOpArg(0, i32)), !224)
  %7 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !226
  %8 = zext i32 %7 to i64, !dbg !226
  %9 = shl nuw nsw i64 %8, 6, !dbg !226
  %10 = zext nneg i32 %6 to i64, !dbg !226
  %11 = add nuw nsw i64 %9, %10, !dbg !226
    #dbg_value(i64 %11, !181, !DIExpression(DIOpArg(0, i64)), !224)
  %12 = sext i32 %4 to i64, !dbg !227
  %13 = urem i64 %11, %12, !dbg !228
  %14 = getelementptr inbounds nuw float, ptr addrspace(1) %1, i64 %13, !dbg !229
  %15 = load float, ptr addrspace(1) %14, align 4, !dbg !229, !tbaa !90
  %16 = and i32 %6, 63, !dbg !230
  %17 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %16, !dbg !231
  store float %15, ptr addrspace(3) %17, align 4, !dbg !232, !tbaa !90
  tail call void @llvm.amdgcn.s.barrier(), !dbg !233
    #dbg_value(i32 0, !186, !DIExpression(DIOpArg(0, i32)), !235)
    #dbg_value(i32 0, !186, !DIExpression(DIOpArg(0, i32)), !235)
    #dbg_value(i32 1, !186, !DIExpression(DIOpArg(0, i32)), !235)
    #dbg_value(i32 2, !186, !DIExpression(DIOpArg(0, i32)), !235)
    #dbg_value(i32 3, !186, !DIExpression(DIOpArg(0, i32)), !235)
    #dbg_value(i32 4, !186, !DIExpression(DIOpArg(0, i32)), !235)
    #dbg_value(i32 5, !186, !DIExpression(DIOpArg(0, i32)), !235)
  %18 = add nuw nsw i32 %6, 5, !dbg !236
  %19 = and i32 %18, 63, !dbg !237
  %20 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %19, !dbg !238
  %21 = load float, ptr addrspace(3) %20, align 4, !dbg !238, !tbaa !90
  %22 = fmul float %21, 4.000000e+00, !dbg !239
    #dbg_value(i32 6, !186, !DIExpression(DIOpArg(0, i32)), !235)
  %23 = icmp samesign ult i32 %6, 32, !dbg !240
  br i1 %23, label %24, label %26, !dbg !240

24:                                               ; preds = %5
  %25 = tail call float @stage(ptr addrspace(1) noundef %1, ptr addrspace(3) noundef %2, i32 noundef %6, i64 noundef %3) #10, !dbg !241
    #dbg_value(float %25, !188, !DIExpression(DIOpArg(0, float)), !224)
  br label %62, !dbg !242

26:                                               ; preds = %5
  %27 = load float, ptr addrspace(3) %17, align 4, !dbg !238, !tbaa !90
  %28 = insertelement <6 x float> poison, float %27, i64 0, !dbg !243
  %29 = add nuw nsw i32 %6, 1, !dbg !236
  %30 = and i32 %29, 63, !dbg !237
  %31 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %30, !dbg !238
  %32 = load float, ptr addrspace(3) %31, align 4, !dbg !238, !tbaa !90
  %33 = add nuw nsw i32 %6, 2, !dbg !236
  %34 = and i32 %33, 63, !dbg !237
  %35 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %34, !dbg !238
  %36 = load float, ptr addrspace(3) %35, align 4, !dbg !238, !tbaa !90
  %37 = insertelement <2 x float> poison, float %32, i64 0, !dbg !239
  %38 = insertelement <2 x float> %37, float %36, i64 1, !dbg !239
  %39 = fmul <2 x float> %38, <float 5.000000e-01, float 2.500000e-01>, !dbg !239
  %40 = shufflevector <2 x float> %39, <2 x float> poison, <6 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !243
  %41 = shufflevector <6 x float> %28, <6 x float> %40, <6 x i32> <i32 0, i32 6, i32 7, i32 poison, i32 poison, i32 poison>, !dbg !243
  %42 = add nuw nsw i32 %6, 3, !dbg !236
  %43 = and i32 %42, 63, !dbg !237
  %44 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %43, !dbg !238
  %45 = load float, ptr addrspace(3) %44, align 4, !dbg !238, !tbaa !90
  %46 = add nuw nsw i32 %6, 4, !dbg !236
  %47 = and i32 %46, 63, !dbg !237
  %48 = getelementptr inbounds nuw float, ptr addrspace(3) %2, i32 %47, !dbg !238
  %49 = load float, ptr addrspace(3) %48, align 4, !dbg !238, !tbaa !90
  %50 = insertelement <2 x float> poison, float %45, i64 0, !dbg !239
  %51 = insertelement <2 x float> %50, float %49, i64 1, !dbg !239
  %52 = fmul <2 x float> %51, <float 1.250000e-01, float 2.000000e+00>, !dbg !239
  %53 = shufflevector <2 x float> %52, <2 x float> poison, <6 x i32> <i32 0, i32 1, i32 poison, i32 poison, i32 poison, i32 poison>, !dbg !243
  %54 = shufflevector <6 x float> %41, <6 x float> %53, <6 x i32> <i32 0, i32 1, i32 2, i32 6, i32 7, i32 poison>, !dbg !243
  %55 = insertelement <6 x float> %54, float %22, i64 5, !dbg !243
  %56 = trunc nuw nsw i32 %6 to i16, !dbg !244
  %57 = urem i16 %56, 6, !dbg !244
  %58 = zext nneg i16 %57 to i32, !dbg !244
  %59 = extractelement <6 x float> %55, i32 %58, !dbg !245
  %60 = uitofp i64 %3 to float, !dbg !246
  %61 = fsub float %59, %60, !dbg !247
    #dbg_value(float %61, !188, !DIExpression(DIOpArg(0, float)), !224)
  br label %62

62:                                               ; preds = %26, %24
  %63 = phi float [ %25, %24 ], [ %61, %26 ], !dbg !248
    #dbg_value(float %63, !188, !DIExpression(DIOpArg(0, float)), !224)
  %64 = fadd float %22, %63, !dbg !249
  %65 = getelementptr inbounds nuw float, ptr addrspace(1) %0, i64 %11, !dbg !250
  store float %64, ptr addrspace(1) %65, align 4, !dbg !251, !tbaa !90
  ret void, !dbg !252
}

; Function Attrs: convergent nofree norecurse nounwind
define protected amdgpu_kernel void @histogram(ptr addrspace(1) noundef readonly align 4 captures(none) %0, ptr addrspace(1) noundef align 4 captures(none) %1, i64 noundef %2, i32 noundef %3) local_unnamed_addr #6 !dbg !253 !kernel_arg_addr_space !259 !kernel_arg_access_qual !260 !kernel_arg_type !261 !kernel_arg_base_type !261 !kernel_arg_type_qual !262 {
    #dbg_value(ptr addrspace(1) %0, !255, !DIExpression(DIOpArg(0, ptr addrspace(1))), !263)
    #dbg_value(ptr addrspace(1) %1, !256, !DIExpression(DIOpArg(0, ptr addrspace(1))), !263)
    #dbg_value(i64 %2, !257, !DIExpression(DIOpArg(0, i64)), !263)
    #dbg_value(i32 %3, !258, !DIExpression(DIOpArg(0, i32)), !263)
    #dbg_value(ptr addrspace(1) %0, !24, !DIExpression(DIOpArg(0, ptr addrspace(1))), !264)
    #dbg_value(ptr addrspace(1) %1, !25, !DIExpression(DIOpArg(0, ptr addrspace(1))), !264)
    #dbg_value(i64 %2, !26, !DIExpression(DIOpArg(0, i64)), !264)
    #dbg_value(i32 %3, !27, !DIExpression(DIOpArg(0, i32)), !264)
  %5 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !266
    #dbg_value(i32 %5, !28, !DIExpression(DIOpArg(0, i32)), !264)
  %6 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !267
    #dbg_value(i32 %6, !29, !DIExpression(DIOpArg(0, i32)), !264)
  %7 = icmp samesign ult i32 %5, 32, !dbg !269
  br i1 %7, label %8, label %10, !dbg !269

8:                                                ; preds = %4
  %9 = getelementptr inbounds nuw i32, ptr addrspace(3) @histogram.local_bins, i32 %5
  store i32 0, ptr addrspace(3) %9, align 4, !dbg !271, !tbaa !53
  br label %10, !dbg !272

10:                                               ; preds = %8, %4
  tail call void @llvm.amdgcn.s.barrier(), !dbg !273
  %11 = zext i32 %6 to i64, !dbg !274
  %12 = shl nuw nsw i64 %11, 6, !dbg !275
  %13 = zext nneg i32 %5 to i64, !dbg !276
  %14 = add nuw nsw i64 %12, %13, !dbg !277
    #dbg_value(i64 %14, !34, !DIExpression(DIOpArg(0, i64)), !278)
  %15 = icmp ult i64 %14, %2, !dbg !279
  br i1 %15, label %16, label %18, !dbg !280

16:                                               ; preds = %10
  %17 = and i32 %3, 31
  br label %20, !dbg !280

18:                                               ; preds = %20, %10
  %19 = phi <4 x i32> [ zeroinitializer, %10 ], [ %30, %20 ]
  tail call void @llvm.amdgcn.s.barrier(), !dbg !281
  br i1 %7, label %35, label %49, !dbg !282

20:                                               ; preds = %16, %20
  %21 = phi i64 [ %14, %16 ], [ %33, %20 ]
  %22 = phi <4 x i32> [ zeroinitializer, %16 ], [ %30, %20 ]
    #dbg_value(i64 %21, !34, !DIExpression(DIOpArg(0, i64)), !278)
  %23 = getelementptr inbounds nuw i32, ptr addrspace(1) %0, i64 %21, !dbg !284
  %24 = load i32, ptr addrspace(1) %23, align 4, !dbg !284, !tbaa !53, !amdgpu.noclobber !196
  %25 = lshr i32 %24, %17, !dbg !285
  %26 = and i32 %25, 31, !dbg !286
    #dbg_value(i32 %26, !36, !DIExpression(DIOpArg(0, i32)), !287)
  %27 = and i32 %25, 3, !dbg !288
  %28 = extractelement <4 x i32> %22, i32 %27, !dbg !289
  %29 = add i32 %28, 1, !dbg !289
  %30 = insertelement <4 x i32> %22, i32 %29, i32 %27, !dbg !289
  %31 = getelementptr inbounds nuw i32, ptr addrspace(3) @histogram.local_bins, i32 %26, !dbg !290
  %32 = atomicrmw add ptr addrspace(3) %31, i32 1 syncscope("agent-one-as") monotonic, align 4, !dbg !291, !amdgpu.no.fine.grained.memory !196, !amdgpu.no.remote.memory !196
  %33 = add i64 %21, 4096, !dbg !292
    #dbg_value(i64 %33, !34, !DIExpression(DIOpArg(0, i64)), !278)
  %34 = icmp ult i64 %33, %2, !dbg !279
  br i1 %34, label %20, label %18, !dbg !280, !llvm.loop !293

35:                                               ; preds = %18
  %36 = extractelement <4 x i32> %19, i64 0
  %37 = extractelement <4 x i32> %19, i64 1
  %38 = add i32 %36, %37
  %39 = extractelement <4 x i32> %19, i64 2
  %40 = add i32 %38, %39
  %41 = extractelement <4 x i32> %19, i64 3
  %42 = add i32 %40, %41
  %43 = and i32 %42, 1
  %44 = getelementptr inbounds nuw i32, ptr addrspace(3) @histogram.local_bins, i32 %5
  %45 = getelementptr inbounds nuw i32, ptr addrspace(1) %1, i64 %13
    #dbg_value(i32 %42, !39, !DIExpression(DIOpArg(0, i32)), !264)
  %46 = load i32, ptr addrspace(3) %44, align 4, !dbg !295, !tbaa !53
  %47 = add i32 %46, %43, !dbg !296
  %48 = atomicrmw add ptr addrspace(1) %45, i32 %47 syncscope("agent-one-as") monotonic, align 4, !dbg !297, !amdgpu.no.fine.grained.memory !196, !amdgpu.no.remote.memory !196
  br label %49, !dbg !297

49:                                               ; preds = %18, %35
  ret void, !dbg !298
}

; Function Attrs: alwaysinline convergent nofree norecurse nounwind
define protected void @__clang_ocl_kern_imp_histogram(ptr addrspace(1) noundef readonly align 4 captures(none) %0, ptr addrspace(1) noundef align 4 captures(none) %1, i64 noundef %2, i32 noundef %3) local_unnamed_addr #7 !dbg !16 !kernel_arg_addr_space !259 !kernel_arg_access_qual !260 !kernel_arg_type !261 !kernel_arg_base_type !261 !kernel_arg_type_qual !262 {
    #dbg_value(ptr addrspace(1) %0, !24, !DIExpression(DIOpArg(0, ptr addrspace(1))), !299)
    #dbg_value(ptr addrspace(1) %1, !25, !DIExpression(DIOpArg(0, ptr addrspace(1))), !299)
    #dbg_value(i64 %2, !26, !DIExpression(DIOpArg(0, i64)), !299)
    #dbg_value(i32 %3, !27, !DIExpression(DIOpArg(0, i32)), !299)
  %5 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !300
    #dbg_value(i32 %5, !28, !DIExpression(DIOpArg(0, i32)), !299)
  %6 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !301
    #dbg_value(i32 %6, !29, !DIExpression(DIOpArg(0, i32)), !299)
  %7 = icmp samesign ult i32 %5, 32, !dbg !303
  br i1 %7, label %8, label %10, !dbg !303

8:                                                ; preds = %4
  %9 = getelementptr inbounds nuw i32, ptr addrspace(3) @histogram.local_bins, i32 %5
  store i32 0, ptr addrspace(3) %9, align 4, !dbg !304, !tbaa !53
  br label %10, !dbg !305

10:                                               ; preds = %8, %4
  tail call void @llvm.amdgcn.s.barrier(), !dbg !306
  %11 = zext i32 %6 to i64, !dbg !307
  %12 = shl nuw nsw i64 %11, 6, !dbg !308
  %13 = zext nneg i32 %5 to i64, !dbg !309
  %14 = add nuw nsw i64 %12, %13, !dbg !310
    #dbg_value(i64 %14, !34, !DIExpression(DIOpArg(0, i64)), !311)
  %15 = icmp ult i64 %14, %2, !dbg !312
  br i1 %15, label %16, label %18, !dbg !313

16:                                               ; preds = %10
  %17 = and i32 %3, 31
  br label %20, !dbg !313

18:                                               ; preds = %20, %10
  %19 = phi <4 x i32> [ zeroinitializer, %10 ], [ %30, %20 ]
  tail call void @llvm.amdgcn.s.barrier(), !dbg !314
  br i1 %7, label %35, label %49, !dbg !315

20:                                               ; preds = %16, %20
  %21 = phi i64 [ %14, %16 ], [ %33, %20 ]
  %22 = phi <4 x i32> [ zeroinitializer, %16 ], [ %30, %20 ]
    #dbg_value(i64 %21, !34, !DIExpression(DIOpArg(0, i64)), !311)
  %23 = getelementptr inbounds nuw i32, ptr addrspace(1) %0, i64 %21, !dbg !316
  %24 = load i32, ptr addrspace(1) %23, align 4, !dbg !316, !tbaa !53
  %25 = lshr i32 %24, %17, !dbg !317
  %26 = and i32 %25, 31, !dbg !318
    #dbg_value(i32 %26, !36, !DIExpression(DIOpArg(0, i32)), !319)
  %27 = and i32 %25, 3, !dbg !320
  %28 = extractelement <4 x i32> %22, i32 %27, !dbg !321
  %29 = add i32 %28, 1, !dbg !321
  %30 = insertelement <4 x i32> %22, i32 %29, i32 %27, !dbg !321
  %31 = getelementptr inbounds nuw i32, ptr addrspace(3) @histogram.local_bins, i32 %26, !dbg !322
  %32 = atomicrmw add ptr addrspace(3) %31, i32 1 syncscope("agent-one-as") monotonic, align 4, !dbg !323, !amdgpu.no.fine.grained.memory !196, !amdgpu.no.remote.memory !196
  %33 = add i64 %21, 4096, !dbg !324
    #dbg_value(i64 %33, !34, !DIExpression(DIOpArg(0, i64)), !311)
  %34 = icmp ult i64 %33, %2, !dbg !312
  br i1 %34, label %20, label %18, !dbg !313, !llvm.loop !325

35:                                               ; preds = %18
  %36 = extractelement <4 x i32> %19, i64 0
  %37 = extractelement <4 x i32> %19, i64 1
  %38 = add i32 %36, %37
  %39 = extractelement <4 x i32> %19, i64 2
  %40 = add i32 %38, %39
  %41 = extractelement <4 x i32> %19, i64 3
  %42 = add i32 %40, %41
  %43 = and i32 %42, 1
  %44 = getelementptr inbounds nuw i32, ptr addrspace(3) @histogram.local_bins, i32 %5
  %45 = getelementptr inbounds nuw i32, ptr addrspace(1) %1, i64 %13
    #dbg_value(i32 %42, !39, !DIExpression(DIOpArg(0, i32)), !299)
  %46 = load i32, ptr addrspace(3) %44, align 4, !dbg !327, !tbaa !53
  %47 = add i32 %46, %43, !dbg !328
  %48 = atomicrmw add ptr addrspace(1) %45, i32 %47 syncscope("agent-one-as") monotonic, align 4, !dbg !329, !amdgpu.no.fine.grained.memory !196, !amdgpu.no.remote.memory !196
  br label %49, !dbg !329

49:                                               ; preds = %35, %18
  ret void, !dbg !330
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #8

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #8

; Function Attrs: convergent mustprogress nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #9

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "amdgpu-agpr-alloc"="0" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: read) "amdgpu-agpr-alloc"="0" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #4 = { convergent mustprogress nofree norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #5 = { alwaysinline convergent mustprogress nofree norecurse nounwind willreturn "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #6 = { convergent nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #7 = { alwaysinline convergent nofree norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #8 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #9 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #10 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!46, !47, !48, !49, !50}
!opencl.ocl.version = !{!51}
!llvm.ident = !{!52}
!llvm.errno.tbaa = !{!53}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DIOpArg(0, ptr addrspace(4)), DIOpDeref([8 x float])))
!1 = distinct !DIGlobalVariable(name: "weights", scope: !2, file: !17, line: 36, type: !43, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !13, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "/hetdwarf/src/kernels.cl", directory: "/hetdwarf", checksumkind: CSK_MD5, checksum: "5458a8b3ac9165bf3fed474ffd7e502b")
!4 = !{!5, !6, !7, !10, !12}
!5 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DIDerivedType(tag: DW_TAG_typedef, name: "uint", file: !8, line: 38, baseType: !9)
!8 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/opencl-c-base.h", directory: "", checksumkind: CSK_MD5, checksum: "be11a690c37450a0034f006875ffc62b")
!9 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!10 = !DIDerivedType(tag: DW_TAG_typedef, name: "size_t", file: !8, line: 51, baseType: !11)
!11 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!12 = !DIDerivedType(tag: DW_TAG_typedef, name: "ulong", file: !8, line: 43, baseType: !11)
!13 = !{!0, !14}
!14 = !DIGlobalVariableExpression(var: !15, expr: !DIExpression(DIOpArg(0, ptr addrspace(3)), DIOpDeref([32 x i32])))
!15 = distinct !DIGlobalVariable(name: "local_bins", scope: !16, file: !17, line: 97, type: !40, isLocal: true, isDefinition: true)
!16 = distinct !DISubprogram(name: "histogram", linkageName: "__clang_ocl_kern_imp_histogram", scope: !17, file: !17, line: 94, type: !18, scopeLine: 96, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !23)
!17 = !DIFile(filename: "src/kernels.cl", directory: "/hetdwarf", checksumkind: CSK_MD5, checksum: "5458a8b3ac9165bf3fed474ffd7e502b")
!18 = !DISubroutineType(cc: DW_CC_LLVM_DeviceKernel, types: !19)
!19 = !{null, !20, !22, !12, !7}
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64)
!21 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!22 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!23 = !{!24, !25, !26, !27, !28, !29, !30, !34, !36, !39}
!24 = !DILocalVariable(name: "keys", arg: 1, scope: !16, file: !17, line: 94, type: !20)
!25 = !DILocalVariable(name: "bins", arg: 2, scope: !16, file: !17, line: 94, type: !22)
!26 = !DILocalVariable(name: "count", arg: 3, scope: !16, file: !17, line: 95, type: !12)
!27 = !DILocalVariable(name: "shift", arg: 4, scope: !16, file: !17, line: 95, type: !7)
!28 = !DILocalVariable(name: "lane", scope: !16, file: !17, line: 98, type: !7)
!29 = !DILocalVariable(name: "grp", scope: !16, file: !17, line: 99, type: !7)
!30 = !DILocalVariable(name: "counts", scope: !16, file: !17, line: 100, type: !31)
!31 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 128, elements: !32)
!32 = !{!33}
!33 = !DISubrange(count: 4)
!34 = !DILocalVariable(name: "i", scope: !35, file: !17, line: 106, type: !12)
!35 = distinct !DILexicalBlock(scope: !16, file: !17, line: 106, column: 5)
!36 = !DILocalVariable(name: "k", scope: !37, file: !17, line: 107, type: !7)
!37 = distinct !DILexicalBlock(scope: !38, file: !17, line: 106, column: 66)
!38 = distinct !DILexicalBlock(scope: !35, file: !17, line: 106, column: 5)
!39 = !DILocalVariable(name: "total", scope: !16, file: !17, line: 113, type: !7)
!40 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 1024, elements: !41)
!41 = !{!42}
!42 = !DISubrange(count: 32)
!43 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 256, elements: !44)
!44 = !{!45}
!45 = !DISubrange(count: 8)
!46 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!47 = !{i32 7, !"Dwarf Version", i32 5}
!48 = !{i32 2, !"Debug Info Version", i32 3}
!49 = !{i32 1, !"wchar_size", i32 4}
!50 = !{i32 8, !"PIC Level", i32 2}
!51 = !{i32 2, i32 0}
!52 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!53 = !{!54, !54, i64 0}
!54 = !{!"int", !55, i64 0}
!55 = !{!"omnipotent char", !56, i64 0}
!56 = !{!"Simple C/C++ TBAA"}
!57 = distinct !DISubprogram(name: "leaf_mix", scope: !17, file: !17, line: 41, type: !58, scopeLine: 42, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !79)
!58 = !DISubroutineType(types: !59)
!59 = !{!5, !60, !78, !7}
!60 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !61, size: 32, addressSpace: 5)
!61 = !DIDerivedType(tag: DW_TAG_typedef, name: "particle_t", file: !17, line: 34, baseType: !62)
!62 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !17, line: 30, size: 192, elements: !63)
!63 = !{!64, !68, !77}
!64 = !DIDerivedType(tag: DW_TAG_member, name: "pos", scope: !62, file: !17, line: 31, baseType: !65, size: 96)
!65 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 96, elements: !66)
!66 = !{!67}
!67 = !DISubrange(count: 3)
!68 = !DIDerivedType(tag: DW_TAG_member, name: "flags", scope: !62, file: !17, line: 32, baseType: !69, size: 32, offset: 96)
!69 = !DIDerivedType(tag: DW_TAG_typedef, name: "flags_t", file: !17, line: 28, baseType: !70)
!70 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !17, line: 22, size: 32, elements: !71)
!71 = !{!72, !73, !74, !75, !76}
!72 = !DIDerivedType(tag: DW_TAG_member, name: "valid", scope: !70, file: !17, line: 23, baseType: !7, size: 1, flags: DIFlagBitField, extraData: i64 0)
!73 = !DIDerivedType(tag: DW_TAG_member, name: "kind", scope: !70, file: !17, line: 24, baseType: !7, size: 3, offset: 1, flags: DIFlagBitField, extraData: i64 0)
!74 = !DIDerivedType(tag: DW_TAG_member, name: "level", scope: !70, file: !17, line: 25, baseType: !7, size: 4, offset: 4, flags: DIFlagBitField, extraData: i64 0)
!75 = !DIDerivedType(tag: DW_TAG_member, name: "delta", scope: !70, file: !17, line: 26, baseType: !6, size: 12, offset: 8, flags: DIFlagBitField, extraData: i64 0)
!76 = !DIDerivedType(tag: DW_TAG_member, name: "spare", scope: !70, file: !17, line: 27, baseType: !7, size: 12, offset: 20, flags: DIFlagBitField, extraData: i64 0)
!77 = !DIDerivedType(tag: DW_TAG_member, name: "cookie", scope: !62, file: !17, line: 33, baseType: !12, size: 64, offset: 128)
!78 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64, addressSpace: 1)
!79 = !{!80, !81, !82, !83, !84}
!80 = !DILocalVariable(name: "p", arg: 1, scope: !57, file: !17, line: 41, type: !60)
!81 = !DILocalVariable(name: "generic_out", arg: 2, scope: !57, file: !17, line: 41, type: !78)
!82 = !DILocalVariable(name: "lane", arg: 3, scope: !57, file: !17, line: 41, type: !7)
!83 = !DILocalVariable(name: "acc", scope: !57, file: !17, line: 43, type: !5)
!84 = !DILocalVariable(name: "d", scope: !85, file: !17, line: 44, type: !6)
!85 = distinct !DILexicalBlock(scope: !57, file: !17, line: 44, column: 5)
!86 = !DILocation(line: 0, scope: !57)
!87 = !DILocation(line: 0, scope: !85)
!88 = !DILocation(line: 45, column: 16, scope: !89)
!89 = distinct !DILexicalBlock(scope: !85, file: !17, line: 44, column: 5)
!90 = !{!91, !91, i64 0}
!91 = !{!"float", !55, i64 0}
!92 = !DILocation(line: 45, column: 47, scope: !89)
!93 = !DILocation(line: 45, column: 28, scope: !89)
!94 = !DILocation(line: 45, column: 13, scope: !89)
!95 = !DILocation(line: 45, column: 42, scope: !89)
!96 = !DILocation(line: 46, column: 12, scope: !97)
!97 = distinct !DILexicalBlock(scope: !57, file: !17, line: 46, column: 9)
!98 = !DILocation(line: 46, column: 18, scope: !97)
!99 = !DILocation(line: 46, column: 9, scope: !97)
!100 = !DILocation(line: 47, column: 32, scope: !97)
!101 = !DILocation(line: 47, column: 16, scope: !97)
!102 = !DILocation(line: 47, column: 13, scope: !97)
!103 = !DILocation(line: 47, column: 9, scope: !97)
!104 = !DILocation(line: 49, column: 32, scope: !97)
!105 = !DILocation(line: 49, column: 16, scope: !97)
!106 = !DILocation(line: 49, column: 13, scope: !97)
!107 = !DILocation(line: 0, scope: !97)
!108 = !DILocation(line: 50, column: 20, scope: !57)
!109 = !DILocation(line: 50, column: 18, scope: !57)
!110 = !DILocation(line: 51, column: 5, scope: !57)
!111 = distinct !DISubprogram(name: "stage", scope: !17, file: !17, line: 56, type: !112, scopeLine: 57, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !117)
!112 = !DISubroutineType(types: !113)
!113 = !{!5, !114, !116, !7, !12}
!114 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !115, size: 64)
!115 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !5)
!116 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 32, addressSpace: 3)
!117 = !{!118, !119, !120, !121, !122, !123, !124}
!118 = !DILocalVariable(name: "src", arg: 1, scope: !111, file: !17, line: 56, type: !114)
!119 = !DILocalVariable(name: "tile", arg: 2, scope: !111, file: !17, line: 56, type: !116)
!120 = !DILocalVariable(name: "lane", arg: 3, scope: !111, file: !17, line: 56, type: !7)
!121 = !DILocalVariable(name: "seed", arg: 4, scope: !111, file: !17, line: 56, type: !12)
!122 = !DILocalVariable(name: "part", scope: !111, file: !17, line: 58, type: !61)
!123 = !DILocalVariable(name: "sink", scope: !111, file: !17, line: 59, type: !6)
!124 = !DILocalVariable(name: "r", scope: !111, file: !17, line: 69, type: !5)
!125 = !DILocation(line: 0, scope: !111)
!126 = !DILocation(line: 58, column: 5, scope: !111)
!127 = !DILocation(line: 58, column: 16, scope: !111)
!128 = !DILocation(line: 59, column: 5, scope: !111)
!129 = !DILocation(line: 60, column: 19, scope: !111)
!130 = !DILocation(line: 61, column: 29, scope: !111)
!131 = !DILocation(line: 61, column: 19, scope: !111)
!132 = !DILocation(line: 60, column: 17, scope: !111)
!133 = !DILocation(line: 62, column: 32, scope: !111)
!134 = !DILocation(line: 62, column: 19, scope: !111)
!135 = !DILocation(line: 62, column: 5, scope: !111)
!136 = !DILocation(line: 62, column: 17, scope: !111)
!137 = !DILocation(line: 63, column: 10, scope: !111)
!138 = !DILocation(line: 65, column: 22, scope: !111)
!139 = !DILocation(line: 66, column: 22, scope: !111)
!140 = !DILocation(line: 67, column: 22, scope: !111)
!141 = !DILocation(line: 68, column: 24, scope: !111)
!142 = !DILocation(line: 68, column: 10, scope: !111)
!143 = !DILocation(line: 68, column: 17, scope: !111)
!144 = !{!145, !147, i64 16}
!145 = !{!"", !55, i64 0, !146, i64 12, !147, i64 16}
!146 = !{!"", !54, i64 0, !54, i64 0, !54, i64 0, !54, i64 1, !54, i64 2}
!147 = !{!"long", !55, i64 0}
!148 = !DILocation(line: 69, column: 31, scope: !111)
!149 = !DILocation(line: 69, column: 15, scope: !111)
!150 = !DILocation(line: 70, column: 23, scope: !111)
!151 = !DILocation(line: 70, column: 16, scope: !111)
!152 = !DILocation(line: 70, column: 14, scope: !111)
!153 = !DILocation(line: 70, column: 50, scope: !111)
!154 = !DILocation(line: 70, column: 30, scope: !111)
!155 = !DILocation(line: 70, column: 28, scope: !111)
!156 = !DILocation(line: 71, column: 1, scope: !111)
!157 = !DILocation(line: 70, column: 5, scope: !111)
!158 = distinct !DISubprogram(name: "particles", scope: !17, file: !17, line: 73, type: !159, scopeLine: 75, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !162)
!159 = !DISubroutineType(cc: DW_CC_LLVM_DeviceKernel, types: !160)
!160 = !{null, !161, !114, !116, !12, !6}
!161 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64)
!162 = !{!163, !164, !165, !166, !167}
!163 = !DILocalVariable(name: "out", arg: 1, scope: !158, file: !17, line: 73, type: !161)
!164 = !DILocalVariable(name: "src", arg: 2, scope: !158, file: !17, line: 73, type: !114)
!165 = !DILocalVariable(name: "tile", arg: 3, scope: !158, file: !17, line: 74, type: !116)
!166 = !DILocalVariable(name: "seed", arg: 4, scope: !158, file: !17, line: 74, type: !12)
!167 = !DILocalVariable(name: "n", arg: 5, scope: !158, file: !17, line: 74, type: !6)
!168 = !{i32 1, i32 1, i32 3, i32 0, i32 0}
!169 = !{!"none", !"none", !"none", !"none", !"none"}
!170 = !{!"float*", !"float*", !"float*", !"ulong", !"int"}
!171 = !{!"", !"const", !"", !"", !""}
!172 = !DILocation(line: 0, scope: !158)
!173 = !DILocalVariable(name: "out", arg: 1, scope: !174, file: !17, line: 73, type: !161)
!174 = distinct !DISubprogram(name: "particles", linkageName: "__clang_ocl_kern_imp_particles", scope: !17, file: !17, line: 73, type: !159, scopeLine: 75, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !175)
!175 = !{!173, !176, !177, !178, !179, !180, !181, !182, !186, !188}
!176 = !DILocalVariable(name: "src", arg: 2, scope: !174, file: !17, line: 73, type: !114)
!177 = !DILocalVariable(name: "tile", arg: 3, scope: !174, file: !17, line: 74, type: !116)
!178 = !DILocalVariable(name: "seed", arg: 4, scope: !174, file: !17, line: 74, type: !12)
!179 = !DILocalVariable(name: "n", arg: 5, scope: !174, file: !17, line: 74, type: !6)
!180 = !DILocalVariable(name: "lane", scope: !174, file: !17, line: 76, type: !7)
!181 = !DILocalVariable(name: "gid", scope: !174, file: !17, line: 77, type: !10)
!182 = !DILocalVariable(name: "history", scope: !174, file: !17, line: 81, type: !183)
!183 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 192, elements: !184)
!184 = !{!185}
!185 = !DISubrange(count: 6)
!186 = !DILocalVariable(name: "i", scope: !187, file: !17, line: 82, type: !6)
!187 = distinct !DILexicalBlock(scope: !174, file: !17, line: 82, column: 5)
!188 = !DILocalVariable(name: "v", scope: !174, file: !17, line: 85, type: !5)
!189 = !DILocation(line: 0, scope: !174, inlinedAt: !190)
!190 = distinct !DILocation(line: 75, column: 1, scope: !158)
!191 = !DILocation(line: 76, column: 17, scope: !174, inlinedAt: !190)
!192 = !DILocation(line: 77, column: 18, scope: !174, inlinedAt: !190)
!193 = !DILocation(line: 78, column: 33, scope: !174, inlinedAt: !190)
!194 = !DILocation(line: 78, column: 31, scope: !174, inlinedAt: !190)
!195 = !DILocation(line: 78, column: 23, scope: !174, inlinedAt: !190)
!196 = !{}
!197 = !DILocation(line: 78, column: 15, scope: !174, inlinedAt: !190)
!198 = !DILocation(line: 78, column: 5, scope: !174, inlinedAt: !190)
!199 = !DILocation(line: 78, column: 21, scope: !174, inlinedAt: !190)
!200 = !DILocation(line: 79, column: 5, scope: !174, inlinedAt: !190)
!201 = !DILocation(line: 81, column: 11, scope: !174, inlinedAt: !190)
!202 = !DILocation(line: 0, scope: !187, inlinedAt: !190)
!203 = !DILocation(line: 83, column: 33, scope: !204, inlinedAt: !190)
!204 = distinct !DILexicalBlock(scope: !187, file: !17, line: 82, column: 5)
!205 = !DILocation(line: 83, column: 38, scope: !204, inlinedAt: !190)
!206 = !DILocation(line: 83, column: 22, scope: !204, inlinedAt: !190)
!207 = !DILocation(line: 83, column: 44, scope: !204, inlinedAt: !190)
!208 = !DILocation(line: 86, column: 14, scope: !209, inlinedAt: !190)
!209 = distinct !DILexicalBlock(scope: !174, file: !17, line: 86, column: 9)
!210 = !DILocation(line: 87, column: 13, scope: !211, inlinedAt: !190)
!211 = distinct !DILexicalBlock(scope: !209, file: !17, line: 86, column: 20)
!212 = !DILocation(line: 88, column: 5, scope: !211, inlinedAt: !190)
!213 = !DILocation(line: 83, column: 20, scope: !204, inlinedAt: !190)
!214 = !DILocation(line: 89, column: 26, scope: !215, inlinedAt: !190)
!215 = distinct !DILexicalBlock(scope: !209, file: !17, line: 88, column: 12)
!216 = !DILocation(line: 89, column: 13, scope: !215, inlinedAt: !190)
!217 = !DILocation(line: 89, column: 33, scope: !215, inlinedAt: !190)
!218 = !DILocation(line: 89, column: 31, scope: !215, inlinedAt: !190)
!219 = !DILocation(line: 0, scope: !209, inlinedAt: !190)
!220 = !DILocation(line: 91, column: 18, scope: !174, inlinedAt: !190)
!221 = !DILocation(line: 91, column: 5, scope: !174, inlinedAt: !190)
!222 = !DILocation(line: 91, column: 14, scope: !174, inlinedAt: !190)
!223 = !DILocation(line: 92, column: 1, scope: !158)
!224 = !DILocation(line: 0, scope: !174)
!225 = !DILocation(line: 76, column: 17, scope: !174)
!226 = !DILocation(line: 77, column: 18, scope: !174)
!227 = !DILocation(line: 78, column: 33, scope: !174)
!228 = !DILocation(line: 78, column: 31, scope: !174)
!229 = !DILocation(line: 78, column: 23, scope: !174)
!230 = !DILocation(line: 78, column: 15, scope: !174)
!231 = !DILocation(line: 78, column: 5, scope: !174)
!232 = !DILocation(line: 78, column: 21, scope: !174)
!233 = !DILocation(line: 79, column: 5, scope: !174)
!234 = !DILocation(line: 81, column: 11, scope: !174)
!235 = !DILocation(line: 0, scope: !187)
!236 = !DILocation(line: 83, column: 33, scope: !204)
!237 = !DILocation(line: 83, column: 38, scope: !204)
!238 = !DILocation(line: 83, column: 22, scope: !204)
!239 = !DILocation(line: 83, column: 44, scope: !204)
!240 = !DILocation(line: 86, column: 14, scope: !209)
!241 = !DILocation(line: 87, column: 13, scope: !211)
!242 = !DILocation(line: 88, column: 5, scope: !211)
!243 = !DILocation(line: 83, column: 20, scope: !204)
!244 = !DILocation(line: 89, column: 26, scope: !215)
!245 = !DILocation(line: 89, column: 13, scope: !215)
!246 = !DILocation(line: 89, column: 33, scope: !215)
!247 = !DILocation(line: 89, column: 31, scope: !215)
!248 = !DILocation(line: 0, scope: !209)
!249 = !DILocation(line: 91, column: 18, scope: !174)
!250 = !DILocation(line: 91, column: 5, scope: !174)
!251 = !DILocation(line: 91, column: 14, scope: !174)
!252 = !DILocation(line: 92, column: 1, scope: !174)
!253 = distinct !DISubprogram(name: "histogram", scope: !17, file: !17, line: 94, type: !18, scopeLine: 96, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !254)
!254 = !{!255, !256, !257, !258}
!255 = !DILocalVariable(name: "keys", arg: 1, scope: !253, file: !17, line: 94, type: !20)
!256 = !DILocalVariable(name: "bins", arg: 2, scope: !253, file: !17, line: 94, type: !22)
!257 = !DILocalVariable(name: "count", arg: 3, scope: !253, file: !17, line: 95, type: !12)
!258 = !DILocalVariable(name: "shift", arg: 4, scope: !253, file: !17, line: 95, type: !7)
!259 = !{i32 1, i32 1, i32 0, i32 0}
!260 = !{!"none", !"none", !"none", !"none"}
!261 = !{!"uint*", !"uint*", !"ulong", !"uint"}
!262 = !{!"const", !"", !"", !""}
!263 = !DILocation(line: 0, scope: !253)
!264 = !DILocation(line: 0, scope: !16, inlinedAt: !265)
!265 = distinct !DILocation(line: 96, column: 1, scope: !253)
!266 = !DILocation(line: 98, column: 17, scope: !16, inlinedAt: !265)
!267 = !DILocation(line: 99, column: 17, scope: !16, inlinedAt: !265)
!268 = !DILocation(line: 100, column: 10, scope: !16, inlinedAt: !265)
!269 = !DILocation(line: 102, column: 14, scope: !270, inlinedAt: !265)
!270 = distinct !DILexicalBlock(scope: !16, file: !17, line: 102, column: 9)
!271 = !DILocation(line: 103, column: 26, scope: !270, inlinedAt: !265)
!272 = !DILocation(line: 103, column: 9, scope: !270, inlinedAt: !265)
!273 = !DILocation(line: 104, column: 5, scope: !16, inlinedAt: !265)
!274 = !DILocation(line: 106, column: 20, scope: !35, inlinedAt: !265)
!275 = !DILocation(line: 106, column: 31, scope: !35, inlinedAt: !265)
!276 = !DILocation(line: 106, column: 38, scope: !35, inlinedAt: !265)
!277 = !DILocation(line: 106, column: 36, scope: !35, inlinedAt: !265)
!278 = !DILocation(line: 0, scope: !35, inlinedAt: !265)
!279 = !DILocation(line: 106, column: 46, scope: !38, inlinedAt: !265)
!280 = !DILocation(line: 106, column: 5, scope: !35, inlinedAt: !265)
!281 = !DILocation(line: 111, column: 5, scope: !16, inlinedAt: !265)
!282 = !DILocation(line: 114, column: 14, scope: !283, inlinedAt: !265)
!283 = distinct !DILexicalBlock(scope: !16, file: !17, line: 114, column: 9)
!284 = !DILocation(line: 107, column: 19, scope: !37, inlinedAt: !265)
!285 = !DILocation(line: 107, column: 27, scope: !37, inlinedAt: !265)
!286 = !DILocation(line: 107, column: 37, scope: !37, inlinedAt: !265)
!287 = !DILocation(line: 0, scope: !37, inlinedAt: !265)
!288 = !DILocation(line: 108, column: 18, scope: !37, inlinedAt: !265)
!289 = !DILocation(line: 108, column: 23, scope: !37, inlinedAt: !265)
!290 = !DILocation(line: 109, column: 29, scope: !37, inlinedAt: !265)
!291 = !DILocation(line: 109, column: 9, scope: !37, inlinedAt: !265)
!292 = !DILocation(line: 106, column: 57, scope: !38, inlinedAt: !265)
!293 = distinct !{!293, !280, !294}
!294 = !DILocation(line: 110, column: 5, scope: !35, inlinedAt: !265)
!295 = !DILocation(line: 115, column: 41, scope: !283, inlinedAt: !265)
!296 = !DILocation(line: 115, column: 58, scope: !283, inlinedAt: !265)
!297 = !DILocation(line: 115, column: 9, scope: !283, inlinedAt: !265)
!298 = !DILocation(line: 116, column: 1, scope: !253)
!299 = !DILocation(line: 0, scope: !16)
!300 = !DILocation(line: 98, column: 17, scope: !16)
!301 = !DILocation(line: 99, column: 17, scope: !16)
!302 = !DILocation(line: 100, column: 10, scope: !16)
!303 = !DILocation(line: 102, column: 14, scope: !270)
!304 = !DILocation(line: 103, column: 26, scope: !270)
!305 = !DILocation(line: 103, column: 9, scope: !270)
!306 = !DILocation(line: 104, column: 5, scope: !16)
!307 = !DILocation(line: 106, column: 20, scope: !35)
!308 = !DILocation(line: 106, column: 31, scope: !35)
!309 = !DILocation(line: 106, column: 38, scope: !35)
!310 = !DILocation(line: 106, column: 36, scope: !35)
!311 = !DILocation(line: 0, scope: !35)
!312 = !DILocation(line: 106, column: 46, scope: !38)
!313 = !DILocation(line: 106, column: 5, scope: !35)
!314 = !DILocation(line: 111, column: 5, scope: !16)
!315 = !DILocation(line: 114, column: 14, scope: !283)
!316 = !DILocation(line: 107, column: 19, scope: !37)
!317 = !DILocation(line: 107, column: 27, scope: !37)
!318 = !DILocation(line: 107, column: 37, scope: !37)
!319 = !DILocation(line: 0, scope: !37)
!320 = !DILocation(line: 108, column: 18, scope: !37)
!321 = !DILocation(line: 108, column: 23, scope: !37)
!322 = !DILocation(line: 109, column: 29, scope: !37)
!323 = !DILocation(line: 109, column: 9, scope: !37)
!324 = !DILocation(line: 106, column: 57, scope: !38)
!325 = distinct !{!325, !313, !326}
!326 = !DILocation(line: 110, column: 5, scope: !35)
!327 = !DILocation(line: 115, column: 41, scope: !283)
!328 = !DILocation(line: 115, column: 58, scope: !283)
!329 = !DILocation(line: 115, column: 9, scope: !283)
!330 = !DILocation(line: 116, column: 1, scope: !16)

; ModuleID = '/work/main/tools/corpus/src/kernels.cl'
source_filename = "/work/main/tools/corpus/src/kernels.cl"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.particle_t = type { [3 x float], %struct.flags_t, i64 }
%struct.flags_t = type { i32 }

@weights = hidden addrspace(4) constant [8 x float] [float 1.000000e+00, float 5.000000e-01, float 2.500000e-01, float 1.250000e-01, float 2.000000e+00, float 4.000000e+00, float 8.000000e+00, float 1.600000e+01], align 4, !dbg !0
@histogram.local_bins = internal addrspace(3) global [32 x i32] undef, align 4, !dbg !14

; Function Attrs: convergent noinline norecurse nounwind optnone
define hidden float @leaf_mix(ptr addrspace(5) noundef %0, ptr noundef %1, i32 noundef %2) #0 !dbg !38 {
  %4 = alloca float, align 4, addrspace(5)
  %5 = alloca ptr addrspace(5), align 4, addrspace(5)
  %6 = alloca ptr, align 8, addrspace(5)
  %7 = alloca i32, align 4, addrspace(5)
  %8 = alloca float, align 4, addrspace(5)
  %9 = alloca i32, align 4, addrspace(5)
  %10 = addrspacecast ptr addrspace(5) %4 to ptr
  %11 = addrspacecast ptr addrspace(5) %5 to ptr
  %12 = addrspacecast ptr addrspace(5) %6 to ptr
  %13 = addrspacecast ptr addrspace(5) %7 to ptr
  store ptr addrspace(5) %0, ptr %11, align 4
    #dbg_declare(ptr addrspace(5) %5, !60, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(5))), !61)
  store ptr %1, ptr %12, align 8
    #dbg_declare(ptr addrspace(5) %6, !62, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr)), !63)
  store i32 %2, ptr %13, align 4
    #dbg_declare(ptr addrspace(5) %7, !64, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !65)
    #dbg_declare(ptr addrspace(5) %8, !66, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(float)), !67)
  store float 0.000000e+00, ptr addrspace(5) %8, align 4, !dbg !67
    #dbg_declare(ptr addrspace(5) %9, !68, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !70)
  store i32 0, ptr addrspace(5) %9, align 4, !dbg !70
  br label %14, !dbg !71

14:                                               ; preds = %33, %3
  %15 = load i32, ptr addrspace(5) %9, align 4, !dbg !72
  %16 = icmp slt i32 %15, 3, !dbg !74
  br i1 %16, label %17, label %36, !dbg !75

17:                                               ; preds = %14
  %18 = load ptr addrspace(5), ptr %11, align 4, !dbg !76
  %19 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %18, i32 0, i32 0, !dbg !77
  %20 = load i32, ptr addrspace(5) %9, align 4, !dbg !78
  %21 = sext i32 %20 to i64, !dbg !76
  %22 = getelementptr inbounds [3 x float], ptr addrspace(5) %19, i64 0, i64 %21, !dbg !76
  %23 = load float, ptr addrspace(5) %22, align 4, !dbg !76
  %24 = load i32, ptr %13, align 4, !dbg !79
  %25 = load i32, ptr addrspace(5) %9, align 4, !dbg !80
  %26 = add i32 %24, %25, !dbg !81
  %27 = and i32 %26, 7, !dbg !82
  %28 = zext i32 %27 to i64, !dbg !83
  %29 = getelementptr inbounds nuw [8 x float], ptr addrspace(4) @weights, i64 0, i64 %28, !dbg !83
  %30 = load float, ptr addrspace(4) %29, align 4, !dbg !83
  %31 = load float, ptr addrspace(5) %8, align 4, !dbg !84
  %32 = call float @llvm.fmuladd.f32(float %23, float %30, float %31), !dbg !84
  store float %32, ptr addrspace(5) %8, align 4, !dbg !84
  br label %33, !dbg !85

33:                                               ; preds = %17
  %34 = load i32, ptr addrspace(5) %9, align 4, !dbg !86
  %35 = add nsw i32 %34, 1, !dbg !86
  store i32 %35, ptr addrspace(5) %9, align 4, !dbg !86
  br label %14, !dbg !87, !llvm.loop !88

36:                                               ; preds = %14
  %37 = load ptr addrspace(5), ptr %11, align 4, !dbg !90
  %38 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %37, i32 0, i32 1, !dbg !92
  %39 = load i32, ptr addrspace(5) %38, align 4, !dbg !93
  %40 = and i32 %39, 1, !dbg !93
  %41 = icmp ne i32 %40, 0, !dbg !90
  br i1 %41, label %42, label %51, !dbg !90

42:                                               ; preds = %36
  %43 = load ptr addrspace(5), ptr %11, align 4, !dbg !94
  %44 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %43, i32 0, i32 1, !dbg !95
  %45 = load i32, ptr addrspace(5) %44, align 4, !dbg !96
  %46 = lshr i32 %45, 4, !dbg !96
  %47 = and i32 %46, 15, !dbg !96
  %48 = uitofp i32 %47 to float, !dbg !97
  %49 = load float, ptr addrspace(5) %8, align 4, !dbg !98
  %50 = fmul float %49, %48, !dbg !98
  store float %50, ptr addrspace(5) %8, align 4, !dbg !98
  br label %60, !dbg !99

51:                                               ; preds = %36
  %52 = load ptr addrspace(5), ptr %11, align 4, !dbg !100
  %53 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %52, i32 0, i32 1, !dbg !101
  %54 = load i32, ptr addrspace(5) %53, align 4, !dbg !102
  %55 = shl i32 %54, 12, !dbg !102
  %56 = ashr i32 %55, 20, !dbg !102
  %57 = sitofp i32 %56 to float, !dbg !103
  %58 = load float, ptr addrspace(5) %8, align 4, !dbg !104
  %59 = fsub float %58, %57, !dbg !104
  store float %59, ptr addrspace(5) %8, align 4, !dbg !104
  br label %60

60:                                               ; preds = %51, %42
  %61 = load float, ptr addrspace(5) %8, align 4, !dbg !105
  %62 = fptosi float %61 to i32, !dbg !106
  %63 = load ptr, ptr %12, align 8, !dbg !107
  store i32 %62, ptr %63, align 4, !dbg !108
  %64 = load float, ptr addrspace(5) %8, align 4, !dbg !109
  ret float %64, !dbg !110
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: convergent noinline norecurse nounwind optnone
define hidden float @stage(ptr addrspace(1) noundef %0, ptr addrspace(3) noundef %1, i32 noundef %2, i64 noundef %3) #0 !dbg !111 {
  %5 = alloca float, align 4, addrspace(5)
  %6 = alloca ptr addrspace(1), align 8, addrspace(5)
  %7 = alloca ptr addrspace(3), align 4, addrspace(5)
  %8 = alloca i32, align 4, addrspace(5)
  %9 = alloca i64, align 8, addrspace(5)
  %10 = alloca %struct.particle_t, align 8, addrspace(5)
  %11 = alloca i32, align 4, addrspace(5)
  %12 = alloca float, align 4, addrspace(5)
  %13 = addrspacecast ptr addrspace(5) %5 to ptr
  %14 = addrspacecast ptr addrspace(5) %6 to ptr
  %15 = addrspacecast ptr addrspace(5) %7 to ptr
  %16 = addrspacecast ptr addrspace(5) %8 to ptr
  %17 = addrspacecast ptr addrspace(5) %9 to ptr
  store ptr addrspace(1) %0, ptr %14, align 8
    #dbg_declare(ptr addrspace(5) %6, !117, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !118)
  store ptr addrspace(3) %1, ptr %15, align 4
    #dbg_declare(ptr addrspace(5) %7, !119, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(3))), !120)
  store i32 %2, ptr %16, align 4
    #dbg_declare(ptr addrspace(5) %8, !121, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !122)
  store i64 %3, ptr %17, align 8
    #dbg_declare(ptr addrspace(5) %9, !123, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !124)
    #dbg_declare(ptr addrspace(5) %10, !125, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(%struct.particle_t)), !126)
    #dbg_declare(ptr addrspace(5) %11, !127, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !128)
  store i32 0, ptr addrspace(5) %11, align 4, !dbg !128
  %18 = load ptr addrspace(1), ptr %14, align 8, !dbg !129
  %19 = load i32, ptr %16, align 4, !dbg !130
  %20 = zext i32 %19 to i64, !dbg !129
  %21 = getelementptr inbounds nuw float, ptr addrspace(1) %18, i64 %20, !dbg !129
  %22 = load float, ptr addrspace(1) %21, align 4, !dbg !129
  %23 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 0, !dbg !131
  %24 = getelementptr inbounds [3 x float], ptr addrspace(5) %23, i64 0, i64 0, !dbg !132
  store float %22, ptr addrspace(5) %24, align 8, !dbg !133
  %25 = load ptr addrspace(3), ptr %15, align 4, !dbg !134
  %26 = load i32, ptr %16, align 4, !dbg !135
  %27 = and i32 %26, 63, !dbg !136
  %28 = zext i32 %27 to i64, !dbg !134
  %29 = getelementptr inbounds nuw float, ptr addrspace(3) %25, i64 %28, !dbg !134
  %30 = load float, ptr addrspace(3) %29, align 4, !dbg !134
  %31 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 0, !dbg !137
  %32 = getelementptr inbounds [3 x float], ptr addrspace(5) %31, i64 0, i64 1, !dbg !138
  store float %30, ptr addrspace(5) %32, align 4, !dbg !139
  %33 = load i64, ptr %17, align 8, !dbg !140
  %34 = and i64 %33, 255, !dbg !141
  %35 = uitofp i64 %34 to float, !dbg !142
  %36 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 0, !dbg !143
  %37 = getelementptr inbounds [3 x float], ptr addrspace(5) %36, i64 0, i64 2, !dbg !144
  store float %35, ptr addrspace(5) %37, align 8, !dbg !145
  %38 = load i32, ptr %16, align 4, !dbg !146
  %39 = and i32 %38, 1, !dbg !147
  %40 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 1, !dbg !148
  %41 = load i32, ptr addrspace(5) %40, align 4, !dbg !149
  %42 = and i32 %39, 1, !dbg !149
  %43 = and i32 %41, -2, !dbg !149
  %44 = or i32 %43, %42, !dbg !149
  store i32 %44, ptr addrspace(5) %40, align 4, !dbg !149
  %45 = load i32, ptr %16, align 4, !dbg !150
  %46 = lshr i32 %45, 1, !dbg !151
  %47 = and i32 %46, 7, !dbg !152
  %48 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 1, !dbg !153
  %49 = load i32, ptr addrspace(5) %48, align 4, !dbg !154
  %50 = and i32 %47, 7, !dbg !154
  %51 = shl i32 %50, 1, !dbg !154
  %52 = and i32 %49, -15, !dbg !154
  %53 = or i32 %52, %51, !dbg !154
  store i32 %53, ptr addrspace(5) %48, align 4, !dbg !154
  %54 = load i32, ptr %16, align 4, !dbg !155
  %55 = lshr i32 %54, 4, !dbg !156
  %56 = and i32 %55, 15, !dbg !157
  %57 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 1, !dbg !158
  %58 = load i32, ptr addrspace(5) %57, align 4, !dbg !159
  %59 = and i32 %56, 15, !dbg !159
  %60 = shl i32 %59, 4, !dbg !159
  %61 = and i32 %58, -241, !dbg !159
  %62 = or i32 %61, %60, !dbg !159
  store i32 %62, ptr addrspace(5) %57, align 4, !dbg !159
  %63 = load i32, ptr %16, align 4, !dbg !160
  %64 = sub nsw i32 0, %63, !dbg !161
  %65 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 1, !dbg !162
  %66 = load i32, ptr addrspace(5) %65, align 4, !dbg !163
  %67 = and i32 %64, 4095, !dbg !163
  %68 = shl i32 %67, 8, !dbg !163
  %69 = and i32 %66, -1048321, !dbg !163
  %70 = or i32 %69, %68, !dbg !163
  store i32 %70, ptr addrspace(5) %65, align 4, !dbg !163
  %71 = shl i32 %67, 20, !dbg !163
  %72 = ashr i32 %71, 20, !dbg !163
  %73 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 1, !dbg !164
  %74 = load i32, ptr addrspace(5) %73, align 4, !dbg !165
  %75 = and i32 %74, 1048575, !dbg !165
  %76 = or i32 %75, 0, !dbg !165
  store i32 %76, ptr addrspace(5) %73, align 4, !dbg !165
  %77 = load i64, ptr %17, align 8, !dbg !166
  %78 = load i32, ptr %16, align 4, !dbg !167
  %79 = zext i32 %78 to i64, !dbg !167
  %80 = xor i64 %77, %79, !dbg !168
  %81 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 2, !dbg !169
  store i64 %80, ptr addrspace(5) %81, align 8, !dbg !170
    #dbg_declare(ptr addrspace(5) %12, !171, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(float)), !172)
  %82 = addrspacecast ptr addrspace(5) %11 to ptr, !dbg !173
  %83 = load i32, ptr %16, align 4, !dbg !174
  %84 = call float @leaf_mix(ptr addrspace(5) noundef %10, ptr noundef %82, i32 noundef %83) #7, !dbg !175
  store float %84, ptr addrspace(5) %12, align 4, !dbg !172
  %85 = load float, ptr addrspace(5) %12, align 4, !dbg !176
  %86 = load i32, ptr addrspace(5) %11, align 4, !dbg !177
  %87 = sitofp i32 %86 to float, !dbg !178
  %88 = fadd float %85, %87, !dbg !179
  %89 = getelementptr inbounds nuw %struct.particle_t, ptr addrspace(5) %10, i32 0, i32 2, !dbg !180
  %90 = load i64, ptr addrspace(5) %89, align 8, !dbg !180
  %91 = lshr i64 %90, 32, !dbg !181
  %92 = uitofp i64 %91 to float, !dbg !182
  %93 = fadd float %88, %92, !dbg !183
  ret float %93, !dbg !184
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected amdgpu_kernel void @particles(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, ptr addrspace(3) noundef align 4 %2, i64 noundef %3, i32 noundef %4) #2 !dbg !185 !kernel_arg_addr_space !189 !kernel_arg_access_qual !190 !kernel_arg_type !191 !kernel_arg_base_type !191 !kernel_arg_type_qual !192 {
  %6 = alloca ptr addrspace(1), align 8, addrspace(5)
  %7 = alloca ptr addrspace(1), align 8, addrspace(5)
  %8 = alloca ptr addrspace(3), align 4, addrspace(5)
  %9 = alloca i64, align 8, addrspace(5)
  %10 = alloca i32, align 4, addrspace(5)
  %11 = addrspacecast ptr addrspace(5) %6 to ptr
  %12 = addrspacecast ptr addrspace(5) %7 to ptr
  %13 = addrspacecast ptr addrspace(5) %8 to ptr
  %14 = addrspacecast ptr addrspace(5) %9 to ptr
  %15 = addrspacecast ptr addrspace(5) %10 to ptr
  store ptr addrspace(1) %0, ptr %11, align 8
    #dbg_declare(ptr addrspace(5) %6, !193, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !194)
  store ptr addrspace(1) %1, ptr %12, align 8
    #dbg_declare(ptr addrspace(5) %7, !195, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !196)
  store ptr addrspace(3) %2, ptr %13, align 4
    #dbg_declare(ptr addrspace(5) %8, !197, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(3))), !198)
  store i64 %3, ptr %14, align 8
    #dbg_declare(ptr addrspace(5) %9, !199, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !200)
  store i32 %4, ptr %15, align 4
    #dbg_declare(ptr addrspace(5) %10, !201, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !202)
  %16 = load ptr addrspace(1), ptr %11, align 8, !dbg !203
  %17 = load ptr addrspace(1), ptr %12, align 8, !dbg !203
  %18 = load ptr addrspace(3), ptr %13, align 4, !dbg !203
  %19 = load i64, ptr %14, align 8, !dbg !203
  %20 = load i32, ptr %15, align 4, !dbg !203
  call void @__clang_ocl_kern_imp_particles(ptr addrspace(1) noundef align 4 %16, ptr addrspace(1) noundef align 4 %17, ptr addrspace(3) noundef align 4 %18, i64 noundef %19, i32 noundef %20) #7, !dbg !203
  ret void, !dbg !204
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected void @__clang_ocl_kern_imp_particles(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, ptr addrspace(3) noundef align 4 %2, i64 noundef %3, i32 noundef %4) #3 !dbg !205 !kernel_arg_addr_space !189 !kernel_arg_access_qual !190 !kernel_arg_type !191 !kernel_arg_base_type !191 !kernel_arg_type_qual !192 {
  %6 = alloca ptr addrspace(1), align 8, addrspace(5)
  %7 = alloca ptr addrspace(1), align 8, addrspace(5)
  %8 = alloca ptr addrspace(3), align 4, addrspace(5)
  %9 = alloca i64, align 8, addrspace(5)
  %10 = alloca i32, align 4, addrspace(5)
  %11 = alloca i32, align 4, addrspace(5)
  %12 = alloca i64, align 8, addrspace(5)
  %13 = alloca [6 x float], align 4, addrspace(5)
  %14 = alloca i32, align 4, addrspace(5)
  %15 = alloca float, align 4, addrspace(5)
  %16 = addrspacecast ptr addrspace(5) %6 to ptr
  %17 = addrspacecast ptr addrspace(5) %7 to ptr
  %18 = addrspacecast ptr addrspace(5) %8 to ptr
  %19 = addrspacecast ptr addrspace(5) %9 to ptr
  %20 = addrspacecast ptr addrspace(5) %10 to ptr
  store ptr addrspace(1) %0, ptr %16, align 8
    #dbg_declare(ptr addrspace(5) %6, !206, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !207)
  store ptr addrspace(1) %1, ptr %17, align 8
    #dbg_declare(ptr addrspace(5) %7, !208, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !209)
  store ptr addrspace(3) %2, ptr %18, align 4
    #dbg_declare(ptr addrspace(5) %8, !210, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(3))), !211)
  store i64 %3, ptr %19, align 8
    #dbg_declare(ptr addrspace(5) %9, !212, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !213)
  store i32 %4, ptr %20, align 4
    #dbg_declare(ptr addrspace(5) %10, !214, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !215)
    #dbg_declare(ptr addrspace(5) %11, !216, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !217)
  %21 = call i32 @llvm.amdgcn.workitem.id.x(), !dbg !218
  store i32 %21, ptr addrspace(5) %11, align 4, !dbg !217
    #dbg_declare(ptr addrspace(5) %12, !219, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !220)
  %22 = call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !221
  %23 = zext i32 %22 to i64, !dbg !221
  %24 = mul i64 %23, 64, !dbg !221
  %25 = call i32 @llvm.amdgcn.workitem.id.x(), !dbg !221
  %26 = zext i32 %25 to i64, !dbg !221
  %27 = add i64 %24, %26, !dbg !221
  store i64 %27, ptr addrspace(5) %12, align 8, !dbg !220
  %28 = load ptr addrspace(1), ptr %17, align 8, !dbg !222
  %29 = load i64, ptr addrspace(5) %12, align 8, !dbg !223
  %30 = load i32, ptr %20, align 4, !dbg !224
  %31 = sext i32 %30 to i64, !dbg !225
  %32 = urem i64 %29, %31, !dbg !226
  %33 = getelementptr inbounds nuw float, ptr addrspace(1) %28, i64 %32, !dbg !222
  %34 = load float, ptr addrspace(1) %33, align 4, !dbg !222
  %35 = load ptr addrspace(3), ptr %18, align 4, !dbg !227
  %36 = load i32, ptr addrspace(5) %11, align 4, !dbg !228
  %37 = and i32 %36, 63, !dbg !229
  %38 = zext i32 %37 to i64, !dbg !227
  %39 = getelementptr inbounds nuw float, ptr addrspace(3) %35, i64 %38, !dbg !227
  store float %34, ptr addrspace(3) %39, align 4, !dbg !230
  call void @llvm.amdgcn.s.barrier(), !dbg !231
    #dbg_declare(ptr addrspace(5) %13, !232, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref([6 x float])), !236)
    #dbg_declare(ptr addrspace(5) %14, !237, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !239)
  store i32 0, ptr addrspace(5) %14, align 4, !dbg !239
  br label %40, !dbg !240

40:                                               ; preds = %60, %5
  %41 = load i32, ptr addrspace(5) %14, align 4, !dbg !241
  %42 = icmp slt i32 %41, 6, !dbg !243
  br i1 %42, label %43, label %63, !dbg !244

43:                                               ; preds = %40
  %44 = load ptr addrspace(3), ptr %18, align 4, !dbg !245
  %45 = load i32, ptr addrspace(5) %11, align 4, !dbg !246
  %46 = load i32, ptr addrspace(5) %14, align 4, !dbg !247
  %47 = add i32 %45, %46, !dbg !248
  %48 = and i32 %47, 63, !dbg !249
  %49 = zext i32 %48 to i64, !dbg !245
  %50 = getelementptr inbounds nuw float, ptr addrspace(3) %44, i64 %49, !dbg !245
  %51 = load float, ptr addrspace(3) %50, align 4, !dbg !245
  %52 = load i32, ptr addrspace(5) %14, align 4, !dbg !250
  %53 = sext i32 %52 to i64, !dbg !251
  %54 = getelementptr inbounds [8 x float], ptr addrspace(4) @weights, i64 0, i64 %53, !dbg !251
  %55 = load float, ptr addrspace(4) %54, align 4, !dbg !251
  %56 = fmul float %51, %55, !dbg !252
  %57 = load i32, ptr addrspace(5) %14, align 4, !dbg !253
  %58 = sext i32 %57 to i64, !dbg !254
  %59 = getelementptr inbounds [6 x float], ptr addrspace(5) %13, i64 0, i64 %58, !dbg !254
  store float %56, ptr addrspace(5) %59, align 4, !dbg !255
  br label %60, !dbg !254

60:                                               ; preds = %43
  %61 = load i32, ptr addrspace(5) %14, align 4, !dbg !256
  %62 = add nsw i32 %61, 1, !dbg !256
  store i32 %62, ptr addrspace(5) %14, align 4, !dbg !256
  br label %40, !dbg !257, !llvm.loop !258

63:                                               ; preds = %40
    #dbg_declare(ptr addrspace(5) %15, !260, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(float)), !261)
  %64 = load i32, ptr addrspace(5) %11, align 4, !dbg !262
  %65 = icmp ult i32 %64, 32, !dbg !264
  br i1 %65, label %66, label %72, !dbg !264

66:                                               ; preds = %63
  %67 = load ptr addrspace(1), ptr %17, align 8, !dbg !265
  %68 = load ptr addrspace(3), ptr %18, align 4, !dbg !267
  %69 = load i32, ptr addrspace(5) %11, align 4, !dbg !268
  %70 = load i64, ptr %19, align 8, !dbg !269
  %71 = call float @stage(ptr addrspace(1) noundef %67, ptr addrspace(3) noundef %68, i32 noundef %69, i64 noundef %70) #7, !dbg !270
  store float %71, ptr addrspace(5) %15, align 4, !dbg !271
  br label %81, !dbg !272

72:                                               ; preds = %63
  %73 = load i32, ptr addrspace(5) %11, align 4, !dbg !273
  %74 = urem i32 %73, 6, !dbg !275
  %75 = zext i32 %74 to i64, !dbg !276
  %76 = getelementptr inbounds nuw [6 x float], ptr addrspace(5) %13, i64 0, i64 %75, !dbg !276
  %77 = load float, ptr addrspace(5) %76, align 4, !dbg !276
  %78 = load i64, ptr %19, align 8, !dbg !277
  %79 = uitofp i64 %78 to float, !dbg !278
  %80 = fsub float %77, %79, !dbg !279
  store float %80, ptr addrspace(5) %15, align 4, !dbg !280
  br label %81

81:                                               ; preds = %72, %66
  %82 = load float, ptr addrspace(5) %15, align 4, !dbg !281
  %83 = getelementptr inbounds [6 x float], ptr addrspace(5) %13, i64 0, i64 5, !dbg !282
  %84 = load float, ptr addrspace(5) %83, align 4, !dbg !282
  %85 = fadd float %82, %84, !dbg !283
  %86 = load ptr addrspace(1), ptr %16, align 8, !dbg !284
  %87 = load i64, ptr addrspace(5) %12, align 8, !dbg !285
  %88 = getelementptr inbounds nuw float, ptr addrspace(1) %86, i64 %87, !dbg !284
  store float %85, ptr addrspace(1) %88, align 4, !dbg !286
  ret void, !dbg !287
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected amdgpu_kernel void @histogram(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, i64 noundef %2, i32 noundef %3) #2 !dbg !288 !kernel_arg_addr_space !289 !kernel_arg_access_qual !290 !kernel_arg_type !291 !kernel_arg_base_type !291 !kernel_arg_type_qual !292 {
  %5 = alloca ptr addrspace(1), align 8, addrspace(5)
  %6 = alloca ptr addrspace(1), align 8, addrspace(5)
  %7 = alloca i64, align 8, addrspace(5)
  %8 = alloca i32, align 4, addrspace(5)
  %9 = addrspacecast ptr addrspace(5) %5 to ptr
  %10 = addrspacecast ptr addrspace(5) %6 to ptr
  %11 = addrspacecast ptr addrspace(5) %7 to ptr
  %12 = addrspacecast ptr addrspace(5) %8 to ptr
  store ptr addrspace(1) %0, ptr %9, align 8
    #dbg_declare(ptr addrspace(5) %5, !293, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !294)
  store ptr addrspace(1) %1, ptr %10, align 8
    #dbg_declare(ptr addrspace(5) %6, !295, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !296)
  store i64 %2, ptr %11, align 8
    #dbg_declare(ptr addrspace(5) %7, !297, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !298)
  store i32 %3, ptr %12, align 4
    #dbg_declare(ptr addrspace(5) %8, !299, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !300)
  %13 = load ptr addrspace(1), ptr %9, align 8, !dbg !301
  %14 = load ptr addrspace(1), ptr %10, align 8, !dbg !301
  %15 = load i64, ptr %11, align 8, !dbg !301
  %16 = load i32, ptr %12, align 4, !dbg !301
  call void @__clang_ocl_kern_imp_histogram(ptr addrspace(1) noundef align 4 %13, ptr addrspace(1) noundef align 4 %14, i64 noundef %15, i32 noundef %16) #7, !dbg !301
  ret void, !dbg !302
}

; Function Attrs: convergent noinline norecurse nounwind optnone
define protected void @__clang_ocl_kern_imp_histogram(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, i64 noundef %2, i32 noundef %3) #3 !dbg !16 !kernel_arg_addr_space !289 !kernel_arg_access_qual !290 !kernel_arg_type !291 !kernel_arg_base_type !291 !kernel_arg_type_qual !292 {
  %5 = alloca ptr addrspace(1), align 8, addrspace(5)
  %6 = alloca ptr addrspace(1), align 8, addrspace(5)
  %7 = alloca i64, align 8, addrspace(5)
  %8 = alloca i32, align 4, addrspace(5)
  %9 = alloca i32, align 4, addrspace(5)
  %10 = alloca i32, align 4, addrspace(5)
  %11 = alloca [4 x i32], align 4, addrspace(5)
  %12 = alloca i64, align 8, addrspace(5)
  %13 = alloca i32, align 4, addrspace(5)
  %14 = alloca i32, align 4, addrspace(5)
  %15 = alloca i32, align 4, addrspace(5)
  %16 = alloca i32, align 4, addrspace(5)
  %17 = alloca i32, align 4, addrspace(5)
  %18 = alloca i32, align 4, addrspace(5)
  %19 = addrspacecast ptr addrspace(5) %5 to ptr
  %20 = addrspacecast ptr addrspace(5) %6 to ptr
  %21 = addrspacecast ptr addrspace(5) %7 to ptr
  %22 = addrspacecast ptr addrspace(5) %8 to ptr
  %23 = addrspacecast ptr addrspace(5) %14 to ptr
  %24 = addrspacecast ptr addrspace(5) %15 to ptr
  %25 = addrspacecast ptr addrspace(5) %17 to ptr
  %26 = addrspacecast ptr addrspace(5) %18 to ptr
  store ptr addrspace(1) %0, ptr %19, align 8
    #dbg_declare(ptr addrspace(5) %5, !303, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !304)
  store ptr addrspace(1) %1, ptr %20, align 8
    #dbg_declare(ptr addrspace(5) %6, !305, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr addrspace(1))), !306)
  store i64 %2, ptr %21, align 8
    #dbg_declare(ptr addrspace(5) %7, !307, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !308)
  store i32 %3, ptr %22, align 4
    #dbg_declare(ptr addrspace(5) %8, !309, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !310)
    #dbg_declare(ptr addrspace(5) %9, !311, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !312)
  %27 = call i32 @llvm.amdgcn.workitem.id.x(), !dbg !313
  store i32 %27, ptr addrspace(5) %9, align 4, !dbg !312
    #dbg_declare(ptr addrspace(5) %10, !314, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !315)
  %28 = call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !316
  store i32 %28, ptr addrspace(5) %10, align 4, !dbg !315
    #dbg_declare(ptr addrspace(5) %11, !317, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref([4 x i32])), !321)
  call void @llvm.memset.p5.i64(ptr addrspace(5) align 4 %11, i8 0, i64 16, i1 false), !dbg !321
  %29 = load i32, ptr addrspace(5) %9, align 4, !dbg !322
  %30 = icmp ult i32 %29, 32, !dbg !324
  br i1 %30, label %31, label %35, !dbg !324

31:                                               ; preds = %4
  %32 = load i32, ptr addrspace(5) %9, align 4, !dbg !325
  %33 = zext i32 %32 to i64, !dbg !326
  %34 = getelementptr inbounds nuw [32 x i32], ptr addrspace(3) @histogram.local_bins, i64 0, i64 %33, !dbg !326
  store i32 0, ptr addrspace(3) %34, align 4, !dbg !327
  br label %35, !dbg !326

35:                                               ; preds = %31, %4
  call void @llvm.amdgcn.s.barrier(), !dbg !328
    #dbg_declare(ptr addrspace(5) %12, !329, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !331)
  %36 = load i32, ptr addrspace(5) %10, align 4, !dbg !332
  %37 = zext i32 %36 to i64, !dbg !333
  %38 = mul i64 %37, 64, !dbg !334
  %39 = load i32, ptr addrspace(5) %9, align 4, !dbg !335
  %40 = zext i32 %39 to i64, !dbg !335
  %41 = add i64 %38, %40, !dbg !336
  store i64 %41, ptr addrspace(5) %12, align 8, !dbg !331
  br label %42, !dbg !337

42:                                               ; preds = %67, %35
  %43 = load i64, ptr addrspace(5) %12, align 8, !dbg !338
  %44 = load i64, ptr %21, align 8, !dbg !340
  %45 = icmp ult i64 %43, %44, !dbg !341
  br i1 %45, label %46, label %70, !dbg !342

46:                                               ; preds = %42
    #dbg_declare(ptr addrspace(5) %13, !343, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !345)
  %47 = load ptr addrspace(1), ptr %19, align 8, !dbg !346
  %48 = load i64, ptr addrspace(5) %12, align 8, !dbg !347
  %49 = getelementptr inbounds nuw i32, ptr addrspace(1) %47, i64 %48, !dbg !346
  %50 = load i32, ptr addrspace(1) %49, align 4, !dbg !346
  %51 = load i32, ptr %22, align 4, !dbg !348
  %52 = and i32 %51, 31, !dbg !349
  %53 = lshr i32 %50, %52, !dbg !349
  %54 = and i32 %53, 31, !dbg !350
  store i32 %54, ptr addrspace(5) %13, align 4, !dbg !345
  %55 = load i32, ptr addrspace(5) %13, align 4, !dbg !351
  %56 = and i32 %55, 3, !dbg !352
  %57 = zext i32 %56 to i64, !dbg !353
  %58 = getelementptr inbounds nuw [4 x i32], ptr addrspace(5) %11, i64 0, i64 %57, !dbg !353
  %59 = load i32, ptr addrspace(5) %58, align 4, !dbg !354
  %60 = add i32 %59, 1, !dbg !354
  store i32 %60, ptr addrspace(5) %58, align 4, !dbg !354
  %61 = load i32, ptr addrspace(5) %13, align 4, !dbg !355
  %62 = zext i32 %61 to i64, !dbg !356
  %63 = getelementptr inbounds nuw [32 x i32], ptr addrspace(3) @histogram.local_bins, i64 0, i64 %62, !dbg !356
  store i32 1, ptr %23, align 4, !dbg !357
  %64 = load i32, ptr %23, align 4, !dbg !357
  %65 = atomicrmw add ptr addrspace(3) %63, i32 %64 syncscope("agent-one-as") monotonic, align 4, !dbg !357, !amdgpu.no.fine.grained.memory !23, !amdgpu.no.remote.memory !23
  store i32 %65, ptr %24, align 4, !dbg !357
  %66 = load i32, ptr %24, align 4, !dbg !357
  br label %67, !dbg !358

67:                                               ; preds = %46
  %68 = load i64, ptr addrspace(5) %12, align 8, !dbg !359
  %69 = add i64 %68, 4096, !dbg !359
  store i64 %69, ptr addrspace(5) %12, align 8, !dbg !359
  br label %42, !dbg !360, !llvm.loop !361

70:                                               ; preds = %42
  call void @llvm.amdgcn.s.barrier(), !dbg !363
    #dbg_declare(ptr addrspace(5) %16, !364, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !365)
  %71 = getelementptr inbounds [4 x i32], ptr addrspace(5) %11, i64 0, i64 0, !dbg !366
  %72 = load i32, ptr addrspace(5) %71, align 4, !dbg !366
  %73 = getelementptr inbounds [4 x i32], ptr addrspace(5) %11, i64 0, i64 1, !dbg !367
  %74 = load i32, ptr addrspace(5) %73, align 4, !dbg !367
  %75 = add i32 %72, %74, !dbg !368
  %76 = getelementptr inbounds [4 x i32], ptr addrspace(5) %11, i64 0, i64 2, !dbg !369
  %77 = load i32, ptr addrspace(5) %76, align 4, !dbg !369
  %78 = add i32 %75, %77, !dbg !370
  %79 = getelementptr inbounds [4 x i32], ptr addrspace(5) %11, i64 0, i64 3, !dbg !371
  %80 = load i32, ptr addrspace(5) %79, align 4, !dbg !371
  %81 = add i32 %78, %80, !dbg !372
  store i32 %81, ptr addrspace(5) %16, align 4, !dbg !365
  %82 = load i32, ptr addrspace(5) %9, align 4, !dbg !373
  %83 = icmp ult i32 %82, 32, !dbg !375
  br i1 %83, label %84, label %99, !dbg !375

84:                                               ; preds = %70
  %85 = load ptr addrspace(1), ptr %20, align 8, !dbg !376
  %86 = load i32, ptr addrspace(5) %9, align 4, !dbg !377
  %87 = zext i32 %86 to i64, !dbg !376
  %88 = getelementptr inbounds nuw i32, ptr addrspace(1) %85, i64 %87, !dbg !376
  %89 = load i32, ptr addrspace(5) %9, align 4, !dbg !378
  %90 = zext i32 %89 to i64, !dbg !379
  %91 = getelementptr inbounds nuw [32 x i32], ptr addrspace(3) @histogram.local_bins, i64 0, i64 %90, !dbg !379
  %92 = load i32, ptr addrspace(3) %91, align 4, !dbg !379
  %93 = load i32, ptr addrspace(5) %16, align 4, !dbg !380
  %94 = and i32 %93, 1, !dbg !381
  %95 = add i32 %92, %94, !dbg !382
  store i32 %95, ptr %25, align 4, !dbg !383
  %96 = load i32, ptr %25, align 4, !dbg !383
  %97 = atomicrmw add ptr addrspace(1) %88, i32 %96 syncscope("agent-one-as") monotonic, align 4, !dbg !383, !amdgpu.no.fine.grained.memory !23, !amdgpu.no.remote.memory !23
  store i32 %97, ptr %26, align 4, !dbg !383
  %98 = load i32, ptr %26, align 4, !dbg !383
  br label %99, !dbg !383

99:                                               ; preds = %84, %70
  ret void, !dbg !384
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #4

; Function Attrs: convergent nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #5

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p5.i64(ptr addrspace(5) writeonly captures(none), i8, i64, i1 immarg) #6

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="1,256" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="false" }
attributes #3 = { convergent noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="1,256" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  }
attributes #4 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { convergent nocallback nofree nounwind willreturn }
attributes #6 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #7 = { convergent nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!30, !31, !32, !33, !34, !35}
!opencl.ocl.version = !{!36}
!llvm.ident = !{!37}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DIOpArg(0, ptr addrspace(4)), DIOpDeref([8 x float])))
!1 = distinct !DIGlobalVariable(name: "weights", scope: !2, file: !17, line: 36, type: !27, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !13, splitDebugInlining: false, nameTableKind: None)
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
!15 = distinct !DIGlobalVariable(name: "local_bins", scope: !16, file: !17, line: 97, type: !24, isLocal: true, isDefinition: true)
!16 = distinct !DISubprogram(name: "histogram", linkageName: "__clang_ocl_kern_imp_histogram", scope: !17, file: !17, line: 94, type: !18, scopeLine: 96, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!17 = !DIFile(filename: "src/kernels.cl", directory: "/hetdwarf", checksumkind: CSK_MD5, checksum: "5458a8b3ac9165bf3fed474ffd7e502b")
!18 = !DISubroutineType(cc: DW_CC_LLVM_DeviceKernel, types: !19)
!19 = !{null, !20, !22, !12, !7}
!20 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !21, size: 64)
!21 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !7)
!22 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!23 = !{}
!24 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 1024, elements: !25)
!25 = !{!26}
!26 = !DISubrange(count: 32)
!27 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 256, elements: !28)
!28 = !{!29}
!29 = !DISubrange(count: 8)
!30 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!31 = !{i32 7, !"Dwarf Version", i32 5}
!32 = !{i32 2, !"Debug Info Version", i32 3}
!33 = !{i32 1, !"wchar_size", i32 4}
!34 = !{i32 8, !"PIC Level", i32 2}
!35 = !{i32 7, !"frame-pointer", i32 2}
!36 = !{i32 2, i32 0}
!37 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!38 = distinct !DISubprogram(name: "leaf_mix", scope: !17, file: !17, line: 41, type: !39, scopeLine: 42, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!39 = !DISubroutineType(types: !40)
!40 = !{!5, !41, !59, !7}
!41 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !42, size: 32, addressSpace: 5)
!42 = !DIDerivedType(tag: DW_TAG_typedef, name: "particle_t", file: !17, line: 34, baseType: !43)
!43 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !17, line: 30, size: 192, elements: !44)
!44 = !{!45, !49, !58}
!45 = !DIDerivedType(tag: DW_TAG_member, name: "pos", scope: !43, file: !17, line: 31, baseType: !46, size: 96)
!46 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 96, elements: !47)
!47 = !{!48}
!48 = !DISubrange(count: 3)
!49 = !DIDerivedType(tag: DW_TAG_member, name: "flags", scope: !43, file: !17, line: 32, baseType: !50, size: 32, offset: 96)
!50 = !DIDerivedType(tag: DW_TAG_typedef, name: "flags_t", file: !17, line: 28, baseType: !51)
!51 = distinct !DICompositeType(tag: DW_TAG_structure_type, file: !17, line: 22, size: 32, elements: !52)
!52 = !{!53, !54, !55, !56, !57}
!53 = !DIDerivedType(tag: DW_TAG_member, name: "valid", scope: !51, file: !17, line: 23, baseType: !7, size: 1, flags: DIFlagBitField, extraData: i64 0)
!54 = !DIDerivedType(tag: DW_TAG_member, name: "kind", scope: !51, file: !17, line: 24, baseType: !7, size: 3, offset: 1, flags: DIFlagBitField, extraData: i64 0)
!55 = !DIDerivedType(tag: DW_TAG_member, name: "level", scope: !51, file: !17, line: 25, baseType: !7, size: 4, offset: 4, flags: DIFlagBitField, extraData: i64 0)
!56 = !DIDerivedType(tag: DW_TAG_member, name: "delta", scope: !51, file: !17, line: 26, baseType: !6, size: 12, offset: 8, flags: DIFlagBitField, extraData: i64 0)
!57 = !DIDerivedType(tag: DW_TAG_member, name: "spare", scope: !51, file: !17, line: 27, baseType: !7, size: 12, offset: 20, flags: DIFlagBitField, extraData: i64 0)
!58 = !DIDerivedType(tag: DW_TAG_member, name: "cookie", scope: !43, file: !17, line: 33, baseType: !12, size: 64, offset: 128)
!59 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64, addressSpace: 1)
!60 = !DILocalVariable(name: "p", arg: 1, scope: !38, file: !17, line: 41, type: !41)
!61 = !DILocation(line: 41, column: 38, scope: !38)
!62 = !DILocalVariable(name: "generic_out", arg: 2, scope: !38, file: !17, line: 41, type: !59)
!63 = !DILocation(line: 41, column: 46, scope: !38)
!64 = !DILocalVariable(name: "lane", arg: 3, scope: !38, file: !17, line: 41, type: !7)
!65 = !DILocation(line: 41, column: 64, scope: !38)
!66 = !DILocalVariable(name: "acc", scope: !38, file: !17, line: 43, type: !5)
!67 = !DILocation(line: 43, column: 11, scope: !38)
!68 = !DILocalVariable(name: "d", scope: !69, file: !17, line: 44, type: !6)
!69 = distinct !DILexicalBlock(scope: !38, file: !17, line: 44, column: 5)
!70 = !DILocation(line: 44, column: 14, scope: !69)
!71 = !DILocation(line: 44, column: 10, scope: !69)
!72 = !DILocation(line: 44, column: 21, scope: !73)
!73 = distinct !DILexicalBlock(scope: !69, file: !17, line: 44, column: 5)
!74 = !DILocation(line: 44, column: 23, scope: !73)
!75 = !DILocation(line: 44, column: 5, scope: !69)
!76 = !DILocation(line: 45, column: 16, scope: !73)
!77 = !DILocation(line: 45, column: 19, scope: !73)
!78 = !DILocation(line: 45, column: 23, scope: !73)
!79 = !DILocation(line: 45, column: 37, scope: !73)
!80 = !DILocation(line: 45, column: 44, scope: !73)
!81 = !DILocation(line: 45, column: 42, scope: !73)
!82 = !DILocation(line: 45, column: 47, scope: !73)
!83 = !DILocation(line: 45, column: 28, scope: !73)
!84 = !DILocation(line: 45, column: 13, scope: !73)
!85 = !DILocation(line: 45, column: 9, scope: !73)
!86 = !DILocation(line: 44, column: 28, scope: !73)
!87 = !DILocation(line: 44, column: 5, scope: !73)
!88 = distinct !{!88, !75, !89}
!89 = !DILocation(line: 45, column: 50, scope: !69)
!90 = !DILocation(line: 46, column: 9, scope: !91)
!91 = distinct !DILexicalBlock(scope: !38, file: !17, line: 46, column: 9)
!92 = !DILocation(line: 46, column: 12, scope: !91)
!93 = !DILocation(line: 46, column: 18, scope: !91)
!94 = !DILocation(line: 47, column: 23, scope: !91)
!95 = !DILocation(line: 47, column: 26, scope: !91)
!96 = !DILocation(line: 47, column: 32, scope: !91)
!97 = !DILocation(line: 47, column: 16, scope: !91)
!98 = !DILocation(line: 47, column: 13, scope: !91)
!99 = !DILocation(line: 47, column: 9, scope: !91)
!100 = !DILocation(line: 49, column: 23, scope: !91)
!101 = !DILocation(line: 49, column: 26, scope: !91)
!102 = !DILocation(line: 49, column: 32, scope: !91)
!103 = !DILocation(line: 49, column: 16, scope: !91)
!104 = !DILocation(line: 49, column: 13, scope: !91)
!105 = !DILocation(line: 50, column: 25, scope: !38)
!106 = !DILocation(line: 50, column: 20, scope: !38)
!107 = !DILocation(line: 50, column: 6, scope: !38)
!108 = !DILocation(line: 50, column: 18, scope: !38)
!109 = !DILocation(line: 51, column: 12, scope: !38)
!110 = !DILocation(line: 51, column: 5, scope: !38)
!111 = distinct !DISubprogram(name: "stage", scope: !17, file: !17, line: 56, type: !112, scopeLine: 57, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!112 = !DISubroutineType(types: !113)
!113 = !{!5, !114, !116, !7, !12}
!114 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !115, size: 64)
!115 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !5)
!116 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 32, addressSpace: 3)
!117 = !DILocalVariable(name: "src", arg: 1, scope: !111, file: !17, line: 56, type: !114)
!118 = !DILocation(line: 56, column: 35, scope: !111)
!119 = !DILocalVariable(name: "tile", arg: 2, scope: !111, file: !17, line: 56, type: !116)
!120 = !DILocation(line: 56, column: 55, scope: !111)
!121 = !DILocalVariable(name: "lane", arg: 3, scope: !111, file: !17, line: 56, type: !7)
!122 = !DILocation(line: 56, column: 66, scope: !111)
!123 = !DILocalVariable(name: "seed", arg: 4, scope: !111, file: !17, line: 56, type: !12)
!124 = !DILocation(line: 56, column: 78, scope: !111)
!125 = !DILocalVariable(name: "part", scope: !111, file: !17, line: 58, type: !42)
!126 = !DILocation(line: 58, column: 16, scope: !111)
!127 = !DILocalVariable(name: "sink", scope: !111, file: !17, line: 59, type: !6)
!128 = !DILocation(line: 59, column: 9, scope: !111)
!129 = !DILocation(line: 60, column: 19, scope: !111)
!130 = !DILocation(line: 60, column: 23, scope: !111)
!131 = !DILocation(line: 60, column: 10, scope: !111)
!132 = !DILocation(line: 60, column: 5, scope: !111)
!133 = !DILocation(line: 60, column: 17, scope: !111)
!134 = !DILocation(line: 61, column: 19, scope: !111)
!135 = !DILocation(line: 61, column: 24, scope: !111)
!136 = !DILocation(line: 61, column: 29, scope: !111)
!137 = !DILocation(line: 61, column: 10, scope: !111)
!138 = !DILocation(line: 61, column: 5, scope: !111)
!139 = !DILocation(line: 61, column: 17, scope: !111)
!140 = !DILocation(line: 62, column: 27, scope: !111)
!141 = !DILocation(line: 62, column: 32, scope: !111)
!142 = !DILocation(line: 62, column: 19, scope: !111)
!143 = !DILocation(line: 62, column: 10, scope: !111)
!144 = !DILocation(line: 62, column: 5, scope: !111)
!145 = !DILocation(line: 62, column: 17, scope: !111)
!146 = !DILocation(line: 63, column: 24, scope: !111)
!147 = !DILocation(line: 63, column: 29, scope: !111)
!148 = !DILocation(line: 63, column: 10, scope: !111)
!149 = !DILocation(line: 63, column: 22, scope: !111)
!150 = !DILocation(line: 64, column: 25, scope: !111)
!151 = !DILocation(line: 64, column: 30, scope: !111)
!152 = !DILocation(line: 64, column: 36, scope: !111)
!153 = !DILocation(line: 64, column: 10, scope: !111)
!154 = !DILocation(line: 64, column: 22, scope: !111)
!155 = !DILocation(line: 65, column: 25, scope: !111)
!156 = !DILocation(line: 65, column: 30, scope: !111)
!157 = !DILocation(line: 65, column: 36, scope: !111)
!158 = !DILocation(line: 65, column: 10, scope: !111)
!159 = !DILocation(line: 65, column: 22, scope: !111)
!160 = !DILocation(line: 66, column: 30, scope: !111)
!161 = !DILocation(line: 66, column: 24, scope: !111)
!162 = !DILocation(line: 66, column: 10, scope: !111)
!163 = !DILocation(line: 66, column: 22, scope: !111)
!164 = !DILocation(line: 67, column: 10, scope: !111)
!165 = !DILocation(line: 67, column: 22, scope: !111)
!166 = !DILocation(line: 68, column: 19, scope: !111)
!167 = !DILocation(line: 68, column: 26, scope: !111)
!168 = !DILocation(line: 68, column: 24, scope: !111)
!169 = !DILocation(line: 68, column: 10, scope: !111)
!170 = !DILocation(line: 68, column: 17, scope: !111)
!171 = !DILocalVariable(name: "r", scope: !111, file: !17, line: 69, type: !5)
!172 = !DILocation(line: 69, column: 11, scope: !111)
!173 = !DILocation(line: 69, column: 31, scope: !111)
!174 = !DILocation(line: 69, column: 38, scope: !111)
!175 = !DILocation(line: 69, column: 15, scope: !111)
!176 = !DILocation(line: 70, column: 12, scope: !111)
!177 = !DILocation(line: 70, column: 23, scope: !111)
!178 = !DILocation(line: 70, column: 16, scope: !111)
!179 = !DILocation(line: 70, column: 14, scope: !111)
!180 = !DILocation(line: 70, column: 43, scope: !111)
!181 = !DILocation(line: 70, column: 50, scope: !111)
!182 = !DILocation(line: 70, column: 30, scope: !111)
!183 = !DILocation(line: 70, column: 28, scope: !111)
!184 = !DILocation(line: 70, column: 5, scope: !111)
!185 = distinct !DISubprogram(name: "particles", scope: !17, file: !17, line: 73, type: !186, scopeLine: 75, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!186 = !DISubroutineType(cc: DW_CC_LLVM_DeviceKernel, types: !187)
!187 = !{null, !188, !114, !116, !12, !6}
!188 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !5, size: 64)
!189 = !{i32 1, i32 1, i32 3, i32 0, i32 0}
!190 = !{!"none", !"none", !"none", !"none", !"none"}
!191 = !{!"float*", !"float*", !"float*", !"ulong", !"int"}
!192 = !{!"", !"const", !"", !"", !""}
!193 = !DILocalVariable(name: "out", arg: 1, scope: !185, file: !17, line: 73, type: !188)
!194 = !DILocation(line: 73, column: 41, scope: !185)
!195 = !DILocalVariable(name: "src", arg: 2, scope: !185, file: !17, line: 73, type: !114)
!196 = !DILocation(line: 73, column: 68, scope: !185)
!197 = !DILocalVariable(name: "tile", arg: 3, scope: !185, file: !17, line: 74, type: !116)
!198 = !DILocation(line: 74, column: 40, scope: !185)
!199 = !DILocalVariable(name: "seed", arg: 4, scope: !185, file: !17, line: 74, type: !12)
!200 = !DILocation(line: 74, column: 52, scope: !185)
!201 = !DILocalVariable(name: "n", arg: 5, scope: !185, file: !17, line: 74, type: !6)
!202 = !DILocation(line: 74, column: 62, scope: !185)
!203 = !DILocation(line: 75, column: 1, scope: !185)
!204 = !DILocation(line: 92, column: 1, scope: !185)
!205 = distinct !DISubprogram(name: "particles", linkageName: "__clang_ocl_kern_imp_particles", scope: !17, file: !17, line: 73, type: !186, scopeLine: 75, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!206 = !DILocalVariable(name: "out", arg: 1, scope: !205, file: !17, line: 73, type: !188)
!207 = !DILocation(line: 73, column: 41, scope: !205)
!208 = !DILocalVariable(name: "src", arg: 2, scope: !205, file: !17, line: 73, type: !114)
!209 = !DILocation(line: 73, column: 68, scope: !205)
!210 = !DILocalVariable(name: "tile", arg: 3, scope: !205, file: !17, line: 74, type: !116)
!211 = !DILocation(line: 74, column: 40, scope: !205)
!212 = !DILocalVariable(name: "seed", arg: 4, scope: !205, file: !17, line: 74, type: !12)
!213 = !DILocation(line: 74, column: 52, scope: !205)
!214 = !DILocalVariable(name: "n", arg: 5, scope: !205, file: !17, line: 74, type: !6)
!215 = !DILocation(line: 74, column: 62, scope: !205)
!216 = !DILocalVariable(name: "lane", scope: !205, file: !17, line: 76, type: !7)
!217 = !DILocation(line: 76, column: 10, scope: !205)
!218 = !DILocation(line: 76, column: 17, scope: !205)
!219 = !DILocalVariable(name: "gid", scope: !205, file: !17, line: 77, type: !10)
!220 = !DILocation(line: 77, column: 12, scope: !205)
!221 = !DILocation(line: 77, column: 18, scope: !205)
!222 = !DILocation(line: 78, column: 23, scope: !205)
!223 = !DILocation(line: 78, column: 27, scope: !205)
!224 = !DILocation(line: 78, column: 41, scope: !205)
!225 = !DILocation(line: 78, column: 33, scope: !205)
!226 = !DILocation(line: 78, column: 31, scope: !205)
!227 = !DILocation(line: 78, column: 5, scope: !205)
!228 = !DILocation(line: 78, column: 10, scope: !205)
!229 = !DILocation(line: 78, column: 15, scope: !205)
!230 = !DILocation(line: 78, column: 21, scope: !205)
!231 = !DILocation(line: 79, column: 5, scope: !205)
!232 = !DILocalVariable(name: "history", scope: !205, file: !17, line: 81, type: !233)
!233 = !DICompositeType(tag: DW_TAG_array_type, baseType: !5, size: 192, elements: !234)
!234 = !{!235}
!235 = !DISubrange(count: 6)
!236 = !DILocation(line: 81, column: 11, scope: !205)
!237 = !DILocalVariable(name: "i", scope: !238, file: !17, line: 82, type: !6)
!238 = distinct !DILexicalBlock(scope: !205, file: !17, line: 82, column: 5)
!239 = !DILocation(line: 82, column: 14, scope: !238)
!240 = !DILocation(line: 82, column: 10, scope: !238)
!241 = !DILocation(line: 82, column: 21, scope: !242)
!242 = distinct !DILexicalBlock(scope: !238, file: !17, line: 82, column: 5)
!243 = !DILocation(line: 82, column: 23, scope: !242)
!244 = !DILocation(line: 82, column: 5, scope: !238)
!245 = !DILocation(line: 83, column: 22, scope: !242)
!246 = !DILocation(line: 83, column: 28, scope: !242)
!247 = !DILocation(line: 83, column: 35, scope: !242)
!248 = !DILocation(line: 83, column: 33, scope: !242)
!249 = !DILocation(line: 83, column: 38, scope: !242)
!250 = !DILocation(line: 83, column: 54, scope: !242)
!251 = !DILocation(line: 83, column: 46, scope: !242)
!252 = !DILocation(line: 83, column: 44, scope: !242)
!253 = !DILocation(line: 83, column: 17, scope: !242)
!254 = !DILocation(line: 83, column: 9, scope: !242)
!255 = !DILocation(line: 83, column: 20, scope: !242)
!256 = !DILocation(line: 82, column: 28, scope: !242)
!257 = !DILocation(line: 82, column: 5, scope: !242)
!258 = distinct !{!258, !244, !259}
!259 = !DILocation(line: 83, column: 55, scope: !238)
!260 = !DILocalVariable(name: "v", scope: !205, file: !17, line: 85, type: !5)
!261 = !DILocation(line: 85, column: 11, scope: !205)
!262 = !DILocation(line: 86, column: 9, scope: !263)
!263 = distinct !DILexicalBlock(scope: !205, file: !17, line: 86, column: 9)
!264 = !DILocation(line: 86, column: 14, scope: !263)
!265 = !DILocation(line: 87, column: 19, scope: !266)
!266 = distinct !DILexicalBlock(scope: !263, file: !17, line: 86, column: 20)
!267 = !DILocation(line: 87, column: 24, scope: !266)
!268 = !DILocation(line: 87, column: 30, scope: !266)
!269 = !DILocation(line: 87, column: 36, scope: !266)
!270 = !DILocation(line: 87, column: 13, scope: !266)
!271 = !DILocation(line: 87, column: 11, scope: !266)
!272 = !DILocation(line: 88, column: 5, scope: !266)
!273 = !DILocation(line: 89, column: 21, scope: !274)
!274 = distinct !DILexicalBlock(scope: !263, file: !17, line: 88, column: 12)
!275 = !DILocation(line: 89, column: 26, scope: !274)
!276 = !DILocation(line: 89, column: 13, scope: !274)
!277 = !DILocation(line: 89, column: 40, scope: !274)
!278 = !DILocation(line: 89, column: 33, scope: !274)
!279 = !DILocation(line: 89, column: 31, scope: !274)
!280 = !DILocation(line: 89, column: 11, scope: !274)
!281 = !DILocation(line: 91, column: 16, scope: !205)
!282 = !DILocation(line: 91, column: 20, scope: !205)
!283 = !DILocation(line: 91, column: 18, scope: !205)
!284 = !DILocation(line: 91, column: 5, scope: !205)
!285 = !DILocation(line: 91, column: 9, scope: !205)
!286 = !DILocation(line: 91, column: 14, scope: !205)
!287 = !DILocation(line: 92, column: 1, scope: !205)
!288 = distinct !DISubprogram(name: "histogram", scope: !17, file: !17, line: 94, type: !18, scopeLine: 96, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !23)
!289 = !{i32 1, i32 1, i32 0, i32 0}
!290 = !{!"none", !"none", !"none", !"none"}
!291 = !{!"uint*", !"uint*", !"ulong", !"uint"}
!292 = !{!"const", !"", !"", !""}
!293 = !DILocalVariable(name: "keys", arg: 1, scope: !288, file: !17, line: 94, type: !20)
!294 = !DILocation(line: 94, column: 46, scope: !288)
!295 = !DILocalVariable(name: "bins", arg: 2, scope: !288, file: !17, line: 94, type: !22)
!296 = !DILocation(line: 94, column: 67, scope: !288)
!297 = !DILocalVariable(name: "count", arg: 3, scope: !288, file: !17, line: 95, type: !12)
!298 = !DILocation(line: 95, column: 31, scope: !288)
!299 = !DILocalVariable(name: "shift", arg: 4, scope: !288, file: !17, line: 95, type: !7)
!300 = !DILocation(line: 95, column: 43, scope: !288)
!301 = !DILocation(line: 96, column: 1, scope: !288)
!302 = !DILocation(line: 116, column: 1, scope: !288)
!303 = !DILocalVariable(name: "keys", arg: 1, scope: !16, file: !17, line: 94, type: !20)
!304 = !DILocation(line: 94, column: 46, scope: !16)
!305 = !DILocalVariable(name: "bins", arg: 2, scope: !16, file: !17, line: 94, type: !22)
!306 = !DILocation(line: 94, column: 67, scope: !16)
!307 = !DILocalVariable(name: "count", arg: 3, scope: !16, file: !17, line: 95, type: !12)
!308 = !DILocation(line: 95, column: 31, scope: !16)
!309 = !DILocalVariable(name: "shift", arg: 4, scope: !16, file: !17, line: 95, type: !7)
!310 = !DILocation(line: 95, column: 43, scope: !16)
!311 = !DILocalVariable(name: "lane", scope: !16, file: !17, line: 98, type: !7)
!312 = !DILocation(line: 98, column: 10, scope: !16)
!313 = !DILocation(line: 98, column: 17, scope: !16)
!314 = !DILocalVariable(name: "grp", scope: !16, file: !17, line: 99, type: !7)
!315 = !DILocation(line: 99, column: 10, scope: !16)
!316 = !DILocation(line: 99, column: 17, scope: !16)
!317 = !DILocalVariable(name: "counts", scope: !16, file: !17, line: 100, type: !318)
!318 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 128, elements: !319)
!319 = !{!320}
!320 = !DISubrange(count: 4)
!321 = !DILocation(line: 100, column: 10, scope: !16)
!322 = !DILocation(line: 102, column: 9, scope: !323)
!323 = distinct !DILexicalBlock(scope: !16, file: !17, line: 102, column: 9)
!324 = !DILocation(line: 102, column: 14, scope: !323)
!325 = !DILocation(line: 103, column: 20, scope: !323)
!326 = !DILocation(line: 103, column: 9, scope: !323)
!327 = !DILocation(line: 103, column: 26, scope: !323)
!328 = !DILocation(line: 104, column: 5, scope: !16)
!329 = !DILocalVariable(name: "i", scope: !330, file: !17, line: 106, type: !12)
!330 = distinct !DILexicalBlock(scope: !16, file: !17, line: 106, column: 5)
!331 = !DILocation(line: 106, column: 16, scope: !330)
!332 = !DILocation(line: 106, column: 27, scope: !330)
!333 = !DILocation(line: 106, column: 20, scope: !330)
!334 = !DILocation(line: 106, column: 31, scope: !330)
!335 = !DILocation(line: 106, column: 38, scope: !330)
!336 = !DILocation(line: 106, column: 36, scope: !330)
!337 = !DILocation(line: 106, column: 10, scope: !330)
!338 = !DILocation(line: 106, column: 44, scope: !339)
!339 = distinct !DILexicalBlock(scope: !330, file: !17, line: 106, column: 5)
!340 = !DILocation(line: 106, column: 48, scope: !339)
!341 = !DILocation(line: 106, column: 46, scope: !339)
!342 = !DILocation(line: 106, column: 5, scope: !330)
!343 = !DILocalVariable(name: "k", scope: !344, file: !17, line: 107, type: !7)
!344 = distinct !DILexicalBlock(scope: !339, file: !17, line: 106, column: 66)
!345 = !DILocation(line: 107, column: 14, scope: !344)
!346 = !DILocation(line: 107, column: 19, scope: !344)
!347 = !DILocation(line: 107, column: 24, scope: !344)
!348 = !DILocation(line: 107, column: 30, scope: !344)
!349 = !DILocation(line: 107, column: 27, scope: !344)
!350 = !DILocation(line: 107, column: 37, scope: !344)
!351 = !DILocation(line: 108, column: 16, scope: !344)
!352 = !DILocation(line: 108, column: 18, scope: !344)
!353 = !DILocation(line: 108, column: 9, scope: !344)
!354 = !DILocation(line: 108, column: 23, scope: !344)
!355 = !DILocation(line: 109, column: 40, scope: !344)
!356 = !DILocation(line: 109, column: 29, scope: !344)
!357 = !DILocation(line: 109, column: 9, scope: !344)
!358 = !DILocation(line: 110, column: 5, scope: !344)
!359 = !DILocation(line: 106, column: 57, scope: !339)
!360 = !DILocation(line: 106, column: 5, scope: !339)
!361 = distinct !{!361, !342, !362}
!362 = !DILocation(line: 110, column: 5, scope: !330)
!363 = !DILocation(line: 111, column: 5, scope: !16)
!364 = !DILocalVariable(name: "total", scope: !16, file: !17, line: 113, type: !7)
!365 = !DILocation(line: 113, column: 10, scope: !16)
!366 = !DILocation(line: 113, column: 18, scope: !16)
!367 = !DILocation(line: 113, column: 30, scope: !16)
!368 = !DILocation(line: 113, column: 28, scope: !16)
!369 = !DILocation(line: 113, column: 42, scope: !16)
!370 = !DILocation(line: 113, column: 40, scope: !16)
!371 = !DILocation(line: 113, column: 54, scope: !16)
!372 = !DILocation(line: 113, column: 52, scope: !16)
!373 = !DILocation(line: 114, column: 9, scope: !374)
!374 = distinct !DILexicalBlock(scope: !16, file: !17, line: 114, column: 9)
!375 = !DILocation(line: 114, column: 14, scope: !374)
!376 = !DILocation(line: 115, column: 29, scope: !374)
!377 = !DILocation(line: 115, column: 34, scope: !374)
!378 = !DILocation(line: 115, column: 52, scope: !374)
!379 = !DILocation(line: 115, column: 41, scope: !374)
!380 = !DILocation(line: 115, column: 61, scope: !374)
!381 = !DILocation(line: 115, column: 67, scope: !374)
!382 = !DILocation(line: 115, column: 58, scope: !374)
!383 = !DILocation(line: 115, column: 9, scope: !374)
!384 = !DILocation(line: 116, column: 1, scope: !16)

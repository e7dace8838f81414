; ModuleID = '/work/main/tools/corpus/src/device.hip'
source_filename = "/work/main/tools/corpus/src/device.hip"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.Sample = type { double, %struct.Packed, i64 }
%struct.Packed = type { i32 }

@_ZZ14reduce_samplesPdPK6SamplexiE4tile = internal addrspace(3) global [128 x double] undef, align 16, !dbg !0
@__hip_cuid_909a440c19fafaf1 = addrspace(1) global i8 0
@llvm.compiler.used = appending addrspace(1) global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @__hip_cuid_909a440c19fafaf1 to ptr)], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline nounwind optnone
define hidden noundef i32 @_Z10clamp_bitsRK6Packedi(ptr noundef nonnull align 4 dereferenceable(4) %0, i32 noundef %1) #0 !dbg !39 {
  %3 = alloca i32, align 4, addrspace(5)
  %4 = alloca ptr, align 8, addrspace(5)
  %5 = alloca i32, align 4, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = addrspacecast ptr addrspace(5) %3 to ptr
  %8 = addrspacecast ptr addrspace(5) %4 to ptr
  %9 = addrspacecast ptr addrspace(5) %5 to ptr
  %10 = addrspacecast ptr addrspace(5) %6 to ptr
  store ptr %0, ptr %8, align 8
    #dbg_declare(ptr addrspace(5) %4, !44, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr)), !45)
  store i32 %1, ptr %9, align 4
    #dbg_declare(ptr addrspace(5) %5, !46, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !47)
    #dbg_declare(ptr addrspace(5) %6, !48, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !49)
  %11 = load ptr, ptr %8, align 8, !dbg !50, !nonnull !27, !align !51
  %12 = load i32, ptr %11, align 4, !dbg !52
  %13 = and i32 %12, 31, !dbg !52
  %14 = load ptr, ptr %8, align 8, !dbg !53, !nonnull !27, !align !51
  %15 = load i32, ptr %14, align 4, !dbg !54
  %16 = lshr i32 %15, 5, !dbg !54
  %17 = and i32 %16, 511, !dbg !54
  %18 = add nsw i32 %13, %17, !dbg !55
  %19 = load ptr, ptr %8, align 8, !dbg !56, !nonnull !27, !align !51
  %20 = load i32, ptr %19, align 4, !dbg !57
  %21 = ashr i32 %20, 14, !dbg !57
  %22 = add nsw i32 %18, %21, !dbg !58
  store i32 %22, ptr %10, align 4, !dbg !49
  %23 = load i32, ptr %10, align 4, !dbg !59
  %24 = load i32, ptr %9, align 4, !dbg !61
  %25 = icmp sgt i32 %23, %24, !dbg !62
  br i1 %25, label %26, label %28, !dbg !62

26:                                               ; preds = %2
  %27 = load i32, ptr %9, align 4, !dbg !63
  store i32 %27, ptr %10, align 4, !dbg !64
  br label %37, !dbg !65

28:                                               ; preds = %2
  %29 = load i32, ptr %10, align 4, !dbg !66
  %30 = load i32, ptr %9, align 4, !dbg !68
  %31 = sub nsw i32 0, %30, !dbg !69
  %32 = icmp slt i32 %29, %31, !dbg !70
  br i1 %32, label %33, label %36, !dbg !70

33:                                               ; preds = %28
  %34 = load i32, ptr %9, align 4, !dbg !71
  %35 = sub nsw i32 0, %34, !dbg !72
  store i32 %35, ptr %10, align 4, !dbg !73
  br label %36, !dbg !74

36:                                               ; preds = %33, %28
  br label %37

37:                                               ; preds = %36, %26
  %38 = load i32, ptr %10, align 4, !dbg !75
  ret i32 %38, !dbg !76
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define hidden noundef double @_Z10accumulateP6Sampleix(ptr noundef %0, i32 noundef %1, i64 noundef %2) #0 !dbg !77 {
  %4 = alloca double, align 8, addrspace(5)
  %5 = alloca ptr, align 8, addrspace(5)
  %6 = alloca i32, align 4, addrspace(5)
  %7 = alloca i64, align 8, addrspace(5)
  %8 = alloca double, align 8, addrspace(5)
  %9 = alloca [4 x i32], align 16, addrspace(5)
  %10 = alloca i32, align 4, addrspace(5)
  %11 = addrspacecast ptr addrspace(5) %4 to ptr
  %12 = addrspacecast ptr addrspace(5) %5 to ptr
  %13 = addrspacecast ptr addrspace(5) %6 to ptr
  %14 = addrspacecast ptr addrspace(5) %7 to ptr
  %15 = addrspacecast ptr addrspace(5) %8 to ptr
  %16 = addrspacecast ptr addrspace(5) %9 to ptr
  %17 = addrspacecast ptr addrspace(5) %10 to ptr
  store ptr %0, ptr %12, align 8
    #dbg_declare(ptr addrspace(5) %5, !81, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr)), !82)
  store i32 %1, ptr %13, align 4
    #dbg_declare(ptr addrspace(5) %6, !83, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !84)
  store i64 %2, ptr %14, align 8
    #dbg_declare(ptr addrspace(5) %7, !85, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !86)
    #dbg_declare(ptr addrspace(5) %8, !87, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(double)), !88)
  store double 0.000000e+00, ptr %15, align 8, !dbg !88
    #dbg_declare(ptr addrspace(5) %9, !89, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref([4 x i32])), !93)
  call void @llvm.memset.p0.i64(ptr align 16 %16, i8 0, i64 16, i1 false), !dbg !93
    #dbg_declare(ptr addrspace(5) %10, !94, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !96)
  store i32 0, ptr %17, align 4, !dbg !96
  br label %18, !dbg !97

18:                                               ; preds = %53, %3
  %19 = load i32, ptr %17, align 4, !dbg !98
  %20 = load i32, ptr %13, align 4, !dbg !100
  %21 = icmp slt i32 %19, %20, !dbg !101
  br i1 %21, label %22, label %56, !dbg !102

22:                                               ; preds = %18
  %23 = load ptr, ptr %12, align 8, !dbg !103
  %24 = load i32, ptr %17, align 4, !dbg !105
  %25 = sext i32 %24 to i64, !dbg !103
  %26 = getelementptr inbounds %struct.Sample, ptr %23, i64 %25, !dbg !103
  %27 = getelementptr inbounds nuw %struct.Sample, ptr %26, i32 0, i32 1, !dbg !106
  %28 = call noundef i32 @_Z10clamp_bitsRK6Packedi(ptr noundef nonnull align 4 dereferenceable(4) %27, i32 noundef 1000) #6, !dbg !107
  %29 = load i32, ptr %17, align 4, !dbg !108
  %30 = and i32 %29, 3, !dbg !109
  %31 = sext i32 %30 to i64, !dbg !110
  %32 = getelementptr inbounds [4 x i32], ptr %16, i64 0, i64 %31, !dbg !110
  %33 = load i32, ptr %32, align 4, !dbg !111
  %34 = add nsw i32 %33, %28, !dbg !111
  store i32 %34, ptr %32, align 4, !dbg !111
  %35 = load ptr, ptr %12, align 8, !dbg !112
  %36 = load i32, ptr %17, align 4, !dbg !113
  %37 = sext i32 %36 to i64, !dbg !112
  %38 = getelementptr inbounds %struct.Sample, ptr %35, i64 %37, !dbg !112
  %39 = getelementptr inbounds nuw %struct.Sample, ptr %38, i32 0, i32 0, !dbg !114
  %40 = load double, ptr %39, align 8, !dbg !114
  %41 = load ptr, ptr %12, align 8, !dbg !115
  %42 = load i32, ptr %17, align 4, !dbg !116
  %43 = sext i32 %42 to i64, !dbg !115
  %44 = getelementptr inbounds %struct.Sample, ptr %41, i64 %43, !dbg !115
  %45 = getelementptr inbounds nuw %struct.Sample, ptr %44, i32 0, i32 2, !dbg !117
  %46 = load i64, ptr %45, align 8, !dbg !117
  %47 = load i64, ptr %14, align 8, !dbg !118
  %48 = sub nsw i64 %46, %47, !dbg !119
  %49 = sitofp i64 %48 to double, !dbg !120
  %50 = fmul contract double %40, %49, !dbg !121
  %51 = load double, ptr %15, align 8, !dbg !122
  %52 = fadd contract double %51, %50, !dbg !122
  store double %52, ptr %15, align 8, !dbg !122
  br label %53, !dbg !123

53:                                               ; preds = %22
  %54 = load i32, ptr %17, align 4, !dbg !124
  %55 = add nsw i32 %54, 1, !dbg !124
  store i32 %55, ptr %17, align 4, !dbg !124
  br label %18, !dbg !125, !llvm.loop !126

56:                                               ; preds = %18
  %57 = load double, ptr %15, align 8, !dbg !129
  %58 = getelementptr inbounds [4 x i32], ptr %16, i64 0, i64 0, !dbg !130
  %59 = load i32, ptr %58, align 16, !dbg !130
  %60 = sitofp i32 %59 to double, !dbg !130
  %61 = fadd contract double %57, %60, !dbg !131
  %62 = getelementptr inbounds [4 x i32], ptr %16, i64 0, i64 3, !dbg !132
  %63 = load i32, ptr %62, align 4, !dbg !132
  %64 = sitofp i32 %63 to double, !dbg !132
  %65 = fsub contract double %61, %64, !dbg !133
  ret double %65, !dbg !134
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define protected amdgpu_kernel void @_Z14reduce_samplesPdPK6Samplexi(ptr addrspace(1) noundef %0, ptr addrspace(1) noundef %1, i64 noundef %2, i32 noundef %3) #2 !dbg !2 {
  %5 = alloca ptr, align 8, addrspace(5)
  %6 = alloca ptr, align 8, addrspace(5)
  %7 = alloca ptr, align 8, addrspace(5)
  %8 = alloca ptr, align 8, addrspace(5)
  %9 = alloca i64, align 8, addrspace(5)
  %10 = alloca i32, align 4, addrspace(5)
  %11 = alloca i32, align 4, addrspace(5)
  %12 = alloca i32, align 4, addrspace(5)
  %13 = alloca [2 x %struct.Sample], align 16, addrspace(5)
  %14 = alloca double, align 8, addrspace(5)
  %15 = alloca i32, align 4, addrspace(5)
  %16 = addrspacecast ptr addrspace(5) %5 to ptr
  %17 = addrspacecast ptr addrspace(5) %6 to ptr
  %18 = addrspacecast ptr addrspace(5) %7 to ptr
  %19 = addrspacecast ptr addrspace(5) %8 to ptr
  %20 = addrspacecast ptr addrspace(5) %9 to ptr
  %21 = addrspacecast ptr addrspace(5) %10 to ptr
  %22 = addrspacecast ptr addrspace(5) %11 to ptr
  %23 = addrspacecast ptr addrspace(5) %12 to ptr
  %24 = addrspacecast ptr addrspace(5) %13 to ptr
  %25 = addrspacecast ptr addrspace(5) %14 to ptr
  %26 = addrspacecast ptr addrspace(5) %15 to ptr
  store ptr addrspace(1) %0, ptr %16, align 8
  %27 = load ptr, ptr %16, align 8
  store ptr addrspace(1) %1, ptr %17, align 8
  %28 = load ptr, ptr %17, align 8
  store ptr %27, ptr %18, align 8
    #dbg_declare(ptr addrspace(5) %7, !135, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr)), !136)
  store ptr %28, ptr %19, align 8
    #dbg_declare(ptr addrspace(5) %8, !137, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(ptr)), !138)
  store i64 %2, ptr %20, align 8
    #dbg_declare(ptr addrspace(5) %9, !139, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i64)), !140)
  store i32 %3, ptr %21, align 4
    #dbg_declare(ptr addrspace(5) %10, !141, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !142)
    #dbg_declare(ptr addrspace(5) %11, !143, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !144)
  %29 = call noundef i32 @_ZL7lane_idv() #6, !dbg !145
  store i32 %29, ptr %22, align 4, !dbg !144
    #dbg_declare(ptr addrspace(5) %12, !146, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !147)
  %30 = call noundef i32 @_ZL8block_idv() #6, !dbg !148
  %31 = mul i32 %30, 128, !dbg !149
  %32 = load i32, ptr %22, align 4, !dbg !150
  %33 = add i32 %31, %32, !dbg !151
  store i32 %33, ptr %23, align 4, !dbg !147
    #dbg_declare(ptr addrspace(5) %13, !152, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref([2 x %struct.Sample])), !156)
  %34 = load ptr, ptr %19, align 8, !dbg !157
  %35 = load i32, ptr %23, align 4, !dbg !158
  %36 = load i32, ptr %21, align 4, !dbg !159
  %37 = urem i32 %35, %36, !dbg !160
  %38 = zext i32 %37 to i64, !dbg !157
  %39 = getelementptr inbounds nuw %struct.Sample, ptr %34, i64 %38, !dbg !157
  %40 = getelementptr inbounds [2 x %struct.Sample], ptr %24, i64 0, i64 0, !dbg !161
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %40, ptr align 8 %39, i64 24, i1 false), !dbg !162
  %41 = load ptr, ptr %19, align 8, !dbg !163
  %42 = load i32, ptr %23, align 4, !dbg !164
  %43 = add i32 %42, 1, !dbg !165
  %44 = load i32, ptr %21, align 4, !dbg !166
  %45 = urem i32 %43, %44, !dbg !167
  %46 = zext i32 %45 to i64, !dbg !163
  %47 = getelementptr inbounds nuw %struct.Sample, ptr %41, i64 %46, !dbg !163
  %48 = getelementptr inbounds [2 x %struct.Sample], ptr %24, i64 0, i64 1, !dbg !168
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %48, ptr align 8 %47, i64 24, i1 false), !dbg !169
    #dbg_declare(ptr addrspace(5) %14, !170, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(double)), !171)
  %49 = load i32, ptr %22, align 4, !dbg !172
  %50 = and i32 %49, 1, !dbg !174
  %51 = icmp ne i32 %50, 0, !dbg !172
  br i1 %51, label %52, label %56, !dbg !172

52:                                               ; preds = %4
  %53 = getelementptr inbounds [2 x %struct.Sample], ptr %24, i64 0, i64 0, !dbg !175
  %54 = load i64, ptr %20, align 8, !dbg !176
  %55 = call contract noundef double @_Z10accumulateP6Sampleix(ptr noundef %53, i32 noundef 2, i64 noundef %54) #6, !dbg !177
  store double %55, ptr %25, align 8, !dbg !178
  br label %60, !dbg !179

56:                                               ; preds = %4
  %57 = getelementptr inbounds [2 x %struct.Sample], ptr %24, i64 0, i64 0, !dbg !180
  %58 = getelementptr inbounds nuw %struct.Sample, ptr %57, i32 0, i32 0, !dbg !181
  %59 = load double, ptr %58, align 16, !dbg !181
  store double %59, ptr %25, align 8, !dbg !182
  br label %60

60:                                               ; preds = %56, %52
  %61 = load double, ptr %25, align 8, !dbg !183
  %62 = load i32, ptr %22, align 4, !dbg !184
  %63 = and i32 %62, 127, !dbg !185
  %64 = zext i32 %63 to i64, !dbg !186
  %65 = getelementptr inbounds nuw [128 x double], ptr addrspacecast (ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile to ptr), i64 0, i64 %64, !dbg !186
  store double %61, ptr %65, align 8, !dbg !187
  call void @llvm.amdgcn.s.barrier(), !dbg !188
    #dbg_declare(ptr addrspace(5) %15, !189, !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)), !191)
  store i32 64, ptr %26, align 4, !dbg !191
  br label %66, !dbg !192

66:                                               ; preds = %86, %60
  %67 = load i32, ptr %26, align 4, !dbg !193
  %68 = icmp ugt i32 %67, 0, !dbg !195
  br i1 %68, label %69, label %89, !dbg !196

69:                                               ; preds = %66
  %70 = load i32, ptr %22, align 4, !dbg !197
  %71 = load i32, ptr %26, align 4, !dbg !200
  %72 = icmp ult i32 %70, %71, !dbg !201
  br i1 %72, label %73, label %85, !dbg !201

73:                                               ; preds = %69
  %74 = load i32, ptr %22, align 4, !dbg !202
  %75 = load i32, ptr %26, align 4, !dbg !203
  %76 = add i32 %74, %75, !dbg !204
  %77 = zext i32 %76 to i64, !dbg !205
  %78 = getelementptr inbounds nuw [128 x double], ptr addrspacecast (ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile to ptr), i64 0, i64 %77, !dbg !205
  %79 = load double, ptr %78, align 8, !dbg !205
  %80 = load i32, ptr %22, align 4, !dbg !206
  %81 = zext i32 %80 to i64, !dbg !207
  %82 = getelementptr inbounds nuw [128 x double], ptr addrspacecast (ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile to ptr), i64 0, i64 %81, !dbg !207
  %83 = load double, ptr %82, align 8, !dbg !208
  %84 = fadd contract double %83, %79, !dbg !208
  store double %84, ptr %82, align 8, !dbg !208
  br label %85, !dbg !207

85:                                               ; preds = %73, %69
  call void @llvm.amdgcn.s.barrier(), !dbg !209
  br label %86, !dbg !210

86:                                               ; preds = %85
  %87 = load i32, ptr %26, align 4, !dbg !211
  %88 = lshr i32 %87, 1, !dbg !211
  store i32 %88, ptr %26, align 4, !dbg !211
  br label %66, !dbg !212, !llvm.loop !213

89:                                               ; preds = %66
  %90 = load i32, ptr %22, align 4, !dbg !215
  %91 = icmp eq i32 %90, 0, !dbg !217
  br i1 %91, label %92, label %98, !dbg !217

92:                                               ; preds = %89
  %93 = load double, ptr addrspacecast (ptr addrspace(3) @_ZZ14reduce_samplesPdPK6SamplexiE4tile to ptr), align 16, !dbg !218
  %94 = load ptr, ptr %18, align 8, !dbg !219
  %95 = call noundef i32 @_ZL8block_idv() #6, !dbg !220
  %96 = zext i32 %95 to i64, !dbg !219
  %97 = getelementptr inbounds nuw double, ptr %94, i64 %96, !dbg !219
  store double %93, ptr %97, align 8, !dbg !221
  br label %98, !dbg !219

98:                                               ; preds = %92, %89
  ret void, !dbg !222
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal noundef i32 @_ZL7lane_idv() #0 !dbg !223 {
  %1 = alloca i32, align 4, addrspace(5)
  %2 = addrspacecast ptr addrspace(5) %1 to ptr
  %3 = call i32 @llvm.amdgcn.workitem.id.x(), !dbg !226
  ret i32 %3, !dbg !227
}

; Function Attrs: convergent mustprogress noinline nounwind optnone
define internal noundef i32 @_ZL8block_idv() #0 !dbg !228 {
  %1 = alloca i32, align 4, addrspace(5)
  %2 = addrspacecast ptr addrspace(5) %1 to ptr
  %3 = call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !229
  ret i32 %3, !dbg !230
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #3

; Function Attrs: convergent nocallback nofree nounwind willreturn
declare void @llvm.amdgcn.s.barrier() #4

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #5

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #5

attributes #0 = { convergent mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #2 = { convergent mustprogress noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="1,1024" "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="gfx90a"  "uniform-work-group-size"="true" }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { convergent nocallback nofree nounwind willreturn }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { convergent nounwind }

!llvm.dbg.cu = !{!23}
!llvm.module.flags = !{!31, !32, !33, !34, !35, !36, !37}
!llvm.ident = !{!38}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DIOpArg(0, ptr addrspace(3)), DIOpDeref([128 x double])))
!1 = distinct !DIGlobalVariable(name: "tile", scope: !2, file: !3, line: 48, type: !28, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "reduce_samples", linkageName: "_Z14reduce_samplesPdPK6Samplexi", scope: !3, file: !3, line: 46, type: !4, scopeLine: 47, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !23, retainedNodes: !27)
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
!23 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !24, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !25, globals: !26, splitDebugInlining: false, nameTableKind: None)
!24 = !DIFile(filename: "/hetdwarf/src/device.hip", directory: "/hetdwarf", checksumkind: CSK_MD5, checksum: "645ddee1243d6d4f4c59565a82128fe0")
!25 = !{!7}
!26 = !{!0}
!27 = !{}
!28 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 8192, elements: !29)
!29 = !{!30}
!30 = !DISubrange(count: 128)
!31 = !{i32 1, !"amdhsa_code_object_version", i32 600}
!32 = !{i32 1, !"amdgpu_printf_kind", !"hostcall"}
!33 = !{i32 7, !"Dwarf Version", i32 5}
!34 = !{i32 2, !"Debug Info Version", i32 3}
!35 = !{i32 1, !"wchar_size", i32 4}
!36 = !{i32 8, !"PIC Level", i32 2}
!37 = !{i32 7, !"frame-pointer", i32 2}
!38 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!39 = distinct !DISubprogram(name: "clamp_bits", linkageName: "_Z10clamp_bitsRK6Packedi", scope: !3, file: !3, line: 27, type: !40, scopeLine: 28, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !23, retainedNodes: !27)
!40 = !DISubroutineType(types: !41)
!41 = !{!20, !42, !20}
!42 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !43, size: 64, addressSpace: 1)
!43 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !14)
!44 = !DILocalVariable(name: "p", arg: 1, scope: !39, file: !3, line: 27, type: !42)
!45 = !DILocation(line: 27, column: 67, scope: !39)
!46 = !DILocalVariable(name: "limit", arg: 2, scope: !39, file: !3, line: 27, type: !20)
!47 = !DILocation(line: 27, column: 74, scope: !39)
!48 = !DILocalVariable(name: "s", scope: !39, file: !3, line: 29, type: !20)
!49 = !DILocation(line: 29, column: 9, scope: !39)
!50 = !DILocation(line: 29, column: 13, scope: !39)
!51 = !{i64 4}
!52 = !DILocation(line: 29, column: 15, scope: !39)
!53 = !DILocation(line: 29, column: 20, scope: !39)
!54 = !DILocation(line: 29, column: 22, scope: !39)
!55 = !DILocation(line: 29, column: 18, scope: !39)
!56 = !DILocation(line: 29, column: 28, scope: !39)
!57 = !DILocation(line: 29, column: 30, scope: !39)
!58 = !DILocation(line: 29, column: 26, scope: !39)
!59 = !DILocation(line: 30, column: 9, scope: !60)
!60 = distinct !DILexicalBlock(scope: !39, file: !3, line: 30, column: 9)
!61 = !DILocation(line: 30, column: 13, scope: !60)
!62 = !DILocation(line: 30, column: 11, scope: !60)
!63 = !DILocation(line: 30, column: 24, scope: !60)
!64 = !DILocation(line: 30, column: 22, scope: !60)
!65 = !DILocation(line: 30, column: 20, scope: !60)
!66 = !DILocation(line: 31, column: 14, scope: !67)
!67 = distinct !DILexicalBlock(scope: !60, file: !3, line: 31, column: 14)
!68 = !DILocation(line: 31, column: 19, scope: !67)
!69 = !DILocation(line: 31, column: 18, scope: !67)
!70 = !DILocation(line: 31, column: 16, scope: !67)
!71 = !DILocation(line: 31, column: 31, scope: !67)
!72 = !DILocation(line: 31, column: 30, scope: !67)
!73 = !DILocation(line: 31, column: 28, scope: !67)
!74 = !DILocation(line: 31, column: 26, scope: !67)
!75 = !DILocation(line: 32, column: 12, scope: !39)
!76 = !DILocation(line: 32, column: 5, scope: !39)
!77 = distinct !DISubprogram(name: "accumulate", linkageName: "_Z10accumulateP6Sampleix", scope: !3, file: !3, line: 35, type: !78, scopeLine: 36, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !23, retainedNodes: !27)
!78 = !DISubroutineType(types: !79)
!79 = !{!7, !80, !20, !22}
!80 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64, addressSpace: 1)
!81 = !DILocalVariable(name: "samples", arg: 1, scope: !77, file: !3, line: 35, type: !80)
!82 = !DILocation(line: 35, column: 64, scope: !77)
!83 = !DILocalVariable(name: "count", arg: 2, scope: !77, file: !3, line: 35, type: !20)
!84 = !DILocation(line: 35, column: 77, scope: !77)
!85 = !DILocalVariable(name: "base", arg: 3, scope: !77, file: !3, line: 35, type: !22)
!86 = !DILocation(line: 35, column: 94, scope: !77)
!87 = !DILocalVariable(name: "total", scope: !77, file: !3, line: 37, type: !7)
!88 = !DILocation(line: 37, column: 12, scope: !77)
!89 = !DILocalVariable(name: "clamped", scope: !77, file: !3, line: 38, type: !90)
!90 = !DICompositeType(tag: DW_TAG_array_type, baseType: !20, size: 128, elements: !91)
!91 = !{!92}
!92 = !DISubrange(count: 4)
!93 = !DILocation(line: 38, column: 9, scope: !77)
!94 = !DILocalVariable(name: "i", scope: !95, file: !3, line: 39, type: !20)
!95 = distinct !DILexicalBlock(scope: !77, file: !3, line: 39, column: 5)
!96 = !DILocation(line: 39, column: 14, scope: !95)
!97 = !DILocation(line: 39, column: 10, scope: !95)
!98 = !DILocation(line: 39, column: 21, scope: !99)
!99 = distinct !DILexicalBlock(scope: !95, file: !3, line: 39, column: 5)
!100 = !DILocation(line: 39, column: 25, scope: !99)
!101 = !DILocation(line: 39, column: 23, scope: !99)
!102 = !DILocation(line: 39, column: 5, scope: !95)
!103 = !DILocation(line: 40, column: 38, scope: !104)
!104 = distinct !DILexicalBlock(scope: !99, file: !3, line: 39, column: 37)
!105 = !DILocation(line: 40, column: 46, scope: !104)
!106 = !DILocation(line: 40, column: 49, scope: !104)
!107 = !DILocation(line: 40, column: 27, scope: !104)
!108 = !DILocation(line: 40, column: 17, scope: !104)
!109 = !DILocation(line: 40, column: 19, scope: !104)
!110 = !DILocation(line: 40, column: 9, scope: !104)
!111 = !DILocation(line: 40, column: 24, scope: !104)
!112 = !DILocation(line: 41, column: 18, scope: !104)
!113 = !DILocation(line: 41, column: 26, scope: !104)
!114 = !DILocation(line: 41, column: 29, scope: !104)
!115 = !DILocation(line: 41, column: 46, scope: !104)
!116 = !DILocation(line: 41, column: 54, scope: !104)
!117 = !DILocation(line: 41, column: 57, scope: !104)
!118 = !DILocation(line: 41, column: 65, scope: !104)
!119 = !DILocation(line: 41, column: 63, scope: !104)
!120 = !DILocation(line: 41, column: 45, scope: !104)
!121 = !DILocation(line: 41, column: 35, scope: !104)
!122 = !DILocation(line: 41, column: 15, scope: !104)
!123 = !DILocation(line: 42, column: 5, scope: !104)
!124 = !DILocation(line: 39, column: 32, scope: !99)
!125 = !DILocation(line: 39, column: 5, scope: !99)
!126 = distinct !{!126, !102, !127, !128}
!127 = !DILocation(line: 42, column: 5, scope: !95)
!128 = !{!"llvm.loop.mustprogress"}
!129 = !DILocation(line: 43, column: 12, scope: !77)
!130 = !DILocation(line: 43, column: 20, scope: !77)
!131 = !DILocation(line: 43, column: 18, scope: !77)
!132 = !DILocation(line: 43, column: 33, scope: !77)
!133 = !DILocation(line: 43, column: 31, scope: !77)
!134 = !DILocation(line: 43, column: 5, scope: !77)
!135 = !DILocalVariable(name: "out", arg: 1, scope: !2, file: !3, line: 46, type: !6)
!136 = !DILocation(line: 46, column: 40, scope: !2)
!137 = !DILocalVariable(name: "in", arg: 2, scope: !2, file: !3, line: 46, type: !8)
!138 = !DILocation(line: 46, column: 59, scope: !2)
!139 = !DILocalVariable(name: "base", arg: 3, scope: !2, file: !3, line: 46, type: !22)
!140 = !DILocation(line: 46, column: 73, scope: !2)
!141 = !DILocalVariable(name: "n", arg: 4, scope: !2, file: !3, line: 46, type: !20)
!142 = !DILocation(line: 46, column: 83, scope: !2)
!143 = !DILocalVariable(name: "t", scope: !2, file: !3, line: 49, type: !17)
!144 = !DILocation(line: 49, column: 14, scope: !2)
!145 = !DILocation(line: 49, column: 18, scope: !2)
!146 = !DILocalVariable(name: "g", scope: !2, file: !3, line: 50, type: !17)
!147 = !DILocation(line: 50, column: 14, scope: !2)
!148 = !DILocation(line: 50, column: 18, scope: !2)
!149 = !DILocation(line: 50, column: 29, scope: !2)
!150 = !DILocation(line: 50, column: 37, scope: !2)
!151 = !DILocation(line: 50, column: 35, scope: !2)
!152 = !DILocalVariable(name: "local", scope: !2, file: !3, line: 51, type: !153)
!153 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, size: 384, elements: !154)
!154 = !{!155}
!155 = !DISubrange(count: 2)
!156 = !DILocation(line: 51, column: 12, scope: !2)
!157 = !DILocation(line: 52, column: 16, scope: !2)
!158 = !DILocation(line: 52, column: 19, scope: !2)
!159 = !DILocation(line: 52, column: 23, scope: !2)
!160 = !DILocation(line: 52, column: 21, scope: !2)
!161 = !DILocation(line: 52, column: 5, scope: !2)
!162 = !DILocation(line: 52, column: 14, scope: !2)
!163 = !DILocation(line: 53, column: 16, scope: !2)
!164 = !DILocation(line: 53, column: 20, scope: !2)
!165 = !DILocation(line: 53, column: 22, scope: !2)
!166 = !DILocation(line: 53, column: 29, scope: !2)
!167 = !DILocation(line: 53, column: 27, scope: !2)
!168 = !DILocation(line: 53, column: 5, scope: !2)
!169 = !DILocation(line: 53, column: 14, scope: !2)
!170 = !DILocalVariable(name: "r", scope: !2, file: !3, line: 54, type: !7)
!171 = !DILocation(line: 54, column: 12, scope: !2)
!172 = !DILocation(line: 55, column: 9, scope: !173)
!173 = distinct !DILexicalBlock(scope: !2, file: !3, line: 55, column: 9)
!174 = !DILocation(line: 55, column: 11, scope: !173)
!175 = !DILocation(line: 56, column: 24, scope: !173)
!176 = !DILocation(line: 56, column: 34, scope: !173)
!177 = !DILocation(line: 56, column: 13, scope: !173)
!178 = !DILocation(line: 56, column: 11, scope: !173)
!179 = !DILocation(line: 56, column: 9, scope: !173)
!180 = !DILocation(line: 58, column: 13, scope: !173)
!181 = !DILocation(line: 58, column: 22, scope: !173)
!182 = !DILocation(line: 58, column: 11, scope: !173)
!183 = !DILocation(line: 59, column: 21, scope: !2)
!184 = !DILocation(line: 59, column: 10, scope: !2)
!185 = !DILocation(line: 59, column: 12, scope: !2)
!186 = !DILocation(line: 59, column: 5, scope: !2)
!187 = !DILocation(line: 59, column: 19, scope: !2)
!188 = !DILocation(line: 60, column: 5, scope: !2)
!189 = !DILocalVariable(name: "stride", scope: !190, file: !3, line: 61, type: !17)
!190 = distinct !DILexicalBlock(scope: !2, file: !3, line: 61, column: 5)
!191 = !DILocation(line: 61, column: 19, scope: !190)
!192 = !DILocation(line: 61, column: 10, scope: !190)
!193 = !DILocation(line: 61, column: 32, scope: !194)
!194 = distinct !DILexicalBlock(scope: !190, file: !3, line: 61, column: 5)
!195 = !DILocation(line: 61, column: 39, scope: !194)
!196 = !DILocation(line: 61, column: 5, scope: !190)
!197 = !DILocation(line: 62, column: 13, scope: !198)
!198 = distinct !DILexicalBlock(scope: !199, file: !3, line: 62, column: 13)
!199 = distinct !DILexicalBlock(scope: !194, file: !3, line: 61, column: 58)
!200 = !DILocation(line: 62, column: 17, scope: !198)
!201 = !DILocation(line: 62, column: 15, scope: !198)
!202 = !DILocation(line: 63, column: 29, scope: !198)
!203 = !DILocation(line: 63, column: 33, scope: !198)
!204 = !DILocation(line: 63, column: 31, scope: !198)
!205 = !DILocation(line: 63, column: 24, scope: !198)
!206 = !DILocation(line: 63, column: 18, scope: !198)
!207 = !DILocation(line: 63, column: 13, scope: !198)
!208 = !DILocation(line: 63, column: 21, scope: !198)
!209 = !DILocation(line: 64, column: 9, scope: !199)
!210 = !DILocation(line: 65, column: 5, scope: !199)
!211 = !DILocation(line: 61, column: 51, scope: !194)
!212 = !DILocation(line: 61, column: 5, scope: !194)
!213 = distinct !{!213, !196, !214, !128}
!214 = !DILocation(line: 65, column: 5, scope: !190)
!215 = !DILocation(line: 66, column: 9, scope: !216)
!216 = distinct !DILexicalBlock(scope: !2, file: !3, line: 66, column: 9)
!217 = !DILocation(line: 66, column: 11, scope: !216)
!218 = !DILocation(line: 67, column: 27, scope: !216)
!219 = !DILocation(line: 67, column: 9, scope: !216)
!220 = !DILocation(line: 67, column: 13, scope: !216)
!221 = !DILocation(line: 67, column: 25, scope: !216)
!222 = !DILocation(line: 68, column: 1, scope: !2)
!223 = distinct !DISubprogram(name: "lane_id", linkageName: "_ZL7lane_idv", scope: !3, file: !3, line: 12, type: !224, scopeLine: 12, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !23)
!224 = !DISubroutineType(types: !225)
!225 = !{!17}
!226 = !DILocation(line: 12, column: 55, scope: !223)
!227 = !DILocation(line: 12, column: 48, scope: !223)
!228 = distinct !DISubprogram(name: "block_id", linkageName: "_ZL8block_idv", scope: !3, file: !3, line: 13, type: !224, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !23)
!229 = !DILocation(line: 13, column: 55, scope: !228)
!230 = !DILocation(line: 13, column: 48, scope: !228)

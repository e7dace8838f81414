; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.0a-amd-amdhsa"

@global_smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16

; Function Attrs: norecurse nounwind
define amdgpu_kernel void @matmul(ptr addrspace(1) inreg nofree readonly captures(none) %0, ptr addrspace(1) inreg nofree readonly captures(none) %1, ptr addrspace(1) inreg nofree writeonly captures(none) %2, i32 inreg %3, i32 inreg %4, i32 inreg %5, i32 inreg %6, i32 inreg %7, i32 inreg %8, ptr addrspace(1) inreg nofree readnone captures(none) %9, ptr addrspace(1) inreg nofree readnone captures(none) %10) local_unnamed_addr #0 !dbg !4 {
    #dbg_value(ptr addrspace(1) %0, !13, !DIExpression(), !22)
    #dbg_value(ptr addrspace(1) %1, !14, !DIExpression(), !22)
    #dbg_value(ptr addrspace(1) %2, !15, !DIExpression(), !22)
    #dbg_value(i32 %3, !16, !DIExpression(), !22)
    #dbg_value(i32 %4, !17, !DIExpression(), !22)
    #dbg_value(i32 %5, !18, !DIExpression(), !22)
    #dbg_value(i32 %6, !19, !DIExpression(), !22)
    #dbg_value(i32 %7, !20, !DIExpression(), !22)
    #dbg_value(i32 %8, !21, !DIExpression(), !22)
    #dbg_value(i32 224, !23, !DIExpression(), !25)
    #dbg_value(i32 27, !26, !DIExpression(), !27)
    #dbg_value(i32 26, !26, !DIExpression(), !27)
    #dbg_value(i32 25, !26, !DIExpression(), !27)
    #dbg_value(i32 24, !26, !DIExpression(), !27)
    #dbg_value(i32 19, !26, !DIExpression(), !27)
    #dbg_value(i32 18, !26, !DIExpression(), !27)
    #dbg_value(i32 17, !26, !DIExpression(), !27)
    #dbg_value(i32 240, !26, !DIExpression(), !27)
  %12 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !28
  %13 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %12), !dbg !28
  %14 = lshr i32 %13, 6, !dbg !28
  %15 = and i32 %14, 3, !dbg !28
    #dbg_value(i32 %15, !29, !DIExpression(), !30)
    #dbg_value(i32 %15, !29, !DIExpression(), !30)
    #dbg_value(i32 %15, !31, !DIExpression(), !32)
    #dbg_value(i32 %15, !31, !DIExpression(), !32)
    #dbg_value(i32 %15, !23, !DIExpression(), !25)
    #dbg_value(i32 %15, !23, !DIExpression(), !25)
    #dbg_value(i32 %15, !26, !DIExpression(), !27)
    #dbg_value(i32 %15, !26, !DIExpression(), !27)
    #dbg_value(i32 %15, !26, !DIExpression(), !27)
    #dbg_value(i32 %15, !26, !DIExpression(), !27)
  %16 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !33
    #dbg_value(i32 %16, !34, !DIExpression(), !33)
  %17 = tail call i32 @llvm.amdgcn.workgroup.id.y(), !dbg !35
    #dbg_value(i32 %17, !36, !DIExpression(), !35)
  %18 = shl i32 %16, 5, !dbg !37
    #dbg_value(i32 %18, !26, !DIExpression(), !37)
  %19 = and i32 %12, 63, !dbg !27
    #dbg_value(i32 %19, !26, !DIExpression(), !27)
    #dbg_value(i32 %19, !26, !DIExpression(), !27)
    #dbg_value(i32 %19, !26, !DIExpression(), !27)
  %20 = shl nuw nsw i32 %15, 6, !dbg !27
    #dbg_value(i32 %20, !26, !DIExpression(), !27)
  %21 = or disjoint i32 %20, %19, !dbg !27
    #dbg_value(!DIArgList(i32 %19, i32 %20), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 240, DW_OP_and, DW_OP_stack_value), !27)
  %22 = lshr i32 %21, 4, !dbg !27
    #dbg_value(i32 %22, !26, !DIExpression(), !27)
    #dbg_value(i32 %22, !26, !DIExpression(), !27)
    #dbg_value(i32 %22, !26, !DIExpression(), !27)
    #dbg_value(i32 %22, !26, !DIExpression(), !27)
    #dbg_value(i32 %22, !26, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %22, !26, !DIExpression(), !27)
    #dbg_value(i32 %22, !26, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %20, !26, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !27)
  %23 = and i32 %12, 31, !dbg !27
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %20, !26, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !27)
  %24 = and i32 %12, 32, !dbg !27
    #dbg_value(i32 %24, !26, !DIExpression(), !27)
  %25 = lshr exact i32 %24, 3, !dbg !27
    #dbg_value(i32 %25, !26, !DIExpression(), !27)
    #dbg_value(i32 %25, !26, !DIExpression(), !27)
    #dbg_value(i32 %25, !26, !DIExpression(), !27)
    #dbg_value(i32 %25, !26, !DIExpression(), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 1, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 2, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 3, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 9, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 10, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 11, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 17, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 18, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 19, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 24, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 25, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 26, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 27, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 1, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 2, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 3, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 9, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 10, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 11, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 17, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 18, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 19, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 24, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 25, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 26, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %25, !26, !DIExpression(DW_OP_constu, 27, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %20, !26, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
    #dbg_value(i32 %23, !26, !DIExpression(), !27)
  %26 = or disjoint i32 %22, %18, !dbg !37
    #dbg_value(i32 %26, !26, !DIExpression(), !37)
  %27 = or disjoint i32 %26, 16, !dbg !37
    #dbg_value(!DIArgList(i32 %18, i32 %22), !26, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 16, DW_OP_or, DW_OP_or, DW_OP_stack_value), !37)
  %28 = or disjoint i32 %18, %23, !dbg !37
    #dbg_value(i32 %28, !26, !DIExpression(), !37)
  %29 = shl i32 %17, 5, !dbg !38
    #dbg_value(i32 %29, !39, !DIExpression(), !38)
  %30 = or disjoint i32 %25, %29, !dbg !38
    #dbg_value(i32 %30, !39, !DIExpression(), !38)
  %31 = or disjoint i32 %30, 1, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 1, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %32 = or disjoint i32 %30, 2, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %33 = or disjoint i32 %30, 3, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 3, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %34 = or disjoint i32 %30, 8, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 8, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %35 = or disjoint i32 %30, 9, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 9, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %36 = or disjoint i32 %30, 10, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 10, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %37 = or disjoint i32 %30, 11, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 11, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %38 = or disjoint i32 %30, 16, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 16, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %39 = or disjoint i32 %30, 17, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 17, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %40 = or disjoint i32 %30, 18, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 18, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %41 = or disjoint i32 %30, 19, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 19, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %42 = or disjoint i32 %30, 24, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 24, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %43 = or disjoint i32 %30, 25, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 25, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %44 = or disjoint i32 %30, 26, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 26, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %45 = or disjoint i32 %30, 27, !dbg !38
    #dbg_value(!DIArgList(i32 %29, i32 %25), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 27, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %46 = or disjoint i32 %29, %23, !dbg !38
    #dbg_value(i32 %46, !39, !DIExpression(), !38)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 224, DW_OP_and, DW_OP_stack_value), !25)
  %47 = lshr i32 %21, 5, !dbg !25
    #dbg_value(i32 %47, !23, !DIExpression(), !25)
    #dbg_value(i32 %47, !23, !DIExpression(), !25)
    #dbg_value(i32 %47, !23, !DIExpression(), !25)
    #dbg_value(i32 %47, !23, !DIExpression(), !25)
    #dbg_value(i32 %47, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %47, !23, !DIExpression(), !25)
    #dbg_value(i32 %47, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
  %48 = and i32 %12, 15, !dbg !25
    #dbg_value(i32 %48, !23, !DIExpression(), !25)
    #dbg_value(i32 %48, !23, !DIExpression(), !25)
    #dbg_value(i32 %48, !23, !DIExpression(), !25)
    #dbg_value(i32 %48, !23, !DIExpression(), !25)
    #dbg_value(i32 %48, !23, !DIExpression(), !25)
    #dbg_value(i32 %48, !23, !DIExpression(), !25)
  %49 = icmp slt i32 %26, %3, !dbg !40
    #dbg_value(i1 %49, !41, !DIExpression(), !40)
  %50 = icmp slt i32 %27, %3, !dbg !40
    #dbg_value(i1 %50, !41, !DIExpression(), !40)
  %51 = mul i32 %26, %6, !dbg !43
    #dbg_value(i32 %51, !31, !DIExpression(), !43)
  %52 = mul i32 %27, %6, !dbg !43
    #dbg_value(i32 %52, !31, !DIExpression(), !43)
  %53 = sext i32 %51 to i64, !dbg !44
  %54 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %53, !dbg !44
    #dbg_value(ptr addrspace(1) %54, !45, !DIExpression(), !44)
  %55 = sext i32 %52 to i64, !dbg !44
  %56 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %55, !dbg !44
    #dbg_value(ptr addrspace(1) %56, !45, !DIExpression(), !44)
  %57 = icmp slt i32 %46, %4, !dbg !46
    #dbg_value(i1 %57, !47, !DIExpression(), !46)
  %invariant.op = or disjoint i32 %47, 8, !dbg !48
  %58 = icmp sgt i32 %5, 0, !dbg !48
  br i1 %58, label %.lr.ph, label %._crit_edge, !dbg !48

.lr.ph:                                           ; preds = %11
  %59 = sext i32 %46 to i64
  %invariant.gep = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %59, !dbg !48
  %60 = shl nuw nsw i32 %21, 1
  %61 = shl nuw nsw i32 %15, 3
  %62 = xor i32 %60, %61
  %63 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %62
  %64 = getelementptr inbounds nuw i8, ptr addrspace(3) %63, i32 512
  %65 = shl nuw nsw i32 %23, 5
  %66 = shl nuw nsw i32 %12, 1
  %67 = and i32 %66, 24
  %68 = lshr exact i32 %24, 2
  %69 = xor i32 %67, %68
  %70 = or disjoint i32 %69, %65
  %71 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %70
  %72 = xor i32 %70, 16
  %73 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %72
  %74 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %60
  %75 = getelementptr inbounds nuw i8, ptr addrspace(3) %74, i32 512
  %76 = shl nuw nsw i32 %23, 1
  %77 = shl nuw nsw i32 %24, 3
  %78 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %77
  %79 = getelementptr inbounds nuw i8, ptr addrspace(3) %78, i32 %76
  %80 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 64
  %81 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 128
  %82 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 192
  %83 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 512
  %84 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 576
  %85 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 640
  %86 = getelementptr inbounds nuw i8, ptr addrspace(3) %79, i32 704
  br label %87, !dbg !48

87:                                               ; preds = %.lr.ph, %135
  %88 = phi float [ 0.000000e+00, %.lr.ph ], [ %175, %135 ]
  %89 = phi float [ 0.000000e+00, %.lr.ph ], [ %176, %135 ]
  %90 = phi float [ 0.000000e+00, %.lr.ph ], [ %177, %135 ]
  %91 = phi float [ 0.000000e+00, %.lr.ph ], [ %178, %135 ]
  %92 = phi float [ 0.000000e+00, %.lr.ph ], [ %179, %135 ]
  %93 = phi float [ 0.000000e+00, %.lr.ph ], [ %180, %135 ]
  %94 = phi float [ 0.000000e+00, %.lr.ph ], [ %181, %135 ]
  %95 = phi float [ 0.000000e+00, %.lr.ph ], [ %182, %135 ]
  %96 = phi float [ 0.000000e+00, %.lr.ph ], [ %183, %135 ]
  %97 = phi float [ 0.000000e+00, %.lr.ph ], [ %184, %135 ]
  %98 = phi float [ 0.000000e+00, %.lr.ph ], [ %185, %135 ]
  %99 = phi float [ 0.000000e+00, %.lr.ph ], [ %186, %135 ]
  %100 = phi float [ 0.000000e+00, %.lr.ph ], [ %187, %135 ]
  %101 = phi float [ 0.000000e+00, %.lr.ph ], [ %188, %135 ]
  %102 = phi float [ 0.000000e+00, %.lr.ph ], [ %189, %135 ]
  %103 = phi float [ 0.000000e+00, %.lr.ph ], [ %190, %135 ]
  %104 = phi i32 [ 0, %.lr.ph ], [ %191, %135 ]
  %105 = or disjoint i32 %104, %47, !dbg !49
    #dbg_value(i32 %105, !31, !DIExpression(), !49)
  %.reass = or disjoint i32 %104, %invariant.op
    #dbg_value(!DIArgList(i32 %47, i32 %104), !31, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 8, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !49)
  %106 = or disjoint i32 %104, %48, !dbg !49
    #dbg_value(i32 %106, !31, !DIExpression(), !49)
  %107 = icmp slt i32 %106, %5, !dbg !50
    #dbg_value(i1 %107, !41, !DIExpression(), !50)
  %108 = and i1 %49, %107, !dbg !51
    #dbg_value(i1 %108, !41, !DIExpression(), !51)
  %109 = and i1 %50, %107, !dbg !51
    #dbg_value(i1 %109, !41, !DIExpression(), !51)
    #dbg_value(!DIArgList(ptr addrspace(1) %54, i32 %106), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !44)
  %110 = sext i32 %106 to i64, !dbg !44
  %111 = getelementptr [2 x i8], ptr addrspace(1) %56, i64 %110, !dbg !44
    #dbg_value(ptr addrspace(1) %111, !45, !DIExpression(), !44)
    #dbg_value(<1 x half> zeroinitializer, !52, !DIExpression(), !32)
  br i1 %108, label %112, label %115, !dbg !32

112:                                              ; preds = %87
  %113 = getelementptr [2 x i8], ptr addrspace(1) %54, i64 %110
    #dbg_value(ptr addrspace(1) %113, !45, !DIExpression(), !44)
  %114 = load <1 x half>, ptr addrspace(1) %113, align 2, !dbg !32
    #dbg_value(<1 x half> %114, !52, !DIExpression(), !32)
  br label %115, !dbg !32

115:                                              ; preds = %112, %87
  %116 = phi <1 x half> [ %114, %112 ], [ zeroinitializer, %87 ], !dbg !32
    #dbg_value(half poison, !54, !DIExpression(), !32)
  br i1 %109, label %117, label %119, !dbg !32

117:                                              ; preds = %115
  %118 = load <1 x half>, ptr addrspace(1) %111, align 2, !dbg !32
    #dbg_value(<1 x half> %118, !52, !DIExpression(), !32)
  br label %119, !dbg !32

119:                                              ; preds = %117, %115
  %120 = phi <1 x half> [ %118, %117 ], [ zeroinitializer, %115 ], !dbg !32
    #dbg_value(half poison, !54, !DIExpression(), !32)
  %121 = icmp slt i32 %105, %5, !dbg !55
    #dbg_value(i1 %121, !47, !DIExpression(), !55)
  %122 = icmp slt i32 %.reass, %5, !dbg !55
    #dbg_value(i1 %122, !47, !DIExpression(), !55)
  %123 = and i1 %57, %121, !dbg !56
    #dbg_value(i1 %123, !47, !DIExpression(), !56)
  %124 = and i1 %57, %122, !dbg !56
    #dbg_value(i1 %124, !47, !DIExpression(), !56)
    #dbg_value(!DIArgList(i32 %105, i32 %7), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !57)
  %125 = mul i32 %.reass, %7, !dbg !57
    #dbg_value(i32 %125, !29, !DIExpression(), !57)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %105, i32 %7), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %126 = sext i32 %125 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %126), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i32 %105, i32 %7), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %gep = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %126, !dbg !59
    #dbg_value(ptr addrspace(1) %gep, !58, !DIExpression(), !59)
  br i1 %123, label %127, label %131, !dbg !30

127:                                              ; preds = %119
  %128 = mul i32 %105, %7
  %129 = sext i32 %128 to i64
  %gep3 = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %129
    #dbg_value(i32 %128, !29, !DIExpression(), !57)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i32 %128), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i64 %129), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i64 %129), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(ptr addrspace(1) %gep3, !58, !DIExpression(), !59)
  %130 = load <1 x half>, ptr addrspace(1) %gep3, align 2, !dbg !30
    #dbg_value(<1 x half> %130, !60, !DIExpression(), !30)
  br label %131, !dbg !30

131:                                              ; preds = %127, %119
  %132 = phi <1 x half> [ %130, %127 ], [ zeroinitializer, %119 ], !dbg !30
    #dbg_value(half poison, !61, !DIExpression(), !30)
  br i1 %124, label %133, label %135, !dbg !30

133:                                              ; preds = %131
  %134 = load <1 x half>, ptr addrspace(1) %gep, align 2, !dbg !30
    #dbg_value(<1 x half> %134, !60, !DIExpression(), !30)
  br label %135, !dbg !30

135:                                              ; preds = %133, %131
  %136 = phi <1 x half> [ %134, %133 ], [ zeroinitializer, %131 ], !dbg !30
    #dbg_value(half poison, !61, !DIExpression(), !30)
  fence syncscope("workgroup") release, !dbg !32, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !32
  fence syncscope("workgroup") acquire, !dbg !32, !mmra !62
    #dbg_value(!DIArgList(i32 %19, i32 %20), !31, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !32)
    #dbg_value(i32 %20, !31, !DIExpression(), !32)
    #dbg_value(i32 %61, !31, !DIExpression(), !32)
    #dbg_value(i32 %62, !31, !DIExpression(), !32)
    #dbg_value(ptr addrspace(3) %63, !45, !DIExpression(), !32)
    #dbg_value(<1 x half> %116, !52, !DIExpression(), !32)
  store <1 x half> %116, ptr addrspace(3) %63, align 2, !dbg !32
    #dbg_value(i32 %62, !31, !DIExpression(DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !32)
    #dbg_value(ptr addrspace(3) %64, !45, !DIExpression(), !32)
    #dbg_value(<1 x half> %120, !52, !DIExpression(), !32)
  store <1 x half> %120, ptr addrspace(3) %64, align 2, !dbg !32
  fence syncscope("workgroup") release, !dbg !32, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !32
  fence syncscope("workgroup") acquire, !dbg !32, !mmra !62
    #dbg_value(i32 %23, !31, !DIExpression(), !32)
    #dbg_value(i32 %12, !31, !DIExpression(DW_OP_constu, 12, DW_OP_and, DW_OP_stack_value), !32)
    #dbg_value(i32 %24, !31, !DIExpression(), !32)
    #dbg_value(i32 %68, !31, !DIExpression(), !32)
    #dbg_value(i32 %69, !31, !DIExpression(), !32)
    #dbg_value(i32 %70, !31, !DIExpression(), !32)
    #dbg_value(ptr addrspace(3) %71, !45, !DIExpression(), !32)
  %137 = load <4 x half>, ptr addrspace(3) %71, align 8, !dbg !32
    #dbg_value(<4 x half> %137, !63, !DIExpression(), !32)
    #dbg_value(half poison, !54, !DIExpression(), !32)
    #dbg_value(i32 %72, !31, !DIExpression(), !32)
    #dbg_value(ptr addrspace(3) %73, !45, !DIExpression(), !32)
  %138 = load <4 x half>, ptr addrspace(3) %73, align 8, !dbg !32
    #dbg_value(<4 x half> %138, !63, !DIExpression(), !32)
  fence syncscope("workgroup") release, !dbg !30, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30, !mmra !62
    #dbg_value(i32 %60, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %74, !58, !DIExpression(), !30)
    #dbg_value(<1 x half> %132, !60, !DIExpression(), !30)
  store <1 x half> %132, ptr addrspace(3) %74, align 2, !dbg !30
    #dbg_value(i32 %60, !29, !DIExpression(DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %75, !58, !DIExpression(), !30)
    #dbg_value(<1 x half> %136, !60, !DIExpression(), !30)
  store <1 x half> %136, ptr addrspace(3) %75, align 2, !dbg !30
  fence syncscope("workgroup") release, !dbg !30, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30, !mmra !62
    #dbg_value(i32 %23, !29, !DIExpression(), !30)
    #dbg_value(i32 %24, !29, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %79, !58, !DIExpression(), !30)
  %139 = load <1 x half>, ptr addrspace(3) %79, align 2, !dbg !30
    #dbg_value(<1 x half> %139, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 64, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %80, !58, !DIExpression(), !30)
  %140 = load <1 x half>, ptr addrspace(3) %80, align 2, !dbg !30
    #dbg_value(<1 x half> %140, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 128, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %81, !58, !DIExpression(), !30)
  %141 = load <1 x half>, ptr addrspace(3) %81, align 2, !dbg !30
  %142 = shufflevector <1 x half> %141, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !30
    #dbg_value(<1 x half> %141, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 192, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %82, !58, !DIExpression(), !30)
  %143 = load <1 x half>, ptr addrspace(3) %82, align 2, !dbg !30
  %144 = shufflevector <1 x half> %143, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !30
    #dbg_value(<1 x half> %143, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %83, !58, !DIExpression(), !30)
  %145 = load <1 x half>, ptr addrspace(3) %83, align 2, !dbg !30
    #dbg_value(<1 x half> %145, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 576, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %84, !58, !DIExpression(), !30)
  %146 = load <1 x half>, ptr addrspace(3) %84, align 2, !dbg !30
    #dbg_value(<1 x half> %146, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 640, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %85, !58, !DIExpression(), !30)
  %147 = load <1 x half>, ptr addrspace(3) %85, align 2, !dbg !30
  %148 = shufflevector <1 x half> %147, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !30
    #dbg_value(<1 x half> %147, !60, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %77, i32 %76), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 704, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %86, !58, !DIExpression(), !30)
  %149 = load <1 x half>, ptr addrspace(3) %86, align 2, !dbg !30
  %150 = shufflevector <1 x half> %149, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !30
    #dbg_value(<1 x half> %149, !60, !DIExpression(), !30)
    #dbg_value(half poison, !65, !DIExpression(), !66)
    #dbg_value(<4 x half> poison, !67, !DIExpression(), !66)
  %151 = shufflevector <1 x half> %139, <1 x half> %140, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !66
    #dbg_value(<4 x half> %151, !67, !DIExpression(), !66)
  %152 = shufflevector <4 x half> %151, <4 x half> %142, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !66
    #dbg_value(<4 x half> %152, !67, !DIExpression(), !66)
  %153 = shufflevector <4 x half> %152, <4 x half> %144, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !66
    #dbg_value(<4 x half> poison, !67, !DIExpression(), !66)
  %154 = shufflevector <1 x half> %145, <1 x half> %146, <4 x i32> <i32 0, i32 1, i32 poison, i32 poison>, !dbg !66
    #dbg_value(<4 x half> %154, !67, !DIExpression(), !66)
  %155 = shufflevector <4 x half> %154, <4 x half> %148, <4 x i32> <i32 0, i32 1, i32 4, i32 poison>, !dbg !66
    #dbg_value(<4 x half> %155, !67, !DIExpression(), !66)
  %156 = shufflevector <4 x half> %155, <4 x half> %150, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !66
    #dbg_value(<4 x half> %156, !67, !DIExpression(), !66)
    #dbg_value(float %88, !68, !DIExpression(), !66)
    #dbg_value(float %89, !68, !DIExpression(), !66)
    #dbg_value(float %90, !68, !DIExpression(), !66)
    #dbg_value(float %91, !68, !DIExpression(), !66)
    #dbg_value(float %92, !68, !DIExpression(), !66)
    #dbg_value(float %93, !68, !DIExpression(), !66)
    #dbg_value(float %94, !68, !DIExpression(), !66)
    #dbg_value(float %95, !68, !DIExpression(), !66)
    #dbg_value(float %96, !68, !DIExpression(), !66)
    #dbg_value(float %97, !68, !DIExpression(), !66)
    #dbg_value(float %98, !68, !DIExpression(), !66)
    #dbg_value(float %99, !68, !DIExpression(), !66)
    #dbg_value(float %100, !68, !DIExpression(), !66)
    #dbg_value(float %101, !68, !DIExpression(), !66)
    #dbg_value(float %102, !68, !DIExpression(), !66)
    #dbg_value(float %103, !68, !DIExpression(), !66)
  %157 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %88, i64 0, !dbg !66
    #dbg_value(<16 x float> %157, !70, !DIExpression(), !66)
  %158 = insertelement <16 x float> %157, float %89, i64 1, !dbg !66
    #dbg_value(<16 x float> %158, !70, !DIExpression(), !66)
  %159 = insertelement <16 x float> %158, float %90, i64 2, !dbg !66
    #dbg_value(<16 x float> %159, !70, !DIExpression(), !66)
  %160 = insertelement <16 x float> %159, float %91, i64 3, !dbg !66
    #dbg_value(<16 x float> %160, !70, !DIExpression(), !66)
  %161 = insertelement <16 x float> %160, float %92, i64 4, !dbg !66
    #dbg_value(<16 x float> %161, !70, !DIExpression(), !66)
  %162 = insertelement <16 x float> %161, float %93, i64 5, !dbg !66
    #dbg_value(<16 x float> %162, !70, !DIExpression(), !66)
  %163 = insertelement <16 x float> %162, float %94, i64 6, !dbg !66
    #dbg_value(<16 x float> %163, !70, !DIExpression(), !66)
  %164 = insertelement <16 x float> %163, float %95, i64 7, !dbg !66
    #dbg_value(<16 x float> %164, !70, !DIExpression(), !66)
  %165 = insertelement <16 x float> %164, float %96, i64 8, !dbg !66
    #dbg_value(<16 x float> %165, !70, !DIExpression(), !66)
  %166 = insertelement <16 x float> %165, float %97, i64 9, !dbg !66
    #dbg_value(<16 x float> %166, !70, !DIExpression(), !66)
  %167 = insertelement <16 x float> %166, float %98, i64 10, !dbg !66
    #dbg_value(<16 x float> %167, !70, !DIExpression(), !66)
  %168 = insertelement <16 x float> %167, float %99, i64 11, !dbg !66
    #dbg_value(<16 x float> %168, !70, !DIExpression(), !66)
  %169 = insertelement <16 x float> %168, float %100, i64 12, !dbg !66
    #dbg_value(<16 x float> %169, !70, !DIExpression(), !66)
  %170 = insertelement <16 x float> %169, float %101, i64 13, !dbg !66
    #dbg_value(<16 x float> %170, !70, !DIExpression(), !66)
  %171 = insertelement <16 x float> %170, float %102, i64 14, !dbg !66
    #dbg_value(<16 x float> %171, !70, !DIExpression(), !66)
  %172 = insertelement <16 x float> %171, float %103, i64 15, !dbg !66
    #dbg_value(<16 x float> %172, !70, !DIExpression(), !66)
  %173 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %153, <4 x half> %137, <16 x float> %172, i32 0, i32 0, i32 0), !dbg !66
    #dbg_value(<16 x float> %173, !70, !DIExpression(), !66)
  %174 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %156, <4 x half> %138, <16 x float> %173, i32 0, i32 0, i32 0), !dbg !66
    #dbg_value(<16 x float> %174, !70, !DIExpression(), !66)
  %175 = extractelement <16 x float> %174, i64 0, !dbg !66
    #dbg_value(float %175, !68, !DIExpression(), !66)
  %176 = extractelement <16 x float> %174, i64 1, !dbg !66
    #dbg_value(float %176, !68, !DIExpression(), !66)
  %177 = extractelement <16 x float> %174, i64 2, !dbg !66
    #dbg_value(float %177, !68, !DIExpression(), !66)
  %178 = extractelement <16 x float> %174, i64 3, !dbg !66
    #dbg_value(float %178, !68, !DIExpression(), !66)
  %179 = extractelement <16 x float> %174, i64 4, !dbg !66
    #dbg_value(float %179, !68, !DIExpression(), !66)
  %180 = extractelement <16 x float> %174, i64 5, !dbg !66
    #dbg_value(float %180, !68, !DIExpression(), !66)
  %181 = extractelement <16 x float> %174, i64 6, !dbg !66
    #dbg_value(float %181, !68, !DIExpression(), !66)
  %182 = extractelement <16 x float> %174, i64 7, !dbg !66
    #dbg_value(float %182, !68, !DIExpression(), !66)
  %183 = extractelement <16 x float> %174, i64 8, !dbg !66
    #dbg_value(float %183, !68, !DIExpression(), !66)
  %184 = extractelement <16 x float> %174, i64 9, !dbg !66
    #dbg_value(float %184, !68, !DIExpression(), !66)
  %185 = extractelement <16 x float> %174, i64 10, !dbg !66
    #dbg_value(float %185, !68, !DIExpression(), !66)
  %186 = extractelement <16 x float> %174, i64 11, !dbg !66
    #dbg_value(float %186, !68, !DIExpression(), !66)
  %187 = extractelement <16 x float> %174, i64 12, !dbg !66
    #dbg_value(float %187, !68, !DIExpression(), !66)
  %188 = extractelement <16 x float> %174, i64 13, !dbg !66
    #dbg_value(float %188, !68, !DIExpression(), !66)
  %189 = extractelement <16 x float> %174, i64 14, !dbg !66
    #dbg_value(float %189, !68, !DIExpression(), !66)
  %190 = extractelement <16 x float> %174, i64 15, !dbg !66
    #dbg_value(float %190, !68, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !72, !DIExpression(), !66)
  %191 = add i32 %104, 16, !dbg !48
    #dbg_value(i32 %191, !73, !DIExpression(), !48)
  %192 = icmp slt i32 %191, %5, !dbg !48
    #dbg_value(i1 %192, !74, !DIExpression(), !48)
  br i1 %192, label %87, label %._crit_edge.loopexit, !dbg !48

._crit_edge.loopexit:                             ; preds = %135
  %193 = fptrunc float %176 to half, !dbg !75
  %194 = fptrunc float %177 to half, !dbg !75
  %195 = fptrunc float %178 to half, !dbg !75
  %196 = fptrunc float %179 to half, !dbg !75
  %197 = fptrunc float %180 to half, !dbg !75
  %198 = fptrunc float %181 to half, !dbg !75
  %199 = fptrunc float %182 to half, !dbg !75
  %200 = fptrunc float %183 to half, !dbg !75
  %201 = fptrunc float %184 to half, !dbg !75
  %202 = fptrunc float %185 to half, !dbg !75
  %203 = fptrunc float %186 to half, !dbg !75
  %204 = fptrunc float %187 to half, !dbg !75
  %205 = fptrunc float %188 to half, !dbg !75
  %206 = fptrunc float %189 to half, !dbg !75
  %207 = fptrunc float %190 to half, !dbg !75
  %208 = fptrunc float %175 to half
  br label %._crit_edge, !dbg !75

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %11
  %209 = phi half [ 0.000000e+00, %11 ], [ %208, %._crit_edge.loopexit ], !dbg !76
  %210 = phi half [ 0.000000e+00, %11 ], [ %193, %._crit_edge.loopexit ], !dbg !76
  %211 = phi half [ 0.000000e+00, %11 ], [ %194, %._crit_edge.loopexit ], !dbg !76
  %212 = phi half [ 0.000000e+00, %11 ], [ %195, %._crit_edge.loopexit ], !dbg !76
  %213 = phi half [ 0.000000e+00, %11 ], [ %196, %._crit_edge.loopexit ], !dbg !76
  %214 = phi half [ 0.000000e+00, %11 ], [ %197, %._crit_edge.loopexit ], !dbg !76
  %215 = phi half [ 0.000000e+00, %11 ], [ %198, %._crit_edge.loopexit ], !dbg !76
  %216 = phi half [ 0.000000e+00, %11 ], [ %199, %._crit_edge.loopexit ], !dbg !76
  %217 = phi half [ 0.000000e+00, %11 ], [ %200, %._crit_edge.loopexit ], !dbg !76
  %218 = phi half [ 0.000000e+00, %11 ], [ %201, %._crit_edge.loopexit ], !dbg !76
  %219 = phi half [ 0.000000e+00, %11 ], [ %202, %._crit_edge.loopexit ], !dbg !76
  %220 = phi half [ 0.000000e+00, %11 ], [ %203, %._crit_edge.loopexit ], !dbg !76
  %221 = phi half [ 0.000000e+00, %11 ], [ %204, %._crit_edge.loopexit ], !dbg !76
  %222 = phi half [ 0.000000e+00, %11 ], [ %205, %._crit_edge.loopexit ], !dbg !76
  %223 = phi half [ 0.000000e+00, %11 ], [ %206, %._crit_edge.loopexit ], !dbg !76
  %224 = phi half [ 0.000000e+00, %11 ], [ %207, %._crit_edge.loopexit ], !dbg !76
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(half poison, !78, !DIExpression(), !75)
    #dbg_value(half %210, !78, !DIExpression(), !75)
    #dbg_value(half %211, !78, !DIExpression(), !75)
    #dbg_value(half %212, !78, !DIExpression(), !75)
    #dbg_value(half %213, !78, !DIExpression(), !75)
    #dbg_value(half %214, !78, !DIExpression(), !75)
    #dbg_value(half %215, !78, !DIExpression(), !75)
    #dbg_value(half %216, !78, !DIExpression(), !75)
    #dbg_value(half %217, !78, !DIExpression(), !75)
    #dbg_value(half %218, !78, !DIExpression(), !75)
    #dbg_value(half %219, !78, !DIExpression(), !75)
    #dbg_value(half %220, !78, !DIExpression(), !75)
    #dbg_value(half %221, !78, !DIExpression(), !75)
    #dbg_value(half %222, !78, !DIExpression(), !75)
    #dbg_value(half %223, !78, !DIExpression(), !75)
    #dbg_value(half %224, !78, !DIExpression(), !75)
  %225 = icmp slt i32 %28, %3, !dbg !79
  %226 = icmp slt i32 %30, %4, !dbg !80
  %227 = icmp slt i32 %31, %4, !dbg !80
  %228 = icmp slt i32 %32, %4, !dbg !80
  %229 = icmp slt i32 %33, %4, !dbg !80
  %230 = icmp slt i32 %34, %4, !dbg !80
  %231 = icmp slt i32 %35, %4, !dbg !80
  %232 = icmp slt i32 %36, %4, !dbg !80
  %233 = icmp slt i32 %37, %4, !dbg !80
  %234 = icmp slt i32 %38, %4, !dbg !80
  %235 = icmp slt i32 %39, %4, !dbg !80
  %236 = icmp slt i32 %40, %4, !dbg !80
  %237 = icmp slt i32 %41, %4, !dbg !80
  %238 = icmp slt i32 %42, %4, !dbg !80
  %239 = icmp slt i32 %43, %4, !dbg !80
  %240 = icmp slt i32 %44, %4, !dbg !80
  %241 = icmp slt i32 %45, %4, !dbg !80
  %242 = and i1 %225, %226, !dbg !81
  %243 = and i1 %225, %227, !dbg !81
  %244 = and i1 %225, %228, !dbg !81
  %245 = and i1 %225, %229, !dbg !81
  %246 = and i1 %225, %230, !dbg !81
  %247 = and i1 %225, %231, !dbg !81
  %248 = and i1 %225, %232, !dbg !81
  %249 = and i1 %225, %233, !dbg !81
  %250 = and i1 %225, %234, !dbg !81
  %251 = and i1 %225, %235, !dbg !81
  %252 = and i1 %225, %236, !dbg !81
  %253 = and i1 %225, %237, !dbg !81
  %254 = and i1 %225, %238, !dbg !81
  %255 = and i1 %225, %239, !dbg !81
  %256 = and i1 %225, %240, !dbg !81
  %257 = and i1 %225, %241, !dbg !81
  %258 = mul i32 %8, %28, !dbg !82
  %259 = sext i32 %258 to i64, !dbg !83
  %260 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %259, !dbg !83
  %261 = sext i32 %31 to i64, !dbg !83
  %262 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %261, !dbg !83
  %263 = sext i32 %32 to i64, !dbg !83
  %264 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %263, !dbg !83
  %265 = sext i32 %33 to i64, !dbg !83
  %266 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %265, !dbg !83
  %267 = sext i32 %34 to i64, !dbg !83
  %268 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %267, !dbg !83
  %269 = sext i32 %35 to i64, !dbg !83
  %270 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %269, !dbg !83
  %271 = sext i32 %36 to i64, !dbg !83
  %272 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %271, !dbg !83
  %273 = sext i32 %37 to i64, !dbg !83
  %274 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %273, !dbg !83
  %275 = sext i32 %38 to i64, !dbg !83
  %276 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %275, !dbg !83
  %277 = sext i32 %39 to i64, !dbg !83
  %278 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %277, !dbg !83
  %279 = sext i32 %40 to i64, !dbg !83
  %280 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %279, !dbg !83
  %281 = sext i32 %41 to i64, !dbg !83
  %282 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %281, !dbg !83
  %283 = sext i32 %42 to i64, !dbg !83
  %284 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %283, !dbg !83
  %285 = sext i32 %43 to i64, !dbg !83
  %286 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %285, !dbg !83
  %287 = sext i32 %44 to i64, !dbg !83
  %288 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %287, !dbg !83
  %289 = sext i32 %45 to i64, !dbg !83
  %290 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %289, !dbg !83
  %291 = icmp eq i32 %15, 0, !dbg !28
  %292 = and i1 %242, %291, !dbg !28
  br i1 %292, label %293, label %297, !dbg !28

293:                                              ; preds = %._crit_edge
  %294 = sext i32 %30 to i64
  %295 = getelementptr [2 x i8], ptr addrspace(1) %260, i64 %294
  %296 = insertelement <1 x half> poison, half %209, i64 0
    #dbg_value(float poison, !77, !DIExpression(), !75)
    #dbg_value(half %209, !78, !DIExpression(), !75)
  store <1 x half> %296, ptr addrspace(1) %295, align 2, !dbg !28
  br label %297, !dbg !28

297:                                              ; preds = %293, %._crit_edge
  %298 = and i1 %243, %291, !dbg !28
  br i1 %298, label %299, label %301, !dbg !28

299:                                              ; preds = %297
  %300 = insertelement <1 x half> poison, half %210, i64 0
  store <1 x half> %300, ptr addrspace(1) %262, align 2, !dbg !28
  br label %301, !dbg !28

301:                                              ; preds = %299, %297
  %302 = and i1 %244, %291, !dbg !28
  br i1 %302, label %303, label %305, !dbg !28

303:                                              ; preds = %301
  %304 = insertelement <1 x half> poison, half %211, i64 0
  store <1 x half> %304, ptr addrspace(1) %264, align 2, !dbg !28
  br label %305, !dbg !28

305:                                              ; preds = %303, %301
  %306 = and i1 %245, %291, !dbg !28
  br i1 %306, label %307, label %309, !dbg !28

307:                                              ; preds = %305
  %308 = insertelement <1 x half> poison, half %212, i64 0
  store <1 x half> %308, ptr addrspace(1) %266, align 2, !dbg !28
  br label %309, !dbg !28

309:                                              ; preds = %307, %305
  %310 = and i1 %246, %291, !dbg !28
  br i1 %310, label %311, label %313, !dbg !28

311:                                              ; preds = %309
  %312 = insertelement <1 x half> poison, half %213, i64 0
  store <1 x half> %312, ptr addrspace(1) %268, align 2, !dbg !28
  br label %313, !dbg !28

313:                                              ; preds = %311, %309
  %314 = and i1 %247, %291, !dbg !28
  br i1 %314, label %315, label %317, !dbg !28

315:                                              ; preds = %313
  %316 = insertelement <1 x half> poison, half %214, i64 0
  store <1 x half> %316, ptr addrspace(1) %270, align 2, !dbg !28
  br label %317, !dbg !28

317:                                              ; preds = %315, %313
  %318 = and i1 %248, %291, !dbg !28
  br i1 %318, label %319, label %321, !dbg !28

319:                                              ; preds = %317
  %320 = insertelement <1 x half> poison, half %215, i64 0
  store <1 x half> %320, ptr addrspace(1) %272, align 2, !dbg !28
  br label %321, !dbg !28

321:                                              ; preds = %319, %317
  %322 = and i1 %249, %291, !dbg !28
  br i1 %322, label %323, label %325, !dbg !28

323:                                              ; preds = %321
  %324 = insertelement <1 x half> poison, half %216, i64 0
  store <1 x half> %324, ptr addrspace(1) %274, align 2, !dbg !28
  br label %325, !dbg !28

325:                                              ; preds = %323, %321
  %326 = and i1 %250, %291, !dbg !28
  br i1 %326, label %327, label %329, !dbg !28

327:                                              ; preds = %325
  %328 = insertelement <1 x half> poison, half %217, i64 0
  store <1 x half> %328, ptr addrspace(1) %276, align 2, !dbg !28
  br label %329, !dbg !28

329:                                              ; preds = %327, %325
  %330 = and i1 %251, %291, !dbg !28
  br i1 %330, label %331, label %333, !dbg !28

331:                                              ; preds = %329
  %332 = insertelement <1 x half> poison, half %218, i64 0
  store <1 x half> %332, ptr addrspace(1) %278, align 2, !dbg !28
  br label %333, !dbg !28

333:                                              ; preds = %331, %329
  %334 = and i1 %252, %291, !dbg !28
  br i1 %334, label %335, label %337, !dbg !28

335:                                              ; preds = %333
  %336 = insertelement <1 x half> poison, half %219, i64 0
  store <1 x half> %336, ptr addrspace(1) %280, align 2, !dbg !28
  br label %337, !dbg !28

337:                                              ; preds = %335, %333
  %338 = and i1 %253, %291, !dbg !28
  br i1 %338, label %339, label %341, !dbg !28

339:                                              ; preds = %337
  %340 = insertelement <1 x half> poison, half %220, i64 0
  store <1 x half> %340, ptr addrspace(1) %282, align 2, !dbg !28
  br label %341, !dbg !28

341:                                              ; preds = %339, %337
  %342 = and i1 %254, %291, !dbg !28
  br i1 %342, label %343, label %345, !dbg !28

343:                                              ; preds = %341
  %344 = insertelement <1 x half> poison, half %221, i64 0
  store <1 x half> %344, ptr addrspace(1) %284, align 2, !dbg !28
  br label %345, !dbg !28

345:                                              ; preds = %343, %341
  %346 = and i1 %255, %291, !dbg !28
  br i1 %346, label %347, label %349, !dbg !28

347:                                              ; preds = %345
  %348 = insertelement <1 x half> poison, half %222, i64 0
  store <1 x half> %348, ptr addrspace(1) %286, align 2, !dbg !28
  br label %349, !dbg !28

349:                                              ; preds = %347, %345
  %350 = and i1 %256, %291, !dbg !28
  br i1 %350, label %351, label %353, !dbg !28

351:                                              ; preds = %349
  %352 = insertelement <1 x half> poison, half %223, i64 0
  store <1 x half> %352, ptr addrspace(1) %288, align 2, !dbg !28
  br label %353, !dbg !28

353:                                              ; preds = %351, %349
  %354 = and i1 %257, %291, !dbg !28
  br i1 %354, label %355, label %357, !dbg !28

355:                                              ; preds = %353
  %356 = insertelement <1 x half> poison, half %224, i64 0
  store <1 x half> %356, ptr addrspace(1) %290, align 2, !dbg !28
  br label %357, !dbg !28

357:                                              ; preds = %355, %353
  ret void, !dbg !22
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

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #4

attributes #0 = { norecurse nounwind "amdgpu-agpr-alloc"="0" "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }
attributes #4 = { convergent mustprogress nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernels.py", directory: "/work/main/tools/corpus/triton")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"amdhsa_code_object_version", i32 500}
!4 = distinct !DISubprogram(name: "matmul", linkageName: "matmul", scope: !1, file: !1, line: 46, type: !5, scopeLine: 46, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !12)
!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)
!6 = !{null, !7, !7, !7, !9, !9, !9, !9, !9, !9, !10, !10}
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !8, size: 64, dwarfAddressSpace: 1)
!8 = !DIBasicType(name: "half", size: 16, encoding: DW_ATE_float)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, name: "pointer", baseType: !11, size: 64, dwarfAddressSpace: 1)
!11 = !DIBasicType(name: "unknown_type", encoding: DW_ATE_signed)
!12 = !{!13, !14, !15, !16, !17, !18, !19, !20, !21}
!13 = !DILocalVariable(name: "a_ptr", arg: 1, scope: !4, file: !1, line: 46, type: !7)
!14 = !DILocalVariable(name: "b_ptr", arg: 2, scope: !4, file: !1, line: 46, type: !7)
!15 = !DILocalVariable(name: "c_ptr", arg: 3, scope: !4, file: !1, line: 46, type: !7)
!16 = !DILocalVariable(name: "M", arg: 4, scope: !4, file: !1, line: 46, type: !9)
!17 = !DILocalVariable(name: "N", arg: 5, scope: !4, file: !1, line: 46, type: !9)
!18 = !DILocalVariable(name: "K", arg: 6, scope: !4, file: !1, line: 46, type: !9)
!19 = !DILocalVariable(name: "stride_am", arg: 7, scope: !4, file: !1, line: 46, type: !9)
!20 = !DILocalVariable(name: "stride_bk", arg: 8, scope: !4, file: !1, line: 46, type: !9)
!21 = !DILocalVariable(name: "stride_cm", arg: 9, scope: !4, file: !1, line: 46, type: !9)
!22 = !DILocation(line: 46, column: 1, scope: !4)
!23 = !DILocalVariable(name: "rk", scope: !4, file: !24, type: !9)
!24 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!25 = !DILocation(line: 52, column: 10, scope: !4)
!26 = !DILocalVariable(name: "rm", scope: !4, file: !24, type: !9)
!27 = !DILocation(line: 50, column: 23, scope: !4)
!28 = !DILocation(line: 61, column: 5, scope: !4)
!29 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !9)
!30 = !DILocation(line: 57, column: 13, scope: !4)
!31 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !9)
!32 = !DILocation(line: 55, column: 13, scope: !4)
!33 = !DILocation(line: 48, column: 13, scope: !4)
!34 = !DILocalVariable(name: "pid_m", scope: !4, file: !24, type: !9)
!35 = !DILocation(line: 49, column: 13, scope: !4)
!36 = !DILocalVariable(name: "pid_n", scope: !4, file: !24, type: !9)
!37 = !DILocation(line: 50, column: 10, scope: !4)
!38 = !DILocation(line: 51, column: 10, scope: !4)
!39 = !DILocalVariable(name: "rn", scope: !4, file: !24, type: !9)
!40 = !DILocation(line: 56, column: 27, scope: !4)
!41 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !42)
!42 = !DIBasicType(name: "bool", size: 1, encoding: DW_ATE_boolean)
!43 = !DILocation(line: 55, column: 29, scope: !4)
!44 = !DILocation(line: 55, column: 21, scope: !4)
!45 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !11)
!46 = !DILocation(line: 58, column: 53, scope: !4)
!47 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !42)
!48 = !DILocation(line: 54, column: 5, scope: !4)
!49 = !DILocation(line: 56, column: 48, scope: !4)
!50 = !DILocation(line: 56, column: 47, scope: !4)
!51 = !DILocation(line: 56, column: 26, scope: !4)
!52 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !53)
!53 = !DIBasicType(name: "vector", size: 16, encoding: DW_ATE_float)
!54 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !8)
!55 = !DILocation(line: 58, column: 27, scope: !4)
!56 = !DILocation(line: 58, column: 26, scope: !4)
!57 = !DILocation(line: 57, column: 29, scope: !4)
!58 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !11)
!59 = !DILocation(line: 57, column: 21, scope: !4)
!60 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !53)
!61 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !8)
!62 = !{!"amdgpu-synchronize-as", !"local"}
!63 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !64)
!64 = !DIBasicType(name: "vector", size: 64, encoding: DW_ATE_float)
!65 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !8)
!66 = !DILocation(line: 59, column: 15, scope: !4)
!67 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !64)
!68 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !69)
!69 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!70 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !71)
!71 = !DIBasicType(name: "vector", size: 512, encoding: DW_ATE_float)
!72 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !11)
!73 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !9)
!74 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !42)
!75 = !DILocation(line: 60, column: 9, scope: !4)
!76 = !DILocation(line: 53, column: 11, scope: !4)
!77 = !DILocalVariable(name: "c", scope: !4, file: !24, type: !69)
!78 = !DILocalVariable(name: "c", scope: !4, file: !24, type: !8)
!79 = !DILocation(line: 62, column: 20, scope: !4)
!80 = !DILocation(line: 62, column: 40, scope: !4)
!81 = !DILocation(line: 62, column: 19, scope: !4)
!82 = !DILocation(line: 61, column: 22, scope: !4)
!83 = !DILocation(line: 61, column: 14, scope: !4)

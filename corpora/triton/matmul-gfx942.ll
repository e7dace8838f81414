; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu9.42-amd-amdhsa"

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
    #dbg_value(i32 27, !23, !DIExpression(), !25)
    #dbg_value(i32 26, !23, !DIExpression(), !25)
    #dbg_value(i32 25, !23, !DIExpression(), !25)
    #dbg_value(i32 24, !23, !DIExpression(), !25)
    #dbg_value(i32 19, !23, !DIExpression(), !25)
    #dbg_value(i32 18, !23, !DIExpression(), !25)
    #dbg_value(i32 17, !23, !DIExpression(), !25)
    #dbg_value(i32 240, !23, !DIExpression(), !25)
  %12 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !26
  %13 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %12), !dbg !26
  %14 = lshr i32 %13, 6, !dbg !26
  %15 = and i32 %14, 3, !dbg !26
    #dbg_value(i32 %15, !27, !DIExpression(), !28)
    #dbg_value(i32 %15, !27, !DIExpression(), !28)
    #dbg_value(i32 %15, !29, !DIExpression(), !30)
    #dbg_value(i32 %15, !29, !DIExpression(), !30)
    #dbg_value(i32 %15, !31, !DIExpression(), !32)
    #dbg_value(i32 %15, !31, !DIExpression(), !32)
    #dbg_value(i32 %15, !23, !DIExpression(), !25)
    #dbg_value(i32 %15, !23, !DIExpression(), !25)
    #dbg_value(i32 %15, !23, !DIExpression(), !25)
    #dbg_value(i32 %15, !23, !DIExpression(), !25)
  %16 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !33
    #dbg_value(i32 %16, !34, !DIExpression(), !33)
  %17 = tail call i32 @llvm.amdgcn.workgroup.id.y(), !dbg !35
    #dbg_value(i32 %17, !36, !DIExpression(), !35)
  %18 = shl i32 %16, 5, !dbg !37
    #dbg_value(i32 %18, !23, !DIExpression(), !37)
  %19 = and i32 %12, 63, !dbg !25
    #dbg_value(i32 %19, !23, !DIExpression(), !25)
    #dbg_value(i32 %19, !23, !DIExpression(), !25)
    #dbg_value(i32 %19, !23, !DIExpression(), !25)
  %20 = shl nuw nsw i32 %15, 6, !dbg !25
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
  %21 = or disjoint i32 %20, %19, !dbg !25
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 240, DW_OP_and, DW_OP_stack_value), !25)
  %22 = lshr i32 %21, 4, !dbg !25
    #dbg_value(i32 %22, !23, !DIExpression(), !25)
    #dbg_value(i32 %22, !23, !DIExpression(), !25)
    #dbg_value(i32 %22, !23, !DIExpression(), !25)
    #dbg_value(i32 %22, !23, !DIExpression(), !25)
    #dbg_value(i32 %22, !23, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %22, !23, !DIExpression(), !25)
    #dbg_value(i32 %22, !23, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
  %23 = and i32 %12, 31, !dbg !25
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
  %24 = and i32 %12, 32, !dbg !25
    #dbg_value(i32 %24, !23, !DIExpression(), !25)
  %25 = lshr exact i32 %24, 3, !dbg !25
    #dbg_value(i32 %25, !23, !DIExpression(), !25)
    #dbg_value(i32 %25, !23, !DIExpression(), !25)
    #dbg_value(i32 %25, !23, !DIExpression(), !25)
    #dbg_value(i32 %25, !23, !DIExpression(), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 2, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 3, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 9, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 10, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 11, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 17, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 18, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 19, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 24, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 25, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 26, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 27, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 2, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 3, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 9, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 10, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 11, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 17, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 18, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 19, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 24, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 25, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 26, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %25, !23, !DIExpression(DW_OP_constu, 27, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
  %26 = or disjoint i32 %22, %18, !dbg !37
    #dbg_value(i32 %26, !23, !DIExpression(), !37)
  %27 = or disjoint i32 %26, 16, !dbg !37
    #dbg_value(!DIArgList(i32 %18, i32 %22), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 16, DW_OP_or, DW_OP_or, DW_OP_stack_value), !37)
  %28 = or disjoint i32 %18, %23, !dbg !37
    #dbg_value(i32 %28, !23, !DIExpression(), !37)
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
    #dbg_value(i32 %20, !31, !DIExpression(), !32)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !31, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !32)
  %47 = and i32 %21, 224, !dbg !32
    #dbg_value(i32 %47, !31, !DIExpression(), !32)
  %48 = lshr exact i32 %47, 4, !dbg !32
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %48, !31, !DIExpression(DW_OP_constu, 1, DW_OP_or, DW_OP_stack_value), !32)
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %48, !31, !DIExpression(DW_OP_constu, 1, DW_OP_or, DW_OP_stack_value), !32)
    #dbg_value(i32 %20, !31, !DIExpression(), !32)
    #dbg_value(!DIArgList(i32 %19, i32 %20), !31, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !32)
  %49 = and i32 %12, 15, !dbg !32
    #dbg_value(i32 %49, !31, !DIExpression(), !32)
    #dbg_value(i32 %49, !31, !DIExpression(), !32)
    #dbg_value(i32 %49, !31, !DIExpression(), !32)
    #dbg_value(i32 %49, !31, !DIExpression(), !32)
    #dbg_value(i32 %49, !31, !DIExpression(), !32)
    #dbg_value(i32 %49, !31, !DIExpression(), !32)
  %50 = icmp slt i32 %26, %3, !dbg !40
    #dbg_value(i1 %50, !41, !DIExpression(), !40)
  %51 = icmp slt i32 %27, %3, !dbg !40
    #dbg_value(i1 %51, !41, !DIExpression(), !40)
  %52 = mul i32 %26, %6, !dbg !43
    #dbg_value(i32 %52, !29, !DIExpression(), !43)
  %53 = mul i32 %27, %6, !dbg !43
    #dbg_value(i32 %53, !29, !DIExpression(), !43)
  %54 = sext i32 %52 to i64, !dbg !44
  %55 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %54, !dbg !44
    #dbg_value(ptr addrspace(1) %55, !45, !DIExpression(), !44)
  %56 = sext i32 %53 to i64, !dbg !44
  %57 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %56, !dbg !44
    #dbg_value(ptr addrspace(1) %57, !45, !DIExpression(), !44)
  %58 = icmp slt i32 %46, %4, !dbg !46
    #dbg_value(i1 %58, !47, !DIExpression(), !46)
  %invariant.op = or disjoint i32 %48, 1, !dbg !48
  %59 = icmp sgt i32 %5, 0, !dbg !48
  br i1 %59, label %.lr.ph, label %._crit_edge, !dbg !48

.lr.ph:                                           ; preds = %11
  %60 = sext i32 %46 to i64
  %invariant.gep = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %60, !dbg !48
  %61 = shl nuw nsw i32 %21, 1
  %62 = shl nuw nsw i32 %15, 3
  %63 = xor i32 %61, %62
  %64 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %63
  %65 = getelementptr inbounds nuw i8, ptr addrspace(3) %64, i32 512
  %66 = shl nuw nsw i32 %23, 5
  %67 = shl nuw nsw i32 %12, 1
  %68 = and i32 %67, 24
  %69 = lshr exact i32 %24, 2
  %70 = xor i32 %68, %69
  %71 = or disjoint i32 %70, %66
  %72 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %71
  %73 = xor i32 %71, 16
  %74 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %73
  %75 = shl nuw nsw i32 %49, 5
  %76 = lshr exact i32 %47, 3
  %77 = and i32 %12, 16
  %78 = icmp eq i32 %77, 0
  %79 = select i1 %78, i32 0, i32 520
  %80 = xor i32 %68, %76
  %81 = xor i32 %80, %79
  %82 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %75
  %83 = getelementptr inbounds nuw i8, ptr addrspace(3) %82, i32 %81
  %84 = xor i32 %70, %79
  %85 = or disjoint i32 %84, %75
  %86 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %85
  %87 = xor i32 %85, 16
  %88 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %87
  br label %89, !dbg !48

89:                                               ; preds = %.lr.ph, %139
  %90 = phi float [ 0.000000e+00, %.lr.ph ], [ %164, %139 ]
  %91 = phi float [ 0.000000e+00, %.lr.ph ], [ %165, %139 ]
  %92 = phi float [ 0.000000e+00, %.lr.ph ], [ %166, %139 ]
  %93 = phi float [ 0.000000e+00, %.lr.ph ], [ %167, %139 ]
  %94 = phi float [ 0.000000e+00, %.lr.ph ], [ %168, %139 ]
  %95 = phi float [ 0.000000e+00, %.lr.ph ], [ %169, %139 ]
  %96 = phi float [ 0.000000e+00, %.lr.ph ], [ %170, %139 ]
  %97 = phi float [ 0.000000e+00, %.lr.ph ], [ %171, %139 ]
  %98 = phi float [ 0.000000e+00, %.lr.ph ], [ %172, %139 ]
  %99 = phi float [ 0.000000e+00, %.lr.ph ], [ %173, %139 ]
  %100 = phi float [ 0.000000e+00, %.lr.ph ], [ %174, %139 ]
  %101 = phi float [ 0.000000e+00, %.lr.ph ], [ %175, %139 ]
  %102 = phi float [ 0.000000e+00, %.lr.ph ], [ %176, %139 ]
  %103 = phi float [ 0.000000e+00, %.lr.ph ], [ %177, %139 ]
  %104 = phi float [ 0.000000e+00, %.lr.ph ], [ %178, %139 ]
  %105 = phi float [ 0.000000e+00, %.lr.ph ], [ %179, %139 ]
  %106 = phi i32 [ 0, %.lr.ph ], [ %180, %139 ]
  %107 = or disjoint i32 %106, %48, !dbg !49
    #dbg_value(i32 %107, !29, !DIExpression(), !49)
  %.reass = or disjoint i32 %106, %invariant.op
    #dbg_value(!DIArgList(i32 %48, i32 %106), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 1, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !49)
  %108 = or disjoint i32 %106, %49, !dbg !49
    #dbg_value(i32 %108, !29, !DIExpression(), !49)
  %109 = icmp slt i32 %108, %5, !dbg !50
    #dbg_value(i1 %109, !41, !DIExpression(), !50)
  %110 = and i1 %50, %109, !dbg !51
    #dbg_value(i1 %110, !41, !DIExpression(), !51)
  %111 = and i1 %51, %109, !dbg !51
    #dbg_value(i1 %111, !41, !DIExpression(), !51)
    #dbg_value(!DIArgList(ptr addrspace(1) %55, i32 %108), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !44)
  %112 = sext i32 %108 to i64, !dbg !44
  %113 = getelementptr [2 x i8], ptr addrspace(1) %57, i64 %112, !dbg !44
    #dbg_value(ptr addrspace(1) %113, !45, !DIExpression(), !44)
    #dbg_value(<1 x half> zeroinitializer, !52, !DIExpression(), !30)
  br i1 %110, label %114, label %117, !dbg !30

114:                                              ; preds = %89
  %115 = getelementptr [2 x i8], ptr addrspace(1) %55, i64 %112
    #dbg_value(ptr addrspace(1) %115, !45, !DIExpression(), !44)
  %116 = load <1 x half>, ptr addrspace(1) %115, align 2, !dbg !30
    #dbg_value(<1 x half> %116, !52, !DIExpression(), !30)
  br label %117, !dbg !30

117:                                              ; preds = %114, %89
  %118 = phi <1 x half> [ %116, %114 ], [ zeroinitializer, %89 ], !dbg !30
    #dbg_value(half poison, !54, !DIExpression(), !30)
  br i1 %111, label %119, label %121, !dbg !30

119:                                              ; preds = %117
  %120 = load <1 x half>, ptr addrspace(1) %113, align 2, !dbg !30
    #dbg_value(<1 x half> %120, !52, !DIExpression(), !30)
  br label %121, !dbg !30

121:                                              ; preds = %119, %117
  %122 = phi <1 x half> [ %120, %119 ], [ zeroinitializer, %117 ], !dbg !30
    #dbg_value(half poison, !54, !DIExpression(), !30)
  %123 = icmp slt i32 %107, %5, !dbg !55
    #dbg_value(i1 %123, !47, !DIExpression(), !55)
  %124 = icmp slt i32 %.reass, %5, !dbg !55
    #dbg_value(i1 %124, !47, !DIExpression(), !55)
  %125 = and i1 %58, %123, !dbg !56
    #dbg_value(i1 %125, !47, !DIExpression(), !56)
  %126 = and i1 %58, %124, !dbg !56
    #dbg_value(i1 %126, !47, !DIExpression(), !56)
    #dbg_value(!DIArgList(i32 %107, i32 %7), !27, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !57)
  %127 = mul i32 %.reass, %7, !dbg !57
    #dbg_value(i32 %127, !27, !DIExpression(), !57)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %107, i32 %7), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %128 = sext i32 %127 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %128), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i32 %107, i32 %7), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %gep = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %128, !dbg !59
    #dbg_value(ptr addrspace(1) %gep, !58, !DIExpression(), !59)
  br i1 %125, label %129, label %134, !dbg !28

129:                                              ; preds = %121
  %130 = mul i32 %107, %7
  %131 = sext i32 %130 to i64
  %gep3 = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %131
    #dbg_value(i32 %130, !27, !DIExpression(), !57)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i32 %130), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i64 %131), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %46, i64 %131), !58, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(ptr addrspace(1) %gep3, !58, !DIExpression(), !59)
  %132 = load <1 x half>, ptr addrspace(1) %gep3, align 2, !dbg !28
    #dbg_value(<1 x half> %132, !60, !DIExpression(), !28)
  %133 = shufflevector <1 x half> %132, <1 x half> poison, <2 x i32> <i32 0, i32 poison>, !dbg !28
  br label %134, !dbg !28

134:                                              ; preds = %129, %121
  %135 = phi <2 x half> [ %133, %129 ], [ <half 0.000000e+00, half undef>, %121 ], !dbg !28
    #dbg_value(half poison, !61, !DIExpression(), !28)
  br i1 %126, label %136, label %139, !dbg !28

136:                                              ; preds = %134
  %137 = load <1 x half>, ptr addrspace(1) %gep, align 2, !dbg !28
    #dbg_value(<1 x half> %137, !60, !DIExpression(), !28)
  %138 = shufflevector <1 x half> %137, <1 x half> poison, <2 x i32> <i32 0, i32 poison>, !dbg !28
  br label %139, !dbg !28

139:                                              ; preds = %136, %134
  %140 = phi <2 x half> [ %138, %136 ], [ <half 0.000000e+00, half undef>, %134 ], !dbg !28
    #dbg_value(half poison, !61, !DIExpression(), !28)
  fence syncscope("workgroup") release, !dbg !30, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30, !mmra !62
    #dbg_value(!DIArgList(i32 %19, i32 %20), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(i32 %20, !29, !DIExpression(), !30)
    #dbg_value(i32 %62, !29, !DIExpression(), !30)
    #dbg_value(i32 %63, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %64, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %118, !52, !DIExpression(), !30)
  store <1 x half> %118, ptr addrspace(3) %64, align 2, !dbg !30
    #dbg_value(i32 %63, !29, !DIExpression(DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %65, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %122, !52, !DIExpression(), !30)
  store <1 x half> %122, ptr addrspace(3) %65, align 2, !dbg !30
  fence syncscope("workgroup") release, !dbg !30, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30, !mmra !62
    #dbg_value(i32 %23, !29, !DIExpression(), !30)
    #dbg_value(i32 %12, !29, !DIExpression(DW_OP_constu, 12, DW_OP_and, DW_OP_stack_value), !30)
    #dbg_value(i32 %24, !29, !DIExpression(), !30)
    #dbg_value(i32 %69, !29, !DIExpression(), !30)
    #dbg_value(i32 %70, !29, !DIExpression(), !30)
    #dbg_value(i32 %71, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %72, !45, !DIExpression(), !30)
  %141 = load <4 x half>, ptr addrspace(3) %72, align 8, !dbg !30
    #dbg_value(<4 x half> %141, !63, !DIExpression(), !30)
    #dbg_value(half poison, !54, !DIExpression(), !30)
    #dbg_value(i32 %73, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %74, !45, !DIExpression(), !30)
  %142 = load <4 x half>, ptr addrspace(3) %74, align 8, !dbg !30
    #dbg_value(<4 x half> %142, !63, !DIExpression(), !30)
  fence syncscope("workgroup") release, !dbg !28, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !28
  fence syncscope("workgroup") acquire, !dbg !28, !mmra !62
    #dbg_value(i32 %49, !27, !DIExpression(), !28)
    #dbg_value(i32 %47, !27, !DIExpression(), !28)
    #dbg_value(i32 %76, !27, !DIExpression(), !28)
    #dbg_value(i32 %77, !27, !DIExpression(), !28)
    #dbg_value(i1 %78, !47, !DIExpression(), !28)
    #dbg_value(!DIArgList(i32 %68, i32 %76), !27, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_xor, DW_OP_stack_value), !28)
    #dbg_value(!DIArgList(i32 %75, i32 %79, i32 %68, i32 %76), !27, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !28)
    #dbg_value(ptr addrspace(3) %83, !58, !DIExpression(), !28)
    #dbg_value(<2 x half> %135, !65, !DIExpression(), !28)
  %143 = shufflevector <2 x half> %135, <2 x half> %140, <2 x i32> <i32 0, i32 2>, !dbg !28
    #dbg_value(<2 x half> %143, !65, !DIExpression(), !28)
  store <2 x half> %143, ptr addrspace(3) %83, align 4, !dbg !28
  fence syncscope("workgroup") release, !dbg !28, !mmra !62
  tail call void @llvm.amdgcn.s.barrier(), !dbg !28
  fence syncscope("workgroup") acquire, !dbg !28, !mmra !62
    #dbg_value(!DIArgList(i32 %68, i32 %79), !27, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_xor, DW_OP_stack_value), !28)
    #dbg_value(!DIArgList(i32 %69, i32 %68, i32 %79), !27, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_xor, DW_OP_stack_value), !28)
    #dbg_value(i32 %85, !27, !DIExpression(), !28)
    #dbg_value(ptr addrspace(3) %86, !58, !DIExpression(), !28)
  %144 = load <4 x half>, ptr addrspace(3) %86, align 8, !dbg !28
    #dbg_value(<4 x half> %144, !67, !DIExpression(), !28)
    #dbg_value(i32 %87, !27, !DIExpression(), !28)
    #dbg_value(ptr addrspace(3) %88, !58, !DIExpression(), !28)
  %145 = load <4 x half>, ptr addrspace(3) %88, align 8, !dbg !28
    #dbg_value(<4 x half> %145, !67, !DIExpression(), !28)
    #dbg_value(half poison, !68, !DIExpression(), !69)
    #dbg_value(<4 x half> %145, !70, !DIExpression(), !69)
    #dbg_value(float %90, !71, !DIExpression(), !69)
    #dbg_value(float %91, !71, !DIExpression(), !69)
    #dbg_value(float %92, !71, !DIExpression(), !69)
    #dbg_value(float %93, !71, !DIExpression(), !69)
    #dbg_value(float %94, !71, !DIExpression(), !69)
    #dbg_value(float %95, !71, !DIExpression(), !69)
    #dbg_value(float %96, !71, !DIExpression(), !69)
    #dbg_value(float %97, !71, !DIExpression(), !69)
    #dbg_value(float %98, !71, !DIExpression(), !69)
    #dbg_value(float %99, !71, !DIExpression(), !69)
    #dbg_value(float %100, !71, !DIExpression(), !69)
    #dbg_value(float %101, !71, !DIExpression(), !69)
    #dbg_value(float %102, !71, !DIExpression(), !69)
    #dbg_value(float %103, !71, !DIExpression(), !69)
    #dbg_value(float %104, !71, !DIExpression(), !69)
    #dbg_value(float %105, !71, !DIExpression(), !69)
  %146 = insertelement <16 x float> <float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float poison, float undef, float undef, float undef, float undef, float undef, float undef>, float %90, i64 0, !dbg !69
    #dbg_value(<16 x float> %146, !73, !DIExpression(), !69)
  %147 = insertelement <16 x float> %146, float %91, i64 1, !dbg !69
    #dbg_value(<16 x float> %147, !73, !DIExpression(), !69)
  %148 = insertelement <16 x float> %147, float %92, i64 2, !dbg !69
    #dbg_value(<16 x float> %148, !73, !DIExpression(), !69)
  %149 = insertelement <16 x float> %148, float %93, i64 3, !dbg !69
    #dbg_value(<16 x float> %149, !73, !DIExpression(), !69)
  %150 = insertelement <16 x float> %149, float %94, i64 4, !dbg !69
    #dbg_value(<16 x float> %150, !73, !DIExpression(), !69)
  %151 = insertelement <16 x float> %150, float %95, i64 5, !dbg !69
    #dbg_value(<16 x float> %151, !73, !DIExpression(), !69)
  %152 = insertelement <16 x float> %151, float %96, i64 6, !dbg !69
    #dbg_value(<16 x float> %152, !73, !DIExpression(), !69)
  %153 = insertelement <16 x float> %152, float %97, i64 7, !dbg !69
    #dbg_value(<16 x float> %153, !73, !DIExpression(), !69)
  %154 = insertelement <16 x float> %153, float %98, i64 8, !dbg !69
    #dbg_value(<16 x float> %154, !73, !DIExpression(), !69)
  %155 = insertelement <16 x float> %154, float %99, i64 9, !dbg !69
    #dbg_value(<16 x float> %155, !73, !DIExpression(), !69)
  %156 = insertelement <16 x float> %155, float %100, i64 10, !dbg !69
    #dbg_value(<16 x float> %156, !73, !DIExpression(), !69)
  %157 = insertelement <16 x float> %156, float %101, i64 11, !dbg !69
    #dbg_value(<16 x float> %157, !73, !DIExpression(), !69)
  %158 = insertelement <16 x float> %157, float %102, i64 12, !dbg !69
    #dbg_value(<16 x float> %158, !73, !DIExpression(), !69)
  %159 = insertelement <16 x float> %158, float %103, i64 13, !dbg !69
    #dbg_value(<16 x float> %159, !73, !DIExpression(), !69)
  %160 = insertelement <16 x float> %159, float %104, i64 14, !dbg !69
    #dbg_value(<16 x float> %160, !73, !DIExpression(), !69)
  %161 = insertelement <16 x float> %160, float %105, i64 15, !dbg !69
    #dbg_value(<16 x float> %161, !73, !DIExpression(), !69)
  %162 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %144, <4 x half> %141, <16 x float> %161, i32 0, i32 0, i32 0), !dbg !69
    #dbg_value(<16 x float> %162, !73, !DIExpression(), !69)
  %163 = tail call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %145, <4 x half> %142, <16 x float> %162, i32 0, i32 0, i32 0), !dbg !69
    #dbg_value(<16 x float> %163, !73, !DIExpression(), !69)
  %164 = extractelement <16 x float> %163, i64 0, !dbg !69
    #dbg_value(float %164, !71, !DIExpression(), !69)
  %165 = extractelement <16 x float> %163, i64 1, !dbg !69
    #dbg_value(float %165, !71, !DIExpression(), !69)
  %166 = extractelement <16 x float> %163, i64 2, !dbg !69
    #dbg_value(float %166, !71, !DIExpression(), !69)
  %167 = extractelement <16 x float> %163, i64 3, !dbg !69
    #dbg_value(float %167, !71, !DIExpression(), !69)
  %168 = extractelement <16 x float> %163, i64 4, !dbg !69
    #dbg_value(float %168, !71, !DIExpression(), !69)
  %169 = extractelement <16 x float> %163, i64 5, !dbg !69
    #dbg_value(float %169, !71, !DIExpression(), !69)
  %170 = extractelement <16 x float> %163, i64 6, !dbg !69
    #dbg_value(float %170, !71, !DIExpression(), !69)
  %171 = extractelement <16 x float> %163, i64 7, !dbg !69
    #dbg_value(float %171, !71, !DIExpression(), !69)
  %172 = extractelement <16 x float> %163, i64 8, !dbg !69
    #dbg_value(float %172, !71, !DIExpression(), !69)
  %173 = extractelement <16 x float> %163, i64 9, !dbg !69
    #dbg_value(float %173, !71, !DIExpression(), !69)
  %174 = extractelement <16 x float> %163, i64 10, !dbg !69
    #dbg_value(float %174, !71, !DIExpression(), !69)
  %175 = extractelement <16 x float> %163, i64 11, !dbg !69
    #dbg_value(float %175, !71, !DIExpression(), !69)
  %176 = extractelement <16 x float> %163, i64 12, !dbg !69
    #dbg_value(float %176, !71, !DIExpression(), !69)
  %177 = extractelement <16 x float> %163, i64 13, !dbg !69
    #dbg_value(float %177, !71, !DIExpression(), !69)
  %178 = extractelement <16 x float> %163, i64 14, !dbg !69
    #dbg_value(float %178, !71, !DIExpression(), !69)
  %179 = extractelement <16 x float> %163, i64 15, !dbg !69
    #dbg_value(float %179, !71, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
    #dbg_value({ float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float } poison, !75, !DIExpression(), !69)
  %180 = add i32 %106, 16, !dbg !48
    #dbg_value(i32 %180, !76, !DIExpression(), !48)
  %181 = icmp slt i32 %180, %5, !dbg !48
    #dbg_value(i1 %181, !77, !DIExpression(), !48)
  br i1 %181, label %89, label %._crit_edge.loopexit, !dbg !48

._crit_edge.loopexit:                             ; preds = %139
  %182 = fptrunc float %165 to half, !dbg !78
  %183 = fptrunc float %166 to half, !dbg !78
  %184 = fptrunc float %167 to half, !dbg !78
  %185 = fptrunc float %168 to half, !dbg !78
  %186 = fptrunc float %169 to half, !dbg !78
  %187 = fptrunc float %170 to half, !dbg !78
  %188 = fptrunc float %171 to half, !dbg !78
  %189 = fptrunc float %172 to half, !dbg !78
  %190 = fptrunc float %173 to half, !dbg !78
  %191 = fptrunc float %174 to half, !dbg !78
  %192 = fptrunc float %175 to half, !dbg !78
  %193 = fptrunc float %176 to half, !dbg !78
  %194 = fptrunc float %177 to half, !dbg !78
  %195 = fptrunc float %178 to half, !dbg !78
  %196 = fptrunc float %179 to half, !dbg !78
  %197 = fptrunc float %164 to half
  br label %._crit_edge, !dbg !78

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %11
  %198 = phi half [ 0.000000e+00, %11 ], [ %197, %._crit_edge.loopexit ], !dbg !79
  %199 = phi half [ 0.000000e+00, %11 ], [ %182, %._crit_edge.loopexit ], !dbg !79
  %200 = phi half [ 0.000000e+00, %11 ], [ %183, %._crit_edge.loopexit ], !dbg !79
  %201 = phi half [ 0.000000e+00, %11 ], [ %184, %._crit_edge.loopexit ], !dbg !79
  %202 = phi half [ 0.000000e+00, %11 ], [ %185, %._crit_edge.loopexit ], !dbg !79
  %203 = phi half [ 0.000000e+00, %11 ], [ %186, %._crit_edge.loopexit ], !dbg !79
  %204 = phi half [ 0.000000e+00, %11 ], [ %187, %._crit_edge.loopexit ], !dbg !79
  %205 = phi half [ 0.000000e+00, %11 ], [ %188, %._crit_edge.loopexit ], !dbg !79
  %206 = phi half [ 0.000000e+00, %11 ], [ %189, %._crit_edge.loopexit ], !dbg !79
  %207 = phi half [ 0.000000e+00, %11 ], [ %190, %._crit_edge.loopexit ], !dbg !79
  %208 = phi half [ 0.000000e+00, %11 ], [ %191, %._crit_edge.loopexit ], !dbg !79
  %209 = phi half [ 0.000000e+00, %11 ], [ %192, %._crit_edge.loopexit ], !dbg !79
  %210 = phi half [ 0.000000e+00, %11 ], [ %193, %._crit_edge.loopexit ], !dbg !79
  %211 = phi half [ 0.000000e+00, %11 ], [ %194, %._crit_edge.loopexit ], !dbg !79
  %212 = phi half [ 0.000000e+00, %11 ], [ %195, %._crit_edge.loopexit ], !dbg !79
  %213 = phi half [ 0.000000e+00, %11 ], [ %196, %._crit_edge.loopexit ], !dbg !79
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(half poison, !81, !DIExpression(), !78)
    #dbg_value(half %199, !81, !DIExpression(), !78)
    #dbg_value(half %200, !81, !DIExpression(), !78)
    #dbg_value(half %201, !81, !DIExpression(), !78)
    #dbg_value(half %202, !81, !DIExpression(), !78)
    #dbg_value(half %203, !81, !DIExpression(), !78)
    #dbg_value(half %204, !81, !DIExpression(), !78)
    #dbg_value(half %205, !81, !DIExpression(), !78)
    #dbg_value(half %206, !81, !DIExpression(), !78)
    #dbg_value(half %207, !81, !DIExpression(), !78)
    #dbg_value(half %208, !81, !DIExpression(), !78)
    #dbg_value(half %209, !81, !DIExpression(), !78)
    #dbg_value(half %210, !81, !DIExpression(), !78)
    #dbg_value(half %211, !81, !DIExpression(), !78)
    #dbg_value(half %212, !81, !DIExpression(), !78)
    #dbg_value(half %213, !81, !DIExpression(), !78)
  %214 = icmp slt i32 %28, %3, !dbg !82
  %215 = icmp slt i32 %30, %4, !dbg !83
  %216 = icmp slt i32 %31, %4, !dbg !83
  %217 = icmp slt i32 %32, %4, !dbg !83
  %218 = icmp slt i32 %33, %4, !dbg !83
  %219 = icmp slt i32 %34, %4, !dbg !83
  %220 = icmp slt i32 %35, %4, !dbg !83
  %221 = icmp slt i32 %36, %4, !dbg !83
  %222 = icmp slt i32 %37, %4, !dbg !83
  %223 = icmp slt i32 %38, %4, !dbg !83
  %224 = icmp slt i32 %39, %4, !dbg !83
  %225 = icmp slt i32 %40, %4, !dbg !83
  %226 = icmp slt i32 %41, %4, !dbg !83
  %227 = icmp slt i32 %42, %4, !dbg !83
  %228 = icmp slt i32 %43, %4, !dbg !83
  %229 = icmp slt i32 %44, %4, !dbg !83
  %230 = icmp slt i32 %45, %4, !dbg !83
  %231 = and i1 %214, %215, !dbg !84
  %232 = and i1 %214, %216, !dbg !84
  %233 = and i1 %214, %217, !dbg !84
  %234 = and i1 %214, %218, !dbg !84
  %235 = and i1 %214, %219, !dbg !84
  %236 = and i1 %214, %220, !dbg !84
  %237 = and i1 %214, %221, !dbg !84
  %238 = and i1 %214, %222, !dbg !84
  %239 = and i1 %214, %223, !dbg !84
  %240 = and i1 %214, %224, !dbg !84
  %241 = and i1 %214, %225, !dbg !84
  %242 = and i1 %214, %226, !dbg !84
  %243 = and i1 %214, %227, !dbg !84
  %244 = and i1 %214, %228, !dbg !84
  %245 = and i1 %214, %229, !dbg !84
  %246 = and i1 %214, %230, !dbg !84
  %247 = mul i32 %8, %28, !dbg !85
  %248 = sext i32 %247 to i64, !dbg !86
  %249 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %248, !dbg !86
  %250 = sext i32 %31 to i64, !dbg !86
  %251 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %250, !dbg !86
  %252 = sext i32 %32 to i64, !dbg !86
  %253 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %252, !dbg !86
  %254 = sext i32 %33 to i64, !dbg !86
  %255 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %254, !dbg !86
  %256 = sext i32 %34 to i64, !dbg !86
  %257 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %256, !dbg !86
  %258 = sext i32 %35 to i64, !dbg !86
  %259 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %258, !dbg !86
  %260 = sext i32 %36 to i64, !dbg !86
  %261 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %260, !dbg !86
  %262 = sext i32 %37 to i64, !dbg !86
  %263 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %262, !dbg !86
  %264 = sext i32 %38 to i64, !dbg !86
  %265 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %264, !dbg !86
  %266 = sext i32 %39 to i64, !dbg !86
  %267 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %266, !dbg !86
  %268 = sext i32 %40 to i64, !dbg !86
  %269 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %268, !dbg !86
  %270 = sext i32 %41 to i64, !dbg !86
  %271 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %270, !dbg !86
  %272 = sext i32 %42 to i64, !dbg !86
  %273 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %272, !dbg !86
  %274 = sext i32 %43 to i64, !dbg !86
  %275 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %274, !dbg !86
  %276 = sext i32 %44 to i64, !dbg !86
  %277 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %276, !dbg !86
  %278 = sext i32 %45 to i64, !dbg !86
  %279 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %278, !dbg !86
  %280 = icmp eq i32 %15, 0, !dbg !26
  %281 = and i1 %231, %280, !dbg !26
  br i1 %281, label %282, label %286, !dbg !26

282:                                              ; preds = %._crit_edge
  %283 = sext i32 %30 to i64
  %284 = getelementptr [2 x i8], ptr addrspace(1) %249, i64 %283
  %285 = insertelement <1 x half> poison, half %198, i64 0
    #dbg_value(float poison, !80, !DIExpression(), !78)
    #dbg_value(half %198, !81, !DIExpression(), !78)
  store <1 x half> %285, ptr addrspace(1) %284, align 2, !dbg !26
  br label %286, !dbg !26

286:                                              ; preds = %282, %._crit_edge
  %287 = and i1 %232, %280, !dbg !26
  br i1 %287, label %288, label %290, !dbg !26

288:                                              ; preds = %286
  %289 = insertelement <1 x half> poison, half %199, i64 0
  store <1 x half> %289, ptr addrspace(1) %251, align 2, !dbg !26
  br label %290, !dbg !26

290:                                              ; preds = %288, %286
  %291 = and i1 %233, %280, !dbg !26
  br i1 %291, label %292, label %294, !dbg !26

292:                                              ; preds = %290
  %293 = insertelement <1 x half> poison, half %200, i64 0
  store <1 x half> %293, ptr addrspace(1) %253, align 2, !dbg !26
  br label %294, !dbg !26

294:                                              ; preds = %292, %290
  %295 = and i1 %234, %280, !dbg !26
  br i1 %295, label %296, label %298, !dbg !26

296:                                              ; preds = %294
  %297 = insertelement <1 x half> poison, half %201, i64 0
  store <1 x half> %297, ptr addrspace(1) %255, align 2, !dbg !26
  br label %298, !dbg !26

298:                                              ; preds = %296, %294
  %299 = and i1 %235, %280, !dbg !26
  br i1 %299, label %300, label %302, !dbg !26

300:                                              ; preds = %298
  %301 = insertelement <1 x half> poison, half %202, i64 0
  store <1 x half> %301, ptr addrspace(1) %257, align 2, !dbg !26
  br label %302, !dbg !26

302:                                              ; preds = %300, %298
  %303 = and i1 %236, %280, !dbg !26
  br i1 %303, label %304, label %306, !dbg !26

304:                                              ; preds = %302
  %305 = insertelement <1 x half> poison, half %203, i64 0
  store <1 x half> %305, ptr addrspace(1) %259, align 2, !dbg !26
  br label %306, !dbg !26

306:                                              ; preds = %304, %302
  %307 = and i1 %237, %280, !dbg !26
  br i1 %307, label %308, label %310, !dbg !26

308:                                              ; preds = %306
  %309 = insertelement <1 x half> poison, half %204, i64 0
  store <1 x half> %309, ptr addrspace(1) %261, align 2, !dbg !26
  br label %310, !dbg !26

310:                                              ; preds = %308, %306
  %311 = and i1 %238, %280, !dbg !26
  br i1 %311, label %312, label %314, !dbg !26

312:                                              ; preds = %310
  %313 = insertelement <1 x half> poison, half %205, i64 0
  store <1 x half> %313, ptr addrspace(1) %263, align 2, !dbg !26
  br label %314, !dbg !26

314:                                              ; preds = %312, %310
  %315 = and i1 %239, %280, !dbg !26
  br i1 %315, label %316, label %318, !dbg !26

316:                                              ; preds = %314
  %317 = insertelement <1 x half> poison, half %206, i64 0
  store <1 x half> %317, ptr addrspace(1) %265, align 2, !dbg !26
  br label %318, !dbg !26

318:                                              ; preds = %316, %314
  %319 = and i1 %240, %280, !dbg !26
  br i1 %319, label %320, label %322, !dbg !26

320:                                              ; preds = %318
  %321 = insertelement <1 x half> poison, half %207, i64 0
  store <1 x half> %321, ptr addrspace(1) %267, align 2, !dbg !26
  br label %322, !dbg !26

322:                                              ; preds = %320, %318
  %323 = and i1 %241, %280, !dbg !26
  br i1 %323, label %324, label %326, !dbg !26

324:                                              ; preds = %322
  %325 = insertelement <1 x half> poison, half %208, i64 0
  store <1 x half> %325, ptr addrspace(1) %269, align 2, !dbg !26
  br label %326, !dbg !26

326:                                              ; preds = %324, %322
  %327 = and i1 %242, %280, !dbg !26
  br i1 %327, label %328, label %330, !dbg !26

328:                                              ; preds = %326
  %329 = insertelement <1 x half> poison, half %209, i64 0
  store <1 x half> %329, ptr addrspace(1) %271, align 2, !dbg !26
  br label %330, !dbg !26

330:                                              ; preds = %328, %326
  %331 = and i1 %243, %280, !dbg !26
  br i1 %331, label %332, label %334, !dbg !26

332:                                              ; preds = %330
  %333 = insertelement <1 x half> poison, half %210, i64 0
  store <1 x half> %333, ptr addrspace(1) %273, align 2, !dbg !26
  br label %334, !dbg !26

334:                                              ; preds = %332, %330
  %335 = and i1 %244, %280, !dbg !26
  br i1 %335, label %336, label %338, !dbg !26

336:                                              ; preds = %334
  %337 = insertelement <1 x half> poison, half %211, i64 0
  store <1 x half> %337, ptr addrspace(1) %275, align 2, !dbg !26
  br label %338, !dbg !26

338:                                              ; preds = %336, %334
  %339 = and i1 %245, %280, !dbg !26
  br i1 %339, label %340, label %342, !dbg !26

340:                                              ; preds = %338
  %341 = insertelement <1 x half> poison, half %212, i64 0
  store <1 x half> %341, ptr addrspace(1) %277, align 2, !dbg !26
  br label %342, !dbg !26

342:                                              ; preds = %340, %338
  %343 = and i1 %246, %280, !dbg !26
  br i1 %343, label %344, label %346, !dbg !26

344:                                              ; preds = %342
  %345 = insertelement <1 x half> poison, half %213, i64 0
  store <1 x half> %345, ptr addrspace(1) %279, align 2, !dbg !26
  br label %346, !dbg !26

346:                                              ; preds = %344, %342
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
!23 = !DILocalVariable(name: "rm", scope: !4, file: !24, type: !9)
!24 = !DIFile(filename: "<unknown>", directory: "<unknown>")
!25 = !DILocation(line: 50, column: 23, scope: !4)
!26 = !DILocation(line: 61, column: 5, scope: !4)
!27 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !9)
!28 = !DILocation(line: 57, column: 13, scope: !4)
!29 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !9)
!30 = !DILocation(line: 55, column: 13, scope: !4)
!31 = !DILocalVariable(name: "rk", scope: !4, file: !24, type: !9)
!32 = !DILocation(line: 52, column: 10, scope: !4)
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
!65 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !66)
!66 = !DIBasicType(name: "vector", size: 32, encoding: DW_ATE_float)
!67 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !64)
!68 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !8)
!69 = !DILocation(line: 59, column: 15, scope: !4)
!70 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !64)
!71 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !72)
!72 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!73 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !74)
!74 = !DIBasicType(name: "vector", size: 512, encoding: DW_ATE_float)
!75 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !11)
!76 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !9)
!77 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !42)
!78 = !DILocation(line: 60, column: 9, scope: !4)
!79 = !DILocation(line: 53, column: 11, scope: !4)
!80 = !DILocalVariable(name: "c", scope: !4, file: !24, type: !72)
!81 = !DILocalVariable(name: "c", scope: !4, file: !24, type: !8)
!82 = !DILocation(line: 62, column: 20, scope: !4)
!83 = !DILocation(line: 62, column: 40, scope: !4)
!84 = !DILocation(line: 62, column: 19, scope: !4)
!85 = !DILocation(line: 61, column: 22, scope: !4)
!86 = !DILocation(line: 61, column: 14, scope: !4)

; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgpu11.00-amd-amdhsa"

@global_smem = external addrspace(3) global [0 x i8], align 16

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
    #dbg_value(i32 31, !23, !DIExpression(), !25)
    #dbg_value(i32 24, !23, !DIExpression(), !25)
    #dbg_value(i32 112, !23, !DIExpression(), !25)
  %12 = tail call i32 @llvm.amdgcn.workitem.id.x(), !dbg !26
  %13 = tail call i32 @llvm.amdgcn.readfirstlane.i32(i32 %12), !dbg !27
  %14 = and i32 %13, 96, !dbg !26
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(i32 %14, !31, !DIExpression(), !32)
    #dbg_value(i32 %14, !31, !DIExpression(), !32)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
  %15 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !33
    #dbg_value(i32 %15, !34, !DIExpression(), !33)
  %16 = tail call i32 @llvm.amdgcn.workgroup.id.y(), !dbg !35
    #dbg_value(i32 %16, !36, !DIExpression(), !35)
  %17 = shl i32 %15, 5, !dbg !37
    #dbg_value(i32 %17, !23, !DIExpression(), !37)
  %18 = and i32 %12, 31, !dbg !25
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
  %19 = or disjoint i32 %14, %18, !dbg !25
    #dbg_value(!DIArgList(i32 %18, i32 %14), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 112, DW_OP_and, DW_OP_stack_value), !25)
  %20 = lshr i32 %19, 4, !dbg !25
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(i32 %20, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(DW_OP_constu, 24, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(), !25)
    #dbg_value(i32 %20, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(DW_OP_constu, 16, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %20, !23, !DIExpression(DW_OP_constu, 24, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
  %21 = and i32 %12, 15, !dbg !25
    #dbg_value(i32 %21, !23, !DIExpression(), !25)
    #dbg_value(i32 %21, !23, !DIExpression(), !25)
  %22 = and i32 %13, 64, !dbg !25
    #dbg_value(i32 %22, !23, !DIExpression(), !25)
  %23 = lshr exact i32 %22, 2, !dbg !25
    #dbg_value(i32 %23, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %21, i32 %23), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %21, i32 %23), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %21, i32 %23), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %21, i32 %23), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(!DIArgList(i32 %21, i32 %23), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %12, !23, !DIExpression(DW_OP_constu, 16, DW_OP_and, DW_OP_stack_value), !25)
  %24 = lshr i32 %12, 4, !dbg !25
  %25 = and i32 %24, 1, !dbg !25
    #dbg_value(i32 %25, !23, !DIExpression(), !25)
  %26 = and i32 %13, 32, !dbg !25
    #dbg_value(i32 %26, !23, !DIExpression(), !25)
  %27 = lshr exact i32 %26, 1, !dbg !25
    #dbg_value(i32 %27, !23, !DIExpression(), !25)
  %28 = or disjoint i32 %27, %25, !dbg !25
    #dbg_value(i32 %28, !23, !DIExpression(), !25)
    #dbg_value(i32 %28, !23, !DIExpression(), !25)
    #dbg_value(i32 %28, !23, !DIExpression(), !25)
    #dbg_value(i32 %28, !23, !DIExpression(), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 2, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 4, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 6, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 10, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 12, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 14, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 2, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 4, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 6, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 8, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 10, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 12, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %28, !23, !DIExpression(DW_OP_constu, 14, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %14, !23, !DIExpression(), !25)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
    #dbg_value(i32 %18, !23, !DIExpression(), !25)
  %29 = or disjoint i32 %20, %17, !dbg !37
    #dbg_value(i32 %29, !23, !DIExpression(), !37)
  %30 = or disjoint i32 %29, 8, !dbg !37
    #dbg_value(!DIArgList(i32 %17, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 8, DW_OP_or, DW_OP_or, DW_OP_stack_value), !37)
  %31 = or disjoint i32 %29, 16, !dbg !37
    #dbg_value(!DIArgList(i32 %17, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 16, DW_OP_or, DW_OP_or, DW_OP_stack_value), !37)
  %32 = or disjoint i32 %29, 24, !dbg !37
    #dbg_value(!DIArgList(i32 %17, i32 %20), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 24, DW_OP_or, DW_OP_or, DW_OP_stack_value), !37)
  %33 = or disjoint i32 %23, %17, !dbg !25
  %34 = or disjoint i32 %33, %21, !dbg !37
    #dbg_value(!DIArgList(i32 %17, i32 %21, i32 %23), !23, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_or, DW_OP_stack_value), !37)
  %35 = shl i32 %16, 5, !dbg !38
    #dbg_value(i32 %35, !39, !DIExpression(), !38)
  %36 = or disjoint i32 %28, %35, !dbg !38
    #dbg_value(i32 %36, !39, !DIExpression(), !38)
  %37 = or disjoint i32 %36, 2, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %38 = or disjoint i32 %36, 4, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %39 = or disjoint i32 %36, 6, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 6, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %40 = or disjoint i32 %36, 8, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 8, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %41 = or disjoint i32 %36, 10, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 10, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %42 = or disjoint i32 %36, 12, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 12, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %43 = or disjoint i32 %36, 14, !dbg !38
    #dbg_value(!DIArgList(i32 %35, i32 %28), !39, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 14, DW_OP_or, DW_OP_or, DW_OP_stack_value), !38)
  %44 = or disjoint i32 %35, %18, !dbg !38
    #dbg_value(i32 %44, !39, !DIExpression(), !38)
    #dbg_value(i32 %14, !31, !DIExpression(), !32)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !31, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !32)
    #dbg_value(i32 %14, !31, !DIExpression(), !32)
  %45 = lshr exact i32 %14, 3, !dbg !32
    #dbg_value(i32 %45, !31, !DIExpression(), !32)
    #dbg_value(i32 %45, !31, !DIExpression(), !32)
    #dbg_value(i32 %45, !31, !DIExpression(), !32)
    #dbg_value(i32 %45, !31, !DIExpression(), !32)
  %46 = or disjoint i32 %45, 1, !dbg !32
    #dbg_value(i32 %46, !31, !DIExpression(), !32)
  %47 = or disjoint i32 %45, 2, !dbg !32
    #dbg_value(i32 %47, !31, !DIExpression(), !32)
  %48 = or disjoint i32 %45, 3, !dbg !32
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %45, !31, !DIExpression(), !32)
    #dbg_value(i32 %46, !31, !DIExpression(), !32)
    #dbg_value(i32 %47, !31, !DIExpression(), !32)
    #dbg_value(i32 %48, !31, !DIExpression(), !32)
    #dbg_value(i32 %14, !31, !DIExpression(), !32)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !31, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !32)
    #dbg_value(i32 %21, !31, !DIExpression(), !32)
    #dbg_value(i32 %21, !31, !DIExpression(), !32)
    #dbg_value(i32 %21, !31, !DIExpression(), !32)
    #dbg_value(i32 %21, !31, !DIExpression(), !32)
    #dbg_value(i32 %21, !31, !DIExpression(), !32)
    #dbg_value(i32 %21, !31, !DIExpression(), !32)
  %49 = icmp slt i32 %29, %3, !dbg !40
    #dbg_value(i1 %49, !41, !DIExpression(), !40)
  %50 = icmp slt i32 %30, %3, !dbg !40
    #dbg_value(i1 %50, !41, !DIExpression(), !40)
  %51 = icmp slt i32 %31, %3, !dbg !40
    #dbg_value(i1 %51, !41, !DIExpression(), !40)
  %52 = icmp slt i32 %32, %3, !dbg !40
    #dbg_value(i1 %52, !41, !DIExpression(), !40)
  %53 = mul i32 %29, %6, !dbg !43
    #dbg_value(i32 %53, !29, !DIExpression(), !43)
  %54 = mul i32 %30, %6, !dbg !43
    #dbg_value(i32 %54, !29, !DIExpression(), !43)
  %55 = mul i32 %31, %6, !dbg !43
    #dbg_value(i32 %55, !29, !DIExpression(), !43)
  %56 = mul i32 %32, %6, !dbg !43
    #dbg_value(i32 %56, !29, !DIExpression(), !43)
  %57 = sext i32 %53 to i64, !dbg !44
  %58 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %57, !dbg !44
    #dbg_value(ptr addrspace(1) %58, !45, !DIExpression(), !44)
  %59 = sext i32 %54 to i64, !dbg !44
  %60 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %59, !dbg !44
    #dbg_value(ptr addrspace(1) %60, !45, !DIExpression(), !44)
  %61 = sext i32 %55 to i64, !dbg !44
  %62 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %61, !dbg !44
    #dbg_value(ptr addrspace(1) %62, !45, !DIExpression(), !44)
  %63 = sext i32 %56 to i64, !dbg !44
  %64 = getelementptr [2 x i8], ptr addrspace(1) %0, i64 %63, !dbg !44
    #dbg_value(ptr addrspace(1) %64, !45, !DIExpression(), !44)
  %65 = icmp slt i32 %44, %4, !dbg !46
    #dbg_value(i1 %65, !47, !DIExpression(), !46)
    #dbg_value(ptr addrspace(3) poison, !48, !DIExpression(), !27)
  %66 = icmp sgt i32 %5, 0, !dbg !49
    #dbg_value(i1 %66, !50, !DIExpression(), !49)
  %67 = icmp slt i32 %21, %5, !dbg !51
    #dbg_value(i1 %67, !41, !DIExpression(), !51)
  %68 = and i1 %67, %49, !dbg !52
    #dbg_value(i1 %68, !41, !DIExpression(), !52)
  %69 = and i1 %67, %50, !dbg !52
    #dbg_value(i1 %69, !41, !DIExpression(), !52)
  %70 = and i1 %67, %51, !dbg !52
    #dbg_value(i1 %70, !41, !DIExpression(), !52)
  %71 = and i1 %67, %52, !dbg !52
    #dbg_value(i1 %71, !41, !DIExpression(), !52)
    #dbg_value(!DIArgList(ptr addrspace(1) %58, i32 %21), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !44)
  %72 = zext nneg i32 %21 to i64, !dbg !44
  %73 = getelementptr [2 x i8], ptr addrspace(1) %60, i64 %72, !dbg !44
    #dbg_value(ptr addrspace(1) %73, !45, !DIExpression(), !44)
  %74 = getelementptr [2 x i8], ptr addrspace(1) %62, i64 %72, !dbg !44
    #dbg_value(ptr addrspace(1) %74, !45, !DIExpression(), !44)
  %75 = getelementptr [2 x i8], ptr addrspace(1) %64, i64 %72, !dbg !44
    #dbg_value(ptr addrspace(1) %75, !45, !DIExpression(), !44)
    #dbg_value(i1 %68, !50, !DIExpression(), !49)
    #dbg_value(i1 %69, !50, !DIExpression(), !49)
    #dbg_value(i1 %70, !50, !DIExpression(), !49)
    #dbg_value(i1 %71, !50, !DIExpression(), !49)
    #dbg_value(<1 x half> zeroinitializer, !53, !DIExpression(), !30)
  br i1 %68, label %76, label %79, !dbg !30

76:                                               ; preds = %11
  %77 = getelementptr [2 x i8], ptr addrspace(1) %58, i64 %72
    #dbg_value(ptr addrspace(1) %77, !45, !DIExpression(), !44)
  %78 = load <1 x half>, ptr addrspace(1) %77, align 2, !dbg !30
    #dbg_value(<1 x half> %78, !53, !DIExpression(), !30)
  br label %79, !dbg !30

79:                                               ; preds = %76, %11
  %80 = phi <1 x half> [ %78, %76 ], [ zeroinitializer, %11 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %69, label %81, label %83, !dbg !30

81:                                               ; preds = %79
  %82 = load <1 x half>, ptr addrspace(1) %73, align 2, !dbg !30
    #dbg_value(<1 x half> %82, !53, !DIExpression(), !30)
  br label %83, !dbg !30

83:                                               ; preds = %81, %79
  %84 = phi <1 x half> [ %82, %81 ], [ zeroinitializer, %79 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %70, label %85, label %87, !dbg !30

85:                                               ; preds = %83
  %86 = load <1 x half>, ptr addrspace(1) %74, align 2, !dbg !30
    #dbg_value(<1 x half> %86, !53, !DIExpression(), !30)
  br label %87, !dbg !30

87:                                               ; preds = %85, %83
  %88 = phi <1 x half> [ %86, %85 ], [ zeroinitializer, %83 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %71, label %89, label %91, !dbg !30

89:                                               ; preds = %87
  %90 = load <1 x half>, ptr addrspace(1) %75, align 2, !dbg !30
    #dbg_value(<1 x half> %90, !53, !DIExpression(), !30)
  br label %91, !dbg !30

91:                                               ; preds = %89, %87
  %92 = phi <1 x half> [ %90, %89 ], [ zeroinitializer, %87 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  %93 = icmp slt i32 %45, %5, !dbg !56
    #dbg_value(i1 %93, !47, !DIExpression(), !56)
  %94 = icmp slt i32 %46, %5, !dbg !56
    #dbg_value(i1 %94, !47, !DIExpression(), !56)
  %95 = icmp slt i32 %47, %5, !dbg !56
    #dbg_value(i1 %95, !47, !DIExpression(), !56)
  %96 = icmp slt i32 %48, %5, !dbg !56
    #dbg_value(i1 %96, !47, !DIExpression(), !56)
  %97 = and i1 %65, %93, !dbg !57
    #dbg_value(i1 %97, !47, !DIExpression(), !57)
  %98 = and i1 %65, %94, !dbg !57
    #dbg_value(i1 %98, !47, !DIExpression(), !57)
  %99 = and i1 %65, %95, !dbg !57
    #dbg_value(i1 %99, !47, !DIExpression(), !57)
  %100 = and i1 %65, %96, !dbg !57
    #dbg_value(i1 %100, !47, !DIExpression(), !57)
    #dbg_value(!DIArgList(i32 %45, i32 %7), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !58)
  %101 = mul i32 %46, %7, !dbg !58
    #dbg_value(i32 %101, !28, !DIExpression(), !58)
  %102 = mul i32 %47, %7, !dbg !58
    #dbg_value(i32 %102, !28, !DIExpression(), !58)
  %103 = mul i32 %48, %7, !dbg !58
    #dbg_value(i32 %103, !28, !DIExpression(), !58)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %45, i32 %7), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %104 = sext i32 %101 to i64, !dbg !59
  %105 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %104, !dbg !59
    #dbg_value(ptr addrspace(1) %105, !48, !DIExpression(), !59)
  %106 = sext i32 %102 to i64, !dbg !59
  %107 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %106, !dbg !59
    #dbg_value(ptr addrspace(1) %107, !48, !DIExpression(), !59)
  %108 = sext i32 %103 to i64, !dbg !59
  %109 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %108, !dbg !59
    #dbg_value(ptr addrspace(1) %109, !48, !DIExpression(), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i32 %45, i32 %7), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %110 = sext i32 %44 to i64, !dbg !59
  %111 = getelementptr [2 x i8], ptr addrspace(1) %105, i64 %110, !dbg !59
    #dbg_value(ptr addrspace(1) %111, !48, !DIExpression(), !59)
  %112 = getelementptr [2 x i8], ptr addrspace(1) %107, i64 %110, !dbg !59
    #dbg_value(ptr addrspace(1) %112, !48, !DIExpression(), !59)
  %113 = getelementptr [2 x i8], ptr addrspace(1) %109, i64 %110, !dbg !59
    #dbg_value(ptr addrspace(1) %113, !48, !DIExpression(), !59)
    #dbg_value(i1 %97, !50, !DIExpression(), !49)
  %114 = and i1 %66, %98, !dbg !49
    #dbg_value(i1 %114, !50, !DIExpression(), !49)
  %115 = and i1 %66, %99, !dbg !49
    #dbg_value(i1 %115, !50, !DIExpression(), !49)
  %116 = and i1 %66, %100, !dbg !49
    #dbg_value(i1 %116, !50, !DIExpression(), !49)
  br i1 %97, label %117, label %123, !dbg !27

117:                                              ; preds = %91
  %118 = mul i32 %45, %7
  %119 = sext i32 %118 to i64
  %120 = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %119
  %121 = getelementptr [2 x i8], ptr addrspace(1) %120, i64 %110
    #dbg_value(i32 %118, !28, !DIExpression(), !58)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i32 %118), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i64 %119), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %120, i32 %44), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(ptr addrspace(1) %121, !48, !DIExpression(), !59)
  %122 = load <1 x half>, ptr addrspace(1) %121, align 2, !dbg !27
    #dbg_value(<1 x half> %122, !60, !DIExpression(), !27)
  br label %123, !dbg !27

123:                                              ; preds = %117, %91
  %124 = phi <1 x half> [ %122, %117 ], [ zeroinitializer, %91 ], !dbg !27
  %125 = extractelement <1 x half> %124, i64 0, !dbg !27
    #dbg_value(half %125, !61, !DIExpression(), !27)
  br i1 %114, label %126, label %128, !dbg !27

126:                                              ; preds = %123
  %127 = load <1 x half>, ptr addrspace(1) %111, align 2, !dbg !27
    #dbg_value(<1 x half> %127, !60, !DIExpression(), !27)
  br label %128, !dbg !27

128:                                              ; preds = %126, %123
  %129 = phi <1 x half> [ %127, %126 ], [ zeroinitializer, %123 ], !dbg !27
  %130 = extractelement <1 x half> %129, i64 0, !dbg !27
    #dbg_value(half %130, !61, !DIExpression(), !27)
  br i1 %115, label %131, label %133, !dbg !27

131:                                              ; preds = %128
  %132 = load <1 x half>, ptr addrspace(1) %112, align 2, !dbg !27
    #dbg_value(<1 x half> %132, !60, !DIExpression(), !27)
  br label %133, !dbg !27

133:                                              ; preds = %131, %128
  %134 = phi <1 x half> [ %132, %131 ], [ zeroinitializer, %128 ], !dbg !27
  %135 = extractelement <1 x half> %134, i64 0, !dbg !27
    #dbg_value(half %135, !61, !DIExpression(), !27)
  br i1 %116, label %136, label %139, !dbg !27

136:                                              ; preds = %133
  %137 = load <1 x half>, ptr addrspace(1) %113, align 2, !dbg !27
    #dbg_value(<1 x half> %137, !60, !DIExpression(), !27)
  %138 = shufflevector <1 x half> %137, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !27
  br label %139, !dbg !27

139:                                              ; preds = %136, %133
  %140 = phi <4 x half> [ %138, %136 ], [ <half 0.000000e+00, half undef, half undef, half undef>, %133 ], !dbg !27
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(i32 0, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) @global_smem, !45, !DIExpression(), !30)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !45, !DIExpression(), !30)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !45, !DIExpression(), !30)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !45, !DIExpression(), !30)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 63, DW_OP_and, DW_OP_stack_value), !30)
  %141 = shl nuw nsw i32 %19, 1, !dbg !30
  %142 = and i32 %141, 126, !dbg !30
    #dbg_value(i32 %142, !29, !DIExpression(), !30)
    #dbg_value(i32 %22, !29, !DIExpression(), !30)
  %143 = icmp eq i32 %22, 0, !dbg !30
    #dbg_value(i1 %143, !41, !DIExpression(), !30)
  %144 = select i1 %143, i32 0, i32 144, !dbg !30
    #dbg_value(i32 %144, !29, !DIExpression(), !30)
  %145 = xor i32 %142, %144, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(i32 0, !29, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
  %146 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %145, !dbg !30
    #dbg_value(ptr addrspace(3) %146, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %80, !53, !DIExpression(), !30)
  store <1 x half> %80, ptr addrspace(3) %146, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 256, DW_OP_or, DW_OP_stack_value), !30)
  %147 = getelementptr inbounds nuw i8, ptr addrspace(3) %146, i32 256, !dbg !30
    #dbg_value(ptr addrspace(3) %147, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %84, !53, !DIExpression(), !30)
  store <1 x half> %84, ptr addrspace(3) %147, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !30)
  %148 = getelementptr inbounds nuw i8, ptr addrspace(3) %146, i32 512, !dbg !30
    #dbg_value(ptr addrspace(3) %148, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %88, !53, !DIExpression(), !30)
  store <1 x half> %88, ptr addrspace(3) %148, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 768, DW_OP_or, DW_OP_stack_value), !30)
  %149 = getelementptr inbounds nuw i8, ptr addrspace(3) %146, i32 768, !dbg !30
    #dbg_value(ptr addrspace(3) %149, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %92, !53, !DIExpression(), !30)
  store <1 x half> %92, ptr addrspace(3) %149, align 2, !dbg !30
    #dbg_value(ptr addrspace(3) poison, !48, !DIExpression(), !27)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !48, !DIExpression(), !27)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !48, !DIExpression(), !27)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !48, !DIExpression(), !27)
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %12, !28, !DIExpression(DW_OP_constu, 19, DW_OP_and, DW_OP_stack_value), !27)
  %150 = shl nuw nsw i32 %12, 5, !dbg !27
  %151 = and i32 %150, 608, !dbg !27
    #dbg_value(i32 %151, !28, !DIExpression(), !27)
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
  %152 = lshr exact i32 %14, 2, !dbg !27
    #dbg_value(i32 %152, !28, !DIExpression(), !27)
  %153 = and i32 %12, 4, !dbg !27
    #dbg_value(i32 %153, !28, !DIExpression(), !27)
  %154 = icmp eq i32 %153, 0, !dbg !27
    #dbg_value(i1 %154, !47, !DIExpression(), !27)
  %155 = select i1 %154, i32 0, i32 144, !dbg !27
    #dbg_value(i32 %155, !28, !DIExpression(), !27)
  %156 = and i32 %12, 8, !dbg !27
    #dbg_value(i32 %156, !28, !DIExpression(), !27)
  %157 = icmp eq i32 %156, 0, !dbg !27
    #dbg_value(i1 %157, !47, !DIExpression(), !27)
  %158 = select i1 %157, i32 0, i32 272, !dbg !27
    #dbg_value(i32 %158, !28, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_xor, DW_OP_stack_value), !27)
  %159 = xor i32 %155, %152, !dbg !27
  %160 = xor i32 %159, %158, !dbg !27
    #dbg_value(!DIArgList(i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_xor, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
  %161 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %151, !dbg !27
  %162 = getelementptr inbounds nuw i8, ptr addrspace(3) %161, i32 %160, !dbg !27
    #dbg_value(ptr addrspace(3) %162, !48, !DIExpression(), !27)
  %163 = insertelement <4 x half> poison, half %125, i64 0, !dbg !27
    #dbg_value(<4 x half> %163, !62, !DIExpression(), !27)
  %164 = insertelement <4 x half> %163, half %130, i64 1, !dbg !27
    #dbg_value(<4 x half> %164, !62, !DIExpression(), !27)
  %165 = insertelement <4 x half> %164, half %135, i64 2, !dbg !27
    #dbg_value(<4 x half> %165, !62, !DIExpression(), !27)
  %166 = shufflevector <4 x half> %165, <4 x half> %140, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !27
    #dbg_value(<4 x half> %166, !62, !DIExpression(), !27)
  store <4 x half> %166, ptr addrspace(3) %162, align 8, !dbg !27
  %167 = add i32 %5, -16, !dbg !49
    #dbg_value(i32 %167, !64, !DIExpression(), !49)
  %invariant.gep = getelementptr [2 x i8], ptr addrspace(1) %1, i64 %110, !dbg !49
  %168 = icmp sgt i32 %167, 0, !dbg !49
  br i1 %168, label %.lr.ph, label %._crit_edge, !dbg !49

.lr.ph:                                           ; preds = %139
  %169 = and i32 %150, 352
  %170 = shl nuw nsw i32 %22, 3
  %171 = or disjoint i32 %170, %169
  %172 = or disjoint i32 %171, %155
  %173 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %172
  %174 = xor i32 %172, 16
  %175 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %174
  %176 = and i32 %150, 96
  %177 = shl nuw nsw i32 %26, 4
  %178 = or disjoint i32 %177, %176
  %179 = xor i32 %155, %158
  %180 = or disjoint i32 %178, %179
  %181 = xor i32 %180, 16
    #dbg_value(i32 16, !64, !DIExpression(), !49)
  %182 = or disjoint i32 %45, 16, !dbg !65
    #dbg_value(i32 %182, !29, !DIExpression(), !65)
  %183 = or disjoint i32 %45, 17, !dbg !65
    #dbg_value(i32 %183, !29, !DIExpression(), !65)
  %184 = or disjoint i32 %45, 18, !dbg !65
    #dbg_value(i32 %184, !29, !DIExpression(), !65)
  %185 = or disjoint i32 %45, 19, !dbg !65
    #dbg_value(i32 %185, !29, !DIExpression(), !65)
  %186 = or disjoint i32 %21, 16, !dbg !65
    #dbg_value(i32 %186, !29, !DIExpression(), !65)
  %187 = icmp slt i32 %186, %5, !dbg !51
    #dbg_value(i1 %187, !41, !DIExpression(), !51)
  %188 = and i1 %49, %187, !dbg !52
    #dbg_value(i1 %188, !41, !DIExpression(), !52)
  %189 = and i1 %50, %187, !dbg !52
    #dbg_value(i1 %189, !41, !DIExpression(), !52)
  %190 = and i1 %51, %187, !dbg !52
    #dbg_value(i1 %190, !41, !DIExpression(), !52)
  %191 = and i1 %52, %187, !dbg !52
    #dbg_value(i1 %191, !41, !DIExpression(), !52)
    #dbg_value(!DIArgList(ptr addrspace(1) %58, i32 %186), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !44)
  %192 = zext nneg i32 %186 to i64, !dbg !44
  %193 = getelementptr [2 x i8], ptr addrspace(1) %60, i64 %192, !dbg !44
    #dbg_value(ptr addrspace(1) %193, !45, !DIExpression(), !44)
  %194 = getelementptr [2 x i8], ptr addrspace(1) %62, i64 %192, !dbg !44
    #dbg_value(ptr addrspace(1) %194, !45, !DIExpression(), !44)
  %195 = getelementptr [2 x i8], ptr addrspace(1) %64, i64 %192, !dbg !44
    #dbg_value(ptr addrspace(1) %195, !45, !DIExpression(), !44)
  br i1 %188, label %196, label %199, !dbg !30

196:                                              ; preds = %.lr.ph
  %197 = getelementptr [2 x i8], ptr addrspace(1) %58, i64 %192
    #dbg_value(ptr addrspace(1) %197, !45, !DIExpression(), !44)
  %198 = load <1 x half>, ptr addrspace(1) %197, align 2, !dbg !30
    #dbg_value(<1 x half> %198, !53, !DIExpression(), !30)
  br label %199, !dbg !30

199:                                              ; preds = %196, %.lr.ph
  %200 = phi <1 x half> [ %198, %196 ], [ zeroinitializer, %.lr.ph ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %189, label %201, label %203, !dbg !30

201:                                              ; preds = %199
  %202 = load <1 x half>, ptr addrspace(1) %193, align 2, !dbg !30
    #dbg_value(<1 x half> %202, !53, !DIExpression(), !30)
  br label %203, !dbg !30

203:                                              ; preds = %201, %199
  %204 = phi <1 x half> [ %202, %201 ], [ zeroinitializer, %199 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %190, label %205, label %207, !dbg !30

205:                                              ; preds = %203
  %206 = load <1 x half>, ptr addrspace(1) %194, align 2, !dbg !30
    #dbg_value(<1 x half> %206, !53, !DIExpression(), !30)
  br label %207, !dbg !30

207:                                              ; preds = %205, %203
  %208 = phi <1 x half> [ %206, %205 ], [ zeroinitializer, %203 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %191, label %209, label %211, !dbg !30

209:                                              ; preds = %207
  %210 = load <1 x half>, ptr addrspace(1) %195, align 2, !dbg !30
    #dbg_value(<1 x half> %210, !53, !DIExpression(), !30)
  br label %211, !dbg !30

211:                                              ; preds = %209, %207
  %212 = phi <1 x half> [ %210, %209 ], [ zeroinitializer, %207 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  fence syncscope("workgroup") release, !dbg !30
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30
    #dbg_value(ptr addrspace(3) @global_smem, !45, !DIExpression(), !30)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(i32 %12, !29, !DIExpression(DW_OP_constu, 11, DW_OP_and, DW_OP_stack_value), !30)
    #dbg_value(i32 %169, !29, !DIExpression(), !30)
    #dbg_value(i32 %153, !29, !DIExpression(), !30)
    #dbg_value(i1 %154, !41, !DIExpression(), !30)
    #dbg_value(i32 %155, !29, !DIExpression(), !30)
    #dbg_value(i32 %22, !29, !DIExpression(), !30)
    #dbg_value(i32 %170, !29, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %169, i32 %155), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %173, !45, !DIExpression(), !30)
  %213 = load <8 x half>, ptr addrspace(3) %173, align 16, !dbg !30
    #dbg_value(<8 x half> %213, !66, !DIExpression(), !30)
  %214 = extractelement <8 x half> %213, i64 0, !dbg !30
    #dbg_value(half %214, !55, !DIExpression(), !30)
  %215 = extractelement <8 x half> %213, i64 1, !dbg !30
    #dbg_value(half %215, !55, !DIExpression(), !30)
  %216 = extractelement <8 x half> %213, i64 2, !dbg !30
    #dbg_value(half %216, !55, !DIExpression(), !30)
  %217 = extractelement <8 x half> %213, i64 3, !dbg !30
    #dbg_value(half %217, !55, !DIExpression(), !30)
  %218 = extractelement <8 x half> %213, i64 4, !dbg !30
    #dbg_value(half %218, !55, !DIExpression(), !30)
  %219 = extractelement <8 x half> %213, i64 5, !dbg !30
    #dbg_value(half %219, !55, !DIExpression(), !30)
  %220 = extractelement <8 x half> %213, i64 6, !dbg !30
    #dbg_value(half %220, !55, !DIExpression(), !30)
  %221 = extractelement <8 x half> %213, i64 7, !dbg !30
    #dbg_value(half %221, !55, !DIExpression(), !30)
    #dbg_value(i32 %174, !29, !DIExpression(), !30)
    #dbg_value(i32 %174, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %175, !45, !DIExpression(), !30)
  %222 = load <8 x half>, ptr addrspace(3) %175, align 16, !dbg !30
    #dbg_value(<8 x half> %222, !66, !DIExpression(), !30)
  %223 = extractelement <8 x half> %222, i64 0, !dbg !30
    #dbg_value(half %223, !55, !DIExpression(), !30)
  %224 = extractelement <8 x half> %222, i64 1, !dbg !30
    #dbg_value(half %224, !55, !DIExpression(), !30)
  %225 = extractelement <8 x half> %222, i64 2, !dbg !30
    #dbg_value(half %225, !55, !DIExpression(), !30)
  %226 = extractelement <8 x half> %222, i64 3, !dbg !30
    #dbg_value(half %226, !55, !DIExpression(), !30)
  %227 = extractelement <8 x half> %222, i64 4, !dbg !30
    #dbg_value(half %227, !55, !DIExpression(), !30)
  %228 = extractelement <8 x half> %222, i64 5, !dbg !30
    #dbg_value(half %228, !55, !DIExpression(), !30)
  %229 = extractelement <8 x half> %222, i64 6, !dbg !30
    #dbg_value(half %229, !55, !DIExpression(), !30)
  %230 = extractelement <8 x half> %222, i64 7, !dbg !30
    #dbg_value(half %230, !55, !DIExpression(), !30)
  %231 = icmp slt i32 %182, %5, !dbg !56
    #dbg_value(i1 %231, !47, !DIExpression(), !56)
  %232 = icmp slt i32 %183, %5, !dbg !56
    #dbg_value(i1 %232, !47, !DIExpression(), !56)
  %233 = icmp slt i32 %184, %5, !dbg !56
    #dbg_value(i1 %233, !47, !DIExpression(), !56)
  %234 = icmp slt i32 %185, %5, !dbg !56
    #dbg_value(i1 %234, !47, !DIExpression(), !56)
  %235 = and i1 %65, %231, !dbg !57
    #dbg_value(i1 %235, !47, !DIExpression(), !57)
  %236 = and i1 %65, %232, !dbg !57
    #dbg_value(i1 %236, !47, !DIExpression(), !57)
  %237 = and i1 %65, %233, !dbg !57
    #dbg_value(i1 %237, !47, !DIExpression(), !57)
  %238 = and i1 %65, %234, !dbg !57
    #dbg_value(i1 %238, !47, !DIExpression(), !57)
    #dbg_value(!DIArgList(i32 %182, i32 %7), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !58)
  %239 = mul i32 %183, %7, !dbg !58
    #dbg_value(i32 %239, !28, !DIExpression(), !58)
  %240 = mul i32 %184, %7, !dbg !58
    #dbg_value(i32 %240, !28, !DIExpression(), !58)
  %241 = mul i32 %185, %7, !dbg !58
    #dbg_value(i32 %241, !28, !DIExpression(), !58)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %182, i32 %7), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %242 = sext i32 %239 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %242), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %243 = sext i32 %240 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %243), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %244 = sext i32 %241 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %244), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i32 %182, i32 %7), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %gep.peel = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %242, !dbg !59
    #dbg_value(ptr addrspace(1) %gep.peel, !48, !DIExpression(), !59)
  %gep3.peel = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %243, !dbg !59
    #dbg_value(ptr addrspace(1) %gep3.peel, !48, !DIExpression(), !59)
  %gep5.peel = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %244, !dbg !59
    #dbg_value(ptr addrspace(1) %gep5.peel, !48, !DIExpression(), !59)
  br i1 %235, label %245, label %249, !dbg !27

245:                                              ; preds = %211
  %246 = mul i32 %182, %7
  %247 = sext i32 %246 to i64
  %gep7.peel = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %247
    #dbg_value(i32 %246, !28, !DIExpression(), !58)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i32 %246), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i64 %247), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i64 %247), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
    #dbg_value(ptr addrspace(1) %gep7.peel, !48, !DIExpression(), !59)
  %248 = load <1 x half>, ptr addrspace(1) %gep7.peel, align 2, !dbg !27
    #dbg_value(<1 x half> %248, !60, !DIExpression(), !27)
  br label %249, !dbg !27

249:                                              ; preds = %245, %211
  %250 = phi <1 x half> [ %248, %245 ], [ zeroinitializer, %211 ], !dbg !27
  %251 = extractelement <1 x half> %250, i64 0, !dbg !27
    #dbg_value(half %251, !61, !DIExpression(), !27)
  br i1 %236, label %252, label %254, !dbg !27

252:                                              ; preds = %249
  %253 = load <1 x half>, ptr addrspace(1) %gep.peel, align 2, !dbg !27
    #dbg_value(<1 x half> %253, !60, !DIExpression(), !27)
  br label %254, !dbg !27

254:                                              ; preds = %252, %249
  %255 = phi <1 x half> [ %253, %252 ], [ zeroinitializer, %249 ], !dbg !27
  %256 = extractelement <1 x half> %255, i64 0, !dbg !27
    #dbg_value(half %256, !61, !DIExpression(), !27)
  br i1 %237, label %257, label %259, !dbg !27

257:                                              ; preds = %254
  %258 = load <1 x half>, ptr addrspace(1) %gep3.peel, align 2, !dbg !27
    #dbg_value(<1 x half> %258, !60, !DIExpression(), !27)
  br label %259, !dbg !27

259:                                              ; preds = %257, %254
  %260 = phi <1 x half> [ %258, %257 ], [ zeroinitializer, %254 ], !dbg !27
  %261 = extractelement <1 x half> %260, i64 0, !dbg !27
    #dbg_value(half %261, !61, !DIExpression(), !27)
  br i1 %238, label %262, label %265, !dbg !27

262:                                              ; preds = %259
  %263 = load <1 x half>, ptr addrspace(1) %gep5.peel, align 2, !dbg !27
    #dbg_value(<1 x half> %263, !60, !DIExpression(), !27)
  %264 = shufflevector <1 x half> %263, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !27
  br label %265, !dbg !27

265:                                              ; preds = %262, %259
  %266 = phi <4 x half> [ %264, %262 ], [ <half 0.000000e+00, half undef, half undef, half undef>, %259 ], !dbg !27
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(ptr addrspace(3) poison, !48, !DIExpression(), !27)
    #dbg_value(i32 %12, !28, !DIExpression(DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !27)
    #dbg_value(i1 %157, !47, !DIExpression(), !27)
    #dbg_value(i32 %26, !28, !DIExpression(), !27)
    #dbg_value(i32 %177, !28, !DIExpression(), !27)
    #dbg_value(i32 %178, !28, !DIExpression(), !27)
    #dbg_value(i32 %179, !28, !DIExpression(), !27)
    #dbg_value(i32 %180, !28, !DIExpression(), !27)
  %267 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %180, !dbg !27
    #dbg_value(ptr addrspace(3) %267, !48, !DIExpression(), !27)
  %268 = load <8 x half>, ptr addrspace(3) %267, align 16, !dbg !27
    #dbg_value(<8 x half> %268, !68, !DIExpression(), !27)
    #dbg_value(i32 %181, !28, !DIExpression(), !27)
  %269 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %181, !dbg !27
    #dbg_value(ptr addrspace(3) %269, !48, !DIExpression(), !27)
  %270 = load <8 x half>, ptr addrspace(3) %269, align 16, !dbg !27
    #dbg_value(<8 x half> %270, !68, !DIExpression(), !27)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(float 0.000000e+00, !69, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float poison, float poison, float poison, float poison, float poison, float poison, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float 0.000000e+00, float poison, float poison, float poison, float poison, float poison, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float poison, float poison, float poison, float poison, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float poison, float poison, float poison, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float poison, float poison, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float poison, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float poison>, !72, !DIExpression(), !71)
    #dbg_value(<8 x float> zeroinitializer, !72, !DIExpression(), !71)
  %271 = insertelement <16 x half> <half poison, half poison, half poison, half poison, half poison, half poison, half poison, half poison, half poison, half poison, half undef, half undef, half undef, half undef, half undef, half undef>, half %214, i64 0, !dbg !71
    #dbg_value(<16 x half> %271, !72, !DIExpression(), !71)
  %272 = insertelement <16 x half> %271, half %215, i64 1, !dbg !71
    #dbg_value(<16 x half> %272, !72, !DIExpression(), !71)
  %273 = insertelement <16 x half> %272, half %216, i64 2, !dbg !71
    #dbg_value(<16 x half> %273, !72, !DIExpression(), !71)
  %274 = insertelement <16 x half> %273, half %217, i64 3, !dbg !71
    #dbg_value(<16 x half> %274, !72, !DIExpression(), !71)
  %275 = insertelement <16 x half> %274, half %218, i64 4, !dbg !71
    #dbg_value(<16 x half> %275, !72, !DIExpression(), !71)
  %276 = insertelement <16 x half> %275, half %219, i64 5, !dbg !71
    #dbg_value(<16 x half> %276, !72, !DIExpression(), !71)
  %277 = insertelement <16 x half> %276, half %220, i64 6, !dbg !71
    #dbg_value(<16 x half> %277, !72, !DIExpression(), !71)
  %278 = insertelement <16 x half> %277, half %221, i64 7, !dbg !71
    #dbg_value(<16 x half> %278, !72, !DIExpression(), !71)
  %279 = insertelement <16 x half> %278, half %223, i64 8, !dbg !71
    #dbg_value(<16 x half> %279, !72, !DIExpression(), !71)
  %280 = insertelement <16 x half> %279, half %224, i64 9, !dbg !71
    #dbg_value(<16 x half> %280, !72, !DIExpression(), !71)
  %281 = insertelement <16 x half> %280, half %225, i64 10, !dbg !71
    #dbg_value(<16 x half> %281, !72, !DIExpression(), !71)
  %282 = insertelement <16 x half> %281, half %226, i64 11, !dbg !71
    #dbg_value(<16 x half> %282, !72, !DIExpression(), !71)
  %283 = insertelement <16 x half> %282, half %227, i64 12, !dbg !71
    #dbg_value(<16 x half> %283, !72, !DIExpression(), !71)
  %284 = insertelement <16 x half> %283, half %228, i64 13, !dbg !71
    #dbg_value(<16 x half> %284, !72, !DIExpression(), !71)
  %285 = insertelement <16 x half> %284, half %229, i64 14, !dbg !71
    #dbg_value(<16 x half> %285, !72, !DIExpression(), !71)
  %286 = insertelement <16 x half> %285, half %230, i64 15, !dbg !71
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
  %287 = shufflevector <8 x half> %268, <8 x half> %270, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, !dbg !71
    #dbg_value(<16 x half> %287, !72, !DIExpression(), !71)
  %288 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %287, <16 x half> %286, <8 x float> zeroinitializer), !dbg !71
    #dbg_value(<8 x float> %288, !72, !DIExpression(), !71)
  %289 = extractelement <8 x float> %288, i64 0, !dbg !71
    #dbg_value(float %289, !69, !DIExpression(), !71)
  %290 = extractelement <8 x float> %288, i64 1, !dbg !71
    #dbg_value(float %290, !69, !DIExpression(), !71)
  %291 = extractelement <8 x float> %288, i64 2, !dbg !71
    #dbg_value(float %291, !69, !DIExpression(), !71)
  %292 = extractelement <8 x float> %288, i64 3, !dbg !71
    #dbg_value(float %292, !69, !DIExpression(), !71)
  %293 = extractelement <8 x float> %288, i64 4, !dbg !71
    #dbg_value(float %293, !69, !DIExpression(), !71)
  %294 = extractelement <8 x float> %288, i64 5, !dbg !71
    #dbg_value(float %294, !69, !DIExpression(), !71)
  %295 = extractelement <8 x float> %288, i64 6, !dbg !71
    #dbg_value(float %295, !69, !DIExpression(), !71)
  %296 = extractelement <8 x float> %288, i64 7, !dbg !71
    #dbg_value(float %296, !69, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value(i1 false, !50, !DIExpression(), !49)
    #dbg_value(i32 0, !64, !DIExpression(), !49)
    #dbg_value(i32 0, !29, !DIExpression(), !30)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !45, !DIExpression(), !30)
  fence syncscope("workgroup") release, !dbg !30
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30
    #dbg_value(i1 %143, !41, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %146, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %200, !53, !DIExpression(), !30)
  store <1 x half> %200, ptr addrspace(3) %146, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 256, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %147, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %204, !53, !DIExpression(), !30)
  store <1 x half> %204, ptr addrspace(3) %147, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %148, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %208, !53, !DIExpression(), !30)
  store <1 x half> %208, ptr addrspace(3) %148, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 768, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %149, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %212, !53, !DIExpression(), !30)
  store <1 x half> %212, ptr addrspace(3) %149, align 2, !dbg !30
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(ptr addrspace(3) %162, !48, !DIExpression(), !27)
  %297 = insertelement <4 x half> poison, half %251, i64 0, !dbg !27
    #dbg_value(<4 x half> %297, !62, !DIExpression(), !27)
  %298 = insertelement <4 x half> %297, half %256, i64 1, !dbg !27
    #dbg_value(<4 x half> %298, !62, !DIExpression(), !27)
  %299 = insertelement <4 x half> %298, half %261, i64 2, !dbg !27
    #dbg_value(<4 x half> %299, !62, !DIExpression(), !27)
  %300 = shufflevector <4 x half> %299, <4 x half> %266, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !27
    #dbg_value(<4 x half> %300, !62, !DIExpression(), !27)
  store <4 x half> %300, ptr addrspace(3) %162, align 8, !dbg !27
  %301 = icmp samesign ugt i32 %167, 16, !dbg !49
    #dbg_value(i1 %301, !50, !DIExpression(), !49)
  br i1 %301, label %.peel.next, label %._crit_edge, !dbg !49

.peel.next:                                       ; preds = %265
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
  %302 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %180
  %303 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %181
  br label %304, !dbg !49

304:                                              ; preds = %.peel.next, %398
  %305 = phi float [ %289, %.peel.next ], [ %428, %398 ]
  %306 = phi float [ %290, %.peel.next ], [ %429, %398 ]
  %307 = phi float [ %291, %.peel.next ], [ %430, %398 ]
  %308 = phi float [ %292, %.peel.next ], [ %431, %398 ]
  %309 = phi float [ %293, %.peel.next ], [ %432, %398 ]
  %310 = phi float [ %294, %.peel.next ], [ %433, %398 ]
  %311 = phi float [ %295, %.peel.next ], [ %434, %398 ]
  %312 = phi float [ %296, %.peel.next ], [ %435, %398 ]
  %313 = phi i32 [ 16, %.peel.next ], [ %314, %398 ]
  %314 = add i32 %313, 16, !dbg !49
    #dbg_value(i32 %314, !64, !DIExpression(), !49)
  %315 = or disjoint i32 %314, %45, !dbg !65
    #dbg_value(i32 %315, !29, !DIExpression(), !65)
  %316 = or disjoint i32 %314, %46, !dbg !65
    #dbg_value(i32 %316, !29, !DIExpression(), !65)
  %317 = or disjoint i32 %314, %47, !dbg !65
    #dbg_value(i32 %317, !29, !DIExpression(), !65)
  %318 = or disjoint i32 %314, %48, !dbg !65
    #dbg_value(i32 %318, !29, !DIExpression(), !65)
  %319 = or disjoint i32 %314, %21, !dbg !65
    #dbg_value(i32 %319, !29, !DIExpression(), !65)
  %320 = icmp slt i32 %319, %5, !dbg !51
    #dbg_value(i1 %320, !41, !DIExpression(), !51)
  %321 = and i1 %49, %320, !dbg !52
    #dbg_value(i1 %321, !41, !DIExpression(), !52)
  %322 = and i1 %50, %320, !dbg !52
    #dbg_value(i1 %322, !41, !DIExpression(), !52)
  %323 = and i1 %51, %320, !dbg !52
    #dbg_value(i1 %323, !41, !DIExpression(), !52)
  %324 = and i1 %52, %320, !dbg !52
    #dbg_value(i1 %324, !41, !DIExpression(), !52)
    #dbg_value(!DIArgList(ptr addrspace(1) %58, i32 %319), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !44)
  %325 = sext i32 %319 to i64, !dbg !44
  %326 = getelementptr [2 x i8], ptr addrspace(1) %60, i64 %325, !dbg !44
    #dbg_value(ptr addrspace(1) %326, !45, !DIExpression(), !44)
  %327 = getelementptr [2 x i8], ptr addrspace(1) %62, i64 %325, !dbg !44
    #dbg_value(ptr addrspace(1) %327, !45, !DIExpression(), !44)
  %328 = getelementptr [2 x i8], ptr addrspace(1) %64, i64 %325, !dbg !44
    #dbg_value(ptr addrspace(1) %328, !45, !DIExpression(), !44)
  br i1 %321, label %329, label %332, !dbg !30

329:                                              ; preds = %304
  %330 = getelementptr [2 x i8], ptr addrspace(1) %58, i64 %325
    #dbg_value(ptr addrspace(1) %330, !45, !DIExpression(), !44)
  %331 = load <1 x half>, ptr addrspace(1) %330, align 2, !dbg !30
    #dbg_value(<1 x half> %331, !53, !DIExpression(), !30)
  br label %332, !dbg !30

332:                                              ; preds = %329, %304
  %333 = phi <1 x half> [ %331, %329 ], [ zeroinitializer, %304 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %322, label %334, label %336, !dbg !30

334:                                              ; preds = %332
  %335 = load <1 x half>, ptr addrspace(1) %326, align 2, !dbg !30
    #dbg_value(<1 x half> %335, !53, !DIExpression(), !30)
  br label %336, !dbg !30

336:                                              ; preds = %334, %332
  %337 = phi <1 x half> [ %335, %334 ], [ zeroinitializer, %332 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %323, label %338, label %340, !dbg !30

338:                                              ; preds = %336
  %339 = load <1 x half>, ptr addrspace(1) %327, align 2, !dbg !30
    #dbg_value(<1 x half> %339, !53, !DIExpression(), !30)
  br label %340, !dbg !30

340:                                              ; preds = %338, %336
  %341 = phi <1 x half> [ %339, %338 ], [ zeroinitializer, %336 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  br i1 %324, label %342, label %344, !dbg !30

342:                                              ; preds = %340
  %343 = load <1 x half>, ptr addrspace(1) %328, align 2, !dbg !30
    #dbg_value(<1 x half> %343, !53, !DIExpression(), !30)
  br label %344, !dbg !30

344:                                              ; preds = %342, %340
  %345 = phi <1 x half> [ %343, %342 ], [ zeroinitializer, %340 ], !dbg !30
    #dbg_value(half poison, !55, !DIExpression(), !30)
  fence syncscope("workgroup") release, !dbg !30
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30
    #dbg_value(i1 %154, !41, !DIExpression(), !30)
    #dbg_value(i32 %172, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %173, !45, !DIExpression(), !30)
  %346 = load <8 x half>, ptr addrspace(3) %173, align 16, !dbg !30
    #dbg_value(<8 x half> %346, !66, !DIExpression(), !30)
  %347 = extractelement <8 x half> %346, i64 0, !dbg !30
    #dbg_value(half %347, !55, !DIExpression(), !30)
  %348 = extractelement <8 x half> %346, i64 1, !dbg !30
    #dbg_value(half %348, !55, !DIExpression(), !30)
  %349 = extractelement <8 x half> %346, i64 2, !dbg !30
    #dbg_value(half %349, !55, !DIExpression(), !30)
  %350 = extractelement <8 x half> %346, i64 3, !dbg !30
    #dbg_value(half %350, !55, !DIExpression(), !30)
  %351 = extractelement <8 x half> %346, i64 4, !dbg !30
    #dbg_value(half %351, !55, !DIExpression(), !30)
  %352 = extractelement <8 x half> %346, i64 5, !dbg !30
    #dbg_value(half %352, !55, !DIExpression(), !30)
  %353 = extractelement <8 x half> %346, i64 6, !dbg !30
    #dbg_value(half %353, !55, !DIExpression(), !30)
  %354 = extractelement <8 x half> %346, i64 7, !dbg !30
    #dbg_value(half %354, !55, !DIExpression(), !30)
    #dbg_value(i32 %174, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %175, !45, !DIExpression(), !30)
  %355 = load <8 x half>, ptr addrspace(3) %175, align 16, !dbg !30
    #dbg_value(<8 x half> %355, !66, !DIExpression(), !30)
  %356 = extractelement <8 x half> %355, i64 0, !dbg !30
    #dbg_value(half %356, !55, !DIExpression(), !30)
  %357 = extractelement <8 x half> %355, i64 1, !dbg !30
    #dbg_value(half %357, !55, !DIExpression(), !30)
  %358 = extractelement <8 x half> %355, i64 2, !dbg !30
    #dbg_value(half %358, !55, !DIExpression(), !30)
  %359 = extractelement <8 x half> %355, i64 3, !dbg !30
    #dbg_value(half %359, !55, !DIExpression(), !30)
  %360 = extractelement <8 x half> %355, i64 4, !dbg !30
    #dbg_value(half %360, !55, !DIExpression(), !30)
  %361 = extractelement <8 x half> %355, i64 5, !dbg !30
    #dbg_value(half %361, !55, !DIExpression(), !30)
  %362 = extractelement <8 x half> %355, i64 6, !dbg !30
    #dbg_value(half %362, !55, !DIExpression(), !30)
  %363 = extractelement <8 x half> %355, i64 7, !dbg !30
    #dbg_value(half %363, !55, !DIExpression(), !30)
  %364 = icmp slt i32 %315, %5, !dbg !56
    #dbg_value(i1 %364, !47, !DIExpression(), !56)
  %365 = icmp slt i32 %316, %5, !dbg !56
    #dbg_value(i1 %365, !47, !DIExpression(), !56)
  %366 = icmp slt i32 %317, %5, !dbg !56
    #dbg_value(i1 %366, !47, !DIExpression(), !56)
  %367 = icmp slt i32 %318, %5, !dbg !56
    #dbg_value(i1 %367, !47, !DIExpression(), !56)
  %368 = and i1 %65, %364, !dbg !57
    #dbg_value(i1 %368, !47, !DIExpression(), !57)
  %369 = and i1 %65, %365, !dbg !57
    #dbg_value(i1 %369, !47, !DIExpression(), !57)
  %370 = and i1 %65, %366, !dbg !57
    #dbg_value(i1 %370, !47, !DIExpression(), !57)
  %371 = and i1 %65, %367, !dbg !57
    #dbg_value(i1 %371, !47, !DIExpression(), !57)
    #dbg_value(!DIArgList(i32 %315, i32 %7), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_mul, DW_OP_stack_value), !58)
  %372 = mul i32 %316, %7, !dbg !58
    #dbg_value(i32 %372, !28, !DIExpression(), !58)
  %373 = mul i32 %317, %7, !dbg !58
    #dbg_value(i32 %373, !28, !DIExpression(), !58)
  %374 = mul i32 %318, %7, !dbg !58
    #dbg_value(i32 %374, !28, !DIExpression(), !58)
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %315, i32 %7), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %375 = sext i32 %372 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %375), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %376 = sext i32 %373 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i64 %376), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %377 = sext i32 %374 to i64, !dbg !59
    #dbg_value(!DIArgList(ptr addrspace(1) %1, i32 %44, i32 %315, i32 %7), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_mul, DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_LLVM_convert, 64, DW_ATE_signed, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_LLVM_arg, 1, DW_OP_constu, 2, DW_OP_mul, DW_OP_plus, DW_OP_stack_value), !59)
  %gep = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %375, !dbg !59
    #dbg_value(ptr addrspace(1) %gep, !48, !DIExpression(), !59)
  %gep3 = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %376, !dbg !59
    #dbg_value(ptr addrspace(1) %gep3, !48, !DIExpression(), !59)
  %gep5 = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %377, !dbg !59
    #dbg_value(ptr addrspace(1) %gep5, !48, !DIExpression(), !59)
  br i1 %368, label %378, label %382, !dbg !27

378:                                              ; preds = %344
  %379 = mul i32 %315, %7
  %380 = sext i32 %379 to i64
  %gep7 = getelementptr [2 x i8], ptr addrspace(1) %invariant.gep, i64 %380
    #dbg_value(i32 %379, !28, !DIExpression(), !58)
    #dbg_value(ptr addrspace(1) %gep7, !48, !DIExpression(), !59)
  %381 = load <1 x half>, ptr addrspace(1) %gep7, align 2, !dbg !27
    #dbg_value(<1 x half> %381, !60, !DIExpression(), !27)
  br label %382, !dbg !27

382:                                              ; preds = %378, %344
  %383 = phi <1 x half> [ %381, %378 ], [ zeroinitializer, %344 ], !dbg !27
  %384 = extractelement <1 x half> %383, i64 0, !dbg !27
    #dbg_value(half %384, !61, !DIExpression(), !27)
  br i1 %369, label %385, label %387, !dbg !27

385:                                              ; preds = %382
  %386 = load <1 x half>, ptr addrspace(1) %gep, align 2, !dbg !27
    #dbg_value(<1 x half> %386, !60, !DIExpression(), !27)
  br label %387, !dbg !27

387:                                              ; preds = %385, %382
  %388 = phi <1 x half> [ %386, %385 ], [ zeroinitializer, %382 ], !dbg !27
  %389 = extractelement <1 x half> %388, i64 0, !dbg !27
    #dbg_value(half %389, !61, !DIExpression(), !27)
  br i1 %370, label %390, label %392, !dbg !27

390:                                              ; preds = %387
  %391 = load <1 x half>, ptr addrspace(1) %gep3, align 2, !dbg !27
    #dbg_value(<1 x half> %391, !60, !DIExpression(), !27)
  br label %392, !dbg !27

392:                                              ; preds = %390, %387
  %393 = phi <1 x half> [ %391, %390 ], [ zeroinitializer, %387 ], !dbg !27
  %394 = extractelement <1 x half> %393, i64 0, !dbg !27
    #dbg_value(half %394, !61, !DIExpression(), !27)
  br i1 %371, label %395, label %398, !dbg !27

395:                                              ; preds = %392
  %396 = load <1 x half>, ptr addrspace(1) %gep5, align 2, !dbg !27
    #dbg_value(<1 x half> %396, !60, !DIExpression(), !27)
  %397 = shufflevector <1 x half> %396, <1 x half> poison, <4 x i32> <i32 0, i32 poison, i32 poison, i32 poison>, !dbg !27
  br label %398, !dbg !27

398:                                              ; preds = %395, %392
  %399 = phi <4 x half> [ %397, %395 ], [ <half 0.000000e+00, half undef, half undef, half undef>, %392 ], !dbg !27
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), !48, !DIExpression(), !27)
    #dbg_value(i1 %157, !47, !DIExpression(), !27)
    #dbg_value(i32 %180, !28, !DIExpression(), !27)
    #dbg_value(ptr addrspace(3) %302, !48, !DIExpression(), !27)
  %400 = load <8 x half>, ptr addrspace(3) %302, align 16, !dbg !27
    #dbg_value(<8 x half> %400, !68, !DIExpression(), !27)
    #dbg_value(i32 %181, !28, !DIExpression(), !27)
    #dbg_value(ptr addrspace(3) %303, !48, !DIExpression(), !27)
  %401 = load <8 x half>, ptr addrspace(3) %303, align 16, !dbg !27
    #dbg_value(<8 x half> %401, !68, !DIExpression(), !27)
    #dbg_value(float %305, !69, !DIExpression(), !71)
    #dbg_value(float %306, !69, !DIExpression(), !71)
    #dbg_value(float %307, !69, !DIExpression(), !71)
    #dbg_value(float %308, !69, !DIExpression(), !71)
    #dbg_value(float %309, !69, !DIExpression(), !71)
    #dbg_value(float %310, !69, !DIExpression(), !71)
    #dbg_value(float %311, !69, !DIExpression(), !71)
    #dbg_value(float %312, !69, !DIExpression(), !71)
  %402 = insertelement <8 x float> poison, float %305, i64 0, !dbg !71
    #dbg_value(<8 x float> %402, !72, !DIExpression(), !71)
  %403 = insertelement <8 x float> %402, float %306, i64 1, !dbg !71
    #dbg_value(<8 x float> %403, !72, !DIExpression(), !71)
  %404 = insertelement <8 x float> %403, float %307, i64 2, !dbg !71
    #dbg_value(<8 x float> %404, !72, !DIExpression(), !71)
  %405 = insertelement <8 x float> %404, float %308, i64 3, !dbg !71
    #dbg_value(<8 x float> %405, !72, !DIExpression(), !71)
  %406 = insertelement <8 x float> %405, float %309, i64 4, !dbg !71
    #dbg_value(<8 x float> %406, !72, !DIExpression(), !71)
  %407 = insertelement <8 x float> %406, float %310, i64 5, !dbg !71
    #dbg_value(<8 x float> %407, !72, !DIExpression(), !71)
  %408 = insertelement <8 x float> %407, float %311, i64 6, !dbg !71
    #dbg_value(<8 x float> %408, !72, !DIExpression(), !71)
  %409 = insertelement <8 x float> %408, float %312, i64 7, !dbg !71
    #dbg_value(<8 x float> %409, !72, !DIExpression(), !71)
  %410 = insertelement <16 x half> <half poison, half poison, half poison, half poison, half poison, half poison, half poison, half poison, half poison, half poison, half undef, half undef, half undef, half undef, half undef, half undef>, half %347, i64 0, !dbg !71
    #dbg_value(<16 x half> %410, !72, !DIExpression(), !71)
  %411 = insertelement <16 x half> %410, half %348, i64 1, !dbg !71
    #dbg_value(<16 x half> %411, !72, !DIExpression(), !71)
  %412 = insertelement <16 x half> %411, half %349, i64 2, !dbg !71
    #dbg_value(<16 x half> %412, !72, !DIExpression(), !71)
  %413 = insertelement <16 x half> %412, half %350, i64 3, !dbg !71
    #dbg_value(<16 x half> %413, !72, !DIExpression(), !71)
  %414 = insertelement <16 x half> %413, half %351, i64 4, !dbg !71
    #dbg_value(<16 x half> %414, !72, !DIExpression(), !71)
  %415 = insertelement <16 x half> %414, half %352, i64 5, !dbg !71
    #dbg_value(<16 x half> %415, !72, !DIExpression(), !71)
  %416 = insertelement <16 x half> %415, half %353, i64 6, !dbg !71
    #dbg_value(<16 x half> %416, !72, !DIExpression(), !71)
  %417 = insertelement <16 x half> %416, half %354, i64 7, !dbg !71
    #dbg_value(<16 x half> %417, !72, !DIExpression(), !71)
  %418 = insertelement <16 x half> %417, half %356, i64 8, !dbg !71
    #dbg_value(<16 x half> %418, !72, !DIExpression(), !71)
  %419 = insertelement <16 x half> %418, half %357, i64 9, !dbg !71
    #dbg_value(<16 x half> %419, !72, !DIExpression(), !71)
  %420 = insertelement <16 x half> %419, half %358, i64 10, !dbg !71
    #dbg_value(<16 x half> %420, !72, !DIExpression(), !71)
  %421 = insertelement <16 x half> %420, half %359, i64 11, !dbg !71
    #dbg_value(<16 x half> %421, !72, !DIExpression(), !71)
  %422 = insertelement <16 x half> %421, half %360, i64 12, !dbg !71
    #dbg_value(<16 x half> %422, !72, !DIExpression(), !71)
  %423 = insertelement <16 x half> %422, half %361, i64 13, !dbg !71
    #dbg_value(<16 x half> %423, !72, !DIExpression(), !71)
  %424 = insertelement <16 x half> %423, half %362, i64 14, !dbg !71
    #dbg_value(<16 x half> %424, !72, !DIExpression(), !71)
  %425 = insertelement <16 x half> %424, half %363, i64 15, !dbg !71
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
  %426 = shufflevector <8 x half> %400, <8 x half> %401, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, !dbg !71
    #dbg_value(<16 x half> %426, !72, !DIExpression(), !71)
  %427 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %426, <16 x half> %425, <8 x float> %409), !dbg !71
    #dbg_value(<8 x float> %427, !72, !DIExpression(), !71)
  %428 = extractelement <8 x float> %427, i64 0, !dbg !71
    #dbg_value(float %428, !69, !DIExpression(), !71)
  %429 = extractelement <8 x float> %427, i64 1, !dbg !71
    #dbg_value(float %429, !69, !DIExpression(), !71)
  %430 = extractelement <8 x float> %427, i64 2, !dbg !71
    #dbg_value(float %430, !69, !DIExpression(), !71)
  %431 = extractelement <8 x float> %427, i64 3, !dbg !71
    #dbg_value(float %431, !69, !DIExpression(), !71)
  %432 = extractelement <8 x float> %427, i64 4, !dbg !71
    #dbg_value(float %432, !69, !DIExpression(), !71)
  %433 = extractelement <8 x float> %427, i64 5, !dbg !71
    #dbg_value(float %433, !69, !DIExpression(), !71)
  %434 = extractelement <8 x float> %427, i64 6, !dbg !71
    #dbg_value(float %434, !69, !DIExpression(), !71)
  %435 = extractelement <8 x float> %427, i64 7, !dbg !71
    #dbg_value(float %435, !69, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value(i1 false, !50, !DIExpression(), !49)
    #dbg_value(i32 0, !64, !DIExpression(), !49)
    #dbg_value(i32 0, !29, !DIExpression(), !30)
    #dbg_value({ ptr addrspace(3), i32, i32 } poison, !45, !DIExpression(), !30)
  fence syncscope("workgroup") release, !dbg !30
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30
    #dbg_value(i1 %143, !41, !DIExpression(), !30)
    #dbg_value(i32 %145, !29, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) %146, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %333, !53, !DIExpression(), !30)
  store <1 x half> %333, ptr addrspace(3) %146, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 256, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %147, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %337, !53, !DIExpression(), !30)
  store <1 x half> %337, ptr addrspace(3) %147, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 512, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %148, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %341, !53, !DIExpression(), !30)
  store <1 x half> %341, ptr addrspace(3) %148, align 2, !dbg !30
    #dbg_value(i32 %145, !29, !DIExpression(DW_OP_constu, 768, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(ptr addrspace(3) %149, !45, !DIExpression(), !30)
    #dbg_value(<1 x half> %345, !53, !DIExpression(), !30)
  store <1 x half> %345, ptr addrspace(3) %149, align 2, !dbg !30
    #dbg_value(!DIArgList(i32 %151, i32 %158, i32 %155, i32 %152), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(ptr addrspace(3) %162, !48, !DIExpression(), !27)
  %436 = insertelement <4 x half> poison, half %384, i64 0, !dbg !27
    #dbg_value(<4 x half> %436, !62, !DIExpression(), !27)
  %437 = insertelement <4 x half> %436, half %389, i64 1, !dbg !27
    #dbg_value(<4 x half> %437, !62, !DIExpression(), !27)
  %438 = insertelement <4 x half> %437, half %394, i64 2, !dbg !27
    #dbg_value(<4 x half> %438, !62, !DIExpression(), !27)
  %439 = shufflevector <4 x half> %438, <4 x half> %399, <4 x i32> <i32 0, i32 1, i32 2, i32 4>, !dbg !27
    #dbg_value(<4 x half> %439, !62, !DIExpression(), !27)
  store <4 x half> %439, ptr addrspace(3) %162, align 8, !dbg !27
  %440 = icmp slt i32 %314, %167, !dbg !49
    #dbg_value(i1 %440, !50, !DIExpression(), !49)
  br i1 %440, label %304, label %._crit_edge, !dbg !49, !llvm.loop !75

._crit_edge:                                      ; preds = %398, %265, %139
  %441 = phi float [ 0.000000e+00, %139 ], [ %289, %265 ], [ %428, %398 ], !dbg !77
  %442 = phi float [ 0.000000e+00, %139 ], [ %290, %265 ], [ %429, %398 ], !dbg !77
  %443 = phi float [ 0.000000e+00, %139 ], [ %291, %265 ], [ %430, %398 ], !dbg !77
  %444 = phi float [ 0.000000e+00, %139 ], [ %292, %265 ], [ %431, %398 ], !dbg !77
  %445 = phi float [ 0.000000e+00, %139 ], [ %293, %265 ], [ %432, %398 ], !dbg !77
  %446 = phi float [ 0.000000e+00, %139 ], [ %294, %265 ], [ %433, %398 ], !dbg !77
  %447 = phi float [ 0.000000e+00, %139 ], [ %295, %265 ], [ %434, %398 ], !dbg !77
  %448 = phi float [ 0.000000e+00, %139 ], [ %296, %265 ], [ %435, %398 ], !dbg !77
  %449 = add i32 %5, 15, !dbg !49
    #dbg_value(i32 %449, !64, !DIExpression(DW_OP_constu, 16, DW_OP_div, DW_OP_stack_value), !49)
  %450 = icmp sgt i32 %449, 15, !dbg !49
    #dbg_value(i1 %450, !50, !DIExpression(), !49)
  fence syncscope("workgroup") release, !dbg !30
  tail call void @llvm.amdgcn.s.barrier(), !dbg !30
  fence syncscope("workgroup") acquire, !dbg !30
    #dbg_value(ptr addrspace(3) @global_smem, !45, !DIExpression(), !30)
    #dbg_value(i32 %14, !29, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(i32 %12, !29, !DIExpression(DW_OP_constu, 11, DW_OP_and, DW_OP_stack_value), !30)
    #dbg_value(i32 %12, !29, !DIExpression(DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_stack_value), !30)
    #dbg_value(i32 %153, !29, !DIExpression(), !30)
    #dbg_value(i1 %154, !41, !DIExpression(), !30)
    #dbg_value(i32 %155, !29, !DIExpression(), !30)
    #dbg_value(i32 %22, !29, !DIExpression(), !30)
    #dbg_value(i32 %22, !29, !DIExpression(DW_OP_constu, 3, DW_OP_shl, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %12, i32 %155, i32 %22), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(<8 x half> poison, !66, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %12, i32 %155, i32 %22), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(<8 x half> poison, !66, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(ptr addrspace(3) poison, !48, !DIExpression(), !27)
    #dbg_value(i32 %14, !28, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %18, i32 %14), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(i32 %12, !28, !DIExpression(DW_OP_constu, 3, DW_OP_and, DW_OP_stack_value), !27)
    #dbg_value(i32 %12, !28, !DIExpression(DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_stack_value), !27)
    #dbg_value(i32 %153, !28, !DIExpression(), !27)
    #dbg_value(i1 %154, !47, !DIExpression(), !27)
    #dbg_value(i32 %155, !28, !DIExpression(), !27)
    #dbg_value(i32 %156, !28, !DIExpression(), !27)
    #dbg_value(i1 %157, !47, !DIExpression(), !27)
    #dbg_value(i32 %158, !28, !DIExpression(), !27)
    #dbg_value(i32 %26, !28, !DIExpression(), !27)
    #dbg_value(i32 %26, !28, !DIExpression(DW_OP_constu, 4, DW_OP_shl, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 1, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %155, i32 %158), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_xor, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(ptr addrspace(3) poison, i32 poison, i32 poison, i32 poison, i32 poison), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 4, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(<8 x half> poison, !68, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %12, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(ptr addrspace(3) poison, i32 poison, i32 poison, i32 poison, i32 poison), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 4, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(<8 x half> poison, !68, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
  br i1 %450, label %451, label %._crit_edge._crit_edge, !dbg !71

451:                                              ; preds = %._crit_edge
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %12, i32 %155, i32 %158, i32 %26), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 5, DW_OP_shl, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 4, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %150, i32 %155, i32 %158, i32 %26), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 4, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %150, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 96, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
  %452 = and i32 %150, 96, !dbg !27
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %452, i32 %155, i32 %158, i32 %26), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 4, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %452, i32 %155, i32 %158, i32 %26), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 3, DW_OP_constu, 4, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
  %453 = shl nuw nsw i32 %26, 4, !dbg !27
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %452, i32 %155, i32 %158, i32 %453), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 4, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %452, i32 %155, i32 %158, i32 %453), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 3, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
  %454 = or disjoint i32 %453, %452, !dbg !27
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %454, i32 %155, i32 %158), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_LLVM_arg, 3, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %454, i32 %155, i32 %158), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_xor, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
  %455 = xor i32 %155, %158, !dbg !27
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %454, i32 %455), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(!DIArgList(i32 %454, i32 %455), !28, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
  %456 = or disjoint i32 %454, %455, !dbg !27
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %456), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(i32 %456, !28, !DIExpression(DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !27)
  %457 = xor i32 %456, 16, !dbg !27
    #dbg_value(!DIArgList(ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %457), !48, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !27)
    #dbg_value(i32 %457, !28, !DIExpression(), !27)
  %458 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %457, !dbg !27
    #dbg_value(ptr addrspace(3) %458, !48, !DIExpression(), !27)
  %459 = load <8 x half>, ptr addrspace(3) %458, align 16, !dbg !27
    #dbg_value(<8 x half> %459, !68, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
  %460 = getelementptr inbounds nuw i8, ptr addrspace(3) getelementptr (i8, ptr addrspace(3) @global_smem, i32 1024), i32 %456, !dbg !27
    #dbg_value(ptr addrspace(3) %460, !48, !DIExpression(), !27)
  %461 = load <8 x half>, ptr addrspace(3) %460, align 16, !dbg !27
    #dbg_value(<8 x half> %461, !68, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(half poison, !61, !DIExpression(), !27)
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %150, i32 %155, i32 %22), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 3, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %150, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_constu, 352, DW_OP_and, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
  %462 = and i32 %150, 352, !dbg !30
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %462, i32 %155, i32 %22), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 3, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %462, i32 %155, i32 %22), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_constu, 3, DW_OP_shl, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
  %463 = shl nuw nsw i32 %22, 3, !dbg !30
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %462, i32 %155, i32 %463), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 3, DW_OP_or, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %462, i32 %155, i32 %463), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
  %464 = or disjoint i32 %463, %462, !dbg !30
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %464, i32 %155), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_LLVM_arg, 2, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(!DIArgList(i32 %464, i32 %155), !29, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_or, DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
  %465 = or disjoint i32 %464, %155, !dbg !30
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %465), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_constu, 16, DW_OP_xor, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(i32 %465, !29, !DIExpression(DW_OP_constu, 16, DW_OP_xor, DW_OP_stack_value), !30)
  %466 = xor i32 %465, 16, !dbg !30
    #dbg_value(!DIArgList(ptr addrspace(3) @global_smem, i32 %466), !45, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, DW_OP_plus, DW_OP_stack_value), !30)
    #dbg_value(i32 %466, !29, !DIExpression(), !30)
  %467 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %466, !dbg !30
    #dbg_value(ptr addrspace(3) %467, !45, !DIExpression(), !30)
  %468 = load <8 x half>, ptr addrspace(3) %467, align 16, !dbg !30
    #dbg_value(<8 x half> %468, !66, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
  %469 = getelementptr inbounds nuw i8, ptr addrspace(3) @global_smem, i32 %465, !dbg !30
    #dbg_value(ptr addrspace(3) %469, !45, !DIExpression(), !30)
  %470 = load <8 x half>, ptr addrspace(3) %469, align 16, !dbg !30
    #dbg_value(<8 x half> %470, !66, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(half poison, !55, !DIExpression(), !30)
    #dbg_value(float %441, !69, !DIExpression(), !71)
    #dbg_value(float %442, !69, !DIExpression(), !71)
    #dbg_value(float %443, !69, !DIExpression(), !71)
    #dbg_value(float %444, !69, !DIExpression(), !71)
    #dbg_value(float %445, !69, !DIExpression(), !71)
    #dbg_value(float %446, !69, !DIExpression(), !71)
    #dbg_value(float %447, !69, !DIExpression(), !71)
    #dbg_value(float %448, !69, !DIExpression(), !71)
  %471 = insertelement <8 x float> poison, float %441, i64 0, !dbg !71
    #dbg_value(<8 x float> %471, !72, !DIExpression(), !71)
  %472 = insertelement <8 x float> %471, float %442, i64 1, !dbg !71
    #dbg_value(<8 x float> %472, !72, !DIExpression(), !71)
  %473 = insertelement <8 x float> %472, float %443, i64 2, !dbg !71
    #dbg_value(<8 x float> %473, !72, !DIExpression(), !71)
  %474 = insertelement <8 x float> %473, float %444, i64 3, !dbg !71
    #dbg_value(<8 x float> %474, !72, !DIExpression(), !71)
  %475 = insertelement <8 x float> %474, float %445, i64 4, !dbg !71
    #dbg_value(<8 x float> %475, !72, !DIExpression(), !71)
  %476 = insertelement <8 x float> %475, float %446, i64 5, !dbg !71
    #dbg_value(<8 x float> %476, !72, !DIExpression(), !71)
  %477 = insertelement <8 x float> %476, float %447, i64 6, !dbg !71
    #dbg_value(<8 x float> %477, !72, !DIExpression(), !71)
  %478 = insertelement <8 x float> %477, float %448, i64 7, !dbg !71
    #dbg_value(<8 x float> %478, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
  %479 = shufflevector <8 x half> %470, <8 x half> %468, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, !dbg !71
    #dbg_value(<16 x half> %479, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
    #dbg_value(<16 x half> poison, !72, !DIExpression(), !71)
  %480 = shufflevector <8 x half> %461, <8 x half> %459, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, !dbg !71
    #dbg_value(<16 x half> %480, !72, !DIExpression(), !71)
  %481 = tail call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> %480, <16 x half> %479, <8 x float> %478), !dbg !71
    #dbg_value(<8 x float> %481, !72, !DIExpression(), !71)
  %482 = extractelement <8 x float> %481, i64 0, !dbg !71
    #dbg_value(float %482, !69, !DIExpression(), !71)
  %483 = extractelement <8 x float> %481, i64 1, !dbg !71
    #dbg_value(float %483, !69, !DIExpression(), !71)
  %484 = extractelement <8 x float> %481, i64 2, !dbg !71
    #dbg_value(float %484, !69, !DIExpression(), !71)
  %485 = extractelement <8 x float> %481, i64 3, !dbg !71
    #dbg_value(float %485, !69, !DIExpression(), !71)
  %486 = extractelement <8 x float> %481, i64 4, !dbg !71
    #dbg_value(float %486, !69, !DIExpression(), !71)
  %487 = extractelement <8 x float> %481, i64 5, !dbg !71
    #dbg_value(float %487, !69, !DIExpression(), !71)
  %488 = extractelement <8 x float> %481, i64 6, !dbg !71
    #dbg_value(float %488, !69, !DIExpression(), !71)
  %489 = extractelement <8 x float> %481, i64 7, !dbg !71
    #dbg_value(float %489, !69, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
    #dbg_value({ float, float, float, float, float, float, float, float } poison, !74, !DIExpression(), !71)
  br label %._crit_edge._crit_edge, !dbg !71

._crit_edge._crit_edge:                           ; preds = %._crit_edge, %451
  %490 = phi float [ %482, %451 ], [ %441, %._crit_edge ], !dbg !49
  %491 = phi float [ %489, %451 ], [ %448, %._crit_edge ], !dbg !49
  %492 = phi float [ %488, %451 ], [ %447, %._crit_edge ], !dbg !49
  %493 = phi float [ %487, %451 ], [ %446, %._crit_edge ], !dbg !49
  %494 = phi float [ %486, %451 ], [ %445, %._crit_edge ], !dbg !49
  %495 = phi float [ %485, %451 ], [ %444, %._crit_edge ], !dbg !49
  %496 = phi float [ %484, %451 ], [ %443, %._crit_edge ], !dbg !49
  %497 = phi float [ %483, %451 ], [ %442, %._crit_edge ], !dbg !49
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float %497, !69, !DIExpression(), !49)
    #dbg_value(float %496, !69, !DIExpression(), !49)
    #dbg_value(float %495, !69, !DIExpression(), !49)
    #dbg_value(float %494, !69, !DIExpression(), !49)
    #dbg_value(float %493, !69, !DIExpression(), !49)
    #dbg_value(float %492, !69, !DIExpression(), !49)
    #dbg_value(float %491, !69, !DIExpression(), !49)
    #dbg_value(half poison, !78, !DIExpression(), !79)
  %498 = fptrunc float %497 to half, !dbg !79
    #dbg_value(half %498, !78, !DIExpression(), !79)
  %499 = fptrunc float %496 to half, !dbg !79
    #dbg_value(half %499, !78, !DIExpression(), !79)
  %500 = fptrunc float %495 to half, !dbg !79
    #dbg_value(half %500, !78, !DIExpression(), !79)
  %501 = fptrunc float %494 to half, !dbg !79
    #dbg_value(half %501, !78, !DIExpression(), !79)
  %502 = fptrunc float %493 to half, !dbg !79
    #dbg_value(half %502, !78, !DIExpression(), !79)
  %503 = fptrunc float %492 to half, !dbg !79
    #dbg_value(half %503, !78, !DIExpression(), !79)
  %504 = fptrunc float %491 to half, !dbg !79
    #dbg_value(half %504, !78, !DIExpression(), !79)
  %505 = icmp slt i32 %34, %3, !dbg !80
  %506 = icmp slt i32 %36, %4, !dbg !81
  %507 = icmp slt i32 %37, %4, !dbg !81
  %508 = icmp slt i32 %38, %4, !dbg !81
  %509 = icmp slt i32 %39, %4, !dbg !81
  %510 = icmp slt i32 %40, %4, !dbg !81
  %511 = icmp slt i32 %41, %4, !dbg !81
  %512 = icmp slt i32 %42, %4, !dbg !81
  %513 = icmp slt i32 %43, %4, !dbg !81
  %514 = and i1 %505, %506, !dbg !82
  %515 = and i1 %505, %507, !dbg !82
  %516 = and i1 %505, %508, !dbg !82
  %517 = and i1 %505, %509, !dbg !82
  %518 = and i1 %505, %510, !dbg !82
  %519 = and i1 %505, %511, !dbg !82
  %520 = and i1 %505, %512, !dbg !82
  %521 = and i1 %505, %513, !dbg !82
  %522 = mul i32 %34, %8, !dbg !83
  %523 = sext i32 %522 to i64, !dbg !84
  %524 = getelementptr [2 x i8], ptr addrspace(1) %2, i64 %523, !dbg !84
  %525 = sext i32 %37 to i64, !dbg !84
  %526 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %525, !dbg !84
  %527 = sext i32 %38 to i64, !dbg !84
  %528 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %527, !dbg !84
  %529 = sext i32 %39 to i64, !dbg !84
  %530 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %529, !dbg !84
  %531 = sext i32 %40 to i64, !dbg !84
  %532 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %531, !dbg !84
  %533 = sext i32 %41 to i64, !dbg !84
  %534 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %533, !dbg !84
  %535 = sext i32 %42 to i64, !dbg !84
  %536 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %535, !dbg !84
  %537 = sext i32 %43 to i64, !dbg !84
  %538 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %537, !dbg !84
  br i1 %514, label %539, label %544, !dbg !26

539:                                              ; preds = %._crit_edge._crit_edge
  %540 = sext i32 %36 to i64
  %541 = getelementptr [2 x i8], ptr addrspace(1) %524, i64 %540
  %542 = fptrunc float %490 to half
  %543 = insertelement <1 x half> poison, half %542, i64 0
    #dbg_value(float poison, !69, !DIExpression(), !49)
    #dbg_value(float %441, !69, !DIExpression(), !49)
    #dbg_value(float %490, !69, !DIExpression(), !49)
    #dbg_value(half %542, !78, !DIExpression(), !79)
  store <1 x half> %543, ptr addrspace(1) %541, align 2, !dbg !26
  br label %544, !dbg !26

544:                                              ; preds = %539, %._crit_edge._crit_edge
  br i1 %515, label %545, label %547, !dbg !26

545:                                              ; preds = %544
  %546 = insertelement <1 x half> poison, half %498, i64 0
  store <1 x half> %546, ptr addrspace(1) %526, align 2, !dbg !26
  br label %547, !dbg !26

547:                                              ; preds = %545, %544
  br i1 %516, label %548, label %550, !dbg !26

548:                                              ; preds = %547
  %549 = insertelement <1 x half> poison, half %499, i64 0
  store <1 x half> %549, ptr addrspace(1) %528, align 2, !dbg !26
  br label %550, !dbg !26

550:                                              ; preds = %548, %547
  br i1 %517, label %551, label %553, !dbg !26

551:                                              ; preds = %550
  %552 = insertelement <1 x half> poison, half %500, i64 0
  store <1 x half> %552, ptr addrspace(1) %530, align 2, !dbg !26
  br label %553, !dbg !26

553:                                              ; preds = %551, %550
  br i1 %518, label %554, label %556, !dbg !26

554:                                              ; preds = %553
  %555 = insertelement <1 x half> poison, half %501, i64 0
  store <1 x half> %555, ptr addrspace(1) %532, align 2, !dbg !26
  br label %556, !dbg !26

556:                                              ; preds = %554, %553
  br i1 %519, label %557, label %559, !dbg !26

557:                                              ; preds = %556
  %558 = insertelement <1 x half> poison, half %502, i64 0
  store <1 x half> %558, ptr addrspace(1) %534, align 2, !dbg !26
  br label %559, !dbg !26

559:                                              ; preds = %557, %556
  br i1 %520, label %560, label %562, !dbg !26

560:                                              ; preds = %559
  %561 = insertelement <1 x half> poison, half %503, i64 0
  store <1 x half> %561, ptr addrspace(1) %536, align 2, !dbg !26
  br label %562, !dbg !26

562:                                              ; preds = %560, %559
  br i1 %521, label %563, label %565, !dbg !26

563:                                              ; preds = %562
  %564 = insertelement <1 x half> poison, half %504, i64 0
  store <1 x half> %564, ptr addrspace(1) %538, align 2, !dbg !26
  br label %565, !dbg !26

565:                                              ; preds = %563, %562
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

; Function Attrs: convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half>, <16 x half>, <8 x float>) #2

attributes #0 = { norecurse nounwind "amdgpu-cluster-dims"="1,1,1" "amdgpu-flat-work-group-size"="1,128" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-completion-action" "amdgpu-no-default-queue" "amdgpu-no-dispatch-id" "amdgpu-no-dispatch-ptr" "amdgpu-no-flat-scratch-init" "amdgpu-no-heap-ptr" "amdgpu-no-hostcall-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-lds-kernel-id" "amdgpu-no-multigrid-sync-arg" "amdgpu-no-queue-ptr" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-z" "amdgpu-no-workitem-id-x" "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-wwm" "denormal-fp-math-f32"="ieee" "uniform-work-group-size" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent mustprogress nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }
attributes #3 = { convergent mustprogress nocallback nofree nounwind willreturn }

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
!27 = !DILocation(line: 57, column: 13, scope: !4)
!28 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !9)
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
!48 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !11)
!49 = !DILocation(line: 54, column: 5, scope: !4)
!50 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !42)
!51 = !DILocation(line: 56, column: 47, scope: !4)
!52 = !DILocation(line: 56, column: 26, scope: !4)
!53 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !54)
!54 = !DIBasicType(name: "vector", size: 16, encoding: DW_ATE_float)
!55 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !8)
!56 = !DILocation(line: 58, column: 27, scope: !4)
!57 = !DILocation(line: 58, column: 26, scope: !4)
!58 = !DILocation(line: 57, column: 29, scope: !4)
!59 = !DILocation(line: 57, column: 21, scope: !4)
!60 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !54)
!61 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !8)
!62 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !63)
!63 = !DIBasicType(name: "vector", size: 64, encoding: DW_ATE_float)
!64 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !9)
!65 = !DILocation(line: 56, column: 48, scope: !4)
!66 = !DILocalVariable(name: "a", scope: !4, file: !24, type: !67)
!67 = !DIBasicType(name: "vector", size: 128, encoding: DW_ATE_float)
!68 = !DILocalVariable(name: "b", scope: !4, file: !24, type: !67)
!69 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !70)
!70 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!71 = !DILocation(line: 59, column: 15, scope: !4)
!72 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !73)
!73 = !DIBasicType(name: "vector", size: 256, encoding: DW_ATE_float)
!74 = !DILocalVariable(name: "acc", scope: !4, file: !24, type: !11)
!75 = distinct !{!75, !76}
!76 = !{!"llvm.loop.peeled.count", i32 1}
!77 = !DILocation(line: 53, column: 11, scope: !4)
!78 = !DILocalVariable(name: "c", scope: !4, file: !24, type: !8)
!79 = !DILocation(line: 60, column: 9, scope: !4)
!80 = !DILocation(line: 62, column: 20, scope: !4)
!81 = !DILocation(line: 62, column: 40, scope: !4)
!82 = !DILocation(line: 62, column: 19, scope: !4)
!83 = !DILocation(line: 61, column: 22, scope: !4)
!84 = !DILocation(line: 61, column: 14, scope: !4)

//! End-to-end tests of the evaluator: every operation, every error class, and the worked
//! examples of the extension digest (CFI patterns, lane-PC procedures, producer patterns),
//! written as assembler text and run against the in-test [`TestCtx`].

use std::sync::Arc;

use super::testctx::TestCtx;
use super::*;
use crate::ErrorKind;
use crate::expr::op::{DieRef, Op};
use crate::expr::test_names::DwarfdumpNames;
use crate::expr::{DecodeParams, Encoding, Expr, asm};

fn params() -> DecodeParams {
    DecodeParams::amdgpu(Encoding::User)
}

/// Assembles `text` (short or llvm-dwarfdump spelling) into an expression.
fn x(text: &str) -> Expr {
    asm::assemble(text, &DwarfdumpNames, params()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Assembles into bare operations (for operations without an encoding).
fn ops(text: &str) -> Vec<Op> {
    asm::assemble_ops(text, &DwarfdumpNames, params()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn loc(c: &mut TestCtx, text: &str) -> Result<LocDesc> {
    Evaluator::new().evaluate_location(c, &x(text))
}

fn val(c: &mut TestCtx, text: &str) -> Result<Value> {
    Evaluator::new().evaluate_value(c, &x(text))
}

fn u(c: &mut TestCtx, text: &str) -> u64 {
    val(c, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .to_u64()
}

fn kind<T: std::fmt::Debug>(r: Result<T>) -> &'static str {
    r.expect_err("expected an error").class_name()
}

fn show(c: &TestCtx, l: &LocDesc) -> String {
    l.display(&c.target).to_string()
}

fn with_stack(c: &mut TestCtx, text: &str, init: Vec<Entry>, k: ResultKind) -> Result<Entry> {
    Evaluator::new().evaluate(c, &x(text), init, k)
}

fn read_u(c: &mut TestCtx, l: &LocDesc, off: u128, n: u64) -> u128 {
    let b = read(c, l, off, n).unwrap();
    assert!(b.is_complete(), "bits at {off} not all valid: {b:?}");
    b.get(0, n as u32)
}

const U64: u64 = 0x30;
const S32: u64 = 0x38;
const F64: u64 = 0x40;
const ADDR_GENERIC: u64 = 0x48;
const ADDR_PRIVATE: u64 = 0x50;
const U8: u64 = 0x58;

fn ctx() -> TestCtx {
    let mut c = TestCtx::new();
    c.symbols.base_types.insert(U64, BaseType::unsigned(64));
    c.symbols.base_types.insert(S32, BaseType::signed(32));
    c.symbols
        .base_types
        .insert(F64, BaseType::new(64, value::ate::FLOAT));
    c.symbols.base_types.insert(U8, BaseType::unsigned(8));
    c.symbols.base_types.insert(
        ADDR_GENERIC,
        BaseType {
            address_space: Some(1),
            ..BaseType::new(64, value::ate::ADDRESS)
        },
    );
    c.symbols.base_types.insert(
        ADDR_PRIVATE,
        BaseType {
            address_space: Some(5),
            ..BaseType::new(32, value::ate::ADDRESS)
        },
    );
    c
}

// ---------------------------------------------------------------- literals

#[test]
fn literals() {
    let mut c = ctx();
    assert_eq!(u(&mut c, "lit0"), 0);
    assert_eq!(u(&mut c, "lit31"), 31);
    assert_eq!(u(&mut c, "const1u 200"), 200);
    assert_eq!(u(&mut c, "const1s -1"), u64::MAX);
    assert_eq!(u(&mut c, "const2u 0xfffe"), 0xfffe);
    assert_eq!(u(&mut c, "const2s -2"), -2i64 as u64);
    assert_eq!(u(&mut c, "const4u 0xdeadbeef"), 0xdead_beef);
    assert_eq!(u(&mut c, "const4s -3"), -3i64 as u64);
    assert_eq!(
        u(&mut c, "const8u 0x1122334455667788"),
        0x1122_3344_5566_7788
    );
    assert_eq!(u(&mut c, "const8s -4"), -4i64 as u64);
    assert_eq!(u(&mut c, "constu 0x123456789"), 0x1_2345_6789);
    assert_eq!(u(&mut c, "consts -5"), -5i64 as u64);
    assert!(val(&mut c, "lit1").unwrap().ty().is_generic());
    // const_type pushes a typed value; its size must match the type
    let v = val(&mut c, "const_type 0x38 4 0xfe 0xff 0xff 0xff").unwrap();
    assert_eq!(v.ty(), BaseType::signed(32));
    assert_eq!(v.to_i128(), -2);
    assert_eq!(kind(val(&mut c, "const_type 0x38 2 1 2")), "ill_formed");
}

#[test]
fn addresses_and_debug_addr() {
    let mut c = ctx();
    c.bias = 0x10_0000;
    let l = loc(&mut c, "addr 0x1000").unwrap();
    assert_eq!(l.memory_address(), Some((0, 0x10_1000)));
    assert_eq!(show(&c, &l), "memory global 0x101000");
    assert_eq!(kind(loc(&mut c, "addrx 0")), "missing_context");
    c.symbols.debug_addr = vec![0x2000, 0x40];
    let l = loc(&mut c, "addrx 0").unwrap();
    assert_eq!(l.memory_address(), Some((0, 0x10_2000)));
    assert_eq!(u(&mut c, "constx 1"), 0x40);
    // a default-aspace memory location is a value where one is needed
    assert_eq!(u(&mut c, "addr 0x10 lit1 plus"), 0x10_0011);
    assert_eq!(u(&mut c, "addr 0x10"), 0x10_0010);
}

// ---------------------------------------------------------------- registers

#[test]
fn register_locations() {
    let mut c = ctx();
    let l = loc(&mut c, "regx v1").unwrap();
    assert_eq!(show(&c, &l), "register VGPR1");
    let l = loc(&mut c, "reg16").unwrap();
    assert_eq!(show(&c, &l), "register PC");
    // a register location is not terminal: it can be offset and read
    c.set_vgpr_lane(1, 3, 0x1234_5678);
    let l = loc(&mut c, "regx v1 LLVM_offset_uconst 12").unwrap();
    assert_eq!(show(&c, &l), "register VGPR1 bit 96");
    assert_eq!(
        u(&mut c, "regx v1 LLVM_offset_uconst 12 deref_size 4"),
        0x1234_5678
    );
    // unmapped numbers are an evaluation error
    assert_eq!(kind(loc(&mut c, "regx 96")), "evaluation");
    assert_eq!(kind(loc(&mut c, "reg0")), "evaluation");
    // a register location is not a value
    assert_eq!(kind(val(&mut c, "regx s0")), "ill_formed");
}

#[test]
fn breg_reads_a_default_aspace_address() {
    let mut c = ctx();
    c.set_reg(TestCtx::PC, 0x1000);
    let l = loc(&mut c, "breg16 -16").unwrap();
    assert_eq!(l.memory_address(), Some((0, 0xff0)));
    let l = loc(&mut c, "bregx pc 8").unwrap();
    assert_eq!(l.memory_address(), Some((0, 0x1008)));
    // SGPRs are 32 bits: narrower than a 64-bit global address
    c.set_reg(TestCtx::SGPR0 + 33, 0x40);
    let e = loc(&mut c, "bregx s33 0").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Evaluation);
    assert!(e.to_string().contains("exceeds its 32 bits"), "{e}");
    assert_eq!(kind(loc(&mut c, "breg0 0")), "evaluation");
}

#[test]
fn fbreg_and_frame_base() {
    let mut c = ctx();
    assert_eq!(kind(loc(&mut c, "fbreg 8")), "missing_context");
    c.symbols.frame_base = Some(LocDesc::memory(0, 64, None, 0x2000));
    assert_eq!(
        loc(&mut c, "fbreg 32").unwrap().memory_address(),
        Some((0, 0x2020))
    );
    assert_eq!(
        loc(&mut c, "fbreg -32").unwrap().memory_address(),
        Some((0, 0x1fe0))
    );
    // a register frame base means bregx R, 0
    c.set_reg(TestCtx::PC, 0x3000);
    c.symbols.frame_base = Some(LocDesc::register(TestCtx::PC, 0, 64));
    assert_eq!(
        loc(&mut c, "fbreg 4").unwrap().memory_address(),
        Some((0, 0x3004))
    );
    c.symbols.frame_base = Some(LocDesc::implicit(&[1, 2]));
    assert_eq!(kind(loc(&mut c, "fbreg 4")), "ill_formed");
    // private frame bases keep their address space
    c.symbols.frame_base = Some(LocDesc::memory(6, 32, None, 0x100));
    assert_eq!(
        loc(&mut c, "fbreg 4").unwrap().memory_address(),
        Some((6, 0x104))
    );
    assert_eq!(kind(loc(&mut c, "fbreg -0x101")), "evaluation");
}

#[test]
fn regval_type() {
    let mut c = ctx();
    c.set_reg(TestCtx::EXEC, 0xf0f0);
    let v = val(&mut c, "regval_type exec 0x30").unwrap();
    assert_eq!(v.ty(), BaseType::unsigned(64));
    assert_eq!(v.to_u64(), 0xf0f0);
    c.set_reg(TestCtx::SGPR0, (-7i32) as u32 as u64);
    assert_eq!(val(&mut c, "regval_type s0 0x38").unwrap().to_i128(), -7);
    // reading more bits than the register has
    assert_eq!(kind(val(&mut c, "regval_type s0 0x30")), "evaluation");
}

// ---------------------------------------------------------------- stack

#[test]
fn stack_operations() {
    let mut c = ctx();
    assert_eq!(u(&mut c, "lit1 lit2 dup plus plus"), 5);
    assert_eq!(u(&mut c, "lit1 lit2 drop"), 1);
    assert_eq!(u(&mut c, "lit1 lit2 over"), 1);
    assert_eq!(u(&mut c, "lit1 lit2 lit3 pick 2"), 1);
    assert_eq!(u(&mut c, "lit1 lit2 lit3 pick 0"), 3);
    assert_eq!(u(&mut c, "lit1 lit2 swap"), 1);
    assert_eq!(u(&mut c, "lit1 lit2 swap minus"), 1);
    // rot: [1 2 3] -> [3 1 2]
    assert_eq!(u(&mut c, "lit1 lit2 lit3 rot"), 2);
    assert_eq!(u(&mut c, "lit1 lit2 lit3 rot drop"), 1);
    assert_eq!(u(&mut c, "lit1 lit2 lit3 rot drop drop"), 3);
    // locations move on the stack like values
    let l = loc(&mut c, "regx s1 lit0 swap").unwrap();
    assert_eq!(show(&c, &l), "register SGPR1");
    for bad in [
        "drop",
        "lit1 swap",
        "lit1 lit2 rot",
        "lit1 pick 1",
        "over",
        "dup",
        "plus",
    ] {
        assert_eq!(kind(val(&mut c, bad)), "ill_formed", "{bad}");
    }
    // copying an incomplete composite is ill-formed
    assert_eq!(kind(loc(&mut c, "regx s0 piece 4 dup")), "ill_formed");
    assert_eq!(kind(loc(&mut c, "regx s0 piece 4 lit0 over")), "ill_formed");
    assert_eq!(kind(loc(&mut c, "regx s0 piece 4 pick 0")), "ill_formed");
    // a completed one may be copied
    let l = loc(&mut c, "regx s0 piece 4 LLVM_piece_end dup piece 4 piece 4").unwrap();
    assert!(l.to_string().starts_with("composite[ composite["), "{l}");
}

// ---------------------------------------------------------------- memory

#[test]
fn deref_family_on_every_location_kind() {
    let mut c = ctx();
    c.poke(0, None, 0x100, &0x8877_6655_4433_2211u64.to_le_bytes());
    assert_eq!(u(&mut c, "addr 0x100 deref"), 0x8877_6655_4433_2211);
    assert_eq!(u(&mut c, "constu 0x100 deref"), 0x8877_6655_4433_2211);
    assert_eq!(u(&mut c, "addr 0x100 deref_size 2"), 0x2211);
    assert_eq!(u(&mut c, "addr 0x101 deref_size 3"), 0x44_3322);
    // deref_size > 8 truncates to the generic size
    assert_eq!(u(&mut c, "addr 0x100 deref_size 16"), 0x8877_6655_4433_2211);
    assert_eq!(kind(val(&mut c, "addr 0x100 deref_size 0")), "ill_formed");
    let v = val(&mut c, "addr 0x100 deref_type 1 0x58").unwrap();
    assert_eq!(v.ty(), BaseType::unsigned(8));
    assert_eq!(v.to_u64(), 0x11);
    assert_eq!(
        kind(val(&mut c, "addr 0x100 deref_type 2 0x58")),
        "ill_formed"
    );
    // registers
    c.set_reg(TestCtx::SGPR0 + 4, 0xcafe_f00d);
    assert_eq!(u(&mut c, "regx s4 deref_size 4"), 0xcafe_f00d);
    assert_eq!(
        u(&mut c, "regx s4 LLVM_offset_uconst 2 deref_size 2"),
        0xcafe
    );
    assert_eq!(kind(val(&mut c, "regx s4 deref")), "evaluation");
    // implicit storage
    assert_eq!(u(&mut c, "implicit_value 2 0x34 0x12 deref_size 2"), 0x1234);
    assert_eq!(u(&mut c, "lit7 stack_value deref"), 7);
    assert_eq!(
        kind(val(&mut c, "implicit_value 2 0x34 0x12 deref_size 4")),
        "evaluation"
    );
    // composites: bits concatenate across parts
    c.set_reg(TestCtx::SGPR0 + 5, 0xaaaa_bbbb);
    assert_eq!(
        u(
            &mut c,
            "regx s4 piece 4 regx s5 piece 4 LLVM_piece_end deref"
        ),
        0xaaaa_bbbb_cafe_f00d
    );
    assert_eq!(
        u(
            &mut c,
            "regx s4 piece 2 regx s5 piece 2 LLVM_piece_end deref_size 4"
        ),
        0xbbbb_f00d
    );
    // undefined storage
    assert_eq!(kind(val(&mut c, "LLVM_undefined deref")), "evaluation");
    assert_eq!(
        kind(val(&mut c, "regx s4 piece 4 piece 4 LLVM_piece_end deref")),
        "evaluation"
    );
    // unavailable memory
    c.unreadable.push((0, 0x204));
    assert_eq!(kind(val(&mut c, "addr 0x200 deref")), "unavailable");
    assert_eq!(u(&mut c, "addr 0x200 deref_size 4"), 0);
}

#[test]
fn xderef_family() {
    let mut c = ctx();
    c.poke(3, None, 0x40, &0x1122_3344_5566_7788u64.to_le_bytes());
    assert_eq!(u(&mut c, "lit3 constu 0x40 xderef"), 0x1122_3344_5566_7788);
    assert_eq!(u(&mut c, "lit3 constu 0x40 xderef_size 2"), 0x7788);
    let v = val(&mut c, "lit3 constu 0x40 xderef_type 8 0x30").unwrap();
    assert_eq!(v.ty(), BaseType::unsigned(64));
    assert_eq!(kind(val(&mut c, "lit4 constu 0x40 xderef")), "ill_formed");
    assert_eq!(
        kind(val(&mut c, "lit3 constu 0x40 xderef_size 0")),
        "ill_formed"
    );
}

#[test]
fn object_tls_cfa() {
    let mut c = ctx();
    assert_eq!(kind(loc(&mut c, "push_object_address")), "missing_context");
    assert_eq!(kind(loc(&mut c, "call_frame_cfa")), "missing_context");
    c.object = Some(LocDesc::register(TestCtx::VGPR0 + 7, 0, 2048));
    let l = loc(&mut c, "push_object_address LLVM_offset_uconst 4").unwrap();
    assert_eq!(show(&c, &l), "register VGPR7 bit 32");
    c.cfa = Some(LocDesc::memory(6, 32, None, 0x80));
    let l = loc(&mut c, "call_frame_cfa").unwrap();
    assert_eq!(show(&c, &l), "memory private_wave 0x80");
    c.tls_base = 0x9000;
    assert_eq!(
        loc(&mut c, "lit8 form_tls_address")
            .unwrap()
            .memory_address(),
        Some((0, 0x9008))
    );
    assert_eq!(
        loc(&mut c, "lit8 GNU_push_tls_address")
            .unwrap()
            .memory_address(),
        Some((0, 0x9008))
    );
}

// ---------------------------------------------------------------- arithmetic

#[test]
fn arithmetic_and_logic() {
    let mut c = ctx();
    assert_eq!(u(&mut c, "consts -5 abs"), 5);
    assert_eq!(u(&mut c, "lit12 lit10 and"), 8);
    assert_eq!(u(&mut c, "consts -9 lit2 div"), -4i64 as u64);
    assert_eq!(u(&mut c, "lit3 lit5 minus"), -2i64 as u64);
    assert_eq!(u(&mut c, "lit17 lit5 mod"), 2);
    assert_eq!(u(&mut c, "lit6 lit7 mul"), 42);
    assert_eq!(u(&mut c, "lit6 neg"), -6i64 as u64);
    assert_eq!(u(&mut c, "lit0 not"), u64::MAX);
    assert_eq!(u(&mut c, "lit12 lit3 or"), 15);
    assert_eq!(u(&mut c, "lit12 lit3 plus"), 15);
    assert_eq!(u(&mut c, "lit12 plus_uconst 100"), 112);
    assert_eq!(u(&mut c, "lit1 lit4 shl"), 16);
    assert_eq!(u(&mut c, "lit16 lit4 shr"), 1);
    assert_eq!(u(&mut c, "consts -16 lit2 shra"), -4i64 as u64);
    assert_eq!(u(&mut c, "consts -16 lit2 shr"), (-16i64 as u64) >> 2);
    assert_eq!(u(&mut c, "lit12 lit10 xor"), 6);
    assert_eq!(u(&mut c, "constu 0xffffffffffffffff lit1 plus"), 0);
    assert_eq!(kind(val(&mut c, "lit1 lit0 div")), "evaluation");
    assert_eq!(kind(val(&mut c, "lit1 lit0 mod")), "evaluation");
    // typed arithmetic needs equal types
    assert_eq!(
        kind(val(&mut c, "const_type 0x38 4 1 0 0 0 lit1 plus")),
        "ill_formed"
    );
    assert_eq!(
        val(
            &mut c,
            "const_type 0x38 4 0xf9 0xff 0xff 0xff const_type 0x38 4 2 0 0 0 mod"
        )
        .unwrap()
        .to_i128(),
        -1
    );
    // a non-default-aspace location is not a value
    assert_eq!(
        kind(val(&mut c, "lit0 lit6 LLVM_form_aspace_address lit1 plus")),
        "ill_formed"
    );
}

#[test]
fn comparisons() {
    let mut c = ctx();
    for (op, r) in [
        ("eq", 0),
        ("ne", 1),
        ("lt", 1),
        ("le", 1),
        ("gt", 0),
        ("ge", 0),
    ] {
        assert_eq!(u(&mut c, &format!("consts -1 lit0 {op}")), r, "{op}");
    }
    assert_eq!(u(&mut c, "lit3 lit3 eq"), 1);
    assert_eq!(u(&mut c, "lit3 lit3 ge"), 1);
    // unsigned typed values compare unsigned
    assert_eq!(
        u(&mut c, "const_type 0x58 1 0xff const_type 0x58 1 1 gt"),
        1
    );
}

#[test]
fn convert_and_reinterpret() {
    let mut c = ctx();
    let v = val(&mut c, "const_type 0x38 4 0xff 0xff 0xff 0xff convert 0x30").unwrap();
    assert_eq!(v.to_u64(), u64::MAX);
    let v = val(&mut c, "const_type 0x58 1 0xff convert 0").unwrap();
    assert!(v.ty().is_generic());
    assert_eq!(v.to_u64(), 0xff);
    let v = val(&mut c, "lit3 convert 0x40").unwrap();
    assert_eq!(f64::from_bits(v.to_u64()), 3.0);
    let v = val(&mut c, "constu 0x3ff0000000000000 reinterpret 0x40").unwrap();
    assert_eq!(f64::from_bits(v.to_u64()), 1.0);
    assert_eq!(kind(val(&mut c, "lit1 reinterpret 0x58")), "ill_formed");
    assert_eq!(kind(val(&mut c, "lit1 convert 0x99")), "ill_formed");
    // address conversion between address spaces goes through the context
    let v = val(
        &mut c,
        "constu 0x2000000001234 convert 0x30 reinterpret 0x48 convert 0x50",
    )
    .unwrap();
    assert_eq!(v.to_u64(), 0x1234);
    assert_eq!(v.ty().address_space, Some(5));
}

// ---------------------------------------------------------------- control flow

#[test]
fn branches_and_loops() {
    let mut c = ctx();
    // sum 1..=5 with a loop: [i, acc]
    let sum = "lit5 lit0 \
               top: over plus swap lit1 minus swap over bra top \
               swap drop";
    assert_eq!(u(&mut c, sum), 15);
    assert_eq!(u(&mut c, "lit1 skip end lit2 end: lit3 plus"), 4);
    assert_eq!(u(&mut c, "lit0 bra end lit7 end:"), 7);
    assert_eq!(u(&mut c, "lit1 lit1 bra end lit7 end:"), 1);
    // a raw displacement that lands on the end of the expression
    assert_eq!(u(&mut c, "lit9 skip 1 lit0"), 9);
    // an infinite loop runs into the step limit
    let e = Evaluator::with_limits(Limits {
        max_steps: 1000,
        ..Limits::default()
    })
    .evaluate_value(&mut c, &x("l: skip l"))
    .unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::Steps), "{e}");
    // Within an evaluation's own kinds a limit is a runtime failure; the library's one
    // error type says it was a limit (`HD_LIMIT`, Python's `LimitError`).
    assert_eq!(e.class_name(), "evaluation");
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(crate::Error::from(e).kind(), crate::ErrorKind::Limit);
    // branches in unencodable op lists have no targets
    let l: &[Op] = &[Op::Lit(1), Op::Skip(0)];
    assert_eq!(
        kind(Evaluator::new().evaluate_value(&mut c, l)),
        "ill_formed"
    );
    assert_eq!(u(&mut c, "nop lit4 nop"), 4);
}

#[test]
fn calls() {
    let mut c = ctx();
    // an exprloc callee runs on the caller's stack: it consumes and leaves entries
    c.symbols.calls.insert(
        DieRef::Unit(0x20),
        DieLocation::Expr(Arc::new(x("lit10 mul"))),
    );
    assert_eq!(u(&mut c, "lit4 call2 0x20 lit2 plus"), 42);
    assert_eq!(u(&mut c, "lit4 call4 0x20"), 40);
    c.symbols.calls.insert(
        DieRef::Info(0x1000),
        DieLocation::Expr(Arc::new(x("lit1 plus"))),
    );
    assert_eq!(u(&mut c, "lit4 call_ref 0x1000"), 5);
    // a location-list callee is evaluated separately; every matching entry is a place
    c.symbols.calls.insert(
        DieRef::Info(0x2000),
        DieLocation::LocationList(vec![Arc::new(x("regx s3")), Arc::new(x("addr 0x40"))]),
    );
    let l = loc(&mut c, "lit9 call_ref 0x2000").unwrap();
    assert_eq!(show(&c, &l), "{ register SGPR3 ; memory global 0x40 }");
    c.symbols
        .calls
        .insert(DieRef::Info(0x2100), DieLocation::LocationList(vec![]));
    assert!(loc(&mut c, "call_ref 0x2100").unwrap().is_undefined());
    // const_value callee = implicit_value
    c.symbols.calls.insert(
        DieRef::Info(0x3000),
        DieLocation::ConstValue(vec![5, 0].into()),
    );
    assert_eq!(u(&mut c, "call_ref 0x3000 deref_size 2"), 5);
    // neither: no effect
    assert_eq!(u(&mut c, "lit6 call_ref 0x4000"), 6);
    // errors inside the callee propagate
    c.symbols
        .calls
        .insert(DieRef::Unit(0x30), DieLocation::Expr(Arc::new(x("drop"))));
    let e = val(&mut c, "call2 0x30").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IllFormed);
    // infinite recursion hits the call depth limit
    c.symbols.calls.insert(
        DieRef::Unit(0x40),
        DieLocation::Expr(Arc::new(x("call2 0x40"))),
    );
    let e = val(&mut c, "call2 0x40").unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::CallDepth), "{e}");
    // no DIE look-up in the context
    struct Bare(crate::target::Target);
    impl super::Backend for Bare {
        fn target(&self) -> &crate::target::Target {
            &self.0
        }
    }
    let mut b = Bare(c.target.clone());
    assert_eq!(
        kind(Evaluator::new().evaluate_value(&mut b, &x("call2 0x20"))),
        "missing_context"
    );
    assert_eq!(
        kind(Evaluator::new().evaluate_value(&mut b, &x("regx s0 deref_size 4"))),
        "missing_context"
    );
}

// ---------------------------------------------------------------- pieces

#[test]
fn piece_three_way_rule() {
    let mut c = ctx();
    // 1. empty stack: undefined part
    let l = loc(&mut c, "piece 4").unwrap();
    assert_eq!(l.to_string(), "composite[ undefined [0,32) ]");
    // 2. incomplete composite on top: an undefined part is appended
    let l = loc(&mut c, "regx s0 piece 4 piece 2").unwrap();
    assert_eq!(
        l.to_string(),
        "composite[ register 32 [0,32) | undefined [32,48) ]"
    );
    // 3. a location (or a converted value) becomes a part
    let l = loc(&mut c, "regx s0 piece 4 lit0 piece 8").unwrap();
    assert_eq!(
        l.to_string(),
        "composite[ register 32 [0,32) | memory aspace(0) 0x0 [32,96) ]"
    );
    // bit_piece applies its offset to the part
    let l = loc(&mut c, "regx v3 bit_piece 32 64 regx v3 bit_piece 32 96").unwrap();
    assert_eq!(
        show(&c, &l),
        "composite[ register VGPR3 bit 64 [0,32) | register VGPR3 bit 96 [32,64) ]"
    );
    // a piece larger than its register is ill-formed
    assert_eq!(kind(loc(&mut c, "regx s0 piece 8")), "ill_formed");
    // a typed value cannot be a piece
    assert_eq!(
        kind(loc(&mut c, "const_type 0x58 1 1 piece 1")),
        "ill_formed"
    );
    // the piece below a non-composite entry starts a new composite
    let l = loc(&mut c, "lit1 regx s1 piece 4").unwrap();
    assert_eq!(show(&c, &l), "composite[ register SGPR1 [0,32) ]");
    // piece_end completes, and is ill-formed without an incomplete composite on top
    assert_eq!(kind(loc(&mut c, "regx s0 LLVM_piece_end")), "ill_formed");
    assert_eq!(
        kind(loc(&mut c, "regx s0 piece 4 LLVM_piece_end LLVM_piece_end")),
        "ill_formed"
    );
    // an incomplete composite cannot be an operand (other than of pieces)
    assert_eq!(
        kind(loc(&mut c, "regx s0 piece 4 LLVM_offset_uconst 1")),
        "ill_formed"
    );
    // the part limit
    let e = Evaluator::with_limits(Limits {
        max_composite_parts: 3,
        ..Limits::default()
    })
    .evaluate_location(&mut c, &x("piece 1 piece 1 piece 1 piece 1"))
    .unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::CompositeParts), "{e}");
}

#[test]
fn implicit_value_and_stack_value() {
    let mut c = ctx();
    let l = loc(&mut c, "implicit_value 8 0x2a 0 0 0 0 0 0 0").unwrap();
    assert_eq!(l.to_string(), "implicit [2a 00 00 00 00 00 00 00]");
    let l = loc(&mut c, "lit0 lit10 plus stack_value").unwrap();
    assert_eq!(l.to_string(), "implicit [0a 00 00 00 00 00 00 00]");
    // stack_value is not terminal
    assert_eq!(
        u(
            &mut c,
            "lit10 stack_value LLVM_offset_uconst 0 deref_size 1 lit1 plus"
        ),
        11
    );
    // the implicit size limit
    let e = Evaluator::with_limits(Limits {
        max_implicit_bytes: 2,
        ..Limits::default()
    })
    .evaluate_location(&mut c, &x("implicit_value 3 1 2 3"))
    .unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::ImplicitSize), "{e}");
    // implicit storage cannot be written
    let l = loc(&mut c, "lit1 stack_value").unwrap();
    assert_eq!(
        write(&mut c, &l, 0, 8, &[1]).unwrap_err().kind(),
        ErrorKind::Evaluation
    );
}

#[test]
fn implicit_pointers() {
    let mut c = ctx();
    // the pointee: a variable in SGPR pair s[6:7]
    c.set_reg(TestCtx::SGPR0 + 6, 0x1111);
    c.set_reg(TestCtx::SGPR0 + 7, 0x2222);
    c.symbols.ip_targets.insert(
        0x500,
        DieLocation::Expr(Arc::new(x("regx s6 piece 4 regx s7 piece 4"))),
    );
    let l = loc(&mut c, "implicit_pointer 0x500 4").unwrap();
    assert_eq!(
        l.to_string(),
        "implicit_pointer <0x500>+4 bit 0".replace(" bit 0", "")
    );
    // reading the whole implicit pointer gives an implicit pointer value ...
    let e = with_stack(
        &mut c,
        "implicit_pointer 0x500 4 deref",
        vec![],
        ResultKind::Unspecified,
    )
    .unwrap();
    assert!(matches!(e, Entry::ImplicitPointer(p) if p.die == 0x500 && p.offset == 4));
    // ... which converts to its pointee (offset by the displacement)
    let l = loc(&mut c, "implicit_pointer 0x500 4 deref").unwrap();
    assert_eq!(
        u(&mut c, "implicit_pointer 0x500 4 deref deref_size 4"),
        0x2222
    );
    assert_eq!(
        show(&c, &l),
        "composite[ register SGPR6 [0,32) | register SGPR7 [32,64) ] bit 32"
    );
    // ... or through form_aspace_address with the same address space
    assert_eq!(
        u(
            &mut c,
            "implicit_pointer 0x500 0 deref lit0 LLVM_form_aspace_address deref_size 4"
        ),
        0x1111
    );
    // stack_value gives back the implicit pointer location
    let l = loc(&mut c, "implicit_pointer 0x500 4 deref stack_value").unwrap();
    assert!(matches!(l.first().storage, Storage::ImplicitPointer(_)));
    // any other use is an evaluation error
    assert_eq!(
        kind(val(&mut c, "implicit_pointer 0x500 4 deref lit1 plus")),
        "evaluation"
    );
    // partial reads too
    assert_eq!(
        kind(val(&mut c, "implicit_pointer 0x500 4 deref_size 4")),
        "evaluation"
    );
    // const_value pointees
    c.symbols
        .ip_targets
        .insert(0x600, DieLocation::ConstValue(vec![9, 8, 7].into()));
    assert_eq!(u(&mut c, "implicit_pointer 0x600 1 deref deref_size 1"), 8);
    assert_eq!(
        kind(loc(&mut c, "implicit_pointer 0x700 0 deref")),
        "evaluation"
    );
    // an implicit pointer inside a composite is still read as a whole
    assert!(matches!(
        with_stack(
            &mut c,
            "implicit_pointer 0x600 0 piece 8 LLVM_piece_end deref",
            vec![],
            ResultKind::Unspecified
        )
        .unwrap(),
        Entry::ImplicitPointer(_)
    ));
}

#[test]
fn aspace_implicit_pointer_legacy() {
    let mut c = ctx();
    c.symbols
        .ip_targets
        .insert(0x80, DieLocation::ConstValue(vec![1, 2, 3, 4].into()));
    let legacy = DecodeParams::amdgpu(Encoding::Legacy);
    let e = asm::assemble(
        "lit5 LLVM_aspace_implicit_pointer 0x80 0",
        &DwarfdumpNames,
        legacy,
    )
    .unwrap();
    let r = Evaluator::new()
        .evaluate(&mut c, &e, None, ResultKind::Location)
        .unwrap()
        .into_location()
        .unwrap();
    assert!(
        matches!(&r.first().storage, Storage::ImplicitPointer(p) if p.aspace == 5 && p.bits == 32)
    );
    // the value converts only via form_aspace_address with the same space
    let e = asm::assemble(
        "lit5 LLVM_aspace_implicit_pointer 0x80 0 deref_size 4 lit5 LLVM_form_aspace_address deref_size 2",
        &DwarfdumpNames,
        legacy,
    )
    .unwrap();
    c.lane = Some(0);
    assert_eq!(
        Evaluator::new()
            .evaluate_value(&mut c, &e)
            .unwrap()
            .to_u64(),
        0x0201
    );
    let e = asm::assemble(
        "lit5 LLVM_aspace_implicit_pointer 0x80 0 deref_size 4 deref",
        &DwarfdumpNames,
        legacy,
    )
    .unwrap();
    assert_eq!(
        kind(Evaluator::new().evaluate_value(&mut c, &e)),
        "ill_formed"
    );
    let e = asm::assemble(
        "lit4 LLVM_aspace_implicit_pointer 0x80 0",
        &DwarfdumpNames,
        legacy,
    )
    .unwrap();
    assert_eq!(
        kind(Evaluator::new().evaluate_location(&mut c, &e)),
        "ill_formed"
    );
}

#[test]
fn entry_values_and_gnu_ops() {
    let mut c = ctx();
    assert_eq!(
        kind(val(&mut c, "entry_value(regx s33)")),
        "missing_context"
    );
    c.entry_value = Some(Entry::Value(Value::generic(64, 77)));
    assert_eq!(u(&mut c, "entry_value(regx s33) lit1 plus"), 78);
    assert_eq!(u(&mut c, "GNU_parameter_ref 5"), 1005);
    assert_eq!(
        kind(val(&mut c, "GNU_variable_value 0x10")),
        "missing_context"
    );
    assert_eq!(u(&mut c, "lit3 GNU_uninit"), 3);
    assert_eq!(u(&mut c, "lit3 LLVM_nop"), 3);
}

// ---------------------------------------------------------------- LLVM operations

#[test]
fn form_aspace_address() {
    let mut c = ctx();
    let l = loc(&mut c, "lit0 lit6 LLVM_form_aspace_address").unwrap();
    assert_eq!(show(&c, &l), "memory private_wave 0x0");
    // the address is truncated to the space's width
    let l = loc(&mut c, "constu 0x100000010 lit3 LLVM_form_aspace_address").unwrap();
    assert_eq!(l.memory_address(), Some((3, 0x10)));
    assert_eq!(
        kind(loc(&mut c, "lit0 lit4 LLVM_form_aspace_address")),
        "ill_formed"
    );
    // lane-scoped spaces capture the current lane and need one
    assert_eq!(
        kind(loc(&mut c, "lit0 lit5 LLVM_form_aspace_address")),
        "missing_context"
    );
    c.lane = Some(9);
    let l = loc(&mut c, "lit0 lit5 LLVM_form_aspace_address").unwrap();
    assert_eq!(show(&c, &l), "memory private_lane 0x0 (lane 9)");
    // the captured lane is used when reading later under another lane
    c.poke(5, Some(9), 0, &[0x99]);
    c.lane = Some(1);
    assert_eq!(read_u(&mut c, &l, 0, 8), 0x99);
    // a typed (non-integral) address is ill-formed
    assert_eq!(
        kind(loc(
            &mut c,
            "lit1 convert 0x40 lit0 LLVM_form_aspace_address"
        )),
        "ill_formed"
    );
}

#[test]
fn push_lane_and_iteration() {
    let mut c = ctx();
    assert_eq!(kind(val(&mut c, "LLVM_push_lane")), "missing_context");
    c.lane = Some(63);
    assert_eq!(u(&mut c, "LLVM_push_lane"), 63);
    c.lanes = Some(32);
    assert_eq!(kind(val(&mut c, "LLVM_push_lane")), "ill_formed");
    let it: &[Op] = &ops("LLVM_push_iteration");
    assert_eq!(
        kind(Evaluator::new().evaluate_value(&mut c, it)),
        "missing_context"
    );
    c.iteration = Some(2);
    assert_eq!(
        kind(Evaluator::new().evaluate_value(&mut c, it)),
        "ill_formed"
    );
    c.iterations = 4;
    assert_eq!(
        Evaluator::new()
            .evaluate_value(&mut c, it)
            .unwrap()
            .to_u64(),
        2
    );
}

#[test]
fn offsets() {
    let mut c = ctx();
    let l = loc(&mut c, "regx v2 lit8 LLVM_offset").unwrap();
    assert_eq!(l.first().offset(), 64);
    let l = loc(&mut c, "regx v2 lit8 LLVM_offset consts -4 LLVM_offset").unwrap();
    assert_eq!(l.first().offset(), 32);
    let l = loc(&mut c, "regx v2 lit3 LLVM_bit_offset").unwrap();
    assert_eq!(l.first().offset(), 3);
    let l = loc(&mut c, "regx v2 LLVM_offset_uconst 255").unwrap();
    assert_eq!(l.first().offset(), 255 * 8);
    // no wrap-around: out of range is an evaluation error
    assert_eq!(
        kind(loc(&mut c, "regx v2 LLVM_offset_uconst 256")),
        "evaluation"
    );
    assert_eq!(
        kind(loc(&mut c, "regx v2 consts -1 LLVM_offset")),
        "evaluation"
    );
    assert_eq!(
        kind(loc(
            &mut c,
            "lit0 lit6 LLVM_form_aspace_address consts -1 LLVM_offset"
        )),
        "evaluation"
    );
    // unlike plus, which wraps on the converted value
    assert_eq!(u(&mut c, "lit0 consts -1 plus"), u64::MAX);
    // undefined locations are unchanged
    assert!(
        loc(&mut c, "LLVM_undefined lit8 LLVM_offset")
            .unwrap()
            .is_undefined()
    );
    // a generic value converts to a global memory location first
    assert_eq!(
        loc(&mut c, "lit8 lit8 LLVM_offset")
            .unwrap()
            .memory_address(),
        Some((0, 16))
    );
    // offsetting a composite moves into it
    let l = loc(
        &mut c,
        "regx s0 piece 4 regx s1 piece 4 LLVM_piece_end LLVM_offset_uconst 4",
    )
    .unwrap();
    assert_eq!(l.first().offset(), 32);
}

#[test]
fn call_frame_entry_reg_and_undefined() {
    let mut c = ctx();
    assert_eq!(
        kind(loc(&mut c, "LLVM_call_frame_entry_reg exec")),
        "missing_context"
    );
    c.entry_regs
        .insert(TestCtx::EXEC, LocDesc::register(TestCtx::EXEC, 1, 64));
    c.caller_regs
        .insert(TestCtx::EXEC, 0xffu64.to_le_bytes().to_vec());
    c.set_reg(TestCtx::EXEC, 0x1);
    let l = loc(&mut c, "LLVM_call_frame_entry_reg exec").unwrap();
    assert_eq!(show(&c, &l), "register EXEC (frame 1)");
    assert_eq!(
        u(&mut c, "LLVM_call_frame_entry_reg exec deref_size 8"),
        0xff
    );
    assert_eq!(u(&mut c, "regx exec deref_size 8"), 0x1);
    let l = loc(&mut c, "LLVM_undefined").unwrap();
    assert_eq!(l.to_string(), "undefined");
}

#[test]
fn aspace_bregx() {
    let mut c = ctx();
    c.set_reg(TestCtx::SGPR0 + 32, 0x200);
    let l = loc(&mut c, "lit6 LLVM_aspace_bregx s32 16").unwrap();
    assert_eq!(show(&c, &l), "memory private_wave 0x210");
    let l = loc(&mut c, "lit6 LLVM_aspace_bregx s32 -0x201").unwrap();
    assert_eq!(l.memory_address(), Some((6, 0xffff_ffff)));
    // the register must be at least as wide as the address space's addresses
    assert_eq!(
        kind(loc(&mut c, "lit0 LLVM_aspace_bregx s32 0")),
        "evaluation"
    );
    assert_eq!(
        kind(loc(&mut c, "lit7 LLVM_aspace_bregx s32 0")),
        "ill_formed"
    );
    c.set_reg(TestCtx::PC, 0x1_0000_0010);
    assert_eq!(
        loc(&mut c, "lit3 LLVM_aspace_bregx pc 0")
            .unwrap()
            .memory_address(),
        Some((3, 0x10))
    );
}

#[test]
fn extend() {
    let mut c = ctx();
    c.set_reg(TestCtx::PC, 0xabc0);
    let l = loc(&mut c, "regx pc LLVM_extend 64 64").unwrap();
    assert_eq!(
        show(&c, &l),
        "composite[ 64 x 64 bits of register PC [0,4096) ]"
    );
    for lane in [0u128, 17, 63] {
        assert_eq!(read_u(&mut c, &l, lane * 64, 64), 0xabc0);
    }
    assert_eq!(kind(loc(&mut c, "regx pc LLVM_extend 0 64")), "ill_formed");
    assert_eq!(kind(loc(&mut c, "regx pc LLVM_extend 64 0")), "ill_formed");
    // elements must fit their storage
    assert_eq!(kind(loc(&mut c, "regx s0 LLVM_extend 64 2")), "ill_formed");
    // huge counts stay lazy
    let l = loc(&mut c, "LLVM_undefined LLVM_extend 64 0x100000000").unwrap();
    assert_eq!(
        read(&mut c, &l, 64 * 0xffff_ffff, 64).unwrap().status(0),
        BitStatus::OptimizedOut
    );
}

/// Composites built of copies of themselves double with every operation: without a bound
/// on a location's nested parts, rounds of `dup` + `select_bit_piece` (or an overlay, or
/// pieces) from under 500 bytes of input cost gigabytes and minutes (found by the `eval`
/// fuzz target); nesting `extend` in `extend` grows as deep as the steps allow. Each is
/// refused with the part limit once the copies pass it.
#[test]
fn composites_of_copies_stay_bounded() {
    let mut c = ctx();
    let rounds = |round: &str, n: usize| {
        let mut text = String::from("regx v1");
        for _ in 0..n {
            text.push(' ');
            text.push_str(round);
        }
        text
    };
    for round in [
        "dup lit5 LLVM_select_bit_piece 32 2",
        // An overlay copies its base before and after the overlaid bits.
        "dup lit0 lit4 LLVM_overlay",
        // A piece of a composite copies it into the new one.
        "dup piece 4 swap piece 4 LLVM_piece_end",
    ] {
        // Bare operations: the overlay has no encoding.
        let eval =
            |c: &mut TestCtx, n| Evaluator::new().evaluate_location(c, &ops(&rounds(round, n))[..]);
        let e = eval(&mut c, 40).unwrap_err();
        assert!(
            e.limit_exceeded() == Some(Limit::CompositeParts),
            "{round}: {e}"
        );
        // Below the bound, the same nesting evaluates.
        let l = eval(&mut c, 3).unwrap();
        assert!(l.nodes_up_to(4096) > 8, "{round}: {l}");
    }
    let e = loc(&mut c, &rounds("LLVM_extend 32 1", 5000)).unwrap_err();
    assert!(
        e.limit_exceeded() == Some(Limit::CompositeParts),
        "extend: {e}"
    );
    // Copies are charged: a stack full of copies of a composite at the bound is refused.
    let big = rounds("dup lit5 LLVM_select_bit_piece 32 2", 10);
    let l = loc(&mut c, &big).unwrap();
    let nodes = l.nodes_up_to(usize::MAX);
    assert!((2000..4096).contains(&nodes), "{nodes} nodes");
    let copies = |n: usize| format!("{big}{}", " dup".repeat(n));
    assert!(loc(&mut c, &copies(20)).is_ok());
    let e = loc(&mut c, &copies(40)).unwrap_err();
    assert!(
        e.limit_exceeded() == Some(Limit::CompositeParts),
        "copies: {e}"
    );
}

#[test]
fn select_bit_piece() {
    let mut c = ctx();
    for lane in 0..4 {
        c.set_vgpr_lane(1, lane, 0x100 + lane);
        c.set_vgpr_lane(2, lane, 0x200 + lane);
    }
    let l = loc(&mut c, "regx v1 regx v2 lit5 LLVM_select_bit_piece 32 4").unwrap();
    assert_eq!(read_u(&mut c, &l, 0, 32), 0x200);
    assert_eq!(read_u(&mut c, &l, 32, 32), 0x101);
    assert_eq!(read_u(&mut c, &l, 64, 32), 0x202);
    assert_eq!(read_u(&mut c, &l, 96, 32), 0x103);
    assert_eq!(
        kind(loc(
            &mut c,
            "regx v1 regx v2 lit5 LLVM_select_bit_piece 0 4"
        )),
        "ill_formed"
    );
    // the mask needs at least count bits
    assert_eq!(
        kind(loc(
            &mut c,
            "regx v1 regx v2 const_type 0x58 1 5 LLVM_select_bit_piece 32 9"
        )),
        "ill_formed"
    );
    // an element beyond its storage is a bit_offset range error
    assert_eq!(
        kind(loc(
            &mut c,
            "regx s1 regx s2 lit3 LLVM_select_bit_piece 32 2"
        )),
        "evaluation"
    );
    // undefined inputs stay undefined
    let l = loc(
        &mut c,
        "LLVM_undefined regx v2 lit1 LLVM_select_bit_piece 32 2",
    )
    .unwrap();
    let b = read(&mut c, &l, 0, 64).unwrap();
    assert_eq!(b.get(0, 32), 0x200);
    assert_eq!(b.status(32), BitStatus::OptimizedOut);
}

#[test]
fn overlays() {
    let mut c = ctx();
    c.poke(0, None, 0x100, &[0, 1, 2, 3, 4, 5, 6, 7]);
    c.set_reg(TestCtx::SGPR0 + 9, 0xeeff);
    // an 8-byte implicit base with bytes [2,4) replaced by s9
    let base = "addr 0x100 deref stack_value";
    let o: Vec<Op> = ops(&format!("{base} regx s9 lit2 lit2 LLVM_overlay"));
    let l = Evaluator::new().evaluate_location(&mut c, &o[..]).unwrap();
    assert_eq!(read_u(&mut c, &l, 0, 64), 0x0706_0504_eeff_0100);
    // bit_overlay: 4 bits at bit 4
    let o = ops(&format!("{base} regx s9 lit4 lit4 LLVM_bit_overlay"));
    let l = Evaluator::new().evaluate_location(&mut c, &o[..]).unwrap();
    assert_eq!(read_u(&mut c, &l, 0, 16), 0x01f0);
    // size 0 = the base; whole base = the overlay
    let o = ops(&format!("{base} regx s9 lit0 lit0 LLVM_overlay"));
    let l = Evaluator::new().evaluate_location(&mut c, &o[..]).unwrap();
    assert!(matches!(l.first().storage, Storage::Implicit(_)));
    let o = ops("regx s8 regx s9 lit0 lit4 LLVM_overlay");
    let l = Evaluator::new().evaluate_location(&mut c, &o[..]).unwrap();
    assert_eq!(show(&c, &l), "register SGPR9");
    // a memory base: the rest of the address space is the tail part
    let o = ops("addr 0x100 regx s9 lit1 lit2 LLVM_overlay");
    let l = Evaluator::new().evaluate_location(&mut c, &o[..]).unwrap();
    assert_eq!(read_u(&mut c, &l, 0, 32), 0x03ee_ff00);
    for bad in [
        "regx s8 regx s9 consts -1 lit2 LLVM_overlay",
        "regx s8 regx s9 lit0 consts -2 LLVM_overlay",
        "regx s8 regx s9 lit2 lit4 LLVM_overlay",
        "LLVM_undefined regx s9 lit0 lit1 LLVM_overlay",
        "regx s8 regx s9 lit0 constu 33 LLVM_bit_overlay",
    ] {
        let o = ops(bad);
        assert_eq!(
            kind(Evaluator::new().evaluate_location(&mut c, &o[..])),
            "ill_formed",
            "{bad}"
        );
    }
}

// ---------------------------------------------------------------- results and errors

#[test]
fn result_kinds() {
    let mut c = ctx();
    let mut ev = Evaluator::new();
    let empty = x("");
    assert!(ev.evaluate_location(&mut c, &empty).unwrap().is_undefined());
    assert!(matches!(
        ev.evaluate(&mut c, &empty, None, ResultKind::Unspecified).unwrap(),
        Entry::Location(l) if l.is_undefined()
    ));
    assert_eq!(
        ev.evaluate_value(&mut c, &empty).unwrap_err().kind(),
        ErrorKind::IllFormed
    );
    // generic values become global memory locations
    assert_eq!(
        ev.evaluate_location(&mut c, &x("lit8"))
            .unwrap()
            .memory_address(),
        Some((0, 8))
    );
    // other entries are discarded; unspecified returns the top as-is
    let e = ev
        .evaluate(&mut c, &x("regx s0 lit3"), None, ResultKind::Unspecified)
        .unwrap();
    assert!(matches!(e, Entry::Value(v) if v.to_u64() == 3));
    // a final incomplete composite is completed
    let l = ev.evaluate_location(&mut c, &x("regx s0 piece 4")).unwrap();
    assert!(matches!(&l.first().storage, Storage::Composite(c) if c.is_complete()));
    // typed values are not locations
    assert_eq!(
        kind(ev.evaluate_location(&mut c, &x("const_type 0x58 1 1"))),
        "ill_formed"
    );
    // the initial stack
    let e = ev
        .evaluate(
            &mut c,
            &x("plus"),
            [
                Entry::Value(Value::generic(64, 2)),
                Entry::Value(Value::generic(64, 3)),
            ],
            ResultKind::Value,
        )
        .unwrap();
    assert_eq!(e.into_value().unwrap().to_u64(), 5);
    // the evaluator is reusable after errors
    assert!(ev.evaluate_value(&mut c, &x("drop")).is_err());
    assert_eq!(ev.evaluate_value(&mut c, &x("lit1")).unwrap().to_u64(), 1);
}

#[test]
fn error_classes_and_positions() {
    let mut c = ctx();
    // decode
    let d = Expr::decode(&[0x30, 0xe9, 0x7f], params()).unwrap_err();
    let e = Error::from(d);
    assert_eq!(e.class_name(), "decode");
    assert_eq!(e.at().op_offset, Some(1));
    // ill-formed, with the op's index and byte offset
    let e = val(&mut c, "constu 300 drop drop").unwrap_err();
    assert_eq!(e.class_name(), "ill_formed");
    assert_eq!(
        e.at(),
        At {
            op_index: Some(2),
            op_offset: Some(4)
        }
    );
    assert!(e.to_string().contains("at op 2 (offset 0x4)"), "{e}");
    // evaluation
    assert_eq!(kind(val(&mut c, "lit1 lit0 div")), "evaluation");
    // unavailable
    c.unreadable.push((0, 0));
    assert_eq!(kind(val(&mut c, "lit0 deref")), "unavailable");
    // missing context
    assert_eq!(kind(val(&mut c, "LLVM_push_lane")), "missing_context");
    // stack depth limit
    let e = Evaluator::with_limits(Limits {
        max_stack: 2,
        ..Limits::default()
    })
    .evaluate_value(&mut c, &x("lit1 lit2 lit3"))
    .unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::StackDepth), "{e}");
}

// ---------------------------------------------------------------- §5.9 CFI patterns

fn cfa_entry(c: &TestCtx) -> Entry {
    Entry::Location(c.cfa.clone().unwrap())
}

fn cfi_rule(c: &mut TestCtx, text: &str) -> LocDesc {
    let init = cfa_entry(c);
    with_stack(c, text, vec![init], ResultKind::Location)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .into_location()
        .unwrap()
}

#[test]
fn cfi_kernel_and_flat_scratch_cfa() {
    let mut c = ctx();
    let l = loc(&mut c, "lit0 lit6 LLVM_form_aspace_address").unwrap();
    assert_eq!(l.memory_address(), Some((6, 0)));
    // the same from the bytes (new and legacy encodings)
    let e = Expr::decode(&[0x30, 0x36, 0xe9, 0x02], params()).unwrap();
    assert_eq!(Evaluator::new().evaluate_location(&mut c, &e).unwrap(), l);
    let e = Expr::decode(&[0x30, 0x36, 0xe1], DecodeParams::amdgpu(Encoding::Legacy)).unwrap();
    assert_eq!(Evaluator::new().evaluate_location(&mut c, &e).unwrap(), l);
    // flat scratch: SP (per-lane) * wave size in private_wave
    c.set_reg(TestCtx::SGPR0 + 32, 0x10);
    let bytes = [0x90, 0x40, 0x94, 0x04, 0x36, 0x24, 0x36, 0xe9, 0x02];
    let e = Expr::decode(&bytes, params()).unwrap();
    let l = Evaluator::new().evaluate_location(&mut c, &e).unwrap();
    assert_eq!(show(&c, &l), "memory private_wave 0x400");
    let l = loc(
        &mut c,
        "regx SGPR32 deref_size 4 lit6 shl lit6 LLVM_form_aspace_address",
    )
    .unwrap();
    assert_eq!(l.memory_address(), Some((6, 0x400)));
    // with a constant added
    let l = loc(
        &mut c,
        "regx s32 deref_size 4 lit6 shl plus_uconst 16 lit6 LLVM_form_aspace_address",
    )
    .unwrap();
    assert_eq!(l.memory_address(), Some((6, 0x410)));
    // MUBUF scratch: def_aspace_cfa SGPR32, 0, 6 == constu 6; aspace_bregx SGPR32, 0
    c.set_reg(TestCtx::SGPR0 + 32, 0x800);
    assert_eq!(
        loc(&mut c, "constu 6 LLVM_aspace_bregx s32 0")
            .unwrap()
            .memory_address(),
        Some((6, 0x800))
    );
}

#[test]
fn cfi_return_address_in_sgpr_pair_and_vgpr_lanes() {
    let mut c = ctx();
    c.cfa = Some(LocDesc::memory(6, 32, None, 0x100));
    c.set_reg(TestCtx::SGPR0 + 30, 0x5678_9abc);
    c.set_reg(TestCtx::SGPR0 + 31, 0x1234);
    let bytes = [0x90, 0x3e, 0x93, 0x04, 0x90, 0x3f, 0x93, 0x04];
    let e = Expr::decode(&bytes, params()).unwrap();
    let init = cfa_entry(&c);
    let l = Evaluator::new()
        .evaluate(&mut c, &e, [init], ResultKind::Location)
        .unwrap()
        .into_location()
        .unwrap();
    assert_eq!(
        show(&c, &l),
        "composite[ register SGPR30 [0,32) | register SGPR31 [32,64) ]"
    );
    assert_eq!(read_u(&mut c, &l, 0, 64), 0x1234_5678_9abc);
    // saved into two lanes of a VGPR
    c.set_vgpr_lane(40, 0, 0xaaaa_0000);
    c.set_vgpr_lane(40, 1, 0xbbbb);
    let l = cfi_rule(&mut c, "regx v40 bit_piece 32 0 regx v40 bit_piece 32 32");
    assert_eq!(read_u(&mut c, &l, 0, 64), 0xbbbb_aaaa_0000);
}

#[test]
fn cfi_sgpr_saved_in_vgpr_lane() {
    let mut c = ctx();
    c.cfa = Some(LocDesc::memory(6, 32, None, 0x100));
    c.set_vgpr_lane(9, 5, 0x600d);
    let l = cfi_rule(&mut c, "regx v9 LLVM_offset_uconst 20");
    assert_eq!(show(&c, &l), "register VGPR9 bit 160");
    assert_eq!(read_u(&mut c, &l, 0, 32), 0x600d);
    // restoring writes through the location
    write(&mut c, &l, 0, 32, &0xbeefu32.to_le_bytes()).unwrap();
    assert_eq!(read_u(&mut c, &l, 0, 32), 0xbeef);
}

#[test]
fn cfi_vgpr_spilled_for_lanes_active_on_entry() {
    let mut c = ctx();
    c.cfa = Some(LocDesc::memory(6, 32, None, 0x1000));
    // the live register and the spill slot (CFA + 4 * 64, one dword per lane)
    for lane in 0..64u32 {
        c.set_vgpr_lane(5, lane, 0x1_0000 + lane);
        c.poke(
            6,
            None,
            0x1100 + 4 * u64::from(lane),
            &(0x2_0000 + lane).to_le_bytes(),
        );
    }
    // EXEC on entry (the caller's EXEC) selects the spilled lanes
    c.entry_regs
        .insert(TestCtx::EXEC, LocDesc::register(TestCtx::EXEC, 1, 64));
    c.caller_regs.insert(
        TestCtx::EXEC,
        (0x8000_0000_0000_0005u64).to_le_bytes().to_vec(),
    );
    c.set_reg(TestCtx::EXEC, u64::MAX);
    let l = cfi_rule(
        &mut c,
        "regx v5 swap LLVM_offset_uconst 256 LLVM_call_frame_entry_reg exec deref_size 8 \
         LLVM_select_bit_piece 32 64",
    );
    let b = read(&mut c, &l, 0, 64 * 32).unwrap();
    assert!(b.is_complete());
    for lane in 0..64u64 {
        let spilled = lane == 0 || lane == 2 || lane == 63;
        let want = if spilled {
            0x2_0000 + lane
        } else {
            0x1_0000 + lane
        };
        assert_eq!(b.get(lane * 32, 32), u128::from(want), "lane {lane}");
    }
    // the same from the bytes an LLVM test emits
    let bytes = [
        0x90, 0x85, 0x14, 0x16, 0xe9, 0x05, 0x80, 0x02, 0xe9, 0x07, 0x11, 0x94, 0x08, 0xe9, 0x0c,
        0x20, 0x40,
    ];
    let e = Expr::decode(&bytes, params()).unwrap();
    let init = cfa_entry(&c);
    let l2 = Evaluator::new()
        .evaluate(&mut c, &e, [init], ResultKind::Location)
        .unwrap()
        .into_location()
        .unwrap();
    assert_eq!(l2, l);
}

// ---------------------------------------------------------------- §5.10 lane PCs

#[test]
fn lane_pc_procedures() {
    let mut c = ctx();
    // __divergent_lane_pc: every lane undefined
    let div = x("LLVM_undefined LLVM_extend 64 64");
    let l = Evaluator::new().evaluate_location(&mut c, &div).unwrap();
    let b = read(&mut c, &l, 0, 64 * 64).unwrap();
    assert!((0..4096).all(|i| b.status(i) == BitStatus::OptimizedOut));
    // __active_lane_pc applied on top of a divergent vector
    c.set_reg(TestCtx::PC, 0x2000);
    c.set_reg(TestCtx::EXEC, 0b1001);
    let active = x("regx pc LLVM_extend 64 64 regval_type exec 0x30 LLVM_select_bit_piece 64 64");
    let init = Entry::Location(l);
    let l = Evaluator::new()
        .evaluate(&mut c, &active, [init], ResultKind::Location)
        .unwrap()
        .into_location()
        .unwrap();
    let b = read(&mut c, &l, 0, 64 * 4).unwrap();
    assert_eq!(b.get(0, 64), 0x2000);
    assert_eq!(b.status(64), BitStatus::OptimizedOut);
    assert_eq!(b.status(128 + 63), BitStatus::OptimizedOut);
    assert_eq!(b.get(192, 64), 0x2000);
}

#[test]
fn lane_pc_region_procedures_through_calls() {
    let mut c = ctx();
    c.set_reg(TestCtx::PC, 0x2000);
    c.set_reg(TestCtx::EXEC, 0b0001);
    c.set_reg(TestCtx::SGPR0 + 40, 0b0111);
    c.set_reg(TestCtx::SGPR0 + 41, 0);
    c.symbols.debug_addr = vec![0x1800];
    c.symbols.calls.insert(
        DieRef::Info(0x100),
        DieLocation::Expr(Arc::new(x("LLVM_undefined LLVM_extend 64 64"))),
    );
    c.symbols.calls.insert(
        DieRef::Info(0x200),
        DieLocation::Expr(Arc::new(x(
            "regx pc LLVM_extend 64 64 regval_type exec 0x30 LLVM_select_bit_piece 64 64",
        ))),
    );
    // the artificial variable holding EXEC saved at the region entry (a location list)
    c.symbols.calls.insert(
        DieRef::Info(0x300),
        DieLocation::LocationList(vec![Arc::new(x("regx s40 piece 4 regx s41 piece 4"))]),
    );
    // THEN region procedure
    c.symbols.calls.insert(
        DieRef::Info(0x400),
        DieLocation::Expr(Arc::new(x(
            "call_ref 0x100 addrx 0 stack_value LLVM_extend 64 64 call_ref 0x300 \
             deref_type 8 0x30 LLVM_select_bit_piece 64 64",
        ))),
    );
    let lane_pc = x("call_ref 0x400 call_ref 0x200");
    let l = Evaluator::new()
        .evaluate_location(&mut c, &lane_pc)
        .unwrap();
    assert_eq!(l.len(), 1);
    let b = read(&mut c, &l, 0, 64 * 64).unwrap();
    assert_eq!(b.get(0, 64), 0x2000, "lane 0 is active");
    assert_eq!(
        b.get(64, 64),
        0x1800,
        "lane 1 is parked at the region start"
    );
    assert_eq!(
        b.get(128, 64),
        0x1800,
        "lane 2 is parked at the region start"
    );
    for lane in 3..64 {
        assert_eq!(b.status(lane * 64), BitStatus::OptimizedOut, "lane {lane}");
    }
    assert!(b.any_optimized_out() && !b.any_unavailable());
}

// ---------------------------------------------------------------- §5.12 producer patterns

#[test]
fn producer_global_variable() {
    let mut c = ctx();
    let l = loc(
        &mut c,
        "addr 0x1000 stack_value deref_size 8 constu 0 LLVM_form_aspace_address",
    )
    .unwrap();
    assert_eq!(show(&c, &l), "memory global 0x1000");
    let l = loc(&mut c, "DW_OP_addr 0x0, DW_OP_stack_value, DW_OP_deref_size 0x8, DW_OP_constu 0x0, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address").unwrap();
    assert_eq!(l.memory_address(), Some((0, 0)));
    // LDS placeholder: constu 0
    assert_eq!(
        loc(&mut c, "constu 0").unwrap().memory_address(),
        Some((0, 0))
    );
}

#[test]
fn producer_private_local_wave64() {
    let mut c = ctx();
    c.set_reg(TestCtx::SGPR0 + 33, 0x4000); // FP, wave-scaled
    c.lane = Some(3);
    let text = "regx s33 lit6 stack_value deref_size 4 swap deref_size 4 swap shr stack_value \
                deref_size 4 constu 5 LLVM_form_aspace_address lit8 stack_value deref_size 4 \
                LLVM_offset";
    let l = loc(&mut c, text).unwrap();
    assert_eq!(show(&c, &l), "memory private_lane 0x108 (lane 3)");
    c.poke(5, Some(3), 0x108, &[0x2a, 0, 0, 0]);
    assert_eq!(read_u(&mut c, &l, 0, 32), 0x2a);
    // another lane reads its own private memory
    c.lane = Some(4);
    let l4 = loc(&mut c, text).unwrap();
    assert_eq!(read_u(&mut c, &l4, 0, 32), 0);
    // without a lane the private_lane address cannot be formed
    c.lane = None;
    assert_eq!(kind(loc(&mut c, text)), "missing_context");
}

#[test]
fn producer_pointer_in_two_vgpr_lanes() {
    let mut c = ctx();
    c.lane = Some(5);
    c.set_vgpr_lane(1, 5, 0x5678_0000);
    c.set_vgpr_lane(2, 5, 0x1);
    c.set_vgpr_lane(1, 4, 0xdead);
    let text = "DW_OP_regx VGPR1, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, \
                DW_OP_LLVM_user DW_OP_LLVM_offset, DW_OP_piece 0x4, DW_OP_regx VGPR2, \
                DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, \
                DW_OP_LLVM_user DW_OP_LLVM_offset, DW_OP_piece 0x4, \
                DW_OP_LLVM_user DW_OP_LLVM_piece_end, DW_OP_deref_size 0x8, DW_OP_lit1, \
                DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address";
    let l = loc(&mut c, text).unwrap();
    assert_eq!(show(&c, &l), "memory generic 0x156780000 (lane 5)");
    // the value itself (without the final address formation), as a composite
    let v = loc(
        &mut c,
        "regx v1 LLVM_push_lane lit4 mul LLVM_offset piece 4 regx v2 LLVM_push_lane lit4 mul LLVM_offset piece 4",
    )
    .unwrap();
    assert_eq!(
        show(&c, &v),
        "composite[ register VGPR1 bit 160 [0,32) | register VGPR2 bit 160 [32,64) ]"
    );
    assert_eq!(read_u(&mut c, &v, 0, 64), 0x1_5678_0000);
}

#[test]
fn producer_clang_xderef() {
    let mut c = ctx();
    c.symbols.frame_base = Some(LocDesc::memory(0, 64, None, 0x2000));
    c.poke(1, None, 0x2020, &0x1122_3344_5566_7788u64.to_le_bytes());
    assert_eq!(
        u(&mut c, "fbreg 32 lit1 swap xderef"),
        0x1122_3344_5566_7788
    );
}

// ---------------------------------------------------------------- multiple places

#[test]
fn multi_place_locations_propagate() {
    let mut c = ctx();
    c.symbols.calls.insert(
        DieRef::Info(0x10),
        DieLocation::LocationList(vec![
            Arc::new(x("regx v1")),
            Arc::new(x("lit0 lit6 LLVM_form_aspace_address")),
        ]),
    );
    // offsetting offsets every place
    let l = loc(&mut c, "call_ref 0x10 LLVM_offset_uconst 8").unwrap();
    assert_eq!(
        show(&c, &l),
        "{ register VGPR1 bit 64 ; memory private_wave 0x8 }"
    );
    // writes update every place; reads use any
    write(&mut c, &l, 0, 32, &7u32.to_le_bytes()).unwrap();
    assert_eq!(c.peek(6, None, 8, 4), vec![7, 0, 0, 0]);
    assert_eq!(read_u(&mut c, &l, 0, 32), 7);
    c.set_vgpr_lane(1, 2, 9);
    assert_eq!(
        u(&mut c, "call_ref 0x10 LLVM_offset_uconst 8 deref_size 4"),
        9
    );
}

#[test]
fn nested_evaluations_are_bounded_without_overflowing_the_stack() {
    let mut c = ctx();
    // a location-list callee that calls itself: separate evaluations nest
    c.symbols.calls.insert(
        DieRef::Info(0x50),
        DieLocation::LocationList(vec![Arc::new(x("call_ref 0x50"))]),
    );
    let e = loc(&mut c, "call_ref 0x50").unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::Nesting), "{e}");
    // an implicit pointer whose target is itself an implicit pointer to itself
    c.symbols.ip_targets.insert(
        0x60,
        DieLocation::Expr(Arc::new(x("implicit_pointer 0x60 0 deref"))),
    );
    let e = loc(&mut c, "implicit_pointer 0x60 0 deref").unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::Nesting), "{e}");
    // exprloc callees nest iteratively, far deeper than native recursion would allow
    let deep = Limits {
        max_call_depth: 100_000,
        max_steps: 1_000_000,
        ..Limits::default()
    };
    c.symbols.calls.insert(
        DieRef::Unit(0x70),
        DieLocation::Expr(Arc::new(x("call2 0x70"))),
    );
    let e = Evaluator::with_limits(deep)
        .evaluate_value(&mut c, &x("call2 0x70"))
        .unwrap_err();
    assert!(e.limit_exceeded() == Some(Limit::CallDepth), "{e}");
    // huge base types from the context are bounded by the implicit size limit
    c.symbols
        .base_types
        .insert(0x90, BaseType::unsigned(u32::MAX));
    assert_eq!(kind(val(&mut c, "regval_type pc 0x90")), "evaluation");
}

#[test]
fn register_namer_display() {
    let mut c = ctx();
    let l = loc(
        &mut c,
        "regx v1 LLVM_offset_uconst 12 piece 4 regx exec piece 8",
    )
    .unwrap();
    let m = loc(&mut c, "lit0 lit6 LLVM_form_aspace_address").unwrap();
    let n = RegisterNamer {
        registers: &DwarfdumpNames,
        target: Some(&c.target),
    };
    assert_eq!(
        l.display(&n).to_string(),
        "composite[ register VGPR1 bit 96 [0,32) | register EXEC [32,96) ]"
    );
    assert_eq!(m.display(&n).to_string(), "memory private_wave 0x0");
    assert_eq!(m.display(&NoNames).to_string(), "memory aspace(6) 0x0");
}

#[test]
fn cfi_mode_rejects_forbidden_operations() {
    let mut c = ctx();
    c.cfa = Some(LocDesc::memory(6, 32, None, 0x100));
    c.lane = Some(0);
    let init = || Entry::Location(LocDesc::memory(6, 32, None, 0x100));
    for bad in [
        "call_frame_cfa",
        "LLVM_push_lane",
        "push_object_address",
        "fbreg 0",
        "regval_type exec 0x30",
        "lit0 convert 0x30",
        "call2 0x20",
        "addrx 0",
        "constx 0",
        "implicit_pointer 0x10 0",
        "entry_value(regx s0)",
        "lit0 deref_type 8 0x30",
    ] {
        let e = Evaluator::new()
            .evaluate_cfi(&mut c, &x(bad), [init()], ResultKind::Location)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::IllFormed, "{bad}");
        assert!(e.to_string().contains("call frame information"), "{e}");
    }
    // the same operations are fine outside CFI, and the CFI patterns are fine inside it
    assert!(loc(&mut c, "call_frame_cfa").is_ok());
    let e = Evaluator::new()
        .evaluate_cfi(
            &mut c,
            &x("regx v1 LLVM_offset_uconst 4"),
            [init()],
            ResultKind::Location,
        )
        .unwrap();
    assert_eq!(e.to_string(), "register 2561 bit 32");
    assert_eq!(
        Entry::Value(Value::generic(64, 42)).to_string(),
        "value 0x2a"
    );
}

#[test]
fn strict_reads() {
    let mut c = ctx();
    c.set_reg(TestCtx::SGPR0 + 1, 0x8000_0001);
    let l = loc(&mut c, "regx s1").unwrap();
    let v = read_value(&mut c, &l, 32, BaseType::signed(32)).unwrap();
    assert_eq!(v.to_i128(), -0x7fff_ffff);
    assert_eq!(
        read_value(&mut c, &l, 33, BaseType::unsigned(33))
            .unwrap_err()
            .kind(),
        ErrorKind::Evaluation
    );
    let u = loc(&mut c, "regx s1 piece 2 piece 2").unwrap();
    assert_eq!(
        read_value(&mut c, &u, 32, BaseType::unsigned(32))
            .unwrap_err()
            .kind(),
        ErrorKind::Evaluation
    );
    assert_eq!(
        read_value(&mut c, &u, 16, BaseType::unsigned(16))
            .unwrap()
            .to_u64(),
        1
    );
}

#[test]
#[ignore = "diagnostic: prints the sizes of the evaluator's types, checks nothing"]
fn sizes() {
    eprintln!(
        "Entry {} LocDesc {} Single {} Storage {} Value {} BaseType {} Error {} Bytes {}",
        size_of::<Entry>(),
        size_of::<LocDesc>(),
        size_of::<Single>(),
        size_of::<Storage>(),
        size_of::<Value>(),
        size_of::<BaseType>(),
        size_of::<Error>(),
        size_of::<Bytes>()
    );
}

/// Random operation sequences must produce results or errors, never panics or hangs.
#[test]
fn random_programs_never_panic() {
    let vocab: &[&str] = &[
        "lit0",
        "lit1",
        "lit4",
        "lit6",
        "lit31",
        "consts -1",
        "constu 0x100",
        "const1s -8",
        "addr 0x100",
        "regx v1",
        "regx s3",
        "regx pc",
        "regx exec",
        "breg16 4",
        "bregx s2 0",
        "fbreg 8",
        "regval_type exec 0x30",
        "dup",
        "drop",
        "over",
        "pick 1",
        "swap",
        "rot",
        "deref",
        "deref_size 4",
        "deref_size 1",
        "deref_type 8 0x30",
        "xderef",
        "xderef_size 2",
        "push_object_address",
        "call_frame_cfa",
        "abs",
        "and",
        "div",
        "minus",
        "mod",
        "mul",
        "neg",
        "not",
        "or",
        "plus",
        "plus_uconst 3",
        "shl",
        "shr",
        "shra",
        "xor",
        "eq",
        "ne",
        "lt",
        "convert 0x38",
        "reinterpret 0x30",
        "call2 0x20",
        "call_ref 0x2000",
        "nop",
        "piece 4",
        "piece 8",
        "bit_piece 3 1",
        "implicit_value 2 1 2",
        "stack_value",
        "implicit_pointer 0x500 4",
        "LLVM_form_aspace_address",
        "LLVM_push_lane",
        "LLVM_offset",
        "LLVM_offset_uconst 4",
        "LLVM_bit_offset",
        "LLVM_call_frame_entry_reg exec",
        "LLVM_undefined",
        "lit6 LLVM_aspace_bregx s32 0",
        "LLVM_piece_end",
        "LLVM_extend 32 4",
        "LLVM_extend 64 64",
        "LLVM_select_bit_piece 32 4",
        "LLVM_select_bit_piece 64 64",
        "LLVM_overlay",
        "LLVM_bit_overlay",
        "LLVM_push_iteration",
    ];
    let mut c = ctx();
    c.lane = Some(2);
    c.cfa = Some(LocDesc::memory(6, 32, None, 0x100));
    c.symbols.frame_base = Some(LocDesc::memory(0, 64, None, 0x2000));
    c.object = Some(LocDesc::register(TestCtx::VGPR0 + 3, 0, 2048));
    c.entry_regs
        .insert(TestCtx::EXEC, LocDesc::register(TestCtx::EXEC, 1, 64));
    c.symbols.calls.insert(
        DieRef::Unit(0x20),
        DieLocation::Expr(Arc::new(x("lit2 mul"))),
    );
    c.symbols.calls.insert(
        DieRef::Info(0x2000),
        DieLocation::LocationList(vec![Arc::new(x("regx s3")), Arc::new(x("addr 0x40"))]),
    );
    c.symbols.ip_targets.insert(
        0x500,
        DieLocation::ConstValue(vec![1, 2, 3, 4, 5, 6, 7, 8].into()),
    );
    c.set_reg(TestCtx::PC, 0x1000);
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let mut ev = Evaluator::with_limits(Limits {
        max_steps: 10_000,
        ..Limits::default()
    });
    for _ in 0..3000 {
        let n = 1 + next() % 10;
        let text: Vec<&str> = (0..n).map(|_| vocab[next() % vocab.len()]).collect();
        let o = ops(&text.join(" "));
        let kind = [
            ResultKind::Location,
            ResultKind::Value,
            ResultKind::Unspecified,
        ][next() % 3];
        if let Ok(Entry::Location(l)) = ev.evaluate(&mut c, &o[..], None, kind) {
            // reading and displaying any resulting location must not panic either
            let _ = read(&mut c, &l, 0, 96);
            let _ = l.display(&c.target).to_string();
        }
    }
    // random bytes through the decoder, in both encodings
    for _ in 0..3000 {
        let n = next() % 12;
        let bytes: Vec<u8> = (0..n).map(|_| next() as u8).collect();
        for enc in [Encoding::User, Encoding::Legacy] {
            if let Ok(e) = Expr::decode(&bytes, DecodeParams::amdgpu(enc)) {
                let _ = ev.evaluate(&mut c, &e, None, ResultKind::Unspecified);
            }
        }
    }
}

#[test]
fn writes_through_lazy_parts_and_select_display() {
    let mut c = ctx();
    c.set_reg(TestCtx::EXEC, 0b10);
    // lane 1 comes from v2 (mask bit set), lane 0 from v1
    let l = loc(
        &mut c,
        "regx v1 regx v2 regx exec deref_size 8 LLVM_select_bit_piece 32 2",
    )
    .unwrap();
    assert_eq!(
        show(&c, &l),
        "composite[ 2 x 32 bits by mask 0x2 of (register VGPR2) else (register VGPR1) [0,64) ]"
    );
    write(&mut c, &l, 0, 64, &[1, 0, 0, 0, 2, 0, 0, 0]).unwrap();
    assert_eq!(c.regs[&(TestCtx::VGPR0 + 1)][..8], [1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(c.regs[&(TestCtx::VGPR0 + 2)][..8], [0, 0, 0, 0, 2, 0, 0, 0]);
    // a repeated element: every element writes the same place
    let r = loc(&mut c, "regx s7 LLVM_extend 32 3").unwrap();
    write(&mut c, &r, 32, 32, &7u32.to_le_bytes()).unwrap();
    assert_eq!(read_u(&mut c, &r, 64, 32), 7);
    // writing past the end of a composite is an error
    assert_eq!(
        write(&mut c, &r, 64, 64, &[0; 8]).unwrap_err().kind(),
        ErrorKind::Evaluation
    );
}

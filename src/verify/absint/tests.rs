//! The analysis on assembled expressions.

use super::*;
use crate::expr::{DecodeParams, Encoding};

struct NoEnv;

impl Env for NoEnv {
    fn base_type(&self, _: u64) -> TypeLookup {
        TypeLookup::Missing
    }
    fn target(&self) -> Option<&Target> {
        None
    }
    fn has_frame_base(&self) -> bool {
        true
    }
}

fn run(ops: Vec<Op>, mode: Mode) -> Summary {
    let e = Expr::from_ops(ops, DecodeParams::amdgpu(Encoding::User)).expect("encode");
    analyse(&e, mode, &NoEnv)
}

fn checks_of(s: &Summary) -> Vec<&'static str> {
    s.findings.iter().map(|f| f.check).collect()
}

#[test]
fn every_branch_path_is_followed() {
    // lit0; bra +1 (over `drop`); drop; plus: `bra` pops the only entry, so the
    // fall-through path underflows at `drop` and the taken path at `plus`; both are
    // reported.
    let s = run(
        vec![Op::Lit(0), Op::Bra(1), Op::Drop, Op::Plus],
        Mode::Location,
    );
    let ops: Vec<usize> = s.findings.iter().map(|f| f.op).collect();
    assert_eq!(checks_of(&s), [checks::STACK_UNDERFLOW; 2]);
    assert!(ops.contains(&2) && ops.contains(&3), "{ops:?}");
}

#[test]
fn loops_terminate() {
    // lit0; L: lit1; plus; dup; lit5; lt; bra L; stack_value
    let s = run(
        vec![
            Op::Lit(0),
            Op::Lit(1),
            Op::Plus,
            Op::Dup,
            Op::Lit(5),
            Op::Lt,
            Op::Bra(-6),
            Op::StackValue,
        ],
        Mode::Location,
    );
    assert!(s.findings.is_empty(), "{:?}", s.findings);
    assert_eq!(s.size_bits, Some(64));
}

#[test]
fn cfi_mode_forbids_lane_and_frame_ops() {
    let s = run(
        vec![Op::LlvmPushLane, Op::Drop, Op::CallFrameCfa],
        Mode::CfiExpression,
    );
    assert_eq!(checks_of(&s), [checks::OP_FORBIDDEN_IN_CFI; 2]);
    // The same ops are fine in a DIE location.
    let s = run(
        vec![Op::LlvmPushLane, Op::Drop, Op::CallFrameCfa],
        Mode::Location,
    );
    assert!(s.findings.is_empty());
}

#[test]
fn initial_stacks_follow_the_attribute() {
    // DW_AT_data_member_location: [containing object] is on the stack.
    let s = run(vec![Op::LlvmOffsetUconst(8)], Mode::Member);
    assert!(s.findings.is_empty());
    let s = run(vec![Op::LlvmOffsetUconst(8)], Mode::Location);
    assert_eq!(checks_of(&s), [checks::STACK_UNDERFLOW]);
}

#[test]
fn summaries() {
    let s = run(vec![Op::LlvmUndefined], Mode::Location);
    assert!(s.undefined);
    let s = run(vec![], Mode::Location);
    assert!(s.undefined);
    let s = run(
        vec![
            Op::Regx(2561),
            Op::LlvmPushLane,
            Op::Lit(4),
            Op::Mul,
            Op::LlvmOffset,
        ],
        Mode::Location,
    );
    assert!(s.per_lane && !s.undefined);
    let s = run(
        vec![Op::Constu(16), Op::Lit(3), Op::LlvmFormAspaceAddress],
        Mode::Location,
    );
    assert_eq!((s.result_aspace, s.result_address), (Some(3), Some(16)));
    let s = run(
        vec![Op::Regx(40), Op::Piece(4), Op::Regx(41), Op::Piece(4)],
        Mode::Location,
    );
    assert_eq!(s.size_bits, Some(64));
}

/// Bytes that fail under the object's encoding but decode under the other as
/// heterogeneous operations are reported as an encoding mix-up, whichever operation it
/// is: a `DW_OP_LLVM_user` `nop` in a legacy object too.
#[test]
fn an_operation_of_the_other_encoding_is_named_as_such() {
    let user = DecodeParams::amdgpu(Encoding::User);
    let legacy = DecodeParams::amdgpu(Encoding::Legacy);
    let nop = Expr::from_ops(vec![Op::LlvmNop], user)
        .expect("encode")
        .to_bytes();
    assert!(Expr::decode(&nop, legacy).is_err());
    let crate::verify::site::Analysis::Failed(f) =
        crate::verify::site::analyse_bytes(&nop, legacy, Mode::Location, &NoEnv)
    else {
        panic!("a user-encoded nop decodes in a legacy object");
    };
    assert_eq!(f.check, checks::USER_OPCODE_UNDER_LEGACY_CONVENTION);
    let offset = Expr::from_ops(
        vec![
            Op::Regx(2),
            Op::LlvmPushLane,
            Op::Lit(4),
            Op::Mul,
            Op::LlvmOffset,
        ],
        legacy,
    )
    .expect("encode")
    .to_bytes();
    let crate::verify::site::Analysis::Failed(f) =
        crate::verify::site::analyse_bytes(&offset, user, Mode::Location, &NoEnv)
    else {
        panic!("legacy push_lane decodes in a user object");
    };
    assert_eq!(f.check, checks::LEGACY_OPCODE_UNDER_USER_CONVENTION);
}

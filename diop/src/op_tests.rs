//! Every operation, in a complete expression, evaluates (reference semantics) and lowers
//! (hetdwarf's rules) to DWARF that reads the same bits.
//!
//! The machine is a gfx90a wave64 [`WaveState`] (the core's own test context is private to
//! the core), with the current object given by [`Object`].

use super::binding::{Binding, Bindings};
use super::eval::{Outcome, evaluate};
use super::lower::{LowerOptions, lower};
use super::*;
use hetdwarf::eval::{self, Backend, Evaluator, LocDesc, Symbols, With, read};
use hetdwarf::expr::{DecodeParams, Encoding, Expr};
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::Register;

/// DWARF register numbers of SGPR0 and VGPR0 (wave64).
const SGPR0: u64 = 32;
const VGPR0: u64 = 2560;

/// Symbols that know the current object (`DW_OP_push_object_address`) and nothing else.
struct Object(LocDesc);

impl Symbols for Object {
    fn object_address(&mut self, _: &mut dyn Backend) -> eval::Result<LocDesc> {
        Ok(self.0.clone())
    }
}

fn wave() -> WaveState {
    let mut w = WaveState::new("gfx90a", 64).unwrap();
    for r in 0..8u32 {
        w.set_scalar(
            Register::Sgpr(r),
            0x0101_0101 * (u64::from(r) + 1) + 0xf000_0000,
        )
        .unwrap();
    }
    let lanes = |f: fn(u32) -> u32| (0..64).map(|lane| Some(f(lane))).collect::<Vec<_>>();
    w.set_vector(Register::Vgpr(0), &lanes(|lane| 0x100 + lane))
        .unwrap();
    w.set_vector(
        Register::Vgpr(1),
        &lanes(|lane| 0xffff_fff0u32.wrapping_add(lane)),
    )
    .unwrap();
    let bytes: Vec<u8> = (0..64u8).map(|i| i.wrapping_mul(37)).collect();
    w.write(AddressSpaceId::Global, None, 0x1000, &bytes)
        .unwrap();
    w.set_lane(Some(3)).unwrap();
    w
}

const CASES: &[&str] = &[
    "DIOpReferrer(i32)",
    "DIOpArg(0, i32)",
    "DIOpTypeObject(i32)",
    "DIOpConstant(i32 -7)",
    "DIOpArg(0, i32), DIOpConvert(i16)",
    "DIOpArg(1, i32), DIOpZExt(i64)",
    "DIOpArg(1, i32), DIOpSExt(i64)",
    "DIOpArg(0, i32), DIOpReinterpret(float)",
    "DIOpArg(2, ptr addrspace(1)), DIOpDeref(i64), DIOpConstant(i32 12), DIOpBitOffset(i16)",
    "DIOpArg(2, ptr addrspace(1)), DIOpDeref(i64), DIOpConstant(i32 3), DIOpByteOffset(i16)",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpComposite(2, i64)",
    "DIOpArg(0, i32), DIOpExtend(3)",
    "DIOpConstant(i8 5), DIOpConstant(<4 x i8> <i8 1, i8 2, i8 3, i8 4>), DIOpConstant(<4 x i8> <i8 9, i8 8, i8 7, i8 6>), DIOpSelect()",
    "DIOpArg(1, i32), DIOpAddrOf(5), DIOpDeref(i32)",
    "DIOpArg(2, ptr addrspace(1)), DIOpDeref(i32)",
    "DIOpArg(2, ptr addrspace(1)), DIOpDeref(i32), DIOpRead()",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpAdd()",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpSub()",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpMul()",
    "DIOpArg(1, i32), DIOpConstant(i32 -5), DIOpDiv()",
    "DIOpArg(1, i32), DIOpConstant(i32 7), DIOpMod()",
    "DIOpArg(1, i32), DIOpConstant(i8 4), DIOpLShr()",
    "DIOpArg(1, i32), DIOpConstant(i8 4), DIOpAShr()",
    "DIOpArg(0, i32), DIOpConstant(i8 40), DIOpShl()",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpAnd()",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpOr()",
    "DIOpArg(0, i32), DIOpArg(1, i32), DIOpXor()",
    "DIOpPushLane(i32)",
    "DIOpArg(1, i32), DIOpFragment(32, 32)",
    "!DIExpr(DIOpArg(2, ptr addrspace(1)), DIOpDeref(i64), DIOpConstant(i32 2), DIOpOffset())",
    "!DIExpr(DIOpArg(1, i32), DIOpConstant(i32 3), DIOpShr())",
    "!DIExpr(DIOpReferrer(i32 addrspace(1)*), DIOpDeref())",
];

#[test]
fn every_operation_evaluates_and_lowers_to_the_same_bits() {
    let layout = DataLayout::amdgcn();
    let mut seen = std::collections::BTreeSet::new();
    for text in CASES {
        let expr = Expression::parse(text).unwrap();
        for op in &expr.ops {
            seen.insert(op.name());
        }
        let typing = check(&expr, &Environment::new(layout.clone()))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut w = wave();
        let target = w.target().clone();
        let mut object = Object(LocDesc::memory(0, 64, None, 0x1008));
        let mut c = With::new(&mut w, &mut object);
        let referrer = if text.contains("i32 addrspace(1)*") {
            Binding::constant(0x1010, 8)
        } else {
            Binding::Registers(vec![SGPR0 + 5])
        };
        let bindings = Bindings {
            args: vec![
                Binding::Registers(vec![SGPR0 + 2]),
                Binding::Registers(vec![VGPR0 + 1]),
                Binding::constant(0x1000, 8),
            ],
            referrer: Some(referrer),
            pointee_die: None,
        };
        let bits = expr
            .fragment()
            .map(|(_, s)| u64::from(s))
            .unwrap_or_else(|| layout.size_bits(&typing.result).unwrap());
        let Outcome::Location { loc, .. } = evaluate(&mut c, &expr, &typing, &layout, &bindings)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
        else {
            panic!("{text}: an implicit address");
        };
        let want = read(&mut c, &loc, 0, bits).unwrap();
        assert!(want.is_complete(), "{text}");
        let l = lower(
            &expr,
            &typing,
            &layout,
            &target,
            &bindings,
            LowerOptions::default(),
        );
        assert!(l.exact, "{text}: {:?}", l.notes);
        let mut ops = l.ops.clone();
        if expr.fragment().is_some() {
            ops.pop();
        }
        let dwarf = Expr::from_ops(ops, DecodeParams::amdgpu(Encoding::User)).unwrap();
        let got_loc = Evaluator::new()
            .evaluate_location(&mut c, &dwarf)
            .unwrap_or_else(|e| panic!("{text}: {e} ({:?})", l.ops));
        let got = read(&mut c, &got_loc, 0, bits).unwrap();
        assert_eq!(got.data(), want.data(), "{text}: {:?}", l.ops);
    }
    for name in DiOp::NAMES {
        assert!(seen.contains(name), "{name} untested");
    }
}

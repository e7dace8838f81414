//! Lane templates: a location that depends on the lane only as a register moved by a
//! multiple of the lane (`reg R; push_lane; lit K; mul; LLVM_offset`, what the upstream
//! reading makes of a bare vector register) is placed for every lane from the register's
//! location, evaluated once, instead of evaluating the expression per lane.

use crate::eval::{Context, Evaluator, LocDesc, Storage};
use crate::expr::{DecodeParams, Expr, Op};

/// A program `reg R; push_lane; lit K; mul; LLVM_offset` (what the upstream reading
/// makes of a bare vector register): each lane's location is the register's location
/// moved by lane × K bytes, so a call placing many lanes evaluates the register once.
pub(super) struct LaneTemplate {
    /// The register operation alone.
    register: Expr,
    bytes_per_lane: u64,
}

impl LaneTemplate {
    pub(super) fn of(program: &Expr, params: DecodeParams) -> Option<LaneTemplate> {
        match program.ops() {
            [
                reg @ (Op::Reg(_) | Op::Regx(_)),
                Op::LlvmPushLane,
                k,
                Op::Mul,
                Op::LlvmOffset,
            ] => {
                let bytes_per_lane = match k {
                    Op::Lit(n) => u64::from(*n),
                    Op::Constu(v) => *v,
                    _ => return None,
                };
                Some(LaneTemplate {
                    register: Expr::from_ops(vec![reg.clone()], params).ok()?,
                    bytes_per_lane,
                })
            }
            _ => None,
        }
    }

    /// The register's location and the lane stride, evaluated once under `ctx` (which
    /// has reached the variable's subject and frame) and checked against `placed`, the
    /// location a full evaluation gave lane `lane`; `None` when the template does not
    /// hold there.
    pub(super) fn base<C: Context + ?Sized>(
        &self,
        ctx: &mut C,
        evaluator: &mut Evaluator,
        placed: &LocDesc,
        lane: u32,
    ) -> Option<(LocDesc, u64)> {
        let base = evaluator.evaluate_location(ctx, &self.register).ok()?;
        // Memory in a per-lane address space carries the lane it was formed for.
        if base
            .iter()
            .any(|s| matches!(&s.storage, Storage::Memory(m) if m.lane.is_some()))
        {
            return None;
        }
        (lane_location(&base, self.bytes_per_lane, lane).as_ref() == Some(placed))
            .then_some((base, self.bytes_per_lane))
    }
}

/// The bits from `location` to the end of its register, when it is one place in a
/// register: what reading every lane's slice of it needs.
pub(super) fn whole_register(location: &LocDesc) -> Option<u64> {
    if location.len() != 1 {
        return None;
    }
    let single = location.first();
    match single.storage {
        Storage::Register { .. } => u64::try_from(single.remaining_bits()?).ok(),
        _ => None,
    }
}

/// `base` moved to lane `lane` of a template `bytes_per_lane` wide, as `push_lane; lit K;
/// mul; LLVM_offset` moves it (generic arithmetic, a signed displacement); `None` where
/// that is an error, which the evaluation then reports.
pub(super) fn lane_location(base: &LocDesc, bytes_per_lane: u64, lane: u32) -> Option<LocDesc> {
    let displacement = u64::from(lane).wrapping_mul(bytes_per_lane) as i64;
    let mut location = base.clone();
    location.offset_bits(i128::from(displacement) * 8).ok()?;
    Some(location)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::eval::testctx::TestCtx;
    use crate::expr::test_names::DwarfdumpNames;
    use crate::expr::{Encoding, asm};

    fn params() -> DecodeParams {
        DecodeParams::amdgpu(Encoding::User)
    }

    fn x(text: &str) -> Expr {
        asm::assemble(text, &DwarfdumpNames, params()).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Every lane of a wave64 placed from the template equals the full evaluation of the
    /// program at that lane, and where the evaluation fails (a lane past the register's
    /// end) the template gives nothing, so the caller evaluates and reports the error.
    #[test]
    fn template_lanes_equal_the_evaluation() {
        let mut checked = 0;
        for text in [
            "regx v0 LLVM_push_lane lit4 mul LLVM_offset",
            "regx v7 LLVM_push_lane constu 4 mul LLVM_offset",
            "regx v1 LLVM_push_lane lit8 mul LLVM_offset",
            "regx s4 LLVM_push_lane lit1 mul LLVM_offset",
            "reg1 LLVM_push_lane lit0 mul LLVM_offset",
        ] {
            let program = x(text);
            let t = LaneTemplate::of(&program, params()).unwrap_or_else(|| panic!("{text}"));
            let mut ctx = TestCtx::new();
            let mut ev = Evaluator::new();
            let base = ev.evaluate_location(&mut ctx, &t.register).expect(text);
            for lane in 0..64 {
                ctx.lane = Some(lane);
                let full = ev.evaluate_location(&mut ctx, &program).ok();
                assert_eq!(
                    lane_location(&base, t.bytes_per_lane, lane),
                    full,
                    "{text}, lane {lane}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 5 * 64);
    }

    #[test]
    fn other_programs_are_not_templates() {
        for text in [
            "regx v0 LLVM_push_lane lit4 mul LLVM_offset piece 4",
            "regx v0 LLVM_push_lane lit4 mul LLVM_offset LLVM_offset_uconst 4",
            "regx v0 LLVM_push_lane lit4 plus LLVM_offset",
            "breg0 0 LLVM_push_lane lit4 mul LLVM_offset",
            "regx v0 lit4 LLVM_push_lane mul LLVM_offset",
            "regx v0 LLVM_push_lane consts -4 mul LLVM_offset",
            "regx v0",
        ] {
            assert!(LaneTemplate::of(&x(text), params()).is_none(), "{text}");
        }
    }
}

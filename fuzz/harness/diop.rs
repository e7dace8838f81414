// The DIOp fuzz harness, shared by the `diop` fuzz target and the regression test that
// replays the committed corpus (`tests/fuzz_regression.rs`): parse arbitrary text as a
// DIOp expression; the canonical form must parse back to itself; a well-formed expression
// must simplify, lower in every style and encode without panicking; and where hetdwarf's
// lowering is exact, the reference evaluation and the DWARF evaluation of the lowering
// (and of the simplified expression) must read the same bits on an invented state.

use hetdwarf_diop::binding::{Binding, Bindings};
use hetdwarf_diop::eval::{Outcome, evaluate};
use hetdwarf_diop::lower::{LowerOptions, Style, lower};
use hetdwarf_diop::simplify::simplify;
use hetdwarf_diop::synthetic::Synthetic;
use hetdwarf_diop::{DataLayout, Environment, Expression, DiOp, check};
use hetdwarf::eval::{self as heval, Evaluator};
use hetdwarf::expr::{DecodeParams, Encoding, Expr, encode};

/// What one input did (for the replay test's counts).
#[derive(Default, Debug)]
#[allow(dead_code)]
pub struct DiopOutcome {
    pub parsed: bool,
    pub well_formed: bool,
    pub compared: bool,
}

fn read_bits(ctx: &mut Synthetic<'_>, loc: &heval::LocDesc, bits: u64) -> Option<(Vec<u8>, Vec<u8>)> {
    let b = heval::read(ctx, loc, 0, bits).ok()?;
    if b.any_unavailable() {
        return None;
    }
    Some((b.data().to_vec(), b.optimized_out().to_vec()))
}

#[allow(dead_code)]
pub fn run_diop_input(data: &[u8]) -> DiopOutcome {
    let mut out = DiopOutcome::default();
    if data.len() > 4096 {
        return out;
    }
    let text = String::from_utf8_lossy(data);
    let Ok(expr) = Expression::parse(&text) else { return out };
    out.parsed = true;
    let canonical = expr.to_string();
    let again = Expression::parse(&canonical).expect("the canonical form parses");
    assert_eq!(again.to_string(), canonical, "the canonical form is a fixed point");
    let layout = DataLayout::amdgcn();
    let Ok(typing) = check(&expr, &Environment::new(layout.clone())) else { return out };
    out.well_formed = true;
    let target = hetdwarf_amdgpu::registers::dwarf_target("gfx90a", 64);
    // Bind argument i by a pattern taken from the input.
    let seed = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    let arity = expr
        .ops
        .iter()
        .filter_map(|o| match o {
            DiOp::Arg { index, .. } => Some(*index as usize + 1),
            _ => None,
        })
        .max()
        .unwrap_or(0)
        .min(64);
    let pick = |i: u64| match (seed >> (i % 60)) % 5 {
        0 => Binding::Registers(vec![32 + (i % 8)]),
        1 => Binding::Registers(vec![2560 + (i % 8)]),
        2 => Binding::Registers(vec![32 + (i % 8), 33 + (i % 8)]),
        3 => Binding::constant(u128::from(seed.rotate_left(i as u32)), 8),
        _ => Binding::Memory { space: 0, address: 0x1000 + (i % 16) * 8 },
    };
    let bindings = Bindings {
        args: (0..arity as u64).map(pick).collect(),
        referrer: Some(pick(99)),
        pointee_die: None,
    };
    let params = DecodeParams::amdgpu(Encoding::User);
    for opts in [
        LowerOptions::new(Style::Fork),
        LowerOptions::new(Style::Fork).with_wheel(true),
        LowerOptions::new(Style::Hetdwarf),
    ] {
        let l = lower(&expr, &typing, &layout, &target, &bindings, opts);
        let _ = encode(&l.ops, params);
    }
    let (simpler, _) = simplify(&expr, &layout);
    let simpler_typing = check(&simpler, &Environment::new(layout.clone())).expect("the simplifier keeps well-formedness");
    let ours = lower(&expr, &typing, &layout, &target, &bindings, LowerOptions::default());
    let Some(bits) = expr
        .fragment()
        .map(|(_, s)| u64::from(s))
        .or_else(|| layout.size_bits(&typing.result))
    else {
        return out;
    };
    if bits == 0 || bits > 4096 {
        return out;
    }
    let lane = (seed % 64) as u32;
    let mut ctx = Synthetic::new(&target, seed, Some(lane));
    let Ok(Outcome::Location { loc, .. }) = evaluate(&mut ctx, &expr, &typing, &layout, &bindings) else {
        return out;
    };
    let Some(want) = read_bits(&mut ctx, &loc, bits) else { return out };
    if let Ok(Outcome::Location { loc, .. }) = evaluate(&mut ctx, &simpler, &simpler_typing, &layout, &bindings) {
        assert_eq!(read_bits(&mut ctx, &loc, bits), Some(want.clone()), "simplified to {simpler}");
    }
    if !ours.exact {
        return out;
    }
    let Ok(dwarf) = Expr::from_ops(ours.ops.clone(), params) else { return out };
    if let Ok(loc) = Evaluator::new().evaluate_location(&mut ctx, &dwarf)
        && let Some(got) = read_bits(&mut ctx, &loc, bits)
    {
        assert_eq!(got, want, "{expr} lowered to {:?}", ours.ops);
        out.compared = true;
    }
    out
}

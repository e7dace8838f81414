//! The evaluator's quick tier (typical expressions run on a small stack of scalars, or
//! straight from their bytes) must give exactly what the general interpreter gives: for
//! every location expression in the corpus and in rocRAND, in two machine set-ups (lane
//! 0 with a memory frame base; lane 5 with a register frame base), the results of
//! `evaluate_location_bytes`, `evaluate_location_bytes_into` (one location reused for
//! every expression), `evaluate_location` and the general
//! `evaluate(.., ResultKind::Location)` are equal, errors included.

mod common;

use common::machine::{Machine, UnitSymbols};
use hetdwarf::eval::{self, Backend, Context, Evaluator, LocDesc, ResultKind, Symbols, With};
use hetdwarf::expr::{DieRef, Expr};

/// The common unit's symbols seen from lane 5, with the frame base an address held in a
/// register (as `DW_AT_frame_base: DW_OP_regx` says).
struct Lane5<'m, 'd, 'a>(&'m mut UnitSymbols<'d, 'a>);

impl Symbols for Lane5<'_, '_, '_> {
    fn lane(&self) -> Option<u32> {
        Some(5)
    }
    fn frame_base(&mut self, backend: &mut dyn Backend) -> eval::Result<LocDesc> {
        // VGPR0 in wave64 numbering: wide enough to hold an address.
        let bits = backend.target().register_bits(2560).unwrap_or(64);
        Ok(LocDesc::register(2560, 0, bits))
    }
    fn debug_addr(&mut self, index: u64) -> eval::Result<u64> {
        self.0.debug_addr(index)
    }
    fn base_type(&mut self, die: DieRef) -> eval::Result<eval::BaseType> {
        self.0.base_type(die)
    }
}

/// One outcome, comparable across tiers.
fn outcome(r: eval::Result<LocDesc>) -> Result<LocDesc, String> {
    r.map_err(|e| format!("{:?}: {e}", e.kind()))
}

#[derive(Default)]
struct Tally {
    /// The one location every expression is evaluated into, so that each evaluation
    /// reuses (or replaces) whatever the previous one left there.
    reused: Option<LocDesc>,
    expressions: usize,
    located: usize,
    failed: usize,
    mismatches: Vec<String>,
}

fn check<C: Context>(
    ctx: &mut C,
    evaluator: &mut Evaluator,
    bytes: &[u8],
    params: hetdwarf::expr::DecodeParams,
    what: &str,
    tally: &mut Tally,
) {
    let from_bytes = outcome(evaluator.evaluate_location_bytes(ctx, bytes, params));
    let slot = tally.reused.get_or_insert_with(LocDesc::undefined);
    let into = match evaluator.evaluate_location_bytes_into(ctx, bytes, params, slot) {
        Ok(()) => Ok(slot.clone()),
        Err(e) if *slot == LocDesc::undefined() => outcome(Err(e)),
        Err(e) => Err(format!("{e}, but the slot holds {slot:?}")),
    };
    let (from_ops, general) = match Expr::decode(bytes, params) {
        Ok(expr) => (
            outcome(evaluator.evaluate_location(ctx, &expr)),
            outcome(
                evaluator
                    .evaluate(ctx, &expr, None, ResultKind::Location)
                    .map(|e| e.into_location().expect("kind location")),
            ),
        ),
        Err(e) => {
            let e = outcome(Err(e.into()));
            (e.clone(), e)
        }
    };
    tally.expressions += 1;
    if general.is_ok() {
        tally.located += 1;
    } else {
        tally.failed += 1;
    }
    if from_bytes != general || from_ops != general || into != general {
        tally.mismatches.push(format!(
            "{what}: general {general:?}\n  from bytes {from_bytes:?}\n  from ops {from_ops:?}\n  into a reused location {into:?}"
        ));
    }
}

fn check_object(path: &std::path::Path, tally: &mut Tally) {
    common::with_debug_info(path, |co, dbg| {
        let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
        let target =
            hetdwarf_amdgpu::registers::dwarf_target(&co.target().processor, co.common_wave_size());
        let mut evaluator = Evaluator::new();
        for site in dbg.location_sites().expect("sites") {
            let params = dbg.decode_params(site.unit, encoding).unwrap();
            for entry in dbg.site_entries(&site).expect("entries") {
                let mut m = Machine::new(target.clone(), dbg, site.unit);
                let what = format!("{}: DIE {:#x}", path.display(), site.die);
                check(&mut m, &mut evaluator, entry.expr, params, &what, tally);
                check(
                    &mut With::new(&mut m.backend, &mut Lane5(&mut m.symbols)),
                    &mut evaluator,
                    entry.expr,
                    params,
                    &what,
                    tally,
                );
            }
        }
    })
}

fn run(with_rocrand: bool, min_expressions: usize) {
    let mut tally = Tally::default();
    let objects = common::plain_objects(with_rocrand);
    for path in &objects {
        check_object(path, &mut tally);
    }
    println!(
        "{} objects, {} evaluations: {} located, {} failed alike in every tier, {} mismatches",
        objects.len(),
        tally.expressions,
        tally.located,
        tally.failed,
        tally.mismatches.len()
    );
    for m in tally.mismatches.iter().take(20) {
        println!("{m}");
    }
    assert!(
        tally.mismatches.is_empty(),
        "{} mismatches",
        tally.mismatches.len()
    );
    assert!(
        tally.expressions >= min_expressions,
        "only {} evaluations",
        tally.expressions
    );
}

#[test]
fn corpus_quick_tier_agrees_with_general() {
    run(false, 2000);
}

#[test]
fn rocrand_quick_tier_agrees_with_general() {
    run(true, 100_000);
}

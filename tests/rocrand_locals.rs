//! `locals` at every instruction address of every subprogram of every rocRAND object,
//! against a wave state that holds nothing (so every read is unavailable): no panic, and
//! every failure is a typed error that says why. Prints the tally (run with
//! `--nocapture`).

mod common;

use std::collections::BTreeMap;

use hetdwarf::typed::TypedValue;
use hetdwarf::var::Frame;
use hetdwarf_amdgpu::WaveState;

#[derive(Default)]
struct Tally {
    pcs: u64,
    values: u64,
    located: u64,
    optimized_out: u64,
    /// Located, but of a type known only from a declaration (`<incomplete type>`).
    incomplete: u64,
    failures: BTreeMap<String, u64>,
}

/// The reason of an error message without its variable parts (offsets, numbers).
fn reason(message: &str) -> String {
    let generic: String = message
        .split_whitespace()
        .map(|w| {
            if w.chars().any(|c| c.is_ascii_digit()) {
                "N"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    generic.chars().take(120).collect()
}

#[test]
fn locals_at_every_pc_of_every_rocrand_subprogram() {
    let mut total = Tally::default();
    for (path, _) in common::rocrand_objects() {
        common::with_debug_info(&path, |co, dbg| {
            let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
            let wave = co.common_wave_size();
            let mut state = WaveState::new(&co.target().processor, wave).expect("state");
            for u in 0..dbg.units().len() {
                let functions = dbg
                    .scopes(dbg.unit_id(u).unwrap())
                    .expect("scopes")
                    .functions()
                    .to_vec();
                for (begin, end, _) in functions {
                    let mut pc = begin;
                    while pc < end {
                        total.pcs += 1;
                        let frame = Frame::at(dbg, pc, encoding)
                            .expect("frame look-up")
                            .expect("a subprogram covers its own range");
                        for var in frame.variables().expect("variables") {
                            total.values += 1;
                            let lane = [Some(0)];
                            let value = frame.values(&mut state, var, "", &lane, &|_| Some(true));
                            match &value[0].value {
                                Ok(TypedValue::Optimized) => total.optimized_out += 1,
                                Ok(TypedValue::Unsupported { reason, .. })
                                    if reason == "incomplete type" =>
                                {
                                    total.incomplete += 1
                                }
                                Ok(_) => total.located += 1,
                                Err(e) => {
                                    *total.failures.entry(reason(&e.to_string())).or_default() += 1
                                }
                            }
                        }
                        pc += 4;
                    }
                }
            }
        });
    }
    let failed: u64 = total.failures.values().sum();
    eprintln!(
        "{} PCs, {} variable evaluations: {} located (values unavailable or implicit), {} of an incomplete type, {} optimized out, {} failed",
        total.pcs, total.values, total.located, total.incomplete, total.optimized_out, failed
    );
    for (why, n) in &total.failures {
        eprintln!("  {n:>8}  {why}");
    }
    assert!(total.pcs > 10_000, "too few PCs: {}", total.pcs);
    // rocRAND declares distribution types it never defines: those variables are shown as
    // `<incomplete type>`, not reported as failures.
    assert!(total.incomplete > 0);
    assert_eq!(
        total.located + total.incomplete + total.optimized_out + failed,
        total.values
    );
}

//! Runs one decode + evaluate workload of the expression benchmarks a given number of
//! times, for counting instructions with callgrind (`tools/eval-instructions.sh`), which
//! unlike wall time does not swing with the load of a shared machine.
//!
//! `cargo run --release -p hetdwarf --example eval_loop -- CASE VARIANT N`:
//!
//! - CASE is the index of a typical expression of `benches/eval_common` (0 SGPR pair,
//!   1 four VGPR pieces, 2 `fbreg` and `deref`, 3 `bregx` and `xderef`, 4 VGPR lane
//!   pattern) or `mix` (every `DW_AT_location` of rocRAND gfx90a, one pass per iteration);
//! - VARIANT is `into` (`evaluate_location_bytes_into`), `owned`
//!   (`evaluate_location_bytes`) or `gimli`.

use std::hint::black_box;

use hetdwarf::eval::{Evaluator, LocDesc};

#[path = "../benches/eval_common/mod.rs"]
mod eval_common;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [case, variant, n] = &args[..] else {
        eprintln!("usage: eval_loop CASE VARIANT N");
        std::process::exit(2);
    };
    let n: u64 = n.parse().expect("N is a number");
    let mut m = eval_common::machine();
    let params = eval_common::params();
    let exprs = match case.as_str() {
        "mix" => eval_common::real_mix(&mut m).1,
        i => {
            let i: usize = i.parse().expect("CASE is an index or `mix`");
            let cases = eval_common::cases(params);
            vec![(cases[i].1.clone(), params)]
        }
    };
    // The script divides by this to count per expression.
    println!("{}", exprs.len());
    let mut evaluator = Evaluator::new();
    let mut slot = LocDesc::undefined();
    for _ in 0..n {
        for (e, p) in &exprs {
            match variant.as_str() {
                "into" => {
                    evaluator
                        .evaluate_location_bytes_into(&mut m, black_box(e), *p, &mut slot)
                        .expect("evaluate");
                    black_box(&slot);
                }
                "owned" => {
                    black_box(
                        evaluator
                            .evaluate_location_bytes(&mut m, black_box(e), *p)
                            .expect("evaluate"),
                    );
                }
                _ => {
                    black_box(eval_common::gimli_try(black_box(e), &mut m));
                }
            }
        }
    }
}

//! hetdwarf against gimli's `Evaluation` on the same expressions, timed *interleaved*: each
//! round times a short batch of every contender in turn (in a rotating order), so that the
//! load changes of a shared machine hit all of them alike. The figure per case is the median
//! over rounds of gimli's time divided by hetdwarf's, with the spread of that ratio
//! (quartiles). Criterion's `eval_vs_gimli` measures the same cases one after another.
//!
//! Run: `cargo bench -p hetdwarf --bench eval_interleaved` (`-- ROUNDS` to change the
//! number of rounds, 300 by default).

use std::hint::black_box;
use std::time::{Duration, Instant};

use hetdwarf::eval::{Evaluator, LocDesc};
use hetdwarf::expr::DecodeParams;

mod eval_common;
use eval_common::{Machine, gimli_try, real_mix};

/// Wall time one batch aims at: long enough to dwarf the timer, short enough that load
/// rarely changes within it.
const BATCH: Duration = Duration::from_micros(200);

/// One contender: runs the workload `n` times.
type Run<'a> = Box<dyn FnMut(&mut Machine, &mut Evaluator, u64) + 'a>;

fn contenders<'a>(exprs: &'a [(Vec<u8>, DecodeParams)]) -> [(&'static str, Run<'a>); 3] {
    let mut slot = LocDesc::undefined();
    [
        (
            "evaluate_location_bytes",
            Box::new(move |m, ev, n| {
                for _ in 0..n {
                    for (e, p) in exprs {
                        black_box(
                            ev.evaluate_location_bytes(m, black_box(e), *p)
                                .expect("evaluate"),
                        );
                    }
                }
            }),
        ),
        (
            "evaluate_location_bytes_into",
            Box::new(move |m, ev, n| {
                for _ in 0..n {
                    for (e, p) in exprs {
                        ev.evaluate_location_bytes_into(m, black_box(e), *p, &mut slot)
                            .expect("evaluate");
                        black_box(&slot);
                    }
                }
            }),
        ),
        (
            "gimli",
            Box::new(move |m, _, n| {
                for _ in 0..n {
                    for (e, _) in exprs {
                        black_box(gimli_try(black_box(e), m));
                    }
                }
            }),
        ),
    ]
}

/// Nanoseconds per workload of each contender, per round.
fn measure(exprs: &[(Vec<u8>, DecodeParams)], rounds: usize) -> Vec<[f64; 3]> {
    let mut m = eval_common::machine();
    let mut ev = Evaluator::new();
    let mut runs = contenders(exprs);
    // Batch sizes from a warm-up: each contender gets about `BATCH` per round.
    let mut sizes = [0u64; 3];
    for (i, (_, run)) in runs.iter_mut().enumerate() {
        let mut n = 1;
        loop {
            let t = Instant::now();
            run(&mut m, &mut ev, n);
            if t.elapsed() >= BATCH / 4 || n >= 1 << 24 {
                let per = t.elapsed().as_secs_f64() / n as f64;
                sizes[i] = ((BATCH.as_secs_f64() / per) as u64).max(1);
                break;
            }
            n *= 2;
        }
    }
    let mut out = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let mut times = [0.0; 3];
        for k in 0..3 {
            let i = (round + k) % 3;
            let t = Instant::now();
            (runs[i].1)(&mut m, &mut ev, sizes[i]);
            times[i] = t.elapsed().as_nanos() as f64 / sizes[i] as f64;
        }
        out.push(times);
    }
    out
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn report(name: &str, samples: &[[f64; 3]]) {
    let names = [
        "evaluate_location_bytes",
        "evaluate_location_bytes_into",
        "gimli",
    ];
    let median_time = |i: usize| {
        let mut v: Vec<f64> = samples.iter().map(|s| s[i]).collect();
        v.sort_by(f64::total_cmp);
        quantile(&v, 0.5)
    };
    println!("{name}");
    let gimli = median_time(2);
    for (i, label) in names.iter().enumerate().take(2) {
        let mut ratios: Vec<f64> = samples.iter().map(|s| s[2] / s[i]).collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "  {label:30} {:>10.1} ns  {:.2}x faster than gimli (quartiles {:.2}-{:.2})",
            median_time(i),
            quantile(&ratios, 0.5),
            quantile(&ratios, 0.25),
            quantile(&ratios, 0.75),
        );
    }
    println!("  {:30} {gimli:>10.1} ns", names[2]);
}

fn main() {
    // `cargo bench` passes `--bench`; a number is the round count.
    let rounds = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(300);
    let params = eval_common::params();
    for (name, bytes, gimli_supports) in eval_common::cases(params) {
        let samples = measure(&[(bytes, params)], rounds);
        if gimli_supports {
            report(name, &samples);
        } else {
            // gimli stops at the first operation it does not know: hetdwarf's times only.
            let median = |i: usize| {
                let mut v: Vec<f64> = samples.iter().map(|s| s[i]).collect();
                v.sort_by(f64::total_cmp);
                quantile(&v, 0.5)
            };
            println!("{name}");
            println!("  {:30} {:>10.1} ns", "evaluate_location_bytes", median(0));
            println!(
                "  {:30} {:>10.1} ns",
                "evaluate_location_bytes_into",
                median(1)
            );
        }
    }
    let mut m = eval_common::machine();
    let (object, exprs) = real_mix(&mut m);
    report(
        &format!("all {} locations of {object} (one pass)", exprs.len()),
        &measure(&exprs, rounds / 10 + 1),
    );
}

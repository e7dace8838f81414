//! Decode + evaluate typical AMDGPU location expressions with hetdwarf and with gimli's
//! `Evaluation`, side by side in the same run, against the same register and memory model.
//!
//! Run: `cargo bench -p hetdwarf --bench eval_vs_gimli`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use hetdwarf::eval::{Evaluator, LocDesc};
use hetdwarf::expr::Expr;

mod eval_common;
use eval_common::{gimli_evaluate, gimli_try, real_mix};

fn bench(c: &mut Criterion) {
    let params = eval_common::params();
    let cases = eval_common::cases(params);
    let mut m = eval_common::machine();
    let mut evaluator = Evaluator::new();
    let mut group = c.benchmark_group("eval_vs_gimli");
    for (name, bytes, gimli_supports) in cases {
        // The entry point a debugger calls with `DW_AT_location` bytes: decode + evaluate.
        group.bench_function(format!("hetdwarf: {name}"), |b| {
            b.iter(|| {
                black_box(
                    evaluator
                        .evaluate_location_bytes(&mut m, black_box(&bytes), params)
                        .expect("evaluate"),
                );
            })
        });
        // What a debugger does at each stop: re-evaluate into the location it keeps.
        let mut slot = LocDesc::undefined();
        group.bench_function(format!("hetdwarf into reused: {name}"), |b| {
            b.iter(|| {
                evaluator
                    .evaluate_location_bytes_into(&mut m, black_box(&bytes), params, &mut slot)
                    .expect("evaluate");
                black_box(&slot);
            })
        });
        // The two steps apart: decode into one reused `Expr`, then evaluate it.
        let mut expr = Expr::empty(params);
        group.bench_function(
            format!("hetdwarf decode_into + evaluate_location: {name}"),
            |b| {
                b.iter(|| {
                    expr.decode_into(black_box(&bytes), params).expect("decode");
                    black_box(
                        evaluator
                            .evaluate_location(&mut m, &expr)
                            .expect("evaluate"),
                    );
                })
            },
        );
        if gimli_supports {
            group.bench_function(format!("gimli: {name}"), |b| {
                b.iter(|| black_box(gimli_evaluate(black_box(&bytes), &mut m)))
            });
        }
    }
    // The real mix: every location expression of a production object, one pass each.
    let (object, exprs) = real_mix(&mut m);
    group.bench_function(
        format!("hetdwarf: all {} locations of {object}", exprs.len()),
        |b| {
            b.iter(|| {
                for (e, params) in &exprs {
                    black_box(
                        evaluator
                            .evaluate_location_bytes(&mut m, black_box(e), *params)
                            .expect("evaluate"),
                    );
                }
            })
        },
    );
    let mut slot = LocDesc::undefined();
    group.bench_function(
        format!(
            "hetdwarf into reused: all {} locations of {object}",
            exprs.len()
        ),
        |b| {
            b.iter(|| {
                for (e, params) in &exprs {
                    evaluator
                        .evaluate_location_bytes_into(&mut m, black_box(e), *params, &mut slot)
                        .expect("evaluate");
                    black_box(&slot);
                }
            })
        },
    );
    group.bench_function(
        format!("gimli: all {} locations of {object}", exprs.len()),
        |b| {
            b.iter(|| {
                for (e, _) in &exprs {
                    black_box(gimli_try(black_box(e), &mut m));
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

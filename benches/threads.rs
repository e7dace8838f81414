//! Throughput of one index shared by threads: every variable at every fourth PC of the
//! committed AMD-fork objects, four lanes each, on invented machine states, split over 1,
//! 2 and all available cores (`std::thread::available_parallelism`).
//!
//! Run: `cargo bench -p hetdwarf --bench threads`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hetdwarf::index::DwarfIndex;
use hetdwarf::var::Frame;
use hetdwarf_amdgpu::Input;
use hetdwarf_diop::synthetic::Synthetic;

/// The PCs of every function, every fourth byte.
fn pcs(dbg: &DwarfIndex<'_>) -> Vec<u64> {
    let mut out = Vec::new();
    for u in 0..dbg.units().len() {
        for &(begin, end, _) in dbg
            .scopes(dbg.unit_id(u).unwrap())
            .expect("scopes")
            .functions()
        {
            out.extend((begin..end).step_by(4));
        }
    }
    out
}

/// Reads every variable at `pcs[k], pcs[k + n], ...` for four lanes; the number of values.
fn work(
    dbg: &DwarfIndex<'_>,
    target: &hetdwarf::target::Target,
    pcs: &[u64],
    k: usize,
    n: usize,
) -> usize {
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    let mut values = 0;
    for &pc in pcs.iter().skip(k).step_by(n) {
        let Ok(Some(frame)) = Frame::at(dbg, pc, encoding) else {
            continue;
        };
        for var in frame.variables().expect("variables") {
            let mut state = Synthetic::new(target, pc, None);
            let lanes = [Some(0), Some(1), Some(17), Some(63)];
            values += black_box(frame.values(&mut state, var, "", &lanes, &|_| Some(true))).len();
        }
    }
    values
}

fn bench(c: &mut Criterion) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![1, 2, cores];
    counts.dedup();
    for object in [
        "corpora/rocm/hip-gfx90a-O2.hsaco",
        "corpora/rocm/ocl-gfx90a-O0.hsaco",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(object);
        let input = Input::open(&path).expect("open");
        let co = input.code_object(None).expect("code object");
        let sections = co.dwarf_sections().expect("sections");
        let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
        let target = hetdwarf_amdgpu::registers::dwarf_target(&co.target().processor, 64);
        let pcs = pcs(&dbg);
        let total = work(&dbg, &target, &pcs, 0, 1);
        let mut group = c.benchmark_group(format!(
            "threads/{}",
            path.file_name().unwrap().to_string_lossy()
        ));
        group.throughput(Throughput::Elements(total as u64));
        group.sample_size(20);
        for &t in &counts {
            group.bench_function(
                format!("{t} thread{}", if t == 1 { "" } else { "s" }),
                |b| {
                    b.iter(|| {
                        std::thread::scope(|s| {
                            let handles: Vec<_> = (0..t)
                                .map(|k| {
                                    let (dbg, target, pcs) = (&dbg, &target, &pcs);
                                    s.spawn(move || work(dbg, target, pcs, k, t))
                                })
                                .collect();
                            let n: usize =
                                handles.into_iter().map(|h| h.join().expect("thread")).sum();
                            assert_eq!(n, total);
                        })
                    })
                },
            );
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

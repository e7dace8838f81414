//! `locals` for a large frame over every lane, and resolving a variable by name, on a
//! rocRAND object (run `tools/fetch-rocrand.sh` first).
//!
//! Run: `cargo bench -p hetdwarf --bench locals`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use hetdwarf::index::DwarfIndex;
use hetdwarf::var::Frame;
use hetdwarf_amdgpu::{Input, WaveState, registers::Register};

fn bench(c: &mut Criterion) {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/rocrand/rocrand-gfx90a-xnack-.co");
    if !path.exists() {
        eprintln!(
            "locals: {} missing (run tools/fetch-rocrand.sh)",
            path.display()
        );
        return;
    }
    let input = Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    // The PC with the most variables in scope (at least 30).
    let mut best = (0u64, 0usize);
    for u in 0..dbg.units().len() {
        for &(begin, end, _) in dbg
            .scopes(dbg.unit_id(u).unwrap())
            .expect("scopes")
            .functions()
        {
            let mut pc = begin;
            while pc < end {
                let n = dbg.variables_at(pc).expect("variables").len();
                if n > best.1 {
                    best = (pc, n);
                }
                pc += 16;
            }
        }
    }
    let (pc, count) = best;
    assert!(count >= 30, "largest frame has {count} variables");
    // A wave where every register holds data, so the reads succeed.
    let mut state = WaveState::new(&co.target().processor, 64).expect("state");
    for s in 0..102 {
        state
            .set_scalar(Register::Sgpr(s), u64::from(s) * 8)
            .expect("sgpr");
    }
    for v in 0..256 {
        let lanes: Vec<Option<u32>> = (0..64).map(|l| Some(l * 4 + v)).collect();
        state.set_vector(Register::Vgpr(v), &lanes).expect("vgpr");
    }
    let lanes: Vec<Option<u32>> = (0..64).map(Some).collect();
    let frame = Frame::at(&dbg, pc, encoding)
        .expect("frame")
        .expect("subprogram");
    let vars = frame.variables().expect("variables");
    let name = vars
        .iter()
        .rev()
        .find_map(|v| dbg.variable(*v).ok()?.name.clone())
        .expect("a named variable")
        .into_owned();
    let mut group = c.benchmark_group("locals");
    group.sample_size(20);
    group.bench_function(
        format!("locals: {count} variables x 64 lanes (pc {pc:#x})"),
        |b| {
            b.iter(|| {
                for &var in &vars {
                    black_box(frame.values(&mut state, var, "", &lanes, &|_| Some(true)));
                }
            })
        },
    );
    group.bench_function(format!("resolve `{name}` by name at pc {pc:#x}"), |b| {
        b.iter(|| {
            let frame = Frame::at(&dbg, black_box(pc), encoding)
                .expect("frame")
                .expect("subprogram");
            black_box(frame.find(&name).expect("found"));
        })
    });
    group.bench_function("open + index + resolve by name (cold)", |b| {
        b.iter(|| {
            let input = Input::open(&path).expect("open");
            let co = input.code_object(None).expect("code object");
            let sections = co.dwarf_sections().expect("sections");
            let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
            let frame = Frame::at(&dbg, pc, encoding)
                .expect("frame")
                .expect("subprogram");
            black_box(frame.find(&name).expect("found"));
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! A breakpoint condition (`if (x > 3)`) evaluated on every hit: one variable read for 64
//! lanes in each of 1 000 saved waves stopped at the same PC with different register
//! contents, on a rocRAND object (run `tools/fetch-rocrand.sh` first). The frame is made
//! once (a debugger keeps it per PC); each wave is a new context. Two ways: every lane's
//! typed value with its text and placement (`Frame::values`, what `locals` shows), and
//! the condition itself, each lane's bits compared by the variable's type
//! (`Frame::lane_bits`, what a condition evaluator calls).
//!
//! Run: `cargo bench -p hetdwarf --bench breakpoint`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use hetdwarf::eval::{LocDesc, Part, Storage};
use hetdwarf::index::DwarfIndex;
use hetdwarf::var::Frame;
use hetdwarf_amdgpu::{Input, WaveState, registers::Register};

const WAVES: usize = 1000;

/// DWARF number of `v0` in wave64 (AMDGPUUsage).
const VGPR0: u64 = 2560;

fn bench(c: &mut Criterion) {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/rocrand/rocrand-gfx90a-xnack-.co");
    if !path.exists() {
        eprintln!(
            "breakpoint: {} missing (run tools/fetch-rocrand.sh)",
            path.display()
        );
        return;
    }
    let input = Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    // The first PC with a variable that lives in a vector register (a per-lane value).
    let mut found = None;
    'search: for unit in dbg.unit_ids() {
        for &(begin, end, _) in dbg.scopes(unit).expect("scopes").functions() {
            let mut pc = begin;
            while pc < end {
                let frame = Frame::at(&dbg, pc, encoding)
                    .expect("frame")
                    .expect("subprogram");
                for var in frame.variables().expect("variables") {
                    let mut probe = waves(&co.target().processor, 1).pop().expect("a wave");
                    let values =
                        frame.values(&mut probe, var, "", &[Some(0), Some(1)], &|_| Some(true));
                    let in_vgpr = |v: &hetdwarf::var::LaneValue| {
                        v.value.is_ok()
                            && v.placement
                                .as_ref()
                                .is_some_and(|p| reads_vgpr(&p.location))
                    };
                    if values.iter().all(in_vgpr) {
                        found = Some((pc, var));
                        break 'search;
                    }
                }
                pc += 4;
            }
        }
    }
    let (pc, var) = found.expect("a per-lane variable");
    let frame = Frame::at(&dbg, pc, encoding)
        .expect("frame")
        .expect("subprogram");
    let name = dbg
        .variable(var)
        .expect("variable")
        .name
        .clone()
        .unwrap_or_default();
    let mut waves = waves(&co.target().processor, WAVES);
    let lanes: Vec<Option<u32>> = (0..64).map(Some).collect();
    let mut group = c.benchmark_group("breakpoint");
    group.sample_size(10);
    group.bench_function(
        format!("typed values (Frame::values): `{name}` at pc {pc:#x}, 64 lanes x {WAVES} waves"),
        |b| {
            b.iter(|| {
                for wave in waves.iter_mut() {
                    black_box(frame.values(wave, var, "", &lanes, &|_| Some(true)));
                }
            })
        },
    );
    // What a condition evaluator does per hit: the variable's bits in every lane, compared
    // by its type (an integer: its width and signedness from the typed reading).
    let (width, signed) = {
        let v = &frame.values(&mut waves[0], var, "", &lanes, &|_| Some(true))[0];
        match &v.value {
            Ok(hetdwarf::typed::TypedValue::Scalar(s)) => match s.kind {
                hetdwarf::typed::ScalarKind::Signed(_) => (s.bits as u32, true),
                hetdwarf::typed::ScalarKind::Unsigned(_) => (s.bits as u32, false),
                _ => panic!("breakpoint: `{name}` is not an integer"),
            },
            other => panic!("breakpoint: `{name}` reads as {other:?}"),
        }
    };
    group.bench_function(
        format!("condition `{name} > 3` (Frame::lane_bits): pc {pc:#x}, 64 lanes x {WAVES} waves"),
        |b| {
            b.iter(|| {
                let mut hits = 0u32;
                for wave in waves.iter_mut() {
                    for bits in frame
                        .lane_bits(wave, var, &lanes, &|_| Some(true))
                        .iter()
                        .flatten()
                    {
                        let raw = bits.get(0, width);
                        let shift = 128 - width;
                        let value = if signed {
                            ((raw << shift) as i128) >> shift
                        } else {
                            raw as i128
                        };
                        hits += u32::from(bits.is_complete() && value > 3);
                    }
                }
                black_box(hits)
            })
        },
    );
    group.finish();
}

/// Whether `loc` reads a vector register: directly (`--conventions heterogeneous`, the whole
/// register) or through a piece (the upstream reading: the current lane's dword as a
/// composite's piece).
fn reads_vgpr(loc: &LocDesc) -> bool {
    loc.iter().any(|s| match &s.storage {
        Storage::Register { reg, .. } => (VGPR0..VGPR0 + 512).contains(reg),
        Storage::Composite(c) => c.parts().iter().any(|part| match part {
            Part::Piece { loc, .. } => reads_vgpr(loc),
            _ => false,
        }),
        _ => false,
    })
}

/// `n` waves whose registers hold different data.
fn waves(processor: &str, n: usize) -> Vec<WaveState> {
    (0..n as u32)
        .map(|k| {
            let mut state = WaveState::new(processor, 64).expect("state");
            for s in 0..102 {
                state
                    .set_scalar(Register::Sgpr(s), u64::from(s * 8 + k))
                    .expect("sgpr");
            }
            for v in 0..64 {
                let lanes: Vec<Option<u32>> = (0..64).map(|l| Some(l * 4 + v + k)).collect();
                state.set_vector(Register::Vgpr(v), &lanes).expect("vgpr");
            }
            state
        })
        .collect()
}

criterion_group!(benches, bench);
criterion_main!(benches);

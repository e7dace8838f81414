//! Timing figures for the report (ignored by default; run with
//! `cargo test --release -p hetdwarf-amdgpu --test unwind_timing -- --ignored --nocapture`).

use std::path::PathBuf;
use std::time::Instant;

use hetdwarf::expr::Encoding;
use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::unwind::lanes::frame_lanes;
use hetdwarf_amdgpu::unwind::{CallFrames, unwind};
use hetdwarf_amdgpu::{Input, WaveState};

fn corpus(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(path)
}

fn per_iter(n: u32, mut f: impl FnMut()) -> f64 {
    for _ in 0..n / 10 {
        f();
    }
    let t = Instant::now();
    for _ in 0..n {
        f();
    }
    t.elapsed().as_secs_f64() * 1e6 / f64::from(n)
}

#[test]
#[ignore = "a measurement, not a check: prints per-operation timings (benchmarks are the place for speed)"]
fn timings() {
    let input = Input::open(&corpus("rocm/ocl-gfx90a-O0.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let t = Instant::now();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    println!(
        "parse .debug_frame of ocl-gfx90a-O0.hsaco (6 FDEs): {:.1} us",
        t.elapsed().as_secs_f64() * 1e6
    );
    let text = std::fs::read_to_string(corpus("states/unwind-ocl-gfx90a-O0.json")).unwrap();
    let mut st = WaveState::from_json(&text).unwrap();
    let us = per_iter(2000, || {
        let s = unwind(&cfi, &mut st).unwrap();
        assert_eq!(s.frames.len(), 4);
    });
    println!("unwind 4 frames (ocl-gfx90a-O0 leaf_mix -> particles): {us:.1} us");
    let stack = unwind(&cfi, &mut st).unwrap();
    let us = per_iter(2000, || {
        let mut ctx = stack.context(&mut st, 2);
        let v = ctx.read_vector(2570).unwrap();
        assert_eq!(v.len(), 64);
    });
    println!("read restored v10 (64 lanes, from a spill slot) in frame 2: {us:.1} us");

    let input = Input::open(&corpus("hand-lanes/lane-pc-gfx90a-old.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let text = std::fs::read_to_string(corpus("states/unwind-lane-pc-gfx90a.json")).unwrap();
    let mut st = WaveState::from_json(&text).unwrap();
    let stack = unwind(&cfi, &mut st).unwrap();
    let die = dbg
        .scope(*dbg.scopes_at(0x1510).unwrap().last().unwrap())
        .unwrap()
        .die;
    let us = per_iter(2000, || {
        let mut ctx = stack.context(&mut st, 0);
        let l = frame_lanes(&mut ctx, &dbg, die, 0x1510, 64, Encoding::User).unwrap();
        assert!(l.divergent());
    });
    println!("lane_pc + active_lane for 64 lanes (5 call_refs, loclists): {us:.1} us");
}

//! Hostile call frame information: corpus `.debug_frame` sections truncated at every byte
//! and mutated at random (deterministic) must give errors or rows, never panics, and stay
//! fast.

use std::path::PathBuf;
use std::time::Instant;

use hetdwarf::cfi::{FrameSection, FrameTable, RegisterRule};
use hetdwarf_amdgpu::Input;

fn debug_frames() -> Vec<(String, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpora");
    let mut out = Vec::new();
    for f in [
        "rocm/ocl-gfx90a-O0.hsaco",
        "rocm/ocl-gfx1100-O2.hsaco",
        "rocm/hip-gfx942-O0.o",
        "hand/legacy-gfx900.o",
        "hand-lanes/lane-pc-gfx90a-old.hsaco",
    ] {
        let input = Input::open(&root.join(f)).unwrap();
        let co = input.code_object(None).unwrap();
        let bytes = co.try_section(".debug_frame").unwrap().unwrap().to_vec();
        out.push((f.to_string(), bytes));
    }
    out
}

/// Parses and looks up rows at every FDE's start, middle and end.
fn exercise(data: &[u8]) -> usize {
    let Ok(t) = FrameTable::parse(data, FrameSection::DebugFrame, 8) else {
        return 0;
    };
    let mut n = 0;
    for f in t.fdes().iter().take(64) {
        let r = f.range();
        for pc in [
            r.start,
            r.start + (r.end - r.start) / 2,
            r.end.saturating_sub(1),
        ] {
            if let Ok(Some(row)) = t.row_at(pc, RegisterRule::SameValue) {
                n += row.rules.len();
            }
        }
    }
    n
}

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn truncated_everywhere() {
    for (name, bytes) in debug_frames() {
        let start = Instant::now();
        for len in 0..bytes.len() {
            exercise(&bytes[..len]);
        }
        assert!(start.elapsed().as_secs() < 20, "{name}: too slow");
    }
}

#[test]
fn random_mutations() {
    let mut rng = Lcg(0x5eed);
    let mut parsed = 0;
    for (name, bytes) in debug_frames() {
        let start = Instant::now();
        for _ in 0..2000 {
            let mut m = bytes.clone();
            for _ in 0..1 + rng.next() % 4 {
                let i = (rng.next() as usize) % m.len();
                m[i] = match rng.next() % 4 {
                    0 => 0xff,
                    1 => 0,
                    2 => m[i] ^ (1 << (rng.next() % 8)),
                    _ => rng.next() as u8,
                };
            }
            if FrameTable::parse(&m, FrameSection::DebugFrame, 8).is_ok() {
                parsed += 1;
            }
            exercise(&m);
            exercise(&m);
        }
        assert!(start.elapsed().as_secs() < 30, "{name}: too slow");
    }
    assert!(parsed > 0);
}

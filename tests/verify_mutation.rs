//! `hetdwarf::verify` on mutated code objects: bytes of real and hand-written objects are
//! overwritten (deterministically) and each mutant goes through open, index and verify.
//! Errors are fine; panics and hangs are not.

use std::path::PathBuf;

use hetdwarf::index::DwarfIndex;
use hetdwarf::verify::{self, Options};
use hetdwarf_amdgpu::Input;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Returns whether the mutant reached `verify`.
fn verify_bytes(name: &str, bytes: Vec<u8>) -> bool {
    let Ok(input) = Input::from_bytes(name, bytes) else {
        return false;
    };
    let Ok(co) = input.code_object(None) else {
        return false;
    };
    let Ok(sections) = co.dwarf_sections() else {
        return false;
    };
    let Ok(dbg) = DwarfIndex::new(|id| sections.get(id)) else {
        return false;
    };
    let processor = co.target().processor.clone();
    let wave_at = |pc: u64| co.wave_size_at(pc);
    let opts = {
        let mut o = Options::default();
        o.targets = vec![
            hetdwarf_amdgpu::registers::dwarf_target(&processor, 32),
            hetdwarf_amdgpu::registers::dwarf_target(&processor, 64),
        ];
        o.wave_size_at = Some(&wave_at);
        o.default_wave_size = Some(co.common_wave_size());
        o
    };
    let _ = verify::verify(&dbg, sections.get(gimli::SectionId::DebugFrame), &opts);
    true
}

#[test]
fn mutants_never_panic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpora");
    let files = [
        "hand-verify/cfi.o",
        "hand-verify/evaluation.o",
        "hand-verify/loclist.o",
        "hand-verify/producer.o",
        "hand/user-gfx90a.hsaco",
        "hand/legacy-gfx900.o",
        "rocm/ocl-gfx90a-O2.hsaco",
        "clang22/ocl-gfx90a-O2.o",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut mutants, mut verified) = (0, 0);
    for f in files {
        let original = std::fs::read(root.join(f)).expect("corpus file");
        for round in 0..500 {
            let mut bytes = original.clone();
            // 1..8 bytes overwritten, past the ELF header (most mutants keep a valid ELF
            // and corrupt DWARF, CFI or notes instead of being rejected at once).
            let n = 1 + (rng.next() % 8) as usize;
            for _ in 0..n {
                let at = 64 + (rng.next() as usize) % (bytes.len() - 64);
                bytes[at] = match round % 3 {
                    0 => rng.next() as u8,
                    1 => 0xff,
                    _ => bytes[at] ^ (1 << (rng.next() % 8)),
                };
            }
            verified += usize::from(verify_bytes(f, bytes));
            mutants += 1;
        }
    }
    assert_eq!(mutants, 4000);
    assert!(verified > 1000, "only {verified} mutants reached verify");
}

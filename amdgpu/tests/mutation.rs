//! Mutation test: real code objects, bundles and host ELFs with bytes flipped, overwritten and
//! truncated thousands of times (deterministic PRNG). Opening them, picking a code object,
//! reading kernels, functions, wave sizes and every DWARF section, and walking the DWARF with
//! gimli must never panic, hang or allocate without bound.

mod common;

use common::fixture_bytes;
use hetdwarf_amdgpu::Input;

/// xorshift64*: small, deterministic, good enough to pick offsets.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const INTERESTING: [u64; 8] = [0, 1, 0x7f, 0xff, 0xffff, 0x7fff_ffff, 0xffff_ffff, u64::MAX];

fn mutate(rng: &mut Rng, original: &[u8], hot: &[(usize, usize)]) -> Vec<u8> {
    let mut b = original.to_vec();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        // Half the time hit a structurally interesting region (headers, tables).
        let pos = if rng.below(2) == 0 && !hot.is_empty() {
            let (start, len) = hot[rng.below(hot.len())];
            start + rng.below(len)
        } else {
            rng.below(b.len())
        };
        if pos >= b.len() {
            continue;
        }
        match rng.below(5) {
            0 => b[pos] ^= 1 << rng.below(8),
            1 => b[pos] = rng.next() as u8,
            2 => {
                let v = INTERESTING[rng.below(INTERESTING.len())].to_le_bytes();
                let width = [1usize, 2, 4, 8][rng.below(4)];
                let end = (pos + width).min(b.len());
                b[pos..end].copy_from_slice(&v[..end - pos]);
            }
            3 => {
                let end = (pos + 8).min(b.len());
                for x in &mut b[pos..end] {
                    *x = rng.next() as u8;
                }
            }
            _ => b.truncate(pos),
        }
    }
    b
}

/// ELF header, section header table and section header string table of an ELF.
fn elf_hot_regions(b: &[u8]) -> Vec<(usize, usize)> {
    let mut hot = vec![(0, 64)];
    if b.len() >= 64 && &b[..4] == b"\x7fELF" {
        let shoff = u64::from_le_bytes(b[40..48].try_into().unwrap()) as usize;
        let shnum = u16::from_le_bytes([b[60], b[61]]) as usize;
        if shoff < b.len() {
            hot.push((shoff, (shnum * 64).min(b.len() - shoff)));
        }
    }
    hot
}

/// Returns how far the input got: 0 rejected, 1 opened, 2 a code object parsed, 3 DWARF read.
fn exercise(name: &str, bytes: Vec<u8>) -> u8 {
    let Ok(input) = Input::from_bytes(name, bytes) else {
        return 0;
    };
    let mut reached = 1;
    let _ = input.code_object(None).map(|c| c.kernels().len());
    let processors: Vec<Option<String>> = input
        .entries()
        .iter()
        .map(|e| e.processor.clone())
        .collect();
    for p in processors {
        let Ok(co) = input.code_object(p.as_deref()) else {
            continue;
        };
        reached = reached.max(2);
        let _ = co.target().target_id();
        for k in co.kernels() {
            let _ = co.wave_size_at(k.code.map_or(0, |c| c.0));
        }
        for f in co.functions() {
            let _ = co.wave_size_at(f.address);
        }
        let names: Vec<&str> = co.section_names().collect();
        for n in names {
            let _ = co.section(n);
        }
        let Ok(sections) = co.dwarf_sections() else {
            continue;
        };
        reached = 3;
        walk_dwarf(&sections);
    }
    reached
}

fn walk_dwarf(sections: &hetdwarf_amdgpu::DwarfSections<'_>) {
    let dwarf = sections.dwarf();
    let mut units = dwarf.units();
    let mut budget = 10_000;
    while let Ok(Some(header)) = units.next() {
        let Ok(unit) = dwarf.unit(header) else { break };
        let mut entries = unit.entries();
        while let Ok(Some(entry)) = entries.next_dfs() {
            for attr in entry.attrs() {
                let _ = dwarf.attr_string(&unit, attr.value());
            }
            budget -= 1;
            if budget == 0 {
                return;
            }
        }
    }
}

fn run(name: &str, iterations: usize, seed: u64, min_deep: usize) {
    let original = fixture_bytes(name);
    let mut hot = elf_hot_regions(&original);
    if original.starts_with(b"__CLANG_OFFLOAD_BUNDLE__")
        || original.starts_with(b"CCOB")
        || original.starts_with(&[0x10, 0xff, 0x10, 0xad])
    {
        hot = vec![(0, 200.min(original.len()))];
    }
    // The untouched file works all the way.
    assert_eq!(exercise(name, original.clone()), 3, "{name}");
    let mut rng = Rng(seed);
    let mut reached = [0usize; 4];
    for _ in 0..iterations {
        let mutated = mutate(&mut rng, &original, &hot);
        reached[exercise(name, mutated) as usize] += 1;
    }
    eprintln!("{name}: rejected/opened/parsed/dwarf = {reached:?}");
    // The mutations must exercise both the error paths and the deep paths.
    assert!(
        reached[0] > 0 && reached[3] >= min_deep,
        "{name}: {reached:?}"
    );
}

#[test]
fn mutated_relocatable_object() {
    run("gfx1100.o", 10_000, 0x9e37_79b9_7f4a_7c15, 300);
}

#[test]
fn mutated_linked_object() {
    run("gfx90a.hsaco", 10_000, 0xdead_beef_cafe_f00d, 300);
}

#[test]
fn mutated_bundles() {
    run("k.bundle", 3000, 0x1234_5678_9abc_def1, 100);
    run("k.ccob-zstd", 3000, 0x0bad_c0de_0bad_c0de, 20);
}

#[test]
fn mutated_offload_binary() {
    run("k.offload", 3000, 0x0ff1_0ad0_0ff1_0ad0, 100);
}

#[test]
fn mutated_host_elf() {
    run("host-fatbin.o", 3000, 0x5151_5151_5151_5151, 100);
}

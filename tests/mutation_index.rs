//! Mutation test of the whole read path: real corpus objects with bytes of their DWARF
//! sections flipped, overwritten and truncated thousands of times (deterministic PRNG).
//! Opening, indexing, looking up scopes, reading every variable's location list and type,
//! decoding and printing every expression must never panic; every failure is a typed error.

mod common;

use hetdwarf::expr::disasm::{DisasmOptions, disassemble_bytes};
use hetdwarf::expr::{Encoding, Expr};
use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use hetdwarf_amdgpu::Input;

/// xorshift64*: small and deterministic.
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

const INTERESTING: [u64; 7] = [0, 1, 0x7f, 0x80, 0xff, 0xffff_ffff, u64::MAX];

/// File ranges of the `.debug_*` sections, found by a plain ELF64 section-header walk.
fn debug_section_ranges(bytes: &[u8]) -> Vec<(usize, usize)> {
    let u16_at = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap()) as usize;
    let (shoff, shentsize, shnum, shstrndx) =
        (u64_at(0x28), u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let header = |i: usize| shoff + i * shentsize;
    let strtab = u64_at(header(shstrndx) + 0x18);
    let mut out = Vec::new();
    for i in 0..shnum {
        let h = header(i);
        let name_off = strtab + u32_at(h);
        let name: Vec<u8> = bytes[name_off..]
            .iter()
            .take_while(|&&b| b != 0)
            .copied()
            .collect();
        if name.starts_with(b".debug_") || name.starts_with(b".rela.debug_") {
            out.push((u64_at(h + 0x18), u64_at(h + 0x20)));
        }
    }
    out
}

fn mutate(rng: &mut Rng, original: &[u8], hot: &[(usize, usize)]) -> Vec<u8> {
    let mut b = original.to_vec();
    for _ in 0..1 + rng.below(4) {
        let (start, len) = hot[rng.below(hot.len())];
        let pos = start + rng.below(len);
        if pos >= b.len() {
            continue;
        }
        // Truncation cuts off the section table, so it is kept rare.
        match rng.below(13) {
            0..=3 => b[pos] ^= 1 << rng.below(8),
            4..=6 => b[pos] = rng.next() as u8,
            7..=9 => {
                let v = INTERESTING[rng.below(INTERESTING.len())].to_le_bytes();
                let end = (pos + [1usize, 2, 4, 8][rng.below(4)]).min(b.len());
                b[pos..end].copy_from_slice(&v[..end - pos]);
            }
            10 | 11 => {
                let end = (pos + 16).min(b.len());
                for x in &mut b[pos..end] {
                    *x = rng.next() as u8;
                }
            }
            _ => b.truncate(pos.max(64)),
        }
    }
    b
}

/// Runs the whole read path; returns how far it got (for the coverage assertion).
fn exercise(name: &str, bytes: Vec<u8>) -> Depth {
    let Ok(input) = Input::from_bytes(name, bytes) else {
        return Depth::Open;
    };
    let Ok(co) = input.code_object(None) else {
        return Depth::Open;
    };
    let Ok(sections) = co.dwarf_sections() else {
        return Depth::Sections;
    };
    let Ok(dbg) = DwarfIndex::new(|id| sections.get(id)) else {
        return Depth::Sections;
    };
    let _ = dbg.statistics();
    let mut depth = Depth::Index;
    for u in 0..dbg.units().len() {
        let Ok(scopes) = dbg.scopes(dbg.unit_id(u).unwrap()) else {
            continue;
        };
        depth = Depth::Scopes;
        for &(begin, end, _) in scopes.functions() {
            let _ = dbg.scopes_at(begin);
            let _ = dbg.variables_at(end.saturating_sub(1));
        }
        for var in &scopes.variables {
            let _ = dbg.type_name(var.type_die);
            if let Some(t) = var.type_die {
                let _ = dbg.type_at(t);
            }
            if let Some(attr) = var.location
                && let Ok(entries) = dbg.location_entries(dbg.unit_id(u).unwrap(), attr)
            {
                for e in entries {
                    let params = dbg
                        .decode_params(dbg.unit_id(u).unwrap(), Encoding::User)
                        .unwrap();
                    let _ = Expr::decode(e.expr, params);
                    let _ = disassemble_bytes(
                        e.expr,
                        params,
                        DisasmOptions::new(&AmdgpuDwarfdumpNames).with_unit(Some(
                            &dbg.unit_base_types(dbg.unit_id(u).unwrap()).unwrap(),
                        )),
                    );
                    depth = Depth::Expressions;
                }
            }
        }
    }
    if let Ok(profile) = dbg.expression_profile() {
        let stats = dbg.statistics().unwrap_or_default();
        let _ = dbg.conventions(&stats, &profile);
    }
    depth
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Depth {
    Open,
    Sections,
    Index,
    Scopes,
    Expressions,
}

#[test]
fn mutated_corpus_objects_never_panic() {
    let picks = [
        "clang22/ocl-gfx90a-O2.o",
        "clang22/ocl-gfx90a-O2.hsaco",
        "clang14/ocl-gfx90a-O0-dwarf4.o",
        "rocm/ocl-gfx1100-O2.hsaco",
        "rocm/hip-gfx90a-O0.hsaco",
        "hand/user-gfx90a.o",
        "hand/legacy-gfx900.o",
        "clang22/hip-gfx1030-O2-dwarf4.hsaco",
    ];
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut reached = [0usize; 5];
    let mut total = 0;
    for pick in picks {
        let original = std::fs::read(common::corpora().join(pick)).expect("read corpus object");
        let hot = debug_section_ranges(&original);
        assert!(!hot.is_empty(), "{pick} has no debug sections");
        for _ in 0..1500 {
            let depth = exercise(pick, mutate(&mut rng, &original, &hot));
            reached[depth as usize] += 1;
            total += 1;
        }
    }
    eprintln!(
        "{total} mutants; furthest stage reached: {reached:?} (open, sections, index, scopes, expressions)"
    );
    // The mutants must exercise the deep paths, not only fail at the door.
    assert!(
        reached[Depth::Expressions as usize] > total / 4,
        "{reached:?}"
    );
}

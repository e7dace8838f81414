//! The shapes' templates ([`crate::shape`]) held against LLVM's answers: every corpus
//! instruction, random register numbers in them, and random instructions of every format.

use super::test_support::{each_object, xorshift};
use super::*;

/// The facts `dis` gives from a template it has learned for the instruction at the
/// start of `bytes`, without asking LLVM.
fn templated(dis: &Disassembler, bytes: &[u8]) -> Option<InstructionFacts> {
    let shape = Shape::of(dis.family?, bytes)?;
    let inst = dis.decode_by_template(&shape, 0)?;
    Some((*inst.facts).clone())
}

/// Every instruction of the corpus's objects gets the same facts through the shapes'
/// templates as from LLVM.
#[test]
fn shapes_give_llvm_s_facts_for_every_corpus_instruction() {
    let (mut objects, mut total, mut asked) = (0, 0u64, 0u64);
    each_object(|path, co, dis| {
        if dis.family.is_none() {
            return;
        }
        let llvm = Disassembler::new(dis.processor(), dis.wave_size()).unwrap();
        objects += 1;
        for section in co.code_sections() {
            let mut at = 0;
            while at < section.bytes.len() {
                let bytes = &section.bytes[at..];
                let address = section.address + at as u64;
                let shaped = dis.decode_facts_cached(bytes, address);
                let exact = llvm.decode_as(bytes, address, false);
                assert_eq!(shaped, exact, "{} at {address:#x}", path.display());
                total += 1;
                at += exact.facts.size as usize;
            }
        }
        asked += dis.llvm_decodes();
    });
    eprintln!("{objects} objects: LLVM decoded {asked} times for {total} instructions");
    assert!(
        objects > 40 && asked < total / 3,
        "{objects} objects, {asked} of {total}"
    );
}

/// Random register numbers in the register fields of every corpus instruction get the same facts from the template of their shape as from LLVM,
/// wherever a template answers.
#[test]
fn shapes_give_llvm_s_facts_for_random_registers() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let (mut compared, mut tried) = (0u64, 0u64);
    each_object(|path, co, dis| {
        let Some(family) = dis.family else {
            return;
        };
        let llvm = Disassembler::new(dis.processor(), dis.wave_size()).unwrap();
        for section in co.code_sections() {
            let mut at = 0;
            while at < section.bytes.len() {
                let bytes = &section.bytes[at..];
                let inst = dis.decode_facts_cached(bytes, section.address + at as u64);
                at += inst.facts.size as usize;
                let Some(shape) = Shape::of(family, bytes) else {
                    continue;
                };
                for _ in 0..4 {
                    let mut word = [0u8; 16];
                    let n = bytes.len().min(16);
                    word[..n].copy_from_slice(&bytes[..n]);
                    let size = shape.size();
                    word[..size].copy_from_slice(&shape.with_registers(|_| next())[..size]);
                    tried += 1;
                    let Some(facts) = templated(&dis, &word[..n]) else {
                        continue;
                    };
                    let exact = llvm.decode_as(&word[..n], 0x1000, false);
                    assert_eq!(
                        facts,
                        *exact.facts,
                        "{}: {:02x?}",
                        path.display(),
                        &word[..size]
                    );
                    compared += 1;
                }
            }
        }
    });
    eprintln!("{compared} of {tried} random register choices answered by a template");
    assert!(compared > tried / 4, "{compared} of {tried}");
}

/// Random instructions of every format described, each with random registers six
/// times over: the second valid one teaches a template (or not), the later ones are
/// answered by it; every answer equals LLVM's.
#[test]
fn shapes_give_llvm_s_facts_for_random_instructions() {
    let mut next = xorshift(0x6a09_e667_f3bc_c908);
    // The first bits of each format (the 32-bit ones, then the 64-bit ones).
    let scalar_and_vector_alu: [(u32, u32); 7] = [
        (0, 1),
        (0b0111110, 7),
        (0b0111111, 7),
        (0b10, 2),
        (0b101111101, 9),
        (0b101111110, 9),
        (0b1011, 4),
    ];
    let gfx8_and_9 = [
        (0b110000, 6),
        (0b110100, 6),
        (0b110110, 6),
        (0b110111, 6),
        (0b111000, 6),
        (0b111010, 6),
        (0b111100, 6),
    ];
    let gfx10_and_11 = [
        (0b111101, 6),
        (0b110101, 6),
        (0xcc, 8),
        (0b110110, 6),
        (0b110111, 6),
        (0b111000, 6),
        (0b111010, 6),
    ];
    let gfx12 = [(0b110101, 6), (0xcc, 8), (0b110110, 6)];
    for (processor, wave, memory) in [
        ("gfx803", 64, &gfx8_and_9[..]),
        ("gfx900", 64, &gfx8_and_9[..]),
        ("gfx906", 64, &gfx8_and_9[..]),
        ("gfx90a", 64, &gfx8_and_9[..]),
        ("gfx942", 64, &gfx8_and_9[..]),
        ("gfx950", 64, &gfx8_and_9[..]),
        ("gfx1010", 32, &gfx10_and_11[..]),
        ("gfx1030", 32, &gfx10_and_11[..]),
        ("gfx1030", 64, &gfx10_and_11[..]),
        ("gfx1100", 32, &gfx10_and_11[..]),
        ("gfx1100", 64, &gfx10_and_11[..]),
        ("gfx1151", 32, &gfx10_and_11[..]),
        ("gfx1201", 32, &gfx12[..]),
        ("gfx1201", 64, &gfx12[..]),
    ] {
        let formats: Vec<(u32, u32)> = scalar_and_vector_alu
            .iter()
            .chain(memory)
            .copied()
            .collect();
        let dis = Disassembler::new(processor, wave).unwrap();
        let family = dis.family.unwrap();
        let llvm = Disassembler::new(processor, wave).unwrap();
        let (mut answered, mut learned) = (0, 0);
        let rounds = std::env::var("HD_SHAPE_ROUNDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(30_000usize);
        for k in 0..rounds {
            let (top, bits) = formats[k % formats.len()];
            let mut word = [0u8; 16];
            word[..8].copy_from_slice(&next().to_le_bytes());
            word[8..].copy_from_slice(&next().to_le_bytes());
            let first = u32::from_le_bytes(word[..4].try_into().unwrap());
            let first = (first & (u32::MAX >> bits)) | (top << (32 - bits));
            word[..4].copy_from_slice(&first.to_le_bytes());
            let Some(shape) = Shape::of(family, &word) else {
                continue;
            };
            for _ in 0..6 {
                // Mostly small numbers: registers rather than special values.
                let registers = shape.with_registers(|_| {
                    let value = next();
                    let keep = if next().is_multiple_of(4) {
                        u64::MAX
                    } else {
                        0x7f
                    };
                    value & keep
                });
                let size = shape.size();
                word[..size].copy_from_slice(&registers[..size]);
                let before = templated(&dis, &word).is_some();
                let shaped = dis.decode_facts_cached(&word, 0x1000);
                let exact = llvm.decode_as(&word, 0x1000, false);
                assert_eq!(
                    shaped.facts,
                    exact.facts,
                    "{processor} wave{wave}: {:02x?}",
                    &word[..size]
                );
                answered += usize::from(before);
            }
            learned = dis
                .templates
                .borrow()
                .values()
                .filter(|t| matches!(t, ShapeState::Learned(_)))
                .count();
        }
        eprintln!("{processor} wave{wave}: {answered} answered by {learned} templates");
        assert!(answered > rounds / 2, "{processor}: {answered}");
    }
}

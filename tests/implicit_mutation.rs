//! Mutation test of implicit pointers, call-site entry values and member expressions:
//! the hand-written objects of `corpora/hand-implicit/` with bytes of their DWARF and CFI
//! flipped; reading every variable of both frames (and following pointers) never panics.

use hetdwarf::index::DwarfIndex;
use hetdwarf::var::{Frame, FrameSetup};
use hetdwarf_amdgpu::unwind::{CallFrames, unwind};
use hetdwarf_amdgpu::{Input, WaveState};

fn corpus(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpora")
        .join(path)
}

/// File ranges of the `.debug_*` sections (a plain ELF64 section-header walk).
fn debug_ranges(bytes: &[u8]) -> Vec<(usize, usize)> {
    let u16_at = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap()) as usize;
    let (shoff, shentsize, shnum, shstrndx) =
        (u64_at(0x28), u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let header = |i: usize| shoff + i * shentsize;
    let strtab = u64_at(header(shstrndx) + 0x18);
    (0..shnum)
        .filter(|&i| bytes[strtab + u32_at(header(i))..].starts_with(b".debug_"))
        .map(|i| (u64_at(header(i) + 0x18), u64_at(header(i) + 0x20)))
        .collect()
}

/// Reads every variable of every frame; returns how many values were read.
fn exercise(bytes: &[u8], state: &WaveState) -> usize {
    let Ok(input) = Input::from_bytes("mutated", bytes.to_vec()) else {
        return 0;
    };
    let Ok(co) = input.code_object(None) else {
        return 0;
    };
    let Ok(sections) = co.dwarf_sections() else {
        return 0;
    };
    let Ok(dbg) = DwarfIndex::new(|id| sections.get(id)) else {
        return 0;
    };
    let Ok(cfi) = CallFrames::of(&co, hetdwarf::expr::Encoding::User) else {
        return 0;
    };
    let mut st = state.clone();
    let Ok(stack) = unwind(&cfi, &mut st) else {
        return 0;
    };
    // The object's own encoding: a legacy object read as DW_OP_LLVM_user is refused.
    let Ok(profile) = dbg.expression_profile() else {
        return 0;
    };
    let encoding = profile.encoding.encoding;
    let mut read = 0;
    for k in 0..stack.frames.len() {
        let setup = FrameSetup {
            caller: stack.context(&mut st, k as u32).caller_frame(),
            ..FrameSetup::at(stack.frames[k].lookup_pc, encoding)
        };
        let Ok(Some(frame)) = Frame::new(&dbg, setup) else {
            continue;
        };
        let Ok(vars) = frame.variables() else {
            continue;
        };
        for var in vars {
            for path in ["", "*"] {
                let mut ctx = stack.context(&mut st, k as u32);
                let values = frame.values(&mut ctx, var, path, &[Some(0), Some(7)], &|_| None);
                read += values.iter().filter(|v| v.value.is_ok()).count();
            }
        }
    }
    read
}

#[test]
fn mutated_implicit_objects_never_panic() {
    let state = WaveState::from_json(
        &std::fs::read_to_string(corpus("states/implicit-gfx90a.json")).unwrap(),
    )
    .unwrap();
    for name in [
        "hand-implicit/implicit-v5-gfx90a.hsaco",
        "hand-implicit/implicit-v4-gfx90a.hsaco",
        "hand-implicit/implicit-legacy-gfx90a.hsaco",
    ] {
        let original = std::fs::read(corpus(name)).unwrap();
        assert!(exercise(&original, &state) > 20, "{name}");
        // xorshift64*: deterministic.
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let hot = debug_ranges(&original);
        assert!(hot.len() >= 3, "{name}");
        for _ in 0..400 {
            let mut b = original.clone();
            for _ in 0..1 + next() % 3 {
                let (start, len) = hot[next() as usize % hot.len()];
                let i = start + next() as usize % len.max(1);
                b[i] = match next() % 3 {
                    0 => b[i] ^ (1 << (next() % 8)),
                    1 => 0xff,
                    _ => next() as u8,
                };
            }
            exercise(&b, &state);
        }
    }
}

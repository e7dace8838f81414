//! Decoding equals `llvm-objdump-22 -d -z` (text and size, instruction by instruction) on
//! every plain code object under `corpora/`, Debian's rocRAND objects included when
//! `tools/fetch-rocrand.sh` has fetched them.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

include!("common/corpus.rs");

/// What `llvm-objdump` printed: its instruction lines (address → (text, size)), and the
/// symbols' regions it refused to decode (`; error decoding NAME: code object v2 is not
/// supported`), as `[start, end)`.
struct Objdump {
    lines: BTreeMap<u64, (String, u32)>,
    refused: Vec<(u64, u64)>,
}

fn objdump(path: &Path, mattr: &str) -> Objdump {
    let mut cmd = Command::new("llvm-objdump-22");
    cmd.args(["-d", "-z"]);
    if !mattr.is_empty() {
        cmd.arg(format!("--mattr={mattr}"));
    }
    let out = cmd
        .arg(path)
        .output()
        .expect("llvm-objdump-22 runs (tools/setup.sh installs it)");
    assert!(
        out.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines = BTreeMap::new();
    let mut symbols = Vec::new();
    let mut refused_symbols = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if let Some((addr, _)) = line.split_once(" <").filter(|_| line.ends_with(">:"))
            && let Ok(a) = u64::from_str_radix(addr, 16)
        {
            symbols.push(a);
        }
        if line.starts_with("; error decoding") {
            refused_symbols.extend(symbols.last().copied());
        }
        let Some(body) = line.strip_prefix('\t') else {
            continue;
        };
        let Some(cut) = body.rfind("// ") else {
            continue;
        };
        let comment = &body[cut + 3..];
        let Some((addr, rest)) = comment.split_once(": ") else {
            continue;
        };
        let Ok(address) = u64::from_str_radix(addr, 16) else {
            continue;
        };
        let hex: String = rest
            .split(' ')
            .take_while(|w| !w.starts_with('<') && w.bytes().all(|b| b.is_ascii_hexdigit()))
            .collect();
        lines.insert(
            address,
            (body[..cut].trim_end().to_string(), (hex.len() / 2) as u32),
        );
    }
    let refused = refused_symbols
        .iter()
        .map(|&start| {
            (
                start,
                symbols
                    .iter()
                    .copied()
                    .find(|&a| a > start)
                    .unwrap_or(u64::MAX),
            )
        })
        .collect();
    Objdump { lines, refused }
}

#[test]
fn decoding_equals_llvm_objdump_on_every_corpus_object() {
    if !hetdwarf_mc::available() {
        panic!("built without LLVM 22: install llvm-22-dev (tools/setup.sh)");
    }
    let mut objects = 0;
    let mut instructions = 0;
    let mut mismatches = Vec::new();
    // Instructions of code object v2 kernels, which llvm-objdump-22 refuses to decode.
    let mut beyond_objdump = 0;
    for path in corpus_objects() {
        let input = hetdwarf_amdgpu::Input::read(&path, None).unwrap();
        let co = input.code_object(None).unwrap();
        if co.code_sections().is_empty() {
            continue;
        }
        let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
        let listing = hetdwarf_mc::Listing::of(&co, &dis).unwrap();
        // The checks' listing (no text, repeated encodings answered from a cache, a
        // relocatable object's relocations applied) has the same instructions and facts.
        let facts = hetdwarf_mc::Listing::facts(&co, &dis).unwrap();
        let same = |a: &hetdwarf_mc::Instruction, b: &hetdwarf_mc::Instruction| {
            (
                a.address,
                a.facts.size,
                a.facts.opcode,
                a.facts.flags,
                &a.facts.defs,
                &a.facts.uses,
            ) == (
                b.address,
                b.facts.size,
                b.facts.opcode,
                b.facts.flags,
                &b.facts.defs,
                &b.facts.uses,
            )
        };
        assert_eq!(
            listing.instructions().len(),
            facts.instructions().len(),
            "{}",
            path.display()
        );
        for (a, b) in listing.instructions().iter().zip(facts.instructions()) {
            assert!(same(a, b), "{}: {a:?} / {b:?}", path.display());
        }
        let mattr = hetdwarf_mc::llvm_features(&co.target().processor, co.common_wave_size());
        let Objdump {
            lines: theirs,
            refused,
        } = objdump(&path, &mattr);
        let ours: BTreeMap<u64, (String, u32)> = listing
            .instructions()
            .iter()
            .map(|i| (i.address, (i.text.clone(), i.facts.size)))
            .collect();
        for (addr, want) in &theirs {
            match ours.get(addr) {
                Some(got) if got == want => {}
                got => mismatches.push(format!(
                    "{} {addr:#x}: objdump {want:?}, ours {got:?}",
                    path.display()
                )),
            }
        }
        for addr in ours.keys().filter(|a| !theirs.contains_key(a)) {
            if refused.iter().any(|&(lo, hi)| (lo..hi).contains(addr)) {
                beyond_objdump += 1;
                continue;
            }
            mismatches.push(format!(
                "{} {addr:#x}: only ours {:?}",
                path.display(),
                ours[addr]
            ));
        }
        objects += 1;
        instructions += theirs.len();
    }
    println!(
        "{objects} objects, {instructions} instructions equal to llvm-objdump-22's; \
         {beyond_objdump} more in code object v2 kernels it refuses"
    );
    assert!(objects >= 40, "too few corpus objects found: {objects}");
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:#?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(20)]
    );
}

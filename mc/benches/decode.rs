//! Decoding a whole rocRAND code object, side by side with `llvm-objdump-22 -d` on the same
//! file in the same run, and the machine-code checks beside `verify` of the same object.
//!
//! The object is `corpora/rocrand/rocrand-gfx90a-xnack-.co` (run `tools/fetch-rocrand.sh`)
//! or the file named by `HETDWARF_BENCH_OBJECT`. The llvm-objdump row is a whole process
//! (start-up, printing to /dev/null included); `decode with text` is the row beside it:
//! every instruction decoded and printed as llvm-objdump prints it, with its definitions
//! and uses, from the file's bytes.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};
use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::Input;
use hetdwarf_mc::Listing;

fn object() -> PathBuf {
    std::env::var("HETDWARF_BENCH_OBJECT").map_or_else(
        |_| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../corpora/rocrand/rocrand-gfx90a-xnack-.co")
        },
        PathBuf::from,
    )
}

fn bench(c: &mut Criterion) {
    let path = object();
    let input = Input::read(&path, None).expect("run tools/fetch-rocrand.sh");
    let co = input.code_object(None).unwrap();
    let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
    let n = Listing::of(&co, &dis).unwrap().instructions().len();
    let mut g = c.benchmark_group(format!("decode {n} instructions"));
    g.sample_size(10);
    g.bench_function("llvm-objdump-22 -d (process)", |b| {
        b.iter(|| {
            let s = Command::new("llvm-objdump-22")
                .arg("-d")
                .arg(&path)
                .stdout(Stdio::null())
                .status()
                .unwrap();
            assert!(s.success());
        })
    });
    g.bench_function("decode with text", |b| {
        b.iter(|| black_box(Listing::of(&co, &dis).unwrap()))
    });
    // A new disassembler each time: its cache of facts would otherwise answer every
    // instruction after the first run, which no single `verify` run enjoys.
    g.bench_function("decode without text (what the checks use)", |b| {
        b.iter(|| {
            let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
            black_box(Listing::facts(&co, &dis).unwrap())
        })
    });
    g.finish();
    let sections = co.dwarf_sections().unwrap();
    let mut g = c.benchmark_group("checks");
    g.sample_size(10);
    g.bench_function("index + verify", |b| {
        b.iter(|| {
            let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
            black_box(hetdwarf_amdgpu::verify::verify(&co, &dbg).unwrap())
        })
    });
    // As `hetdwarf verify` runs them (tools/src/code.rs, `verified`): the code decoded on
    // a thread of its own while the DWARF is verified, the locations taken from the
    // variables verify's walk met.
    g.bench_function("index + verify + machine-code checks", |b| {
        b.iter(|| {
            let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
            let (report, mut functions, listing) = std::thread::scope(|scope| {
                let decoding = scope.spawn(|| {
                    let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
                    Listing::facts_alongside(&co, &dis).unwrap()
                });
                let (report, variables) =
                    hetdwarf_amdgpu::verify::verify_with_variables(&co, &dbg).unwrap();
                let functions =
                    hetdwarf_mc::located_functions_verified(&co, &dbg, &variables).unwrap();
                (report, functions, decoding.join().unwrap())
            });
            hetdwarf_mc::retain_decoded(&mut functions, &dbg, &listing);
            black_box((
                report,
                hetdwarf_mc::check(&listing, &functions, &|_| String::new()),
            ))
        })
    });
    g.bench_function("the same, one step after another", |b| {
        b.iter(|| {
            let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
            let (report, variables) =
                hetdwarf_amdgpu::verify::verify_with_variables(&co, &dbg).unwrap();
            let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
            let listing = Listing::facts(&co, &dis).unwrap();
            let mut functions =
                hetdwarf_mc::located_functions_verified(&co, &dbg, &variables).unwrap();
            hetdwarf_mc::retain_decoded(&mut functions, &dbg, &listing);
            black_box((
                report,
                hetdwarf_mc::check(&listing, &functions, &|_| String::new()),
            ))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

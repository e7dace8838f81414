//! `hetdwarf verify` on a real code object, side by side with `llvm-dwarfdump-22 --verify`
//! and `llvm-dwarfdump-22 --statistics` on the same file in the same run.
//!
//! The object is the first of `corpora/rocrand/*.co` (run `tools/fetch-rocrand.sh`), or
//! the file named by `HETDWARF_BENCH_OBJECT`. The llvm-dwarfdump rows include process
//! start-up; so does nothing on our side, so the `open + index + verify` row is the fair
//! comparison (it also reads the file and builds the index from nothing).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};
use hetdwarf::index::DwarfIndex;
use hetdwarf::verify::{self, Options};
use hetdwarf_amdgpu::{CodeObject, Input};

fn bench_object() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("HETDWARF_BENCH_OBJECT") {
        return Some(PathBuf::from(p));
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/rocrand");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "co"))
        .collect();
    files.sort();
    files.into_iter().next()
}

fn run_verify(co: &CodeObject<'_>) -> verify::Report {
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
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
    verify::verify(&dbg, sections.get(gimli::SectionId::DebugFrame), &opts).expect("verify")
}

fn dwarfdump(path: &Path, flag: &str) {
    let status = Command::new("llvm-dwarfdump-22")
        .arg(flag)
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("llvm-dwarfdump-22");
    // --verify exits 1 when it finds errors; either way it ran to completion.
    assert!(status.code().is_some());
}

fn bench_verify(c: &mut Criterion) {
    let Some(path) = bench_object() else {
        eprintln!("verify: no object (run tools/fetch-rocrand.sh or set HETDWARF_BENCH_OBJECT)");
        return;
    };
    let mut group = c.benchmark_group(format!(
        "verify/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    ));
    group.sample_size(20);
    group.bench_function("hetdwarf: open + index + verify", |b| {
        b.iter(|| {
            let input = Input::open(&path).expect("open");
            let co = input.code_object(None).expect("code object");
            black_box(run_verify(&co));
        })
    });
    {
        let input = Input::open(&path).expect("open");
        let co = input.code_object(None).expect("code object");
        group.bench_function("hetdwarf: index + verify (file already open)", |b| {
            b.iter(|| black_box(run_verify(&co)))
        });
    }
    let available = Command::new("llvm-dwarfdump-22")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if available {
        group.bench_function("llvm-dwarfdump-22 --verify", |b| {
            b.iter(|| dwarfdump(&path, "--verify"))
        });
        group.bench_function("llvm-dwarfdump-22 --statistics", |b| {
            b.iter(|| dwarfdump(&path, "--statistics"))
        });
    } else {
        eprintln!("verify: llvm-dwarfdump-22 not found; peers not measured");
    }
    group.finish();
}

criterion_group!(benches, bench_verify);
criterion_main!(benches);

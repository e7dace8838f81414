//! Opening and indexing a real code object, side by side with `llvm-dwarfdump-22
//! --debug-info` on the same file in the same run.
//!
//! The object is the first of `corpora/rocrand/*.co` (run `tools/fetch-rocrand.sh`), or
//! the file named by `HETDWARF_BENCH_OBJECT`; the cold look-up of one PC (what a
//! debugger's first stop costs) is measured on every rocRAND object.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};
use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::Input;

fn rocrand_objects() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/rocrand");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "co"))
        .collect();
    files.sort();
    files
}

fn bench_object() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("HETDWARF_BENCH_OBJECT") {
        return Some(PathBuf::from(p));
    }
    rocrand_objects().into_iter().next()
}

/// Opens `path`, indexes its DWARF and runs `f` on the index: the cold path every
/// `hetdwarf` measurement here times as a whole.
fn with_index<R>(path: &Path, f: impl FnOnce(&DwarfIndex<'_>) -> R) -> R {
    let input = Input::open(path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    f(&DwarfIndex::new(|id| sections.get(id)).expect("index"))
}

/// The PC in the middle of the middle function, looked up cold.
fn middle_pc(path: &Path) -> u64 {
    let pcs = with_index(path, sample_pcs);
    pcs[pcs.len() / 2]
}

/// Open + index + scope of one PC on every rocRAND object: the cold start.
fn cold_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("cold_start");
    group.sample_size(20);
    for path in rocrand_objects() {
        let pc = middle_pc(&path);
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        group.bench_function(format!("{name}: open + index + scope of one PC"), |b| {
            b.iter(|| with_index(&path, |dbg| black_box(dbg.scopes_at(pc).expect("lookup"))))
        });
    }
    group.finish();
}

/// PCs spread over every subprogram with code, to look up after indexing.
fn sample_pcs(dbg: &DwarfIndex<'_>) -> Vec<u64> {
    let mut pcs = Vec::new();
    for u in 0..dbg.units().len() {
        let scopes = dbg.scopes(dbg.unit_id(u).unwrap()).expect("index");
        for &(begin, end, _) in scopes.functions() {
            pcs.push(begin + (end - begin) / 2);
        }
    }
    pcs
}

fn open_index(c: &mut Criterion) {
    let Some(path) = bench_object() else {
        eprintln!(
            "open_index: no object (run tools/fetch-rocrand.sh or set HETDWARF_BENCH_OBJECT)"
        );
        return;
    };
    let pcs = with_index(&path, sample_pcs);
    let middle_pc = pcs[pcs.len() / 2];
    let mut group = c.benchmark_group(format!(
        "open_index/{}",
        path.file_name().unwrap_or_default().to_string_lossy()
    ));
    group.sample_size(20);
    group.bench_function("hetdwarf: open + index + scope of one PC", |b| {
        b.iter(|| {
            with_index(&path, |dbg| {
                black_box(dbg.scopes_at(middle_pc).expect("lookup"))
            })
        })
    });
    group.bench_function(
        "hetdwarf: open + index + scope of every function's PC",
        |b| {
            b.iter(|| {
                with_index(&path, |dbg| {
                    for &pc in &pcs {
                        black_box(dbg.scopes_at(pc).expect("lookup"));
                    }
                })
            })
        },
    );
    group.bench_function("hetdwarf: open + index (units only, no scope tree)", |b| {
        b.iter(|| with_index(&path, |dbg| black_box(dbg.units().len())))
    });
    group.bench_function("hetdwarf: open + walk every DIE (statistics)", |b| {
        b.iter(|| {
            with_index(&path, |dbg| {
                black_box(dbg.statistics().expect("statistics"))
            })
        })
    });
    let dwarfdump_available = Command::new("llvm-dwarfdump-22")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if dwarfdump_available {
        group.bench_function("llvm-dwarfdump-22 --debug-info", |b| {
            b.iter(|| {
                let status = Command::new("llvm-dwarfdump-22")
                    .arg("--debug-info")
                    .arg(&path)
                    .stdout(Stdio::null())
                    .status()
                    .expect("llvm-dwarfdump-22");
                assert!(status.success());
            })
        });
    } else {
        eprintln!("open_index: llvm-dwarfdump-22 not found; peer not measured");
    }
    group.finish();
}

criterion_group!(benches, open_index, cold_start);
criterion_main!(benches);

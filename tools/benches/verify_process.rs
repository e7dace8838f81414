//! `hetdwarf verify OBJ` (with its machine-code checks, and with `--no-code` the DWARF
//! alone, as llvm-dwarfdump checks it) against `llvm-dwarfdump-22 --verify OBJ` as whole
//! processes, on each rocRAND code object (`tools/fetch-rocrand.sh`), side by side in the
//! same run: what a user or a CI job waits for, process start-up, reading the file and writing
//! the text report included (both write to a null device).
//!
//! Run: `cargo bench -p hetdwarf-tools --bench verify_process` (`HETDWARF_BENCH_OBJECT`
//! names one object instead). Built first with `cargo build --profile bench -p
//! hetdwarf-amdgpu --example dwarf_floor`, the floor is measured beside them: a process
//! that reads every DIE, attribute, string, location list and range list once and checks
//! nothing, the least any verifier does.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};

fn objects() -> Vec<PathBuf> {
    if let Ok(p) = std::env::var("HETDWARF_BENCH_OBJECT") {
        return vec![PathBuf::from(p)];
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora/rocrand");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "co"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Runs `program args` to completion with its output discarded; verify's exit status 1
/// (findings) is a completed run too.
fn run(program: &str, args: &[&str], path: &Path) {
    let status = Command::new(program)
        .args(args)
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect(program);
    assert!(matches!(status.code(), Some(0 | 1)), "{program}: {status}");
}

fn bench(c: &mut Criterion) {
    let files = objects();
    if files.is_empty() {
        eprintln!("verify_process: no object (run tools/fetch-rocrand.sh)");
        return;
    }
    let peer = Command::new("llvm-dwarfdump-22")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    // `target/release/hetdwarf` → `target/release/examples/dwarf_floor`.
    let floor = Path::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .with_file_name("examples")
        .join("dwarf_floor");
    let floor = floor.is_file().then_some(floor);
    if floor.is_none() {
        eprintln!(
            "verify_process: no floor (cargo build --profile bench -p hetdwarf-amdgpu --example dwarf_floor)"
        );
    }
    for path in files {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let mut group = c.benchmark_group(format!("verify_process/{name}"));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("hetdwarf verify", |b| {
            b.iter(|| run(env!("CARGO_BIN_EXE_hetdwarf"), &["verify"], &path))
        });
        // The DWARF alone, what llvm-dwarfdump checks: without the machine-code checks.
        group.bench_function("hetdwarf verify --no-code", |b| {
            b.iter(|| {
                run(
                    env!("CARGO_BIN_EXE_hetdwarf"),
                    &["verify", "--no-code"],
                    &path,
                )
            })
        });
        if peer {
            group.bench_function("llvm-dwarfdump-22 --verify", |b| {
                b.iter(|| run("llvm-dwarfdump-22", &["--verify"], &path))
            });
        }
        if let Some(floor) = &floor {
            let floor = floor.to_string_lossy();
            group.bench_function("floor: read every DIE and list once", |b| {
                b.iter(|| run(&floor, &[], &path))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

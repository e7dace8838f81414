//! Verifying a release: every code object under `corpora/` (the rocRAND objects fetched by
//! `tools/fetch-rocrand.sh` included), whole processes, `hetdwarf verify` beside
//! `llvm-dwarfdump-22 --verify` on the same files in the same run, rounds alternating so
//! that a change in the machine's load hits both alike. Reports the median wall time,
//! the throughput in MB of input per second and the peak RSS of each (from `getrusage`
//! through `tools/hostile/measure.py`, whose Python parent adds about 13 MiB).
//!
//! Lines: hetdwarf on all cores and on one (`RAYON_NUM_THREADS=1`), llvm-dwarfdump (one
//! process, single-threaded) on the plain code objects, and hetdwarf with `--no-code`
//! (the DWARF only, what llvm-dwarfdump checks; the machine-code checks run by default); then hetdwarf on the directory
//! itself, containers entry by entry (llvm-dwarfdump cannot look inside them). Scale:
//! every plain object hard-linked `COPIES` times (16 by default: over 2 000 files) into one
//! directory verified as one run, beside the largest object alone and `hetdwarf
//! --version`, so the peak RSS shows what memory grows with (the largest input, not the
//! number of files).
//!
//! Run: `cargo bench -p hetdwarf-tools --bench verify_release` (needs python3 and
//! llvm-dwarfdump-22; `ROUNDS=N` changes the 5 rounds).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Plain AMDGPU code objects (ELF, `e_machine` 224) under `dir`, sorted.
fn code_objects(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            code_objects(&p, out);
        } else if let Ok(bytes) = std::fs::read(&p)
            && bytes.starts_with(b"\x7fELF")
            && bytes.get(18..20) == Some(&[224, 0])
        {
            out.push(p);
        }
    }
}

struct Measured {
    seconds: f64,
    rss_mib: f64,
    status: String,
}

fn measure(env: &[(&str, &str)], cmd: &[String]) -> Measured {
    let out = Command::new("python3")
        .arg(root().join("tools/hostile/measure.py"))
        .args(["--timeout", "300", "--"])
        .args(cmd)
        .envs(env.iter().copied())
        .output()
        .expect("python3 tools/hostile/measure.py");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("measure.py JSON");
    Measured {
        seconds: v["seconds"].as_f64().unwrap(),
        rss_mib: v["max_rss_kib"].as_f64().unwrap() / 1024.0,
        status: v["status"].to_string(),
    }
}

/// A line of the table: its name, extra environment, command and input bytes.
type Run<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a Vec<String>, u64);

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let corpora = root().join("corpora");
    let mut files = Vec::new();
    code_objects(&corpora, &mut files);
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().len())
        .sum();
    let dir_bytes: u64 = {
        let mut all = Vec::new();
        fn walk(d: &Path, out: &mut Vec<PathBuf>) {
            for e in std::fs::read_dir(d).unwrap().flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else {
                    out.push(p);
                }
            }
        }
        walk(&corpora.join("bundle"), &mut all);
        all.iter()
            .map(|f| std::fs::metadata(f).unwrap().len())
            .sum()
    };
    let rocrand = files
        .iter()
        .filter(|f| f.to_string_lossy().contains("rocrand"))
        .count();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.to_string_lossy().into_owned())
        .collect();
    let hetdwarf = env!("CARGO_BIN_EXE_hetdwarf").to_string();
    // `hetdwarf verify PATHS... --format jsonl`.
    let verify_jsonl = |paths: &[String]| -> Vec<String> {
        let mut cmd = vec![hetdwarf.clone(), "verify".into()];
        cmd.extend(paths.iter().cloned());
        cmd.extend(["--format".into(), "jsonl".into()]);
        cmd
    };
    let het_files = verify_jsonl(&names);
    let mut dwarfdump = vec!["llvm-dwarfdump-22".to_string(), "--verify".into()];
    dwarfdump.extend(names.iter().cloned());
    let het_dir = verify_jsonl(&[corpora.to_string_lossy().into_owned()]);
    // Scale: every plain object linked COPIES times into one directory (thousands of
    // files), against the largest object alone and the process doing nothing.
    let copies: usize = std::env::var("COPIES")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(16);
    let scale_dir = std::env::temp_dir().join(format!("hetdwarf-scale-{}", std::process::id()));
    std::fs::create_dir_all(&scale_dir).unwrap();
    for copy in 0..copies {
        for (i, f) in files.iter().enumerate() {
            let link = scale_dir.join(format!("{copy:03}-{i:04}.o"));
            if std::fs::hard_link(f, &link).is_err() {
                std::fs::copy(f, &link).unwrap();
            }
        }
    }
    let largest = files
        .iter()
        .max_by_key(|f| std::fs::metadata(f).unwrap().len())
        .unwrap();
    let largest_bytes = std::fs::metadata(largest).unwrap().len();
    let het_scale = verify_jsonl(&[scale_dir.to_string_lossy().into_owned()]);
    let het_largest = verify_jsonl(&[largest.to_string_lossy().into_owned()]);
    let het_idle = vec![hetdwarf.clone(), "--version".into()];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "{} plain code objects ({rocrand} from rocRAND), {:.1} MB; {cores} cores; {rounds} rounds",
        files.len(),
        bytes as f64 / 1e6
    );
    let scale_name = format!("{} files ({copies} links to each)", files.len() * copies);
    let mut het_dwarf_only = het_files.clone();
    het_dwarf_only.push("--no-code".into());
    let runs: [Run<'_>; 8] = [
        ("hetdwarf verify, all cores", vec![], &het_files, bytes),
        (
            "hetdwarf verify, one core",
            vec![("RAYON_NUM_THREADS", "1")],
            &het_files,
            bytes,
        ),
        ("llvm-dwarfdump-22 --verify", vec![], &dwarfdump, bytes),
        (
            "hetdwarf verify corpora/ (containers too)",
            vec![],
            &het_dir,
            bytes + dir_bytes,
        ),
        (&scale_name, vec![], &het_scale, bytes * copies as u64),
        (
            "the largest object alone",
            vec![],
            &het_largest,
            largest_bytes,
        ),
        (
            "hetdwarf --version (the process alone)",
            vec![],
            &het_idle,
            0,
        ),
        (
            "hetdwarf verify --no-code (DWARF only)",
            vec![],
            &het_dwarf_only,
            bytes,
        ),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); runs.len()];
    let mut peaks = vec![0f64; runs.len()];
    let mut statuses = vec![String::new(); runs.len()];
    for _ in 0..rounds {
        for (i, (_, env, cmd, _)) in runs.iter().enumerate() {
            let m = measure(env, cmd);
            times[i].push(m.seconds);
            peaks[i] = peaks[i].max(m.rss_mib);
            statuses[i] = m.status;
        }
    }
    println!(
        "{:<44} {:>10} {:>10} {:>14} {:>7}",
        "", "median s", "MB/s", "peak RSS MiB", "status"
    );
    let mut medians = Vec::new();
    for (i, (name, _, _, input)) in runs.iter().enumerate() {
        let m = median(times[i].clone());
        medians.push(m);
        println!(
            "{name:<44} {m:>10.3} {:>10.1} {:>14.1} {:>7}",
            *input as f64 / 1e6 / m,
            peaks[i],
            statuses[i]
        );
    }
    println!(
        "hetdwarf is {:.1}x faster on all cores, {:.1}x on one core, than llvm-dwarfdump-22 --verify; {:.1}x checking the DWARF only, as llvm-dwarfdump does (--no-code: no machine-code checks)",
        medians[2] / medians[0],
        medians[2] / medians[1],
        medians[2] / medians[7]
    );
    println!(
        "scale: peak RSS {:.1} MiB over {} files, {:.1} MiB over the {} plain objects, {:.1} MiB for the largest object ({:.1} MB) alone; the harness reports no less than {:.1} MiB for any process (hetdwarf --version)",
        peaks[4],
        files.len() * copies,
        peaks[0],
        files.len(),
        peaks[5],
        largest_bytes as f64 / 1e6,
        peaks[6],
    );
    let _ = std::fs::remove_dir_all(&scale_dir);
}

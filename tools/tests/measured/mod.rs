//! Running hetdwarf under `tools/hostile/measure.py` with the hostile suites' bounds (2 s,
//! 300 MiB on this project's 2-core machine), shared by `hostile.rs` and `hostile_ir.rs`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The wall-time bound of every measured run.
pub const MAX_SECONDS: f64 = 2.0;
/// The peak-RSS bound of every measured run.
pub const MAX_RSS_KIB: u64 = 300 * 1024;

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs hetdwarf with `args` under measure.py; asserts the time and memory bounds and
/// that nothing panicked; returns measure.py's report.
pub fn run(extra: &[&str], args: &[&str]) -> Value {
    // One measured command at a time: the tests of a file run on parallel threads, and
    // a time bound means nothing while another case loads the same cores.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut cmd = Command::new("python3");
    cmd.arg(root().join("tools/hostile/measure.py"))
        .args(["--timeout", "20"])
        .args(extra)
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args);
    let out = cmd.output().expect("measure.py");
    let report: Value = serde_json::from_slice(&out.stdout).expect("measure.py JSON");
    let seconds = report["seconds"].as_f64().unwrap();
    let rss = report["max_rss_kib"].as_u64().unwrap();
    let stderr = report["stderr"].as_str().unwrap_or("");
    assert!(seconds < MAX_SECONDS, "{args:?}: {seconds} s: {report}");
    assert!(rss < MAX_RSS_KIB, "{args:?}: {rss} KiB: {report}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(
        report["status"].as_i64().is_some_and(|s| s >= 0),
        "{args:?}: ended by {}",
        report["status"]
    );
    eprintln!(
        "{args:?}: status {} in {seconds} s, {rss} KiB",
        report["status"]
    );
    report
}

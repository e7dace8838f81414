//! Shared by the C ABI's tests: paths, and C programs built against the static library.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn root() -> PathBuf {
    crate_dir().join("../..")
}

pub fn corpus(rel: &str) -> String {
    root()
        .join("corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

/// Builds the C program at `source` (relative to the crate) with the system C compiler,
/// warnings as errors, against the static library cargo built for this test (in `deps/`,
/// beside the test binary: `cargo test` does not copy it up to `target/<profile>/`).
pub fn build_c(source: &str, name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let lib = exe.parent().unwrap().join("libhetdwarf_c.a");
    assert!(lib.exists(), "{} (built with the crate)", lib.display());
    let out = std::env::temp_dir().join(format!("hetdwarf-{name}-{}", std::process::id()));
    let status = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-g", "-I"])
        .arg(crate_dir().join("include"))
        .arg(crate_dir().join(source))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .expect("the system C compiler (cc)");
    assert!(status.success(), "cc {source}");
    out
}

/// Runs `program` under valgrind (memcheck, leaks counted): its status must be 0.
pub fn valgrind_clean(program: &PathBuf, args: &[String]) {
    let out = Command::new("valgrind")
        .args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite,indirect",
        ])
        .arg(program)
        .args(args)
        .output()
        .expect("valgrind (tools/setup.sh installs it)");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

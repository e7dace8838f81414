//! The workspace's own Rust sources, crate by crate, for the tests that check the code's
//! shape (`module_imports`, `one_path`).

use std::path::{Path, PathBuf};

/// The crates' source roots, relative to the workspace root.
const ROOTS: &[&str] = &[
    "src",
    "amdgpu/src",
    "mc/src",
    "diop/src",
    "tools/src",
    "tools/capi/src",
    "tools/python/src",
];

/// The workspace root.
pub fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each crate's source root.
pub fn crate_roots() -> impl Iterator<Item = PathBuf> {
    ROOTS.iter().map(|r| workspace().join(r))
}

/// Every `.rs` file under `dir`.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, &mut out);
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read_dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

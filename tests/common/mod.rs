//! Shared helpers of the integration tests: where the corpus is and what it holds.

#![allow(dead_code)]

pub mod machine;
pub mod sources;

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The `corpora/` directory.
pub fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora")
}

/// Every committed object with its recorded expectations, as (object, expected JSON),
/// sorted by path. rocRAND objects are included only when `with_rocrand` is set.
pub fn objects(with_rocrand: bool) -> Vec<(PathBuf, Value)> {
    let expected_root = corpora().join("expected");
    let mut out = Vec::new();
    let mut stack = vec![expected_root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("corpora/expected") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let Some(name) = path.to_str() else { continue };
            let Some(stem) = name.strip_suffix(".json") else {
                continue;
            };
            let rel = Path::new(stem)
                .strip_prefix(&expected_root)
                .expect("under expected/")
                .to_path_buf();
            if rel.starts_with("rocrand") && !with_rocrand {
                continue;
            }
            let object = corpora().join(&rel);
            let json: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read json"))
                    .expect("parse json");
            out.push((object, json));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The rocRAND objects, which `tools/fetch-rocrand.sh` (run by `tools/setup.sh`) fetches.
/// Panics with instructions when they are missing: the real-world tests must not pass
/// vacuously.
pub fn rocrand_objects() -> Vec<(PathBuf, Value)> {
    let all: Vec<_> = objects(true)
        .into_iter()
        .filter(|(p, _)| p.components().any(|c| c.as_os_str() == "rocrand"))
        .collect();
    assert!(!all.is_empty(), "no expectations for rocRAND objects");
    for (p, _) in &all {
        assert!(
            p.exists(),
            "{} is missing: run tools/setup.sh (it runs tools/fetch-rocrand.sh)",
            p.display()
        );
    }
    all
}

/// Whether a test-time tool is on PATH.
pub fn have(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The corpus objects (or the rocRAND ones) that are single code objects, not bundles.
pub fn plain_objects(with_rocrand: bool) -> Vec<PathBuf> {
    let all = if with_rocrand {
        rocrand_objects()
    } else {
        objects(false)
    };
    all.into_iter()
        .filter(|(_, want)| want.get("bundle_entries").is_none())
        .map(|(p, _)| p)
        .collect()
}

/// Opens the code object at `path`, indexes its DWARF and runs `f` on both.
pub fn with_debug_info<R>(
    path: &Path,
    f: impl FnOnce(&hetdwarf_amdgpu::CodeObject<'_>, &hetdwarf::index::DwarfIndex<'_>) -> R,
) -> R {
    let input = hetdwarf_amdgpu::Input::open(path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = hetdwarf::index::DwarfIndex::new(|id| sections.get(id)).expect("index");
    f(&co, &dbg)
}

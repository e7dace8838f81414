//! No two modules of a crate import each other: the layering the architecture chapter
//! draws (setup <- context <- frame, bits <- access, batch; session <- stop, ...) holds in
//! the code. For each crate of the workspace, every `use crate::…` and `use super::…` outside
//! test modules is resolved to the module it names, and a pair of modules naming each other
//! fails the test with both file names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod common;

use common::sources::{crate_roots, rust_files, workspace};

/// The module path of `file` under `root` (`crate`, `crate::eval::access`, ...).
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(root)
        .expect("under the root")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    let mut path = vec!["crate".to_string()];
    path.extend(parts);
    path
}

/// Whether `file` is a module file (`mod.rs`, `lib.rs`, `main.rs`): `super` is one level up
/// from its own module rather than from its parent's.
fn is_module_root(file: &Path) -> bool {
    matches!(
        file.file_name().and_then(|n| n.to_str()),
        Some("mod.rs" | "lib.rs" | "main.rs")
    )
}

/// The `use` paths of `text` before its test module, each as its leading segments.
fn use_paths(text: &str) -> Vec<Vec<String>> {
    let body = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let starts_item = before.is_empty() || before.ends_with('\n') || before.ends_with(' ');
        rest = &rest[at + 4..];
        if !starts_item {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        let path: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        let head = path.split('{').next().unwrap_or("").trim_end_matches("::");
        out.push(head.split("::").map(str::to_string).collect());
    }
    out
}

#[test]
fn no_two_modules_import_each_other() {
    let mut cycles = Vec::new();
    for root in crate_roots() {
        let files = rust_files(&root);
        let modules: BTreeMap<Vec<String>, PathBuf> = files
            .iter()
            .map(|f| (module_of(&root, f), f.clone()))
            .collect();
        let mut imports: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for file in &files {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.contains("test") {
                continue;
            }
            let me = module_of(&root, file);
            let text = std::fs::read_to_string(file).expect("read");
            for path in use_paths(&text) {
                let full: Vec<String> = match path.first().map(String::as_str) {
                    Some("crate") => path.clone(),
                    Some("super") => {
                        let mut base = me.clone();
                        if !is_module_root(file) {
                            base.pop();
                        }
                        let mut rest = &path[1..];
                        while rest.first().is_some_and(|s| s == "super") {
                            base.pop();
                            rest = &rest[1..];
                        }
                        base.extend(rest.iter().cloned());
                        base
                    }
                    _ => continue,
                };
                // The longest prefix that is a module of this crate.
                if let Some(target) = (1..=full.len())
                    .rev()
                    .map(|k| full[..k].to_vec())
                    .find(|m| modules.contains_key(m))
                    && target != me
                {
                    imports.entry(me.clone()).or_default().insert(target);
                }
            }
        }
        for (a, targets) in &imports {
            for b in targets {
                if a < b && imports.get(b).is_some_and(|t| t.contains(a)) {
                    cycles.push(format!(
                        "{} <-> {}",
                        modules[a].strip_prefix(workspace()).unwrap().display(),
                        modules[b].strip_prefix(workspace()).unwrap().display()
                    ));
                }
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules that import each other:\n{}",
        cycles.join("\n")
    );
}

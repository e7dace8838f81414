//! Every public item has one path: a module is either private, its items re-exported flat by
//! its parent (gimli's style: `hetdwarf::eval::Evaluator`, not also
//! `hetdwarf::eval::machine::Evaluator`), or public as a namespace whose items its parent
//! does not re-export (`hetdwarf::expr::disasm`, `hetdwarf_amdgpu::registers`). For each
//! crate of the workspace, a module file that both declares `pub mod m` and re-exports
//! from `m` (`pub use m::…`, `pub use self::m::…`) fails the test with the file and module.

mod common;

use common::sources::{crate_roots, rust_files, workspace};

/// The names after `keyword` at the start of a line (`pub mod x;` gives `x`).
fn declared(text: &str, keyword: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix(keyword))
        .filter_map(|rest| {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty() && rest[name.len()..].trim_start().starts_with(';')).then_some(name)
        })
        .collect()
}

/// The first segment of each `pub use` path of `text` (`self::` skipped).
fn re_exported_from(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("pub use "))
        .map(|rest| {
            let rest = rest.strip_prefix("self::").unwrap_or(rest);
            rest.split("::").next().unwrap_or("").trim().to_string()
        })
        .collect()
}

#[test]
fn no_public_module_is_also_re_exported_by_its_parent() {
    let files: Vec<_> = crate_roots().flat_map(|root| rust_files(&root)).collect();
    assert!(files.len() > 100, "the crates' sources were found");
    let mut twice = Vec::new();
    let mut namespaces = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        let public = declared(&text, "pub mod ");
        namespaces += public.len();
        for module in re_exported_from(&text) {
            if public.contains(&module) {
                let rel = file.strip_prefix(workspace()).unwrap_or(file);
                twice.push(format!(
                    "{}: pub mod {module} and pub use {module}::…",
                    rel.display()
                ));
            }
        }
    }
    assert!(namespaces > 10, "public modules were found");
    assert!(
        twice.is_empty(),
        "items reachable by two paths (make the module private, or stop re-exporting it):\n{}",
        twice.join("\n")
    );
}

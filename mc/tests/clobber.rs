//! The machine-code checks on hand-written objects with known stale locations
//! (`corpora/hand-clobber/`, from `tools/corpus/build-clobber.sh`): each variable named
//! `bad:<check-id>[-suffix]` gets exactly that finding, each `good:...` none.

use std::path::Path;

use hetdwarf::index::DwarfIndex;
use hetdwarf::verify::{Finding, checks};
use hetdwarf_amdgpu::Input;

fn findings(name: &str) -> (Vec<Finding>, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora/hand-clobber")
        .join(name);
    let input = Input::read(&path, None).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
    // As verify decodes: without text, a relocatable object's relocations applied.
    let listing = hetdwarf_mc::Listing::facts(&co, &dis).unwrap();
    let functions = hetdwarf_mc::located_functions_of(&co, &dbg, &listing).unwrap();
    let names = functions
        .iter()
        .flat_map(|f| f.variables.iter().map(|v| v.name.to_string()))
        .collect();
    (
        hetdwarf_mc::check(&listing, &functions, &|i| i.text.clone()),
        names,
    )
}

/// The check a `bad:` name must be reported with (the longest listed id it starts with).
fn expected(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix("bad:")?;
    checks::ALL
        .iter()
        .map(|c| c.id)
        .filter(|id| rest == *id || rest.starts_with(&format!("{id}-")))
        .max_by_key(|id| id.len())
}

#[test]
fn each_stale_location_gives_exactly_its_finding() {
    let mut covered = std::collections::BTreeSet::new();
    for object in ["gfx90a.o", "gfx1100.o"] {
        let (found, names) = findings(object);
        assert!(!names.is_empty(), "{object}: no variables");
        for name in &names {
            let mine: Vec<&Finding> = found
                .iter()
                .filter(|f| f.name.as_deref() == Some(name.as_str()))
                .collect();
            let checks: Vec<&str> = mine.iter().map(|f| f.check).collect();
            if name.starts_with("good:") {
                assert!(mine.is_empty(), "{object}: {name} got {checks:?}");
            } else {
                let want = expected(name).unwrap_or_else(|| panic!("{name} names no check"));
                assert_eq!(checks, [want], "{object}: {name}: {:#?}", mine);
                covered.insert(want);
            }
        }
    }
    // The v_dual pair's second destination, the clause, the narrowed EXEC.
    let (found, _) = findings("gfx90a.o");
    let exec = found
        .iter()
        .find(|f| f.name.as_deref() == Some("bad:clobber-overwrite-exec"))
        .unwrap();
    assert!(
        exec.message
            .contains("lanes inactive there still hold the old value"),
        "{}",
        exec.message
    );
    let code_checks: Vec<&str> = checks::ALL
        .iter()
        // The work limit's case is the hostile suite's (scopes sharing one range list).
        .filter(|c| c.group == "code" && c.id != checks::CLOBBER_CHECKS_LIMITED)
        .map(|c| c.id)
        .collect();
    for id in code_checks {
        assert!(covered.contains(id), "no hand-written case for {id}");
    }
}

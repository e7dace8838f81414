//! The DWARF index over every corpus object (and every rocRAND object), checked against
//! values recorded independently with `llvm-dwarfdump-22` when the corpus was made.

mod common;

use std::path::Path;

use hetdwarf::index::{DwarfIndex, ScopeKind};
use hetdwarf_amdgpu::{CodeObject, Input};
use serde_json::Value;

/// Compares the index of one code object with its expectations; returns the mismatches.
fn check(what: &str, co: &CodeObject<'_>, want: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let sections = match co.dwarf_sections() {
        Ok(s) => s,
        Err(e) => return vec![format!("{what}: sections: {e}")],
    };
    let dbg = match DwarfIndex::new(|id| sections.get(id)) {
        Ok(d) => d,
        Err(e) => return vec![format!("{what}: index: {e}")],
    };
    let stats = match dbg.statistics() {
        Ok(s) => s,
        Err(e) => return vec![format!("{what}: statistics: {e}")],
    };
    let mut compare = |field: &str, got: u64| {
        if let Some(expected) = want[field].as_u64()
            && expected != got
        {
            problems.push(format!("{what}: {field}: hetdwarf {got}, LLVM {expected}"));
        }
    };
    compare("compile_units", stats.compile_units as u64);
    compare("subprograms", stats.subprograms as u64);
    compare(
        "variables_with_location",
        stats.variables_with_location as u64,
    );
    let mut location_expressions = 0u64;
    for site in dbg.location_sites().expect("location sites") {
        if site.attr == gimli::DW_AT_location {
            location_expressions += dbg.site_entries(&site).expect("entries").len() as u64;
        }
    }
    compare("location_expressions", location_expressions);
    let versions: Vec<u64> = {
        let mut v: Vec<u64> = dbg
            .units()
            .iter()
            .map(|u| u64::from(u.unit.header.version()))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if let Some(expected) = want["dwarf_versions"].as_array() {
        let expected: Vec<u64> = expected.iter().filter_map(Value::as_u64).collect();
        if expected != versions {
            problems.push(format!(
                "{what}: DWARF versions: hetdwarf {versions:?}, LLVM {expected:?}"
            ));
        }
    }
    let producers: Vec<String> = dbg
        .units()
        .iter()
        .filter_map(|u| u.producer.clone())
        .collect();
    if let Some(expected) = want["producers"].as_array() {
        for p in expected.iter().filter_map(Value::as_str) {
            if !producers.iter().any(|q| q == p) {
                problems.push(format!("{what}: producer {p:?} not found in {producers:?}"));
            }
        }
    }
    // Every subprogram with code is found again by a look-up of its first and last PC,
    // and the chain ends at a subprogram.
    for u in 0..dbg.units().len() {
        let scopes = dbg.scopes(dbg.unit_id(u).unwrap()).expect("scopes");
        for &(begin, end, id) in scopes.functions() {
            for pc in [begin, end - 1] {
                let chain = dbg.scopes_at(pc).expect("lookup");
                let Some(last) = chain.last() else {
                    problems.push(format!("{what}: no scope found at {pc:#x}"));
                    continue;
                };
                let outer = dbg.scope(*last).expect("scope");
                if outer.kind != ScopeKind::Subprogram {
                    problems.push(format!("{what}: chain at {pc:#x} ends at {:?}", outer.kind));
                }
                let covering = scopes.scope(id).expect("a scope of this unit");
                if !chain.iter().any(|s| s.scope == id)
                    && covering.ranges.iter().all(|r| !r.contains(&pc))
                {
                    problems.push(format!("{what}: lookup at {pc:#x} misses its subprogram"));
                }
            }
        }
    }
    problems
}

fn check_object(path: &Path, want: &Value) -> Vec<String> {
    let name = path.display().to_string();
    let input = match Input::open(path) {
        Ok(i) => i,
        Err(e) => return vec![format!("{name}: {e}")],
    };
    if let Some(entries) = want["bundle_entries"].as_array() {
        let mut problems = Vec::new();
        for entry in entries {
            let Some(processor) = entry["processor"].as_str() else {
                continue;
            };
            let Some(expected) = entry.get("expected") else {
                continue;
            };
            let triple = entry["triple"].as_str().unwrap_or(processor);
            let Some(found) = input.entries().iter().find(|e| e.id == triple) else {
                problems.push(format!("{name}: entry {triple} not found"));
                continue;
            };
            let co = match CodeObject::parse(&format!("{name}#{triple}"), input.entry_bytes(found))
            {
                Ok(co) => co,
                Err(e) => {
                    problems.push(e.to_string());
                    continue;
                }
            };
            problems.extend(check(&format!("{name}#{triple}"), &co, expected));
        }
        problems
    } else {
        match input.code_object(None) {
            Ok(co) => check(&name, &co, want),
            Err(e) => vec![format!("{name}: {e}")],
        }
    }
}

#[test]
fn corpus_objects_index_like_llvm_dwarfdump() {
    let objects = common::objects(false);
    assert!(objects.len() >= 40, "corpus too small: {}", objects.len());
    let problems: Vec<String> = objects
        .iter()
        .flat_map(|(path, want)| check_object(path, want))
        .collect();
    assert!(
        problems.is_empty(),
        "{} mismatches:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn rocrand_objects_index_like_llvm_dwarfdump() {
    let objects = common::rocrand_objects();
    assert_eq!(objects.len(), 7);
    let problems: Vec<String> = objects
        .iter()
        .flat_map(|(path, want)| check_object(path, want))
        .collect();
    assert!(
        problems.is_empty(),
        "{} mismatches:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

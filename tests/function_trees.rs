//! A PC look-up builds only the scope tree of the function holding the PC: at every PC
//! where something starts or ends (each scope range's ends and midpoint, each location
//! list entry's bounds), the chain of scopes and the variables it finds are those of the
//! whole unit's tree, DIE for DIE, on every corpus object and every rocRAND object.

mod common;

use std::ops::Range;

use hetdwarf::index::{DwarfIndex, LocationAttrOwned, ScopeKind, UnitScopes};

/// A variable as a scope declares it: DIE, name, location, type.
type VariableSeen = (u64, Option<String>, Option<LocationAttrOwned>, Option<u64>);

/// What a scope is, with its variables, apart from how a tree numbers them.
#[derive(Debug, PartialEq)]
enum Seen {
    Scope {
        die: u64,
        kind: ScopeKind,
        name: Option<String>,
        ranges: Vec<Range<u64>>,
        frame_base: Option<LocationAttrOwned>,
        variables: Vec<VariableSeen>,
    },
}

fn scope_seen(tree: &UnitScopes<'_>, id: hetdwarf::index::ScopeId) -> Seen {
    let s = tree.scope(id).expect("scope of its own tree");
    Seen::Scope {
        die: s.die,
        kind: s.kind,
        name: s.name.as_deref().map(str::to_string),
        ranges: s.ranges.to_vec(),
        frame_base: s.frame_base,
        variables: s
            .variables
            .iter()
            .map(|&v| {
                let v = &tree.variables[v as usize];
                (
                    v.die,
                    v.name.as_deref().map(str::to_string),
                    v.location,
                    v.type_die,
                )
            })
            .collect(),
    }
}

/// PCs worth asking about: every scope range's ends and middle, every location-list
/// entry's bounds.
fn interesting_pcs(dbg: &DwarfIndex<'_>) -> Vec<u64> {
    let mut pcs = Vec::new();
    for unit in dbg.unit_ids() {
        let Ok(tree) = dbg.scopes(unit) else { continue };
        for s in &tree.scopes {
            for r in s.ranges.iter() {
                pcs.extend([r.start, r.start + (r.end - r.start) / 2, r.end - 1, r.end]);
            }
        }
        for v in &tree.variables {
            if let Some(attr @ LocationAttrOwned::List(_)) = v.location
                && let Ok(entries) = dbg.location_entries(unit, attr)
            {
                for r in entries.into_iter().filter_map(|e| e.range) {
                    pcs.extend([r.start, r.end.saturating_sub(1)]);
                }
            }
        }
    }
    pcs.sort_unstable();
    pcs.dedup();
    pcs
}

fn compare(path: &std::path::Path) -> (usize, Vec<String>) {
    common::with_debug_info(path, |_, dbg| {
        let mut problems = Vec::new();
        let pcs = interesting_pcs(dbg);
        for &pc in &pcs {
            let lazy: Vec<Seen> = dbg
                .scopes_at(pc)
                .expect("look-up")
                .into_iter()
                .map(|s| scope_seen(dbg.tree(s.unit, s.tree).expect("tree"), s.scope))
                .collect();
            let whole: Vec<Seen> = dbg
                .units_at(pc)
                .map(|u| {
                    let tree = dbg.scopes(u).expect("whole tree");
                    tree.chain_at(pc)
                        .into_iter()
                        .map(|id| scope_seen(tree, id))
                        .collect::<Vec<_>>()
                })
                .find(|chain| !chain.is_empty())
                .unwrap_or_default();
            if lazy != whole && problems.len() < 5 {
                problems.push(format!(
                    "{}: pc {pc:#x}: function tree {lazy:?}, unit tree {whole:?}",
                    path.display()
                ));
            }
            // The refs a look-up hands out name the same variables through the index.
            for v in dbg.variables_at(pc).expect("variables") {
                let var = dbg.variable(v).expect("variable");
                let scope = dbg.scope(hetdwarf::index::ScopeRef {
                    unit: v.unit,
                    tree: v.tree,
                    scope: v.scope,
                });
                assert!(
                    scope.is_ok_and(|s| s.variables.contains(&(v.index as u32))),
                    "{}: pc {pc:#x}: variable {:#x} is not in the scope its ref names",
                    path.display(),
                    var.die
                );
            }
        }
        (pcs.len(), problems)
    })
}

#[test]
fn function_trees_answer_look_ups_as_the_unit_tree_does() {
    let mut objects = common::plain_objects(false);
    objects.extend(common::plain_objects(true));
    let mut pcs = 0;
    let mut problems = Vec::new();
    for path in &objects {
        let (n, p) = compare(path);
        pcs += n;
        problems.extend(p);
    }
    eprintln!("{} objects, {pcs} PCs compared", objects.len());
    assert!(pcs > 1000, "too few PCs to compare: {pcs}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

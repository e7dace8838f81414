//! Cycles in the DIE graph: a type that contains itself by value (a `typedef` or
//! qualifier chain returning to itself, a structure holding itself), and
//! `DW_AT_abstract_origin` / `DW_AT_specification` chains that return to a DIE. Readers
//! stop at such input with a depth limit; `verify` names the DIEs of the cycle, for each
//! variable and parameter whose type or origin leads into one.

use super::{OpenScope, Shared, die_finding};
use crate::index::{Entry, GimliUnit, Reader};
use crate::verify::{attr_name, checks};

/// The cycles concern: what is known to end, shared by the unit's variables.
#[derive(Default)]
pub(super) struct Cycles {
    types: TypeMemo,
    origins: OriginMemo,
}

impl Cycles {
    /// A variable or parameter: a finding for a cycle its type or its origin leads into.
    pub(super) fn variable<'a>(
        &mut self,
        cx: &mut Shared<'_, 'a>,
        entry: &Entry<'a>,
        scope: Option<&OpenScope>,
    ) {
        let unit = cx.unit;
        let type_cycle = match entry.attr_value(gimli::DW_AT_type) {
            Some(gimli::AttributeValue::UnitRef(t)) => {
                type_cycle(unit, t, &mut self.types).map(|c| {
                    (
                        checks::TYPE_CYCLE,
                        format!(
                            "its type contains itself by value (DIEs {}): it has no size, and readers that follow it do not end",
                            chain(&c)
                        ),
                    )
                })
            }
            _ => None,
        };
        let origin_cycle = origin_cycle(unit, entry, &mut self.origins).map(|c| {
            (
                checks::ORIGIN_CYCLE,
                format!(
                    "DW_AT_abstract_origin / DW_AT_specification lead back to a DIE already on the chain (DIEs {})",
                    chain(&c)
                ),
            )
        });
        for (check, message) in type_cycle.into_iter().chain(origin_cycle) {
            // Its own `DW_AT_name` only, not one found through the chain reported.
            let name = entry
                .attr_value(gimli::DW_AT_name)
                .and_then(|v| cx.dbg.dwarf().attr_string(unit, v).ok())
                .map(|s| cx.names.intern(s.slice()));
            let attr = attr_name(if check == checks::TYPE_CYCLE {
                gimli::DW_AT_type
            } else {
                gimli::DW_AT_abstract_origin
            });
            let function = cx.function(scope);
            let die = cx.die(entry);
            cx.walk
                .findings
                .push(die_finding(check, die, attr, function, name, message));
        }
    }
}

/// How deep a type is followed by value (deeper nesting is not followed).
const MAX_TYPE_DEPTH: usize = 64;
/// How many origin hops are followed.
const MAX_ORIGIN_HOPS: usize = 32;

/// Type DIEs (unit offsets) already known to hold no cycle.
#[derive(Default)]
struct TypeMemo(crate::fast_hash::HashSet<usize>);

/// The `.debug_info` offsets of a cycle reached from the type at `start`, if any.
fn type_cycle(
    unit: &GimliUnit<'_>,
    start: gimli::UnitOffset,
    memo: &mut TypeMemo,
) -> Option<Vec<u64>> {
    let mut path = Vec::new();
    visit(unit, start, &mut path, memo).map(|cycle| {
        cycle
            .into_iter()
            .map(|o| {
                o.to_debug_info_offset(&unit.header)
                    .map_or(0, |d| d.0 as u64)
            })
            .collect()
    })
}

fn visit(
    unit: &GimliUnit<'_>,
    off: gimli::UnitOffset,
    path: &mut Vec<gimli::UnitOffset>,
    memo: &mut TypeMemo,
) -> Option<Vec<gimli::UnitOffset>> {
    if let Some(pos) = path.iter().position(|&p| p == off) {
        let mut cycle = path[pos..].to_vec();
        cycle.push(off);
        return Some(cycle);
    }
    if memo.0.contains(&off.0) || path.len() >= MAX_TYPE_DEPTH {
        return None;
    }
    path.push(off);
    for next in by_value(unit, off) {
        if let Some(c) = visit(unit, next, path, memo) {
            return Some(c);
        }
    }
    path.pop();
    memo.0.insert(off.0);
    None
}

/// The types a value of the type at `off` holds by value: what a typedef or qualifier
/// names, an array's element, a structure's members and bases. Pointers, references and
/// everything else hold none.
fn by_value(unit: &GimliUnit<'_>, off: gimli::UnitOffset) -> Vec<gimli::UnitOffset> {
    let type_of =
        |e: &gimli::DebuggingInformationEntry<Reader<'_>>| match e.attr_value(gimli::DW_AT_type) {
            Some(gimli::AttributeValue::UnitRef(r)) => Some(r),
            _ => None,
        };
    let Ok(mut tree) = unit.entries_tree(Some(off)) else {
        return Vec::new();
    };
    let Ok(root) = tree.root() else {
        return Vec::new();
    };
    match root.entry().tag() {
        gimli::DW_TAG_typedef
        | gimli::DW_TAG_const_type
        | gimli::DW_TAG_volatile_type
        | gimli::DW_TAG_restrict_type
        | gimli::DW_TAG_atomic_type
        | gimli::DW_TAG_immutable_type
        | gimli::DW_TAG_packed_type
        | gimli::DW_TAG_shared_type
        | gimli::DW_TAG_array_type => type_of(root.entry()).into_iter().collect(),
        gimli::DW_TAG_structure_type | gimli::DW_TAG_class_type | gimli::DW_TAG_union_type => {
            let mut out = Vec::new();
            let mut children = root.children();
            while let Ok(Some(child)) = children.next() {
                let e = child.entry();
                let by_value = matches!(e.tag(), gimli::DW_TAG_member | gimli::DW_TAG_inheritance)
                    && e.attr(gimli::DW_AT_external).is_none()
                    && e.attr(gimli::DW_AT_declaration).is_none();
                if by_value && let Some(t) = type_of(e) {
                    out.push(t);
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// DIEs (unit offsets) whose origin / specification chain is known to end: thousands of
/// concrete variables name the same few abstract ones.
#[derive(Default)]
struct OriginMemo(crate::fast_hash::HashSet<usize>);

/// The `.debug_info` offsets of an origin / specification chain from `start` that
/// returns to a DIE, if it does.
fn origin_cycle(
    unit: &GimliUnit<'_>,
    start: &gimli::DebuggingInformationEntry<Reader<'_>>,
    memo: &mut OriginMemo,
) -> Option<Vec<u64>> {
    let origin = |e: &gimli::DebuggingInformationEntry<Reader<'_>>| {
        [gimli::DW_AT_abstract_origin, gimli::DW_AT_specification]
            .into_iter()
            .find_map(|at| match e.attr_value(at) {
                Some(gimli::AttributeValue::UnitRef(r)) => Some(r),
                _ => None,
            })
    };
    // Most chains are one hop to an abstract DIE already known to end: answer those
    // before allocating the chain.
    let first = origin(start)?;
    if first != start.offset() && memo.0.contains(&first.0) {
        return None;
    }
    let mut seen = vec![start.offset()];
    let mut next = Some(first);
    while let Some(off) = next {
        if let Some(pos) = seen.iter().position(|&s| s == off) {
            let mut cycle = seen[pos..].to_vec();
            cycle.push(off);
            return Some(
                cycle
                    .into_iter()
                    .map(|o| {
                        o.to_debug_info_offset(&unit.header)
                            .map_or(0, |d| d.0 as u64)
                    })
                    .collect(),
            );
        }
        if memo.0.contains(&off.0) {
            break;
        }
        if seen.len() >= MAX_ORIGIN_HOPS {
            return None;
        }
        seen.push(off);
        next = unit.entry(off).ok().and_then(|e| origin(&e));
    }
    // The chain ended: no origin on it starts a cycle (the start is not met again).
    memo.0.extend(seen[1..].iter().map(|o| o.0));
    None
}

/// `0x2a -> 0x31 -> 0x2a`.
fn chain(dies: &[u64]) -> String {
    dies.iter()
        .map(|d| format!("{d:#x}"))
        .collect::<Vec<_>>()
        .join(" -> ")
}

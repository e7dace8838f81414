//! Coverage records: one for each subprogram with code, and one for each variable or
//! parameter inside a scope with code, with the bytes of its scope; what of them a
//! location covers is measured when its sites are checked.

use super::{OpenScope, Shared};
use crate::index::Entry;
use crate::verify::ranges::total;
use crate::verify::{Bytes, FunctionCoverage, VariableCoverage};

/// A subprogram whose PC ranges are `scope_ranges[ranges]` (not empty): its record, by
/// index into `Coverage::functions`.
pub(super) fn function<'a>(cx: &mut Shared<'_, 'a>, entry: &Entry<'a>, ranges: usize) -> usize {
    let name = cx.name(entry);
    let size = total(&cx.walk.scope_ranges[ranges]);
    let die = cx.die(entry);
    cx.walk.coverage.functions.push(FunctionCoverage {
        die,
        name,
        size,
        variables: 0,
        bytes: Bytes::default(),
    });
    cx.walk.coverage.functions.len() - 1
}

/// A variable or parameter: its record, by index into `Coverage::variables`, when it is
/// inside a scope with code. Without a location (`has_location`), its whole scope is
/// available (a constant) or optimized out.
pub(super) fn variable<'a>(
    cx: &mut Shared<'_, 'a>,
    entry: &Entry<'a>,
    scope: Option<&OpenScope>,
    has_location: bool,
) -> Option<usize> {
    let f = scope?;
    let function = f.function?;
    if cx.walk.scope_ranges[f.ranges].is_empty() {
        return None;
    }
    let scope = total(&cx.walk.scope_ranges[f.ranges]);
    let name = cx.name(entry);
    let mut bytes = Bytes {
        scope,
        ..Bytes::default()
    };
    if !has_location {
        if entry.attr(gimli::DW_AT_const_value).is_some() {
            bytes.available = scope;
        } else {
            bytes.optimized_out = scope;
        }
    }
    let die = cx.die(entry);
    cx.walk.coverage.variables.push(VariableCoverage {
        die,
        name,
        parameter: entry.tag() == gimli::DW_TAG_formal_parameter,
        function,
        bytes,
    });
    Some(cx.walk.coverage.variables.len() - 1)
}

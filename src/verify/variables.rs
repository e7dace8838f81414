//! The variables verify's walk met, with their location entries and scopes, for a caller
//! that judges the locations against what the DWARF does not hold (the machine code, in
//! `hetdwarf-mc`) without walking the DIEs and reading the location lists a second time.

use std::ops::Range;
use std::sync::Arc;

use crate::fast_hash::HashMap;
use crate::index::{LocListEntry, UnitId, VariableKind};

use super::walk::{Site, Walk};

/// A subprogram with code that holds variables with locations.
#[derive(Clone, Debug)]
pub struct VerifiedFunction {
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Its name, through its origins, if it has one.
    pub name: Option<Arc<str>>,
    /// Its PC ranges, sorted and merged.
    pub ranges: Arc<[Range<u64>]>,
}

/// A variable's or parameter's `DW_AT_location`, inside a subprogram with code.
#[derive(Clone, Debug)]
pub struct VerifiedVariable<'a> {
    /// Its unit.
    pub unit: UnitId,
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Whether it is a formal parameter.
    pub parameter: bool,
    /// Its name, through its origins, if it has one.
    pub name: Option<Arc<str>>,
    /// The `.debug_loc`/`.debug_loclists` offset of its list; `None` for a single
    /// expression.
    pub list: Option<u64>,
    /// Its entries, raw (one, without a range, for a single expression): shared by the
    /// variables naming one list.
    pub entries: Arc<[LocListEntry<'a>]>,
    /// The PC ranges of the scope it lives in: its block's, else the nearest enclosing
    /// scope's that has ranges (sorted and merged).
    pub scope: Arc<[Range<u64>]>,
    /// Its subprogram, by index into [`VerifiedVariables::functions`].
    pub function: usize,
}

/// What [`verify_with_variables`](super::verify_with_variables) keeps of its walk: every
/// variable with a location inside a subprogram with code, in DIE order, and those
/// subprograms, in the order their first variable came.
#[derive(Clone, Debug, Default)]
pub struct VerifiedVariables<'a> {
    /// The subprograms.
    pub functions: Vec<VerifiedFunction>,
    /// The variables.
    pub variables: Vec<VerifiedVariable<'a>>,
}

/// The variables of the walk's `sites`.
pub(super) fn gather<'a>(sites: &[Site<'a>], walk: &Walk<'a>) -> VerifiedVariables<'a> {
    let mut out = VerifiedVariables::default();
    let count = sites
        .iter()
        .filter(|s| s.attr == gimli::DW_AT_location && s.subprogram_die.is_some())
        .count();
    out.variables.reserve_exact(count);
    let mut functions: HashMap<u64, usize> = HashMap::default();
    // Scopes share their ranges (every variable of a block names the block's).
    let mut ranges: HashMap<usize, Arc<[Range<u64>]>> = HashMap::default();
    let mut ranges_of = |i: usize| -> Arc<[Range<u64>]> {
        Arc::clone(
            ranges
                .entry(i)
                .or_insert_with(|| Arc::from(&walk.scope_ranges[i])),
        )
    };
    for site in sites {
        let Some(kind) = VariableKind::of(site.tag) else {
            continue;
        };
        let (Some(die), Some(subprogram)) = (site.subprogram_die, site.subprogram) else {
            continue;
        };
        if site.attr != gimli::DW_AT_location {
            continue;
        }
        let function = *functions.entry(die).or_insert_with(|| {
            out.functions.push(VerifiedFunction {
                die,
                name: site.function_name.map(|i| walk.names[i].clone()),
                ranges: ranges_of(subprogram),
            });
            out.functions.len() - 1
        });
        out.variables.push(VerifiedVariable {
            unit: site.unit,
            die: site.die,
            parameter: kind == VariableKind::Parameter,
            name: site.name.get(walk),
            list: site.list,
            entries: Arc::clone(&site.entries),
            scope: ranges_of(site.scope.unwrap_or(subprogram)),
            function,
        });
    }
    out
}

//! Which function of a unit holds a PC, found by one light pass over the unit's DIEs (only
//! subprograms have their attributes read), and each function's scope tree built the first
//! time a PC inside it is looked up: a debugger's first stop reads the DIEs of one
//! function, not of every inlined call in the unit.

use std::sync::OnceLock;

use super::scopes::{self, ScopeId, ScopeKind, UnitScopes};
use super::{GimliUnit, IndexError, RawSections, Reader, running_max_end};

/// The functions of one unit: subprograms that no other subprogram encloses, and where
/// each of them (with the subprograms nested in it) has code.
pub(super) struct Functions<'a> {
    roots: Vec<Root<'a>>,
    /// Every range of every subprogram with code, as (start, end, root), sorted by start.
    ranges: Vec<(u64, u64, u32)>,
    ranges_max_end: Vec<u64>,
}

struct Root<'a> {
    /// The subprogram DIE.
    die: gimli::UnitOffset,
    tree: OnceLock<Result<UnitScopes<'a>, IndexError>>,
}

impl<'a> Functions<'a> {
    /// Reads the unit's DIEs once, decoding the attributes of subprograms only.
    pub(super) fn skim(
        dwarf: &gimli::Dwarf<Reader<'a>>,
        unit: &GimliUnit<'a>,
        unit_offset: u64,
    ) -> Result<Self, IndexError> {
        let err = |offset: gimli::UnitOffset| {
            let offset = offset
                .to_debug_info_offset(&unit.header)
                .map_or(unit_offset, |o| o.0 as u64);
            move |source| IndexError::Dwarf {
                what: "DIE".into(),
                offset: Some(offset),
                source,
            }
        };
        let mut raw = unit.entries_raw(None).map_err(err(gimli::UnitOffset(0)))?;
        let mut roots: Vec<Root<'a>> = Vec::new();
        let mut ranges = Vec::new();
        let mut attrs = Vec::new();
        // Depth of the root subprogram being read, if inside one.
        let mut inside: Option<isize> = None;
        while !raw.is_empty() {
            let depth = raw.next_depth();
            let offset = raw.next_offset();
            let Some(abbrev) = raw.read_abbreviation().map_err(err(offset))? else {
                continue;
            };
            if inside.is_some_and(|d| depth <= d) {
                inside = None;
            }
            if abbrev.tag() != gimli::DW_TAG_subprogram {
                raw.skip_attributes(abbrev.attributes())
                    .map_err(err(offset))?;
                continue;
            }
            raw.read_attributes(abbrev.attributes(), &mut attrs)
                .map_err(err(offset))?;
            if inside.is_none() {
                inside = Some(depth);
                roots.push(Root {
                    die: offset,
                    tree: OnceLock::new(),
                });
            }
            let root = (roots.len() - 1) as u32;
            super::attrs::attrs_ranges(dwarf, unit, &attrs, |r| {
                if r.start < r.end && !unit.is_tombstone_address(r.start) {
                    ranges.push((r.start, r.end, root));
                }
            })
            .map_err(err(offset))?;
        }
        ranges.sort_unstable();
        let ranges_max_end = running_max_end(ranges.iter().map(|r| r.1));
        Ok(Functions {
            roots,
            ranges,
            ranges_max_end,
        })
    }

    /// The functions with code at `pc`, the one that starts last first.
    pub(super) fn at(&self, pc: u64) -> Vec<u32> {
        let mut found: Vec<u32> = Vec::new();
        for &(_, _, root) in super::covering(&self.ranges, &self.ranges_max_end, pc) {
            if !found.contains(&root) {
                found.push(root);
            }
        }
        found
    }

    /// The scope tree of function `root`, built on first use; `charge` accounts for it.
    pub(super) fn tree(
        &self,
        root: u32,
        dwarf: &gimli::Dwarf<Reader<'a>>,
        sections: RawSections<'a>,
        unit: &GimliUnit<'a>,
        unit_offset: u64,
        charge: impl FnOnce(u64) -> Result<(), IndexError>,
    ) -> Option<Result<&UnitScopes<'a>, IndexError>> {
        let function = self.roots.get(root as usize)?;
        Some(
            function
                .tree
                .get_or_init(|| {
                    let built =
                        scopes::build_function(dwarf, sections, unit, unit_offset, function.die)?;
                    charge(built.heap_bytes())?;
                    Ok(built)
                })
                .as_ref()
                .map_err(Clone::clone),
        )
    }
}

/// The depth of the innermost subprogram [`UnitScopes::chain_at`] chose, for choosing
/// between functions that both cover a PC as the whole unit's tree would.
pub(super) fn subprogram_depth(tree: &UnitScopes<'_>, chain: &[ScopeId]) -> usize {
    chain
        .iter()
        .find(|&&s| {
            tree.scope(s)
                .is_some_and(|s| s.kind == ScopeKind::Subprogram)
        })
        .map_or(0, |&sub| tree.depth(sub))
}

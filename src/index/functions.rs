//! Which function of a unit holds a PC, found by one light pass over the unit's DIEs (only
//! subprograms have their attributes read), and each function's scope tree built the first
//! time a PC inside it is looked up: a debugger's first stop reads the DIEs of one
//! function, not of every inlined call in the unit.

use std::sync::OnceLock;

use super::scopes::{self, ScopeId, UnitScopes};
use super::visit::{self, Entry, ScopeKind, Start, UnitVisitor};
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
        let mut skim = Skim {
            dwarf,
            unit,
            unit_offset,
            roots: Vec::new(),
            ranges: Vec::new(),
        };
        visit::walk(unit, Start::Unit, &mut skim, |offset, source| {
            die_error(unit, unit_offset, offset)(source)
        })?;
        let Skim {
            roots, mut ranges, ..
        } = skim;
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

/// The error for the DIE at `offset` (the unit's offset when it cannot be converted).
fn die_error(
    unit: &GimliUnit<'_>,
    unit_offset: u64,
    offset: gimli::UnitOffset,
) -> impl FnOnce(gimli::Error) -> IndexError {
    let offset = offset
        .to_debug_info_offset(&unit.header)
        .map_or(unit_offset, |o| o.0 as u64);
    move |source| IndexError::Dwarf {
        what: "DIE".into(),
        offset: Some(offset),
        error: source,
    }
}

/// The visitor that finds a unit's functions: it reads subprograms only, and each open
/// scope is the function (index into `roots`) the subprogram belongs to.
struct Skim<'u, 'a> {
    dwarf: &'u gimli::Dwarf<Reader<'a>>,
    unit: &'u GimliUnit<'a>,
    unit_offset: u64,
    roots: Vec<Root<'a>>,
    ranges: Vec<(u64, u64, u32)>,
}

impl<'a> UnitVisitor<'a> for Skim<'_, 'a> {
    type Scope = u32;

    fn reads(&self, tag: gimli::DwTag) -> bool {
        tag == gimli::DW_TAG_subprogram
    }

    fn enter_scope(
        &mut self,
        die: &Entry<'a>,
        _: ScopeKind,
        parent: Option<&u32>,
    ) -> Result<u32, IndexError> {
        // A subprogram nested in another belongs to the outermost one's function.
        let root = match parent {
            Some(&root) => root,
            None => {
                self.roots.push(Root {
                    die: die.offset(),
                    tree: OnceLock::new(),
                });
                (self.roots.len() - 1) as u32
            }
        };
        let (unit, ranges) = (self.unit, &mut self.ranges);
        super::attrs::die_ranges(self.dwarf, unit, die, |r| {
            if r.start < r.end && !unit.is_tombstone_address(r.start) {
                ranges.push((r.start, r.end, root));
            }
        })
        .map_err(die_error(unit, self.unit_offset, die.offset()))?;
        Ok(root)
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

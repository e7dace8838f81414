//! Verify's walk over a unit's DIEs: one pass of the index's walker with a visitor,
//! [`UnitChecks`], that keeps verify's view of each open scope ([`OpenScope`]: its PC ranges,
//! its function) and hands each DIE to the concerns in turn, each in its own file:
//! cycles, references within the unit, colliding attribute numbers, coverage records and
//! the location [`Site`]s the checks then analyse. DIE names are made once for all of
//! them (`names`).

mod collisions;
mod coverage;
mod cycles;
mod names;
mod references;
mod sites;

use std::sync::Arc;

use super::absint::Mode;
use super::ranges::ScopeRanges;
use super::{Coverage, Finding};
use crate::fast_hash::HashMap;
use crate::index::{
    DwarfIndex, Entry, GimliUnit, IndexError, LocListEntry, ScopeKind, Start, UnitId, UnitVisitor,
    VariableKind,
};
use names::Names;
pub(super) use sites::TypeBits;

/// Verify's view of an open scope (subprogram, inlined subroutine, lexical block); a
/// unit's root DIE opens the default one, which has no code.
#[derive(Clone, Copy, Default)]
struct OpenScope {
    /// Index into `scope_ranges`: the scope's own ranges, else its parent's (0, the empty
    /// list, outside code).
    ranges: usize,
    /// Index into `scope_ranges` of the enclosing subprogram's ranges.
    subprogram_ranges: usize,
    /// `.debug_info` offset of the enclosing subprogram's DIE.
    pub(super) subprogram_die: Option<u64>,
    has_frame_base: bool,
    /// Index into `Coverage::functions`, when inside a subprogram with code.
    function: Option<usize>,
    /// The subprogram's name (for findings), by index into `Walk::names`.
    function_name: Option<usize>,
}

/// Where a site's DIE name is kept.
#[derive(Clone, Copy)]
pub(super) enum NameRef {
    None,
    /// `Walk::names[i]`.
    Own(usize),
    /// The name of `Coverage::variables[i]`.
    Variable(usize),
}

impl NameRef {
    pub(super) fn get(self, walk: &Walk<'_>) -> Option<Arc<str>> {
        match self {
            NameRef::None => None,
            NameRef::Own(i) => Some(walk.names[i].clone()),
            NameRef::Variable(i) => walk.coverage.variables[i].name.clone(),
        }
    }
}

/// One location attribute to analyse.
pub(super) struct Site<'a> {
    pub(super) unit: UnitId,
    pub(super) die: u64,
    pub(super) tag: gimli::DwTag,
    pub(super) attr: gimli::DwAt,
    pub(super) mode: Mode,
    /// Shared by every site naming the same list.
    pub(super) entries: Arc<[LocListEntry<'a>]>,
    /// The `.debug_loc`/`.debug_loclists` offset of a list.
    pub(super) list: Option<u64>,
    /// Scope ranges (index into `scope_ranges`) the variable lives in, if any.
    pub(super) scope: Option<usize>,
    pub(super) subprogram: Option<usize>,
    /// `.debug_info` offset of the enclosing subprogram's DIE, when it has code.
    pub(super) subprogram_die: Option<u64>,
    pub(super) has_frame_base: bool,
    pub(super) function_name: Option<usize>,
    pub(super) name: NameRef,
    /// Index into `coverage.variables` when this is a variable's `DW_AT_location`.
    pub(super) coverage: Option<usize>,
    /// `DW_AT_LLVM_memory_space` of the DIE.
    pub(super) memory_space: Option<u64>,
    pub(super) wave_pc: Option<u64>,
    /// The size in bits of the type of a variable or parameter, for its `DW_AT_location`
    /// (0 for Triton's tensors), when it is known.
    pub(super) type_bits: Option<u64>,
}

/// What the walk of every unit gathers for the checks.
pub(super) struct Walk<'a> {
    pub(super) sites: Vec<Site<'a>>,
    /// Location lists decoded so far, by unit and offset: DIEs naming one list share it.
    pub(super) lists: HashMap<(UnitId, u64), Arc<[LocListEntry<'a>]>>,
    pub(super) scope_ranges: ScopeRanges,
    pub(super) names: Vec<Arc<str>>,
    /// What [`variable_type_bits`] worked out.
    pub(super) type_bits: TypeBits,
    /// Per unit walked, the DIEs carrying lane attributes, when the unit's sites are all
    /// the unit's location expressions (no DWARF procedure's, no unreadable list): then
    /// the unit's conventions evidence is counted from the walk.
    pub(super) lane_dies: Vec<(UnitId, Option<usize>)>,
    pub(super) coverage: Coverage,
    pub(super) findings: Vec<Finding>,
}

/// A finding about one attribute of a DIE (no PC range, expression or CFI).
fn die_finding(
    check: &'static str,
    die: u64,
    attr: String,
    function: Option<Arc<str>>,
    name: Option<Arc<str>>,
    message: String,
) -> Finding {
    Finding {
        die: Some(die),
        attr: Some(attr),
        function,
        name,
        ..Finding::new(check, message)
    }
}

/// What the concerns share while one unit is walked: the unit, its DIE names and what
/// the walk of every unit gathers.
struct Shared<'w, 'a> {
    dbg: &'w DwarfIndex<'a>,
    uid: UnitId,
    unit: &'w GimliUnit<'a>,
    /// `.debug_info` offset of the unit.
    offset: u64,
    names: Names<'a>,
    walk: &'w mut Walk<'a>,
}

impl<'a> Shared<'_, 'a> {
    /// The `.debug_info` offset of a DIE of the unit.
    fn die(&self, entry: &Entry<'a>) -> u64 {
        entry
            .offset()
            .to_debug_info_offset(&self.unit.header)
            .map(|o| o.0 as u64)
            .unwrap_or(0)
    }

    /// A DIE's name, through its origins.
    fn name(&mut self, entry: &Entry<'a>) -> Option<Arc<str>> {
        self.names.of(self.dbg, self.unit, entry)
    }

    /// Keeps `name` in `Walk::names`; returns its index.
    fn push_name(&mut self, name: Arc<str>) -> usize {
        self.walk.names.push(name);
        self.walk.names.len() - 1
    }

    /// The name of the function a DIE in `scope` belongs to.
    fn function(&self, scope: Option<&OpenScope>) -> Option<Arc<str>> {
        scope
            .and_then(|f| f.function_name)
            .map(|i| self.walk.names[i].clone())
    }
}

/// The visitor: verify's open scopes, and each DIE handed to the concerns.
struct UnitChecks<'w, 'a> {
    cx: Shared<'w, 'a>,
    cycles: cycles::Cycles,
    references: references::References,
    sites: sites::Sites<'a>,
}

impl<'a> UnitVisitor<'a> for UnitChecks<'_, 'a> {
    type Scope = OpenScope;

    fn enter_scope(
        &mut self,
        entry: &Entry<'a>,
        kind: ScopeKind,
        parent: Option<&OpenScope>,
    ) -> Result<OpenScope, IndexError> {
        let inherited = parent.copied().unwrap_or_default();
        // A unit DIE has no code of its own: what it holds is in no function.
        if kind == ScopeKind::CompileUnit {
            return Ok(inherited);
        }
        let cx = &mut self.cx;
        let ri = cx.walk.scope_ranges.push_die(cx.dbg, cx.unit, entry);
        let has_ranges = !cx.walk.scope_ranges[ri].is_empty();
        if kind != ScopeKind::Subprogram {
            return Ok(OpenScope {
                ranges: if has_ranges { ri } else { inherited.ranges },
                ..inherited
            });
        }
        let function = has_ranges.then(|| coverage::function(cx, entry, ri));
        let function_name = function
            .and_then(|f| cx.walk.coverage.functions[f].name.clone())
            .map(|n| cx.push_name(n));
        let subprogram_die = Some(cx.die(entry));
        Ok(OpenScope {
            ranges: ri,
            subprogram_ranges: ri,
            subprogram_die,
            has_frame_base: entry.attr(gimli::DW_AT_frame_base).is_some(),
            function,
            function_name,
        })
    }

    /// The concerns in the order their findings about one DIE are reported: cycles, then
    /// attribute by attribute references and colliding numbers, then the sites'.
    #[inline(always)]
    fn entry(&mut self, entry: &Entry<'a>, scope: Option<&OpenScope>) -> Result<(), IndexError> {
        let cx = &mut self.cx;
        self.references.mark(entry);
        let variable = VariableKind::of(entry.tag()).is_some();
        if variable {
            self.cycles.variable(cx, entry, scope);
        }
        self.sites.begin();
        for attr in entry.attrs() {
            self.references.attribute(cx, entry, attr, scope);
            collisions::attribute(cx, entry, attr, scope);
            self.sites.attribute(cx, entry, attr)?;
        }
        let coverage = if variable {
            coverage::variable(cx, entry, scope, self.sites.has_location())
        } else {
            None
        };
        self.sites.end(cx, entry, scope, coverage);
        Ok(())
    }
}

/// Walks unit `uid`'s DIEs into `walk`: its scopes' ranges, coverage records, sites and
/// the findings the walk makes.
pub(super) fn walk_unit<'a>(
    dbg: &DwarfIndex<'a>,
    uid: UnitId,
    walk: &mut Walk<'a>,
) -> Result<(), IndexError> {
    let info = dbg.unit(uid)?;
    let unit = &info.unit;
    // Room for the unit's sites and variables at once (real units hold about one site per
    // 40 bytes of DIEs and one variable per 24): growing these vectors step by step
    // copied them and touched fresh pages at each step. Capped, so that a hostile unit
    // reserves no more than a few MiB ahead of what it really holds.
    let unit_bytes = unit.header.length_including_self();
    let ahead = |per: usize, cap: usize| (unit_bytes / per).min(cap);
    walk.sites.reserve(ahead(40, 1 << 15));
    walk.coverage.variables.reserve(ahead(24, 1 << 15));
    let mut checks = UnitChecks {
        cx: Shared {
            dbg,
            uid,
            unit,
            offset: info.offset,
            names: Names::default(),
            walk,
        },
        cycles: cycles::Cycles::default(),
        references: references::References::new(unit_bytes),
        sites: sites::Sites::default(),
    };
    crate::index::walk(unit, Start::Unit, &mut checks, |_, source| {
        IndexError::Dwarf {
            what: "DIE".into(),
            offset: Some(info.offset),
            error: source,
        }
    })?;
    let UnitChecks {
        mut cx,
        references,
        sites,
        ..
    } = checks;
    sites.finish(&mut cx);
    references.finish(&mut cx);
    Ok(())
}

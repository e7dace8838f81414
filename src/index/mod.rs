//! The DWARF index: compile units, scopes by PC, variables and their locations, types.
//!
//! Built on gimli over sections that the caller supplies (memory-mapped, relocated where
//! needed). Like addr2line, the index is lazy: opening parses unit headers and the unit
//! root DIEs only (enough to map a PC to a unit); a PC look-up reads the unit's DIEs once
//! to find its functions and builds the scope tree of the function holding the PC; the
//! whole unit's scope tree is built when asked for. Everything built is cached.
//!
//! Every pass over a unit's DIEs (the scope trees, the functions skim, call sites, the
//! counts, verify's checks) is one walker with a visitor (`visit`): the walker keeps the
//! stack of open scopes and the one table of which tags open a scope.

mod attrs;
mod callsites;
mod conventions;
pub(crate) use conventions::is_lane_attribute;
mod dies;
mod error;
mod expr_context;
mod functions;
mod locations;
mod loclist;
mod lookup;
mod open;
mod scopes;
mod types;
mod visit;
mod walk;

use std::sync::OnceLock;

pub(crate) use attrs::die_ranges;
pub use attrs::{AttributeNumbering, at};
pub use callsites::{CallSite, CallSiteParameter};
pub use conventions::{
    Convention, ConventionsChoice, ExpressionProfile, Producer, ProducerFamily, Reading,
    UnitConventions, UnitEvidence,
};
pub use dies::DieLocationInfo;
pub use error::IndexError;
pub use expr_context::IndexedBaseTypes;
pub use locations::{LOCATION_ATTRIBUTES, LocationSite};
pub use loclist::{LocListEntry, LocListEntryKind, LocationAttr, applicable};
pub use open::UnitDefect;
pub use scopes::{LocationAttrOwned, Scope, ScopeId, UnitScopes, Variable};
pub use types::{ArrayDimension, Enumerator, Member, Type, TypeKind, TypeRef};
pub(crate) use visit::{Entry, Start, UnitVisitor, walk};
pub use visit::{ScopeKind, VariableKind};
pub use walk::Statistics;

/// The gimli reader hetdwarf uses: a little-endian slice (AMDGPU is little-endian).
pub type Reader<'a> = gimli::EndianSlice<'a, gimli::LittleEndian>;

/// A gimli unit over [`Reader`].
pub type GimliUnit<'a> = gimli::Unit<Reader<'a>>;

/// Identifies a unit inside one [`DwarfIndex`]: its position in `.debug_info`, and which
/// index made the id, so that an id handed to another index is a typed error
/// ([`IndexError::ForeignId`]) rather than another unit or a panic. Get ids from
/// [`DwarfIndex::unit_ids`] and the look-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UnitId {
    owner: u32,
    index: usize,
}

impl UnitId {
    /// The unit's position in `.debug_info` (0 for the first unit).
    pub fn index(self) -> usize {
        self.index
    }
}

/// What the index knows about one compilation unit without parsing its DIE tree.
pub struct UnitInfo<'a> {
    /// The gimli unit (header, abbreviations, bases).
    pub unit: GimliUnit<'a>,
    /// `.debug_info` offset of the unit header.
    pub offset: u64,
    /// `DW_AT_name` of the unit DIE.
    pub name: Option<String>,
    /// `DW_AT_producer` of the unit DIE.
    pub producer: Option<String>,
    /// `DW_AT_language` of the unit DIE.
    pub language: Option<gimli::DwLang>,
    /// The unit's PC ranges (from `DW_AT_low_pc`/`high_pc`/`ranges` of the root DIE).
    pub ranges: Vec<std::ops::Range<u64>>,
    scopes: OnceLock<Result<UnitScopes<'a>, IndexError>>,
    /// The unit's functions and their scope trees, for PC look-ups.
    functions: OnceLock<Result<functions::Functions<'a>, IndexError>>,
    /// What the unit's expressions and attributes contain, under the encoding it was
    /// counted with.
    evidence: OnceLock<(crate::expr::Encoding, Result<UnitEvidence, IndexError>)>,
    /// Attributes of the root DIE that could not be read: the unit is indexed without them.
    pub defects: Vec<UnitDefect>,
}

/// An index over the DWARF of one code object.
pub struct DwarfIndex<'a> {
    dwarf: gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    units: Vec<UnitInfo<'a>>,
    /// The tag of this index's [`UnitId`]s.
    owner: u32,
    /// Unit ranges sorted by start, with the running maximum of ends (for overlap-safe search).
    unit_ranges: Vec<(u64, u64, UnitId)>,
    unit_ranges_max_end: Vec<u64>,
    /// How bare vector registers are read (see [`ConventionsChoice`]).
    conventions: ConventionsChoice,
    /// The expression profile, computed on first use (it decodes every expression).
    profile: OnceLock<Result<conventions::ExpressionProfile, IndexError>>,
    /// What scope trees and decoded location lists may take, with the file's other
    /// charges (`None`: unbounded, as for DWARF the caller trusts).
    budget: Option<std::sync::Arc<crate::budget::MemoryBudget>>,
}

/// The raw bytes of the sections the index points into, to turn slices into offsets.
#[derive(Clone, Copy)]
pub(crate) struct RawSections<'a> {
    pub(crate) debug_info: &'a [u8],
    pub(crate) debug_loc: &'a [u8],
    pub(crate) debug_loclists: &'a [u8],
}

/// Offset of `inner` (a sub-slice) within `outer`.
pub(crate) fn offset_in(outer: &[u8], inner: &[u8]) -> u64 {
    (inner.as_ptr() as usize).wrapping_sub(outer.as_ptr() as usize) as u64
}

/// Which scope tree of a unit a [`ScopeRef`] or [`VariableRef`] points into: the whole
/// unit's ([`DwarfIndex::scopes`]) or that of one function, which a PC look-up builds
/// without the rest of the unit. [`DwarfIndex::tree`] gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TreeId(u32);

impl TreeId {
    /// The whole unit's tree.
    pub const UNIT: TreeId = TreeId(0);

    fn function(root: u32) -> TreeId {
        TreeId(root + 1)
    }
}

/// A scope found by a PC lookup: which unit and which scope inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScopeRef {
    /// The unit.
    pub unit: UnitId,
    /// The tree `scope` is numbered in.
    pub tree: TreeId,
    /// The scope inside the tree.
    pub scope: ScopeId,
}

/// A variable found in scope at a PC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariableRef {
    /// The unit.
    pub unit: UnitId,
    /// The tree `scope` and `index` are numbered in.
    pub tree: TreeId,
    /// The scope declaring the variable.
    pub scope: ScopeId,
    /// Position in the tree's variable table.
    pub index: usize,
}

impl<'a> DwarfIndex<'a> {
    /// The gimli view of the sections, for callers that need more than the index offers.
    pub fn dwarf(&self) -> &gimli::Dwarf<Reader<'a>> {
        &self.dwarf
    }

    /// All units, in `.debug_info` order.
    pub fn units(&self) -> &[UnitInfo<'a>] {
        &self.units
    }

    /// One unit.
    pub fn unit(&self, id: UnitId) -> Result<&UnitInfo<'a>, IndexError> {
        if id.owner != self.owner {
            return Err(IndexError::ForeignId { what: "unit" });
        }
        self.units
            .get(id.index)
            .ok_or(IndexError::ForeignId { what: "unit" })
    }

    /// Every unit's id, in `.debug_info` order.
    pub fn unit_ids(&self) -> impl ExactSizeIterator<Item = UnitId> + use<'_, 'a> {
        let owner = self.owner;
        (0..self.units.len()).map(move |index| UnitId { owner, index })
    }

    /// The id of the unit at position `index` of `.debug_info`.
    pub fn unit_id(&self, index: usize) -> Option<UnitId> {
        (index < self.units.len()).then_some(UnitId {
            owner: self.owner,
            index,
        })
    }

    /// The unit containing a `.debug_info` offset.
    pub fn unit_containing(&self, info_offset: u64) -> Option<UnitId> {
        let idx = self.units.partition_point(|u| u.offset <= info_offset);
        let id = idx.checked_sub(1)?;
        let u = &self.units[id];
        let end = u.offset + u.unit.header.length_including_self() as u64;
        (info_offset < end).then_some(UnitId {
            owner: self.owner,
            index: id,
        })
    }

    /// The units whose ranges contain `pc` (usually one).
    pub fn units_at(&self, pc: u64) -> impl Iterator<Item = UnitId> + '_ {
        let mut found: Vec<UnitId> = Vec::new();
        for &(_, _, u) in covering(&self.unit_ranges, &self.unit_ranges_max_end, pc) {
            if !found.contains(&u) {
                found.push(u);
            }
        }
        found.sort_unstable();
        found.into_iter()
    }

    /// Charges the budget set by [`set_budget`](Self::set_budget) for `bytes` that unit
    /// `unit` needs for `what`; with `keep` `false` the bytes are only checked against
    /// what is left (a transient allocation, freed after the request).
    fn charge(&self, unit: u64, what: &str, bytes: u64, keep: bool) -> Result<(), IndexError> {
        let Some(budget) = &self.budget else {
            return Ok(());
        };
        let what = || what.to_string();
        let result = if keep {
            budget.charge(what, bytes)
        } else {
            budget.check(what, bytes)
        };
        result.map_err(|source| IndexError::OverBudget {
            unit,
            error: source,
        })
    }

    /// Bounds what the index builds from the input (scope trees, kept for its life, and
    /// each decoded location list) by `budget`, shared with whatever else the file's
    /// bytes made (its decompressed sections): a small hostile file cannot make the index
    /// take gigabytes. Without it, nothing is bounded beyond the input's own size.
    pub fn set_budget(&mut self, budget: std::sync::Arc<crate::budget::MemoryBudget>) {
        self.budget = Some(budget);
    }
}

/// The ranges of `sorted` (sorted by start; `max_end` is [`running_max_end`] of their
/// ends) that contain `pc`, the one that starts last first: overlapping ranges are all
/// found, and the search stops where no earlier range reaches `pc`.
pub(crate) fn covering<'r, T>(
    sorted: &'r [(u64, u64, T)],
    max_end: &'r [u64],
    pc: u64,
) -> impl Iterator<Item = &'r (u64, u64, T)> + 'r {
    let end = sorted.partition_point(|r| r.0 <= pc);
    (0..end)
        .rev()
        .take_while(move |&i| max_end[i] > pc)
        .map(move |i| &sorted[i])
        .filter(move |r| r.0 <= pc && pc < r.1)
}

/// Running maximum of range ends, so a backwards scan can stop once no earlier range
/// can reach the PC.
pub(crate) fn running_max_end(ends: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut max = 0;
    ends.map(|e| {
        max = max.max(e);
        max
    })
    .collect()
}

//! The DWARF index: compile units, scopes by PC, variables and their locations, types.
//!
//! Built on gimli over sections that the caller supplies (memory-mapped, relocated where
//! needed). Like addr2line, the index is lazy: opening parses unit headers and the unit
//! root DIEs only (enough to map a PC to a unit); a PC look-up reads the unit's DIEs once
//! to find its functions and builds the scope tree of the function holding the PC; the
//! whole unit's scope tree is built when asked for. Everything built is cached.

mod attrs;
mod callsites;
mod conventions;
pub(crate) use conventions::is_lane_attribute;
mod error;
mod functions;
mod loclist;
mod scopes;
mod types;

use std::sync::OnceLock;

pub(crate) use attrs::die_ranges;
pub use attrs::{AttributeNumbering, at};
pub use callsites::{CallSite, CallSiteParameter};
pub use conventions::{
    Convention, ConventionsChoice, ExpressionProfile, Producer, ProducerFamily, Reading,
    UnitConventions, UnitEvidence,
};
pub use error::IndexError;
pub use loclist::{LocListEntry, LocListEntryKind, LocationAttr, applicable};
pub use scopes::{
    LocationAttrOwned, Scope, ScopeId, ScopeKind, UnitScopes, Variable, VariableKind,
};
pub use types::{ArrayDimension, Enumerator, Member, Type, TypeKind, TypeRef};

/// The gimli reader hetdwarf uses: a little-endian slice (AMDGPU is little-endian).
pub type Reader<'a> = gimli::EndianSlice<'a, gimli::LittleEndian>;

/// A gimli unit over [`Reader`].
pub type GimliUnit<'a> = gimli::Unit<Reader<'a>>;

/// Identifies a unit inside one [`DebugInfo`]: its position in `.debug_info`, and which
/// index made the id, so that an id handed to another index is a typed error
/// ([`IndexError::ForeignId`]) rather than another unit or a panic. Get ids from
/// [`DebugInfo::unit_ids`] and the look-ups.
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

/// Tells indexes apart for [`UnitId`]s: each [`DebugInfo`] takes the next number.
static NEXT_OWNER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

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

/// An attribute of a unit's root DIE that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitDefect {
    /// The attribute (`DW_AT_stmt_list`, `DW_AT_low_pc`; `DW_AT_null` when unknown).
    pub attr: gimli::DwAt,
    /// What is wrong.
    pub message: String,
}

/// Builds a unit as `gimli::Dwarf::unit` does, but leaving out what cannot be read of
/// its root DIE (the line program, the low PC) and recording each as a defect.
fn tolerant_unit<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    header: gimli::UnitHeader<Reader<'a>>,
    defects: &mut Vec<UnitDefect>,
) -> gimli::Result<GimliUnit<'a>> {
    let abbreviations = dwarf.abbreviations(&header)?;
    let encoding = header.encoding();
    let mut unit = gimli::Unit {
        abbreviations,
        name: None,
        comp_dir: None,
        low_pc: 0,
        str_offsets_base: gimli::DebugStrOffsetsBase::default_for_encoding_and_file(
            encoding,
            dwarf.file_type,
        ),
        addr_base: gimli::DebugAddrBase(0),
        loclists_base: gimli::DebugLocListsBase::default_for_encoding_and_file(
            encoding,
            dwarf.file_type,
        ),
        rnglists_base: gimli::DebugRngListsBase::default_for_encoding_and_file(
            encoding,
            dwarf.file_type,
        ),
        line_program: None,
        dwo_id: None,
        header,
    };
    let (mut name, mut comp_dir, mut stmt_list, mut low_pc) = (None, None, None, None);
    {
        let mut cursor = unit.header.entries(&unit.abbreviations);
        cursor.next_dfs()?;
        let root = cursor.current().ok_or(gimli::Error::MissingUnitDie)?;
        for attr in root.attrs() {
            match (attr.name(), attr.value()) {
                (gimli::DW_AT_name, v) => name = Some(v),
                (gimli::DW_AT_comp_dir, v) => comp_dir = Some(v),
                (gimli::DW_AT_low_pc, v) => low_pc = Some(v),
                (gimli::DW_AT_stmt_list, gimli::AttributeValue::DebugLineRef(o)) => {
                    stmt_list = Some(o)
                }
                (gimli::DW_AT_str_offsets_base, gimli::AttributeValue::DebugStrOffsetsBase(b)) => {
                    unit.str_offsets_base = b
                }
                (
                    gimli::DW_AT_addr_base | gimli::DW_AT_GNU_addr_base,
                    gimli::AttributeValue::DebugAddrBase(b),
                ) => unit.addr_base = b,
                (gimli::DW_AT_loclists_base, gimli::AttributeValue::DebugLocListsBase(b)) => {
                    unit.loclists_base = b
                }
                (
                    gimli::DW_AT_rnglists_base | gimli::DW_AT_GNU_ranges_base,
                    gimli::AttributeValue::DebugRngListsBase(b),
                ) => unit.rnglists_base = b,
                _ => {}
            }
        }
    }
    unit.name = name.and_then(|v| dwarf.attr_string(&unit, v).ok());
    unit.comp_dir = comp_dir.and_then(|v| dwarf.attr_string(&unit, v).ok());
    if let Some(offset) = stmt_list {
        match dwarf
            .debug_line
            .program(offset, unit.header.address_size(), unit.comp_dir, unit.name)
        {
            Ok(p) => unit.line_program = Some(p),
            Err(e) => defects.push(UnitDefect {
                attr: gimli::DW_AT_stmt_list,
                message: format!(
                    "the line table at .debug_line offset {:#x} is unreadable: {e}",
                    offset.0
                ),
            }),
        }
    }
    if let Some(v) = low_pc {
        match dwarf.attr_address(&unit, v) {
            Ok(Some(a)) => unit.low_pc = a,
            Ok(None) => defects.push(UnitDefect {
                attr: gimli::DW_AT_low_pc,
                message: format!("{v:?} is not an address"),
            }),
            Err(e) => defects.push(UnitDefect {
                attr: gimli::DW_AT_low_pc,
                message: format!("unreadable: {e}"),
            }),
        }
    }
    Ok(unit)
}

/// An index over the DWARF of one code object.
pub struct DebugInfo<'a> {
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
/// unit's ([`DebugInfo::scopes`]) or that of one function, which a PC look-up builds
/// without the rest of the unit. [`DebugInfo::tree`] gives it.
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

/// Counts over the whole object, for `hetdwarf info` and the corpus tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    /// Compilation units.
    pub compile_units: usize,
    /// `DW_TAG_subprogram` DIEs.
    pub subprograms: usize,
    /// `DW_TAG_inlined_subroutine` DIEs.
    pub inlined_subroutines: usize,
    /// `DW_TAG_variable` and `DW_TAG_formal_parameter` DIEs.
    pub variables: usize,
    /// Those of them with a `DW_AT_location` attribute (any form).
    pub variables_with_location: usize,
    /// DIEs carrying `DW_AT_LLVM_*` attributes at the current numbers (0x3e0f..0x3e13).
    pub current_llvm_attributes: usize,
    /// Subprogram, inlined-subroutine and base-type DIEs carrying attributes at the old AMD
    /// numbers (0x3e08..0x3e0c).
    pub old_llvm_attributes: usize,
    /// Subprograms with code but no `DW_AT_frame_base`.
    pub subprograms_without_frame_base: usize,
}

/// A location-class attribute found anywhere in `.debug_info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocationSite<'a> {
    /// The unit.
    pub unit: UnitId,
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// The DIE's tag.
    pub tag: gimli::DwTag,
    /// The attribute.
    pub attr: gimli::DwAt,
    /// Where it points.
    pub location: LocationAttr<'a>,
}

/// Attributes whose values are DWARF expressions or location lists.
pub const LOCATION_ATTRIBUTES: &[gimli::DwAt] = &[
    gimli::DW_AT_location,
    gimli::DW_AT_frame_base,
    gimli::DW_AT_data_member_location,
    gimli::DW_AT_use_location,
    gimli::DW_AT_vtable_elem_location,
    gimli::DW_AT_data_location,
    gimli::DW_AT_return_addr,
    gimli::DW_AT_static_link,
    gimli::DW_AT_string_length,
    gimli::DW_AT_call_value,
    gimli::DW_AT_call_data_value,
    gimli::DW_AT_call_data_location,
    gimli::DW_AT_call_target,
    gimli::DW_AT_call_target_clobbered,
    gimli::DW_AT_GNU_call_site_value,
    gimli::DW_AT_GNU_call_site_target,
    at::LLVM_LANE_PC,
    at::OLD_LLVM_LANE_PC,
    at::OLD_LLVM_ACTIVE_LANE,
];

impl<'a> DebugInfo<'a> {
    /// Builds the index over sections supplied by `section` (an empty slice for a missing
    /// section). Parses every unit header and root DIE; nothing deeper.
    pub fn new(section: impl Fn(gimli::SectionId) -> &'a [u8]) -> Result<Self, IndexError> {
        let owner = NEXT_OWNER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let sections = RawSections {
            debug_info: section(gimli::SectionId::DebugInfo),
            debug_loc: section(gimli::SectionId::DebugLoc),
            debug_loclists: section(gimli::SectionId::DebugLocLists),
        };
        let mut dwarf = gimli::Dwarf::load(|id| -> Result<Reader<'a>, IndexError> {
            Ok(Reader::new(section(id), gimli::LittleEndian))
        })?;
        // Units that share an abbreviation table share one parsed copy (a table is
        // otherwise parsed and kept once per unit: 200 000 units over one 50 000-entry
        // table took gigabytes).
        dwarf.populate_abbreviations_cache(gimli::AbbreviationsCacheStrategy::Duplicates);
        let mut units = Vec::new();
        let mut headers = dwarf.units();
        loop {
            let header = match headers.next() {
                Ok(Some(header)) => header,
                Ok(None) => break,
                Err(source) => {
                    return Err(IndexError::Dwarf {
                        what: "unit header".into(),
                        offset: None,
                        source,
                    });
                }
            };
            let offset = header.debug_info_offset().map(|o| o.0 as u64).unwrap_or(0);
            let mut defects = Vec::new();
            let unit = match dwarf.unit(header) {
                Ok(unit) => unit,
                Err(first) => {
                    // Something of the root DIE beyond its DIEs is broken (the line table
                    // `DW_AT_stmt_list` names, a `DW_AT_low_pc` of a non-address form): keep
                    // the unit without it, and say what was left out.
                    let unit = tolerant_unit(&dwarf, header, &mut defects).map_err(|source| {
                        IndexError::Dwarf {
                            what: "unit".into(),
                            offset: Some(offset),
                            source,
                        }
                    })?;
                    if defects.is_empty() {
                        defects.push(UnitDefect {
                            attr: gimli::DW_AT_null,
                            message: first.to_string(),
                        });
                    }
                    unit
                }
            };
            units.push(Self::unit_info(&dwarf, unit, offset, defects)?);
        }
        let mut unit_ranges: Vec<(u64, u64, UnitId)> = units
            .iter()
            .enumerate()
            .flat_map(|(index, u)| {
                u.ranges
                    .iter()
                    .map(move |r| (r.start, r.end, UnitId { owner, index }))
            })
            .filter(|(b, e, _)| b < e)
            .collect();
        unit_ranges.sort_unstable_by_key(|&(b, e, u)| (b, e, u));
        let unit_ranges_max_end = running_max_end(unit_ranges.iter().map(|r| r.1));
        Ok(DebugInfo {
            dwarf,
            sections,
            units,
            owner,
            unit_ranges,
            unit_ranges_max_end,
            conventions: ConventionsChoice::Auto,
            profile: OnceLock::new(),
            budget: None,
        })
    }

    fn unit_info(
        dwarf: &gimli::Dwarf<Reader<'a>>,
        unit: GimliUnit<'a>,
        offset: u64,
        mut defects: Vec<UnitDefect>,
    ) -> Result<UnitInfo<'a>, IndexError> {
        let dwarf_err = |what: &str, source| IndexError::Dwarf {
            what: what.into(),
            offset: Some(offset),
            source,
        };
        let (name, producer, language, ranges) = {
            let mut cursor = unit.entries();
            let root = cursor
                .next_dfs()
                .map_err(|e| dwarf_err("unit root DIE", e))?
                .ok_or_else(|| IndexError::Malformed {
                    offset,
                    reason: "unit has no root DIE".into(),
                })?;
            let mut string = |at| {
                let v = root.attr_value(at)?;
                match dwarf.attr_string(&unit, v) {
                    Ok(s) => Some(s.to_string_lossy().into_owned()),
                    Err(e) => {
                        defects.push(UnitDefect {
                            attr: at,
                            message: format!("the string is unreadable: {e}"),
                        });
                        None
                    }
                }
            };
            let name = string(gimli::DW_AT_name);
            let producer = string(gimli::DW_AT_producer);
            let language = match root.attr_value(gimli::DW_AT_language) {
                Some(gimli::AttributeValue::Language(l)) => Some(l),
                _ => None,
            };
            let mut ranges = Vec::new();
            let read_ranges = |ranges: &mut Vec<std::ops::Range<u64>>| -> gimli::Result<()> {
                attrs::die_ranges(dwarf, &unit, root, |r| {
                    if r.start < r.end {
                        ranges.push(r);
                    }
                })
            };
            if let Err(e) = read_ranges(&mut ranges) {
                // The unit is still indexed; its PCs are found through its subprograms.
                ranges.clear();
                defects.push(UnitDefect {
                    attr: gimli::DW_AT_low_pc,
                    message: format!("the unit's PC ranges are unreadable: {e}"),
                });
            }
            (name, producer, language, ranges)
        };
        Ok(UnitInfo {
            unit,
            offset,
            name,
            producer,
            language,
            ranges,
            scopes: OnceLock::new(),
            functions: OnceLock::new(),
            evidence: OnceLock::new(),
            defects,
        })
    }

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

    /// The scope tree of a unit, built on first use.
    pub fn scopes(&self, id: UnitId) -> Result<&UnitScopes<'a>, IndexError> {
        let info = self.unit(id)?;
        info.scopes
            .get_or_init(|| {
                let built = scopes::build(&self.dwarf, self.sections, &info.unit, info.offset)?;
                // A unit's scope tree lives as long as the index: charged to the budget.
                self.charge(info.offset, "its scope tree", built.heap_bytes(), true)?;
                Ok(built)
            })
            .as_ref()
            .map_err(Clone::clone)
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
        result.map_err(|source| IndexError::OverBudget { unit, source })
    }

    /// Bounds what the index builds from the input (scope trees, kept for its life, and
    /// each decoded location list) by `budget`, shared with whatever else the file's
    /// bytes made (its decompressed sections): a small hostile file cannot make the index
    /// take gigabytes. Without it, nothing is bounded beyond the input's own size.
    pub fn set_budget(&mut self, budget: std::sync::Arc<crate::budget::MemoryBudget>) {
        self.budget = Some(budget);
    }

    /// The chain of scopes containing `pc`, innermost first (lexical blocks, inlined
    /// subroutines, then the subprogram). Empty when no subprogram covers `pc`.
    ///
    /// Only the function holding `pc` has its scope tree built (the unit's DIEs are read
    /// once to find it); the scopes are numbered in that function's tree.
    pub fn scopes_at(&self, pc: u64) -> Result<Vec<ScopeRef>, IndexError> {
        for unit in self.units_at(pc) {
            let functions = self.functions(unit)?;
            // Among functions that both cover pc (overlapping input), the one whose
            // innermost subprogram is nested deepest, as the whole unit's tree chooses.
            let mut best: Option<(usize, TreeId, Vec<ScopeId>)> = None;
            for root in functions.at(pc) {
                let tree = TreeId::function(root);
                let scopes = self.tree(unit, tree)?;
                let chain = scopes.chain_at(pc);
                if chain.is_empty() {
                    continue;
                }
                let depth = functions::subprogram_depth(scopes, &chain);
                if best.as_ref().is_none_or(|(d, _, _)| depth > *d) {
                    best = Some((depth, tree, chain));
                }
            }
            if let Some((_, tree, chain)) = best {
                return Ok(chain
                    .into_iter()
                    .map(|scope| ScopeRef { unit, tree, scope })
                    .collect());
            }
        }
        Ok(Vec::new())
    }

    /// The unit's functions, found on first use.
    fn functions(&self, id: UnitId) -> Result<&functions::Functions<'a>, IndexError> {
        let info = self.unit(id)?;
        info.functions
            .get_or_init(|| functions::Functions::skim(&self.dwarf, &info.unit, info.offset))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The scope tree a reference's [`TreeId`] names: the whole unit's, or one function's.
    pub fn tree(&self, unit: UnitId, tree: TreeId) -> Result<&UnitScopes<'a>, IndexError> {
        let Some(root) = tree.0.checked_sub(1) else {
            return self.scopes(unit);
        };
        let info = self.unit(unit)?;
        self.functions(unit)?
            .tree(
                root,
                &self.dwarf,
                self.sections,
                &info.unit,
                info.offset,
                |bytes| self.charge(info.offset, "a function's scope tree", bytes, true),
            )
            .unwrap_or(Err(IndexError::ForeignId { what: "scope tree" }))
    }

    /// Every variable and parameter visible at `pc`: the scope chain from innermost
    /// outwards, each scope's variables in declaration order.
    pub fn variables_at(&self, pc: u64) -> Result<Vec<VariableRef>, IndexError> {
        let mut out = Vec::new();
        for s in self.scopes_at(pc)? {
            let scope = self.scope(s)?;
            for &index in &scope.variables {
                out.push(VariableRef {
                    unit: s.unit,
                    tree: s.tree,
                    scope: s.scope,
                    index: index as usize,
                });
            }
        }
        Ok(out)
    }

    /// The variable a [`VariableRef`] names.
    pub fn variable(&self, v: VariableRef) -> Result<&Variable<'a>, IndexError> {
        self.tree(v.unit, v.tree)?
            .variables
            .get(v.index)
            .ok_or(IndexError::ForeignId { what: "variable" })
    }

    /// The scope a [`ScopeRef`] names.
    pub fn scope(&self, s: ScopeRef) -> Result<&Scope<'a>, IndexError> {
        self.tree(s.unit, s.tree)?
            .scope(s.scope)
            .ok_or(IndexError::ForeignId { what: "scope" })
    }

    /// The bytes behind a location attribute of a scope or variable.
    pub fn location_attr(&self, attr: LocationAttrOwned) -> LocationAttr<'a> {
        match attr {
            LocationAttrOwned::Expr { start, len } => {
                let info = self.sections.debug_info;
                let bytes = usize::try_from(start)
                    .ok()
                    .zip(usize::try_from(len).ok())
                    .and_then(|(s, l)| info.get(s..s.checked_add(l)?))
                    .unwrap_or(&[]);
                LocationAttr::Expr(bytes)
            }
            LocationAttrOwned::List(o) => LocationAttr::List(o),
        }
    }

    /// The location an attribute value of a DIE of `unit` describes (exprloc, block or
    /// location list), detached from the section lifetime; `None` for other forms.
    pub fn owned_location(
        &self,
        unit: UnitId,
        value: gimli::AttributeValue<Reader<'a>>,
    ) -> Result<Option<LocationAttrOwned>, IndexError> {
        let info = self.unit(unit)?;
        let attr = LocationAttr::from_value(&self.dwarf, &info.unit, value).map_err(|source| {
            IndexError::Dwarf {
                what: "location attribute".into(),
                offset: Some(info.offset),
                source,
            }
        })?;
        Ok(attr.map(|a| match a {
            LocationAttr::Expr(bytes) => LocationAttrOwned::Expr {
                start: offset_in(self.sections.debug_info, bytes),
                len: bytes.len() as u64,
            },
            LocationAttr::List(o) => LocationAttrOwned::List(o),
        }))
    }

    /// Resolves a location attribute to its entries (one entry for an exprloc), with
    /// raw location-list entries, the base-address rules applied and anomalies kept.
    pub fn location_entries(
        &self,
        unit: UnitId,
        attr: LocationAttrOwned,
    ) -> Result<Vec<LocListEntry<'a>>, IndexError> {
        let info = self.unit(unit)?;
        let entries = loclist::entries(
            &self.dwarf,
            self.sections,
            &info.unit,
            info.offset,
            &self.location_attr(attr),
        )?;
        let bytes = (entries.len() * std::mem::size_of::<LocListEntry<'_>>()) as u64;
        self.charge(info.offset, "a decoded location list", bytes, false)?;
        Ok(entries)
    }

    /// Decodes the type DIE at a `.debug_info` offset.
    pub fn type_at(&self, die: u64) -> Result<Type, IndexError> {
        let unit = self
            .unit_containing(die)
            .ok_or_else(|| IndexError::Malformed {
                offset: die,
                reason: "type reference outside .debug_info".into(),
            })?;
        let info = self.unit(unit)?;
        types::decode(&self.dwarf, self.sections, &info.unit, info.offset, die)
    }

    /// The C-like name of a type (`int *`, `struct S`, `float[4]`); `void` for none.
    pub fn type_name(&self, die: TypeRef) -> String {
        let Some(unit) = die.and_then(|d| self.unit_containing(d)) else {
            return types::name_void(die);
        };
        let Ok(info) = self.unit(unit) else {
            return types::name_void(die);
        };
        types::name(&self.dwarf, self.sections, &info.unit, info.offset, die, 0)
    }

    /// Calls `f` on every DIE of every unit in order; a parse error stops the walk with an
    /// error naming the unit.
    fn for_each_die(
        &self,
        mut f: impl FnMut(
            UnitId,
            &UnitInfo<'a>,
            &gimli::DebuggingInformationEntry<Reader<'a>>,
        ) -> Result<(), IndexError>,
    ) -> Result<(), IndexError> {
        for i in 0..self.units.len() {
            self.for_each_die_in(self.unit_id(i).expect("a unit"), &mut f)?;
        }
        Ok(())
    }

    /// Calls `f` on every DIE of one unit in order.
    fn for_each_die_in(
        &self,
        id: UnitId,
        mut f: impl FnMut(
            UnitId,
            &UnitInfo<'a>,
            &gimli::DebuggingInformationEntry<Reader<'a>>,
        ) -> Result<(), IndexError>,
    ) -> Result<(), IndexError> {
        let info = self.unit(id)?;
        let mut cursor = info.unit.entries();
        loop {
            let entry = match cursor.next_dfs() {
                Ok(Some(e)) => e,
                Ok(None) => break,
                Err(source) => {
                    return Err(IndexError::Dwarf {
                        what: "DIE".into(),
                        offset: Some(info.offset),
                        source,
                    });
                }
            };
            f(id, info, entry)?;
        }
        Ok(())
    }

    /// Counts over every unit; walks every DIE once.
    pub fn statistics(&self) -> Result<Statistics, IndexError> {
        let mut stats = Statistics {
            compile_units: self.units.len(),
            ..Statistics::default()
        };
        self.for_each_die(|_, _, entry| {
            let tag = entry.tag();
            if entry
                .attrs()
                .iter()
                .any(|a| (0x3e0f..=0x3e13).contains(&a.name().0))
            {
                stats.current_llvm_attributes += 1;
            }
            if matches!(
                tag,
                gimli::DW_TAG_subprogram
                    | gimli::DW_TAG_inlined_subroutine
                    | gimli::DW_TAG_base_type
            ) && entry
                .attrs()
                .iter()
                .any(|a| (0x3e08..=0x3e0c).contains(&a.name().0))
            {
                stats.old_llvm_attributes += 1;
            }
            if tag == gimli::DW_TAG_subprogram
                && entry.attr(gimli::DW_AT_frame_base).is_none()
                && entry.attr(gimli::DW_AT_low_pc).is_some()
            {
                stats.subprograms_without_frame_base += 1;
            }
            match tag {
                gimli::DW_TAG_subprogram => stats.subprograms += 1,
                gimli::DW_TAG_inlined_subroutine => stats.inlined_subroutines += 1,
                gimli::DW_TAG_variable | gimli::DW_TAG_formal_parameter => {
                    stats.variables += 1;
                    if entry.attr(gimli::DW_AT_location).is_some() {
                        stats.variables_with_location += 1;
                    }
                }
                _ => {}
            }
            Ok(())
        })?;
        Ok(stats)
    }
}

impl<'a> DebugInfo<'a> {
    /// Every location-class attribute in every unit, in DIE order, plus every other
    /// attribute whose form is `DW_FORM_exprloc` (array bounds, for instance). Constant-form
    /// `DW_AT_data_member_location` values are not locations and are skipped.
    pub fn location_sites(&self) -> Result<Vec<LocationSite<'a>>, IndexError> {
        let mut out = Vec::new();
        self.for_each_die(|id, info, entry| self.push_sites(id, info, entry, &mut out))?;
        Ok(out)
    }

    /// The location sites of one unit (see [`location_sites`](Self::location_sites)).
    pub fn unit_location_sites(&self, id: UnitId) -> Result<Vec<LocationSite<'a>>, IndexError> {
        let mut out = Vec::new();
        self.for_each_die_in(id, |id, info, entry| {
            self.push_sites(id, info, entry, &mut out)
        })?;
        Ok(out)
    }

    /// Appends the location-class attributes of one DIE to `out`.
    fn push_sites(
        &self,
        id: UnitId,
        info: &UnitInfo<'a>,
        entry: &gimli::DebuggingInformationEntry<Reader<'a>>,
        out: &mut Vec<LocationSite<'a>>,
    ) -> Result<(), IndexError> {
        let die = entry
            .offset()
            .to_debug_info_offset(&info.unit.header)
            .map(|o| o.0 as u64)
            .unwrap_or(0);
        for attr in entry.attrs() {
            if !LOCATION_ATTRIBUTES.contains(&attr.name()) && attr.form() != gimli::DW_FORM_exprloc
            {
                continue;
            }
            let location = LocationAttr::from_value(&self.dwarf, &info.unit, attr.value())
                .map_err(|source| IndexError::Dwarf {
                    what: format!("{}", attr.name()),
                    offset: Some(die),
                    source,
                })?;
            if let Some(location) = location {
                out.push(LocationSite {
                    unit: id,
                    die,
                    tag: entry.tag(),
                    attr: attr.name(),
                    location,
                });
            }
        }
        Ok(())
    }

    /// Location-list entries of a site (a single entry for an expression).
    pub fn site_entries(
        &self,
        site: &LocationSite<'a>,
    ) -> Result<Vec<LocListEntry<'a>>, IndexError> {
        let info = self.unit(site.unit)?;
        loclist::entries(
            &self.dwarf,
            self.sections,
            &info.unit,
            info.offset,
            &site.location,
        )
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

/// Base types of one unit, for printing `DW_OP_convert` and friends as `llvm-dwarfdump` does.
pub struct UnitBaseTypes<'d, 'a> {
    dbg: &'d DebugInfo<'a>,
    info: &'d UnitInfo<'a>,
}

impl<'a> DebugInfo<'a> {
    /// The base-type view of a unit for the expression printer.
    pub fn unit_base_types(&self, unit: UnitId) -> Result<UnitBaseTypes<'_, 'a>, IndexError> {
        Ok(UnitBaseTypes {
            dbg: self,
            info: self.unit(unit)?,
        })
    }

    /// Decoding parameters for expressions of `unit` under `encoding`.
    pub fn decode_params(
        &self,
        unit: UnitId,
        encoding: crate::expr::Encoding,
    ) -> Result<crate::expr::DecodeParams, IndexError> {
        let header = &self.unit(unit)?.unit.header;
        Ok(crate::expr::DecodeParams {
            encoding,
            address_size: header.address_size(),
            offset_size: header.format().word_size(),
            version: header.version(),
        })
    }
}

impl crate::expr::disasm::UnitBaseTypes for UnitBaseTypes<'_, '_> {
    fn unit_offset(&self) -> u64 {
        self.info.offset
    }

    fn base_type(&self, unit_relative: u64) -> Option<Option<String>> {
        let info = self.info;
        let offset = gimli::UnitOffset(usize::try_from(unit_relative).ok()?);
        if !offset.is_in_bounds(&info.unit.header) {
            return None;
        }
        let entry = info.unit.entry(offset).ok()?;
        (entry.tag() == gimli::DW_TAG_base_type).then(|| {
            entry
                .attr_value(gimli::DW_AT_name)
                .and_then(|v| self.dbg.dwarf.attr_string(&info.unit, v).ok())
                .map(|s| s.to_string_lossy().into_owned())
        })
    }
}

/// What a DIE offers for location look-ups by other expressions (`DW_OP_call*`, implicit
/// pointers, `DW_OP_GNU_variable_value`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DieLocationInfo {
    /// The unit holding the DIE.
    pub unit: UnitId,
    /// The DIE's tag.
    pub tag: gimli::DwTag,
    /// `DW_AT_location`.
    pub location: Option<LocationAttrOwned>,
    /// `DW_AT_const_value` as bytes (constants in their form's size, little-endian).
    pub const_value: Option<Vec<u8>>,
    /// `DW_AT_type`.
    pub type_die: Option<u64>,
}

impl<'a> DebugInfo<'a> {
    /// Reads the location-related attributes of the DIE at `.debug_info` offset `die`.
    pub fn die_location_info(&self, die: u64) -> Result<DieLocationInfo, IndexError> {
        let unit = self
            .unit_containing(die)
            .ok_or_else(|| IndexError::Malformed {
                offset: die,
                reason: "DIE reference outside .debug_info".into(),
            })?;
        let info = self.unit(unit)?;
        let rel = gimli::UnitOffset((die - info.offset) as usize);
        if !rel.is_in_bounds(&info.unit.header) {
            return Err(IndexError::Malformed {
                offset: die,
                reason: "DIE reference inside a unit header".into(),
            });
        }
        let err = |source| IndexError::Dwarf {
            what: "referenced DIE".into(),
            offset: Some(die),
            source,
        };
        let entry = info.unit.entry(rel).map_err(err)?;
        let location = match entry.attr_value(gimli::DW_AT_location) {
            Some(v) => self.owned_location(unit, v)?,
            None => None,
        };
        let type_die = entry
            .attr_value(gimli::DW_AT_type)
            .and_then(|v| scopes::info_ref(&info.unit, v));
        let const_value = entry.attr(gimli::DW_AT_const_value).and_then(|a| {
            // A constant of a `DW_FORM_data*` form has no sign of its own: the type gives
            // it (GCC writes `int k = -1` as data1 0xff), and it is as wide as the type.
            let data = |bytes: Vec<u8>| self.widen_constant(bytes, type_die);
            Some(match a.value() {
                gimli::AttributeValue::Block(b) => b.slice().to_vec(),
                gimli::AttributeValue::Data1(v) => data(vec![v]),
                gimli::AttributeValue::Data2(v) => data(v.to_le_bytes().to_vec()),
                gimli::AttributeValue::Data4(v) => data(v.to_le_bytes().to_vec()),
                gimli::AttributeValue::Data8(v) => data(v.to_le_bytes().to_vec()),
                gimli::AttributeValue::Sdata(v) => v.to_le_bytes().to_vec(),
                gimli::AttributeValue::Udata(v) => v.to_le_bytes().to_vec(),
                _ => return None,
            })
        });
        Ok(DieLocationInfo {
            unit,
            tag: entry.tag(),
            location,
            const_value,
            type_die,
        })
    }

    /// Extends the bytes of a `DW_FORM_data*` constant to the byte size of its type
    /// (through typedefs and qualifiers), sign-extending for signed base and enumeration
    /// types; bytes wider than the type, or of a type of unknown size, stay as they are.
    fn widen_constant(&self, mut bytes: Vec<u8>, type_die: Option<u64>) -> Vec<u8> {
        let mut die = type_die;
        let mut size = None;
        let mut signed = false;
        for _ in 0..16 {
            let Some(t) = die.and_then(|d| self.type_at(d).ok()) else {
                break;
            };
            size = size.or(t.byte_size);
            match t.kind {
                TypeKind::Typedef(inner) | TypeKind::Qualified { inner, .. } => die = inner,
                TypeKind::Enum { underlying, .. } if underlying.is_some() => die = underlying,
                TypeKind::Base { encoding, .. } => {
                    signed = matches!(encoding, gimli::DW_ATE_signed | gimli::DW_ATE_signed_char);
                    break;
                }
                _ => break,
            }
        }
        if let Some(size) = size.and_then(|s| usize::try_from(s).ok())
            && size > bytes.len()
            && size <= 16
        {
            let fill = if signed && bytes.last().is_some_and(|b| b & 0x80 != 0) {
                0xff
            } else {
                0
            };
            bytes.resize(size, fill);
        }
        bytes
    }
}

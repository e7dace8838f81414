//! The scope tree of one unit: subprograms, inlined subroutines and lexical blocks with
//! their PC ranges, and the variables and parameters each declares.

use std::borrow::Cow;
use std::ops::Range;

use super::loclist::LocationAttr;
use super::visit::{self, Entry, ScopeKind, Start, UnitVisitor, VariableKind};
use super::{GimliUnit, IndexError, RawSections, Reader, at, offset_in, running_max_end};

/// Index of a scope inside its unit's [`UnitScopes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScopeId(pub(crate) u32);

impl ScopeId {
    /// The scope's position in its unit's [`UnitScopes::scopes`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A subprogram, inlined subroutine or lexical block.
#[derive(Clone, Debug)]
pub struct Scope<'a> {
    /// Which kind of DIE.
    pub kind: ScopeKind,
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// Name (through `DW_AT_abstract_origin` / `DW_AT_specification` when needed).
    pub name: Option<Cow<'a, str>>,
    /// `DW_AT_linkage_name`, if any.
    pub linkage_name: Option<Cow<'a, str>>,
    /// PC ranges; empty for abstract instances and declarations. Scopes whose
    /// `DW_AT_ranges` name the same range list share one decoded copy.
    pub ranges: std::sync::Arc<[Range<u64>]>,
    /// Enclosing scope.
    pub parent: Option<ScopeId>,
    /// Nested scopes, in DIE order.
    pub children: Vec<ScopeId>,
    /// Variables and parameters declared directly in this scope (indices into
    /// [`UnitScopes::variables`]).
    pub variables: Vec<u32>,
    /// `DW_AT_frame_base`.
    pub frame_base: Option<LocationAttrOwned>,
    /// The raw value of `DW_AT_LLVM_lanes` under either numbering, with its code.
    pub lanes: Option<(gimli::DwAt, u64)>,
    /// Line of the call for an inlined subroutine.
    pub call_line: Option<u64>,
    /// `DW_AT_calling_convention` (`DW_CC_LLVM_DeviceKernel` = 0xc1... marks kernels).
    pub calling_convention: Option<u8>,
}

/// A location attribute detached from the section lifetime: the expression is kept as the
/// offset and length of its bytes in `.debug_info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocationAttrOwned {
    /// Expression bytes at `.debug_info[start..start+len]`.
    Expr {
        /// Offset in `.debug_info`.
        start: u64,
        /// Length in bytes.
        len: u64,
    },
    /// A location list at this offset.
    List(u64),
}

/// A variable or formal parameter.
#[derive(Clone, Debug)]
pub struct Variable<'a> {
    /// Variable or parameter.
    pub kind: VariableKind,
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// Name (through `DW_AT_abstract_origin` when needed).
    pub name: Option<Cow<'a, str>>,
    /// `.debug_info` offset of the type DIE.
    pub type_die: Option<u64>,
    /// `DW_AT_location`.
    pub location: Option<LocationAttrOwned>,
    /// Whether it has `DW_AT_const_value` (a constant with no storage).
    pub has_const_value: bool,
    /// `DW_AT_artificial`.
    pub artificial: bool,
    /// `DW_AT_decl_line`.
    pub decl_line: Option<u64>,
}

/// All scopes and variables of one unit.
#[derive(Clone, Debug, Default)]
pub struct UnitScopes<'a> {
    /// Scopes; index 0 is the unit itself.
    pub scopes: Vec<Scope<'a>>,
    /// Variables and parameters.
    pub variables: Vec<Variable<'a>>,
    /// Ranges of subprograms with code, sorted by start: (start, end, scope).
    functions: Vec<(u64, u64, ScopeId)>,
    functions_max_end: Vec<u64>,
}

impl<'a> UnitScopes<'a> {
    /// About what the tree takes on the heap (its vectors and owned names; the range
    /// lists, shared between scopes, are not counted), for the memory budget.
    pub(crate) fn heap_bytes(&self) -> u64 {
        let name = |n: &Option<Cow<'a, str>>| match n {
            Some(Cow::Owned(s)) => s.len(),
            _ => 0,
        };
        let scopes: usize = self
            .scopes
            .iter()
            .map(|s| {
                std::mem::size_of::<Scope<'a>>()
                    + s.children.len() * std::mem::size_of::<ScopeId>()
                    + s.variables.len() * 4
                    + name(&s.name)
                    + name(&s.linkage_name)
            })
            .sum();
        let variables = self.variables.len() * std::mem::size_of::<Variable<'a>>();
        let functions = self.functions.len() * (std::mem::size_of::<(u64, u64, ScopeId)>() + 8);
        (scopes + variables + functions) as u64
    }

    /// A scope of this unit (`None` for an id of another unit's scopes, out of range).
    pub fn scope(&self, id: ScopeId) -> Option<&Scope<'a>> {
        self.scopes.get(id.0 as usize)
    }

    /// A scope this unit handed out.
    fn at(&self, id: ScopeId) -> &Scope<'a> {
        &self.scopes[id.0 as usize]
    }

    /// The subprograms with code, as (start, end, scope), sorted by start.
    pub fn functions(&self) -> &[(u64, u64, ScopeId)] {
        &self.functions
    }

    /// Innermost-first chain of scopes containing `pc`, ending at the outermost
    /// subprogram; empty when no subprogram covers it.
    pub fn chain_at(&self, pc: u64) -> Vec<ScopeId> {
        let mut best: Option<ScopeId> = None;
        for &(_, _, s) in super::covering(&self.functions, &self.functions_max_end, pc) {
            // Prefer the most deeply nested subprogram when several cover pc.
            if best.is_none_or(|cur| self.depth(s) > self.depth(cur)) {
                best = Some(s);
            }
        }
        let Some(mut current) = best else {
            return Vec::new();
        };
        // Descend into the innermost child scope covering pc.
        'descend: loop {
            for &child in &self.at(current).children {
                let c = self.at(child);
                if c.kind != ScopeKind::Subprogram && c.ranges.iter().any(|r| r.contains(&pc)) {
                    current = child;
                    continue 'descend;
                }
            }
            break;
        }
        let mut chain = Vec::new();
        let mut next = Some(current);
        while let Some(id) = next {
            let s = self.at(id);
            if s.kind == ScopeKind::CompileUnit {
                break;
            }
            chain.push(id);
            next = s.parent;
        }
        chain
    }

    /// How many scopes enclose scope `id`.
    pub(super) fn depth(&self, mut id: ScopeId) -> usize {
        let mut d = 0;
        while let Some(p) = self.at(id).parent {
            d += 1;
            id = p;
        }
        d
    }
}

/// Attributes that may come from an abstract origin or specification.
#[derive(Clone, Default)]
struct Inherited<'a> {
    name: Option<Cow<'a, str>>,
    linkage_name: Option<Cow<'a, str>>,
    type_die: Option<u64>,
    decl_line: Option<u64>,
    artificial: bool,
}

/// The scope tree of a whole unit.
pub(super) fn build<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_offset: u64,
) -> Result<UnitScopes<'a>, IndexError> {
    build_tree(dwarf, sections, unit, unit_offset, None)
}

/// The scope tree of one function: the unit's root DIE as scope 0 (without the unit's
/// globals) and the subtree of the subprogram DIE at `function` beneath it. Scopes and
/// variables are those [`build`] makes for the same DIEs, numbered apart.
pub(super) fn build_function<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_offset: u64,
    function: gimli::UnitOffset,
) -> Result<UnitScopes<'a>, IndexError> {
    build_tree(dwarf, sections, unit, unit_offset, Some(function))
}

fn build_tree<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_offset: u64,
    function: Option<gimli::UnitOffset>,
) -> Result<UnitScopes<'a>, IndexError> {
    let mut tree = TreeBuilder {
        dwarf,
        info: sections.debug_info,
        unit,
        out: UnitScopes::default(),
        origins: OriginCache::new(),
        shared_ranges: std::collections::HashMap::new(),
    };
    // Rough sizes from the unit's length avoid repeated growth of large tables (each
    // growth copies the table into fresh pages). Inlined code is dense in scopes and
    // variables: rocRAND's gfx90a unit has one scope per 35 bytes and one variable per 21.
    // The reservation is address space until used, and capped (some 50 MB each).
    let start = match function {
        None => {
            let unit_len = unit.header.length_including_self();
            tree.out.variables.reserve((unit_len / 16).min(1 << 19));
            tree.out.scopes.reserve((unit_len / 32).min(1 << 18));
            Start::Unit
        }
        // The unit's root DIE first, then the function's subtree beneath it.
        Some(at) => Start::UnderRoot(at),
    };
    visit::walk(unit, start, &mut tree, |_, source| IndexError::Dwarf {
        what: "DIE".into(),
        offset: Some(unit_offset),
        error: source,
    })?;
    let mut out = tree.out;
    let mut functions: Vec<(u64, u64, ScopeId)> = out
        .scopes
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == ScopeKind::Subprogram)
        .flat_map(|(i, s)| {
            s.ranges
                .iter()
                .map(move |r| (r.start, r.end, ScopeId(i as u32)))
        })
        .collect();
    functions.sort_unstable_by_key(|&(b, e, s)| (b, e, s));
    out.functions_max_end = running_max_end(functions.iter().map(|f| f.1));
    out.functions = functions;
    Ok(out)
}

/// The visitor that builds a scope tree: a [`Scope`] for each scope DIE, a [`Variable`]
/// for each variable or parameter inside one.
struct TreeBuilder<'u, 'a> {
    dwarf: &'u gimli::Dwarf<Reader<'a>>,
    info: &'a [u8],
    unit: &'u GimliUnit<'a>,
    out: UnitScopes<'a>,
    origins: OriginCache<'a>,
    /// Decoded range lists by offset (an index into .debug_rnglists is kept apart by
    /// counting down from usize::MAX): scopes that share a list share its copy.
    shared_ranges: std::collections::HashMap<usize, std::sync::Arc<[Range<u64>]>>,
}

impl TreeBuilder<'_, '_> {
    fn die_offset(&self, entry: &Entry<'_>) -> u64 {
        entry
            .offset()
            .to_debug_info_offset(&self.unit.header)
            .map(|d| d.0 as u64)
            .unwrap_or(0)
    }
}

/// An error reading attribute `what` of the DIE at `.debug_info` offset `offset`.
fn dwarf_err(what: &str, offset: u64) -> impl FnOnce(gimli::Error) -> IndexError {
    let what = what.to_string();
    move |source| IndexError::Dwarf {
        what,
        offset: Some(offset),
        error: source,
    }
}

impl<'a> UnitVisitor<'a> for TreeBuilder<'_, 'a> {
    type Scope = ScopeId;

    fn enter_scope(
        &mut self,
        entry: &Entry<'a>,
        kind: ScopeKind,
        parent: Option<&ScopeId>,
    ) -> Result<ScopeId, IndexError> {
        let (dwarf, unit) = (self.dwarf, self.unit);
        let offset = self.die_offset(entry);
        let inherited = inherited(dwarf, unit, entry, 0, &mut self.origins)
            .map_err(dwarf_err("DIE", offset))?;
        let list = match entry.attr_value(gimli::DW_AT_ranges) {
            Some(gimli::AttributeValue::RangeListsRef(o)) => Some(o.0),
            Some(gimli::AttributeValue::DebugRngListsIndex(i)) => Some(usize::MAX - i.0),
            _ => None,
        };
        let ranges: std::sync::Arc<[Range<u64>]> =
            match list.and_then(|l| self.shared_ranges.get(&l)) {
                Some(r) => r.clone(),
                None => {
                    let mut ranges = Vec::new();
                    if kind != ScopeKind::CompileUnit {
                        super::attrs::die_ranges(dwarf, unit, entry, |r| {
                            if r.start < r.end && !unit.is_tombstone_address(r.start) {
                                ranges.push(r);
                            }
                        })
                        .map_err(dwarf_err("ranges", offset))?;
                    }
                    let ranges: std::sync::Arc<[Range<u64>]> = ranges.into();
                    if let Some(l) = list
                        && kind != ScopeKind::CompileUnit
                    {
                        self.shared_ranges.insert(l, ranges.clone());
                    }
                    ranges
                }
            };
        let frame_base = match entry.attr_value(gimli::DW_AT_frame_base) {
            Some(v) => LocationAttr::from_value(dwarf, unit, v)
                .map_err(dwarf_err("DW_AT_frame_base", offset))?
                .map(|a| own(a, self.info)),
            None => None,
        };
        let lanes = [at::LLVM_LANES, at::OLD_LLVM_LANES]
            .into_iter()
            .find_map(|code| {
                entry
                    .attr(code)
                    .and_then(|a| a.udata_value())
                    .map(|v| (code, v))
            });
        let id = ScopeId(self.out.scopes.len() as u32);
        self.out.scopes.push(Scope {
            kind,
            die: offset,
            name: inherited.name,
            linkage_name: inherited.linkage_name,
            ranges,
            parent: parent.copied(),
            children: Vec::new(),
            variables: Vec::new(),
            frame_base,
            lanes,
            call_line: entry
                .attr(gimli::DW_AT_call_line)
                .and_then(|a| a.udata_value()),
            calling_convention: entry
                .attr(gimli::DW_AT_calling_convention)
                .and_then(|a| a.u8_value()),
        });
        if let Some(&p) = parent {
            self.out.scopes[p.0 as usize].children.push(id);
        }
        Ok(id)
    }

    fn variable(
        &mut self,
        entry: &Entry<'a>,
        kind: VariableKind,
        scope: Option<&ScopeId>,
    ) -> Result<(), IndexError> {
        // The innermost open scope declares it; a variable outside every scope (under a
        // root DIE that is no unit) is in none.
        let Some(&parent) = scope else {
            return Ok(());
        };
        let (dwarf, unit) = (self.dwarf, self.unit);
        let offset = self.die_offset(entry);
        let inherited = inherited(dwarf, unit, entry, 0, &mut self.origins)
            .map_err(dwarf_err("DIE", offset))?;
        let location = match entry.attr_value(gimli::DW_AT_location) {
            Some(v) => LocationAttr::from_value(dwarf, unit, v)
                .map_err(dwarf_err("DW_AT_location", offset))?
                .map(|a| own(a, self.info)),
            None => None,
        };
        let index = self.out.variables.len() as u32;
        self.out.variables.push(Variable {
            kind,
            die: offset,
            name: inherited.name,
            type_die: inherited.type_die,
            location,
            has_const_value: entry.attr(gimli::DW_AT_const_value).is_some(),
            artificial: inherited.artificial,
            decl_line: inherited.decl_line,
        });
        self.out.scopes[parent.0 as usize].variables.push(index);
        Ok(())
    }
}

fn own(attr: LocationAttr<'_>, info: &[u8]) -> LocationAttrOwned {
    match attr {
        LocationAttr::Expr(bytes) => LocationAttrOwned::Expr {
            start: offset_in(info, bytes),
            len: bytes.len() as u64,
        },
        LocationAttr::List(o) => LocationAttrOwned::List(o),
    }
}

/// What each abstract origin or specification DIE contributes, by unit offset.
type OriginCache<'a> = std::collections::HashMap<gimli::UnitOffset, Inherited<'a>>;

/// Reads name, type, line and flags, following `DW_AT_abstract_origin` and
/// `DW_AT_specification` inside the unit for what the DIE itself lacks.
fn inherited<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    unit: &GimliUnit<'a>,
    entry: &Entry<'a>,
    hops: u32,
    origins: &mut OriginCache<'a>,
) -> Result<Inherited<'a>, gimli::Error> {
    let mut out = Inherited::default();
    let mut origin = None;
    for attr in entry.attrs() {
        match attr.name() {
            gimli::DW_AT_name => {
                // A name that cannot be read (a string offset past .debug_str) is shown
                // as such, never as if the DIE had none.
                out.name = Some(match dwarf.attr_string(unit, attr.value()) {
                    Ok(s) => String::from_utf8_lossy(s.slice()),
                    Err(e) => format!("<unreadable name: {e}>").into(),
                });
            }
            gimli::DW_AT_linkage_name | gimli::DW_AT_MIPS_linkage_name => {
                out.linkage_name = dwarf
                    .attr_string(unit, attr.value())
                    .ok()
                    .map(|s| String::from_utf8_lossy(s.slice()));
            }
            gimli::DW_AT_type => out.type_die = info_ref(unit, attr.value()),
            gimli::DW_AT_decl_line => out.decl_line = attr.udata_value(),
            gimli::DW_AT_artificial => {
                out.artificial = matches!(attr.value(), gimli::AttributeValue::Flag(true))
            }
            gimli::DW_AT_abstract_origin | gimli::DW_AT_specification => {
                if let gimli::AttributeValue::UnitRef(r) = attr.value() {
                    origin = Some(r);
                }
            }
            _ => {}
        }
    }
    // Bounded: origin chains are short; a cycle must not hang.
    if let Some(r) = origin
        && hops < 8
        && (out.name.is_none() || out.type_die.is_none())
    {
        // Inlined code repeats the same abstract origins many times: read each once.
        let o = match origins.get(&r) {
            Some(o) => o.clone(),
            None => {
                let origin_entry = unit.entry(r)?;
                let o = inherited(dwarf, unit, &origin_entry, hops + 1, origins)?;
                origins.insert(r, o.clone());
                o
            }
        };
        out.name = out.name.or(o.name);
        out.linkage_name = out.linkage_name.or(o.linkage_name);
        out.type_die = out.type_die.or(o.type_die);
        out.decl_line = out.decl_line.or(o.decl_line);
        out.artificial |= o.artificial;
    }
    Ok(out)
}

/// A reference attribute as a `.debug_info` offset.
pub(super) fn info_ref(
    unit: &GimliUnit<'_>,
    value: gimli::AttributeValue<Reader<'_>>,
) -> Option<u64> {
    match value {
        gimli::AttributeValue::UnitRef(r) => {
            r.to_debug_info_offset(&unit.header).map(|o| o.0 as u64)
        }
        gimli::AttributeValue::DebugInfoRef(r) => Some(r.0 as u64),
        _ => None,
    }
}

//! Verify's walk over a unit's DIEs: the scopes and their PC ranges, a coverage record
//! for each variable, and a [`Site`] for each location attribute to check, with the
//! findings the walk itself makes (cycles, attribute-number collisions, unreadable lists).

use std::rc::Rc;
use std::sync::Arc;

use super::absint::Mode;
use super::ranges::{ScopeRanges, total};
use super::{
    Bytes, Coverage, Finding, FunctionCoverage, VariableCoverage, attr_name, checks, cycles,
    mode_for,
};
use crate::fast_hash::HashMap;
use crate::index::{
    DebugInfo, IndexError, LOCATION_ATTRIBUTES, LocListEntry, LocationAttr, LocationSite, UnitId,
    is_lane_attribute,
};

/// A scope on the DIE walk's stack.
struct Frame {
    depth: isize,
    /// Index into `scope_ranges`.
    ranges: usize,
    /// Index into `scope_ranges` of the enclosing subprogram's ranges.
    subprogram_ranges: usize,
    has_frame_base: bool,
    /// Index into `Coverage::functions`, when inside a subprogram with code.
    function: Option<usize>,
    /// The subprogram's name (for findings).
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
    pub(super) entries: Rc<[LocListEntry<'a>]>,
    /// The `.debug_loc`/`.debug_loclists` offset of a list.
    pub(super) list: Option<u64>,
    /// Scope ranges (index into `scope_ranges`) the variable lives in, if any.
    pub(super) scope: Option<usize>,
    pub(super) subprogram: Option<usize>,
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
    pub(super) lists: HashMap<(UnitId, u64), Rc<[LocListEntry<'a>]>>,
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

/// DIE names as the walk hands them out: each distinct name is made once and shared
/// (12 000 variables of a rocRAND object carry a few hundred names, mostly through
/// abstract origins).
#[derive(Default)]
struct Names<'a> {
    /// By the name's bytes in the string section.
    interned: HashMap<&'a [u8], Arc<str>>,
    /// The name an abstract origin or specification leads to, by its unit offset.
    by_origin: HashMap<usize, Option<Arc<str>>>,
}

impl<'a> Names<'a> {
    fn intern(&mut self, bytes: &'a [u8]) -> Arc<str> {
        intern(&mut self.interned, bytes)
    }

    /// The name of a DIE, following `DW_AT_abstract_origin` / `DW_AT_specification` (a
    /// few hops) inside the unit.
    fn of(
        &mut self,
        dbg: &DebugInfo<'a>,
        unit: &crate::index::GimliUnit<'a>,
        entry: &gimli::DebuggingInformationEntry<crate::index::Reader<'a>>,
    ) -> Option<Arc<str>> {
        let interned = &mut self.interned;
        // A DIE's first name, else the last origin it names.
        let mut name_or_origin =
            |e: &gimli::DebuggingInformationEntry<crate::index::Reader<'a>>| {
                let mut origin = None;
                for a in e.attrs() {
                    match a.name() {
                        gimli::DW_AT_name => {
                            let name = dbg
                                .dwarf()
                                .attr_string(unit, a.value())
                                .ok()
                                .map(|s| intern(interned, s.slice()));
                            return (name, None);
                        }
                        gimli::DW_AT_abstract_origin | gimli::DW_AT_specification => {
                            if let gimli::AttributeValue::UnitRef(r) = a.value() {
                                origin = Some(r);
                            }
                        }
                        _ => {}
                    }
                }
                (None, origin)
            };
        let (name, origin) = name_or_origin(entry);
        if name.is_some() {
            return name;
        }
        let start = origin?;
        if let Some(n) = self.by_origin.get(&start.0) {
            return n.clone();
        }
        let mut name = None;
        let mut next = Some(start);
        for _ in 0..4 {
            let Some(e) = next.and_then(|off| unit.entry(off).ok()) else {
                break;
            };
            (name, next) = name_or_origin(&e);
            if name.is_some() {
                break;
            }
        }
        self.by_origin.insert(start.0, name.clone());
        name
    }
}

/// The shared name for `bytes` (a free function so that [`Names::of`] can intern while
/// it also reads `by_origin`).
fn intern<'a>(interned: &mut HashMap<&'a [u8], Arc<str>>, bytes: &'a [u8]) -> Arc<str> {
    interned
        .entry(bytes)
        .or_insert_with(|| String::from_utf8_lossy(bytes).into())
        .clone()
}

/// A reference within a unit, kept until the DIE it names has been read.
struct UnitReference {
    /// The unit offset it names.
    target: usize,
    /// The unit offset of the DIE holding it.
    die: usize,
    attr: gimli::DwAt,
    /// Its function's name, by index into `Walk::names`.
    function: Option<usize>,
}

/// Which unit offsets start a DIE, and which of those DIEs may be named by a
/// `DW_AT_type`: two bits per byte of the unit, so that each of a unit's hundreds of
/// thousands of references is checked in constant time.
struct DieStarts {
    starts: Vec<u64>,
    types: Vec<u64>,
}

impl DieStarts {
    fn new(unit_bytes: usize) -> Self {
        let words = unit_bytes / 64 + 1;
        DieStarts {
            starts: vec![0; words],
            types: vec![0; words],
        }
    }

    fn mark(&mut self, offset: usize, tag: u16) {
        let (word, bit) = (offset / 64, 1u64 << (offset % 64));
        if let Some(w) = self.starts.get_mut(word) {
            *w |= bit;
            // Tags in the user range (vendor types among them) are not judged.
            if tag >= 0x4080 || is_type_tag(tag) {
                self.types[word] |= bit;
            }
        }
    }

    fn get(bits: &[u64], offset: usize) -> bool {
        bits.get(offset / 64)
            .is_some_and(|w| w & (1u64 << (offset % 64)) != 0)
    }

    /// The start of the last DIE at or before `offset`, looked for a word (64 bytes of
    /// the unit) at a time and at most 256 KiB back: hostile DWARF may hold a hundred
    /// thousand references into one huge DIE.
    /// `Err(true)`: none, `offset` is in the unit header; `Err(false)`: none found.
    fn start_before(&self, offset: usize) -> Result<usize, bool> {
        const MAX_WORDS_BACK: usize = 4096;
        let (mut word, bit) = (offset / 64, offset % 64);
        // The bits at or below `offset` in its own word.
        let mut w = self.starts.get(word).ok_or(false)? & (u64::MAX >> (63 - bit));
        for _ in 0..MAX_WORDS_BACK {
            if w != 0 {
                return Ok(word * 64 + 63 - w.leading_zeros() as usize);
            }
            word = word.checked_sub(1).ok_or(true)?;
            w = self.starts[word];
        }
        Err(false)
    }
}

/// Whether a tag below the user range names a type (a `DW_AT_type` may name it).
fn is_type_tag(tag: u16) -> bool {
    use gimli::constants as c;
    [
        c::DW_TAG_array_type,
        c::DW_TAG_class_type,
        c::DW_TAG_enumeration_type,
        c::DW_TAG_pointer_type,
        c::DW_TAG_reference_type,
        c::DW_TAG_string_type,
        c::DW_TAG_structure_type,
        c::DW_TAG_subroutine_type,
        c::DW_TAG_typedef,
        c::DW_TAG_union_type,
        c::DW_TAG_ptr_to_member_type,
        c::DW_TAG_set_type,
        c::DW_TAG_subrange_type,
        c::DW_TAG_base_type,
        c::DW_TAG_const_type,
        c::DW_TAG_file_type,
        c::DW_TAG_packed_type,
        c::DW_TAG_volatile_type,
        c::DW_TAG_restrict_type,
        c::DW_TAG_interface_type,
        c::DW_TAG_unspecified_type,
        c::DW_TAG_shared_type,
        c::DW_TAG_rvalue_reference_type,
        c::DW_TAG_coarray_type,
        c::DW_TAG_dynamic_type,
        c::DW_TAG_atomic_type,
        c::DW_TAG_immutable_type,
        c::DW_TAG_generic_subrange,
        c::DW_TAG_template_alias,
    ]
    .iter()
    .any(|t| t.0 == tag)
}

/// Reports a reference within a unit that names no DIE's start, and a `DW_AT_type`
/// naming a DIE that is not a type; `die_starts` holds the unit's DIEs read so far.
fn check_unit_reference<'a>(
    dbg: &DebugInfo<'a>,
    unit: &crate::index::GimliUnit<'a>,
    unit_offset: u64,
    die_starts: &DieStarts,
    r: &UnitReference,
    names: &mut Names<'a>,
    walk: &mut Walk<'_>,
) {
    let is_start = DieStarts::get(&die_starts.starts, r.target);
    if is_start && (r.attr != gimli::DW_AT_type || DieStarts::get(&die_starts.types, r.target)) {
        return;
    }
    let message = if is_start {
        let tag = unit
            .entry(gimli::UnitOffset(r.target))
            .map(|e| e.tag())
            .ok();
        let name = tag
            .and_then(|t| t.static_string())
            .map_or_else(|| "non-type".to_string(), str::to_string);
        (
            checks::TYPE_REFERENCE_NOT_A_TYPE,
            format!(
                "names the {name} DIE at .debug_info+{:#x}, which is not a type",
                unit_offset + r.target as u64
            ),
        )
    } else {
        match die_starts.start_before(r.target) {
            Err(in_header) => (
                checks::REFERENCE_BETWEEN_DIES,
                format!(
                    "refers to unit offset {:#x}, where no DIE starts{}",
                    r.target,
                    if in_header {
                        ": inside the unit header"
                    } else {
                        ""
                    }
                ),
            ),
            Ok(start) => (
                checks::REFERENCE_BETWEEN_DIES,
                format!(
                    "refers to unit offset {:#x}, where no DIE starts: inside the DIE at .debug_info+{:#x}",
                    r.target,
                    unit_offset + start as u64
                ),
            ),
        }
    };
    let name = unit
        .entry(gimli::UnitOffset(r.die))
        .ok()
        .and_then(|e| names.of(dbg, unit, &e));
    let function = r.function.map(|i| walk.names[i].clone());
    let (check, message) = message;
    walk.findings.push(die_finding(
        check,
        unit_offset + r.die as u64,
        attr_name(r.attr),
        function,
        name,
        message,
    ));
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
        check,
        severity: checks::severity(check),
        die: Some(die),
        attr: Some(attr),
        function,
        name,
        pc_range: None,
        expression: None,
        op_offset: None,
        cfi_offset: None,
        message,
    }
}

/// Walks unit `uid`'s DIEs into `walk`: its scopes' ranges, coverage records, sites and
/// the findings the walk makes.
pub(super) fn walk_unit<'a>(
    dbg: &DebugInfo<'a>,
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
    let mut cursor = unit.entries();
    let mut frames: Vec<Frame> = Vec::new();
    let mut names = Names::default();
    let mut type_memo = cycles::TypeMemo::default();
    let mut origin_memo = cycles::OriginMemo::default();
    let mut locs: Vec<(gimli::DwAt, LocationAttr<'a>)> = Vec::new();
    // Each list is decoded here, then copied once into its shared slice.
    let mut scratch: Vec<LocListEntry<'a>> = Vec::new();
    let mut lane_dies = Some(0usize);
    // Where DIEs start, for the references within the unit; a reference forward is
    // checked when the unit has been read.
    let mut die_starts = DieStarts::new(unit_bytes);
    let mut forward_refs: Vec<UnitReference> = Vec::new();
    let dwarf_err = |source| IndexError::Dwarf {
        what: "DIE".into(),
        offset: Some(info.offset),
        source,
    };
    loop {
        let entry = match cursor.next_dfs() {
            Ok(Some(e)) => e,
            Ok(None) => {
                walk.lane_dies.push((uid, lane_dies));
                for r in std::mem::take(&mut forward_refs) {
                    check_unit_reference(dbg, unit, info.offset, &die_starts, &r, &mut names, walk);
                }
                break;
            }
            Err(e) => return Err(dwarf_err(e)),
        };
        let depth = entry.depth();
        while frames.last().is_some_and(|f| f.depth >= depth) {
            frames.pop();
        }
        let tag = entry.tag();
        let die = entry
            .offset()
            .to_debug_info_offset(&unit.header)
            .map(|o| o.0 as u64)
            .unwrap_or(0);
        die_starts.mark(entry.offset().0, tag.0);
        let parent = frames.last();
        if matches!(tag, gimli::DW_TAG_variable | gimli::DW_TAG_formal_parameter) {
            let type_cycle = match entry.attr_value(gimli::DW_AT_type) {
                Some(gimli::AttributeValue::UnitRef(t)) => {
                    cycles::type_cycle(unit, t, &mut type_memo).map(|c| {
                        (
                            checks::TYPE_CYCLE,
                            format!(
                                "its type contains itself by value (DIEs {}): it has no size, and readers that follow it do not end",
                                cycles::chain(&c)
                            ),
                        )
                    })
                }
                _ => None,
            };
            let origin_cycle = cycles::origin_cycle(unit, entry, &mut origin_memo).map(|c| {
                (
                    checks::ORIGIN_CYCLE,
                    format!(
                        "DW_AT_abstract_origin / DW_AT_specification lead back to a DIE already on the chain (DIEs {})",
                        cycles::chain(&c)
                    ),
                )
            });
            for (check, message) in type_cycle.into_iter().chain(origin_cycle) {
                let name = entry
                    .attr_value(gimli::DW_AT_name)
                    .and_then(|v| dbg.dwarf().attr_string(unit, v).ok())
                    .map(|s| names.intern(s.slice()));
                let attr = attr_name(if check == checks::TYPE_CYCLE {
                    gimli::DW_AT_type
                } else {
                    gimli::DW_AT_abstract_origin
                });
                let function = parent
                    .and_then(|p| p.function_name)
                    .map(|i| walk.names[i].clone());
                walk.findings
                    .push(die_finding(check, die, attr, function, name, message));
            }
        }
        let is_scope = matches!(
            tag,
            gimli::DW_TAG_subprogram
                | gimli::DW_TAG_inlined_subroutine
                | gimli::DW_TAG_lexical_block
        );
        if is_scope {
            let ri = walk.scope_ranges.push_die(dbg, unit, entry);
            let has_ranges = !walk.scope_ranges[ri].is_empty();
            let frame = if tag == gimli::DW_TAG_subprogram {
                let function = if has_ranges {
                    let name = names.of(dbg, unit, entry);
                    let size = total(&walk.scope_ranges[ri]);
                    walk.coverage.functions.push(FunctionCoverage {
                        die,
                        name,
                        size,
                        variables: 0,
                        bytes: Bytes::default(),
                    });
                    Some(walk.coverage.functions.len() - 1)
                } else {
                    None
                };
                let fname = function.and_then(|f| {
                    walk.coverage.functions[f].name.clone().map(|n| {
                        walk.names.push(n);
                        walk.names.len() - 1
                    })
                });
                Frame {
                    depth,
                    ranges: ri,
                    subprogram_ranges: ri,
                    has_frame_base: entry.attr(gimli::DW_AT_frame_base).is_some(),
                    function,
                    function_name: fname,
                }
            } else {
                Frame {
                    depth,
                    ranges: if has_ranges {
                        ri
                    } else {
                        parent.map_or(0, |p| p.ranges)
                    },
                    subprogram_ranges: parent.map_or(0, |p| p.subprogram_ranges),
                    has_frame_base: parent.is_some_and(|p| p.has_frame_base),
                    function: parent.and_then(|p| p.function),
                    function_name: parent.and_then(|p| p.function_name),
                }
            };
            frames.push(frame);
        }
        let frame = frames.last();
        let is_var = matches!(tag, gimli::DW_TAG_variable | gimli::DW_TAG_formal_parameter);
        // Attributes of interest.
        let mut memory_space = None;
        let mut has_const = false;
        let mut has_location = false;
        let mut lane_attribute = false;
        locs.clear();
        for attr in entry.attrs() {
            let name = attr.name();
            lane_attribute |= is_lane_attribute(tag, name);
            // The form first: it is one byte, where the value is a copy of an enum.
            if matches!(
                attr.form(),
                gimli::DW_FORM_ref1
                    | gimli::DW_FORM_ref2
                    | gimli::DW_FORM_ref4
                    | gimli::DW_FORM_ref8
                    | gimli::DW_FORM_ref_udata
            ) && let gimli::AttributeValue::UnitRef(r) = attr.value()
            {
                if r.0 >= unit_bytes {
                    let function = frame
                        .and_then(|f| f.function_name)
                        .map(|i| walk.names[i].clone());
                    walk.findings.push(die_finding(
                        checks::REFERENCE_OUT_OF_UNIT,
                        die,
                        attr_name(name),
                        function,
                        names.of(dbg, unit, entry),
                        format!(
                            "refers to unit offset {:#x}, past the end of its unit ({unit_bytes:#x} bytes, at .debug_info+{:#x})",
                            r.0, info.offset
                        ),
                    ));
                } else {
                    let reference = UnitReference {
                        target: r.0,
                        die: entry.offset().0,
                        attr: name,
                        function: frame.and_then(|f| f.function_name),
                    };
                    if r.0 <= entry.offset().0 {
                        check_unit_reference(
                            dbg,
                            unit,
                            info.offset,
                            &die_starts,
                            &reference,
                            &mut names,
                            walk,
                        );
                    } else {
                        forward_refs.push(reference);
                    }
                }
            }
            match name.0 {
                0x3e08..=0x3e0c if tag.0 != 0x4300 => {
                    let old = match name.0 {
                        0x3e08 => "DW_AT_LLVM_active_lane",
                        0x3e09 => "DW_AT_LLVM_augmentation",
                        0x3e0a => "DW_AT_LLVM_lanes",
                        0x3e0b => "DW_AT_LLVM_lane_pc",
                        _ => "DW_AT_LLVM_vector_size",
                    };
                    let new = match name.0 {
                        0x3e08 => "DW_AT_LLVM_ptrauth_isa_pointer",
                        0x3e09 => "DW_AT_LLVM_ptrauth_authenticates_null_values",
                        0x3e0a => "DW_AT_LLVM_ptrauth_authentication_mode",
                        0x3e0b => "DW_AT_LLVM_num_extra_inhabitants",
                        _ => "DW_AT_LLVM_stmt_sequence",
                    };
                    let function = frame
                        .and_then(|f| f.function_name)
                        .map(|i| walk.names[i].clone());
                    walk.findings.push(die_finding(
                        checks::PTRAUTH_ATTRIBUTE_COLLISION,
                        die,
                        format!("DW_AT_{:#x}", name.0),
                        function,
                        names.of(dbg, unit, entry),
                        format!(
                            "attribute {:#x} on a {} is {old} in the original AMD numbering but {new} for LLVM 16 and later (llvm-dwarfdump, lldb); use the current numbers 0x3e0f..0x3e13",
                            name.0,
                            tag.static_string().unwrap_or("DIE")
                        ),
                    ));
                }
                0x3e0f => memory_space = attr.udata_value(),
                _ => {}
            }
            if name == gimli::DW_AT_const_value {
                has_const = true;
            }
            if !LOCATION_ATTRIBUTES.contains(&name) && attr.form() != gimli::DW_FORM_exprloc {
                continue;
            }
            let loc =
                LocationAttr::from_value(dbg.dwarf(), unit, attr.value()).map_err(|source| {
                    IndexError::Dwarf {
                        what: format!("{name}"),
                        offset: Some(die),
                        source,
                    }
                })?;
            if let Some(loc) = loc {
                if name == gimli::DW_AT_location {
                    has_location = true;
                }
                locs.push((name, loc));
            }
        }
        // Coverage record for a variable in a scope with code.
        let mut coverage = None;
        if is_var
            && let Some(f) = frame
            && let Some(function) = f.function
            && !walk.scope_ranges[f.ranges].is_empty()
        {
            let scope = total(&walk.scope_ranges[f.ranges]);
            let name = names.of(dbg, unit, entry);
            let mut bytes = Bytes {
                scope,
                ..Bytes::default()
            };
            if !has_location {
                if has_const {
                    bytes.available = scope;
                } else {
                    bytes.optimized_out = scope;
                }
            }
            walk.coverage.variables.push(VariableCoverage {
                die,
                name,
                parameter: tag == gimli::DW_TAG_formal_parameter,
                function,
                bytes,
            });
            coverage = Some(walk.coverage.variables.len() - 1);
        }
        if lane_attribute && let Some(n) = &mut lane_dies {
            *n += 1;
        }
        // A DWARF procedure runs on its callers' stacks: it is checked where it is called.
        if locs.is_empty() {
            continue;
        }
        if tag == gimli::DW_TAG_dwarf_procedure {
            lane_dies = None;
            continue;
        }
        let type_bits = if is_var && locs.iter().any(|(a, _)| *a == gimli::DW_AT_location) {
            variable_type_bits(dbg, unit, entry, &mut walk.type_bits)
        } else {
            None
        };
        let name = match coverage {
            Some(c) => NameRef::Variable(c),
            None => match names.of(dbg, unit, entry) {
                Some(n) => {
                    walk.names.push(n);
                    NameRef::Own(walk.names.len() - 1)
                }
                None => NameRef::None,
            },
        };
        for &(attr, loc) in &locs {
            let site = LocationSite {
                unit: uid,
                die,
                tag,
                attr,
                location: loc,
            };
            let shared = match loc {
                LocationAttr::List(offset) => walk.lists.get(&(uid, offset)).cloned(),
                LocationAttr::Expr(_) => None,
            };
            let decoded = match shared {
                Some(entries) => Ok(entries),
                None => dbg.site_entries_into(&site, &mut scratch).map(|()| {
                    let e: Rc<[LocListEntry<'a>]> = Rc::from(&scratch[..]);
                    if let LocationAttr::List(offset) = loc {
                        walk.lists.insert((uid, offset), e.clone());
                    }
                    e
                }),
            };
            let entries = match decoded {
                Ok(e) => e,
                Err(e) => {
                    // A location list that cannot be read is a finding, not the end of
                    // the verification.
                    lane_dies = None;
                    walk.findings.push(Finding {
                        check: checks::UNDECODABLE_EXPRESSION,
                        severity: checks::severity(checks::UNDECODABLE_EXPRESSION),
                        die: Some(die),
                        attr: Some(attr_name(attr)),
                        function: frame
                            .and_then(|f| f.function_name)
                            .map(|i| walk.names[i].clone()),
                        name: name.get(walk),
                        pc_range: None,
                        expression: None,
                        op_offset: None,
                        cfi_offset: None,
                        message: format!("the location list cannot be read: {e}"),
                    });
                    continue;
                }
            };
            let scope = frame
                .map(|f| f.ranges)
                .filter(|&r| !walk.scope_ranges[r].is_empty());
            let wave_pc = frame
                .map(|f| f.subprogram_ranges)
                .and_then(|r| walk.scope_ranges[r].first().map(|r| r.start))
                .or_else(|| {
                    entries
                        .iter()
                        .find_map(|e| e.range.as_ref().map(|r| r.start))
                });
            walk.sites.push(Site {
                unit: uid,
                die,
                tag,
                attr,
                mode: mode_for(attr),
                entries,
                list: match loc {
                    LocationAttr::List(offset) => Some(offset),
                    LocationAttr::Expr(_) => None,
                },
                scope,
                subprogram: frame
                    .map(|f| f.subprogram_ranges)
                    .filter(|&r| !walk.scope_ranges[r].is_empty()),
                has_frame_base: frame.is_some_and(|f| f.has_frame_base),
                function_name: frame.and_then(|f| f.function_name),
                name,
                coverage: if attr == gimli::DW_AT_location {
                    coverage
                } else {
                    None
                },
                memory_space,
                wave_pc,
                type_bits: type_bits.filter(|_| attr == gimli::DW_AT_location),
            });
        }
    }
    Ok(())
}

/// [`variable_type_bits`]' answers: thousands of variables share a few types and
/// abstract origins.
#[derive(Default)]
pub(super) struct TypeBits {
    /// By type DIE (`.debug_info` offset).
    pub(super) by_type: HashMap<u64, Option<u64>>,
    /// An abstract origin's `DW_AT_type`, by the origin's unit offset.
    pub(super) origin_type: HashMap<usize, Option<gimli::UnitOffset>>,
}

/// Bits of the type of a variable DIE (its own `DW_AT_type`, else its abstract origin's).
fn variable_type_bits(
    dbg: &DebugInfo<'_>,
    unit: &gimli::Unit<crate::index::Reader<'_>>,
    entry: &gimli::DebuggingInformationEntry<crate::index::Reader<'_>>,
    memo: &mut TypeBits,
) -> Option<u64> {
    let type_of = |e: &gimli::DebuggingInformationEntry<crate::index::Reader<'_>>| match e
        .attr_value(gimli::DW_AT_type)
    {
        Some(gimli::AttributeValue::UnitRef(t)) => Some(t),
        _ => None,
    };
    let type_ref = match type_of(entry) {
        Some(t) => t,
        None => match entry.attr_value(gimli::DW_AT_abstract_origin) {
            Some(gimli::AttributeValue::UnitRef(o)) => {
                (*memo
                    .origin_type
                    .entry(o.0)
                    .or_insert_with(|| unit.entry(o).ok().and_then(|e| type_of(&e))))?
            }
            _ => return None,
        },
    };
    let die = type_ref.to_debug_info_offset(&unit.header)?.0 as u64;
    *memo.by_type.entry(die).or_insert_with(|| {
        crate::typed::type_size_bits(dbg, Some(die), &crate::typed::DecodeOptions::default()).ok()
    })
}

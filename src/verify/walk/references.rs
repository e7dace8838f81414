//! References within a unit: each must name the start of a DIE of the unit, and a
//! `DW_AT_type` a type. A reference backward is checked at once; one forward, when the
//! unit has been read.

use super::{OpenScope, Shared, die_finding};
use crate::index::Entry;
use crate::verify::{attr_name, checks};

/// The references concern: where the unit's DIEs start, and the references forward.
pub(super) struct References {
    die_starts: DieStarts,
    forward: Vec<UnitReference>,
    /// The unit's length, header included: a reference at or past it leaves the unit.
    unit_bytes: usize,
}

impl References {
    pub(super) fn new(unit_bytes: usize) -> Self {
        References {
            die_starts: DieStarts::new(unit_bytes),
            forward: Vec::new(),
            unit_bytes,
        }
    }

    /// A DIE starts here (before its own attributes are checked: a DIE may name itself).
    #[inline]
    pub(super) fn mark(&mut self, entry: &Entry<'_>) {
        self.die_starts.mark(entry.offset().0, entry.tag().0);
    }

    /// One attribute of `entry`: a reference of a unit-relative form is checked, or kept
    /// for the end of the unit when it points forward.
    #[inline(always)]
    pub(super) fn attribute<'a>(
        &mut self,
        cx: &mut Shared<'_, 'a>,
        entry: &Entry<'a>,
        attr: &gimli::Attribute<crate::index::Reader<'a>>,
        scope: Option<&OpenScope>,
    ) {
        // The form first: it is one byte, where the value is a copy of an enum. Tested
        // where the walk loops over attributes, for the few that are references.
        if matches!(
            attr.form(),
            gimli::DW_FORM_ref1
                | gimli::DW_FORM_ref2
                | gimli::DW_FORM_ref4
                | gimli::DW_FORM_ref8
                | gimli::DW_FORM_ref_udata
        ) {
            self.reference(cx, entry, attr, scope);
        }
    }

    fn reference<'a>(
        &mut self,
        cx: &mut Shared<'_, 'a>,
        entry: &Entry<'a>,
        attr: &gimli::Attribute<crate::index::Reader<'a>>,
        scope: Option<&OpenScope>,
    ) {
        let gimli::AttributeValue::UnitRef(r) = attr.value() else {
            return;
        };
        let name = attr.name();
        let unit_bytes = self.unit_bytes;
        if r.0 >= unit_bytes {
            let function = cx.function(scope);
            let die_name = cx.name(entry);
            let finding = die_finding(
                checks::REFERENCE_OUT_OF_UNIT,
                cx.die(entry),
                attr_name(name),
                function,
                die_name,
                format!(
                    "refers to unit offset {:#x}, past the end of its unit ({unit_bytes:#x} bytes, at .debug_info+{:#x})",
                    r.0, cx.offset
                ),
            );
            cx.walk.findings.push(finding);
            return;
        }
        let reference = UnitReference {
            target: r.0,
            die: entry.offset().0,
            attr: name,
            function: scope.and_then(|f| f.function_name),
        };
        if r.0 <= entry.offset().0 {
            self.check(cx, &reference);
        } else {
            self.forward.push(reference);
        }
    }

    /// The end of the unit: the references forward are checked, in the order met.
    pub(super) fn finish(mut self, cx: &mut Shared<'_, '_>) {
        for r in std::mem::take(&mut self.forward) {
            self.check(cx, &r);
        }
    }

    /// Reports a reference within the unit that names no DIE's start, and a `DW_AT_type`
    /// naming a DIE that is not a type; the DIEs read so far are marked.
    fn check(&self, cx: &mut Shared<'_, '_>, r: &UnitReference) {
        let die_starts = &self.die_starts;
        let is_start = DieStarts::get(&die_starts.starts, r.target);
        if is_start && (r.attr != gimli::DW_AT_type || DieStarts::get(&die_starts.types, r.target))
        {
            return;
        }
        let unit_offset = cx.offset;
        let message = if is_start {
            let tag = cx
                .unit
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
        let name = cx
            .unit
            .entry(gimli::UnitOffset(r.die))
            .ok()
            .and_then(|e| cx.name(&e));
        let function = r.function.map(|i| cx.walk.names[i].clone());
        let (check, message) = message;
        cx.walk.findings.push(die_finding(
            check,
            unit_offset + r.die as u64,
            attr_name(r.attr),
            function,
            name,
            message,
        ));
    }
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

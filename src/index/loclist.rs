//! Location attributes and location lists, read from the raw entries.
//!
//! gimli's cooked iterator turns `DW_LLE_default_location` into an ordinary range and
//! silently drops empty or inverted entries; a debugger and a verifier need both, so this
//! module walks the raw entries, applies the base-address rules itself, and keeps every
//! entry with what is wrong with it.

use std::ops::Range;

use super::{GimliUnit, IndexError, RawSections, Reader, offset_in};

/// Where a `DW_AT_location` (or similar) attribute points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocationAttr<'a> {
    /// A single expression (`DW_FORM_exprloc`, or a block in DWARF 2/3).
    Expr(&'a [u8]),
    /// A location list at this offset of `.debug_loc` (DWARF ≤ 4) or `.debug_loclists`.
    List(u64),
}

impl<'a> LocationAttr<'a> {
    /// Reads the value of an attribute of class location (exprloc or loclist); `None` for
    /// forms that are not locations.
    pub fn from_value(
        dwarf: &gimli::Dwarf<Reader<'a>>,
        unit: &GimliUnit<'a>,
        value: gimli::AttributeValue<Reader<'a>>,
    ) -> Result<Option<Self>, gimli::Error> {
        Ok(match value {
            gimli::AttributeValue::Exprloc(e) => Some(LocationAttr::Expr(e.0.slice())),
            gimli::AttributeValue::Block(b) => Some(LocationAttr::Expr(b.slice())),
            gimli::AttributeValue::LocationListsRef(o) => Some(LocationAttr::List(o.0 as u64)),
            // gimli classifies `DW_FORM_sec_offset` as a location list only for the
            // standard attributes; for vendor ones (`DW_AT_LLVM_lane_pc`) the caller knows
            // the attribute is of class loclist.
            gimli::AttributeValue::SecOffset(o) => Some(LocationAttr::List(o as u64)),
            gimli::AttributeValue::DebugLocListsIndex(i) => Some(LocationAttr::List(
                dwarf.locations_offset(unit, i)?.0 as u64,
            )),
            _ => None,
        })
    }
}

/// What kind of entry a [`LocListEntry`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LocListEntryKind {
    /// The attribute is a single expression, valid wherever the scope is.
    Single,
    /// A bounded entry: valid on `range`.
    Bounded,
    /// `DW_LLE_default_location`: valid where no bounded entry is.
    Default,
}

impl LocListEntryKind {
    /// `single`, `bounded` or `default`.
    pub fn name(self) -> &'static str {
        match self {
            LocListEntryKind::Single => "single",
            LocListEntryKind::Bounded => "bounded",
            LocListEntryKind::Default => "default",
        }
    }
}

/// One location-list entry (or the single expression of an exprloc attribute).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocListEntry<'a> {
    /// Bounded, default or single.
    pub kind: LocListEntryKind,
    /// The `DW_LLE_*` kind it was encoded with (`"exprloc"` for a single expression,
    /// `"DW_LLE_offset_pair"`, or `"pair"` for a DWARF 4 `.debug_loc` entry).
    pub encoding: &'static str,
    /// Offset of the entry's expression bytes in `.debug_loc`/`.debug_loclists`
    /// (`None` for a single expression).
    pub offset: Option<u64>,
    /// The PC range as written (begin may exceed end for a broken entry).
    pub range: Option<Range<u64>>,
    /// The expression bytes.
    pub expr: &'a [u8],
}

impl LocListEntry<'_> {
    /// Whether the entry's range covers `pc` (a single expression covers everything;
    /// a default entry covers nothing by itself: see [`applicable`]).
    pub fn covers(&self, pc: u64) -> bool {
        match self.kind {
            LocListEntryKind::Single => true,
            LocListEntryKind::Bounded => self.range.as_ref().is_some_and(|r| r.contains(&pc)),
            LocListEntryKind::Default => false,
        }
    }

    /// A bounded entry that can never apply: empty or inverted range.
    pub fn anomaly(&self) -> Option<&'static str> {
        let r = self.range.as_ref()?;
        if r.start == r.end {
            Some("empty range")
        } else if r.start > r.end {
            Some("inverted range")
        } else {
            None
        }
    }
}

/// Indices of the entries that apply at `pc`: every bounded entry covering it (several
/// mean several places at once), else the default entries, else none (undefined).
pub fn applicable(entries: &[LocListEntry<'_>], pc: u64) -> Vec<usize> {
    let bounded: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].covers(pc))
        .collect();
    if !bounded.is_empty() {
        return bounded;
    }
    (0..entries.len())
        .filter(|&i| entries[i].kind == LocListEntryKind::Default)
        .collect()
}

pub(super) fn entries<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_offset: u64,
    attr: &LocationAttr<'a>,
) -> Result<Vec<LocListEntry<'a>>, IndexError> {
    let mut out = Vec::new();
    entries_into(dwarf, sections, unit, unit_offset, attr, &mut out)?;
    Ok(out)
}

/// [`entries`] appended to `out` (cleared first), for a caller that reuses one buffer
/// over many lists.
pub(super) fn entries_into<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_offset: u64,
    attr: &LocationAttr<'a>,
    out: &mut Vec<LocListEntry<'a>>,
) -> Result<(), IndexError> {
    out.clear();
    let offset = match *attr {
        LocationAttr::Expr(expr) => {
            out.push(LocListEntry {
                kind: LocListEntryKind::Single,
                encoding: "exprloc",
                offset: None,
                range: None,
                expr,
            });
            return Ok(());
        }
        LocationAttr::List(offset) => offset,
    };
    let err = |source| IndexError::Dwarf {
        what: format!("location list at offset {offset:#x}"),
        offset: Some(unit_offset),
        error: source,
    };
    let section = if unit.encoding().version <= 4 {
        sections.debug_loc
    } else {
        sections.debug_loclists
    };
    let mut iter = dwarf
        .raw_locations(unit, gimli::LocationListsOffset(offset as usize))
        .map_err(err)?;
    let mut base = unit.low_pc;
    let address = |index| dwarf.address(unit, index).map_err(err);
    while let Some(raw) = iter.next().map_err(err)? {
        use gimli::RawLocListEntry as Raw;
        let (kind, encoding, range, data) = match raw {
            Raw::BaseAddress { addr } => {
                base = addr;
                continue;
            }
            Raw::BaseAddressx { addr } => {
                base = address(addr)?;
                continue;
            }
            Raw::AddressOrOffsetPair { begin, end, data } => (
                LocListEntryKind::Bounded,
                "pair",
                Some(base.wrapping_add(begin)..base.wrapping_add(end)),
                data,
            ),
            Raw::OffsetPair { begin, end, data } => (
                LocListEntryKind::Bounded,
                "DW_LLE_offset_pair",
                Some(base.wrapping_add(begin)..base.wrapping_add(end)),
                data,
            ),
            Raw::StartEnd { begin, end, data } => (
                LocListEntryKind::Bounded,
                "DW_LLE_start_end",
                Some(begin..end),
                data,
            ),
            Raw::StartLength {
                begin,
                length,
                data,
            } => (
                LocListEntryKind::Bounded,
                "DW_LLE_start_length",
                Some(begin..begin.wrapping_add(length)),
                data,
            ),
            Raw::StartxEndx { begin, end, data } => (
                LocListEntryKind::Bounded,
                "DW_LLE_startx_endx",
                Some(address(begin)?..address(end)?),
                data,
            ),
            Raw::StartxLength {
                begin,
                length,
                data,
            } => {
                let begin = address(begin)?;
                (
                    LocListEntryKind::Bounded,
                    "DW_LLE_startx_length",
                    Some(begin..begin.wrapping_add(length)),
                    data,
                )
            }
            Raw::DefaultLocation { data } => (
                LocListEntryKind::Default,
                "DW_LLE_default_location",
                None,
                data,
            ),
        };
        out.push(LocListEntry {
            kind,
            encoding,
            offset: Some(offset_in(section, data.0.slice())),
            range,
            expr: data.0.slice(),
        });
    }
    Ok(())
}

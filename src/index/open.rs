//! Opening the index: reading every unit header and root DIE, tolerating a root DIE
//! whose line table or low PC is unreadable (kept as a [`UnitDefect`]).

use std::sync::OnceLock;

use super::{
    ConventionsChoice, DwarfIndex, GimliUnit, IndexError, RawSections, Reader, UnitId, UnitInfo,
    attrs, running_max_end, visit,
};

/// Tells indexes apart for [`UnitId`]s: each [`DwarfIndex`] takes the next number.
static NEXT_OWNER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

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
        let root = visit::root(&unit)?.ok_or(gimli::Error::MissingUnitDie)?;
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

impl<'a> DwarfIndex<'a> {
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
                        error: source,
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
                            error: source,
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
        Ok(DwarfIndex {
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
            error: source,
        };
        let (name, producer, language, ranges) = {
            let root = &visit::root(&unit)
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
}

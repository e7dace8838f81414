//! Location sites: each location attribute of a DIE (and each other attribute of form
//! `DW_FORM_exprloc`) becomes a [`Site`] with what its checks need (its decoded entries,
//! scope, function, type size), and each unit's DIEs carrying lane attributes are counted
//! for its conventions evidence.

use std::sync::Arc;

use super::{NameRef, OpenScope, Shared, Site};
use crate::fast_hash::HashMap;
use crate::index::{
    DwarfIndex, Entry, IndexError, LOCATION_ATTRIBUTES, LocListEntry, LocationAttr, LocationSite,
    Reader, is_lane_attribute,
};
use crate::verify::{Finding, attr_name, checks, mode_for};

/// The sites concern: what one DIE's attributes say so far, and the unit's count.
pub(super) struct Sites<'a> {
    /// The DIE's location attributes.
    locs: Vec<(gimli::DwAt, LocationAttr<'a>)>,
    /// Each list is decoded here, then copied once into its shared slice.
    scratch: Vec<LocListEntry<'a>>,
    /// `DW_AT_LLVM_memory_space` of the DIE.
    memory_space: Option<u64>,
    /// Whether the DIE carries a lane attribute.
    lane_attribute: bool,
    /// The unit's DIEs with lane attributes, while its sites are all of its location
    /// expressions (no DWARF procedure's, no unreadable list).
    lane_dies: Option<usize>,
}

impl Default for Sites<'_> {
    fn default() -> Self {
        Sites {
            locs: Vec::new(),
            scratch: Vec::new(),
            memory_space: None,
            lane_attribute: false,
            lane_dies: Some(0),
        }
    }
}

impl<'a> Sites<'a> {
    /// A DIE begins.
    #[inline]
    pub(super) fn begin(&mut self) {
        self.locs.clear();
        self.memory_space = None;
        self.lane_attribute = false;
    }

    /// One attribute of `entry`. A location attribute whose form is not one cannot be
    /// read, which ends the walk.
    #[inline(always)]
    pub(super) fn attribute(
        &mut self,
        cx: &Shared<'_, 'a>,
        entry: &Entry<'a>,
        attr: &gimli::Attribute<Reader<'a>>,
    ) -> Result<(), IndexError> {
        let name = attr.name();
        self.lane_attribute |= is_lane_attribute(entry.tag(), name);
        if name == gimli::DwAt(0x3e0f) {
            self.memory_space = attr.udata_value();
        }
        if !LOCATION_ATTRIBUTES.contains(&name) && attr.form() != gimli::DW_FORM_exprloc {
            return Ok(());
        }
        self.location(cx, entry, attr)
    }

    fn location(
        &mut self,
        cx: &Shared<'_, 'a>,
        entry: &Entry<'a>,
        attr: &gimli::Attribute<Reader<'a>>,
    ) -> Result<(), IndexError> {
        let name = attr.name();
        let loc =
            LocationAttr::from_value(cx.dbg.dwarf(), cx.unit, attr.value()).map_err(|source| {
                IndexError::Dwarf {
                    what: format!("{name}"),
                    offset: Some(cx.die(entry)),
                    error: source,
                }
            })?;
        if let Some(loc) = loc {
            self.locs.push((name, loc));
        }
        Ok(())
    }

    /// Whether the DIE has a `DW_AT_location` that is a location.
    pub(super) fn has_location(&self) -> bool {
        self.locs.iter().any(|(a, _)| *a == gimli::DW_AT_location)
    }

    /// The DIE's attributes are read: its sites, with `coverage` its variable's coverage
    /// record, if any.
    #[inline(always)]
    pub(super) fn end(
        &mut self,
        cx: &mut Shared<'_, 'a>,
        entry: &Entry<'a>,
        scope: Option<&OpenScope>,
        coverage: Option<usize>,
    ) {
        if self.lane_attribute
            && let Some(n) = &mut self.lane_dies
        {
            *n += 1;
        }
        if !self.locs.is_empty() {
            self.sites(cx, entry, scope, coverage);
        }
    }

    fn sites(
        &mut self,
        cx: &mut Shared<'_, 'a>,
        entry: &Entry<'a>,
        scope: Option<&OpenScope>,
        coverage: Option<usize>,
    ) {
        let tag = entry.tag();
        // A DWARF procedure runs on its callers' stacks: it is checked where it is called.
        if tag == gimli::DW_TAG_dwarf_procedure {
            self.lane_dies = None;
            return;
        }
        let (dbg, unit, uid) = (cx.dbg, cx.unit, cx.uid);
        let die = cx.die(entry);
        let type_bits = if crate::index::VariableKind::of(tag).is_some() && self.has_location() {
            variable_type_bits(dbg, unit, entry, &mut cx.walk.type_bits)
        } else {
            None
        };
        let name = match coverage {
            Some(c) => NameRef::Variable(c),
            None => match cx.name(entry) {
                Some(n) => NameRef::Own(cx.push_name(n)),
                None => NameRef::None,
            },
        };
        let walk = &mut *cx.walk;
        for &(attr, loc) in &self.locs {
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
                None => dbg.site_entries_into(&site, &mut self.scratch).map(|()| {
                    let e: Arc<[LocListEntry<'a>]> = Arc::from(&self.scratch[..]);
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
                    self.lane_dies = None;
                    walk.findings.push(Finding {
                        die: Some(die),
                        attr: Some(attr_name(attr)),
                        function: scope
                            .and_then(|f| f.function_name)
                            .map(|i| walk.names[i].clone()),
                        name: name.get(walk),
                        ..Finding::new(
                            checks::UNDECODABLE_EXPRESSION,
                            format!("the location list cannot be read: {e}"),
                        )
                    });
                    continue;
                }
            };
            let ranges = scope
                .map(|f| f.ranges)
                .filter(|&r| !walk.scope_ranges[r].is_empty());
            let wave_pc = scope
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
                scope: ranges,
                subprogram: scope
                    .map(|f| f.subprogram_ranges)
                    .filter(|&r| !walk.scope_ranges[r].is_empty()),
                has_frame_base: scope.is_some_and(|f| f.has_frame_base),
                subprogram_die: scope
                    .filter(|f| !walk.scope_ranges[f.subprogram_ranges].is_empty())
                    .and_then(|f| f.subprogram_die),
                function_name: scope.and_then(|f| f.function_name),
                name,
                coverage: if attr == gimli::DW_AT_location {
                    coverage
                } else {
                    None
                },
                memory_space: self.memory_space,
                wave_pc,
                type_bits: type_bits.filter(|_| attr == gimli::DW_AT_location),
            });
        }
    }

    /// The unit is read: its count of DIEs with lane attributes, if it stands.
    pub(super) fn finish(self, cx: &mut Shared<'_, 'a>) {
        cx.walk.lane_dies.push((cx.uid, self.lane_dies));
    }
}

/// [`variable_type_bits`]' answers: thousands of variables share a few types and
/// abstract origins.
#[derive(Default)]
pub(in crate::verify) struct TypeBits {
    /// By type DIE (`.debug_info` offset).
    by_type: HashMap<u64, Option<u64>>,
    /// An abstract origin's `DW_AT_type`, by the origin's unit offset.
    origin_type: HashMap<usize, Option<gimli::UnitOffset>>,
}

/// Bits of the type of a variable DIE (its own `DW_AT_type`, else its abstract origin's).
fn variable_type_bits(
    dbg: &DwarfIndex<'_>,
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

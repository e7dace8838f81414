//! Location attributes: the bytes and entries behind a scope's or variable's location,
//! and every location-class attribute (location site) of the object or of one unit.

use super::{
    DwarfIndex, IndexError, LocListEntry, LocationAttr, LocationAttrOwned, Reader, UnitId,
    UnitInfo, at, loclist, offset_in,
};

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

impl<'a> DwarfIndex<'a> {
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
                error: source,
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

    /// [`location_entries`](Self::location_entries) into `out` (cleared first), for a
    /// caller that reads many lists through one buffer.
    pub fn location_entries_into(
        &self,
        unit: UnitId,
        attr: LocationAttrOwned,
        out: &mut Vec<LocListEntry<'a>>,
    ) -> Result<(), IndexError> {
        let info = self.unit(unit)?;
        loclist::entries_into(
            &self.dwarf,
            self.sections,
            &info.unit,
            info.offset,
            &self.location_attr(attr),
            out,
        )?;
        let bytes = (out.len() * std::mem::size_of::<LocListEntry<'_>>()) as u64;
        self.charge(info.offset, "a decoded location list", bytes, false)
    }

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
    pub(super) fn push_sites(
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
                    error: source,
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
        let mut out = Vec::new();
        self.site_entries_into(site, &mut out)?;
        Ok(out)
    }

    /// [`DwarfIndex::site_entries`] into `out` (cleared first): verify decodes thousands
    /// of lists through one buffer.
    pub(crate) fn site_entries_into(
        &self,
        site: &LocationSite<'a>,
        out: &mut Vec<LocListEntry<'a>>,
    ) -> Result<(), IndexError> {
        let info = self.unit(site.unit)?;
        loclist::entries_into(
            &self.dwarf,
            self.sections,
            &info.unit,
            info.offset,
            &site.location,
            out,
        )
    }
}

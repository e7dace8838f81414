//! DIEs read by their `.debug_info` offset: types (decoded and named), and what a DIE
//! that another expression refers to offers for its location.

use super::{
    DwarfIndex, IndexError, LocationAttrOwned, Type, TypeKind, TypeRef, UnitId, scopes, types,
};

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

impl<'a> DwarfIndex<'a> {
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
            error: source,
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

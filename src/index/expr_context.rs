//! What decoding and printing a unit's expressions needs from the index: the decoding
//! parameters of the unit's header, and its base types (named by `DW_OP_convert` and
//! friends).

use super::{DwarfIndex, IndexError, UnitId, UnitInfo};

/// Base types of one unit, for printing `DW_OP_convert` and friends as `llvm-dwarfdump` does.
pub struct IndexedBaseTypes<'d, 'a> {
    dbg: &'d DwarfIndex<'a>,
    info: &'d UnitInfo<'a>,
}

impl<'a> DwarfIndex<'a> {
    /// The base-type view of a unit for the expression printer.
    pub fn unit_base_types(&self, unit: UnitId) -> Result<IndexedBaseTypes<'_, 'a>, IndexError> {
        Ok(IndexedBaseTypes {
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

impl crate::expr::disasm::UnitBaseTypes for IndexedBaseTypes<'_, '_> {
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

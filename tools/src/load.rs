//! Opening an input and indexing the DWARF of the chosen code object.

use std::path::Path;

use hetdwarf::index::DebugInfo;
use hetdwarf_amdgpu::{CodeObject, DwarfSections, Input};

/// Opens `path` as a code object, bundle or host ELF.
pub fn open(path: &Path) -> Result<Input, String> {
    Input::open(path).map_err(|e| e.to_string())
}

/// Picks the code object for `processor` (required when a bundle has several).
pub fn code_object<'a>(
    input: &'a Input,
    processor: Option<&str>,
) -> Result<CodeObject<'a>, String> {
    input.code_object(processor).map_err(|e| e.to_string())
}

/// The code object's debug sections, relocated for a relocatable object.
pub fn sections<'a>(co: &'a CodeObject<'_>) -> Result<DwarfSections<'a>, String> {
    co.dwarf_sections().map_err(|e| e.to_string())
}

/// Builds the DWARF index over the sections, reading bare vector registers as
/// `conventions` says.
pub fn debug_info<'a>(
    co: &CodeObject<'_>,
    sections: &DwarfSections<'a>,
    conventions: crate::output::Conventions,
) -> Result<DebugInfo<'a>, String> {
    let mut dbg =
        DebugInfo::new(|id| sections.get(id)).map_err(|e| format!("{}: {e}", co.name()))?;
    dbg.set_conventions(conventions.into());
    Ok(dbg)
}

/// Prints location expressions the way `llvm-dwarfdump` (LLVM 22) does, under the
/// object's detected encoding.
pub struct ExprPrinter {
    encoding: hetdwarf::expr::Encoding,
}

impl ExprPrinter {
    /// A printer for the expressions of `dbg`.
    pub fn new(dbg: &DebugInfo<'_>) -> Result<Self, String> {
        let profile = dbg.expression_profile().map_err(|e| e.to_string())?;
        Ok(ExprPrinter {
            encoding: profile.encoding.encoding,
        })
    }

    /// The object's heterogeneous-op encoding.
    pub fn encoding(&self) -> hetdwarf::expr::Encoding {
        self.encoding
    }

    /// The text of one expression of `unit`.
    pub fn print(
        &self,
        dbg: &DebugInfo<'_>,
        bytes: &[u8],
        unit: hetdwarf::index::UnitId,
    ) -> String {
        let types = dbg.unit_base_types(unit);
        hetdwarf::expr::disasm::disassemble_bytes(
            bytes,
            dbg.decode_params(unit, self.encoding),
            hetdwarf::expr::disasm::DisasmOptions {
                names: &hetdwarf::expr::amdgpu_names::AmdgpuDwarfdumpNames,
                unit: Some(&types),
            },
        )
    }
}

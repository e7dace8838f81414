//! Opening an input and indexing the DWARF of the chosen code object.

use crate::failure::Failure;
use std::path::Path;

use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::{CodeObject, DwarfSections, Input};

/// `--max-memory`, set once by `main` before any file is opened.
static MAX_MEMORY: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();

/// Sets the memory budget of every file opened after it (`None`: the default, the larger
/// of 256 MiB and 64 × the file's size).
pub fn set_max_memory(limit: Option<u64>) {
    let _ = MAX_MEMORY.set(limit);
}

/// Opens `path` as a code object, bundle or host ELF: read into memory, so that a file
/// rewritten while the command runs cannot end it with SIGBUS (see `Input::open`).
pub fn open(path: &Path) -> Result<Input, Failure> {
    read_input(path).map_err(|e| hetdwarf_amdgpu::Error::from(e).into())
}

/// [`open`] with the error as it came, for a caller that tells errors apart.
pub fn read_input(path: &Path) -> Result<Input, hetdwarf_amdgpu::CodeObjectError> {
    read_input_as(path, path)
}

/// [`read_input`] of the file opened by `path`, named `name` in every message (a file
/// whose whole name is too long to open is opened through a shorter path).
pub fn read_input_as(path: &Path, name: &Path) -> Result<Input, hetdwarf_amdgpu::CodeObjectError> {
    Input::read_as(
        path,
        &name.display().to_string(),
        MAX_MEMORY.get().copied().flatten(),
    )
}

/// Reads a text input (an IR module) under `--max-memory`: a larger file is refused before
/// it is read (`limit`), one that cannot be read is `io`.
pub fn read_text_input(path: &Path) -> Result<Vec<u8>, Failure> {
    hetdwarf_amdgpu::read_within(path, MAX_MEMORY.get().copied().flatten())
        .map_err(|e| Failure::from(hetdwarf_amdgpu::Error::from(e)))
}

/// Picks the code object for `processor` (required when a bundle has several).
pub fn code_object<'a>(
    input: &'a Input,
    processor: Option<&str>,
) -> Result<CodeObject<'a>, Failure> {
    input
        .code_object(processor)
        .map_err(|e| hetdwarf_amdgpu::Error::from(e).into())
}

/// The code object's debug sections, relocated for a relocatable object.
pub fn sections<'a>(co: &'a CodeObject<'_>) -> Result<DwarfSections<'a>, Failure> {
    co.dwarf_sections()
        .map_err(|e| hetdwarf_amdgpu::Error::from(e).into())
}

/// Builds the DWARF index over the sections, reading bare vector registers as
/// `conventions` says.
pub fn debug_info<'a>(
    co: &CodeObject<'_>,
    sections: &DwarfSections<'a>,
    conventions: crate::output::Conventions,
) -> Result<DwarfIndex<'a>, Failure> {
    let mut dbg = DwarfIndex::new(|id| sections.get(id)).map_err(|e| {
        Failure::new(
            hetdwarf::Error::from(e.clone()).kind(),
            format!("{}: {e}", co.name()),
        )
    })?;
    dbg.set_conventions(conventions.into());
    dbg.set_budget(co.budget().clone());
    Ok(dbg)
}

/// Prints location expressions the way `llvm-dwarfdump` (LLVM 22) does, under the
/// object's detected encoding.
pub struct ExprPrinter {
    encoding: hetdwarf::expr::Encoding,
}

impl ExprPrinter {
    /// A printer for the expressions of `dbg`.
    pub fn new(dbg: &DwarfIndex<'_>) -> Result<Self, hetdwarf::index::IndexError> {
        let profile = dbg.expression_profile()?;
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
        dbg: &DwarfIndex<'_>,
        bytes: &[u8],
        unit: hetdwarf::index::UnitId,
    ) -> String {
        // `unit` comes from `dbg` itself: both look-ups succeed.
        let types = dbg.unit_base_types(unit).ok();
        hetdwarf::expr::disasm::disassemble_bytes(
            bytes,
            dbg.decode_params(unit, self.encoding)
                .unwrap_or(hetdwarf::expr::DecodeParams::amdgpu(self.encoding)),
            hetdwarf::expr::disasm::DisasmOptions::new(&hetdwarf_amdgpu::AmdgpuDwarfdumpNames)
                .with_unit(
                    types
                        .as_ref()
                        .map(|t| t as &dyn hetdwarf::expr::disasm::UnitBaseTypes),
                ),
        )
    }
}

/// Reads a `hetdwarf-wave-state/1` file: `io` when it cannot be read, `malformed` when it
/// is not a wave state.
pub fn state(path: &Path) -> Result<hetdwarf_amdgpu::WaveState, Failure> {
    // `--max-memory` bounds the state file too: a larger one is refused before it is read.
    let bytes = hetdwarf_amdgpu::read_within(path, MAX_MEMORY.get().copied().flatten())
        .map_err(|e| Failure::from(hetdwarf_amdgpu::Error::from(e)))?;
    hetdwarf_amdgpu::WaveState::from_json_bytes(&bytes).map_err(|e| {
        Failure::new(
            hetdwarf::ErrorKind::Malformed,
            format!("{}: {e}", path.display()),
        )
    })
}

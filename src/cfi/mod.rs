//! Call frame information: `.debug_frame` and `.eh_frame` parsing and row look-up, with the
//! LLVM/AMD heterogeneous-debugging extensions.
//!
//! gimli's CFI parser rejects the vendor instructions `DW_CFA_LLVM_def_aspace_cfa` (0x30)
//! and `DW_CFA_LLVM_def_aspace_cfa_sf` (0x31), so this module parses the sections itself:
//!
//! - [`FrameTable::parse`] reads every CIE (versions 1, 3 and 4; augmentation strings such as
//!   `[llvm:v0.0]` or `[amd:v0.0]`; for an augmentation it does not know it keeps only the
//!   fixed fields, as the extension asks) and FDE, and sorts the FDEs by address;
//! - [`FrameTable::row_at`] runs the CIE's initial instructions and the FDE's instructions up
//!   to a PC (the full `DW_CFA_*` set, including remember/restore state) and gives the
//!   [`Row`]: the [`CfaRule`] (register + offset in an address space, or an expression) and
//!   a [`RegisterRule`] per register, with the target's default rule for the others;
//! - [`eval`] turns a row into location descriptions through an evaluation
//!   [`Context`](crate::eval::Context), as the extension's §3.3 says.
//!
//! Everything is bounded: hostile input gives a [`CfiError`] carrying the section offset,
//! never a panic or unbounded work.

#![warn(missing_docs)]

pub mod eval;
mod parse;
#[cfg(test)]
mod tests;

pub use parse::{
    CfaRule, Cie, Fde, FrameSection, FrameTable, MAX_INSTRUCTIONS, MAX_RULES, MAX_STATE_DEPTH,
    RegisterRule, Row,
};

/// Why call frame information could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{section} at offset {offset:#x}: {reason}")]
pub struct CfiError {
    /// The section (`.debug_frame` or `.eh_frame`).
    pub section: &'static str,
    /// Byte offset in the section where the problem was found.
    pub offset: u64,
    /// What was wrong.
    pub reason: String,
}

impl CfiError {
    /// What kind of failure this is: call frame information that does not parse.
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Malformed
    }
}

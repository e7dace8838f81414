//! hetdwarf: the target-independent core of heterogeneous-debugging DWARF.
//!
//! Decodes and evaluates DWARF location expressions with the LLVM/AMD heterogeneous
//! debugging extensions, and indexes the DWARF of a code object.

/// The DWARF reader the index is built on; its types appear in the public API.
pub use gimli;

pub mod budget;
pub mod cfi;
mod error;
pub mod eval;
pub mod expr;
pub mod fast_hash;
pub mod index;
pub mod target;
pub mod typed;
pub mod var;
pub mod verify;

pub use error::{Error, ErrorKind, Result, error_chain};

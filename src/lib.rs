//! hetdwarf: the target-independent core of heterogeneous-debugging DWARF.
//!
//! Decodes and evaluates DWARF location expressions with the LLVM/AMD heterogeneous
//! debugging extensions, and indexes the DWARF of a code object.

pub mod cfi;
pub mod diop;
pub mod eval;
pub mod expr;
pub mod index;
pub mod target;
pub mod typed;
pub mod var;
pub mod verify;

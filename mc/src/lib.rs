//! AMDGPU machine code for hetdwarf: instructions decoded by LLVM's own description of the
//! target (through a small C++ shim over its MC layer), with the registers each one writes
//! and reads, and the checks of variable locations against them.
//!
//! The DWARF core (`hetdwarf`) and the AMDGPU crate stay free of LLVM: only this crate
//! links it, and it builds without it too ([`available`] then answers `false` and every
//! decoder is [`McError::Unavailable`]).

#[cfg(has_llvm)]
mod ffi;

mod decode;
mod listing;
mod register;

pub use decode::{Disassembler, Instruction, InstructionFlags, McError, available, llvm_features};
pub use listing::{Listing, MAX_INSTRUCTIONS, disassembler_for};
pub use register::MachineRegister;

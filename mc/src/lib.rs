//! AMDGPU machine code for hetdwarf: instructions decoded by LLVM's own description of the
//! target (through a small C++ shim over its MC layer), with the registers each one writes
//! and reads, and the checks of variable locations against them.
//!
//! The DWARF core (`hetdwarf`) and the AMDGPU crate stay free of LLVM: only this crate
//! links it, and it builds without it too ([`available`] then answers `false` and every
//! decoder is [`McError::Unavailable`]).

#[cfg(has_llvm)]
mod ffi;

mod calls;
mod clobber;
mod decode;
mod explain;
mod listing;
mod locations;
mod register;
mod shape;

pub use calls::{CalleeWrites, Calls};
pub use clobber::{branch_target, call_clobbered, check};
pub use decode::{
    Disassembler, Instruction, InstructionFacts, InstructionFlags, McError, available,
    llvm_features,
};
pub use explain::{EndCause, Ended, ExplainError, Explainer, Explanation, Write, explain};
pub use listing::{Listing, MAX_CODE_BYTES, MAX_INSTRUCTIONS, code_at, disassembler_for, text_at};
pub use locations::{
    BaseRegister, LocatedEntry, LocatedFunction, LocatedVariable, MAX_ENTRIES, RegisterRole,
    StackSlot, located_functions, located_functions_of, located_functions_verified, registers_of,
    retain_decoded, stack_slot,
};
pub use register::{MachineRegister, OtherRegister, Registers};

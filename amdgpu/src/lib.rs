//! AMDGPU support for hetdwarf: code objects.
//!
//! This crate knows how AMDGPU device code reaches a debugger and hands hetdwarf's
//! target-independent core the bytes and facts it needs:
//!
//! * [`Input`] memory-maps a file and classifies it: a plain AMDGPU ELF code object, a clang
//!   offload bundle (plain or `CCOB` compressed with zstd or zlib) or LLVM offload binary (the
//!   new offload driver's format), or a host ELF whose sections (`.hip_fatbin`,
//!   `.llvm.offloading`, any section holding `__CLANG_OFFLOAD_BUNDLE__`) embed them. It lists
//!   the code objects in it ([`BundleEntry`]) and picks one by processor.
//! * [`CodeObject`] is one validated code object borrowed from the input (zero-copy): its
//!   [`TargetId`](target::TargetId) (processor, XNACK/SRAMECC, code object version, OS ABI),
//!   its kernels (from the `NT_AMDGPU_METADATA` msgpack note, completed with the `.kd` kernel
//!   descriptors), function symbols, wave size per PC, and sections. Debug sections of
//!   relocatable objects get their `R_AMDGPU_*` relocations applied in an owned copy made
//!   once, on first use.
//! * [`DwarfSections`] turns those sections into a `gimli::Dwarf`.
//! * [`unwind()`](unwind::unwind) walks a [`WaveState`] through device-function calls with
//!   the object's call frame information ([`CallFrames`](unwind::CallFrames)), evaluates in
//!   any frame ([`FrameContext`](unwind::FrameContext)) and computes per-lane PCs and active
//!   masks ([`unwind::lanes`]).
//!
//! Every error ([`CodeObjectError`]) names the file (or `file#bundle-entry`) and says what was
//! wrong. Hostile input produces errors, never panics, hangs or allocations beyond the file's
//! size (decompression is capped at [`MAX_DECOMPRESSED`](compress::MAX_DECOMPRESSED)).

#![warn(missing_docs)]

/// The DWARF reader under the index (its section ids name the sections).
pub use gimli;
/// The ELF reader under the code objects.
pub use object;

mod any_error;
pub mod aspace;
mod budget;
pub mod bundle;
mod code_object;
pub mod compress;
mod dwarfdump_names;
mod elf;
mod error;
mod extent;
mod input;
pub mod metadata;
pub mod registers;
pub mod reloc;
pub mod scratch;
mod session;
pub mod stop;
mod strtab;
pub mod target;
pub mod unwind;
pub mod verify;
mod wave;

pub use any_error::Error;
pub use code_object::{
    CodeObject, CodeSection, DWARF_SECTION_IDS, DwarfSections, ElfType, Function, Kernel,
    WaveSizeSource,
};
pub use dwarfdump_names::AmdgpuDwarfdumpNames;
pub use elf::{EM_AMDGPU, machine_name};
pub use error::CodeObjectError;
pub use input::{BundleEntry, Input, InputKind, read_regular_file, read_within};
pub use session::{Session, SessionError, SessionRef, encoding_of};
pub use wave::{SparseMemory, StateError, VectorRegister, WAVE_STATE_FORMAT, WaveError, WaveState};

//! Evaluation of DWARF location expressions with the LLVM/AMD heterogeneous-debugging
//! extensions (the model of the extension specification: a stack of values *and*
//! location descriptions).
//!
//! What is here, by concern (the modules are private; everything is re-exported flat):
//!
//! - values: [`Value`], [`BaseType`] and DWARF arithmetic ([`BinOp`], [`UnOp`], [`Compare`]);
//! - location descriptions: [`LocDesc`] (a [`Single`] location in a [`Storage`], or a lazy
//!   [`Composite`] of [`Part`]s), [`ImplicitPointer`], [`Memory`];
//! - the two halves an evaluation reaches the program through: the [`Backend`] (machine:
//!   registers, memory, lanes) and the [`Symbols`] (DWARF: frame base, DIE look-ups, entry
//!   values), and the [`Context`] the evaluator sees them as ([`With`] pairs them,
//!   [`NoSymbols`] is a backend alone);
//! - the types both halves and the evaluator share: [`Entry`], [`Program`],
//!   [`DieLocation`], batched [`Read`]s;
//! - reading and writing bits through locations, with per-bit availability: [`read`],
//!   [`read_into`], [`read_value`], [`write()`], [`Bits`];
//! - [`ReadCache`], a backend that fetches each register and range once per stop, in
//!   batches ([`Backend::read_batch`]);
//! - the interpreter ([`Evaluator`], its [`Limits`]), plus [`Evaluator::evaluate_cfi`]
//!   which rejects the operations call frame information may not use;
//! - a fast tier for typical location expressions
//!   (registers, pieces, `fbreg`/`breg` + `deref`, `xderef`, the lane and offset
//!   operations), on a small stack of scalars and, through
//!   [`Evaluator::evaluate_location_bytes`], straight from the encoded bytes (a register
//!   followed by `DW_OP_piece` is one step); it gives the general interpreter's answer or
//!   hands the expression over. [`Evaluator::evaluate_location_bytes_into`] writes into a
//!   location the caller keeps and reuses its part buffer, so re-evaluating a variable at
//!   each stop allocates nothing for typical composites;
//! - the error type [`Error`] and its classes (`decode`, `ill_formed`, `evaluation`,
//!   `unavailable`, `missing_context`: [`Error::class_name`]);
//! - [`parts`]: a location flattened into its leaf parts, for views that show where each
//!   byte of a variable lives.
//!
//! The call to reach for first is [`Evaluator::evaluate_location_bytes_into`] with a
//! location kept across calls: the owned form allocates a new part vector for every
//! composite, which costs more than the evaluation itself (the book's *Debugger backends
//! in Rust*, `docs/src/guide/rust.md`).
//!
//! ```text
//! let mut ev = Evaluator::new();                              // reuse it: it keeps its stack
//! let mut kept = LocDesc::undefined();                        // and keep the result
//! ev.evaluate_location_bytes_into(&mut ctx, bytes, params, &mut kept)?; // decode + evaluate
//! let loc = ev.evaluate_location_bytes(&mut ctx, bytes, params)?; // the same, owned result
//! let loc = ev.evaluate_location(&mut ctx, &expr)?;           // an expression decoded before
//! let bits = access::read(&mut ctx, &loc, 0, 32)?;            // bytes + availability masks
//! let rule = ev.evaluate_cfi(&mut ctx, &e, [Entry::Location(cfa)], ResultKind::Location)?;
//! ```
//!
//! Where the specification is ambiguous (see the digest's section 7) this implementation
//! chooses:
//!
//! - the generic type is signed for `div`, `abs`, `neg` and comparisons, unsigned for `mod`
//!   and `shr` (as GDB and gimli); displacements popped by `DW_OP_LLVM_offset`,
//!   `bit_offset` and the overlays are two's-complement signed, and `fbreg` /
//!   `aspace_bregx` displacements are signed;
//! - only *generic* values convert implicitly to default-address-space memory, and only
//!   single byte-aligned default-address-space memory locations convert back;
//! - an empty stack yields the undefined location for kinds location and unspecified;
//! - a location-list callee of `DW_OP_call*` is evaluated separately and every matching
//!   entry becomes one place of the pushed location; an exprloc callee runs on the
//!   caller's stack (iteratively, bounded by [`Limits::max_call_depth`]);
//! - `DW_OP_LLVM_push_lane` checks the lane against [`Context::lane_count`], which defaults to
//!   the target's lane count (producers rarely emit `DW_AT_LLVM_lanes`);
//! - `breg*` / `aspace_bregx` on a register narrower than the address is an evaluation
//!   error; reads past a register's end are optimized-out bits (and so an evaluation error
//!   for `deref*`);
//! - `deref_size` larger than the generic size reads the generic size;
//! - the frame base, if a register, means `bregx R, 0` in the default address space.
#![warn(missing_docs)]

pub(crate) mod access;
mod batch;
mod bits;
pub(crate) mod cache;
pub(crate) mod context;
pub(crate) mod error;
pub(crate) mod location;
pub(crate) mod machine;
pub mod parts;
pub(crate) mod protocol;
mod quick;
pub(crate) mod value;

#[cfg(test)]
pub(crate) mod testctx;
#[cfg(test)]
mod tests;

pub use access::{BitStatus, Bits, MAX_READ_BITS, read, read_into, read_value, write};
pub use bits::copy_bits;
pub use cache::{CacheCounts, ReadCache};
pub use context::{Backend, Context, NoSymbols, Symbols, With, read_singly};
pub use error::{At, Cause, Error, ErrorDetail, Limit, Result};
pub use location::{
    Composite, ImplicitPointer, LocDesc, Memory, Namer, NoNames, Part, RegisterNamer, Single,
    Storage, memory_size_bits,
};
pub use machine::{Evaluator, Limits, ResultKind, memory_location};
pub use protocol::{DieLocation, Entry, Place, Program, Read};
pub use value::{BaseType, BinOp, Bytes, Compare, UnOp, Value, ate};

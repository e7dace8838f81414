//! Evaluation of DWARF location expressions with the LLVM/AMD heterogeneous-debugging
//! extensions.
//!
//! - [`value`]: typed values and DWARF arithmetic;
//! - [`location`]: location descriptions (single locations, storages, lazy composites);
//! - [`context`]: the [`Context`] trait through which an evaluation reaches the program;
//! - [`access`]: reading and writing bits through locations, with per-bit availability;
//! - [`machine`]: the interpreter ([`Evaluator`]);
//! - [`error`]: the error type and its classes.
//!
//! ```text
//! let mut ev = Evaluator::new();
//! let loc = ev.evaluate_location(&mut ctx, &expr)?;          // a LocDesc
//! let bits = access::read(&mut ctx, &loc, 0, 32)?;           // bytes + availability
//! ```

#![warn(missing_docs)]

pub mod access;
pub mod context;
pub mod error;
pub mod location;
pub mod machine;
pub mod value;

#[cfg(test)]
mod testctx;
#[cfg(test)]
mod tests;

pub use access::{BitStatus, Bits, read, read_value, write};
pub use context::{Context, DieLocation};
pub use error::{At, Error, ErrorDetail, ErrorKind, Limit, Result};
pub use location::{
    Composite, ImplicitPointer, LocDesc, Memory, Namer, NoNames, Part, RegisterNamer, Single,
    Storage,
};
pub use machine::{Entry, Evaluator, Limits, Program, ResultKind};
pub use value::{BaseType, Bytes, Value};

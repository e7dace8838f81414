//! One error type for the whole library: [`Error`] wraps every module's error unchanged
//! (its message and `source()` chain stay intact) and classifies it by [`ErrorKind`], so a
//! caller that handles errors in one place (a debugger's command loop, a C or Python
//! binding) needs one `match`, not nine. Every error type says its own kind
//! (`kind()`, beside its variants); the umbrella only asks.

use crate::{cfi, eval, expr, index, typed, var};

/// What kind of failure an [`Error`] is, for a caller deciding what to do about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input does not parse: DWARF, expression bytes, call frame information, IR.
    Malformed,
    /// The input parses but breaks a rule of the specification (a producer bug).
    IllFormed,
    /// Evaluation failed at run time (undefined bits, an offset out of range, a limit).
    Evaluation,
    /// A register or memory could not be fetched.
    Unavailable,
    /// The value has no location at this PC: optimized out.
    OptimizedOut,
    /// An evaluation needs something the context does not supply.
    MissingContext,
    /// What the caller asked for is wrong: a name not in scope, a path that does not
    /// resolve, text that does not parse as a value or an operation, an id from another
    /// index, an encoding the object contradicts.
    Usage,
    /// The library does not handle this (a type it cannot show or encode).
    Unsupported,
    /// A file could not be read.
    Io,
    /// Input larger than a limit or a memory budget allows.
    Limit,
}

impl ErrorKind {
    /// The lower-case name, as JSON output and the bindings spell it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Malformed => "malformed",
            ErrorKind::IllFormed => "ill_formed",
            ErrorKind::Evaluation => "evaluation",
            ErrorKind::Unavailable => "unavailable",
            ErrorKind::OptimizedOut => "optimized_out",
            ErrorKind::MissingContext => "missing_context",
            ErrorKind::Usage => "usage",
            ErrorKind::Unsupported => "unsupported",
            ErrorKind::Io => "io",
            ErrorKind::Limit => "limit",
        }
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Any error of this library.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Expression bytes that do not decode.
    #[error(transparent)]
    Decode(#[from] expr::DecodeError),
    /// Operations that cannot be encoded.
    #[error(transparent)]
    Encode(#[from] expr::encode::EncodeError),
    /// Assembler text that does not assemble.
    #[error(transparent)]
    Asm(#[from] expr::asm::AsmError),
    /// An evaluation.
    #[error(transparent)]
    Eval(#[from] eval::Error),
    /// The DWARF index.
    #[error(transparent)]
    Index(#[from] index::IndexError),
    /// Variables: look-up, placement, reads and writes.
    #[error(transparent)]
    Var(#[from] var::VarError),
    /// A variable path.
    #[error(transparent)]
    Path(#[from] var::PathError),
    /// Values by type.
    #[error(transparent)]
    Typed(#[from] typed::TypedError),
    /// Call frame information.
    #[error(transparent)]
    Cfi(#[from] cfi::CfiError),
}

impl Error {
    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Decode(e) => e.kind(),
            Error::Encode(e) => e.kind(),
            Error::Asm(e) => e.kind(),
            Error::Eval(e) => e.kind(),
            Error::Index(e) => e.kind(),
            Error::Var(e) => e.kind(),
            Error::Path(e) => e.kind(),
            Error::Typed(e) => e.kind(),
            Error::Cfi(e) => e.kind(),
        }
    }
}

/// `error`'s message followed by those of its sources, `: `-separated, for one-line
/// reports.
///
/// Every error of this project either prints its cause in its own message (a wrapper
/// naming the file, unit or object it adds) or returns it as
/// [`source`](std::error::Error::source) (a backend's error behind an evaluation
/// error), never both, so nothing is repeated (`amdgpu/tests/error_sources.rs`).
pub fn error_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut out = error.to_string();
    let mut next = error.source();
    while let Some(e) = next {
        out.push_str(": ");
        out.push_str(&e.to_string());
        next = e.source();
    }
    out
}

/// `Result` with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

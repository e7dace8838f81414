//! Errors of variable look-up, reading and writing, and the limits their messages name.

use crate::expr::Encoding;
use crate::{eval, index, typed};

use super::path::PathError;

/// The largest `DW_AT_LLVM_lanes` taken as a lane count (a wavefront has at most 64
/// lanes; SIMD lanes of a thread fewer still): anything larger, or 0, is malformed.
pub const MAX_LANES: u64 = 4096;

/// The most applicable location-list entries evaluated for one variable at one PC: a PC
/// covered by a million overlapping entries is a variable in a million places, and a
/// request must not cost a million evaluations per lane.
pub const MAX_PLACES: usize = 256;

/// Errors of variable look-up and access.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VarError {
    /// The DWARF index failed.
    #[error(transparent)]
    Index(#[from] index::IndexError),
    /// Evaluating a location failed.
    #[error(transparent)]
    Eval(#[from] eval::Error),
    /// Formatting or parsing a value by its type failed.
    #[error(transparent)]
    Typed(#[from] typed::TypedError),
    /// No variable of that name is in scope.
    #[error("no variable `{0}` in scope")]
    NotFound(String),
    /// A scope's `DW_AT_LLVM_lanes` is no lane count.
    #[error("DIE {die:#x}: DW_AT_LLVM_lanes is {value}, not a lane count (1..={max})", max = MAX_LANES)]
    BadLanes {
        /// The scope's DIE.
        die: u64,
        /// The attribute's value.
        value: u64,
    },
    /// The variable has no location (and no constant value).
    #[error("`{0}` has no location: optimized out")]
    NoLocation(String),
    /// A write to an implicit pointer: it stands for the address of another variable's
    /// object (`DW_OP_implicit_pointer`) and has no storage of its own.
    #[error(
        "`{0}` is an implicit pointer (DW_OP_implicit_pointer to DIE {1:#x}): it has no storage of its own to write"
    )]
    ImplicitPointer(String, u64),
    /// The encoding passed to [`Frame::at`](super::Frame::at) is not the one the unit's
    /// expressions were written in (some decode only the other way, none only this way):
    /// every value would be read wrongly.
    /// [`DwarfIndex::expression_profile`](index::DwarfIndex::expression_profile) tells the
    /// object's encoding.
    #[error(
        "unit at .debug_info+{unit:#x}: its expressions use {}, not the {} encoding given ({user_only} can only be read as DW_OP_LLVM_user, {legacy_only} only as legacy opcodes)",
        other_encoding(*given),
        encoding_name(*given)
    )]
    EncodingMismatch {
        /// The encoding passed.
        given: Encoding,
        /// `.debug_info` offset of the unit.
        unit: u64,
        /// The unit's expressions that only `DW_OP_LLVM_user` reads.
        user_only: usize,
        /// The unit's expressions that only the legacy opcodes read.
        legacy_only: usize,
    },
    /// A write to a variable in more places at once than are evaluated ([`MAX_PLACES`]):
    /// writing only some of them would leave the copies disagreeing.
    #[error(
        "`{name}` is in {places} places at once at this PC (location-list entries that apply); a write is refused past {max}",
        max = MAX_PLACES
    )]
    TooManyPlaces {
        /// The variable.
        name: String,
        /// How many applicable entries there are.
        places: usize,
    },
    /// A step of a variable path failed, or the path does not parse: `step` is the
    /// expression up to and including the failing step (`*s.ptr`, `p->nope`).
    #[error("`{step}`: {error}")]
    Path {
        /// The expression up to the failing step, in C.
        step: String,
        /// What went wrong.
        error: PathError,
    },
}

impl VarError {
    /// What kind of failure this is.
    pub fn kind(&self) -> crate::ErrorKind {
        match self {
            VarError::Index(e) => e.kind(),
            VarError::Eval(e) => e.kind(),
            VarError::Typed(e) => e.kind(),
            VarError::BadLanes { .. } => crate::ErrorKind::Malformed,
            VarError::NoLocation(_) => crate::ErrorKind::OptimizedOut,
            VarError::TooManyPlaces { .. } => crate::ErrorKind::Limit,
            _ => crate::ErrorKind::Usage,
        }
    }
}

fn encoding_name(e: Encoding) -> &'static str {
    match e {
        Encoding::User => "DW_OP_LLVM_user",
        Encoding::Legacy => "legacy one-byte",
    }
}

fn other_encoding(e: Encoding) -> &'static str {
    match e {
        Encoding::User => "the legacy one-byte opcodes",
        Encoding::Legacy => "DW_OP_LLVM_user",
    }
}

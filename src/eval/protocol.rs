//! The vocabulary an evaluation and its context share: the operations a [`Program`]
//! hands the evaluator, the [`Entry`]s of its stack, what a DIE offers as a location
//! ([`DieLocation`]), and the requests of a batched read ([`Place`], [`Read`]). These sit
//! beside the location types ([`LocDesc`]) rather than in the interpreter,
//! because both halves of a [`Context`](super::Context) speak them.

use std::sync::Arc;

use super::error::Error;
use super::location::{ImplicitPointer, LocDesc};
use super::value::Value;
use crate::expr::Expr;
use crate::expr::op::Op;

/// A sequence of operations the evaluator can run: a decoded [`Expr`], or anything else
/// that can say where each operation is and where branches go.
pub trait Program: Send + Sync {
    /// The operations.
    fn ops(&self) -> &[Op];
    /// Byte offset of operation `i` (for error positions).
    fn op_offset(&self, i: usize) -> u64;
    /// For a `DW_OP_skip`/`DW_OP_bra` at `i`: the operation index it goes to (`ops().len()`
    /// = end); `None` if the target is not an operation boundary.
    fn branch_target(&self, i: usize) -> Option<usize>;
}

impl Program for Expr {
    #[inline]
    fn ops(&self) -> &[Op] {
        Expr::ops(self)
    }
    #[inline]
    fn op_offset(&self, i: usize) -> u64 {
        Expr::op_offset(self, i)
    }
    #[inline]
    fn branch_target(&self, i: usize) -> Option<usize> {
        Expr::branch_target(self, i)
    }
}

/// Operations without byte positions (offsets are operation indices; branches are
/// ill-formed). Useful for operations that have no encoding yet.
impl Program for [Op] {
    fn ops(&self) -> &[Op] {
        self
    }
    fn op_offset(&self, i: usize) -> u64 {
        i as u64
    }
    fn branch_target(&self, _i: usize) -> Option<usize> {
        None
    }
}

/// A stack entry.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Entry {
    /// A typed value.
    Value(Value),
    /// A location description.
    Location(LocDesc),
    /// An implicit pointer value (the result of dereferencing implicit pointer storage).
    ImplicitPointer(ImplicitPointer),
}

impl Entry {
    /// The location, if this is one.
    pub fn into_location(self) -> Option<LocDesc> {
        match self {
            Entry::Location(l) => Some(l),
            _ => None,
        }
    }

    /// The value, if this is one.
    pub fn into_value(self) -> Option<Value> {
        match self {
            Entry::Value(v) => Some(v),
            _ => None,
        }
    }
}

impl std::fmt::Display for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entry::Value(v) => write!(f, "value {v}"),
            Entry::Location(l) => write!(f, "{l}"),
            Entry::ImplicitPointer(p) => {
                write!(f, "implicit pointer value <{:#x}>", p.die)?;
                if p.offset != 0 {
                    write!(f, "{:+}", p.offset)?;
                }
                Ok(())
            }
        }
    }
}

/// What a DIE offers as its location, for `DW_OP_call*` and implicit pointer targets.
#[derive(Clone)]
#[non_exhaustive]
pub enum DieLocation {
    /// `DW_AT_location` as an exprloc (a callee runs on the caller's stack).
    Expr(Arc<dyn Program>),
    /// `DW_AT_location` as a location list: the expressions of every entry that covers the
    /// current program location (empty = no entry matches). Each is evaluated separately.
    LocationList(Vec<Arc<dyn Program>>),
    /// `DW_AT_const_value` bytes.
    ConstValue(Box<[u8]>),
    /// Neither attribute.
    None,
}

impl std::fmt::Debug for DieLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DieLocation::Expr(_) => f.write_str("Expr"),
            DieLocation::LocationList(v) => write!(f, "LocationList({})", v.len()),
            DieLocation::ConstValue(b) => write!(f, "ConstValue({b:?})"),
            DieLocation::None => f.write_str("None"),
        }
    }
}

/// What a read of a batch addresses: a register of a frame, or an address space (of a
/// lane, for lane-scoped spaces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Place {
    /// Register `reg` of frame `frame`; offsets are bytes into the register.
    Register {
        /// DWARF register number.
        reg: u64,
        /// Frame, as the context numbers frames.
        frame: u32,
    },
    /// Memory of address space `aspace`; offsets are addresses.
    Memory {
        /// DWARF address space number.
        aspace: u64,
        /// The lane, for lane-scoped spaces.
        lane: Option<u32>,
    },
}

/// One request of a [batched read](super::Backend::read_batch): `data.len()` bytes of `place`
/// from byte `offset`.
#[derive(Debug)]
pub struct Read<'a> {
    /// The register or address space.
    pub place: Place,
    /// Byte offset in the register, or address in the space.
    pub offset: u64,
    /// Where the bytes go.
    pub data: &'a mut [u8],
    /// One flag per byte of `data`, all `false` on entry: the context sets the flags of the
    /// bytes it could not fetch.
    pub unavailable: &'a mut [bool],
    /// Why bytes are unavailable (the context's own error, kept as the cause of what the
    /// caller reports), when the context says.
    pub error: Option<Error>,
}

impl Read<'_> {
    /// Whether every byte was fetched.
    pub fn is_complete(&self) -> bool {
        !self.unavailable.contains(&true)
    }
}

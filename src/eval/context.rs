//! The evaluation context: everything an expression may ask of the program being debugged
//! (registers, memory per address space, the current lane and iteration, the frame's CFA
//! and frame base, entry values, DIE look-ups for calls, base types and implicit pointers).
//!
//! Every method except [`Context::target`] has a default; most defaults report a
//! [`MissingContext`](super::ErrorKind::MissingContext) error, so a context supplies only
//! what it has.

use std::sync::Arc;

use super::error::{Error, ErrorKind, Result};
use super::location::LocDesc;
use super::machine::{Entry, Program};
use super::value::BaseType;
use crate::expr::op::DieRef;
use crate::target::Target;

/// Answers a batch through `ctx`'s single-read methods: what [`Context::read_batch`] does
/// by default, for an override that handles some reads itself and leaves the rest.
pub fn read_singly<C: Context + ?Sized>(ctx: &mut C, reads: &mut [Read<'_>]) -> Result<()> {
    for r in reads.iter_mut() {
        read_range(ctx, r.place, r.offset, r.data, r.unavailable, &mut r.error)?;
    }
    Ok(())
}

/// One read of `place` through the single-read methods.
pub(crate) fn read_place<C: Context + ?Sized>(
    ctx: &mut C,
    place: Place,
    offset: u64,
    buf: &mut [u8],
) -> Result<()> {
    match place {
        Place::Register { reg, frame } => ctx.read_register(reg, frame, offset, buf),
        Place::Memory { aspace, lane } => ctx.read_memory(aspace, lane, offset, buf),
    }
}

/// One write to `place` through the single-write methods.
pub(crate) fn write_place<C: Context + ?Sized>(
    ctx: &mut C,
    place: Place,
    offset: u64,
    data: &[u8],
) -> Result<()> {
    match place {
        Place::Register { reg, frame } => ctx.write_register(reg, frame, offset, data),
        Place::Memory { aspace, lane } => ctx.write_memory(aspace, lane, offset, data),
    }
}

/// Reads `data` from `place` at `offset` through the single-read methods. When the range
/// fails as unavailable, the first missing byte is found by halving the prefix read, the
/// missing bytes from there are probed one by one (with all-or-nothing answers nothing
/// cheaper can tell a missing byte from its neighbours), and the rest is read again as one
/// range: a gap costs the logarithm of the range plus its own length.
fn read_range<C: Context + ?Sized>(
    ctx: &mut C,
    place: Place,
    offset: u64,
    data: &mut [u8],
    unavailable: &mut [bool],
    error: &mut Option<Error>,
) -> Result<()> {
    let n = data.len();
    let mut lo = 0;
    let at = |i: usize| offset.wrapping_add(i as u64);
    let fails = |e: Error, error: &mut Option<Error>| -> Result<()> {
        if e.kind() == ErrorKind::Unavailable {
            error.get_or_insert(e);
            Ok(())
        } else {
            Err(e)
        }
    };
    while lo < n {
        match read_place(ctx, place, at(lo), &mut data[lo..]) {
            Ok(()) => return Ok(()),
            Err(e) => fails(e, error)?,
        }
        // [lo, good) reads, [lo, bad) does not: narrow to the first missing byte.
        let (mut good, mut bad) = (lo, n);
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            match read_place(ctx, place, at(lo), &mut data[lo..mid]) {
                Ok(()) => good = mid,
                Err(e) => {
                    fails(e, error)?;
                    bad = mid;
                }
            }
        }
        if good > lo {
            // The last successful prefix read may have been overwritten by a failed one.
            read_place(ctx, place, at(lo), &mut data[lo..good]).or_else(|e| fails(e, error))?;
        }
        let mut next = bad - 1;
        loop {
            if next >= n {
                return Ok(());
            }
            match read_place(ctx, place, at(next), &mut data[next..next + 1]) {
                Ok(()) => break,
                Err(e) => {
                    fails(e, error)?;
                    unavailable[next] = true;
                    next += 1;
                }
            }
        }
        lo = next + 1;
    }
    Ok(())
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

/// One request of a [batched read](Context::read_batch): `data.len()` bytes of `place`
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

/// The program state an evaluation runs against.
pub trait Context {
    /// The target description.
    fn target(&self) -> &Target;

    /// The current lane, if one is focused.
    fn lane(&self) -> Option<u32> {
        None
    }

    /// `DW_AT_LLVM_lanes` of the current subprogram; defaults to the target's lane count
    /// (producers rarely emit the attribute).
    fn lanes(&self) -> u32 {
        self.target().lanes()
    }

    /// The current iteration, if any.
    fn iteration(&self) -> Option<u64> {
        None
    }

    /// `DW_AT_LLVM_iterations` of the current subprogram (default 1).
    fn iterations(&self) -> u64 {
        1
    }

    /// The current frame as the context numbers frames (captured in register locations).
    fn frame(&self) -> u32 {
        0
    }

    /// Reads `buf.len()` bytes of register `reg` in frame `frame` from byte `offset`.
    /// Return an [`Unavailable`](super::ErrorKind::Unavailable) error for bytes that cannot
    /// be fetched.
    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        let _ = (reg, frame, offset, buf);
        Err(Error::missing("register access"))
    }

    /// Answers several register and memory reads at once: a backend whose every call is a
    /// round trip (a remote target, a debugger API) answers a whole variable, or a whole
    /// frame, in one call. Bytes that cannot be fetched are flagged in
    /// [`Read::unavailable`], with the reason in [`Read::error`]; an error returned here is
    /// not about availability and ends the evaluation. The reads of one batch are
    /// independent of each other and may be answered in any order.
    ///
    /// The default answers each read through [`read_register`](Context::read_register) or
    /// [`read_memory`](Context::read_memory); when a read fails as unavailable, halving
    /// finds the first missing byte (calls in the logarithm of the size), but telling each
    /// further missing byte from its neighbours takes a call per byte: a context that can
    /// say which bytes are missing in one answer should override this. A context must still answer
    /// single reads: evaluation reads through them too.
    fn read_batch(&mut self, reads: &mut [Read<'_>]) -> Result<()> {
        read_singly(self, reads)
    }

    /// Writes bytes of register `reg` in frame `frame` at byte `offset`.
    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        let _ = (reg, frame, offset, data);
        Err(Error::missing("register access"))
    }

    /// The location of register `reg` for `DW_OP_reg*`/`regx` in the current frame. The
    /// default is the register itself in [`frame`](Context::frame); a context that unwinds
    /// may return the CFI rule's location instead.
    #[inline(always)]
    fn register_location(&mut self, reg: u64) -> Result<LocDesc> {
        let bits = self.target().register_bits(reg)?;
        Ok(LocDesc::register(reg, self.frame(), bits))
    }

    /// Reads memory of address space `aspace` (for lane-scoped spaces, of lane `lane`).
    /// Return an [`Unavailable`](super::ErrorKind::Unavailable) error on a failed fetch.
    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        let _ = (aspace, lane, address, buf);
        Err(Error::missing("memory access"))
    }

    /// Writes memory of address space `aspace`.
    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<()> {
        let _ = (aspace, lane, address, data);
        Err(Error::missing("memory access"))
    }

    /// The canonical frame address of the current frame (`DW_OP_call_frame_cfa`).
    fn cfa(&mut self) -> Result<LocDesc> {
        Err(Error::missing("call frame CFA"))
    }

    /// The evaluated `DW_AT_frame_base` of the current subprogram (`DW_OP_fbreg`).
    fn frame_base(&mut self) -> Result<LocDesc> {
        Err(Error::missing("frame base"))
    }

    /// The location holding register `reg`'s value on entry to the current subprogram
    /// (the current frame's CFI rule for `reg`; `DW_OP_LLVM_call_frame_entry_reg`).
    fn call_frame_entry_reg(&mut self, reg: u64) -> Result<LocDesc> {
        let _ = reg;
        Err(Error::missing("caller frame register rules"))
    }

    /// The current object's location (`DW_OP_push_object_address`).
    fn object_address(&mut self) -> Result<LocDesc> {
        Err(Error::missing("object address"))
    }

    /// The location of thread-local storage at `offset` (`DW_OP_form_tls_address`).
    fn tls_address(&mut self, offset: u64) -> Result<LocDesc> {
        let _ = offset;
        Err(Error::missing("thread-local storage"))
    }

    /// Entry `index` of the unit's `.debug_addr` table (`DW_OP_addrx`, `DW_OP_constx`).
    fn debug_addr(&mut self, index: u64) -> Result<u64> {
        let _ = index;
        Err(Error::missing("compilation unit (.debug_addr)"))
    }

    /// Relocates a code-object address (`DW_OP_addr`, `DW_OP_addrx`) by the load bias.
    fn relocate(&self, address: u64) -> u64 {
        address
    }

    /// What DIE `die` offers as a location (`DW_OP_call2`, `call4`, `call_ref`).
    fn call_target(&mut self, die: DieRef) -> Result<DieLocation> {
        let _ = die;
        Err(Error::missing("DIE look-up for DW_OP_call*"))
    }

    /// The location or constant value of the DIE an implicit pointer points to
    /// (`.debug_info` offset).
    fn implicit_pointer_target(&mut self, die: u64) -> Result<DieLocation> {
        let _ = die;
        Err(Error::missing("DIE look-up for implicit pointers"))
    }

    /// The base type at unit offset `die`.
    fn base_type(&mut self, die: DieRef) -> Result<BaseType> {
        let _ = die;
        Err(Error::missing("base type DIEs"))
    }

    /// Evaluates a `DW_OP_entry_value` block (raw bytes) in the caller frame: a value, or
    /// the register's value when the block is a lone `DW_OP_reg*`.
    fn entry_value(&mut self, block: &[u8]) -> Result<Entry> {
        let _ = block;
        Err(Error::missing("caller frame for DW_OP_entry_value"))
    }

    /// Converts an address between address spaces (`DW_OP_convert` between
    /// `DW_ATE_address` types). The default handles only identical spaces.
    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> Result<u64> {
        if from == to {
            Ok(address)
        } else {
            Err(Error::missing("address space conversion"))
        }
    }

    /// The value of the formal parameter at unit offset `die` at the call site
    /// (`DW_OP_GNU_parameter_ref`).
    fn parameter_ref(&mut self, die: u64) -> Result<super::value::Value> {
        let _ = die;
        Err(Error::missing("call site parameters"))
    }

    /// The value of the variable at `.debug_info` offset `die` (`DW_OP_GNU_variable_value`).
    fn variable_value(&mut self, die: u64) -> Result<super::value::Value> {
        let _ = die;
        Err(Error::missing("variable values"))
    }
}

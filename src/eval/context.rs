//! The evaluation context: everything an expression may ask of the program being debugged
//! (registers, memory per address space, the current lane and iteration, the frame's CFA
//! and frame base, entry values, DIE look-ups for calls, base types and implicit pointers).
//!
//! Every method except [`Context::target`] has a default; most defaults report a
//! [`MissingContext`](super::ErrorKind::MissingContext) error, so a context supplies only
//! what it has.

use std::sync::Arc;

use super::error::{Error, Result};
use super::location::LocDesc;
use super::machine::{Entry, Program};
use super::value::BaseType;
use crate::expr::op::DieRef;
use crate::target::Target;

/// What a DIE offers as its location, for `DW_OP_call*` and implicit pointer targets.
#[derive(Clone)]
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

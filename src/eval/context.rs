//! The two halves an evaluation runs against, and how the evaluator sees them together.
//!
//! - [`Backend`]: what a debugger backend supplies — the target, the lanes and iteration,
//!   registers and memory (single and batched reads, writes), the CFA and the caller's
//!   register rules, address conversion, load bias. A wave state, a remote debugger, the C
//!   callbacks: each implements this half only.
//! - [`Symbols`]: what the DWARF supplies — the frame base, `.debug_addr`, the targets of
//!   `DW_OP_call*` and implicit pointers, base types, entry values through call sites,
//!   parameter and variable references, the current object and `DW_AT_LLVM_lanes`. The
//!   core's [`DwarfSymbols`](crate::var::DwarfSymbols) answers it from an index; an
//!   embedder evaluating bare expressions needs none ([`NoSymbols`]).
//! - [`Context`]: the pair as the evaluator asks it. Every backend is a context on its own
//!   (with [`NoSymbols`]); [`With`] pairs a backend with symbols; a type that owns both
//!   halves implements [`Context`] by handing out each (four short methods). Nothing is
//!   forwarded by hand: a wrapper of one half (a read cache, a caller frame's view)
//!   implements that half and is paired with the other.
//!
//! A [`Symbols`] method that has to evaluate (the frame base, an entry value in the caller)
//! is handed the backend, so the DWARF side never holds the machine.

use super::error::{Error, Result};
use super::location::LocDesc;
use super::protocol::{DieLocation, Entry, Place, Read};
use super::value::{BaseType, Value};
use crate::ErrorKind;
use crate::expr::op::DieRef;
use crate::target::Target;

/// What a debugger backend supplies: the machine side of an evaluation.
///
/// Every method except [`target`](Backend::target) has a default; most defaults report a
/// [`MissingContext`](crate::ErrorKind::MissingContext) error, so a backend supplies only
/// what it has.
pub trait Backend {
    /// The target description.
    fn target(&self) -> &Target;

    /// The current lane, if one is focused.
    fn lane(&self) -> Option<u32> {
        None
    }

    /// How many lanes the current subprogram runs (default: the target's lane count; the
    /// DWARF's `DW_AT_LLVM_lanes`, when [`Symbols::lanes`] gives it, takes precedence).
    fn lanes(&self) -> u32 {
        Backend::target(self).lanes()
    }

    /// The current iteration, if any.
    fn iteration(&self) -> Option<u64> {
        None
    }

    /// `DW_AT_LLVM_iterations` of the current subprogram (default 1).
    fn iterations(&self) -> u64 {
        1
    }

    /// The current frame as the backend numbers frames (captured in register locations).
    fn frame(&self) -> u32 {
        0
    }

    /// Reads `buf.len()` bytes of register `reg` in frame `frame` from byte `offset`.
    /// Return an [`Unavailable`](crate::ErrorKind::Unavailable) error for bytes that cannot
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
    /// The default answers each read through [`read_register`](Backend::read_register) or
    /// [`read_memory`](Backend::read_memory); when a read fails as unavailable, halving
    /// finds the first missing byte (calls in the logarithm of the size), but telling each
    /// further missing byte from its neighbours takes a call per byte: a backend that can
    /// say which bytes are missing in one answer should override this. A backend must still
    /// answer single reads: evaluation reads through them too.
    fn read_batch(&mut self, reads: &mut [Read<'_>]) -> Result<()> {
        read_singly(self, reads)
    }

    /// Writes bytes of register `reg` in frame `frame` at byte `offset`.
    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        let _ = (reg, frame, offset, data);
        Err(Error::missing("register access"))
    }

    /// The location of register `reg` for `DW_OP_reg*`/`regx` in the current frame. The
    /// default is the register itself in [`frame`](Backend::frame); a backend that unwinds
    /// may return the CFI rule's location instead.
    #[inline(always)]
    fn register_location(&mut self, reg: u64) -> Result<LocDesc> {
        let bits = Backend::target(self).register_bits(reg)?;
        Ok(LocDesc::register(reg, Backend::frame(self), bits))
    }

    /// Reads memory of address space `aspace` (for lane-scoped spaces, of lane `lane`).
    /// Return an [`Unavailable`](crate::ErrorKind::Unavailable) error on a failed fetch.
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

    /// The location holding register `reg`'s value on entry to the current subprogram
    /// (the current frame's CFI rule for `reg`; `DW_OP_LLVM_call_frame_entry_reg`).
    fn call_frame_entry_reg(&mut self, reg: u64) -> Result<LocDesc> {
        let _ = reg;
        Err(Error::missing("caller frame register rules"))
    }

    /// The current object's location (`DW_OP_push_object_address`), when the backend
    /// knows one ([`Symbols::object_address`] answers first).
    fn object_address(&mut self) -> Result<LocDesc> {
        Err(Error::missing("object address"))
    }

    /// The location of thread-local storage at `offset` (`DW_OP_form_tls_address`).
    fn tls_address(&mut self, offset: u64) -> Result<LocDesc> {
        let _ = offset;
        Err(Error::missing("thread-local storage"))
    }

    /// Relocates a code-object address (`DW_OP_addr`, `DW_OP_addrx`) by the load bias.
    fn relocate(&self, address: u64) -> u64 {
        address
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

    /// Evaluates a `DW_OP_entry_value` block (raw bytes) from the machine alone: the
    /// caller's register through the call frame information, for a lone `DW_OP_reg*`.
    /// [`Symbols::entry_value`] answers first (from the caller's call site) and falls back
    /// to this.
    fn entry_value(&mut self, block: &[u8]) -> Result<Entry> {
        let _ = block;
        Err(Error::missing("caller frame for DW_OP_entry_value"))
    }
}

/// A borrowed backend is a backend (so a [`Symbols`] method can be handed any backend as
/// `&mut dyn Backend`, whatever its size).
impl<B: Backend + ?Sized> Backend for &mut B {
    #[inline]
    fn target(&self) -> &Target {
        B::target(*self)
    }
    #[inline]
    fn lane(&self) -> Option<u32> {
        B::lane(*self)
    }
    #[inline]
    fn lanes(&self) -> u32 {
        B::lanes(*self)
    }
    #[inline]
    fn iteration(&self) -> Option<u64> {
        B::iteration(*self)
    }
    #[inline]
    fn iterations(&self) -> u64 {
        B::iterations(*self)
    }
    #[inline]
    fn frame(&self) -> u32 {
        B::frame(*self)
    }
    #[inline]
    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        B::read_register(*self, reg, frame, offset, buf)
    }
    #[inline]
    fn read_batch(&mut self, reads: &mut [Read<'_>]) -> Result<()> {
        B::read_batch(*self, reads)
    }
    #[inline]
    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        B::write_register(*self, reg, frame, offset, data)
    }
    #[inline]
    fn register_location(&mut self, reg: u64) -> Result<LocDesc> {
        B::register_location(*self, reg)
    }
    #[inline]
    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        B::read_memory(*self, aspace, lane, address, buf)
    }
    #[inline]
    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<()> {
        B::write_memory(*self, aspace, lane, address, data)
    }
    #[inline]
    fn cfa(&mut self) -> Result<LocDesc> {
        B::cfa(*self)
    }
    #[inline]
    fn call_frame_entry_reg(&mut self, reg: u64) -> Result<LocDesc> {
        B::call_frame_entry_reg(*self, reg)
    }
    #[inline]
    fn object_address(&mut self) -> Result<LocDesc> {
        B::object_address(*self)
    }
    #[inline]
    fn tls_address(&mut self, offset: u64) -> Result<LocDesc> {
        B::tls_address(*self, offset)
    }
    #[inline]
    fn relocate(&self, address: u64) -> u64 {
        B::relocate(*self, address)
    }
    #[inline]
    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> Result<u64> {
        B::convert_address(*self, address, from, to)
    }
    #[inline]
    fn entry_value(&mut self, block: &[u8]) -> Result<Entry> {
        B::entry_value(*self, block)
    }
}

/// What the DWARF supplies: the symbol side of an evaluation.
///
/// Every method has a default: the look-ups report a
/// [`MissingContext`](crate::ErrorKind::MissingContext) error, the current object and entry
/// values fall back to the [`Backend`]. A method that evaluates DWARF (the frame base, an
/// entry value in the caller frame, a referenced variable's value) is handed the backend
/// to evaluate against.
pub trait Symbols {
    /// A lane the evaluation focuses on, overriding the backend's
    /// ([`Backend::lane`]): a debugger reading one variable in every lane keeps one backend
    /// and moves this.
    fn lane(&self) -> Option<u32> {
        None
    }

    /// `DW_AT_LLVM_lanes` of the current subprogram, when the DWARF gives it.
    fn lanes(&self) -> Option<u32> {
        None
    }

    /// The evaluated `DW_AT_frame_base` of the current subprogram (`DW_OP_fbreg`).
    fn frame_base(&mut self, backend: &mut dyn Backend) -> Result<LocDesc> {
        let _ = backend;
        Err(Error::missing("frame base"))
    }

    /// The current object's location (`DW_OP_push_object_address`); the default asks the
    /// backend.
    fn object_address(&mut self, backend: &mut dyn Backend) -> Result<LocDesc> {
        Backend::object_address(backend)
    }

    /// Entry `index` of the unit's `.debug_addr` table (`DW_OP_addrx`, `DW_OP_constx`).
    fn debug_addr(&mut self, index: u64) -> Result<u64> {
        let _ = index;
        Err(Error::missing("compilation unit (.debug_addr)"))
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
    /// the register's value when the block is a lone `DW_OP_reg*`. The default asks the
    /// backend ([`Backend::entry_value`]).
    fn entry_value(&mut self, backend: &mut dyn Backend, block: &[u8]) -> Result<Entry> {
        Backend::entry_value(backend, block)
    }

    /// The value of the formal parameter at unit offset `die` at the call site
    /// (`DW_OP_GNU_parameter_ref`).
    fn parameter_ref(&mut self, backend: &mut dyn Backend, die: u64) -> Result<Value> {
        let _ = (backend, die);
        Err(Error::missing("call site parameters"))
    }

    /// The value of the variable at `.debug_info` offset `die` (`DW_OP_GNU_variable_value`).
    fn variable_value(&mut self, backend: &mut dyn Backend, die: u64) -> Result<Value> {
        let _ = (backend, die);
        Err(Error::missing("variable values"))
    }
}

/// No symbols: a bare backend evaluates expressions that need nothing from the DWARF.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoSymbols;

impl Symbols for NoSymbols {}

/// A backend and symbols, borrowed together as one [`Context`].
pub struct With<'c, B: Backend + ?Sized, S: Symbols + ?Sized> {
    /// The machine side.
    pub backend: &'c mut B,
    /// The DWARF side.
    pub symbols: &'c mut S,
}

impl<'c, B: Backend + ?Sized, S: Symbols + ?Sized> With<'c, B, S> {
    /// Pairs `backend` with `symbols`.
    pub fn new(backend: &'c mut B, symbols: &'c mut S) -> Self {
        With { backend, symbols }
    }
}

impl<B: Backend + ?Sized, S: Symbols + ?Sized> Context for With<'_, B, S> {
    type Backend = B;
    type Symbols = S;
    #[inline(always)]
    fn backend(&mut self) -> &mut B {
        self.backend
    }
    #[inline(always)]
    fn backend_ref(&self) -> &B {
        self.backend
    }
    #[inline(always)]
    fn symbols_ref(&self) -> &S {
        self.symbols
    }
    #[inline(always)]
    fn split(&mut self) -> (&mut B, &mut S) {
        (self.backend, self.symbols)
    }
}

/// A backend alone is a context without symbols.
impl<B: Backend + ?Sized> Context for B {
    type Backend = B;
    type Symbols = NoSymbols;
    #[inline(always)]
    fn backend(&mut self) -> &mut B {
        self
    }
    #[inline(always)]
    fn backend_ref(&self) -> &B {
        self
    }
    #[inline(always)]
    fn symbols_ref(&self) -> &NoSymbols {
        &NoSymbols
    }
    #[inline(always)]
    fn split(&mut self) -> (&mut B, &mut NoSymbols) {
        // A zero-sized value leaked from a box allocates nothing.
        (self, Box::leak(Box::new(NoSymbols)))
    }
}

/// What an evaluation runs against: a [`Backend`] and [`Symbols`], as the evaluator asks
/// them. Implemented for every backend (without symbols) and for [`With`]; a type that
/// owns both halves implements the four required methods by handing out each. The
/// evaluator asks the machine through [`backend`](Context::backend); the provided methods
/// are the questions that need the symbols (or both halves), named apart from the
/// backend's methods so that a backend, which is a context too, never has two methods of
/// one name. They are not meant to be overridden.
pub trait Context {
    /// The machine side.
    type Backend: Backend + ?Sized;
    /// The DWARF side.
    type Symbols: Symbols + ?Sized;

    /// The backend.
    fn backend(&mut self) -> &mut Self::Backend;
    /// The backend, shared.
    fn backend_ref(&self) -> &Self::Backend;
    /// The symbols, shared.
    fn symbols_ref(&self) -> &Self::Symbols;
    /// Both halves at once.
    fn split(&mut self) -> (&mut Self::Backend, &mut Self::Symbols);

    /// The current lane: the symbols' focus ([`Symbols::lane`]), else the backend's.
    #[inline(always)]
    fn current_lane(&self) -> Option<u32> {
        Symbols::lane(self.symbols_ref()).or_else(|| Backend::lane(self.backend_ref()))
    }

    /// The current subprogram's lane count: `DW_AT_LLVM_lanes` ([`Symbols::lanes`]), else
    /// the backend's.
    #[inline(always)]
    fn lane_count(&self) -> u32 {
        Symbols::lanes(self.symbols_ref()).unwrap_or_else(|| Backend::lanes(self.backend_ref()))
    }

    /// [`Symbols::frame_base`].
    #[inline]
    fn frame_base(&mut self) -> Result<LocDesc> {
        let (mut backend, symbols) = self.split();
        Symbols::frame_base(symbols, &mut backend)
    }

    /// The current object ([`Symbols::object_address`]).
    #[inline]
    fn current_object(&mut self) -> Result<LocDesc> {
        let (mut backend, symbols) = self.split();
        Symbols::object_address(symbols, &mut backend)
    }

    /// [`Symbols::debug_addr`].
    #[inline]
    fn debug_addr(&mut self, index: u64) -> Result<u64> {
        Symbols::debug_addr(self.split().1, index)
    }

    /// [`Symbols::call_target`].
    #[inline]
    fn call_target(&mut self, die: DieRef) -> Result<DieLocation> {
        Symbols::call_target(self.split().1, die)
    }

    /// [`Symbols::implicit_pointer_target`].
    #[inline]
    fn implicit_pointer_target(&mut self, die: u64) -> Result<DieLocation> {
        Symbols::implicit_pointer_target(self.split().1, die)
    }

    /// [`Symbols::base_type`].
    #[inline]
    fn base_type(&mut self, die: DieRef) -> Result<BaseType> {
        Symbols::base_type(self.split().1, die)
    }

    /// [`Symbols::entry_value`].
    #[inline]
    fn evaluate_entry_value(&mut self, block: &[u8]) -> Result<Entry> {
        let (mut backend, symbols) = self.split();
        Symbols::entry_value(symbols, &mut backend, block)
    }

    /// [`Symbols::parameter_ref`].
    #[inline]
    fn parameter_ref(&mut self, die: u64) -> Result<Value> {
        let (mut backend, symbols) = self.split();
        symbols.parameter_ref(&mut backend, die)
    }

    /// [`Symbols::variable_value`].
    #[inline]
    fn variable_value(&mut self, die: u64) -> Result<Value> {
        let (mut backend, symbols) = self.split();
        symbols.variable_value(&mut backend, die)
    }
}

/// Answers a batch through `ctx`'s single-read methods: what [`Backend::read_batch`] does
/// by default, for an override that handles some reads itself and leaves the rest.
pub fn read_singly<B: Backend + ?Sized>(backend: &mut B, reads: &mut [Read<'_>]) -> Result<()> {
    for r in reads.iter_mut() {
        read_range(
            backend,
            r.place,
            r.offset,
            r.data,
            r.unavailable,
            &mut r.error,
        )?;
    }
    Ok(())
}

/// One read of `place` through the single-read methods.
pub(crate) fn read_place<B: Backend + ?Sized>(
    backend: &mut B,
    place: Place,
    offset: u64,
    buf: &mut [u8],
) -> Result<()> {
    match place {
        Place::Register { reg, frame } => backend.read_register(reg, frame, offset, buf),
        Place::Memory { aspace, lane } => backend.read_memory(aspace, lane, offset, buf),
    }
}

/// One write to `place` through the single-write methods.
pub(crate) fn write_place<B: Backend + ?Sized>(
    backend: &mut B,
    place: Place,
    offset: u64,
    data: &[u8],
) -> Result<()> {
    match place {
        Place::Register { reg, frame } => backend.write_register(reg, frame, offset, data),
        Place::Memory { aspace, lane } => backend.write_memory(aspace, lane, offset, data),
    }
}

/// Reads `data` from `place` at `offset` through the single-read methods. When the range
/// fails as unavailable, the first missing byte is found by halving the prefix read, the
/// missing bytes from there are probed one by one (with all-or-nothing answers nothing
/// cheaper can tell a missing byte from its neighbours), and the rest is read again as one
/// range: a gap costs the logarithm of the range plus its own length.
fn read_range<B: Backend + ?Sized>(
    backend: &mut B,
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
        match read_place(backend, place, at(lo), &mut data[lo..]) {
            Ok(()) => return Ok(()),
            Err(e) => fails(e, error)?,
        }
        // [lo, good) reads, [lo, bad) does not: narrow to the first missing byte.
        let (mut good, mut bad) = (lo, n);
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            match read_place(backend, place, at(lo), &mut data[lo..mid]) {
                Ok(()) => good = mid,
                Err(e) => {
                    fails(e, error)?;
                    bad = mid;
                }
            }
        }
        if good > lo {
            // The last successful prefix read may have been overwritten by a failed one.
            read_place(backend, place, at(lo), &mut data[lo..good]).or_else(|e| fails(e, error))?;
        }
        let mut next = bad - 1;
        loop {
            if next >= n {
                return Ok(());
            }
            match read_place(backend, place, at(next), &mut data[next..next + 1]) {
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

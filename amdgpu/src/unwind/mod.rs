//! AMDGPU call frames: unwinding a [`WaveState`] through device-function calls with the
//! code object's call frame information, and evaluating in any frame.
//!
//! - [`CallFrames`] holds the parsed `.debug_frame` (or `.eh_frame`) of a code object and
//!   looks up rows with AMDGPU's default rule (*same value*, §5.9 of the digest);
//! - [`unwind`] walks from the wave's top frame to the kernel frame (whose return address
//!   rule is `DW_CFA_undefined PC_64`): each caller's PC is the callee's return address
//!   (in `s[30:31]`, or in two lanes of a VGPR), and its CFI row is looked up at the call
//!   site, return address − 1;
//! - [`FrameContext`] is the evaluation [`Backend`] for frame K: registers of frame K are
//!   the locations the rules of frames K−1 … 0 give (so a VGPR spilled only for the lanes
//!   active on entry is a per-lane composite: the spill slot for those lanes, the live
//!   register for the others), `DW_OP_call_frame_cfa` is frame K's CFA and
//!   `DW_OP_LLVM_call_frame_entry_reg` reads through frame K's own rules, with cycle
//!   detection;
//! - [`lanes`] evaluates `DW_AT_LLVM_lane_pc` / `DW_AT_LLVM_active_lane`.

pub mod lanes;
pub mod vars;

use hetdwarf::ErrorKind;
use hetdwarf::cfi::{self, CfaRule, CfiError, FrameSection, FrameTable, RegisterRule, Row};
use hetdwarf::eval::{Backend, Error, Evaluator, LocDesc, Result as EvalResult};
use hetdwarf::expr::{DecodeParams, Encoding};
use hetdwarf::target::{AddressScope, Target};

use crate::WaveState;
use crate::code_object::CodeObject;
use crate::error::CodeObjectError;

/// DWARF number of the 64-bit PC, the AMDGPU return address column.
pub const PC_64: u64 = 16;

/// Most frames [`unwind`] produces.
pub const MAX_FRAMES: usize = 256;

/// Deepest nesting of register look-ups through caller frames (rules that refer to other
/// registers that refer to others ...).
pub const MAX_RULE_DEPTH: usize = 1024;

/// Why unwinding could not start.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UnwindError {
    /// The call frame information does not parse.
    #[error(transparent)]
    Cfi(#[from] CfiError),
    /// The code object's sections could not be read.
    #[error(transparent)]
    CodeObject(#[from] CodeObjectError),
    /// The wave state has no PC.
    #[error("the wave state has no PC")]
    NoPc,
}

impl UnwindError {
    /// What kind of failure this is.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        match self {
            UnwindError::Cfi(e) => e.kind(),
            UnwindError::CodeObject(e) => e.kind(),
            UnwindError::NoPc => hetdwarf::ErrorKind::MissingContext,
        }
    }
}

/// The call frame information of one code object.
#[derive(Clone, Debug)]
pub struct CallFrames<'a> {
    tables: Vec<FrameTable<'a>>,
    params: DecodeParams,
}

impl<'a> CallFrames<'a> {
    /// Parses `.debug_frame` bytes (empty = none) and optionally `.eh_frame` bytes with the
    /// section's address; expressions are decoded with `encoding`.
    pub fn new(
        debug_frame: &'a [u8],
        eh_frame: Option<(&'a [u8], u64)>,
        encoding: Encoding,
    ) -> Result<Self, CfiError> {
        let mut tables = Vec::new();
        if !debug_frame.is_empty() {
            tables.push(FrameTable::parse(debug_frame, FrameSection::DebugFrame, 8)?);
        }
        if let Some((eh, addr)) = eh_frame
            && !eh.is_empty()
        {
            tables.push(FrameTable::parse(
                eh,
                FrameSection::EhFrame {
                    section_address: addr,
                },
                8,
            )?);
        }
        Ok(CallFrames {
            tables,
            params: DecodeParams::amdgpu(encoding),
        })
    }

    /// The CFI of a code object (`.debug_frame`, then `.eh_frame`), its expressions read
    /// with the object's `encoding` ([`hetdwarf::index::DwarfIndex::expression_profile`]).
    /// This is how every front end builds it (`backtrace`, the frames of `print --frame`,
    /// the C ABI, Python): a section that cannot be read or relocated is an error, not an
    /// absent table.
    pub fn of(co: &'a CodeObject<'_>, encoding: Encoding) -> Result<Self, UnwindError> {
        let debug_frame = co.try_section(".debug_frame")?.unwrap_or(&[]);
        let eh = co.try_section(".eh_frame")?.map(|b| (b, 0));
        Ok(CallFrames::new(debug_frame, eh, encoding)?)
    }

    /// The decode parameters of CFI expressions.
    pub fn params(&self) -> DecodeParams {
        self.params
    }

    /// The parsed tables.
    pub fn tables(&self) -> &[FrameTable<'a>] {
        &self.tables
    }

    /// The row at `pc`, AMDGPU's default rule (same value) for registers without one.
    pub fn row_at(&self, pc: u64) -> Result<Option<Row<'a>>, CfiError> {
        for t in &self.tables {
            if let Some(r) = t.row_at(pc, RegisterRule::SameValue)? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }
}

/// One frame of an unwound wave (`StackFrame`, so as not to be taken for the core's
/// `var::Frame`, a frame's variables).
#[derive(Clone, Debug)]
pub struct StackFrame<'a> {
    /// The frame's PC (a loaded address): the wave's PC for frame 0, the return address
    /// for callers.
    pub pc: u64,
    /// The code-object address the CFI and debug information are looked up at: `pc` minus
    /// the state's load bias, and for callers minus 1 more (inside the call instruction;
    /// AMDGPU instructions are variable length).
    pub lookup_pc: u64,
    /// The CFI row in effect (`None` when no FDE covers `lookup_pc`).
    pub row: Option<Row<'a>>,
    /// The canonical frame address (a private_wave memory location on AMDGPU).
    pub cfa: Option<LocDesc>,
    /// Why the CFA could not be computed.
    pub cfa_error: Option<String>,
}

impl StackFrame<'_> {
    /// Whether this is the outermost (kernel) frame: its return address rule is undefined.
    pub fn is_outermost(&self) -> bool {
        self.row
            .as_ref()
            .is_some_and(|r| r.rule(r.return_address_register) == RegisterRule::Undefined)
    }

    /// The CFA as (address space, byte address).
    pub fn cfa_address(&self) -> Option<(u64, u64)> {
        self.cfa.as_ref().and_then(LocDesc::memory_address)
    }
}

/// The frames of a wave, innermost first.
#[derive(Clone, Debug)]
pub struct Stack<'a> {
    /// Frames, frame 0 = the wave's current frame.
    pub frames: Vec<StackFrame<'a>>,
    /// Why unwinding stopped before an outermost frame, if it did.
    pub stopped: Option<String>,
    params: DecodeParams,
}

impl<'a> Stack<'a> {
    /// The decode parameters used for CFI expressions.
    pub fn params(&self) -> DecodeParams {
        self.params
    }

    /// Whether the walk reached a frame whose return address is undefined (the kernel).
    pub fn complete(&self) -> bool {
        self.stopped.is_none() && self.frames.last().is_some_and(StackFrame::is_outermost)
    }

    /// The evaluation context for frame `frame` of this stack over `state`.
    pub fn context<'s, W: Wave + ?Sized>(
        &'s self,
        state: &'s mut W,
        frame: u32,
    ) -> FrameContext<'s, 'a, W> {
        FrameContext::new(state, &self.frames, self.params, frame)
    }
}

/// What unwinding needs of a stopped wave besides reading it: its PC, load bias, wave
/// size and lane focus. A saved [`WaveState`] is one; a debugger answering from a live
/// process through callbacks is another.
pub trait Wave: Backend {
    /// The PC, a loaded address (`None` when unknown).
    fn pc(&self) -> Option<u64>;
    /// Added to code-object addresses to reach loaded ones.
    fn load_bias(&self) -> u64;
    /// Lanes in the wave (32 or 64).
    fn wave_size(&self) -> u32;
    /// Focuses `lane` (or none) for the per-lane registers and memory.
    fn set_lane(&mut self, lane: Option<u32>) -> EvalResult<()>;
    /// The EXEC mask (bit L = lane L active), when known.
    fn exec(&self) -> Option<u64>;
    /// The first lane in EXEC, if any.
    fn first_active_lane(&self) -> Option<u32> {
        let exec = self.exec()?;
        (0..self.wave_size().min(64)).find(|l| (exec >> l) & 1 == 1)
    }
}

impl Wave for WaveState {
    fn pc(&self) -> Option<u64> {
        // The state file's `pc` is a code-object address (INTERFACES.md); a wave runs at
        // the loaded one.
        WaveState::pc(self).map(|pc| pc.wrapping_add(self.load_bias()))
    }
    fn load_bias(&self) -> u64 {
        WaveState::load_bias(self)
    }
    fn wave_size(&self) -> u32 {
        WaveState::wave_size(self)
    }
    fn set_lane(&mut self, lane: Option<u32>) -> EvalResult<()> {
        WaveState::set_lane(self, lane)
    }
    fn exec(&self) -> Option<u64> {
        WaveState::exec(self)
    }
}

/// Unwinds `state` with `cfi`: frame 0 at the wave's PC, then each caller until the
/// outermost frame, a frame without CFI, an unreadable return address, or [`MAX_FRAMES`].
pub fn unwind<'a, W: Wave + ?Sized>(
    cfi: &CallFrames<'a>,
    state: &mut W,
) -> Result<Stack<'a>, UnwindError> {
    let pc = state.pc().ok_or(UnwindError::NoPc)?;
    // PCs in a wave are loaded addresses; the CFI uses code-object addresses.
    let bias = state.load_bias();
    let params = cfi.params();
    let mut frames: Vec<StackFrame<'a>> = Vec::new();
    let mut stopped = None;
    // What each frame's registers were worked out to be is kept for the frames above it:
    // a caller's rules read its callee's registers, so working them out afresh for each
    // frame costs the depth of the stack again (quadratic, 50 ms for 256 frames). An
    // answer about frame j depends on frames 0..=j only, all complete when it is asked.
    let mut memo = RuleMemo::new();
    let mut next = Some((pc, pc.wrapping_sub(bias)));
    while let Some((pc, lookup)) = next.take() {
        let row = match cfi.row_at(lookup) {
            Ok(r) => r,
            Err(e) => {
                stopped = Some(format!("CFI at {lookup:#x}: {e}"));
                None
            }
        };
        frames.push(StackFrame {
            pc,
            lookup_pc: lookup,
            row,
            cfa: None,
            cfa_error: None,
        });
        let k = frames.len() - 1;
        let Some(row) = frames[k].row.clone() else {
            if stopped.is_none() {
                stopped = Some(format!("no call frame information covers {lookup:#x}"));
            }
            break;
        };
        // The CFA of frame k (its registers come from frames 0..k).
        let cfa = {
            let mut ctx = FrameContext::with_memo(state, &frames, params, k as u32, memo);
            let cfa = cfi::eval::cfa(&mut Evaluator::new(), &mut ctx, &row, params);
            memo = ctx.into_memo();
            cfa
        };
        match cfa {
            Ok(c) => frames[k].cfa = Some(c),
            Err(e) => frames[k].cfa_error = Some(e.to_string()),
        }
        // A caller at its callee's PC with its callee's CFA (or, as with CFI that gives
        // no CFA rule, neither CFA known: then the two cannot be told apart, and taking
        // them for one frame shows nothing invented) is the callee again: a return
        // address that is the same value, not a call. It is not shown, and the walk ends
        // there. A longer cycle ends at MAX_FRAMES.
        if k > 0 && frames[k].pc == frames[k - 1].pc && frames[k].cfa == frames[k - 1].cfa {
            let why = match &frames[k - 1].cfa_error {
                Some(_) => "its CFA is unknown and its return address is its own PC",
                None => "its return address and CFA are its own",
            };
            frames.pop();
            stopped = Some(format!("frame {}'s caller cannot be found: {why}", k - 1));
            break;
        }
        if frames[k].is_outermost() {
            break;
        }
        if frames.len() >= MAX_FRAMES {
            stopped = Some(format!("more than {MAX_FRAMES} frames"));
            break;
        }
        let ra = {
            let mut ctx = FrameContext::with_memo(state, &frames, params, k as u32, memo);
            let ra = ctx
                .caller_register(k as u32, row.return_address_register)
                .and_then(|loc| hetdwarf::eval::read_value(&mut ctx, &loc, 64, generic_u64()));
            memo = ctx.into_memo();
            ra
        };
        match ra {
            Ok(v) => {
                let ra = v.to_u64();
                if ra == 0 {
                    stopped = Some(format!("frame {k}: return address is 0"));
                    break;
                }
                next = Some((ra, ra.wrapping_sub(bias).wrapping_sub(1)));
            }
            Err(e) => {
                stopped = Some(format!("frame {k}: return address: {e}"));
            }
        }
    }
    Ok(Stack {
        frames,
        stopped,
        params,
    })
}

fn generic_u64() -> hetdwarf::eval::BaseType {
    hetdwarf::eval::BaseType::unsigned(64)
}

/// The evaluation context of frame `frame` of an unwound wave.
pub struct FrameContext<'s, 'a, W: Wave + ?Sized = WaveState> {
    state: &'s mut W,
    frames: &'s [StackFrame<'a>],
    params: DecodeParams,
    frame: u32,
    visiting: Vec<(u32, u64)>,
    /// Caller-register locations already worked out, by (frame, register, lane): a rule
    /// that reads its own frame's registers several times would otherwise be evaluated
    /// again at each use, 3^frames times for three uses. Cleared by every write.
    memo: RuleMemo,
}

/// Caller-register locations worked out, by (frame, register, lane).
type RuleMemo = std::collections::HashMap<(u32, u64, Option<u32>), EvalResult<LocDesc>>;

impl<'s, 'a, W: Wave + ?Sized> FrameContext<'s, 'a, W> {
    /// A context for frame `frame` of `frames` (innermost first) over `state`.
    pub fn new(
        state: &'s mut W,
        frames: &'s [StackFrame<'a>],
        params: DecodeParams,
        frame: u32,
    ) -> Self {
        Self::with_memo(state, frames, params, frame, RuleMemo::new())
    }

    /// [`new`](Self::new), starting from what an earlier context over the same state and
    /// frames worked out ([`into_memo`](Self::into_memo)).
    fn with_memo(
        state: &'s mut W,
        frames: &'s [StackFrame<'a>],
        params: DecodeParams,
        frame: u32,
        memo: RuleMemo,
    ) -> Self {
        FrameContext {
            state,
            frames,
            params,
            frame,
            visiting: Vec::new(),
            memo,
        }
    }

    /// What this context worked out, for the next one over the same state.
    fn into_memo(self) -> RuleMemo {
        self.memo
    }

    /// The wave state.
    pub fn state(&mut self) -> &mut W {
        // The caller may write through it: what was worked out may no longer hold.
        self.memo.clear();
        self.state
    }

    /// The frame evaluated in.
    pub fn frame_index(&self) -> u32 {
        self.frame
    }

    /// The PC of the frame evaluated in (the return address for callers).
    pub fn frame_pc(&self) -> Option<u64> {
        self.frames.get(self.frame as usize).map(|f| f.pc)
    }

    /// The caller of the frame evaluated in, for `DW_OP_entry_value` through call sites
    /// ([`FrameSetup::caller`](hetdwarf::var::FrameSetup::caller)): its return
    /// address as a code-object address, its frame number (this context reads any frame's
    /// registers by number) and its CFA. `None` for the outermost frame.
    pub fn caller_frame(&self) -> Option<hetdwarf::var::CallerFrame> {
        let caller = self.frames.get(self.frame as usize + 1)?;
        Some(hetdwarf::var::CallerFrame {
            return_pc: caller.pc.wrapping_sub(self.state.load_bias()),
            frame: self.frame + 1,
            cfa: caller.cfa.clone(),
        })
    }

    /// Focuses `lane` (or none) of the wave.
    pub fn set_lane(&mut self, lane: Option<u32>) -> EvalResult<()> {
        self.state.set_lane(lane)
    }

    /// The location of register `reg` in frame `frame`: the register itself in frame 0,
    /// else what frame `frame − 1`'s CFI rule gives.
    pub fn register_in(&mut self, frame: u32, reg: u64) -> EvalResult<LocDesc> {
        if frame == 0 {
            let bits = self.state.target().register_bits(reg)?;
            return Ok(LocDesc::register(reg, 0, bits));
        }
        self.caller_register(frame - 1, reg)
    }

    /// The location of register `reg` of frame `frame`'s caller, per frame `frame`'s CFI
    /// row (evaluated with frame `frame`'s registers and CFA).
    pub fn caller_register(&mut self, frame: u32, reg: u64) -> EvalResult<LocDesc> {
        let key = (frame, reg, self.state.lane());
        if let Some(r) = self.memo.get(&key) {
            return r.clone();
        }
        let r = self.caller_register_uncached(frame, reg);
        // A cycle is reported where it closes; the frames around it may still succeed
        // another way, so only complete answers are kept.
        if self.visiting.is_empty() || r.is_ok() {
            self.memo.insert(key, r.clone());
        }
        r
    }

    fn caller_register_uncached(&mut self, frame: u32, reg: u64) -> EvalResult<LocDesc> {
        let frames = self.frames;
        let f = frames
            .get(frame as usize)
            .ok_or_else(|| Error::missing(format!("frame {frame} (the wave has fewer)")))?;
        let row = f.row.as_ref().ok_or_else(|| {
            Error::unavailable(format!(
                "no call frame information for frame {frame} at {:#x}",
                f.lookup_pc
            ))
        })?;
        if self.visiting.contains(&(frame, reg)) {
            return Err(Error::ill_formed(format!(
                "call frame rules of frame {frame} for register {reg} form a cycle"
            )));
        }
        if self.visiting.len() >= MAX_RULE_DEPTH {
            return Err(Error::ill_formed(format!(
                "call frame rules nest deeper than {MAX_RULE_DEPTH}"
            )));
        }
        // Rules needing no CFA can be evaluated before it is known (the CFA rule itself
        // may use registers of this frame).
        let needs_cfa = !matches!(
            row.rule(reg),
            RegisterRule::Undefined | RegisterRule::SameValue | RegisterRule::Register(_)
        );
        let cfa = match (&f.cfa, needs_cfa) {
            (Some(c), _) => c.clone(),
            (None, false) => LocDesc::undefined(),
            (None, true) => {
                return Err(Error::unavailable(format!(
                    "the CFA of frame {frame} is unknown{}",
                    f.cfa_error
                        .as_deref()
                        .map(|e| format!(": {e}"))
                        .unwrap_or_default()
                )));
            }
        };
        self.visiting.push((frame, reg));
        let saved = self.frame;
        self.frame = frame;
        let params = self.params;
        let r = cfi::eval::register(&mut Evaluator::new(), self, row, &cfa, reg, params);
        self.frame = saved;
        self.visiting.pop();
        r
    }

    /// Reads the `bits`-bit value of register `reg` in this context's frame, per lane for
    /// vector registers: `Some(dword)` per lane, `None` where the lane's bits are
    /// unavailable or undefined.
    pub fn read_vector(&mut self, reg: u64) -> EvalResult<Vec<Option<u32>>> {
        let loc = self.register_in(self.frame, reg)?;
        let lanes = self.state.wave_size();
        let bits = hetdwarf::eval::read(self, &loc, 0, u64::from(lanes) * 32)?;
        Ok((0..lanes)
            .map(|l| {
                let s = u64::from(l) * 32;
                let ok =
                    (s..s + 32).all(|i| matches!(bits.status(i), hetdwarf::eval::BitStatus::Valid));
                ok.then(|| bits.get(s, 32) as u32)
            })
            .collect())
    }

    /// Reads a scalar register (up to 64 bits) of this context's frame.
    pub fn read_scalar(&mut self, reg: u64) -> EvalResult<u64> {
        let loc = self.register_in(self.frame, reg)?;
        let bits = self.state.target().register_bits(reg)?.min(64);
        let v = hetdwarf::eval::read_value(
            self,
            &loc,
            u64::from(bits),
            hetdwarf::eval::BaseType::unsigned(bits),
        )?;
        Ok(v.to_u64())
    }
}

impl<W: Wave + ?Sized> Backend for FrameContext<'_, '_, W> {
    fn target(&self) -> &Target {
        self.state.target()
    }

    fn lane(&self) -> Option<u32> {
        self.state.lane()
    }

    fn frame(&self) -> u32 {
        // Register locations this context hands out always name frame-0 registers (or
        // memory), so the evaluator never needs another frame number.
        0
    }

    fn read_register(
        &mut self,
        reg: u64,
        frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> EvalResult<()> {
        if frame == 0 {
            return self.state.read_register(reg, 0, offset, buf);
        }
        let loc = self.register_in(frame, reg)?;
        let bits = hetdwarf::eval::read(self, &loc, u128::from(offset) * 8, buf.len() as u64 * 8)?;
        if !bits.is_complete() {
            return Err(Error::unavailable(format!(
                "register {reg} of frame {frame} is not recoverable"
            )));
        }
        buf.copy_from_slice(&bits.data()[..buf.len()]);
        Ok(())
    }

    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> EvalResult<()> {
        self.memo.clear();
        if frame == 0 {
            return self.state.write_register(reg, 0, offset, data);
        }
        let loc = self.register_in(frame, reg)?;
        hetdwarf::eval::write(
            self,
            &loc,
            u128::from(offset) * 8,
            data.len() as u64 * 8,
            data,
        )
    }

    fn register_location(&mut self, reg: u64) -> EvalResult<LocDesc> {
        self.register_in(self.frame, reg)
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> EvalResult<()> {
        self.state.read_memory(aspace, lane, address, buf)
    }

    /// Memory and frame-0 registers go to the wave state as one batch; a caller frame's
    /// register is found through the CFI, read by read.
    fn read_batch(&mut self, reads: &mut [hetdwarf::eval::Read<'_>]) -> EvalResult<()> {
        let in_state = |r: &hetdwarf::eval::Read<'_>| !matches!(r.place, hetdwarf::eval::Place::Register { frame, .. } if frame != 0);
        if reads.iter().all(in_state) {
            self.state.read_batch(reads)
        } else {
            hetdwarf::eval::read_singly(self, reads)
        }
    }

    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> EvalResult<()> {
        self.memo.clear();
        self.state.write_memory(aspace, lane, address, data)
    }

    fn cfa(&mut self) -> EvalResult<LocDesc> {
        let f = self
            .frames
            .get(self.frame as usize)
            .ok_or_else(|| Error::missing("call frame CFA"))?;
        f.cfa.clone().ok_or_else(|| {
            Error::unavailable(format!(
                "the CFA of frame {} is unknown{}",
                self.frame,
                f.cfa_error
                    .as_deref()
                    .map(|e| format!(": {e}"))
                    .unwrap_or_default()
            ))
        })
    }

    fn call_frame_entry_reg(&mut self, reg: u64) -> EvalResult<LocDesc> {
        self.caller_register(self.frame, reg)
    }

    /// `DW_OP_entry_value` whose block is a lone `DW_OP_reg*`/`regx`: the register's value
    /// on entry, i.e. in the caller frame per this frame's CFI (a generic value for
    /// registers up to 64 bits, else the caller's location of the register).
    fn entry_value(&mut self, block: &[u8]) -> EvalResult<hetdwarf::eval::Entry> {
        use hetdwarf::expr::Op;
        let e = hetdwarf::expr::Expr::decode(block, self.params).map_err(|e| {
            Error::ill_formed(format!("DW_OP_entry_value block does not decode: {e}"))
        })?;
        let reg = match e.ops() {
            [Op::Reg(r)] => u64::from(*r),
            [Op::Regx(r)] => *r,
            _ => {
                return Err(Error::missing(
                    "DW_OP_entry_value of anything but a lone register (no call site values)",
                ));
            }
        };
        let loc = self.caller_register(self.frame, reg)?;
        let bits = self.state.target().register_bits(reg)?;
        if bits > 64 {
            return Ok(hetdwarf::eval::Entry::Location(loc));
        }
        let v = hetdwarf::eval::read_value(
            self,
            &loc,
            u64::from(bits),
            hetdwarf::eval::BaseType::unsigned(bits),
        )?;
        let generic = self.state.target().generic_bits();
        Ok(hetdwarf::eval::Entry::Value(
            hetdwarf::eval::Value::generic(generic, v.to_u64()),
        ))
    }

    fn relocate(&self, address: u64) -> u64 {
        self.state.relocate(address)
    }

    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> EvalResult<u64> {
        self.state.convert_address(address, from, to)
    }
}

/// Whether a memory location in `aspace` captures the lane (lane-scoped or flat spaces).
pub fn captures_lane(target: &Target, aspace: u64) -> bool {
    target
        .address_space(aspace)
        .is_some_and(|s| matches!(s.scope, AddressScope::Lane | AddressScope::Flat))
}

/// A short text for a CFA rule: `s32+0 in private_wave`, or the expression as
/// `llvm-dwarfdump-22` prints it.
pub fn describe_cfa(rule: &CfaRule<'_>, target: &Target) -> String {
    match *rule {
        CfaRule::Undefined => "undefined".into(),
        CfaRule::RegisterOffset {
            register,
            offset,
            aspace,
        } => {
            let name = target
                .register_name(register)
                .unwrap_or_else(|| format!("r{register}"));
            let space = aspace
                .and_then(|a| target.address_space(a).map(|s| s.name.to_string()))
                .unwrap_or_else(|| "default".into());
            format!("{name}{offset:+} in {space}")
        }
        CfaRule::Expression(b) => hetdwarf::expr::disasm::disassemble_bytes(
            b,
            DecodeParams::amdgpu(Encoding::User),
            hetdwarf::expr::disasm::DisasmOptions::new(target.register_names()),
        ),
    }
}

/// Whether an evaluation error only means "value not available" (as opposed to
/// ill-formed DWARF).
pub fn is_unavailable(e: &Error) -> bool {
    matches!(e.kind(), ErrorKind::Unavailable | ErrorKind::MissingContext)
}

//! A stop: one saved (or live) wave of one code object, its frames, and each frame's
//! variables per lane. This is what a debugger does at every stop, put together once for
//! every front end (the CLI, the C ABI, the Python bindings): check that the wave state
//! belongs to the code object, unwind, set up frame `k` (its PC in the code object, the
//! frame-base shift of the wave size, the caller for `DW_OP_entry_value`), and read
//! variables through the unwound frame's registers.

use hetdwarf::expr::Encoding;
use hetdwarf::index::{DwarfIndex, VariableRef};
use hetdwarf::var::{Frame, FrameSetup, LaneValue, VarError};

use crate::WaveState;
use crate::code_object::CodeObject;
use crate::session::SessionRef;
use crate::unwind::{Stack, UnwindError, Wave, unwind};

/// Why a stop cannot be set up.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StopError {
    /// The wave state was saved for another processor or wave size.
    #[error("{0}")]
    StateMismatch(String),
    /// The wave state has no PC.
    #[error("the wave state has no pc")]
    NoPc,
    /// Frame `k > 0` was asked for and the call frame information cannot be read or
    /// unwound.
    #[error("{object}: {error}")]
    Unwind {
        /// The code object's name.
        object: String,
        /// Why (in the message, so not also a `source`).
        error: UnwindError,
    },
    /// The wave has fewer frames.
    #[error("no frame {frame}: the wave has {frames} frame{}", if *frames == 1 { "" } else { "s" })]
    NoFrame {
        /// The frame asked for.
        frame: u32,
        /// How many there are.
        frames: usize,
    },
    /// A lane asked for is not in the wave.
    #[error("lane {lane} does not exist: the wave has {lanes} lanes")]
    NoLane {
        /// The lane asked for.
        lane: u32,
        /// Lanes in the wave.
        lanes: u32,
    },
    /// More lanes were asked for than the wave has (every value is made before any is
    /// handed over, so an endless list would be endless memory).
    #[error("{asked} lanes asked for: the wave has {lanes} (ask for each lane once)")]
    TooManyLanes {
        /// How many were asked for.
        asked: usize,
        /// Lanes in the wave.
        lanes: u32,
    },
    /// No subprogram with debug information covers the frame's PC.
    #[error("pc {pc:#x}: no subprogram with debug information covers it")]
    NoSubprogram {
        /// The PC, a code-object address.
        pc: u64,
    },
    /// Setting up the frame failed.
    #[error(transparent)]
    Var(#[from] VarError),
}

impl StopError {
    /// The error's kind, as the CLI's JSON and the bindings name it.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        match self {
            StopError::Var(e) => e.kind(),
            // A state saved for another processor is the caller's pairing of two inputs.
            StopError::NoFrame { .. }
            | StopError::NoLane { .. }
            | StopError::TooManyLanes { .. }
            | StopError::StateMismatch(_) => hetdwarf::ErrorKind::Usage,
            StopError::NoSubprogram { .. } => hetdwarf::ErrorKind::OptimizedOut,
            // Call frame information that cannot be read or followed, whatever the reason
            // below it: the CLI's documented kind for an unwinding failure.
            StopError::Unwind { .. } | StopError::NoPc => hetdwarf::ErrorKind::Malformed,
        }
    }
}

/// Refuses a wave state saved for another processor or wave size than the code object
/// (or the kernel containing the state's PC) runs with: its registers and lanes would be
/// read under the wrong layout.
pub fn check_state(co: &CodeObject<'_>, state: &WaveState) -> Result<(), StopError> {
    check_wave(
        co,
        "the wave state",
        state.processor(),
        state.wave_size(),
        state.pc(),
    )
}

/// Refuses a wave (`what`: "the wave state", "the context") of `processor` with
/// `wave_size` lanes stopped at the code-object address `pc` that `co`'s code cannot be
/// running: another processor, a wave size the kernel at `pc` does not run, or one the
/// processor does not run at all.
pub fn check_wave(
    co: &CodeObject<'_>,
    what: &str,
    processor: &str,
    wave_size: u32,
    pc: Option<u64>,
) -> Result<(), StopError> {
    let object = co.target().processor.as_str();
    if !runs_on(co, processor) {
        return Err(StopError::StateMismatch(format!(
            "{what} is for {processor}, the code object {} for {object}",
            co.name()
        )));
    }
    if let Some(w) = pc.and_then(|pc| co.wave_size_at(pc))
        && w != wave_size
    {
        return Err(StopError::StateMismatch(format!(
            "{what} has {wave_size} lanes, the kernel of the code object {} at its pc runs {w}-lane waves",
            co.name()
        )));
    }
    if let Some(info) = crate::aspace::processor_info(object)
        && !info.wave_sizes.contains(&wave_size)
    {
        return Err(StopError::StateMismatch(format!(
            "{what} has {wave_size} lanes, and {object} runs waves of {:?} lanes",
            info.wave_sizes
        )));
    }
    Ok(())
}

/// Whether `co`'s code runs on `processor`: its own, or any for a generic code object
/// (gfx9-4-generic runs on several processors, "none" on any).
pub fn runs_on(co: &CodeObject<'_>, processor: &str) -> bool {
    let object = co.target().processor.as_str();
    let concrete = object.starts_with("gfx") && !object.contains("generic");
    !concrete || processor == object
}

/// The lanes to read: `chosen` (each checked against the wave's `wave_size` lanes), or
/// every lane of the wave for `None`.
pub fn lanes(chosen: Option<&[u32]>, wave_size: u32) -> Result<Vec<Option<u32>>, StopError> {
    match chosen {
        Some(list) if list.len() > wave_size as usize => Err(StopError::TooManyLanes {
            asked: list.len(),
            lanes: wave_size,
        }),
        Some(list) => match list.iter().find(|&&l| l >= wave_size) {
            Some(&lane) => Err(StopError::NoLane {
                lane,
                lanes: wave_size,
            }),
            None => Ok(list.iter().map(|&l| Some(l)).collect()),
        },
        None => Ok((0..wave_size).map(Some).collect()),
    }
}

/// What a lane holds, for a front end that shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneStatus {
    /// The value was read (some bits may still be unavailable: see [`LaneView::error`]).
    Value,
    /// The lane is not in the EXEC mask.
    Inactive,
    /// No bit of the value has a location at this PC (the text says `<optimized out>`).
    OptimizedOut,
    /// Reading failed.
    Error,
}

impl LaneStatus {
    /// The lower-case name (`value`, `inactive`, `optimized_out`, `error`).
    pub fn name(self) -> &'static str {
        match self {
            LaneStatus::Value => "value",
            LaneStatus::Inactive => "inactive",
            LaneStatus::OptimizedOut => "optimized_out",
            LaneStatus::Error => "error",
        }
    }
}

/// One lane's value as text, for a front end (the C ABI, the Python bindings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneView {
    /// The lane (`None`: no lane selected).
    pub lane: Option<u32>,
    /// What it holds.
    pub status: LaneStatus,
    /// The value as `hetdwarf print` shows it.
    pub text: Option<String>,
    /// The value as JSON (`TypedValue::to_json`).
    pub json: Option<String>,
    /// Where the value lives, as `hetdwarf print --format json` prints it: the variable's
    /// location, or through a path the member's or element's.
    pub location: Option<String>,
    /// Why reading failed, or why bits are unavailable.
    pub error: Option<String>,
    /// Where the value lives, part by part (empty when there is no location).
    pub parts: Vec<PartView>,
}

/// What kind of storage a part of a location is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StorageKind {
    /// Memory of an address space.
    Memory,
    /// A register.
    Register,
    /// Literal bytes (`DW_OP_implicit_value`, `DW_OP_stack_value`).
    Implicit,
    /// An implicit pointer to another DIE's object.
    ImplicitPointer,
    /// No storage: these bits are optimized out.
    Undefined,
}

impl StorageKind {
    /// The lower-case name, as the bindings spell it (`memory`, `implicit_pointer`).
    pub fn name(self) -> &'static str {
        match self {
            StorageKind::Memory => "memory",
            StorageKind::Register => "register",
            StorageKind::Implicit => "implicit",
            StorageKind::ImplicitPointer => "implicit_pointer",
            StorageKind::Undefined => "undefined",
        }
    }
}

/// One part of a location: which bits of the value are where, owned, for the bindings
/// ([`hetdwarf::eval::parts::flatten`] made plain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartView {
    /// Which place of an object in several places (0 for the first).
    pub place: usize,
    /// The storage kind.
    pub storage: StorageKind,
    /// Bit offset of the part within the value.
    pub value_bit_offset: u64,
    /// Bits the part covers (`None`: the whole value).
    pub bits: Option<u64>,
    /// Register: its DWARF number.
    pub register: Option<u64>,
    /// Register: its AMDGPU name for the wave size (`v5`, `s33`, `exec`).
    pub register_name: Option<String>,
    /// Memory, implicit pointer: the DWARF address space.
    pub address_space: Option<u64>,
    /// Memory: the byte address.
    pub address: Option<u64>,
    /// Memory: the lane whose memory it is (lane-private spaces).
    pub lane: Option<u32>,
    /// Bit offset into the storage: within the register, or past `address`'s byte.
    pub bit_offset: u64,
    /// Implicit pointer: the `.debug_info` offset of the object pointed to, and the byte
    /// offset into it.
    pub pointer_target: Option<(u64, i64)>,
    /// `DW_OP_LLVM_extend` / `DW_OP_LLVM_select_bit_piece` parts: element size and count,
    /// and for a selected part which mask bit picks it.
    pub elements: Option<(u64, u64, Option<bool>)>,
}

impl PartView {
    /// The parts of `loc`, registers named by `target`.
    pub fn of(loc: &hetdwarf::eval::LocDesc, target: &hetdwarf::target::Target) -> Vec<Self> {
        use hetdwarf::eval::Storage;
        use hetdwarf::eval::parts::{PartShape, flatten};
        let narrow = |v: u128| u64::try_from(v).unwrap_or(u64::MAX);
        flatten(loc)
            .into_iter()
            .map(|p| {
                let mut v = PartView {
                    place: p.place,
                    storage: StorageKind::Undefined,
                    value_bit_offset: narrow(p.value_bit_offset),
                    bits: p.bits.map(narrow),
                    register: None,
                    register_name: None,
                    address_space: None,
                    address: None,
                    lane: None,
                    bit_offset: narrow(p.storage_bit_offset),
                    pointer_target: None,
                    elements: match p.shape {
                        PartShape::Repeated {
                            element_bits,
                            count,
                        } => Some((element_bits, count, None)),
                        PartShape::Selected {
                            element_bits,
                            count,
                            when_mask_bit,
                        } => Some((element_bits, count, Some(when_mask_bit))),
                        _ => None,
                    },
                };
                match p.storage {
                    Storage::Memory(m) => {
                        v.storage = StorageKind::Memory;
                        v.address_space = Some(m.aspace);
                        v.address = Some(narrow(p.storage_bit_offset / 8));
                        v.bit_offset = narrow(p.storage_bit_offset % 8);
                        v.lane = m.lane;
                    }
                    Storage::Register { reg, .. } => {
                        v.storage = StorageKind::Register;
                        v.register = Some(*reg);
                        v.register_name = target.register_name(*reg);
                    }
                    Storage::Implicit(_) => v.storage = StorageKind::Implicit,
                    Storage::ImplicitPointer(ip) => {
                        v.storage = StorageKind::ImplicitPointer;
                        v.address_space = Some(ip.aspace);
                        v.pointer_target = Some((ip.die, ip.offset));
                    }
                    _ => {}
                }
                v
            })
            .collect()
    }
}

impl LaneView {
    /// `value` as text; locations are named by `target`'s registers.
    pub fn new(value: &LaneValue, target: &hetdwarf::target::Target) -> Self {
        let (status, text, json, error) = match &value.value {
            // Nothing of the value has a location here (no location at this PC, or one
            // that is undefined throughout): optimized out, with its text kept.
            Ok(t @ hetdwarf::typed::TypedValue::Optimized) => (
                LaneStatus::OptimizedOut,
                Some(t.render_text()),
                Some(t.to_json()),
                None,
            ),
            Ok(t) => (
                LaneStatus::Value,
                Some(t.render_text()),
                Some(t.to_json()),
                value
                    .unavailable
                    .as_ref()
                    .map(|why| hetdwarf::error_chain(why)),
            ),
            Err(hetdwarf::var::LaneError::Inactive) => (LaneStatus::Inactive, None, None, None),
            Err(e) => {
                let status = if e.is_optimized_out() {
                    LaneStatus::OptimizedOut
                } else {
                    LaneStatus::Error
                };
                (status, None, None, Some(hetdwarf::error_chain(e)))
            }
        };
        LaneView {
            lane: value.lane,
            status,
            text,
            json,
            location: value.location().map(|l| l.display(target).to_string()),
            error,
            parts: value
                .location()
                .map(|l| PartView::of(l, target))
                .unwrap_or_default(),
        }
    }
}

/// The message when the path itself is wrong for every lane read (it does not parse, or
/// names a member or an element the type does not have): a usage error of the call, as
/// for a write, rather than the same error once per lane.
pub fn path_refused(values: &[hetdwarf::var::LaneValue]) -> Option<String> {
    use hetdwarf::var::{LaneError, PathError, VarError};
    let mut first = None;
    for v in values {
        match &v.value {
            Err(LaneError::Inactive) => {}
            Err(LaneError::Failed(e)) => match &**e {
                VarError::Path {
                    error:
                        PathError::Syntax(_)
                        | PathError::UnknownMember { .. }
                        | PathError::NotAStruct { .. }
                        | PathError::NotIndexable { .. }
                        | PathError::NotAPointer { .. }
                        | PathError::IndexOutOfBounds { .. },
                    ..
                } => {
                    first.get_or_insert_with(|| e.to_string());
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    first
}

/// One frame of a stopped wave, ready to read variables in.
pub struct StopFrame<'d, 'a> {
    /// The frame: its scopes and variables at its PC.
    pub frame: Frame<'d, 'a>,
    /// The unwound stack, when the call frame information allowed unwinding (frame 0
    /// without CFI reads the wave state directly); shared with the [`Stop`] it came from.
    pub stack: Option<std::sync::Arc<Stack<'d>>>,
    /// Which frame (0 = the wave's current one).
    pub index: u32,
}

/// Stopping a wave is how a session is used: these live beside [`Stop`] so that the session
/// module needs nothing of this one.
impl<'s, 'd> SessionRef<'s, 'd> {
    /// The wave in `state` stopped at its PC: unwound once, kept for every frame asked
    /// about.
    pub fn stop<W: Wave + ?Sized>(&self, state: &mut W) -> Result<Stop<'s>, StopError> {
        Stop::new(self, state)
    }

    /// Frame `k` of the wave in `state`, set up for reading variables ([`Stop::frame`]); a
    /// caller that asks about several frames of one stop keeps the [`Stop`] instead.
    pub fn frame<W: Wave + ?Sized>(
        &self,
        state: &mut W,
        k: u32,
    ) -> Result<StopFrame<'s, 'd>, StopError> {
        self.stop(state)?.frame(self, state, k)
    }
}

/// A wave stopped at its PC: its stack unwound once, with the session's call frame
/// information ([`SessionRef::call_frames`]), and kept for every frame asked about. Frame 0
/// needs no unwinding: a wave whose CFI is missing or broken still has it.
pub struct Stop<'d> {
    stack: Option<std::sync::Arc<Stack<'d>>>,
    /// Why the wave could not be unwound, when it could not (only frame 0 is then known),
    /// with the code object's name.
    unwind_error: Option<(String, UnwindError)>,
    /// Frame 0's PC as a code-object address.
    pc: u64,
}

impl<'d> Stop<'d> {
    /// Unwinds the wave in `state` with `session`'s call frame information.
    pub fn new<W: Wave + ?Sized>(
        session: &SessionRef<'d, '_>,
        state: &mut W,
    ) -> Result<Stop<'d>, StopError> {
        let pc = state.pc().ok_or(StopError::NoPc)?;
        let unwound = session
            .call_frames()
            .map_err(UnwindError::clone)
            .and_then(|cfi| unwind(cfi, state));
        let (stack, unwind_error) = match unwound {
            Ok(stack) => (Some(std::sync::Arc::new(stack)), None),
            Err(e) => (None, Some((session.co().name().to_string(), e))),
        };
        Ok(Stop {
            stack,
            unwind_error,
            pc: pc.wrapping_sub(state.load_bias()),
        })
    }

    /// How many frames the wave has (1 when it cannot be unwound), whether or not its
    /// functions have debug information.
    pub fn frames(&self) -> usize {
        self.stack.as_ref().map_or(1, |s| s.frames.len().max(1))
    }

    /// The unwound stack (`None` when the wave could not be unwound).
    pub fn stack(&self) -> Option<&Stack<'d>> {
        self.stack.as_deref()
    }

    /// The code-object address frame `k` is looked up at: frame 0's PC; a caller's return
    /// address less one, inside its call.
    pub fn frame_pc(&self, k: u32) -> Result<u64, StopError> {
        if k == 0 {
            return Ok(self.pc);
        }
        if let Some((object, source)) = &self.unwind_error {
            return Err(StopError::Unwind {
                object: object.clone(),
                error: source.clone(),
            });
        }
        let frames = self.frames();
        self.stack
            .as_ref()
            .and_then(|s| s.frames.get(k as usize))
            .map(|f| f.lookup_pc)
            .ok_or(StopError::NoFrame { frame: k, frames })
    }

    /// Sets up frame `k` for reading variables: its subprogram, the frame-base shift of
    /// the wave size, and (when the wave was unwound) its caller, for
    /// `DW_OP_entry_value`.
    pub fn frame<'a, W: Wave + ?Sized>(
        &self,
        session: &SessionRef<'d, 'a>,
        state: &mut W,
        k: u32,
    ) -> Result<StopFrame<'d, 'a>, StopError> {
        let pc = self.frame_pc(k)?;
        let caller = self
            .stack
            .as_ref()
            .and_then(|stack| stack.context(state, k).caller_frame());
        let setup = FrameSetup {
            caller,
            ..frame_setup(session.co(), session.encoding(), pc, state.wave_size())
        };
        let frame = Frame::new(session.dbg(), setup)?.ok_or(StopError::NoSubprogram { pc })?;
        Ok(StopFrame {
            frame,
            stack: self.stack.clone(),
            index: k,
        })
    }
}

/// The frame of the subprogram covering `pc` (a code-object address) for a wave of
/// `wave_size` lanes, with the frame-base shift of that wave size, for a context that
/// supplies registers and memory itself (a live process): no unwinding, so no caller and
/// no CFA.
pub fn frame_at_pc<'d, 'a>(
    co: &CodeObject<'_>,
    dbg: &'d DwarfIndex<'a>,
    encoding: Encoding,
    pc: u64,
    wave_size: u32,
) -> Result<Frame<'d, 'a>, StopError> {
    let setup = frame_setup(co, encoding, pc, wave_size);
    Frame::new(dbg, setup)?.ok_or(StopError::NoSubprogram { pc })
}

/// How a frame of `co` at `pc` (a code-object address) is set up for a wave of
/// `wave_size` lanes, without a caller: the object's encoding and the frame-base shift
/// its processor's scratch needs at that wave size.
pub fn frame_setup(co: &CodeObject<'_>, encoding: Encoding, pc: u64, wave_size: u32) -> FrameSetup {
    FrameSetup {
        frame_base_shift: crate::scratch::frame_base_shift(&co.target().processor, wave_size),
        ..FrameSetup::at(pc, encoding)
    }
}

impl StopFrame<'_, '_> {
    /// How many frames the wave has (1 when it could not be unwound).
    pub fn frames(&self) -> usize {
        self.stack.as_ref().map_or(1, |s| s.frames.len().max(1))
    }

    /// The raw bits of `var`'s whole value for `lane` (`None`: the wave's first active
    /// lane), each bit valid, optimized out or unavailable
    /// ([`Frame::read_bits`](hetdwarf::var::Frame::read_bits)).
    pub fn read_bits<W: Wave + ?Sized>(
        &self,
        state: &mut W,
        var: VariableRef,
        lane: Option<u32>,
    ) -> Result<hetdwarf::eval::Bits, VarError> {
        let lane = lane.or_else(|| state.first_active_lane());
        match &self.stack {
            Some(stack) => {
                let mut caller = stack.context(state, self.index);
                let mut ctx = self.frame.context(&mut caller);
                ctx.symbols.set_lane(lane);
                let placement = self.frame.place(&mut ctx, var)?;
                self.frame.read_bits(&mut ctx, var, &placement)
            }
            None => {
                let mut ctx = self.frame.context(state);
                ctx.symbols.set_lane(lane);
                let placement = self.frame.place(&mut ctx, var)?;
                self.frame.read_bits(&mut ctx, var, &placement)
            }
        }
    }

    /// Writes `text` (parsed by the type of `var`, or of what `path` leads to) through every
    /// place of its location for `lane` (`None`: the wave's first active lane), into
    /// `state` through the frame's unwound registers (a caller's saved register is written
    /// where the callee saved it).
    pub fn write<W: Wave + ?Sized>(
        &self,
        state: &mut W,
        var: VariableRef,
        path: &str,
        lane: Option<u32>,
        text: &str,
    ) -> Result<(), VarError> {
        let lane = lane.or_else(|| state.first_active_lane());
        match &self.stack {
            Some(stack) => {
                let mut caller = stack.context(state, self.index);
                let mut ctx = self.frame.context(&mut caller);
                ctx.symbols.set_lane(lane);
                self.frame.write(&mut ctx, var, path, text)
            }
            None => {
                let mut ctx = self.frame.context(state);
                ctx.symbols.set_lane(lane);
                self.frame.write(&mut ctx, var, path, text)
            }
        }
    }

    /// Reads `var` (or what `path` leads to, `""` for the whole variable) for `lanes`
    /// (`None`: no lane selected), through the frame's unwound registers; lanes outside
    /// the wave's EXEC mask are inactive.
    pub fn values<W: Wave + ?Sized>(
        &self,
        state: &mut W,
        var: VariableRef,
        path: &str,
        lanes: &[Option<u32>],
    ) -> Vec<LaneValue> {
        let exec = state.exec();
        let active = move |lane: u32| exec.map(|e| lane < 64 && (e >> lane) & 1 == 1);
        match &self.stack {
            Some(stack) => {
                let mut ctx = stack.context(state, self.index);
                self.frame.values(&mut ctx, var, path, lanes, &active)
            }
            None => self.frame.values(state, var, path, lanes, &active),
        }
    }
}

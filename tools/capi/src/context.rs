//! A context made of C callbacks: a debugger answers register and memory reads from its
//! live process (or anything else it holds) exactly as a Rust [`Backend`] does, and reads
//! the variables of the frame at a PC through them.

use std::cell::RefCell;
use std::ffi::{CStr, c_char, c_void};

use hetdwarf::eval::{Backend, Error, Place, Read, Result, read_singly};
use hetdwarf::target::Target;
use hetdwarf_amdgpu::stop;

use crate::busy::Busy;
use crate::frames::{
    HdLaneFn, HdVariableFn, deliver_lanes, deliver_variables, lane_list, one_lane,
};
use crate::{HdCode, HdSession, aligned, guarded, lanes_arg, out_ok, registry, text, walked};

/// Reads `size` bytes of DWARF register `reg` from byte `offset` into `buf` (a vector
/// register is the whole wave's: lane L's dword at byte 4·L). Return 0 when every byte was
/// read, nonzero when they cannot be (the bytes are then shown as unavailable; call
/// [`hd_callback_error`] first to say why).
pub type HdReadRegisterFn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        reg: u64,
        offset: u64,
        buf: *mut u8,
        size: usize,
    ) -> i32,
>;

/// Reads `size` bytes at `address` of DWARF address space `space` (for the per-lane
/// spaces, of lane `lane`; -1 for none) into `buf`. Return 0 on success, nonzero (after
/// [`hd_callback_error`], to say why) on failure.
pub type HdReadMemoryFn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        space: u64,
        lane: i64,
        address: u64,
        buf: *mut u8,
        size: usize,
    ) -> i32,
>;

/// One request of a batched read, for [`HdReadBatchFn`]: `size` bytes into `buf` of a
/// register (`is_memory` 0: `reg` from byte `offset`) or of memory (`is_memory` 1: address
/// `offset` of address space `space`, of lane `lane` for the per-lane spaces, -1 for none).
#[repr(C)]
pub struct HdRead {
    /// 0 for a register, 1 for memory.
    pub is_memory: i32,
    /// Register: its DWARF number.
    pub reg: u64,
    /// Memory: the DWARF address space.
    pub space: u64,
    /// Memory: the lane, or -1.
    pub lane: i64,
    /// Register: byte offset into it; memory: the address.
    pub offset: u64,
    /// Where the bytes go.
    pub buf: *mut u8,
    /// How many bytes.
    pub size: usize,
    /// One flag per byte, 0 on entry: set a byte's flag to 1 when it cannot be read.
    pub unavailable: *mut u8,
}

/// Answers `n` reads at `reads` in one call (one round trip to a remote target), setting
/// the flags of the bytes it cannot fetch. Return 0 when it answered; nonzero marks every
/// byte of the batch unavailable. [`hd_callback_error`] says why bytes are missing.
pub type HdReadBatchFn =
    Option<unsafe extern "C" fn(user: *mut c_void, reads: *mut HdRead, n: usize) -> i32>;

/// Writes `size` bytes from `data` into DWARF register `reg` at byte `offset` (a vector
/// register's lane L is the dword at byte 4·L). Return 0 on success, nonzero (after
/// [`hd_callback_error`], to say why) on failure.
pub type HdWriteRegisterFn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        reg: u64,
        offset: u64,
        data: *const u8,
        size: usize,
    ) -> i32,
>;

/// Writes `size` bytes from `data` at `address` of DWARF address space `space` (of lane
/// `lane` for the per-lane spaces; -1 for none). Return 0 on success, nonzero (after
/// [`hd_callback_error`], to say why) on failure.
pub type HdWriteMemoryFn = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        space: u64,
        lane: i64,
        address: u64,
        data: *const u8,
        size: usize,
    ) -> i32,
>;

/// The wave a debugger is stopped in, answered by its callbacks.
#[repr(C)]
pub struct HdContext {
    /// Handed back to every callback.
    pub user: *mut c_void,
    /// The processor (`"gfx90a"`), which fixes the register and address-space layout.
    pub processor: *const c_char,
    /// Lanes in the wave (32 or 64).
    pub wave_size: u32,
    /// The PC as a code-object address (the loaded PC minus `load_bias`). Reads of DWARF
    /// register 16 (`PC_64`) in frame 0 are answered from it, not by `read_register`.
    pub pc: u64,
    /// Added to code-object addresses (`DW_OP_addr`) to reach loaded ones.
    pub load_bias: u64,
    /// Lanes in the EXEC mask (bit L = lane L); lanes outside it read as inactive.
    pub exec: u64,
    /// Register reads.
    pub read_register: HdReadRegisterFn,
    /// Memory reads.
    pub read_memory: HdReadMemoryFn,
    /// Batched reads (may be null: then each read is one call of the callbacks above).
    pub read_batch: HdReadBatchFn,
    /// Register writes, for `hd_context_write` (may be null).
    pub write_register: HdWriteRegisterFn,
    /// Memory writes, for `hd_context_write` (may be null).
    pub write_memory: HdWriteMemoryFn,
}

/// [`HdContext`] as a [`Backend`].
pub(crate) struct CallbackContext<'c> {
    pub(crate) c: &'c HdContext,
    pub(crate) target: Target,
    /// The lane focused for unwinding (per-lane return addresses and CFAs).
    pub(crate) lane: Option<u32>,
}

thread_local! {
    /// While a context callback runs on this thread: what it said of its failure through
    /// [`hd_callback_error`] (`Some(None)` until it says anything); `None` outside callbacks.
    static SAID: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Runs one context callback, returning its status and what it said through
/// [`hd_callback_error`] while it ran (a callback of a nested call keeps its own).
fn call_back(callback: impl FnOnce() -> i32) -> (i32, Option<String>) {
    let outer = SAID.with(|s| s.replace(Some(None)));
    let status = callback();
    let said = SAID.with(|s| s.replace(outer)).flatten();
    (status, said)
}

/// The debugger's own account of a failed callback, kept as the cause of the library's
/// error so that it reaches whoever reads the error (`hd_lane_value.error`, the session's
/// last error).
#[derive(Debug)]
struct DebuggerFailure {
    status: i32,
    message: Option<String>,
}

impl std::fmt::Display for DebuggerFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.message {
            Some(m) => write!(f, "{m} (status {})", self.status),
            None => write!(f, "status {}", self.status),
        }
    }
}

impl std::error::Error for DebuggerFailure {}

/// `Ok` when a callback answered 0; else the failure `what` names, caused by what the
/// callback said.
fn answered((status, said): (i32, Option<String>), what: impl FnOnce() -> String) -> Result<()> {
    match status {
        0 => Ok(()),
        _ => Err(failed_because(Error::unavailable(what()), status, said)),
    }
}

/// `error`, caused by what the callback answered.
fn failed_because(error: Error, status: i32, message: Option<String>) -> Error {
    error.caused_by(DebuggerFailure { status, message })
}

/// Says why the context callback now running on this thread fails, before it returns
/// nonzero (or, for `read_batch`, before it returns after flagging bytes): the library's
/// error for that read or write (a lane's `error`, the session's last error) then ends
/// with `message` and the callback's status. The message is copied; a later call in the
/// same callback replaces it. `HD_USAGE` when no context callback is running on this
/// thread.
///
/// # Safety
/// `message` is null or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_callback_error(message: *const c_char) -> HdCode {
    if message.is_null() {
        return HdCode::HdNullArgument;
    }
    // SAFETY: the caller passes a NUL-terminated string.
    let message = unsafe { CStr::from_ptr(message) }
        .to_string_lossy()
        .into_owned();
    SAID.with(|s| match &mut *s.borrow_mut() {
        Some(said) => {
            *said = Some(message);
            HdCode::HdOk
        }
        None => HdCode::HdUsage,
    })
}

impl hetdwarf_amdgpu::unwind::Wave for CallbackContext<'_> {
    fn pc(&self) -> Option<u64> {
        Some(self.c.pc.wrapping_add(self.c.load_bias))
    }

    fn load_bias(&self) -> u64 {
        self.c.load_bias
    }

    fn wave_size(&self) -> u32 {
        self.c.wave_size
    }

    fn set_lane(&mut self, lane: Option<u32>) -> Result<()> {
        if lane.is_some_and(|l| l >= self.c.wave_size) {
            return Err(Error::evaluation(format!(
                "lane {} is out of range for wave{}",
                lane.unwrap_or(0),
                self.c.wave_size
            )));
        }
        self.lane = lane;
        Ok(())
    }

    fn exec(&self) -> Option<u64> {
        Some(self.c.exec)
    }
}

impl Backend for CallbackContext<'_> {
    fn target(&self) -> &Target {
        &self.target
    }

    fn lane(&self) -> Option<u32> {
        self.lane
    }

    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        if frame != 0 {
            return Err(Error::missing(format!(
                "registers of frame {frame} (a callback context has frame 0 only)"
            )));
        }
        // The context says where the wave stopped: frame 0's PC needs no callback (CFI
        // that reads the PC gets the same PC the frame was found at).
        if reg == hetdwarf_amdgpu::registers::PC_64 {
            let pc = self.c.pc.wrapping_add(self.c.load_bias).to_le_bytes();
            let from = usize::try_from(offset).ok().filter(|&o| o < pc.len());
            if let Some(from) = from
                && let Some(bytes) = pc.get(from..from + buf.len())
            {
                buf.copy_from_slice(bytes);
                return Ok(());
            }
            return Err(Error::unavailable(format!(
                "{} bytes of the 8-byte pc at byte {offset}",
                buf.len()
            )));
        }
        let Some(read) = self.c.read_register else {
            return Err(Error::missing(
                "register access (no read_register callback)",
            ));
        };
        // SAFETY: the debugger's callback, given a buffer of `buf.len()` bytes.
        answered(
            call_back(|| unsafe { read(self.c.user, reg, offset, buf.as_mut_ptr(), buf.len()) }),
            || {
                format!(
                    "the debugger cannot read {} bytes of {} at byte {offset}",
                    buf.len(),
                    self.target.register_label(reg)
                )
            },
        )
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        let Some(read) = self.c.read_memory else {
            return Err(Error::missing("memory access (no read_memory callback)"));
        };
        let lane = lane.map_or(-1, i64::from);
        // SAFETY: the debugger's callback, given a buffer of `buf.len()` bytes.
        answered(
            call_back(|| unsafe {
                read(
                    self.c.user,
                    aspace,
                    lane,
                    address,
                    buf.as_mut_ptr(),
                    buf.len(),
                )
            }),
            || {
                format!(
                    "the debugger cannot read {} bytes at {address:#x} of address space {aspace}",
                    buf.len()
                )
            },
        )
    }

    fn relocate(&self, address: u64) -> u64 {
        address.wrapping_add(self.c.load_bias)
    }

    fn read_batch(&mut self, reads: &mut [Read<'_>]) -> Result<()> {
        let Some(batch) = self.c.read_batch else {
            return read_singly(self, reads);
        };
        // (is_memory, reg, space, lane) of each read; a caller's frame, or a place this
        // ABI does not describe, goes through the single-read callbacks.
        let described: Option<Vec<(i32, u64, u64, i64)>> = reads
            .iter()
            .map(|r| match r.place {
                Place::Register { reg, frame: 0 } => Some((0, reg, 0, -1)),
                Place::Memory { aspace, lane } => Some((1, 0, aspace, lane.map_or(-1, i64::from))),
                _ => None,
            })
            .collect();
        let Some(described) = described else {
            return read_singly(self, reads);
        };
        let mut flags: Vec<Vec<u8>> = reads.iter().map(|r| vec![0u8; r.data.len()]).collect();
        let mut c: Vec<HdRead> = reads
            .iter_mut()
            .zip(flags.iter_mut())
            .zip(described)
            .map(|((r, f), (is_memory, reg, space, lane))| HdRead {
                is_memory,
                reg,
                space,
                lane,
                offset: r.offset,
                buf: r.data.as_mut_ptr(),
                size: r.data.len(),
                unavailable: f.as_mut_ptr(),
            })
            .collect();
        // SAFETY: the debugger's callback, given `c.len()` requests whose buffers live
        // across the call.
        let (status, said) = call_back(|| unsafe { batch(self.c.user, c.as_mut_ptr(), c.len()) });
        let failed = status != 0;
        drop(c);
        for (r, f) in reads.iter_mut().zip(&flags) {
            let mut missing = false;
            for (u, &flag) in r.unavailable.iter_mut().zip(f) {
                *u = failed || flag != 0;
                missing |= *u;
            }
            if missing {
                let error = Error::unavailable(match r.place {
                    Place::Register { reg, .. } => format!(
                        "the debugger cannot read bytes of {} at byte {}",
                        self.target.register_label(reg),
                        r.offset
                    ),
                    Place::Memory { aspace, .. } => format!(
                        "the debugger cannot read bytes at {:#x} of address space {aspace}",
                        r.offset
                    ),
                    _ => format!("the debugger cannot read bytes at {:#x}", r.offset),
                });
                r.error = Some(if failed || said.is_some() {
                    failed_because(error, status, said.clone())
                } else {
                    error
                });
            }
        }
        Ok(())
    }

    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        if frame != 0 {
            return Err(Error::missing(format!(
                "registers of frame {frame} (a callback context has frame 0 only)"
            )));
        }
        let Some(write) = self.c.write_register else {
            return Err(Error::missing(
                "register writes (no write_register callback)",
            ));
        };
        // SAFETY: the debugger's callback, given `data.len()` bytes.
        answered(
            call_back(|| unsafe { write(self.c.user, reg, offset, data.as_ptr(), data.len()) }),
            || {
                format!(
                    "the debugger cannot write {} bytes of {} at byte {offset}",
                    data.len(),
                    self.target.register_label(reg)
                )
            },
        )
    }

    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<()> {
        let Some(write) = self.c.write_memory else {
            return Err(Error::missing("memory writes (no write_memory callback)"));
        };
        let lane = lane.map_or(-1, i64::from);
        // SAFETY: the debugger's callback, given `data.len()` bytes.
        answered(
            call_back(|| unsafe {
                write(
                    self.c.user,
                    aspace,
                    lane,
                    address,
                    data.as_ptr(),
                    data.len(),
                )
            }),
            || {
                format!(
                    "the debugger cannot write {} bytes at {address:#x} of address space {aspace}",
                    data.len()
                )
            },
        )
    }
}

/// Runs `f` on frame `k` of the wave a context describes (frame 0 at its PC, callers
/// unwound through its callbacks with the code object's CFI), the session's error set on
/// failure.
fn with_context_frame(
    session: *const HdSession,
    context: *const HdContext,
    k: u32,
    f: impl FnOnce(
        &HdSession,
        &stop::StopFrame<'_, '_>,
        &mut CallbackContext<'_>,
    ) -> Result<(), (HdCode, String)>,
) -> HdCode {
    with_context(session, context, |s, ctx| {
        s.session.with_ref(|session| {
            let frame = session
                .frame(&mut *ctx, k)
                .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
            f(s, &frame, ctx)
        })
    })
}

/// Runs `f` on the session and the wave a context describes, after checking the context
/// fits the session's code object; a failure's message is kept on the session.
fn with_context(
    session: *const HdSession,
    context: *const HdContext,
    f: impl FnOnce(&HdSession, &mut CallbackContext<'_>) -> Result<(), (HdCode, String)>,
) -> HdCode {
    let Some(s) = registry().get::<HdSession>(session as usize) else {
        return HdCode::HdInvalidHandle;
    };
    // The context's callbacks may not free the session this call reads.
    let _busy = Busy::enter(&*s);
    let set_error = |m: &str| s.error.set(m);
    if context.is_null() {
        set_error("the context is null");
        return HdCode::HdNullArgument;
    }
    if !aligned(context) {
        set_error("the context is misaligned");
        return HdCode::HdInvalidArgument;
    }
    guarded(set_error, || {
        let run = || -> Result<(), (HdCode, String)> {
            // SAFETY: checked non-null and aligned; the caller keeps it alive for the call.
            let c = unsafe { &*context };
            // SAFETY: a C string from the caller.
            let processor = unsafe { text(c.processor) }
                .map_err(|code| (code, "the context's processor is not UTF-8".to_string()))?
                .ok_or((
                    HdCode::HdNullArgument,
                    "the context's processor is null".into(),
                ))?;
            if !matches!(c.wave_size, 32 | 64) {
                return Err((
                    HdCode::HdInvalidArgument,
                    format!("a wave has 32 or 64 lanes, not {}", c.wave_size),
                ));
            }
            let co = s.session.code_object();
            stop::check_wave(co, "the context", processor, c.wave_size, Some(c.pc))
                .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
            let mut ctx = CallbackContext {
                c,
                target: hetdwarf_amdgpu::registers::dwarf_target(processor, c.wave_size),
                lane: None,
            };
            f(&s, &mut ctx)
        };
        match run() {
            Ok(()) => HdCode::HdOk,
            Err((code, message)) => {
                set_error(&message);
                code
            }
        }
    })
}

/// How many frames the wave a context describes has (`*out`): its callers unwound through
/// the callbacks with the code object's CFI (1 when it cannot be unwound).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_context_frame_count(
    session: *const HdSession,
    context: *const HdContext,
    out: *mut u32,
) -> HdCode {
    if let Err(code) = out_ok(out) {
        return code;
    }
    // Counted without a frame: the wave may stop where there is no debug information.
    with_context(session, context, |s, ctx| {
        let n = s
            .session
            .with_ref(|session| session.stop(ctx).map(|stop| stop.frames()))
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        // SAFETY: checked above.
        unsafe { *out = u32::try_from(n).unwrap_or(u32::MAX) };
        Ok(())
    })
}

/// The PC of frame `frame` of the wave a context describes, as a code-object address.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_context_frame_pc(
    session: *const HdSession,
    context: *const HdContext,
    frame: u32,
    out: *mut u64,
) -> HdCode {
    if let Err(code) = out_ok(out) {
        return code;
    }
    with_context(session, context, |s, ctx| {
        let pc = s
            .session
            .with_ref(|session| session.stop(ctx)?.frame_pc(frame))
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        // SAFETY: checked above.
        unsafe { *out = pc };
        Ok(())
    })
}

/// [`hd_variables`](crate::hd_variables) for frame `frame` of the wave a context describes: a debugger
/// answering from its live process through `context`'s callbacks.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_context_variables(
    session: *const HdSession,
    context: *const HdContext,
    frame: u32,
    callback: HdVariableFn,
    user: *mut c_void,
) -> HdCode {
    let Some(callback) = callback else {
        return HdCode::HdNullArgument;
    };
    let mut stopped = false;
    let code = with_context_frame(session, context, frame, |s, at, _| {
        let vars = at
            .frame
            .variables()
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        s.session.with_debug_info(|dbg| {
            // SAFETY: the caller's callback.
            stopped = unsafe { deliver_variables(dbg, &vars, callback, user) };
        });
        Ok(())
    });
    walked(code, stopped)
}

/// [`hd_read_lanes`](crate::hd_read_lanes) for frame `frame` of the wave a context describes, every read
/// answered by `context`'s callbacks (callers' registers recovered with the CFI).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_context_read_lanes(
    session: *const HdSession,
    context: *const HdContext,
    frame: u32,
    die: u64,
    path: *const c_char,
    lanes: *const u32,
    nlanes: usize,
    callback: HdLaneFn,
    user: *mut c_void,
) -> HdCode {
    let Some(callback) = callback else {
        return HdCode::HdNullArgument;
    };
    // SAFETY: a C string from the caller.
    let path = match unsafe { text(path) } {
        Ok(p) => p.unwrap_or("").to_string(),
        Err(c) => return c,
    };
    // SAFETY: the caller's lanes.
    let chosen = match unsafe { lanes_arg(lanes, nlanes) } {
        Ok(chosen) => chosen,
        Err(code) => return code,
    };
    let mut stopped = false;
    let code = with_context_frame(session, context, frame, |_, at, ctx| {
        let var = at
            .frame
            .find_die(die)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let lanes = lane_list(chosen.as_deref(), ctx.c.wave_size)?;
        let values = at.values(ctx, var, &path, &lanes);
        // SAFETY: the caller's callback.
        stopped = unsafe { deliver_lanes(&values, &ctx.target, callback, user) };
        Ok(())
    });
    walked(code, stopped)
}

/// [`hd_write`](crate::hd_write) for frame `frame` of the wave a context describes: writes `value` (text parsed by the type)
/// into the variable whose DIE is at `.debug_info` offset `die` (or what `path` leads to)
/// through every place of its location, for lane `lane` (-1: the first lane in the
/// context's EXEC), through `context`'s `write_register` / `write_memory` callbacks.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_context_write(
    session: *const HdSession,
    context: *const HdContext,
    frame: u32,
    die: u64,
    path: *const c_char,
    lane: i64,
    value: *const c_char,
) -> HdCode {
    // SAFETY: C strings from the caller.
    let (path, value) = match unsafe { (text(path), text(value)) } {
        (Ok(p), Ok(Some(v))) => (p.unwrap_or("").to_string(), v.to_string()),
        (_, Ok(None)) => return HdCode::HdNullArgument,
        _ => return HdCode::HdInvalidArgument,
    };
    with_context_frame(session, context, frame, |_, at, ctx| {
        let var = at
            .frame
            .find_die(die)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let lane = one_lane(lane, ctx.c.wave_size)?;
        at.write(ctx, var, &path, lane, &value)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))
    })
}

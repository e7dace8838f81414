//! At a stop, through a session and a wave state: the frames, each frame's variables,
//! their values per lane (one call per variable, or a whole frame in one call), and writes.

use std::ffi::{CString, c_char, c_void};

use hetdwarf::index::VariableKind;
use hetdwarf_amdgpu::{WaveState, stop};

use crate::busy::Busy;
use crate::{
    HdCode, HdSession, HdState, aligned, c_string, guarded, lanes_arg, registry, text, walked,
};

/// One variable or parameter in scope, for [`hd_variables`].
#[repr(C)]
pub struct HdVariable {
    /// Its name (`"<anonymous>"` when it has none).
    pub name: *const c_char,
    /// Its type as C spells it (`int *`, `struct S`).
    pub type_name: *const c_char,
    /// `.debug_info` offset of its DIE: what [`hd_read_lanes`] takes.
    pub die: u64,
    /// 1 for a formal parameter, 0 for a variable.
    pub is_parameter: i32,
}

/// What a lane holds, in [`HdLaneValue::status`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HdLaneStatus {
    /// The value was read (some bits may still be unavailable: `error` then says why).
    HdLaneValue = 0,
    /// The lane is not in the EXEC mask.
    HdLaneInactive = 1,
    /// No bit of the value has a location at this PC (`text` says `<optimized out>`).
    HdLaneOptimizedOut = 2,
    /// Reading failed: see `error`.
    HdLaneError = 3,
}

/// One lane's value, for [`hd_read_lanes`]. Pointers live until the callback returns.
#[repr(C)]
pub struct HdLaneValue {
    /// The lane, or -1 when no lane was selected.
    pub lane: i64,
    /// What the lane holds.
    pub status: HdLaneStatus,
    /// The value as `hetdwarf print` shows it (null unless `status` is a value or
    /// optimized out).
    pub text: *const c_char,
    /// The value as JSON (`TypedValue::to_json`; null unless a value or optimized out).
    pub json: *const c_char,
    /// Where the value lives, as `hetdwarf print --format json` prints it: the variable's
    /// location, or through a path the member's or element's (null when there is none).
    pub location: *const c_char,
    /// Why reading failed, or why bits are unavailable (null when neither).
    pub error: *const c_char,
    /// Where the value lives, part by part: `nparts` parts (null when there is no
    /// location).
    pub parts: *const HdLocationPart,
    /// How many parts `parts` holds.
    pub nparts: usize,
}

/// What kind of storage a location part is in, in [`HdLocationPart::storage`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HdStorage {
    /// Memory of an address space: `address_space`, `address`, `lane`.
    HdStorageMemory = 0,
    /// A register: `register_number`, `register_name`.
    HdStorageRegister = 1,
    /// Literal bytes (`DW_OP_implicit_value`, `DW_OP_stack_value`): the value is its own
    /// storage.
    HdStorageImplicit = 2,
    /// An implicit pointer: `target_die`, `target_offset`, `address_space`.
    HdStorageImplicitPointer = 3,
    /// No storage: these bits are optimized out.
    HdStorageUndefined = 4,
}

/// One part of a location description: which bits of the value live where. A variable in
/// several places at once has parts for each place (`place` 0, 1, ...); a composite
/// (`DW_OP_piece`) has one part per piece, in bit order.
#[repr(C)]
pub struct HdLocationPart {
    /// Which place (0 for the first).
    pub place: u32,
    /// The storage kind; the fields it names are set, the others 0 (or null).
    pub storage: HdStorage,
    /// Bit offset of the part within the value.
    pub value_bit_offset: u64,
    /// Bits the part covers; 0 for the whole value (a location that is not composed).
    pub bit_size: u64,
    /// Register: its DWARF number.
    pub register_number: u64,
    /// Register: its AMDGPU name for the wave size (`v5`, `s33`, `exec`; null when it has
    /// none).
    pub register_name: *const c_char,
    /// Memory, implicit pointer: the DWARF address space (`DW_ASPACE_AMDGPU_*`).
    pub address_space: u64,
    /// Memory: the byte address.
    pub address: u64,
    /// Memory: the lane whose memory it is (private spaces), or -1.
    pub lane: i64,
    /// Bit offset into the storage: within the register, or past `address`'s byte.
    pub bit_offset: u64,
    /// Implicit pointer: `.debug_info` offset of the object pointed to.
    pub target_die: u64,
    /// Implicit pointer: byte offset into that object.
    pub target_offset: i64,
    /// `DW_OP_LLVM_extend` / `DW_OP_LLVM_select_bit_piece` parts: the element size in bits
    /// (0 for a plain part).
    pub element_bits: u64,
    /// Their element count (0 for a plain part).
    pub element_count: u64,
    /// A selected part: 1 when the elements whose mask bit is set come from here, 0 when
    /// those whose bit is clear do, -1 for other parts.
    pub when_mask_bit: i32,
}

/// The C form of `parts`; `names` keeps the register names alive as long as the result.
pub(crate) fn c_parts(parts: &[stop::PartView]) -> (Vec<HdLocationPart>, Vec<Option<CString>>) {
    let names: Vec<Option<CString>> = parts
        .iter()
        .map(|p| p.register_name.as_deref().map(c_string))
        .collect();
    let c = parts
        .iter()
        .zip(&names)
        .map(|(p, name)| HdLocationPart {
            place: u32::try_from(p.place).unwrap_or(u32::MAX),
            storage: match p.storage {
                stop::StorageKind::Memory => HdStorage::HdStorageMemory,
                stop::StorageKind::Register => HdStorage::HdStorageRegister,
                stop::StorageKind::Implicit => HdStorage::HdStorageImplicit,
                stop::StorageKind::ImplicitPointer => HdStorage::HdStorageImplicitPointer,
                _ => HdStorage::HdStorageUndefined,
            },
            value_bit_offset: p.value_bit_offset,
            bit_size: p.bits.unwrap_or(0),
            register_number: p.register.unwrap_or(0),
            register_name: name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()),
            address_space: p.address_space.unwrap_or(0),
            address: p.address.unwrap_or(0),
            lane: p.lane.map_or(-1, i64::from),
            bit_offset: p.bit_offset,
            target_die: p.pointer_target.map_or(0, |t| t.0),
            target_offset: p.pointer_target.map_or(0, |t| t.1),
            element_bits: p.elements.map_or(0, |e| e.0),
            element_count: p.elements.map_or(0, |e| e.1),
            when_mask_bit: p.elements.and_then(|e| e.2).map_or(-1, i32::from),
        })
        .collect();
    (c, names)
}

/// Called once per variable by [`hd_variables`]; return 0 to go on, anything else to
/// stop (the call then returns `HD_STOPPED`). Like every callback given a state's results,
/// it must not call the library with that state (the call answers `HD_USAGE`): collect
/// what it needs and call after the call returns, or use [`hd_read_frame`].
pub type HdVariableFn =
    Option<unsafe extern "C" fn(user: *mut c_void, var: *const HdVariable) -> i32>;

/// Called once per lane by [`hd_read_lanes`]; return 0 to go on, anything else to stop.
/// It must not call the library with the state being read (see [`HdVariableFn`]).
pub type HdLaneFn =
    Option<unsafe extern "C" fn(user: *mut c_void, value: *const HdLaneValue) -> i32>;

/// Runs `f` on frame `k` of the wave in `state`, the session's error set on failure.
pub(crate) fn with_frame(
    session: *const HdSession,
    state: *const HdState,
    k: u32,
    f: impl FnOnce(&HdSession, &stop::StopFrame<'_, '_>, &mut WaveState) -> Result<(), (HdCode, String)>,
) -> HdCode {
    with_wave(session, state, |s, wave| {
        s.session.with_ref(|session| {
            let at = session
                .frame(&mut *wave, k)
                .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
            f(s, &at, wave)
        })
    })
}

/// Runs `f` on the session and the locked wave state, after checking that the state fits
/// the session's code object; a failure's message is kept on the session.
fn with_wave(
    session: *const HdSession,
    state: *const HdState,
    f: impl FnOnce(&HdSession, &mut WaveState) -> Result<(), (HdCode, String)>,
) -> HdCode {
    let Some(s) = registry().get::<HdSession>(session as usize) else {
        return HdCode::HdInvalidHandle;
    };
    let Some(st) = registry().get::<HdState>(state as usize) else {
        return HdCode::HdInvalidHandle;
    };
    // The callbacks may not free the session this call reads (the state is marked so
    // while it is locked).
    let _busy = Busy::enter(&*s);
    let set_error = |m: &str| s.error.set(m);
    guarded(set_error, || {
        let mut wave = match st.lock() {
            Ok(wave) => wave,
            Err((code, message)) => {
                set_error(&message);
                return code;
            }
        };
        let result = stop::check_state(s.session.code_object(), &wave)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))
            .and_then(|()| f(&s, &mut wave));
        match result {
            Ok(()) => HdCode::HdOk,
            Err((code, message)) => {
                set_error(&message);
                code
            }
        }
    })
}

/// How many frames the wave has (`*out`; 1 when it cannot be unwound).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_frame_count(
    session: *const HdSession,
    state: *const HdState,
    out: *mut u32,
) -> HdCode {
    if out.is_null() {
        return HdCode::HdNullArgument;
    }
    if !aligned(out) {
        return HdCode::HdInvalidArgument;
    }
    // Counted without a frame: the wave may stop where there is no debug information.
    with_wave(session, state, |s, wave| {
        let n = s
            .session
            .with_ref(|session| session.stop(wave).map(|stop| stop.frames()))
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        // SAFETY: checked above.
        unsafe { *out = u32::try_from(n).unwrap_or(u32::MAX) };
        Ok(())
    })
}

/// The PC of frame `frame` as a code-object address (`*out`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_frame_pc(
    session: *const HdSession,
    state: *const HdState,
    frame: u32,
    out: *mut u64,
) -> HdCode {
    if out.is_null() {
        return HdCode::HdNullArgument;
    }
    if !aligned(out) {
        return HdCode::HdInvalidArgument;
    }
    with_wave(session, state, |s, wave| {
        let pc = s
            .session
            .with_ref(|session| session.stop(wave)?.frame_pc(frame))
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        // SAFETY: checked above.
        unsafe { *out = pc };
        Ok(())
    })
}

/// Calls `callback` for each variable and parameter in scope in frame `frame`, innermost
/// scope first, in declaration order.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_variables(
    session: *const HdSession,
    state: *const HdState,
    frame: u32,
    callback: HdVariableFn,
    user: *mut c_void,
) -> HdCode {
    let Some(callback) = callback else {
        return HdCode::HdNullArgument;
    };
    let mut stopped = false;
    let code = with_frame(session, state, frame, |s, at, _| {
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

/// Hands each variable to `callback`; returns whether it asked to stop.
pub(crate) unsafe fn deliver_variables(
    dbg: &hetdwarf::index::DwarfIndex<'_>,
    vars: &[hetdwarf::index::VariableRef],
    callback: unsafe extern "C" fn(*mut c_void, *const HdVariable) -> i32,
    user: *mut c_void,
) -> bool {
    for &var in vars {
        let Ok(v) = dbg.variable(var) else { continue };
        let name = c_string(v.name.as_deref().unwrap_or("<anonymous>"));
        let type_name = c_string(&dbg.type_name(v.type_die));
        let c = HdVariable {
            name: name.as_ptr(),
            type_name: type_name.as_ptr(),
            die: v.die,
            is_parameter: i32::from(v.kind == VariableKind::Parameter),
        };
        // SAFETY: the caller's callback, given a value that lives across the call.
        if unsafe { callback(user, &c) } != 0 {
            return true;
        }
    }
    false
}

/// A lane argument: -1 for none (the caller's default), else a lane of the wave; any
/// other value is an invalid argument.
pub(crate) fn one_lane(lane: i64, wave_size: u32) -> Result<Option<u32>, (HdCode, String)> {
    match lane {
        -1 => Ok(None),
        l if (0..i64::from(wave_size)).contains(&l) => Ok(Some(l as u32)),
        l => Err((
            HdCode::HdInvalidArgument,
            format!("lane {l} does not exist: the wave has {wave_size} lanes"),
        )),
    }
}

/// The lanes asked for (`None`: every lane of the wave); one not in the wave is an
/// invalid argument.
pub(crate) fn lane_list(
    chosen: Option<&[u32]>,
    wave_size: u32,
) -> Result<Vec<Option<u32>>, (HdCode, String)> {
    stop::lanes(chosen, wave_size).map_err(|e| (HdCode::HdInvalidArgument, e.to_string()))
}

/// Hands each lane's value to `callback`; returns whether it asked to stop.
pub(crate) unsafe fn deliver_lanes(
    values: &[hetdwarf::var::LaneValue],
    target: &hetdwarf::target::Target,
    callback: unsafe extern "C" fn(*mut c_void, *const HdLaneValue) -> i32,
    user: *mut c_void,
) -> bool {
    for v in values {
        let view = stop::LaneView::new(v, target);
        let status = match view.status {
            stop::LaneStatus::Value => HdLaneStatus::HdLaneValue,
            stop::LaneStatus::Inactive => HdLaneStatus::HdLaneInactive,
            stop::LaneStatus::OptimizedOut => HdLaneStatus::HdLaneOptimizedOut,
            stop::LaneStatus::Error => HdLaneStatus::HdLaneError,
        };
        let [text, json, location, error] =
            [view.text, view.json, view.location, view.error].map(|s| s.map(|s| c_string(&s)));
        let ptr = |s: &Option<CString>| s.as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
        let (parts, _names) = c_parts(&view.parts);
        let c = HdLaneValue {
            lane: view.lane.map_or(-1, i64::from),
            status,
            text: ptr(&text),
            json: ptr(&json),
            location: ptr(&location),
            error: ptr(&error),
            parts: if parts.is_empty() {
                std::ptr::null()
            } else {
                parts.as_ptr()
            },
            nparts: parts.len(),
        };
        // SAFETY: the caller's callback, given a value that lives across the call.
        if unsafe { callback(user, &c) } != 0 {
            return true;
        }
    }
    false
}

/// Why the variable whose DIE is at `.debug_info` offset `die` shows what it shows in frame
/// `frame` of `state`, from the machine code: a JSON document, copied into `buf`
/// (`buflen` bytes, NUL-terminated, cut if short; the whole length in `*needed` when not
/// null). It is the object `hetdwarf locals --explain --format json` gives under
/// `explain`: `state` (`present`, `absent`, `no_location`), a `why` sentence, and for
/// `present` the `entry`, `registers` and `last_write` (`address`, `text`, `register`);
/// for `absent` the `previous` entry (`entry`, `end`, `cause`: `overwritten`, `call`,
/// `scope_end`, `dropped`; its `instruction`) and where the `next` starts. The code is
/// decoded on the first call (`HD_UNSUPPORTED` in a build without LLVM 22, `HD_LIMIT`
/// for more code than one listing decodes).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_explain(
    session: *const HdSession,
    state: *const HdState,
    frame: u32,
    die: u64,
    buf: *mut c_char,
    buflen: usize,
    needed: *mut usize,
) -> HdCode {
    if !needed.is_null() && !aligned(needed) {
        return HdCode::HdInvalidArgument;
    }
    let mut document = String::new();
    let code = with_frame(session, state, frame, |s, at, _| {
        at.frame
            .find_die(die)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let explainer = s.explainer()?;
        let explained = explainer
            .lock()
            .map_err(|_| {
                (
                    HdCode::HdPanic,
                    "the explainer was poisoned by a panic".to_string(),
                )
            })?
            .explain(die, at.frame.pc());
        document = explained.to_string();
        Ok(())
    });
    if code == HdCode::HdOk {
        // SAFETY: the caller's buffer, and `needed` checked above.
        unsafe { crate::copy_out_sized(&document, buf, buflen, needed) };
    }
    code
}

/// Reads the variable whose DIE is at `.debug_info` offset `die` in frame `frame` (or what
/// `path` leads to from it: `.m`, `[i]`, `->m`, `*`; null or `""` for the whole variable)
/// for `nlanes` lanes at `lanes` (null: every lane of the wave), calling `callback` once
/// per lane, in order.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_read_lanes(
    session: *const HdSession,
    state: *const HdState,
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
    let code = with_frame(session, state, frame, |_, at, wave| {
        let var = at
            .frame
            .find_die(die)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let lanes = lane_list(chosen.as_deref(), wave.wave_size())?;
        let target = hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave.wave_size());
        let values = at.values(wave, var, &path, &lanes);
        if let Some(message) = stop::path_refused(&values) {
            return Err((HdCode::HdUsage, message));
        }
        // SAFETY: the caller's callback.
        stopped = unsafe { deliver_lanes(&values, &target, callback, user) };
        Ok(())
    });
    walked(code, stopped)
}

/// Everything a debugger shows at a stop in one call: for each variable and parameter in
/// scope in frame `frame` (as [`hd_variables`] lists them), `on_variable`, then `on_lane`
/// for each of `nlanes` lanes at `lanes` (null: every lane), the frame set up once. Either
/// callback returning nonzero stops the walk (`HD_STOPPED`); `on_variable` may be null.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_read_frame(
    session: *const HdSession,
    state: *const HdState,
    frame: u32,
    lanes: *const u32,
    nlanes: usize,
    on_variable: HdVariableFn,
    on_lane: HdLaneFn,
    user: *mut c_void,
) -> HdCode {
    let Some(on_lane) = on_lane else {
        return HdCode::HdNullArgument;
    };
    // SAFETY: the caller's lanes.
    let chosen = match unsafe { lanes_arg(lanes, nlanes) } {
        Ok(chosen) => chosen,
        Err(code) => return code,
    };
    let mut stopped = false;
    let code = with_frame(session, state, frame, |s, at, wave| {
        let lanes = lane_list(chosen.as_deref(), wave.wave_size())?;
        let vars = at
            .frame
            .variables()
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let target = hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave.wave_size());
        s.session.with_debug_info(|dbg| {
            for var in vars {
                if let Some(on_variable) = on_variable
                    // SAFETY: the caller's callback.
                    && unsafe { deliver_variables(dbg, &[var], on_variable, user) }
                {
                    stopped = true;
                    return;
                }
                let values = at.values(wave, var, "", &lanes);
                // SAFETY: the caller's callback.
                if unsafe { deliver_lanes(&values, &target, on_lane, user) } {
                    stopped = true;
                    return;
                }
            }
        });
        Ok(())
    });
    walked(code, stopped)
}

/// Writes `value` (text parsed by the type: `42`, `-1.5`, `0x10`, `{1, 2}`) into the
/// variable whose DIE is at `.debug_info` offset `die` in frame `frame` (or what `path`
/// leads to from it), through every place of its location, for lane `lane` (-1: the
/// wave's first active lane), changing the state in place (a caller's register is written
/// where the callee saved it). `hd_state_to_json` saves the result.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_write(
    session: *const HdSession,
    state: *const HdState,
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
    with_frame(session, state, frame, |_, at, wave| {
        let var = at
            .frame
            .find_die(die)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let lane = one_lane(lane, wave.wave_size())?;
        at.write(wave, var, &path, lane, &value)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))
    })
}

/// Copies the raw bytes of the variable whose DIE is at `.debug_info` offset `die` in
/// frame `frame`, for lane `lane` (-1: the wave's first active lane), into the caller's
/// `len` bytes at `buf`, and each byte's availability (valid / optimized out /
/// unavailable) into `availability` (`len` entries; may be null); bytes past `len` are
/// cut. `*needed` (may be null) gets the whole value's size in bytes (its type's size).
/// Bytes that are not valid are 0 in `buf`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_read_bytes(
    session: *const HdSession,
    state: *const HdState,
    frame: u32,
    die: u64,
    lane: i64,
    buf: *mut u8,
    availability: *mut crate::HdByte,
    len: usize,
    needed: *mut usize,
) -> HdCode {
    if buf.is_null() && len > 0 {
        return HdCode::HdNullArgument;
    }
    if (!availability.is_null() && !aligned(availability))
        || (!needed.is_null() && !aligned(needed))
    {
        return HdCode::HdInvalidArgument;
    }
    with_frame(session, state, frame, |_, at, wave| {
        let var = at
            .frame
            .find_die(die)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let lane = one_lane(lane, wave.wave_size())?;
        let bits = at
            .read_bits(wave, var, lane)
            .map_err(|e| (HdCode::from(e.kind()), hetdwarf::error_chain(&e)))?;
        let (data, status) = crate::expressions::split_bits(&bits);
        let n = data.len().min(len);
        // SAFETY: the caller gives `len` writable bytes at `buf` and, when not null, `len`
        // aligned entries at `availability`; `needed` checked above.
        unsafe {
            if n > 0 {
                std::ptr::copy_nonoverlapping(data.as_ptr(), buf, n);
            }
            if !availability.is_null() && n > 0 {
                std::ptr::copy_nonoverlapping(status.as_ptr(), availability, n);
            }
            if !needed.is_null() {
                *needed = data.len();
            }
        }
        Ok(())
    })
}

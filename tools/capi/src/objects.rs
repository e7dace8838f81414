//! The handles a caller owns: sessions (an opened code object and its DWARF index) and
//! wave states, made from files, bytes or JSON, freed explicitly, each keeping the message
//! of its last failure.

use std::ffi::c_char;
use std::sync::{Mutex, MutexGuard};

use hetdwarf_amdgpu::{Session, WaveState};

use crate::busy::{Busy, busy_here};
use crate::{
    HdCode, LastError, aligned, construct, copy_out_sized, free_handle, guarded, out_ok, registry,
    text,
};

/// An opened code object and its DWARF index (owns its bytes; shareable by threads).
pub struct HdSession {
    pub(crate) session: Session,
    pub(crate) error: LastError,
    /// The machine code's explainer, built by the first `hd_explain` (LLVM's decoder keeps
    /// state between calls: one thread at a time).
    explainer: std::sync::OnceLock<Result<Mutex<hetdwarf_mc::Explainer>, (HdCode, String)>>,
}

impl HdSession {
    /// The explainer of the session's code object, built on first use.
    pub(crate) fn explainer(&self) -> Result<&Mutex<hetdwarf_mc::Explainer>, (HdCode, String)> {
        self.explainer
            .get_or_init(|| {
                let co = self.session.code_object();
                self.session
                    .with_debug_info(|dbg| hetdwarf_mc::Explainer::new(co, dbg))
                    .map(Mutex::new)
                    .map_err(|e| (HdCode::from(e.kind()), format!("{}: {e}", co.name())))
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// A wave state (`hetdwarf-wave-state/1`): registers, EXEC, memory of one wave.
pub struct HdState {
    state: Mutex<WaveState>,
    pub(crate) error: LastError,
}

/// A locked wave state; the lock is released when it is dropped.
pub(crate) struct LockedState<'a> {
    guard: MutexGuard<'a, WaveState>,
    /// Marks the state in use by this thread while it is locked.
    _busy: Busy,
}

impl std::ops::Deref for LockedState<'_> {
    type Target = WaveState;
    fn deref(&self) -> &WaveState {
        &self.guard
    }
}

impl std::ops::DerefMut for LockedState<'_> {
    fn deref_mut(&mut self) -> &mut WaveState {
        &mut self.guard
    }
}

impl HdState {
    pub(crate) fn new(state: WaveState) -> Self {
        HdState {
            state: Mutex::new(state),
            error: LastError::default(),
        }
    }

    /// Locks the state for one call: `HD_USAGE` when this thread already holds it (a
    /// callback calling back with the state of its own call), `HD_PANIC` when an earlier
    /// panic poisoned it.
    pub(crate) fn lock(&self) -> Result<LockedState<'_>, (HdCode, String)> {
        if busy_here(self) {
            return Err((
                HdCode::HdUsage,
                "this wave state is in use by the call whose callback is running: a callback cannot call hetdwarf with that state (collect what it needs and call after the call returns; hd_read_frame reads every variable of a frame in one call)".into(),
            ));
        }
        let guard = self.state.lock().map_err(|_| {
            (
                HdCode::HdPanic,
                "the wave state's lock is poisoned by an earlier panic".to_string(),
            )
        })?;
        Ok(LockedState {
            guard,
            _busy: Busy::enter(self),
        })
    }
}

fn open_session(
    opened: Result<Session, hetdwarf_amdgpu::SessionError>,
    out: *mut *mut HdSession,
) -> Result<(), (HdCode, String)> {
    let session = opened.map_err(|e| {
        let message = e.to_string();
        (
            HdCode::from(hetdwarf_amdgpu::Error::from(e).kind()),
            message,
        )
    })?;
    let handle = registry().insert(HdSession {
        session,
        error: LastError::default(),
        explainer: std::sync::OnceLock::new(),
    });
    // SAFETY: `out` was checked non-null and aligned by the caller of this function.
    unsafe { *out = handle };
    Ok(())
}

/// A processor argument: null or empty for none.
///
/// # Safety
/// `processor` is null or a NUL-terminated string.
unsafe fn optional_processor<'p>(
    processor: *const c_char,
) -> Result<Option<&'p str>, (HdCode, String)> {
    // SAFETY: as the caller promises.
    let processor =
        unsafe { text(processor) }.map_err(|c| (c, "processor is not UTF-8".to_string()))?;
    Ok(processor.filter(|p| !p.is_empty()))
}

/// Opens a code object, offload bundle or host ELF at `path` (read into memory), picking
/// `processor`'s entry (null or empty when there is one device code object), and indexes its
/// DWARF. On success `*out` is a session to free with [`hd_session_free`]; on failure the
/// message goes to `errbuf` (`errlen` bytes, may be null).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_session_open(
    path: *const c_char,
    processor: *const c_char,
    out: *mut *mut HdSession,
    errbuf: *mut c_char,
    errlen: usize,
) -> HdCode {
    construct(errbuf, errlen, || {
        out_ok(out).map_err(|c| (c, "out is null or misaligned".into()))?;
        // SAFETY: C strings from the caller.
        let path = unsafe { text(path) }
            .map_err(|c| (c, "path is not UTF-8".into()))?
            .ok_or((HdCode::HdNullArgument, "path is null".to_string()))?;
        // SAFETY: as above.
        let processor = unsafe { optional_processor(processor) }?;
        open_session(Session::open(std::path::Path::new(path), processor), out)
    })
}

/// Like [`hd_session_open`], over `len` bytes at `data` (copied; `name` names them in
/// messages).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_session_from_bytes(
    name: *const c_char,
    data: *const u8,
    len: usize,
    processor: *const c_char,
    out: *mut *mut HdSession,
    errbuf: *mut c_char,
    errlen: usize,
) -> HdCode {
    construct(errbuf, errlen, || {
        out_ok(out).map_err(|c| (c, "out is null or misaligned".into()))?;
        if data.is_null() {
            return Err((HdCode::HdNullArgument, "data is null".into()));
        }
        // SAFETY: C strings from the caller.
        let name = unsafe { text(name) }
            .map_err(|c| (c, "name is not UTF-8".into()))?
            .unwrap_or("<bytes>");
        // SAFETY: as above.
        let processor = unsafe { optional_processor(processor) }?;
        // SAFETY: the caller gives `len` readable bytes at `data`.
        let bytes = unsafe { std::slice::from_raw_parts(data, len) }.to_vec();
        open_session(Session::from_bytes(name, bytes, processor), out)
    })
}

/// Frees a session (null is ignored; an unknown pointer is `HD_INVALID_HANDLE`; from a
/// callback of a call using the session, `HD_USAGE`: free it after the call returns).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_session_free(session: *mut HdSession) -> HdCode {
    // SAFETY: a pointer from the caller, checked against the live handles.
    unsafe { free_handle(session) }
}

/// Copies the message of the session's last failure on this thread into `buf` (`len`
/// bytes, cut to fit, NUL-terminated); returns the length of the whole message (0: none;
/// an invalid handle also gives 0). Each thread sharing a session reads its own.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_session_error(
    session: *const HdSession,
    buf: *mut c_char,
    len: usize,
) -> usize {
    let Some(s) = registry().get::<HdSession>(session as usize) else {
        return 0;
    };
    // SAFETY: the caller's buffer.
    unsafe { s.error.copy_out(buf, len) }
}

/// Loads a wave state from the `hetdwarf-wave-state/1` file at `path`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_state_load(
    path: *const c_char,
    out: *mut *mut HdState,
    errbuf: *mut c_char,
    errlen: usize,
) -> HdCode {
    construct(errbuf, errlen, || {
        out_ok(out).map_err(|c| (c, "out is null or misaligned".into()))?;
        // SAFETY: a C string from the caller.
        let path = unsafe { text(path) }
            .map_err(|c| (c, "path is not UTF-8".into()))?
            .ok_or((HdCode::HdNullArgument, "path is null".to_string()))?;
        let bytes = hetdwarf_amdgpu::read_regular_file(std::path::Path::new(path))
            .map_err(|e| (HdCode::HdIo, format!("{path}: {e}")))?;
        make_state(WaveState::from_json_bytes(&bytes), out)
            .map_err(|(c, m)| (c, format!("{path}: {m}")))
    })
}

/// Loads a wave state from JSON text.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_state_from_json(
    json: *const c_char,
    out: *mut *mut HdState,
    errbuf: *mut c_char,
    errlen: usize,
) -> HdCode {
    construct(errbuf, errlen, || {
        out_ok(out).map_err(|c| (c, "out is null or misaligned".into()))?;
        // SAFETY: a C string from the caller.
        let json = unsafe { text(json) }
            .map_err(|c| (c, "json is not UTF-8".into()))?
            .ok_or((HdCode::HdNullArgument, "json is null".to_string()))?;
        make_state(WaveState::from_json(json), out)
    })
}

fn make_state(
    parsed: Result<WaveState, hetdwarf_amdgpu::StateError>,
    out: *mut *mut HdState,
) -> Result<(), (HdCode, String)> {
    let state = parsed.map_err(|e| (HdCode::HdMalformed, e.to_string()))?;
    let handle = registry().insert(HdState::new(state));
    // SAFETY: checked by `out_ok`.
    unsafe { *out = handle };
    Ok(())
}

/// Frees a wave state (null is ignored; from a callback of a call using the state,
/// `HD_USAGE`, as for [`hd_session_free`]).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_state_free(state: *mut HdState) -> HdCode {
    // SAFETY: a pointer from the caller, checked against the live handles.
    unsafe { free_handle(state) }
}

/// Copies the message of the state's last failure, as [`hd_session_error`] does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_state_error(
    state: *const HdState,
    buf: *mut c_char,
    len: usize,
) -> usize {
    let Some(s) = registry().get::<HdState>(state as usize) else {
        return 0;
    };
    // SAFETY: the caller's buffer.
    unsafe { s.error.copy_out(buf, len) }
}

/// The state as `hetdwarf-wave-state/1` JSON into `buf` (`buflen` bytes, cut to fit,
/// NUL-terminated); `*needed` (may be null) gets the whole length: call with a null
/// buffer first to size it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_state_to_json(
    state: *const HdState,
    buf: *mut c_char,
    buflen: usize,
    needed: *mut usize,
) -> HdCode {
    let Some(st) = registry().get::<HdState>(state as usize) else {
        return HdCode::HdInvalidHandle;
    };
    if !needed.is_null() && !aligned(needed) {
        return HdCode::HdInvalidArgument;
    }
    guarded(
        |_| {},
        || {
            let wave = match st.lock() {
                Ok(wave) => wave,
                Err((code, message)) => {
                    st.error.set(&message);
                    return code;
                }
            };
            // SAFETY: the caller's buffer; `needed` checked above.
            unsafe { copy_out_sized(&wave.to_json(), buf, buflen, needed) };
            HdCode::HdOk
        },
    )
}

//! Every entry point given null, forged, freed and misaligned pointers answers with an
//! error code, and never crashes; a real session and state work through the same calls.

use std::ffi::{CString, c_char, c_void};
use std::ptr::{null, null_mut};

use hetdwarf_c::*;

fn corpus(rel: &str) -> CString {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(rel);
    CString::new(p.to_str().unwrap()).unwrap()
}

unsafe extern "C" fn count_variables(user: *mut c_void, _: *const HdVariable) -> i32 {
    unsafe { *(user as *mut usize) += 1 };
    0
}

unsafe extern "C" fn count_lanes(user: *mut c_void, _: *const HdLaneValue) -> i32 {
    unsafe { *(user as *mut usize) += 1 };
    0
}

unsafe extern "C" fn stop_at_once(_: *mut c_void, _: *const HdLaneValue) -> i32 {
    1
}

unsafe extern "C" fn count_results(user: *mut c_void, _: *const HdEvalResult) -> i32 {
    unsafe { *(user as *mut usize) += 1 };
    0
}

unsafe extern "C" fn count_findings(user: *mut c_void, _: *const HdFinding) -> i32 {
    unsafe { *(user as *mut usize) += 1 };
    0
}

/// Calls every entry point that takes a session and a state with these two pointers.
unsafe fn every_call(session: *const HdSession, state: *const HdState) -> Vec<HdCode> {
    let mut n = 0usize;
    let mut frames = 0u32;
    let mut pc = 0u64;
    let user = &mut n as *mut usize as *mut c_void;
    let processor = CString::new("gfx90a").unwrap();
    let context = HdContext {
        user: null_mut(),
        processor: processor.as_ptr(),
        wave_size: 64,
        pc: 0x2400,
        load_bias: 0,
        exec: u64::MAX,
        read_register: None,
        read_memory: None,
        read_batch: None,
        write_register: None,
        write_memory: None,
    };
    let value = CString::new("1").unwrap();
    let expr = [0x30u8, 0x9f];
    let mut buf = [0u8; 8];
    let mut summary = HdVerifySummary::default();
    unsafe {
        vec![
            hd_read_frame(
                session,
                state,
                0,
                null(),
                0,
                Some(count_variables),
                Some(count_lanes),
                user,
            ),
            hd_write(session, state, 0, 0, null(), -1, value.as_ptr()),
            hd_read_bytes(
                session,
                state,
                0,
                0,
                -1,
                buf.as_mut_ptr(),
                null_mut(),
                buf.len(),
                null_mut(),
            ),
            hd_eval(
                state,
                expr.as_ptr(),
                expr.len(),
                0,
                null(),
                0,
                4,
                Some(count_results),
                user,
            ),
            hd_verify(session, Some(count_findings), user, &mut summary),
            hd_context_frame_count(session, &context, &mut frames),
            hd_context_frame_pc(session, &context, 0, &mut pc),
            hd_context_variables(session, &context, 0, Some(count_variables), user),
            hd_context_read_lanes(
                session,
                &context,
                0,
                0,
                null(),
                null(),
                0,
                Some(count_lanes),
                user,
            ),
            hd_context_write(session, &context, 0, 0, null(), -1, value.as_ptr()),
            hd_frame_count(session, state, &mut frames),
            hd_frame_pc(session, state, 0, &mut pc),
            hd_variables(session, state, 0, Some(count_variables), user),
            hd_read_lanes(
                session,
                state,
                0,
                0,
                null(),
                null(),
                0,
                Some(count_lanes),
                user,
            ),
            hd_explain(session, state, 0, 0x2b, null_mut(), 0, null_mut()),
        ]
    }
}

#[test]
fn bad_handles_are_error_codes() {
    let forged_session = 0x1000 as *const HdSession;
    let forged_state = 0x1008 as *const HdState;
    let on_stack = [0u64; 8];
    let stack_session = on_stack.as_ptr() as *const HdSession;
    let misaligned = (on_stack.as_ptr() as usize + 1) as *const HdSession;
    for (session, state) in [
        (null(), null()),
        (forged_session, forged_state),
        (stack_session, on_stack.as_ptr() as *const HdState),
        (misaligned, null()),
    ] {
        for code in unsafe { every_call(session, state) } {
            assert_eq!(code, HdCode::HdInvalidHandle);
        }
        let mut buf = [0 as c_char; 64];
        assert_eq!(
            unsafe { hd_session_error(session, buf.as_mut_ptr(), buf.len()) },
            0
        );
        assert_eq!(
            unsafe { hd_state_error(state, buf.as_mut_ptr(), buf.len()) },
            0
        );
        assert_eq!(
            unsafe { hd_session_free(session as *mut HdSession) },
            if session.is_null() {
                HdCode::HdOk
            } else {
                HdCode::HdInvalidHandle
            }
        );
        assert_eq!(
            unsafe { hd_state_free(state as *mut HdState) },
            if state.is_null() {
                HdCode::HdOk
            } else {
                HdCode::HdInvalidHandle
            }
        );
    }
    // A state where a session is expected, and the other way round.
    let (session, state) = open();
    unsafe {
        for code in every_call(state as *const HdSession, session as *const HdState) {
            assert_eq!(code, HdCode::HdInvalidHandle);
        }
        assert_eq!(
            hd_session_free(state as *mut HdSession),
            HdCode::HdInvalidHandle
        );
        assert_eq!(hd_session_free(session), HdCode::HdOk);
        assert_eq!(hd_state_free(state), HdCode::HdOk);
        // Freed: no longer handles.
        for code in every_call(session, state) {
            assert_eq!(code, HdCode::HdInvalidHandle);
        }
        assert_eq!(hd_session_free(session), HdCode::HdInvalidHandle);
        assert_eq!(hd_state_free(state), HdCode::HdInvalidHandle);
    }
}

fn open() -> (*mut HdSession, *mut HdState) {
    open_pair("rocm/ocl-gfx90a-O0.hsaco", "states/demo-ocl-gfx90a-O0.json")
}

/// A session on the corpus object `object` and the corpus state `state`.
fn open_pair(object: &str, state: &str) -> (*mut HdSession, *mut HdState) {
    let mut session = null_mut();
    let mut wave = null_mut();
    let mut err = [0 as c_char; 256];
    unsafe {
        let object = corpus(object);
        assert_eq!(
            hd_session_open(
                object.as_ptr(),
                null(),
                &mut session,
                err.as_mut_ptr(),
                err.len()
            ),
            HdCode::HdOk,
            "{}",
            message(&err)
        );
        let path = corpus(state);
        assert_eq!(
            hd_state_load(path.as_ptr(), &mut wave, err.as_mut_ptr(), err.len()),
            HdCode::HdOk,
            "{}",
            message(&err)
        );
    }
    (session, wave)
}

fn message(buf: &[c_char]) -> String {
    let bytes: Vec<u8> = buf
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn null_and_bad_arguments_are_error_codes() {
    let mut err = [0 as c_char; 256];
    let mut session = null_mut();
    let mut state = null_mut();
    unsafe {
        assert_eq!(
            hd_session_open(null(), null(), &mut session, err.as_mut_ptr(), err.len()),
            HdCode::HdNullArgument
        );
        assert_eq!(message(&err), "path is null");
        let object = corpus("rocm/ocl-gfx90a-O0.hsaco");
        assert_eq!(
            hd_session_open(
                object.as_ptr(),
                null(),
                null_mut(),
                err.as_mut_ptr(),
                err.len()
            ),
            HdCode::HdNullArgument
        );
        let odd = (&mut session as *mut *mut HdSession as usize + 1) as *mut *mut HdSession;
        assert_eq!(
            hd_session_open(object.as_ptr(), null(), odd, null_mut(), 0),
            HdCode::HdInvalidArgument
        );
        let missing = CString::new("/nonexistent/object.hsaco").unwrap();
        assert_eq!(
            hd_session_open(
                missing.as_ptr(),
                null(),
                &mut session,
                err.as_mut_ptr(),
                err.len()
            ),
            HdCode::HdIo
        );
        assert!(
            message(&err).contains("/nonexistent/object.hsaco"),
            "{}",
            message(&err)
        );
        // A message cut to a small buffer stays NUL-terminated; the length says how long
        // the whole one is.
        let mut small = [0x7f as c_char; 8];
        let garbage = b"not a code object";
        assert_eq!(
            hd_session_from_bytes(
                null(),
                garbage.as_ptr(),
                garbage.len(),
                null(),
                &mut session,
                small.as_mut_ptr(),
                small.len()
            ),
            HdCode::HdMalformed
        );
        assert_eq!(message(&small).len(), 7);
        assert_eq!(
            hd_state_from_json(null(), &mut state, err.as_mut_ptr(), err.len()),
            HdCode::HdNullArgument
        );
        let bad = CString::new("{\"format\": 1}").unwrap();
        assert_eq!(
            hd_state_from_json(bad.as_ptr(), &mut state, err.as_mut_ptr(), err.len()),
            HdCode::HdMalformed
        );
        // A code object given for a state file: not a state, rather than an I/O failure.
        let object = CString::new(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../corpora/rocm/ocl-gfx90a-O0.hsaco")
                .to_str()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(
            hd_state_load(object.as_ptr(), &mut state, err.as_mut_ptr(), err.len()),
            HdCode::HdMalformed
        );
        assert!(
            message(&err).contains("not UTF-8 text"),
            "{}",
            message(&err)
        );
        assert!(session.is_null() && state.is_null());
    }
    let (session, state) = open();
    unsafe {
        let mut n = 0usize;
        let user = &mut n as *mut usize as *mut c_void;
        assert_eq!(
            hd_frame_count(session, state, null_mut()),
            HdCode::HdNullArgument
        );
        assert_eq!(
            hd_variables(session, state, 0, None, user),
            HdCode::HdNullArgument
        );
        assert_eq!(
            hd_read_lanes(session, state, 0, 0, null(), null(), 0, None, user),
            HdCode::HdNullArgument
        );
        // No such frame, no such variable, no such lane: usage errors with a message.
        assert_eq!(
            hd_variables(session, state, 99, Some(count_variables), user),
            HdCode::HdUsage
        );
        let mut buf = [0 as c_char; 256];
        let len = hd_session_error(session, buf.as_mut_ptr(), buf.len());
        assert!(message(&buf).contains("no frame 99"), "{}", message(&buf));
        assert_eq!(len, message(&buf).len());
        assert_eq!(
            hd_read_lanes(
                session,
                state,
                0,
                1,
                null(),
                null(),
                0,
                Some(count_lanes),
                user
            ),
            HdCode::HdUsage
        );
        let lanes = [0u32, 64];
        let mut dies = Vec::new();
        collect_dies(session, state, &mut dies);
        assert!(!dies.is_empty());
        assert_eq!(
            hd_read_lanes(
                session,
                state,
                0,
                dies[0],
                null(),
                lanes.as_ptr(),
                2,
                Some(count_lanes),
                user
            ),
            HdCode::HdInvalidArgument
        );
        assert_eq!(
            hd_read_lanes(
                session,
                state,
                0,
                dies[0],
                null(),
                null(),
                0,
                Some(stop_at_once),
                user
            ),
            HdCode::HdStopped
        );
        n = 0;
        let user = &mut n as *mut usize as *mut c_void;
        assert_eq!(
            hd_read_lanes(
                session,
                state,
                0,
                dies[0],
                null(),
                lanes.as_ptr(),
                1,
                Some(count_lanes),
                user
            ),
            HdCode::HdOk
        );
        assert_eq!(n, 1);
        hd_session_free(session);
        hd_state_free(state);
    }
}

unsafe extern "C" fn push_die(user: *mut c_void, v: *const HdVariable) -> i32 {
    unsafe { (*(user as *mut Vec<u64>)).push((*v).die) };
    0
}

unsafe fn collect_dies(session: *const HdSession, state: *const HdState, out: &mut Vec<u64>) {
    let user = out as *mut Vec<u64> as *mut c_void;
    assert_eq!(
        unsafe { hd_variables(session, state, 0, Some(push_die), user) },
        HdCode::HdOk
    );
}

#[test]
fn expressions_print_as_llvm_dwarfdump_prints_them() {
    let bytes = [0x91u8, 0x7f, 0x1a, 0xff, 0x00];
    let mut buf = [0 as c_char; 128];
    let mut needed = 0usize;
    unsafe {
        assert_eq!(
            hd_disasm(
                bytes.as_ptr(),
                bytes.len(),
                buf.as_mut_ptr(),
                buf.len(),
                &mut needed
            ),
            HdCode::HdOk
        );
        assert_eq!(
            message(&buf),
            "DW_OP_fbreg -1, DW_OP_and, <decoding error> ff 00"
        );
        assert_eq!(needed, message(&buf).len());
        let mut small = [0 as c_char; 6];
        assert_eq!(
            hd_disasm(
                bytes.as_ptr(),
                bytes.len(),
                small.as_mut_ptr(),
                small.len(),
                null_mut()
            ),
            HdCode::HdOk
        );
        assert_eq!(message(&small), "DW_OP");
        assert_eq!(
            hd_disasm(null(), 3, buf.as_mut_ptr(), buf.len(), null_mut()),
            HdCode::HdNullArgument
        );
        assert_eq!(
            hd_disasm(null(), 0, buf.as_mut_ptr(), buf.len(), null_mut()),
            HdCode::HdOk
        );
        assert_eq!(message(&buf), "<empty>");
    }
}

unsafe extern "C" fn first_text(user: *mut c_void, v: *const HdLaneValue) -> i32 {
    let v = unsafe { &*v };
    if !v.text.is_null() {
        let text = unsafe { std::ffi::CStr::from_ptr(v.text) }
            .to_string_lossy()
            .into_owned();
        unsafe { *(user as *mut Option<String>) = Some(text) };
    }
    1
}

/// A write goes through the variable's location into the state, reads back, and saves
/// as a wave state that loads again with the new value; `hetdwarf set` agrees.
#[test]
fn a_write_reads_back_and_saves() {
    let (session, state) = open();
    let mut dies = Vec::new();
    unsafe { collect_dies(session, state, &mut dies) };
    let die = dies[0];
    let lanes = [3u32];
    let read = |state: *const HdState| -> Option<String> {
        let mut got: Option<String> = None;
        let code = unsafe {
            hd_read_lanes(
                session,
                state,
                0,
                die,
                null(),
                lanes.as_ptr(),
                1,
                Some(first_text),
                &mut got as *mut _ as *mut c_void,
            )
        };
        assert_eq!(code, HdCode::HdStopped);
        got
    };
    let before = read(state);
    let value = CString::new("12345").unwrap();
    unsafe {
        assert_eq!(
            hd_write(session, state, 0, die, null(), 3, value.as_ptr()),
            HdCode::HdOk
        );
        assert_eq!(
            hd_write(session, state, 0, die, null(), 64, value.as_ptr()),
            HdCode::HdInvalidArgument
        );
        let bad = CString::new("not a number").unwrap();
        assert_ne!(
            hd_write(session, state, 0, die, null(), 3, bad.as_ptr()),
            HdCode::HdOk
        );
        assert_eq!(
            hd_write(session, state, 0, die, null(), 3, null()),
            HdCode::HdNullArgument
        );
    }
    assert_eq!(read(state).as_deref(), Some("12345"), "was {before:?}");
    let mut needed = 0usize;
    unsafe {
        assert_eq!(
            hd_state_to_json(state, null_mut(), 0, &mut needed),
            HdCode::HdOk
        );
        let mut json = vec![0 as c_char; needed + 1];
        assert_eq!(
            hd_state_to_json(state, json.as_mut_ptr(), json.len(), null_mut()),
            HdCode::HdOk
        );
        let mut again = null_mut();
        let mut err = [0 as c_char; 256];
        assert_eq!(
            hd_state_from_json(json.as_ptr(), &mut again, err.as_mut_ptr(), err.len()),
            HdCode::HdOk
        );
        assert_eq!(read(again).as_deref(), Some("12345"));
        hd_state_free(again);
        hd_session_free(session);
        hd_state_free(state);
    }
}

unsafe extern "C" fn count_entries(user: *mut c_void, _: *const HdEntry) -> i32 {
    unsafe { *(user as *mut usize) += 1 };
    0
}

/// The calls that take no handle: null and garbage arguments are codes too.
#[test]
fn calls_without_handles_refuse_null_and_garbage() {
    let mut n = 0usize;
    let user = &mut n as *mut usize as *mut c_void;
    let mut err = [0 as c_char; 128];
    unsafe {
        assert!(!hd_version().is_null());
        assert_eq!(
            hd_entries(
                null(),
                Some(count_entries),
                user,
                err.as_mut_ptr(),
                err.len()
            ),
            HdCode::HdNullArgument
        );
        let bundle = corpus("bundle/hip3.hipfb");
        assert_eq!(
            hd_entries(bundle.as_ptr(), None, user, err.as_mut_ptr(), err.len()),
            HdCode::HdNullArgument
        );
        let not_utf8 = [0xffu8 as c_char, 0];
        assert_eq!(
            hd_entries(not_utf8.as_ptr(), Some(count_entries), user, null_mut(), 0),
            HdCode::HdInvalidArgument
        );
        // Garbage bytes: a typed failure with the file named, nothing delivered.
        let readme = corpus("README.md");
        let code = hd_entries(
            readme.as_ptr(),
            Some(count_entries),
            user,
            err.as_mut_ptr(),
            err.len(),
        );
        assert_eq!(code, HdCode::HdMalformed);
        assert!(message(&err).contains("README.md"), "{}", message(&err));
        assert_eq!(n, 0);
        assert_eq!(
            hd_entries(
                bundle.as_ptr(),
                Some(count_entries),
                user,
                err.as_mut_ptr(),
                err.len()
            ),
            HdCode::HdOk
        );
        assert_eq!(n, 3);
        let mut needed = 0usize;
        assert_eq!(
            hd_disasm(null(), 4, null_mut(), 0, &mut needed),
            HdCode::HdNullArgument
        );
        let garbage = [0xffu8, 0xee, 0x00];
        let mut buf = [0 as c_char; 64];
        assert_eq!(
            hd_disasm(
                garbage.as_ptr(),
                garbage.len(),
                buf.as_mut_ptr(),
                buf.len(),
                &mut needed
            ),
            HdCode::HdOk
        );
        assert!(
            message(&buf).contains("<decoding error>"),
            "{}",
            message(&buf)
        );
    }
}

/// What `reenter` gets: the handles of the call it runs in, and what its call answered.
struct Reentry {
    session: *const HdSession,
    state: *const HdState,
    codes: Vec<HdCode>,
}

/// Opens the demo pair and lists frame 0's variables with `callback`, which calls back
/// into the library and stops the walk: the pair and the codes the callback got.
fn variables_calling_back(
    callback: unsafe extern "C" fn(*mut c_void, *const HdVariable) -> i32,
) -> (*mut HdSession, *mut HdState, Vec<HdCode>) {
    let (session, state) = open();
    let mut r = Reentry {
        session,
        state,
        codes: Vec::new(),
    };
    let user = &mut r as *mut Reentry as *mut c_void;
    let code = unsafe { hd_variables(session, state, 0, Some(callback), user) };
    assert_eq!(code, HdCode::HdStopped);
    (session, state, r.codes)
}

unsafe extern "C" fn reenter(user: *mut c_void, _: *const HdVariable) -> i32 {
    let r = unsafe { &mut *(user as *mut Reentry) };
    let mut pc = 0u64;
    r.codes
        .push(unsafe { hd_frame_pc(r.session, r.state, 0, &mut pc) });
    1
}

/// A callback that calls the library with the state of the call it runs in gets a usage
/// error naming why (the state's lock is held for the call: it waited for itself
/// forever); the state works again once the call returns.
#[test]
fn a_callback_reentering_with_its_own_state_is_refused_not_hung() {
    let (session, state, codes) = variables_calling_back(reenter);
    assert_eq!(codes, [HdCode::HdUsage]);
    unsafe {
        let mut buf = [0 as c_char; 512];
        hd_session_error(session, buf.as_mut_ptr(), buf.len());
        assert!(
            message(&buf).contains("callback cannot call hetdwarf with that state"),
            "{}",
            message(&buf)
        );
        let mut pc = 0u64;
        assert_eq!(hd_frame_pc(session, state, 0, &mut pc), HdCode::HdOk);
        hd_state_free(state);
        hd_session_free(session);
    }
}

/// A read size whose bit count overflows is a limit like any too-large read: no panic,
/// and the state still answers afterwards (a panic under its lock poisoned it for good).
#[test]
fn an_oversized_read_is_a_limit_and_leaves_the_state_usable() {
    let (session, state) = open();
    let expr = [0x30u8, 0x9f];
    let mut n = 0usize;
    let user = &mut n as *mut usize as *mut c_void;
    let lane = [5u32];
    unsafe {
        for size in [1usize << 61, usize::MAX] {
            let code = hd_eval(
                state,
                expr.as_ptr(),
                expr.len(),
                0,
                lane.as_ptr(),
                1,
                size,
                Some(count_results),
                user,
            );
            assert_ne!(code, HdCode::HdPanic, "read of {size} bytes");
        }
        n = 0;
        let user = &mut n as *mut usize as *mut c_void;
        assert_eq!(
            hd_eval(
                state,
                expr.as_ptr(),
                expr.len(),
                0,
                lane.as_ptr(),
                1,
                4,
                Some(count_results),
                user
            ),
            HdCode::HdOk
        );
        assert_eq!(n, 1);
        hd_state_free(state);
        hd_session_free(session);
    }
}

/// A path that does not parse, or names a member the type lacks, is a usage error of
/// `hd_read_lanes` (as of `hd_write`), not the same error once per lane.
#[test]
fn a_wrong_path_is_a_usage_error_of_the_read() {
    let (session, state) = open();
    let mut dies = Vec::new();
    unsafe { collect_dies(session, state, &mut dies) };
    let mut n = 0usize;
    let user = &mut n as *mut usize as *mut c_void;
    for (path, expect) in [("..[[", "syntax"), (".no_such_member", "")] {
        let mut refused = 0;
        for &die in &dies {
            if let Some(m) = refused_read(session, state, die, path, user) {
                assert!(m.contains(expect), "{path}: {m}");
                refused += 1;
            }
        }
        assert_eq!(refused, dies.len(), "{path}");
    }
    assert_eq!(n, 0, "no lane delivered for a wrong path");
    unsafe {
        hd_state_free(state);
        hd_session_free(session);
    }
}

/// The message when `hd_read_lanes` of `path` from the variable at `die` is refused as a
/// usage error (lanes, if any, go to `count_lanes` on `user`).
fn refused_read(
    session: *mut HdSession,
    state: *mut HdState,
    die: u64,
    path: &str,
    user: *mut c_void,
) -> Option<String> {
    let text = CString::new(path).unwrap();
    let code = unsafe {
        hd_read_lanes(
            session,
            state,
            0,
            die,
            text.as_ptr(),
            null(),
            0,
            Some(count_lanes),
            user,
        )
    };
    (code == HdCode::HdUsage).then(|| {
        let mut buf = [0 as c_char; 512];
        unsafe { hd_session_error(session, buf.as_mut_ptr(), buf.len()) };
        message(&buf)
    })
}

/// A wave stopped in code without debug information still has its frames: counted and
/// their PCs given as `hetdwarf backtrace` gives them (they failed: "no subprogram with
/// debug information covers" frame 0).
#[test]
fn frames_are_counted_where_there_is_no_debug_information() {
    let (session, state) = open_pair(
        "hand-lanes/calls-gfx90a.hsaco",
        "states/unwind-calls-gfx90a.json",
    );
    unsafe {
        let mut frames = 0u32;
        assert_eq!(hd_frame_count(session, state, &mut frames), HdCode::HdOk);
        assert_eq!(frames, 3);
        let mut pcs = Vec::new();
        for k in 0..frames {
            let mut pc = 0u64;
            assert_eq!(hd_frame_pc(session, state, k, &mut pc), HdCode::HdOk);
            pcs.push(pc);
        }
        // `hetdwarf backtrace --format json`'s lookup_pc of each frame.
        assert_eq!(pcs, [0x1508, 0x1563, 0x1623]);
        let mut pc = 0u64;
        assert_eq!(hd_frame_pc(session, state, 3, &mut pc), HdCode::HdUsage);
        hd_state_free(state);
        hd_session_free(session);
    }
}

unsafe extern "C" fn free_both(user: *mut c_void, _: *const HdVariable) -> i32 {
    let r = unsafe { &mut *(user as *mut Reentry) };
    r.codes
        .push(unsafe { hd_state_free(r.state as *mut HdState) });
    r.codes
        .push(unsafe { hd_session_free(r.session as *mut HdSession) });
    1
}

/// A callback cannot free the session or the state its call is using (the call would go
/// on with freed memory): `HD_USAGE`, and both are freed normally once the call returns.
#[test]
fn a_callback_cannot_free_what_its_call_uses() {
    let (session, state, codes) = variables_calling_back(free_both);
    assert_eq!(codes, [HdCode::HdUsage, HdCode::HdUsage]);
    unsafe {
        let mut pc = 0u64;
        assert_eq!(hd_frame_pc(session, state, 0, &mut pc), HdCode::HdOk);
        assert_eq!(hd_state_free(state), HdCode::HdOk);
        assert_eq!(hd_session_free(session), HdCode::HdOk);
    }
}

#[test]
fn a_freed_handle_stays_refused_when_its_memory_is_reused() {
    let (session, state) = open();
    assert_eq!(unsafe { hd_state_free(state) }, HdCode::HdOk);
    // New states, made where the old one was freed (the allocator reuses memory).
    let mut again = Vec::new();
    for _ in 0..8 {
        let (s, st) = open();
        unsafe { hd_session_free(s) };
        again.push(st);
    }
    let mut needed = 0usize;
    assert_eq!(
        unsafe { hd_state_to_json(state, null_mut(), 0, &mut needed) },
        HdCode::HdInvalidHandle
    );
    let mut count = 0;
    assert_eq!(
        unsafe { hd_frame_count(session, state, &mut count) },
        HdCode::HdInvalidHandle
    );
    assert_eq!(unsafe { hd_state_free(state) }, HdCode::HdInvalidHandle);
    for st in again {
        assert_eq!(unsafe { hd_state_free(st) }, HdCode::HdOk);
    }
    unsafe { hd_session_free(session) };
}

#[test]
fn freeing_a_session_other_threads_are_using_ends_it_without_harm() {
    for _ in 0..4 {
        let (session, state) = open();
        let (s, st) = (session as usize, state as usize);
        let running = std::sync::Arc::new(std::sync::Barrier::new(3));
        let workers: Vec<_> = (0..2)
            .map(|_| {
                let running = running.clone();
                std::thread::spawn(move || {
                    running.wait();
                    let mut codes = Vec::new();
                    loop {
                        let mut pc = 0u64;
                        let code = unsafe {
                            hd_frame_pc(s as *mut HdSession, st as *mut HdState, 0, &mut pc)
                        };
                        codes.push(code);
                        if code == HdCode::HdInvalidHandle {
                            return codes;
                        }
                    }
                })
            })
            .collect();
        running.wait();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert_eq!(unsafe { hd_session_free(session) }, HdCode::HdOk);
        for w in workers {
            let codes = w.join().expect("no crash");
            // Each call answered before the free, or was refused after it.
            assert!(
                codes[..codes.len() - 1].iter().all(|&c| c == HdCode::HdOk),
                "{codes:?}"
            );
        }
        unsafe { hd_state_free(state) };
    }
}

#[test]
fn each_thread_reads_the_message_of_its_own_failure() {
    let (session, _) = open();
    let s = session as usize;
    let threads: Vec<_> = (0..4u32)
        .map(|t| {
            std::thread::spawn(move || {
                let (own, state) = open();
                unsafe { hd_session_free(own) };
                let frame = 100 + t;
                for _ in 0..200 {
                    let mut pc = 0u64;
                    let code = unsafe { hd_frame_pc(s as *mut HdSession, state, frame, &mut pc) };
                    assert_eq!(code, HdCode::HdUsage);
                    let mut buf = [0 as c_char; 256];
                    unsafe { hd_session_error(s as *mut HdSession, buf.as_mut_ptr(), buf.len()) };
                    let m = message(&buf);
                    assert!(m.contains(&format!("frame {frame}")), "thread {t}: {m}");
                }
                unsafe { hd_state_free(state) };
            })
        })
        .collect();
    for t in threads {
        t.join().expect("every thread read its own message");
    }
    unsafe { hd_session_free(session) };
}

unsafe extern "C" fn push_non_pointer(user: *mut c_void, v: *const HdVariable) -> i32 {
    let v = unsafe { &*v };
    let ty = unsafe { std::ffi::CStr::from_ptr(v.type_name) }.to_string_lossy();
    if !ty.contains('*') && !ty.contains('[') {
        unsafe { (*(user as *mut Vec<u64>)).push(v.die) };
    }
    0
}

/// `->m` or `*` through a variable that is not a pointer is wrong for every lane: the
/// read is refused as a usage error (it answered HD_OK with an error in every lane).
/// A lane list longer than the wave is refused before anything is made (a list of a
/// million lanes took 3 GB).
#[test]
fn a_path_through_a_non_pointer_and_too_many_lanes_are_refused() {
    let (session, state) = open();
    let mut dies = Vec::new();
    let user = &mut dies as *mut Vec<u64> as *mut c_void;
    assert_eq!(
        unsafe { hd_variables(session, state, 0, Some(push_non_pointer), user) },
        HdCode::HdOk
    );
    assert!(!dies.is_empty());
    let mut n = 0usize;
    let counted = &mut n as *mut usize as *mut c_void;
    for path in ["->x", "*"] {
        for &die in &dies {
            let m = refused_read(session, state, die, path, counted);
            let m = m.unwrap_or_else(|| panic!("{path} DIE {die:#x} not refused"));
            assert!(m.contains("is not a pointer"), "{m}");
        }
    }
    assert_eq!(n, 0);
    let many = vec![3u32; 65];
    let code = unsafe {
        hd_read_lanes(
            session,
            state,
            0,
            dies[0],
            null(),
            many.as_ptr(),
            many.len(),
            Some(count_lanes),
            counted,
        )
    };
    assert_eq!(code, HdCode::HdInvalidArgument);
    let mut buf = [0 as c_char; 512];
    unsafe { hd_session_error(session, buf.as_mut_ptr(), buf.len()) };
    assert!(
        message(&buf).contains("65 lanes asked for: the wave has 64"),
        "{}",
        message(&buf)
    );
    assert_eq!(n, 0);
    unsafe {
        hd_state_free(state);
        hd_session_free(session);
    }
}

/// `hd_explain` answers what `locals --explain --format json` says under `explain`, for
/// every variable of the frame.
#[test]
fn explain_answers_what_the_cli_says() {
    let object = "rocm/hip-gfx90a-O2.hsaco";
    let state_file = "states/rocm-hip-gfx90a-O2.json";
    let (session, state) = open_pair(object, state_file);
    // The CLI beside this test binary (`cargo test --workspace` builds it).
    let cli = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("hetdwarf");
    let out = std::process::Command::new(&cli)
        .args(["locals", corpus(object).to_str().unwrap(), "--state"])
        .arg(corpus(state_file).to_str().unwrap())
        .args(["--explain", "--format", "json"])
        .output()
        .expect("the hetdwarf CLI is built beside the tests");
    let locals: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let by_die: std::collections::HashMap<u64, serde_json::Value> = locals["variables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["die"].as_u64().unwrap(), v["explain"].clone()))
        .collect();
    let mut dies = Vec::new();
    unsafe { collect_dies(session, state, &mut dies) };
    assert!(!dies.is_empty());
    let mut explained = 0;
    for die in dies {
        let mut needed = 0usize;
        let code = unsafe { hd_explain(session, state, 0, die, null_mut(), 0, &mut needed) };
        assert_eq!(code, HdCode::HdOk, "DIE {die:#x}");
        let mut buf = vec![0 as c_char; needed + 1];
        let code = unsafe {
            hd_explain(
                session,
                state,
                0,
                die,
                buf.as_mut_ptr(),
                buf.len(),
                &mut needed,
            )
        };
        assert_eq!(code, HdCode::HdOk);
        let doc: serde_json::Value = serde_json::from_str(&message(&buf)).unwrap();
        assert!(doc["why"].is_string(), "{doc}");
        assert_eq!(Some(&doc), by_die.get(&die), "DIE {die:#x}");
        explained += 1;
    }
    assert!(explained > 3);
    // A DIE that is no variable of the frame is a usage error.
    let code = unsafe { hd_explain(session, state, 0, 0x1, null_mut(), 0, null_mut()) };
    assert_ne!(code, HdCode::HdOk);
    unsafe {
        hd_state_free(state);
        hd_session_free(session);
    }
}

//! A context of C callbacks reads what a saved state reads: the callbacks here answer from
//! a loaded wave state (as a debugger answers from its process), and every lane of every
//! variable of frame 0 matches `hd_read_lanes` on the same state.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString, c_char, c_void};
use std::ptr::{null, null_mut};

use hetdwarf::eval::Backend as _;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_c::*;

fn corpus(rel: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

unsafe extern "C" fn read_register(
    user: *mut c_void,
    reg: u64,
    offset: u64,
    buf: *mut u8,
    size: usize,
) -> i32 {
    let state = unsafe { &mut *(user as *mut WaveState) };
    let buf = unsafe { std::slice::from_raw_parts_mut(buf, size) };
    i32::from(state.read_register(reg, 0, offset, buf).is_err())
}

unsafe extern "C" fn read_memory(
    user: *mut c_void,
    space: u64,
    lane: i64,
    address: u64,
    buf: *mut u8,
    size: usize,
) -> i32 {
    let state = unsafe { &mut *(user as *mut WaveState) };
    let buf = unsafe { std::slice::from_raw_parts_mut(buf, size) };
    let lane = u32::try_from(lane).ok();
    i32::from(state.read_memory(space, lane, address, buf).is_err())
}

unsafe extern "C" fn push_die(user: *mut c_void, v: *const HdVariable) -> i32 {
    unsafe { (*(user as *mut Vec<u64>)).push((*v).die) };
    0
}

/// lane -> (status, text, location).
type Lanes = BTreeMap<i64, (i32, Option<String>, Option<String>)>;

unsafe extern "C" fn collect(user: *mut c_void, v: *const HdLaneValue) -> i32 {
    let text = |p: *const c_char| {
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    };
    let v = unsafe { &*v };
    unsafe { &mut *(user as *mut Lanes) }
        .insert(v.lane, (v.status as i32, text(v.text), text(v.location)));
    0
}

#[test]
fn a_callback_context_reads_what_the_saved_state_reads() {
    let object = CString::new(corpus("rocm/ocl-gfx90a-O0.hsaco")).unwrap();
    let state_path = corpus("states/demo-ocl-gfx90a-O0.json");
    let mut wave = WaveState::from_json(&std::fs::read_to_string(&state_path).unwrap()).unwrap();
    let mut session = null_mut();
    let mut state = null_mut();
    let mut err = [0 as c_char; 256];
    unsafe {
        assert_eq!(
            hd_session_open(
                object.as_ptr(),
                null(),
                &mut session,
                err.as_mut_ptr(),
                err.len()
            ),
            HdCode::HdOk
        );
        let path = CString::new(state_path).unwrap();
        assert_eq!(
            hd_state_load(path.as_ptr(), &mut state, err.as_mut_ptr(), err.len()),
            HdCode::HdOk
        );
    }
    let processor = CString::new(wave.processor()).unwrap();
    let bias = wave.load_bias();
    let context = HdContext {
        user: &mut wave as *mut WaveState as *mut c_void,
        processor: processor.as_ptr(),
        wave_size: wave.wave_size(),
        pc: wave.pc().unwrap() - bias,
        load_bias: bias,
        exec: wave.exec().unwrap(),
        read_register: Some(read_register),
        read_memory: Some(read_memory),
        read_batch: None,
        write_register: None,
        write_memory: None,
    };
    let mut from_state: Vec<u64> = Vec::new();
    let mut from_context: Vec<u64> = Vec::new();
    unsafe {
        assert_eq!(
            hd_variables(
                session,
                state,
                0,
                Some(push_die),
                &mut from_state as *mut _ as *mut c_void
            ),
            HdCode::HdOk
        );
        assert_eq!(
            hd_context_variables(
                session,
                &context,
                0,
                Some(push_die),
                &mut from_context as *mut _ as *mut c_void
            ),
            HdCode::HdOk
        );
    }
    assert_eq!(from_context, from_state);
    assert!(!from_state.is_empty());
    for &die in &from_state {
        let mut a = Lanes::new();
        let mut b = Lanes::new();
        unsafe {
            assert_eq!(
                hd_read_lanes(
                    session,
                    state,
                    0,
                    die,
                    null(),
                    null(),
                    0,
                    Some(collect),
                    &mut a as *mut _ as *mut c_void
                ),
                HdCode::HdOk
            );
            assert_eq!(
                hd_context_read_lanes(
                    session,
                    &context,
                    0,
                    die,
                    null(),
                    null(),
                    0,
                    Some(collect),
                    &mut b as *mut _ as *mut c_void
                ),
                HdCode::HdOk
            );
        }
        assert_eq!(a.len(), 64);
        assert_eq!(a, b, "DIE {die:#x}");
        assert!(
            a.values()
                .any(|(status, text, _)| *status == 0 && text.is_some())
        );
    }
    // A context for another processor is refused with both named.
    let other = CString::new("gfx1100").unwrap();
    let wrong = HdContext {
        processor: other.as_ptr(),
        ..context
    };
    let mut n: Vec<u64> = Vec::new();
    unsafe {
        assert_eq!(
            hd_context_variables(
                session,
                &wrong,
                0,
                Some(push_die),
                &mut n as *mut _ as *mut c_void
            ),
            HdCode::HdUsage
        );
        let len = hd_session_error(session, err.as_mut_ptr(), err.len());
        let message = CStr::from_ptr(err.as_ptr()).to_string_lossy();
        assert!(
            message.contains("gfx1100") && message.contains("gfx90a"),
            "{message}"
        );
        assert_eq!(len, message.len());
        assert_eq!(
            hd_context_variables(session, null(), 0, Some(push_die), null_mut()),
            HdCode::HdNullArgument
        );
        hd_state_free(state);
        hd_session_free(session);
    }
}

/// A wave state answering a context's callbacks, counting the calls (round trips).
struct Backend {
    wave: WaveState,
    calls: usize,
}

unsafe extern "C" fn counted_register(
    user: *mut c_void,
    reg: u64,
    offset: u64,
    buf: *mut u8,
    size: usize,
) -> i32 {
    let b = unsafe { &mut *(user as *mut Backend) };
    b.calls += 1;
    let buf = unsafe { std::slice::from_raw_parts_mut(buf, size) };
    i32::from(b.wave.read_register(reg, 0, offset, buf).is_err())
}

unsafe extern "C" fn counted_memory(
    user: *mut c_void,
    space: u64,
    lane: i64,
    address: u64,
    buf: *mut u8,
    size: usize,
) -> i32 {
    let b = unsafe { &mut *(user as *mut Backend) };
    b.calls += 1;
    let buf = unsafe { std::slice::from_raw_parts_mut(buf, size) };
    i32::from(
        b.wave
            .read_memory(space, u32::try_from(lane).ok(), address, buf)
            .is_err(),
    )
}

/// One call for the whole batch; a byte the state lacks is flagged, as a remote target
/// would answer.
unsafe extern "C" fn batch(user: *mut c_void, reads: *mut HdRead, n: usize) -> i32 {
    let b = unsafe { &mut *(user as *mut Backend) };
    b.calls += 1;
    for r in unsafe { std::slice::from_raw_parts_mut(reads, n) } {
        let buf = unsafe { std::slice::from_raw_parts_mut(r.buf, r.size) };
        let flags = unsafe { std::slice::from_raw_parts_mut(r.unavailable, r.size) };
        for i in 0..r.size {
            let byte = &mut buf[i..=i];
            let ok = if r.is_memory == 1 {
                let lane = u32::try_from(r.lane).ok();
                b.wave.read_memory(r.space, lane, r.offset + i as u64, byte)
            } else {
                b.wave.read_register(r.reg, 0, r.offset + i as u64, byte)
            };
            flags[i] = u8::from(ok.is_err());
        }
    }
    0
}

unsafe extern "C" fn write_register(
    user: *mut c_void,
    reg: u64,
    offset: u64,
    data: *const u8,
    size: usize,
) -> i32 {
    let b = unsafe { &mut *(user as *mut Backend) };
    let data = unsafe { std::slice::from_raw_parts(data, size) };
    i32::from(b.wave.write_register(reg, 0, offset, data).is_err())
}

unsafe extern "C" fn write_memory(
    user: *mut c_void,
    space: u64,
    lane: i64,
    address: u64,
    data: *const u8,
    size: usize,
) -> i32 {
    let b = unsafe { &mut *(user as *mut Backend) };
    let data = unsafe { std::slice::from_raw_parts(data, size) };
    i32::from(
        b.wave
            .write_memory(space, u32::try_from(lane).ok(), address, data)
            .is_err(),
    )
}

fn context_over(b: &mut Backend, processor: &CString, batched: bool) -> HdContext {
    let bias = b.wave.load_bias();
    HdContext {
        user: b as *mut Backend as *mut c_void,
        processor: processor.as_ptr(),
        wave_size: b.wave.wave_size(),
        pc: b.wave.pc().unwrap() - bias,
        load_bias: bias,
        exec: b.wave.exec().unwrap(),
        read_register: Some(counted_register),
        read_memory: Some(counted_memory),
        read_batch: if batched { Some(batch) } else { None },
        write_register: Some(write_register),
        write_memory: Some(write_memory),
    }
}

fn open(object: &str) -> *mut HdSession {
    let object = CString::new(corpus(object)).unwrap();
    let mut session = null_mut();
    let mut err = [0 as c_char; 256];
    let code = unsafe {
        hd_session_open(
            object.as_ptr(),
            null(),
            &mut session,
            err.as_mut_ptr(),
            err.len(),
        )
    };
    assert_eq!(code, HdCode::HdOk);
    session
}

fn dies(session: *mut HdSession, context: &HdContext) -> Vec<u64> {
    let mut dies: Vec<u64> = Vec::new();
    let code = unsafe {
        hd_context_variables(
            session,
            context,
            0,
            Some(push_die),
            &mut dies as *mut _ as *mut c_void,
        )
    };
    assert_eq!(code, HdCode::HdOk);
    dies
}

fn lanes(session: *mut HdSession, context: &HdContext, die: u64) -> Lanes {
    let mut out = Lanes::new();
    let code = unsafe {
        hd_context_read_lanes(
            session,
            context,
            0,
            die,
            null(),
            null(),
            0,
            Some(collect),
            &mut out as *mut _ as *mut c_void,
        )
    };
    assert_eq!(code, HdCode::HdOk);
    out
}

#[test]
fn a_batching_context_reads_the_same_values_in_fewer_round_trips() {
    let session = open("rocm/ocl-gfx90a-O0.hsaco");
    let text = std::fs::read_to_string(corpus("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let processor = CString::new("gfx90a").unwrap();
    let mut single = Backend {
        wave: WaveState::from_json(&text).unwrap(),
        calls: 0,
    };
    let mut batched = Backend {
        wave: WaveState::from_json(&text).unwrap(),
        calls: 0,
    };
    let a = context_over(&mut single, &processor, false);
    let b = context_over(&mut batched, &processor, true);
    let all = dies(session, &a);
    assert!(all.len() >= 4);
    for &die in &all {
        assert_eq!(
            lanes(session, &a, die),
            lanes(session, &b, die),
            "DIE {die:#x}"
        );
    }
    eprintln!(
        "{} variables x 64 lanes: {} calls one read at a time, {} batched",
        all.len(),
        single.calls,
        batched.calls
    );
    assert!(
        batched.calls * 4 < single.calls,
        "{} vs {}",
        batched.calls,
        single.calls
    );
    unsafe { hd_session_free(session) };
}

#[test]
fn a_context_writes_through_its_callbacks_as_hd_write_writes_a_state() {
    let session = open("rocm/ocl-gfx90a-O0.hsaco");
    let path = corpus("states/demo-ocl-gfx90a-O0.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let processor = CString::new("gfx90a").unwrap();
    let mut live = Backend {
        wave: WaveState::from_json(&text).unwrap(),
        calls: 0,
    };
    let context = context_over(&mut live, &processor, true);
    let all = dies(session, &context);
    // The saved-state route, for comparison.
    let mut state = null_mut();
    let mut err = [0 as c_char; 256];
    let cpath = CString::new(path).unwrap();
    assert_eq!(
        unsafe { hd_state_load(cpath.as_ptr(), &mut state, err.as_mut_ptr(), err.len()) },
        HdCode::HdOk
    );
    let value = CString::new("42").unwrap();
    let mut written = 0;
    for &die in &all {
        let before = lanes(session, &context, die);
        // Only int-valued variables take "42" as written.
        if !before
            .values()
            .any(|(s, t, _)| *s == 0 && t.as_deref().is_some_and(|t| t.parse::<i64>().is_ok()))
        {
            continue;
        }
        let code =
            unsafe { hd_context_write(session, &context, 0, die, null(), 3, value.as_ptr()) };
        assert_eq!(code, HdCode::HdOk, "DIE {die:#x}");
        let code = unsafe { hd_write(session, state, 0, die, null(), 3, value.as_ptr()) };
        assert_eq!(code, HdCode::HdOk, "DIE {die:#x}");
        let after = lanes(session, &context, die);
        assert_eq!(after[&3].1.as_deref(), Some("42"), "DIE {die:#x}");
        // Other lanes keep their values.
        for (lane, v) in &before {
            if *lane != 3 && before[lane].2 != before[&3].2 {
                assert_eq!(&after[lane], v, "DIE {die:#x} lane {lane}");
            }
        }
        written += 1;
    }
    assert!(written >= 2, "{written} variables written");
    // Both routes leave the same wave.
    let mut json = vec![0 as c_char; 1 << 20];
    let mut needed = 0usize;
    assert_eq!(
        unsafe { hd_state_to_json(state, json.as_mut_ptr(), json.len(), &mut needed) },
        HdCode::HdOk
    );
    let saved = unsafe { CStr::from_ptr(json.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    let saved = WaveState::from_json(&saved).unwrap();
    assert_eq!(saved.to_json(), live.wave.to_json());
    // No write callback: the write is refused, the wave unchanged.
    let read_only = HdContext {
        write_register: None,
        write_memory: None,
        ..context
    };
    let before = live.wave.to_json();
    let code =
        unsafe { hd_context_write(session, &read_only, 0, all[0], null(), 3, value.as_ptr()) };
    assert_ne!(code, HdCode::HdOk);
    assert_eq!(live.wave.to_json(), before);
    unsafe {
        hd_state_free(state);
        hd_session_free(session);
    }
}

/// What the saved state's own unwinding gives for every frame: (pc, DIEs, lanes per DIE).
type Frames = Vec<(u64, Vec<(u64, Lanes)>)>;

#[test]
fn a_callback_context_unwinds_to_the_callers_frames() {
    for (object, state) in [
        ("rocm/ocl-gfx90a-O0.hsaco", "unwind-ocl-gfx90a-O0.json"),
        ("rocm/ocl-gfx90a-O2.hsaco", "unwind-ocl-gfx90a-O2.json"),
        ("rocm/hip-gfx90a-O0.hsaco", "unwind-hip-gfx90a-O0.json"),
        ("rocm/ocl-gfx1100-O0.hsaco", "unwind-ocl-gfx1100-O0.json"),
    ] {
        let session = open(object);
        let path = corpus(&format!("states/{state}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let mut backend = Backend {
            wave: WaveState::from_json(&text).unwrap(),
            calls: 0,
        };
        let processor = CString::new(backend.wave.processor()).unwrap();
        let context = context_over(&mut backend, &processor, true);
        let mut handle = null_mut();
        let mut err = [0 as c_char; 256];
        let cpath = CString::new(path).unwrap();
        assert_eq!(
            unsafe { hd_state_load(cpath.as_ptr(), &mut handle, err.as_mut_ptr(), err.len()) },
            HdCode::HdOk
        );
        let (mut n_state, mut n_context) = (0u32, 0u32);
        unsafe {
            assert_eq!(hd_frame_count(session, handle, &mut n_state), HdCode::HdOk);
            assert_eq!(
                hd_context_frame_count(session, &context, &mut n_context),
                HdCode::HdOk
            );
        }
        assert!(n_state >= 2, "{object}: {n_state} frames");
        assert_eq!(n_context, n_state, "{object}");
        let mut from_state: Frames = Vec::new();
        let mut from_context: Frames = Vec::new();
        for k in 0..n_state {
            let (mut pc_a, mut pc_b) = (0u64, 0u64);
            let (mut dies_a, mut dies_b): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
            unsafe {
                assert_eq!(hd_frame_pc(session, handle, k, &mut pc_a), HdCode::HdOk);
                assert_eq!(
                    hd_context_frame_pc(session, &context, k, &mut pc_b),
                    HdCode::HdOk
                );
                hd_variables(
                    session,
                    handle,
                    k,
                    Some(push_die),
                    &mut dies_a as *mut _ as *mut c_void,
                );
                hd_context_variables(
                    session,
                    &context,
                    k,
                    Some(push_die),
                    &mut dies_b as *mut _ as *mut c_void,
                );
            }
            let read = |dies: &[u64], from_context: bool| -> Vec<(u64, Lanes)> {
                dies.iter()
                    .map(|&die| {
                        let mut out = Lanes::new();
                        let user = &mut out as *mut _ as *mut c_void;
                        let code = unsafe {
                            if from_context {
                                hd_context_read_lanes(
                                    session,
                                    &context,
                                    k,
                                    die,
                                    null(),
                                    null(),
                                    0,
                                    Some(collect),
                                    user,
                                )
                            } else {
                                hd_read_lanes(
                                    session,
                                    handle,
                                    k,
                                    die,
                                    null(),
                                    null(),
                                    0,
                                    Some(collect),
                                    user,
                                )
                            }
                        };
                        assert_eq!(code, HdCode::HdOk, "{object} frame {k} DIE {die:#x}");
                        (die, out)
                    })
                    .collect()
            };
            from_state.push((pc_a, read(&dies_a, false)));
            from_context.push((pc_b, read(&dies_b, true)));
        }
        assert_eq!(from_context, from_state, "{object}");
        // Callers' variables were read, not only frame 0's.
        assert!(
            from_state[1..].iter().any(|(_, vars)| !vars.is_empty()),
            "{object}"
        );
        let mut pc = 0u64;
        assert_eq!(
            unsafe { hd_context_frame_pc(session, &context, n_state + 5, &mut pc) },
            HdCode::HdUsage
        );
        unsafe {
            hd_state_free(handle);
            hd_session_free(session);
        }
    }
}

/// A context whose wave size the kernel at its PC does not run (gfx90a runs wave64 only)
/// is refused, as the CLI refuses such a state, instead of reading 32 lanes under the
/// wrong register layout.
#[test]
fn a_context_with_a_wave_size_the_kernel_does_not_run_is_refused() {
    let session = open("rocm/ocl-gfx90a-O0.hsaco");
    let text = std::fs::read_to_string(corpus("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let mut backend = Backend {
        wave: WaveState::from_json(&text).unwrap(),
        calls: 0,
    };
    let processor = CString::new(backend.wave.processor()).unwrap();
    let mut context = context_over(&mut backend, &processor, true);
    let mut frames = 0u32;
    assert_eq!(
        unsafe { hd_context_frame_count(session, &context, &mut frames) },
        HdCode::HdOk
    );
    context.wave_size = 32;
    assert_eq!(
        unsafe { hd_context_frame_count(session, &context, &mut frames) },
        HdCode::HdUsage
    );
    let mut err = [0 as c_char; 256];
    unsafe { hd_session_error(session, err.as_mut_ptr(), err.len()) };
    let message = unsafe { std::ffi::CStr::from_ptr(err.as_ptr()) }.to_string_lossy();
    assert!(
        message.contains("the context has 32 lanes") && message.contains("64-lane waves"),
        "{message}"
    );
    unsafe { hd_session_free(session) };
}

/// An empty processor name is no processor, as null is (it named an entry ";" before).
#[test]
fn an_empty_processor_is_none() {
    let object = CString::new(corpus("rocm/ocl-gfx90a-O0.hsaco")).unwrap();
    let empty = CString::new("").unwrap();
    let mut session = null_mut();
    let mut err = [0 as c_char; 256];
    let code = unsafe {
        hd_session_open(
            object.as_ptr(),
            empty.as_ptr(),
            &mut session,
            err.as_mut_ptr(),
            err.len(),
        )
    };
    assert_eq!(code, HdCode::HdOk);
    unsafe { hd_session_free(session) };
}

/// Memory reads and writes of a wave whose debugger lost it: each says why through
/// `hd_callback_error` and fails with status 7.
unsafe extern "C" fn memory_lost(
    _user: *mut c_void,
    _space: u64,
    _lane: i64,
    _address: u64,
    _buf: *mut u8,
    _size: usize,
) -> i32 {
    let why = CString::new("ptrace: wave 3 is gone").unwrap();
    assert_eq!(unsafe { hd_callback_error(why.as_ptr()) }, HdCode::HdOk);
    7
}

unsafe extern "C" fn batch_lost(user: *mut c_void, _reads: *mut HdRead, n: usize) -> i32 {
    let why = CString::new("ptrace: wave 3 is gone").unwrap();
    assert_eq!(unsafe { hd_callback_error(why.as_ptr()) }, HdCode::HdOk);
    unsafe { (*(user as *mut Backend)).calls += n };
    7
}

unsafe extern "C" fn write_lost(
    _user: *mut c_void,
    _space: u64,
    _lane: i64,
    _address: u64,
    _data: *const u8,
    _size: usize,
) -> i32 {
    let why = CString::new("ptrace: wave 3 is gone").unwrap();
    assert_eq!(unsafe { hd_callback_error(why.as_ptr()) }, HdCode::HdOk);
    7
}

unsafe extern "C" fn collect_errors(user: *mut c_void, v: *const HdLaneValue) -> i32 {
    let v = unsafe { &*v };
    if !v.error.is_null() {
        let e = unsafe { CStr::from_ptr(v.error) }.to_string_lossy();
        unsafe { &mut *(user as *mut Vec<String>) }.push(e.into_owned());
    }
    0
}

fn session_error(session: *mut HdSession) -> String {
    let mut buf = [0 as c_char; 512];
    unsafe { hd_session_error(session, buf.as_mut_ptr(), buf.len()) };
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_callbacks_own_account_of_its_failure_reaches_the_caller() {
    let session = open("rocm/ocl-gfx90a-O0.hsaco");
    let text = std::fs::read_to_string(corpus("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let processor = CString::new("gfx90a").unwrap();
    let mut live = Backend {
        wave: WaveState::from_json(&text).unwrap(),
        calls: 0,
    };
    let good = context_over(&mut live, &processor, false);
    let all = dies(session, &good);
    let said = "ptrace: wave 3 is gone (status 7)";
    // Single reads and a batch: every lane that failed says what the debugger said.
    for lost in [
        HdContext {
            read_memory: Some(memory_lost),
            ..good
        },
        HdContext {
            read_batch: Some(batch_lost),
            ..good
        },
    ] {
        let mut errors: Vec<String> = Vec::new();
        for &die in &all {
            let code = unsafe {
                hd_context_read_lanes(
                    session,
                    &lost,
                    0,
                    die,
                    null(),
                    null(),
                    0,
                    Some(collect_errors),
                    &mut errors as *mut _ as *mut c_void,
                )
            };
            if code != HdCode::HdOk {
                errors.push(session_error(session));
            }
        }
        assert!(!errors.is_empty());
        for e in &errors {
            assert!(e.contains(said), "{e}");
        }
    }
    // A write.
    let lost = HdContext {
        write_memory: Some(write_lost),
        ..good
    };
    let value = CString::new("42").unwrap();
    let failures: Vec<String> = all
        .iter()
        .filter(|&&die| {
            let code =
                unsafe { hd_context_write(session, &lost, 0, die, null(), 3, value.as_ptr()) };
            code != HdCode::HdOk
        })
        .map(|_| session_error(session))
        .collect();
    assert!(failures.iter().any(|e| e.contains(said)), "{failures:?}");
    // Outside a callback there is nothing to say it of.
    let why = CString::new("no callback").unwrap();
    assert_eq!(unsafe { hd_callback_error(why.as_ptr()) }, HdCode::HdUsage);
    assert_eq!(unsafe { hd_callback_error(null()) }, HdCode::HdNullArgument);
    unsafe { hd_session_free(session) };
}

//! A context of C callbacks reads what a saved state reads: the callbacks here answer from
//! a loaded wave state (as a debugger answers from its process), and every lane of every
//! variable of frame 0 matches `hd_read_lanes` on the same state.

use std::collections::BTreeMap;
use std::ffi::{CStr, CString, c_char, c_void};
use std::ptr::{null, null_mut};

use hetdwarf::eval::Context;
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
            hd_context_variables(session, null(), Some(push_die), null_mut()),
            HdCode::HdNullArgument
        );
        hd_state_free(state);
        hd_session_free(session);
    }
}

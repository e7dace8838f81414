//! What a debugger pays per stop through the C ABI, beside the Rust API in the same run:
//! the variables of frame 0 and every lane of each (corpora/rocm/ocl-gfx90a-O0.hsaco with
//! the demo wave state; rounds interleaved, so a change of load hits both alike; the
//! median of each).
//!
//! Run: `cargo bench -p hetdwarf-capi --bench per_stop` (`ROUNDS=N`, default 200).

use std::ffi::{CString, c_char, c_void};
use std::ptr::{null, null_mut};
use std::time::Instant;

use hetdwarf_amdgpu::{Session, WaveState, stop};
use hetdwarf_c::*;

fn corpus(rel: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

unsafe extern "C" fn push_die(user: *mut c_void, v: *const HdVariable) -> i32 {
    unsafe { (*(user as *mut Vec<u64>)).push((*v).die) };
    0
}

unsafe extern "C" fn count(user: *mut c_void, v: *const HdLaneValue) -> i32 {
    let v = unsafe { &*v };
    unsafe { *(user as *mut usize) += usize::from(!v.text.is_null()) };
    0
}

fn rust_stop(session: &Session, wave: &mut WaveState) -> usize {
    session.with_ref(|session| {
        stop::check_state(session.co(), wave).unwrap();
        let at = session.frame(wave, 0).unwrap();
        let lanes: Vec<Option<u32>> = (0..wave.wave_size()).map(Some).collect();
        let target = hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave.wave_size());
        let mut read = 0;
        for var in at.frame.variables().unwrap() {
            for v in at.values(wave, var, "", &lanes) {
                // What the C side gets: the text and the JSON of each value, and its
                // location description.
                let location = v
                    .placement
                    .as_ref()
                    .map(|p| p.location.display(&target).to_string());
                std::hint::black_box(location);
                if let Ok(t) = &v.value {
                    read += usize::from(!t.render_text().is_empty() && !t.to_json().is_empty());
                }
            }
        }
        read
    })
}

fn c_stop(session: *const HdSession, state: *const HdState) -> usize {
    let mut dies: Vec<u64> = Vec::new();
    let mut read = 0usize;
    unsafe {
        hd_variables(
            session,
            state,
            0,
            Some(push_die),
            &mut dies as *mut _ as *mut c_void,
        );
        for &die in &dies {
            hd_read_lanes(
                session,
                state,
                0,
                die,
                null(),
                null(),
                0,
                Some(count),
                &mut read as *mut _ as *mut c_void,
            );
        }
    }
    read
}

/// The same through one call per stop.
fn c_stop_batched(session: *const HdSession, state: *const HdState) -> usize {
    let mut read = 0usize;
    unsafe {
        hd_read_frame(
            session,
            state,
            0,
            null(),
            0,
            None,
            Some(count),
            &mut read as *mut _ as *mut c_void,
        );
    }
    read
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let object = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let state_path = corpus("states/demo-ocl-gfx90a-O0.json");
    let session = Session::open(std::path::Path::new(&object), None).unwrap();
    let mut wave = WaveState::from_json(&std::fs::read_to_string(&state_path).unwrap()).unwrap();
    let (mut c_session, mut c_state) = (null_mut(), null_mut());
    let mut err = [0 as c_char; 256];
    unsafe {
        let o = CString::new(object.clone()).unwrap();
        hd_session_open(
            o.as_ptr(),
            null(),
            &mut c_session,
            err.as_mut_ptr(),
            err.len(),
        );
        let s = CString::new(state_path).unwrap();
        hd_state_load(s.as_ptr(), &mut c_state, err.as_mut_ptr(), err.len());
    }
    assert_eq!(rust_stop(&session, &mut wave), c_stop(c_session, c_state));
    assert_eq!(
        rust_stop(&session, &mut wave),
        c_stop_batched(c_session, c_state)
    );
    let (mut rust, mut c, mut batched) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t = Instant::now();
        std::hint::black_box(rust_stop(&session, &mut wave));
        rust.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        std::hint::black_box(c_stop(c_session, c_state));
        c.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        std::hint::black_box(c_stop_batched(c_session, c_state));
        batched.push(t.elapsed().as_secs_f64());
    }
    let (r, cc, b) = (median(rust), median(c), median(batched));
    println!(
        "per stop (frame 0: every variable, 64 lanes): Rust API {:.1} µs; C ABI, hd_read_frame {:.1} µs ({:+.1}%); C ABI, hd_variables + hd_read_lanes per variable {:.1} µs ({:+.1}%)",
        r * 1e6,
        b * 1e6,
        (b / r - 1.0) * 100.0,
        cc * 1e6,
        (cc / r - 1.0) * 100.0
    );
    unsafe {
        hd_state_free(c_state);
        hd_session_free(c_session);
    }
}

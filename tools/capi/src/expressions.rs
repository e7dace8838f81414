//! One DWARF expression evaluated against a wave state, lane by lane: what a backend
//! calls for an expression it holds itself (a `DW_AT_frame_base`, a CFI rule, a location
//! it wants to check), as `hetdwarf eval` does.

use std::ffi::{CString, c_char, c_void};

use hetdwarf::eval::{self, Evaluator};
use hetdwarf::expr::{DecodeParams, Encoding, Expr, detect_encoding};

use crate::frames::{HdLocationPart, c_parts};
use crate::{HdCode, HdState, c_string, guarded, lanes_arg, registry, walked};

/// What one byte read through a location holds, in [`HdEvalResult::availability`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HdByte {
    /// Every bit was read.
    HdByteValid = 0,
    /// Some bit comes from an undefined location (optimized out).
    HdByteOptimizedOut = 1,
    /// Some bit could not be fetched: the state does not hold it.
    HdByteUnavailable = 2,
}

/// One lane's result, for [`hd_eval`]. Pointers live until the callback returns.
#[repr(C)]
pub struct HdEvalResult {
    /// The lane, or -1 when evaluated with no lane selected.
    pub lane: i64,
    /// 0 when the lane is not in EXEC (it is still evaluated, as `hetdwarf eval` does).
    pub active: i32,
    /// `HD_OK`, or why the evaluation or the read failed (`error` says more).
    pub code: HdCode,
    /// The location description as text (null when evaluation failed).
    pub location: *const c_char,
    /// The location part by part.
    pub parts: *const HdLocationPart,
    /// How many parts `parts` holds.
    pub nparts: usize,
    /// With `read_bytes` > 0: the bytes read through the location (`nbytes` of them;
    /// bytes that are not valid hold 0).
    pub bytes: *const u8,
    /// How many bytes `bytes` and `availability` hold.
    pub nbytes: usize,
    /// Each byte's availability, an [`HdByte`] per byte.
    pub availability: *const HdByte,
    /// Why evaluation or reading failed, or why bytes are unavailable (null when neither).
    pub error: *const c_char,
}

/// Called once per lane by [`hd_eval`]; return 0 to go on, anything else to stop.
/// It must not call the library with the state being evaluated on (see [`HdVariableFn`](crate::frames::HdVariableFn)).
pub type HdEvalFn =
    Option<unsafe extern "C" fn(user: *mut c_void, result: *const HdEvalResult) -> i32>;

/// Evaluates the `len` expression bytes at `bytes` (a location description, as in
/// `DW_AT_location`) against the wave in `state` for each of `nlanes` lanes at `lanes`
/// (null: the wave's first active lane, or no lane when none is active), calling
/// `callback` once per lane. `encoding`: 0 decides from the bytes, 1 `DW_OP_LLVM_user`,
/// 2 the legacy one-byte opcodes. With `read_bytes` > 0 it also reads that many bytes
/// through the location. Without a frame there is no frame base or CFA: expressions that
/// need one fail with `HD_MISSING_CONTEXT`. Per-lane failures are reported in the result;
/// the call fails only when the bytes do not decode or an argument is wrong.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_eval(
    state: *const HdState,
    bytes: *const u8,
    len: usize,
    encoding: i32,
    lanes: *const u32,
    nlanes: usize,
    read_bytes: usize,
    callback: HdEvalFn,
    user: *mut c_void,
) -> HdCode {
    let Some(st) = registry().get::<HdState>(state as usize) else {
        return HdCode::HdInvalidHandle;
    };
    let Some(callback) = callback else {
        return HdCode::HdNullArgument;
    };
    if bytes.is_null() && len > 0 {
        return HdCode::HdNullArgument;
    }
    // SAFETY: the caller's lanes.
    let chosen = match unsafe { lanes_arg(lanes, nlanes) } {
        Ok(chosen) => chosen,
        Err(code) => return code,
    };
    let bytes: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: the caller gives `len` readable bytes at `bytes`.
        unsafe { std::slice::from_raw_parts(bytes, len) }
    };
    let set_error = |m: &str| st.error.set(m);
    let mut stopped = false;
    let code = guarded(set_error, || {
        let encoding = match encoding {
            0 => detect_encoding([bytes], None).encoding,
            1 => Encoding::User,
            2 => Encoding::Legacy,
            other => {
                set_error(&format!(
                    "encoding {other}: 0 (auto), 1 (user) or 2 (legacy)"
                ));
                return HdCode::HdInvalidArgument;
            }
        };
        let expr = match Expr::decode(bytes, DecodeParams::amdgpu(encoding)) {
            Ok(e) => e,
            Err(e) => {
                set_error(&format!("expression: {e}"));
                return HdCode::HdMalformed;
            }
        };
        let mut wave = match st.lock() {
            Ok(wave) => wave,
            Err((code, message)) => {
                set_error(&message);
                return code;
            }
        };
        let lanes: Vec<Option<u32>> = match chosen {
            None => vec![wave.active_lanes().next()],
            Some(ls) => match hetdwarf_amdgpu::stop::lanes(Some(&ls), wave.wave_size()) {
                Ok(l) => l,
                Err(e) => {
                    set_error(&e.to_string());
                    return HdCode::HdInvalidArgument;
                }
            },
        };
        let target = hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave.wave_size());
        let mut evaluator = Evaluator::new();
        for lane in lanes {
            if let Err(e) = wave.set_lane(lane) {
                set_error(&e.to_string());
                return HdCode::HdInvalidArgument;
            }
            let active = lane.is_none_or(|l| wave.lane_active(l) != Some(false));
            let mut result = LaneResult::default();
            match evaluator.evaluate_location(&mut *wave, &expr) {
                Err(e) => result.fail(&e),
                Ok(loc) => {
                    result.location = Some(c_string(&loc.display(&target).to_string()));
                    let parts = hetdwarf_amdgpu::stop::PartView::of(&loc, &target);
                    (result.parts, result.names) = c_parts(&parts);
                    if read_bytes > 0 {
                        // A size past what u64 bits count is past every limit too.
                        let bits = (read_bytes as u64).saturating_mul(8);
                        match eval::read(&mut *wave, &loc, 0, bits) {
                            Ok(bits) => result.bytes(&bits),
                            Err(e) => result.fail(&e),
                        }
                    }
                }
            }
            // SAFETY: the caller's callback, given a value that lives across the call.
            if unsafe { callback(user, &result.c(lane, active)) } != 0 {
                stopped = true;
                break;
            }
        }
        HdCode::HdOk
    });
    walked(code, stopped)
}

/// One lane's result, owned while the callback runs.
#[derive(Default)]
struct LaneResult {
    code: Option<HdCode>,
    location: Option<CString>,
    parts: Vec<HdLocationPart>,
    names: Vec<Option<CString>>,
    data: Vec<u8>,
    availability: Vec<HdByte>,
    error: Option<CString>,
}

impl LaneResult {
    fn fail(&mut self, e: &eval::Error) {
        self.code = Some(HdCode::from(hetdwarf::Error::from(e.clone()).kind()));
        self.error = Some(c_string(&hetdwarf::error_chain(e)));
    }

    fn bytes(&mut self, bits: &eval::Bits) {
        (self.data, self.availability) = split_bits(bits);
        if let Some(why) = bits.unavailable_cause() {
            self.error = Some(c_string(&hetdwarf::error_chain(why)));
        }
    }

    fn c(&self, lane: Option<u32>, active: bool) -> HdEvalResult {
        let ptr = |s: &Option<CString>| s.as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
        fn slice<T>(v: &[T]) -> *const T {
            if v.is_empty() {
                std::ptr::null()
            } else {
                v.as_ptr()
            }
        }
        HdEvalResult {
            lane: lane.map_or(-1, i64::from),
            active: i32::from(active),
            code: self.code.unwrap_or(HdCode::HdOk),
            location: ptr(&self.location),
            parts: slice(&self.parts),
            nparts: self.parts.len(),
            bytes: slice(&self.data),
            nbytes: self.data.len(),
            availability: slice(&self.availability),
            error: ptr(&self.error),
        }
    }
}

/// `bits` as bytes (0 where not valid) and each byte's availability
/// ([`Bits::byte_status`](eval::Bits::byte_status)).
pub(crate) fn split_bits(bits: &eval::Bits) -> (Vec<u8>, Vec<HdByte>) {
    bits.data()
        .iter()
        .enumerate()
        .map(|(i, &b)| match bits.byte_status(i) {
            eval::BitStatus::Valid => (b, HdByte::HdByteValid),
            eval::BitStatus::OptimizedOut => (0, HdByte::HdByteOptimizedOut),
            _ => (0, HdByte::HdByteUnavailable),
        })
        .unzip()
}

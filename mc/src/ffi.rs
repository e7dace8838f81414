//! The C interface of the shim over LLVM's MC layer (`shim/amdgpu_mc.cpp`).

use std::ffi::{c_char, c_void};

/// Facts of one decoded instruction, as the shim fills them.
#[repr(C)]
#[derive(Default)]
pub(crate) struct RawInstruction {
    pub size: u32,
    pub opcode: u32,
    pub flags: u32,
    pub n_defs: u32,
    pub n_uses: u32,
}

unsafe extern "C" {
    pub(crate) fn hd_mc_new(
        cpu: *const c_char,
        features: *const c_char,
        error: *mut c_char,
        error_cap: usize,
    ) -> *mut c_void;
    pub(crate) fn hd_mc_free(mc: *mut c_void);
    pub(crate) fn hd_mc_register_count(mc: *const c_void) -> u32;
    pub(crate) fn hd_mc_register_name(mc: *const c_void, reg: u32) -> *const c_char;
    pub(crate) fn hd_mc_register_leaves(
        mc: *const c_void,
        reg: u32,
        out: *mut u32,
        cap: u32,
    ) -> u32;
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn hd_mc_decode(
        mc: *const c_void,
        bytes: *const u8,
        len: usize,
        address: u64,
        inst: *mut RawInstruction,
        text: *mut c_char,
        text_cap: usize,
        defs: *mut u32,
        uses: *mut u32,
        cap: u32,
    );
}

//! The C interface of the shim over LLVM's MC layer (`shim/amdgpu_mc.cpp`), a shared
//! library loaded on first use: a command that decodes no machine code never maps LLVM.

use std::ffi::{CString, c_char, c_int, c_void};
use std::sync::OnceLock;

/// Facts of one decoded instruction, as the shim fills them.
#[repr(C)]
#[derive(Default)]
pub(crate) struct RawInstruction {
    pub size: u32,
    pub opcode: u32,
    pub flags: u32,
    pub n_defs: u32,
    pub n_uses: u32,
    pub has_imm: u32,
    pub imm: i64,
}

unsafe extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *const c_char;
}

const RTLD_NOW: c_int = 2;

type New = unsafe extern "C" fn(*const c_char, *const c_char, *mut c_char, usize) -> *mut c_void;
type Free = unsafe extern "C" fn(*mut c_void);
type Count = unsafe extern "C" fn(*const c_void) -> u32;
type OpcodeName = unsafe extern "C" fn(*const c_void, u32) -> *const c_char;
type Name = unsafe extern "C" fn(*const c_void, u32) -> *const c_char;
type Leaves = unsafe extern "C" fn(*const c_void, u32, *mut u32, u32) -> u32;
type Decode = unsafe extern "C" fn(
    *const c_void,
    *const u8,
    usize,
    u64,
    *mut RawInstruction,
    *mut c_char,
    usize,
    *mut u32,
    *mut u32,
    u32,
);

/// The shim's entry points.
pub(crate) struct Shim {
    pub new: New,
    pub free: Free,
    pub register_count: Count,
    pub opcode_name: OpcodeName,
    pub register_name: Name,
    pub register_leaves: Leaves,
    pub decode: Decode,
}

/// The shim, loaded once (from `HETDWARF_MC_SHIM` at run time if set, else where the
/// build put it); the error says why it could not be.
pub(crate) fn shim() -> Result<&'static Shim, String> {
    static SHIM: OnceLock<Result<Shim, String>> = OnceLock::new();
    SHIM.get_or_init(load).as_ref().map_err(Clone::clone)
}

fn load() -> Result<Shim, String> {
    let path =
        std::env::var("HETDWARF_MC_SHIM").unwrap_or_else(|_| env!("HETDWARF_MC_SHIM").to_string());
    let c_path = CString::new(path.clone()).map_err(|_| format!("{path}: a NUL in the path"))?;
    // SAFETY: a NUL-terminated path; the library stays loaded for the whole program.
    let handle = unsafe { dlopen(c_path.as_ptr(), RTLD_NOW) };
    if handle.is_null() {
        // SAFETY: dlerror returns a NUL-terminated message or null.
        let why = unsafe {
            let e = dlerror();
            if e.is_null() {
                "unknown error".to_string()
            } else {
                std::ffi::CStr::from_ptr(e).to_string_lossy().into_owned()
            }
        };
        return Err(format!("loading the LLVM shim {path}: {why}"));
    }
    let symbol = |name: &str| -> Result<*mut c_void, String> {
        let c = CString::new(name).expect("no NUL in a symbol name");
        // SAFETY: a live handle and a NUL-terminated name.
        let p = unsafe { dlsym(handle, c.as_ptr()) };
        if p.is_null() {
            Err(format!("{path} has no {name}"))
        } else {
            Ok(p)
        }
    };
    // SAFETY: each symbol is the shim's function of exactly this signature.
    unsafe {
        Ok(Shim {
            new: std::mem::transmute::<*mut c_void, New>(symbol("hd_mc_new")?),
            free: std::mem::transmute::<*mut c_void, Free>(symbol("hd_mc_free")?),
            register_count: std::mem::transmute::<*mut c_void, Count>(symbol(
                "hd_mc_register_count",
            )?),
            opcode_name: std::mem::transmute::<*mut c_void, OpcodeName>(symbol(
                "hd_mc_opcode_name",
            )?),
            register_name: std::mem::transmute::<*mut c_void, Name>(symbol("hd_mc_register_name")?),
            register_leaves: std::mem::transmute::<*mut c_void, Leaves>(symbol(
                "hd_mc_register_leaves",
            )?),
            decode: std::mem::transmute::<*mut c_void, Decode>(symbol("hd_mc_decode")?),
        })
    }
}

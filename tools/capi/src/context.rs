//! A context made of C callbacks: a debugger answers register and memory reads from its
//! live process (or anything else it holds) exactly as a Rust [`Context`] does, and reads
//! the variables of the frame at a PC through them.

use std::ffi::{c_char, c_void};

use hetdwarf::eval::{Context, Error, Result};
use hetdwarf::target::Target;

/// Reads `size` bytes of DWARF register `reg` from byte `offset` into `buf` (a vector
/// register is the whole wave's: lane L's dword at byte 4·L). Return 0 when every byte was
/// read, nonzero when they cannot be (the bytes are then shown as unavailable).
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
/// spaces, of lane `lane`; -1 for none) into `buf`. Return 0 on success.
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

/// The wave a debugger is stopped in, answered by its callbacks.
#[repr(C)]
pub struct HdContext {
    /// Handed back to every callback.
    pub user: *mut c_void,
    /// The processor (`"gfx90a"`), which fixes the register and address-space layout.
    pub processor: *const c_char,
    /// Lanes in the wave (32 or 64).
    pub wave_size: u32,
    /// The PC as a code-object address (the loaded PC minus `load_bias`).
    pub pc: u64,
    /// Added to code-object addresses (`DW_OP_addr`) to reach loaded ones.
    pub load_bias: u64,
    /// Lanes in the EXEC mask (bit L = lane L); lanes outside it read as inactive.
    pub exec: u64,
    /// Register reads.
    pub read_register: HdReadRegisterFn,
    /// Memory reads.
    pub read_memory: HdReadMemoryFn,
}

/// [`HdContext`] as a [`Context`].
pub(crate) struct CallbackContext<'c> {
    pub(crate) c: &'c HdContext,
    pub(crate) target: Target,
}

impl Context for CallbackContext<'_> {
    fn target(&self) -> &Target {
        &self.target
    }

    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        if frame != 0 {
            return Err(Error::missing(format!(
                "registers of frame {frame} (a callback context has frame 0 only)"
            )));
        }
        let Some(read) = self.c.read_register else {
            return Err(Error::missing(
                "register access (no read_register callback)",
            ));
        };
        // SAFETY: the debugger's callback, given a buffer of `buf.len()` bytes.
        match unsafe { read(self.c.user, reg, offset, buf.as_mut_ptr(), buf.len()) } {
            0 => Ok(()),
            _ => Err(Error::unavailable(format!(
                "the debugger cannot read {} bytes of {} at byte {offset}",
                buf.len(),
                self.target.register_label(reg)
            ))),
        }
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
        match unsafe {
            read(
                self.c.user,
                aspace,
                lane,
                address,
                buf.as_mut_ptr(),
                buf.len(),
            )
        } {
            0 => Ok(()),
            _ => Err(Error::unavailable(format!(
                "the debugger cannot read {} bytes at {address:#x} of address space {aspace}",
                buf.len()
            ))),
        }
    }

    fn relocate(&self, address: u64) -> u64 {
        address.wrapping_add(self.c.load_bias)
    }
}

//! How a processor addresses scratch (private) memory from its stack registers.
//!
//! With MUBUF scratch (GFX9 up to gfx90a, GFX10) the stack and frame pointers (SGPR32,
//! SGPR33) hold *wave-scaled* offsets into the wave's scratch: the per-lane address is the
//! register shifted right by log2(wave size). With flat scratch (gfx94x, gfx95x, GFX11,
//! GFX12) they hold per-lane offsets. AMD's LLVM spells this out in its CFI and
//! expressions; upstream clang does not, so a consumer of its `DW_OP_fbreg` must know.

/// Whether `processor`'s stack registers hold wave-scaled scratch offsets.
pub fn stack_is_wave_scaled(processor: &str) -> bool {
    let Some(rest) = processor.strip_prefix("gfx") else {
        return false;
    };
    let flat = rest.starts_with("94")
        || rest.starts_with("95")
        || rest.starts_with("11")
        || rest.starts_with("12")
        || rest.starts_with("9-4");
    !flat
}

/// The right shift that turns a stack register into a per-lane scratch address:
/// log2(wave size) for wave-scaled processors, else 0.
pub fn frame_base_shift(processor: &str, wave_size: u32) -> u32 {
    if stack_is_wave_scaled(processor) {
        wave_size.trailing_zeros()
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mubuf_and_flat_scratch_targets() {
        assert_eq!(frame_base_shift("gfx900", 64), 6);
        assert_eq!(frame_base_shift("gfx90a", 64), 6);
        assert_eq!(frame_base_shift("gfx1030", 32), 5);
        assert_eq!(frame_base_shift("gfx942", 64), 0);
        assert_eq!(frame_base_shift("gfx1100", 32), 0);
        assert_eq!(frame_base_shift("gfx1200", 32), 0);
    }
}

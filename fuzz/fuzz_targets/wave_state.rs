//! Wave-state loader fuzz target: `WaveState::from_json` must never panic on arbitrary
//! bytes; a state that loads must save, load back identical, and save to the same text;
//! reads through every address space must not panic either.
#![no_main]

use hetdwarf::eval::Backend;
use hetdwarf_amdgpu::WaveState;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(mut state) = WaveState::from_json(&text) else {
        return;
    };
    let saved = state.to_json();
    let back = WaveState::from_json(&saved)
        .unwrap_or_else(|e| panic!("saved state does not load: {e}\n{saved}"));
    assert!(back == state, "round trip changed the state");
    assert_eq!(back.to_json(), saved, "saving is not canonical");
    // Poke at the state: every address space, a lane, a few registers.
    let _ = state.set_lane(Some(data.len() as u32 % state.wave_size()));
    let mut buf = [0u8; 8];
    for aspace in 0..7 {
        for addr in [
            0u64,
            0x10,
            0xffff_fffc,
            0x1_0000_0000_0000,
            0x2_0000_0000_0010,
            u64::MAX - 3,
        ] {
            let _ = state.read_memory(aspace, None, addr, &mut buf);
        }
    }
    for reg in [1u64, 16, 17, 32, 128, 768, 1088, 1536, 2560, 3072, 4000] {
        let _ = state.read_register(reg, 0, 0, &mut buf[..4]);
    }
});

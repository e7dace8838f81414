//! Decodes arbitrary bytes as AMDGPU machine code for a processor the first byte picks:
//! offering LLVM a lone dword first must change no answer, and facts answered from the
//! disassembler's cache must equal those decoded afresh. Nothing may panic or hang.

#![no_main]

include!("../harness/mc_decode.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| run_mc_decode_input(data));

//! DIOp text: parse, print back, check, simplify, lower in every style, and compare the
//! reference evaluation with the DWARF evaluation of hetdwarf's lowering.

#![no_main]

include!("../harness/diop.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    run_diop_input(data);
});

//! Evaluates arbitrary expression bytes against a context whose registers and memory are a
//! function of the input: decode, evaluate (every result kind), then read and write
//! through the resulting location. Nothing may panic, hang or allocate without bound.

#![no_main]

include!("../harness/eval.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| run_eval_input(data));

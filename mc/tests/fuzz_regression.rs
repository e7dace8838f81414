//! Replays the committed corpus of the machine-code fuzz target (`fuzz/corpus/mc_decode/`:
//! code from the corpus's objects of each generation, and what `cargo fuzz run mc_decode`
//! found) through the same harness, in a plain `cargo test`.

include!("../../fuzz/harness/mc_decode.rs");

#[test]
fn machine_code_fuzz_corpus_replays() {
    // As the other machine-code tests: a build without LLVM fails them rather than passing
    // what it cannot run.
    if !hetdwarf_mc::available() {
        panic!("built without LLVM 22: install llvm-22-dev (tools/setup.sh)");
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/mc_decode");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/corpus/mc_decode") {
        let data = std::fs::read(entry.expect("entry").path()).expect("read");
        run_mc_decode_input(&data);
        n += 1;
    }
    assert!(n >= 8, "only {n} corpus inputs");
}

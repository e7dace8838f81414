//! Replays the committed corpus of the machine-code fuzz target (`fuzz/corpus/mc_decode/`:
//! code from the corpus's objects of each generation, and what `cargo fuzz run mc_decode`
//! found) through the same harness, in a plain `cargo test`.

include!("../../fuzz/harness/mc_decode.rs");

#[test]
fn machine_code_fuzz_corpus_replays() {
    if !hetdwarf_mc::available() {
        eprintln!("machine code is unavailable in this build: nothing to replay");
        return;
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

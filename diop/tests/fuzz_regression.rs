//! Replays the committed corpus of the DIOp fuzz target (`fuzz/corpus/diop/`: every DIOp
//! expression of the tests and of the corpus modules, plus what `cargo fuzz run diop`
//! found) through the same harness in a plain `cargo test`.

include!("../../fuzz/harness/diop.rs");

#[test]
fn diop_fuzz_corpus_replays_without_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/diop");
    let (mut n, mut well_formed, mut compared) = (0, 0, 0);
    for entry in std::fs::read_dir(&dir).expect("fuzz/corpus/diop") {
        let data = std::fs::read(entry.expect("entry").path()).expect("read");
        let o = run_diop_input(&data);
        n += 1;
        well_formed += usize::from(o.well_formed);
        compared += usize::from(o.compared);
    }
    eprintln!("{n} inputs, {well_formed} well-formed, {compared} compared");
    assert!(n >= 1500, "only {n} corpus inputs");
    assert!(well_formed >= 600, "{well_formed} of {n} well-formed");
    assert!(compared >= 300, "{compared} of {n} compared");
}

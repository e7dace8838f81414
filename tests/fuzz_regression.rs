//! Replays the committed corpus of the evaluator fuzz target (`fuzz/corpus/eval/`, a sample
//! of what `cargo fuzz run eval` found) through the same harness, so that every input
//! that once reached new code keeps working in a plain `cargo test`.

include!("../fuzz/harness/eval.rs");

#[test]
fn evaluator_fuzz_corpus_replays_without_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/eval");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/corpus/eval") {
        let data = std::fs::read(entry.expect("entry").path()).expect("read");
        run_eval_input(&data);
        n += 1;
    }
    assert!(n >= 100, "only {n} corpus inputs");
}

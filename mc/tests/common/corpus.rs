// The plain AMDGPU code objects (ELF, `e_machine` 224) under the workspace's `corpora/`,
// rocRAND's when `tools/fetch-rocrand.sh` has fetched them, sorted: the objects the
// machine-code tests decode. Included (`include!`) by `mc/src/decode.rs`'s tests,
// `mc/tests/objdump.rs` and `tools/tests/code.rs`, crates one level below the root.

/// Every plain AMDGPU code object under `corpora/`, sorted.
fn corpus_objects() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if let Ok(bytes) = std::fs::read(&p)
                // A plain AMDGPU ELF (EM_AMDGPU = 224); bundles and host objects are
                // containers that llvm-objdump does not open.
                && bytes.len() > 20
                && bytes.starts_with(b"\x7fELF")
                && bytes[18] == 224
            {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora"),
        &mut out,
    );
    out.sort();
    out
}

//! The C ABI as a C program uses it: the committed header is what cbindgen makes of the
//! source; `examples/locals.c`, built with the system C compiler against the static
//! library, prints for every frame and lane what `hetdwarf locals --format json` prints
//! on the same corpus objects and states, and runs clean under valgrind.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use common::{build_c, corpus, crate_dir, valgrind_clean};

/// `target/<profile>/`, where the test binary's `deps/` is.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().to_path_buf()
}

fn generated_header() -> String {
    let config = cbindgen::Config::from_file(crate_dir().join("cbindgen.toml")).unwrap();
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir().join("src/lib.rs"))
        .generate()
        .expect("cbindgen")
        .write(&mut out);
    String::from_utf8(out).unwrap()
}

/// The header in the repository is cbindgen's output for the source (set
/// `HETDWARF_BLESS=1` to rewrite it after changing the ABI).
#[test]
fn the_committed_header_is_what_cbindgen_generates() {
    let path = crate_dir().join("include/hetdwarf.h");
    let made = generated_header();
    if std::env::var_os("HETDWARF_BLESS").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == made,
        "include/hetdwarf.h drifted from the source: rerun with HETDWARF_BLESS=1"
    );
}

/// Builds examples/locals.c once per test process.
fn example() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| build_c("examples/locals.c", "locals"))
        .clone()
}

/// Corpus objects with saved states stopped in them.
const CASES: &[(&str, &str)] = &[
    ("rocm/ocl-gfx90a-O0.hsaco", "demo-ocl-gfx90a-O0.json"),
    ("rocm/ocl-gfx90a-O0.hsaco", "unwind-ocl-gfx90a-O0.json"),
    ("rocm/ocl-gfx90a-O2.hsaco", "unwind-ocl-gfx90a-O2.json"),
    ("rocm/hip-gfx90a-O0.hsaco", "unwind-hip-gfx90a-O0.json"),
    ("rocm/ocl-gfx1100-O0.hsaco", "unwind-ocl-gfx1100-O0.json"),
];

/// (frame, die, lane) -> (value text or None, whether it is optimized out).
type Values = BTreeMap<(u64, u64, i64), (Option<String>, bool)>;

fn from_c(object: &str, state: &str) -> (Values, u64) {
    let out = Command::new(example())
        .args([object, state])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut values = Values::new();
    let mut frames = 0;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let frame = v["frame"].as_u64().unwrap();
        frames = frames.max(frame + 1);
        values.insert(
            (
                frame,
                v["die"].as_u64().unwrap(),
                v["lane"].as_i64().unwrap(),
            ),
            (
                v["value"].as_str().map(str::to_string),
                v["status"] == "optimized_out",
            ),
        );
    }
    (values, frames)
}

fn from_cli(object: &str, state: &str, frames: u64) -> Values {
    let cli = target_dir().join("hetdwarf");
    let mut values = Values::new();
    for frame in 0..frames {
        let out = Command::new(&cli)
            .args([
                "locals",
                object,
                "--state",
                state,
                "--all-lanes",
                "--format",
                "json",
            ])
            .args(["--frame", &frame.to_string()])
            .output()
            .expect("target/<profile>/hetdwarf: cargo test --workspace builds it (or cargo build -p hetdwarf-tools)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for var in doc["variables"].as_array().unwrap() {
            let die = var["die"].as_u64().unwrap();
            for lane in var["lanes"].as_array().unwrap() {
                values.insert(
                    (frame, die, lane["lane"].as_i64().unwrap()),
                    (
                        lane["value"].as_str().map(str::to_string),
                        lane["tree"]["kind"] == "optimized_out",
                    ),
                );
            }
        }
    }
    values
}

#[test]
fn the_c_example_prints_what_locals_prints() {
    for (object, state) in CASES {
        let object = corpus(object);
        let state = corpus(&format!("states/{state}"));
        let (c, frames) = from_c(&object, &state);
        assert!(frames >= 1 && !c.is_empty(), "{object} {state}");
        let cli = from_cli(&object, &state, frames);
        assert_eq!(c, cli, "{object} {state}");
    }
}

#[test]
fn the_c_example_runs_clean_under_valgrind() {
    let (object, state) = CASES[1];
    valgrind_clean(
        &example(),
        &[corpus(object), corpus(&format!("states/{state}"))],
    );
}

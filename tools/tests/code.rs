//! `hetdwarf code` and `--explain` on real code objects: instructions as llvm-objdump-22
//! prints them, the covering entries as `vars` lists them, and explanations that the code
//! bears out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// llvm-objdump-22's instruction text by address.
fn objdump(file: &str) -> BTreeMap<u64, String> {
    let out = Command::new("llvm-objdump-22")
        .args(["-d", file])
        .output()
        .expect("llvm-objdump-22 runs (tools/setup.sh installs it)");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let body = l.strip_prefix('\t')?;
            let cut = body.rfind("// ")?;
            let addr = body[cut + 3..].split(':').next()?;
            Some((
                u64::from_str_radix(addr, 16).ok()?,
                body[..cut].trim_end().to_string(),
            ))
        })
        .collect()
}

/// The DIEs of the variables whose location-list entries apply at `pc`, as `vars` says.
fn vars_applying(file: &str, pc: u64) -> BTreeSet<u64> {
    let v = json(&[
        "vars",
        file,
        "--pc",
        &format!("{pc:#x}"),
        "--format",
        "json",
    ]);
    let mut out = BTreeSet::new();
    for scope in v["scopes"].as_array().unwrap() {
        for var in scope["variables"].as_array().unwrap() {
            let loc = &var["location"];
            if loc["kind"] == "loclist"
                && loc["entries"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|e| e["applies"] == true)
            {
                out.insert(var["die"].as_u64().unwrap());
            }
        }
    }
    out
}

#[test]
fn code_shows_objdumps_text_and_the_entries_vars_lists() {
    let mut compared_pcs = 0;
    let mut compared_instructions = 0;
    for rel in ["rocm/hip-gfx90a-O2.hsaco", "clang22/hip-gfx1100-O2.hsaco"] {
        let file = corpus(rel);
        let theirs = objdump(&file);

        let code = json(&["code", &file, "--format", "json"]);
        for f in code["functions"].as_array().unwrap() {
            let insts = f["instructions"].as_array().unwrap();
            assert!(
                !insts.is_empty(),
                "{rel}: {} has no instructions",
                f["function"]
            );
            for (k, i) in insts.iter().enumerate() {
                let address = i["address"].as_u64().unwrap();
                assert_eq!(
                    Some(i["text"].as_str().unwrap()),
                    theirs.get(&address).map(String::as_str),
                    "{rel} {address:#x}"
                );
                assert_eq!(
                    i["bytes"].as_str().unwrap().len(),
                    2 * i["size"].as_u64().unwrap() as usize
                );
                compared_instructions += 1;
                // Every 8th instruction: the list entries covering it are the ones `vars`
                // says apply there.
                if k % 8 == 0 {
                    let ours: BTreeSet<u64> = i["locations"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|l| l["kind"] == "list")
                        .map(|l| l["die"].as_u64().unwrap())
                        .collect();
                    assert_eq!(ours, vars_applying(&file, address), "{rel} {address:#x}");
                    compared_pcs += 1;
                }
            }
        }
    }
    println!("{compared_instructions} instructions, {compared_pcs} PCs compared");
    assert!(compared_pcs > 20);
}

/// The instruction of `file` at `address`, as `code --format json` gives it.
fn instruction(file: &str, address: u64) -> Value {
    let code = json(&[
        "code",
        file,
        "--pc",
        &format!("{address:#x}..{:#x}", address + 1),
        "--format",
        "json",
    ]);
    code["functions"][0]["instructions"][0].clone()
}

#[test]
fn explain_is_borne_out_by_the_code() {
    let file = corpus("rocm/hip-gfx90a-O2.hsaco");
    let state = corpus("states/rocm-hip-gfx90a-O2.json");
    let locals = json(&[
        "locals",
        &file,
        "--state",
        &state,
        "--explain",
        "--format",
        "json",
    ]);
    let pc = locals["pc"].as_u64().unwrap();
    let mut checked = BTreeMap::<&str, usize>::new();
    for v in locals["variables"].as_array().unwrap() {
        let x = &v["explain"];
        assert!(x["why"].is_string(), "{v}");
        match x["state"].as_str().unwrap() {
            "absent" => {
                let prev = &x["previous"];
                if prev["cause"] == "overwritten" {
                    let at = &prev["instruction"];
                    let i = instruction(&file, at["address"].as_u64().unwrap());
                    // The instruction writes the register and ends where the location ends.
                    assert!(
                        i["defs"].as_array().unwrap().contains(&at["register"]),
                        "{x} / {i}"
                    );
                    assert_eq!(
                        i["address"].as_u64().unwrap() + i["size"].as_u64().unwrap(),
                        prev["end"].as_u64().unwrap()
                    );
                    assert!(prev["end"].as_u64().unwrap() <= pc);
                    *checked.entry("overwritten").or_default() += 1;
                }
                if let Some(next) = x["next"].as_u64() {
                    assert!(next > pc);
                    assert!(
                        vars_applying(&file, next).contains(&v["die"].as_u64().unwrap()),
                        "{x}"
                    );
                    *checked.entry("next").or_default() += 1;
                }
            }
            "present" => {
                if let Some(w) = x["last_write"].as_object() {
                    let i = instruction(&file, w["address"].as_u64().unwrap());
                    assert!(
                        i["defs"].as_array().unwrap().contains(&w["register"]),
                        "{x}"
                    );
                    assert!(i["address"].as_u64().unwrap() < pc);
                    *checked.entry("last_write").or_default() += 1;
                }
            }
            _ => {}
        }
    }
    // This state has each kind: a value overwritten, one located later, one last written.
    for kind in ["overwritten", "next", "last_write"] {
        assert!(
            checked.contains_key(kind),
            "no {kind} explanation: {checked:?}"
        );
    }
    let text = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(["locals", &file, "--state", &state, "--explain"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("    why: no location at 0x1a00; the last location (entry 0) ended at 0x1998, where `v_subrev_u32_e32 v1, s9, v0` at 0x1994 overwrote v1"),
        "{text}"
    );
}

include!("../../mc/tests/common/corpus.rs");

#[test]
fn code_answers_on_every_corpus_object() {
    let objects = corpus_objects();
    assert!(objects.len() >= 100, "{}", objects.len());
    let mut instructions = 0;
    for object in &objects {
        let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
            .arg("code")
            .arg(object)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            object.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        instructions += String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("  ") && !l.trim_start().starts_with([';', '┌']))
            .count();
    }
    println!(
        "{} objects, {instructions} instruction lines",
        objects.len()
    );
}

#[test]
fn explain_answers_on_every_end_to_end_state() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora/states/e2e");
    let mut states: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    states.sort();
    let mut explained = 0;
    for state in states {
        // clang14-hip-gfx90a-O0-accumulate.json: corpora/clang14/hip-gfx90a-O0.hsaco.
        let stem = state.file_stem().unwrap().to_string_lossy().into_owned();
        let (compiler, rest) = stem.split_once('-').unwrap();
        let object = corpus(&format!(
            "{compiler}/{}.hsaco",
            &rest[..rest.rfind('-').unwrap()]
        ));
        let doc = json(&[
            "locals",
            &object,
            "--state",
            state.to_str().unwrap(),
            "--explain",
            "--format",
            "json",
        ]);
        for v in doc["variables"].as_array().unwrap() {
            assert!(v["explain"]["why"].is_string(), "{stem}: {v}");
            explained += 1;
        }
    }
    assert!(explained > 50, "{explained}");
}

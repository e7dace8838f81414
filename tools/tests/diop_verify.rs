//! `hetdwarf verify --ir`: translation validation of DIOp records on the committed corpus
//! (modules and the objects AMD's fork compiled from them). Every location entry the fork
//! emitted is its wheel build's lowering byte for byte; the fork quirks that change
//! meaning are found with a counterexample state that reproduces in `hetdwarf eval` and
//! `hetdwarf diop eval`; an edited object and an edited module are caught.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn hetdwarf(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn verify_ir(module: &str, object: &str) -> Value {
    let m = root().join("corpora/diop").join(module);
    let o = root().join("corpora/diop").join(object);
    let (_, out, err) = hetdwarf(&[
        "verify",
        "--format",
        "json",
        "--ir-states",
        "300",
        "--ir",
        m.to_str().unwrap(),
        o.to_str().unwrap(),
    ]);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"))
}

fn diop_findings(v: &Value) -> BTreeSet<(String, String)> {
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["check"].as_str().unwrap().starts_with("diop-"))
        .map(|f| {
            (
                f["check"].as_str().unwrap().to_string(),
                f["name"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn every_emitted_entry_is_the_wheels_lowering() {
    for (module, objects) in [
        (
            "ops.ll",
            &[
                "ops-gfx90a-O0.o",
                "ops-gfx90a-O2.o",
                "ops-gfx1100-O0.o",
                "ops-gfx1100-O2.o",
            ][..],
        ),
        ("ocl-gfx90a-O0.ll", &["ocl-gfx90a-O0.o"][..]),
        ("ocl-gfx90a-O2.ll", &["ocl-gfx90a-O2.o"][..]),
        ("hip-gfx90a-O0.ll", &["hip-gfx90a-O0.o"][..]),
        ("hip-gfx1100-O2.ll", &["hip-gfx1100-O2.o"][..]),
    ] {
        for object in objects {
            let v = verify_ir(module, object);
            let ir = &v["coverage"]["files"][0]["ir"];
            let entries = ir["entries"].as_u64().unwrap();
            assert!(entries > 10, "{object}: {ir}");
            assert_eq!(
                ir["identical"]["wheel"].as_u64(),
                Some(entries),
                "{object}: {ir}"
            );
            assert!(
                ir["evaluated"].as_u64().unwrap() * 10 >= entries * 7,
                "{object}: {ir}"
            );
            // The clang modules' records mean what they say.
            if module != "ops.ll" {
                assert_eq!(diop_findings(&v), BTreeSet::new(), "{object}");
            }
        }
    }
}

#[test]
fn the_forks_quirks_are_found_with_counterexamples() {
    let v = verify_ir("ops.ll", "ops-gfx90a-O2.o");
    let want: BTreeSet<(String, String)> = [
        // Composite parts are emitted without converting a value to a location:
        // `DW_OP_lit7, DW_OP_piece 4` is memory at address 7.
        ("diop-lowering-mismatch", "v_composite_const"),
        // 32-bit operands are read zero-extended, then shifted/divided as 64-bit values.
        ("diop-lowering-mismatch", "v_ashr"),
        ("diop-lowering-mismatch", "v_div"),
        ("diop-lowering-mismatch", "v_mod"),
        // No masking to the IR width: a carry out of bit 31 is shifted back in.
        ("diop-lowering-mismatch", "v_lshr_wrap"),
        // What the wheel gives up on although DWARF expresses it.
        ("diop-lowering-dropped", "v_extend"),
        ("diop-lowering-dropped", "v_select"),
        ("diop-lowering-dropped", "v_referrer"),
        ("diop-lowering-dropped", "v_typeobject"),
        ("diop-lowering-dropped", "v_constant_float"),
        ("diop-lowering-dropped", "v_addrof_deref"),
        ("diop-lowering-dropped", "v_pushlane"),
        ("diop-lowering-dropped", "v_lane_offset"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(diop_findings(&v), want);
    // What DWARF could say for a dropped referrer is a location, not undefined again.
    let referrer = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "v_referrer")
        .unwrap();
    let message = referrer["message"].as_str().unwrap();
    assert!(
        message.contains("DWARF can express it: DW_OP_regx SGPR0 (SGPR0 stands for"),
        "{message}"
    );

    // The v_ashr counterexample reproduces on both sides.
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "v_ashr")
        .unwrap();
    let c = &f["counterexample"];
    let dir = std::env::temp_dir().join(format!("hetdwarf-diop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.json");
    std::fs::write(&state, serde_json::to_string(&c["state"]).unwrap()).unwrap();
    let lane = c["lane"].as_u64().unwrap().to_string();
    let expr = f["expression"].as_str().unwrap().replace(',', "");
    let (rc, out, err) = hetdwarf(&[
        "eval",
        "--state",
        state.to_str().unwrap(),
        "--lane",
        &lane,
        "--read",
        "bytes:4",
        &expr,
    ]);
    assert_eq!(rc, 0, "{err}");
    assert!(
        out.contains(&format!("(bytes {})", c["got"].as_str().unwrap())),
        "{out} vs {c}"
    );
    let mut args = vec![
        "diop",
        "eval",
        "--state",
        state.to_str().unwrap(),
        "--lane",
        &lane,
    ];
    let bindings: Vec<String> = c["arguments"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{i}={}", a.as_str().unwrap()))
        .collect();
    for b in &bindings {
        args.push("--arg");
        args.push(b);
    }
    args.push("DIOpArg(0, i32), DIOpArg(1, i32), DIOpAShr()");
    let (rc, out, err) = hetdwarf(&args);
    assert_eq!(rc, 0, "{err}");
    assert!(
        out.contains(&format!("(bytes {})", c["expected"].as_str().unwrap())),
        "{out} vs {c}"
    );
    assert_ne!(c["expected"], c["got"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_edited_object_and_an_edited_module_are_caught() {
    let dir = std::env::temp_dir().join(format!("hetdwarf-diop-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // v_add's `DW_OP_deref_size 4, DW_OP_plus, DW_OP_stack_value` becomes a subtraction.
    let mut bytes = std::fs::read(root().join("corpora/diop/ops-gfx90a-O2.o")).unwrap();
    let pat = [0x94, 0x04, 0x22, 0x9f];
    let at: Vec<usize> = bytes
        .windows(4)
        .enumerate()
        .filter(|(_, w)| *w == pat)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at.len(), 1, "v_add's entry is unique");
    bytes[at[0] + 2] = 0x1c;
    let edited = dir.join("edited.o");
    std::fs::write(&edited, &bytes).unwrap();
    let module = root().join("corpora/diop/ops.ll");
    let (rc, out, _) = hetdwarf(&[
        "verify",
        "--format",
        "json",
        "--ir",
        module.to_str().unwrap(),
        edited.to_str().unwrap(),
    ]);
    assert_eq!(rc, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "v_add")
        .expect("a finding for v_add");
    assert_eq!(f["check"], "diop-lowering-mismatch");
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .contains("not what the fork's lowering rules give"),
        "{f}"
    );
    assert!(f["expression"].as_str().unwrap().contains("DW_OP_minus"));

    // A record whose argument type does not fit its value.
    let text = std::fs::read_to_string(&module).unwrap();
    let bad = text.replacen(
        "#dbg_value(i32 %tid, !107, !DIExpression(DIOpArg(0, i32))",
        "#dbg_value(i32 %tid, !107, !DIExpression(DIOpArg(0, i64))",
        1,
    );
    assert!(bad != text, "the record to edit is in ops.ll");
    let bad_module = dir.join("bad.ll");
    std::fs::write(&bad_module, bad).unwrap();
    let object = root().join("corpora/diop/ops-gfx90a-O2.o");
    let (rc, out, _) = hetdwarf(&[
        "verify",
        "--ir",
        bad_module.to_str().unwrap(),
        object.to_str().unwrap(),
    ]);
    assert_eq!(rc, 1);
    assert!(
        out.contains("error[diop-ill-formed]")
            && out.contains("DIOpArg type must be same size in bits as argument"),
        "{out}"
    );

    // A record whose DIOp expression does not parse is an error naming its line; it
    // was skipped without a word, and the run passed.
    let line = text
        .lines()
        .position(|l| l.contains("#dbg_value(i32 %tid, !107, !DIExpression(DIOpArg(0, i32))"))
        .expect("the record")
        + 1;
    let garbled = text.replacen(
        "#dbg_value(i32 %tid, !107, !DIExpression(DIOpArg(0, i32))",
        "#dbg_value(i32 %tid, !107, !DIExpression(DIOpArgg(0, i32))",
        1,
    );
    let garbled_module = dir.join("garbled.ll");
    std::fs::write(&garbled_module, garbled).unwrap();
    let (rc, out, _) = hetdwarf(&[
        "verify",
        "--format",
        "json",
        "--ir",
        garbled_module.to_str().unwrap(),
        object.to_str().unwrap(),
    ]);
    assert_eq!(rc, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["check"] == "diop-ill-formed")
        .expect("a finding for the garbled record");
    let message = f["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "module line {line}: the expression does not parse"
        )),
        "{message}"
    );

    // A module cut short names metadata it no longer defines: malformed, not "ok".
    let cut = dir.join("cut.ll");
    std::fs::write(&cut, &text.as_bytes()[..2000]).unwrap();
    let (rc, _, err) = hetdwarf(&[
        "verify",
        "--ir",
        cut.to_str().unwrap(),
        object.to_str().unwrap(),
    ]);
    assert_eq!(rc, 1);
    assert!(err.contains("is not defined in the module"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A module that names none of the object's variables (another program's, or a file with
/// no DIOp records) checks nothing: `verify --ir` says so instead of passing silently; each
/// module against its own objects does not.
#[test]
fn a_module_matching_nothing_is_a_warning() {
    let unmatched = |v: &Value| -> Vec<String> {
        v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["check"] == "diop-module-unmatched")
            .map(|f| f["message"].as_str().unwrap().to_string())
            .collect()
    };
    let other = verify_ir("ops.ll", "ocl-gfx90a-O2.o");
    let found = unmatched(&other);
    assert_eq!(found.len(), 1, "{found:?}");
    // Nothing else is said of a module the object was not compiled from: its variables
    // were not "dropped" from functions the object does not have.
    for object in ["ocl-gfx90a-O2.o", "hip-gfx90a-O0.o"] {
        let v = verify_ir("ops.ll", object);
        let checks: BTreeSet<&str> = v["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["check"].as_str())
            .filter(|c| c.starts_with("diop-"))
            .collect();
        assert_eq!(
            checks,
            BTreeSet::from(["diop-module-unmatched"]),
            "{object}"
        );
    }
    assert!(
        found[0].contains("none of the IR module's 45 DIOp records"),
        "{found:?}"
    );
    assert!(
        other["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["check"] == "diop-module-unmatched" && f["severity"] == "warning")
    );
    // IR without DIOp records: a warning, which alone does not fail the run.
    let dir = std::env::temp_dir().join(format!("hetdwarf-ir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bare = dir.join("bare.ll");
    std::fs::write(
        &bare,
        "source_filename = \"bare.c\"\ndefine void @f() {\n  ret void\n}\n",
    )
    .unwrap();
    let o = root().join("corpora/diop/ops-gfx90a-O2.o");
    let (code, out, err) = hetdwarf(&[
        "verify",
        "--ir",
        bare.to_str().unwrap(),
        o.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("  the IR module (--ir):\n    warning[diop-module-unmatched]: the IR module holds no DIOp debug records (0 debug records in all)"),
        "{out}"
    );
    // Not IR at all (a note, /etc/passwd): refused, not read as a module without records.
    let text = dir.join("notes.txt");
    std::fs::write(&text, "just some text\nroot:x:0:0:root:/root:/bin/bash\n").unwrap();
    let (code, out, err) = hetdwarf(&[
        "verify",
        "--ir",
        text.to_str().unwrap(),
        o.to_str().unwrap(),
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("notes.txt: not LLVM IR text"), "{err}");
    for (module, object) in [
        ("ops.ll", "ops-gfx90a-O2.o"),
        ("ocl-gfx90a-O2.ll", "ocl-gfx90a-O2.o"),
        ("hip-gfx90a-O0.ll", "hip-gfx90a-O0.o"),
    ] {
        let v = verify_ir(module, object);
        assert!(unmatched(&v).is_empty(), "{module} {object}");
    }
}

/// A record whose constant operand is not the constant the DWARF binds is a mismatch:
/// `d = 1` edited to `d = 5` in the module leaves the object's `DW_OP_lit1` explained by
/// no record (each of `d`'s records lowers to a literal; only the constants differ).
#[test]
fn a_records_constant_is_the_constant_the_dwarf_binds() {
    let module = root().join("corpora/diop/ocl-gfx90a-O2.ll");
    let text = std::fs::read_to_string(&module).unwrap();
    let edited = text.replacen(
        "#dbg_value(i32 1, !84, !DIExpression(DIOpArg(0, i32))",
        "#dbg_value(i32 5, !84, !DIExpression(DIOpArg(0, i32))",
        1,
    );
    assert!(edited != text, "the record to edit is in the module");
    let dir = std::env::temp_dir().join(format!("hetdwarf-diop-const-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let edited_module = dir.join("edited.ll");
    std::fs::write(&edited_module, edited).unwrap();
    let object = root().join("corpora/diop/ocl-gfx90a-O2.o");
    let (rc, out, _) = hetdwarf(&[
        "verify",
        "--format",
        "json",
        "--ir",
        edited_module.to_str().unwrap(),
        object.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(rc, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        diop_findings(&v),
        BTreeSet::from([("diop-lowering-mismatch".to_string(), "d".to_string())])
    );
    let f = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "d")
        .unwrap();
    assert!(
        f["message"]
            .as_str()
            .unwrap()
            .contains("in the module, but the DWARF gives it as 1"),
        "{f}"
    );
}

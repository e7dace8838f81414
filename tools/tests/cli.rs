//! The command line on real inputs: every kind of input file, exit statuses, one-line
//! errors for bad files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora")
}

fn hetdwarf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf")
}

fn corpus(rel: &str) -> String {
    corpora().join(rel).to_string_lossy().into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn info_on_every_kind_of_input() {
    for (file, processor, expect) in [
        ("clang22/ocl-gfx90a-O2.o", None, "gfx90a"),
        ("clang22/ocl-gfx90a-O2.hsaco", None, "gfx90a"),
        ("bundle/hip3.hipfb", Some("gfx1100"), "gfx1100"),
        ("bundle/hip3.zstd-v3.ccob", Some("gfx90a:xnack-"), "gfx90a"),
        ("bundle/host-x86_64.so", Some("gfx1100"), "gfx1100"),
    ] {
        let path = corpus(file);
        let mut args = vec!["info", path.as_str()];
        if let Some(p) = processor {
            args.extend(["--processor", p]);
        }
        let out = hetdwarf(&args);
        assert!(out.status.success(), "{file}: {}", stderr(&out));
        assert!(
            stdout(&out).contains(&format!("processor:          {expect}")),
            "{file}: {}",
            stdout(&out)
        );
        args.extend(["--format", "json"]);
        let out = hetdwarf(&args);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(json["processor"], expect, "{file}");
        assert!(
            json["kernels"].as_array().is_some_and(|k| !k.is_empty()),
            "{file}"
        );
    }
}

#[test]
fn bundle_without_processor_lists_the_choices() {
    let out = hetdwarf(&["info", &corpus("bundle/hip3.hipfb")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("gfx1100") && err.contains("gfx90a"), "{err}");
}

#[test]
fn vars_on_object_and_linked_file_agree() {
    // The relocatable object's addresses are section offsets; the linked one's are
    // load addresses. Both describe the kernel `particles` of the same source.
    let linked = hetdwarf(&[
        "vars",
        &corpus("clang22/ocl-gfx90a-O2.hsaco"),
        "--pc",
        "0x1b40",
        "--format",
        "json",
    ]);
    assert!(linked.status.success(), "{}", stderr(&linked));
    let json: serde_json::Value = serde_json::from_slice(&linked.stdout).expect("JSON");
    let scopes = json["scopes"].as_array().expect("scopes");
    assert!(!scopes.is_empty());
    let names: Vec<&str> = scopes
        .iter()
        .flat_map(|s| s["variables"].as_array().into_iter().flatten())
        .filter_map(|v| v["name"].as_str())
        .collect();
    assert!(
        names.contains(&"acc") && names.contains(&"lane"),
        "{names:?}"
    );
    let text = hetdwarf(&[
        "vars",
        &corpus("clang22/ocl-gfx90a-O2.hsaco"),
        "--pc",
        "0x1b40",
    ]);
    assert!(stdout(&text).contains("DW_OP_bregx VGPR0+0, DW_OP_lit5, DW_OP_swap, DW_OP_xderef"));
}

#[test]
fn vars_shows_heterogeneous_operations() {
    let out = hetdwarf(&[
        "vars",
        &corpus("hand/user-gfx90a.hsaco"),
        "--pc",
        "0x1504",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("DW_OP_LLVM_user"), "{}", stdout(&out));
}

#[test]
fn bad_inputs_fail_with_one_line_and_status_1() {
    let dir = std::env::temp_dir().join(format!("hetdwarf-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original = std::fs::read(corpora().join("clang22/ocl-gfx90a-O2.hsaco")).unwrap();
    let mut wrong_machine = original.clone();
    wrong_machine[18] = 62; // EM_X86_64
    let mut wrong_class = original.clone();
    wrong_class[4] = 1; // ELFCLASS32
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "garbage",
            b"this is not a code object at all".to_vec(),
            "magic",
        ),
        ("truncated", original[..100].to_vec(), "truncated"),
        ("wrong-machine", wrong_machine, "machine"),
        ("wrong-class", wrong_class, "class"),
        ("empty", Vec::new(), ""),
    ];
    for (name, bytes, needle) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        for cmd in [&["info"][..], &["vars", "--pc", "0"][..]] {
            let mut args = vec![cmd[0], path.to_str().unwrap()];
            args.extend(&cmd[1..]);
            let out = hetdwarf(&args);
            assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
            let err = stderr(&out);
            assert_eq!(err.lines().count(), 1, "{name}: {err}");
            assert!(
                err.contains(path.to_str().unwrap()),
                "{name}: error must name the file: {err}"
            );
            assert!(err.to_lowercase().contains(needle), "{name}: {err}");
        }
    }
    let out = hetdwarf(&["info", dir.join("does-not-exist").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(hetdwarf(&[]).status.code(), Some(2));
    assert_eq!(
        hetdwarf(&["vars", &corpus("clang22/ocl-gfx90a-O2.hsaco")])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        hetdwarf(&["vars", "x", "--pc", "zz"]).status.code(),
        Some(2)
    );
}

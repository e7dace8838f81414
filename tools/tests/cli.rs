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
        // An entry id as the "choose one with --processor" error lists it.
        (
            "bundle/hip3.hipfb",
            Some("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"),
            "gfx90a",
        ),
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
fn a_command_for_one_code_object_lists_a_bundles_choices() {
    let out = hetdwarf(&["vars", &corpus("bundle/hip3.hipfb"), "--pc", "0"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("gfx1100") && err.contains("gfx90a"), "{err}");
}

/// `info` and `verify` go through every device entry of every container in
/// corpora/bundle/ (offload bundles, compressed bundles, host ELFs), each named.
#[test]
fn info_and_verify_cover_every_entry_of_a_container() {
    for file in [
        "hip3.hipfb",
        "hip3.zlib-v2.ccob",
        "hip3.zlib-v3.ccob",
        "hip3.zstd-v3.ccob",
        "host-x86_64.so",
        "host-x86_64-ccob.so",
    ] {
        let path = corpus(&format!("bundle/{file}"));
        let info = hetdwarf(&["info", &path, "--format", "json"]);
        assert_eq!(info.status.code(), Some(0), "{file}");
        let info: serde_json::Value = serde_json::from_slice(&info.stdout).expect("JSON");
        let device: Vec<&str> = info["bundle_entries"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["processor"].is_string())
            .map(|e| e["id"].as_str().unwrap())
            .collect();
        let objects: Vec<String> = info["code_objects"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["file"].as_str().unwrap().to_string())
            .collect();
        let named: Vec<String> = device.iter().map(|id| format!("{path}#{id}")).collect();
        assert_eq!(objects, named, "{file}");
        assert!(device.len() >= 2, "{file}: {device:?}");

        let verify = hetdwarf(&["verify", &path, "--format", "jsonl"]);
        let lines: Vec<serde_json::Value> = String::from_utf8(verify.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        let files: Vec<String> = lines
            .iter()
            .filter(|l| l["type"] == "file")
            .map(|l| l["file"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(files, named, "{file}");
        for finding in lines.iter().filter(|l| l["type"] == "finding") {
            assert!(
                named.iter().any(|n| finding["file"] == n.as_str()),
                "{finding}"
            );
        }
        let run = lines.last().unwrap();
        assert_eq!(run["type"], "run");
        assert_eq!(run["objects"], named.len());
    }
}

/// `--shard K/N` parts are disjoint and together are the unsharded run, over a directory
/// walked for code objects by content; every JSON line parses.
#[test]
fn shards_of_a_directory_partition_the_run() {
    let dir = corpus("");
    let lines = |args: &[&str]| -> Vec<String> {
        let out = hetdwarf(args);
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .filter(|l| {
                let v: serde_json::Value = serde_json::from_str(l).expect("each line is JSON");
                v["type"] != "run"
            })
            .map(str::to_string)
            .collect()
    };
    let mut whole = lines(&["verify", &dir, "--format", "jsonl"]);
    let objects = whole
        .iter()
        .filter(|l| l.contains(r#""type":"file""#))
        .count();
    assert!(objects > 100, "{objects} code objects under corpora/");
    let mut parts = Vec::new();
    let mut files_per_part = Vec::new();
    for k in 1..=3 {
        let part = lines(&[
            "verify",
            &dir,
            "--format",
            "jsonl",
            "--shard",
            &format!("{k}/3"),
        ]);
        let files: std::collections::BTreeSet<String> = part
            .iter()
            .filter(|l| l.contains(r#""type":"file""#))
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].to_string())
            .collect();
        files_per_part.push(files);
        parts.extend(part);
    }
    for i in 0..3 {
        for j in i + 1..3 {
            assert!(files_per_part[i].is_disjoint(&files_per_part[j]));
        }
    }
    whole.sort();
    parts.sort();
    assert_eq!(parts, whole);
}

/// A shard holding only an input that cannot be opened answers with the same failure
/// and run lines as any other shard, so that the shards' lines concatenate into the
/// unsharded run's (a lone failing input of a whole run is the command's own failure).
#[test]
fn a_shard_whose_only_input_fails_still_answers_with_records() {
    let bad = corpus("README.md");
    let good = corpus("clang22/ocl-gfx90a-O2.hsaco");
    let records = |extra: &[&str]| -> Vec<serde_json::Value> {
        let mut args = vec!["verify", bad.as_str(), good.as_str(), "--format", "jsonl"];
        args.extend_from_slice(extra);
        let out = hetdwarf(&args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect()
    };
    let first = records(&["--shard", "1/2"]);
    assert_eq!(first.len(), 2, "{first:?}");
    assert_eq!(first[0]["type"], "failure");
    assert_eq!(first[0]["file"], bad.as_str());
    assert_eq!(first[1]["type"], "run");
    let second = records(&["--shard", "2/2"]);
    let whole = records(&[]);
    let not_run = |v: &&serde_json::Value| v["type"] != "run";
    let parts: Vec<_> = first.iter().chain(&second).filter(not_run).collect();
    let whole: Vec<_> = whole.iter().filter(not_run).collect();
    assert_eq!(parts, whole);
}

/// A device or a named pipe given as a code object, a wave state or an IR module is
/// refused at once (reading `/dev/zero` never ended and grew without bound; opening a
/// pipe waited for a writer), in text and JSON.
#[test]
fn special_files_are_refused_not_read() {
    let dir = std::env::temp_dir().join(format!("hetdwarf-special-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_string_lossy().into_owned();
    let object = corpus("rocm/ocl-gfx90a-O0.hsaco");
    for special in ["/dev/zero", fifo.as_str()] {
        for args in [
            vec!["verify", special],
            vec!["info", special],
            vec!["locals", object.as_str(), "--state", special],
            vec!["verify", "--ir", special, object.as_str()],
            vec![
                "diop",
                "eval",
                "DIOpArg(0, i32)",
                "--state",
                special,
                "--arg",
                "0=s0",
            ],
        ] {
            for format in ["text", "json"] {
                let mut line = args.clone();
                if args[0] != "diop" {
                    line.extend(["--format", format]);
                }
                let out = Command::new("timeout")
                    .arg("20")
                    .arg(env!("CARGO_BIN_EXE_hetdwarf"))
                    .args(&line)
                    .output()
                    .expect("run hetdwarf");
                assert_ne!(out.status.code(), Some(124), "{line:?} hung");
                assert_ne!(out.status.code(), Some(0), "{line:?}");
                assert!(
                    stderr(&out).contains("not a regular file"),
                    "{line:?}: {}",
                    stderr(&out)
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `set --verbose` shows what `print --verbose` shows of the variable before the write:
/// the entries and the place written through (the flag was accepted and did nothing).
#[test]
fn set_verbose_shows_the_places_written_through() {
    let out = std::env::temp_dir().join(format!("hetdwarf-setv-{}.json", std::process::id()));
    let out = out.to_str().unwrap();
    let (object, state) = (corpus(DEMO_OBJECT), corpus(DEMO_STATE));
    let base = ["--state", state.as_str(), "--frame", "1"];
    let mut print = vec!["print", object.as_str()];
    print.extend(base);
    print.extend(["sink", "--verbose", "--lane", "0", "--format", "json"]);
    let printed: serde_json::Value = serde_json::from_slice(&hetdwarf(&print).stdout).unwrap();
    let mut set = vec!["set", object.as_str()];
    set.extend(base);
    set.extend([
        "--verbose",
        "--output",
        out,
        "sink",
        "3",
        "--format",
        "json",
    ]);
    let o = hetdwarf(&set);
    assert!(o.status.success(), "{}", stderr(&o));
    let answer: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let before = &answer["before"]["lanes"][0];
    assert_eq!(before["location"], printed["lanes"][0]["location"]);
    assert_eq!(before["entries"], printed["lanes"][0]["entries"]);
    assert!(before["entries"].as_array().is_some_and(|e| !e.is_empty()));
    set.truncate(set.len() - 2);
    let text = stdout(&hetdwarf(&set));
    assert!(text.contains("entry 0 DW_OP_regx SGPR33"), "{text}");
    assert!(text.contains("-> memory private_lane"), "{text}");
    let _ = std::fs::remove_file(out);
}

/// Lanes take hexadecimal as PCs and DIE offsets do (`--lane 0x5` was refused).
#[test]
fn lanes_may_be_given_in_hex() {
    let (object, state) = (corpus(DEMO_OBJECT), corpus(DEMO_STATE));
    let answer = |lane: &str| {
        let o = hetdwarf(&[
            "print", &object, "--state", &state, "--frame", "1", "sink", "--lane", lane,
        ]);
        assert!(o.status.success(), "{lane}: {}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(answer("0x5"), answer("5"));
    let o = hetdwarf(&["eval", "--state", &state, "--lane", "0x100000000", "lit0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("too large"), "{}", stderr(&o));
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
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
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

const DEMO_OBJECT: &str = "rocm/ocl-gfx90a-O0.hsaco";
const DEMO_STATE: &str = "states/demo-ocl-gfx90a-O0.json";

/// The demo state (made by `tools/make-demo-state.py`) holds lane L's locals of
/// leaf_mix (frame 0) and stage (frame 1) at the places AMD's LLVM described.
#[test]
fn locals_per_lane_in_two_frames() {
    let out = hetdwarf(&[
        "locals",
        &corpus(DEMO_OBJECT),
        "--state",
        &corpus(DEMO_STATE),
        "--lane",
        "5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("uint lane = 5"), "{text}");
    assert!(text.contains("float acc = 2.5"), "{text}");
    assert!(
        text.contains("int * generic_out = (int *) generic#0x10014"),
        "{text}"
    );
    let out = hetdwarf(&[
        "locals",
        &corpus(DEMO_OBJECT),
        "--state",
        &corpus(DEMO_STATE),
        "--frame",
        "1",
        "--lane",
        "7",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let vars = json["variables"].as_array().expect("variables");
    let value = |name: &str| {
        vars.iter()
            .find(|v| v["name"] == name)
            .and_then(|v| v["lanes"][0]["value"].as_str())
            .map(str::to_string)
    };
    assert_eq!(
        value("part").as_deref(),
        Some(
            "{pos = {7, 7.25, -7}, flags = {valid = 1, kind = 7, level = 0, delta = 0, spare = 0}, cookie = 3237998087}"
        )
    );
    assert_eq!(value("sink").as_deref(), Some("-7"));
    assert_eq!(value("r").as_deref(), Some("10.5"));
    assert_eq!(
        value("seed").as_deref(),
        Some(&*(0x1234_5678_0000_0000u64 + 7).to_string())
    );
}

#[test]
fn inactive_lanes_are_shown_not_evaluated() {
    let out = hetdwarf(&[
        "print",
        &corpus(DEMO_OBJECT),
        "--state",
        &corpus(DEMO_STATE),
        "lane",
        "--all-lanes",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let lanes = json["lanes"].as_array().expect("lanes");
    assert_eq!(lanes.len(), 64);
    for l in lanes {
        let lane = l["lane"].as_u64().unwrap();
        if (16..32).contains(&lane) {
            assert_eq!(l["active"], false, "lane {lane}");
            assert!(l["value"].is_null());
        } else {
            assert_eq!(l["value"], lane.to_string(), "lane {lane}");
        }
    }
}

#[test]
fn print_member_paths_and_provenance() {
    let out = hetdwarf(&[
        "print",
        &corpus(DEMO_OBJECT),
        "--state",
        &corpus(DEMO_STATE),
        "--frame",
        "1",
        "--lane",
        "3",
        "part.pos[1]",
    ]);
    assert_eq!(stdout(&out), "part.pos[1] = 3.25\n", "{}", stderr(&out));
    let out = hetdwarf(&[
        "print",
        &corpus(DEMO_OBJECT),
        "--state",
        &corpus(DEMO_STATE),
        "acc",
        "--verbose",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("DW_OP_regx SGPR33, DW_OP_deref_size 0x4, DW_OP_lit6, DW_OP_shr"),
        "{text}"
    );
    assert!(
        text.contains("-> memory private_lane 0xd4 (lane 0)"),
        "{text}"
    );
}

#[test]
fn set_writes_through_the_location_into_a_new_state() {
    let dir = std::env::temp_dir().join(format!("hetdwarf-set-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let new = dir.join("new.json");
    // `set` of the demo object's frame 1 into `new`, and `print` of `new` there.
    let set = |lane: &str, var: &str, value: &str| {
        hetdwarf(&[
            "set",
            &corpus(DEMO_OBJECT),
            "--state",
            &corpus(DEMO_STATE),
            "--frame",
            "1",
            "--lane",
            lane,
            var,
            value,
            "--output",
            new.to_str().unwrap(),
        ])
    };
    let read = |lane: &str, var: &str| {
        stdout(&hetdwarf(&[
            "print",
            &corpus(DEMO_OBJECT),
            "--state",
            new.to_str().unwrap(),
            "--frame",
            "1",
            "--lane",
            lane,
            var,
        ]))
    };
    let out = set("2", "part.cookie", "7");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read("2", "part.cookie"), "part.cookie = 7\n");
    assert_eq!(
        read("3", "part.cookie"),
        "part.cookie = 3237998083\n",
        "other lanes keep their values"
    );
    // A variable that is not in scope is an error naming it.
    let out = hetdwarf(&[
        "set",
        &corpus("rocm/ocl-gfx90a-O2.hsaco"),
        "--state",
        &corpus(DEMO_STATE),
        "x",
        "1",
        "--output",
        new.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no variable `x` in scope"),
        "{}",
        stderr(&out)
    );
    // A negative value needs no `--` before it (a signed bit-field of 12 bits).
    let out = set("2", "part.flags.delta", "-2048");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read("2", "part.flags.delta"), "part.flags.delta = -2048\n");
    // A float out of the type's range is refused, as an integer that does not fit is,
    // rather than stored as infinity; a tiny one rounds to zero, as C converts.
    for big in ["1e40", "3.4028236e38", "-1e300", "1e400"] {
        let out = set("5", "part.pos[2]", big);
        assert_eq!(out.status.code(), Some(1), "{big}: {}", stdout(&out));
        assert!(
            stderr(&out).contains("out of range of 32-bit floating point"),
            "{big}: {}",
            stderr(&out)
        );
    }
    // Nor does any other value starting with `-`.
    for ok in [
        "3.4028235e38",
        "-3.4028235e38",
        "inf",
        "1e-50",
        "-inf",
        "-1e-5",
        "-0x10",
    ] {
        let out = set("5", "part.pos[2]", ok);
        assert!(out.status.success(), "{ok}: {}", stderr(&out));
    }
    assert_eq!(read("5", "part.pos[2]"), "part.pos[2] = -16\n");
    std::fs::remove_dir_all(&dir).ok();
}

/// Upstream clang 22 at -O2 says `acc` is `DW_OP_bregx VGPR2+0, lit5, swap, xderef` on
/// [0x1b90, 0x1bb8): literally "load from private address VGPR2", but the machine code
/// accumulates `acc` in v2 per lane (`v_fma_f32 v2, ...` at 0x1b88, `v_fmac_f32 v2, ...` at
/// 0x1b94 and 0x1b9c in `llvm-objdump-22 -d`). The state holds v2 = 1.5 * lane.
#[test]
fn upstream_clang_register_values_read_per_lane() {
    let file = corpus("clang22/ocl-gfx90a-O2.hsaco");
    let state = corpus("states/clang22-ocl-gfx90a-O2.json");
    let out = hetdwarf(&[
        "print",
        &file,
        "--state",
        &state,
        "acc",
        "--all-lanes",
        "--format",
        "json",
        "--verbose",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for l in json["lanes"].as_array().expect("lanes") {
        let lane = l["lane"].as_u64().unwrap() as f32;
        assert_eq!(l["value"], (1.5 * lane).to_string(), "{l}");
        let conventions = &l["entries"][0]["conventions"];
        assert!(
            conventions.to_string().contains("xderef-on-register-value"),
            "{conventions}"
        );
    }
    let out = hetdwarf(&["locals", &file, "--state", &state, "--lane", "3"]);
    let text = stdout(&out);
    assert!(
        text.contains("int * generic_out = <optimized out>"),
        "{text}"
    );
    assert!(text.contains("int d = 0"), "{text}");
}

/// AMD's LLVM at -O2 (HIP, gfx90a): the pointer `in` lives in the SGPR pair s[14:15]
/// (`regx SGPR14, piece 4, regx SGPR15, piece 4, piece_end`), the `__shared__` array `tile`
/// in LDS at local address 0, `n` in s9 (not in the state: unavailable), `out` has no
/// location on this range (optimized out).
#[test]
fn sgpr_pair_pieces_lds_array_and_partial_state() {
    let file = corpus("rocm/hip-gfx90a-O2.hsaco");
    let state = corpus("states/rocm-hip-gfx90a-O2.json");
    let out = hetdwarf(&["locals", &file, "--state", &state, "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let value = |name: &str| -> String {
        json["variables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .map(|v| v["lanes"][0]["value"].as_str().unwrap_or("").to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        value("in"),
        "(const struct Sample *) generic#0x7fff00005000"
    );
    assert!(
        value("tile").starts_with("{0, 0.5, 1, 1.5, 2,"),
        "{}",
        value("tile")
    );
    assert!(value("tile").ends_with("63, 63.5}"), "{}", value("tile"));
    assert_eq!(value("n"), "<unavailable>");
    assert_eq!(value("out"), "<optimized out>");
    let out = hetdwarf(&["print", &file, "--state", &state, "tile[7]"]);
    assert_eq!(stdout(&out), "tile[7] = 3.5\n", "{}", stderr(&out));
}

/// Overlapping location-list entries (hand-written DWARF, `corpora/hand-verify/loclist.o`):
/// on [0x8, 0x10) `bad:loclist-overlap` lives both in lane slices of v8 and in s5. A read
/// may use either place; a write must update both, for the written lane only.
#[test]
fn multi_place_variables_read_any_place_and_write_every_place() {
    let file = corpus("hand-verify/loclist.o");
    let state = corpus("states/multi-place-gfx90a.json");
    let out = hetdwarf(&[
        "print",
        &file,
        "--state",
        &state,
        "bad:loclist-overlap",
        "--lane",
        "0",
        "--verbose",
    ]);
    let text = stdout(&out);
    assert!(
        text.starts_with("bad:loclist-overlap = 100\n"),
        "{text}{}",
        stderr(&out)
    );
    assert!(
        text.contains("-> register v8") && text.contains("-> register s5"),
        "{text}"
    );
    let dir = std::env::temp_dir().join(format!("hetdwarf-mp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let new = dir.join("new.json");
    let out = hetdwarf(&[
        "set",
        &file,
        "--state",
        &state,
        "bad:loclist-overlap",
        "7",
        "--lane",
        "0",
        "--output",
        new.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let new = new.to_str().unwrap();
    // v8's lane 0 (read through another variable located there) and s5 both changed.
    assert_eq!(
        stdout(&hetdwarf(&[
            "print",
            &file,
            "--state",
            new,
            "good:loclist",
            "--lane",
            "0"
        ])),
        "good:loclist = 7\n"
    );
    assert_eq!(
        stdout(&hetdwarf(&[
            "eval", "--state", new, "--read", "u32", "regx s5"
        ])),
        "register s5 = 7 (bytes 07000000)\n"
    );
    assert_eq!(
        stdout(&hetdwarf(&[
            "print",
            &file,
            "--state",
            new,
            "good:loclist",
            "--lane",
            "1"
        ])),
        "good:loclist = 101\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Inside an inlined subroutine of AMD's LLVM -O2 HIP object, `stride` is an implicit value
/// (`DW_OP_lit4, DW_OP_stack_value` on [0x1bc4, 0x1bf4)): it reads as 4 and cannot be
/// written.
#[test]
fn implicit_values_read_and_refuse_writes() {
    let file = corpus("rocm/hip-gfx90a-O2.hsaco");
    let state = corpus("states/rocm-hip-gfx90a-O2-inlined.json");
    assert_eq!(
        stdout(&hetdwarf(&["print", &file, "--state", &state, "stride"])),
        "stride = 4\n"
    );
    let out = hetdwarf(&[
        "set",
        &file,
        "--state",
        &state,
        "stride",
        "5",
        "--output",
        "/dev/null",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("stride") && err.to_lowercase().contains("implicit"),
        "{err}"
    );
}

/// Pointers are followed through their address space: `p` is a private pointer to the
/// caller's `part` (lane-private scratch), and a generic pointer set into the private
/// aperture (`private_base` 0x2000000000000 + 0xa0) resolves to the same lane's scratch.
#[test]
fn pointers_followed_through_address_spaces_and_apertures() {
    let file = corpus(DEMO_OBJECT);
    let state = corpus(DEMO_STATE);
    let print = |state: &str, what: &str| {
        stdout(&hetdwarf(&[
            "print", &file, "--state", state, what, "--lane", "5",
        ]))
    };
    assert_eq!(print(&state, "p->cookie"), "p->cookie = 3237998085\n");
    assert_eq!(print(&state, "p->pos[1]"), "p->pos[1] = 5.25\n");
    assert!(print(&state, "*p").starts_with("*p = {pos = {5, 5.25, -5}, "));
    let dir = std::env::temp_dir().join(format!("hetdwarf-ptr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let new = dir.join("new.json");
    let new = new.to_str().unwrap();
    let out = hetdwarf(&[
        "set",
        &file,
        "--state",
        &state,
        "generic_out",
        "0x20000000000a0",
        "--lane",
        "5",
        "--output",
        new,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // part.pos[0] = 5.0f, read as an int through the generic pointer.
    assert_eq!(
        print(new, "*generic_out"),
        format!("*generic_out = {}\n", 5.0f32.to_bits() as i32)
    );
    let out = hetdwarf(&["print", &file, "--state", &state, "*d", "--lane", "5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("`d` is not a pointer"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Hand-written DWARF (`corpora/hand-implicit/`, `tools/corpus/gen_implicit_dwarf.py`),
/// DWARF 5 and DWARF 4 (GNU spellings) with the same content.
const IMPLICIT_OBJECTS: [&str; 2] = [
    "hand-implicit/implicit-v5-gfx90a.hsaco",
    "hand-implicit/implicit-v4-gfx90a.hsaco",
];
/// Stopped in `callee` (0x1514), called by `kern`'s first call (return address 0x1620,
/// which has a call site DIE); EXEC has lane 5 off.
const IMPLICIT_STATE: &str = "states/implicit-gfx90a.json";
/// The same, returning to 0x1624: `kern`'s second call, which has no call site DIE.
const NO_CALL_SITE_STATE: &str = "states/implicit-nocallsite-gfx90a.json";

fn json_of(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stderr(o)))
}

/// `kern`'s implicit pointers (frame 1): `p` to `value` (SGPR20 = 42), `q` to `k`
/// (`DW_AT_const_value` 7 as `DW_FORM_data1`), `r` to `lane_val` (VGPR2 lane L = 100 + L),
/// `pe` to `pair` (`DW_AT_const_value` {10, 20}) + 4 bytes, and `holder.ptr` an implicit
/// pointer piece next to `holder.n` in SGPR21 = 5. They print as synthetic pointers,
/// dereference to their targets, and refuse writes; a write through one reaches the target.
#[test]
fn implicit_pointers_print_dereference_and_refuse_writes() {
    let state = corpus(IMPLICIT_STATE);
    for object in IMPLICIT_OBJECTS {
        let file = corpus(object);
        let print = |what: &str, extra: &[&str]| {
            let mut args = vec!["print", &file, "--state", &state, "--frame", "1", what];
            args.extend(extra);
            hetdwarf(&args)
        };
        let text = |what: &str| {
            let o = print(what, &[]);
            assert!(o.status.success(), "{object} {what}: {}", stderr(&o));
            stdout(&o)
        };
        assert_eq!(text("p"), "p = (int *) <synthetic pointer>\n", "{object}");
        assert_eq!(text("*p"), "*p = 42\n", "{object}");
        assert_eq!(text("*q"), "*q = 7\n", "{object}");
        assert_eq!(text("k"), "k = 7\n", "{object}");
        assert_eq!(
            text("pe"),
            "pe = (int *) <synthetic pointer> + 4\n",
            "{object}"
        );
        assert_eq!(text("*pe"), "*pe = 20\n", "{object}");
        assert_eq!(
            text("holder"),
            "holder = {ptr = (int *) <synthetic pointer>, n = 5}\n",
            "{object}"
        );
        assert_eq!(
            text("holder.ptr"),
            "holder.ptr = (int *) <synthetic pointer>\n",
            "{object}"
        );
        // JSON: the synthetic pointer names its target DIE, which is `k`'s.
        let q = json_of(&print("q", &["--format", "json"]));
        let k = json_of(&print("k", &["--format", "json"]));
        assert_eq!(
            q["lanes"][0]["tree"]["kind"], "synthetic_pointer",
            "{object}"
        );
        assert_eq!(q["lanes"][0]["tree"]["target_die"], k["die"], "{object}");
        assert_eq!(q["lanes"][0]["tree"]["offset"], 0, "{object}");
        // Per lane through the pointer: VGPR2 lane L = 100 + L, lane 5 inactive.
        let r = json_of(&print("*r", &["--all-lanes", "--format", "json"]));
        let lanes = r["lanes"].as_array().unwrap();
        assert_eq!(lanes.len(), 64);
        for l in lanes {
            let lane = l["lane"].as_u64().unwrap();
            if lane == 5 {
                assert_eq!(l["active"], false, "{object}");
                assert_eq!(l["value"], serde_json::Value::Null, "{object}");
            } else {
                assert_eq!(
                    l["value"],
                    format!("{}", 100 + lane),
                    "{object} lane {lane}"
                );
            }
        }
        // Writes: the pointer itself has no storage; through it, the target changes.
        for what in ["p", "holder.ptr"] {
            let out = hetdwarf(&[
                "set",
                &file,
                "--state",
                &state,
                "--frame",
                "1",
                what,
                "5",
                "--output",
                "/dev/null",
            ]);
            assert_eq!(out.status.code(), Some(1), "{object} {what}");
            let err = stderr(&out);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.contains(&format!("`{what}` is an implicit pointer")),
                "{object}: {err}"
            );
        }
        let dir = std::env::temp_dir().join(format!("hetdwarf-ip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let new = dir.join(object.replace('/', "-") + ".json");
        let new = new.to_str().unwrap();
        let out = hetdwarf(&[
            "set", &file, "--state", &state, "--frame", "1", "*p", "99", "--output", new,
        ]);
        assert!(out.status.success(), "{object}: {}", stderr(&out));
        assert_eq!(
            stdout(&hetdwarf(&[
                "eval", "--state", new, "--read", "u32", "regx s20"
            ])),
            "register s20 = 99 (bytes 63000000)\n"
        );
        // The constant behind `q` cannot be written.
        let out = hetdwarf(&[
            "set", &file, "--state", &state, "--frame", "1", "*q", "1", "--output", new,
        ]);
        assert_eq!(out.status.code(), Some(1), "{object}");
        assert!(
            stderr(&out).contains("implicit storage"),
            "{}",
            stderr(&out)
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// `DW_OP_LLVM_aspace_implicit_pointer` (legacy encoding 0xe9) in the local address
/// space: `lp` points to `value` (SGPR20 = 42).
#[test]
fn aspace_implicit_pointer_in_the_legacy_encoding() {
    let file = corpus("hand-implicit/implicit-legacy-gfx90a.hsaco");
    let state = corpus(IMPLICIT_STATE);
    let out = hetdwarf(&["print", &file, "--state", &state, "--frame", "1", "lp"]);
    assert_eq!(
        stdout(&out),
        "lp = (int *) <synthetic pointer>\n",
        "{}",
        stderr(&out)
    );
    let out = hetdwarf(&[
        "print", &file, "--state", &state, "--frame", "1", "lp", "--format", "json",
    ]);
    let j = json_of(&out);
    assert_eq!(
        j["lanes"][0]["location"],
        "implicit_pointer <0x178> in local"
    );
    let out = hetdwarf(&["print", &file, "--state", &state, "--frame", "1", "*lp"]);
    assert_eq!(stdout(&out), "*lp = 42\n", "{}", stderr(&out));
}

/// `callee`'s parameters are `DW_OP_entry_value(DW_OP_regx SGPRn)`. Returning to
/// 0x1620, `kern`'s call site answers SGPR4 with the caller's s10 (which the callee's CFI
/// keeps in s12 = 41; the live s10 is 0) and SGPR5 with the dword at the caller's frame
/// base + 16 (private_wave 0x10 = 1000); SGPR6 has no call site parameter and comes from
/// the CFI (same value, s6 = 66); SGPR7 has neither (the CFI marks it undefined).
#[test]
fn entry_values_from_the_callers_call_site_then_the_cfi() {
    let state = corpus(IMPLICIT_STATE);
    for object in IMPLICIT_OBJECTS {
        let file = corpus(object);
        let out = hetdwarf(&["locals", &file, "--state", &state]);
        assert!(out.status.success(), "{object}: {}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..4],
            [
                "frame 0 at pc 0x1514",
                "int n = 41",
                "int scale = 1000",
                "int entry_only = 66"
            ],
            "{object}: {text}"
        );
        assert!(
            lines[4].starts_with("int lost = <error: unavailable")
                && lines[4].contains("DW_OP_entry_value(s7) of DIE 0x")
                && lines[4].contains("has no parameter in s7"),
            "{object}: {text}"
        );
        let j = json_of(&hetdwarf(&[
            "locals", &file, "--state", &state, "--format", "json", "--lane", "9",
        ]));
        let vars = j["variables"].as_array().unwrap();
        let value = |name: &str| {
            let v = vars.iter().find(|v| v["name"] == name).unwrap();
            v["lanes"][0]["value"].clone()
        };
        assert_eq!(value("n"), "41", "{object}");
        assert_eq!(value("scale"), "1000", "{object}");
        assert_eq!(value("entry_only"), "66", "{object}");
        assert_eq!(value("lost"), serde_json::Value::Null, "{object}");
    }
}

/// Returning to 0x1624 (`kern`'s second call, no call site DIE): SGPR4 has no call site
/// and the CFI marks it undefined, so `n` is an error that names the DIEs; SGPR6 still
/// comes from the CFI.
#[test]
fn entry_values_without_a_matching_call_site() {
    let state = corpus(NO_CALL_SITE_STATE);
    for object in IMPLICIT_OBJECTS {
        let file = corpus(object);
        let out = hetdwarf(&["print", &file, "--state", &state, "n"]);
        assert_eq!(out.status.code(), Some(1), "{object}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("DW_OP_entry_value(s4) of DIE 0x")
                && err.contains("no call site in the caller `kern` (DIE 0x")
                && err.contains("returns to 0x1624")
                && err.contains("call frame information"),
            "{object}: {err}"
        );
        let out = hetdwarf(&[
            "print",
            &file,
            "--state",
            &state,
            "n",
            "--format",
            "json",
            "--all-lanes",
        ]);
        let j = json_of(&out);
        assert!(
            j["lanes"][0]["error"]
                .as_str()
                .is_some_and(|e| e.starts_with("unavailable")),
            "{object}: {j}"
        );
        let out = hetdwarf(&["print", &file, "--state", &state, "entry_only"]);
        assert_eq!(
            stdout(&out),
            "entry_only = 66\n",
            "{object}: {}",
            stderr(&out)
        );
    }
}

/// `d` (struct Derived, global 0x10000) has a virtual base whose location is
/// `[dup; deref; constu 24; minus; deref; plus]`: vptr 0x20018, vbase offset at 0x20000
/// = 16, so `Base::b` is the dword at 0x10010 = 22. `bx.shown` is at
/// `[push_object_address; LLVM_offset_uconst 4]` of `bx` (VGPR3 then VGPR4 lane slices):
/// VGPR4 lane L = 2000 + L.
#[test]
fn member_locations_computed_by_expressions() {
    let state = corpus(IMPLICIT_STATE);
    for object in IMPLICIT_OBJECTS {
        let file = corpus(object);
        let print = |what: &str, lane: &str| {
            stdout(&hetdwarf(&[
                "print", &file, "--state", &state, "--frame", "1", what, "--lane", lane,
            ]))
        };
        assert_eq!(
            print("d", "0"),
            "d = {<Base> = {b = 22}, _vptr.Derived = (int * *) 0x20018, a = 11}\n",
            "{object}"
        );
        assert_eq!(print("d.b", "0"), "d.b = 22\n", "{object}");
        assert_eq!(
            print("bx", "7"),
            "bx = {hidden = 1007, shown = 2007}\n",
            "{object}"
        );
        assert_eq!(print("bx.shown", "63"), "bx.shown = 2063\n", "{object}");
        let j = json_of(&hetdwarf(&[
            "print",
            &file,
            "--state",
            &state,
            "--frame",
            "1",
            "bx",
            "--all-lanes",
            "--format",
            "json",
        ]));
        let lanes = j["lanes"].as_array().unwrap();
        for l in lanes {
            let lane = l["lane"].as_u64().unwrap();
            if lane != 5 {
                assert_eq!(
                    l["value"],
                    format!("{{hidden = {}, shown = {}}}", 1000 + lane, 2000 + lane),
                    "{object}"
                );
            }
        }
    }
}

#[test]
fn a_lane_past_the_wave_size_is_an_error_not_an_inactive_lane() {
    let object = corpus("clang22/ocl-gfx1100-O2.hsaco");
    let state = corpus("states/e2e/clang22-ocl-gfx1100-O2-stage.json");
    for args in [
        vec!["print", &object, "--state", &state, "seed", "--lane", "37"],
        vec!["locals", &object, "--state", &state, "--lane", "32"],
        vec![
            "set",
            &object,
            "--state",
            &state,
            "seed",
            "1",
            "--lane",
            "40",
            "--output",
            "/dev/null",
        ],
    ] {
        let out = hetdwarf(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains("does not exist: the wave has 32 lanes"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // The last lane is fine.
    let out = hetdwarf(&["print", &object, "--state", &state, "seed", "--lane", "31"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Runs `print`/`set` and returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = hetdwarf(args);
    (o.status.code(), stdout(&o), stderr(&o))
}

/// Variable paths are C expressions evaluated step by step (docs/src/reference/variable-paths.md): a prefix `*`
/// applies to the whole postfix expression, `[i]` on a pointer is `*(p + i)`, and every
/// pointer followed is read where the path has got to. In `kern` (frame 1): `holder.ptr`
/// is an implicit pointer to `value` (SGPR20 = 42), `pe` an implicit pointer 4 bytes into
/// `pair` (`DW_AT_const_value` {10, 20}, 4-byte ints), `d` a `struct Derived` at global
/// 0x10000 whose `_vptr.Derived` (`int **`) holds 0x20018.
#[test]
fn variable_paths_through_implicit_pointers_and_dotted_members() {
    let state = corpus(IMPLICIT_STATE);
    for object in IMPLICIT_OBJECTS {
        let file = corpus(object);
        let print = |state: &str, what: &str, extra: &[&str]| {
            let mut args = vec!["print", &file, "--state", state, "--frame", "1", what];
            args.extend(extra);
            run(&args)
        };
        let text = |state: &str, what: &str| {
            let (code, out, err) = print(state, what, &[]);
            assert_eq!(code, Some(0), "{object} {what}: {err}");
            out
        };
        // C precedence: `*holder.ptr` is `*(holder.ptr)`, not `holder->ptr`.
        for what in [
            "*holder.ptr",
            "*(holder.ptr)",
            "holder.ptr[0]",
            "(*holder.ptr)",
        ] {
            assert_eq!(text(&state, what), format!("{what} = 42\n"), "{object}");
        }
        let (_, j, _) = print(&state, "*holder.ptr", &["--format", "json"]);
        let j: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(j["name"], "*holder.ptr");
        assert_eq!(j["type"], "int");
        assert_eq!(j["variable_type"], "struct Holder");
        assert_eq!(j["lanes"][0]["value"], "42");
        assert_eq!(j["lanes"][0]["tree"]["value"], 42, "{j}");
        assert!(j["lanes"][0]["error"].is_null());
        // Indexing through an implicit pointer: pe = &pair[1], so pe[-1] = pair[0].
        assert_eq!(text(&state, "pe[0]"), "pe[0] = 20\n");
        assert_eq!(text(&state, "pe[-1]"), "pe[-1] = 10\n");
        // A member whose name has a dot, followed twice after pointing it at itself:
        // d's first 8 bytes then hold 0x10000, so *vptr = (int *) 0x10000 and **vptr is
        // the int at 0x10000 (65536); vptr[0][2] is the int at 0x10008 (d.a = 11).
        assert_eq!(
            text(&state, "d._vptr.Derived"),
            "d._vptr.Derived = (int * *) 0x20018\n"
        );
        // vptr[-3]: the 8 bytes at 0x20000 (global) = 0x10, the virtual base offset.
        assert_eq!(
            text(&state, "d._vptr.Derived[-3]"),
            "d._vptr.Derived[-3] = (int *) 0x10\n"
        );
        let dir = std::env::temp_dir().join(format!(
            "hetdwarf-paths-{}-{}",
            std::process::id(),
            object.replace('/', "-")
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let self_ptr = dir.join("self.json");
        let self_ptr = self_ptr.to_str().unwrap();
        let (code, _, err) = run(&[
            "set",
            &file,
            "--state",
            &state,
            "--frame",
            "1",
            "d._vptr.Derived",
            "0x10000",
            "--output",
            self_ptr,
        ]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(
            text(self_ptr, "*d._vptr.Derived"),
            "*d._vptr.Derived = (int *) 0x10000\n"
        );
        assert_eq!(
            text(self_ptr, "**d._vptr.Derived"),
            "**d._vptr.Derived = 65536\n"
        );
        assert_eq!(
            text(self_ptr, "d._vptr.Derived[0][2]"),
            "d._vptr.Derived[0][2] = 11\n"
        );
        // `set` writes where the path ends: the int at 0x10000 (the low half of vptr).
        let written = dir.join("written.json");
        let written = written.to_str().unwrap();
        let (code, _, err) = run(&[
            "set",
            &file,
            "--state",
            self_ptr,
            "--frame",
            "1",
            "**d._vptr.Derived",
            "77",
            "--output",
            written,
        ]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(
            text(written, "d._vptr.Derived"),
            "d._vptr.Derived = (int * *) 0x4d\n"
        );
        // ... and through an implicit pointer: into `value`'s register.
        let (code, _, err) = run(&[
            "set",
            &file,
            "--state",
            &state,
            "--frame",
            "1",
            "*holder.ptr",
            "99",
            "--output",
            written,
        ]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(
            stdout(&hetdwarf(&[
                "eval", "--state", written, "--read", "u32", "regx s20"
            ])),
            "register s20 = 99 (bytes 63000000)\n"
        );
        std::fs::remove_dir_all(&dir).ok();
        // Each error names the step that failed, on one line.
        for (what, message) in [
            (
                "holder.nope",
                "`holder.nope`: struct Holder has no member `nope`",
            ),
            ("d.x", "`d.x`: struct Derived has no member `x`"),
            (
                "*holder.n",
                "`*holder.n`: `holder.n` is not a pointer (its type is int)",
            ),
            (
                "holder->n",
                "`holder->n`: `holder` is not a pointer (its type is struct Holder)",
            ),
            ("**p", "`**p`: `*p` is not a pointer (its type is int)"),
            ("pair[2]", "`pair[2]`: index 2 out of bounds [0, 2)"),
            ("pair[-1]", "`pair[-1]`: index -1 out of bounds [0, 2)"),
            ("k[1]", "`k[1]`: int is neither an array nor a pointer"),
            (
                "holder.n.x",
                "`holder.n.x`: int is not a structure, class or union",
            ),
            (
                "holder.ptr->x",
                "`holder.ptr->x`: int is not a structure, class or union",
            ),
            ("p->", "syntax: expected a name at the end of \"p->\""),
            ("(*p", "syntax: missing `)` at the end of \"(*p\""),
        ] {
            let (code, out, err) = print(&state, what, &[]);
            assert_eq!(code, Some(1), "{object} {what}: {out}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(message), "{object} {what}: {err}");
            let (code, _, err) = run(&[
                "set",
                &file,
                "--state",
                &state,
                "--frame",
                "1",
                what,
                "1",
                "--output",
                "/dev/null",
            ]);
            assert_eq!(code, Some(1), "{object} set {what}");
            assert!(err.contains(message), "{object} set {what}: {err}");
        }
    }
}

/// A pointer that is optimized out cannot be followed: AMD's -O2 HIP kernel has no
/// location for `out` (`double *`) at the state's PC.
#[test]
fn variable_paths_refuse_to_follow_an_optimized_out_pointer() {
    let file = corpus("rocm/hip-gfx90a-O2.hsaco");
    let state = corpus("states/rocm-hip-gfx90a-O2.json");
    let (code, out, _) = run(&["print", &file, "--state", &state, "out"]);
    assert_eq!((code, out.as_str()), (Some(0), "out = <optimized out>\n"));
    for what in ["*out", "out[3]"] {
        let (code, _, err) = run(&["print", &file, "--state", &state, what]);
        assert_eq!(code, Some(1), "{what}");
        assert!(
            err.contains(&format!(
                "`{what}`: `out` cannot be followed: optimized out"
            )),
            "{err}"
        );
    }
}

/// `[i]` on a pointer is `*(p + i)`, the element size from the pointee type, read through
/// the pointer's address space. clang 19 -O0 `stage` (gfx900): `tile` (`float *`, local
/// 0x80) points at floats k/2, so tile[5] is the dword at LDS 0x94 = 0x40200000 = 2.5;
/// `src` (`const float *`, generic 0x10000, global memory) at floats 100 + k, so src[3] is
/// 0x42ce0000 = 103. clang 22 HIP -O0 `accumulate` (gfx942): `samples` (`struct Sample *`,
/// 24 bytes: double value, bit fields bits {lo:5, mid, hi}, long long stamp) is generic
/// 0x2000000000200, the lane's private 0x200; for lane 37 the second Sample (private 0x218)
/// holds value 37.25, bits dword 0xfff6cca5 (lo 5, mid 101, hi -37) and stamp 37001.
#[test]
fn variable_paths_index_through_pointers() {
    let file = corpus("clang19/ocl-gfx900-O0.hsaco");
    let state = corpus("states/e2e/clang19-ocl-gfx900-O0-stage.json");
    let print = |state: &str, what: &str, lane: &str| {
        run(&["print", &file, "--state", state, what, "--lane", lane])
    };
    for (what, value) in [
        ("tile[5]", "2.5"),
        ("tile[0]", "0"),
        ("*tile", "0"),
        ("src[3]", "103"),
        ("(*src)", "100"),
    ] {
        let (code, out, err) = print(&state, what, "4");
        assert_eq!(code, Some(0), "{what}: {err}");
        assert_eq!(out, format!("{what} = {value}\n"));
    }
    // JSON: one lane, the value and the tree.
    let (_, j, _) = run(&[
        "print", &file, "--state", &state, "tile[5]", "--lane", "4", "--format", "json",
    ]);
    let j: serde_json::Value = serde_json::from_str(&j).unwrap();
    assert_eq!(j["name"], "tile[5]");
    // The element's type; the variable's beside it.
    assert_eq!(j["type"], "float");
    assert_eq!(j["variable_type"], "float *");
    assert_eq!(j["lanes"][0]["lane"], 4);
    assert_eq!(j["lanes"][0]["value"], "2.5");
    assert_eq!(j["lanes"][0]["tree"]["value"], 2.5, "{j}");
    // `set` writes the element the path ends at, nothing else.
    let dir = std::env::temp_dir().join(format!("hetdwarf-idx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let new = dir.join("tile.json");
    let new = new.to_str().unwrap();
    let (code, _, err) = run(&[
        "set", &file, "--state", &state, "tile[5]", "7.5", "--lane", "4", "--output", new,
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(print(new, "tile[5]", "4").1, "tile[5] = 7.5\n");
    assert_eq!(print(new, "tile[4]", "4").1, "tile[4] = 2\n");
    assert_eq!(print(new, "tile[6]", "4").1, "tile[6] = 3\n");
    std::fs::remove_dir_all(&dir).ok();

    let file = corpus("clang22/hip-gfx942-O0.hsaco");
    let state = corpus("states/e2e/clang22-hip-gfx942-O0-accumulate.json");
    let print =
        |what: &str, lane: &str| run(&["print", &file, "--state", &state, what, "--lane", lane]);
    for (what, lane, value) in [
        (
            "samples[1]",
            "37",
            "{value = 37.25, bits = {lo = 5, mid = 101, hi = -37}, stamp = 37001}",
        ),
        ("samples[1].bits.mid", "37", "101"),
        ("samples[1].stamp", "4", "4001"),
        ("samples->bits.hi", "37", "-37"),
        ("(*samples).stamp", "37", "37000"),
        ("(*samples).bits.mid", "37", "100"),
        ("samples[0].value", "4", "4"),
    ] {
        let (code, out, err) = print(what, lane);
        assert_eq!(code, Some(0), "{what}: {err}");
        assert_eq!(out, format!("{what} = {value}\n"), "lane {lane}");
    }
    let (_, j, _) = run(&[
        "print",
        &file,
        "--state",
        &state,
        "samples->bits.hi",
        "--lane",
        "37",
        "--format",
        "json",
    ]);
    let j: serde_json::Value = serde_json::from_str(&j).unwrap();
    assert_eq!(j["name"], "samples->bits.hi");
    assert_eq!(j["type"], "int");
    assert_eq!(j["variable_type"], "struct Sample *");
    assert_eq!(j["lanes"][0]["value"], "-37");
    for (what, message) in [
        (
            "samples->nope",
            "`samples->nope`: struct Sample has no member `nope`",
        ),
        (
            "count->x",
            "`count->x`: `count` is not a pointer (its type is int)",
        ),
        ("clamped[4]", "`clamped[4]`: index 4 out of bounds [0, 4)"),
        (
            "*clamped",
            "`*clamped`: `clamped` is not a pointer (its type is int[4])",
        ),
    ] {
        let (code, _, err) = print(what, "37");
        assert_eq!(code, Some(1), "{what}");
        assert!(err.contains(message), "{what}: {err}");
    }
}

#[test]
fn a_failed_read_says_what_the_wave_state_lacks() {
    // The demo state without its scalar and vector registers and memory.
    let text = std::fs::read_to_string(corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&text).unwrap();
    state["registers"] = serde_json::json!({});
    state.as_object_mut().unwrap().remove("memory");
    let dir = std::env::temp_dir().join(format!("hetdwarf-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bare.json");
    std::fs::write(&path, state.to_string()).unwrap();
    let o = hetdwarf(&[
        "locals",
        &corpus("rocm/ocl-gfx90a-O0.hsaco"),
        "--state",
        path.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    fn errors(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    match (k.as_str(), x) {
                        ("error", serde_json::Value::String(e)) => out.push(e.clone()),
                        _ => errors(x, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| errors(x, out)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    errors(&j, &mut found);
    let errors = found;
    assert!(!errors.is_empty(), "{j}");
    // The evaluator's words, then the wave state's own: the cause is kept.
    for e in &errors {
        assert!(
            e.contains("cannot read") && e.contains("is not in the wave state"),
            "{e}"
        );
    }
}

#[test]
fn an_unavailable_value_says_why() {
    // The demo state without its memory: every local lives in scratch.
    let text = std::fs::read_to_string(corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&text).unwrap();
    state.as_object_mut().unwrap().remove("memory");
    let dir = std::env::temp_dir().join(format!("hetdwarf-nomem-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nomem.json");
    std::fs::write(&path, state.to_string()).unwrap();
    let run = |format: &str| {
        hetdwarf(&[
            "locals",
            &corpus("rocm/ocl-gfx90a-O0.hsaco"),
            "--state",
            path.to_str().unwrap(),
            "--format",
            format,
        ])
    };
    let (json, text) = (run("json"), run("text"));
    let _ = std::fs::remove_dir_all(&dir);
    let j: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("JSON");
    let lanes: Vec<&serde_json::Value> = j["variables"]
        .as_array()
        .expect("variables")
        .iter()
        .flat_map(|v| v["lanes"].as_array().unwrap())
        .collect();
    assert!(!lanes.is_empty(), "{j}");
    for l in lanes {
        assert_eq!(l["value"], "<unavailable>", "{l}");
        let why = l["unavailable_because"].as_str().expect("a reason");
        assert!(why.contains("private_wave memory at 0x"), "{why}");
        assert!(why.contains("is not in the wave state"), "{why}");
    }
    assert!(
        stdout(&text).contains("<unavailable> (unavailable: private_wave memory at 0x"),
        "{}",
        stdout(&text)
    );
}

#[test]
fn disasm_reads_hex_pairs_as_bytes_and_prints_any_bytes() {
    let text = |args: &[&str]| {
        let o = hetdwarf(args);
        (o.status.code(), stdout(&o).trim_end().to_string())
    };
    // One hex pair is a byte, not assembler text.
    assert_eq!(text(&["disasm", "1a"]), (Some(0), "DW_OP_and".into()));
    // Bytes that do not decode print as llvm-dwarfdump-22 prints them.
    assert_eq!(
        text(&["disasm", "ff"]),
        (Some(0), "<decoding error> ff".into())
    );
    assert_eq!(
        text(&["disasm", "28 03 00"]),
        (Some(0), "DW_OP_bra +3".into())
    );
    assert_eq!(
        text(&["disasm", "91 7f 1a ff 00"]),
        (
            Some(0),
            "DW_OP_fbreg -1, DW_OP_and, <decoding error> ff 00".into()
        )
    );
    let o = hetdwarf(&["disasm", "--format", "json", "91 7f 1a ff 00"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(j["decode_error"], "unknown opcode 0xff at offset 3", "{j}");
    assert_eq!(j["operations"], serde_json::Value::Null, "{j}");
    // --text and --bytes force the reading.
    assert_eq!(
        text(&["disasm", "--text", "and"]),
        (Some(0), "DW_OP_and".into())
    );
    assert_eq!(text(&["disasm", "--bytes", "and"]).0, Some(1));
    assert_eq!(text(&["disasm", "--text", "1a"]).0, Some(1));
}

#[test]
fn json_mode_failures_answer_on_stdout() {
    let missing = "/nonexistent/code.hsaco";
    let state = corpus("states/demo-ocl-gfx90a-O0.json");
    let readme = corpora().join("../README.md");
    let readme = readme.to_str().unwrap();
    let bundle = corpus("bundle/hip3.hipfb");
    let demo = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let other = corpus("rocm/ocl-gfx1100-O0.hsaco");
    let out = std::env::temp_dir()
        .join(format!("hetdwarf-failures-{}.json", std::process::id()))
        .to_str()
        .unwrap()
        .to_string();
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("io", vec!["info", missing]),
        ("io", vec!["vars", missing, "--pc", "0x10"]),
        ("io", vec!["verify", missing]),
        ("io", vec!["print", missing, "--state", &state, "x"]),
        ("io", vec!["locals", missing, "--state", &state]),
        ("io", vec!["backtrace", missing, "--state", &state]),
        ("io", vec!["eval", "--state", missing, "DW_OP_lit1"]),
        ("malformed", vec!["eval", "--state", readme, "DW_OP_lit1"]),
        // A code object given for the state: not a state, rather than an I/O failure.
        ("malformed", vec!["eval", "--state", &demo, "DW_OP_lit1"]),
        ("malformed", vec!["locals", &demo, "--state", &demo]),
        ("usage", vec!["disasm", "--bytes", "zz"]),
        ("usage", vec!["disasm", "--text", "DW_OP_nonsense"]),
        ("malformed", vec!["vars", readme, "--pc", "0x10"]),
        ("usage", vec!["vars", &bundle, "--pc", "0x10"]),
        ("malformed", vec!["eval", "--state", &state, "ff"]),
        // Requests a frame command cannot carry out as asked.
        (
            "usage",
            vec!["print", &demo, "--state", &state, "no_such_variable"],
        ),
        ("usage", vec!["print", &demo, "--state", &state, "x[["]),
        (
            "usage",
            vec!["print", &demo, "--state", &state, "--lane", "999", "d"],
        ),
        (
            "usage",
            vec!["locals", &demo, "--state", &state, "--frame", "9"],
        ),
        ("usage", vec!["locals", &other, "--state", &state]),
        (
            "usage",
            vec![
                "set",
                &demo,
                "--state",
                &state,
                "no_such_variable",
                "1",
                "--output",
                &out,
            ],
        ),
        (
            "io",
            vec![
                "set", &demo, "--state", &state, "d", "1", "--output", missing,
            ],
        ),
        ("io", vec!["verify", &demo, "--ir", missing]),
    ];
    for (kind, mut args) in cases {
        args.extend(["--format", "json"]);
        let o = hetdwarf(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let j: serde_json::Value = serde_json::from_str(&stdout(&o))
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON ({e}): {}", stdout(&o)));
        assert_eq!(j["error"]["kind"], kind, "{args:?}: {j}");
        let message = j["error"]["message"].as_str().unwrap_or("");
        assert!(!message.is_empty(), "{args:?}: {j}");
        // The same words reach stderr, for people.
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    // A frame command's failure names the file it is about: the code object, the state
    // for a lane the wave does not have, the output file that cannot be written.
    let unwritable = "/nonexistent-dir/new.json";
    for (args, file, says) in [
        (
            vec!["print", &demo, "--state", &state, "no_such_variable"],
            demo.as_str(),
            "no variable `no_such_variable` in scope",
        ),
        (
            vec!["locals", &demo, "--state", &state, "--frame", "9"],
            demo.as_str(),
            "no frame 9: the wave has 4 frames",
        ),
        (
            vec!["print", &demo, "--state", &state, "--lane", "999", "d"],
            state.as_str(),
            "lane 999 does not exist",
        ),
        (
            vec![
                "set", &demo, "--state", &state, "d", "1", "--output", unwritable,
            ],
            unwritable,
            "",
        ),
    ] {
        let o = hetdwarf(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let line = stderr(&o);
        assert_eq!(line.lines().count(), 1, "{line}");
        assert!(
            line.starts_with(&format!("hetdwarf: {file}: ")) && line.contains(says),
            "{args:?}: {line}"
        );
    }
    // A command line that does not parse is a usage error, status 2, and the document
    // names what is wrong: the value refused, the argument missing.
    for (args, says) in [
        (
            vec!["verify", &demo, "--shard", "5/3"],
            "invalid value '5/3' for '--shard <K/N>'",
        ),
        (
            vec!["vars", &demo],
            "the following required arguments were not provided: --pc <PC>",
        ),
        (
            vec!["info"],
            "the following required arguments were not provided: <FILE>",
        ),
    ] {
        let mut args = args.clone();
        args.extend(["--format", "json"]);
        let o = hetdwarf(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let j: serde_json::Value = serde_json::from_str(&stdout(&o))
            .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON ({e}): {}", stdout(&o)));
        assert_eq!(j["error"]["kind"], "usage", "{args:?}: {j}");
        let message = j["error"]["message"].as_str().unwrap_or("");
        assert!(message.starts_with(says), "{args:?}: {message}");
    }
}

/// Every `register N` in `text` that is not spelled `DWARF register N` (kept for registers
/// the target has no name for).
fn bare_register_numbers(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, _) in text.match_indices("register ") {
        let after = &text[i + "register ".len()..];
        if after.starts_with(|c: char| c.is_ascii_digit()) && !text[..i].ends_with("DWARF ") {
            found.push(text[i.saturating_sub(60)..(i + 30).min(text.len())].to_string());
        }
    }
    found
}

#[test]
fn messages_name_registers_as_users_know_them() {
    let mut objects = Vec::new();
    let mut dirs = vec![corpora()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("hsaco" | "o" | "co")
            ) {
                objects.push(p);
            }
        }
    }
    assert!(objects.len() >= 10, "{objects:?}");
    let mut bare = Vec::new();
    for o in &objects {
        let out = hetdwarf(&["verify", o.to_str().unwrap(), "--format", "json"]);
        bare.extend(bare_register_numbers(&stdout(&out)));
        bare.extend(bare_register_numbers(&stderr(&out)));
    }
    // Reads that fail name the register too.
    let text = std::fs::read_to_string(corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&text).unwrap();
    state["registers"] = serde_json::json!({});
    let dir = std::env::temp_dir().join(format!("hetdwarf-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bare.json");
    std::fs::write(&path, state.to_string()).unwrap();
    let out = hetdwarf(&[
        "locals",
        &corpus("rocm/ocl-gfx90a-O0.hsaco"),
        "--state",
        path.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(stdout(&out).contains("register s33"), "{}", stdout(&out));
    bare.extend(bare_register_numbers(&stdout(&out)));
    assert!(
        bare.is_empty(),
        "{} messages with a bare register number: {bare:#?}",
        bare.len()
    );
}

/// Through a path, `print` says where the member or element lives and its type, beside the
/// variable's own (clang 22 HIP at -O0: `clamped` is `int[4]` at fbreg+48 in private
/// memory; `samples` a `struct Sample *` whose `bits` member is at offset 8 of a 24-byte
/// struct, per llvm-dwarfdump-22).
#[test]
fn print_through_a_path_shows_where_the_path_ends() {
    let file = corpus("clang22/hip-gfx942-O0.hsaco");
    let state = corpus("states/e2e/clang22-hip-gfx942-O0-accumulate.json");
    let json = |path: &str| -> serde_json::Value {
        let out = hetdwarf(&[
            "print", &file, "--state", &state, path, "--lane", "3", "--format", "json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        serde_json::from_str(&stdout(&out)).unwrap()
    };
    let whole = json("clamped");
    assert_eq!(whole["type"], "int[4]");
    let base = whole["lanes"][0]["location"].as_str().unwrap().to_string();
    assert_eq!(base, "memory private_lane 0x70 (lane 3)");
    assert!(whole["lanes"][0].get("variable_location").is_none());
    assert!(whole.get("variable_type").is_none());

    let element = json("clamped[2]");
    assert_eq!(element["type"], "int");
    assert_eq!(element["variable_type"], "int[4]");
    assert_eq!(
        element["lanes"][0]["location"],
        "memory private_lane 0x78 (lane 3)"
    );
    assert_eq!(element["lanes"][0]["variable_location"], base.as_str());

    let pointer = json("samples");
    let samples = pointer["lanes"][0]["value"].as_str().unwrap().to_string();
    assert!(samples.ends_with("generic#0x2000000000200"), "{samples}");
    let member = json("samples[1].bits");
    assert_eq!(member["type"], "struct Packed");
    assert_eq!(member["variable_type"], "struct Sample *");
    // 0x200 + 1 * 0x18 + 0x8
    assert_eq!(
        member["lanes"][0]["location"],
        "memory generic 0x2000000000220 (lane 3)"
    );

    let out = hetdwarf(&[
        "print",
        &file,
        "--state",
        &state,
        "clamped[2]",
        "--lane",
        "3",
        "--verbose",
    ]);
    assert!(
        stdout(&out).contains("    clamped[2] is at memory private_lane 0x78 (lane 3)\n"),
        "{}",
        stdout(&out)
    );
}

/// `eval --code-object FILE` evaluates in the frame at the state's PC, so operations that
/// need a frame work: `DW_OP_call_frame_cfa` is the CFA `backtrace` shows for each frame
/// (`--frame K`), and `DW_OP_fbreg` uses the subprogram's frame base. Without it they
/// fail for want of context.
#[test]
fn eval_in_a_frame_of_a_code_object() {
    let file = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let state = corpus("states/demo-ocl-gfx90a-O0.json");
    let eval = |extra: &[&str]| {
        let mut args = vec!["eval", "--state", &state, "--lane", "5"];
        args.extend_from_slice(extra);
        hetdwarf(&args)
    };
    let out = eval(&["call_frame_cfa"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("missing context"), "{}", stderr(&out));
    let bt = stdout(&hetdwarf(&["backtrace", &file, "--state", &state]));
    for (frame, cfa) in [("0", "private_wave#0x3000"), ("1", "private_wave#0x2000")] {
        assert!(bt.contains(&format!("CFA {cfa}")), "{bt}");
        let out = eval(&["--code-object", &file, "--frame", frame, "call_frame_cfa"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let hex = cfa.split('#').nth(1).unwrap();
        assert_eq!(
            stdout(&out),
            format!("lane 5: memory private_wave {hex}\n"),
            "frame {frame}"
        );
    }
    let out = eval(&["fbreg 0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("frame base"), "{}", stderr(&out));
    let out = eval(&["--code-object", &file, "fbreg 0"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = eval(&["--code-object", &file, "--frame", "9", "call_frame_cfa"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no frame 9: the wave has 4 frames"),
        "{}",
        stderr(&out)
    );
    // In a frame, the expression is read as its unit reads its own: upstream clang's
    // fbreg is private memory of the lane (print reads clamped[2] = 7 there).
    let clang = corpus("clang22/hip-gfx942-O0.hsaco");
    let clang_state = corpus("states/e2e/clang22-hip-gfx942-O0-accumulate.json");
    let out = hetdwarf(&[
        "eval",
        "--state",
        &clang_state,
        "--code-object",
        &clang,
        "--lane",
        "3",
        "--read",
        "u32",
        "fbreg 56",
    ]);
    assert_eq!(
        stdout(&out),
        "rewritten by fbreg-private: DW_OP_fbreg +56, DW_OP_constu 0x5, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address\nlane 3: memory private_lane 0x78 (lane 3) = 7 (bytes 07000000)\n",
        "{}",
        stderr(&out)
    );
    let out = hetdwarf(&[
        "eval",
        "--state",
        &clang_state,
        "--code-object",
        &clang,
        "--frame",
        "3",
        "call_frame_cfa",
    ]);
    assert!(
        stderr(&out).starts_with(&format!(
            "hetdwarf: {clang}: no frame 3: the wave has 1 frame"
        )),
        "{}",
        stderr(&out)
    );
    // --frame without a code object is a usage error.
    let out = eval(&["--frame", "1", "call_frame_cfa"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `verify DIR` over a directory with no AMDGPU code (empty, or only other files) fails
/// instead of reporting success over nothing; an empty shard of real inputs is fine.
#[test]
fn verify_of_nothing_fails() {
    let dir = std::env::temp_dir().join(format!("hetdwarf-nothing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    for _ in 0..2 {
        for format in ["text", "json", "jsonl"] {
            let o = hetdwarf(&["verify", d, "--format", format]);
            assert_eq!(o.status.code(), Some(1), "{format}");
            assert!(
                stderr(&o).contains(&format!("{d}: nothing to verify")),
                "{}",
                stderr(&o)
            );
        }
        // Every shard of nothing fails too.
        let o = hetdwarf(&["verify", d, "--shard", "1/2", "--format", "json"]);
        assert_eq!(o.status.code(), Some(1));
        let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(j["error"]["kind"], "usage", "{j}");
        assert!(
            j["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("nothing to verify")),
            "{j}"
        );
        std::fs::write(dir.join("notes.txt"), "not a code object\n").unwrap();
    }
    std::fs::remove_dir_all(&dir).ok();
    let o = hetdwarf(&[
        "verify",
        &corpus("hand-verify/loclist.o"),
        "--shard",
        "2/2",
        "--format",
        "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"objects\":0"), "{}", stdout(&o));
}

/// A per-lane expression evaluated without a lane says how to choose one.
#[test]
fn eval_without_a_lane_says_how_to_choose_one() {
    let state = corpus("states/gfx90a-wave64.json");
    let expr = "regx v1 LLVM_push_lane lit4 mul LLVM_offset";
    let o = hetdwarf(&["eval", "--state", &state, expr]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o)
            .contains("a current lane is required (choose one with --lane N, or --all-lanes)"),
        "{}",
        stderr(&o)
    );
    let o = hetdwarf(&["eval", "--state", &state, "--lane", "3", expr]);
    assert_eq!(stdout(&o), "lane 3: register v1 bit 96\n", "{}", stderr(&o));
}

/// `set` says whose location it wrote through: the first active lane by default, the
/// lane asked for otherwise, and that a lane outside EXEC is inactive.
#[test]
fn set_names_the_lane_it_wrote_through() {
    let file = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let state = corpus("states/demo-ocl-gfx90a-O0.json");
    let out = std::env::temp_dir().join(format!("hetdwarf-set-lane-{}.json", std::process::id()));
    let out = out.to_str().unwrap();
    let set = |extra: &[&str]| {
        let mut args = vec![
            "set",
            &file,
            "--state",
            &state,
            "--frame",
            "1",
            "part.cookie",
            "7",
            "--output",
            out,
        ];
        args.extend_from_slice(extra);
        hetdwarf(&args)
    };
    let o = set(&[]);
    assert_eq!(
        stdout(&o),
        format!("part.cookie = 7 written through lane 0's location to {out}\n"),
        "{}",
        stderr(&o)
    );
    // EXEC of the demo state: lanes 0-15 and 32-63.
    let o = set(&["--lane", "16"]);
    assert!(
        stdout(&o).contains("through lane 16's location (lane 16 is inactive"),
        "{}",
        stdout(&o)
    );
    let o = set(&["--lane", "5", "--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["lane"], 5);
    assert_eq!(j["lane_active"], true);
    std::fs::remove_file(out).ok();
}

/// A DWARF name holding a terminal escape sequence is shown escaped (`\u001b`) in text
/// output and in error messages: hostile input must not drive the terminal. JSON escapes
/// it as JSON does.
#[test]
fn escape_sequences_in_names_do_not_reach_the_terminal() {
    let object = std::fs::read(corpus(DEMO_OBJECT)).unwrap();
    let from: &[u8] = b"local_bins\0";
    let at = object
        .windows(from.len())
        .position(|w| w == from)
        .expect("the name in .debug_str");
    let mut patched = object.clone();
    patched[at..at + from.len()].copy_from_slice(b"lo\x1b[31mbin\0");
    let path = std::env::temp_dir().join(format!("hetdwarf-esc-{}.hsaco", std::process::id()));
    std::fs::write(&path, &patched).unwrap();
    let obj = path.to_str().unwrap();
    for args in [
        vec!["vars", obj, "--pc", "0x4200"],
        vec![
            "locals",
            obj,
            "--state",
            &corpus(DEMO_STATE),
            "--frame",
            "1",
        ],
        vec!["verify", obj],
    ] {
        let out = hetdwarf(&args);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!text.contains('\u{1b}'), "{args:?}: {text}");
    }
    let out = hetdwarf(&["vars", obj, "--pc", "0x4200"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("lo\\u001b[31mbin"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = hetdwarf(&[
        "print",
        obj,
        "--state",
        &corpus(DEMO_STATE),
        "lo\u{1b}[31mbin",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\u{1b}') && err.contains("\\u001b"), "{err}");
    // DEL and a C1 control, which serde_json writes raw: escaped the JSON way, so the
    // document stays valid and names the same variable.
    patched[at..at + from.len()].copy_from_slice(b"loc\x7f\xc2\x9bbins\0");
    std::fs::write(&path, &patched).unwrap();
    let out = hetdwarf(&["vars", obj, "--pc", "0x4200", "--format", "json"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains('\u{7f}') && !text.contains('\u{9b}'),
        "{text}"
    );
    let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    // Parsed back, the name is the bytes in the object (serde_json writes them raw).
    assert!(doc.to_string().contains("loc\u{7f}\u{9b}bins"), "{doc}");
    // A function named with a newline stays on its line of verify's report (it could
    // forge a finding line in a CI log).
    let mut patched = object.clone();
    let from: &[u8] = b"leaf_mix\0";
    let at = object
        .windows(from.len())
        .position(|w| w == from)
        .expect("the function's name in .debug_str");
    patched[at..at + from.len()].copy_from_slice(b"le\nERROR\0");
    std::fs::write(&path, &patched).unwrap();
    let out = hetdwarf(&["verify", obj]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("    function le\\nERROR: 5 variables"),
        "{text}"
    );
    assert!(!text.lines().any(|l| l.starts_with("ERROR")), "{text}");
    std::fs::remove_file(&path).ok();
}

/// The state file's `pc` is a code-object address and `load_bias` moves only what the
/// code object's addresses become when loaded (INTERFACES.md): a biased copy of the demo
/// state stops in the same function with the same locals (they live in scratch), and the
/// backtrace looks frame 0 up at the file's `pc`.
#[test]
fn a_load_bias_does_not_move_the_pc() {
    let text = std::fs::read_to_string(corpora().join(DEMO_STATE)).unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&text).unwrap();
    let pc = state["pc"].as_str().unwrap().to_string();
    state["load_bias"] = serde_json::json!("0x100000");
    let dir = std::env::temp_dir().join(format!("hetdwarf-bias-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let biased = dir.join("biased.json");
    std::fs::write(&biased, state.to_string()).unwrap();
    let object = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let locals = |state: &str| {
        let o = hetdwarf(&["locals", &object, "--state", state, "--format", "json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let (plain, moved) = (
        locals(&corpus(DEMO_STATE)),
        locals(biased.to_str().unwrap()),
    );
    assert_eq!(plain["pc"], moved["pc"]);
    assert_eq!(plain["variables"], moved["variables"]);
    let o = hetdwarf(&[
        "backtrace",
        &object,
        "--state",
        biased.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(o.status.success(), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["frames"][0]["lookup_pc"], serde_json::json!(pc), "{j}");
}

/// In upstream DWARF a bare vector register is one lane's dword: a `long` located there
/// has 32 known bits and no more. By the letter of the register its upper half would be
/// the next lane's dword, a confident wrong value (`corpora/hand-verify/upstream.o`).
#[test]
fn a_bare_vector_register_holds_one_lanes_dword_and_no_more() {
    let text = std::fs::read_to_string(corpora().join("states/gfx90a-wave64.json")).unwrap();
    let mut state: serde_json::Value = serde_json::from_str(&text).unwrap();
    state["pc"] = serde_json::json!("0x4");
    let lanes = |base: u64| (0..64).map(|l| base + l).collect::<Vec<u64>>();
    let registers = state["registers"].as_object_mut().unwrap();
    registers.retain(|name, _| !matches!(name.as_str(), "dwarf:2562" | "dwarf:2563"));
    registers.insert("v2".into(), serde_json::json!(lanes(0x1000)));
    registers.insert("v3".into(), serde_json::json!(lanes(0x2000)));
    let dir = std::env::temp_dir().join(format!("hetdwarf-lane-dword-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("state.json");
    std::fs::write(&path, state.to_string()).unwrap();
    let object = corpus("hand-verify/upstream.o");
    let print = |name: &str| {
        let o = hetdwarf(&[
            "print",
            &object,
            "--state",
            path.to_str().unwrap(),
            name,
            "--lane",
            "3",
            "--format",
            "json",
        ]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()["lanes"][0].clone()
    };
    let wide = print("bad:register-read-too-wide-lane");
    let pieces = print("good:register-read-too-wide-pieces");
    let _ = std::fs::remove_dir_all(&dir);
    // Lane 3's dword is known, lane 4's (0x1004) is not taken for the upper half.
    assert_eq!(wide["tree"]["kind"], "optimized_out", "{wide}");
    assert_eq!(
        wide["location"], "composite[ register v2 bit 96 [0,32) ]",
        "{wide}"
    );
    // Two lane dwords make the whole value.
    assert_eq!(
        pieces["value"],
        (0x2003u64 << 32 | 0x1003).to_string(),
        "{pieces}"
    );
}

/// `set` writes a member inside a base class at a computed location (a virtual base,
/// `DW_AT_data_member_location` an expression), where `print` reads it: the path was
/// refused ("struct Derived has no member b").
#[test]
fn set_writes_a_member_of_a_virtual_base() {
    let object = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let dir = std::env::temp_dir().join(format!("hetdwarf-set-base-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let written = dir.join("written.json");
    let o = hetdwarf(&[
        "set",
        &object,
        "--state",
        &state,
        "--frame",
        "1",
        "--lane",
        "0",
        "d.b",
        "23",
        "--output",
        written.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let print = |state: &str| {
        let o = hetdwarf(&[
            "print", &object, "--state", state, "--frame", "1", "--lane", "0", "d",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let (before, after) = (print(&state), print(written.to_str().unwrap()));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(before.contains("{b = 22}"), "{before}");
    assert_eq!(after, before.replace("{b = 22}", "{b = 23}"));
}

//! `tests/c/checks.c`, a C program over the whole-object and single-expression calls
//! (`hd_entries`, `hd_verify`, `hd_eval`) and the structured location parts, gives what
//! the CLI gives on the same inputs, returns the documented codes on bad input, and runs
//! clean under valgrind.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use common::{build_c, corpus, root, valgrind_clean};
use serde_json::Value;

fn program() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| build_c("tests/c/checks.c", "checks"))
        .clone()
}

fn cli(args: &[&str]) -> Value {
    let exe = root().join("target/release/hetdwarf");
    let exe = if exe.exists() {
        exe
    } else {
        root().join("target/debug/hetdwarf")
    };
    let out = Command::new(&exe)
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap_or_else(|e| panic!("{} (build the CLI first): {e}", exe.display()));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `regx v0, piece 4, regx v1, piece 4`: a register pair, as a backend would hand in.
const PAIR: &str = "90a81493049081149304";

fn args(object: &str, state: &str) -> Vec<String> {
    vec![
        corpus("bundle/hip3.hipfb"),
        corpus(object),
        corpus(state),
        PAIR.to_string(),
    ]
}

fn run(object: &str, state: &str) -> Vec<String> {
    let out = Command::new(program())
        .args(args(object, state))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn codes(lines: &[String]) -> BTreeMap<String, i64> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("code "))
        .map(|l| {
            let mut w = l.split_whitespace();
            (
                w.next().unwrap().to_string(),
                w.next().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn entries_verify_and_eval_from_c_match_the_cli() {
    let object = "hand-verify/evaluation.o";
    let lines = run(object, "states/gfx90a-wave64.json");
    // Entries: the container's code objects, as `info` names them.
    let info = cli(&["info", &corpus("bundle/hip3.hipfb")]);
    let want: Vec<String> = info["code_objects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            o["file"]
                .as_str()
                .unwrap()
                .rsplit('#')
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    let got: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("entry "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(got, want);
    // Verify: the same findings in the same order, the same summary and coverage.
    let verify = cli(&["verify", &corpus(object)]);
    let severity = |s: &str| match s {
        "error" => 2,
        "warning" => 1,
        _ => 0,
    };
    let want: Vec<String> = verify["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let die = f["die"]
                .as_str()
                .map_or(u64::MAX, |d| u64::from_str_radix(&d[2..], 16).unwrap());
            format!(
                "finding {} {} {die}",
                f["check"].as_str().unwrap(),
                severity(f["severity"].as_str().unwrap())
            )
        })
        .collect();
    let got: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("finding "))
        .cloned()
        .collect();
    assert!(want.len() >= 10, "{want:?}");
    assert_eq!(got, want);
    let file = &verify["coverage"]["files"][0];
    let s = &file["summary"];
    let t = &file["total"];
    let want = format!(
        "summary {} {} {} {} {} {} {} {}",
        s["errors"],
        s["warnings"],
        s["infos"],
        s["expressions"],
        t["scope_bytes"],
        t["available"],
        t["per_lane"],
        t["optimized_out"]
    );
    assert!(lines.contains(&want), "{want} not in {lines:?}");
    // Eval: the location and the bytes of every lane, as `hetdwarf eval` gives them.
    let eval = cli(&[
        "eval",
        "--state",
        &corpus("states/gfx90a-wave64.json"),
        "--all-lanes",
        "--read",
        "bytes:8",
        PAIR,
    ]);
    let want: Vec<String> = eval["lanes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            format!(
                "{} {}",
                l["location"].as_str().unwrap(),
                l["bytes"].as_str().unwrap()
            )
        })
        .collect();
    let got: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("eval "))
        .map(|l| {
            let l = l.rsplit_once(" |").unwrap().0;
            // "LANE CODE LOCATION BYTES"
            let mut w = l.splitn(3, ' ');
            let (_, code, rest) = (w.next(), w.next().unwrap(), w.next().unwrap());
            assert_eq!(code, "0", "{l}");
            rest.to_string()
        })
        .collect();
    assert_eq!(got, want);
    // The pair's parts: v40 then v1, 32 bits each, in bit order.
    let first = lines.iter().find(|l| l.starts_with("eval 0 ")).unwrap();
    assert!(
        first.ends_with("| [0 1 v40 0 0x0 0 0 32] [0 1 v1 0 0x0 0 32 32]"),
        "{first}"
    );
    // Bad input: the documented codes.
    let c = codes(&lines);
    assert_eq!(c["entries"], 0);
    assert_eq!(c["entries-missing"], 4, "HD_IO");
    assert_eq!(c["verify"], 0);
    assert_eq!(c["verify-null"], 2, "HD_INVALID_HANDLE");
    assert_eq!(c["eval"], 0);
    assert_eq!(c["eval-stopped"], 14, "HD_STOPPED");
    assert_eq!(c["eval-bad"], 5, "HD_MALFORMED");
    assert_eq!(c["eval-encoding"], 3, "HD_INVALID_ARGUMENT");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("code eval-bad 5 expression: unknown opcode 0xff")),
        "{lines:?}"
    );
}

/// Every lane of every variable: each part names what the location text names (the
/// register by its AMDGPU name, the memory by its address), in bit order without gaps.
#[test]
fn location_parts_agree_with_the_location_text() {
    let mut checked = 0;
    for (object, state) in [
        ("rocm/ocl-gfx90a-O0.hsaco", "states/demo-ocl-gfx90a-O0.json"),
        (
            "rocm/ocl-gfx90a-O2.hsaco",
            "states/unwind-ocl-gfx90a-O2.json",
        ),
        ("rocm/hip-gfx90a-O2.hsaco", "states/rocm-hip-gfx90a-O2.json"),
        (
            "rocm/ocl-gfx1100-O0.hsaco",
            "states/unwind-ocl-gfx1100-O0.json",
        ),
    ] {
        let lines = run(object, state);
        let c = codes(&lines);
        assert_eq!(c["frame"], 0, "{object}");
        for l in lines.iter().filter_map(|l| l.strip_prefix("lane ")) {
            let (head, parts) = l.rsplit_once(" |").unwrap();
            let location = head.splitn(3, ' ').nth(2).unwrap();
            let parts: Vec<Vec<&str>> = parts
                .split(']')
                .filter_map(|p| p.trim().strip_prefix('['))
                .map(|p| p.split(' ').collect())
                .collect();
            assert!(!parts.is_empty(), "{l}");
            let mut next_bit = 0u64;
            for p in &parts {
                // place storage name aspace address bit_offset value_bit_offset bit_size
                match p[1] {
                    "0" => assert!(location.contains(p[4]), "{l}: address {}", p[4]),
                    "1" => assert!(
                        location.contains(&format!("register {}", p[2])),
                        "{l}: register {}",
                        p[2]
                    ),
                    _ => {}
                }
                if p[0] == "0" && p[7] != "0" {
                    assert_eq!(p[6].parse::<u64>().unwrap(), next_bit, "{l}");
                    next_bit += p[7].parse::<u64>().unwrap();
                }
                checked += 1;
            }
        }
        // The callback context (gfx90a, every byte zero), single reads and batched: every
        // lane of every variable read; in the demo, a write reaching the write callbacks.
        // Elsewhere a context for another processor, or "7" into a variable that does not
        // take it, is a documented code.
        assert!((0..16).contains(&c["context-frames"]), "{object}");
        assert!((0..16).contains(&c["context-write"]), "{object}");
        if !object.contains("gfx90a") {
            assert_eq!(
                c["context-frames"], 11,
                "{object}: HD_USAGE, another processor"
            );
            continue;
        }
        assert_eq!(c["context-frames"], 0, "{object}");
        if object == "rocm/ocl-gfx90a-O0.hsaco" {
            assert_eq!(c["context-write"], 0, "{object}");
        }
        let read: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("context-lanes "))
            .collect();
        assert_eq!(read.len(), 2);
        let n = |l: &str| l.rsplit(' ').next().unwrap().parse::<usize>().unwrap();
        assert!(n(read[0]) > 0 && n(read[0]) % 64 == 0, "{read:?}");
        assert_eq!(n(read[0]), n(read[1]));
    }
    assert!(checked >= 100, "{checked} parts checked");
}

#[test]
fn the_checks_program_runs_clean_under_valgrind() {
    valgrind_clean(
        &program(),
        &args("hand-verify/evaluation.o", "states/gfx90a-wave64.json"),
    );
}

/// `hd_read_bytes` into the program's own buffers gives the bytes `hetdwarf print` shows
/// for each scalar or pointer variable in the first lanes, and the documented codes on
/// bad input.
#[test]
fn raw_bytes_match_the_printed_values() {
    let mut compared = 0;
    for (object, state) in [
        ("rocm/ocl-gfx90a-O0.hsaco", "states/demo-ocl-gfx90a-O0.json"),
        (
            "rocm/ocl-gfx90a-O0.hsaco",
            "states/unwind-ocl-gfx90a-O0.json",
        ),
        (
            "rocm/hip-gfx90a-O0.hsaco",
            "states/unwind-hip-gfx90a-O0.json",
        ),
        ("rocm/hip-gfx90a-O2.hsaco", "states/rocm-hip-gfx90a-O2.json"),
        (
            "rocm/ocl-gfx1100-O0.hsaco",
            "states/unwind-ocl-gfx1100-O0.json",
        ),
    ] {
        let lines = run(object, state);
        let c = codes(&lines);
        assert_eq!(c["bytes-null"], 1, "HD_NULL_ARGUMENT");
        assert_eq!(c["bytes-lane"], 3, "HD_INVALID_ARGUMENT");
        assert_eq!(c["bytes-die"], 11, "HD_USAGE: no such variable");
        for l in lines.iter().filter_map(|l| l.strip_prefix("bytes ")) {
            let w: Vec<&str> = l.split(' ').collect();
            let (die, lane, code, hex) = (w[0], w[1], w[2], w[4]);
            let printed = cli(&[
                "print",
                &corpus(object),
                "--state",
                &corpus(state),
                "--die",
                die,
                "--lane",
                lane,
            ]);
            let lane_json = &printed["lanes"][0];
            if code != "0" {
                // The C call fails exactly where print has no value, or shows it
                // optimized out (HD_OPTIMIZED_OUT: no location at this PC).
                let optimized_out = lane_json["tree"]["kind"] == "optimized_out";
                assert!(
                    lane_json["value"].is_null() || (optimized_out && code == "9"),
                    "{l}: {printed}"
                );
                continue;
            }
            let tree = &lane_json["tree"];
            if hex.contains("??") {
                // Unavailable bytes: print says the value (or part of it) is unavailable.
                let shown = format!(
                    "{} {}",
                    lane_json["value"], lane_json["unavailable_because"]
                );
                assert!(shown.contains("unavailable"), "{l}: {printed}");
                compared += 1;
            } else if let Some(bytes) = tree["bytes"].as_str()
                && tree["kind"] != "unsupported"
                && !hex.contains("oo")
            {
                assert_eq!(hex, bytes, "{object} DIE {die} lane {lane}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "{compared} values compared");
}

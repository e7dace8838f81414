//! `--conventions` and the per-unit decision on real objects: the option on every command
//! that reads DWARF, `info`'s evidence, `print` among variables of one name, the mixed-unit
//! warning of `verify`, and `eval`'s explicit upstream reading.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn hetdwarf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf")
}

fn json(o: &Output) -> Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// A gfx942 wave64 state at `pc` where v0..v7 hold 0x8000_0000 | reg << 12 | lane.
fn softmax_state(pc: &str) -> PathBuf {
    let regs: serde_json::Map<String, Value> = (0..8u32)
        .map(|r| {
            let lanes: Vec<String> = (0..64u32)
                .map(|l| format!("{:#x}", 0x8000_0000u32 | (r << 12) | l))
                .collect();
            (format!("v{r}"), serde_json::json!(lanes))
        })
        .collect();
    let state = serde_json::json!({
        "format": "hetdwarf-wave-state/1", "processor": "gfx942", "wave_size": 64,
        "pc": pc, "exec": "0xffffffffffffffff", "registers": regs, "memory": [],
    });
    let path = std::env::temp_dir().join(format!(
        "hetdwarf-conventions-{}-{pc}.json",
        std::process::id()
    ));
    std::fs::write(&path, state.to_string()).expect("write state");
    path
}

#[test]
fn every_command_that_reads_dwarf_takes_the_option() {
    let state = softmax_state("0x1760");
    let state = state.to_str().unwrap();
    let obj = corpus("triton/softmax-gfx942.hsaco");
    let commands: Vec<Vec<&str>> = vec![
        vec!["info", &obj],
        vec!["vars", &obj, "--pc", "0x1760"],
        vec!["locals", &obj, "--state", state],
        vec!["print", &obj, "--state", state, "vals"],
        vec!["backtrace", &obj, "--state", state],
        vec!["verify", &obj],
        vec!["eval", "--state", state, "--lane", "0", "regx v2"],
    ];
    for cmd in &commands {
        for choice in ["auto", "upstream", "heterogeneous"] {
            for format in ["text", "json"] {
                let mut args = cmd.clone();
                args.extend(["--conventions", choice, "--format", format]);
                let o = hetdwarf(&args);
                assert_eq!(
                    o.status.code(),
                    Some(0),
                    "{args:?}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
            }
        }
        let mut args = cmd.clone();
        args.extend(["--conventions", "clang"]);
        let o = hetdwarf(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("auto") && err.contains("upstream") && err.contains("heterogeneous"),
            "{args:?}: {err}"
        );
    }
    let out = std::env::temp_dir().join(format!(
        "hetdwarf-conventions-set-{}.json",
        std::process::id()
    ));
    let o = hetdwarf(&[
        "set",
        &obj,
        "--state",
        state,
        "--die",
        "0xf9",
        "--conventions",
        "upstream",
        "--lane",
        "3",
        "--output",
        out.to_str().unwrap(),
        "vals",
        "1.5",
    ]);
    // `set` takes no --die: the option set is print's; the plain form must work.
    assert_eq!(o.status.code(), Some(2));
    let o = hetdwarf(&[
        "set",
        &obj,
        "--state",
        state,
        "--conventions",
        "upstream",
        "--lane",
        "3",
        "--output",
        out.to_str().unwrap(),
        "vals",
        "1.5",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Written through lane 3's dword of v2 only (1.5f = 0x3fc00000).
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let v2 = &written["registers"]["v2"];
    assert_eq!(
        v2[3]
            .as_str()
            .map(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()),
        Some(0x3fc0_0000)
    );
    assert_eq!(
        v2[2]
            .as_str()
            .map(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()),
        Some(0x8000_2002)
    );
}

#[test]
fn info_shows_the_decision_and_its_evidence_per_unit() {
    let triton = json(&hetdwarf(&[
        "info",
        &corpus("triton/add-gfx942.hsaco"),
        "--format",
        "json",
    ]));
    let c = &triton["compile_units"][0]["conventions"];
    assert_eq!(c["reading"], "upstream");
    assert_eq!(c["choice"], "auto");
    assert_eq!(c["evidence"]["heterogeneous_expressions"], 0);
    assert_eq!(c["evidence"]["heterogeneous_attributes"], 0);
    assert!(c["evidence"]["expressions"].as_u64().unwrap() > 0);
    assert_eq!(c["change_with"], "--conventions heterogeneous");
    assert_eq!(triton["compile_units"][0]["producer"], "triton");

    let forced = json(&hetdwarf(&[
        "info",
        &corpus("triton/add-gfx942.hsaco"),
        "--format",
        "json",
        "--conventions",
        "heterogeneous",
    ]));
    assert_eq!(
        forced["compile_units"][0]["conventions"]["reading"],
        "heterogeneous"
    );
    assert_eq!(
        forced["compile_units"][0]["conventions"]["choice"],
        "heterogeneous"
    );

    let fork = json(&hetdwarf(&[
        "info",
        &corpus("rocm/hip-gfx90a-O2.hsaco"),
        "--format",
        "json",
    ]));
    let c = &fork["compile_units"][0]["conventions"];
    assert_eq!(c["reading"], "heterogeneous");
    assert!(c["evidence"]["heterogeneous_expressions"].as_u64().unwrap() > 0);

    let text = String::from_utf8_lossy(
        &hetdwarf(&["info", &corpus("frontends/julia-chain-gfx942-O2.o")]).stdout,
    )
    .into_owned();
    assert!(text.contains("producer: julia"), "{text}");
    assert!(
        text.contains("reading:  upstream [--conventions auto]"),
        "{text}"
    );
    assert!(text.contains("--conventions heterogeneous"), "{text}");
}

/// Triton's softmax declares `vals` three times in one scope; at 0x1760 DIE 0xf9 is in
/// VGPR2 ([0x1754, 0x1864)), 0x102 in VGPR1 ([0x174c, 0x1978)), and 0x10b has no entry
/// (its only one is [0x1748, 0x1754)), per llvm-dwarfdump.
#[test]
fn print_prefers_the_live_variable_and_names_the_others() {
    let state = softmax_state("0x1760");
    let state = state.to_str().unwrap();
    let obj = corpus("triton/softmax-gfx942.hsaco");
    let j = json(&hetdwarf(&[
        "print", &obj, "--state", state, "vals", "--lane", "3", "--format", "json",
    ]));
    assert_eq!(j["die"], 0xf9);
    assert_eq!(j["lanes"][0]["tree"]["bytes"], "03200080"); // v2 lane 3, little-endian
    let others: Vec<(u64, bool)> = j["others"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["die"].as_u64().unwrap(),
                o["covers_pc"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(others, vec![(0x102, true), (0x10b, false)]);

    let text = String::from_utf8_lossy(
        &hetdwarf(&["print", &obj, "--state", state, "vals", "--lane", "3"]).stdout,
    )
    .into_owned();
    assert!(text.contains("2 other variables of this name in this scope: DIE 0x102, DIE 0x10b (no location here); pick one with --die"), "{text}");

    let j = json(&hetdwarf(&[
        "print", &obj, "--state", state, "--die", "0x102", "--lane", "5", "--format", "json",
    ]));
    assert_eq!(j["name"], "vals");
    assert_eq!(j["lanes"][0]["tree"]["bytes"], "05100080"); // v1 lane 5
    let o = hetdwarf(&["print", &obj, "--state", state, "--die", "0x102", "offs"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("DIE 0x102 is `vals`, not `offs`"));
    let o = hetdwarf(&["print", &obj, "--state", state, "--die", "0x12345"]);
    assert_eq!(o.status.code(), Some(1));
}

fn mixed_warnings(args: &[&str]) -> usize {
    let o = hetdwarf(args);
    let j: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let text = j.to_string();
    text.matches("bare-vector-register-in-heterogeneous-unit")
        .count()
}

#[test]
fn verify_warns_on_bare_vector_registers_only_in_mixed_units() {
    let hand = corpus("hand/user-gfx90a.o");
    assert!(mixed_warnings(&["verify", &hand, "--format", "json"]) > 0);
    // Either explicit reading settles the question the warning asks.
    for choice in ["upstream", "heterogeneous"] {
        assert_eq!(
            mixed_warnings(&["verify", &hand, "--format", "json", "--conventions", choice]),
            0,
            "{choice}"
        );
    }
    for obj in [
        "triton/matmul-gfx1100.hsaco",
        "triton/softmax-gfx90a.hsaco",
        "frontends/none-chain-gfx90a-O0.o",
        "clang22/hip-gfx90a-O2.hsaco",
        "rocm/ocl-gfx90a-O2.hsaco",
        "rocm/hip-gfx1100-O0-upstreamdi.o",
    ] {
        assert_eq!(
            mixed_warnings(&["verify", &corpus(obj), "--format", "json"]),
            0,
            "{obj}"
        );
    }
}

#[test]
fn eval_reads_by_the_letter_unless_told_upstream() {
    let state = softmax_state("0x1760");
    let state = state.to_str().unwrap();
    let lanes = |extra: &[&str]| -> Vec<String> {
        let mut args = vec![
            "eval",
            "--state",
            state,
            "--all-lanes",
            "--read",
            "u32",
            "--format",
            "json",
        ];
        args.extend(extra);
        args.push("regx v2");
        json(&hetdwarf(&args))["lanes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["value"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let letter = lanes(&[]);
    assert!(
        letter.iter().all(|v| v == &(0x8000_2000u32).to_string()),
        "{letter:?}"
    );
    let upstream = lanes(&["--conventions", "upstream"]);
    for (l, v) in upstream.iter().enumerate() {
        assert_eq!(v, &(0x8000_2000u32 | l as u32).to_string());
    }
}

/// A link of an AMD-fork unit and a Triton unit: each read by its own evidence.
#[test]
fn a_link_of_two_producers_is_decided_per_unit() {
    let j = json(&hetdwarf(&[
        "info",
        &corpus("frontends/link-amdfork-triton-gfx90a.hsaco"),
        "--format",
        "json",
    ]));
    let units = j["compile_units"].as_array().unwrap();
    assert_eq!(units.len(), 2);
    assert_eq!(units[0]["conventions"]["reading"], "heterogeneous");
    assert_eq!(units[1]["producer"], "triton");
    assert_eq!(units[1]["conventions"]["reading"], "upstream");
    let o = hetdwarf(&[
        "info",
        &corpus("frontends/link-amdfork-triton-gfx90a.hsaco"),
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("conventions-upstream         [unit 0x441]"),
        "{text}"
    );
}

/// Triton at -O0 (llc-22): `rn` over [0x264, 0x278) is `bregx SGPR4+0, bregx VGPR5+0, lit2,
/// or, or, stack_value` per llvm-dwarfdump: a per-lane value computed from a 32-bit SGPR
/// and the lane's VGPR dword, which upstream LLVM reads zero-extended.
#[test]
fn upstream_breg_of_32_bit_registers_reads_them_zero_extended() {
    let mut regs = serde_json::Map::new();
    regs.insert("s4".into(), serde_json::json!("0x40000"));
    regs.insert(
        "v5".into(),
        serde_json::json!(
            (0..64u32)
                .map(|l| format!("{:#x}", 0x500 + l))
                .collect::<Vec<_>>()
        ),
    );
    let state = serde_json::json!({
        "format": "hetdwarf-wave-state/1", "processor": "gfx942", "wave_size": 64,
        "pc": "0x264", "exec": "0xffffffffffffffff", "registers": regs, "memory": [],
    });
    let path = std::env::temp_dir().join(format!("hetdwarf-breg-{}.json", std::process::id()));
    std::fs::write(&path, state.to_string()).unwrap();
    let j = json(&hetdwarf(&[
        "print",
        &corpus("frontends/triton-matmul-gfx942-O0.o"),
        "--state",
        path.to_str().unwrap(),
        "rn",
        "--all-lanes",
        "--format",
        "json",
    ]));
    for (l, lane) in j["lanes"].as_array().unwrap().iter().enumerate() {
        let want = 0x40000u64 | (0x500 + l as u64) | 2;
        assert_eq!(
            lane["tree"]["value"].as_u64(),
            Some(want),
            "lane {l}: {lane}"
        );
    }
}

/// clang ≤ 19 numbers the address space before `swap xderef` from its AMDGPU target, in
/// every language: 1 = private, 2 = local. The `__shared__ double tile[128]` of
/// `tools/corpus/src/device.hip` is `addrx 0, lit2, swap, xderef`: LDS, never GDS (the
/// region space, DW_ASPACE 2), although the unit is HIP and not OpenCL.
#[test]
fn a_clang19_hip_shared_array_is_read_from_lds() {
    let object = corpus("clang19/hip-gfx90a-O2.hsaco");
    // Local memory holds 1.5, 2.5, ..; region memory -1, -2, ..: which one is read shows.
    let doubles = |v: [f64; 4]| {
        v.iter()
            .flat_map(|d| d.to_le_bytes())
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let state = serde_json::json!({
        "format": "hetdwarf-wave-state/1", "processor": "gfx90a", "wave_size": 64,
        "pc": "0x1910", "exec": "0xffffffffffffffff", "registers": {},
        "memory": [
            { "space": "local", "address": "0x0", "bytes": doubles([1.5, 2.5, 3.5, 4.5]) },
            { "space": "region", "address": "0x0", "bytes": doubles([-1.0, -2.0, -3.0, -4.0]) },
        ],
    });
    let path = std::env::temp_dir().join(format!("hetdwarf-shared-{}.json", std::process::id()));
    std::fs::write(&path, state.to_string()).expect("write state");
    let state = path.to_string_lossy().into_owned();
    let doc = json(&hetdwarf(&[
        "print", &object, "--state", &state, "tile[1]", "--format", "json",
    ]));
    let lane = &doc["lanes"][0];
    assert_eq!(lane["value"], "2.5", "{doc}");
    assert_eq!(lane["location"], "memory local 0x8", "{doc}");
    let info = String::from_utf8_lossy(&hetdwarf(&["info", &object]).stdout).into_owned();
    assert!(info.contains("address-class-clang-legacy"), "{info}");
    assert!(info.contains("pointer-unmarked-generic"), "{info}");
    std::fs::remove_file(&path).ok();
}

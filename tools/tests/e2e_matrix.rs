//! End-to-end matrix: `hetdwarf print` and `locals`, text and JSON, per lane, on real corpus
//! objects from upstream clang 14, 19 and 22 and AMD's LLVM, at -O0 and -O2, on MUBUF-scratch
//! (gfx900, gfx90a, gfx1030) and flat-scratch (gfx942, gfx1100) processors, wave64 and
//! wave32, each against a hand-made wave state (`corpora/states/e2e/`, written by
//! `tools/make-e2e-states.py`).
//!
//! Every expected value below was worked out from the `llvm-dwarfdump-22` text of the object
//! (`corpora/expected/<object>.dwarfdump.txt`) and from the values the generator writes
//! (lane L's values are simple functions of L, documented in the script), never copied from
//! hetdwarf's output. Private memory is written there as raw `private_wave` bytes with the
//! hardware's dword interleave, and s33 holds a wave-scaled frame offset on MUBUF targets
//! and a per-lane one on flat-scratch targets, so the per-lane addresses below also check
//! the scratch swizzle and `frame_base_shift`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora")
}

fn corpus(rel: &str) -> String {
    corpora().join(rel).to_string_lossy().into_owned()
}

fn hetdwarf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// Expected `locals` lines: (type, name, value).
type Vars = &'static [(&'static str, &'static str, &'static str)];

/// One provenance case: (object, state, variable, lane, conventions, frame-base rule,
/// location prefix).
type RuleCase = (
    &'static str,
    &'static str,
    &'static str,
    u32,
    &'static [&'static str],
    Option<&'static str>,
    &'static str,
);

/// One cell of the matrix.
struct Row {
    /// Corpus object.
    object: &'static str,
    /// State file in `corpora/states/e2e/` (without `.json`).
    state: &'static str,
    /// The PC the state stops at, as `locals` prints it.
    pc: &'static str,
    /// A lane outside EXEC.
    inactive: u32,
    /// Two active lanes and, for each, every variable in scope in `locals` order
    /// (innermost scope first, then DIE order): (type, name, value). Empty: `locals` not
    /// checked for this row.
    lanes: [(u32, Vars); 2],
    /// `print EXPR --lane L` gives VALUE.
    prints: &'static [(&'static str, u32, &'static str)],
}

impl Row {
    fn state_path(&self) -> String {
        corpus(&format!("states/e2e/{}.json", self.state))
    }

    fn check(&self) {
        let object = corpus(self.object);
        let state = self.state_path();
        let what = format!("{} @ {}", self.object, self.pc);
        for (lane, vars) in &self.lanes {
            if vars.is_empty() {
                continue;
            }
            let lane_arg = lane.to_string();
            let out = hetdwarf(&["locals", &object, "--state", &state, "--lane", &lane_arg]);
            let mut expected = format!("frame 0 at pc {}\n", self.pc);
            for (ty, name, value) in *vars {
                expected.push_str(&format!("{ty} {name} = {value}\n"));
            }
            assert_eq!(
                stdout(&out),
                expected,
                "{what} lane {lane}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        // JSON, all lanes at once: the two lanes' values and the inactive lane.
        if !self.lanes[0].1.is_empty() {
            let j = json(&hetdwarf(&[
                "locals",
                &object,
                "--state",
                &state,
                "--all-lanes",
                "--format",
                "json",
            ]));
            let vars = j["variables"].as_array().expect("variables");
            assert_eq!(vars.len(), self.lanes[0].1.len(), "{what}: {vars:?}");
            for (lane, expected) in &self.lanes {
                for (i, (ty, name, value)) in expected.iter().enumerate() {
                    let v = &vars[i];
                    // Text marks a variable an inner one hides; JSON says `shadowed`.
                    let (plain, shadowed) = match name.split_once(" <shadowed") {
                        Some((n, _)) => (n, true),
                        None => (*name, false),
                    };
                    assert_eq!(v["name"], plain, "{what}");
                    assert_eq!(v["shadowed"], shadowed, "{what} {name}");
                    assert_eq!(v["type"], *ty, "{what} {name}");
                    let l = lane_entry(v, *lane);
                    assert_eq!(l["active"], true, "{what} {name} lane {lane}");
                    assert_eq!(l["value"], *value, "{what} {name} lane {lane}: {l}");
                }
            }
            for v in vars {
                let l = lane_entry(v, self.inactive);
                assert_eq!(l["active"], false, "{what} lane {}: {l}", self.inactive);
                assert!(l["value"].is_null(), "{what}: {l}");
            }
        }
        for (expr, lane, value) in self.prints {
            let lane_arg = lane.to_string();
            let args = [
                "print", &object, "--state", &state, expr, "--lane", &lane_arg,
            ];
            let out = hetdwarf(&args);
            assert_eq!(
                stdout(&out),
                format!("{expr} = {value}\n"),
                "{what} lane {lane}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let mut args = args.to_vec();
            args.extend(["--format", "json"]);
            let j = json(&hetdwarf(&args));
            assert_eq!(j["lanes"][0]["lane"], *lane, "{what} {expr}");
            assert_eq!(j["lanes"][0]["value"], *value, "{what} {expr}: {j}");
        }
        // The inactive lane is shown as such, not evaluated.
        let (expr, _, _) = self.prints[0];
        let inactive = self.inactive.to_string();
        let out = hetdwarf(&[
            "print", &object, "--state", &state, expr, "--lane", &inactive,
        ]);
        assert_eq!(stdout(&out), format!("{expr} = <inactive>\n"), "{what}");
    }
}

fn lane_entry(v: &serde_json::Value, lane: u32) -> &serde_json::Value {
    v["lanes"]
        .as_array()
        .expect("lanes")
        .iter()
        .find(|l| l["lane"] == lane)
        .unwrap_or_else(|| panic!("no lane {lane} in {v}"))
}

// Lane L's particle_t (tools/make-e2e-states.py `particle`), as print shows a struct.
const P4: &str = "{pos = {4, 4.5, -4}, flags = {valid = 0, kind = 2, level = 0, delta = -4, spare = 0}, cookie = 3235774468}";
const P5: &str = "{pos = {5, 5.5, -5}, flags = {valid = 1, kind = 2, level = 0, delta = -5, spare = 0}, cookie = 3235774469}";
const P29: &str = "{pos = {29, 29.5, -29}, flags = {valid = 1, kind = 6, level = 1, delta = -29, spare = 0}, cookie = 3235774493}";
const P37: &str = "{pos = {37, 37.5, -37}, flags = {valid = 1, kind = 2, level = 2, delta = -37, spare = 0}, cookie = 3235774501}";

/// The particle_t formula itself, so the constants above are not taken on trust.
#[test]
fn particle_constants_follow_the_generator_formula() {
    for (lane, text) in [(4u32, P4), (5, P5), (29, P29), (37, P37)] {
        let expected = format!(
            "{{pos = {{{lane}, {lane}.5, -{lane}}}, flags = {{valid = {}, kind = {}, level = {}, delta = -{lane}, spare = 0}}, cookie = {}}}",
            lane & 1,
            (lane >> 1) & 7,
            (lane >> 4) & 15,
            0xC0DE_0000u64 + u64::from(lane)
        );
        assert_eq!(text, expected);
    }
    // seed = 0x0123456789ABCDEF + L.
    assert_eq!(0x0123_4567_89AB_CDEFu64 + 4, 81985529216486899);
}

/// -O0 `leaf_mix(p, generic_out, lane)`: every variable at `fbreg +N` off s33, per-lane
/// frame base 0x40. p points at the lane's particle at private 0x100; generic_out points,
/// for even lanes, through the private aperture (2<<48) at the lane's int at private 0x180
/// (= 1000 + L), for odd lanes through the shared aperture (1<<48) at LDS 0x200 + 4L
/// (= -L). acc = L/4 + 0.5, d = L % 3.
fn leaf_mix_row(
    object: &'static str,
    state: &'static str,
    pc: &'static str,
    odd: (u32, Vars),
    prints: &'static [(&'static str, u32, &'static str)],
) -> Row {
    Row {
        object,
        state,
        pc,
        inactive: 15,
        lanes: [
            (
                4,
                &[
                    ("int", "d", "1"),
                    ("particle_t *", "p", "(particle_t *) private_lane#0x100"),
                    ("int *", "generic_out", "(int *) generic#0x2000000000180"),
                    ("uint", "lane", "4"),
                    ("float", "acc", "1.5"),
                ],
            ),
            odd,
        ],
        prints,
    }
}

const LEAF37: &[(&str, &str, &str)] = &[
    ("int", "d", "1"),
    ("particle_t *", "p", "(particle_t *) private_lane#0x100"),
    ("int *", "generic_out", "(int *) generic#0x1000000000294"),
    ("uint", "lane", "37"),
    ("float", "acc", "9.75"),
];
const LEAF29: &[(&str, &str, &str)] = &[
    ("int", "d", "2"),
    ("particle_t *", "p", "(particle_t *) private_lane#0x100"),
    ("int *", "generic_out", "(int *) generic#0x1000000000274"),
    ("uint", "lane", "29"),
    ("float", "acc", "7.75"),
];
const LEAF_PRINTS64: &[(&str, u32, &str)] = &[
    ("*generic_out", 4, "1004"),
    ("*generic_out", 37, "-37"),
    ("p->cookie", 37, "3235774501"),
    ("p->flags.delta", 4, "-4"),
    ("p->pos[1]", 37, "37.5"),
    ("acc", 37, "9.75"),
];
const LEAF_PRINTS32: &[(&str, u32, &str)] = &[
    ("*generic_out", 4, "1004"),
    ("*generic_out", 29, "-29"),
    ("p->flags.kind", 29, "6"),
    ("p->pos[2]", 4, "-4"),
    ("acc", 29, "7.75"),
];

/// clang 22 -O0, gfx900 (MUBUF scratch, wave64): `fbreg N, lit5, swap, xderef`.
#[test]
fn clang22_ocl_gfx900_o0_wave64_mubuf() {
    leaf_mix_row(
        "clang22/ocl-gfx900-O0.hsaco",
        "clang22-ocl-gfx900-O0-leaf_mix",
        "0x2404",
        (37, LEAF37),
        LEAF_PRINTS64,
    )
    .check();
}

/// clang 19 -O0, gfx900: `fbreg N, lit1, swap, xderef` where 1 is clang's old number for
/// private; p's pointer type has address class 1 (private), generic_out's none.
#[test]
fn clang19_ocl_gfx900_o0_wave64_mubuf_legacy_classes() {
    leaf_mix_row(
        "clang19/ocl-gfx900-O0.hsaco",
        "clang19-ocl-gfx900-O0-leaf_mix",
        "0x2304",
        (37, LEAF37),
        LEAF_PRINTS64,
    )
    .check();
}

/// clang 14 -O0, gfx900: as clang 19 (p at fbreg +0).
#[test]
fn clang14_ocl_gfx900_o0_wave64_mubuf_legacy_classes() {
    leaf_mix_row(
        "clang14/ocl-gfx900-O0.hsaco",
        "clang14-ocl-gfx900-O0-leaf_mix",
        "0x1e04",
        (37, LEAF37),
        LEAF_PRINTS64,
    )
    .check();
}

/// clang 19 -O0, gfx1100 (flat scratch, wave32): s33 is the per-lane frame base itself.
#[test]
fn clang19_ocl_gfx1100_o0_wave32_flat_scratch() {
    leaf_mix_row(
        "clang19/ocl-gfx1100-O0.hsaco",
        "clang19-ocl-gfx1100-O0-leaf_mix",
        "0x2304",
        (29, LEAF29),
        LEAF_PRINTS32,
    )
    .check();
}

/// AMD's LLVM -O0, gfx1100: `regx SGPR33, deref_size 4, litN, plus, ..., lit5,
/// form_aspace_address` (no shift on a flat-scratch target).
#[test]
fn rocm_ocl_gfx1100_o0_wave32_flat_scratch() {
    leaf_mix_row(
        "rocm/ocl-gfx1100-O0.hsaco",
        "rocm-ocl-gfx1100-O0-leaf_mix",
        "0x2404",
        (29, LEAF29),
        LEAF_PRINTS32,
    )
    .check();
}

/// -O0 `stage`: src = global 0x10000 (floats 100 + k), tile = LDS 0x80 (floats k/2),
/// lane = L, seed = 0x0123456789ABCDEF + L, part = particle(L), sink = -2L, r = 1.5 L.
/// clang 19 (MUBUF gfx900, wave64): tile's type has address class 2 (clang's old number for
/// local); src has none (global and generic pointers are both unmarked: read as generic).
#[test]
fn clang19_ocl_gfx900_o0_stage_local_pointer() {
    Row {
        object: "clang19/ocl-gfx900-O0.hsaco",
        state: "clang19-ocl-gfx900-O0-stage",
        pc: "0x2800",
        inactive: 15,
        lanes: [
            (
                4,
                &[
                    ("const float *", "src", "(const float *) generic#0x10000"),
                    ("float *", "tile", "(float *) local#0x80"),
                    ("uint", "lane", "4"),
                    ("ulong", "seed", "81985529216486899"),
                    ("particle_t", "part", P4),
                    ("int", "sink", "-8"),
                    ("float", "r", "6"),
                ],
            ),
            (
                37,
                &[
                    ("const float *", "src", "(const float *) generic#0x10000"),
                    ("float *", "tile", "(float *) local#0x80"),
                    ("uint", "lane", "37"),
                    ("ulong", "seed", "81985529216486932"),
                    ("particle_t", "part", P37),
                    ("int", "sink", "-74"),
                    ("float", "r", "55.5"),
                ],
            ),
        ],
        prints: &[
            ("*tile", 4, "0"),
            ("*src", 37, "100"),
            ("part.flags.level", 37, "2"),
            ("part.cookie", 4, "3235774468"),
        ],
    }
    .check();
}

/// clang 22 -O0 `stage` on gfx1030 wave32 (MUBUF scratch: s33 = frame base × 32): tile's
/// address class is DW_ASPACE local (3); src, a global pointer, has none.
#[test]
fn clang22_ocl_gfx1030_o0_wave32_mubuf_stage() {
    Row {
        object: "clang22/ocl-gfx1030-O0.hsaco",
        state: "clang22-ocl-gfx1030-O0-stage",
        pc: "0x2904",
        inactive: 15,
        lanes: [
            (
                4,
                &[
                    ("const float *", "src", "(const float *) 0x10000"),
                    ("float *", "tile", "(float *) local#0x80"),
                    ("uint", "lane", "4"),
                    ("ulong", "seed", "81985529216486899"),
                    ("particle_t", "part", P4),
                    ("int", "sink", "-8"),
                    ("float", "r", "6"),
                ],
            ),
            (
                29,
                &[
                    ("const float *", "src", "(const float *) 0x10000"),
                    ("float *", "tile", "(float *) local#0x80"),
                    ("uint", "lane", "29"),
                    ("ulong", "seed", "81985529216486924"),
                    ("particle_t", "part", P29),
                    ("int", "sink", "-58"),
                    ("float", "r", "43.5"),
                ],
            ),
        ],
        prints: &[
            ("*tile", 29, "0"),
            ("*src", 4, "100"),
            ("part.pos", 29, "{29, 29.5, -29}"),
        ],
    }
    .check();
}

/// HIP -O0 `accumulate(samples, count, base)`: samples points through the private aperture
/// at the lane's Sample[2] (value = L + k/4, bits = {lo = L & 31, mid = 100 + k, hi = -L},
/// stamp = 1000 L + k); count = 2, base = -5 - L, total = L/8, clamped = {L, -L, 7, 0},
/// i = L % 2.
const ACC4: &[(&str, &str, &str)] = &[
    ("int", "i", "0"),
    (
        "struct Sample *",
        "samples",
        "(struct Sample *) generic#0x2000000000200",
    ),
    ("int", "count", "2"),
    ("long long", "base", "-9"),
    ("double", "total", "0.5"),
    ("int[4]", "clamped", "{4, -4, 7, 0}"),
];

/// clang 22 HIP -O0 on gfx942 (flat scratch, wave64): `fbreg N, lit1, swap, xderef`, where
/// 1 is generic; the frame offset is a private one all the same (rule fbreg-private).
#[test]
fn clang22_hip_gfx942_o0_wave64_flat_scratch() {
    Row {
        object: "clang22/hip-gfx942-O0.hsaco",
        state: "clang22-hip-gfx942-O0-accumulate",
        pc: "0x2104",
        inactive: 15,
        lanes: [
            (4, ACC4),
            (
                37,
                &[
                    ("int", "i", "1"),
                    (
                        "struct Sample *",
                        "samples",
                        "(struct Sample *) generic#0x2000000000200",
                    ),
                    ("int", "count", "2"),
                    ("long long", "base", "-42"),
                    ("double", "total", "4.625"),
                    ("int[4]", "clamped", "{37, -37, 7, 0}"),
                ],
            ),
        ],
        prints: &[
            ("samples->bits.hi", 4, "-4"),
            ("samples->stamp", 37, "37000"),
            ("samples->bits.mid", 37, "100"),
            ("clamped[1]", 37, "-37"),
        ],
    }
    .check();
}

/// clang ≤ 19 HIP writes a plain `fbreg N` and no address class on any pointer; the HIP
/// pointer `samples` is generic (HIP has only flat pointers), read so by rule
/// `pointer-unmarked-generic`.
const ACC_OLD_HIP4: &[(&str, &str, &str)] = &[
    ("int", "i", "0"),
    (
        "struct Sample *",
        "samples",
        "(struct Sample *) generic#0x2000000000200",
    ),
    ("int", "count", "2"),
    ("long long", "base", "-9"),
    ("double", "total", "0.5"),
    ("int[4]", "clamped", "{4, -4, 7, 0}"),
];

/// clang 19 HIP -O0 on gfx1030 (MUBUF, wave32).
#[test]
fn clang19_hip_gfx1030_o0_wave32_mubuf() {
    Row {
        object: "clang19/hip-gfx1030-O0.hsaco",
        state: "clang19-hip-gfx1030-O0-accumulate",
        pc: "0x2200",
        inactive: 15,
        lanes: [
            (4, ACC_OLD_HIP4),
            (
                29,
                &[
                    ("int", "i", "1"),
                    (
                        "struct Sample *",
                        "samples",
                        "(struct Sample *) generic#0x2000000000200",
                    ),
                    ("int", "count", "2"),
                    ("long long", "base", "-34"),
                    ("double", "total", "3.625"),
                    ("int[4]", "clamped", "{29, -29, 7, 0}"),
                ],
            ),
        ],
        prints: &[("total", 29, "3.625"), ("clamped[2]", 4, "7")],
    }
    .check();
}

/// clang 14 HIP -O0 on gfx90a (MUBUF, wave64).
#[test]
fn clang14_hip_gfx90a_o0_wave64_mubuf() {
    Row {
        object: "clang14/hip-gfx90a-O0.hsaco",
        state: "clang14-hip-gfx90a-O0-accumulate",
        pc: "0x1d04",
        inactive: 15,
        lanes: [
            (4, ACC_OLD_HIP4),
            (
                37,
                &[
                    ("int", "i", "1"),
                    (
                        "struct Sample *",
                        "samples",
                        "(struct Sample *) generic#0x2000000000200",
                    ),
                    ("int", "count", "2"),
                    ("long long", "base", "-42"),
                    ("double", "total", "4.625"),
                    ("int[4]", "clamped", "{37, -37, 7, 0}"),
                ],
            ),
        ],
        prints: &[("base", 37, "-42"), ("clamped[0]", 37, "37")],
    }
    .check();
}

/// clang ≤ 19 HIP pointers carry no address class; under rule `pointer-unmarked-generic`
/// they are generic, so a pointer into the private aperture is followed to the lane's
/// scratch.
#[test]
fn clang19_hip_generic_pointer_through_private_aperture() {
    let info = stdout(&hetdwarf(&[
        "info",
        &corpus("clang19/hip-gfx1030-O0.hsaco"),
    ]));
    assert!(info.contains("pointer-unmarked-generic"), "{info}");
    let info = stdout(&hetdwarf(&["info", &corpus("clang22/hip-gfx942-O0.hsaco")]));
    assert!(!info.contains("pointer-unmarked-generic"), "{info}");
    for (object, state, lane) in [
        (
            "clang19/hip-gfx1030-O0.hsaco",
            "clang19-hip-gfx1030-O0-accumulate",
            "29",
        ),
        (
            "clang14/hip-gfx90a-O0.hsaco",
            "clang14-hip-gfx90a-O0-accumulate",
            "29",
        ),
    ] {
        let out = hetdwarf(&[
            "print",
            &corpus(object),
            "--state",
            &corpus(&format!("states/e2e/{state}.json")),
            "samples->bits.hi",
            "--lane",
            lane,
        ]);
        assert_eq!(stdout(&out), "samples->bits.hi = -29\n", "{object}");
    }
}

/// clang 22 -O2 `stage` on gfx1100 (flat scratch, wave32) at 0x1c48: src is `piece 4,
/// bregx v1+0 lit5 swap xderef, piece 4` (low half optimized out: the pointer as a whole is
/// <optimized out>), seed = v5 (low) | v11 (high) lane slices, part at fbreg +0 off a
/// per-lane s33 = 0x40, sink an implicit 0, tile/lane/r outside their ranges.
#[test]
fn clang22_ocl_gfx1100_o2_wave32_vgpr_pieces() {
    const OPT: &str = "<optimized out>";
    Row {
        object: "clang22/ocl-gfx1100-O2.hsaco",
        state: "clang22-ocl-gfx1100-O2-stage",
        pc: "0x1c48",
        inactive: 15,
        lanes: [
            (
                4,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", OPT),
                    ("uint", "lane", OPT),
                    ("ulong", "seed", "81985529216486899"),
                    ("particle_t", "part", P4),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
            (
                29,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", OPT),
                    ("uint", "lane", OPT),
                    ("ulong", "seed", "81985529216486924"),
                    ("particle_t", "part", P29),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
        ],
        prints: &[("seed", 29, "81985529216486924"), ("part.pos[0]", 29, "29")],
    }
    .check();
    // The partial pointer's location: lane 29's dword of v1 is bits [928, 960) of the
    // register, and it supplies bits [32, 64) of src.
    let j = json(&hetdwarf(&[
        "print",
        &corpus("clang22/ocl-gfx1100-O2.hsaco"),
        "--state",
        &corpus("states/e2e/clang22-ocl-gfx1100-O2-stage.json"),
        "src",
        "--lane",
        "29",
        "--format",
        "json",
    ]));
    assert_eq!(
        j["lanes"][0]["location"],
        "composite[ undefined [0,32) | register v1 bit 928 [32,64) ]"
    );
}

/// clang 19 -O2 `stage` on gfx90a (MUBUF, wave64) at 0x1b14: `bregx VGPRn+0, lit1, swap,
/// xderef` on promoted values (lane = v14); src's low half and seed's high half are
/// optimized out; part at fbreg +0 off s33 = 0x40 × 64.
#[test]
fn clang19_ocl_gfx90a_o2_wave64_partly_optimized_out() {
    const OPT: &str = "<optimized out>";
    Row {
        object: "clang19/ocl-gfx90a-O2.hsaco",
        state: "clang19-ocl-gfx90a-O2-stage",
        pc: "0x1b14",
        inactive: 15,
        lanes: [
            (
                4,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", OPT),
                    ("uint", "lane", "4"),
                    ("ulong", "seed", OPT),
                    ("particle_t", "part", P4),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
            (
                37,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", OPT),
                    ("uint", "lane", "37"),
                    ("ulong", "seed", OPT),
                    ("particle_t", "part", P37),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
        ],
        prints: &[
            ("lane", 37, "37"),
            (
                "part.flags",
                4,
                "{valid = 0, kind = 2, level = 0, delta = -4, spare = 0}",
            ),
        ],
    }
    .check();
}

/// clang 14 -O2 `stage` on gfx90a at 0x1b00: tile = v2 (a local pointer by address class
/// 2: lane L holds 0x80 + 4 (L % 4)), lane = v12.
#[test]
fn clang14_ocl_gfx90a_o2_wave64_local_pointer_in_vgpr() {
    const OPT: &str = "<optimized out>";
    Row {
        object: "clang14/ocl-gfx90a-O2.hsaco",
        state: "clang14-ocl-gfx90a-O2-stage",
        pc: "0x1b00",
        inactive: 15,
        lanes: [
            (
                5,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", "(float *) local#0x84"),
                    ("uint", "lane", "5"),
                    ("ulong", "seed", OPT),
                    ("particle_t", "part", P5),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
            (
                37,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", "(float *) local#0x84"),
                    ("uint", "lane", "37"),
                    ("ulong", "seed", OPT),
                    ("particle_t", "part", P37),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
        ],
        prints: &[("*tile", 5, "0.5"), ("part.cookie", 37, "3235774501")],
    }
    .check();
}

/// AMD's LLVM -O2 `stage` on gfx90a at 0x1b74: tile and seed in lane slices (`regx VGPRn,
/// push_lane, lit4, mul, offset`, seed = v4 | v5 pieces), part at `(s33 >> 6) + 0` in
/// private_lane, sink = `lit0, stack_value`.
#[test]
fn rocm_ocl_gfx90a_o2_wave64_lane_slices() {
    const OPT: &str = "<optimized out>";
    Row {
        object: "rocm/ocl-gfx90a-O2.hsaco",
        state: "rocm-ocl-gfx90a-O2-stage",
        pc: "0x1b74",
        inactive: 15,
        lanes: [
            (
                5,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", "(float *) local#0x84"),
                    ("uint", "lane", OPT),
                    ("ulong", "seed", "81985529216486900"),
                    ("particle_t", "part", P5),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
            (
                37,
                &[
                    ("const float *", "src", OPT),
                    ("float *", "tile", "(float *) local#0x84"),
                    ("uint", "lane", OPT),
                    ("ulong", "seed", "81985529216486932"),
                    ("particle_t", "part", P37),
                    ("int", "sink", "0"),
                    ("float", "r", OPT),
                ],
            ),
        ],
        prints: &[("*tile", 37, "0.5"), ("seed", 5, "81985529216486900")],
    }
    .check();
}

/// AMD's LLVM -O2 kernel `particles` on gfx1100 wave32 at 0x2200, inside the inlined
/// `__clang_ocl_kern_imp_particles`: src = s[10:11] and seed = s[0:1] (SGPR-pair pieces +
/// piece_end), tile = s2 (a local pointer). Lane-invariant, so both lanes agree.
#[test]
fn rocm_ocl_gfx1100_o2_wave32_sgpr_pairs() {
    const OPT: &str = "<optimized out>";
    const VARS: &[(&str, &str, &str)] = &[
        ("const float *", "src", "(const float *) 0x10000"),
        ("float *", "tile", "(float *) local#0x80"),
        ("ulong", "seed", "81985529216486895"),
        ("uint", "lane", OPT),
        ("float", "v", OPT),
        ("float *", "out", OPT),
        // The kernel's own parameters, hidden by the inlined copies above.
        (
            "const float *",
            "src <shadowed, in subprogram particles>",
            "(const float *) 0x10000",
        ),
        (
            "float *",
            "tile <shadowed, in subprogram particles>",
            "(float *) local#0x80",
        ),
        (
            "ulong",
            "seed <shadowed, in subprogram particles>",
            "81985529216486895",
        ),
        ("int", "n", OPT),
    ];
    Row {
        object: "rocm/ocl-gfx1100-O2.hsaco",
        state: "rocm-ocl-gfx1100-O2-particles",
        pc: "0x2200",
        inactive: 15,
        lanes: [(4, VARS), (29, VARS)],
        prints: &[
            ("*src", 4, "100"),
            ("*tile", 29, "0"),
            ("seed", 29, "81985529216486895"),
        ],
    }
    .check();
}

/// clang 19 -O0 kernel `histogram` (gfx1100): the kernel-scope `__local uint local_bins[32]`
/// is `addrx 1, lit2, swap, xderef` (2 = clang's old local); .debug_addr[1] is 0 (the
/// undefined LDS symbol). local_bins[k] = 10 k + 1.
#[test]
fn clang19_ocl_gfx1100_o0_lds_array_legacy_literal() {
    Row {
        object: "clang19/ocl-gfx1100-O0.hsaco",
        state: "clang19-ocl-gfx1100-O0-histogram",
        pc: "0x3c00",
        inactive: 15,
        lanes: [(0, &[]), (0, &[])],
        prints: &[("local_bins[3]", 4, "31"), ("local_bins[31]", 29, "311")],
    }
    .check();
}

/// Which upstream-clang rewrite rule applied, the frame-base rule, and the place each
/// produced, per producer and processor (`print --verbose --format json`).
#[test]
fn rewrite_rules_and_places_per_producer_and_target() {
    // (object, state, variable, lane, conventions, frame-base rule, location)
    let cases: &[RuleCase] = &[
        // -O0 private variables: fbreg + 20 off a per-lane frame base 0x40.
        (
            "clang22/ocl-gfx900-O0.hsaco",
            "clang22-ocl-gfx900-O0-leaf_mix",
            "acc",
            4,
            &["fbreg-private", "xderef-address-space"],
            Some("frame-base-wave-scaled"),
            "memory private_lane 0x54 (lane 4)",
        ),
        (
            "clang19/ocl-gfx900-O0.hsaco",
            "clang19-ocl-gfx900-O0-leaf_mix",
            "acc",
            37,
            &["fbreg-private", "xderef-address-space"],
            Some("frame-base-wave-scaled"),
            "memory private_lane 0x54 (lane 37)",
        ),
        (
            "clang19/ocl-gfx1100-O0.hsaco",
            "clang19-ocl-gfx1100-O0-leaf_mix",
            "acc",
            29,
            &["fbreg-private", "xderef-address-space"],
            Some("frame-base-register-value"),
            "memory private_lane 0x54 (lane 29)",
        ),
        (
            "clang22/ocl-gfx1030-O0.hsaco",
            "clang22-ocl-gfx1030-O0-stage",
            "r",
            29,
            &["fbreg-private", "xderef-address-space"],
            Some("frame-base-wave-scaled"),
            "memory private_lane 0x7c (lane 29)",
        ),
        // HIP: clang 22's literal 1 (generic) after fbreg, clang 19's bare fbreg.
        (
            "clang22/hip-gfx942-O0.hsaco",
            "clang22-hip-gfx942-O0-accumulate",
            "total",
            37,
            &["fbreg-private", "xderef-address-space"],
            Some("frame-base-register-value"),
            "memory private_lane 0x60 (lane 37)",
        ),
        (
            "clang19/hip-gfx1030-O0.hsaco",
            "clang19-hip-gfx1030-O0-accumulate",
            "total",
            29,
            &["fbreg-private"],
            Some("frame-base-wave-scaled"),
            "memory private_lane 0x60 (lane 29)",
        ),
        // -O2: the register-value bug, with the lane's dword of the VGPR.
        (
            "clang19/ocl-gfx90a-O2.hsaco",
            "clang19-ocl-gfx90a-O2-stage",
            "lane",
            37,
            &["implicit-vgpr-lane", "xderef-on-register-value"],
            None,
            // Only the lane's dword: a wider read does not run into the next lane.
            "composite[ register v14 bit 1184 [0,32) ]",
        ),
        (
            "clang22/ocl-gfx1100-O2.hsaco",
            "clang22-ocl-gfx1100-O2-stage",
            "sink",
            4,
            &["xderef-on-register-value"],
            None,
            "implicit",
        ),
        // The legacy literal on a memory address: 2 = local.
        (
            "clang19/ocl-gfx1100-O0.hsaco",
            "clang19-ocl-gfx1100-O0-histogram",
            "local_bins",
            4,
            &["address-class-clang-legacy", "xderef-address-space"],
            None,
            "memory local 0x0",
        ),
    ];
    for (object, state, var, lane, conventions, fb_rule, location) in cases {
        let lane_arg = lane.to_string();
        let j = json(&hetdwarf(&[
            "print",
            &corpus(object),
            "--state",
            &corpus(&format!("states/e2e/{state}.json")),
            var,
            "--lane",
            &lane_arg,
            "--verbose",
            "--format",
            "json",
        ]));
        let l = &j["lanes"][0];
        let applied: Vec<&str> = l["entries"][0]["conventions"]
            .as_array()
            .map(|a| a.iter().filter_map(|c| c.as_str()).collect())
            .unwrap_or_default();
        assert_eq!(&applied, conventions, "{object} {var}: {l}");
        if let Some(rule) = fb_rule {
            assert_eq!(l["frame_base_rule"], *rule, "{object} {var}");
        }
        let loc = l["location"].as_str().unwrap_or_default();
        assert!(loc.starts_with(location), "{object} {var}: {loc}");
    }
}

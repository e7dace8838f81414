//! `scratch::frame_base_shift`: which processors keep wave-scaled scratch offsets in their
//! stack registers (MUBUF scratch) and which keep per-lane offsets (flat scratch), checked
//! against LLVM's rules and against what the compilers in the corpus actually did.

use std::path::{Path, PathBuf};
use std::process::Command;

use hetdwarf_amdgpu::scratch::{frame_base_shift, stack_is_wave_scaled};

fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora")
}

/// LLVM (`GCNSubtarget::enableFlatScratch`): the stack is addressed with flat-scratch
/// instructions, per lane, when the processor has *architected* flat scratch
/// (`FeatureArchitectedFlatScratch`: gfx940/941/942, gfx950, GFX11, GFX12 and their generic
/// targets); otherwise (GFX6–GFX10 incl. gfx90a and gfx1030; `-amdgpu-enable-flat-scratch`
/// is off by default) through MUBUF with SGPR32/SGPR33 holding byte offsets scaled by the
/// wave size (`AMDGPUUsage`: "SP/FP hold wave-scaled (private_wave) byte offsets" on
/// MUBUF-scratch targets, "SP holds a per-lane (swizzled) offset" with flat scratch).
#[test]
fn shift_per_processor_and_wave_size() {
    let table: &[(&str, u32, u32)] = &[
        // MUBUF scratch: shift = log2(wave size).
        ("gfx700", 64, 6),
        ("gfx803", 64, 6),
        ("gfx900", 64, 6),
        ("gfx906", 64, 6),
        ("gfx908", 64, 6),
        ("gfx90a", 64, 6),
        ("gfx90c", 64, 6),
        ("gfx9-generic", 64, 6),
        ("gfx1010", 32, 5),
        ("gfx1010", 64, 6),
        ("gfx1030", 32, 5),
        ("gfx1030", 64, 6),
        ("gfx1036", 32, 5),
        ("gfx10-3-generic", 32, 5),
        // Architected flat scratch: per-lane offsets.
        ("gfx940", 64, 0),
        ("gfx942", 64, 0),
        ("gfx950", 64, 0),
        ("gfx9-4-generic", 64, 0),
        ("gfx1100", 32, 0),
        ("gfx1100", 64, 0),
        ("gfx1151", 32, 0),
        ("gfx11-generic", 32, 0),
        ("gfx1200", 32, 0),
        ("gfx1201", 64, 0),
        ("gfx12-generic", 32, 0),
    ];
    for &(processor, wave, shift) in table {
        assert_eq!(
            frame_base_shift(processor, wave),
            shift,
            "{processor} wave{wave}"
        );
        assert_eq!(stack_is_wave_scaled(processor), shift != 0, "{processor}");
    }
}

/// A field of a corpus `expected/*.json` file, read without a JSON parser: the first
/// `"key": value` (a string or a number).
fn json_field(text: &str, key: &str) -> Option<String> {
    let at = text.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = text[at..].trim_start();
    let end = rest.find([',', '\n', '}']).unwrap_or(rest.len());
    Some(rest[..end].trim().trim_matches('"').to_string())
}

/// AMD's LLVM spells the convention out in its DWARF: private variables on MUBUF targets
/// are `regx SGPR33, deref_size 4, lit<log2 wave>, shr, ...` and on flat-scratch targets
/// `regx SGPR33, deref_size 4, <offset>, plus, ...` with no shift (`llvm-dwarfdump-22` text
/// in `corpora/expected/rocm/`). Every fork object that has such a location agrees with
/// `frame_base_shift`.
#[test]
fn fork_dwarf_agrees_per_processor() {
    let dir = corpora().join("expected/rocm");
    let mut checked = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Some(object) = name.strip_suffix(".dwarfdump.txt") else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let facts = std::fs::read_to_string(dir.join(format!("{object}.json"))).unwrap();
        let processor = json_field(&facts, "processor").unwrap();
        let wave: u32 = json_field(&facts, "wavefront_size")
            .unwrap()
            .parse()
            .unwrap();
        let prefix = "DW_OP_regx SGPR33, DW_OP_deref_size 0x4, DW_OP_lit";
        let mut shifts = Vec::new();
        let mut flat = false;
        for (i, _) in text.match_indices(prefix) {
            let rest = &text[i + prefix.len()..];
            let (n, after) = rest.split_once(", ").unwrap();
            let n: u32 = n.parse().unwrap();
            if after.starts_with("DW_OP_shr") {
                shifts.push(n);
            } else if after.starts_with("DW_OP_plus") {
                flat = true;
            }
        }
        let observed = match (shifts.first(), flat) {
            (Some(&s), _) => {
                assert!(shifts.iter().all(|&x| x == s), "{object}: {shifts:?}");
                assert!(!flat, "{object}: both scaled and unscaled frame offsets");
                s
            }
            (None, true) => 0,
            (None, false) => continue,
        };
        assert_eq!(
            frame_base_shift(&processor, wave),
            observed,
            "{object} ({processor} wave{wave})"
        );
        checked.push(format!("{processor}/w{wave}"));
    }
    checked.sort();
    checked.dedup();
    // gfx900, gfx90a, gfx1030 (wave32 and wave64), gfx942, gfx1100.
    assert!(checked.len() >= 6, "{checked:?}");
}

/// Upstream clang spells nothing out, but its machine code shows the convention: functions
/// on MUBUF targets address the stack with `buffer_store_dword ... s33 offset:N` and grow it
/// by frame size × wave size; flat-scratch targets use `scratch_store ... s33 offset:N`.
/// Checked with `llvm-objdump-22 -d` when it is installed.
#[test]
fn upstream_machine_code_agrees_per_processor() {
    let objdump = "llvm-objdump-22";
    if Command::new(objdump).arg("--version").output().is_err() {
        eprintln!("{objdump} not installed: skipped");
        return;
    }
    for (object, processor, wave) in [
        ("clang22/ocl-gfx900-O0.hsaco", "gfx900", 64),
        ("clang14/ocl-gfx900-O0.hsaco", "gfx900", 64),
        ("clang22/hip-gfx90a-O0.hsaco", "gfx90a", 64),
        ("clang22/ocl-gfx1030-O0.hsaco", "gfx1030", 32),
        ("clang14/ocl-gfx1030w64-O0.hsaco", "gfx1030", 64),
        ("clang22/hip-gfx942-O0.hsaco", "gfx942", 64),
        ("clang19/ocl-gfx1100-O0.hsaco", "gfx1100", 32),
    ] {
        let out = Command::new(objdump)
            .args(["-d", "--no-show-raw-insn"])
            .arg(corpora().join(object))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let mubuf = text
            .lines()
            .any(|l| l.contains("buffer_store_dword") && l.contains("s33 offset:"));
        let flat = text
            .lines()
            .any(|l| l.contains("scratch_store") && l.contains("s33 offset:"));
        assert!(mubuf != flat, "{object}: mubuf {mubuf}, flat {flat}");
        assert_eq!(
            frame_base_shift(processor, wave),
            if mubuf { wave.trailing_zeros() } else { 0 },
            "{object}"
        );
    }
}

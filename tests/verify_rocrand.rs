//! `hetdwarf::verify` on the seven Debian rocRAND code objects (`tools/fetch-rocrand.sh`):
//! no panic, and the coverage figures equal `llvm-dwarfdump-22 --statistics` where the two
//! measure the same thing. Skipped (with a message) when the objects or the tool are
//! missing.

use std::path::PathBuf;
use std::process::Command;

use hetdwarf::index::DwarfIndex;
use hetdwarf::verify::{self, Bytes, Options, checks};
use hetdwarf_amdgpu::Input;

fn objects() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpora/rocrand");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "co"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn statistics(path: &PathBuf) -> Option<serde_json::Value> {
    let out = Command::new("llvm-dwarfdump-22")
        .arg("--statistics")
        .arg(path)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    serde_json::from_slice(&out.stdout).ok()
}

fn covered(b: &Bytes) -> u64 {
    b.available + b.per_lane
}

#[test]
fn rocrand_coverage_matches_llvm_dwarfdump_statistics() {
    let files = objects();
    if files.is_empty() {
        eprintln!("rocrand objects missing: run tools/fetch-rocrand.sh");
        return;
    }
    assert_eq!(files.len(), 7, "{files:?}");
    for path in &files {
        let input = Input::open(path).expect("open");
        let co = input.code_object(None).expect("code object");
        let sections = co.dwarf_sections().expect("sections");
        let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
        let processor = co.target().processor.clone();
        let wave_at = |pc: u64| co.wave_size_at(pc);
        let opts = {
            let mut o = Options::default();
            o.targets = vec![
                hetdwarf_amdgpu::registers::dwarf_target(&processor, 32),
                hetdwarf_amdgpu::registers::dwarf_target(&processor, 64),
            ];
            o.wave_size_at = Some(&wave_at);
            o.default_wave_size = Some(co.common_wave_size());
            o
        };
        let report = verify::verify(&dbg, sections.get(gimli::SectionId::DebugFrame), &opts)
            .expect("verify");
        let name = path.display();
        assert!(report.expressions > 5_000, "{name}: {}", report.expressions);
        // clang 15 HIP: no decoding or evaluation errors; the LDS `__shared__` variables are
        // located by `DW_OP_addr 0x0, DW_OP_lit2, DW_OP_swap, DW_OP_xderef` placeholders.
        let errors: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity == verify::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.check == checks::LDS_PLACEHOLDER_LOCATION),
            "{name}"
        );
        let c = &report.coverage;
        assert_eq!(
            c.total.scope,
            c.total.available + c.total.per_lane + c.total.optimized_out
        );
        assert!(
            c.total.per_lane > 0,
            "{name}: VGPR-resident values are per lane"
        );
        let Some(s) = statistics(path) else {
            eprintln!("llvm-dwarfdump-22 not available: statistics not compared");
            continue;
        };
        let get = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{name}: {k}"));
        for (ours, kind) in [
            (&c.total, "variables"),
            (&c.parameters, "params"),
            (&c.locals, "local_vars"),
        ] {
            assert_eq!(
                ours.scope,
                get(&format!("sum_all_{kind}(#bytes in parent scope)")),
                "{name}: {kind} scope bytes"
            );
            assert_eq!(
                covered(ours),
                get(&format!(
                    "sum_all_{kind}(#bytes in parent scope covered by DW_AT_location)"
                )),
                "{name}: {kind} covered bytes"
            );
        }
        // llvm-dwarfdump also counts the CU-level (global) variables, which have no
        // parent scope bytes; we list only variables inside scopes with code.
        let dies = get("#params") + get("#local vars");
        let ours = c.variables.len() as u64;
        assert!(ours <= dies && dies - ours < 16, "{name}: {ours} vs {dies}");
    }
}

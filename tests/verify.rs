//! `hetdwarf::verify` on hand-written DWARF (every finding class, positive and negative
//! cases) and on the compiler corpus (the clang `xderef` bug found exactly where it occurs).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use hetdwarf::index::DwarfIndex;
use hetdwarf::verify::{self, Options, Report, checks};
use hetdwarf_amdgpu::Input;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Verifies a file the way `hetdwarf verify` does; also returns the code object's function
/// symbols (name -> address).
fn verify_file(path: &Path) -> (Report, BTreeMap<String, u64>) {
    let input = Input::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let functions = co
        .functions()
        .iter()
        .map(|f| (f.name.clone(), f.address))
        .collect();
    (report, functions)
}

/// The check a DIE named `bad:<id>` or `bad:<id>-<suffix>` must be reported with.
fn expected_check(name: &str) -> Option<&'static str> {
    let rest = name.strip_prefix("bad:")?;
    checks::ALL
        .iter()
        .map(|c| c.id)
        .filter(|id| rest == *id || rest.starts_with(&format!("{id}-")))
        .max_by_key(|id| id.len())
}

/// Every DIE name in `.debug_info` starting with `bad:` or `good:`.
fn case_names(path: &Path) -> Vec<String> {
    let input = Input::open(path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dwarf = sections.dwarf();
    let mut names = Vec::new();
    let mut units = dwarf.units();
    while let Some(header) = units.next().expect("unit header") {
        // Read the DIEs with the abbreviations alone: one case is a unit whose line table
        // is unreadable, which `Dwarf::unit` refuses. The names are inline strings.
        let abbrevs = dwarf.abbreviations(&header).expect("abbreviations");
        let mut cursor = header.entries(&abbrevs);
        while let Some(e) = cursor.next_dfs().expect("DIE") {
            if let Some(v) = e.attr_value(gimli::DW_AT_name)
                && let Some(s) = v.string_value(&dwarf.debug_str)
            {
                let s = s.to_string_lossy().into_owned();
                if s.starts_with("bad:") || s.starts_with("good:") {
                    names.push(s);
                }
            }
        }
    }
    names
}

const HAND: &[&str] = &[
    "decode",
    "legacy",
    "evaluation",
    "target-w64",
    "target-w32",
    "cfi",
    "loclist",
    "producer",
    "upstream",
];

#[test]
fn hand_objects_positive_and_negative_cases() {
    let mut covered: BTreeSet<&str> = BTreeSet::new();
    for obj in HAND {
        let path = root().join(format!("corpora/hand-verify/{obj}.o"));
        let (report, functions) = verify_file(&path);
        let names = case_names(&path);
        assert!(!names.is_empty(), "{obj}: no bad:/good: DIEs");
        // Every finding on a named case is the expected check of a `bad:` DIE.
        for f in report.findings.iter().filter(|f| f.die.is_some()) {
            let name = f.name.as_deref().unwrap_or("");
            // These hand-made units mix clang-style bare vector registers with DW_OP_LLVM_*
            // cases, so each bare register is also the mixed-unit warning: allowed only
            // where the expression names a register (`VGPRn` in wave64 names, a number in
            // wave32) with no push_lane.
            if f.check == checks::BARE_VECTOR_REGISTER_IN_HETEROGENEOUS_UNIT {
                let text = f.expression.as_deref().unwrap_or("");
                assert!(
                    (text.contains("DW_OP_regx") || text.contains("DW_OP_bregx"))
                        && !text.contains("push_lane"),
                    "{obj}: {name}: mixed-unit warning on {text}"
                );
                covered.insert(f.check);
                continue;
            }
            assert!(
                !name.starts_with("good:"),
                "{obj}: negative case {name} reported: {f:?}"
            );
            if let Some(expected) = expected_check(name) {
                assert_eq!(f.check, expected, "{obj}: {name}: {f:?}");
            }
            covered.insert(f.check);
        }
        // Every `bad:` DIE is reported with its check.
        for name in names.iter().filter(|n| n.starts_with("bad:")) {
            let expected =
                expected_check(name).unwrap_or_else(|| panic!("{obj}: {name} names no check id"));
            assert!(
                report
                    .findings
                    .iter()
                    .any(|f| f.name.as_deref() == Some(name) && f.check == expected),
                "{obj}: {name} not reported as {expected}; findings: {:#?}",
                report.findings
            );
        }
        // CFI: every finding in func_bad's FDE, none in func_good's.
        let bad = functions["func_bad"];
        let good = functions["func_good"];
        for f in report.findings.iter().filter(|f| f.die.is_none()) {
            let start = f.pc_range.as_ref().map(|r| r.start);
            assert_ne!(start, Some(good), "{obj}: CFI finding in func_good: {f:?}");
            assert_eq!(
                start,
                Some(bad),
                "{obj}: CFI finding outside func_bad: {f:?}"
            );
            covered.insert(f.check);
        }
        if *obj == "cfi" {
            let cfi: BTreeSet<&str> = report
                .findings
                .iter()
                .filter(|f| f.die.is_none())
                .map(|f| f.check)
                .collect();
            let want: BTreeSet<&str> = [
                checks::OP_FORBIDDEN_IN_CFI,
                checks::CFA_NOT_MEMORY,
                checks::CFA_RULE_AFTER_EXPRESSION,
                checks::UNDEFINED_ADDRESS_SPACE,
                checks::UNMAPPED_REGISTER,
                checks::CFI_UNDECODABLE,
            ]
            .into_iter()
            .collect();
            assert_eq!(cfi, want);
        }
    }
    // Every check id has a hand-written positive case. The `diop` checks need an IR module
    // beside the object (`verify --ir`): their cases are the corpus modules and an edited
    // object and module in `tools/tests/diop_verify.rs`. The `input` checks are about the
    // file around the DWARF (a section that cannot be decompressed), which the CLI reads:
    // their case is the hostile suite's (`tools/tests/hostile.rs`, frame-bomb). The `code`
    // checks judge locations against the machine code, which hetdwarf-mc decodes: their
    // cases are `corpora/hand-clobber/` (`mc/tests/clobber.rs`).
    let all: BTreeSet<&str> = checks::ALL
        .iter()
        .filter(|c| c.group != "diop" && c.group != "input" && c.group != "code")
        .map(|c| c.id)
        .collect();
    let missing: Vec<_> = all.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "checks without a hand-written case: {missing:?}"
    );
}

#[test]
fn wave_size_decides_register_numbers() {
    // A wave32 VGPR number in a wave64 kernel, and the reverse, are both errors; the
    // message says which.
    for (obj, hint) in [
        (
            "target-w64",
            "wave32 vector register number in a wave64 function",
        ),
        (
            "target-w32",
            "wave64 vector register number in a wave32 function",
        ),
    ] {
        let (report, _) = verify_file(&root().join(format!("corpora/hand-verify/{obj}.o")));
        let f = report
            .findings
            .iter()
            .find(|f| f.name.as_deref() == Some("bad:unmapped-register"))
            .expect("finding");
        assert!(f.message.contains(hint), "{obj}: {}", f.message);
    }
}

#[test]
fn findings_carry_context() {
    let (report, _) = verify_file(&root().join("corpora/hand-verify/producer.o"));
    let f = report
        .findings
        .iter()
        .find(|f| f.name.as_deref() == Some("bad:xderef-on-register-value"))
        .expect("finding");
    assert_eq!(f.severity, verify::Severity::Error);
    assert_eq!(f.function.as_deref(), Some("kern"));
    assert_eq!(f.attr.as_deref(), Some("DW_AT_location"));
    assert_eq!(
        f.expression.as_deref(),
        Some("DW_OP_bregx VGPR1+0, DW_OP_lit5, DW_OP_swap, DW_OP_xderef")
    );
    assert_eq!(f.op_offset, Some(6));
    assert!(f.pc_range.is_some());
    assert!(f.die.is_some());

    // A unit attribute that cannot be read is reported at the unit's root DIE (the first
    // DIE gimli reads after the header), not at the header (llvm-dwarfdump shows the
    // DW_TAG_compile_unit 12 bytes after a DWARF 5 unit's header).
    let f = report
        .findings
        .iter()
        .find(|f| f.check == checks::UNIT_ATTRIBUTE_UNREADABLE)
        .expect("the unreadable line table");
    let input = Input::open(&root().join("corpora/hand-verify/producer.o")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dwarf = sections.dwarf();
    let mut roots = Vec::new();
    let mut units = dwarf.units();
    while let Some(header) = units.next().unwrap() {
        let abbrevs = dwarf.abbreviations(&header).unwrap();
        let mut cursor = header.entries(&abbrevs);
        let root = cursor.next_dfs().unwrap().unwrap();
        roots.push(root.offset().to_debug_info_offset(&header).unwrap().0 as u64);
    }
    assert!(
        roots.contains(&f.die.unwrap()),
        "{:?} not in {roots:x?}",
        f.die
    );
}

/// Independent oracle from `llvm-dwarfdump-22` text: expressions with the clang suffix on
/// a register value (`breg* R+0, lit<N>, swap, xderef`) or on a computed value
/// (`<constant or register arithmetic>, lit<N>, swap, xderef, stack_value`).
fn xderef_bug_count(dump: &str) -> usize {
    let mut n = 0;
    // Only `.debug_info` (location lists are printed again under `.debug_loclists`).
    let info = dump.split(".debug_loc contents:").next().unwrap_or(dump);
    for line in info.lines() {
        // The expression text of an attribute or a location-list entry.
        let Some(start) = line.find("DW_OP_") else {
            continue;
        };
        let text = line[start..].trim_end_matches(')');
        let ops: Vec<&str> = text.split(", ").collect();
        for i in 0..ops.len() {
            if ops[i] != "DW_OP_xderef" || i < 3 {
                continue;
            }
            if !(ops[i - 1] == "DW_OP_swap" && ops[i - 2].starts_with("DW_OP_lit")) {
                continue;
            }
            let a = ops[i - 3];
            let reg_value = a.starts_with("DW_OP_breg") && a.ends_with("+0");
            let stack_value = ops.get(i + 1) == Some(&"DW_OP_stack_value");
            let computed = a.starts_with("DW_OP_lit")
                || a.starts_with("DW_OP_consts")
                || a.starts_with("DW_OP_constu")
                || a.starts_with("DW_OP_const1")
                || a == "DW_OP_plus";
            if reg_value || (stack_value && computed) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn xderef_bug_found_exactly_where_it_occurs() {
    let mut total = 0;
    let mut files = 0;
    for dir in [
        "clang14", "clang19", "clang22", "llc14", "llc19", "llc22", "rocm",
    ] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("corpora").join(dir))
            .expect("corpus")
            .map(|e| e.expect("entry").path())
            .collect();
        paths.sort();
        for path in paths {
            let rel = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            let dump_path = root().join(format!("corpora/expected/{rel}.dwarfdump.txt"));
            let dump = std::fs::read_to_string(&dump_path).expect("dwarfdump text");
            let expected = xderef_bug_count(&dump);
            let (report, _) = verify_file(&path);
            let found = report
                .findings
                .iter()
                .filter(|f| f.check == checks::XDEREF_ON_REGISTER_VALUE)
                .count();
            assert_eq!(found, expected, "{rel}");
            let optimized = rel.contains("-O2");
            if rel.starts_with("clang") && optimized && rel.contains("ocl") {
                assert!(found > 0, "{rel}: upstream clang -O2 OpenCL has the bug");
            }
            if rel.contains("-O0") || (rel.starts_with("rocm/") && !rel.contains("upstreamdi")) {
                assert_eq!(found, 0, "{rel}: no xderef bug expected");
            }
            if rel == "rocm/ocl-gfx90a-O2-upstreamdi.o" {
                assert!(
                    found > 0,
                    "{rel}: the fork fed upstream-style IR has the bug"
                );
            }
            total += found;
            files += 1;
        }
    }
    assert!(files > 50, "{files} corpus files");
    assert!(total > 500, "{total} xderef findings over the corpus");
}

#[test]
fn fork_diop_objects_have_no_errors() {
    // AMD's LLVM on DIOp expressions: heterogeneous DWARF that verifies without errors.
    for name in [
        "hip-gfx1030-O0.hsaco",
        "hip-gfx90a-O0.hsaco",
        "hip-gfx90a-O2.hsaco",
        "ocl-gfx90a-O0.hsaco",
        "ocl-gfx90a-O2.hsaco",
        "ocl-gfx1100-O2.hsaco",
        "ocl-gfx900-O0.o",
        "hip-gfx942-O0.o",
    ] {
        let (report, _) = verify_file(&root().join("corpora/rocm").join(name));
        let errors: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.severity == verify::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
        assert!(
            report.cfi_expressions > 0 || name.contains("O2"),
            "{name}: CFI seen"
        );
    }
}

#[test]
fn every_corpus_object_verifies_without_panic() {
    for dir in ["hand", "bundle"] {
        for e in std::fs::read_dir(root().join("corpora").join(dir)).expect("dir") {
            let path = e.expect("entry").path();
            let input = Input::open(&path).expect("open");
            if input.code_object(None).is_err() {
                continue; // bundles with several code objects need --processor
            }
            let (report, _) = verify_file(&path);
            assert!(report.expressions > 0, "{}", path.display());
        }
    }
}

#[test]
fn coverage_of_hand_written_lists() {
    let (report, _) = verify_file(&root().join("corpora/hand-verify/loclist.o"));
    let c = &report.coverage;
    let var = |name: &str| {
        c.variables
            .iter()
            .find(|v| v.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("{name}"))
            .bytes
    };
    // kern is 0x44 bytes: 16 s_nop + s_endpgm.
    let b = var("good:loclist"); // [0,8) and [8,32) per lane, default undefined
    assert_eq!(
        (b.scope, b.available, b.per_lane, b.optimized_out),
        (68, 0, 32, 36)
    );
    let b = var("bad:loclist-overlap"); // [0,16) per lane, [8,24) SGPR5
    assert_eq!(
        (b.scope, b.available, b.per_lane, b.optimized_out),
        (68, 8, 16, 44)
    );
    let b = var("bad:loclist-size-mismatch"); // [0,16) SGPRs
    assert_eq!(
        (b.scope, b.available, b.per_lane, b.optimized_out),
        (68, 16, 0, 52)
    );
    let b = var("bad:loclist-out-of-scope"); // [0,0x400) clipped to the scope
    assert_eq!((b.per_lane, b.optimized_out), (68, 0));
    let b = var("bad:loclist-empty-range");
    assert_eq!(b.optimized_out, 68);
    let kern = c
        .functions
        .iter()
        .find(|f| f.name.as_deref() == Some("kern"))
        .expect("kern");
    assert_eq!(kern.size, 68);
    assert_eq!(kern.variables, c.variables.len());
    assert_eq!(c.total.scope, 68 * c.variables.len() as u64);
    assert_eq!(
        c.total.scope,
        c.total.available + c.total.per_lane + c.total.optimized_out
    );
}

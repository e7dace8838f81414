//! The CFI parser against `llvm-dwarfdump-22 --debug-frame` over every corpus object:
//! every row LLVM prints (address, CFA rule, each register rule) must be the row
//! `FrameTable::row_at` gives for that address, printed the same way.

use std::path::{Path, PathBuf};
use std::process::Command;

use hetdwarf::cfi::{CfaRule, RegisterRule, Row};
use hetdwarf::expr::disasm::{DisasmOptions, disassemble_bytes};
use hetdwarf::expr::{DecodeParams, Encoding, RegisterNames};
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use hetdwarf_amdgpu::Input;
use hetdwarf_amdgpu::unwind::CallFrames;

fn corpus_files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpora");
    let mut out = Vec::new();
    for dir in [
        "rocm",
        "hand",
        "hand-lanes",
        "hand-verify",
        "llc14",
        "llc19",
        "llc22",
        "clang14",
        "clang19",
        "clang22",
    ] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if matches!(p.extension().and_then(|x| x.to_str()), Some("o" | "hsaco")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn reg(r: u64) -> String {
    AmdgpuDwarfdumpNames
        .name(r)
        .unwrap_or_else(|| format!("reg{r}"))
}

fn expr(b: &[u8]) -> String {
    disassemble_bytes(
        b,
        DecodeParams::amdgpu(Encoding::User),
        DisasmOptions::new(&AmdgpuDwarfdumpNames),
    )
}

/// A row printed the way LLVM 22's `UnwindRow::dump` does (after the address).
fn print_row(row: &Row<'_>) -> String {
    let cfa = match row.cfa {
        CfaRule::Undefined => "unspecified".to_string(),
        CfaRule::RegisterOffset {
            register,
            offset,
            aspace,
        } => {
            let mut s = format!("{}{offset:+}", reg(register));
            if let Some(a) = aspace {
                s += &format!(" in addrspace{a}");
            }
            s
        }
        CfaRule::Expression(b) => expr(b),
    };
    let rules: Vec<String> = row
        .rules
        .iter()
        .map(|(&r, rule)| {
            let text = match *rule {
                RegisterRule::Undefined => "undefined".to_string(),
                RegisterRule::SameValue => "same".to_string(),
                RegisterRule::Offset(0) => "[CFA]".to_string(),
                RegisterRule::Offset(n) => format!("[CFA{n:+}]"),
                RegisterRule::ValOffset(0) => "CFA".to_string(),
                RegisterRule::ValOffset(n) => format!("CFA{n:+}"),
                RegisterRule::Register(r2) => reg(r2),
                RegisterRule::Expression(b) => format!("[{}]", expr(b)),
                RegisterRule::ValExpression(b) => expr(b),
            };
            format!("{}={text}", reg(r))
        })
        .collect();
    if rules.is_empty() {
        format!("CFA={cfa}")
    } else {
        format!("CFA={cfa}: {}", rules.join(", "))
    }
}

/// LLVM's rows: (address, text after "0x...: ").
fn llvm_rows(path: &Path) -> Vec<(u64, String)> {
    let out = Command::new("llvm-dwarfdump-22")
        .arg("--debug-frame")
        .arg(path)
        .output()
        .expect("run llvm-dwarfdump-22 (tools/setup.sh installs llvm-22)");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut rows = Vec::new();
    let mut in_debug_frame = false;
    for line in text.lines() {
        if line.starts_with(".debug_frame contents") {
            in_debug_frame = true;
        } else if line.starts_with(".eh_frame contents") {
            in_debug_frame = false;
        }
        let Some(rest) = line.strip_prefix("  0x") else {
            continue;
        };
        if !in_debug_frame {
            continue;
        }
        let Some((addr, row)) = rest.split_once(": ") else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(addr, 16) else {
            continue;
        };
        rows.push((addr, row.trim_end().to_string()));
    }
    rows
}

#[test]
fn rows_match_llvm_dwarfdump() {
    let (mut files, mut rows_checked) = (0, 0);
    let mut problems = Vec::new();
    for path in corpus_files() {
        let input = Input::open(&path).unwrap();
        let co = input.code_object(None).unwrap();
        let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let llvm = llvm_rows(&path);
        if llvm.is_empty() {
            continue;
        }
        files += 1;
        for (addr, want) in llvm {
            rows_checked += 1;
            let got = match cfi.tables()[0].row_at(addr, RegisterRule::SameValue) {
                Ok(Some(row)) => {
                    if row.start != addr {
                        problems.push(format!(
                            "{} {addr:#x}: our row starts at {:#x}",
                            path.display(),
                            row.start
                        ));
                    }
                    print_row(&row)
                }
                Ok(None) => "no FDE".into(),
                Err(e) => format!("error: {e}"),
            };
            if got != want {
                problems.push(format!(
                    "{} {addr:#x}:\n  llvm: {want}\n  ours: {got}",
                    path.display()
                ));
            }
        }
    }
    eprintln!("{files} objects, {rows_checked} rows compared");
    assert!(files >= 20, "only {files} objects with CFI");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

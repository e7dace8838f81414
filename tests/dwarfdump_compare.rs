//! Every location expression of every corpus object printed by hetdwarf must read exactly
//! as `llvm-dwarfdump-22 --debug-info` prints it, and every location-list entry must
//! cover the same PC range.
//!
//! The one deliberate difference: `DW_OP_LLVM_aspace_bregx` displacements are signed (as
//! the extension specifies) where LLVM 22 reads them unsigned. Such expressions are
//! compared after converting hetdwarf's signed displacement to LLVM's unsigned reading,
//! and counted separately. A second, also deliberate: in relocatable objects hetdwarf
//! applies relocations to `DW_OP_addr` operands inside expression blocks (the address of
//! the symbol), where `llvm-dwarfdump` prints the unrelocated bytes; there the operand of
//! `DW_OP_addr` is left out of the comparison (and checked separately below).

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use hetdwarf::expr::disasm::{DisasmOptions, disassemble_bytes};
use hetdwarf::index::{DwarfIndex, LocListEntryKind};
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use hetdwarf_amdgpu::Input;

/// What one DIE's expression-valued attributes print as: (attribute text position,
/// entries), each entry an optional range and the expression text.
type Printed = BTreeMap<u64, Vec<Vec<(Option<(u64, u64)>, String)>>>;

/// Parses `llvm-dwarfdump --debug-info` output into expression texts per DIE offset.
fn parse_dwarfdump(text: &str) -> Printed {
    let mut out: Printed = BTreeMap::new();
    let mut die: Option<u64> = None;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("0x")
            && let Some((hex, tail)) = rest.split_once(':')
            && tail.trim_start().starts_with("DW_TAG")
        {
            die = u64::from_str_radix(hex, 16).ok();
            continue;
        }
        let trimmed = line.trim_start();
        if !trimmed.starts_with("DW_AT_") {
            continue;
        }
        let Some(die) = die else { continue };
        let Some((_, value)) = trimmed.split_once('(') else {
            continue;
        };
        let is_expression = value.starts_with("DW_OP_")
            || value.starts_with("<empty>")
            || value.starts_with("<decoding error>");
        let is_list = value.ends_with(": ") || value.ends_with(':');
        if is_expression {
            let expr = value.strip_suffix(')').unwrap_or(value).to_string();
            out.entry(die).or_default().push(vec![(None, expr)]);
        } else if is_list && (value.starts_with("0x") || value.starts_with("indexed")) {
            let mut entries = Vec::new();
            while let Some(next) = lines.peek() {
                let t = next.trim_start();
                let (range, expr) = if let Some(r) = t.strip_prefix('[') {
                    let Some((range, expr)) = r.split_once("): ") else {
                        break;
                    };
                    let Some((b, e)) = range.split_once(", ") else {
                        break;
                    };
                    let parse = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok();
                    (parse(b).zip(parse(e)), expr)
                } else if let Some(expr) = t.strip_prefix("<default>: ") {
                    (None, expr)
                } else {
                    break;
                };
                let done = expr.ends_with(')');
                entries.push((range, expr.strip_suffix(')').unwrap_or(expr).to_string()));
                lines.next();
                if done {
                    break;
                }
            }
            out.entry(die).or_default().push(entries);
        }
    }
    out
}

/// The same, from hetdwarf.
fn hetdwarf_printed(dbg: &DwarfIndex<'_>) -> Printed {
    let mut out: Printed = BTreeMap::new();
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    for site in dbg.location_sites().expect("sites") {
        let params = dbg.decode_params(site.unit, encoding).unwrap();
        let types = dbg.unit_base_types(site.unit).unwrap();
        let opts = DisasmOptions::new(&AmdgpuDwarfdumpNames).with_unit(Some(&types));
        let entries = dbg.site_entries(&site).expect("entries");
        let printed: Vec<_> = entries
            .iter()
            .map(|e| {
                let range = match e.kind {
                    LocListEntryKind::Bounded => e.range.as_ref().map(|r| (r.start, r.end)),
                    _ => None,
                };
                (range, disassemble_bytes(e.expr, params, opts))
            })
            .collect();
        out.entry(site.die).or_default().push(printed);
    }
    out
}

/// LLVM 22 reads the `aspace_bregx` displacement as ULEB128; rewrite a signed
/// `SGPR4-1` / `0x60 -5` the way LLVM prints the same bytes.
fn llvm_reading_of_aspace_bregx(text: &str) -> String {
    const KEY: &str = "DW_OP_LLVM_aspace_bregx ";
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(KEY) {
        out.push_str(&rest[..i + KEY.len()]);
        rest = &rest[i + KEY.len()..];
        let end = rest.find(", ").unwrap_or(rest.len());
        let operand = &rest[..end];
        // Named register: NAME+N / NAME-N; unnamed: "0xR +N" / "0xR -N".
        let converted = match operand.rfind(['-', '+']) {
            Some(j) if operand[j + 1..].chars().all(|c| c.is_ascii_digit()) => {
                let value: i64 = operand[j..].parse().unwrap_or(0);
                let head = &operand[..j];
                // The operand is a LEB of the same length read as unsigned.
                let len = leb_len(value);
                let unsigned = (value as u64) & mask(len);
                if head.ends_with(' ') {
                    format!("{head}{unsigned:#x}")
                } else {
                    format!("{head}+{unsigned}")
                }
            }
            _ => operand.to_string(),
        };
        out.push_str(&converted);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Replaces the operand of every `DW_OP_addr` with a placeholder.
fn without_addr_operands(text: &str) -> String {
    text.split(", ")
        .map(|op| {
            if op.starts_with("DW_OP_addr 0x") {
                "DW_OP_addr <relocated>"
            } else {
                op
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn leb_len(value: i64) -> u32 {
    let mut v = value;
    let mut n = 0;
    loop {
        n += 1;
        let byte = v & 0x7f;
        v >>= 7;
        if (v == 0 && byte & 0x40 == 0) || (v == -1 && byte & 0x40 != 0) {
            return n;
        }
    }
}

fn mask(len: u32) -> u64 {
    if 7 * len >= 64 {
        u64::MAX
    } else {
        (1u64 << (7 * len)) - 1
    }
}

/// Compares one object; returns (expressions compared, deliberate differences, mismatches).
fn compare(path: &Path) -> (usize, usize, Vec<String>) {
    let output = Command::new("llvm-dwarfdump-22")
        .arg("--debug-info")
        .arg(path)
        .output()
        .expect("run llvm-dwarfdump-22 (tools/setup.sh installs llvm-22)");
    let llvm = parse_dwarfdump(&String::from_utf8_lossy(&output.stdout));
    let input = Input::open(path).expect("open");
    let co = input.code_object(None).expect("code object");
    let relocatable = co.elf_type() == hetdwarf_amdgpu::ElfType::Relocatable;
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    let ours = hetdwarf_printed(&dbg);
    let name = path.display();
    let mut problems = Vec::new();
    let (mut compared, mut deliberate) = (0, 0);
    let dies: std::collections::BTreeSet<u64> = llvm.keys().chain(ours.keys()).copied().collect();
    for die in dies {
        let (l, o) = (llvm.get(&die), ours.get(&die));
        let (Some(l), Some(o)) = (l, o) else {
            problems.push(format!(
                "{name}: DIE {die:#x}: llvm-dwarfdump has {:?}, hetdwarf has {:?}",
                l, o
            ));
            continue;
        };
        if l.len() != o.len() {
            problems.push(format!(
                "{name}: DIE {die:#x}: {} expression attributes in llvm-dwarfdump, {} in hetdwarf",
                l.len(),
                o.len()
            ));
            continue;
        }
        for (la, oa) in l.iter().zip(o) {
            if la.len() != oa.len() {
                problems.push(format!(
                    "{name}: DIE {die:#x}: {} entries in llvm-dwarfdump, {} in hetdwarf",
                    la.len(),
                    oa.len()
                ));
                continue;
            }
            for ((lr, lt), (or, ot)) in la.iter().zip(oa) {
                compared += 1;
                let mut ot_llvm = llvm_reading_of_aspace_bregx(ot);
                let mut lt = lt.clone();
                if relocatable && ot_llvm.contains("DW_OP_addr ") {
                    ot_llvm = without_addr_operands(&ot_llvm);
                    lt = without_addr_operands(&lt);
                }
                if &ot_llvm != ot {
                    deliberate += 1;
                }
                if lt != ot_llvm {
                    problems.push(format!(
                        "{name}: DIE {die:#x}:\n  llvm-dwarfdump: {lt}\n  hetdwarf:       {ot}"
                    ));
                }
                if lr != or {
                    problems.push(format!(
                        "{name}: DIE {die:#x}: range {lr:x?} in llvm-dwarfdump, {or:x?} in hetdwarf"
                    ));
                }
            }
        }
    }
    (compared, deliberate, problems)
}

fn elf_objects(with_rocrand: bool) -> Vec<std::path::PathBuf> {
    let objects = if with_rocrand {
        common::rocrand_objects()
    } else {
        common::objects(false)
    };
    objects
        .into_iter()
        .filter(|(_, want)| want.get("bundle_entries").is_none())
        .map(|(p, _)| p)
        .collect()
}

fn run(objects: Vec<std::path::PathBuf>, min_expressions: usize) {
    assert!(
        common::have("llvm-dwarfdump-22"),
        "llvm-dwarfdump-22 not found: run tools/setup.sh"
    );
    let (mut compared, mut deliberate, mut problems) = (0, 0, Vec::new());
    for path in &objects {
        let (c, d, p) = compare(path);
        compared += c;
        deliberate += d;
        problems.extend(p);
    }
    eprintln!(
        "{} objects, {compared} expressions compared, {deliberate} with a deliberate difference (signed aspace_bregx, relocated DW_OP_addr), {} mismatches",
        objects.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{} mismatches:\n{}",
        problems.len(),
        problems
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        compared >= min_expressions,
        "only {compared} expressions compared"
    );
}

#[test]
fn corpus_expressions_print_like_llvm_dwarfdump_22() {
    run(elf_objects(false), 1000);
}

#[test]
fn rocrand_expressions_print_like_llvm_dwarfdump_22() {
    run(elf_objects(true), 90_000);
}

/// The `DW_OP_addr` of the `__constant` array `weights` in a relocatable DWARF 4 object is
/// relocated to the symbol's address, 0x80 (`llvm-readelf -r -s`: `R_AMDGPU_ABS64
/// weights + 0`, `weights` = 0x80), where llvm-dwarfdump prints the raw `0x0`.
#[test]
fn addr_operands_in_relocatable_objects_are_relocated() {
    let path = common::corpora().join("clang14/ocl-gfx90a-O0-dwarf4.o");
    let input = Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    let printed = hetdwarf_printed(&dbg);
    let texts: Vec<&str> = printed
        .values()
        .flatten()
        .flatten()
        .map(|(_, t)| t.as_str())
        .filter(|t| t.starts_with("DW_OP_addr"))
        .collect();
    assert_eq!(texts, ["DW_OP_addr 0x80"]);
}

#[test]
fn aspace_bregx_rewrite_matches_llvm_reading() {
    assert_eq!(
        llvm_reading_of_aspace_bregx("DW_OP_LLVM_user DW_OP_LLVM_aspace_bregx SGPR33-1"),
        "DW_OP_LLVM_user DW_OP_LLVM_aspace_bregx SGPR33+127"
    );
    assert_eq!(
        llvm_reading_of_aspace_bregx("DW_OP_LLVM_user DW_OP_LLVM_aspace_bregx 0x60 -5, DW_OP_lit0"),
        "DW_OP_LLVM_user DW_OP_LLVM_aspace_bregx 0x60 0x7b, DW_OP_lit0"
    );
    assert_eq!(
        llvm_reading_of_aspace_bregx("DW_OP_LLVM_user DW_OP_LLVM_aspace_bregx SGPR4+16"),
        "DW_OP_LLVM_user DW_OP_LLVM_aspace_bregx SGPR4+16"
    );
}

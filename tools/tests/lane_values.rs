//! Every lane reads its own value, whatever the frontend: an independent per-lane check.
//!
//! For each object, every variable location-list entry (or single location) that is a
//! composite of register pieces is taken from the `llvm-dwarfdump-22` text committed in
//! `corpora/expected/` — never from hetdwarf. A synthetic wave state at a PC inside the
//! entry gives every (vector register, lane) dword a distinct value and every scalar
//! register its own, so the expected bytes for each lane follow from the register names
//! alone:
//!
//! - `DW_OP_regx VGPRn` with no `DW_OP_LLVM_*` operation (upstream LLVM, whatever the
//!   producer string says) and `DW_OP_regx VGPRn, push_lane, lit4, mul, offset` (AMD's
//!   fork, by the letter) both mean lane L's dword of VGPRn;
//! - `DW_OP_regx SGPRn` is the register's dword, the same in every lane.
//!
//! hetdwarf then reads the variable through the library, lane by lane, with the default
//! `auto` conventions, and every byte must match.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hetdwarf::index::{ConventionsChoice, DwarfIndex};
use hetdwarf::var::Frame;
use hetdwarf_amdgpu::{Input, WaveState};

fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora")
}

/// One register piece of a location: register kind ('v', 's' or 'a'), number, size in
/// bytes.
#[derive(Clone, Debug, PartialEq)]
struct Piece {
    kind: char,
    reg: u32,
    size: u32,
}

/// A location entry of a variable made only of register pieces.
#[derive(Clone, Debug)]
struct Case {
    die: u64,
    start: u64,
    end: u64,
    pieces: Vec<Piece>,
    text: String,
}

/// The register a dwarfdump name denotes (`VGPR5`, `SGPR33`, `AGPR2`).
fn register(name: &str) -> Option<(char, u32)> {
    for (prefix, kind) in [("VGPR", 'v'), ("SGPR", 's'), ("AGPR", 'a')] {
        if let Some(n) = name.strip_prefix(prefix) {
            return n.parse().ok().map(|n| (kind, n));
        }
    }
    None
}

/// The pieces of an expression as dwarfdump prints it, when it is a composite of whole
/// registers (or a single register); `None` for anything else.
fn pieces(expr: &str) -> Option<Vec<Piece>> {
    let ops: Vec<&str> = expr.split(", ").map(str::trim).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < ops.len() {
        let (kind, reg) = if let Some(r) = ops[i]
            .strip_prefix("DW_OP_bregx ")
            .and_then(|r| r.strip_suffix("+0"))
        {
            // Upstream clang's register-promoted value with its address-space suffix
            // (`bregx R+0, lit<N>, swap, xderef`): the value is R.
            let suffix = ops.get(i + 1..i + 4)?;
            if !(suffix[0].starts_with("DW_OP_lit")
                && suffix[1] == "DW_OP_swap"
                && suffix[2] == "DW_OP_xderef")
            {
                return None;
            }
            i += 3;
            register(r)?
        } else {
            register(ops[i].strip_prefix("DW_OP_regx ")?)?
        };
        i += 1;
        // AMD's fork: the lane's dword of a vector register, spelled out.
        let lane_slice = [
            "DW_OP_LLVM_user DW_OP_LLVM_push_lane",
            "DW_OP_lit4",
            "DW_OP_mul",
            "DW_OP_LLVM_user DW_OP_LLVM_offset",
        ];
        if ops.len() >= i + 4 && ops[i..i + 4] == lane_slice {
            if kind == 's' {
                return None;
            }
            i += 4;
        }
        let size = match ops.get(i) {
            None => 4,
            Some(op) => {
                i += 1;
                if let Some(n) = op.strip_prefix("DW_OP_piece 0x") {
                    u32::from_str_radix(n, 16).ok()?
                } else if let Some(rest) = op.strip_prefix("DW_OP_bit_piece 0x") {
                    let (bits, offset) = rest.split_once(' ')?;
                    if offset != "0x0" {
                        return None;
                    }
                    let bits = u32::from_str_radix(bits, 16).ok()?;
                    if bits % 8 != 0 {
                        return None;
                    }
                    bits / 8
                } else {
                    return None;
                }
            }
        };
        if size == 0 || size > 4 {
            return None;
        }
        out.push(Piece { kind, reg, size });
        if ops.get(i) == Some(&"DW_OP_LLVM_user DW_OP_LLVM_piece_end") {
            i += 1;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The register-piece location entries of variables and parameters in a dwarfdump text.
fn cases(dump: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let mut die: Option<u64> = None;
    let mut is_variable = false;
    let mut in_list = false;
    for line in dump.lines() {
        let t = line.trim();
        if let Some((off, rest)) = t
            .split_once(':')
            .and_then(|(off, rest)| Some((off, rest.trim_start().strip_prefix("DW_TAG_")?)))
        {
            die = u64::from_str_radix(off.trim_start_matches("0x"), 16).ok();
            is_variable = rest.starts_with("variable") || rest.starts_with("formal_parameter");
            in_list = false;
            continue;
        }
        if !is_variable {
            continue;
        }
        let Some(die) = die else { continue };
        if let Some(rest) = t.strip_prefix("DW_AT_location\t(") {
            if rest.ends_with(": ") || rest.ends_with(':') {
                in_list = true;
            } else if let Some(p) = pieces(rest.trim_end_matches(')')) {
                // A single location: valid over the whole scope; the start is found later.
                out.push(Case {
                    die,
                    start: u64::MAX,
                    end: u64::MAX,
                    pieces: p,
                    text: rest.trim_end_matches(')').to_string(),
                });
            }
            continue;
        }
        if in_list {
            let Some(rest) = t.strip_prefix("[0x") else {
                in_list = false;
                continue;
            };
            let Some((range, expr)) = rest.split_once("): ") else {
                continue;
            };
            let Some((a, b)) = range.split_once(", 0x") else {
                continue;
            };
            let (Ok(start), Ok(end)) = (u64::from_str_radix(a, 16), u64::from_str_radix(b, 16))
            else {
                continue;
            };
            let expr = expr.trim_end_matches(')');
            if start < end
                && let Some(p) = pieces(expr)
            {
                out.push(Case {
                    die,
                    start,
                    end,
                    pieces: p,
                    text: expr.to_string(),
                });
            }
            if t.ends_with(')') {
                in_list = false;
            }
        }
    }
    // Entries that overlap another entry of the same variable are several places at
    // once: not a single expected value.
    let mut by_die: BTreeMap<u64, Vec<(u64, u64)>> = BTreeMap::new();
    for c in &out {
        by_die.entry(c.die).or_default().push((c.start, c.end));
    }
    out.retain(|c| {
        by_die[&c.die]
            .iter()
            .filter(|(s, e)| *s < c.end && c.start < *e)
            .count()
            == 1
    });
    out
}

/// The dword the synthetic state holds in register `kind``reg` for `lane`.
fn dword(kind: char, reg: u32, lane: u32) -> u32 {
    match kind {
        'v' => 0x8000_0000 | (reg << 12) | lane,
        'a' => 0xa000_0000 | (reg << 12) | lane,
        _ => 0x5000_0000 | (reg << 4),
    }
}

fn state_json(processor: &str, wave: u32, pc: u64, regs: &[(char, u32)]) -> String {
    let mut registers = serde_json::Map::new();
    for &(kind, reg) in regs {
        let name = format!("{kind}{reg}");
        let value = if kind == 's' {
            serde_json::json!(format!("{:#x}", dword(kind, reg, 0)))
        } else {
            serde_json::json!(
                (0..wave)
                    .map(|l| format!("{:#x}", dword(kind, reg, l)))
                    .collect::<Vec<_>>()
            )
        };
        registers.insert(name, value);
    }
    let exec: u64 = if wave == 64 {
        u64::MAX
    } else {
        (1 << wave) - 1
    };
    serde_json::json!({
        "format": "hetdwarf-wave-state/1",
        "processor": processor,
        "wave_size": wave,
        "pc": format!("{pc:#x}"),
        "exec": format!("{exec:#x}"),
        "registers": registers,
        "memory": [],
    })
    .to_string()
}

/// Counts for one object: (values checked, of them per-lane, wrong, first failures).
#[derive(Default, Debug)]
struct Tally {
    checked: usize,
    per_lane: usize,
    wrong: usize,
    failures: Vec<String>,
}

fn check_object(rel: &str, choice: ConventionsChoice) -> Tally {
    let path = corpora().join(rel);
    let dump_path = corpora().join(format!("expected/{rel}.dwarfdump.txt"));
    let dump = std::fs::read_to_string(&dump_path)
        .unwrap_or_else(|e| panic!("{}: {e}", dump_path.display()));
    let input = Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let mut dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    dbg.set_conventions(choice);
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    let processor = co.target().processor.clone();
    let mut tally = Tally::default();
    for case in cases(&dump) {
        // A single location: pick the first PC of the variable's scope.
        let pc = if case.start == u64::MAX {
            let Some(pc) = scope_start(&dbg, case.die) else {
                continue;
            };
            pc
        } else {
            case.start
        };
        let Ok(Some(frame)) = Frame::at(&dbg, pc, encoding) else {
            continue;
        };
        let Some(var) = frame.find_die(case.die).ok() else {
            continue;
        };
        let wave = co.wave_size_at(pc).unwrap_or(
            if processor.starts_with("gfx10") || processor.starts_with("gfx11") {
                32
            } else {
                64
            },
        );
        let regs: Vec<(char, u32)> = case.pieces.iter().map(|p| (p.kind, p.reg)).collect();
        let mut state =
            WaveState::from_json(&state_json(&processor, wave, pc, &regs)).expect("state");
        let nbytes: u32 = case.pieces.iter().map(|p| p.size).sum();
        let mut lanes_differ = false;
        let mut first: Option<Vec<u8>> = None;
        let mut wrong = false;
        for lane in 0..wave {
            let mut expected = Vec::new();
            for p in &case.pieces {
                expected.extend_from_slice(
                    &dword(p.kind, p.reg, lane).to_le_bytes()[..p.size as usize],
                );
            }
            match &first {
                None => first = Some(expected.clone()),
                Some(f) if *f != expected => lanes_differ = true,
                _ => {}
            }
            let mut ctx = frame.context(&mut state);
            ctx.symbols.set_lane(Some(lane));
            let got = frame
                .place(&mut ctx, var)
                .map_err(|e| e.to_string())
                .and_then(|p| {
                    hetdwarf::eval::read(&mut ctx, &p.location, 0, u64::from(nbytes) * 8)
                        .map_err(|e| e.to_string())
                });
            let ok = match &got {
                Ok(bits) => bits.is_complete() && bits.data() == expected.as_slice(),
                Err(_) => false,
            };
            if !ok && !wrong {
                wrong = true;
                if tally.failures.len() < 5 {
                    tally.failures.push(format!(
                        "{rel}: DIE {:#x} at pc {pc:#x} lane {lane}: `{}` expected {expected:02x?}, got {:?}",
                        case.die,
                        case.text,
                        got.map(|b| b.data().to_vec())
                    ));
                }
            }
        }
        tally.checked += 1;
        if lanes_differ {
            tally.per_lane += 1;
        }
        if wrong {
            tally.wrong += 1;
        }
    }
    tally
}

/// The first PC of the scope that declares the variable at `die` (only where the PC is
/// chosen; the expected values never come from hetdwarf).
fn scope_start(dbg: &DwarfIndex<'_>, die: u64) -> Option<u64> {
    for u in 0..dbg.units().len() {
        let scopes = dbg.scopes(dbg.unit_id(u).unwrap()).ok()?;
        for scope in &scopes.scopes {
            if scope
                .variables
                .iter()
                .any(|&v| scopes.variables[v as usize].die == die)
            {
                return scope.ranges.first().map(|r| r.start);
            }
        }
    }
    None
}

fn objects(dir: &str, ext: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(corpora().join(dir))
        .expect("corpus dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| ext.iter().any(|x| n.ends_with(x)))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    out.sort();
    out
}

/// Checks every object of `dir`; returns (checked, per-lane) after asserting none wrong.
fn check_dir(dir: &str, ext: &[&str]) -> (usize, usize) {
    let (mut checked, mut per_lane, mut wrong) = (0, 0, 0);
    let mut failures = Vec::new();
    for rel in objects(dir, ext) {
        let t = check_object(&rel, ConventionsChoice::Auto);
        checked += t.checked;
        per_lane += t.per_lane;
        wrong += t.wrong;
        failures.extend(t.failures);
    }
    assert_eq!(
        wrong,
        0,
        "{dir}: {wrong} of {checked} register locations read wrong values:\n{}",
        failures.join("\n")
    );
    (checked, per_lane)
}

#[test]
fn triton_kernels_read_every_lane() {
    let (checked, per_lane) = check_dir("triton", &[".hsaco"]);
    eprintln!("triton: {checked} register locations, {per_lane} differ by lane");
    assert!(per_lane >= 80, "only {per_lane} per-lane locations checked");
}

#[test]
fn llc_frontend_producers_read_every_lane() {
    let (checked, per_lane) = check_dir("frontends", &[".o", ".hsaco"]);
    eprintln!("frontends: {checked} register locations, {per_lane} differ by lane");
    assert!(per_lane >= 50, "only {per_lane} per-lane locations checked");
    // Every producer of the issue is in the set.
    let names = objects("frontends", &[".o"]);
    for producer in ["triton-", "julia-", "flang-", "rustc-", "none-"] {
        assert!(
            names
                .iter()
                .any(|n| n.starts_with(&format!("frontends/{producer}"))),
            "no {producer} object"
        );
    }
}

#[test]
fn clang_and_amd_fork_units_read_every_lane() {
    let (c_checked, c_lane) = check_dir("clang22", &[".o", ".hsaco"]);
    let (l_checked, l_lane) = check_dir("llc22", &[".o"]);
    let (r_checked, r_lane) = check_dir("rocm", &[".o", ".hsaco"]);
    eprintln!(
        "clang22: {c_checked}/{c_lane}, llc22: {l_checked}/{l_lane}, rocm: {r_checked}/{r_lane} (checked / per-lane)"
    );
    assert!(c_lane > 0 && r_lane > 0, "no per-lane locations checked");
}

/// The check is sensitive: read by the letter (the whole register), Triton's bare vector
/// registers give lane 0's dword in every lane, so every per-lane value but lane 0's is
/// wrong, which is what hetdwarf showed before conventions followed the evidence.
#[test]
fn forcing_the_letter_on_triton_reads_lane_0_everywhere() {
    let (mut per_lane, mut wrong) = (0, 0);
    for rel in objects("triton", &[".hsaco"]) {
        let t = check_object(&rel, ConventionsChoice::Heterogeneous);
        per_lane += t.per_lane;
        wrong += t.wrong;
    }
    assert!(per_lane > 0);
    assert_eq!(
        wrong, per_lane,
        "every per-lane value is wrong by the letter"
    );
}

#[test]
fn dump_parser_reads_both_lane_spellings() {
    assert_eq!(
        pieces("DW_OP_regx VGPR4, DW_OP_piece 0x4, DW_OP_regx VGPR5, DW_OP_piece 0x4"),
        Some(vec![
            Piece {
                kind: 'v',
                reg: 4,
                size: 4
            },
            Piece {
                kind: 'v',
                reg: 5,
                size: 4
            }
        ])
    );
    assert_eq!(
        pieces(
            "DW_OP_regx VGPR7, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_user DW_OP_LLVM_offset"
        ),
        Some(vec![Piece {
            kind: 'v',
            reg: 7,
            size: 4
        }])
    );
    assert_eq!(
        pieces("DW_OP_regx SGPR33"),
        Some(vec![Piece {
            kind: 's',
            reg: 33,
            size: 4
        }])
    );
    assert_eq!(
        pieces("DW_OP_bregx VGPR3+0, DW_OP_lit5, DW_OP_swap, DW_OP_xderef, DW_OP_piece 0x4"),
        Some(vec![Piece {
            kind: 'v',
            reg: 3,
            size: 4
        }])
    );
    assert_eq!(
        pieces("DW_OP_bregx VGPR3+4, DW_OP_lit5, DW_OP_swap, DW_OP_xderef"),
        None
    );
    assert_eq!(pieces("DW_OP_consts +6, DW_OP_stack_value"), None);
    assert_eq!(pieces("DW_OP_regx VGPR1, DW_OP_piece 0x8"), None);
}

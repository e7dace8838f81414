//! `hetdwarf code`: the machine code of a function (or a PC range), each instruction as
//! `llvm-objdump-22 -d` prints it, with its source line and the variables whose locations
//! cover it; and the machine-code checks `verify` runs.

use std::fmt::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use hetdwarf::verify::Finding;
use hetdwarf_amdgpu::CodeObject;
use hetdwarf_mc::{Disassembler, Instruction, Listing, LocatedFunction, McError};
use serde_json::json;

use crate::failure::Failure;
use crate::load;
use crate::output::{Conventions, Format};

/// `hetdwarf code` arguments.
#[derive(clap::Args)]
pub struct CodeArgs {
    /// Code object, offload bundle or host ELF.
    pub file: PathBuf,
    /// Show this function (its DWARF name or its symbol); default: every function.
    #[arg(long, conflicts_with = "pc")]
    pub function: Option<String>,
    /// Show the instructions starting in LO..HI (code-object addresses, hex or decimal).
    #[arg(long, value_name = "LO..HI", value_parser = parse_pc_range)]
    pub pc: Option<Range<u64>>,
    /// Pick this processor's entry of a container.
    #[arg(long)]
    pub processor: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How bare vector registers are read.
    #[arg(long, value_enum, default_value_t = Conventions::Auto)]
    pub conventions: Conventions,
}

fn parse_pc_range(s: &str) -> Result<Range<u64>, String> {
    let (lo, hi) = s
        .split_once("..")
        .ok_or_else(|| format!("expected LO..HI, got `{s}`"))?;
    let lo = crate::output::parse_u64(lo)?;
    let hi = crate::output::parse_u64(hi)?;
    if hi <= lo {
        return Err(format!("the range {s} is empty"));
    }
    Ok(lo..hi)
}

fn mc_failure(co: &CodeObject<'_>, e: McError) -> Failure {
    let kind = match e {
        McError::TooMany { .. } | McError::CodeTooLarge { .. } => hetdwarf::ErrorKind::Limit,
        McError::Unavailable => hetdwarf::ErrorKind::Unsupported,
        _ => hetdwarf::ErrorKind::Malformed,
    };
    Failure::new(kind, format!("{}: {e}", co.name()))
}

/// The decoder, listing and located variables of one code object.
pub struct Code {
    /// Every instruction.
    pub listing: Listing,
    /// Every function with code and its variables' entries.
    pub functions: Vec<LocatedFunction>,
}

impl Code {
    /// Decodes `co`'s machine code (with the instructions' text or without) and gathers
    /// its variables' locations.
    pub fn of(
        co: &CodeObject<'_>,
        dbg: &hetdwarf::index::DwarfIndex<'_>,
        dis: &Disassembler,
        with_text: bool,
    ) -> Result<Code, Failure> {
        let listing = if with_text {
            Listing::of(co, dis)
        } else {
            Listing::facts(co, dis)
        }
        .map_err(|e| mc_failure(co, e))?;
        let functions = hetdwarf_mc::located_functions_of(co, dbg, &listing).map_err(|e| {
            Failure::library(hetdwarf::Error::from(e), format_args!("{}: ", co.name()))
        })?;
        Ok(Code { listing, functions })
    }
}

/// What the machine-code checks of one code object found, with the decoded code they
/// judged (and the decoder, for instructions' text).
pub struct Checked {
    /// The findings.
    pub findings: Vec<Finding>,
    /// The code (decoded without text) and the variables' locations.
    pub code: Code,
    /// The decoder.
    pub dis: Disassembler,
}

/// The machine code the checks judge, decoded without text: `None` when `co` has no code
/// or a processor LLVM does not know (its DWARF is still verified).
type Decoded = Option<(Disassembler, Result<Listing, McError>)>;

/// Decodes `co`'s code for the checks (needs no DWARF: it runs beside `verify`).
fn decode_for_checks(co: &CodeObject<'_>) -> Result<Decoded, Failure> {
    if co.code_sections().is_empty() {
        return Ok(None);
    }
    let dis = match hetdwarf_mc::disassembler_for(co) {
        Err(McError::Processor { .. }) => return Ok(None),
        Err(e) => return Err(mc_failure(co, e)),
        Ok(d) => d,
    };
    let listing = Listing::facts_alongside(co, &dis);
    Ok(Some((dis, listing)))
}

/// The checks of code decoded by [`decode_for_checks`], with the functions
/// [`hetdwarf_mc::located_functions_verified`] gathered meanwhile.
fn check_decoded(
    co: &CodeObject<'_>,
    dbg: &hetdwarf::index::DwarfIndex<'_>,
    decoded: Decoded,
    functions: Result<Vec<LocatedFunction>, hetdwarf::index::IndexError>,
) -> Result<Option<Checked>, Failure> {
    let Some((dis, listing)) = decoded else {
        return Ok(None);
    };
    let code = match listing.map_err(|e| mc_failure(co, e)).and_then(|listing| {
        let mut functions = functions.map_err(|e| {
            Failure::library(hetdwarf::Error::from(e), format_args!("{}: ", co.name()))
        })?;
        hetdwarf_mc::retain_decoded(&mut functions, dbg, &listing);
        Ok(Code { listing, functions })
    }) {
        Ok(code) => code,
        // Code beyond the decoding budget is not judged, and the report says so; the
        // DWARF is still verified.
        Err(f) if f.kind == hetdwarf::ErrorKind::Limit.name() => {
            return Ok(Some(Checked {
                findings: vec![Finding::new(
                    hetdwarf::verify::checks::CLOBBER_CHECKS_LIMITED,
                    format!("the machine-code checks did not run: {}", f.message),
                )],
                code: Code {
                    listing: Listing::default(),
                    functions: Vec::new(),
                },
                dis,
            }));
        }
        Err(f) => return Err(f),
    };
    let text_of = |i: &Instruction| {
        hetdwarf_mc::text_at(co, &dis, i.address).unwrap_or_else(|| "<unreadable>".to_string())
    };
    let findings = hetdwarf_mc::check(&code.listing, &code.functions, &text_of);
    Ok(Some(Checked {
        findings,
        code,
        dis,
    }))
}

/// `verify`'s report of one code object, with the machine-code findings added when
/// `check_code` and this build can decode machine code (what `verify` and `report` show),
/// and what the checks decoded. The code is decoded on a thread of its own while the DWARF
/// is verified and the variables' locations gathered: they need nothing of each other.
pub fn verified(
    co: &CodeObject<'_>,
    dbg: &hetdwarf::index::DwarfIndex<'_>,
    check_code: bool,
) -> Result<(hetdwarf::verify::Report, Option<Checked>), Failure> {
    let check_code = check_code && hetdwarf_mc::available();
    let (report, functions, decoded) = std::thread::scope(|scope| {
        let decoding = check_code.then(|| scope.spawn(|| decode_for_checks(co)));
        // The checks judge the variables verify's own walk met: no second walk of the DIEs.
        let (report, functions) = if check_code {
            match hetdwarf_amdgpu::verify::verify_with_variables(co, dbg) {
                Ok((report, variables)) => (
                    Ok(report),
                    Some(hetdwarf_mc::located_functions_verified(co, dbg, &variables)),
                ),
                Err(e) => (Err(e), None),
            }
        } else {
            (hetdwarf_amdgpu::verify::verify(co, dbg), None)
        };
        let report = report.map_err(|e| Failure::library(e, format_args!("{}: ", co.name())));
        let decoded = decoding.map(|d| {
            d.join().unwrap_or_else(|_| {
                Err(mc_failure(
                    co,
                    McError::Processor {
                        processor: co.target().processor.clone(),
                        reason: "the decoding thread panicked".to_string(),
                    },
                ))
            })
        });
        (report, functions, decoded)
    });
    let mut report = report?;
    let mut checks = None;
    if let (Some(decoded), Some(functions)) = (decoded, functions) {
        checks = check_decoded(co, dbg, decoded?, functions)?;
        if let Some(c) = &mut checks {
            report.findings.append(&mut c.findings);
        }
    }
    Ok((report, checks))
}

/// Source lines by address, from the line table (also the DAP server's).
pub(crate) struct Lines<'a> {
    ctx: Option<addr2line::Context<gimli::EndianSlice<'a, gimli::LittleEndian>>>,
}

impl<'a> Lines<'a> {
    pub(crate) fn new(sections: &hetdwarf_amdgpu::DwarfSections<'a>) -> Self {
        Lines {
            ctx: addr2line::Context::from_dwarf(sections.dwarf()).ok(),
        }
    }

    /// The file (its whole path) and line of the row holding `pc`.
    pub(crate) fn location(&self, pc: u64) -> Option<(String, u32)> {
        let loc = self.ctx.as_ref()?.find_location(pc).ok()??;
        Some((loc.file?.to_string(), loc.line?))
    }

    /// `file:line` of the row holding `pc`, the file by its name alone.
    fn at(&self, pc: u64) -> Option<(String, u32)> {
        let (file, line) = self.location(pc)?;
        let short = Path::new(&file)
            .file_name()
            .map_or(file.clone(), |f| f.to_string_lossy().into_owned());
        Some((short, line))
    }

    /// The places of `pc`'s inlined calls, innermost first: the row's file and line, then
    /// each call's (`None` where the table has none); empty when nothing covers `pc`.
    pub(crate) fn frames(&self, pc: u64) -> Vec<Option<(String, u32)>> {
        let mut out = Vec::new();
        if let Some(ctx) = &self.ctx
            && let Ok(mut it) = ctx.find_frames(pc).skip_all_loads()
        {
            while let Ok(Some(f)) = it.next() {
                out.push(
                    f.location
                        .and_then(|loc| Some((loc.file?.to_string(), loc.line?))),
                );
            }
        }
        out
    }
}

/// A variable's entry covering an instruction, as shown beside it.
struct Covering<'f> {
    name: &'f str,
    from_list: bool,
    die: u64,
    index: usize,
    range: Range<u64>,
    storage: String,
}

fn storage(entry: &hetdwarf_mc::LocatedEntry) -> String {
    if let Some(slot) = entry.slot {
        return format!("stack slot {}{:+} (per lane)", slot.base, slot.offset);
    }
    if !entry.registers.is_empty() {
        let regs: Vec<String> = entry.registers.iter().map(|(r, _)| r.to_string()).collect();
        let per_lane = entry.registers.iter().any(|(r, _)| r.is_vector());
        return format!(
            "{}{}",
            regs.join(","),
            if per_lane { " (per lane)" } else { "" }
        );
    }
    match entry.memory_base {
        Some((hetdwarf_mc::BaseRegister::FrameBase, off)) => format!("memory at frame base{off:+}"),
        Some((hetdwarf_mc::BaseRegister::Register(r), off)) => format!("memory at {r}{off:+}"),
        None => "an implicit or computed value".to_string(),
    }
}

/// The entries covering `pc` of the variables in scope there (as `vars` and `locals` see
/// them: an entry past its variable's lexical block is not shown).
fn covering<'f>(f: &'f LocatedFunction, pc: u64) -> Vec<Covering<'f>> {
    let mut out = Vec::new();
    for v in f.variables.iter().filter(|v| v.in_scope(pc)) {
        for e in v.entries.iter() {
            if e.range.start <= pc && pc < e.range.end {
                out.push(Covering {
                    name: &v.name,
                    from_list: e.from_list,
                    die: v.die,
                    index: e.index,
                    range: e.range.clone(),
                    storage: storage(e),
                });
            }
        }
    }
    out
}

fn registers(regs: &[hetdwarf_mc::MachineRegister]) -> Vec<String> {
    regs.iter().map(|r| r.to_string()).collect()
}

/// Runs `hetdwarf code`.
pub fn run(args: &CodeArgs) -> Result<String, Failure> {
    if !hetdwarf_mc::available() {
        return Err(Failure::new(
            hetdwarf::ErrorKind::Unsupported,
            McError::Unavailable.to_string(),
        ));
    }
    let input = load::open(&args.file)?;
    let co = load::code_object(&input, args.processor.as_deref())?;
    let sections = load::sections(&co)?;
    let dbg = load::debug_info(&co, &sections, args.conventions)?;
    let dis = hetdwarf_mc::disassembler_for(&co).map_err(|e| mc_failure(&co, e))?;
    let code = Code::of(&co, &dbg, &dis, true)?;
    let lines = Lines::new(&sections);
    // What to show: one function's ranges, a PC range, or every function.
    let shown: Vec<(Option<&LocatedFunction>, Vec<Range<u64>>)> = match (&args.function, &args.pc) {
        (Some(name), _) => {
            let by_dwarf: Vec<&LocatedFunction> = code
                .functions
                .iter()
                .filter(|f| &*f.name == name.as_str())
                .collect();
            if !by_dwarf.is_empty() {
                by_dwarf
                    .iter()
                    .map(|f| (Some(*f), f.ranges.to_vec()))
                    .collect()
            } else if let Some(sym) = co.functions().iter().find(|s| s.name == *name) {
                let range = sym.address..sym.address.saturating_add(sym.size.max(1));
                let f = code.functions.iter().find(|f| {
                    f.ranges
                        .iter()
                        .any(|r| r.start <= range.start && range.start < r.end)
                });
                vec![(f, vec![range])]
            } else {
                return Err(Failure::new(
                    hetdwarf::ErrorKind::Usage,
                    format!(
                        "{}: no function named `{name}` (neither a DW_AT_name nor a symbol)",
                        co.name()
                    ),
                ));
            }
        }
        (None, Some(range)) => {
            let f = code.functions.iter().find(|f| {
                f.ranges
                    .iter()
                    .any(|r| r.start < range.end && range.start < r.end)
            });
            vec![(f, vec![range.clone()])]
        }
        (None, None) => {
            if code.functions.is_empty() {
                co.code_sections()
                    .iter()
                    .map(|s| {
                        (
                            None,
                            std::iter::once(s.address..s.address + s.bytes.len() as u64).collect(),
                        )
                    })
                    .collect()
            } else {
                code.functions
                    .iter()
                    .map(|f| (Some(f), f.ranges.to_vec()))
                    .collect()
            }
        }
    };
    match args.format {
        Format::Json => {
            json_output(&co, &code, &lines, &shown);
            Ok(String::new())
        }
        Format::Text => Ok(text_output(&code, &lines, &shown)),
    }
}

fn instructions<'c>(code: &'c Code, ranges: &[Range<u64>]) -> Vec<&'c Instruction> {
    let mut out: Vec<&Instruction> = ranges
        .iter()
        .flat_map(|r| code.listing.range(r.start, r.end))
        .collect();
    out.sort_by_key(|i| i.address);
    out.dedup_by_key(|i| i.address);
    out
}

fn text_output(
    code: &Code,
    lines: &Lines<'_>,
    shown: &[(Option<&LocatedFunction>, Vec<Range<u64>>)],
) -> String {
    let mut out = String::new();
    for (f, ranges) in shown {
        // Names come from the input: each kept on its line.
        let name = crate::output::one_line(f.map_or("<no DWARF function>", |f| &f.name));
        let spans: Vec<String> = ranges
            .iter()
            .map(|r| format!("[{:#x}, {:#x})", r.start, r.end))
            .collect();
        let _ = writeln!(out, "{name} {}", spans.join(" "));
        let mut last_line: Option<(String, u32)> = None;
        let mut shown_entries: Vec<(u64, usize)> = Vec::new();
        for i in instructions(code, ranges) {
            if let Some(line) = lines.at(i.address)
                && last_line.as_ref() != Some(&line)
            {
                let _ = writeln!(out, "  ; {}:{}", crate::output::one_line(&line.0), line.1);
                last_line = Some(line);
            }
            let cover = f.map(|f| covering(f, i.address)).unwrap_or_default();
            for c in &cover {
                if !shown_entries.contains(&(c.die, c.index)) {
                    shown_entries.push((c.die, c.index));
                    let _ = writeln!(
                        out,
                        "  {:>10}  ┌ {} in {} over [{:#x}, {:#x})",
                        "",
                        crate::output::one_line(c.name),
                        c.storage,
                        c.range.start,
                        c.range.end
                    );
                }
            }
            let vars: Vec<String> = cover
                .iter()
                .map(|c| crate::output::one_line(c.name).into_owned())
                .collect();
            let _ = writeln!(
                out,
                "  {:>10x}  {:<56}{}",
                i.address,
                i.text,
                if vars.is_empty() {
                    String::new()
                } else {
                    format!("  | {}", vars.join(" "))
                }
            );
        }
        out.push('\n');
    }
    out
}

/// Writes the JSON answer to stdout instruction by instruction: a function of a million
/// instructions is never held as one document.
fn json_output(
    co: &CodeObject<'_>,
    code: &Code,
    lines: &Lines<'_>,
    shown: &[(Option<&LocatedFunction>, Vec<Range<u64>>)],
) {
    let bytes_of = |i: &Instruction| -> String {
        hetdwarf_mc::code_at(co, i.address)
            .and_then(|b| b.get(..i.facts.size as usize))
            .map_or_else(String::new, |b| {
                b.iter().map(|x| format!("{x:02x}")).collect()
            })
    };
    let mut out = crate::output::JsonStream::new(crate::output::Stdout::new());
    out.begin_object(None);
    out.value(Some("file"), &json!(co.name()));
    out.value(Some("processor"), &json!(co.target().processor));
    out.begin_array(Some("functions"));
    for (f, ranges) in shown {
        out.begin_object(None);
        out.value(Some("function"), &json!(f.map(|f| f.name.to_string())));
        out.value(Some("die"), &json!(f.map(|f| f.die)));
        out.value(
            Some("ranges"),
            &json!(
                ranges
                    .iter()
                    .map(|r| json!([r.start, r.end]))
                    .collect::<Vec<_>>()
            ),
        );
        out.begin_array(Some("instructions"));
        for i in instructions(code, ranges) {
            let cover = f.map(|f| covering(f, i.address)).unwrap_or_default();
            out.value(
                None,
                &json!({
                    "address": i.address,
                    "size": i.facts.size,
                    "bytes": bytes_of(i),
                    "text": i.text,
                    "defs": registers(&i.facts.defs),
                    "uses": registers(&i.facts.uses),
                    "call": i.facts.flags.is_call(),
                    "branch": i.facts.flags.is_branch(),
                    "line": lines.at(i.address).map(|(file, line)| json!({"file": file, "line": line})),
                    "locations": cover.iter().map(|c| json!({
                        "variable": c.name,
                        "die": c.die,
                        "entry": c.index,
                        "kind": if c.from_list { "list" } else { "expression" },
                        "range": [c.range.start, c.range.end],
                        "storage": c.storage,
                    })).collect::<Vec<_>>(),
                }),
            );
        }
        out.end();
        out.end();
    }
    out.end();
    out.end();
    // Write errors end the program in `Stdout` itself.
    if let Ok(stdout) = out.finish() {
        stdout.finish();
    }
}

/// `--explain` for `print` and `locals` (`unsupported` when this build cannot decode
/// machine code).
pub fn explainer(
    co: &CodeObject<'_>,
    dbg: &hetdwarf::index::DwarfIndex<'_>,
) -> Result<hetdwarf_mc::Explainer, Failure> {
    hetdwarf_mc::Explainer::new(co, dbg).map_err(|e| {
        Failure::new(e.kind(), format!("{}: --explain: {e}", co.name())).naming(co.name())
    })
}

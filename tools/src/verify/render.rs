//! How one verified entry is shown: text, JSON findings, its coverage summary.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::output::one_line;

use hetdwarf::verify::{Bytes, Finding, Report, Severity};
use hetdwarf_diop::verify::{Counterexample, IrSummary};
use serde_json::{Value, json};

use super::Verified;

/// A counterexample as JSON: its lane and values, and the wave state (the
/// `hetdwarf-wave-state/1` document) that holds every byte the evaluations read, so that
/// `hetdwarf eval --state` and `hetdwarf diop eval --state` show the difference.
pub(super) fn counterexample_json(c: &Counterexample, processor: &str) -> Value {
    let state = state_of(c, processor);
    json!({
        "lane": c.lane,
        "wave_size": c.wave_size,
        "pc": c.pc.map(|p| format!("{p:#x}")),
        "expected": c.expected,
        "got": c.got,
        "arguments": c.arguments,
        "referrer": c.referrer,
        "state": state.and_then(|s| serde_json::from_str::<Value>(&s).ok()),
    })
}

fn state_of(c: &Counterexample, processor: &str) -> Option<String> {
    use hetdwarf_amdgpu::aspace::AddressSpaceId;
    let mut st = hetdwarf_amdgpu::WaveState::new(processor, c.wave_size).ok()?;
    let map = st.register_map();
    if let Some(pc) = c.pc {
        st.set_pc(pc);
    }
    let mut regs: BTreeMap<u64, BTreeMap<u64, u8>> = BTreeMap::new();
    for (&(reg, off), &b) in &c.reads.registers {
        regs.entry(reg).or_default().insert(off, b);
    }
    for (reg, bytes) in regs {
        let r = map.from_dwarf(reg).ok()?;
        if r.is_vector() {
            let mut lanes: BTreeMap<u32, u32> = BTreeMap::new();
            for (off, b) in bytes {
                let lane = (off / 4) as u32;
                *lanes.entry(lane).or_default() |= u32::from(b) << (8 * (off % 4));
            }
            for (lane, v) in lanes {
                st.set_vector_lane(r, lane, Some(v)).ok()?;
            }
        } else {
            let v = bytes
                .iter()
                .fold(0u64, |a, (off, b)| a | u64::from(*b) << (8 * off));
            st.set_scalar(r, v).ok()?;
        }
    }
    for (&(space, lane, addr), &b) in &c.reads.memory {
        let id = AddressSpaceId::ALL
            .into_iter()
            .find(|s| s.number() == space)?;
        st.write(id, lane, addr, &[b]).ok()?;
    }
    Some(st.to_json())
}

fn range_json(r: &Option<std::ops::Range<u64>>) -> Value {
    match r {
        Some(r) => json!([format!("{:#x}", r.start), format!("{:#x}", r.end)]),
        None => Value::Null,
    }
}

fn finding_json(file: &str, f: &Finding) -> Value {
    json!({
        "check": f.check,
        "severity": f.severity.name(),
        "die": f.die.map(|d| format!("{d:#010x}")),
        "pc_range": range_json(&f.pc_range),
        "expression": f.expression,
        "message": f.message,
        "file": file,
        "attribute": f.attr,
        "function": f.function.as_deref(),
        "name": f.name.as_deref(),
        "op_offset": f.op_offset,
        "cfi_offset": f.cfi_offset.map(|o| format!("{o:#x}")),
    })
}

fn summary_json(r: &Report) -> Value {
    json!({
        "errors": r.count(Severity::Error),
        "warnings": r.count(Severity::Warning),
        "infos": r.count(Severity::Info),
        "expressions": r.expressions,
        "cfi_expressions": r.cfi_expressions,
    })
}

/// The findings of one verified entry as JSON objects (with `--ir`, each with its
/// counterexample).
pub(super) fn findings_json(v: &Verified) -> impl Iterator<Item = Value> + '_ {
    v.report.findings.iter().enumerate().map(|(i, f)| {
        let mut j = finding_json(&v.file, f);
        if let Some(Some(c)) = v.ir.as_ref().and_then(|(_, cs)| cs.get(i)) {
            j["counterexample"] = c.clone();
        }
        j
    })
}

/// One verified entry's summary and coverage: an element of the JSON document's
/// `coverage.files`, and the `file` record of `--format jsonl`. Serialized straight from
/// the report (a rocRAND object has 12 000 variables: building them as JSON trees first
/// cost more than verifying). Fields in the order `serde_json` sorts a map's keys, but
/// for the JSON lines record's `type`, first.
#[derive(serde::Serialize)]
pub(super) struct FileSummary<'v> {
    /// `"file"` in a JSON lines record; absent in the JSON document. A field rather than
    /// `#[serde(flatten)]` around the summary, which buffers the whole summary (12 000
    /// variables) as a tree before writing it.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    encoding: Option<Value>,
    file: &'v str,
    functions: Vec<FunctionJson<'v>>,
    ir: Option<Value>,
    locals: BytesJson,
    parameters: BytesJson,
    processor: &'v str,
    summary: Value,
    total: BytesJson,
    variables: Vec<VariableJson<'v>>,
}

/// [`Bytes`] as JSON.
#[derive(serde::Serialize)]
pub(super) struct BytesJson {
    available: u64,
    covered_fraction: f64,
    optimized_out: u64,
    per_lane: u64,
    scope_bytes: u64,
}

impl From<&Bytes> for BytesJson {
    fn from(b: &Bytes) -> Self {
        BytesJson {
            available: b.available,
            covered_fraction: (b.covered_fraction() * 10000.0).round() / 10000.0,
            optimized_out: b.optimized_out,
            per_lane: b.per_lane,
            scope_bytes: b.scope,
        }
    }
}

#[derive(serde::Serialize)]
struct FunctionJson<'v> {
    available: u64,
    covered_fraction: f64,
    die: String,
    name: Option<&'v str>,
    optimized_out: u64,
    per_lane: u64,
    scope_bytes: u64,
    size: u64,
    variables: usize,
}

#[derive(serde::Serialize)]
struct VariableJson<'v> {
    available: u64,
    covered_fraction: f64,
    die: String,
    function: Option<&'v str>,
    name: Option<&'v str>,
    optimized_out: u64,
    parameter: bool,
    per_lane: u64,
    scope_bytes: u64,
}

pub(super) fn file_summary(v: &Verified) -> FileSummary<'_> {
    let r = &v.report;
    let c = &r.coverage;
    FileSummary {
        kind: None,
        encoding: r
            .encoding
            .as_ref()
            .map(|(e, why)| json!({"convention": format!("{e:?}"), "reason": why})),
        file: &v.file,
        functions: c
            .functions
            .iter()
            .map(|f| {
                let b = BytesJson::from(&f.bytes);
                FunctionJson {
                    available: b.available,
                    covered_fraction: b.covered_fraction,
                    die: format!("{:#010x}", f.die),
                    name: f.name.as_deref(),
                    optimized_out: b.optimized_out,
                    per_lane: b.per_lane,
                    scope_bytes: b.scope_bytes,
                    size: f.size,
                    variables: f.variables,
                }
            })
            .collect(),
        ir: v.ir.as_ref().map(|(sum, _)| ir_summary_json(sum)),
        locals: (&c.locals).into(),
        parameters: (&c.parameters).into(),
        processor: &v.processor,
        summary: summary_json(r),
        total: (&c.total).into(),
        variables: c
            .variables
            .iter()
            .map(|x| {
                let b = BytesJson::from(&x.bytes);
                VariableJson {
                    available: b.available,
                    covered_fraction: b.covered_fraction,
                    die: format!("{:#010x}", x.die),
                    function: c.functions[x.function].name.as_deref(),
                    name: x.name.as_deref(),
                    optimized_out: b.optimized_out,
                    parameter: x.parameter,
                    per_lane: b.per_lane,
                    scope_bytes: b.scope_bytes,
                }
            })
            .collect(),
    }
}

/// The `file` record of `--format jsonl`.
pub(super) fn file_line(v: &Verified) -> FileSummary<'_> {
    FileSummary {
        kind: Some("file"),
        ..file_summary(v)
    }
}

fn ir_summary_json(s: &IrSummary) -> Value {
    json!({
        "records": s.records,
        "diop_records": s.diop_records,
        "found": s.found,
        "entries": s.entries,
        "identical": s.identical,
        "evaluated": s.evaluated,
        "states": s.states,
        "unverifiable": s.unverifiable,
        "without_location": s.without_location,
        "hetdwarf_states": s.hetdwarf_states,
        "hetdwarf_disagreements": s.hetdwarf_disagreements,
    })
}

fn ir_summary_text(s: &IrSummary) -> String {
    let identical: Vec<String> = s
        .identical
        .iter()
        .map(|(k, n)| format!("{n} as the {k} rules lower them"))
        .collect();
    format!(
        "{} debug records, {} DIOp, {} with a DIE; {} location entries attributed ({}); {} evaluated on {} states{}",
        s.records,
        s.diop_records,
        s.found,
        s.entries,
        if identical.is_empty() {
            "none identical".to_string()
        } else {
            identical.join(", ")
        },
        s.evaluated,
        s.states,
        if s.unverifiable > 0 {
            format!(", {} need context no invented state gives", s.unverifiable)
        } else {
            String::new()
        }
    )
}

pub(super) fn add(a: &mut Bytes, b: &Bytes) {
    a.scope += b.scope;
    a.available += b.available;
    a.per_lane += b.per_lane;
    a.optimized_out += b.optimized_out;
}

fn pct(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", part as f64 * 100.0 / whole as f64)
    }
}

fn bytes_text(b: &Bytes) -> String {
    format!(
        "{} scope bytes: {} available, {} per-lane, {} optimized out",
        b.scope,
        pct(b.available, b.scope),
        pct(b.per_lane, b.scope),
        pct(b.optimized_out, b.scope)
    )
}

/// One finding's lines: `    severity[check] subject: message`, then its expression.
/// Written in place: a release's findings are tens of thousands of lines.
fn finding_text(s: &mut String, f: &Finding) {
    let _ = write!(s, "    {}[{}]", f.severity.name(), f.check);
    // Each part of the subject the finding has, after a space: a finding with no DIE or
    // CFI offset starts with its name, and one with no subject at all with its message.
    match (f.die, f.cfi_offset) {
        (Some(d), _) => {
            s.push(' ');
            let _ = write!(s, "DIE {d:#010x}");
        }
        (None, Some(o)) => {
            s.push(' ');
            let _ = write!(s, ".debug_frame+{o:#x}");
        }
        _ => {}
    }
    if let Some(n) = f.name.as_deref() {
        s.push(' ');
        let _ = write!(s, "`{}`", one_line(n));
    }
    if let Some(a) = f.attr.as_deref() {
        s.push(' ');
        s.push_str(a);
    }
    if let Some(r) = &f.pc_range {
        s.push(' ');
        let _ = write!(s, "[{:#x}, {:#x})", r.start, r.end);
    }
    let _ = writeln!(s, ": {}", one_line(&f.message));
    if let Some(e) = &f.expression {
        let _ = write!(s, "        {}", one_line(e));
        if let Some(o) = f.op_offset {
            let _ = write!(s, " (at byte {o})");
        }
        s.push('\n');
    }
}

/// One verified entry as text: its findings grouped by function, its coverage and its
/// summary line.
pub(super) fn entry_text(v: &Verified, s: &mut String) {
    {
        let r = &v.report;
        let _ = writeln!(s, "{} ({})", one_line(&v.file), v.processor);
        if let Some((e, why)) = &r.encoding {
            let _ = writeln!(s, "  encoding: {e:?} ({why})");
        }
        // Group by function; DIEs outside functions, CFI and the IR module's last.
        let mut groups: BTreeMap<(u8, &str), Vec<&Finding>> = BTreeMap::new();
        for f in &r.findings {
            let group = hetdwarf::verify::checks::info(f.check).map(|c| c.group);
            let key = match (&f.function, f.die, group) {
                (Some(name), _, _) => (0, &**name),
                (None, Some(_), _) => (1, "outside functions"),
                (None, None, Some("diop")) => (3, "the IR module (--ir)"),
                (None, None, _) => (2, "call frame information (.debug_frame)"),
            };
            groups.entry(key).or_default().push(f);
        }
        for ((kind, title), list) in &groups {
            if *kind == 0 {
                let _ = writeln!(s, "  function {}:", one_line(title));
            } else {
                let _ = writeln!(s, "  {title}:");
            }
            for f in list {
                finding_text(s, f);
            }
        }
        let c = &r.coverage;
        let _ = writeln!(
            s,
            "  coverage: {} variables in {} functions, {}",
            c.variables.len(),
            c.functions.len(),
            bytes_text(&c.total)
        );
        let _ = writeln!(s, "    parameters: {}", bytes_text(&c.parameters));
        let _ = writeln!(s, "    locals:     {}", bytes_text(&c.locals));
        for f in &c.functions {
            if f.variables == 0 {
                continue;
            }
            let _ = writeln!(
                s,
                "    function {}: {} variables, {}",
                one_line(f.name.as_deref().unwrap_or("?")),
                f.variables,
                bytes_text(&f.bytes)
            );
        }
        if let Some((sum, _)) = &v.ir {
            let _ = writeln!(s, "  DIOp records: {}", ir_summary_text(sum));
            if !sum.without_location.is_empty() {
                let _ = writeln!(
                    s,
                    "    no location in the DWARF: {}",
                    sum.without_location.join(", ")
                );
            }
        }
        let _ = writeln!(
            s,
            "  summary: {} errors, {} warnings, {} infos over {} expressions and {} CFI expressions",
            r.count(Severity::Error),
            r.count(Severity::Warning),
            r.count(Severity::Info),
            r.expressions,
            r.cfi_expressions
        );
    }
}

//! `hetdwarf vars`: the variables and parameters in scope at a PC, with their location
//! expressions and the location-list entries that apply there.

use std::fmt::Write;
use std::path::Path;

use hetdwarf::index::{self, DebugInfo, ScopeKind};
use serde_json::{Value, json};

use crate::load;
use crate::output::{Conventions, Format, json as render_json};

/// Runs `vars`.
pub fn run(
    path: &Path,
    processor: Option<&str>,
    pc: u64,
    format: Format,
    conventions: Conventions,
) -> Result<String, crate::failure::Failure> {
    let input = load::open(path)?;
    let co = load::code_object(&input, processor)?;
    let sections = load::sections(&co)?;
    let dbg = load::debug_info(&co, &sections, conventions)?;
    let printer = load::ExprPrinter::new(&dbg).map_err(|e| format!("{}: {e}", co.name()))?;
    let report = report(&dbg, &printer, pc).map_err(|e| format!("{}: {e}", co.name()))?;
    Ok(match format {
        Format::Json => render_json(&report),
        Format::Text => text(&report),
    })
}

fn scope_kind(kind: ScopeKind) -> &'static str {
    kind.name()
}

fn report(
    dbg: &DebugInfo<'_>,
    printer: &load::ExprPrinter,
    pc: u64,
) -> Result<Value, index::IndexError> {
    let chain = dbg.scopes_at(pc)?;
    let mut scopes = Vec::new();
    for s in &chain {
        let scope = dbg.scope(*s)?;
        let mut variables = Vec::new();
        for &v in &scope.variables {
            let var = &dbg.scopes(s.unit)?.variables[v as usize];
            let location = match var.location {
                None if var.has_const_value => json!({ "kind": "const_value" }),
                None => json!({ "kind": "none" }),
                Some(attr) => {
                    let entries = dbg.location_entries(s.unit, attr)?;
                    let applies = index::applicable(&entries, pc);
                    // A list of a million entries is shown as the entries that apply and
                    // the first MAX_LIST_SHOWN, with a count of the rest.
                    let shown = |i: usize| i < MAX_LIST_SHOWN || applies.contains(&i);
                    let not_shown = (0..entries.len()).filter(|&i| !shown(i)).count();
                    let list: Vec<Value> = entries
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| shown(i))
                        .map(|(i, e)| {
                            json!({
                                "index": i,
                                "kind": e.kind.name(),
                                "encoding": e.encoding,
                                "offset": e.offset,
                                "range": e.range.as_ref().map(|r| json!([r.start, r.end])),
                                "anomaly": e.anomaly(),
                                "applies": applies.contains(&i),
                                "expression": printer.print(dbg, e.expr, s.unit),
                                "bytes": hex(e.expr),
                            })
                        })
                        .collect();
                    json!({
                        "kind": match attr { index::LocationAttrOwned::Expr { .. } => "exprloc", index::LocationAttrOwned::List(_) => "loclist" },
                        "list_offset": match attr { index::LocationAttrOwned::List(o) => Some(o), _ => None },
                        "entries": list,
                        "entries_not_shown": not_shown,
                    })
                }
            };
            variables.push(json!({
                "name": var.name,
                "kind": var.kind.name(),
                "die": var.die,
                "type": dbg.type_name(var.type_die),
                "artificial": var.artificial,
                "decl_line": var.decl_line,
                "location": location,
            }));
        }
        scopes.push(json!({
            "kind": scope_kind(scope.kind),
            "die": scope.die,
            "name": scope.name,
            "ranges": scope.ranges.iter().map(|r| json!([r.start, r.end])).collect::<Vec<_>>(),
            "variables": variables,
        }));
    }
    let conventions = match chain.last() {
        Some(s) => {
            let c = dbg.unit_conventions(s.unit, printer.encoding())?;
            json!({ "reading": c.reading.name(), "choice": c.choice.name(), "why": c.why })
        }
        None => Value::Null,
    };
    Ok(json!({ "pc": pc, "conventions": conventions, "scopes": scopes }))
}

/// Entries of one location list shown besides those that apply.
const MAX_LIST_SHOWN: usize = 64;

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn text(r: &Value) -> String {
    let mut s = String::new();
    let pc = r["pc"].as_u64().unwrap_or(0);
    let scopes = r["scopes"].as_array().cloned().unwrap_or_default();
    if scopes.is_empty() {
        let _ = writeln!(
            s,
            "pc {pc:#x}: no subprogram with debug information covers this address"
        );
        return s;
    }
    let _ = writeln!(s, "pc {pc:#x}");
    if let Some(reading) = r["conventions"]["reading"].as_str() {
        let _ = writeln!(
            s,
            "conventions: {reading} ({}: {})",
            r["conventions"]["choice"].as_str().unwrap_or("?"),
            r["conventions"]["why"].as_str().unwrap_or("")
        );
    }
    for scope in &scopes {
        let name = scope["name"].as_str().unwrap_or("<anonymous>");
        let _ = writeln!(
            s,
            "{} {} (DIE {:#x})",
            scope["kind"].as_str().unwrap_or("?"),
            name,
            scope["die"].as_u64().unwrap_or(0)
        );
        for v in scope["variables"].as_array().into_iter().flatten() {
            let kind = if v["kind"] == "parameter" {
                "param"
            } else {
                "var  "
            };
            let _ = writeln!(
                s,
                "  {kind} {} {} (DIE {:#x})",
                v["type"].as_str().unwrap_or("?"),
                v["name"].as_str().unwrap_or("<anonymous>"),
                v["die"].as_u64().unwrap_or(0)
            );
            let loc = &v["location"];
            match loc["kind"].as_str() {
                Some("none") => {
                    let _ = writeln!(s, "        <optimized out: no location>");
                }
                Some("const_value") => {
                    let _ = writeln!(s, "        <constant: DW_AT_const_value>");
                }
                Some(kind) => {
                    if let Some(o) = loc["list_offset"].as_u64() {
                        let _ = writeln!(s, "        location list at {o:#x}:");
                    }
                    for e in loc["entries"].as_array().into_iter().flatten() {
                        let mark = if e["applies"] == true { "*" } else { " " };
                        let range = match e["range"].as_array() {
                            Some(r) => format!(
                                "[{:#x}, {:#x}) ",
                                r[0].as_u64().unwrap_or(0),
                                r[1].as_u64().unwrap_or(0)
                            ),
                            None if e["kind"] == "default" => "default ".into(),
                            None => String::new(),
                        };
                        let anomaly = e["anomaly"]
                            .as_str()
                            .map(|a| format!("  ({a})"))
                            .unwrap_or_default();
                        let indent = if kind == "loclist" { "      " } else { "    " };
                        let _ = writeln!(
                            s,
                            "    {indent}{mark} {range}{}{anomaly}",
                            e["expression"].as_str().unwrap_or("")
                        );
                    }
                    if let Some(n) = loc["entries_not_shown"].as_u64().filter(|&n| n > 0) {
                        let _ = writeln!(s, "            ... {n} more entries not shown");
                    }
                }
                None => {}
            }
        }
    }
    s
}

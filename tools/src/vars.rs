//! `hetdwarf vars`: the variables and parameters in scope at a PC, with their location
//! expressions and the location-list entries that apply there.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;
use std::rc::Rc;

use hetdwarf::index::{self, DwarfIndex, ScopeKind};
use serde_json::{Value, json};

use crate::failure::Failure;
use crate::load;
use crate::output::{Conventions, Format, JsonStream, Stdout};

/// Runs `vars`. The answer is written to stdout variable by variable as it is made, in
/// either format: a scope of thousands of variables sharing a long location list is never
/// held whole.
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
    let printer = load::ExprPrinter::new(&dbg)
        .map_err(|e| Failure::library(e, format_args!("{}: ", co.name())))?;
    let at = At::new(&dbg, &printer, pc)
        .map_err(|e| Failure::library(e, format_args!("{}: ", co.name())))?;
    match format {
        Format::Json => at.json(),
        Format::Text => at.text(),
    }
    Ok(String::new())
}

fn scope_kind(kind: ScopeKind) -> &'static str {
    kind.name()
}

/// The scopes at one PC, ready to be written.
struct At<'d, 'a> {
    dbg: &'d DwarfIndex<'a>,
    printer: &'d load::ExprPrinter,
    pc: u64,
    conventions: Value,
    scopes: Vec<(index::ScopeRef, Value)>,
    /// Location lists shown so far, by unit and offset: variables sharing one list share
    /// its decoding and printing.
    lists: std::cell::RefCell<ListCache>,
}

type ListCache = HashMap<(index::UnitId, u64), Rc<Value>>;

impl<'d, 'a> At<'d, 'a> {
    fn new(
        dbg: &'d DwarfIndex<'a>,
        printer: &'d load::ExprPrinter,
        pc: u64,
    ) -> Result<Self, index::IndexError> {
        let chain = dbg.scopes_at(pc)?;
        let mut scopes = Vec::new();
        for s in &chain {
            let scope = dbg.scope(*s)?;
            scopes.push((
                *s,
                json!({
                    "kind": scope_kind(scope.kind),
                    "die": scope.die,
                    "name": scope.name,
                    "ranges": scope.ranges.iter().map(|r| json!([r.start, r.end])).collect::<Vec<_>>(),
                }),
            ));
        }
        let conventions = match chain.last() {
            Some(s) => {
                let c = dbg.unit_conventions(s.unit, printer.encoding())?;
                json!({ "reading": c.reading.name(), "choice": c.choice.name(), "why": c.why })
            }
            None => Value::Null,
        };
        Ok(At {
            dbg,
            printer,
            pc,
            conventions,
            scopes,
            lists: Default::default(),
        })
    }

    /// The variables of one scope, each made when it is asked for.
    fn variables(
        &self,
        scope: index::ScopeRef,
    ) -> Result<impl Iterator<Item = Value> + '_, index::IndexError> {
        let vars = self.dbg.scope(scope)?.variables.clone();
        let table = self.dbg.tree(scope.unit, scope.tree)?;
        Ok(vars
            .into_iter()
            .map(move |v| self.variable(scope.unit, &table.variables[v as usize])))
    }

    fn variable(&self, unit: index::UnitId, var: &index::Variable) -> Value {
        let location = match var.location {
            None if var.has_const_value => json!({ "kind": "const_value" }),
            None => json!({ "kind": "none" }),
            // One unreadable list costs only its own variable.
            Some(attr) => self
                .location(unit, attr)
                .unwrap_or_else(|e| json!({ "kind": "error", "error": e.to_string() })),
        };
        json!({
            "name": var.name,
            "kind": var.kind.name(),
            "die": var.die,
            "type": self.dbg.type_name(var.type_die),
            "artificial": var.artificial,
            "decl_line": var.decl_line,
            "location": location,
        })
    }

    fn location(
        &self,
        unit: index::UnitId,
        attr: index::LocationAttrOwned,
    ) -> Result<Value, index::IndexError> {
        let index::LocationAttrOwned::List(offset) = attr else {
            let entries = self.dbg.location_entries(unit, attr)?;
            return Ok(self.entries_json(unit, attr, &entries));
        };
        // The PC is the same for every variable: a list's JSON is the same for each DIE
        // that names it.
        if let Some(done) = self.lists.borrow().get(&(unit, offset)) {
            return Ok(Value::clone(done));
        }
        let entries = self.dbg.location_entries(unit, attr)?;
        let json = Rc::new(self.entries_json(unit, attr, &entries));
        self.lists.borrow_mut().insert((unit, offset), json.clone());
        Ok(Value::clone(&json))
    }

    fn entries_json(
        &self,
        unit: index::UnitId,
        attr: index::LocationAttrOwned,
        entries: &[index::LocListEntry<'_>],
    ) -> Value {
        let mut applies = vec![false; entries.len()];
        for i in index::applicable(entries, self.pc) {
            applies[i] = true;
        }
        // A list of a million entries is shown as its first MAX_LIST_SHOWN entries and
        // the first MAX_APPLYING_SHOWN of those that apply, with a count of the rest.
        let mut applying_seen = 0;
        let shown: Vec<usize> = (0..entries.len())
            .filter(|&i| {
                if applies[i] {
                    applying_seen += 1;
                }
                i < MAX_LIST_SHOWN || (applies[i] && applying_seen <= MAX_APPLYING_SHOWN)
            })
            .collect();
        let list: Vec<Value> = shown
            .iter()
            .map(|&i| {
                let e = &entries[i];
                json!({
                    "index": i,
                    "kind": e.kind.name(),
                    "encoding": e.encoding,
                    "offset": e.offset,
                    "range": e.range.as_ref().map(|r| json!([r.start, r.end])),
                    "anomaly": e.anomaly(),
                    "applies": applies[i],
                    "expression": self.printer.print(self.dbg, e.expr, unit),
                    "bytes": hex(e.expr),
                })
            })
            .collect();
        json!({
            "kind": match attr { index::LocationAttrOwned::Expr { .. } => "exprloc", index::LocationAttrOwned::List(_) => "loclist" },
            "list_offset": match attr { index::LocationAttrOwned::List(o) => Some(o), _ => None },
            "entries": list,
            "entries_not_shown": entries.len() - shown.len(),
        })
    }

    fn json(&self) {
        let mut out = JsonStream::new(Stdout::new());
        out.begin_object(None);
        out.value(Some("conventions"), &self.conventions);
        out.value(Some("pc"), &json!(self.pc));
        out.begin_array(Some("scopes"));
        for (id, head) in &self.scopes {
            out.begin_object(None);
            for (key, value) in head.as_object().into_iter().flatten() {
                out.value(Some(key), value);
            }
            out.begin_array(Some("variables"));
            match self.variables(*id) {
                Ok(vars) => vars.for_each(|v| out.value(None, &v)),
                Err(e) => out.value(None, &json!({ "error": e.to_string() })),
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

    fn text(&self) {
        use std::io::Write as _;
        let mut out = Stdout::new();
        let mut s = String::new();
        let pc = self.pc;
        if self.scopes.is_empty() {
            let _ = writeln!(
                s,
                "pc {pc:#x}: no subprogram with debug information covers this address"
            );
        } else {
            let _ = writeln!(s, "pc {pc:#x}");
        }
        if let Some(reading) = self.conventions["reading"].as_str() {
            let _ = writeln!(
                s,
                "conventions: {reading} ({}: {})",
                self.conventions["choice"].as_str().unwrap_or("?"),
                self.conventions["why"].as_str().unwrap_or("")
            );
        }
        let _ = out.write_all(s.as_bytes());
        for (id, scope) in &self.scopes {
            s.clear();
            let _ = writeln!(
                s,
                "{} {} (DIE {:#x})",
                scope["kind"].as_str().unwrap_or("?"),
                crate::output::one_line(scope["name"].as_str().unwrap_or("<anonymous>")),
                scope["die"].as_u64().unwrap_or(0)
            );
            let _ = out.write_all(s.as_bytes());
            match self.variables(*id) {
                Ok(vars) => {
                    for v in vars {
                        s.clear();
                        variable_text(&mut s, &v);
                        let _ = out.write_all(s.as_bytes());
                    }
                }
                Err(e) => {
                    let _ = writeln!(out, "  <variables unreadable: {e}>");
                }
            }
        }
        out.finish();
    }
}

/// Entries of one location list shown besides those that apply.
const MAX_LIST_SHOWN: usize = 64;

/// Entries that apply at the PC shown at most (a PC in a thousand overlapping entries is
/// in a thousand places at once; the rest are counted).
const MAX_APPLYING_SHOWN: usize = 1024;

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn variable_text(s: &mut String, v: &Value) {
    let kind = if v["kind"] == "parameter" {
        "param"
    } else {
        "var  "
    };
    let _ = writeln!(
        s,
        "  {kind} {} {} (DIE {:#x})",
        crate::output::one_line(v["type"].as_str().unwrap_or("?")),
        crate::output::one_line(v["name"].as_str().unwrap_or("<anonymous>")),
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
        Some("error") => {
            let _ = writeln!(
                s,
                "        <location unreadable: {}>",
                loc["error"].as_str().unwrap_or("")
            );
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

//! What a report shows of one code object: every function with code, its lexical blocks
//! and inlined calls, every variable and parameter with its location-list entries (range,
//! expression, storage class of each piece, provenance), `verify`'s coverage and findings.
//! Built from the index and `verify`'s report; nothing is analysed here.

use std::collections::HashMap;
use std::ops::Range;

use hetdwarf::expr::{Encoding, Expr};
use hetdwarf::index::{DwarfIndex, LocListEntryKind, LocationAttrOwned, ScopeKind, UnitId};
use hetdwarf::target::Target;
use hetdwarf::verify::{Bytes, Report};
use serde::Serialize;

use super::classify::{Piece, pieces};
use crate::load::ExprPrinter;

/// Coverage of a function or variable, as `verify` computes it (bytes of scope).
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Cover {
    /// Scope bytes (PC range × size).
    pub scope: u64,
    /// Available in every lane.
    pub available: u64,
    /// Available per lane.
    pub per_lane: u64,
    /// Optimized out.
    pub optimized_out: u64,
}

impl From<&Bytes> for Cover {
    fn from(b: &Bytes) -> Self {
        Cover {
            scope: b.scope,
            available: b.available,
            per_lane: b.per_lane,
            optimized_out: b.optimized_out,
        }
    }
}

impl Cover {
    /// The covered fraction (available or per lane), 1 when there is no scope.
    pub fn fraction(&self) -> f64 {
        if self.scope == 0 {
            1.0
        } else {
            (self.available + self.per_lane) as f64 / self.scope as f64
        }
    }
}

/// One location-list entry (or the single expression) drawn as a bar.
#[derive(Clone, Debug, Serialize)]
pub struct Bar {
    /// Start PC (code-object address).
    pub start: u64,
    /// End PC (exclusive).
    pub end: u64,
    /// The entry's index in its list (0 for a single expression).
    pub index: usize,
    /// `single`, `bounded` or `default`.
    pub kind: &'static str,
    /// The expression as llvm-dwarfdump prints it.
    pub expression: String,
    /// Its pieces' storage classes.
    pub pieces: Vec<Piece>,
    /// Where it comes from (`exprloc`, `.debug_loclists 0x40 entry 2`).
    pub provenance: String,
    /// Its sub-row, when entries overlap (a variable in several places at once).
    pub track: usize,
}

/// One variable or parameter's row.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Its name.
    pub name: String,
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Whether it is a formal parameter.
    pub parameter: bool,
    /// The inlined subroutine it belongs to (name and DIE), if any.
    pub inlined: Option<(String, u64)>,
    /// `exprloc`, `loclist`, `const_value`, `none` or `error`.
    pub location: &'static str,
    /// The PC ranges of its scope: where it could have a location.
    pub scope: Vec<(u64, u64)>,
    /// Its bars.
    pub bars: Vec<Bar>,
    /// How many entries its location has (1 for a single expression or constant).
    pub entries: usize,
    /// Entries of it not drawn: beyond the [`MAX_BARS`] drawn of one list, or beyond the
    /// page's budget of [`MAX_PAGE_BARS`] bars.
    pub bars_not_drawn: usize,
    /// Its coverage, when `verify` counted it.
    pub cover: Option<Cover>,
    /// The writes the machine-code checks found its locations outliving.
    pub clobbers: Vec<Clobber>,
}

/// A write after which a variable's location still names the register (a `clobber-*`
/// finding), marked on the variable's row.
#[derive(Clone, Debug, Serialize)]
pub struct Clobber {
    /// The first PC the location covers after the write (where the write's instruction
    /// ends).
    pub pc: u64,
    /// The check.
    pub check: &'static str,
    /// `error`, `warning` or `info`.
    pub severity: &'static str,
    /// What is wrong.
    pub message: String,
}

/// One instruction on the machine-code track.
#[derive(Clone, Debug, Serialize)]
pub struct Inst {
    /// Its address.
    pub address: u64,
    /// Its text, as llvm-objdump-22 prints it.
    pub text: String,
    /// The registers it writes.
    pub writes: Vec<String>,
    /// Whether it is a call.
    pub call: bool,
}

/// A lexical block or inlined call, marked on the PC axis.
#[derive(Clone, Debug, Serialize)]
pub struct Mark {
    /// `lexical_block` or `inlined_subroutine`.
    pub kind: &'static str,
    /// The inlined function's name.
    pub name: Option<String>,
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Its PC ranges.
    pub ranges: Vec<(u64, u64)>,
    /// Nesting depth under the function.
    pub depth: usize,
}

/// A `verify` finding at a PC range of the function.
#[derive(Clone, Debug, Serialize)]
pub struct FindingMark {
    /// The check id.
    pub check: &'static str,
    /// `error`, `warning` or `info`.
    pub severity: &'static str,
    /// The DIE, if any.
    pub die: Option<u64>,
    /// The PC range (the function's when the finding has none).
    pub range: (u64, u64),
    /// What is wrong.
    pub message: String,
}

/// One function with code.
#[derive(Clone, Debug, Serialize)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Its PC ranges.
    pub ranges: Vec<(u64, u64)>,
    /// Lowest PC.
    pub low: u64,
    /// Highest PC (exclusive).
    pub high: u64,
    /// Its coverage (all its variables).
    pub cover: Cover,
    /// Lexical blocks and inlined calls.
    pub marks: Vec<Mark>,
    /// Variables and parameters, the function's own first, then each inlined call's.
    pub rows: Vec<Row>,
    /// `verify`'s findings in the function.
    pub findings: Vec<FindingMark>,
    /// Its instructions (the machine-code track), when the code was decoded.
    pub instructions: Vec<Inst>,
    /// Instructions of it beyond the page's budget, not drawn.
    pub instructions_not_drawn: usize,
}

/// One code object's report.
#[derive(Clone, Debug, Serialize)]
pub struct Object {
    /// The file, `FILE#ENTRY` for a container's entry.
    pub file: String,
    /// Its processor.
    pub processor: String,
    /// Coverage over all variables.
    pub cover: Cover,
    /// Findings by severity.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Functions with code, in DIE order.
    pub functions: Vec<Function>,
}

/// The most entries of one list drawn; a hostile list of a million entries draws this many.
pub const MAX_BARS: usize = 4096;

/// The most bars one page draws, over all its objects and variables: 1 000 variables
/// sharing one 300 000-entry list drew 4 096 bars each (55 s, 15 GiB) before.
pub const MAX_PAGE_BARS: usize = 65_536;

/// What the rows of one page share: each location list prepared once (its entries'
/// text, pieces and provenance), and the bars still to draw.
pub struct Shared {
    lists: HashMap<(UnitId, u64), std::sync::Arc<Prepared>>,
    bars_left: usize,
}

impl Default for Shared {
    fn default() -> Self {
        Shared {
            lists: HashMap::new(),
            bars_left: MAX_PAGE_BARS,
        }
    }
}

/// A location (list or single expression), ready to draw.
struct Prepared {
    /// How many entries it has.
    total: usize,
    /// The first [`MAX_BARS`] of them.
    entries: Vec<PreparedEntry>,
}

struct PreparedEntry {
    index: usize,
    kind: &'static str,
    expression: String,
    pieces: Vec<Piece>,
    provenance: String,
    /// Its PC range; `None`: the variable's whole scope.
    range: Option<(u64, u64)>,
}

/// The most instructions one object's page draws on its machine-code tracks.
const MAX_TRACK_INSTRUCTIONS: usize = 16_384;

/// The machine code a report draws: the decoded listing and each instruction's text.
pub struct Machine<'m> {
    /// The decoded code.
    pub listing: &'m hetdwarf_mc::Listing,
    /// The text of the instruction at an address.
    pub text_of: &'m dyn Fn(u64) -> String,
}

fn pairs(ranges: &[Range<u64>]) -> Vec<(u64, u64)> {
    ranges.iter().map(|r| (r.start, r.end)).collect()
}

/// Builds the report of one code object from its index and its `verify` report.
pub fn object(
    file: &str,
    processor: &str,
    dbg: &DwarfIndex<'_>,
    verified: &Report,
    target: &Target,
    machine: Option<&Machine<'_>>,
    shared: &mut Shared,
) -> Result<Object, hetdwarf::index::IndexError> {
    // Lists are shared within one index: what is prepared from another object's offsets
    // does not apply here.
    shared.lists.clear();
    let printer = ExprPrinter::new(dbg)?;
    let encoding = printer.encoding();
    let var_cover: HashMap<u64, Cover> = verified
        .coverage
        .variables
        .iter()
        .map(|v| (v.die, Cover::from(&v.bytes)))
        .collect();
    let fn_cover: HashMap<u64, Cover> = verified
        .coverage
        .functions
        .iter()
        .map(|f| (f.die, Cover::from(&f.bytes)))
        .collect();
    let mut functions = Vec::new();
    for unit in dbg.unit_ids() {
        let Ok(table) = dbg.scopes(unit) else {
            continue;
        };
        for (i, scope) in table.scopes.iter().enumerate() {
            if scope.kind != ScopeKind::Subprogram || scope.ranges.is_empty() {
                continue;
            }
            let ranges = pairs(&scope.ranges);
            let low = ranges.iter().map(|r| r.0).min().unwrap_or(0);
            let high = ranges.iter().map(|r| r.1).max().unwrap_or(low);
            let mut f = Function {
                name: scope.name.as_deref().unwrap_or("<anonymous>").to_string(),
                die: scope.die,
                ranges,
                low,
                high,
                cover: fn_cover.get(&scope.die).copied().unwrap_or_default(),
                marks: Vec::new(),
                rows: Vec::new(),
                findings: Vec::new(),
                instructions: Vec::new(),
                instructions_not_drawn: 0,
            };
            // The subprogram and its nested scopes, depth first.
            let mut stack = vec![(i, 0usize, None::<(String, u64)>)];
            while let Some((s, depth, inlined)) = stack.pop() {
                let sc = &table.scopes[s];
                let inlined = if sc.kind == ScopeKind::InlinedSubroutine {
                    Some((
                        sc.name.as_deref().unwrap_or("<inlined>").to_string(),
                        sc.die,
                    ))
                } else {
                    inlined
                };
                if s != i {
                    f.marks.push(Mark {
                        kind: sc.kind.name(),
                        name: sc.name.as_deref().map(str::to_string),
                        die: sc.die,
                        ranges: pairs(&sc.ranges),
                        depth,
                    });
                }
                let scope_ranges = if sc.ranges.is_empty() {
                    f.ranges.clone()
                } else {
                    pairs(&sc.ranges)
                };
                for &v in &sc.variables {
                    let var = &table.variables[v as usize];
                    let ctx = RowContext {
                        dbg,
                        unit,
                        printer: &printer,
                        encoding,
                        target,
                        scope_ranges: &scope_ranges,
                    };
                    let mut row = ctx.row(var, shared);
                    row.inlined = inlined.clone();
                    row.cover = var_cover.get(&var.die).copied();
                    f.rows.push(row);
                }
                for &c in sc.children.iter().rev() {
                    stack.push((c.index(), depth + 1, inlined.clone()));
                }
            }
            // The function's own variables first, then each inlined call's, in order.
            f.rows.sort_by_key(|r| r.inlined.is_some());
            functions.push(f);
        }
    }
    // The machine-code track, under one budget for the page.
    if let Some(m) = machine {
        let mut budget = MAX_TRACK_INSTRUCTIONS;
        for f in &mut functions {
            for &(lo, hi) in &f.ranges {
                for i in m.listing.range(lo, hi) {
                    if budget == 0 {
                        f.instructions_not_drawn += 1;
                        continue;
                    }
                    budget -= 1;
                    f.instructions.push(Inst {
                        address: i.address,
                        text: (m.text_of)(i.address),
                        writes: i.facts.defs.iter().map(|r| r.to_string()).collect(),
                        call: i.facts.flags.is_call(),
                    });
                }
            }
        }
    }
    // Findings go to the function whose PC range or name they carry.
    for finding in &verified.findings {
        let target_fn = functions.iter_mut().find(|f| {
            finding.function.as_deref() == Some(f.name.as_str())
                && finding
                    .pc_range
                    .as_ref()
                    .is_none_or(|r| f.ranges.iter().any(|&(a, b)| r.start < b && a < r.end))
        });
        if let Some(f) = target_fn {
            // A clobbering write is also marked on the row of the variable it outlives.
            if finding.check.starts_with("clobber-")
                && let (Some(die), Some(r)) = (finding.die, &finding.pc_range)
                && let Some(row) = f.rows.iter_mut().find(|row| row.die == die)
            {
                row.clobbers.push(Clobber {
                    pc: r.start,
                    check: finding.check,
                    severity: finding.severity.name(),
                    message: finding.message.clone(),
                });
            }
            let range = finding
                .pc_range
                .as_ref()
                .map_or((f.low, f.high), |r| (r.start, r.end));
            f.findings.push(FindingMark {
                check: finding.check,
                severity: finding.severity.name(),
                die: finding.die,
                range,
                message: finding.message.clone(),
            });
        }
    }
    Ok(Object {
        file: file.to_string(),
        processor: processor.to_string(),
        cover: Cover::from(&verified.coverage.total),
        errors: verified.count(hetdwarf::verify::Severity::Error),
        warnings: verified.count(hetdwarf::verify::Severity::Warning),
        functions,
    })
}

/// What building one row needs.
struct RowContext<'c, 'd, 'a> {
    dbg: &'d DwarfIndex<'a>,
    unit: UnitId,
    printer: &'c ExprPrinter,
    encoding: Encoding,
    target: &'c Target,
    scope_ranges: &'c [(u64, u64)],
}

impl RowContext<'_, '_, '_> {
    fn row(&self, var: &hetdwarf::index::Variable<'_>, shared: &mut Shared) -> Row {
        let mut row = Row {
            name: var.name.as_deref().unwrap_or("<anonymous>").to_string(),
            die: var.die,
            parameter: var.kind == hetdwarf::index::VariableKind::Parameter,
            inlined: None,
            location: match var.location {
                None if var.has_const_value => "const_value",
                None => "none",
                Some(LocationAttrOwned::List(_)) => "loclist",
                Some(_) => "exprloc",
            },
            scope: self.scope_ranges.to_vec(),
            bars: Vec::new(),
            entries: 0,
            bars_not_drawn: 0,
            cover: None,
            clobbers: Vec::new(),
        };
        let prepared = match var.location {
            // A constant is the same implicit value wherever the variable is in scope, as
            // its 100 % coverage says: drawn as such, not as "no location".
            None if var.has_const_value => std::sync::Arc::new(Prepared {
                total: 1,
                entries: vec![PreparedEntry {
                    index: 0,
                    kind: "single",
                    expression: "DW_AT_const_value".to_string(),
                    pieces: vec![Piece {
                        kind: "implicit",
                        bits: None,
                    }],
                    provenance: "DW_AT_const_value".to_string(),
                    range: None,
                }],
            }),
            None => return row,
            Some(attr @ LocationAttrOwned::List(offset)) => {
                let key = (self.unit, offset);
                match shared.lists.get(&key) {
                    Some(p) => p.clone(),
                    None => match self.prepare(attr) {
                        Some(p) => {
                            let p = std::sync::Arc::new(p);
                            shared.lists.insert(key, p.clone());
                            p
                        }
                        None => {
                            row.location = "error";
                            return row;
                        }
                    },
                }
            }
            Some(attr) => match self.prepare(attr) {
                Some(p) => std::sync::Arc::new(p),
                None => {
                    row.location = "error";
                    return row;
                }
            },
        };
        row.entries = prepared.total;
        let mut drawn = 0;
        for e in &prepared.entries {
            let spans = match e.range {
                Some(r) => vec![r],
                None => self.scope_ranges.to_vec(),
            };
            let spans: Vec<(u64, u64)> = spans.into_iter().filter(|(a, b)| a < b).collect();
            if spans.len() > shared.bars_left {
                break;
            }
            shared.bars_left -= spans.len();
            drawn += 1;
            for (start, end) in spans {
                row.bars.push(Bar {
                    start,
                    end,
                    index: e.index,
                    kind: e.kind,
                    expression: e.expression.clone(),
                    pieces: e.pieces.clone(),
                    provenance: e.provenance.clone(),
                    track: 0,
                });
            }
        }
        row.bars_not_drawn = prepared.total - drawn;
        assign_tracks(&mut row.bars);
        row
    }

    /// The first [`MAX_BARS`] entries of a location, printed and classified; `None` when
    /// its entries cannot be read.
    fn prepare(&self, attr: LocationAttrOwned) -> Option<Prepared> {
        let entries = self.dbg.location_entries(self.unit, attr).ok()?;
        let list = match attr {
            LocationAttrOwned::List(o) => Some(o),
            _ => None,
        };
        let params = self
            .dbg
            .decode_params(self.unit, self.encoding)
            .unwrap_or(hetdwarf::expr::DecodeParams::amdgpu(self.encoding));
        let mut prepared = Prepared {
            total: entries.len(),
            entries: Vec::new(),
        };
        for (index, e) in entries.iter().enumerate().take(MAX_BARS) {
            let pieces = match Expr::decode(e.expr, params) {
                Ok(x) => pieces(x.ops(), self.target),
                Err(_) => vec![Piece {
                    kind: "undefined",
                    bits: None,
                }],
            };
            prepared.entries.push(PreparedEntry {
                index,
                kind: e.kind.name(),
                expression: self.printer.print(self.dbg, e.expr, self.unit),
                pieces,
                provenance: match (list, e.offset) {
                    (Some(_), Some(off)) => format!("location list entry {index} at {off:#x}"),
                    (Some(l), None) => format!("location list {l:#x} entry {index}"),
                    _ => "exprloc".to_string(),
                },
                range: match (&e.range, e.kind) {
                    (Some(r), LocListEntryKind::Bounded) => Some((r.start, r.end)),
                    _ => None,
                },
            });
        }
        Some(prepared)
    }
}

/// Puts overlapping bars on separate tracks (first fit, in start order).
fn assign_tracks(bars: &mut [Bar]) {
    let mut order: Vec<usize> = (0..bars.len()).collect();
    order.sort_by_key(|&i| (bars[i].start, bars[i].end));
    let mut track_end: Vec<u64> = Vec::new();
    for i in order {
        let start = bars[i].start;
        let t = match track_end.iter().position(|&e| e <= start) {
            Some(t) => t,
            None => {
                track_end.push(0);
                track_end.len() - 1
            }
        };
        track_end[t] = bars[i].end;
        bars[i].track = t;
    }
}

//! Translation validation of DIOp records (`hetdwarf verify --ir MODULE.ll FILE`): for
//! each debug record of the module whose expression is DIOp, find the variable's DWARF
//! location entries, recover how the compiler bound each argument (by matching the
//! emitted operations against the lowering rules with placeholders), and decide whether
//! the DWARF means what the DIOp expression says, by evaluating both on many invented
//! machine states lane by lane. Findings: `diop-ill-formed`, `diop-lowering-mismatch`
//! (with a counterexample), `diop-lowering-dropped`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::sync::Arc;

use crate::binding::Bindings;
use crate::check::{ArgType, Environment, Typing, check};
use crate::eval::{Outcome, evaluate};
use crate::layout::DataLayout;
use crate::lower::{LowerOptions, Style, lower};
use crate::module::{Module, Record, RecordKind};
use crate::recover::{Recovered, Rules, recover};
use crate::synthetic::{DebugAddrTable, Reads, Synthetic};
use crate::{DiOp, Expression, ParseErrorKind};
use hetdwarf::eval::{self, Evaluator};
use hetdwarf::expr::disasm::{DisasmOptions, disassemble_named};
use hetdwarf::expr::{DecodeParams, Encoding, Expr, Op as Dw, encode};
use hetdwarf::index::{DwarfIndex, IndexError, LocListEntryKind, ScopeKind, UnitId};
use hetdwarf::target::Target;

use hetdwarf::verify::{Finding, Severity, checks};

/// What `check_ir` needs beyond the index and the module.
#[non_exhaustive]
pub struct IrOptions<'a> {
    /// One target per wave size.
    pub targets: &'a [Target],
    /// The wave size of the code at a PC.
    pub wave_size_at: Option<&'a dyn Fn(u64) -> Option<u32>>,
    /// Wave size for code whose wave size is not known.
    pub default_wave_size: u32,
    /// The heterogeneous-op encoding of the object.
    pub encoding: Encoding,
    /// Invented states per record (each at one lane).
    pub states: usize,
}

impl<'a> IrOptions<'a> {
    /// Options for objects of `encoding` checked against `targets` (one per wave size):
    /// wave64 where the wave size is not known, 4 invented states per record.
    pub fn new(targets: &'a [Target], encoding: Encoding) -> Self {
        IrOptions {
            targets,
            wave_size_at: None,
            default_wave_size: 64,
            encoding,
            states: 4,
        }
    }
}

/// A state on which the emitted DWARF and the DIOp expression disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The lane evaluated.
    pub lane: u32,
    /// The wave size.
    pub wave_size: u32,
    /// The PC of the location-list entry.
    pub pc: Option<u64>,
    /// Every register and memory byte either evaluation read.
    pub reads: Reads,
    /// What the DIOp expression reads there (hex, `??` for bytes not defined).
    pub expected: String,
    /// What the emitted DWARF reads there (hex, or the error).
    pub got: String,
    /// The arguments' bindings as `hetdwarf diop eval --arg N=LOC` takes them
    /// (`expr:HEX` for a location, `value:HEX` for a value).
    pub arguments: Vec<String>,
    /// The referrer's binding, in the same form.
    pub referrer: Option<String>,
}

/// Counts of what was checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IrSummary {
    /// Debug records in the module.
    pub records: usize,
    /// Of those, DIOp-based.
    pub diop_records: usize,
    /// DIOp records whose variable has a DIE with a location.
    pub found: usize,
    /// Location entries (or fragment parts) attributed to a record.
    pub entries: usize,
    /// Of those, byte-identical to a lowering, by rules (`wheel`, `fork`, `hetdwarf`).
    pub identical: BTreeMap<&'static str, usize>,
    /// Entries checked by evaluation, and the states evaluated.
    pub evaluated: usize,
    /// States evaluated in all.
    pub states: usize,
    /// Entries whose DWARF needs context an invented state does not give (frame base, CFA).
    pub unverifiable: usize,
    /// States on which hetdwarf's own lowering (with the recovered bindings) was evaluated
    /// beside the reference, and how many of them disagreed (a hetdwarf bug if nonzero).
    pub hetdwarf_states: usize,
    /// See [`hetdwarf_states`](Self::hetdwarf_states).
    pub hetdwarf_disagreements: usize,
    /// Variables of DIOp records with no location in the DWARF (`function::variable`, or
    /// the global's name); records that use no argument are reported as dropped instead.
    pub without_location: Vec<String>,
}

/// The findings, one optional counterexample per finding, and the counts.
#[derive(Clone, Debug, Default)]
pub struct IrReport {
    /// Findings.
    pub findings: Vec<Finding>,
    /// `counterexamples[i]` belongs to `findings[i]`.
    pub counterexamples: Vec<Option<Counterexample>>,
    /// Counts.
    pub summary: IrSummary,
}

impl IrReport {
    fn push(&mut self, f: Finding, c: Option<Counterexample>) {
        self.findings.push(f);
        self.counterexamples.push(c);
    }
}

/// One DWARF variable: where it is and what it is called.
struct DwarfVariable {
    unit: UnitId,
    die: u64,
    name: String,
    /// Names of the nearest enclosing subprogram or inlined subroutine (name, linkage).
    function: Option<(String, Option<String>)>,
    location: hetdwarf::index::LocationAttrOwned,
}

/// A function of the object: (name, linkage name).
type DwarfFunction = (String, Option<String>);

/// The object's named variables that have a location, and its functions (subprograms and
/// inlined copies).
fn variables(dbg: &DwarfIndex<'_>) -> Result<(Vec<DwarfVariable>, Vec<DwarfFunction>), IndexError> {
    let mut out = Vec::new();
    let mut functions = Vec::new();
    for unit in dbg.unit_ids() {
        let scopes = dbg.scopes(unit)?;
        for scope in &scopes.scopes {
            if matches!(
                scope.kind,
                ScopeKind::Subprogram | ScopeKind::InlinedSubroutine
            ) {
                functions.push((
                    scope.name.as_deref().unwrap_or("").to_string(),
                    scope.linkage_name.as_deref().map(str::to_string),
                ));
            }
            // The nearest enclosing function of this scope.
            let mut s = Some(scope);
            let mut function = None;
            while let Some(sc) = s {
                if matches!(
                    sc.kind,
                    ScopeKind::Subprogram | ScopeKind::InlinedSubroutine
                ) {
                    function = Some((
                        sc.name.as_deref().unwrap_or("").to_string(),
                        sc.linkage_name.as_deref().map(str::to_string),
                    ));
                    break;
                }
                s = sc.parent.and_then(|p| scopes.scope(p));
            }
            for &v in &scope.variables {
                let var = &scopes.variables[v as usize];
                let (Some(name), Some(location)) = (&var.name, var.location) else {
                    continue;
                };
                out.push(DwarfVariable {
                    unit,
                    die: var.die,
                    name: name.to_string(),
                    function: function.clone(),
                    location,
                });
            }
        }
    }
    functions.sort();
    functions.dedup();
    Ok((out, functions))
}

fn same_function(record: &Record, dwarf: &Option<DwarfFunction>) -> bool {
    match (&record.variable.subprogram, dwarf) {
        (None, None) => true,
        (Some(_), Some(f)) => in_function(record, f),
        _ => false,
    }
}

/// Whether a record of a function's variable names this function of the object.
fn in_function(record: &Record, (dn, dl): &DwarfFunction) -> bool {
    record.variable.subprogram.as_ref().is_some_and(|(n, l)| {
        let l = l.as_deref();
        **n == **dn || (l.is_some() && (l == dl.as_deref() || l == Some(dn.as_str())))
    })
}

/// What an expression is checked against, beside the layout: a record's argument types
/// and its variable's size (`None` for a global's record, which has neither).
type Arguments = Option<(Vec<ArgType>, Option<u64>)>;

fn arguments(record: &Record) -> Arguments {
    if record.kind == RecordKind::Global {
        return None;
    }
    let args: Vec<ArgType> = record
        .operands
        .iter()
        .map(|o| {
            if o.is_poison() {
                ArgType::Poison
            } else {
                o.ty.clone().map_or(ArgType::Unknown, ArgType::Known)
            }
        })
        .collect();
    Some((args, record.variable.bits))
}

fn environment(arguments: &Arguments, layout: &DataLayout) -> Environment {
    let mut env = Environment::new(layout.clone());
    if let Some((args, bits)) = arguments {
        env.referrer = Some(args.first().cloned());
        env.args = Some(args.clone());
        env.variable_bits = *bits;
    }
    env
}

/// How much of an expression (or an operation, or a parse error) a finding about a record
/// quotes: the module line it names holds the whole text, and a node that thousands of
/// records share must not be copied into each of their findings whole.
const MAX_QUOTED_BYTES: usize = 1024;

/// `what` as text, cut after [`MAX_QUOTED_BYTES`] with `…` (formatting stops there too).
fn quoted(what: impl std::fmt::Display) -> String {
    struct Bounded(String);
    impl std::fmt::Write for Bounded {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            let room = MAX_QUOTED_BYTES.saturating_sub(self.0.len());
            if s.len() <= room {
                self.0.push_str(s);
                return Ok(());
            }
            let mut end = room;
            while !s.is_char_boundary(end) {
                end -= 1;
            }
            self.0.push_str(&s[..end]);
            Err(std::fmt::Error)
        }
    }
    let mut out = Bounded(String::new());
    if std::fmt::write(&mut out, format_args!("{what}")).is_err() {
        out.0.push('…');
    }
    out.0
}

/// Work `check_ir` spends evaluating states, per code object, in units of one operation of
/// either side evaluated on one state (about 60 ns each on a 2-core machine): `--ir-states`
/// times the location entries is otherwise unbounded (1 000 000 states on the 43 entries of
/// `corpora/diop/ops.ll` took over 20 s). The committed corpus needs at most 1.1 million at
/// the default 1 000 states.
pub const MAX_IR_WORK: u64 = 10_000_000;

/// [`MAX_IR_WORK`] shared fairly by the location entries judged: each gets its share of
/// what is left, so that a run that cannot afford every state still evaluates every entry.
struct Budget {
    left: u64,
    /// Entries not yet judged, this one included.
    entries_left: u64,
    /// States asked for per entry.
    asked: usize,
    /// Entries evaluated on fewer states than asked, and the first of them (variable name).
    short: usize,
    first_short: Option<String>,
}

impl Budget {
    /// How many states an entry whose one state costs `cost` may evaluate; they are paid
    /// for now, and what is not used is given back with [`refund`](Self::refund).
    fn grant(&mut self, cost: u64, name: &str) -> usize {
        let share = self.left / self.entries_left.max(1);
        let states = (share / cost.max(1)).min(self.asked as u64) as usize;
        if states < self.asked {
            self.short += 1;
            self.first_short.get_or_insert_with(|| name.to_string());
        }
        self.left -= states as u64 * cost;
        states
    }

    fn refund(&mut self, cost: u64, unused: usize) {
        self.left += unused as u64 * cost;
    }
}

/// A finding about one record of the module (no DIE: it names the record's function and
/// variable, and the expression it is about).
fn record_finding(r: &Record, check: &'static str, expression: String, message: String) -> Finding {
    Finding {
        function: r.function.clone(),
        name: Some(r.variable.name.as_deref().unwrap_or_default().into()),
        expression: Some(expression),
        ..Finding::new(check, message)
    }
}

/// `ops` printed with `target`'s register names.
fn text(ops: &[Dw], params: DecodeParams, target: &Target) -> String {
    match encode(ops, params) {
        Ok(bytes) => disassemble_named(&bytes, params, DisasmOptions::new(target.register_names())),
        Err(e) => format!("<cannot encode: {e}>"),
    }
}

/// The emitted entry with the doubled trailing `DW_OP_LLVM_undefined` the fork's
/// single-location finalization adds reduced to one.
fn normalized(mut ops: Vec<Dw>) -> Vec<Dw> {
    while ops.len() >= 2
        && ops[ops.len() - 1] == Dw::LlvmUndefined
        && ops[ops.len() - 2] == Dw::LlvmUndefined
    {
        ops.pop();
    }
    ops
}

/// Checks every DIOp record of `module` against the DWARF of `dbg`.
pub fn check_ir(
    dbg: &DwarfIndex<'_>,
    module: &Module,
    opts: &IrOptions<'_>,
) -> Result<IrReport, IndexError> {
    let layout = module
        .datalayout
        .as_deref()
        .and_then(|d| DataLayout::parse(d).ok())
        .unwrap_or_else(DataLayout::amdgcn);
    let mut report = IrReport::default();
    report.summary.records = module.records.len();
    let (vars, functions) = variables(dbg)?;
    // "No location was emitted" is said only of variables of this object's functions (or
    // globals), and only when the module matches the object at all: a module the object
    // was not compiled from would otherwise have each of its variables reported dropped.
    let mut dropped: Vec<Finding> = Vec::new();
    // Records find their variables by name: one index, not a scan of every DIE per record.
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::default();
    for (vi, v) in vars.iter().enumerate() {
        by_name.entry(v.name.as_str()).or_default().push(vi);
    }
    // Records per DWARF variable (with the id of what their expression means); ill-formed
    // ones reported here.
    let mut per_var: BTreeMap<usize, Vec<VariableRecord>> = BTreeMap::new();
    // Each expression is checked once per argument types: records naming one node share
    // its typing (and whether it uses its inputs) instead of checking it again each.
    let mut checked: HashMap<(usize, Arguments), Meaning> = HashMap::new();
    // Records that would repeat a finding already made (the same variable, function and
    // meaning: records naming one shared node) add to its count instead: (check, meaning,
    // variable, function) -> (where the finding is, how many more, the last line).
    let mut repeats: HashMap<RepeatKey, (Repeated, usize, usize)> = HashMap::new();
    // `without_location`'s names, to keep it free of repeats without searching it.
    let mut without_location: BTreeSet<String> = BTreeSet::new();
    let identity = |r: &Record| {
        (
            Arc::as_ptr(&r.variable) as usize,
            r.function
                .as_ref()
                .map_or(0, |f| Arc::as_ptr(f).cast::<u8>() as usize),
        )
    };
    for (ri, r) in module.records.iter().enumerate() {
        let name: &str = r.variable.name.as_deref().unwrap_or_default();
        let (variable_id, function_id) = identity(r);
        let expr = match &r.expression {
            Ok(expr) => expr,
            // An old-style expression is not this check's.
            Err(e) if matches!(e.kind, ParseErrorKind::NotDiop(_)) => continue,
            // A DIOp expression that does not parse checks nothing: say so.
            Err(e) => {
                report.summary.diop_records += 1;
                // Keyed apart from the checked meanings: the id is the shared error's.
                let key = (UNPARSED, Arc::as_ptr(e) as usize, variable_id, function_id);
                if seen_before(&mut repeats, key, r.line, || {
                    Repeated::Report(report.findings.len())
                }) {
                    continue;
                }
                report.push(
                    record_finding(
                        r,
                        checks::DIOP_ILL_FORMED,
                        quoted(&r.expression_text),
                        format!(
                            "module line {}: the expression does not parse: {}",
                            r.line,
                            quoted(e)
                        ),
                    ),
                    None,
                );
                continue;
            }
        };
        if expr.ops.is_empty() {
            continue;
        }
        report.summary.diop_records += 1;
        let next_id = checked.len();
        let meaning = checked
            .entry((Arc::as_ptr(expr) as usize, arguments(r)))
            .or_insert_with_key(|(_, args)| Meaning {
                id: next_id,
                typing: check(expr, &environment(args, &layout)).map(Arc::new),
                uses_inputs: expr
                    .ops
                    .iter()
                    .any(|o| matches!(o, DiOp::Arg { .. } | DiOp::Referrer(_))),
                alone: None,
            });
        let typing = match &meaning.typing {
            Ok(t) => t.clone(),
            Err(e) => {
                let key = (
                    checks::DIOP_ILL_FORMED,
                    meaning.id,
                    variable_id,
                    function_id,
                );
                if seen_before(&mut repeats, key, r.line, || {
                    Repeated::Report(report.findings.len())
                }) {
                    continue;
                }
                let at =
                    e.op.and_then(|i| expr.ops.get(i))
                        .map(|o| format!(" at {}", quoted(o)))
                        .unwrap_or_default();
                report.push(
                    record_finding(
                        r,
                        checks::DIOP_ILL_FORMED,
                        quoted(expr),
                        format!("module line {}: {}{at}", r.line, e.message),
                    ),
                    None,
                );
                continue;
            }
        };
        let mut found = false;
        for &vi in by_name.get(name).into_iter().flatten() {
            if same_function(r, &vars[vi].function) {
                per_var
                    .entry(vi)
                    .or_default()
                    .push((ri, typing.clone(), meaning.id));
                found = true;
            }
        }
        report.summary.found += usize::from(found);
        if !found {
            let qualified = match &r.variable.subprogram {
                Some((f, _)) => format!("{f}::{name}"),
                None => name.to_string(),
            };
            if meaning.uses_inputs {
                if without_location.insert(qualified.clone()) {
                    report.summary.without_location.push(qualified);
                }
            } else if let Some(target) = opts
                .targets
                .iter()
                .find(|t| t.lanes() == opts.default_wave_size)
            {
                // Nothing in it depends on the machine code: it is always expressible.
                let alone = meaning.alone.get_or_insert_with(|| {
                    let ours = lower(
                        expr,
                        &typing,
                        &layout,
                        target,
                        &Bindings::default(),
                        LowerOptions {
                            style: Style::Hetdwarf,
                            wheel: false,
                        },
                    );
                    ours.exact
                        .then(|| text(&ours.ops, DecodeParams::amdgpu(opts.encoding), target))
                });
                let in_object =
                    r.variable.subprogram.is_none() || functions.iter().any(|f| in_function(r, f));
                if let Some(lowered) = alone
                    && in_object
                {
                    let key = (
                        checks::DIOP_LOWERING_DROPPED,
                        meaning.id,
                        variable_id,
                        function_id,
                    );
                    if seen_before(&mut repeats, key, r.line, || {
                        Repeated::Dropped(dropped.len())
                    }) {
                        continue;
                    }
                    dropped.push(record_finding(
                        r,
                        checks::DIOP_LOWERING_DROPPED,
                        lowered.clone(),
                        format!(
                                "module line {}: no location was emitted for {qualified}, whose {} uses no argument and lowers as shown",
                                r.line,
                                quoted(expr)
                            ),
                    ));
                }
            }
        }
    }
    for (place, more, last) in repeats.into_values() {
        if more == 0 {
            continue;
        }
        let finding = match place {
            Repeated::Report(i) => report.findings.get_mut(i),
            Repeated::Dropped(i) => dropped.get_mut(i),
        };
        if let Some(f) = finding {
            f.message.push_str(&format!(
                " (and {more} more records of this variable naming the same expression, up to module line {last})"
            ));
        }
    }
    if report.summary.found > 0 {
        for f in dropped {
            report.push(f, None);
        }
    }
    // A module that matches nothing checks nothing: most likely not this object's.
    if report.summary.found == 0 {
        let s = &report.summary;
        report.push(
            Finding::new(checks::DIOP_MODULE_UNMATCHED, if s.diop_records == 0 {
                    format!(
                        "the IR module holds no DIOp debug records ({} debug records in all): nothing was checked",
                        s.records
                    )
                } else {
                    format!(
                        "none of the IR module's {} DIOp records names a variable that has a location in this object: nothing was checked (the module is not the one this object was compiled from, or every such variable was optimized out)",
                        s.diop_records
                    )
                }),
            None,
        );
    }
    // Every entry is judged on a share of one budget of evaluations for the code object.
    let mut work = Vec::with_capacity(per_var.len());
    for (vi, records) in per_var {
        let v = &vars[vi];
        let entries = dbg.location_entries(v.unit, v.location)?;
        let params = dbg.decode_params(v.unit, opts.encoding)?;
        work.push((vi, records, entries, params));
    }
    let mut budget = Budget {
        left: MAX_IR_WORK,
        entries_left: work.iter().map(|w| w.2.len() as u64).sum(),
        asked: opts.states,
        short: 0,
        first_short: None,
    };
    for (vi, records, entries, params) in work {
        let v = &vars[vi];
        let any_fragment = records.iter().any(|(ri, _, _)| {
            module.records[*ri]
                .expression
                .as_ref()
                .is_ok_and(|e| e.fragment().is_some())
        });
        for entry in &entries {
            let judged = judge_entry(
                &mut report,
                &mut budget,
                entry,
                EntryInput {
                    v,
                    records: &records,
                    module,
                    layout: &layout,
                    params,
                    any_fragment,
                    opts,
                    dbg,
                },
            );
            budget.entries_left = budget.entries_left.saturating_sub(1);
            judged?;
        }
    }
    if budget.short > 0 {
        report.push(
            Finding::new(checks::DIOP_CHECKS_LIMITED, format!(
                    "{} of the {} location entries judged were evaluated on fewer than the {} states asked for (the first: {}): --ir-states times the entries is more than the {MAX_IR_WORK} operations evaluated per code object, shared by the entries",
                    budget.short,
                    report.summary.entries,
                    opts.states,
                    budget.first_short.as_deref().unwrap_or(""),
                )),
            None,
        );
    }
    Ok(report)
}

/// What one record's expression means in one environment: checked once, shared by every
/// record naming the same expression with the same argument types.
struct Meaning {
    /// Tells meanings apart (their order of first use).
    id: usize,
    typing: Result<Arc<Typing>, crate::CheckError>,
    /// Whether it reads an argument or the referrer.
    uses_inputs: bool,
    /// Its lowering when nothing is bound (worked out when first needed): the text, when
    /// it is exact.
    alone: Option<Option<String>>,
}

/// A record of a DWARF variable: its index in the module, its typing, and the id of its
/// meaning (records of one meaning lower and match alike).
type VariableRecord = (usize, Arc<Typing>, usize);

/// What makes a record's finding a repeat of another's: (check, meaning, variable,
/// function), the last three as ids; an expression that does not parse has no meaning, and
/// is keyed by [`UNPARSED`] and its shared parse error.
type RepeatKey = (&'static str, usize, usize, usize);

/// The key of a `diop-ill-formed` finding about an expression that does not parse.
const UNPARSED: &str = "diop-ill-formed (does not parse)";

/// Whether a finding keyed `key` was made already: then the record at `line` is counted
/// in it (`true`). Otherwise `first` says where the finding about to be made is kept, and
/// later repeats are counted there (`false`).
fn seen_before(
    repeats: &mut HashMap<RepeatKey, (Repeated, usize, usize)>,
    key: RepeatKey,
    line: usize,
    first: impl FnOnce() -> Repeated,
) -> bool {
    match repeats.entry(key) {
        std::collections::hash_map::Entry::Occupied(mut seen) => {
            let seen = seen.get_mut();
            seen.1 += 1;
            seen.2 = line;
            true
        }
        std::collections::hash_map::Entry::Vacant(place) => {
            place.insert((first(), 0, line));
            false
        }
    }
}

/// Where a finding that later records repeat is kept.
enum Repeated {
    /// In the report, at this index.
    Report(usize),
    /// Among the dropped findings, at this index.
    Dropped(usize),
}

/// What judging one location entry needs besides the entry.
struct EntryInput<'e, 'o, 'a> {
    v: &'e DwarfVariable,
    records: &'e [VariableRecord],
    module: &'e Module,
    layout: &'e DataLayout,
    params: DecodeParams,
    any_fragment: bool,
    opts: &'e IrOptions<'o>,
    dbg: &'e DwarfIndex<'a>,
}

/// Judges one location entry of a variable against the records that describe it.
fn judge_entry(
    report: &mut IrReport,
    budget: &mut Budget,
    entry: &hetdwarf::index::LocListEntry<'_>,
    input: EntryInput<'_, '_, '_>,
) -> Result<(), IndexError> {
    let EntryInput {
        v,
        records,
        module,
        layout,
        params,
        any_fragment,
        opts,
        dbg,
    } = input;
    if entry.kind == LocListEntryKind::Bounded && entry.anomaly().is_some() {
        return Ok(());
    }
    let Ok(decoded) = Expr::decode(entry.expr, params) else {
        return Ok(());
    };
    let ops = normalized(decoded.ops().to_vec());
    let pc = entry.range.as_ref().map(|r| r.start);
    let wave = pc
        .and_then(|pc| opts.wave_size_at.and_then(|f| f(pc)))
        .unwrap_or(opts.default_wave_size);
    let Some(target) = opts.targets.iter().find(|t| t.lanes() == wave) else {
        return Ok(());
    };
    let parts = if any_fragment {
        split_fragments(&ops, records, module, layout, target)
    } else {
        // The record the entry lowers, preferring one whose constant operands are the
        // constants the DWARF binds (a variable's records often differ only in them); with
        // none, the first that lowers to it is judged, and its constants found wrong. The
        // match is made once per meaning: records naming one node share it.
        let mut recovered: HashMap<usize, Option<Recovered>> = HashMap::new();
        let mut first: Option<(usize, &Arc<Typing>, usize)> = None;
        let mut chosen = None;
        for (ri, t, id) in records {
            let r = &module.records[*ri];
            let Ok(e) = r.expression.as_ref() else {
                continue;
            };
            let Some(rec) = recovered
                .entry(*id)
                .or_insert_with(|| {
                    recover(
                        e,
                        t,
                        layout,
                        target,
                        &ops,
                        &[Rules::Wheel, Rules::Fork, Rules::Hetdwarf],
                    )
                })
                .as_ref()
            else {
                continue;
            };
            if constants_agree(r, &rec.bindings) {
                chosen = Some((*ri, t, *id));
                break;
            }
            first.get_or_insert((*ri, t, *id));
        }
        chosen
            .or(first)
            .and_then(|(ri, t, id)| {
                let rec = recovered.remove(&id).flatten()?;
                Some(vec![(ri, t.clone(), ops.clone(), rec)])
            })
            .ok_or(())
    };
    let ctx = EntryCtx {
        dbg,
        unit: v.unit,
        die: v.die,
        name: &v.name,
        function: v.function.as_ref().map(|f| f.0.clone()),
        range: entry.range.clone(),
        params,
        target,
        layout,
        wave,
    };
    match parts {
        Err(()) => {
            let (ri, _, _) = &records[0];
            let r = &module.records[*ri];
            let wheel = r.expression.as_ref().ok().map(quoted).unwrap_or_default();
            report.summary.entries += 1;
            report.push(
                ctx.finding(
                    checks::DIOP_LOWERING_MISMATCH,
                    Severity::Error,
                    &ops,
                    format!(
                        "the emitted DWARF is not what the fork's lowering rules give for {} (module line {}, {wheel}) under any binding of its arguments",
                        if records.len() > 1 {
                            format!(
                                "any of the {} records of this variable, e.g. the record",
                                records.len()
                            )
                        } else {
                            "the record".into()
                        },
                        r.line
                    ),
                ),
                None,
            );
        }
        Ok(parts) => {
            for (ri, typing, part, rec) in parts {
                report.summary.entries += 1;
                *report
                    .summary
                    .identical
                    .entry(rec.rules.name())
                    .or_default() += 1;
                let r = &module.records[ri];
                let Ok(expr) = &r.expression else { continue };
                ctx.judge(report, budget, r, expr, &typing, &part, &rec);
            }
        }
    }
    Ok(())
}

type Part = (usize, Arc<Typing>, Vec<Dw>, Recovered);

/// Splits an entry built from fragment records into the parts each record lowered to
/// (`DW_OP_piece N` alone is padding for a fragment with no location).
fn split_fragments(
    ops: &[Dw],
    records: &[VariableRecord],
    module: &Module,
    layout: &DataLayout,
    target: &Target,
) -> Result<Vec<Part>, ()> {
    let splitter = Splitter {
        records,
        module,
        layout,
        target,
    };
    // Each template match may backtrack: the whole split is bounded too.
    let mut budget = 512;
    splitter.go(ops, 0, 0, &mut budget).ok_or(())
}

struct Splitter<'s> {
    records: &'s [VariableRecord],
    module: &'s Module,
    layout: &'s DataLayout,
    target: &'s Target,
}

impl Splitter<'_> {
    fn go(&self, ops: &[Dw], at_bit: u64, depth: usize, budget: &mut usize) -> Option<Vec<Part>> {
        if ops.is_empty() {
            return Some(Vec::new());
        }
        if depth > 64 || *budget == 0 {
            return None;
        }
        // Padding.
        if let Dw::Piece(n) = ops[0]
            && let Some(rest) = self.go(&ops[1..], at_bit + n * 8, depth + 1, budget)
        {
            return Some(rest);
        }
        for end in 1..=ops.len() {
            if !matches!(ops[end - 1], Dw::Piece(_) | Dw::BitPiece { .. }) {
                continue;
            }
            for (ri, t, _) in self.records {
                let Ok(e) = &self.module.records[*ri].expression else {
                    continue;
                };
                let Some((off, size)) = e.fragment() else {
                    continue;
                };
                if u64::from(off) != at_bit {
                    continue;
                }
                *budget = budget.saturating_sub(1);
                if *budget == 0 {
                    return None;
                }
                let part = &ops[..end];
                if let Some(rec) = recover(
                    e,
                    t,
                    self.layout,
                    self.target,
                    part,
                    &[Rules::Wheel, Rules::Fork, Rules::Hetdwarf],
                ) && let Some(mut rest) =
                    self.go(&ops[end..], at_bit + u64::from(size), depth + 1, budget)
                {
                    rest.insert(0, (*ri, t.clone(), part.to_vec(), rec));
                    return Some(rest);
                }
            }
        }
        None
    }
}

struct EntryCtx<'c, 'a> {
    dbg: &'c DwarfIndex<'a>,
    unit: UnitId,
    die: u64,
    name: &'c str,
    function: Option<String>,
    range: Option<Range<u64>>,
    params: DecodeParams,
    target: &'c Target,
    layout: &'c DataLayout,
    wave: u32,
}

impl EntryCtx<'_, '_> {
    fn finding(
        &self,
        check: &'static str,
        severity: Severity,
        ops: &[Dw],
        message: String,
    ) -> Finding {
        Finding {
            check,
            severity,
            die: Some(self.die),
            attr: Some("DW_AT_location".into()),
            function: self.function.as_deref().map(Arc::from),
            name: Some(Arc::from(self.name)),
            pc_range: self.range.clone(),
            expression: Some(text(ops, self.params, self.target)),
            op_offset: None,
            cfi_offset: None,
            message,
        }
    }

    /// The `.debug_addr` entries `ops` name.
    fn debug_addr(&self, ops: &[Dw]) -> BTreeMap<u64, u64> {
        let mut out = BTreeMap::new();
        let unit = &self.dbg.units()[self.unit.index()].unit;
        for op in ops {
            if let Dw::Addrx { index, .. } | Dw::Constx { index, .. } = op
                && let Ok(a) = self
                    .dbg
                    .dwarf()
                    .address(unit, hetdwarf::gimli::DebugAddrIndex(*index as usize))
            {
                out.insert(*index, a);
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn judge(
        &self,
        report: &mut IrReport,
        budget: &mut Budget,
        r: &Record,
        expr: &Expression,
        typing: &Typing,
        part: &[Dw],
        rec: &Recovered,
    ) {
        if !rec.lowered.exact {
            // The compiler gave up where its rules do; can hetdwarf do better?
            let (bindings, stood_in) = with_stand_ins(&rec.bindings, expr);
            let ours = lower(
                expr,
                typing,
                self.layout,
                self.target,
                &bindings,
                LowerOptions {
                    style: Style::Hetdwarf,
                    wheel: false,
                },
            );
            if ours.exact {
                report.push(
                    self.finding(
                        checks::DIOP_LOWERING_DROPPED,
                        Severity::Warning,
                        part,
                        format!(
                            "module line {}: {expr} was lowered (by the {} rules) with part of it as DW_OP_LLVM_undefined ({}); DWARF can express it: {}{}",
                            r.line,
                            rec.rules.name(),
                            rec.lowered.notes.join("; "),
                            text(&ours.ops, self.params, self.target),
                            if stood_in {
                                " (SGPR0 stands for an argument whose location the object does not give)"
                            } else {
                                ""
                            }
                        ),
                    ),
                    None,
                );
            }
            return;
        }
        // A constant operand of the record must be the constant the DWARF binds.
        for (index, (operand, binding)) in r.operands.iter().zip(&rec.bindings.args).enumerate() {
            if let Some(written) = integer_operand(operand)
                && let Some(bound) = constant_binding(binding)
                && !same_constant(written, &bound)
            {
                let width = bound.len().min(16);
                let mut value = [0u8; 16];
                value[..width].copy_from_slice(&bound[..width]);
                report.push(
                    self.finding(
                        checks::DIOP_LOWERING_MISMATCH,
                        Severity::Error,
                        part,
                        format!(
                            "module line {}: argument {index} of {expr} is the constant {} in the module, but the DWARF gives it as {}",
                            r.line,
                            operand.value,
                            u128::from_le_bytes(value)
                        ),
                    ),
                    None,
                );
                return;
            }
        }
        let bits = match expr.fragment() {
            Some((_, size)) => u64::from(size),
            None => match self.layout.size_bits(&typing.result) {
                Some(b) => b,
                None => return,
            },
        };
        if bits == 0 || bits > 1 << 16 {
            return;
        }
        let Ok(dwarf) = Expr::from_ops(part.to_vec(), self.params) else {
            return;
        };
        // hetdwarf's lowering of the same record with the same bindings, checked alongside
        // (for a fragment, without its trailing piece: the fragment's own bits).
        let ours = lower(
            expr,
            typing,
            self.layout,
            self.target,
            &rec.bindings,
            LowerOptions {
                style: Style::Hetdwarf,
                wheel: false,
            },
        );
        let ours = if ours.exact {
            let mut ops = ours.ops;
            if expr.fragment().is_some() {
                ops.pop();
            }
            Expr::from_ops(ops, self.params).ok()
        } else {
            None
        };
        let debug_addr = self.debug_addr(part);
        let mut evaluated = false;
        let mut unverifiable = false;
        // A state costs an evaluation of each side (and of hetdwarf's lowering).
        let cost = 4 + expr.ops.len() as u64 + 2 * part.len() as u64;
        let states = budget.grant(cost, self.name);
        let mut used = 0;
        for s in 0..states {
            used = s + 1;
            let seed = (self.die << 20) ^ (s as u64).wrapping_mul(0x9e37_79b9);
            let lane = (s as u32).wrapping_mul(7) % self.wave;
            let mut state = Synthetic::new(self.target, seed, Some(lane));
            let mut addresses = DebugAddrTable(debug_addr.clone());
            let mut ctx = eval::With::new(&mut state, &mut addresses);
            let reference = match evaluate(&mut ctx, expr, typing, self.layout, &rec.bindings) {
                Ok(Outcome::Location { loc, .. }) => match eval::read(&mut ctx, &loc, 0, bits) {
                    Ok(b) => b,
                    Err(_) => continue,
                },
                _ => continue,
            };
            if reference.any_unavailable() {
                continue;
            }
            let got = Evaluator::new()
                .evaluate_location(&mut ctx, &dwarf)
                .and_then(|loc| eval::read(&mut ctx, &loc, 0, bits));
            report.summary.states += 1;
            evaluated = true;
            if let Some(ours) = &ours {
                report.summary.hetdwarf_states += 1;
                let agrees = Evaluator::new()
                    .evaluate_location(&mut ctx, ours)
                    .and_then(|loc| eval::read(&mut ctx, &loc, 0, bits))
                    .is_ok_and(|b| {
                        b.data() == reference.data()
                            && b.optimized_out() == reference.optimized_out()
                    });
                report.summary.hetdwarf_disagreements += usize::from(!agrees);
            }
            let differs = match &got {
                Ok(b) => {
                    b.data() != reference.data() || b.optimized_out() != reference.optimized_out()
                }
                Err(e) if e.kind() == hetdwarf::ErrorKind::MissingContext => {
                    report.summary.unverifiable += 1;
                    unverifiable = true;
                    break;
                }
                Err(_) => true,
            };
            if differs {
                let got_text = match &got {
                    Ok(b) => b.hex(),
                    Err(e) => format!("error: {e}"),
                };
                let c = Counterexample {
                    lane,
                    wave_size: self.wave,
                    pc: self.range.as_ref().map(|r| r.start),
                    reads: ctx.backend.reads.clone(),
                    expected: reference.hex(),
                    got: got_text.clone(),
                    arguments: rec
                        .bindings
                        .args
                        .iter()
                        .map(|b| loc_text(b, self.params))
                        .collect(),
                    referrer: rec
                        .bindings
                        .referrer
                        .as_ref()
                        .map(|b| loc_text(b, self.params)),
                };
                let message = format!(
                    "module line {}: the DWARF does not mean {expr}: in lane {lane} of a state where {}, the DIOp expression reads {} but the DWARF reads {got_text} (the emitted DWARF is the {} rules' lowering; binding: {})",
                    r.line,
                    describe_reads(&ctx.backend.reads, self.target),
                    reference.hex(),
                    rec.rules.name(),
                    describe_bindings(&rec.bindings, self.params, self.target),
                );
                report.push(
                    self.finding(
                        checks::DIOP_LOWERING_MISMATCH,
                        Severity::Error,
                        part,
                        message,
                    ),
                    Some(c),
                );
                break;
            }
        }
        budget.refund(cost, states - used);
        if unverifiable {
            return;
        }
        report.summary.evaluated += usize::from(evaluated);
    }
}

/// Arguments the template cut off (the lowering gave up before reaching them) get a
/// register stand-in, so that hetdwarf's lowering can say whether the whole is expressible.
fn with_stand_ins(b: &Bindings, expr: &Expression) -> (Bindings, bool) {
    let mut b = b.clone();
    let before = b.clone();
    let stand_in = || crate::binding::Binding::Registers(vec![STAND_IN_REGISTER]);
    for a in &mut b.args {
        if *a == crate::binding::Binding::Undefined {
            *a = stand_in();
        }
    }
    let n = expr
        .ops
        .iter()
        .filter_map(|o| match o {
            DiOp::Arg { index, .. } => Some(*index as usize + 1),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    while b.args.len() < n {
        b.args.push(stand_in());
    }
    // A referrer the compiler dropped is as unknown as one it never had.
    if matches!(b.referrer, None | Some(crate::binding::Binding::Undefined))
        && expr.ops.iter().any(|o| matches!(o, DiOp::Referrer(_)))
    {
        b.referrer = Some(stand_in());
    }
    let stood_in = b != before;
    (b, stood_in)
}

/// Whether the constant operands of `record` are the constants `bindings` give them.
fn constants_agree(record: &Record, bindings: &Bindings) -> bool {
    record
        .operands
        .iter()
        .zip(&bindings.args)
        .all(
            |(operand, binding)| match (integer_operand(operand), constant_binding(binding)) {
                (Some(written), Some(bound)) => same_constant(written, &bound),
                _ => true,
            },
        )
}

/// Whether the low bytes of `written` are `bound` (a constant binding's bytes).
fn same_constant(written: i128, bound: &[u8]) -> bool {
    let width = bound.len().min(16);
    bound[..width] == written.to_le_bytes()[..width]
}

/// An IR operand that is an integer constant (`7`, `-1`, `true`), as written.
fn integer_operand(operand: &crate::module::Operand) -> Option<i128> {
    match operand.value.as_str() {
        "true" => Some(1),
        "false" => Some(0),
        v => v.parse().ok(),
    }
}

/// The bytes of a binding that is a constant (`Constant`, or DWARF that pushes one
/// literal value).
fn constant_binding(binding: &crate::binding::Binding) -> Option<Vec<u8>> {
    use crate::binding::Binding;
    match binding {
        Binding::Constant(bytes) => Some(bytes.clone()),
        // A literal value, or the location `literal, DW_OP_stack_value` holding it.
        Binding::Dwarf { ops, value } => match (ops.as_slice(), value) {
            ([literal], true) | ([literal, Dw::StackValue], false) => match literal {
                Dw::Lit(n) => Some(u64::from(*n).to_le_bytes().to_vec()),
                Dw::Constu(n) | Dw::Const { value: n, .. } => Some(n.to_le_bytes().to_vec()),
                Dw::Consts(n) => Some(n.to_le_bytes().to_vec()),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// The register (DWARF 32, SGPR0) standing for an argument whose location the object
/// does not give, in a lowering that shows what the DWARF could have been.
const STAND_IN_REGISTER: u64 = 32;

/// A binding as a `LOC` of `hetdwarf diop eval --arg N=LOC`.
fn loc_text(b: &crate::binding::Binding, params: DecodeParams) -> String {
    match b {
        crate::binding::Binding::Dwarf { ops, value } => {
            let bytes = encode(ops, params).unwrap_or_default();
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("{}:{hex}", if *value { "value" } else { "expr" })
        }
        _ => "undef".into(),
    }
}

fn describe_bindings(b: &Bindings, params: DecodeParams, target: &Target) -> String {
    let one = |x: &crate::binding::Binding| match x {
        crate::binding::Binding::Dwarf { ops, value } => {
            format!(
                "{} ({})",
                text(ops, params, target),
                if *value { "value" } else { "location" }
            )
        }
        other => format!("{other:?}"),
    };
    let mut parts: Vec<String> = b
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| format!("arg {i} = {}", one(a)))
        .collect();
    if let Some(r) = &b.referrer {
        parts.push(format!("referrer = {}", one(r)));
    }
    parts.join(", ")
}

/// (address, byte) pairs of one memory region.
type Bytes = Vec<(u64, u8)>;

/// `s10 = 0x...`, `v0 lane 3 = 0x...`, `private_lane[0x40] = ...` for what was read.
fn describe_reads(reads: &Reads, target: &Target) -> String {
    let mut regs: BTreeMap<u64, Vec<(u64, u8)>> = BTreeMap::new();
    for (&(reg, off), &b) in &reads.registers {
        regs.entry(reg).or_default().push((off, b));
    }
    let mut parts = Vec::new();
    for (reg, bytes) in regs {
        let name = target
            .register_name(reg)
            .unwrap_or_else(|| format!("DWARF register {reg}"));
        let bits = target.register_bits(reg).unwrap_or(32);
        let lanes = target.lanes();
        if bits > 64 && lanes > 1 {
            let lane_bytes = u64::from(bits / lanes / 8).max(1);
            let mut per_lane: BTreeMap<u64, Vec<(u64, u8)>> = BTreeMap::new();
            for (off, b) in bytes {
                per_lane
                    .entry(off / lane_bytes)
                    .or_default()
                    .push((off % lane_bytes, b));
            }
            for (lane, bs) in per_lane {
                parts.push(format!("{name} lane {lane} = {}", le_hex(&bs)));
            }
        } else {
            parts.push(format!("{name} = {}", le_hex(&bytes)));
        }
    }
    let mut mem: BTreeMap<(u64, Option<u32>), Bytes> = BTreeMap::new();
    for (&(space, lane, addr), &b) in &reads.memory {
        mem.entry((space, lane)).or_default().push((addr, b));
    }
    for ((space, lane), bytes) in mem {
        let name = target
            .address_space(space)
            .map_or_else(|| format!("space {space}"), |s| s.name.to_string());
        let first = bytes.first().map_or(0, |b| b.0);
        let lane = lane.map(|l| format!(" lane {l}")).unwrap_or_default();
        let data: String = bytes.iter().map(|(_, b)| format!("{b:02x}")).collect();
        parts.push(format!("{name}{lane}[{first:#x}..] = {data}"));
    }
    if parts.is_empty() {
        "nothing is read".into()
    } else {
        parts.join(", ")
    }
}

/// Bytes at (offset, byte) as a little-endian hex number.
fn le_hex(bytes: &[(u64, u8)]) -> String {
    let mut s = String::from("0x");
    for (_, b) in bytes.iter().rev() {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

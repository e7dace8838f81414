//! Offline verification of a compiler's AMDGPU debug information (`hetdwarf verify`).
//!
//! [`verify`] walks every location-class attribute of every DIE, every location-list
//! entry and every CFI rule expression of one code object and reports [`Finding`]s, each
//! named by a stable kebab-case check id (see [`checks`]):
//!
//! 1. **decoding** under the object's encoding convention;
//! 2. **abstract evaluation** without a machine state, over every branch path: stack
//!    depth, values versus locations, incomplete composites, types, and each rule the
//!    heterogeneous-debugging extension calls ill-formed;
//! 3. **target checks** against a [`Target`] per wave size: register numbers, read widths,
//!    address spaces and address widths;
//! 4. **location lists**: empty, inverted, out-of-scope, overlapping entries, gaps, and
//!    entries that disagree in size;
//! 5. **producer-bug detectors** (clang's `xderef` suffix on register values, `fbreg`
//!    without a frame base, encoding-convention mix-ups, attribute numbers that collide
//!    with pointer authentication, LDS placeholder locations);
//! 6. **coverage**: per variable and per function, the bytes of the scope's PC range with
//!    a location, split into available / per-lane / optimized out.
//!
//! The library knows no processor: the caller supplies the targets (the AMDGPU crate
//! builds them) and a wave-size lookup by PC.

pub mod absint;
mod cfi;
mod cfi_rules;
pub mod checks;
mod conventions;
mod ranges;
mod site;
mod variables;
mod walk;

pub use variables::{VerifiedFunction, VerifiedVariable, VerifiedVariables};

use std::ops::Range;
use std::sync::Arc;

use crate::fast_hash::{HashMap, HashSet};
use ranges::{ScopeRanges, fmt_ranges, intersect, measure_in, subtract, total, union};
use walk::{Site, TypeBits, Walk, walk_unit};

use crate::expr::disasm::{DisasmOptions, disassemble_bytes};
use crate::expr::{
    DecodeError, DecodeParams, Encoding, Expr, NoRegisterNames, Op, RegisterNames, detect_encoding,
};
use crate::index::{
    ConventionsChoice, DwarfIndex, IndexError, LocListEntry, LocListEntryKind, UnitId,
};
use crate::target::Target;

use absint::{BaseType, Env, Mode, Summary, TypeLookup};

use cfi_rules::check_cfi;
use site::{AnalysisCache, check_site};

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing (a multi-place variable, a gap).
    Info,
    /// Probably wrong, or an evaluation error on every path.
    Warning,
    /// Ill-formed DWARF or a known producer bug.
    Error,
}

impl Severity {
    /// `"error"`, `"warning"` or `"info"`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The stable check id (see [`checks`]).
    pub check: &'static str,
    /// Its severity.
    pub severity: Severity,
    /// `.debug_info` offset of the DIE (`None` for CFI findings).
    pub die: Option<u64>,
    /// The attribute (`DW_AT_location`), or the CFI rule.
    pub attr: Option<String>,
    /// Name of the enclosing subprogram (for grouping).
    pub function: Option<Arc<str>>,
    /// Name of the variable, parameter or other DIE.
    pub name: Option<Arc<str>>,
    /// PC range the finding applies to (the location-list entry's, the scope's, or the
    /// FDE's).
    pub pc_range: Option<Range<u64>>,
    /// The expression, disassembled as `llvm-dwarfdump` prints it.
    pub expression: Option<String>,
    /// Byte offset of the operation at fault inside the expression.
    pub op_offset: Option<u64>,
    /// `.debug_frame` offset of the CFI instruction (CFI findings only).
    pub cfi_offset: Option<u64>,
    /// What is wrong.
    pub message: String,
}

impl Finding {
    /// A finding of `check` at its registered severity, saying `message`, about nothing
    /// narrower (no DIE, attribute, range or expression): a whole object's. Findings about
    /// something narrower set those fields over it:
    /// `Finding { die: Some(d), ..Finding::new(check, message) }`.
    pub fn new(check: &'static str, message: impl Into<String>) -> Finding {
        Finding {
            check,
            severity: checks::severity(check),
            die: None,
            attr: None,
            function: None,
            name: None,
            pc_range: None,
            expression: None,
            op_offset: None,
            cfi_offset: None,
            message: message.into(),
        }
    }
}

/// Bytes of PC range by location state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bytes {
    /// Bytes of the scope's PC ranges.
    pub scope: u64,
    /// Bytes with a location that is not per lane.
    pub available: u64,
    /// Bytes with a per-lane location (`push_lane`, vector registers).
    pub per_lane: u64,
    /// Bytes with no location entry, or an undefined location.
    pub optimized_out: u64,
}

impl Bytes {
    fn add(&mut self, o: &Bytes) {
        self.scope += o.scope;
        self.available += o.available;
        self.per_lane += o.per_lane;
        self.optimized_out += o.optimized_out;
    }

    /// Fraction of the scope with a location (available or per lane), 0 for an empty scope.
    pub fn covered_fraction(&self) -> f64 {
        if self.scope == 0 {
            0.0
        } else {
            (self.available + self.per_lane) as f64 / self.scope as f64
        }
    }
}

/// Coverage of one variable or parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariableCoverage {
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// Its name.
    pub name: Option<Arc<str>>,
    /// Whether it is a `DW_TAG_formal_parameter`.
    pub parameter: bool,
    /// Index into [`Coverage::functions`].
    pub function: usize,
    /// The bytes.
    pub bytes: Bytes,
}

/// Coverage of one subprogram with code (its variables, including inlined ones).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionCoverage {
    /// `.debug_info` offset of the subprogram DIE.
    pub die: u64,
    /// Its name.
    pub name: Option<Arc<str>>,
    /// Size of its PC ranges in bytes.
    pub size: u64,
    /// Variables and parameters counted.
    pub variables: usize,
    /// Sum over its variables.
    pub bytes: Bytes,
}

/// Coverage statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Every variable and parameter inside a scope with code.
    pub variables: Vec<VariableCoverage>,
    /// Every subprogram with code.
    pub functions: Vec<FunctionCoverage>,
    /// Sum over all variables.
    pub total: Bytes,
    /// Sum over parameters only.
    pub parameters: Bytes,
    /// Sum over local variables only.
    pub locals: Bytes,
}

/// The result of verifying one object.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Findings, in DIE order, then CFI.
    pub findings: Vec<Finding>,
    /// Coverage statistics.
    pub coverage: Coverage,
    /// The heterogeneous-op encoding convention used, and why.
    pub encoding: Option<(Encoding, String)>,
    /// Location expressions checked (exprlocs and list entries).
    pub expressions: usize,
    /// CFI expressions checked.
    pub cfi_expressions: usize,
}

impl Report {
    /// Number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == severity)
            .count()
    }
}

/// What the caller knows about the target.
#[derive(Default)]
#[non_exhaustive]
pub struct Options<'a> {
    /// One target description per wave size (`Target::lanes()`); empty to skip the target
    /// checks.
    pub targets: Vec<Target>,
    /// The wave size of the code at a PC (kernel or device function); `None` answers
    /// fall back to [`Options::default_wave_size`].
    pub wave_size_at: Option<&'a dyn Fn(u64) -> Option<u32>>,
    /// Wave size for code whose wave size is not known.
    pub default_wave_size: Option<u32>,
    /// Force an encoding convention instead of detecting it.
    pub encoding: Option<Encoding>,
    /// Skip per-variable coverage records (totals and functions are still computed).
    pub skip_variable_coverage: bool,
}

impl Options<'_> {
    fn target_at(&self, pc: Option<u64>) -> Option<&Target> {
        let wave = pc
            .and_then(|pc| self.wave_size_at.and_then(|f| f(pc)))
            .or(self.default_wave_size)?;
        self.targets.iter().find(|t| t.lanes() == wave)
    }
}

/// What makes two sites naming one location list check alike.
#[derive(Clone, PartialEq, Eq, Hash)]
struct SiteKey {
    unit: UnitId,
    list: u64,
    tag: gimli::DwTag,
    attr: gimli::DwAt,
    mode: Mode,
    scope: Option<usize>,
    subprogram: Option<usize>,
    has_frame_base: bool,
    memory_space: Option<u64>,
    wave_pc: Option<u64>,
    measured: bool,
    type_bits: Option<u64>,
}

/// The outcome of checking a site, for the sites like it.
struct SiteMemo {
    findings: Vec<Finding>,
    coverage: Option<Bytes>,
}

/// Verifies one object: `dbg` over its DWARF, `debug_frame` its `.debug_frame` bytes
/// (empty if none).
pub fn verify(
    dbg: &DwarfIndex<'_>,
    debug_frame: &[u8],
    opts: &Options<'_>,
) -> Result<Report, IndexError> {
    verify_keeping(dbg, debug_frame, opts, false).map(|(report, _)| report)
}

/// [`verify`], keeping the variables its walk met with their locations and scopes, so that
/// a caller judging them against the machine code needs no second walk of the DIEs.
pub fn verify_with_variables<'a>(
    dbg: &DwarfIndex<'a>,
    debug_frame: &[u8],
    opts: &Options<'_>,
) -> Result<(Report, VerifiedVariables<'a>), IndexError> {
    verify_keeping(dbg, debug_frame, opts, true)
}

fn verify_keeping<'a>(
    dbg: &DwarfIndex<'a>,
    debug_frame: &[u8],
    opts: &Options<'_>,
    keep_variables: bool,
) -> Result<(Report, VerifiedVariables<'a>), IndexError> {
    let mut walk = Walk {
        sites: Vec::new(),
        lists: HashMap::default(),
        scope_ranges: ScopeRanges::new(),
        names: Vec::new(),
        type_bits: TypeBits::default(),
        lane_dies: Vec::new(),
        coverage: Coverage::default(),
        findings: Vec::new(),
    };
    for uid in dbg.unit_ids() {
        let info = dbg.unit(uid)?;
        for d in &info.defects {
            // The root DIE follows the unit header (11 bytes in 32-bit DWARF 4, 12 in 5).
            let root = info.offset + info.unit.header.size_of_header() as u64;
            walk.findings.push(Finding {
                die: Some(root),
                attr: Some(attr_name(d.attr)),
                name: info.name.as_deref().map(Arc::from),
                ..Finding::new(
                    checks::UNIT_ATTRIBUTE_UNREADABLE,
                    format!(
                        "the unit at .debug_info offset {:#x} is checked without it: {}",
                        info.offset, d.message
                    ),
                )
            });
        }
        walk_unit(dbg, uid, &mut walk)?;
    }
    let cfi_items = cfi::scan(debug_frame);

    // The encoding convention, from every distinct expression.
    let (encoding, reason) = match opts.encoding {
        Some(e) => (e, "forced by the caller".to_string()),
        None => {
            let mut seen: HashSet<&[u8]> = HashSet::default();
            let mut exprs: Vec<&[u8]> = Vec::new();
            let mut lists_seen = HashSet::default();
            for s in &walk.sites {
                if let Some(offset) = s.list
                    && !lists_seen.insert((s.unit, offset))
                {
                    continue;
                }
                for e in s.entries.iter() {
                    // Only bytes 0xe1..=0xec can encode a heterogeneous operation.
                    if e.expr.iter().any(|b| (0xe1..=0xec).contains(b)) && seen.insert(e.expr) {
                        exprs.push(e.expr);
                    }
                }
            }
            for item in &cfi_items {
                if let cfi::Item::Expr { bytes, .. } = item
                    && seen.insert(bytes)
                {
                    exprs.push(bytes);
                }
            }
            let producer = dbg.units().iter().find_map(|u| u.producer.as_deref());
            let d = detect_encoding(exprs.iter().copied(), producer);
            (d.encoding, d.reason)
        }
    };

    if dbg.conventions_choice() != ConventionsChoice::Upstream {
        seed_evidence(dbg, &walk, encoding);
    }
    let mut report = Report {
        encoding: Some((encoding, reason)),
        ..Report::default()
    };
    let mut cache: AnalysisCache<'_> = HashMap::default();
    let mut base_types: HashMap<(usize, u64), TypeLookup> = HashMap::default();
    let mut lds_zero: HashMap<(usize, Option<Arc<str>>), Vec<usize>> = HashMap::default();
    let sites = std::mem::take(&mut walk.sites);
    let mut targets: HashMap<Option<u64>, Option<&Target>> = HashMap::default();
    let mut readings = conventions::Readings::default();
    // A list named by many DIEs in the same circumstances is checked once; the other
    // DIEs get its findings and coverage under their own names (5 000 variables sharing a
    // 100 000-entry list are 100 000 entries of work, not 500 million).
    let mut memo: HashMap<SiteKey, SiteMemo> = HashMap::default();
    let mut scratch = site::SiteScratch::default();
    for (index, site) in sites.iter().enumerate() {
        let target = *targets
            .entry(site.wave_pc)
            .or_insert_with(|| opts.target_at(site.wave_pc));
        // Only a list that another site names too can be replayed: `walk.lists` holds one
        // reference to each decoded list and every site naming it one more.
        let shared = Arc::strong_count(&site.entries) > 2;
        let key = site.list.filter(|_| shared).map(|list| SiteKey {
            unit: site.unit,
            list,
            tag: site.tag,
            attr: site.attr,
            mode: site.mode,
            scope: site.scope,
            subprogram: site.subprogram,
            has_frame_base: site.has_frame_base,
            memory_space: site.memory_space,
            wave_pc: site.wave_pc,
            measured: site.coverage.is_some(),
            type_bits: site.type_bits,
        });
        if let Some(m) = key.as_ref().and_then(|k| memo.get(k)) {
            report.expressions += site.entries.len();
            let function = site.function_name.map(|i| walk.names[i].clone());
            let name = site.name.get(&walk);
            for f in &m.findings {
                let mut f = f.clone();
                f.die = Some(site.die);
                f.name = name.clone();
                f.function = function.clone();
                walk.findings.push(f);
            }
            if let (Some(ci), Some(bytes)) = (site.coverage, &m.coverage) {
                let b = &mut walk.coverage.variables[ci].bytes;
                b.per_lane = bytes.per_lane;
                b.available = bytes.available;
                b.optimized_out = bytes.optimized_out;
            }
            continue;
        }
        let findings_before = walk.findings.len();
        let lds_before: usize = lds_zero.values().map(Vec::len).sum();
        check_site(
            dbg,
            target,
            encoding,
            (index, site),
            &mut walk,
            &mut cache,
            &mut base_types,
            &mut report,
            &mut lds_zero,
            &mut scratch,
        );
        if let Some(target) = target
            && site.attr == gimli::DW_AT_location
        {
            for entry in site.entries.iter() {
                let Ok(params) = dbg.decode_params(site.unit, encoding) else {
                    continue;
                };
                if let Some(message) = conventions::bare_vector_register(
                    dbg,
                    &mut readings,
                    site.unit,
                    entry.expr,
                    params,
                    target,
                ) {
                    let f = site_finding(
                        dbg,
                        &walk,
                        site,
                        entry,
                        Printer::new(encoding, Some(target)),
                        checks::BARE_VECTOR_REGISTER_IN_HETEROGENEOUS_UNIT,
                        message,
                    );
                    walk.findings.push(f);
                }
            }
        }
        // A site counted among the LDS placeholders is not replayed: the count is per DIE.
        if let Some(key) = key
            && lds_zero.values().map(Vec::len).sum::<usize>() == lds_before
        {
            memo.insert(
                key,
                SiteMemo {
                    findings: walk.findings[findings_before..].to_vec(),
                    coverage: site.coverage.map(|ci| walk.coverage.variables[ci].bytes),
                },
            );
        }
    }
    // Several LDS variables of one function at the same constant address 0: placeholders.
    for (_, list) in lds_zero {
        if list.len() < 2 {
            continue;
        }
        for &i in &list {
            let site = &sites[i];
            let mut f = site_finding(
                dbg,
                &walk,
                site,
                &site.entries[0],
                Printer::new(encoding, opts.target_at(site.wave_pc)),
                checks::LDS_PLACEHOLDER_LOCATION,
                format!(
                    "{} LDS variables of this function are all placed at local address 0: placeholder locations",
                    list.len()
                ),
            );
            f.op_offset = None;
            walk.findings.push(f);
        }
    }
    // Gathered only now: a list's reference count tells the loop above which lists are
    // shared.
    let variables = if keep_variables {
        variables::gather(&sites, &walk)
    } else {
        VerifiedVariables::default()
    };
    drop(sites);
    check_cfi(dbg, opts, encoding, &cfi_items, &mut walk, &mut report);

    // Totals.
    let cov = &mut walk.coverage;
    for v in &cov.variables {
        cov.total.add(&v.bytes);
        if v.parameter {
            cov.parameters.add(&v.bytes);
        } else {
            cov.locals.add(&v.bytes);
        }
        let f = &mut cov.functions[v.function];
        f.variables += 1;
        f.bytes.add(&v.bytes);
    }
    if opts.skip_variable_coverage {
        cov.variables.clear();
    }
    report.coverage = std::mem::take(&mut walk.coverage);
    let mut findings = std::mem::take(&mut walk.findings);
    findings.sort_by(|a, b| {
        (a.die.is_none(), a.die, a.cfi_offset).cmp(&(b.die.is_none(), b.die, b.cfi_offset))
    });
    report.findings = findings;
    Ok((report, variables))
}

/// Counts each fully walked unit's conventions evidence from the walk's sites (each list
/// once), so that the mixed-unit check does not walk the unit's DIEs and lists again.
fn seed_evidence(dbg: &DwarfIndex<'_>, walk: &Walk<'_>, encoding: Encoding) {
    let mut lane_dies = vec![None; dbg.units().len()];
    for &(uid, n) in &walk.lane_dies {
        lane_dies[uid.index()] = n;
    }
    let mut lists_seen = HashSet::default();
    let exprs = walk
        .sites
        .iter()
        .filter(|site| {
            site.list
                .is_none_or(|list| lists_seen.insert((site.unit.index(), list)))
        })
        .flat_map(|site| site.entries.iter().map(|e| (site.unit.index(), e.expr)));
    dbg.seed_all_evidence(encoding, &lane_dies, exprs);
}

fn mode_for(attr: gimli::DwAt) -> Mode {
    match attr {
        gimli::DW_AT_location
        | gimli::DW_AT_data_location
        | gimli::DW_AT_return_addr
        | gimli::DW_AT_static_link
        | gimli::DW_AT_call_data_location
        | gimli::DW_AT_vtable_elem_location => Mode::Location,
        gimli::DW_AT_frame_base => Mode::FrameBase,
        gimli::DW_AT_data_member_location => Mode::Member,
        gimli::DW_AT_call_value
        | gimli::DW_AT_call_data_value
        | gimli::DW_AT_GNU_call_site_value => Mode::Value,
        a if a == crate::index::at::LLVM_LANE_PC
            || a == crate::index::at::OLD_LLVM_LANE_PC
            || a == crate::index::at::OLD_LLVM_ACTIVE_LANE =>
        {
            Mode::Location
        }
        _ => Mode::Unspecified,
    }
}

fn attr_name(attr: gimli::DwAt) -> String {
    match attr.static_string() {
        Some(s) => s.to_string(),
        None => match attr.0 {
            0x3e08 => "DW_AT_LLVM_active_lane (0x3e08)".into(),
            0x3e0b => "DW_AT_LLVM_lane_pc (0x3e0b)".into(),
            0x3e12 => "DW_AT_LLVM_lane_pc".into(),
            n => format!("DW_AT_{n:#x}"),
        },
    }
}

/// How findings print a site's expressions: in the object's encoding, with the register
/// names the site's target hands out (numbers where no target is known).
#[derive(Clone, Copy)]
struct Printer<'p> {
    encoding: Encoding,
    names: &'p dyn RegisterNames,
}

impl<'p> Printer<'p> {
    fn new(encoding: Encoding, target: Option<&'p Target>) -> Self {
        Printer {
            encoding,
            names: register_names(target),
        }
    }
}

/// The register names expressions of `target` print with; numbers where no target is known.
fn register_names(target: Option<&Target>) -> &dyn RegisterNames {
    target.map_or(&NoRegisterNames, |t| t.register_names())
}

fn disasm(dbg: &DwarfIndex<'_>, unit: UnitId, bytes: &[u8], printer: Printer<'_>) -> String {
    let encoding = printer.encoding;
    // Verify's unit ids come from the index it verifies: both look-ups succeed.
    let types = dbg.unit_base_types(unit).ok();
    disassemble_bytes(
        bytes,
        dbg.decode_params(unit, encoding)
            .unwrap_or(crate::expr::DecodeParams::amdgpu(encoding)),
        DisasmOptions {
            names: printer.names,
            unit: types
                .as_ref()
                .map(|t| t as &dyn crate::expr::disasm::UnitBaseTypes),
        },
    )
}

fn site_finding(
    dbg: &DwarfIndex<'_>,
    walk: &Walk<'_>,
    site: &Site<'_>,
    entry: &LocListEntry<'_>,
    printer: Printer<'_>,
    check: &'static str,
    message: String,
) -> Finding {
    let pc_range = entry.range.clone().or_else(|| {
        site.scope.and_then(|s| {
            let r = &walk.scope_ranges[s];
            Some(r.first()?.start..r.last()?.end)
        })
    });
    Finding {
        check,
        severity: checks::severity(check),
        die: Some(site.die),
        attr: Some(attr_name(site.attr)),
        function: site.function_name.map(|i| walk.names[i].clone()),
        name: site.name.get(walk),
        pc_range,
        // A gap is about the list, not one entry's expression.
        expression: (check != checks::LOCLIST_GAP)
            .then(|| disasm(dbg, site.unit, entry.expr, printer)),
        op_offset: None,
        cfi_offset: None,
        message,
    }
}

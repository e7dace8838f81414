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
pub mod checks;
mod conventions;
mod cycles;
pub mod diop;
mod ranges;
mod walk;

use std::ops::Range;
use std::rc::Rc;

use crate::fast_hash::{HashMap, HashSet};
use ranges::{ScopeRanges, fmt_ranges, intersect, measure_in, subtract, total, union};
use walk::{Site, TypeBits, Walk, walk_unit};

use crate::expr::amdgpu_names::AmdgpuDwarfdumpNames;
use crate::expr::disasm::{DisasmOptions, disassemble_bytes};
use crate::expr::{DecodeError, DecodeParams, Encoding, Expr, Op, detect_encoding};
use crate::index::{
    ConventionsChoice, DebugInfo, IndexError, LocListEntry, LocListEntryKind, UnitId,
};
use crate::target::Target;

use absint::{BaseType, Env, Mode, Summary, TypeLookup};

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
    pub function: Option<String>,
    /// Name of the variable, parameter or other DIE.
    pub name: Option<String>,
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
    pub name: Option<String>,
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
    pub name: Option<String>,
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
    zero_size: bool,
}

/// The outcome of checking a site, for the sites like it.
struct SiteMemo {
    findings: Vec<Finding>,
    coverage: Option<Bytes>,
}

/// Verifies one object: `dbg` over its DWARF, `debug_frame` its `.debug_frame` bytes
/// (empty if none).
pub fn verify(
    dbg: &DebugInfo<'_>,
    debug_frame: &[u8],
    opts: &Options<'_>,
) -> Result<Report, IndexError> {
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
            walk.findings.push(Finding {
                check: checks::UNIT_ATTRIBUTE_UNREADABLE,
                severity: checks::severity(checks::UNIT_ATTRIBUTE_UNREADABLE),
                die: Some(info.offset),
                attr: Some(attr_name(d.attr)),
                function: None,
                name: info.name.clone(),
                pc_range: None,
                expression: None,
                op_offset: None,
                cfi_offset: None,
                message: format!(
                    "the unit at .debug_info offset {:#x} is checked without it: {}",
                    info.offset, d.message
                ),
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
    let mut lds_zero: HashMap<(usize, Option<String>), Vec<usize>> = HashMap::default();
    let sites = std::mem::take(&mut walk.sites);
    let mut targets: HashMap<Option<u64>, Option<&Target>> = HashMap::default();
    let mut readings = conventions::Readings::default();
    // A list named by many DIEs in the same circumstances is checked once; the other
    // DIEs get its findings and coverage under their own names (5 000 variables sharing a
    // 100 000-entry list are 100 000 entries of work, not 500 million).
    let mut memo: HashMap<SiteKey, SiteMemo> = HashMap::default();
    for (index, site) in sites.iter().enumerate() {
        let target = *targets
            .entry(site.wave_pc)
            .or_insert_with(|| opts.target_at(site.wave_pc));
        // Only a list that another site names too can be replayed: `walk.lists` holds one
        // reference to each decoded list and every site naming it one more.
        let shared = Rc::strong_count(&site.entries) > 2;
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
            zero_size: site.zero_size,
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
                        encoding,
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
                encoding,
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
    Ok(report)
}

/// Counts each fully walked unit's conventions evidence from the walk's sites (each list
/// once), so that the mixed-unit check does not walk the unit's DIEs and lists again.
fn seed_evidence(dbg: &DebugInfo<'_>, walk: &Walk<'_>, encoding: Encoding) {
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

/// Entries of one location list reported one by one for a check; the rest are summed up
/// in one finding (a hostile list has hundreds of thousands).
const MAX_ENTRY_FINDINGS: usize = 16;

/// Analyses by (expression bytes, mode, wave size, frame base present, unit).
type AnalysisCache<'a> = HashMap<(&'a [u8], Mode, Option<u32>, bool, usize), Analysis>;

/// Builds a CFI finding: check, instruction offset, PC range, rule, expression, message.
type CfiFindingFn<'f> =
    dyn Fn(&'static str, u64, Option<Range<u64>>, String, Option<String>, String) -> Finding + 'f;

/// What a cached analysis keeps.
#[derive(Clone)]
enum Analysis {
    Decoded(Rc<Summary>),
    Failed(DecodeFailure),
}

#[derive(Clone)]
struct DecodeFailure {
    check: &'static str,
    offset: u64,
    message: String,
}

fn analyse_bytes<E: Env>(bytes: &[u8], params: DecodeParams, mode: Mode, env: &E) -> Analysis {
    match Expr::decode(bytes, params) {
        Ok(expr) => {
            let mut s = absint::analyse(&expr, mode, env);
            // Op indices to byte offsets for reporting.
            for f in &mut s.findings {
                f.op = expr.op_offset(f.op.min(expr.ops().len())) as usize;
            }
            Analysis::Decoded(Rc::new(s))
        }
        Err(e) => {
            let other = DecodeParams {
                encoding: match params.encoding {
                    Encoding::User => Encoding::Legacy,
                    Encoding::Legacy => Encoding::User,
                },
                ..params
            };
            let (check, message) = match (&e, Expr::decode(bytes, other)) {
                (DecodeError::BadBranchTarget { .. }, _) => {
                    (checks::BRANCH_OFF_BOUNDARY, e.to_string())
                }
                (_, Ok(x)) if has_het(x.ops()) => match params.encoding {
                    Encoding::User => (
                        checks::LEGACY_OPCODE_UNDER_USER_CONVENTION,
                        format!(
                            "{e}; the bytes decode as legacy one-byte heterogeneous opcodes, but this object uses DW_OP_LLVM_user"
                        ),
                    ),
                    Encoding::Legacy => (
                        checks::USER_OPCODE_UNDER_LEGACY_CONVENTION,
                        format!(
                            "{e}; the bytes decode as DW_OP_LLVM_user operations, but this object uses the legacy opcodes"
                        ),
                    ),
                },
                _ => (checks::UNDECODABLE_EXPRESSION, e.to_string()),
            };
            Analysis::Failed(DecodeFailure {
                check,
                offset: e.offset(),
                message,
            })
        }
    }
}

fn has_het(ops: &[Op]) -> bool {
    ops.iter().any(|op| {
        matches!(
            op,
            Op::LlvmFormAspaceAddress
                | Op::LlvmPushLane
                | Op::LlvmOffset
                | Op::LlvmOffsetUconst(_)
                | Op::LlvmBitOffset
                | Op::LlvmCallFrameEntryReg(_)
                | Op::LlvmUndefined
                | Op::LlvmAspaceBregx { .. }
                | Op::LlvmPieceEnd
                | Op::LlvmExtend { .. }
                | Op::LlvmSelectBitPiece { .. }
        )
    })
}

/// The facts the interpreter needs about one site.
struct SiteEnv<'d, 'a> {
    dbg: &'d DebugInfo<'a>,
    /// The unit whose DIEs unit-relative references name (none for CFI).
    unit: Option<UnitId>,
    target: Option<&'d Target>,
    has_frame_base: bool,
    base_types: std::cell::RefCell<&'d mut HashMap<(usize, u64), TypeLookup>>,
}

impl Env for SiteEnv<'_, '_> {
    fn base_type(&self, unit_offset: u64) -> TypeLookup {
        let Some(unit) = self.unit else {
            return TypeLookup::Missing;
        };
        let key = (unit.index(), unit_offset);
        if let Some(t) = self.base_types.borrow().get(&key) {
            return *t;
        }
        let t = lookup_base_type(self.dbg, unit, unit_offset);
        self.base_types.borrow_mut().insert(key, t);
        t
    }
    fn target(&self) -> Option<&Target> {
        self.target
    }
    fn has_frame_base(&self) -> bool {
        self.has_frame_base
    }
    fn call(&self, op: &Op) -> absint::CallTarget {
        match self.unit {
            Some(unit) => call_target(self.dbg, unit, op),
            None => absint::CallTarget::Unknown,
        }
    }
}

/// What a `DW_OP_call2`/`call4`/`call_ref` refers to.
fn call_target(dbg: &DebugInfo<'_>, unit: UnitId, op: &Op) -> absint::CallTarget {
    use absint::CallTarget;
    let (uid, rel) = match *op {
        Op::Call2(o) => (unit, u64::from(o)),
        Op::Call4(o) => (unit, u64::from(o)),
        Op::CallRef(o) => match dbg.unit_containing(o) {
            Some(u) => match dbg.unit(u) {
                Ok(info) => (u, o - info.offset),
                Err(_) => return CallTarget::Unknown,
            },
            None => return CallTarget::Unknown,
        },
        _ => return CallTarget::Unknown,
    };
    let Ok(info) = dbg.unit(uid) else {
        return CallTarget::Unknown;
    };
    let Ok(rel) = usize::try_from(rel) else {
        return CallTarget::Unknown;
    };
    let off = gimli::UnitOffset(rel);
    if !off.is_in_bounds(&info.unit.header) {
        return CallTarget::Unknown;
    }
    let Ok(entry) = info.unit.entry(off) else {
        return CallTarget::Unknown;
    };
    match entry.attr_value(gimli::DW_AT_location) {
        Some(gimli::AttributeValue::Exprloc(e)) => CallTarget::Expr(e.0.slice().to_vec()),
        Some(gimli::AttributeValue::Block(b)) => CallTarget::Expr(b.slice().to_vec()),
        Some(_) => CallTarget::List,
        None if entry.attr(gimli::DW_AT_const_value).is_some() => CallTarget::Const,
        None => CallTarget::Nothing,
    }
}

fn lookup_base_type(dbg: &DebugInfo<'_>, unit: UnitId, offset: u64) -> TypeLookup {
    let Ok(info) = dbg.unit(unit) else {
        return TypeLookup::Missing;
    };
    let Ok(off) = usize::try_from(offset) else {
        return TypeLookup::Missing;
    };
    let off = gimli::UnitOffset(off);
    if !off.is_in_bounds(&info.unit.header) {
        return TypeLookup::Missing;
    }
    let Ok(entry) = info.unit.entry(off) else {
        return TypeLookup::Missing;
    };
    if entry.tag() != gimli::DW_TAG_base_type {
        return TypeLookup::NotBase(entry.tag().0);
    }
    let bits = entry
        .attr(gimli::DW_AT_bit_size)
        .and_then(|a| a.udata_value())
        .or_else(|| {
            entry
                .attr(gimli::DW_AT_byte_size)
                .and_then(|a| a.udata_value())
                .map(|b| b * 8)
        })
        .unwrap_or(0);
    let encoding = match entry.attr_value(gimli::DW_AT_encoding) {
        Some(gimli::AttributeValue::Encoding(e)) => e.0,
        Some(v) => v.udata_value().unwrap_or(0) as u8,
        None => 0,
    };
    let aspace = entry
        .attr(crate::index::at::LLVM_ADDRESS_SPACE)
        .and_then(|a| a.udata_value());
    TypeLookup::Base(BaseType {
        bits: u32::try_from(bits).unwrap_or(u32::MAX),
        encoding,
        aspace,
    })
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

fn disasm(dbg: &DebugInfo<'_>, unit: UnitId, bytes: &[u8], encoding: Encoding) -> String {
    // Verify's unit ids come from the index it verifies: both look-ups succeed.
    let types = dbg.unit_base_types(unit).ok();
    disassemble_bytes(
        bytes,
        dbg.decode_params(unit, encoding)
            .unwrap_or(crate::expr::DecodeParams::amdgpu(encoding)),
        DisasmOptions {
            names: &AmdgpuDwarfdumpNames,
            unit: types
                .as_ref()
                .map(|t| t as &dyn crate::expr::disasm::UnitBaseTypes),
        },
    )
}

fn site_finding(
    dbg: &DebugInfo<'_>,
    walk: &Walk<'_>,
    site: &Site<'_>,
    entry: &LocListEntry<'_>,
    encoding: Encoding,
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
            .then(|| disasm(dbg, site.unit, entry.expr, encoding)),
        op_offset: None,
        cfi_offset: None,
        message,
    }
}

#[allow(clippy::too_many_arguments)]
fn check_site<'a>(
    dbg: &DebugInfo<'_>,
    target: Option<&Target>,
    encoding: Encoding,
    (index, site): (usize, &Site<'a>),
    walk: &mut Walk<'_>,
    cache: &mut AnalysisCache<'a>,
    base_types: &mut HashMap<(usize, u64), TypeLookup>,
    report: &mut Report,
    lds_zero: &mut HashMap<(usize, Option<String>), Vec<usize>>,
) {
    // The site's unit comes from the index being verified.
    let params = dbg
        .decode_params(site.unit, encoding)
        .unwrap_or(crate::expr::DecodeParams::amdgpu(encoding));
    let wave = target.map(|t| t.lanes());
    let mut summaries: Vec<Option<Rc<Summary>>> = Vec::with_capacity(site.entries.len());
    let mut new_findings: Vec<Finding> = Vec::new();
    for entry in site.entries.iter() {
        report.expressions += 1;
        // Base types are unit-relative: analyses are shared within a unit only when the
        // expression has no type operands, which the key approximates by the unit index.
        let key = (
            entry.expr,
            site.mode,
            wave,
            site.has_frame_base,
            site.unit.index(),
        );
        let analysis = match cache.get(&key) {
            Some(a) => a.clone(),
            None => {
                let env = SiteEnv {
                    dbg,
                    unit: Some(site.unit),
                    target,
                    has_frame_base: site.has_frame_base,
                    base_types: std::cell::RefCell::new(&mut *base_types),
                };
                let a = analyse_bytes(entry.expr, params, site.mode, &env);
                cache.insert(key, a.clone());
                a
            }
        };
        match analysis {
            Analysis::Failed(fail) => {
                let mut f = site_finding(
                    dbg,
                    walk,
                    site,
                    entry,
                    encoding,
                    fail.check,
                    fail.message.clone(),
                );
                f.op_offset = Some(fail.offset);
                new_findings.push(f);
                summaries.push(None);
            }
            Analysis::Decoded(s) => {
                for r in &s.findings {
                    let mut f =
                        site_finding(dbg, walk, site, entry, encoding, r.check, r.message.clone());
                    f.op_offset = Some(r.op as u64);
                    new_findings.push(f);
                }
                summaries.push(Some(s));
            }
        }
        if let Some(r) = &entry.range
            && let Some(a) = entry.anomaly()
        {
            let check = if r.start > r.end {
                checks::LOCLIST_INVERTED_RANGE
            } else {
                checks::LOCLIST_EMPTY_RANGE
            };
            new_findings.push(site_finding(
                dbg,
                walk,
                site,
                entry,
                encoding,
                check,
                format!(
                    "location-list entry [{:#x}, {:#x}) has an {a}: it never applies",
                    r.start, r.end
                ),
            ));
        }
    }

    // A composite location for a variable whose type has no bytes (Triton's tensors).
    if site.zero_size
        && let Some((entry, bits)) = site.entries.iter().zip(&summaries).find_map(|(e, s)| {
            s.as_ref()?
                .composite_bits
                .filter(|&b| b > 0)
                .map(|b| (e, b))
        })
    {
        new_findings.push(site_finding(
            dbg,
            walk,
            site,
            entry,
            encoding,
            checks::ZERO_SIZE_TYPE_WITH_LOCATION,
            format!(
                "the location's pieces describe {bits} bits, but the variable's type has 0 bytes: a reader shows nothing of them"
            ),
        ));
    }

    // Location-list checks.
    if site.list.is_some() {
        loclist_checks(dbg, walk, site, &summaries, encoding, &mut new_findings);
    }

    // LDS placeholders.
    if site.attr == gimli::DW_AT_location && site.tag == gimli::DW_TAG_variable {
        let is_lds_space = site.memory_space == Some(3);
        for (entry, s) in site.entries.iter().zip(&summaries) {
            let lds = is_lds_space
                || s.as_ref().is_some_and(|s| s.result_aspace == Some(3))
                || ends_with_local_xderef(entry.expr);
            if !lds {
                continue;
            }
            let trivial_zero = matches!(entry.expr, [0x30] | [0x10, 0x00]);
            // `DW_OP_addr 0` (or an `addrx` entry of 0): the relocated address of an LDS
            // symbol, which has no global address (it resolves to 0); the real offset is
            // per kernel.
            let symbol_zero = entry.expr.starts_with(&[0x03, 0, 0, 0, 0, 0, 0, 0, 0])
                || addrx_operand(entry.expr).is_some_and(|index| {
                    dbg.unit(site.unit).is_ok_and(|info| {
                        dbg.dwarf()
                            .address(&info.unit, gimli::DebugAddrIndex(index))
                            .is_ok_and(|a| a == 0)
                    })
                });
            if entry.expr.is_empty() || trivial_zero || symbol_zero {
                let why = if symbol_zero {
                    "LDS variable located by the global address 0x0 (`DW_OP_addr`/`addrx`): LDS symbols have no global address, so this is a placeholder, not the variable's offset in the kernel's LDS"
                } else {
                    "LDS variable with an empty or constant-zero placeholder location"
                };
                new_findings.push(site_finding(
                    dbg,
                    walk,
                    site,
                    entry,
                    encoding,
                    checks::LDS_PLACEHOLDER_LOCATION,
                    why.into(),
                ));
            } else if s
                .as_ref()
                .is_some_and(|s| s.result_address == Some(0) || s.xderef_address == Some(0))
            {
                lds_zero
                    .entry((
                        site.unit.index(),
                        site.function_name.map(|i| walk.names[i].clone()),
                    ))
                    .or_default()
                    .push(index);
            }
        }
    }

    // Coverage.
    if let (Some(ci), Some(_), [entry]) = (site.coverage, site.scope, &site.entries[..])
        && entry.kind == LocListEntryKind::Single
    {
        let b = &mut walk.coverage.variables[ci].bytes;
        match summaries[0].as_deref() {
            Some(s) if !s.undefined && !entry.expr.is_empty() && s.per_lane => b.per_lane = b.scope,
            Some(s) if !s.undefined && !entry.expr.is_empty() => b.available = b.scope,
            _ => b.optimized_out = b.scope,
        }
    } else if let (Some(ci), Some(scope)) = (site.coverage, site.scope) {
        let scope_r = &walk.scope_ranges[scope];
        // Covered = (available ∪ per-lane) ∩ scope; per-lane wins where both apply.
        let mut lane: Vec<Range<u64>> = Vec::new();
        let mut any: Vec<Range<u64>> = Vec::with_capacity(site.entries.len());
        let mut default: Option<&Rc<Summary>> = None;
        let mut default_seen = false;
        let class = |s: &Option<Rc<Summary>>| match s {
            Some(s) if s.undefined => 0,
            Some(s) if s.per_lane => 2,
            Some(_) => 1,
            None => 0,
        };
        for (entry, s) in site.entries.iter().zip(&summaries) {
            match entry.kind {
                LocListEntryKind::Single => {
                    let c = if entry.expr.is_empty() { 0 } else { class(s) };
                    if c != 0 {
                        any.extend(scope_r.iter().cloned());
                    }
                    if c == 2 {
                        lane.extend(scope_r.iter().cloned());
                    }
                }
                LocListEntryKind::Bounded => {
                    if let Some(r) = entry.range.clone().filter(|r| r.start < r.end) {
                        match class(s) {
                            1 => any.push(r),
                            2 => {
                                any.push(r.clone());
                                lane.push(r);
                            }
                            _ => {}
                        }
                    }
                }
                LocListEntryKind::Default => {
                    default_seen = true;
                    default = s.as_ref();
                }
            }
        }
        if default_seen {
            let bounded: Vec<Range<u64>> = site
                .entries
                .iter()
                .filter_map(|e| e.range.clone())
                .collect();
            let rest = subtract(scope_r, &union(bounded));
            match default {
                Some(s) if !s.undefined && s.per_lane => {
                    any.extend(rest.iter().cloned());
                    lane.extend(rest);
                }
                Some(s) if !s.undefined => any.extend(rest),
                _ => {}
            }
        }
        let per_lane = measure_in(lane, scope_r);
        let covered = measure_in(any, scope_r);
        let b = &mut walk.coverage.variables[ci].bytes;
        b.per_lane = per_lane;
        b.available = covered.saturating_sub(per_lane);
        b.optimized_out = b.scope.saturating_sub(covered);
    }
    walk.findings.extend(new_findings);
}

/// The index operand of a leading `DW_OP_addrx` (or `DW_OP_GNU_addr_index`).
fn addrx_operand(bytes: &[u8]) -> Option<usize> {
    let (first, rest) = bytes.split_first()?;
    if !matches!(first, 0xa1 | 0xfb) {
        return None;
    }
    let mut v: usize = 0;
    for (i, b) in rest.iter().enumerate().take(9) {
        v |= usize::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// `... lit3 swap xderef` (clang 22's LDS suffix) or `lit2` (clang <= 19 OpenCL).
fn ends_with_local_xderef(bytes: &[u8]) -> bool {
    matches!(bytes, [.., 0x33 | 0x32, 0x16, 0x18])
}

fn loclist_checks(
    dbg: &DebugInfo<'_>,
    walk: &Walk<'_>,
    site: &Site<'_>,
    summaries: &[Option<Rc<Summary>>],
    encoding: Encoding,
    out: &mut Vec<Finding>,
) {
    let entries = &site.entries;
    // Out of scope: outside the enclosing subprogram.
    if let Some(sp) = site.subprogram {
        let sp_r = &walk.scope_ranges[sp];
        let mut reported = 0usize;
        let mut more: Option<(&LocListEntry<'_>, usize, u64)> = None;
        for e in entries.iter() {
            let Some(r) = e.range.clone().filter(|r| r.start < r.end) else {
                continue;
            };
            if sp_r.iter().any(|s| s.start <= r.start && r.end <= s.end) {
                continue;
            }
            let outside = subtract(std::slice::from_ref(&r), sp_r);
            if !outside.is_empty() && reported >= MAX_ENTRY_FINDINGS {
                // The rest of a long list is summed up in one finding.
                let m = more.get_or_insert((e, 0, 0));
                m.1 += 1;
                m.2 = m.2.saturating_add(total(&outside));
            } else if !outside.is_empty() {
                reported += 1;
                out.push(site_finding(
                    dbg,
                    walk,
                    site,
                    e,
                    encoding,
                    checks::LOCLIST_OUT_OF_SCOPE,
                    format!(
                        "entry [{:#x}, {:#x}) covers {} bytes outside the enclosing subprogram's PC ranges ({})",
                        r.start,
                        r.end,
                        total(&outside),
                        fmt_ranges(sp_r)
                    ),
                ));
            }
        }
        if let Some((first, n, bytes)) = more {
            out.push(site_finding(
                dbg,
                walk,
                site,
                first,
                encoding,
                checks::LOCLIST_OUT_OF_SCOPE,
                format!(
                    "{n} more entries from this one on cover {bytes} bytes outside the enclosing subprogram's PC ranges ({})",
                    fmt_ranges(sp_r)
                ),
            ));
        }
    }
    // Overlaps.
    let mut bounded: Vec<(usize, Range<u64>)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.range.clone().filter(|r| r.start < r.end).map(|r| (i, r)))
        .collect();
    bounded.sort_by_key(|(_, r)| (r.start, r.end));
    // The earlier entry reaching furthest: the one an entry overlaps, if any (linear,
    // where looking back through every earlier entry was quadratic).
    let mut furthest: Option<(usize, Range<u64>)> = bounded.first().cloned();
    let mut overlaps = 0usize;
    let mut more_overlaps: Option<(usize, Range<u64>)> = None;
    for (i, r) in bounded.iter().skip(1).cloned() {
        let overlapping = furthest.clone().filter(|(_, p)| p.end > r.start);
        if furthest.as_ref().is_none_or(|(_, p)| r.end > p.end) {
            furthest = Some((i, r.clone()));
        }
        if let Some((j, prev)) = overlapping {
            let ov = r.start.max(prev.start)..r.end.min(prev.end);
            overlaps += 1;
            if overlaps > MAX_ENTRY_FINDINGS {
                // The rest of a long list is summed up in one finding.
                let m = more_overlaps.get_or_insert((0, ov.clone()));
                m.0 += 1;
                m.1 = m.1.start.min(ov.start)..m.1.end.max(ov.end);
                continue;
            }
            let mut f = site_finding(
                dbg,
                walk,
                site,
                &entries[i],
                encoding,
                checks::LOCLIST_OVERLAP,
                format!(
                    "entries overlap on [{:#x}, {:#x}): the variable is in several places there: `{}` and `{}`",
                    ov.start,
                    ov.end,
                    disasm(dbg, site.unit, entries[j].expr, encoding),
                    disasm(dbg, site.unit, entries[i].expr, encoding)
                ),
            );
            f.pc_range = Some(ov);
            out.push(f);
        }
    }
    if let Some((n, span)) = more_overlaps {
        let mut f = site_finding(
            dbg,
            walk,
            site,
            &entries[bounded[0].0],
            encoding,
            checks::LOCLIST_OVERLAP,
            format!(
                "{n} more entries overlap earlier ones within [{:#x}, {:#x})",
                span.start, span.end
            ),
        );
        f.pc_range = Some(span);
        out.push(f);
    }
    // Gaps inside the variable's scope (when there is no default entry).
    let has_default = entries.iter().any(|e| e.kind == LocListEntryKind::Default);
    // `bounded` is sorted by start: a hole is a jump past the running end that the scope
    // covers. Most lists have none, and are cleared without allocating.
    let hole_candidate = |scope_r: &[Range<u64>]| {
        let Some((_, first)) = bounded.first() else {
            return false;
        };
        let mut end = first.end;
        for (_, r) in &bounded[1..] {
            if r.start > end && scope_r.iter().any(|s| s.start < r.start && end < s.end) {
                return true;
            }
            end = end.max(r.end);
        }
        false
    };
    if !has_default
        && let Some(scope) = site.scope
        && hole_candidate(&walk.scope_ranges[scope])
    {
        let scope_r = &walk.scope_ranges[scope];
        let covered = union(bounded.iter().map(|(_, r)| r.clone()).collect());
        if !covered.is_empty() {
            // Only holes between the first and last covered PC: before the first entry
            // and after the last one the variable is usually not live yet / any more.
            let span = covered[0].start..covered[covered.len() - 1].end;
            let holes = subtract(&intersect(scope_r, std::slice::from_ref(&span)), &covered);
            if !holes.is_empty() {
                let mut f = site_finding(
                    dbg,
                    walk,
                    site,
                    &entries[0],
                    encoding,
                    checks::LOCLIST_GAP,
                    format!(
                        "{} gap(s) totalling {} bytes between entries: {}",
                        holes.len(),
                        total(&holes),
                        fmt_ranges(&holes)
                    ),
                );
                f.pc_range = Some(span);
                f.expression = None;
                out.push(f);
            }
        }
    }
    // Size disagreement.
    let mut sizes = summaries
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.as_ref().and_then(|s| s.size_bits).map(|b| (i, b)));
    if let Some((_, b0)) = sizes.next()
        && let Some((i1, b1)) = sizes.find(|(_, b)| *b != b0)
    {
        out.push(site_finding(
            dbg,
            walk,
            site,
            &entries[i1],
            encoding,
            checks::LOCLIST_SIZE_MISMATCH,
            format!(
                "this entry describes {b1} bits but an earlier entry of the same list describes {b0} bits"
            ),
        ));
    }
}

fn check_cfi(
    dbg: &DebugInfo<'_>,
    opts: &Options<'_>,
    encoding: Encoding,
    items: &[cfi::Item<'_>],
    walk: &mut Walk<'_>,
    report: &mut Report,
) {
    let params = DecodeParams::amdgpu(encoding);
    let _ = dbg;
    let mk = |check: &'static str,
              offset: u64,
              pc_range: Option<Range<u64>>,
              rule: String,
              expression: Option<String>,
              message: String| Finding {
        check,
        severity: checks::severity(check),
        die: None,
        attr: Some(rule),
        function: None,
        name: None,
        pc_range,
        expression,
        op_offset: None,
        cfi_offset: Some(offset),
        message,
    };
    let names = AmdgpuDwarfdumpNames;
    for item in items {
        match item {
            cfi::Item::Expr {
                offset,
                pc_range,
                rule,
                bytes,
                ..
            } => {
                report.cfi_expressions += 1;
                let target = opts.target_at(pc_range.as_ref().map(|r| r.start));
                let (mode, rule_name) = match rule {
                    cfi::RuleKind::CfaExpression => {
                        (Mode::CfiCfa, "DW_CFA_def_cfa_expression".to_string())
                    }
                    cfi::RuleKind::Expression(r) => {
                        (Mode::CfiExpression, format!("DW_CFA_expression {r}"))
                    }
                    cfi::RuleKind::ValExpression(r) => {
                        (Mode::CfiValExpression, format!("DW_CFA_val_expression {r}"))
                    }
                };
                if let cfi::RuleKind::Expression(r) | cfi::RuleKind::ValExpression(r) = rule {
                    check_cfi_register(target, *r, *offset, pc_range, &rule_name, walk, &mk);
                }
                let mut tmp = HashMap::default();
                let env = SiteEnv {
                    dbg,
                    unit: None,
                    target,
                    has_frame_base: true,
                    base_types: std::cell::RefCell::new(&mut tmp),
                };
                let text = disassemble_bytes(
                    bytes,
                    params,
                    DisasmOptions {
                        names: &names,
                        unit: None,
                    },
                );
                match analyse_bytes(bytes, params, mode, &env) {
                    Analysis::Failed(f) => walk.findings.push(mk(
                        f.check,
                        *offset,
                        pc_range.clone(),
                        rule_name.clone(),
                        Some(text.clone()),
                        f.message,
                    )),
                    Analysis::Decoded(s) => {
                        for r in &s.findings {
                            let mut f = mk(
                                r.check,
                                *offset,
                                pc_range.clone(),
                                rule_name.clone(),
                                Some(text.clone()),
                                r.message.clone(),
                            );
                            f.op_offset = Some(r.op as u64);
                            walk.findings.push(f);
                        }
                    }
                }
            }
            cfi::Item::Register {
                offset,
                pc_range,
                reg,
                what,
            } => {
                let target = opts.target_at(pc_range.as_ref().map(|r| r.start));
                check_cfi_register(target, *reg, *offset, pc_range, what, walk, &mk);
            }
            cfi::Item::AddressSpace {
                offset,
                pc_range,
                aspace,
            } => {
                let target = opts.target_at(pc_range.as_ref().map(|r| r.start));
                if let Some(t) = target
                    && t.address_space(*aspace).is_none()
                {
                    walk.findings.push(mk(
                        checks::UNDEFINED_ADDRESS_SPACE,
                        *offset,
                        pc_range.clone(),
                        "DW_CFA_LLVM_def_aspace_cfa".into(),
                        None,
                        format!(
                            "DW_CFA_LLVM_def_aspace_cfa names address space {aspace}, which {} does not define",
                            t.name()
                        ),
                    ));
                }
            }
            cfi::Item::Problem {
                offset,
                pc_range,
                check,
                message,
            } => walk.findings.push(mk(
                check,
                *offset,
                pc_range.clone(),
                ".debug_frame".into(),
                None,
                message.clone(),
            )),
        }
    }
}

fn check_cfi_register(
    target: Option<&Target>,
    reg: u64,
    offset: u64,
    pc_range: &Option<Range<u64>>,
    what: &str,
    walk: &mut Walk<'_>,
    mk: &CfiFindingFn<'_>,
) {
    let Some(t) = target else { return };
    if t.register_bits(reg).is_err() {
        walk.findings.push(mk(
            checks::UNMAPPED_REGISTER,
            offset,
            pc_range.clone(),
            what.to_string(),
            None,
            format!(
                "{what} names DWARF register {reg}, which is not mapped for {} (wave{})",
                t.name(),
                t.lanes()
            ),
        ));
    }
}

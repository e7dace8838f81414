//! The checks of one location site: each entry's expression decoded and analysed
//! (abstract evaluation, target checks, producer-bug detectors), the location list as a
//! whole (gaps, overlaps, entries outside the scope), and the variable's coverage.

use super::*;
use std::rc::Rc;

/// Entries of one location list reported one by one for a check; the rest are summed up
/// in one finding (a hostile list has hundreds of thousands).
pub(super) const MAX_ENTRY_FINDINGS: usize = 16;

/// Analyses by (expression bytes, mode, wave size, frame base present, unit).
pub(super) type AnalysisCache<'a> = HashMap<(&'a [u8], Mode, Option<u32>, bool, usize), Analysis>;

/// What a cached analysis keeps.
#[derive(Clone)]
pub(super) enum Analysis {
    Decoded(Rc<Summary>),
    Failed(DecodeFailure),
}

#[derive(Clone)]
pub(super) struct DecodeFailure {
    pub(super) check: &'static str,
    pub(super) offset: u64,
    pub(super) message: String,
}

pub(super) fn analyse_bytes<E: Env>(
    bytes: &[u8],
    params: DecodeParams,
    mode: Mode,
    env: &E,
) -> Analysis {
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
                (_, Ok(x)) if x.ops().iter().any(Op::is_heterogeneous) => match params.encoding {
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

/// The facts the interpreter needs about one site.
pub(super) struct SiteEnv<'d, 'a> {
    pub(super) dbg: &'d DwarfIndex<'a>,
    /// The unit whose DIEs unit-relative references name (none for CFI).
    pub(super) unit: Option<UnitId>,
    pub(super) target: Option<&'d Target>,
    pub(super) has_frame_base: bool,
    pub(super) base_types: std::cell::RefCell<&'d mut HashMap<(usize, u64), TypeLookup>>,
    /// The unit is read as upstream DWARF: a bare vector register is the lane's dword.
    pub(super) lane_dwords: bool,
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
    fn vector_registers_are_lane_dwords(&self) -> bool {
        self.lane_dwords
    }
    fn call(&self, op: &Op) -> absint::CallTarget {
        match self.unit {
            Some(unit) => call_target(self.dbg, unit, op),
            None => absint::CallTarget::Unknown,
        }
    }
}

/// What a `DW_OP_call2`/`call4`/`call_ref` refers to.
pub(super) fn call_target(dbg: &DwarfIndex<'_>, unit: UnitId, op: &Op) -> absint::CallTarget {
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

pub(super) fn lookup_base_type(dbg: &DwarfIndex<'_>, unit: UnitId, offset: u64) -> TypeLookup {
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

/// Buffers [`check_site`] reuses from one site to the next (thousands of sites, a few
/// entries each: fresh vectors per site were a tenth of verify's allocations).
#[derive(Default)]
pub(super) struct SiteScratch {
    summaries: Vec<Option<Rc<Summary>>>,
    findings: Vec<Finding>,
    lane: Vec<Range<u64>>,
    any: Vec<Range<u64>>,
    /// A list's non-empty bounded entries, by index.
    bounded: Vec<(usize, Range<u64>)>,
    /// By unit index: whether the unit is read as upstream DWARF.
    upstream_units: HashMap<usize, bool>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn check_site<'a>(
    dbg: &DwarfIndex<'_>,
    target: Option<&Target>,
    encoding: Encoding,
    (index, site): (usize, &Site<'a>),
    walk: &mut Walk<'_>,
    cache: &mut AnalysisCache<'a>,
    base_types: &mut HashMap<(usize, u64), TypeLookup>,
    report: &mut Report,
    lds_zero: &mut HashMap<(usize, Option<Arc<str>>), Vec<usize>>,
    scratch: &mut SiteScratch,
) {
    // The site's unit comes from the index being verified.
    let params = dbg
        .decode_params(site.unit, encoding)
        .unwrap_or(crate::expr::DecodeParams::amdgpu(encoding));
    let wave = target.map(|t| t.lanes());
    let printer = Printer::new(encoding, target);
    let lane_dwords = *scratch
        .upstream_units
        .entry(site.unit.index())
        .or_insert_with(|| {
            dbg.unit_reading(site.unit, encoding)
                .is_ok_and(|r| r == crate::index::Reading::Upstream)
        });
    let summaries = &mut scratch.summaries;
    summaries.clear();
    let new_findings = &mut scratch.findings;
    new_findings.clear();
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
                    lane_dwords,
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
                    printer,
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
                        site_finding(dbg, walk, site, entry, printer, r.check, r.message.clone());
                    f.op_offset = Some(r.op as u64);
                    new_findings.push(f);
                }
                if let (Some(type_bits), Some((reg, storage))) = (site.type_bits, s.result_register)
                    && type_bits > storage
                {
                    let storage_name = absint::storage_name(target, reg, lane_dwords);
                    new_findings.push(site_finding(
                        dbg,
                        walk,
                        site,
                        entry,
                        printer,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "the variable's type has {type_bits} bits, but its location is {storage} bits of the {storage_name}: a read runs past its end"
                        ),
                    ));
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
                printer,
                check,
                format!(
                    "location-list entry [{:#x}, {:#x}) has an {a}: it never applies",
                    r.start, r.end
                ),
            ));
        }
    }

    // A composite location for a variable whose type has no bytes (Triton's tensors).
    if site.type_bits == Some(0)
        && let Some((entry, bits)) = site
            .entries
            .iter()
            .zip(summaries.iter())
            .find_map(|(e, s)| {
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
            printer,
            checks::ZERO_SIZE_TYPE_WITH_LOCATION,
            format!(
                "the location's pieces describe {bits} bits, but the variable's type has 0 bytes: a reader shows nothing of them"
            ),
        ));
    }

    // Location-list checks.
    if site.list.is_some() {
        loclist_checks(
            dbg,
            walk,
            site,
            summaries,
            printer,
            new_findings,
            &mut scratch.bounded,
        );
    }

    // LDS placeholders.
    if site.attr == gimli::DW_AT_location && site.tag == gimli::DW_TAG_variable {
        let is_lds_space = site.memory_space == Some(3);
        for (entry, s) in site.entries.iter().zip(summaries.iter()) {
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
                    printer,
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
        let lane = &mut scratch.lane;
        lane.clear();
        let any = &mut scratch.any;
        any.clear();
        let mut default: Option<&Rc<Summary>> = None;
        let mut default_seen = false;
        let class = |s: &Option<Rc<Summary>>| match s {
            Some(s) if s.undefined => 0,
            Some(s) if s.per_lane => 2,
            Some(_) => 1,
            None => 0,
        };
        for (entry, s) in site.entries.iter().zip(summaries.iter()) {
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
    walk.findings.append(new_findings);
}

/// The index operand of a leading `DW_OP_addrx` (or `DW_OP_GNU_addr_index`).
pub(super) fn addrx_operand(bytes: &[u8]) -> Option<usize> {
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

/// `... lit3 swap xderef` (clang 22's LDS suffix) or `lit2` (clang <= 19, every language).
pub(super) fn ends_with_local_xderef(bytes: &[u8]) -> bool {
    matches!(bytes, [.., 0x33 | 0x32, 0x16, 0x18])
}

pub(super) fn loclist_checks(
    dbg: &DwarfIndex<'_>,
    walk: &Walk<'_>,
    site: &Site<'_>,
    summaries: &[Option<Rc<Summary>>],
    printer: Printer<'_>,
    out: &mut Vec<Finding>,
    bounded: &mut Vec<(usize, Range<u64>)>,
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
                    printer,
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
                printer,
                checks::LOCLIST_OUT_OF_SCOPE,
                format!(
                    "{n} more entries from this one on cover {bytes} bytes outside the enclosing subprogram's PC ranges ({})",
                    fmt_ranges(sp_r)
                ),
            ));
        }
    }
    // Overlaps.
    bounded.clear();
    bounded.extend(
        entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.range.clone().filter(|r| r.start < r.end).map(|r| (i, r))),
    );
    bounded.sort_by_key(|(_, r)| (r.start, r.end));
    let bounded = &*bounded;
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
                printer,
                checks::LOCLIST_OVERLAP,
                format!(
                    "entries overlap on [{:#x}, {:#x}): the variable is in several places there: `{}` and `{}`",
                    ov.start,
                    ov.end,
                    disasm(dbg, site.unit, entries[j].expr, printer),
                    disasm(dbg, site.unit, entries[i].expr, printer)
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
            printer,
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
                    printer,
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
            printer,
            checks::LOCLIST_SIZE_MISMATCH,
            format!(
                "this entry describes {b1} bits but an earlier entry of the same list describes {b0} bits"
            ),
        ));
    }
}

//! The checks of variable locations against the machine code: a location-list entry that
//! keeps naming a register over PCs after an instruction has written it, across a call
//! that may clobber it, or before anything in the function wrote it.
//!
//! A PC names the instruction about to run, so an entry that ends right after the write
//! (at the next instruction's address) is right: that is where LLVM ends a range. What is
//! judged is an entry that still covers PCs after the write.

use std::ops::Range;
use std::sync::Arc;

use hetdwarf::verify::{Finding, Severity, checks};

use crate::decode::{Instruction, Prefix};
use crate::listing::Listing;
use crate::locations::{LocatedEntry, LocatedFunction, RegisterRole};
use crate::register::MachineRegister;

/// Whether a callee may change `reg` under the AMDGPU calling convention (AMDGPUUsage,
/// "Call Convention"): SGPRs s0–s29, VCC, SCC and M0; VGPRs below v40 and, from v40 to
/// v255, the second half of every 16 (v48–v55, v64–v71, ...) and all above; AGPRs below
/// a32. s30–s31 hold the return address and are written by the call itself.
pub fn call_clobbered(reg: MachineRegister) -> bool {
    match reg {
        MachineRegister::Sgpr(n) => n < 30,
        MachineRegister::Vgpr(n) => !(40..=255).contains(&n) || ((n - 40) / 8) % 2 == 1,
        MachineRegister::Agpr(n) => !(32..=255).contains(&n),
        MachineRegister::VccLo
        | MachineRegister::VccHi
        | MachineRegister::Scc
        | MachineRegister::M0 => true,
        MachineRegister::ExecLo
        | MachineRegister::ExecHi
        | MachineRegister::Ttmp(_)
        | MachineRegister::Other(_) => false,
    }
}

/// Whether `reg` may carry a value into a function without any instruction of it writing
/// the register: arguments (s0–s31 and v0–v31 under the calling convention) and a
/// kernel's hardware-initialised SGPRs and work-item ids (within the same ranges).
fn input_register(reg: MachineRegister) -> bool {
    match reg {
        MachineRegister::Sgpr(n) | MachineRegister::Vgpr(n) => n < 32,
        MachineRegister::Agpr(_) => false,
        _ => true,
    }
}

/// The finding that says the checks stopped at `f`.
fn limited(f: &LocatedFunction) -> Finding {
    Finding {
        die: Some(f.die),
        function: Some(f.name.clone()),
        ..Finding::new(
            checks::CLOBBER_CHECKS_LIMITED,
            format!(
                "the machine-code checks stopped at `{}`: the functions' ranges and location entries hold more than {MAX_WORK} instructions to visit in all; this and later functions were not checked",
                f.name
            ),
        )
    }
}

/// The most instructions (counted per function whose ranges hold them, and per location
/// entry over them) that one object's checks visit.
pub const MAX_WORK: usize = 1 << 24;

/// One function's instructions with what the checks need to know about each.
struct Code<'l> {
    listing: &'l Listing,
    calls: &'l crate::calls::Calls<'l>,
    insts: Vec<&'l Instruction>,
    /// Per instruction: its address (searched for every entry: contiguous, not behind a
    /// reference).
    addresses: Vec<u64>,
    /// Per instruction: the end address of the bundle holding it (its own end when alone).
    bundle_end: Vec<u64>,
    /// Per instruction: whether it is call set-up (`s_getpc_b64` and the `s_add`/`s_addc`
    /// that complete the address).
    call_setup: Vec<bool>,
    /// Per instruction: the address of the instruction that narrowed EXEC before it, if
    /// EXEC is narrowed there (in address order, which a divergent `if` follows).
    exec_narrowed_by: Vec<Option<u64>>,
    /// Whether a branch goes back to or before itself (a loop).
    loops: bool,
    /// The indices of the instructions that write each register, in order.
    writes: RegisterTable<Vec<usize>>,
    /// The indices of the calls, in order.
    call_indices: Vec<usize>,
}

impl<'l> Code<'l> {
    fn new(
        listing: &'l Listing,
        calls: &'l crate::calls::Calls<'l>,
        ranges: &[Range<u64>],
    ) -> Code<'l> {
        let mut insts: Vec<&Instruction> = ranges
            .iter()
            .flat_map(|r| listing.range(r.start, r.end))
            .collect();
        insts.sort_by_key(|i| i.address);
        insts.dedup_by_key(|i| i.address);
        let n = insts.len();
        let addresses: Vec<u64> = insts.iter().map(|i| i.address).collect();
        let mut bundle_end: Vec<u64> = insts.iter().map(|i| i.end()).collect();
        let mut call_setup = vec![false; n];
        let mut k = 0;
        while k < n {
            let i = insts[k];
            let mut last = k;
            if i.has_prefix(Prefix::GetPc) {
                // The address pair the following s_add/s_addc complete.
                let pair: Vec<MachineRegister> = i.facts.defs.to_vec();
                call_setup[k] = true;
                while last + 1 < n
                    && insts[last + 1].has_prefix(Prefix::SAdd)
                    && insts[last + 1].facts.defs.iter().any(|d| pair.contains(d))
                {
                    last += 1;
                    call_setup[last] = true;
                }
            } else if i.has_prefix(Prefix::Clause) {
                // The count is one less than the instructions the clause holds.
                let count = i.facts.immediate.unwrap_or(0).clamp(0, 63) as u64;
                last = (k + 1 + count as usize).min(n - 1);
            }
            let end = insts[last].end();
            for e in &mut bundle_end[k..=last] {
                *e = end;
            }
            k = last + 1;
        }
        let mut exec_narrowed_by = Vec::with_capacity(n);
        let mut narrowed = None;
        for i in &insts {
            exec_narrowed_by.push(narrowed);
            // An `if` narrows EXEC with s_and(_saveexec), an `else` flips it with s_xor;
            // s_or and s_mov restore it where the branches join.
            if i.writes(MachineRegister::ExecLo) {
                if i.has_prefix(Prefix::SAnd) || i.has_prefix(Prefix::SXor) {
                    narrowed = Some(i.address);
                } else if i.has_prefix(Prefix::SOr) || i.has_prefix(Prefix::SMov) {
                    narrowed = None;
                }
            }
        }
        let loops = insts
            .iter()
            .any(|i| i.facts.flags.is_branch() && branch_target(i).is_some_and(|t| t <= i.address));
        let mut writes: RegisterTable<Vec<usize>> = RegisterTable::default();
        let mut call_indices = Vec::new();
        for (k, i) in insts.iter().enumerate() {
            for &r in i.facts.defs.iter() {
                writes.get_mut(r).push(k);
            }
            if i.facts.flags.is_call() {
                call_indices.push(k);
            }
        }
        Code {
            listing,
            calls,
            insts,
            addresses,
            bundle_end,
            call_setup,
            exec_narrowed_by,
            loops,
            writes,
            call_indices,
        }
    }

    /// The indices of the instructions starting in `range`.
    fn within(&self, range: &Range<u64>) -> Range<usize> {
        let a = self.addresses.partition_point(|&at| at < range.start);
        let b = self.addresses.partition_point(|&at| at < range.end);
        a..b.max(a)
    }
}

/// A value per register: in a vector for the registers with a
/// [`MachineRegister::dense_index`], in a map for the rest.
struct RegisterTable<T> {
    dense: Vec<T>,
    rest: std::collections::HashMap<MachineRegister, T>,
}

impl<T: Default> Default for RegisterTable<T> {
    fn default() -> Self {
        RegisterTable {
            dense: std::iter::repeat_with(T::default)
                .take(MachineRegister::DENSE)
                .collect(),
            rest: std::collections::HashMap::new(),
        }
    }
}

impl<T: Default> RegisterTable<T> {
    fn get(&self, r: MachineRegister) -> Option<&T> {
        match r.dense_index() {
            Some(i) => self.dense.get(i),
            None => self.rest.get(&r),
        }
    }

    fn get_mut(&mut self, r: MachineRegister) -> &mut T {
        match r.dense_index() {
            Some(i) => &mut self.dense[i],
            None => self.rest.entry(r).or_default(),
        }
    }
}

/// What the first stale PC of an entry comes from.
struct Stale<'e> {
    check: &'static str,
    at: usize,
    reg: MachineRegister,
    why: String,
    entry: &'e LocatedEntry,
}

/// Checks every variable of every function against the code. Each entry gives at most one
/// finding: its first write (or call) after which it still covers PCs.
///
/// `text_of` gives an instruction's text for the messages (a listing decoded with
/// [`Listing::facts`] has none).
pub fn check(
    listing: &Listing,
    functions: &[LocatedFunction],
    text_of: &dyn Fn(&Instruction) -> String,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut work: usize = 0;
    let calls = crate::calls::Calls::new(listing);
    for f in functions {
        // Only list entries in registers and stack slots are judged: a function without any
        // costs nothing.
        let judged = f.variables.iter().any(|v| {
            v.entries
                .iter()
                .any(|e| (e.from_list && !e.registers.is_empty()) || e.slot.is_some())
        });
        if !judged {
            continue;
        }
        // Hostile DWARF can give thousands of functions one huge range list: the
        // instructions visited over all functions are bounded, and the rest is said.
        work = work.saturating_add(f.ranges.len());
        if work > MAX_WORK {
            findings.push(limited(f));
            break;
        }
        let visits: usize = f
            .ranges
            .iter()
            .map(|r| listing.range(r.start, r.end).len())
            .sum::<usize>();
        work = work.saturating_add(visits);
        if work > MAX_WORK {
            findings.push(limited(f));
            break;
        }
        let code = Code::new(listing, &calls, &f.ranges);
        if code.insts.is_empty() {
            continue;
        }
        let low = f.bounds().start;
        // Variables naming one list (one shared entry slice) get that list's findings,
        // judged once, under their own names.
        let mut judged_lists: std::collections::HashMap<*const LocatedEntry, (usize, usize)> =
            std::collections::HashMap::new();
        for (vi, var) in f.variables.iter().enumerate() {
            let key = var.entries.as_ptr();
            if var.entries.len() > 1
                && let Some(&(first, count)) = judged_lists.get(&key)
            {
                let template: Vec<Finding> = findings[first..first + count].to_vec();
                for mut t in template {
                    let from = format!("`{}`", t.name.as_deref().unwrap_or(""));
                    t.message = t.message.replacen(&from, &format!("`{}`", var.name), 1);
                    t.name = Some(var.name.clone());
                    t.die = Some(var.die);
                    findings.push(t);
                }
                continue;
            }
            let first = findings.len();
            let visits: usize = var
                .entries
                .iter()
                .map(|e| code.within(&e.range).len().saturating_add(1))
                .sum();
            work = work.saturating_add(visits);
            if work > MAX_WORK {
                findings.push(limited(f));
                return findings;
            }
            for entry in var.entries.iter() {
                // A single DW_AT_location expression states the place for the whole
                // scope, initialisation included; only location-list entries, which the
                // emitter ends at clobbers, are judged.
                if entry.registers.is_empty() || !entry.from_list {
                    continue;
                }
                if let Some(stale) = first_stale(&code, f, vi, entry) {
                    findings.push(finding(&code, f, vi, stale, text_of));
                }
                if let Some(found) = before_write(&code, f, vi, entry, low) {
                    findings.push(found);
                }
            }
            judged_lists.insert(key, (first, findings.len() - first));
        }
        findings.extend(shared_slots(&code, f, text_of));
    }
    findings
}

fn first_stale<'e>(
    code: &Code<'_>,
    f: &LocatedFunction,
    vi: usize,
    entry: &'e LocatedEntry,
) -> Option<Stale<'e>> {
    let within = code.within(&entry.range);
    // Only instructions after which the entry still covers PCs are judged: not the last
    // (an entry ending right after its write is right).
    let judged = within.start
        ..within.end.saturating_sub(usize::from(
            within.end > within.start && code.insts[within.end - 1].end() >= entry.range.end,
        ));
    // The first write of one of the entry's registers in it, from each register's writes.
    let first_write = entry
        .registers
        .iter()
        .filter_map(|&(r, _)| {
            let at = code.writes.get(r)?;
            let k = at[at.partition_point(|&k| k < judged.start)..]
                .first()
                .copied()?;
            (k < judged.end).then_some(k)
        })
        .min();
    // The calls before it, then the write itself, in address order.
    let calls_from = code.call_indices.partition_point(|&k| k < judged.start);
    let events = code.call_indices[calls_from..]
        .iter()
        .copied()
        .take_while(|&k| k < first_write.unwrap_or(judged.end))
        .chain(first_write);
    for k in events {
        let i = code.insts[k];
        let written = entry
            .registers
            .iter()
            .map(|&(r, _)| r)
            .find(|&r| i.writes(r));
        if let Some(reg) = written {
            let (check, why) = classify(code, f, vi, entry, k, reg);
            return Some(Stale {
                check,
                at: k,
                reg,
                why,
                entry,
            });
        }
        if i.facts.flags.is_call() {
            // With inter-procedural register allocation a call changes only what its
            // callee writes: when the callee is known, that decides. Otherwise a register
            // the caller reads after the call, before writing it, is one the compiler
            // knows the callee keeps.
            let callee = code
                .listing
                .index_at(i.address)
                .and_then(|at| code.calls.writes_of_call(at));
            let read_after = |r: MachineRegister| {
                code.insts[k + 1..]
                    .iter()
                    .take_while(|n| n.address < entry.range.end)
                    .find(|n| n.reads(r) || n.writes(r))
                    .is_some_and(|n| n.reads(r))
            };
            let clobbered = entry
                .registers
                .iter()
                .map(|&(r, _)| r)
                .find(|&r| match &callee {
                    Some(w) => w.may_change(r),
                    None => call_clobbered(r) && !read_after(r),
                });
            if let Some(reg) = clobbered {
                return Some(Stale {
                    check: checks::CLOBBER_ACROSS_CALL,
                    at: k,
                    reg,
                    why: if callee.is_some() {
                        format!(
                            "the callee (or a function it calls) writes {reg}, and no other location follows the call"
                        )
                    } else {
                        format!(
                            "the callee may change {reg} (the AMDGPU calling convention does not preserve it), and no other location follows the call"
                        )
                    },
                    entry,
                });
            }
        }
    }
    None
}

/// Sorts a write of `reg` by what the code shows of it.
fn classify(
    code: &Code<'_>,
    f: &LocatedFunction,
    vi: usize,
    entry: &LocatedEntry,
    k: usize,
    reg: MachineRegister,
) -> (&'static str, String) {
    let i = code.insts[k];
    let after = i.end();
    if code.call_setup[k] {
        return (
            checks::CLOBBER_STALE,
            "the write is call set-up (s_getpc_b64 and the s_add/s_addc completing the callee's address)".to_string(),
        );
    }
    if i.facts.flags.is_call() {
        return (
            checks::CLOBBER_STALE,
            format!("the call writes its return address into {reg}"),
        );
    }
    if code.bundle_end[k] != i.end() && entry.range.end == code.bundle_end[k] {
        return (
            checks::CLOBBER_STALE,
            format!(
                "the entry ends at {:#x}, the end of the instruction bundle holding the write, instead of right after the write: the emitter treated the bundle as one instruction",
                entry.range.end
            ),
        );
    }
    // A write that reads the variable (this register or another piece of it) computes
    // from it: most often its own update (`p = mad(p.hi, c, p.lo)`).
    if let Some(&(read, _)) = entry.registers.iter().find(|&&(r, _)| i.reads(r)) {
        return (
            checks::CLOBBER_IN_PLACE_UPDATE,
            format!(
                "the instruction reads {read} too: an update in place, the variable's own change unless it recomputes another value"
            ),
        );
    }
    let me = &f.variables[vi];
    let other = f.variables.iter().enumerate().find(|(j, v)| {
        *j != vi
            && v.die != me.die
            // One variable described by several DIEs (Triton emits one per type).
            && v.name != me.name
            && v.entries.iter().any(|e| {
                // Placed there by this write: an entry that starts right after it.
                e.range.start == after
                    && after < e.range.end
                    && e.registers
                        .iter()
                        .any(|&(r, role)| r == reg && role == RegisterRole::Location)
            })
    });
    if let Some((_, v)) = other {
        return (
            checks::CLOBBER_STALE,
            format!(
                "from {after:#x} the DWARF places `{}` (DIE {:#x}) in {reg}",
                v.name, v.die
            ),
        );
    }
    (
        checks::CLOBBER_OVERWRITE,
        format!(
            "the instruction does not read {reg}: it holds the variable's new value or another value from there on"
        ),
    )
}

fn finding(
    code: &Code<'_>,
    f: &LocatedFunction,
    vi: usize,
    stale: Stale<'_>,
    text_of: &dyn Fn(&Instruction) -> String,
) -> Finding {
    let var = &f.variables[vi];
    let i = code.insts[stale.at];
    let entry = stale.entry;
    let mut message = format!(
        "`{}` is located in {} over [{:#x}, {:#x}), but the instruction at {:#x} (`{}`) {} {}; the entry still covers [{:#x}, {:#x}): {}",
        var.name,
        stale.reg,
        entry.range.start,
        entry.range.end,
        i.address,
        text_of(i),
        if stale.check == checks::CLOBBER_ACROSS_CALL {
            "is a call, across which"
        } else {
            "writes"
        },
        if stale.check == checks::CLOBBER_ACROSS_CALL {
            format!("{} is not preserved", stale.reg)
        } else {
            stale.reg.to_string()
        },
        i.end(),
        entry.range.end,
        stale.why
    );
    if stale.reg.is_vector()
        && i.writes_under_exec()
        && let Some(by) = code.exec_narrowed_by[stale.at]
    {
        message.push_str(&format!(
            "; EXEC is narrowed at the write (by the instruction at {by:#x}): lanes inactive there still hold the old value"
        ));
    }
    Finding {
        die: Some(var.die),
        attr: Some("DW_AT_location".to_string()),
        function: Some(f.name.clone()),
        name: Some(var.name.clone()),
        pc_range: Some(i.end()..entry.range.end),
        ..Finding::new(stale.check, message)
    }
}

/// A store into a stack slot where the DWARF places two different variables at once: one
/// of them no longer holds its value after it (`clobber-stack-slot`). Each slot and set of
/// variables is reported once per function, at its first such store.
fn shared_slots(
    code: &Code<'_>,
    f: &LocatedFunction,
    text_of: &dyn Fn(&Instruction) -> String,
) -> Vec<Finding> {
    use std::collections::HashMap;
    let mut by_slot: HashMap<crate::locations::StackSlot, Vec<(usize, &LocatedEntry)>> =
        HashMap::new();
    for (vi, v) in f.variables.iter().enumerate() {
        for e in v.entries.iter() {
            if let Some(slot) = e.slot {
                by_slot.entry(slot).or_default().push((vi, e));
            }
        }
    }
    if by_slot.is_empty() {
        return Vec::new();
    }
    let mut reported = std::collections::HashSet::new();
    let mut out = Vec::new();
    for i in code.insts.iter().filter(|i| i.facts.flags.may_store()) {
        let Some(offset) = i.facts.immediate else {
            continue;
        };
        for base in i
            .facts
            .uses
            .iter()
            .filter(|r| matches!(r, MachineRegister::Sgpr(_)))
        {
            let slot = crate::locations::StackSlot {
                base: *base,
                offset,
            };
            let Some(claims) = by_slot.get(&slot) else {
                continue;
            };
            let mut names: Vec<(&str, u64)> = claims
                .iter()
                .filter(|(_, e)| e.range.start <= i.address && i.end() < e.range.end)
                .map(|&(vi, _)| (&*f.variables[vi].name, f.variables[vi].die))
                .collect();
            names.sort_unstable();
            names.dedup_by(|a, b| a.0 == b.0);
            if names.len() < 2 || !reported.insert((slot, names.clone())) {
                continue;
            }
            let (first, die) = names[0];
            let all: Vec<String> = names.iter().map(|(n, _)| format!("`{n}`")).collect();
            out.push(Finding {
                die: Some(die),
                attr: Some("DW_AT_location".to_string()),
                function: Some(f.name.clone()),
                name: Some(first.into()),
                pc_range: Some(i.address..i.end()),
                ..Finding::new(checks::CLOBBER_STACK_SLOT, format!(
                    "the store at {:#x} (`{}`) writes the stack slot {base}{offset:+} where the DWARF places {} at once: after it at most one of them holds its value there",
                    i.address,
                    text_of(i),
                    all.join(" and ")
                ))
            });
        }
    }
    out
}

/// The target of a direct branch (`s_branch 11`, `s_cbranch_scc1 -5`): its operand counts
/// dwords from the next instruction.
pub fn branch_target(i: &Instruction) -> Option<u64> {
    // A 16-bit two's complement count of dwords from the next instruction.
    let offset = i64::from(i.facts.immediate? as u16 as i16);
    i.address
        .checked_add(4)?
        .checked_add_signed(offset.checked_mul(4)?)
}

fn before_write(
    code: &Code<'_>,
    f: &LocatedFunction,
    vi: usize,
    entry: &LocatedEntry,
    low: u64,
) -> Option<Finding> {
    if entry.range.start <= low || !entry.from_list {
        return None;
    }
    let reg = entry
        .registers
        .iter()
        .filter(|&&(r, role)| role == RegisterRole::Location && !input_register(r))
        .map(|&(r, _)| r)
        .find(|&r| {
            // In address order a loop's body may come after a PC its back edge reaches:
            // with a backward branch in the function, only a register nothing writes at
            // all is judged.
            let unwritten = match code.writes.get(r).and_then(|w| w.first()) {
                None => true,
                Some(&first) => !code.loops && code.insts[first].address >= entry.range.start,
            };
            // Code inside the entry that reads the register treats it as defined there
            // (looked for last: it visits the entry's instructions).
            unwritten
                && !code.insts[code.within(&entry.range)]
                    .iter()
                    .any(|i| i.reads(r))
        })?;
    let var = &f.variables[vi];
    Some(Finding {
        check: checks::CLOBBER_BEFORE_WRITE,
        severity: Severity::Warning,
        die: Some(var.die),
        attr: Some("DW_AT_location".to_string()),
        function: Some(f.name.clone()),
        name: Some(Arc::clone(&var.name)),
        pc_range: Some(entry.range.clone()),
        expression: None,
        op_offset: None,
        cfi_offset: None,
        message: format!(
            "`{}` is located in {reg} over [{:#x}, {:#x}), but no instruction of `{}` writes {reg} before that, and it carries no argument or hardware input",
            var.name, entry.range.start, entry.range.end, f.name
        ),
    })
}

//! Abstract interpretation of one DWARF expression: no machine state, only the shape of
//! the stack (depth, values versus location descriptions, incomplete composites, types,
//! known constants and where values came from), following every branch path.
//!
//! Each rule the heterogeneous-debugging extension calls *ill-formed*, and each target
//! rule that can be decided without a machine state, becomes a [`Raw`] finding attached to
//! the index of the operation at fault.

use std::collections::HashSet;

use crate::expr::{Expr, Op};
use crate::target::Target;

use super::Severity;
use super::checks;

mod places;
mod shape;
mod stack;
mod step;
#[cfg(test)]
mod tests;

use shape::{
    Entry, GENERIC_OTHER, Loc, Origin, Ty, entry_name, integral, is_float, konst, loc_name,
    offset_loc, op_name, val_konst,
};

/// What an expression is evaluated for (the attribute's result kind and initial stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// Result kind location, empty initial stack (`DW_AT_location`, ...).
    Location,
    /// `DW_AT_frame_base`: a location, and `DW_OP_fbreg` is ill-formed inside it.
    FrameBase,
    /// Result kind value (`DW_AT_call_value`, ...).
    Value,
    /// Result kind unspecified (array bounds and other exprloc attributes).
    Unspecified,
    /// Location, initial stack `[containing object LD]` (`DW_AT_data_member_location`).
    Member,
    /// CFI `DW_CFA_def_cfa_expression`: empty stack, result must be a memory byte address.
    CfiCfa,
    /// CFI `DW_CFA_expression`: initial stack `[CFA]`, result kind location.
    CfiExpression,
    /// CFI `DW_CFA_val_expression`: initial stack `[CFA]`, result kind value.
    CfiValExpression,
}

impl Mode {
    fn is_cfi(self) -> bool {
        matches!(
            self,
            Mode::CfiCfa | Mode::CfiExpression | Mode::CfiValExpression
        )
    }
}

/// A base type as the interpreter needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaseType {
    /// Size in bits.
    pub bits: u32,
    /// `DW_AT_encoding`.
    pub encoding: u8,
    /// `DW_AT_LLVM_address_space` (for `DW_ATE_address` types).
    pub aspace: Option<u64>,
}

/// What a `DW_OP_convert` / `const_type` / ... operand refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TypeLookup {
    /// A `DW_TAG_base_type` DIE.
    Base(BaseType),
    /// A DIE that is not a base type (with its tag).
    NotBase(u16),
    /// No DIE starts there.
    Missing,
}

/// The facts about the surroundings the interpreter asks for.
pub trait Env {
    /// The DIE at a unit-relative offset, as a base type.
    fn base_type(&self, unit_offset: u64) -> TypeLookup;
    /// The target for this expression (by wave size), if known.
    fn target(&self) -> Option<&Target>;
    /// Whether the enclosing subprogram has a `DW_AT_frame_base`.
    fn has_frame_base(&self) -> bool;
    /// What a `DW_OP_call2`/`call4`/`call_ref` operation calls.
    fn call(&self, _op: &Op) -> CallTarget {
        CallTarget::Unknown
    }
    /// Whether a bare vector register names the current lane's dword (upstream LLVM's
    /// convention, for units read as upstream DWARF) rather than the whole register.
    fn vector_registers_are_lane_dwords(&self) -> bool {
        false
    }
}

/// The DIE a `DW_OP_call*` operation refers to, as far as the interpreter cares.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CallTarget {
    /// `DW_AT_location` is an expression: it runs on the same stack.
    Expr(Vec<u8>),
    /// `DW_AT_location` is a location list: its result is pushed.
    List,
    /// `DW_AT_const_value`: pushed as an implicit value.
    Const,
    /// Neither attribute: no effect.
    Nothing,
    /// Not followed (no DIE there, or the caller cannot tell).
    Unknown,
}

/// How deep `DW_OP_call*` operations are followed.
const MAX_CALL_DEPTH: u32 = 8;

/// One problem found in an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raw {
    /// Check id.
    pub check: &'static str,
    /// Severity.
    pub severity: Severity,
    /// Index of the operation at fault (`ops().len()` for the end of the expression).
    pub op: usize,
    /// Explanation.
    pub message: String,
}

/// What the analysis learned about an expression besides its findings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Findings, deduplicated by (check, op).
    pub findings: Vec<Raw>,
    /// The location is per lane (`push_lane`, or a vector register).
    pub per_lane: bool,
    /// Every path ends with an undefined location (empty, or `DW_OP_LLVM_undefined`).
    pub undefined: bool,
    /// Size in bits the expression describes, when every path agrees (pieces, or a
    /// typed/implicit result).
    pub size_bits: Option<u64>,
    /// The same, when every path ends with a composite of pieces (whose size is the
    /// object's, unlike a register's or a stack value's).
    pub composite_bits: Option<u64>,
    /// Address space of the resulting memory location, when every path agrees.
    pub result_aspace: Option<u64>,
    /// Constant address of the resulting memory location, when known.
    pub result_address: Option<u64>,
    /// The expression reads a register (`DW_OP_reg*`, `breg*`, `regval_type`, ...).
    pub uses_registers: bool,
    /// The constant address operand of an `xderef*` (clang's address-space suffix), if any.
    pub xderef_address: Option<u64>,
    /// When every path ends with the same register location: the register and the bits
    /// of its storage from the location's offset on (a value wider reads past its end).
    pub result_register: Option<(u64, u64)>,
}

/// How register `reg`'s storage is named in findings: the register, or its lane's dword
/// where bare vector registers are lane dwords (`lane_dwords`) and the target says `reg` is
/// one ([`Target::is_vector_register`]).
pub fn storage_name(target: Option<&Target>, reg: u64, lane_dwords: bool) -> String {
    let name = target.map_or_else(|| format!("DWARF {reg}"), |t| t.register_label(reg));
    if lane_dwords && target.is_some_and(|t| t.is_vector_register(reg)) {
        format!("lane's dword of {name} (a bare vector register in upstream DWARF)")
    } else {
        format!("register {name}")
    }
}

struct Machine<'e, E: Env + ?Sized> {
    expr: &'e Expr,
    env: &'e E,
    mode: Mode,
    findings: Vec<Raw>,
    per_lane: bool,
    uses_registers: bool,
    xderef_address: Option<u64>,
    /// Result facts per finished path.
    results: Vec<PathEnd>,
    /// `DW_OP_call*` nesting depth of this machine.
    depth: u32,
    /// For a called expression: the stacks it ends with (instead of result checks).
    ends: Option<Vec<Vec<Entry>>>,
    /// The work budget and callee memo shared by this analysis and every callee's.
    shared: &'e Shared,
    /// The `DW_OP_call*` operands (callee DIEs) that led here, outermost first.
    calls: Vec<u64>,
    /// Operations a concrete evaluation executes, callees included (exact when no
    /// operation branches; `straight` says so).
    executed: u64,
    straight: bool,
}

/// What one analysis shares across nested `DW_OP_call*` callees: a work budget (so that
/// no input makes the analysis exponential: a fan-out of calls, a loop) and the results
/// of callees already analysed on a given stack.
#[derive(Default)]
struct Shared {
    steps: std::cell::Cell<usize>,
    exhausted: std::cell::Cell<bool>,
    memo: std::cell::RefCell<std::collections::HashMap<(u64, Vec<Entry>), CalleeResult>>,
}

/// A callee's analysis on one stack.
#[derive(Clone)]
struct CalleeResult {
    ends: Vec<Vec<Entry>>,
    findings: Vec<Raw>,
    per_lane: bool,
    uses_registers: bool,
    executed: u64,
    straight: bool,
}

/// The operations an evaluator executes for one expression before giving up
/// (`eval::Limits::default().max_steps`).
const EVALUATOR_MAX_STEPS: u64 = 100_000;

/// Steps (operations on one abstract stack) one analysis may take, callees included.
const MAX_STEPS: usize = 200_000;

#[derive(Clone, Copy, PartialEq, Eq)]
struct PathEnd {
    undefined: bool,
    composite: bool,
    size_bits: Option<u64>,
    aspace: Option<u64>,
    addr: Option<u64>,
    register: Option<(u64, u64)>,
}

/// Why a path stopped early.
struct Stop;

/// Upper bound on (op, stack) states explored per expression.
const MAX_STATES: usize = 4096;
/// Upper bound on the stack depth tracked (deeper stacks are cut).
const MAX_DEPTH: usize = 64;

/// Analyses `expr` in `mode`.
pub fn analyse<E: Env + ?Sized>(expr: &Expr, mode: Mode, env: &E) -> Summary {
    let shared = Shared::default();
    let mut m = Machine {
        expr,
        env,
        mode,
        findings: Vec::new(),
        per_lane: false,
        uses_registers: false,
        xderef_address: None,
        results: Vec::new(),
        depth: 0,
        ends: None,
        shared: &shared,
        calls: Vec::new(),
        executed: 0,
        straight: true,
    };
    let initial: Vec<Entry> = match mode {
        Mode::Member => vec![Entry::Loc(Loc::Any)],
        Mode::CfiExpression | Mode::CfiValExpression => vec![Entry::Loc(Loc::Mem {
            aspace: None,
            addr: None,
        })],
        _ => Vec::new(),
    };
    m.explore(initial);
    if shared.exhausted.get() {
        m.report(
            0,
            checks::ANALYSIS_INCOMPLETE,
            format!(
                "not verified: following every path (called expressions included) takes more than {MAX_STEPS} steps"
            ),
        );
    }
    if m.straight && m.executed > EVALUATOR_MAX_STEPS {
        m.report(
            0,
            checks::EVALUATION_TOO_LONG,
            format!(
                "evaluating it executes {} operations (called expressions included), more than the {EVALUATOR_MAX_STEPS} an evaluator allows",
                m.executed
            ),
        );
    }
    let undefined = !m.results.is_empty() && m.results.iter().all(|r| r.undefined);
    /// What every path's end says alike, if they agree.
    fn agree<T: PartialEq + Copy>(results: &[PathEnd], f: fn(&PathEnd) -> Option<T>) -> Option<T> {
        let first = results.first().and_then(f)?;
        results.iter().all(|r| f(r) == Some(first)).then_some(first)
    }
    let size_bits = agree(&m.results, |r| r.size_bits);
    let composite_bits = size_bits.filter(|_| m.results.iter().all(|r| r.composite));
    let result_aspace = agree(&m.results, |r| r.aspace);
    let result_address = agree(&m.results, |r| r.addr);
    let result_register = agree(&m.results, |r| r.register);
    let mut findings = m.findings;
    let mut seen = HashSet::new();
    findings.retain(|f| seen.insert((f.check, f.op)));
    Summary {
        findings,
        per_lane: m.per_lane,
        undefined,
        size_bits,
        composite_bits,
        result_aspace,
        result_address,
        uses_registers: m.uses_registers,
        xderef_address: m.xderef_address,
        result_register,
    }
}

enum Next {
    Continue,
    Jump(usize),
    Fork(usize),
    /// Continue with the current stack, and also with these (a call's other outcomes).
    Also(Vec<Vec<Entry>>),
}

impl<'e, E: Env + ?Sized> Machine<'e, E> {
    /// A register as users know it ([`Target::register_label`]).
    fn reg_name(&self, reg: u64) -> String {
        match self.env.target() {
            Some(t) => t.register_label(reg),
            None => format!("DWARF {reg}"),
        }
    }

    /// The bits of storage a register location of `reg` has: the register's width, or
    /// one lane's dword for a bare vector register read by upstream LLVM's convention
    /// (past it the next lane's bits begin). `None` when the target does not know it.
    fn storage_bits(&self, reg: u64) -> Option<u32> {
        let target = self.env.target()?;
        let bits = target.register_bits(reg).ok()?;
        if self.env.vector_registers_are_lane_dwords() && target.is_vector_register(reg) {
            return Some(crate::var::rewrite::LANE_DWORD_BITS);
        }
        Some(bits)
    }

    fn storage_name(&self, reg: u64) -> String {
        storage_name(
            self.env.target(),
            reg,
            self.env.vector_registers_are_lane_dwords(),
        )
    }

    /// Follows every path from `initial`; `finish` is called at each end.
    fn explore(&mut self, initial: Vec<Entry>) {
        let expr = self.expr;
        let has_branches = expr
            .ops()
            .iter()
            .any(|op| matches!(op, Op::Skip(_) | Op::Bra(_)));
        self.straight &= !has_branches;
        let has_conditional = expr.ops().iter().any(|op| matches!(op, Op::Bra(_)));
        let mut visited: HashSet<(usize, Vec<Entry>)> = HashSet::new();
        let mut visits: Vec<u32> = if has_branches {
            vec![0; expr.ops().len() + 1]
        } else {
            Vec::new()
        };
        let mut work: Vec<(usize, Vec<Entry>)> = vec![(0, initial)];
        let mut states = 0usize;
        while let Some((mut pc, mut stack)) = work.pop() {
            loop {
                states += 1;
                self.executed = self.executed.saturating_add(1);
                let steps = self.shared.steps.get() + 1;
                self.shared.steps.set(steps);
                if states > MAX_STATES * 4 || steps > MAX_STEPS {
                    self.shared.exhausted.set(true);
                    return;
                }
                if has_branches {
                    if visited.len() >= MAX_STATES {
                        self.shared.exhausted.set(true);
                        break;
                    }
                    // Widening: after a few visits of one operation, forget the constants
                    // so that a counting loop reaches a fixed point.
                    if let Some(v) = visits.get_mut(pc) {
                        *v += 1;
                        if *v > 8 {
                            for e in &mut stack {
                                if let Entry::Val { konst, .. } = e {
                                    *konst = None;
                                }
                            }
                        }
                    }
                    if !visited.insert((pc, stack.clone())) {
                        // The same operation on the same stack of known values with no
                        // conditional branch (so every path explored is the one path a
                        // concrete evaluation takes): it comes back here forever.
                        if !has_conditional
                            && visits.get(pc).is_some_and(|&v| v <= 8)
                            && stack.iter().all(Entry::is_known)
                        {
                            self.report(
                                pc,
                                checks::EVALUATION_NEVER_ENDS,
                                "the evaluation returns to this operation with the same stack: it never ends".into(),
                            );
                        }
                        break;
                    }
                }
                if pc >= expr.ops().len() {
                    self.finish(&stack);
                    break;
                }
                match self.step(pc, &mut stack) {
                    Ok(Next::Continue) => pc += 1,
                    Ok(Next::Jump(t)) => pc = t,
                    Ok(Next::Fork(t)) => {
                        work.push((t, stack.clone()));
                        pc += 1;
                    }
                    Ok(Next::Also(others)) => {
                        work.extend(others.into_iter().map(|s| (pc + 1, s)));
                        pc += 1;
                    }
                    Err(Stop) => break,
                }
            }
        }
    }

    /// Runs a called expression on `stack` and returns the stacks it can end with; its
    /// findings are reported at the call operation `at`.
    fn run_callee(
        &mut self,
        at: usize,
        key: u64,
        callee: &Expr,
        stack: Vec<Entry>,
    ) -> Vec<Vec<Entry>> {
        let memo_key = (key, stack);
        let cached = self.shared.memo.borrow().get(&memo_key).cloned();
        let result = match cached {
            Some(r) => r,
            None => {
                let mut calls = self.calls.clone();
                calls.push(key);
                let mut sub = Machine {
                    expr: callee,
                    env: self.env,
                    mode: Mode::Unspecified,
                    findings: Vec::new(),
                    per_lane: false,
                    uses_registers: false,
                    xderef_address: None,
                    results: Vec::new(),
                    depth: self.depth + 1,
                    ends: Some(Vec::new()),
                    shared: self.shared,
                    calls,
                    executed: 0,
                    straight: true,
                };
                sub.explore(memo_key.1.clone());
                let r = CalleeResult {
                    ends: sub.ends.unwrap_or_default(),
                    findings: sub.findings,
                    per_lane: sub.per_lane,
                    uses_registers: sub.uses_registers,
                    executed: sub.executed,
                    straight: sub.straight,
                };
                self.shared.memo.borrow_mut().insert(memo_key, r.clone());
                r
            }
        };
        self.per_lane |= result.per_lane;
        self.uses_registers |= result.uses_registers;
        self.executed = self.executed.saturating_add(result.executed);
        self.straight &= result.straight;
        for f in result.findings {
            self.findings.push(Raw {
                op: at,
                message: format!("in the called expression: {}", f.message),
                ..f
            });
        }
        result.ends
    }
}

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
}

/// Where a value came from (for the producer-bug detectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Origin {
    /// A literal or constant computed from literals.
    Const,
    /// `DW_OP_breg*` / `bregx` of a register with displacement 0: the register's value.
    RegValue,
    /// Arithmetic on register values and constants.
    Computed,
    /// An address derived from the frame base, `DW_OP_addr*`, the CFA or a location.
    Address,
    /// Read from memory or anything else.
    Other,
    /// Loaded by an `xderef` whose address operand was a register value or constant: if
    /// the result is then used as the variable's value, the load is the clang bug.
    SuspectLoad(u32),
}

/// A value's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ty {
    Generic,
    Base(BaseType),
}

impl Ty {
    fn bits(self) -> u32 {
        match self {
            Ty::Generic => 64,
            Ty::Base(b) => b.bits,
        }
    }
}

/// A location description's storage, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Loc {
    /// Memory in an address space (None: unknown), at a constant byte address if known.
    Mem {
        aspace: Option<u64>,
        addr: Option<u64>,
    },
    /// A register, at a known bit offset (None: unknown offset).
    Reg { reg: u64, bit_off: Option<u64> },
    /// Implicit storage of `bits` bits holding a known constant (`stack_value`).
    Implicit { bits: u64, konst: Option<u64> },
    /// Undefined storage.
    Undefined,
    /// A complete composite of `bits` bits (None: unknown).
    Composite { bits: Option<u64> },
    /// Implicit-pointer storage.
    ImplicitPointer,
    /// Anything (the object, the CFA, `call_frame_entry_reg`, after a call).
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Entry {
    Val {
        ty: Ty,
        origin: Origin,
        konst: Option<u64>,
    },
    Loc(Loc),
    /// An incomplete composite with `bits` bits so far.
    Incomplete {
        bits: u64,
    },
}

impl Entry {
    /// Whether the entry stands for one concrete value or location (so two equal stacks
    /// of known entries are the same concrete state).
    fn is_known(&self) -> bool {
        match self {
            Entry::Val { konst, .. } => konst.is_some(),
            Entry::Loc(Loc::Mem { aspace, addr }) => aspace.is_some() && addr.is_some(),
            Entry::Loc(Loc::Reg { bit_off, .. }) => bit_off.is_some(),
            Entry::Loc(Loc::Implicit { konst, .. }) => konst.is_some(),
            Entry::Loc(Loc::Undefined) => true,
            Entry::Loc(Loc::Composite { .. } | Loc::ImplicitPointer | Loc::Any) => false,
            Entry::Incomplete { .. } => false,
        }
    }
}

const GENERIC_OTHER: Entry = Entry::Val {
    ty: Ty::Generic,
    origin: Origin::Other,
    konst: None,
};

fn konst(v: u64) -> Entry {
    Entry::Val {
        ty: Ty::Generic,
        origin: Origin::Const,
        konst: Some(v),
    }
}

/// The AMDGPU/DWARF base-type encodings that are integral.
fn integral(enc: u8) -> bool {
    // DW_ATE_boolean 2, signed 5, signed_char 6, unsigned 7, unsigned_char 8, UTF 0x10,
    // vendor range 0x80..=0xff; DW_ATE_address 1 accepted (left open by the spec).
    matches!(enc, 1 | 2 | 5 | 6 | 7 | 8 | 0x10) || enc >= 0x80
}

fn is_float(enc: u8) -> bool {
    // DW_ATE_complex_float 3, float 4, imaginary_float 9, decimal_float 0x0f
    matches!(enc, 3 | 4 | 9 | 0x0f)
}

/// Whether a DWARF register number is an AMDGPU vector register (VGPR or AGPR).
pub fn is_vector_register(reg: u64) -> bool {
    (1536..2304).contains(&reg) || (2560..3328).contains(&reg) || (3584..4096).contains(&reg)
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
    let agree = |f: fn(&PathEnd) -> Option<u64>| {
        let first = m.results.first().and_then(f)?;
        m.results
            .iter()
            .all(|r| f(r) == Some(first))
            .then_some(first)
    };
    let size_bits = agree(|r| r.size_bits);
    let composite_bits = size_bits.filter(|_| m.results.iter().all(|r| r.composite));
    let result_aspace = agree(|r| r.aspace);
    let result_address = agree(|r| r.addr);
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

    fn report(&mut self, op: usize, check: &'static str, message: String) {
        let severity = checks::severity(check);
        self.findings.push(Raw {
            check,
            severity,
            op,
            message,
        });
    }

    fn pop(&mut self, op: usize, stack: &mut Vec<Entry>, what: &str) -> Result<Entry, Stop> {
        match stack.pop() {
            Some(e) => Ok(e),
            None => {
                self.report(
                    op,
                    checks::STACK_UNDERFLOW,
                    format!("{what} needs an entry but the stack is empty"),
                );
                Err(Stop)
            }
        }
    }

    /// Pops a value (a generic-typed value, or a default-aspace memory location converted).
    fn pop_value(&mut self, op: usize, stack: &mut Vec<Entry>, what: &str) -> Result<Entry, Stop> {
        let e = self.pop(op, stack, what)?;
        match e {
            Entry::Val { .. } => Ok(e),
            Entry::Loc(Loc::Mem {
                aspace: Some(0),
                addr,
            }) => Ok(Entry::Val {
                ty: Ty::Generic,
                origin: Origin::Address,
                konst: addr,
            }),
            Entry::Loc(Loc::Mem { aspace: None, .. }) | Entry::Loc(Loc::Any) => Ok(Entry::Val {
                ty: Ty::Generic,
                origin: Origin::Address,
                konst: None,
            }),
            Entry::Incomplete { .. } => {
                self.report(
                    op,
                    checks::INCOMPLETE_COMPOSITE_MISUSE,
                    format!("{what} pops an incomplete composite location"),
                );
                Err(Stop)
            }
            Entry::Loc(l) => {
                self.report(
                    op,
                    checks::KIND_MISMATCH,
                    format!(
                        "{what} needs a value but finds a {} location, which does not convert to a value",
                        loc_name(l)
                    ),
                );
                Err(Stop)
            }
        }
    }

    /// Pops an integral value (for address spaces, offsets, masks).
    fn pop_int(&mut self, op: usize, stack: &mut Vec<Entry>, what: &str) -> Result<Entry, Stop> {
        let e = self.pop_value(op, stack, what)?;
        if let Entry::Val {
            ty: Ty::Base(b), ..
        } = e
            && !integral(b.encoding)
        {
            self.report(
                op,
                checks::TYPE_MISMATCH,
                format!(
                    "{what} needs an integral value, not one of encoding {:#x}",
                    b.encoding
                ),
            );
        }
        Ok(e)
    }

    /// Pops a location (a generic value converts to default-aspace memory).
    fn pop_loc(&mut self, op: usize, stack: &mut Vec<Entry>, what: &str) -> Result<Loc, Stop> {
        let e = self.pop(op, stack, what)?;
        match e {
            Entry::Loc(l) => Ok(l),
            Entry::Val {
                ty: Ty::Generic,
                konst,
                ..
            } => Ok(Loc::Mem {
                aspace: Some(0),
                addr: konst,
            }),
            Entry::Val {
                ty: Ty::Base(b), ..
            } => {
                self.report(
                    op,
                    checks::KIND_MISMATCH,
                    format!(
                        "{what} needs a location but finds a value of a {}-bit base type; only generic values convert to locations",
                        b.bits
                    ),
                );
                Err(Stop)
            }
            Entry::Incomplete { .. } => {
                self.report(
                    op,
                    checks::INCOMPLETE_COMPOSITE_MISUSE,
                    format!("{what} pops an incomplete composite location"),
                );
                Err(Stop)
            }
        }
    }

    fn forbid_cfi(&mut self, op: usize, name: &str) {
        if self.mode.is_cfi() {
            self.report(
                op,
                checks::OP_FORBIDDEN_IN_CFI,
                format!("{name} is not allowed in a CFI expression"),
            );
        }
    }

    fn base_type(&mut self, op: usize, offset: u64, what: &str) -> Option<BaseType> {
        if offset == 0 {
            return None;
        }
        match self.env.base_type(offset) {
            TypeLookup::Base(b) => Some(b),
            TypeLookup::NotBase(tag) => {
                self.report(
                    op,
                    checks::NOT_A_BASE_TYPE,
                    format!(
                        "{what} refers to the DIE at unit offset {offset:#x} (tag {tag:#x}), not a DW_TAG_base_type"
                    ),
                );
                None
            }
            TypeLookup::Missing => {
                self.report(
                    op,
                    checks::NOT_A_BASE_TYPE,
                    format!("{what} refers to unit offset {offset:#x}, where no DIE starts"),
                );
                None
            }
        }
    }

    /// Register number checks; returns the register width when the target knows it.
    fn register(&mut self, op: usize, reg: u64) -> Option<u32> {
        self.uses_registers = true;
        if is_vector_register(reg) {
            self.per_lane = true;
        }
        let target = self.env.target()?;
        match target.register_bits(reg) {
            Ok(bits) => Some(bits),
            Err(_) => {
                let lanes = target.lanes();
                let hint = if lanes == 64 && (1536..2304).contains(&reg) {
                    " (a wave32 vector register number in a wave64 function)"
                } else if lanes == 32 && (2560..3328).contains(&reg) {
                    " (a wave64 vector register number in a wave32 function)"
                } else {
                    ""
                };
                self.report(
                    op,
                    checks::UNMAPPED_REGISTER,
                    format!(
                        "DWARF register {reg} is not mapped for {} (wave{lanes}){hint}",
                        target.name()
                    ),
                );
                None
            }
        }
    }

    fn aspace(&mut self, op: usize, aspace: Option<u64>) -> Option<u8> {
        let (Some(a), Some(target)) = (aspace, self.env.target()) else {
            return None;
        };
        match target.address_space(a) {
            Some(s) => Some(s.address_bits),
            None => {
                self.report(
                    op,
                    checks::UNDEFINED_ADDRESS_SPACE,
                    format!("address space {a} is not defined for {}", target.name()),
                );
                None
            }
        }
    }

    fn push(&mut self, op: usize, stack: &mut Vec<Entry>, e: Entry) -> Result<(), Stop> {
        if stack.len() >= MAX_DEPTH {
            // Straight-line code this deep is legal but unheard of; in a loop it grows
            // the stack without bound. Either way the path is not followed further.
            let (check, why) = if self
                .expr
                .ops()
                .iter()
                .any(|o| matches!(o, Op::Skip(_) | Op::Bra(_)))
            {
                (
                    checks::STACK_UNBOUNDED,
                    format!(
                        "the stack grows past {MAX_DEPTH} entries in a loop: it grows without bound"
                    ),
                )
            } else {
                (
                    checks::ANALYSIS_INCOMPLETE,
                    format!(
                        "not verified past this operation: the stack holds more than {MAX_DEPTH} entries"
                    ),
                )
            };
            self.report(op, check, why);
            return Err(Stop);
        }
        stack.push(e);
        Ok(())
    }

    fn check_no_incomplete(
        &mut self,
        op: usize,
        stack: &[Entry],
        depth: usize,
        what: &str,
    ) -> Result<(), Stop> {
        if stack.len() < depth {
            self.report(
                op,
                checks::STACK_UNDERFLOW,
                format!(
                    "{what} needs {depth} stack entries, the stack has {}",
                    stack.len()
                ),
            );
            return Err(Stop);
        }
        if stack[stack.len() - depth..]
            .iter()
            .any(|e| matches!(e, Entry::Incomplete { .. }))
        {
            self.report(
                op,
                checks::INCOMPLETE_COMPOSITE_MISUSE,
                format!("{what} touches an incomplete composite location"),
            );
            return Err(Stop);
        }
        Ok(())
    }

    fn binary(&mut self, i: usize, stack: &mut Vec<Entry>, op: &Op) -> Result<(), Stop> {
        let name = op_name(op);
        let b = self.pop_value(i, stack, name)?;
        let a = self.pop_value(i, stack, name)?;
        let (
            Entry::Val {
                ty: ta,
                origin: oa,
                konst: ka,
            },
            Entry::Val {
                ty: tb,
                origin: ob,
                konst: kb,
            },
        ) = (a, b)
        else {
            return Err(Stop);
        };
        let shift = matches!(op, Op::Shl | Op::Shr | Op::Shra);
        if ta != tb && !shift {
            self.report(
                i,
                checks::TYPE_MISMATCH,
                format!(
                    "{name} on operands of different types ({}-bit and {}-bit)",
                    ta.bits(),
                    tb.bits()
                ),
            );
        }
        let compare = matches!(op, Op::Eq | Op::Ge | Op::Gt | Op::Le | Op::Lt | Op::Ne);
        let ty = if compare { Ty::Generic } else { ta };
        let origin = match (oa, ob) {
            (Origin::Const, Origin::Const) => Origin::Const,
            (Origin::Address, _) | (_, Origin::Address) => Origin::Address,
            (Origin::Const | Origin::RegValue | Origin::Computed, _)
                if matches!(ob, Origin::Const | Origin::RegValue | Origin::Computed) =>
            {
                Origin::Computed
            }
            _ => Origin::Other,
        };
        let konst = match (ka, kb, ty) {
            (Some(x), Some(y), Ty::Generic) => match op {
                Op::Plus => Some(x.wrapping_add(y)),
                Op::Minus => Some(x.wrapping_sub(y)),
                Op::Mul => Some(x.wrapping_mul(y)),
                Op::And => Some(x & y),
                Op::Or => Some(x | y),
                Op::Xor => Some(x ^ y),
                Op::Shl => Some(if y >= 64 { 0 } else { x << y }),
                Op::Shr => Some(if y >= 64 { 0 } else { x >> y }),
                _ => None,
            },
            _ => None,
        };
        if matches!(op, Op::Div | Op::Mod) && kb == Some(0) {
            self.report(
                i,
                checks::DIVISION_BY_ZERO,
                format!("{name} by the constant 0"),
            );
        }
        self.push(i, stack, Entry::Val { ty, origin, konst })
    }

    fn step(&mut self, i: usize, stack: &mut Vec<Entry>) -> Result<Next, Stop> {
        let op = &self.expr.ops()[i];
        match op {
            Op::Lit(n) => self.push(i, stack, konst(u64::from(*n)))?,
            Op::Const { value, .. } => self.push(i, stack, konst(*value))?,
            Op::Constu(v) => self.push(i, stack, konst(*v))?,
            Op::Consts(v) => self.push(i, stack, konst(*v as u64))?,
            Op::Addr(a) => self.push(
                i,
                stack,
                Entry::Loc(Loc::Mem {
                    aspace: Some(0),
                    addr: Some(*a),
                }),
            )?,
            Op::Addrx { .. } => {
                self.forbid_cfi(i, "DW_OP_addrx");
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Mem {
                        aspace: Some(0),
                        addr: None,
                    }),
                )?
            }
            Op::Constx { .. } => {
                self.forbid_cfi(i, "DW_OP_constx");
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty: Ty::Generic,
                        origin: Origin::Const,
                        konst: None,
                    },
                )?
            }
            Op::ConstType {
                base_type, bytes, ..
            } => {
                self.forbid_cfi(i, "DW_OP_const_type");
                let ty = match self.base_type(i, *base_type, "DW_OP_const_type") {
                    Some(b) => {
                        if u64::from(b.bits).div_ceil(8) != bytes.len() as u64 {
                            self.report(
                                i,
                                checks::TYPE_SIZE_MISMATCH,
                                format!(
                                    "DW_OP_const_type has {} literal bytes for a {}-bit type",
                                    bytes.len(),
                                    b.bits
                                ),
                            );
                        }
                        Ty::Base(b)
                    }
                    None => Ty::Generic,
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin: Origin::Const,
                        konst: None,
                    },
                )?
            }
            Op::Reg(r) => {
                self.register(i, u64::from(*r));
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Reg {
                        reg: u64::from(*r),
                        bit_off: Some(0),
                    }),
                )?
            }
            Op::Regx(r) => {
                self.register(i, *r);
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Reg {
                        reg: *r,
                        bit_off: Some(0),
                    }),
                )?
            }
            Op::Breg { reg, offset } => self.breg(i, stack, u64::from(*reg), *offset)?,
            Op::Bregx { reg, offset } => self.breg(i, stack, *reg, *offset)?,
            Op::Fbreg(_) => {
                self.forbid_cfi(i, "DW_OP_fbreg");
                if self.mode == Mode::FrameBase {
                    self.report(
                        i,
                        checks::FBREG_IN_FRAME_BASE,
                        "DW_OP_fbreg inside DW_AT_frame_base refers to itself".into(),
                    );
                } else if !self.mode.is_cfi() && !self.env.has_frame_base() {
                    self.report(
                        i,
                        checks::FBREG_WITHOUT_FRAME_BASE,
                        "DW_OP_fbreg, but the enclosing subprogram has no DW_AT_frame_base".into(),
                    );
                }
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty: Ty::Generic,
                        origin: Origin::Address,
                        konst: None,
                    },
                )?
            }
            Op::RegvalType { reg, base_type, .. } => {
                self.forbid_cfi(i, "DW_OP_regval_type");
                let rbits = self.register(i, *reg);
                let ty = match self.base_type(i, *base_type, "DW_OP_regval_type") {
                    Some(b) => {
                        if let Some(rb) = rbits
                            && b.bits > rb
                        {
                            self.report(
                                i,
                                checks::REGISTER_READ_TOO_WIDE,
                                format!(
                                    "DW_OP_regval_type reads {} bits from the {rb}-bit register {}",
                                    b.bits,
                                    self.reg_name(*reg)
                                ),
                            );
                        }
                        Ty::Base(b)
                    }
                    None => Ty::Generic,
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin: Origin::Other,
                        konst: None,
                    },
                )?
            }
            Op::Dup => {
                self.check_no_incomplete(i, stack, 1, "DW_OP_dup")?;
                let top = stack[stack.len() - 1];
                self.push(i, stack, top)?
            }
            Op::Drop => {
                self.check_no_incomplete(i, stack, 1, "DW_OP_drop")?;
                stack.pop();
            }
            Op::Over => {
                self.check_no_incomplete(i, stack, 2, "DW_OP_over")?;
                let e = stack[stack.len() - 2];
                self.push(i, stack, e)?
            }
            Op::Pick(n) => {
                let n = usize::from(*n);
                if stack.len() <= n {
                    self.report(
                        i,
                        checks::STACK_UNDERFLOW,
                        format!(
                            "DW_OP_pick {n} needs {} stack entries, the stack has {}",
                            n + 1,
                            stack.len()
                        ),
                    );
                    return Err(Stop);
                }
                let e = stack[stack.len() - 1 - n];
                if matches!(e, Entry::Incomplete { .. }) {
                    self.report(
                        i,
                        checks::INCOMPLETE_COMPOSITE_MISUSE,
                        "DW_OP_pick copies an incomplete composite location".into(),
                    );
                    return Err(Stop);
                }
                self.push(i, stack, e)?
            }
            Op::Swap => {
                self.check_no_incomplete(i, stack, 2, "DW_OP_swap")?;
                let n = stack.len();
                stack.swap(n - 1, n - 2);
            }
            Op::Rot => {
                self.check_no_incomplete(i, stack, 3, "DW_OP_rot")?;
                let n = stack.len();
                let top = stack[n - 1];
                stack[n - 1] = stack[n - 2];
                stack[n - 2] = stack[n - 3];
                stack[n - 3] = top;
            }
            Op::Deref => self.deref(i, stack, 8, "DW_OP_deref")?,
            Op::DerefSize(s) => {
                if *s == 0 || *s > 8 {
                    self.report(
                        i,
                        checks::DEREF_SIZE_OUT_OF_RANGE,
                        format!(
                            "DW_OP_deref_size {s}: the size must be 1..=8 (the generic type's size)"
                        ),
                    );
                }
                self.deref(i, stack, *s, "DW_OP_deref_size")?
            }
            Op::DerefType {
                size, base_type, ..
            } => {
                self.forbid_cfi(i, "DW_OP_deref_type");
                let b = self.base_type(i, *base_type, "DW_OP_deref_type");
                if let Some(b) = b
                    && u64::from(b.bits).div_ceil(8) != u64::from(*size)
                {
                    self.report(
                        i,
                        checks::TYPE_SIZE_MISMATCH,
                        format!(
                            "DW_OP_deref_type size {size} does not match the {}-bit type",
                            b.bits
                        ),
                    );
                }
                self.deref(i, stack, *size, "DW_OP_deref_type")?;
                if let (Some(b), Some(Entry::Val { ty, .. })) = (b, stack.last_mut()) {
                    *ty = Ty::Base(b);
                }
            }
            Op::Xderef => self.xderef(i, stack, 8, "DW_OP_xderef")?,
            Op::XderefSize(s) => self.xderef(i, stack, *s, "DW_OP_xderef_size")?,
            Op::XderefType { size, base_type } => {
                self.forbid_cfi(i, "DW_OP_xderef_type");
                let b = self.base_type(i, *base_type, "DW_OP_xderef_type");
                self.xderef(i, stack, *size, "DW_OP_xderef_type")?;
                if let (Some(b), Some(Entry::Val { ty, .. })) = (b, stack.last_mut()) {
                    *ty = Ty::Base(b);
                }
            }
            Op::PushObjectAddress => {
                self.forbid_cfi(i, "DW_OP_push_object_address");
                self.push(i, stack, Entry::Loc(Loc::Any))?
            }
            Op::FormTlsAddress | Op::GnuPushTlsAddress => {
                self.pop_int(i, stack, op_name(op))?;
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Mem {
                        aspace: None,
                        addr: None,
                    }),
                )?
            }
            Op::CallFrameCfa => {
                self.forbid_cfi(i, "DW_OP_call_frame_cfa");
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Mem {
                        aspace: None,
                        addr: None,
                    }),
                )?
            }
            Op::Abs | Op::Neg | Op::Not => {
                let v = self.pop_value(i, stack, op_name(op))?;
                let Entry::Val { ty, origin, .. } = v else {
                    return Err(Stop);
                };
                let origin = if origin == Origin::Const {
                    Origin::Const
                } else {
                    Origin::Computed
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin,
                        konst: None,
                    },
                )?
            }
            Op::And
            | Op::Div
            | Op::Minus
            | Op::Mod
            | Op::Mul
            | Op::Or
            | Op::Plus
            | Op::Shl
            | Op::Shr
            | Op::Shra
            | Op::Xor
            | Op::Eq
            | Op::Ge
            | Op::Gt
            | Op::Le
            | Op::Lt
            | Op::Ne => self.binary(i, stack, op)?,
            Op::PlusUconst(n) => {
                let v = self.pop_value(i, stack, "DW_OP_plus_uconst")?;
                let Entry::Val { ty, origin, konst } = v else {
                    return Err(Stop);
                };
                let origin = match origin {
                    Origin::RegValue | Origin::Computed => Origin::Computed,
                    o => o,
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin,
                        konst: konst.map(|k| k.wrapping_add(*n)),
                    },
                )?
            }
            Op::Convert { base_type, .. } | Op::Reinterpret { base_type, .. } => {
                let reinterpret = matches!(op, Op::Reinterpret { .. });
                let name = op_name(op);
                self.forbid_cfi(i, name);
                let v = self.pop_value(i, stack, name)?;
                let Entry::Val { ty: from, .. } = v else {
                    return Err(Stop);
                };
                let to = if *base_type == 0 {
                    Some(Ty::Generic)
                } else {
                    self.base_type(i, *base_type, name).map(Ty::Base)
                };
                if let Some(to) = to {
                    self.check_conversion(i, name, reinterpret, from, to);
                }
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty: to.unwrap_or(Ty::Generic),
                        origin: Origin::Other,
                        konst: None,
                    },
                )?
            }
            Op::Skip(_) => {
                let Some(t) = self.expr.branch_target(i) else {
                    self.report(
                        i,
                        checks::BRANCH_OFF_BOUNDARY,
                        "DW_OP_skip does not land on an operation boundary".into(),
                    );
                    return Err(Stop);
                };
                return Ok(Next::Jump(t));
            }
            Op::Bra(_) => {
                self.pop_value(i, stack, "DW_OP_bra")?;
                let Some(t) = self.expr.branch_target(i) else {
                    self.report(
                        i,
                        checks::BRANCH_OFF_BOUNDARY,
                        "DW_OP_bra does not land on an operation boundary".into(),
                    );
                    return Err(Stop);
                };
                return Ok(Next::Fork(t));
            }
            Op::Call2(_) | Op::Call4(_) | Op::CallRef(_) => {
                self.forbid_cfi(i, op_name(op));
                let key = match op {
                    Op::Call2(o) => u64::from(*o),
                    Op::Call4(o) => u64::from(*o),
                    Op::CallRef(o) => *o,
                    _ => 0,
                };
                let target = self.env.call(op);
                if matches!(target, CallTarget::Expr(_)) {
                    if self.calls.contains(&key) {
                        self.report(
                            i,
                            checks::CALL_RECURSION,
                            format!(
                                "{} re-enters DIE {key:#x}, which is already being evaluated (calls: {}): the evaluation never ends",
                                op_name(op),
                                self.calls.iter().map(|c| format!("{c:#x}")).collect::<Vec<_>>().join(" -> ")
                            ),
                        );
                        return Err(Stop);
                    }
                    if self.depth >= MAX_CALL_DEPTH {
                        self.report(
                            i,
                            checks::ANALYSIS_INCOMPLETE,
                            format!(
                                "not verified: {} nests more than {MAX_CALL_DEPTH} called expressions deep",
                                op_name(op)
                            ),
                        );
                        return Err(Stop);
                    }
                }
                match target {
                    CallTarget::Expr(bytes) => {
                        let callee = match Expr::decode(&bytes, self.expr.params()) {
                            Ok(c) => c,
                            Err(e) => {
                                self.report(
                                    i,
                                    checks::UNDECODABLE_EXPRESSION,
                                    format!("the called expression does not decode: {e}"),
                                );
                                return Err(Stop);
                            }
                        };
                        let mut ends = self.run_callee(i, key, &callee, std::mem::take(stack));
                        let Some(first) = ends.pop() else {
                            return Err(Stop);
                        };
                        *stack = first;
                        if !ends.is_empty() {
                            return Ok(Next::Also(ends));
                        }
                    }
                    CallTarget::List => self.push(i, stack, Entry::Loc(Loc::Any))?,
                    CallTarget::Const => self.push(
                        i,
                        stack,
                        Entry::Loc(Loc::Implicit {
                            bits: 64,
                            konst: None,
                        }),
                    )?,
                    CallTarget::Nothing => {}
                    // Not followed: the callee's effect on the stack is unknown.
                    CallTarget::Unknown => return Err(Stop),
                }
            }
            Op::Nop | Op::LlvmNop | Op::GnuUninit => {}
            Op::Piece(bytes) => self.piece(i, stack, bytes.saturating_mul(8), "DW_OP_piece")?,
            Op::BitPiece { size, .. } => self.piece(i, stack, *size, "DW_OP_bit_piece")?,
            Op::ImplicitValue(b) => self.push(
                i,
                stack,
                Entry::Loc(Loc::Implicit {
                    bits: b.len() as u64 * 8,
                    konst: None,
                }),
            )?,
            Op::StackValue => {
                let v = self.pop_value(i, stack, "DW_OP_stack_value")?;
                let Entry::Val { ty, origin, konst } = v else {
                    return Err(Stop);
                };
                if let Origin::SuspectLoad(at) = origin {
                    self.report(
                        at as usize,
                        checks::XDEREF_ON_REGISTER_VALUE,
                        "`DW_OP_xderef` loads from an address computed from register values or \
                         constants, and the loaded value is then used as the variable's value \
                         (`DW_OP_stack_value`): the value itself was meant, the address-space \
                         suffix `lit<N> swap xderef` is a producer bug"
                            .into(),
                    );
                }
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Implicit {
                        bits: u64::from(ty.bits()),
                        konst,
                    }),
                )?
            }
            Op::ImplicitPointer { .. } => {
                self.forbid_cfi(i, "DW_OP_implicit_pointer");
                self.push(i, stack, Entry::Loc(Loc::ImplicitPointer))?
            }
            Op::EntryValue { .. } => {
                self.forbid_cfi(i, "DW_OP_entry_value");
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::GnuParameterRef(_) | Op::GnuVariableValue(_) => {
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::LlvmFormAspaceAddress => {
                let asp = self.pop_int(i, stack, "DW_OP_LLVM_form_aspace_address")?;
                let a = self.pop_int(i, stack, "DW_OP_LLVM_form_aspace_address")?;
                let aspace = val_konst(asp);
                let bits = self.aspace(i, aspace);
                let addr = val_konst(a);
                if let (Some(bits), Some(addr)) = (bits, addr)
                    && bits < 64
                    && addr >> bits != 0
                {
                    self.report(
                        i,
                        checks::ADDRESS_OUT_OF_RANGE,
                        format!(
                            "address {addr:#x} does not fit the {bits}-bit address space {}",
                            aspace.unwrap_or(0)
                        ),
                    );
                }
                self.push(i, stack, Entry::Loc(Loc::Mem { aspace, addr }))?
            }
            Op::LlvmPushLane => {
                self.forbid_cfi(i, "DW_OP_LLVM_push_lane");
                self.per_lane = true;
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::LlvmPushIteration => {
                self.forbid_cfi(i, "DW_OP_LLVM_push_iteration");
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::LlvmOffset | Op::LlvmBitOffset => {
                let name = op_name(op);
                let b = self.pop_int(i, stack, name)?;
                let l = self.pop_loc(i, stack, name)?;
                let scale = if matches!(op, Op::LlvmOffset) { 8 } else { 1 };
                let l = offset_loc(l, val_konst(b).map(|k| k.wrapping_mul(scale)));
                self.push(i, stack, Entry::Loc(l))?
            }
            Op::LlvmOffsetUconst(n) => {
                let l = self.pop_loc(i, stack, "DW_OP_LLVM_offset_uconst")?;
                let l = offset_loc(l, Some(n.wrapping_mul(8)));
                self.push(i, stack, Entry::Loc(l))?
            }
            Op::LlvmCallFrameEntryReg(r) => {
                self.register(i, *r);
                self.push(i, stack, Entry::Loc(Loc::Any))?
            }
            Op::LlvmUndefined => self.push(i, stack, Entry::Loc(Loc::Undefined))?,
            Op::LlvmAspaceBregx { reg, .. } => {
                let asp = self.pop_int(i, stack, "DW_OP_LLVM_aspace_bregx")?;
                let rbits = self.register(i, *reg);
                let aspace = val_konst(asp);
                let abits = self.aspace(i, aspace);
                if let (Some(rb), Some(ab)) = (rbits, abits)
                    && rb < u32::from(ab)
                {
                    self.report(
                        i,
                        checks::BREG_NARROW_REGISTER,
                        format!(
                            "DW_OP_LLVM_aspace_bregx reads a {ab}-bit address from the {rb}-bit register {}",
                            self.reg_name(*reg)
                        ),
                    );
                }
                self.push(i, stack, Entry::Loc(Loc::Mem { aspace, addr: None }))?
            }
            Op::LlvmAspaceImplicitPointer { .. } => {
                self.forbid_cfi(i, "DW_OP_LLVM_aspace_implicit_pointer");
                let asp = self.pop_int(i, stack, "DW_OP_LLVM_aspace_implicit_pointer")?;
                self.aspace(i, val_konst(asp));
                self.push(i, stack, Entry::Loc(Loc::ImplicitPointer))?
            }
            Op::LlvmPieceEnd => match stack.pop() {
                Some(Entry::Incomplete { bits }) => {
                    self.push(i, stack, Entry::Loc(Loc::Composite { bits: Some(bits) }))?
                }
                other => {
                    let what = match other {
                        None => "the stack is empty".to_string(),
                        Some(Entry::Val { .. }) => "the top of the stack is a value".to_string(),
                        Some(Entry::Loc(l)) => format!(
                            "the top of the stack is a {} location, not an incomplete composite",
                            loc_name(l)
                        ),
                        Some(Entry::Incomplete { .. }) => unreachable!(),
                    };
                    self.report(
                        i,
                        checks::PIECE_END_WITHOUT_COMPOSITE,
                        format!("DW_OP_LLVM_piece_end without an incomplete composite: {what}"),
                    );
                    return Err(Stop);
                }
            },
            Op::LlvmExtend { bits, count } => {
                if *bits == 0 || *count == 0 {
                    self.report(
                        i,
                        checks::ZERO_SIZE_OR_COUNT,
                        format!(
                            "DW_OP_LLVM_extend {bits}, {count}: size and count must be non-zero"
                        ),
                    );
                }
                self.pop_loc(i, stack, "DW_OP_LLVM_extend")?;
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Composite {
                        bits: bits.checked_mul(*count),
                    }),
                )?
            }
            Op::LlvmSelectBitPiece { bits, count } => {
                if *bits == 0 || *count == 0 {
                    self.report(
                        i,
                        checks::ZERO_SIZE_OR_COUNT,
                        format!(
                            "DW_OP_LLVM_select_bit_piece {bits}, {count}: size and count must be non-zero"
                        ),
                    );
                }
                let mask = self.pop_int(i, stack, "DW_OP_LLVM_select_bit_piece")?;
                if let Entry::Val { ty, .. } = mask
                    && u64::from(ty.bits()) < *count
                {
                    self.report(
                        i,
                        checks::SELECT_MASK_TOO_NARROW,
                        format!(
                            "DW_OP_LLVM_select_bit_piece selects {count} elements with a {}-bit mask",
                            ty.bits()
                        ),
                    );
                }
                self.pop_loc(i, stack, "DW_OP_LLVM_select_bit_piece")?;
                self.pop_loc(i, stack, "DW_OP_LLVM_select_bit_piece")?;
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Composite {
                        bits: bits.checked_mul(*count),
                    }),
                )?
            }
            Op::LlvmOverlay | Op::LlvmBitOverlay => {
                let name = op_name(op);
                self.pop_int(i, stack, name)?;
                self.pop_int(i, stack, name)?;
                self.pop_loc(i, stack, name)?;
                self.pop_loc(i, stack, name)?;
                self.push(i, stack, Entry::Loc(Loc::Composite { bits: None }))?
            }
        }
        Ok(Next::Continue)
    }

    fn check_conversion(&mut self, i: usize, name: &str, reinterpret: bool, from: Ty, to: Ty) {
        if reinterpret {
            if from.bits() != to.bits() {
                self.report(
                    i,
                    checks::INVALID_CONVERSION,
                    format!(
                        "{name} between types of different sizes ({} and {} bits)",
                        from.bits(),
                        to.bits()
                    ),
                );
            }
            return;
        }
        let enc = |t: Ty| match t {
            Ty::Generic => 7u8,
            Ty::Base(b) => b.encoding,
        };
        let (fe, te) = (enc(from), enc(to));
        let addr_float = (fe == 1 && is_float(te)) || (is_float(fe) && te == 1);
        let supported = |e: u8| integral(e) || is_float(e);
        if addr_float || !supported(fe) || !supported(te) {
            self.report(
                i,
                checks::INVALID_CONVERSION,
                format!("{name} from encoding {fe:#x} to encoding {te:#x} is not a conversion DWARF defines"),
            );
        }
    }

    fn breg(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        reg: u64,
        offset: i64,
    ) -> Result<(), Stop> {
        let bits = self.register(i, reg);
        if let (Some(bits), Some(target)) = (bits, self.env.target()) {
            let need = u32::from(target.default_address_bits());
            if bits < need {
                self.report(
                    i,
                    checks::BREG_NARROW_REGISTER,
                    format!(
                        "DW_OP_breg reads a {need}-bit address from the {bits}-bit register {} (an evaluation error by the specification)",
                        self.reg_name(reg)
                    ),
                );
            }
        }
        let origin = if offset == 0 {
            Origin::RegValue
        } else {
            Origin::Address
        };
        self.push(
            i,
            stack,
            Entry::Val {
                ty: Ty::Generic,
                origin,
                konst: None,
            },
        )
    }

    fn deref(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        size: u8,
        name: &str,
    ) -> Result<(), Stop> {
        let l = self.pop_loc(i, stack, name)?;
        let mut k = None;
        match l {
            Loc::Reg {
                reg,
                bit_off: Some(off),
            } => {
                if let Some(Ok(rbits)) = self.env.target().map(|t| t.register_bits(reg))
                    && off + u64::from(size) * 8 > u64::from(rbits)
                {
                    self.report(
                        i,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "{name} reads {} bits at bit offset {off} of the {rbits}-bit register {}",
                            u64::from(size) * 8,
                            self.reg_name(reg)
                        ),
                    );
                }
            }
            Loc::Implicit { bits, konst } => {
                if u64::from(size) * 8 > bits {
                    self.report(
                        i,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "{name} reads {} bits from {bits}-bit implicit storage",
                            u64::from(size) * 8
                        ),
                    );
                }
                k = konst.map(|v| {
                    if size >= 8 {
                        v
                    } else {
                        v & ((1u64 << (u32::from(size) * 8)) - 1)
                    }
                });
            }
            Loc::Undefined => {
                self.report(
                    i,
                    checks::READ_OF_UNDEFINED,
                    format!("{name} reads from an undefined location"),
                );
            }
            _ => {}
        }
        let origin = if k.is_some() {
            Origin::Const
        } else {
            Origin::Other
        };
        self.push(
            i,
            stack,
            Entry::Val {
                ty: Ty::Generic,
                origin,
                konst: k,
            },
        )
    }

    fn xderef(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        size: u8,
        name: &str,
    ) -> Result<(), Stop> {
        let a = self.pop_int(i, stack, name)?;
        let asp = self.pop_int(i, stack, name)?;
        self.aspace(i, val_konst(asp));
        if let Some(k) = val_konst(a) {
            self.xderef_address = Some(k);
        }
        let origin = match a {
            Entry::Val {
                origin: Origin::RegValue,
                ..
            } => {
                self.report(
                    i,
                    checks::XDEREF_ON_REGISTER_VALUE,
                    format!(
                        "{name} treats the value of a register (`DW_OP_breg*` with displacement 0) \
                         as an address in address space {}: the variable's value is the register \
                         itself, and the `lit<N> swap xderef` suffix is a producer bug (clang \
                         appends it to register-promoted values)",
                        val_konst(asp).map_or("?".to_string(), |k| k.to_string())
                    ),
                );
                Origin::Other
            }
            Entry::Val {
                origin: Origin::Const | Origin::Computed,
                ..
            } => Origin::SuspectLoad(i as u32),
            _ => Origin::Other,
        };
        let _ = size;
        self.push(
            i,
            stack,
            Entry::Val {
                ty: Ty::Generic,
                origin,
                konst: None,
            },
        )
    }

    fn piece(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        bits: u64,
        name: &str,
    ) -> Result<(), Stop> {
        match stack.last().copied() {
            None => self.push(i, stack, Entry::Incomplete { bits })?,
            Some(Entry::Incomplete { bits: b }) => {
                stack.pop();
                self.push(
                    i,
                    stack,
                    Entry::Incomplete {
                        bits: b.saturating_add(bits),
                    },
                )?
            }
            Some(_) => {
                let part = self.pop_loc(i, stack, name)?;
                if let Loc::Reg {
                    reg,
                    bit_off: Some(off),
                } = part
                    && let Some(Ok(rbits)) = self.env.target().map(|t| t.register_bits(reg))
                    && off + bits > u64::from(rbits)
                {
                    self.report(
                        i,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "{name} takes {bits} bits at bit offset {off} of the {rbits}-bit register {}",
                            self.reg_name(reg)
                        ),
                    );
                }
                match stack.last().copied() {
                    Some(Entry::Incomplete { bits: b }) => {
                        stack.pop();
                        self.push(
                            i,
                            stack,
                            Entry::Incomplete {
                                bits: b.saturating_add(bits),
                            },
                        )?
                    }
                    _ => self.push(i, stack, Entry::Incomplete { bits })?,
                }
            }
        }
        Ok(())
    }

    fn finish(&mut self, stack: &[Entry]) {
        if let Some(ends) = &mut self.ends {
            if ends.len() < MAX_STATES && !ends.iter().any(|e| e == stack) {
                ends.push(stack.to_vec());
            }
            return;
        }
        let end = self.expr.ops().len();
        let top = stack.last().copied();
        let mut res = PathEnd {
            undefined: false,
            composite: false,
            size_bits: None,
            aspace: None,
            addr: None,
        };
        match self.mode {
            Mode::Location | Mode::FrameBase | Mode::Member | Mode::CfiExpression => match top {
                None => res.undefined = true,
                Some(Entry::Incomplete { bits }) => {
                    res.size_bits = Some(bits);
                    res.composite = true;
                }
                Some(Entry::Val {
                    ty: Ty::Generic,
                    konst,
                    ..
                }) => {
                    res.aspace = Some(0);
                    res.addr = konst;
                }
                Some(Entry::Val {
                    ty: Ty::Base(b), ..
                }) => self.report(
                    end,
                    checks::KIND_MISMATCH,
                    format!(
                        "the expression ends with a value of a {}-bit base type where a location is required (missing DW_OP_stack_value?)",
                        b.bits
                    ),
                ),
                Some(Entry::Loc(l)) => match l {
                    Loc::Undefined => res.undefined = true,
                    Loc::Mem { aspace, addr } => {
                        res.aspace = aspace;
                        res.addr = addr;
                    }
                    Loc::Implicit { bits, .. } => res.size_bits = Some(bits),
                    Loc::Composite { bits } => res.size_bits = bits,
                    _ => {}
                },
            },
            Mode::Value | Mode::CfiValExpression => match top {
                None => self.report(
                    end,
                    checks::STACK_UNDERFLOW,
                    "the expression must produce a value but leaves the stack empty".into(),
                ),
                Some(Entry::Val { .. })
                | Some(Entry::Loc(Loc::Mem {
                    aspace: Some(0) | None,
                    ..
                }))
                | Some(Entry::Loc(Loc::Any)) => {}
                Some(e) => self.report(
                    end,
                    checks::KIND_MISMATCH,
                    format!(
                        "the expression must produce a value but ends with {}",
                        entry_name(e)
                    ),
                ),
            },
            Mode::CfiCfa => match top {
                Some(Entry::Loc(Loc::Mem { .. }))
                | Some(Entry::Val {
                    ty: Ty::Generic, ..
                })
                | Some(Entry::Loc(Loc::Any)) => {}
                None => self.report(
                    end,
                    checks::CFA_NOT_MEMORY,
                    "DW_CFA_def_cfa_expression leaves the stack empty: the CFA must be a memory byte address".into(),
                ),
                Some(e) => self.report(
                    end,
                    checks::CFA_NOT_MEMORY,
                    format!(
                        "DW_CFA_def_cfa_expression ends with {}: the CFA must be a memory byte address",
                        entry_name(e)
                    ),
                ),
            },
            Mode::Unspecified => match top {
                None => res.undefined = true,
                Some(Entry::Loc(Loc::Undefined)) => res.undefined = true,
                _ => {}
            },
        }
        if self.mode == Mode::FrameBase
            && let Some(
                e @ (Entry::Incomplete { .. }
                | Entry::Loc(Loc::Composite { .. })
                | Entry::Loc(Loc::Implicit { .. })),
            ) = top
        {
            self.report(
                end,
                checks::FRAME_BASE_NOT_SINGLE_LOCATION,
                format!(
                    "DW_AT_frame_base must be a single register or memory location, not {}",
                    entry_name(e)
                ),
            );
        }
        if !self.results.contains(&res) {
            self.results.push(res);
        }
    }
}

fn val_konst(e: Entry) -> Option<u64> {
    match e {
        Entry::Val { konst, .. } => konst,
        _ => None,
    }
}

fn offset_loc(l: Loc, by_bits: Option<u64>) -> Loc {
    match l {
        Loc::Reg { reg, bit_off } => Loc::Reg {
            reg,
            bit_off: bit_off.zip(by_bits).map(|(a, b)| a.wrapping_add(b)),
        },
        Loc::Mem { aspace, addr } => Loc::Mem {
            aspace,
            addr: addr
                .zip(by_bits)
                .and_then(|(a, b)| (b % 8 == 0).then(|| a.wrapping_add(b / 8))),
        },
        other => other,
    }
}

fn loc_name(l: Loc) -> &'static str {
    match l {
        Loc::Mem { .. } => "memory",
        Loc::Reg { .. } => "register",
        Loc::Implicit { .. } => "implicit",
        Loc::Undefined => "undefined",
        Loc::Composite { .. } => "composite",
        Loc::ImplicitPointer => "implicit-pointer",
        Loc::Any => "unknown",
    }
}

fn entry_name(e: Entry) -> String {
    match e {
        Entry::Val { ty, .. } => format!("a {}-bit value", ty.bits()),
        Entry::Loc(l) => format!("a {} location", loc_name(l)),
        Entry::Incomplete { .. } => "an incomplete composite".into(),
    }
}

/// The `DW_OP_*` name of the operations whose names appear in messages.
fn op_name(op: &Op) -> &'static str {
    match op {
        Op::And => "DW_OP_and",
        Op::Div => "DW_OP_div",
        Op::Minus => "DW_OP_minus",
        Op::Mod => "DW_OP_mod",
        Op::Mul => "DW_OP_mul",
        Op::Or => "DW_OP_or",
        Op::Plus => "DW_OP_plus",
        Op::Shl => "DW_OP_shl",
        Op::Shr => "DW_OP_shr",
        Op::Shra => "DW_OP_shra",
        Op::Xor => "DW_OP_xor",
        Op::Eq => "DW_OP_eq",
        Op::Ge => "DW_OP_ge",
        Op::Gt => "DW_OP_gt",
        Op::Le => "DW_OP_le",
        Op::Lt => "DW_OP_lt",
        Op::Ne => "DW_OP_ne",
        Op::Abs => "DW_OP_abs",
        Op::Neg => "DW_OP_neg",
        Op::Not => "DW_OP_not",
        Op::Convert { .. } => "DW_OP_convert",
        Op::Reinterpret { .. } => "DW_OP_reinterpret",
        Op::Call2(_) => "DW_OP_call2",
        Op::Call4(_) => "DW_OP_call4",
        Op::CallRef(_) => "DW_OP_call_ref",
        Op::FormTlsAddress => "DW_OP_form_tls_address",
        Op::GnuPushTlsAddress => "DW_OP_GNU_push_tls_address",
        Op::LlvmOffset => "DW_OP_LLVM_offset",
        Op::LlvmBitOffset => "DW_OP_LLVM_bit_offset",
        Op::LlvmOverlay => "DW_OP_LLVM_overlay",
        Op::LlvmBitOverlay => "DW_OP_LLVM_bit_overlay",
        _ => "the operation",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{DecodeParams, Encoding};

    struct NoEnv;

    impl Env for NoEnv {
        fn base_type(&self, _: u64) -> TypeLookup {
            TypeLookup::Missing
        }
        fn target(&self) -> Option<&Target> {
            None
        }
        fn has_frame_base(&self) -> bool {
            true
        }
    }

    fn run(ops: Vec<Op>, mode: Mode) -> Summary {
        let e = Expr::from_ops(ops, DecodeParams::amdgpu(Encoding::User)).expect("encode");
        analyse(&e, mode, &NoEnv)
    }

    fn checks_of(s: &Summary) -> Vec<&'static str> {
        s.findings.iter().map(|f| f.check).collect()
    }

    #[test]
    fn every_branch_path_is_followed() {
        // lit0; bra +1 (over `drop`); drop; plus: `bra` pops the only entry, so the
        // fall-through path underflows at `drop` and the taken path at `plus`; both are
        // reported.
        let s = run(
            vec![Op::Lit(0), Op::Bra(1), Op::Drop, Op::Plus],
            Mode::Location,
        );
        let ops: Vec<usize> = s.findings.iter().map(|f| f.op).collect();
        assert_eq!(checks_of(&s), [checks::STACK_UNDERFLOW; 2]);
        assert!(ops.contains(&2) && ops.contains(&3), "{ops:?}");
    }

    #[test]
    fn loops_terminate() {
        // lit0; L: lit1; plus; dup; lit5; lt; bra L; stack_value
        let s = run(
            vec![
                Op::Lit(0),
                Op::Lit(1),
                Op::Plus,
                Op::Dup,
                Op::Lit(5),
                Op::Lt,
                Op::Bra(-6),
                Op::StackValue,
            ],
            Mode::Location,
        );
        assert!(s.findings.is_empty(), "{:?}", s.findings);
        assert_eq!(s.size_bits, Some(64));
    }

    #[test]
    fn cfi_mode_forbids_lane_and_frame_ops() {
        let s = run(
            vec![Op::LlvmPushLane, Op::Drop, Op::CallFrameCfa],
            Mode::CfiExpression,
        );
        assert_eq!(checks_of(&s), [checks::OP_FORBIDDEN_IN_CFI; 2]);
        // The same ops are fine in a DIE location.
        let s = run(
            vec![Op::LlvmPushLane, Op::Drop, Op::CallFrameCfa],
            Mode::Location,
        );
        assert!(s.findings.is_empty());
    }

    #[test]
    fn initial_stacks_follow_the_attribute() {
        // DW_AT_data_member_location: [containing object] is on the stack.
        let s = run(vec![Op::LlvmOffsetUconst(8)], Mode::Member);
        assert!(s.findings.is_empty());
        let s = run(vec![Op::LlvmOffsetUconst(8)], Mode::Location);
        assert_eq!(checks_of(&s), [checks::STACK_UNDERFLOW]);
    }

    #[test]
    fn summaries() {
        let s = run(vec![Op::LlvmUndefined], Mode::Location);
        assert!(s.undefined);
        let s = run(vec![], Mode::Location);
        assert!(s.undefined);
        let s = run(
            vec![
                Op::Regx(2561),
                Op::LlvmPushLane,
                Op::Lit(4),
                Op::Mul,
                Op::LlvmOffset,
            ],
            Mode::Location,
        );
        assert!(s.per_lane && !s.undefined);
        let s = run(
            vec![Op::Constu(16), Op::Lit(3), Op::LlvmFormAspaceAddress],
            Mode::Location,
        );
        assert_eq!((s.result_aspace, s.result_address), (Some(3), Some(16)));
        let s = run(
            vec![Op::Regx(40), Op::Piece(4), Op::Regx(41), Op::Piece(4)],
            Mode::Location,
        );
        assert_eq!(s.size_bits, Some(64));
    }
}

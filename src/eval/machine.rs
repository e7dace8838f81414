//! The interpreter: executes decoded operations on a stack of values and location
//! descriptions with the semantics of the heterogeneous-debugging extension (DWARF 5
//! operations as the extension redefines them, plus every `DW_OP_LLVM_*` operation).
//!
//! An [`Evaluator`] owns its stack and reuses it across evaluations. Implicit conversions
//! between generic values and default-address-space memory locations happen only where an
//! operation or the requested [`ResultKind`] needs the other kind. Every loop is bounded by
//! [`Limits`].

use std::sync::Arc;

use super::access;
use super::context::{Context, DieLocation};
use super::error::{Error, Limit, Result};
use super::location::{Composite, ImplicitPointer, LocDesc, Part, Storage, mask_bit};
use super::value::{BaseType, BinOp, Bytes, Compare, UnOp, Value, ate};
use crate::expr::op::{DieRef, Op};
use crate::expr::{DecodeParams, Expr};

/// A sequence of operations the evaluator can run: a decoded [`Expr`], or anything else
/// that can say where each operation is and where branches go.
pub trait Program: Send + Sync {
    /// The operations.
    fn ops(&self) -> &[Op];
    /// Byte offset of operation `i` (for error positions).
    fn op_offset(&self, i: usize) -> u64;
    /// For a `DW_OP_skip`/`DW_OP_bra` at `i`: the operation index it goes to (`ops().len()`
    /// = end); `None` if the target is not an operation boundary.
    fn branch_target(&self, i: usize) -> Option<usize>;
}

impl Program for Expr {
    #[inline]
    fn ops(&self) -> &[Op] {
        Expr::ops(self)
    }
    #[inline]
    fn op_offset(&self, i: usize) -> u64 {
        Expr::op_offset(self, i)
    }
    #[inline]
    fn branch_target(&self, i: usize) -> Option<usize> {
        Expr::branch_target(self, i)
    }
}

/// Operations without byte positions (offsets are operation indices; branches are
/// ill-formed). Useful for operations that have no encoding yet.
impl Program for [Op] {
    fn ops(&self) -> &[Op] {
        self
    }
    fn op_offset(&self, i: usize) -> u64 {
        i as u64
    }
    fn branch_target(&self, _i: usize) -> Option<usize> {
        None
    }
}

impl From<crate::expr::DecodeError> for Error {
    fn from(e: crate::expr::DecodeError) -> Self {
        super::error::ErrorDetail::Decode {
            reason: e.to_string().into(),
            at: super::error::At {
                op_index: None,
                op_offset: Some(e.offset()),
            },
        }
        .into()
    }
}

/// What follows an operation: the next operation index, or [`CALL`] when the callee in
/// `Evaluator::pending` must run first. (A plain `usize` so results return in registers.)
type Flow = usize;

/// The [`Flow`] that asks the run loop to enter `Evaluator::pending`.
const CALL: usize = usize::MAX;

/// A stack entry.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Entry {
    /// A typed value.
    Value(Value),
    /// A location description.
    Location(LocDesc),
    /// An implicit pointer value (the result of dereferencing implicit pointer storage).
    ImplicitPointer(ImplicitPointer),
}

impl Entry {
    /// The location, if this is one.
    pub fn into_location(self) -> Option<LocDesc> {
        match self {
            Entry::Location(l) => Some(l),
            _ => None,
        }
    }

    /// The value, if this is one.
    pub fn into_value(self) -> Option<Value> {
        match self {
            Entry::Value(v) => Some(v),
            _ => None,
        }
    }
}

impl std::fmt::Display for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entry::Value(v) => write!(f, "value {v}"),
            Entry::Location(l) => write!(f, "{l}"),
            Entry::ImplicitPointer(p) => {
                write!(f, "implicit pointer value <{:#x}>", p.die)?;
                if p.offset != 0 {
                    write!(f, "{:+}", p.offset)?;
                }
                Ok(())
            }
        }
    }
}

/// What the caller wants from an evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// A location description (empty stack = undefined location).
    Location,
    /// A value.
    Value,
    /// Whatever is on top (empty stack = undefined location).
    Unspecified,
}

/// Bounds on one evaluation (including nested ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Operations executed.
    pub max_steps: u64,
    /// Depth of `DW_OP_call*` callees running on the caller's stack (iterative).
    pub max_call_depth: u32,
    /// Depth of separate nested evaluations (location-list callees, implicit pointer
    /// targets); these recurse natively, so keep this small.
    pub max_nesting: u32,
    /// Parts per composite built by pieces.
    pub max_composite_parts: usize,
    /// Bytes of one implicit storage or constant.
    pub max_implicit_bytes: usize,
    /// Entries on the stack.
    pub max_stack: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 100_000,
            max_call_depth: 64,
            max_nesting: 16,
            max_composite_parts: 4096,
            max_implicit_bytes: 1 << 16,
            max_stack: 1024,
        }
    }
}

/// A reusable interpreter.
#[derive(Default)]
pub struct Evaluator {
    stack: Vec<Entry>,
    limits: Limits,
    steps: u64,
    depth: u32,
    nesting: u32,
    cfi: bool,
    pending: Option<Arc<dyn Program>>,
    /// Decoding buffer of [`evaluate_location_bytes`](Self::evaluate_location_bytes).
    decoded: Option<Box<Expr>>,
}

#[inline]
pub(super) fn generic_binop(op: &Op) -> Option<BinOp> {
    Some(match op {
        Op::Plus => BinOp::Add,
        Op::Minus => BinOp::Sub,
        Op::Mul => BinOp::Mul,
        Op::And => BinOp::And,
        Op::Or => BinOp::Or,
        Op::Xor => BinOp::Xor,
        Op::Shl => BinOp::Shl,
        Op::Shr => BinOp::Shr,
        Op::Shra => BinOp::Shra,
        Op::Div => BinOp::Div,
        Op::Mod => BinOp::Mod,
        _ => return None,
    })
}

/// `Value::binary` for two 64-bit generic values (same semantics, no type plumbing).
#[inline]
pub(super) fn generic_binop_u64(op: BinOp, a: u64, b: u64) -> Result<u64> {
    Ok(match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl => a
            .checked_shl(u32::try_from(b).unwrap_or(u32::MAX))
            .unwrap_or(0),
        BinOp::Shr => a
            .checked_shr(u32::try_from(b).unwrap_or(u32::MAX))
            .unwrap_or(0),
        BinOp::Shra => (a as i64 >> b.min(63)) as u64,
        BinOp::Div | BinOp::Mod if b == 0 => {
            return Err(Error::evaluation("division by zero"));
        }
        BinOp::Div => (a as i64).wrapping_div(b as i64) as u64,
        BinOp::Mod => a % b,
    })
}

/// The name of an operation that call frame information may not use, if `op` is one.
fn forbidden_in_cfi(op: &Op) -> Option<&'static str> {
    Some(match op {
        Op::Addrx { .. } => "DW_OP_addrx",
        Op::Constx { .. } => "DW_OP_constx",
        Op::Call2(_) | Op::Call4(_) | Op::CallRef(_) => "DW_OP_call*",
        Op::ConstType { .. } => "DW_OP_const_type",
        Op::Convert { .. } => "DW_OP_convert",
        Op::Reinterpret { .. } => "DW_OP_reinterpret",
        Op::DerefType { .. } => "DW_OP_deref_type",
        Op::XderefType { .. } => "DW_OP_xderef_type",
        Op::RegvalType { .. } => "DW_OP_regval_type",
        Op::Fbreg(_) => "DW_OP_fbreg",
        Op::ImplicitPointer { .. } => "DW_OP_implicit_pointer",
        Op::LlvmAspaceImplicitPointer { .. } => "DW_OP_LLVM_aspace_implicit_pointer",
        Op::PushObjectAddress => "DW_OP_push_object_address",
        Op::LlvmPushLane => "DW_OP_LLVM_push_lane",
        Op::LlvmPushIteration => "DW_OP_LLVM_push_iteration",
        Op::CallFrameCfa => "DW_OP_call_frame_cfa",
        Op::EntryValue { .. } => "DW_OP_entry_value",
        Op::GnuParameterRef(_) => "DW_OP_GNU_parameter_ref",
        Op::GnuVariableValue(_) => "DW_OP_GNU_variable_value",
        _ => return None,
    })
}

impl std::fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Evaluator")
            .field("limits", &self.limits)
            .field("stack", &self.stack)
            .finish_non_exhaustive()
    }
}

fn mask_bits(v: u128, bits: u32) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

impl Evaluator {
    /// An evaluator with default limits.
    pub fn new() -> Self {
        Evaluator::with_limits(Limits::default())
    }

    /// An evaluator with the given limits.
    pub fn with_limits(limits: Limits) -> Self {
        Evaluator {
            limits,
            stack: Vec::with_capacity(16),
            ..Evaluator::default()
        }
    }

    /// The limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Evaluates `prog` with `initial` pushed in order (the last is on top) and converts the
    /// result as `kind` asks.
    pub fn evaluate<C, P>(
        &mut self,
        ctx: &mut C,
        prog: &P,
        initial: impl IntoIterator<Item = Entry>,
        kind: ResultKind,
    ) -> Result<Entry>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        self.stack.clear();
        self.steps = 0;
        self.depth = 0;
        self.nesting = 0;
        self.stack.extend(initial);
        let r = self
            .run(ctx, prog, 0)
            .and_then(|()| self.finish(ctx, 0, kind));
        if r.is_err() {
            self.stack.clear();
        }
        r
    }

    /// Evaluates a call frame information expression (a CFA definition, or a register
    /// rule with the CFA as initial stack): like [`evaluate`](Self::evaluate), but the
    /// operations CFI may not use (those needing other debug sections, the lane, the
    /// iteration, the object, the CFA itself or entry values) are ill-formed.
    pub fn evaluate_cfi<C, P>(
        &mut self,
        ctx: &mut C,
        prog: &P,
        initial: impl IntoIterator<Item = Entry>,
        kind: ResultKind,
    ) -> Result<Entry>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        self.cfi = true;
        let r = self.evaluate(ctx, prog, initial, kind);
        self.cfi = false;
        r
    }

    /// Evaluates to a location description (empty initial stack).
    pub fn evaluate_location<C, P>(&mut self, ctx: &mut C, prog: &P) -> Result<LocDesc>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        let mut out = LocDesc::undefined();
        if !self.cfi && super::quick::evaluate_location(ctx, prog.ops(), &self.limits, &mut out) {
            return Ok(out);
        }
        self.evaluate_location_general(ctx, prog)
    }

    /// Decodes and evaluates the expression `bytes` to a location description (empty
    /// initial stack): the same result as [`Expr::decode`] followed by
    /// [`evaluate_location`](Self::evaluate_location), with decoding errors reported as
    /// [`ErrorKind::Decode`](super::ErrorKind::Decode). Typical location expressions run
    /// straight from their bytes; others are decoded into a buffer the evaluator keeps.
    /// Re-evaluating at every stop, prefer
    /// [`evaluate_location_bytes_into`](Self::evaluate_location_bytes_into) with a kept
    /// location: a composite result here allocates its part vector each call.
    pub fn evaluate_location_bytes<C>(
        &mut self,
        ctx: &mut C,
        bytes: &[u8],
        params: DecodeParams,
    ) -> Result<LocDesc>
    where
        C: Context + ?Sized,
    {
        let mut out = LocDesc::undefined();
        self.evaluate_location_bytes_into(ctx, bytes, params, &mut out)?;
        Ok(out)
    }

    /// [`evaluate_location_bytes`](Self::evaluate_location_bytes) into `out`, reusing the
    /// part buffer `out` holds when both it and the result are composites: a debugger that
    /// keeps one location per variable and re-evaluates it at each stop allocates nothing
    /// for typical composites. On an error `out` is the undefined location.
    pub fn evaluate_location_bytes_into<C>(
        &mut self,
        ctx: &mut C,
        bytes: &[u8],
        params: DecodeParams,
        out: &mut LocDesc,
    ) -> Result<()>
    where
        C: Context + ?Sized,
    {
        if super::quick::evaluate_location_bytes(ctx, bytes, params, &self.limits, out) {
            return Ok(());
        }
        self.evaluate_location_bytes_general(ctx, bytes, params, out)
    }

    /// [`evaluate_location_bytes_into`](Self::evaluate_location_bytes_into) by the general
    /// interpreter; kept out of line so the quick tier's loop stays small.
    #[cold]
    #[inline(never)]
    fn evaluate_location_bytes_general<C>(
        &mut self,
        ctx: &mut C,
        bytes: &[u8],
        params: DecodeParams,
        out: &mut LocDesc,
    ) -> Result<()>
    where
        C: Context + ?Sized,
    {
        let mut expr = self
            .decoded
            .take()
            .unwrap_or_else(|| Box::new(Expr::empty(params)));
        let r = match expr.decode_into(bytes, params) {
            Ok(()) => self.evaluate_location_general(ctx, &*expr),
            Err(e) => Err(e.into()),
        };
        self.decoded = Some(expr);
        match r {
            Ok(l) => {
                out.set(l);
                Ok(())
            }
            Err(e) => {
                out.set(LocDesc::undefined());
                Err(e)
            }
        }
    }

    /// [`evaluate_location`](Self::evaluate_location) by the general interpreter.
    fn evaluate_location_general<C, P>(&mut self, ctx: &mut C, prog: &P) -> Result<LocDesc>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        // `evaluate(.., ResultKind::Location)` without wrapping the result in an `Entry`.
        self.stack.clear();
        self.steps = 0;
        self.depth = 0;
        self.nesting = 0;
        let r = self
            .run(ctx, prog, 0)
            .and_then(|()| self.finish_location(ctx));
        if r.is_err() {
            self.stack.clear();
        }
        r
    }

    /// [`finish`](Self::finish) for kind location at base 0.
    #[inline(always)]
    fn finish_location<C: Context + ?Sized>(&mut self, ctx: &mut C) -> Result<LocDesc> {
        if let Some(Entry::Location(l)) = self.stack.last_mut()
            && let Some(c) = l.incomplete_composite_mut()
        {
            c.complete();
        }
        let top = self.stack.pop();
        self.stack.clear();
        match top {
            None => Ok(LocDesc::undefined()),
            Some(Entry::Location(l)) => Ok(l),
            Some(e) => self.conv_loc(ctx, e),
        }
    }

    /// Evaluates to a value (empty initial stack).
    pub fn evaluate_value<C, P>(&mut self, ctx: &mut C, prog: &P) -> Result<Value>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        match self.evaluate(ctx, prog, None, ResultKind::Value)? {
            Entry::Value(v) => Ok(v),
            _ => unreachable!("kind value yields a value"),
        }
    }

    #[inline(always)]
    fn finish<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
        kind: ResultKind,
    ) -> Result<Entry> {
        let top = if self.stack.len() > base {
            self.stack.pop()
        } else {
            None
        };
        self.stack.truncate(base);
        let top = top.map(|mut e| {
            if let Entry::Location(l) = &mut e
                && let Some(c) = l.incomplete_composite_mut()
            {
                c.complete();
            }
            e
        });
        match (kind, top) {
            (ResultKind::Location | ResultKind::Unspecified, None) => {
                Ok(Entry::Location(LocDesc::undefined()))
            }
            (ResultKind::Location, Some(e)) => Ok(Entry::Location(self.conv_loc(ctx, e)?)),
            (ResultKind::Value, None) => Err(Error::ill_formed(
                "the stack is empty where a value is required",
            )),
            (ResultKind::Value, Some(e)) => Ok(Entry::Value(self.conv_value(ctx, e)?)),
            (ResultKind::Unspecified, Some(e)) => Ok(e),
        }
    }

    fn run<C, P>(&mut self, ctx: &mut C, prog: &P, base: usize) -> Result<()>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        // `DW_OP_call*` callees run on the same stack without native recursion: each
        // active callee is a frame (program, next operation).
        let mut pc = 0usize;
        let mut frames: Vec<(Arc<dyn Program>, usize)> = Vec::new();
        let entry_depth = self.depth;
        let r = loop {
            let flow = match frames.last() {
                Some((callee, cpc)) => {
                    if *cpc >= callee.ops().len() {
                        frames.pop();
                        self.depth -= 1;
                        continue;
                    }
                    self.exec(ctx, &**callee, base, *cpc)
                }
                None => {
                    if pc >= prog.ops().len() {
                        break Ok(());
                    }
                    self.exec(ctx, prog, base, pc)
                }
            };
            let cur = match frames.last_mut() {
                Some((_, cpc)) => cpc,
                None => &mut pc,
            };
            match flow {
                Ok(CALL) => {
                    let callee = self.pending.take().expect("a pending callee");
                    *cur += 1;
                    if let Err(e) = self.enter() {
                        let at = *cur - 1;
                        break Err(match frames.last() {
                            Some((p, _)) => e.located(at, p.op_offset(at)),
                            None => e.located(at, prog.op_offset(at)),
                        });
                    }
                    frames.push((callee, 0));
                }
                Ok(n) => *cur = n,
                Err(e) => break Err(e),
            }
        };
        self.depth = entry_depth;
        r
    }

    /// Executes one operation, recording its position in errors and checking the step and
    /// stack limits.
    #[inline(always)]
    fn exec<C, Q>(&mut self, ctx: &mut C, prog: &Q, base: usize, i: usize) -> Result<Flow>
    where
        C: Context + ?Sized,
        Q: Program + ?Sized,
    {
        self.steps += 1;
        // Fast path for literals (no limit can trip except the stack's, checked after).
        let lit = match &prog.ops()[i] {
            Op::Lit(n) => Some(u64::from(*n)),
            Op::Const { value, .. } | Op::Constu(value) => Some(*value),
            Op::Consts(v) => Some(*v as u64),
            _ => None,
        };
        if let Some(v) = lit
            && self.steps <= self.limits.max_steps
            && self.stack.len() < self.limits.max_stack
        {
            let bits = Self::generic_bits(ctx);
            self.stack.push(Entry::Value(Value::generic(bits, v)));
            return Ok(i + 1);
        }
        // Fast paths for the operations of register-piece composites, which skip the
        // general `step` (no limit can trip: they push at most one entry below the
        // stack limit).
        if self.steps <= self.limits.max_steps && self.stack.len() < self.limits.max_stack {
            match &prog.ops()[i] {
                Op::Regx(r) => {
                    let l = ctx.register_location(*r);
                    return match self.push_loc_result(l) {
                        Ok(()) => Ok(i + 1),
                        Err(e) => Err(e.located(i, prog.op_offset(i))),
                    };
                }
                Op::Piece(n) => match self.piece_fast(ctx, base, u128::from(*n) * 8) {
                    Ok(true) => return Ok(i + 1),
                    Ok(false) => {}
                    Err(e) => return Err(e.located(i, prog.op_offset(i))),
                },
                Op::Swap if self.stack.len() >= base + 2 => {
                    let n = self.stack.len();
                    self.stack.swap(n - 1, n - 2);
                    return Ok(i + 1);
                }
                // `deref` of a single memory location (no conversion, never an implicit
                // pointer): read in place, replace the top.
                Op::Deref if self.stack.len() > base => {
                    let n = self.stack.len();
                    if let Entry::Location(l) = &self.stack[n - 1]
                        && l.len() == 1
                        && let Storage::Memory(_) = &l.first().storage
                    {
                        let gbits = Self::generic_bits(ctx);
                        return match access::read_value(
                            ctx,
                            l,
                            gbits.into(),
                            BaseType::generic(gbits),
                        ) {
                            Ok(v) => {
                                self.stack[n - 1] = Entry::Value(v);
                                Ok(i + 1)
                            }
                            Err(e) => Err(e.located(i, prog.op_offset(i))),
                        };
                    }
                }
                _ => {}
            }
        }
        let r = if self.steps > self.limits.max_steps {
            Err(Error::limit(Limit::Steps, self.limits.max_steps))
        } else if self.stack.len() > self.limits.max_stack {
            Err(Error::limit(
                Limit::StackDepth,
                self.limits.max_stack as u64,
            ))
        } else {
            self.step(ctx, prog, base, i)
        };
        let r = r.and_then(|f| {
            if self.stack.len() > self.limits.max_stack {
                Err(Error::limit(
                    Limit::StackDepth,
                    self.limits.max_stack as u64,
                ))
            } else {
                Ok(f)
            }
        });
        r.map_err(|e| e.located(i, prog.op_offset(i)))
    }

    // ----- stack helpers -----

    #[inline(always)]
    fn generic_bits<C: Context + ?Sized>(ctx: &C) -> u32 {
        ctx.target().generic_bits()
    }

    #[inline(always)]
    fn generic<C: Context + ?Sized>(ctx: &C, v: u64) -> Entry {
        Entry::Value(Value::generic(Self::generic_bits(ctx), v))
    }

    #[inline(always)]
    fn pop(&mut self, base: usize) -> Result<Entry> {
        if self.stack.len() <= base {
            return Err(Error::ill_formed("DWARF stack underflow"));
        }
        Ok(self.stack.pop().expect("checked"))
    }

    #[inline(always)]
    fn pop_value<C: Context + ?Sized>(&mut self, ctx: &mut C, base: usize) -> Result<Value> {
        let e = self.pop(base)?;
        self.conv_value(ctx, e)
    }

    #[inline(always)]
    fn pop_int<C: Context + ?Sized>(&mut self, ctx: &mut C, base: usize) -> Result<Value> {
        let v = self.pop_value(ctx, base)?;
        if !v.ty().is_integral() {
            return Err(Error::ill_formed(
                "integral type expected on the DWARF stack",
            ));
        }
        Ok(v)
    }

    #[inline(always)]
    fn pop_loc<C: Context + ?Sized>(&mut self, ctx: &mut C, base: usize) -> Result<LocDesc> {
        let e = self.pop(base)?;
        let l = self.conv_loc(ctx, e)?;
        if l.is_incomplete_composite() {
            return Err(Error::ill_formed(
                "an incomplete composite is used as an operand",
            ));
        }
        Ok(l)
    }

    fn peek_copy(&self, base: usize, depth: usize) -> Result<Entry> {
        if self.stack.len() <= base + depth {
            return Err(Error::ill_formed(format!(
                "asked for stack entry {depth}, but the stack has only {} entries",
                self.stack.len() - base
            )));
        }
        let e = &self.stack[self.stack.len() - 1 - depth];
        if let Entry::Location(l) = e
            && l.is_incomplete_composite()
        {
            return Err(Error::ill_formed("copying an incomplete composite"));
        }
        Ok(e.clone())
    }

    /// Implicit conversion to a value: default-address-space byte-aligned memory locations
    /// become generic values.
    #[inline(always)]
    fn conv_value<C: Context + ?Sized>(&mut self, ctx: &mut C, e: Entry) -> Result<Value> {
        match e {
            Entry::Value(v) => Ok(v),
            Entry::Location(l) => match l.memory_address() {
                Some((aspace, a)) if aspace == ctx.target().default_address_space() => {
                    Ok(Value::generic(Self::generic_bits(ctx), a))
                }
                _ => Err(Error::ill_formed(
                    "a location that is not a default address space memory address is used as a value",
                )),
            },
            Entry::ImplicitPointer(_) => Err(Error::evaluation(
                "an implicit pointer value is used as an ordinary value",
            )),
        }
    }

    /// Implicit conversion to a location: generic values become default-address-space
    /// memory, default-aspace implicit pointer values their pointee.
    #[inline(always)]
    fn conv_loc<C: Context + ?Sized>(&mut self, ctx: &mut C, e: Entry) -> Result<LocDesc> {
        match e {
            Entry::Location(l) => Ok(l),
            Entry::Value(v) => {
                if !v.ty().is_generic() {
                    return Err(Error::ill_formed(
                        "only generic-typed values convert to memory locations",
                    ));
                }
                let t = ctx.target();
                let bits = t.default_address_bits();
                let a = mask_bits(v.to_u128(), u32::from(bits)) as u64;
                Ok(LocDesc::memory(t.default_address_space(), bits, None, a))
            }
            Entry::ImplicitPointer(p) => {
                if p.aspace != ctx.target().default_address_space() {
                    return Err(Error::ill_formed(
                        "an implicit pointer value in a non-default address space is used as a location",
                    ));
                }
                self.pointee(ctx, p)
            }
        }
    }

    fn check_implicit(&self, n: usize) -> Result<()> {
        if n > self.limits.max_implicit_bytes {
            return Err(Error::limit(
                Limit::ImplicitSize,
                self.limits.max_implicit_bytes as u64,
            ));
        }
        Ok(())
    }

    /// The location an implicit pointer value denotes.
    fn pointee<C: Context + ?Sized>(&mut self, ctx: &mut C, p: ImplicitPointer) -> Result<LocDesc> {
        let target = ctx.implicit_pointer_target(p.die)?;
        let mut l = self.die_location(ctx, target)?.ok_or_else(|| {
            Error::evaluation("the implicit pointer's target has neither a location nor a value")
        })?;
        l.offset_bits(i128::from(p.offset) * 8)?;
        Ok(l)
    }

    /// Evaluates a DIE's location separately (kind location, empty stack).
    fn die_location<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        d: DieLocation,
    ) -> Result<Option<LocDesc>> {
        match d {
            DieLocation::Expr(p) => Ok(Some(self.nested(ctx, &*p)?)),
            DieLocation::LocationList(list) => {
                let mut out: Option<LocDesc> = None;
                for p in list {
                    let l = self.nested(ctx, &*p)?;
                    match &mut out {
                        None => out = Some(l),
                        Some(o) => o.union(l),
                    }
                }
                Ok(Some(out.unwrap_or_else(LocDesc::undefined)))
            }
            DieLocation::ConstValue(b) => {
                self.check_implicit(b.len())?;
                Ok(Some(LocDesc::implicit(&b)))
            }
            DieLocation::None => Ok(None),
        }
    }

    fn enter(&mut self) -> Result<()> {
        if self.depth >= self.limits.max_call_depth {
            return Err(Error::limit(
                Limit::CallDepth,
                u64::from(self.limits.max_call_depth),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    fn nested<C, P>(&mut self, ctx: &mut C, prog: &P) -> Result<LocDesc>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        if self.nesting >= self.limits.max_nesting {
            return Err(Error::limit(
                Limit::Nesting,
                u64::from(self.limits.max_nesting),
            ));
        }
        self.nesting += 1;
        let base = self.stack.len();
        let r = self
            .run(ctx, prog, base)
            .and_then(|()| self.finish(ctx, base, ResultKind::Location));
        self.stack.truncate(base);
        self.nesting -= 1;
        match r? {
            Entry::Location(l) => Ok(l),
            _ => unreachable!("kind location yields a location"),
        }
    }

    fn base_type<C: Context + ?Sized>(ctx: &mut C, off: u64) -> Result<BaseType> {
        if off == 0 {
            Ok(BaseType::generic(Self::generic_bits(ctx)))
        } else {
            ctx.base_type(DieRef::Unit(off))
        }
    }

    /// `DW_OP_fbreg off`: the frame base (a memory location, or a register holding an
    /// address in the default address space) displaced by `off` bytes.
    fn frame_base_offset<C: Context + ?Sized>(ctx: &mut C, off: i64) -> Result<LocDesc> {
        let fb = ctx.frame_base()?;
        if fb.len() != 1 {
            return Err(Error::ill_formed(
                "the frame base must be a single location",
            ));
        }
        let mut l = match fb.first().storage {
            Storage::Memory(_) => fb,
            Storage::Register { .. } => {
                let bits = ctx.target().default_address_bits();
                let a = access::read_value(ctx, &fb, bits.into(), BaseType::unsigned(bits.into()))?;
                Self::memory(ctx, ctx.target().default_address_space(), a.to_u128())?
            }
            _ => {
                return Err(Error::ill_formed(
                    "the frame base must be a memory or register location",
                ));
            }
        };
        l.offset_bits(i128::from(off) * 8)?;
        Ok(l)
    }

    /// A memory location in `aspace`, capturing the lane for lane-scoped spaces.
    fn memory<C: Context + ?Sized>(ctx: &C, aspace: u64, address: u128) -> Result<LocDesc> {
        let space = ctx.target().address_space(aspace).ok_or_else(|| {
            Error::ill_formed(format!(
                "address space {aspace} is not defined for the target"
            ))
        })?;
        Self::memory_with(ctx, aspace, space.address_bits, space.scope, address)
    }

    /// [`memory`](Self::memory) for a space already looked up (`bits`, `scope`).
    #[inline]
    fn memory_with<C: Context + ?Sized>(
        ctx: &C,
        aspace: u64,
        bits: u8,
        scope: crate::target::AddressScope,
        address: u128,
    ) -> Result<LocDesc> {
        let lane = Self::captured_lane(ctx, aspace, scope)?;
        Ok(LocDesc::memory(
            aspace,
            bits,
            lane,
            mask_bits(address, u32::from(bits)) as u64,
        ))
    }

    /// The lane a memory location in `aspace` captures: the current one for lane-scoped
    /// spaces (required) and flat ones (if any), none for the others.
    #[inline(always)]
    pub(super) fn captured_lane<C: Context + ?Sized>(
        ctx: &C,
        aspace: u64,
        scope: crate::target::AddressScope,
    ) -> Result<Option<u32>> {
        use crate::target::AddressScope;
        Ok(match scope {
            AddressScope::Lane => Some(ctx.lane().ok_or_else(|| {
                let name = ctx
                    .target()
                    .address_space(aspace)
                    .map_or(std::borrow::Cow::Borrowed(""), |s| s.name.clone());
                Error::missing(format!("a current lane (for address space {name})"))
            })?),
            AddressScope::Flat => ctx.lane(),
            _ => None,
        })
    }

    fn address_bits<C: Context + ?Sized>(ctx: &C, aspace: u64) -> Result<u8> {
        ctx.target()
            .address_space(aspace)
            .map(|s| s.address_bits)
            .ok_or_else(|| {
                Error::ill_formed(format!(
                    "address space {aspace} is not defined for the target"
                ))
            })
    }

    /// Reads register `reg` (via its location) as an unsigned `bits`-bit address.
    fn read_register_address<C: Context + ?Sized>(ctx: &mut C, reg: u64, bits: u8) -> Result<u128> {
        let loc = ctx.register_location(reg)?;
        let v = access::read_value(ctx, &loc, u64::from(bits), BaseType::unsigned(bits.into()))?;
        Ok(v.to_u128())
    }

    /// The implicit pointer a read of `n` bits at `skip` into `loc` covers exactly.
    fn implicit_pointer_at(loc: &LocDesc, skip: u128, n: u64) -> Option<ImplicitPointer> {
        let s = loc.first();
        let off = s.offset() + skip;
        match &s.storage {
            Storage::ImplicitPointer(p) if off == 0 && u64::from(p.bits) == n => Some(**p),
            Storage::Composite(c) => {
                let mut pos = 0u128;
                for part in c.parts() {
                    let end = pos + part.bits();
                    if off >= pos && off + u128::from(n) <= end {
                        return match part {
                            Part::Piece { loc, .. } => Self::implicit_pointer_at(loc, off - pos, n),
                            Part::Repeat { loc, bits, .. } => {
                                Self::implicit_pointer_at(loc, (off - pos) % u128::from(*bits), n)
                            }
                            Part::Select { .. } => None,
                        };
                    }
                    pos = end;
                }
                None
            }
            _ => None,
        }
    }

    fn deref<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        loc: LocDesc,
        nbits: u64,
        ty: BaseType,
    ) -> Result<Entry> {
        if let Some(p) = Self::implicit_pointer_at(&loc, 0, nbits) {
            return Ok(Entry::ImplicitPointer(p));
        }
        Ok(Entry::Value(access::read_value(ctx, &loc, nbits, ty)?))
    }

    fn form_aspace_address<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        a: Entry,
        aspace: &Value,
    ) -> Result<LocDesc> {
        let aspace = aspace.to_u128() as u64;
        let (bits, scope) = match ctx.target().address_space(aspace) {
            Some(s) => (s.address_bits, s.scope),
            None => {
                return Err(Error::ill_formed(format!(
                    "address space {aspace} is not defined for the target"
                )));
            }
        };
        if let Entry::ImplicitPointer(p) = &a
            && p.aspace == aspace
        {
            return self.pointee(ctx, *p);
        }
        let a = self.conv_value(ctx, a)?;
        if !a.ty().is_integral() {
            return Err(Error::ill_formed(
                "integral type expected on the DWARF stack",
            ));
        }
        Self::memory_with(ctx, aspace, bits, scope, a.to_u128())
    }

    #[inline]
    fn check_composite_size<C: Context + ?Sized>(ctx: &C, bits: u128) -> Result<()> {
        if bits > ctx.target().max_composite_bits() {
            return Err(Error::ill_formed(
                "composite larger than the largest address space",
            ));
        }
        Ok(())
    }

    /// Every single location of `loc` (except undefined ones) must hold `bits` bits at
    /// bit `at` past its offset.
    #[inline]
    fn check_fits(loc: &LocDesc, at: u128, bits: u128, what: &str) -> Result<()> {
        if loc.len() == 1 {
            let s = loc.first();
            return match s.storage.size_bits() {
                Some(size) if s.offset().saturating_add(at).saturating_add(bits) > size => Err(
                    Self::does_not_fit(what, bits, s.offset().saturating_add(at), size),
                ),
                _ => Ok(()),
            };
        }
        for s in loc.iter() {
            if let Some(size) = s.storage.size_bits()
                && s.offset().saturating_add(at).saturating_add(bits) > size
            {
                return Err(Self::does_not_fit(
                    what,
                    bits,
                    s.offset().saturating_add(at),
                    size,
                ));
            }
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn does_not_fit(what: &str, bits: u128, at: u128, size: u128) -> Error {
        Error::ill_formed(format!(
            "{what} of {bits} bits at bit {at} exceeds its storage of {size} bits"
        ))
    }

    /// Pushes a location a context call returned. Single register and memory locations
    /// are rebuilt from their fields (copying the freshly written result as a whole
    /// stalls on store forwarding).
    #[inline(always)]
    fn push_loc_result(&mut self, r: Result<LocDesc>) -> Result<()> {
        if let Ok(l) = &r
            && l.len() == 1
        {
            let s = l.first();
            let off = s.offset();
            let storage = match &s.storage {
                Storage::Register { reg, frame, bits } => Some(Storage::Register {
                    reg: *reg,
                    frame: *frame,
                    bits: *bits,
                }),
                Storage::Memory(m) => Some(Storage::Memory(super::location::Memory {
                    aspace: m.aspace,
                    address_bits: m.address_bits,
                    lane: m.lane,
                })),
                _ => None,
            };
            if let Some(storage) = storage {
                // `r` owns nothing beyond the copied fields: skip its drop glue.
                std::mem::forget(r);
                self.stack.push(Entry::Location(LocDesc::new(storage, off)));
                return Ok(());
            }
        }
        self.stack.push(Entry::Location(r?));
        Ok(())
    }

    /// `DW_OP_piece` of a single register or memory location on top of the stack (the
    /// common case), done in place: the location's fields are read one by one and the
    /// part is written straight into the composite (copying freshly written enums as
    /// wholes stalls on store forwarding). False if the general path must run.
    #[inline(always)]
    fn piece_fast<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
        bits: u128,
    ) -> Result<bool> {
        let n = self.stack.len();
        if n <= base {
            return Ok(false);
        }
        let Entry::Location(l) = &self.stack[n - 1] else {
            return Ok(false);
        };
        if l.len() != 1 {
            return Ok(false);
        }
        let s = l.first();
        let off = s.offset();
        // The storage, as scalars: (register?, reg or aspace, frame or address bits, bits, lane).
        let (is_reg, a, b, size, lane) = match &s.storage {
            Storage::Register { reg, frame, bits } => (true, *reg, *frame, u128::from(*bits), None),
            Storage::Memory(m) => (
                false,
                m.aspace,
                u32::from(m.address_bits),
                super::location::memory_size_bits(m.address_bits),
                m.lane,
            ),
            _ => return Ok(false),
        };
        if off.saturating_add(bits) > size {
            return Ok(false);
        }
        // Below it: nothing (a new composite) or an incomplete composite with room.
        let below = if n - 1 > base {
            match &self.stack[n - 2] {
                Entry::Location(c) if c.is_single_incomplete_composite() => true,
                _ => return Ok(false),
            }
        } else {
            false
        };
        let make = || Part::Piece {
            loc: if is_reg {
                LocDesc::new(
                    Storage::Register {
                        reg: a,
                        frame: b,
                        bits: size as u32,
                    },
                    off,
                )
            } else {
                LocDesc::new(
                    Storage::Memory(super::location::Memory {
                        aspace: a,
                        address_bits: b as u8,
                        lane,
                    }),
                    off,
                )
            },
            bits,
        };
        if below {
            let max_parts = self.limits.max_composite_parts;
            let Some(Entry::Location(cl)) = self.stack.get_mut(n - 2) else {
                unreachable!("checked above")
            };
            let Some(c) = cl.incomplete_composite_mut() else {
                unreachable!("checked above")
            };
            if c.part_count() >= max_parts {
                return Ok(false);
            }
            if c.bits() + bits > ctx.target().max_composite_bits() {
                return Ok(false);
            }
            // The popped entry is a register or memory location: nothing to drop.
            std::mem::forget(self.stack.pop());
            let Some(Entry::Location(cl)) = self.stack.last_mut() else {
                unreachable!("checked above")
            };
            let Some(c) = cl.incomplete_composite_mut() else {
                unreachable!("checked above")
            };
            c.push(make());
            return Ok(true);
        }
        Self::check_composite_size(ctx, bits)?;
        let mut c = Composite::new();
        c.push(make());
        let Some(Entry::Location(top)) = self.stack.last_mut() else {
            unreachable!("checked above")
        };
        // Replace the location in place by the composite (the register or memory
        // location owns nothing: skip its drop glue).
        std::mem::forget(std::mem::replace(
            top,
            LocDesc::new(Storage::Composite(c), 0),
        ));
        Ok(true)
    }

    /// `DW_OP_piece` / `DW_OP_bit_piece`: the three-way rule.
    fn piece<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
        bits: u128,
        bit_offset: u64,
    ) -> Result<()> {
        if bit_offset == 0 && self.piece_fast(ctx, base, bits)? {
            return Ok(());
        }
        let max_parts = self.limits.max_composite_parts;
        let top_incomplete = self.stack.len() > base
            && matches!(self.stack.last(), Some(Entry::Location(l)) if l.is_single_incomplete_composite());
        let part = if self.stack.len() <= base || top_incomplete {
            Part::Piece {
                loc: LocDesc::undefined(),
                bits,
            }
        } else {
            let mut pl = self.pop_loc(ctx, base)?;
            if bit_offset != 0 {
                pl.offset_bits(i128::from(bit_offset))?;
            }
            Self::check_fits(&pl, 0, bits, "piece")?;
            Part::Piece { loc: pl, bits }
        };
        if self.stack.len() > base
            && let Some(Entry::Location(l)) = self.stack.last_mut()
            && let Some(c) = l.incomplete_composite_mut()
        {
            if c.part_count() >= max_parts {
                return Err(Error::limit(Limit::CompositeParts, max_parts as u64));
            }
            Self::check_composite_size(ctx, c.bits() + part.bits())?;
            c.push(part);
            return Ok(());
        }
        Self::check_composite_size(ctx, part.bits())?;
        let mut c = Composite::new();
        c.push(part);
        self.stack
            .push(Entry::Location(LocDesc::new(Storage::Composite(c), 0)));
        Ok(())
    }

    fn overlay<C: Context + ?Sized>(&mut self, ctx: &mut C, base: usize, unit: i128) -> Result<()> {
        let bs = self.pop_int(ctx, base)?.to_signed_displacement()?;
        let bo = self.pop_int(ctx, base)?.to_signed_displacement()?;
        let ol = self.pop_loc(ctx, base)?;
        let bl = self.pop_loc(ctx, base)?;
        if bs < 0 || bo < 0 {
            return Err(Error::ill_formed("negative overlay offset or size"));
        }
        let (bo, bs) = (
            (bo.checked_mul(unit)
                .ok_or_else(|| Error::ill_formed("overlay offset overflows"))?) as u128,
            (bs.checked_mul(unit)
                .ok_or_else(|| Error::ill_formed("overlay size overflows"))?) as u128,
        );
        let rbss = bl.remaining_bits().ok_or_else(|| {
            Error::ill_formed("overlay base location has undefined storage (no size)")
        })?;
        if rbss < bo + bs {
            return Err(Error::ill_formed(
                "overlay extends beyond the base location's storage",
            ));
        }
        if bs == 0 {
            self.stack.push(Entry::Location(bl));
            return Ok(());
        }
        Self::check_fits(&ol, 0, bs, "overlay")?;
        if bo == 0 && bs == rbss {
            self.stack.push(Entry::Location(ol));
            return Ok(());
        }
        Self::check_composite_size(ctx, rbss)?;
        let mut parts = Vec::with_capacity(3);
        if bo > 0 {
            parts.push(Part::Piece {
                loc: bl.clone(),
                bits: bo,
            });
        }
        parts.push(Part::Piece { loc: ol, bits: bs });
        if rbss > bo + bs {
            let mut rest = bl;
            rest.offset_bits((bo + bs) as i128)?;
            parts.push(Part::Piece {
                loc: rest,
                bits: rbss - bo - bs,
            });
        }
        self.stack.push(Entry::Location(LocDesc::composite(parts)));
        Ok(())
    }

    /// Executes operation `i`; returns what comes next.
    fn step<C, P>(&mut self, ctx: &mut C, prog: &P, base: usize, i: usize) -> Result<Flow>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        let op = &prog.ops()[i];
        if self.cfi
            && let Some(name) = forbidden_in_cfi(op)
        {
            return Err(Error::ill_formed(format!(
                "{name} is not allowed in call frame information"
            )));
        }
        let gbits = Self::generic_bits(ctx);
        // Fast path: arithmetic on two generic values, in place on the stack.
        if let Some(b) = generic_binop(op)
            && self.stack.len() >= base + 2
            && let [.., Entry::Value(l), Entry::Value(r)] = &mut self.stack[..]
            && l.ty().is_generic()
            && r.ty().is_generic()
            && gbits == 64
        {
            let v = generic_binop_u64(b, l.to_u64(), r.to_u64())?;
            *l = Value::generic(64, v);
            self.stack.pop();
            return Ok(i + 1);
        }
        if let Op::PlusUconst(k) = op
            && gbits == 64
            && self.stack.len() > base
            && let Some(Entry::Value(v)) = self.stack.last_mut()
            && v.ty().is_generic()
        {
            *v = Value::generic(64, v.to_u64().wrapping_add(*k));
            return Ok(i + 1);
        }
        let push = |s: &mut Self, e: Entry| s.stack.push(e);
        match op {
            // ----- literals and addresses -----
            Op::Lit(n) => push(self, Self::generic(ctx, u64::from(*n))),
            Op::Const { value, .. } => push(self, Self::generic(ctx, *value)),
            Op::Constu(v) => push(self, Self::generic(ctx, *v)),
            Op::Consts(v) => push(self, Self::generic(ctx, *v as u64)),
            Op::Addr(a) => {
                let a = ctx.relocate(*a);
                let l = Self::memory(ctx, ctx.target().default_address_space(), a.into())?;
                push(self, Entry::Location(l));
            }
            Op::Addrx { index, .. } => {
                let a = ctx.debug_addr(*index)?;
                let a = ctx.relocate(a);
                let l = Self::memory(ctx, ctx.target().default_address_space(), a.into())?;
                push(self, Entry::Location(l));
            }
            Op::Constx { index, .. } => {
                let a = ctx.debug_addr(*index)?;
                push(self, Self::generic(ctx, a));
            }
            Op::ConstType {
                base_type, bytes, ..
            } => {
                let ty = Self::base_type(ctx, *base_type)?;
                if bytes.len() != ty.byte_size() {
                    return Err(Error::ill_formed(
                        "DW_OP_const_type size does not match its base type",
                    ));
                }
                self.check_implicit(bytes.len())?;
                push(self, Entry::Value(Value::from_bytes(ty, bytes)));
            }

            // ----- registers -----
            Op::Reg(r) => {
                let l = ctx.register_location(u64::from(*r));
                self.push_loc_result(l)?;
            }
            Op::Regx(r) => {
                let l = ctx.register_location(*r);
                self.push_loc_result(l)?;
            }
            Op::Breg { reg: _, offset } | Op::Bregx { reg: _, offset } => {
                let reg = match op {
                    Op::Breg { reg, .. } => u64::from(*reg),
                    Op::Bregx { reg, .. } => *reg,
                    _ => unreachable!(),
                };
                let bits = ctx.target().default_address_bits();
                let a = Self::read_register_address(ctx, reg, bits)?;
                let a = a.wrapping_add(*offset as i128 as u128);
                let l = Self::memory(ctx, ctx.target().default_address_space(), a)?;
                push(self, Entry::Location(l));
            }
            Op::Fbreg(off) => {
                let l = Self::frame_base_offset(ctx, *off)?;
                push(self, Entry::Location(l));
            }
            Op::RegvalType { reg, base_type, .. } => {
                let ty = Self::base_type(ctx, *base_type)?;
                self.check_implicit(ty.byte_size())?;
                let l = ctx.register_location(*reg)?;
                let v = access::read_value(ctx, &l, ty.bits.into(), ty)?;
                push(self, Entry::Value(v));
            }

            // ----- stack -----
            Op::Dup => {
                let e = self.peek_copy(base, 0)?;
                push(self, e);
            }
            Op::Drop => {
                self.pop(base)?;
            }
            Op::Over => {
                let e = self.peek_copy(base, 1)?;
                push(self, e);
            }
            Op::Pick(n) => {
                let e = self.peek_copy(base, usize::from(*n))?;
                push(self, e);
            }
            Op::Swap => {
                let n = self.stack.len();
                if n < base + 2 {
                    return Err(Error::ill_formed("DW_OP_swap needs two stack entries"));
                }
                self.stack.swap(n - 1, n - 2);
            }
            Op::Rot => {
                let n = self.stack.len();
                if n < base + 3 {
                    return Err(Error::ill_formed("DW_OP_rot needs three stack entries"));
                }
                self.stack[n - 3..].rotate_right(1);
            }

            // ----- memory -----
            Op::Deref => {
                let l = self.pop_loc(ctx, base)?;
                let e = self.deref(ctx, l, gbits.into(), BaseType::generic(gbits))?;
                push(self, e);
            }
            Op::DerefSize(s) => {
                if *s == 0 {
                    return Err(Error::ill_formed("DW_OP_deref_size of 0 bytes"));
                }
                let l = self.pop_loc(ctx, base)?;
                let n = (u32::from(*s) * 8).min(gbits);
                let e = self.deref(ctx, l, n.into(), BaseType::generic(gbits))?;
                push(self, e);
            }
            Op::DerefType {
                size, base_type, ..
            } => {
                let ty = Self::base_type(ctx, *base_type)?;
                if ty.byte_size() != usize::from(*size) {
                    return Err(Error::ill_formed(
                        "DW_OP_deref_type size does not match its base type",
                    ));
                }
                let l = self.pop_loc(ctx, base)?;
                let e = self.deref(ctx, l, ty.bits.into(), ty)?;
                push(self, e);
            }
            Op::Xderef | Op::XderefSize(_) | Op::XderefType { .. } => {
                let a = self.pop(base)?;
                let aspace = self.pop_int(ctx, base)?;
                let (n, ty) = match op {
                    Op::Xderef => (gbits, BaseType::generic(gbits)),
                    Op::XderefSize(s) => {
                        if *s == 0 {
                            return Err(Error::ill_formed("DW_OP_xderef_size of 0 bytes"));
                        }
                        ((u32::from(*s) * 8).min(gbits), BaseType::generic(gbits))
                    }
                    Op::XderefType {
                        size, base_type, ..
                    } => {
                        let ty = Self::base_type(ctx, *base_type)?;
                        if ty.byte_size() != usize::from(*size) {
                            return Err(Error::ill_formed(
                                "DW_OP_xderef_type size does not match its base type",
                            ));
                        }
                        (ty.bits, ty)
                    }
                    _ => unreachable!(),
                };
                let l = self.form_aspace_address(ctx, a, &aspace)?;
                let e = self.deref(ctx, l, n.into(), ty)?;
                push(self, e);
            }
            Op::PushObjectAddress => {
                let l = ctx.object_address()?;
                push(self, Entry::Location(l));
            }
            Op::FormTlsAddress | Op::GnuPushTlsAddress => {
                let v = self.pop_int(ctx, base)?;
                let l = ctx.tls_address(v.to_u64())?;
                push(self, Entry::Location(l));
            }
            Op::CallFrameCfa => {
                let l = ctx.cfa()?;
                push(self, Entry::Location(l));
            }

            // ----- arithmetic and logic -----
            Op::Abs | Op::Neg | Op::Not => {
                let v = self.pop_value(ctx, base)?;
                let u = match op {
                    Op::Abs => UnOp::Abs,
                    Op::Neg => UnOp::Neg,
                    _ => UnOp::Not,
                };
                push(self, Entry::Value(v.unary(u)?));
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
            | Op::Xor => {
                let rhs = self.pop_value(ctx, base)?;
                let lhs = self.pop_value(ctx, base)?;
                let b = match op {
                    Op::And => BinOp::And,
                    Op::Div => BinOp::Div,
                    Op::Minus => BinOp::Sub,
                    Op::Mod => BinOp::Mod,
                    Op::Mul => BinOp::Mul,
                    Op::Or => BinOp::Or,
                    Op::Plus => BinOp::Add,
                    Op::Shl => BinOp::Shl,
                    Op::Shr => BinOp::Shr,
                    Op::Shra => BinOp::Shra,
                    _ => BinOp::Xor,
                };
                push(self, Entry::Value(lhs.binary(b, &rhs)?));
            }
            Op::PlusUconst(k) => {
                let v = self.pop_value(ctx, base)?;
                let k = Value::from_u128(v.ty(), u128::from(*k));
                push(self, Entry::Value(v.binary(BinOp::Add, &k)?));
            }
            Op::Eq | Op::Ge | Op::Gt | Op::Le | Op::Lt | Op::Ne => {
                let rhs = self.pop_value(ctx, base)?;
                let lhs = self.pop_value(ctx, base)?;
                let c = match op {
                    Op::Eq => Compare::Eq,
                    Op::Ge => Compare::Ge,
                    Op::Gt => Compare::Gt,
                    Op::Le => Compare::Le,
                    Op::Lt => Compare::Lt,
                    _ => Compare::Ne,
                };
                push(self, Entry::Value(lhs.compare(c, &rhs, gbits)?));
            }
            Op::Convert { base_type, .. } => {
                let to = Self::base_type(ctx, *base_type)?;
                let v = self.pop_value(ctx, base)?;
                let from = v.ty();
                let r = if from.encoding == ate::ADDRESS
                    && to.encoding == ate::ADDRESS
                    && u64::from(from.address_space.unwrap_or(0))
                        != u64::from(to.address_space.unwrap_or(0))
                {
                    let a = ctx.convert_address(
                        v.to_u64(),
                        u64::from(from.address_space.unwrap_or(0)),
                        u64::from(to.address_space.unwrap_or(0)),
                    )?;
                    Value::from_u128(to, a.into())
                } else {
                    v.convert(to)?
                };
                push(self, Entry::Value(r));
            }
            Op::Reinterpret { base_type, .. } => {
                let to = Self::base_type(ctx, *base_type)?;
                let v = self.pop_value(ctx, base)?;
                push(self, Entry::Value(v.reinterpret(to)?));
            }

            // ----- control flow -----
            Op::Skip(_) => {
                return prog.branch_target(i).ok_or_else(|| {
                    Error::ill_formed("branch target is not an operation boundary")
                });
            }
            Op::Bra(_) => {
                let v = self.pop_value(ctx, base)?;
                if v.to_u128() != 0 {
                    return prog.branch_target(i).ok_or_else(|| {
                        Error::ill_formed("branch target is not an operation boundary")
                    });
                }
            }
            Op::Call2(_) | Op::Call4(_) | Op::CallRef(_) => {
                let die = match op {
                    Op::Call2(o) => DieRef::Unit(u64::from(*o)),
                    Op::Call4(o) => DieRef::Unit(u64::from(*o)),
                    Op::CallRef(o) => DieRef::Info(*o),
                    _ => unreachable!(),
                };
                match ctx.call_target(die)? {
                    DieLocation::Expr(p) => {
                        self.pending = Some(p);
                        return Ok(CALL);
                    }
                    other => {
                        if let Some(l) = self.die_location(ctx, other)? {
                            push(self, Entry::Location(l));
                        }
                    }
                }
            }
            Op::Nop | Op::LlvmNop | Op::GnuUninit => {}

            // ----- composition and special locations -----
            Op::Piece(n) => {
                let bits = u128::from(*n) * 8;
                self.piece(ctx, base, bits, 0)?;
            }
            Op::BitPiece { size, offset } => self.piece(ctx, base, u128::from(*size), *offset)?,
            Op::ImplicitValue(bytes) => {
                self.check_implicit(bytes.len())?;
                push(self, Entry::Location(LocDesc::implicit(bytes)));
            }
            Op::StackValue => {
                let e = self.pop(base)?;
                let l = match e {
                    Entry::ImplicitPointer(p) => {
                        LocDesc::new(Storage::ImplicitPointer(Box::new(p)), 0)
                    }
                    e => {
                        let v = self.conv_value(ctx, e)?;
                        self.check_implicit(v.bytes().len())?;
                        LocDesc::new(Storage::Implicit(Bytes::new(v.bytes())), 0)
                    }
                };
                push(self, Entry::Location(l));
            }
            Op::ImplicitPointer { die, offset, .. } => {
                let t = ctx.target();
                let p = ImplicitPointer {
                    die: *die,
                    offset: *offset,
                    aspace: t.default_address_space(),
                    bits: t.default_address_bits().into(),
                };
                push(
                    self,
                    Entry::Location(LocDesc::new(Storage::ImplicitPointer(Box::new(p)), 0)),
                );
            }
            Op::LlvmAspaceImplicitPointer { die, offset } => {
                let aspace = self.pop_int(ctx, base)?.to_u64();
                let bits = Self::address_bits(ctx, aspace)?;
                let p = ImplicitPointer {
                    die: *die,
                    offset: *offset,
                    aspace,
                    bits: bits.into(),
                };
                push(
                    self,
                    Entry::Location(LocDesc::new(Storage::ImplicitPointer(Box::new(p)), 0)),
                );
            }
            Op::EntryValue { block, .. } => {
                let e = ctx.entry_value(block)?;
                push(self, e);
            }
            Op::GnuParameterRef(o) => {
                let v = ctx.parameter_ref(u64::from(*o))?;
                push(self, Entry::Value(v));
            }
            Op::GnuVariableValue(o) => {
                let v = ctx.variable_value(*o)?;
                push(self, Entry::Value(v));
            }

            // ----- LLVM extensions -----
            Op::LlvmFormAspaceAddress => {
                let aspace = self.pop_int(ctx, base)?;
                let a = self.pop(base)?;
                let l = self.form_aspace_address(ctx, a, &aspace)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmPushLane => {
                let lane = ctx.lane().ok_or_else(|| Error::missing("a current lane"))?;
                if lane >= ctx.lanes() {
                    return Err(Error::ill_formed(format!(
                        "lane {lane} is not below DW_AT_LLVM_lanes ({})",
                        ctx.lanes()
                    )));
                }
                push(self, Self::generic(ctx, lane.into()));
            }
            Op::LlvmPushIteration => {
                let it = ctx
                    .iteration()
                    .ok_or_else(|| Error::missing("a current iteration"))?;
                if it >= ctx.iterations() {
                    return Err(Error::ill_formed(format!(
                        "iteration {it} is not below DW_AT_LLVM_iterations ({})",
                        ctx.iterations()
                    )));
                }
                push(self, Self::generic(ctx, it));
            }
            Op::LlvmOffset | Op::LlvmBitOffset => {
                let b = self.pop_int(ctx, base)?.to_signed_displacement()?;
                let mut l = self.pop_loc(ctx, base)?;
                let bits = if matches!(op, Op::LlvmOffset) {
                    b.checked_mul(8)
                        .ok_or_else(|| Error::evaluation("offset overflows"))?
                } else {
                    b
                };
                l.offset_bits(bits)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmOffsetUconst(k) => {
                let mut l = self.pop_loc(ctx, base)?;
                l.offset_bits(i128::from(*k) * 8)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmCallFrameEntryReg(r) => {
                let l = ctx.call_frame_entry_reg(*r)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmUndefined => push(self, Entry::Location(LocDesc::undefined())),
            Op::LlvmAspaceBregx { reg, offset } => {
                let aspace = self.pop_int(ctx, base)?.to_u64();
                let bits = Self::address_bits(ctx, aspace)?;
                let a = Self::read_register_address(ctx, *reg, bits)?;
                let a = a.wrapping_add(*offset as i128 as u128);
                let l = Self::memory(ctx, aspace, a)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmPieceEnd => {
                let has = self.stack.len() > base;
                match self.stack.last_mut() {
                    Some(Entry::Location(l)) if has => {
                        if let Some(c) = l.incomplete_composite_mut() {
                            c.complete();
                            return Ok(i + 1);
                        }
                    }
                    _ => {}
                }
                return Err(Error::ill_formed(
                    "DW_OP_LLVM_piece_end without an incomplete composite on top",
                ));
            }
            Op::LlvmExtend { bits, count } => {
                if *bits == 0 || *count == 0 {
                    return Err(Error::ill_formed(
                        "DW_OP_LLVM_extend with a zero size or count",
                    ));
                }
                let l = self.pop_loc(ctx, base)?;
                Self::check_fits(&l, 0, u128::from(*bits), "extend element")?;
                Self::check_composite_size(ctx, u128::from(*bits) * u128::from(*count))?;
                push(
                    self,
                    Entry::Location(LocDesc::composite(vec![Part::Repeat {
                        loc: l,
                        bits: *bits,
                        count: *count,
                    }])),
                );
            }
            Op::LlvmSelectBitPiece { bits, count } => {
                if *bits == 0 || *count == 0 {
                    return Err(Error::ill_formed(
                        "DW_OP_LLVM_select_bit_piece with a zero size or count",
                    ));
                }
                let m = self.pop_value(ctx, base)?;
                if u64::from(m.ty().bits) < *count {
                    return Err(Error::ill_formed(
                        "DW_OP_LLVM_select_bit_piece mask has fewer bits than elements",
                    ));
                }
                let one = self.pop_loc(ctx, base)?;
                let zero = self.pop_loc(ctx, base)?;
                Self::check_composite_size(ctx, u128::from(*bits) * u128::from(*count))?;
                let mask = Bytes::new(m.bytes());
                let (mut max_one, mut max_zero) = (None, None);
                for n in 0..*count {
                    if mask_bit(&mask, n) {
                        max_one = Some(n);
                    } else {
                        max_zero = Some(n);
                    }
                }
                for (l, n) in [(&one, max_one), (&zero, max_zero)] {
                    if let Some(n) = n {
                        let at = u128::from(n) * u128::from(*bits);
                        // the element's bit_offset must stay inside the storage ...
                        for s in l.iter() {
                            if let Some(size) = s.storage.size_bits()
                                && s.offset() + at >= size
                            {
                                return Err(Error::evaluation(format!(
                                    "select_bit_piece element {n} lies beyond its storage of {size} bits"
                                )));
                            }
                        }
                        // ... and the whole element must fit.
                        Self::check_fits(l, at, (*bits).into(), "select_bit_piece element")?;
                    }
                }
                push(
                    self,
                    Entry::Location(LocDesc::composite(vec![Part::Select {
                        zero: Box::new(zero),
                        one: Box::new(one),
                        mask,
                        bits: *bits,
                        count: *count,
                    }])),
                );
            }
            Op::LlvmOverlay => self.overlay(ctx, base, 8)?,
            Op::LlvmBitOverlay => self.overlay(ctx, base, 1)?,
        }
        Ok(i + 1)
    }
}

/// The memory location at `address` in DWARF address space `aspace`, as
/// `DW_OP_LLVM_form_aspace_address` makes it: the address masked to the space's width, the
/// current lane captured for lane-scoped and flat spaces (required for lane-scoped ones).
pub fn memory_location<C: Context + ?Sized>(
    ctx: &C,
    aspace: u64,
    address: u128,
) -> Result<LocDesc> {
    let (bits, scope) = match ctx.target().address_space(aspace) {
        Some(s) => (s.address_bits, s.scope),
        None => {
            return Err(Error::ill_formed(format!(
                "address space {aspace} is not defined for the target"
            )));
        }
    };
    Evaluator::memory_with(ctx, aspace, bits, scope, address)
}

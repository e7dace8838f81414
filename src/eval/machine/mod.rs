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
use super::context::{Backend, Context};
use super::error::{Error, Limit, Result};
use super::location::{Composite, ImplicitPointer, LocDesc, Part, Storage, mask_bit};
use super::protocol::DieLocation;
use super::protocol::{Entry, Program};
use super::value::{BaseType, BinOp, Bytes, Compare, UnOp, Value, ate};
use crate::expr::op::{DieRef, Op};
use crate::expr::{DecodeParams, Expr};

mod composite;
mod stack;
mod step;

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
    /// Single locations and composite parts in one location description, nested
    /// composites included: a composite built of copies of composites (`DW_OP_dup` then
    /// `DW_OP_LLVM_select_bit_piece`, `DW_OP_LLVM_extend` or an overlay, again and again)
    /// doubles with each operation, so this bounds the memory and time one location costs.
    /// Copies of composites by `DW_OP_dup`, `DW_OP_over` and `DW_OP_pick` are charged too:
    /// one evaluation copies at most 16 times this many.
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
    /// Single locations and parts copied by `dup`, `over` and `pick` in this evaluation.
    copied: usize,
    depth: u32,
    nesting: u32,
    cfi: bool,
    pending: Option<Arc<dyn Program>>,
    /// Decoding buffer of [`evaluate_location_bytes`](Self::evaluate_location_bytes).
    decoded: Option<Box<Expr>>,
}

#[inline]
pub(super) const fn generic_binop(op: &Op) -> Option<BinOp> {
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
        self.copied = 0;
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
    /// [`ErrorKind::Malformed`](crate::ErrorKind::Malformed). Typical location expressions run
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
        self.copied = 0;
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
                    let l = ctx.backend().register_location(*r);
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
}

/// The memory location at `address` in DWARF address space `aspace`, as
/// `DW_OP_LLVM_form_aspace_address` makes it: the address masked to the space's width, the
/// current lane captured for lane-scoped and flat spaces (required for lane-scoped ones).
pub fn memory_location<C: Context + ?Sized>(
    ctx: &C,
    aspace: u64,
    address: u128,
) -> Result<LocDesc> {
    let (bits, scope) = match ctx.backend_ref().target().address_space(aspace) {
        Some(s) => (s.address_bits, s.scope),
        None => {
            return Err(Error::ill_formed(format!(
                "address space {aspace} is not defined for the target"
            )));
        }
    };
    Evaluator::memory_with(ctx, aspace, bits, scope, address)
}

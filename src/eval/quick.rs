//! The quick tier of the evaluator: straight-line location expressions made of the
//! operations compilers emit for almost every variable (literals, registers, `breg*`,
//! `fbreg`, `deref`, `xderef`, integer arithmetic, the lane and offset operations,
//! `stack_value` and `piece`) run on a small fixed stack of plain scalars instead of the
//! general stack of [`Entry`](super::Entry) values.
//!
//! From bytes, each operation runs as its opcode is read, with no decoded form in between;
//! a register followed by `DW_OP_piece` (most composites) is one step that never touches
//! the stack. A composite's parts are written straight into the vector the result keeps,
//! which may be the buffer of the location the caller is overwriting
//! ([`Evaluator::evaluate_location_bytes_into`]).
//!
//! The tier gives the same result as the general interpreter or declines: any operation
//! outside its set, any entry it cannot hold, and any error hands the whole expression to
//! the general interpreter, which then reports exactly as it always does. Context queries
//! it made before declining are repeated there; they are reads, so that costs time only
//! on those rare paths. `tests/quick_tier.rs` (every corpus and rocRAND expression) and
//! the evaluator fuzz target hold the two tiers to the same answers.

use std::mem::ManuallyDrop;

use super::context::{Backend, Context};
use super::location::{LocDesc, Part, Storage};
use super::machine::{Evaluator, Limits, generic_binop, generic_binop_u64};
use super::value::{BinOp, Bytes};
use crate::expr::leb::Reader;
use crate::expr::op::{ConstForm, Encoding, Op, opcode};
use crate::expr::table::{
    bind_fields, byte_guard, byte_pattern, operand_tuple, operations, subop_guard, subop_pattern,
};
use crate::expr::{DecodeParams, extend_const};

/// Entries the quick stack holds; deeper expressions go to the general interpreter.
const STACK: usize = 8;

/// A quick stack entry: what typical location expressions keep on the stack.
#[derive(Clone, Copy)]
enum Slot {
    /// A value of the 64-bit generic type.
    Generic(u64),
    /// A whole-byte position in a register.
    Register {
        reg: u64,
        frame: u32,
        bits: u32,
        offset_bits: u64,
    },
    /// A byte address in one address space.
    Memory {
        aspace: u64,
        address_bits: u8,
        lane: Option<u32>,
        address: u64,
    },
    /// Implicit storage holding one generic value (`stack_value`).
    Implicit(u64),
    /// The incomplete composite built by the pieces so far.
    Pieces,
}

impl Slot {
    /// [`from_location`](Self::from_location) for a location the caller is done with.
    #[inline(always)]
    fn take_location(l: LocDesc) -> Option<Slot> {
        let s = Slot::from_location(&l);
        if s.is_some() {
            // A single register or memory location owns nothing: skip its drop glue.
            std::mem::forget(l);
        }
        s
    }

    /// [`take_location`](Self::take_location) for the location of a register, read where
    /// the context wrote it: moving it out of the `Result` first copies it, and in the
    /// byte dispatch that copy's wide loads of the narrower stores just made stall (twice
    /// the time per register operation, measured). The frame base keeps the move, which
    /// measured faster there.
    #[inline(always)]
    fn take_register<E>(l: Result<LocDesc, E>) -> Option<Slot> {
        let s = match &l {
            Ok(l) => Slot::from_location(l),
            Err(_) => None,
        };
        if s.is_some() {
            // A single register location owns nothing: skip its drop glue.
            std::mem::forget(l);
        }
        s
    }

    /// The single register or byte-aligned memory location `l` is, if it is one.
    #[inline(always)]
    fn from_location(l: &LocDesc) -> Option<Slot> {
        if l.len() != 1 {
            return None;
        }
        let s = l.first();
        match &s.storage {
            Storage::Register { reg, frame, bits } => Some(Slot::Register {
                reg: *reg,
                frame: *frame,
                bits: *bits,
                offset_bits: u64::try_from(s.offset()).ok()?,
            }),
            Storage::Memory(m) if s.offset().is_multiple_of(8) => Some(Slot::Memory {
                aspace: m.aspace,
                address_bits: m.address_bits,
                lane: m.lane,
                address: (s.offset() / 8) as u64,
            }),
            _ => None,
        }
    }

    /// The location of a register, memory or implicit slot; callers never ask it of a
    /// value or of the composite marker, which are not locations (undefined if they did).
    #[inline(always)]
    fn simple_location(self) -> LocDesc {
        match self {
            Slot::Register {
                reg,
                frame,
                bits,
                offset_bits,
            } => LocDesc::new(Storage::Register { reg, frame, bits }, offset_bits.into()),
            Slot::Memory {
                aspace,
                address_bits,
                lane,
                address,
            } => LocDesc::memory(aspace, address_bits, lane, address),
            Slot::Implicit(v) => LocDesc::new(Storage::Implicit(Bytes::from_u64(v)), 0),
            Slot::Generic(_) | Slot::Pieces => LocDesc::undefined(),
        }
    }

    /// Size of the slot's storage in bits (for `piece` bounds).
    #[inline]
    fn storage_bits(self) -> u128 {
        match self {
            Slot::Register { bits, .. } => bits.into(),
            Slot::Memory { address_bits, .. } => super::location::memory_size_bits(address_bits),
            Slot::Implicit(_) => 64,
            Slot::Generic(_) | Slot::Pieces => 0,
        }
    }

    /// Bit offset into the storage.
    #[inline]
    fn offset_bits(self) -> u128 {
        match self {
            Slot::Register { offset_bits, .. } => offset_bits.into(),
            Slot::Memory { address, .. } => u128::from(address) * 8,
            _ => 0,
        }
    }
}

/// The quick stack and the composite under construction.
struct Machine<'a> {
    stack: [Slot; STACK],
    depth: usize,
    max_depth: usize,
    /// The parts of the composite under construction, in the vector the result keeps
    /// (freed by hand: most evaluations have none, and the drop glue is not free).
    parts: ManuallyDrop<Vec<Part>>,
    /// What the expression is, to count how many parts it can make at most when the first
    /// piece reserves room for them.
    source: Source<'a>,
    piece_bits: u128,
    /// The composite size bound (set by the first piece).
    max_piece_bits: u128,
    max_pieces: usize,
}

impl Drop for Machine<'_> {
    #[inline(always)]
    fn drop(&mut self) {
        if self.parts.capacity() != 0 {
            drop(std::mem::take(&mut *self.parts));
        }
    }
}

/// The expression a [`Machine`] runs.
#[derive(Clone, Copy)]
enum Source<'a> {
    Bytes(&'a [u8]),
    Ops(&'a [Op]),
}

impl Source<'_> {
    /// At least as many as the expression's `DW_OP_piece` operations: each takes two
    /// bytes or more, one of them 0x93 (counted in longer expressions, where the first
    /// bound would waste more than it saves).
    fn piece_bound(self) -> usize {
        match self {
            Source::Bytes(b) if b.len() <= 8 => b.len() / 2,
            Source::Bytes(b) => b.iter().filter(|&&b| b == opcode::PIECE).count(),
            Source::Ops(ops) => ops.iter().filter(|op| matches!(op, Op::Piece(_))).count(),
        }
    }
}

impl<'a> Machine<'a> {
    #[inline(always)]
    fn new(limits: &Limits, source: Source<'a>, parts: Vec<Part>) -> Self {
        Machine {
            stack: [Slot::Pieces; STACK],
            depth: 0,
            max_depth: STACK.min(limits.max_stack),
            parts: ManuallyDrop::new(parts),
            source,
            piece_bits: 0,
            max_piece_bits: 0,
            max_pieces: limits.max_composite_parts,
        }
    }

    #[inline(always)]
    fn push(&mut self, s: Slot) -> Option<()> {
        if self.depth >= self.max_depth {
            return None;
        }
        self.stack[self.depth] = s;
        self.depth += 1;
        Some(())
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Slot> {
        self.depth = self.depth.checked_sub(1)?;
        Some(self.stack[self.depth])
    }

    #[inline(always)]
    fn top(&self) -> Option<Slot> {
        self.depth.checked_sub(1).map(|i| self.stack[i])
    }
}

/// Evaluates `ops` to a location description as [`Evaluator::evaluate_location`] would,
/// writing it to `out`, or declines (`false`; `out` then holds some location the caller
/// overwrites) and leaves the expression to the general interpreter.
///
/// A composite result reuses the part buffer of `out` if it holds one.
///
/// [`Evaluator::evaluate_location`]: super::Evaluator::evaluate_location
#[inline(always)]
pub(super) fn evaluate_location<C: Context + ?Sized>(
    ctx: &mut C,
    ops: &[Op],
    limits: &Limits,
    out: &mut LocDesc,
) -> bool {
    if ops.len() as u64 > limits.max_steps || ctx.backend_ref().target().generic_bits() != 64 {
        return false;
    }
    let mut m = Machine::new(limits, Source::Ops(ops), out.take_part_buffer());
    let mut ops = ops.iter().peekable();
    while let Some(op) = ops.next() {
        let reg = match op {
            Op::Reg(r) => Some(u64::from(*r)),
            Op::Regx(r) => Some(*r),
            _ => None,
        };
        let done = match (reg, ops.peek()) {
            (Some(reg), Some(&&Op::Piece(bytes))) => {
                ops.next();
                register_piece(ctx, &mut m, reg, bytes)
            }
            _ => step(ctx, &mut m, op, limits),
        };
        if done.is_none() {
            return false;
        }
    }
    finish(ctx, &mut m, out).is_some()
}

/// [`evaluate_location`] straight from the encoded bytes: each operation is executed as
/// its opcode is read, with no decoded form in between. Operations outside the tier's set
/// and malformed bytes decline (the general tier decodes fully and reports decoding
/// errors).
#[inline(always)]
pub(super) fn evaluate_location_bytes<C: Context + ?Sized>(
    ctx: &mut C,
    bytes: &[u8],
    params: DecodeParams,
    limits: &Limits,
    out: &mut LocDesc,
) -> bool {
    // Every operation takes a byte: the byte count bounds the steps (so within the step
    // limit no step needs counting).
    if ctx.backend_ref().target().generic_bits() != 64
        || params.check().is_err()
        || u32::try_from(bytes.len()).is_err()
        || bytes.len() as u64 > limits.max_steps
    {
        return false;
    }
    let mut m = Machine::new(limits, Source::Bytes(bytes), out.take_part_buffer());
    let mut r = Reader::new(bytes, 0);
    while let Some(code) = r.u8() {
        if execute(ctx, &mut m, &mut r, code, params, limits).is_none() {
            return false;
        }
    }
    finish(ctx, &mut m, out).is_some()
}

/// Writes the evaluation's result to `out`: the top entry as a location description.
#[inline(always)]
fn finish<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, out: &mut LocDesc) -> Option<()> {
    match m.top() {
        None => out.set(LocDesc::undefined()),
        Some(Slot::Pieces) => {
            // Every quick part owns nothing (implicit pieces are 8 inline bytes).
            out.set_composite(std::mem::take(&mut *m.parts), m.piece_bits, true)
        }
        Some(s) => match location(ctx, s)? {
            s @ (Slot::Register { .. } | Slot::Memory { .. } | Slot::Implicit(_)) => {
                out.set(s.simple_location())
            }
            _ => return None,
        },
    }
    Some(())
}

/// Converts a stack entry to a value as the general interpreter's implicit conversion
/// does: default-address-space memory locations become their address.
#[inline(always)]
fn value<C: Context + ?Sized>(ctx: &C, s: Slot) -> Option<u64> {
    match s {
        Slot::Generic(v) => Some(v),
        Slot::Memory {
            aspace, address, ..
        } if aspace == ctx.backend_ref().target().default_address_space() => Some(address),
        _ => None,
    }
}

/// Converts a stack entry to a location as the general interpreter's implicit conversion
/// does: generic values become default-address-space memory (no lane captured).
#[inline(always)]
fn location<C: Context + ?Sized>(ctx: &C, s: Slot) -> Option<Slot> {
    match s {
        Slot::Generic(v) => {
            let t = ctx.backend_ref().target();
            let bits = t.default_address_bits();
            let address = if bits >= 64 {
                v
            } else {
                v & ((1u64 << bits) - 1)
            };
            Some(Slot::Memory {
                aspace: t.default_address_space(),
                address_bits: bits,
                lane: None,
                address,
            })
        }
        Slot::Pieces => None,
        s => Some(s),
    }
}

/// Reads `nbits` (whole bytes, at most 64) through a register or memory slot, as the
/// general reader's whole-byte path does (any failure: the general tier).
#[inline(always)]
fn read<C: Context + ?Sized>(ctx: &mut C, s: Slot, nbits: u32) -> Option<u64> {
    if nbits > 64 || !nbits.is_multiple_of(8) {
        return None;
    }
    let n = (nbits / 8) as usize;
    let mut buf = [0u8; 8];
    let end = s.offset_bits() + u128::from(nbits);
    match s {
        Slot::Register {
            reg,
            frame,
            bits,
            offset_bits,
        } if offset_bits.is_multiple_of(8) && end <= u128::from(bits) => {
            ctx.backend()
                .read_register(reg, frame, offset_bits / 8, &mut buf[..n])
                .ok()?;
        }
        Slot::Memory {
            aspace,
            lane,
            address,
            ..
        } if end <= s.storage_bits() => {
            ctx.backend()
                .read_memory(aspace, lane, address, &mut buf[..n])
                .ok()?;
        }
        _ => return None,
    }
    Some(u64::from_le_bytes(buf))
}

/// A memory slot at `address` of `aspace`, capturing the lane as the general tier's
/// `memory` does.
#[inline(always)]
fn memory<C: Context + ?Sized>(ctx: &C, aspace: u64, address: u64) -> Option<Slot> {
    let space = ctx.backend_ref().target().address_space(aspace)?;
    let (address_bits, scope) = (space.address_bits, space.scope);
    let lane = Evaluator::captured_lane(ctx, aspace, scope).ok()?;
    Some(Slot::Memory {
        aspace,
        address_bits,
        lane,
        address: mask(address, address_bits),
    })
}

#[inline(always)]
fn mask(v: u64, bits: u8) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// The address held in register `reg` (`breg*` and a register frame base): its
/// location's first `bits` bits, unsigned.
#[inline(always)]
fn register_address<C: Context + ?Sized>(ctx: &mut C, reg: u64, bits: u8) -> Option<u64> {
    let s = Slot::take_register(ctx.backend().register_location(reg))?;
    read(ctx, s, bits.into())
}

/// Adds `delta` bits to a location slot's offset, within its storage.
#[inline(always)]
fn offset(s: Slot, delta: i128) -> Option<Slot> {
    let size = s.storage_bits();
    let new = (s.offset_bits() as i128).checked_add(delta)?;
    if new < 0 || new as u128 >= size {
        return None;
    }
    Some(match s {
        Slot::Register {
            reg, frame, bits, ..
        } => Slot::Register {
            reg,
            frame,
            bits,
            offset_bits: u64::try_from(new).ok()?,
        },
        Slot::Memory {
            aspace,
            address_bits,
            lane,
            ..
        } if new % 8 == 0 => Slot::Memory {
            aspace,
            address_bits,
            lane,
            address: u64::try_from(new / 8).ok()?,
        },
        _ => return None,
    })
}

/// What the quick tier does for each operation, from its operand values in byte order
/// (`$vals`, a tuple; its reads run only in the rules that use it). Operations without a
/// rule decline, except the generic binary operations the general interpreter runs in
/// place. `$q` names the context, the machine, the limits, and what a register operation
/// does: `(call)` pushes the register; `(break 'label)` hands its number to the code after
/// the byte dispatch, which looks for a `DW_OP_piece` after it (one copy of that code,
/// not one per register opcode: a larger dispatch loop compiles to slower code).
macro_rules! quick_op {
    ([$ctx:ident $m:ident $limits:ident $next:tt] Lit $f:tt $vals:expr) => {{
        let (n,) = $vals;
        $m.push(Slot::Generic(u64::from(n)))
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Const $f:tt $vals:expr) => {{
        let (value,) = $vals;
        $m.push(Slot::Generic(value))
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Constu $f:tt $vals:expr) => {{
        let (value,) = $vals;
        $m.push(Slot::Generic(value))
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Consts $f:tt $vals:expr) => {{
        let (value,) = $vals;
        $m.push(Slot::Generic(value as u64))
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Reg $f:tt $vals:expr) => {{
        let (reg,) = $vals;
        quick_op!(@register $ctx $m $next u64::from(reg))
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Regx $f:tt $vals:expr) => {{
        let (reg,) = $vals;
        quick_op!(@register $ctx $m $next reg)
    }};
    (@register $ctx:ident $m:ident (call) $reg:expr) => {
        register($ctx, $m, $reg)
    };
    (@register $ctx:ident $m:ident (break $label:lifetime) $reg:expr) => {
        break $label $reg
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] Breg $f:tt $vals:expr) => {{
        let (reg, offset) = $vals;
        register_based($ctx, $m, u64::from(reg), offset)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Bregx $f:tt $vals:expr) => {{
        let (reg, offset) = $vals;
        register_based($ctx, $m, reg, offset)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Fbreg $f:tt $vals:expr) => {{
        let (offset,) = $vals;
        frame_based($ctx, $m, offset)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Deref $f:tt $vals:expr) => {
        deref($ctx, $m, 64)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] DerefSize $f:tt $vals:expr) => {{
        let (size,) = $vals;
        deref($ctx, $m, sized_bits(size)?)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Xderef $f:tt $vals:expr) => {
        xderef($ctx, $m, 64)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] XderefSize $f:tt $vals:expr) => {{
        let (size,) = $vals;
        xderef($ctx, $m, sized_bits(size)?)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] LlvmFormAspaceAddress $f:tt $vals:expr) => {
        form_aspace_address($ctx, $m)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] Dup $f:tt $vals:expr) => {
        copy($m, 0)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] Over $f:tt $vals:expr) => {
        copy($m, 1)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] Drop $f:tt $vals:expr) => {
        drop_top($m)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] Swap $f:tt $vals:expr) => {
        swap($m)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] PlusUconst $f:tt $vals:expr) => {{
        let (k,) = $vals;
        plus_uconst($ctx, $m, k)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] LlvmPushLane $f:tt $vals:expr) => {
        push_lane($ctx, $m)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] LlvmOffset $f:tt $vals:expr) => {
        offset_by_value($ctx, $m)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] LlvmOffsetUconst $f:tt $vals:expr) => {{
        let (k,) = $vals;
        offset_by($ctx, $m, i128::from(k) * 8)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] StackValue $f:tt $vals:expr) => {
        stack_value($ctx, $m, $limits)
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] Piece $f:tt $vals:expr) => {{
        let (bytes,) = $vals;
        piece($ctx, $m, bytes)
    }};
    ([$ctx:ident $m:ident $limits:ident $next:tt] Nop $f:tt $vals:expr) => {
        Some(())
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] LlvmNop $f:tt $vals:expr) => {
        Some(())
    };
    // An operation without operands: a generic binary operation, or outside the tier.
    ([$ctx:ident $m:ident $limits:ident $next:tt] $V:ident {} $vals:expr) => {
        match const { generic_binop(&Op::$V) } {
            Some(op) => binary($ctx, $m, op),
            None => None,
        }
    };
    ([$ctx:ident $m:ident $limits:ident $next:tt] $V:ident $f:tt $vals:expr) => {
        None
    };
}

/// One operand read from the bytes, as the decoder reads it (`$cx` names the reader, the
/// opcode and the parameters; `$row` is the encoding); a malformed operand declines.
macro_rules! quick_read {
    ([$r:ident $code:ident $params:ident $row:tt] uleb $b:ident) => { $r.uleb().ok()? };
    ([$r:ident $code:ident $params:ident $row:tt] reg $b:ident) => { $r.uleb().ok()? };
    ([$r:ident $code:ident $params:ident $row:tt] base_type $b:ident) => { $r.uleb().ok()? };
    ([$r:ident $code:ident $params:ident $row:tt] base_type_or_generic $b:ident) => {
        $r.uleb().ok()?
    };
    ([$r:ident $code:ident $params:ident $row:tt] sleb $b:ident) => { $r.sleb().ok()? };
    ([$r:ident $code:ident $params:ident $row:tt] u8 $b:ident) => { $r.u8()? };
    ([$r:ident $code:ident $params:ident $row:tt] u16 $b:ident) => { $r.fixed(2)? as u16 };
    ([$r:ident $code:ident $params:ident $row:tt] u32 $b:ident) => { $r.fixed(4)? as u32 };
    ([$r:ident $code:ident $params:ident $row:tt] branch $b:ident) => {
        $r.fixed(2)? as u16 as i16
    };
    ([$r:ident $code:ident $params:ident $row:tt] addr $b:ident) => {
        $r.fixed(usize::from($params.address_size))?
    };
    ([$r:ident $code:ident $params:ident $row:tt] ref_addr $b:ident) => {
        $r.fixed(usize::from($params.offset_size))?
    };
    ([$r:ident $code:ident $params:ident [$space:ident $c:tt { form: $form:path }]] constant $b:ident) => {
        extend_const($form, $r.fixed(usize::from($form.size()))?)
    };
    ([$r:ident $code:ident $params:ident $row:tt] block $b:ident) => {{
        let len = $r.uleb().ok()?;
        $r.take(len)?
    }};
    ([$r:ident $code:ident $params:ident $row:tt] nested $b:ident) => {{
        let len = $r.uleb().ok()?;
        $r.take(len)?
    }};
    ([$r:ident $code:ident $params:ident $row:tt] short_block $b:ident) => {{
        let len = $r.u8()?;
        $r.take(u64::from(len))?
    }};
    ([$r:ident $code:ident $params:ident
      [range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal) $fixed:tt]] in_opcode $b:ident) => {
        $code - $v0
    };
    ([$r:ident $code:ident $params:ident $row:tt] reg_in_opcode $b:ident) => {
        quick_read!([$r $code $params $row] in_opcode $b)
    };
}

/// One operand of a decoded operation, by value (blocks as slices).
macro_rules! op_value {
    ([] block $b:ident) => {
        &**$b
    };
    ([] nested $b:ident) => {
        &**$b
    };
    ([] short_block $b:ident) => {
        &**$b
    };
    ([] $k:ident $b:ident) => {
        *$b
    };
}

/// Generates [`execute`] (from bytes) and [`step`] (a decoded operation) from the table:
/// both run [`quick_op!`].
macro_rules! define_quick {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        /// Executes the decoded operation `op`.
        #[inline(always)]
        // Fixed fields (spelling, constant form) are bound and not needed.
        #[allow(unused_variables)]
        fn step<C: Context + ?Sized>(
            ctx: &mut C,
            m: &mut Machine,
            op: &Op,
            limits: &Limits,
        ) -> Option<()> {
            match op {
                $(
                    bind_fields!($V $fields) => quick_op!(
                        [ctx m limits (call)]
                        $V $fields operand_tuple!(op_value [] $fields)
                    ),
                )*
            }
        }

        /// Executes the operation of opcode `code`, reading its operands from `r`: the
        /// same operations as [`step`], with the decoder's operand rules (a malformed
        /// operand declines, and the general tier's decoder reports it).
        #[inline(always)]
        fn execute<C: Context + ?Sized>(
            ctx: &mut C,
            m: &mut Machine,
            r: &mut Reader<'_>,
            code: u8,
            params: DecodeParams,
            limits: &Limits,
        ) -> Option<()> {
            let reg = 'register: {
                let done = match code {
                    $($(
                        byte_pattern!($space $code) if byte_guard!($space, params.encoding) => {
                            quick_row!([ctx m limits r code params] $V $fields
                                [$space $code { $($( $fixed: $value ),*)? }] 'register)
                        }
                    )*)*
                    opcode::LLVM_USER if params.encoding == Encoding::User => {
                        match r.uleb().ok()? {
                            $($(
                                subop_pattern!($space $code) if subop_guard!($space) => {
                                    quick_row!([ctx m limits r code params] $V $fields
                                        [$space $code { $($( $fixed: $value ),*)? }] 'register)
                                }
                            )*)*
                            _ => None,
                        }
                    }
                    _ => None,
                };
                return done;
            };
            // A register followed by `DW_OP_piece` (most composites) joins the composite in
            // one step.
            if r.peek() == Some(opcode::PIECE) {
                r.u8();
                let bytes = r.uleb().ok()?;
                register_piece(ctx, m, reg, bytes)
            } else {
                register(ctx, m, reg)
            }
        }
    };
}

/// One arm of [`execute`]: the operation run on its operands read from the bytes.
macro_rules! quick_row {
    ([$ctx:ident $m:ident $limits:ident $r:ident $code:ident $params:ident] $V:ident $fields:tt
     $row:tt $label:lifetime) => {
        quick_op!(
            [$ctx $m $limits (break $label)]
            $V $fields
            operand_tuple!(quick_read [$r $code $params $row] $fields)
        )
    };
}

operations!(define_quick);

/// The bits a sized dereference reads (`None` for size 0, which the general tier
/// reports); sizes past the generic type read the whole generic value, as there.
#[inline(always)]
fn sized_bits(size: u8) -> Option<u32> {
    match size {
        0 => None,
        s => Some((u32::from(s) * 8).min(64)),
    }
}

/// `DW_OP_reg*`, `DW_OP_regx`: the register's location as the context gives it.
#[inline(always)]
fn register<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, reg: u64) -> Option<()> {
    m.push(register_slot(ctx, reg)?)
}

/// The location of register `reg` as the context gives it, if a quick slot holds it.
#[inline(always)]
fn register_slot<C: Context + ?Sized>(ctx: &mut C, reg: u64) -> Option<Slot> {
    Slot::take_register(ctx.backend().register_location(reg))
}

/// `DW_OP_breg*`, `DW_OP_bregx`: memory at the register's value plus `offset`.
#[inline(always)]
fn register_based<C: Context + ?Sized>(
    ctx: &mut C,
    m: &mut Machine,
    reg: u64,
    offset: i64,
) -> Option<()> {
    let t = ctx.backend_ref().target();
    let (bits, aspace) = (t.default_address_bits(), t.default_address_space());
    let a = register_address(ctx, reg, bits)?;
    m.push(memory(ctx, aspace, a.wrapping_add(offset as u64))?)
}

/// `DW_OP_fbreg`: the frame base (memory, or the address a register holds) plus
/// `offset`.
#[inline(always)]
fn frame_based<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, offset_bytes: i64) -> Option<()> {
    let fb = ctx.frame_base().ok()?;
    let fb = Slot::take_location(fb)?;
    let fb = match fb {
        Slot::Memory { .. } => fb,
        Slot::Register { .. } => {
            let t = ctx.backend_ref().target();
            let (bits, aspace) = (t.default_address_bits(), t.default_address_space());
            let a = read(ctx, fb, bits.into())?;
            memory(ctx, aspace, a)?
        }
        _ => return None,
    };
    m.push(offset(fb, i128::from(offset_bytes) * 8)?)
}

/// `DW_OP_deref`, `DW_OP_deref_size`: reads `nbits` through the top entry.
#[inline(always)]
fn deref<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, nbits: u32) -> Option<()> {
    let l = location(ctx, m.pop()?)?;
    let v = read(ctx, l, nbits)?;
    m.push(Slot::Generic(v))
}

/// `DW_OP_xderef`, `DW_OP_xderef_size`: reads `nbits` at the address on top, in the
/// address space below it.
#[inline(always)]
fn xderef<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, nbits: u32) -> Option<()> {
    let address = m.pop()?;
    let aspace = value(ctx, m.pop()?)?;
    let address = value(ctx, address)?;
    let l = memory(ctx, aspace, address)?;
    let v = read(ctx, l, nbits)?;
    m.push(Slot::Generic(v))
}

/// `DW_OP_LLVM_form_aspace_address`: the address below the address space on top.
#[inline(always)]
fn form_aspace_address<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine) -> Option<()> {
    let aspace = value(ctx, m.pop()?)?;
    let address = value(ctx, m.pop()?)?;
    m.push(memory(ctx, aspace, address)?)
}

/// `DW_OP_dup` (`depth` 0), `DW_OP_over` (`depth` 1).
#[inline(always)]
fn copy(m: &mut Machine, depth: usize) -> Option<()> {
    let i = m.depth.checked_sub(1 + depth)?;
    let s = m.stack[i];
    if matches!(s, Slot::Pieces) {
        return None;
    }
    m.push(s)
}

/// `DW_OP_drop` (not of the composite under construction).
#[inline(always)]
fn drop_top(m: &mut Machine) -> Option<()> {
    match m.pop()? {
        Slot::Pieces => None,
        _ => Some(()),
    }
}

/// `DW_OP_swap`.
#[inline(always)]
fn swap(m: &mut Machine) -> Option<()> {
    let n = m.depth;
    if n < 2 {
        return None;
    }
    m.stack.swap(n - 1, n - 2);
    Some(())
}

/// `DW_OP_plus_uconst`.
#[inline(always)]
fn plus_uconst<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, k: u64) -> Option<()> {
    let a = value(ctx, m.pop()?)?;
    m.push(Slot::Generic(a.wrapping_add(k)))
}

/// `DW_OP_LLVM_push_lane`.
#[inline(always)]
fn push_lane<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine) -> Option<()> {
    let lane = ctx.current_lane()?;
    if lane >= ctx.lane_count() {
        return None;
    }
    m.push(Slot::Generic(lane.into()))
}

/// `DW_OP_LLVM_offset`: the location below offset by the byte count on top.
#[inline(always)]
fn offset_by_value<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine) -> Option<()> {
    let delta = i128::from(value(ctx, m.pop()?)? as i64) * 8;
    offset_by(ctx, m, delta)
}

/// `DW_OP_LLVM_offset_uconst` and the rest of `DW_OP_LLVM_offset`: moves the location on
/// top by `delta` bits.
#[inline(always)]
fn offset_by<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, delta: i128) -> Option<()> {
    let l = location(ctx, m.pop()?)?;
    m.push(offset(l, delta)?)
}

/// `DW_OP_stack_value`.
#[inline(always)]
fn stack_value<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, limits: &Limits) -> Option<()> {
    let v = value(ctx, m.pop()?)?;
    if limits.max_implicit_bytes < 8 {
        return None;
    }
    m.push(Slot::Implicit(v))
}

/// A binary operation on two generic values.
#[inline(always)]
fn binary<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, op: BinOp) -> Option<()> {
    let r = value(ctx, m.pop()?)?;
    let l = value(ctx, m.pop()?)?;
    m.push(Slot::Generic(generic_binop_u64(op, l, r).ok()?))
}

/// `DW_OP_piece`: the top entry (or nothing: an undefined piece) joins the composite.
#[inline(always)]
fn piece<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, bytes: u64) -> Option<()> {
    let slot = match m.top() {
        None | Some(Slot::Pieces) => None,
        Some(_) => Some(location(ctx, m.pop()?)?),
    };
    add_piece(ctx, m, slot, bytes)
}

/// `DW_OP_reg*`/`DW_OP_regx` followed by `DW_OP_piece` (most composites): the register
/// joins the composite without passing through the stack.
#[inline(always)]
fn register_piece<C: Context + ?Sized>(
    ctx: &mut C,
    m: &mut Machine,
    reg: u64,
    bytes: u64,
) -> Option<()> {
    // The register would have been pushed: the same stack bound applies.
    if m.depth >= m.max_depth {
        return None;
    }
    let slot = register_slot(ctx, reg)?;
    add_piece(ctx, m, Some(slot), bytes)
}

/// Adds a piece of `bytes` bytes of `slot` (a location; `None`: undefined) to the
/// composite on top of the stack, or starts one.
#[inline(always)]
fn add_piece<C: Context + ?Sized>(
    ctx: &mut C,
    m: &mut Machine,
    slot: Option<Slot>,
    bytes: u64,
) -> Option<()> {
    let bits = bytes.checked_mul(8)?;
    if let Some(s) = slot
        && s.offset_bits() + u128::from(bits) > s.storage_bits()
    {
        return None;
    }
    match m.top() {
        Some(Slot::Pieces) => {}
        // A second composite while the first is under construction: general tier.
        _ if !m.parts.is_empty() => return None,
        _ => {
            m.push(Slot::Pieces)?;
            m.max_piece_bits = ctx.backend_ref().target().max_composite_bits();
        }
    }
    let total = m.piece_bits + u128::from(bits);
    if total > m.max_piece_bits || m.parts.len() >= m.max_pieces {
        return None;
    }
    if m.parts.len() == m.parts.capacity() {
        // An empty buffer (or a reused one too small): room for every piece the
        // expression can make, counted once.
        let room = m.source.piece_bound().min(m.max_pieces);
        let len = m.parts.len();
        m.parts.reserve_exact(room.saturating_sub(len));
        // Cannot happen (this piece is counted); checking it keeps `push` from growing,
        // so the part is written in place.
        if m.parts.len() == m.parts.capacity() {
            return None;
        }
    }
    m.parts.push(Part::Piece {
        loc: match slot {
            Some(s) => s.simple_location(),
            None => LocDesc::undefined(),
        },
        bits: bits.into(),
    });
    m.piece_bits = total;
    Some(())
}

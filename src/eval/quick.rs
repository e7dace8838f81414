//! The quick tier of the evaluator: straight-line location expressions made of the
//! operations compilers emit for almost every variable (literals, registers, `breg*`,
//! `fbreg`, `deref`, `xderef`, integer arithmetic, the lane and offset operations,
//! `stack_value` and `piece`) run on a small fixed stack of plain scalars instead of the
//! general stack of [`Entry`](super::Entry) values.
//!
//! The tier gives the same result as the general interpreter or declines: any operation
//! outside its set, any entry it cannot hold, and any error hands the whole expression to
//! the general interpreter, which then reports exactly as it always does. Context queries
//! it made before declining are repeated there; they are reads, so that costs time only
//! on those rare paths. `tests::quick_agrees_with_general` and the evaluator fuzz target
//! hold the two tiers to the same answers.

use super::context::Context;
use super::error::Result;
use super::location::{Composite, LocDesc, Part, Storage};
use super::machine::{Evaluator, Limits, generic_binop, generic_binop_u64};
use super::value::Bytes;
use crate::expr::leb::Reader;
use crate::expr::op::Op;
use crate::expr::{DecodeParams, decode_common};

/// Entries the quick stack holds; deeper expressions go to the general interpreter.
const STACK: usize = 8;
/// Pieces one quick composite holds.
const PIECES: usize = 8;

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

/// One piece of the composite under construction.
#[derive(Clone, Copy)]
struct Piece {
    /// `None`: an undefined piece.
    slot: Option<Slot>,
    bits: u64,
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

    /// The single register or byte-aligned memory location `l` is, if it is one.
    #[inline]
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

    /// The location this slot stands for (`None` for values and the composite marker).
    #[inline]
    fn to_location(self) -> Option<LocDesc> {
        match self {
            Slot::Generic(_) | Slot::Pieces => None,
            s => Some(s.simple_location()),
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
            Slot::Memory { address_bits, .. } => 1u128 << (u32::from(address_bits) + 3),
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
struct Machine {
    stack: [Slot; STACK],
    depth: usize,
    max_depth: usize,
    /// Set up by the first piece (most expressions have none).
    pieces: Option<[Piece; PIECES]>,
    piece_count: usize,
    piece_bits: u128,
    max_pieces: usize,
}

impl Machine {
    #[inline(always)]
    fn new(limits: &Limits) -> Self {
        Machine {
            stack: [Slot::Pieces; STACK],
            depth: 0,
            max_depth: STACK.min(limits.max_stack),
            pieces: None,
            piece_count: 0,
            piece_bits: 0,
            max_pieces: PIECES.min(limits.max_composite_parts),
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
/// or returns what `general` (the general interpreter) returns when this tier declines.
///
/// The result is built in the return value itself (not returned through an `Option` and
/// then moved): copying a freshly written location stalls on store forwarding.
///
/// [`Evaluator::evaluate_location`]: super::Evaluator::evaluate_location
#[inline(always)]
pub(super) fn evaluate_location<C: Context + ?Sized>(
    ctx: &mut C,
    ops: &[Op],
    limits: &Limits,
    general: impl FnOnce(&mut C) -> Result<LocDesc>,
) -> Result<LocDesc> {
    if ops.len() as u64 > limits.max_steps || ctx.target().generic_bits() != 64 {
        return general(ctx);
    }
    let mut m = Machine::new(limits);
    for op in ops {
        if step(ctx, &mut m, op, limits).is_none() {
            return general(ctx);
        }
    }
    result(ctx, &m, general)
}

/// [`evaluate_location`] straight from the encoded bytes: each operation is decoded and
/// executed in turn, with no decoded expression in between. Anything the shared fast
/// decoder does not cover, or malformed bytes, go to `general` (which decodes fully and
/// reports decoding errors).
#[inline(always)]
pub(super) fn evaluate_location_bytes<C: Context + ?Sized>(
    ctx: &mut C,
    bytes: &[u8],
    params: DecodeParams,
    limits: &Limits,
    general: impl FnOnce(&mut C) -> Result<LocDesc>,
) -> Result<LocDesc> {
    if ctx.target().generic_bits() != 64 || params.check().is_err() {
        return general(ctx);
    }
    let mut m = Machine::new(limits);
    let mut r = Reader::new(bytes, 0);
    let mut steps = 0u64;
    while !r.at_end() {
        steps += 1;
        let mut op = Op::Nop;
        if steps > limits.max_steps
            || !decode_common(&mut r, params, |o| op = o)
            || step(ctx, &mut m, &op, limits).is_none()
        {
            return general(ctx);
        }
    }
    result(ctx, &m, general)
}

/// The evaluation's result: the top entry as a location description, built in the
/// return value itself.
#[inline(always)]
fn result<C: Context + ?Sized>(
    ctx: &mut C,
    m: &Machine,
    general: impl FnOnce(&mut C) -> Result<LocDesc>,
) -> Result<LocDesc> {
    let top = match m.top() {
        None => return Ok(LocDesc::undefined()),
        Some(Slot::Pieces) => Slot::Pieces,
        Some(s) => match location(ctx, s) {
            Some(s @ (Slot::Register { .. } | Slot::Memory { .. } | Slot::Implicit(_))) => s,
            _ => return general(ctx),
        },
    };
    // Built in the return value itself: `to_location`'s `Option` would be a copy.
    Ok(match top {
        Slot::Pieces => LocDesc::new(Storage::Composite(composite(m)), 0),
        s => s.simple_location(),
    })
}

/// Converts a stack entry to a value as the general interpreter's implicit conversion
/// does: default-address-space memory locations become their address.
#[inline(always)]
fn value<C: Context + ?Sized>(ctx: &C, s: Slot) -> Option<u64> {
    match s {
        Slot::Generic(v) => Some(v),
        Slot::Memory {
            aspace, address, ..
        } if aspace == ctx.target().default_address_space() => Some(address),
        _ => None,
    }
}

/// Converts a stack entry to a location as the general interpreter's implicit conversion
/// does: generic values become default-address-space memory (no lane captured).
#[inline(always)]
fn location<C: Context + ?Sized>(ctx: &C, s: Slot) -> Option<Slot> {
    match s {
        Slot::Generic(v) => {
            let t = ctx.target();
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
            ctx.read_register(reg, frame, offset_bits / 8, &mut buf[..n])
                .ok()?;
        }
        Slot::Memory {
            aspace,
            lane,
            address,
            ..
        } if end <= s.storage_bits() => {
            ctx.read_memory(aspace, lane, address, &mut buf[..n]).ok()?;
        }
        _ => return None,
    }
    Some(u64::from_le_bytes(buf))
}

/// A memory slot at `address` of `aspace`, capturing the lane as the general tier's
/// `memory` does.
#[inline(always)]
fn memory<C: Context + ?Sized>(ctx: &C, aspace: u64, address: u64) -> Option<Slot> {
    let space = ctx.target().address_space(aspace)?;
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
    let l = ctx.register_location(reg).ok()?;
    let s = Slot::take_location(l)?;
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

#[inline(always)]
fn step<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, op: &Op, limits: &Limits) -> Option<()> {
    match op {
        Op::Lit(n) => m.push(Slot::Generic(u64::from(*n))),
        Op::Const { value, .. } | Op::Constu(value) => m.push(Slot::Generic(*value)),
        Op::Consts(v) => m.push(Slot::Generic(*v as u64)),
        Op::Reg(_) | Op::Regx(_) => {
            let reg = match op {
                Op::Reg(r) => u64::from(*r),
                Op::Regx(r) => *r,
                _ => unreachable!(),
            };
            let l = ctx.register_location(reg).ok()?;
            m.push(Slot::take_location(l)?)
        }
        Op::Breg { .. } | Op::Bregx { .. } => {
            let (reg, off) = match op {
                Op::Breg { reg, offset } => (u64::from(*reg), *offset),
                Op::Bregx { reg, offset } => (*reg, *offset),
                _ => unreachable!(),
            };
            let t = ctx.target();
            let (bits, aspace) = (t.default_address_bits(), t.default_address_space());
            let a = register_address(ctx, reg, bits)?;
            m.push(memory(ctx, aspace, a.wrapping_add(off as u64))?)
        }
        Op::Fbreg(off) => {
            let fb = ctx.frame_base().ok()?;
            let fb = Slot::take_location(fb)?;
            let fb = match fb {
                Slot::Memory { .. } => fb,
                Slot::Register { .. } => {
                    let t = ctx.target();
                    let (bits, aspace) = (t.default_address_bits(), t.default_address_space());
                    let a = read(ctx, fb, bits.into())?;
                    memory(ctx, aspace, a)?
                }
                _ => return None,
            };
            m.push(offset(fb, i128::from(*off) * 8)?)
        }
        Op::Deref | Op::DerefSize(_) => {
            let nbits = match op {
                Op::DerefSize(0) => return None,
                Op::DerefSize(s) => (u32::from(*s) * 8).min(64),
                _ => 64,
            };
            let l = location(ctx, m.pop()?)?;
            let v = read(ctx, l, nbits)?;
            m.push(Slot::Generic(v))
        }
        Op::Xderef | Op::XderefSize(_) | Op::LlvmFormAspaceAddress => {
            let nbits = match op {
                Op::XderefSize(0) => return None,
                Op::XderefSize(s) => (u32::from(*s) * 8).min(64),
                _ => 64,
            };
            // xderef: address on top, space below; form_aspace_address: the reverse.
            let (address, aspace) = if matches!(op, Op::LlvmFormAspaceAddress) {
                let aspace = m.pop()?;
                (m.pop()?, aspace)
            } else {
                let address = m.pop()?;
                (address, m.pop()?)
            };
            let aspace = value(ctx, aspace)?;
            let address = value(ctx, address)?;
            let l = memory(ctx, aspace, address)?;
            if matches!(op, Op::LlvmFormAspaceAddress) {
                m.push(l)
            } else {
                let v = read(ctx, l, nbits)?;
                m.push(Slot::Generic(v))
            }
        }
        Op::Dup | Op::Over => {
            let depth = usize::from(matches!(op, Op::Over));
            let i = m.depth.checked_sub(1 + depth)?;
            let s = m.stack[i];
            if matches!(s, Slot::Pieces) {
                return None;
            }
            m.push(s)
        }
        Op::Drop => match m.pop()? {
            Slot::Pieces => None,
            _ => Some(()),
        },
        Op::Swap => {
            let n = m.depth;
            if n < 2 {
                return None;
            }
            m.stack.swap(n - 1, n - 2);
            Some(())
        }
        Op::PlusUconst(k) => {
            let a = value(ctx, m.pop()?)?;
            m.push(Slot::Generic(a.wrapping_add(*k)))
        }
        Op::LlvmPushLane => {
            let lane = ctx.lane()?;
            if lane >= ctx.lanes() {
                return None;
            }
            m.push(Slot::Generic(lane.into()))
        }
        Op::LlvmOffset | Op::LlvmOffsetUconst(_) => {
            let delta = match op {
                Op::LlvmOffsetUconst(k) => i128::from(*k) * 8,
                _ => i128::from(value(ctx, m.pop()?)? as i64) * 8,
            };
            let l = location(ctx, m.pop()?)?;
            m.push(offset(l, delta)?)
        }
        Op::StackValue => {
            let v = value(ctx, m.pop()?)?;
            if limits.max_implicit_bytes < 8 {
                return None;
            }
            m.push(Slot::Implicit(v))
        }
        Op::Piece(n) => piece(ctx, m, *n),
        Op::Nop | Op::LlvmNop => Some(()),
        op => {
            let b = generic_binop(op)?;
            let r = value(ctx, m.pop()?)?;
            let l = value(ctx, m.pop()?)?;
            m.push(Slot::Generic(generic_binop_u64(b, l, r).ok()?))
        }
    }
}

/// `DW_OP_piece`: the top entry (or nothing: an undefined piece) joins the composite.
#[inline(always)]
fn piece<C: Context + ?Sized>(ctx: &mut C, m: &mut Machine, bytes: u64) -> Option<()> {
    let bits = bytes.checked_mul(8)?;
    let slot = match m.top() {
        None | Some(Slot::Pieces) => None,
        Some(_) => {
            let s = location(ctx, m.pop()?)?;
            if s.offset_bits() + u128::from(bits) > s.storage_bits() {
                return None;
            }
            Some(s)
        }
    };
    let total = m.piece_bits + u128::from(bits);
    if total > ctx.target().max_composite_bits() || m.piece_count >= m.max_pieces {
        return None;
    }
    match m.top() {
        Some(Slot::Pieces) => {}
        // A second composite while the first is under construction: general tier.
        _ if m.piece_count > 0 => return None,
        _ => m.push(Slot::Pieces)?,
    }
    let pieces = m.pieces.get_or_insert(
        [Piece {
            slot: None,
            bits: 0,
        }; PIECES],
    );
    pieces[m.piece_count] = Piece { slot, bits };
    m.piece_count += 1;
    m.piece_bits = total;
    Some(())
}

/// What an unset piece slot holds (an undefined piece of no bits).
const NO_PIECE: Piece = Piece {
    slot: None,
    bits: 0,
};

/// The completed composite of the pieces.
#[inline(always)]
fn composite(m: &Machine) -> Composite {
    Composite::complete_with(m.piece_count, |i| {
        let p = m.pieces.as_ref().map_or(&NO_PIECE, |pieces| &pieces[i]);
        Part::Piece {
            loc: match p.slot.and_then(Slot::to_location) {
                Some(l) => l,
                None => LocDesc::undefined(),
            },
            bits: p.bits.into(),
        }
    })
}

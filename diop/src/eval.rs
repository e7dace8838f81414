//! Reference evaluation of DIOp expressions in the seed's model: every stack entry is a
//! location description with an LLVM type, values are implicit locations, `DIOpAddrOf`
//! makes an implicit address that `DIOpDeref` undoes. It runs against the same
//! [`Context`] as the DWARF evaluator, so the two can be compared on one program state.
//!
//! Where the seed and the fork leave a meaning open, this evaluator fixes one (and the
//! lowering must agree with it): integer arithmetic wraps at the type's width; `DIOpDiv` and
//! `DIOpMod` are signed (as `DW_OP_div`); `DIOpLShr`/`DIOpShl` by the width or more give
//! 0 and `DIOpAShr` the sign; offsets are signed in their type; `DIOpConvert` from an
//! integer to a floating-point type is signed; a pointer converted to another address
//! space still designates the same memory (the fork lowers that conversion to nothing);
//! `DIOpSelect` takes element I from its second input when mask bit I is 1, else from its
//! third (the fork's input order, mask first).

use hetdwarf::eval::Bytes;
use hetdwarf::eval::{Backend, Context, Error, LocDesc, Part, Result};

use super::binding::{self, Bindings};
use super::check::Typing;
use super::expr::Expression;
use super::layout::DataLayout;
use super::op::DiOp;
use super::types::{FloatKind, Type};

/// The widest value the evaluator computes with (integers, pointers) in bits.
pub const MAX_VALUE_BITS: u64 = 128;

/// What a DIOp expression evaluates to.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A location of the result type.
    Location {
        /// Where.
        loc: LocDesc,
        /// Its type.
        ty: Type,
    },
    /// An implicit address (`DIOpAddrOf` last): a pointer, in LLVM address space `space`,
    /// to an object that has no address (an implicit pointer in DWARF).
    ImplicitAddress {
        /// The addressed location.
        target: LocDesc,
        /// Its type.
        target_ty: Type,
        /// LLVM address space of the notional pointer.
        space: u32,
    },
}

#[derive(Clone, Debug)]
enum Entry {
    Loc {
        loc: LocDesc,
        ty: Type,
        /// For a pointer converted from another address space: the LLVM space its
        /// address still belongs to.
        origin_space: Option<u32>,
    },
    Addr {
        target: LocDesc,
        target_ty: Type,
        space: u32,
    },
}

impl Entry {
    fn ty(&self) -> Type {
        match self {
            Entry::Loc { ty, .. } => ty.clone(),
            Entry::Addr { space, .. } => Type::ptr(*space),
        }
    }
}

fn loc_entry(loc: LocDesc, ty: Type) -> Entry {
    Entry::Loc {
        loc,
        ty,
        origin_space: None,
    }
}

/// Evaluates `expr` (already checked: `typing` from [`check`](super::check())) against
/// `ctx` with its inputs bound by `bindings`.
pub fn evaluate<C: Context + ?Sized>(
    ctx: &mut C,
    expr: &Expression,
    typing: &Typing,
    layout: &DataLayout,
    bindings: &Bindings,
) -> Result<Outcome> {
    let mut stack: Vec<Entry> = Vec::new();
    for (i, op) in expr.ops.iter().enumerate() {
        let n = op.inputs();
        if stack.len() < n {
            return Err(at_op(
                Error::ill_formed(format!("{} requires more inputs", op.name())),
                i,
            ));
        }
        let ins = stack.split_off(stack.len() - n);
        let pushed = typing.pushed.get(i).cloned().flatten();
        let out = step(ctx, op, ins, pushed, layout, bindings).map_err(|e| at_op(e, i))?;
        if let Some(e) = out {
            stack.push(e);
        }
    }
    match stack.pop() {
        Some(Entry::Loc { loc, ty, .. }) if stack.is_empty() => Ok(Outcome::Location { loc, ty }),
        Some(Entry::Addr {
            target,
            target_ty,
            space,
        }) if stack.is_empty() => Ok(Outcome::ImplicitAddress {
            target,
            target_ty,
            space,
        }),
        _ => Err(Error::ill_formed(
            "DIOp expression requires one element on stack after evaluating",
        )),
    }
}

/// `e`, its message naming DIOp operation `i` (DIOp has no byte offsets).
fn at_op(e: Error, i: usize) -> Error {
    use hetdwarf::eval::ErrorDetail as D;
    let located = match e.detail() {
        D::Decode { reason, .. } => Error::decode(format!("operation {i}: {reason}")),
        D::IllFormed { reason, .. } => Error::ill_formed(format!("operation {i}: {reason}")),
        D::Evaluation { reason, .. } => Error::evaluation(format!("operation {i}: {reason}")),
        D::Unavailable { reason, .. } => Error::unavailable(format!("operation {i}: {reason}")),
        D::MissingContext { what, .. } => Error::missing(format!("{what} (operation {i})")),
        D::LimitExceeded { .. } => return e,
        // `ErrorDetail` is non-exhaustive: a detail added later keeps its own message.
        _ => return e,
    };
    located.with_cause_of(&e)
}

fn size_of(layout: &DataLayout, ty: &Type) -> Result<u64> {
    layout
        .size_bits(ty)
        .ok_or_else(|| Error::ill_formed(format!("the size of {ty} is unknown")))
}

/// Reads a whole value of `ty` from `loc`: every bit must be there.
fn read_bits<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    ty: &Type,
    layout: &DataLayout,
) -> Result<Vec<u8>> {
    let bits = size_of(layout, ty)?;
    if bits > u64::from(u16::MAX) * 8 {
        return Err(Error::evaluation(format!(
            "a value of {ty} is too large to read"
        )));
    }
    let b = hetdwarf::eval::read(ctx, loc, 0, bits)?;
    if b.any_optimized_out() {
        return Err(Error::evaluation(format!(
            "reading {ty} from an undefined location"
        )));
    }
    if b.any_unavailable() {
        // Where, for which lane (unless the place names it), and the backend's reason.
        let place = loc.display(ctx.backend_ref().target()).to_string();
        let lane = match ctx.current_lane() {
            Some(l) if !place.contains("(lane ") => format!(" for lane {l}"),
            _ => String::new(),
        };
        let e = Error::unavailable(format!("the {ty} value at {place}{lane} could not be read"));
        return Err(match b.unavailable_cause() {
            Some(cause) => e.caused_by(cause.clone()),
            None => e,
        });
    }
    Ok(b.data().to_vec())
}

fn to_u128(bytes: &[u8]) -> u128 {
    bytes
        .iter()
        .take(16)
        .rev()
        .fold(0u128, |a, &x| (a << 8) | u128::from(x))
}

fn from_u128(v: u128, bits: u64) -> Vec<u8> {
    let n = bits.div_ceil(8) as usize;
    let mut out: Vec<u8> = (0..n)
        .map(|i| if i < 16 { (v >> (8 * i)) as u8 } else { 0 })
        .collect();
    if !bits.is_multiple_of(8)
        && let Some(last) = out.last_mut()
    {
        *last &= (1u8 << (bits % 8)) - 1;
    }
    out
}

/// The low `bits` bits of `v`.
pub(crate) fn mask(v: u128, bits: u64) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

/// `v` as a signed integer of `bits` bits.
pub(crate) fn sext(v: u128, bits: u64) -> i128 {
    if bits == 0 || bits >= 128 {
        return v as i128;
    }
    let s = 128 - bits as u32;
    ((v << s) as i128) >> s
}

fn scalar_bits(ty: &Type, layout: &DataLayout) -> Result<u64> {
    let b = size_of(layout, ty)?;
    if b > MAX_VALUE_BITS {
        return Err(Error::evaluation(format!(
            "arithmetic on {ty} (wider than {MAX_VALUE_BITS} bits) is not supported"
        )));
    }
    Ok(b)
}

fn float_of(kind: FloatKind, raw: u128) -> Result<f64> {
    Ok(match kind {
        FloatKind::Half => f64::from(hetdwarf::typed::float::half_to_f32(raw as u16)),
        FloatKind::BFloat => f64::from(f32::from_bits((raw as u32) << 16)),
        FloatKind::Float => f64::from(f32::from_bits(raw as u32)),
        FloatKind::Double => f64::from_bits(raw as u64),
        k => {
            return Err(Error::evaluation(format!(
                "arithmetic on {} is not supported",
                k.name()
            )));
        }
    })
}

fn float_bits(kind: FloatKind, v: f64) -> Result<u128> {
    Ok(match kind {
        FloatKind::Half => u128::from(hetdwarf::typed::float::f64_to_half(v)),
        FloatKind::BFloat => u128::from(hetdwarf::typed::float::f32_to_bf16(v as f32)),
        FloatKind::Float => u128::from((v as f32).to_bits()),
        FloatKind::Double => u128::from(v.to_bits()),
        k => {
            return Err(Error::evaluation(format!(
                "arithmetic on {} is not supported",
                k.name()
            )));
        }
    })
}

fn value<C: Context + ?Sized>(ctx: &mut C, e: &Entry, layout: &DataLayout) -> Result<(u128, Type)> {
    match e {
        Entry::Loc { loc, ty, .. } => {
            scalar_bits(ty, layout)?;
            Ok((to_u128(&read_bits(ctx, loc, ty, layout)?), ty.clone()))
        }
        Entry::Addr { .. } => Err(Error::evaluation(
            "an implicit address (DIOpAddrOf) has no value to read",
        )),
    }
}

fn implicit(v: u128, ty: Type, layout: &DataLayout) -> Result<Entry> {
    let bits = size_of(layout, &ty)?;
    Ok(loc_entry(binding::implicit(&from_u128(v, bits), bits), ty))
}

fn step<C: Context + ?Sized>(
    ctx: &mut C,
    op: &DiOp,
    mut ins: Vec<Entry>,
    pushed: Option<Type>,
    layout: &DataLayout,
    bindings: &Bindings,
) -> Result<Option<Entry>> {
    let result_ty = || {
        pushed
            .clone()
            .ok_or_else(|| Error::ill_formed("the expression was not type-checked"))
    };
    let bound =
        |ctx: &mut C, b: Option<&binding::Binding>, ty: &Type, what: &str| -> Result<Entry> {
            let b = b.ok_or_else(|| Error::missing(format!("a binding for {what}")))?;
            let loc = binding::location(ctx, b, ty, layout.size_bits(ty))?;
            Ok(loc_entry(loc, ty.clone()))
        };
    let e = match op {
        DiOp::Referrer(ty) => bound(ctx, bindings.referrer.as_ref(), ty, "the referrer")?,
        DiOp::Arg { index, ty } => bound(
            ctx,
            bindings.args.get(*index as usize),
            ty,
            &format!("DIOpArg({index})"),
        )?,
        DiOp::TypeObject(ty) => loc_entry(ctx.current_object()?, ty.clone()),
        DiOp::Constant(lit) => match lit.to_bits(layout) {
            Some(b) => {
                let bits = layout.size_bits(&lit.ty()).unwrap_or(b.len() as u64 * 8);
                loc_entry(binding::implicit(&b, bits), lit.ty())
            }
            None if lit.is_undefined() => loc_entry(LocDesc::undefined(), lit.ty()),
            None => return Err(Error::ill_formed(format!("cannot size the constant {lit}"))),
        },
        DiOp::Convert(to) => convert(ctx, &ins[0], to, layout)?,
        DiOp::ZExt(to) | DiOp::SExt(to) => {
            let (v, from) = value(ctx, &ins[0], layout)?;
            let fb = size_of(layout, &from)?;
            let tb = scalar_bits(to, layout)?;
            let r = if matches!(op, DiOp::SExt(_)) {
                mask(sext(v, fb) as u128, tb)
            } else {
                v
            };
            implicit(r, to.clone(), layout)?
        }
        DiOp::Reinterpret(to) => match ins.pop().expect("one input") {
            Entry::Loc {
                loc, origin_space, ..
            } => Entry::Loc {
                loc,
                ty: to.clone(),
                origin_space,
            },
            Entry::Addr { .. } => {
                return Err(Error::ill_formed("DIOpReinterpret of an implicit address"));
            }
        },
        DiOp::BitOffset(_) | DiOp::ByteOffset(_) | DiOp::Offset => {
            let (v, oty) = value(ctx, &ins[1], layout)?;
            let off = sext(v, size_of(layout, &oty)?);
            let scale = if matches!(op, DiOp::BitOffset(_)) {
                1
            } else {
                8
            };
            let Entry::Loc { mut loc, ty, .. } = ins.swap_remove(0) else {
                return Err(Error::ill_formed("offset of an implicit address"));
            };
            loc.offset_bits(
                off.checked_mul(scale)
                    .ok_or_else(|| Error::evaluation("offset out of range"))?,
            )?;
            let ty = match op {
                DiOp::Offset => ty,
                DiOp::BitOffset(t) | DiOp::ByteOffset(t) => t.clone(),
                _ => unreachable!(),
            };
            loc_entry(loc, ty)
        }
        DiOp::Composite { ty, .. } => {
            let mut parts = Vec::with_capacity(ins.len());
            for e in ins {
                let Entry::Loc { loc, ty: t, .. } = e else {
                    return Err(Error::ill_formed("a composite part is an implicit address"));
                };
                parts.push(Part::Piece {
                    loc,
                    bits: u128::from(size_of(layout, &t)?),
                });
            }
            loc_entry(LocDesc::composite(parts), ty.clone())
        }
        DiOp::Extend(count) => {
            let Entry::Loc { loc, ty, .. } = ins.pop().expect("one input") else {
                return Err(Error::ill_formed("DIOpExtend of an implicit address"));
            };
            let bits = size_of(layout, &ty)?;
            loc_entry(
                LocDesc::composite(vec![Part::Repeat {
                    loc,
                    bits,
                    count: u64::from(*count),
                }]),
                result_ty()?,
            )
        }
        DiOp::Select => {
            let (m, mty) = match &ins[0] {
                Entry::Loc { loc, ty, .. } => (read_bits(ctx, loc, ty, layout)?, ty.clone()),
                Entry::Addr { .. } => {
                    return Err(Error::ill_formed("DIOpSelect mask is an implicit address"));
                }
            };
            let ty = ins[1].ty();
            let Type::Vector { count, elem } = &ty else {
                return Err(Error::ill_formed("DIOpSelect requires vector inputs"));
            };
            if size_of(layout, &mty)? < u64::from(*count) {
                return Err(Error::ill_formed(format!(
                    "DIOpSelect mask {mty} has fewer bits than the {count} elements"
                )));
            }
            let bits = size_of(layout, elem)?;
            let zero = ins.pop().expect("three inputs");
            let one = ins.pop().expect("three inputs");
            let (Entry::Loc { loc: one, .. }, Entry::Loc { loc: zero, .. }) = (one, zero) else {
                return Err(Error::ill_formed("DIOpSelect of an implicit address"));
            };
            loc_entry(
                LocDesc::composite(vec![Part::Select {
                    zero: Box::new(zero),
                    one: Box::new(one),
                    mask: Bytes::new(&m),
                    bits,
                    count: u64::from(*count),
                }]),
                ty.clone(),
            )
        }
        DiOp::AddrOf(space) => match ins.pop().expect("one input") {
            Entry::Loc { loc, ty, .. } => Entry::Addr {
                target: loc,
                target_ty: ty,
                space: *space,
            },
            Entry::Addr { .. } => {
                return Err(Error::ill_formed("DIOpAddrOf of an implicit address"));
            }
        },
        DiOp::Deref(_) => {
            let to = result_ty()?;
            match ins.pop().expect("one input") {
                Entry::Addr { target, .. } => loc_entry(target, to),
                e @ Entry::Loc { .. } => {
                    let Entry::Loc {
                        ref ty,
                        origin_space,
                        ..
                    } = e
                    else {
                        unreachable!()
                    };
                    let Some(space) = origin_space.or(ty.address_space()) else {
                        return Err(Error::ill_formed(
                            "DIOpDeref requires input to be pointer typed",
                        ));
                    };
                    let (address, _) = value(ctx, &e, layout)?;
                    let dwarf = ctx
                        .backend_ref()
                        .target()
                        .dwarf_address_space_of_llvm(space)
                        .ok_or_else(|| {
                            Error::ill_formed(format!(
                                "LLVM address space {space} has no DWARF address space on {}",
                                ctx.backend_ref().target().name()
                            ))
                        })?;
                    loc_entry(hetdwarf::eval::memory_location(ctx, dwarf, address)?, to)
                }
            }
        }
        DiOp::Read => {
            let Entry::Loc { loc, ty, .. } = ins.pop().expect("one input") else {
                return Err(Error::evaluation(
                    "an implicit address (DIOpAddrOf) has no value to read",
                ));
            };
            let bits = size_of(layout, &ty)?;
            loc_entry(
                binding::implicit(&read_bits(ctx, &loc, &ty, layout)?, bits),
                ty,
            )
        }
        DiOp::Add
        | DiOp::Sub
        | DiOp::Mul
        | DiOp::Div
        | DiOp::Mod
        | DiOp::LShr
        | DiOp::AShr
        | DiOp::Shl
        | DiOp::And
        | DiOp::Or
        | DiOp::Xor
        | DiOp::Shr => {
            let (a, ty) = value(ctx, &ins[0], layout)?;
            let (b, bty) = value(ctx, &ins[1], layout)?;
            let r = binary(op, a, &ty, b, &bty, layout)?;
            implicit(r, ty, layout)?
        }
        DiOp::PushLane(ty) => {
            let lane = ctx
                .current_lane()
                .ok_or_else(|| Error::missing("a current lane (DIOpPushLane)"))?;
            implicit(u128::from(lane), ty.clone(), layout)?
        }
        DiOp::Fragment { .. } => return Ok(None),
    };
    Ok(Some(e))
}

fn binary(op: &DiOp, a: u128, ty: &Type, b: u128, bty: &Type, layout: &DataLayout) -> Result<u128> {
    let bits = scalar_bits(ty, layout)?;
    if let Type::Float(k) = ty {
        let (x, y) = (float_of(*k, a)?, float_of(*k, b)?);
        let r = match op {
            DiOp::Add => x + y,
            DiOp::Sub => x - y,
            DiOp::Mul => x * y,
            DiOp::Div => x / y,
            DiOp::Mod => x % y,
            _ => {
                return Err(Error::ill_formed(format!(
                    "{} requires all integer inputs",
                    op.name()
                )));
            }
        };
        return float_bits(*k, r);
    }
    integer_op(op, a, bits, b, size_of(layout, bty)?)
}

/// A binary operation on integers of `bits` bits (the right-hand side, a shift amount,
/// of `b_bits`), wrapped to `bits`: the reference semantics, shared with the simplifier's
/// constant folding. Division by zero is an evaluation error.
pub(crate) fn integer_op(op: &DiOp, a: u128, bits: u64, b: u128, b_bits: u64) -> Result<u128> {
    let bb = b_bits;
    let r = match op {
        DiOp::Add => a.wrapping_add(b),
        DiOp::Sub => a.wrapping_sub(b),
        DiOp::Mul => a.wrapping_mul(b),
        DiOp::Div | DiOp::Mod => {
            let (x, y) = (sext(a, bits), sext(b, bits));
            if y == 0 {
                return Err(Error::evaluation("division by zero"));
            }
            (if matches!(op, DiOp::Div) {
                x.wrapping_div(y)
            } else {
                x.wrapping_rem(y)
            }) as u128
        }
        DiOp::And => a & b,
        DiOp::Or => a | b,
        DiOp::Xor => a ^ b,
        DiOp::Shl | DiOp::LShr | DiOp::Shr | DiOp::AShr => {
            let amount = mask(b, bb);
            if amount >= u128::from(bits) {
                match op {
                    DiOp::AShr if sext(a, bits) < 0 => u128::MAX,
                    _ => 0,
                }
            } else {
                let s = amount as u32;
                match op {
                    DiOp::Shl => a << s,
                    DiOp::AShr => (sext(a, bits) >> s) as u128,
                    _ => mask(a, bits) >> s,
                }
            }
        }
        _ => {
            return Err(Error::ill_formed(format!(
                "{} is not a binary operation",
                op.name()
            )));
        }
    };
    Ok(mask(r, bits))
}

fn convert<C: Context + ?Sized>(
    ctx: &mut C,
    input: &Entry,
    to: &Type,
    layout: &DataLayout,
) -> Result<Entry> {
    let from = input.ty();
    if let (Type::Ptr { space: fs, .. }, Type::Ptr { space: ts, .. }) = (&from, to) {
        // The address keeps designating the same memory (see the module notes).
        let Entry::Loc {
            loc, origin_space, ..
        } = input.clone()
        else {
            return Err(Error::ill_formed("DIOpConvert of an implicit address"));
        };
        let origin = if fs == ts {
            origin_space
        } else {
            Some(origin_space.unwrap_or(*fs))
        };
        let (fb, tb) = (size_of(layout, &from)?, size_of(layout, to)?);
        if fb == tb {
            return Ok(Entry::Loc {
                loc,
                ty: to.clone(),
                origin_space: origin,
            });
        }
        // A pointer of another size holds the same address, zero-extended or truncated.
        let (v, _) = value(ctx, input, layout)?;
        let Entry::Loc { loc, .. } = implicit(mask(v, tb), to.clone(), layout)? else {
            unreachable!("implicit makes a location");
        };
        return Ok(Entry::Loc {
            loc,
            ty: to.clone(),
            origin_space: origin,
        });
    }
    let (v, _) = value(ctx, input, layout)?;
    let fb = size_of(layout, &from)?;
    let tb = scalar_bits(to, layout)?;
    let r = match (&from, to) {
        (Type::Float(fk), Type::Float(tk)) => float_bits(*tk, float_of(*fk, v)?)?,
        (Type::Float(fk), _) => {
            let f = float_of(*fk, v)?.trunc();
            let lim = 2f64.powi(tb as i32 - 1);
            if !(f >= -lim && f < lim) {
                return Err(Error::evaluation(format!("{f} does not fit {to}")));
            }
            mask(f as i128 as u128, tb)
        }
        (_, Type::Float(tk)) => float_bits(*tk, sext(v, fb) as f64)?,
        _ => mask(v, tb),
    };
    implicit(r, to.clone(), layout)
}

//! How the arguments and the referrer of a DIOp expression are bound in machine code: in
//! registers, as constants, in memory, or nowhere. The reference evaluator turns a binding
//! into a location description; the lowering turns it into the DWARF that names it.

use hetdwarf::eval::{Backend, Context, Error, LocDesc, Part, Result};
use hetdwarf::target::Target;

use super::types::Type;

/// Where an argument's value lives.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Binding {
    /// One register or several (lowest part first), by DWARF number. A vector register
    /// holds one element per lane (its lane-sized slice is the argument), unless the
    /// argument's type is `target("amdgpu.debug.whole.vreg", ...)`.
    Registers(Vec<u64>),
    /// A constant: the IR value's bits (little-endian; zero-extended or truncated to the
    /// argument type's size).
    Constant(Vec<u8>),
    /// In memory: `address` in DWARF address space `space`.
    Memory {
        /// DWARF address space.
        space: u64,
        /// The address.
        address: u64,
    },
    /// No location (`poison`, or a value the compiler dropped).
    Undefined,
    /// A DWARF expression that pushes the argument: its location, or with `value` its
    /// value (as an emitted expression names a frame slot's address, or another
    /// object's location in a lifetime's `argObjects`).
    Dwarf {
        /// The operations.
        ops: Vec<hetdwarf::expr::Op>,
        /// Whether they push a value (else a location).
        value: bool,
    },
    /// A location already evaluated (reference evaluation of another object's
    /// location); it has no DWARF form.
    Location(LocDesc),
}

/// The bindings of one expression's inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bindings {
    /// `DIOpArg(N, ...)` reads `args[N]`.
    pub args: Vec<Binding>,
    /// `DIOpReferrer` reads this.
    pub referrer: Option<Binding>,
    /// The `.debug_info` offset of a DIE that describes the object a final `DIOpAddrOf`
    /// addresses (an existing variable, or an artificial one made for it): the lowering
    /// then ends in `DW_OP_implicit_pointer` to it, as the seed's implicit pointers need.
    pub pointee_die: Option<u64>,
}

impl Binding {
    /// A constant binding of `value`'s low `bytes` bytes.
    pub fn constant(value: u128, bytes: usize) -> Self {
        Binding::Constant(
            (0..bytes.min(16))
                .map(|i| (value >> (8 * i)) as u8)
                .collect(),
        )
    }
}

impl Binding {
    /// The bits the registers of a `Registers` binding hold for an argument of type `ty`:
    /// a vector register one lane's slice (the whole register for a whole-vreg type), any
    /// other register its width. `None` for other bindings, or a register the target
    /// does not know.
    pub fn register_bits(&self, target: &Target, ty: &Type) -> Option<u64> {
        let Binding::Registers(regs) = self else {
            return None;
        };
        regs.iter()
            .map(|&reg| match lane_bits(target, reg) {
                Some(lane) if !is_whole_vreg(ty) => Some(u64::from(lane)),
                _ => target.register_bits(reg).ok().map(u64::from),
            })
            .sum()
    }
}

/// Whether `reg` holds one element per lane (a vector register), and the lane size in bits.
pub fn lane_bits(target: &Target, reg: u64) -> Option<u32> {
    let bits = target.register_bits(reg).ok()?;
    let lanes = target.lanes();
    (bits > 64 && lanes > 1 && bits % lanes == 0).then_some(bits / lanes)
}

/// Whether `ty` asks for a whole vector register instead of the lane's slice.
pub fn is_whole_vreg(ty: &Type) -> bool {
    matches!(ty, Type::Target { name, .. } if name == "amdgpu.debug.whole.vreg")
}

/// Implicit storage holding exactly `bits` bits of `bytes` (the seed's implicit location
/// of `sizeof(T)` bits: a value of a type that is not a whole number of bytes has no bits
/// past its size).
pub fn implicit(bytes: &[u8], bits: u64) -> LocDesc {
    let whole = LocDesc::implicit(bytes);
    if bits == bytes.len() as u64 * 8 {
        whole
    } else {
        LocDesc::composite(vec![Part::Piece {
            loc: whole,
            bits: u128::from(bits),
        }])
    }
}

/// The low `bits` bits of `v` (zero-extended when `v` is shorter), in whole bytes.
fn truncated(v: &[u8], bits: u64) -> Vec<u8> {
    let mut bytes = vec![0u8; bits.div_ceil(8) as usize];
    for (d, s) in bytes.iter_mut().zip(v) {
        *d = *s;
    }
    if !bits.is_multiple_of(8)
        && let Some(last) = bytes.last_mut()
    {
        *last &= (1u8 << (bits % 8)) - 1;
    }
    bytes
}

/// The location a binding stands for, for an argument of type `ty` that is `bits` bits wide
/// (`None` when the layout cannot size it).
pub fn location<C: Context + ?Sized>(
    ctx: &mut C,
    binding: &Binding,
    ty: &Type,
    bits: Option<u64>,
) -> Result<LocDesc> {
    match binding {
        Binding::Undefined => Ok(LocDesc::undefined()),
        Binding::Constant(v) => {
            let n =
                bits.ok_or_else(|| Error::ill_formed(format!("the size of {ty} is unknown")))?;
            Ok(implicit(&truncated(v, n), n))
        }
        Binding::Memory { space, address } => {
            hetdwarf::eval::memory_location(ctx, *space, u128::from(*address))
        }
        Binding::Location(loc) => Ok(loc.clone()),
        Binding::Dwarf { ops, value: false } => {
            hetdwarf::eval::Evaluator::new().evaluate_location(ctx, &ops[..])
        }
        Binding::Dwarf { ops, value: true } => {
            let v = hetdwarf::eval::Evaluator::new().evaluate_value(ctx, &ops[..])?;
            let n =
                bits.ok_or_else(|| Error::ill_formed(format!("the size of {ty} is unknown")))?;
            Ok(implicit(&truncated(v.bytes(), n), n))
        }
        Binding::Registers(regs) => {
            let whole = is_whole_vreg(ty);
            let mut parts = Vec::with_capacity(regs.len());
            for &reg in regs {
                let mut loc = ctx.backend().register_location(reg)?;
                let lane_size = if whole {
                    None
                } else {
                    lane_bits(ctx.backend_ref().target(), reg)
                };
                let size = match lane_size {
                    Some(lb) => {
                        let lane = ctx.current_lane().ok_or_else(|| {
                            Error::missing("a current lane (the argument is in a vector register)")
                        })?;
                        loc.offset_bits(i128::from(lane) * i128::from(lb))?;
                        u128::from(lb)
                    }
                    None => u128::from(
                        ctx.backend_ref()
                            .target()
                            .register_bits(reg)
                            .map_err(|e| Error::ill_formed(e.to_string()))?,
                    ),
                };
                if regs.len() == 1 {
                    return Ok(loc);
                }
                parts.push(Part::Piece { loc, bits: size });
            }
            if parts.is_empty() {
                return Err(Error::ill_formed("a register binding names no register"));
            }
            Ok(LocDesc::composite(parts))
        }
    }
}

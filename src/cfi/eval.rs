//! Evaluating a call frame [`Row`] as the extension's §3.3 says: the CFA is a memory byte
//! address location description; register rules give the location (or implicit value) of
//! the caller frame's register, evaluated with [`Evaluator::evaluate_cfi`] and the initial
//! stack `[CFA]` against a [`Context`] whose registers are those of the frame the row
//! belongs to (the callee).

use super::parse::{CfaRule, RegisterRule, Row};
use crate::eval::{
    Backend, Context, Entry, Error, Evaluator, LocDesc, Result, ResultKind, Storage, access,
};
use crate::expr::{DecodeParams, Expr};
use crate::target::AddressScope;

/// Decodes a CFI expression block.
pub fn decode(bytes: &[u8], params: DecodeParams) -> Result<Expr> {
    Expr::decode(bytes, params)
        .map_err(|e| Error::ill_formed(format!("call frame expression does not decode: {e}")))
}

/// The CFA of the frame `row` belongs to, evaluated in `ctx` (that frame's registers). The
/// result must be a memory byte address location description.
pub fn cfa<C: Context + ?Sized>(
    ev: &mut Evaluator,
    ctx: &mut C,
    row: &Row<'_>,
    params: DecodeParams,
) -> Result<LocDesc> {
    let loc = match row.cfa {
        CfaRule::Undefined => {
            return Err(Error::unavailable(
                "the call frame information gives no CFA rule at this PC",
            ));
        }
        CfaRule::RegisterOffset {
            register,
            offset,
            aspace,
        } => {
            let aspace =
                aspace.unwrap_or_else(|| ctx.backend_ref().target().default_address_space());
            if ctx.backend_ref().target().address_space(aspace).is_none() {
                return Err(Error::ill_formed(format!(
                    "CFA rule uses address space {aspace}, which the target does not define"
                )));
            }
            // `constu AS; LLVM_aspace_bregx R, B`: the register's value as an address of
            // the space, plus the displacement.
            let bits = ctx
                .backend_ref()
                .target()
                .address_space(aspace)
                .map(|s| s.address_bits)
                .unwrap_or(64);
            let rl = ctx.backend().register_location(register)?;
            let v = access::read_value(
                ctx,
                &rl,
                u64::from(bits),
                crate::eval::BaseType::unsigned(u32::from(bits)),
            )?;
            let mask = if bits >= 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            let addr = (v.to_u64().wrapping_add(offset as u64)) & mask;
            let lane = match ctx
                .backend_ref()
                .target()
                .address_space(aspace)
                .map(|s| s.scope)
            {
                Some(AddressScope::Lane | AddressScope::Flat) => ctx.current_lane(),
                _ => None,
            };
            LocDesc::memory(aspace, bits, lane, addr)
        }
        CfaRule::Expression(bytes) => {
            let e = decode(bytes, params)?;
            match ev.evaluate_cfi(ctx, &e, None, ResultKind::Location)? {
                Entry::Location(l) => l,
                _ => unreachable!("kind location yields a location"),
            }
        }
    };
    if loc.memory_address().is_none() {
        return Err(Error::ill_formed(
            "the CFA is not a memory byte address location description",
        ));
    }
    Ok(loc)
}

/// The location of register `reg` of the caller frame per `row`, evaluated in `ctx` (the
/// registers of the frame `row` belongs to) with `cfa` that frame's CFA. `reg_bits` is the
/// register's width (for `val_offset`/`val_expression` size checks).
pub fn register<C: Context + ?Sized>(
    ev: &mut Evaluator,
    ctx: &mut C,
    row: &Row<'_>,
    cfa: &LocDesc,
    reg: u64,
    params: DecodeParams,
) -> Result<LocDesc> {
    let reg_bits = ctx.backend_ref().target().register_bits(reg)?;
    match row.rule(reg) {
        RegisterRule::Undefined => Ok(LocDesc::undefined()),
        RegisterRule::SameValue => ctx.backend().register_location(reg),
        RegisterRule::Offset(n) => {
            let mut l = cfa.clone();
            l.offset_bits(i128::from(n) * 8)?;
            Ok(l)
        }
        RegisterRule::ValOffset(n) => {
            let (aspace, addr) = cfa
                .memory_address()
                .ok_or_else(|| Error::ill_formed("val_offset needs a memory byte address CFA"))?;
            let bits = match &cfa.first().storage {
                Storage::Memory(m) => u32::from(m.address_bits),
                _ => 64,
            };
            let _ = aspace;
            if bits > reg_bits {
                return Err(Error::ill_formed(format!(
                    "val_offset gives a {bits}-bit address for a {reg_bits}-bit register"
                )));
            }
            let v = addr.wrapping_add(n as u64);
            let bytes = v.to_le_bytes();
            Ok(LocDesc::implicit(&bytes[..(reg_bits as usize / 8).min(8)]))
        }
        RegisterRule::Register(r) => {
            let bits = ctx.backend_ref().target().register_bits(r)?;
            if bits != reg_bits {
                return Err(Error::ill_formed(format!(
                    "register rule copies {bits}-bit register {r} into {reg_bits}-bit register {reg}"
                )));
            }
            ctx.backend().register_location(r)
        }
        RegisterRule::Expression(bytes) => {
            let e = decode(bytes, params)?;
            match ev.evaluate_cfi(
                ctx,
                &e,
                [Entry::Location(cfa.clone())],
                ResultKind::Location,
            )? {
                Entry::Location(l) => Ok(l),
                _ => unreachable!("kind location yields a location"),
            }
        }
        RegisterRule::ValExpression(bytes) => {
            let e = decode(bytes, params)?;
            let v = match ev.evaluate_cfi(
                ctx,
                &e,
                [Entry::Location(cfa.clone())],
                ResultKind::Value,
            )? {
                Entry::Value(v) => v,
                _ => unreachable!("kind value yields a value"),
            };
            if v.bytes().len() * 8 != reg_bits as usize {
                return Err(Error::ill_formed(format!(
                    "val_expression gives a {}-bit value for a {reg_bits}-bit register",
                    v.bytes().len() * 8
                )));
            }
            Ok(LocDesc::implicit(v.bytes()))
        }
    }
}

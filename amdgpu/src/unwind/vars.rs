//! Variables of a frame: evaluating a variable's or parameter's `DW_AT_location` (an
//! expression, or the location-list entry covering the frame's PC) in an unwound frame, so
//! registers and the CFA are those of that frame.

use gimli::UnitOffset;
use hetdwarf::eval::{Error, LocDesc, Result as EvalResult};
use hetdwarf::expr::Encoding;
use hetdwarf::index::DwarfIndex;

use super::FrameContext;
use hetdwarf::var::{DwarfContext, FrameScope, FrameSetup};

use super::lanes::eval_attr;

/// The location of the variable or parameter DIE at `.debug_info` offset `die`, evaluated
/// in the frame of `ctx` with `pc` its look-up PC (a code-object address). `Ok(None)` when
/// the DIE has no `DW_AT_location` or no location-list entry covers `pc` (optimized out
/// there). `DW_OP_entry_value` is answered by the caller frame's call site when one
/// returns to this frame, else by the caller's register through the CFI.
pub fn variable_location(
    ctx: &mut FrameContext<'_, '_>,
    dbg: &DwarfIndex<'_>,
    die: u64,
    pc: u64,
    encoding: Encoding,
) -> EvalResult<Option<LocDesc>> {
    let uid = dbg
        .unit_containing(die)
        .ok_or_else(|| Error::ill_formed(format!("no unit contains DIE {die:#x}")))?;
    let info = dbg
        .unit(uid)
        .map_err(|e| Error::ill_formed(format!("DIE {die:#x}: {e}")))?;
    let entry = info
        .unit
        .entry(UnitOffset((die - info.offset) as usize))
        .map_err(|e| Error::ill_formed(format!("DIE {die:#x}: {e}")))?;
    let Some(value) = entry.attr_value(gimli::DW_AT_location) else {
        return Ok(None);
    };
    let setup = FrameSetup {
        caller: ctx.caller_frame(),
        ..FrameSetup::at(pc, encoding)
    };
    let mut dctx = DwarfContext::new(ctx, dbg, uid, &setup, FrameScope::default());
    dctx.symbols.set_subject(Some(die));
    eval_attr(&mut dctx, dbg, uid, value)
}

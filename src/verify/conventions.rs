//! The mixed-unit check: a bare vector register in a unit read by the letter of the
//! heterogeneous extensions, where the upstream reading (the current lane's dword) would
//! give a different value.

use crate::expr::{DecodeParams, Expr, Op};
use crate::index::{ConventionsChoice, DwarfIndex, Reading, UnitId};
use crate::target::{RegisterClass, Target};
use crate::var::rewrite::{self, Rules};

/// Per-unit readings, decided on first need (most sites never ask), and the check's
/// answer per expression: a location list repeats a few expressions hundreds of times.
#[derive(Default)]
pub(super) struct Readings<'a> {
    units: Vec<Option<Reading>>,
    /// By expression bytes, unit index and wave size.
    answers: crate::fast_hash::HashMap<(&'a [u8], usize, u32), Option<String>>,
}

impl<'a> Readings<'a> {
    /// The reading the unit's own contents call for, when the choice is left to them
    /// (`None` when the caller forced a reading).
    fn get(&mut self, dbg: &DwarfIndex<'_>, unit: UnitId, params: DecodeParams) -> Option<Reading> {
        // Mixed means the unit's own contents call for the letter while it has bare
        // registers: forcing either reading settles that for every unit.
        if dbg.conventions_choice() != ConventionsChoice::Auto {
            return None;
        }
        if self.units.len() < dbg.units().len() {
            self.units.resize(dbg.units().len(), None);
        }
        if self.units[unit.index()].is_none() {
            self.units[unit.index()] = dbg
                .unit_evidence(unit, params.encoding)
                .ok()
                .map(|e| e.reading());
        }
        self.units[unit.index()]
    }
}

/// When `bytes` (a location expression of `unit`) names a vector register without any
/// heterogeneous operation and the unit is read by the letter, the message that says
/// what each reading makes of it.
pub(super) fn bare_vector_register<'a>(
    dbg: &DwarfIndex<'_>,
    readings: &mut Readings<'a>,
    unit: UnitId,
    bytes: &'a [u8],
    params: DecodeParams,
    target: &Target,
) -> Option<String> {
    let key = (bytes, unit.index(), target.lanes());
    if let Some(answer) = readings.answers.get(&key) {
        return answer.clone();
    }
    let answer = check_bare_vector_register(dbg, readings, unit, bytes, params, target);
    readings.answers.insert(key, answer.clone());
    answer
}

fn check_bare_vector_register(
    dbg: &DwarfIndex<'_>,
    readings: &mut Readings<'_>,
    unit: UnitId,
    bytes: &[u8],
    params: DecodeParams,
    target: &Target,
) -> Option<String> {
    // Vector registers are numbered above 31: only `DW_OP_regx`/`bregx` can name them.
    if !bytes
        .iter()
        .any(|&b| b == crate::expr::op::opcode::REGX || b == crate::expr::op::opcode::BREGX)
    {
        return None;
    }
    // The unit's reading is decided once per unit; most units are read upstream, and
    // their expressions need no decoding here.
    if readings.get(dbg, unit, params)? != Reading::Heterogeneous {
        return None;
    }
    let expr = Expr::decode(bytes, params).ok()?;
    let (_, applied) = rewrite::apply(
        expr.ops(),
        Rules::for_reading(Reading::Upstream, false),
        target,
    )?;
    if !applied.contains(&"implicit-vgpr-lane") {
        return None;
    }
    let register = expr.ops().iter().find_map(|op| match op {
        Op::Regx(r) | Op::Bregx { reg: r, .. }
            if target.register_class(*r) == Some(RegisterClass::Vector) =>
        {
            Some(*r)
        }
        _ => None,
    })?;
    let name = target
        .register_name(register)
        .unwrap_or_else(|| format!("register {register}"));
    Some(format!(
        "{name} is named without DW_OP_LLVM_push_lane in a unit read as heterogeneous DWARF (it uses DW_OP_LLVM_* operations or lane attributes elsewhere): by the letter this is the whole register ({} bits, every lane), by upstream LLVM's convention it is the current lane's dword; --conventions upstream reads it per lane, --conventions heterogeneous as the whole register (either settles it)",
        target.register_bits(register).unwrap_or(0)
    ))
}
